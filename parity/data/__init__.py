"""Published reference data: OEIS sequences and seed tables that results are compared with."""
