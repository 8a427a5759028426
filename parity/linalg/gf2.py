"""Bit-packed GF(2) linear algebra (the ``gf2`` engine).

Rows are packed 64 columns to a ``uint64`` word and eliminated by the numba
kernels in ``_gf2_kernels``.  The public functions take and return ordinary
0/1 numpy arrays.
"""

from __future__ import annotations

import numpy as np

from ..errors import ShapeError
from . import _gf2_kernels as K
from .space import SolutionSpace

__all__ = ["pack", "pack_entries", "unpack", "rank_gf2", "rref_gf2", "null_space_gf2", "solve_gf2", "Echelon"]


def _as_bits(A, name: str = "A") -> np.ndarray:
    A = np.asarray(A)
    if A.dtype == bool:
        return A.view(np.uint8)
    if not np.issubdtype(A.dtype, np.integer):
        raise ShapeError(f"{name} must hold integers, got dtype {A.dtype}")
    if A.dtype == np.uint8:
        return A & np.uint8(1)
    return (A & 1).astype(np.uint8)  # two's complement: & 1 is mod 2 for negative entries too


def pack(A) -> np.ndarray:
    """Pack a 0/1 matrix into ``uint64`` words, 64 columns a word, column ``j`` at bit ``j % 64``.

    Examples
    --------
    >>> pack([[1, 0, 1], [0, 0, 0]]).ravel().tolist()
    [5, 0]
    """
    A = _as_bits(A)
    if A.ndim != 2:
        raise ShapeError(f"expected a matrix, got an array of shape {A.shape}")
    rows, cols = A.shape
    W = max(1, (cols + 63) // 64)
    packed = np.zeros((rows, W * 8), dtype=np.uint8)
    if cols:
        packed[:, : (cols + 7) // 8] = np.packbits(A, axis=1, bitorder="little")
    return packed.view("<u8").astype(np.uint64, copy=False).reshape(rows, W)


def pack_entries(rows: int, ncols: int, row_index, col_index) -> np.ndarray:
    """A packed matrix with ones at ``(row_index[k], col_index[k])`` (repeated entries cancel in pairs).

    This builds large sparse matrices without a dense intermediate.

    Examples
    --------
    >>> unpack(pack_entries(2, 3, [0, 1, 1], [2, 0, 1]), 3).tolist()
    [[0, 0, 1], [1, 1, 0]]
    """
    row_index = np.asarray(row_index, dtype=np.int64)
    col_index = np.asarray(col_index, dtype=np.int64)
    if row_index.shape != col_index.shape:
        raise ShapeError("row and column indices differ in length")
    if row_index.size and (row_index.min() < 0 or row_index.max() >= rows or col_index.min() < 0 or col_index.max() >= ncols):
        raise ShapeError(f"an entry lies outside the {rows} x {ncols} matrix")
    W = max(1, (ncols + 63) // 64)
    packed = np.zeros(rows * W, dtype=np.uint64)
    bits = np.left_shift(np.uint64(1), (col_index & 63).astype(np.uint64))
    np.bitwise_xor.at(packed, row_index * W + (col_index >> 6), bits)
    return packed.reshape(rows, W)


def unpack(P: np.ndarray, ncols: int) -> np.ndarray:
    """Inverse of :func:`pack`: a ``(rows, ncols)`` uint8 matrix.

    Examples
    --------
    >>> unpack(pack([[1, 0, 1]]), 3).tolist()
    [[1, 0, 1]]
    """
    P = np.ascontiguousarray(P, dtype=np.uint64)
    rows = P.shape[0]
    if rows == 0:
        return np.zeros((0, ncols), dtype=np.uint8)
    bits = np.unpackbits(P.astype("<u8").view(np.uint8).reshape(rows, -1), axis=1, bitorder="little")
    return bits[:, :ncols].copy()


class Echelon:
    """The echelon form of ``[A | b]`` computed by the numba kernel.

    Parameters
    ----------
    A : array_like
        A 0/1 matrix, or with ``ncols`` given, a packed one (from :func:`pack`
        or :func:`pack_entries`) that is then eliminated in place.
    b : array_like, optional
        Right-hand side.
    ncols : int, optional
        Number of columns of a packed ``A``.

    Attributes
    ----------
    packed : numpy.ndarray
        The rows after elimination (packed).
    pivot_row : numpy.ndarray
        For each column, the row holding its pivot, or -1 for a free column.
    rank : int
    consistent : bool
        True if ``A x = b`` has a solution.
    """

    def __init__(self, A, b=None, ncols: int | None = None) -> None:
        if ncols is None:
            bits = _as_bits(A)
            if bits.ndim != 2:
                raise ShapeError(f"expected a matrix, got an array of shape {bits.shape}")
            self.rows, self.ncols = bits.shape
            self.packed = pack(bits)
        else:  # A is already packed (see pack_entries); it is eliminated in place
            self.packed = np.ascontiguousarray(A, dtype=np.uint64)
            self.rows, self.ncols = self.packed.shape[0], int(ncols)
            if self.packed.ndim != 2 or self.packed.shape[1] != max(1, (self.ncols + 63) // 64):
                raise ShapeError(f"a packed matrix with {self.ncols} columns needs {(self.ncols + 63) // 64} words a row")
        if b is None:
            self.rhs = np.zeros(self.rows, dtype=np.uint8)
        else:
            rhs = _as_bits(b, "b")
            if rhs.shape != (self.rows,):
                raise ShapeError(f"b has shape {rhs.shape}, expected ({self.rows},) to match A")
            self.rhs = rhs.copy()
        self.pivot_row = np.empty(self.ncols, dtype=np.int64)
        self.row_end = np.empty(self.rows, dtype=np.int64)
        self.rank = int(K.echelon(self.packed, self.rhs, self.ncols, self.pivot_row, self.row_end))
        self.consistent = bool(K.consistent(self.rhs, self.pivot_row, self.rows))

    @property
    def free(self) -> list[int]:
        return [int(c) for c in np.flatnonzero(self.pivot_row < 0)]

    @property
    def pivots(self) -> list[int]:
        return [int(c) for c in np.flatnonzero(self.pivot_row >= 0)]

    def particular(self) -> np.ndarray | None:
        """One solution with every free variable 0, or None."""
        if not self.consistent:
            return None
        x = np.zeros(self.packed.shape[1], dtype=np.uint64)
        K.back_substitute(self.packed, self.rhs, self.pivot_row, self.row_end, x, self.ncols)
        return unpack(x[None, :], self.ncols)[0]

    def null_basis_packed(self) -> np.ndarray:
        return K.null_basis(self.packed, self.pivot_row, self.row_end, self.ncols)

    def space(self) -> SolutionSpace:
        basis = unpack(self.null_basis_packed(), self.ncols) if self.ncols > self.rank else np.zeros((0, self.ncols))
        return SolutionSpace(2, self.ncols, self.rank, self.particular(), basis, self.free)


def rank_gf2(A) -> int:
    """Rank of a matrix over GF(2).

    Examples
    --------
    >>> rank_gf2([[1, 1, 0], [0, 1, 1], [1, 0, 1]])
    2
    """
    return Echelon(A).rank


def rref_gf2(A) -> tuple[np.ndarray, list[int]]:
    """Reduced row echelon form over GF(2): the non-zero rows, and the pivot columns.

    Examples
    --------
    >>> R, pivots = rref_gf2([[0, 1, 1], [1, 1, 0]])
    >>> R.tolist(), pivots
    ([[1, 0, 1], [0, 1, 1]], [0, 1])
    """
    E = Echelon(A)
    K.reduce_upwards(E.packed, E.pivot_row, E.row_end, E.ncols)
    rows = E.pivot_row[E.pivot_row >= 0]
    return unpack(E.packed[rows], E.ncols), E.pivots


def null_space_gf2(A) -> np.ndarray:
    """A basis of ``{x : A x = 0}`` over GF(2), one row per free column.

    Examples
    --------
    >>> null_space_gf2([[1, 1, 0], [0, 1, 1]]).tolist()
    [[1, 1, 1]]
    """
    E = Echelon(A)
    if E.ncols == E.rank:
        return np.zeros((0, E.ncols), dtype=np.uint8)
    return unpack(E.null_basis_packed(), E.ncols)


def solve_gf2(A, b) -> SolutionSpace:
    """All solutions of ``A x = b`` over GF(2) as a :class:`SolutionSpace`.

    Examples
    --------
    >>> space = solve_gf2([[1, 1], [1, 1]], [1, 0])
    >>> space.solvable, space.count
    (False, 0)
    """
    return Echelon(A, b).space()


def _min_weight_gf2(particular: np.ndarray, basis: np.ndarray, chunk: int = 1 << 22) -> tuple[int, np.ndarray]:
    """Minimum Hamming weight over ``particular + span(basis)`` by a Gray-code walk."""
    ncols = particular.shape[0]
    x = pack(particular[None, :])[0].copy()
    packed_basis = pack(basis) if basis.shape[0] else np.zeros((0, x.shape[0]), dtype=np.uint64)
    best_weight = int(particular.sum())
    best_code = 0
    total = 2 ** basis.shape[0]
    step = 1
    code = np.full(1, -1, dtype=np.int64)
    while step < total:
        steps = min(chunk, total - step)
        code[0] = -1
        weight = int(K.gray_min_weight(x, packed_basis, steps, code, step))
        if weight < best_weight:
            best_weight, best_code = weight, int(code[0])
        step += steps
    coefficients = np.array([(best_code >> k) & 1 for k in range(basis.shape[0])], dtype=np.int64)
    best = (particular.astype(np.int64) + coefficients @ basis.astype(np.int64)) % 2
    assert int(best.sum()) == best_weight and best.shape == (ncols,)
    return best_weight, best
