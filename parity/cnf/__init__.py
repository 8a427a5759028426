"""The CNF route: build formulas, solve, enumerate and count them, read and write DIMACS.

>>> from parity.cnf import CNF, backend
>>> f = CNF()
>>> x = [f.var(("x", i)) for i in range(4)]
>>> f.add_xor(x, 1)
>>> f.primary = x
>>> backend("sat").count(f), backend("cms").count(f), backend("ganak").count(f)
(8, 8, 8)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from .backends import (
    DEFAULT_SOLVER,
    Backend,
    CryptoMiniSatBackend,
    D4Backend,
    GanakBackend,
    PysatBackend,
    SatResult,
    backend,
)
from .dimacs import dimacs_text, read_dimacs, write_dimacs
from .formula import CNF, ENCODINGS, xor_clauses

__all__ = [
    "CNF",
    "ENCODINGS",
    "xor_clauses",
    "SatResult",
    "Backend",
    "PysatBackend",
    "CryptoMiniSatBackend",
    "D4Backend",
    "GanakBackend",
    "DEFAULT_SOLVER",
    "backend",
    "models",
    "dimacs_text",
    "read_dimacs",
    "write_dimacs",
]


def models(cnf: CNF, engine: str = "sat", limit: int | None = None, time_limit: float | None = None) -> Iterator[list[int]]:
    """Distinct models of ``cnf`` projected on its primary variables, at most ``limit`` of them.

    Each model is blocked on the primary variables only, so no projection is
    listed twice and none is missed.

    Examples
    --------
    >>> f = CNF()
    >>> a, b = f.var("a"), f.var("b")
    >>> f.add([a, b]); f.primary = [a, b]
    >>> sorted(models(f))
    [[-1, 2], [1, -2], [1, 2]]
    >>> len(list(models(f, limit=2)))
    2
    """
    yield from itertools.islice(backend(engine).models(cnf, time_limit=time_limit), limit)
