"""GF(2) elimination on rows held as Python integers: the path for small systems (private).

Importing numba and loading the cached kernels of ``_gf2_kernels`` costs about
0.4 s, far more than eliminating a small system.  Here row ``r`` is one Python
integer, bit ``j`` for column ``j`` and bit ``ncols`` for the right-hand side,
and XOR of two rows is one ``^``.  The result is the same as the kernels':
the pivot columns, the particular solution with every free variable 0 and the
basis with one vector per free column are unique, whatever the pivot rows
chosen on the way.  A work budget (in row operations) stops the elimination
when the system turns out too big, so the caller can hand it to the kernels
having lost at most about the time numba would have cost to start.
"""

from __future__ import annotations

import numpy as np

__all__ = ["rows_from_packed", "ints_to_bits", "ints_to_packed", "reduce_rows", "RowReduction", "min_weight_walk"]


def rows_from_packed(packed: np.ndarray) -> list[int]:
    """Each row of a packed matrix (see :func:`parity.linalg.pack`) as one Python integer.

    Examples
    --------
    >>> from parity.linalg import pack
    >>> rows_from_packed(pack([[1, 0, 1], [0, 1, 0]]))
    [5, 2]
    """
    data = np.ascontiguousarray(packed, dtype="<u8")
    width = data.shape[1] * 8
    raw = data.tobytes()
    return [int.from_bytes(raw[i * width : (i + 1) * width], "little") for i in range(data.shape[0])]


def ints_to_bits(values: list[int], ncols: int) -> np.ndarray:
    """Python integers as the rows of a ``(len(values), ncols)`` 0/1 ``uint8`` matrix.

    Examples
    --------
    >>> ints_to_bits([5, 2], 3).tolist()
    [[1, 0, 1], [0, 1, 0]]
    """
    width = (ncols + 7) // 8
    mask = (1 << ncols) - 1
    raw = b"".join((v & mask).to_bytes(width, "little") for v in values)
    rows = np.frombuffer(raw, dtype=np.uint8).reshape(len(values), width)
    return np.unpackbits(rows, axis=1, bitorder="little")[:, :ncols].copy()


def ints_to_packed(values: list[int], ncols: int) -> np.ndarray:
    """Python integers as a packed ``uint64`` matrix, the layout of :func:`parity.linalg.pack`."""
    words = max(1, (ncols + 63) // 64)
    mask = (1 << ncols) - 1
    raw = b"".join((v & mask).to_bytes(words * 8, "little") for v in values)
    return np.frombuffer(raw, dtype="<u8").astype(np.uint64).reshape(len(values), words)


def _bit_index(single_bit: int) -> int:
    return single_bit.bit_length() - 1


class RowReduction:
    """The reduced row echelon form of ``[A | b]``, rows as Python integers.

    Attributes
    ----------
    ncols : int
    pivots : dict of int to int
        Pivot column -> its row of the reduced form (bit ``ncols`` is the
        right-hand side).
    consistent : bool
    """

    def __init__(self, ncols: int, pivots: dict[int, int], consistent: bool) -> None:
        self.ncols, self.pivots, self.consistent = ncols, pivots, consistent

    @property
    def pivot_columns(self) -> list[int]:
        return sorted(self.pivots)

    @property
    def free_columns(self) -> list[int]:
        return [c for c in range(self.ncols) if c not in self.pivots]

    def particular(self) -> int | None:
        """The solution with every free variable 0 (bit ``j`` = unknown ``j``), or None."""
        if not self.consistent:
            return None
        x = 0
        for c, row in self.pivots.items():
            if (row >> self.ncols) & 1:
                x |= 1 << c
        return x

    def null_basis(self) -> list[int]:
        """One vector a free column ``f``: ``x_f = 1``, the other free unknowns 0, in column order."""
        free = self.free_columns
        vectors = {f: 1 << f for f in free}
        free_mask = sum(1 << f for f in free)
        for c, row in self.pivots.items():  # column f of the reduced form holds the pivot entries of vector f
            coupled = row & free_mask
            while coupled:
                low = coupled & -coupled
                vectors[_bit_index(low)] |= 1 << c
                coupled ^= low
        return [vectors[f] for f in free]

    def rref_rows(self) -> list[int]:
        """The non-zero rows of the reduced form (coefficients only), in pivot order."""
        mask = (1 << self.ncols) - 1
        return [self.pivots[c] & mask for c in self.pivot_columns]


def reduce_rows(rows: list[int], ncols: int, budget: float = float("inf")) -> RowReduction | None:
    """Gauss-Jordan elimination of ``rows`` (bit ``ncols`` the right-hand side).

    Returns None, having spent about ``budget`` row operations, when the
    elimination needs more than that.

    Examples
    --------
    >>> reduction = reduce_rows([0b011, 0b110], 2)  # x0 + x1 = 0, x1 = 1
    >>> reduction.pivot_columns, reduction.particular(), reduction.consistent
    ([0, 1], 3, True)
    >>> reduce_rows([0b11, 0b11, 0b01], 2, budget=0) is None
    True
    """
    coefficients = (1 << ncols) - 1
    pivots: dict[int, int] = {}
    consistent = True
    work = 0
    for row in rows:
        # G1: clear the row's lowest set columns with the pivots found so far, until one is new
        low = row & coefficients
        while low:
            column = _bit_index(low & -low)
            pivot = pivots.get(column)
            if pivot is None:
                pivots[column] = row
                break
            row ^= pivot
            work += 1
            low = row & coefficients
        else:
            if row:  # 0 = 1
                consistent = False
        if work > budget:
            return None
    # G2: back substitution, from the last pivot up, so each row meets only reduced rows
    pivot_mask = sum(1 << c for c in pivots)
    for column in sorted(pivots, reverse=True):
        row = pivots[column]
        later = row & pivot_mask & ~((2 << column) - 1)
        work += later.bit_count()
        if work > budget:
            return None
        while later:
            low = later & -later
            row ^= pivots[_bit_index(low)]
            later ^= low
        pivots[column] = row
    return RowReduction(ncols, pivots, consistent)


def min_weight_walk(particular: int, basis: list[int]) -> tuple[int, int]:
    """Least popcount over ``particular + span(basis)`` by a Gray-code walk, and the Gray code reaching it.

    The walk is the one of :meth:`parity.linalg.SolutionSpace.__iter__` and of
    the ``gray_min_weight`` kernel: step ``s`` adds basis vector
    ``ctz(s)``, and the first point of least weight wins.

    Examples
    --------
    >>> min_weight_walk(0b111, [0b011, 0b110])  # 0b100 (code 1) and 0b010 (code 3) tie: the first wins
    (1, 1)
    """
    x = particular
    best_weight, best_step = x.bit_count(), 0
    for step in range(1, 1 << len(basis)):
        x ^= basis[_bit_index(step & -step)]
        weight = x.bit_count()
        if weight < best_weight:
            best_weight, best_step = weight, step
    return best_weight, best_step ^ (best_step >> 1)
