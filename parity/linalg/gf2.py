"""Bit-packed GF(2) linear algebra (the ``gf2`` engine).

The elimination methods give the same answers (the pivot columns, the
particular solution with free variables 0 and the basis with one vector per
free column are unique):

* ``packed``: rows packed 64 columns to a ``uint64`` word and eliminated by
  the numba kernels in ``_gf2_kernels``, imported on first use: the
  *bucketed* kernel, which costs what the fill-in costs (sparse and banded
  matrices), handing over to the *Four Russians* kernel at the first
  64-column strip where that is cheaper (dense matrices, or the dense rest of
  a matrix that filled in);
* ``bucket`` and ``m4r``: one of those two kernels alone;
* ``python``: rows as Python integers (``_gf2_ints``), which needs no numba
  and wins whenever the system is small next to numba's start-up (~0.4 s).

By default (``method=None``) a system is first tried with ``python`` under a
work budget worth about half that start-up; a system that needs more, or
whose packed matrix is beyond 2^20 words, is handed to ``packed``, and so is
every system once the kernels are loaded.  Before the bucketed kernel, the
columns of a sparse matrix whose rows are spread wide are put in reverse
Cuthill-McKee order when that narrows them (the answers are mapped back to
the original order).  The public functions take and return ordinary 0/1
numpy arrays.
"""

from __future__ import annotations

import operator

import numpy as np

from ..errors import ShapeError, UnknownEngineError
from . import _gf2_ints
from ._bits import (  # noqa: F401  (pack and unpack are this module's too)
    _PYTHON_BUDGET_S,
    _PYTHON_MAX_WORDS,
    _as_bits,
    _check_packed_size,
    _kernels,
    _kernels_loaded,
    _packed_bytes,
    pack,
    unpack,
)
from ._inputs import check_size
from .space import SolutionSpace

__all__ = [
    "pack",
    "pack_entries",
    "unpack",
    "rank_gf2",
    "rref_gf2",
    "null_space_gf2",
    "solve_gf2",
    "Echelon",
    "load_kernels_for",
    "ELIMINATION_METHODS",
    "COLUMN_ORDERS",
]

#: The ways :class:`Echelon` can eliminate; ``None`` picks one by size.
ELIMINATION_METHODS = ("python", "packed", "bucket", "m4r")
#: The column orders :class:`Echelon` can eliminate in; ``None`` picks one from the matrix.
COLUMN_ORDERS = ("given", "rcm")


# The bucketed kernel hands over to the Four Russians kernel at the first 64-column strip where the words
# it would XOR there (estimated from the rows filed in the strip) exceed _DENSE_RATIO * (live rows + 256) *
# (words left), the Four Russians kernel's cost of the strip in the same unit (one pass of table lookups
# over every live row; building the tables costs about 256 rows' worth).  Measured on the development
# machine: the bucketed kernel XORs about 1 word a ns, the Four Russians kernel clears about 1 row-word a
# ns of a strip (0.5 ns with tables in L2 and rows in L3); see docs/benchmarks.rst for the choice of 1.
_DENSE_RATIO = 1.0
# ... provided that estimate times the strips left exceeds _DENSE_START, the Four Russians kernel's
# start-up (about 0.1 ms: tables, tiles) in the same unit.
_DENSE_START = 100_000
# XOR-ing two rows that start at the same column gives a row no wider than the wider one, so the bucketed
# kernel never widens a row past the widest one: where every row spans at most 1 / _DENSE_SPAN of the words
# (banded matrices, every Lights Out matrix from 20 x 20 on), the kernel compiled without the hand-over runs
# (watching for it costs about 3 %, and the Four Russians kernel would do the whole width).
_DENSE_SPAN = 8
# Reverse Cuthill-McKee is tried on matrices of at least _RCM_MIN_COLS columns with at most _RCM_SPARSE set
# bits a row whose rows span on average more than _RCM_BANDED * sqrt(columns) columns (a grid board in
# row-major order spans 2 sqrt(columns): already banded), and kept when the sum of the squared row spans
# (in words: the bucketed kernel's work on a band) drops below _RCM_GAIN of what it was.  Measured: on
# shuffled grid, hex and triangular boards and on trees the sum drops to 0.001-0.004 of what it was and
# elimination gets 1.7x (60 x 60 grid) to 3.7x (200 x 200) faster, the order and the moved matrix costing
# about 7 ms at 10,000 nodes (reading a 12.5 MB matrix twice); on random 3-regular graphs it drops to 0.28
# and elimination gets slower (the fill-in of an expander is not a band; one breadth-first search tells,
# before ordering), and on boards in their own order it drops to 0.6 at best.  Below about 500 columns the
# order costs more than it saves.
_RCM_MIN_COLS = 512
_RCM_SPARSE = 32
_RCM_BANDED = 4.0
_RCM_GAIN = 0.1


def _row_budget(rows: int, ncols: int) -> float:
    """Row operations the ``python`` method may spend on a ``rows x ncols`` system before the kernels take over."""
    if _elimination_ready() or _packed_bytes(rows, ncols) > 8 * _PYTHON_MAX_WORDS:
        return -1.0
    return _PYTHON_BUDGET_S / (250e-9 + 0.02e-9 * ncols)


def _elimination_ready() -> bool:
    """Whether the elimination kernels are at hand: compiled in this process, or kept in numba's cache (read in a
    fraction of a second).

    Their module being imported is not enough: the light chase imports it for its own kernels, and the first
    elimination after installing compiles the bucketed and the Four Russians' kernels (about 10 s on two
    cores), where the residual system of a chase on a 300 x 300 board takes milliseconds in Python.  So until
    then a system within the budget is eliminated in Python."""
    if not _kernels_loaded():
        return False
    from .._compiled import loaded

    kernels = _kernels()
    if loaded(kernels.echelon) or loaded(kernels.echelon_banded):
        return True
    if not _CACHED[0]:
        _CACHED[0] = kernels.echelon.cached()
    return _CACHED[0]


#: whether numba's cache was found to hold the elimination kernels (it keeps them once they are there)
_CACHED = [False]


# A matrix with at least 1 / _DENSE_SHARE of its entries set is taken as dense: eliminating it in Python costs
# about rows * min(rows, columns) / 2 row operations (measured on random 0/1 matrices from 256 x 256 to
# 2048 x 512: 2.0 times rows * min / 4, the forward pass and the back substitution), so the budget tells before
# any work whether the attempt would only be lost (a 4096 x 4096 one spent 0.6-1.5 s before the kernels began).
_DENSE_SHARE = 4


def _beyond_budget(packed: np.ndarray, ncols: int, budget: float) -> bool:
    """Whether the packed ``rows x ncols`` matrix is dense and its elimination in Python needs more than ``budget``
    row operations (its ones are counted only when that can be so)."""
    rows = packed.shape[0]
    if rows * min(rows, ncols) / 2 <= budget:
        return False
    return int(np.bitwise_count(packed).sum(dtype=np.int64)) * _DENSE_SHARE >= rows * ncols


def _dimension(value, name: str) -> int:
    """A matrix dimension given by a caller, as a non-negative int."""
    try:
        size = operator.index(value)
    except TypeError:
        raise ShapeError(f"{name} must be a whole number, got {value!r}") from None
    if size < 0:
        raise ShapeError(f"{name} must not be negative, got {size}")
    return size


def pack_entries(rows: int, ncols: int, row_index, col_index) -> np.ndarray:
    """A packed matrix with ones at ``(row_index[k], col_index[k])`` (repeated entries cancel in pairs).

    This builds large sparse matrices without a dense intermediate.

    Raises
    ------
    ShapeError
        If an entry lies outside the matrix or the index lists differ in length.
    TooLargeError
        If the packed ``rows x ncols`` matrix would not fit in memory (checked before
        anything is allocated).

    Examples
    --------
    >>> unpack(pack_entries(2, 3, [0, 1, 1], [2, 0, 1]), 3).tolist()
    [[0, 0, 1], [1, 1, 0]]
    """
    rows, ncols = _dimension(rows, "rows"), _dimension(ncols, "ncols")
    row_index = _indices(row_index, "row_index")
    col_index = _indices(col_index, "col_index")
    if row_index.shape != col_index.shape:
        raise ShapeError("row and column indices differ in length")
    outside = row_index.size and (
        row_index.min() < 0 or row_index.max() >= rows or col_index.min() < 0 or col_index.max() >= ncols
    )
    if outside:
        raise ShapeError(f"an entry lies outside the {rows} x {ncols} matrix")
    _check_packed_size(rows, ncols)
    W = max(1, (ncols + 63) // 64)
    packed = np.zeros(rows * W, dtype=np.uint64)
    bits = np.left_shift(np.uint64(1), (col_index & 63).astype(np.uint64))
    np.bitwise_xor.at(packed, row_index * W + (col_index >> 6), bits)
    return packed.reshape(rows, W)


def _indices(values, name: str) -> np.ndarray:
    """Entry positions as a 1-D int64 array (refusing floats, ragged lists and the like)."""
    array = np.asarray(values) if not isinstance(values, np.ndarray) else values
    if array.ndim != 1:
        raise ShapeError(f"{name} must be a list of positions, got an array of shape {array.shape}")
    if array.size == 0:
        return np.zeros(0, dtype=np.int64)
    if not np.issubdtype(array.dtype, np.integer):
        raise ShapeError(f"{name} must hold whole numbers, got {array.dtype} entries")
    return array.astype(np.int64, copy=False)


class Echelon:
    """The reduced echelon form of ``[A | b]`` over GF(2).

    Parameters
    ----------
    A : array_like
        A 0/1 matrix, or with ``ncols`` given, a packed one (from :func:`pack`
        or :func:`pack_entries`), which the kernels may eliminate in place.
    b : array_like, optional
        Right-hand side.
    ncols : int, optional
        Number of columns of a packed ``A``.
    method : {None, "python", "packed", "bucket", "m4r"}
        ``"packed"``: the numba kernels, bucketed elimination handing over to
        the method of Four Russians where the matrix is dense; ``"bucket"`` or
        ``"m4r"``: one of those kernels alone; ``"python"``: rows as Python
        integers (no numba); ``None`` (default): ``python`` while the
        elimination stays within a budget worth numba's start-up, then
        ``packed``.  All give the same results.
    order : {None, "given", "rcm"}
        The column order the kernels eliminate in: ``"given"``, ``"rcm"``
        (reverse Cuthill-McKee, which narrows the band of a sparse matrix), or
        ``None`` (default): ``rcm`` for the ``packed`` and ``bucket`` methods
        on a sparse matrix whose rows spread wide, when it narrows them enough.
        Answers are always in the given order.

    Attributes
    ----------
    rows, ncols : int
    rank : int
    consistent : bool
        True if ``A x = b`` has a solution.
    method : str
        The method that did the elimination.
    dense_from : int or None
        The kernels only: the column from which the Four Russians kernel
        eliminated (0 for ``m4r``), or None if the bucketed kernel did it all.
    column_order : numpy.ndarray or None
        The kernels only: the original column at each position of the order
        eliminated in, or None for the given order.
    packed : numpy.ndarray or None
        The kernels only: the rows after elimination (columns in
        ``column_order``).
    pivot_row : numpy.ndarray or None
        The kernels only: for each column (of ``column_order``) the row
        holding its pivot, or -1 for a free column.

    Raises
    ------
    ShapeError
        If ``A`` or ``b`` is not a matrix / vector of integers, or they do not fit.
    TooLargeError
        If the packed matrix would not fit in memory.
    UnknownEngineError
        If ``method`` is not one of ``ELIMINATION_METHODS`` or ``order`` not one
        of ``COLUMN_ORDERS``.

    Examples
    --------
    >>> E = Echelon([[1, 1, 0], [0, 1, 1]], [1, 0])
    >>> E.rank, E.pivots, E.free, E.particular().tolist(), E.null_basis().tolist()
    (2, [0, 1], [2], [1, 0, 0], [[1, 1, 1]])
    >>> Echelon([[1, 1, 0], [0, 1, 1]], [1, 0], method="m4r").particular().tolist()
    [1, 0, 0]
    >>> E = Echelon([[0, 1, 1], [1, 1, 0]], [1, 1], method="bucket", order="rcm")
    >>> E.column_order is not None, E.pivots, E.particular().tolist()
    (True, [0, 1], [0, 1, 0])
    """

    def __init__(
        self, A, b=None, ncols: int | None = None, method: str | None = None, order: str | None = None
    ) -> None:
        if method not in (None, *ELIMINATION_METHODS):
            raise UnknownEngineError(f"unknown elimination method {method!r}; known: {', '.join(ELIMINATION_METHODS)}")
        if order not in (None, *COLUMN_ORDERS):
            raise UnknownEngineError(f"unknown column order {order!r}; known: {', '.join(COLUMN_ORDERS)}")
        if ncols is None:
            bits = _as_bits(A)
            self.rows, self.ncols = bits.shape
            packed = pack(bits)
        else:  # A is already packed (see pack_entries)
            self.ncols = _dimension(ncols, "ncols")
            packed = np.ascontiguousarray(A, dtype=np.uint64)
            words = max(1, (self.ncols + 63) // 64)
            if packed.ndim != 2 or packed.shape[1] != words:
                raise ShapeError(f"a packed matrix with {self.ncols} columns needs {words} words a row")
            self.rows = packed.shape[0]
        if b is None:
            rhs = np.zeros(self.rows, dtype=np.uint8)
        else:
            rhs = _as_bits(b, "b", ndim=1)
            if rhs.shape != (self.rows,):
                raise ShapeError(f"b has shape {rhs.shape}, expected ({self.rows},) to match A")
        self.packed = self.pivot_row = self.row_end = None
        self.dense_from = self.column_order = None
        self._reduction: _gf2_ints.RowReduction | None = None
        self._pivots: list[int] | None = None
        self._canonical: tuple[np.ndarray, list[int]] | None = None  # reordered only: basis and free columns
        if method is None and order != "rcm":
            budget = _row_budget(self.rows, self.ncols)
            if budget >= 0 and _beyond_budget(packed, self.ncols, budget):
                budget = -1.0
        else:
            budget = float("inf") if method == "python" else -1.0
        if budget >= 0:
            mask = (1 << self.ncols) - 1  # bits past the last column are not part of the matrix
            rows_and_rhs = zip(_gf2_ints.rows_from_packed(packed), rhs.tolist())
            equations = [(row & mask) | (int(bit) << self.ncols) for row, bit in rows_and_rhs]
            self._reduction = _gf2_ints.reduce_rows(equations, self.ncols, budget)
        if self._reduction is not None:
            self.method = "python"
            self.rank = len(self._reduction.pivots)
            self.consistent = self._reduction.consistent
            self._pivots = self._reduction.pivot_columns
        else:
            self.method = "packed" if method in (None, "python") else method
            self._eliminate(packed, rhs, order)

    def _eliminate(self, packed: np.ndarray, rhs: np.ndarray, order: str | None) -> None:
        """Run the kernels of ``self.method`` (in the column order ``order`` asks for)."""
        K = _kernels()
        rows, ncols = self.rows, self.ncols
        lead = np.empty(rows, dtype=np.int64)
        row_end = np.empty(rows, dtype=np.int64)
        nonzero, spans, widest = K.row_extents(packed, ncols, lead, row_end)
        if order == "rcm" or (order is None and self.method != "m4r" and _spread(ncols, nonzero, spans)):
            self.column_order = _reverse_cuthill_mckee(K, packed, ncols, lead, row_end, force=order == "rcm")
            if self.column_order is not None:
                widest = int((row_end - lead // 64).max())
        self.packed = packed
        self.rhs = rhs.copy()
        self.pivot_row = np.full(ncols, -1, dtype=np.int64)
        self.row_end = row_end
        if self.method == "m4r":  # every non-zero row, from the first column
            stop, rest = 0, np.flatnonzero(lead < ncols).astype(np.int64)
        else:
            rest = np.empty(rows, dtype=np.int64)
            # bucketed elimination never widens a row past the widest one: narrow rows need no hand-over
            banded = self.method == "bucket" or widest * _DENSE_SPAN <= packed.shape[1]
            kernel = K.echelon_banded if banded else K.echelon
            stop, count = kernel(
                packed, self.rhs, ncols, self.pivot_row, row_end, lead, _DENSE_RATIO, _DENSE_START, rest
            )
        if stop < ncols:  # the rest by the method of Four Russians, on a tiled copy of the rows left
            rest = rest if self.method == "m4r" else rest[:count]
            tiles = -(-packed.shape[1] // K.TILE) - stop // 64 // K.TILE
            check_size(rest.size * tiles * K.TILE * 8, f"the dense rest of a {rows} x {ncols} system over GF(2)")
            K.m4r_echelon(packed, self.rhs, ncols, self.pivot_row, row_end, rest, stop // 64)
            self.dense_from = int(stop)
        pivots = np.flatnonzero(self.pivot_row >= 0)
        self.rank = len(pivots)
        self.consistent = bool(K.consistent(self.rhs, self.pivot_row, rows))
        if self.column_order is None:
            self._pivots = pivots.tolist()

    @property
    def pivots(self) -> list[int]:
        """The pivot columns, in order."""
        if self._pivots is None:  # eliminated in another column order: the free columns come first
            free = set(self._canonical_basis()[1])
            self._pivots = [c for c in range(self.ncols) if c not in free]
        return list(self._pivots)

    @property
    def free(self) -> list[int]:
        """The free columns in increasing order, one null space vector each."""
        pivots = set(self.pivots)
        return [c for c in range(self.ncols) if c not in pivots]

    def _in_given_order(self, bits: np.ndarray) -> np.ndarray:
        """Vectors (rows of ``bits``) over the elimination's column order, put back in the given order."""
        out = np.zeros_like(bits)
        out[:, self.column_order] = bits
        return out

    def _canonical_basis(self) -> tuple[np.ndarray, list[int]]:
        """Reordered elimination only: the basis with one vector per free column of the given order, and those columns.

        The free columns of the given order are the columns where some null
        vector ends (its last non-zero entry), and the vector of free column
        ``f`` ends at ``f`` and is zero at the other free columns: the reduced
        echelon form of any null space basis with the columns read from right
        to left.
        """
        if self._canonical is None:
            raw = _kernels().null_basis(self.packed, self.pivot_row, self.row_end, self.ncols)
            if raw.shape[0] == 0:
                self._canonical = (np.zeros((0, self.ncols), dtype=np.uint8), [])
            else:
                backwards = self._in_given_order(unpack(raw, self.ncols))[:, ::-1]
                reduced = Echelon(backwards, method="packed", order="given")
                free = [self.ncols - 1 - c for c in reversed(reduced.pivots)]
                self._canonical = (np.ascontiguousarray(reduced.rref()[::-1, ::-1]), free)
        return self._canonical

    def particular(self) -> np.ndarray | None:
        """The solution with every free variable 0 (uint8), or None when there is none."""
        if not self.consistent:
            return None
        if self._reduction is not None:
            return _gf2_ints.ints_to_bits([self._reduction.particular()], self.ncols)[0]
        x = np.zeros(self.packed.shape[1], dtype=np.uint64)
        _kernels().back_substitute(self.packed, self.rhs, self.pivot_row, self.row_end, x, self.ncols)
        solution = unpack(x[None, :], self.ncols)[0]
        if self.column_order is None:
            return solution
        solution = self._in_given_order(solution[None, :])[0]
        basis, free = self._canonical_basis()
        if free:  # clear the free unknowns with the basis vectors
            solution ^= ((solution[free].astype(np.int64) @ basis.astype(np.int64)) % 2).astype(np.uint8)
        return solution

    def null_basis_packed(self) -> np.ndarray:
        """The null space basis, packed: for each free column ``f`` the vector with ``x_f = 1``, other free unknowns 0."""
        if self._reduction is not None:
            return _gf2_ints.ints_to_packed(self._reduction.null_basis(), self.ncols)
        if self.column_order is not None:
            return pack(self._canonical_basis()[0])
        return _kernels().null_basis(self.packed, self.pivot_row, self.row_end, self.ncols)

    def null_basis(self) -> np.ndarray:
        """The null space basis as a ``(nullity, ncols)`` uint8 matrix (see :meth:`null_basis_packed`)."""
        nullity = self.ncols - self.rank
        check_size(nullity * self.ncols, f"a null space basis of {nullity} vectors of {self.ncols} unknowns")
        if nullity == 0:
            return np.zeros((0, self.ncols), dtype=np.uint8)
        if self._reduction is not None:
            return _gf2_ints.ints_to_bits(self._reduction.null_basis(), self.ncols)
        if self.column_order is not None:
            return self._canonical_basis()[0].copy()
        return unpack(self.null_basis_packed(), self.ncols)

    def rref(self) -> np.ndarray:
        """The non-zero rows of the reduced row echelon form of ``A``, in pivot order (uint8)."""
        if self._reduction is not None:
            return _gf2_ints.ints_to_bits(self._reduction.rref_rows(), self.ncols)
        K = _kernels()
        if self.column_order is not None:  # the pivot rows span the row space: reduce them in the given order
            rows = np.ascontiguousarray(self.packed[self.pivot_row[self.pivot_row >= 0]])
            lead = np.empty(rows.shape[0], dtype=np.int64)
            row_end = np.empty(rows.shape[0], dtype=np.int64)
            K.row_extents(rows, self.ncols, lead, row_end)
            K.permute_columns(rows, self.ncols, self.column_order, lead, row_end)
            return Echelon(rows, ncols=self.ncols, method="packed", order="given").rref()
        M, row_end = self.packed.copy(), self.row_end.copy()  # keep this echelon form usable
        K.reduce_upwards(M, self.pivot_row, row_end, self.ncols)
        return unpack(M[self.pivot_row[self._pivots]], self.ncols)

    def space(self) -> SolutionSpace:
        """Every solution of ``A x = b`` as a :class:`SolutionSpace`."""
        nullity = self.ncols - self.rank
        check_size(9 * nullity * self.ncols, f"a solution space of {nullity} x {self.ncols} over GF(2)")
        return SolutionSpace(2, self.ncols, self.rank, self.particular(), self.null_basis(), self.free)


def load_kernels_for(rows: int, ncols: int, packed: np.ndarray | None = None) -> None:
    """Load the kernels now when :class:`Echelon` will hand a ``rows x ncols`` system to them (judged by its size,
    and by its density when its ``packed`` matrix is given), so that loading them is not timed as work.

    Examples
    --------
    >>> load_kernels_for(3, 3)  # small: eliminated in Python, nothing loaded
    """
    budget = _row_budget(rows, ncols)
    if budget < 0 or (packed is not None and _beyond_budget(packed, ncols, budget)):
        # the first call of a kernel in a process costs about 20 ms more than the next (measured on row_extents,
        # read from numba's cache beforehand): made here, on one word, it is loading too
        one = np.empty(1, dtype=np.int64)
        _kernels().row_extents(np.zeros((1, 1), dtype=np.uint64), 1, one, one.copy())


def _spread(ncols: int, nonzero: int, spans: int) -> bool:
    """Whether ``nonzero`` rows spanning ``spans`` words in all spread wide enough to try reordering the columns."""
    if ncols < _RCM_MIN_COLS or nonzero == 0:
        return False
    return spans * 64 > (_RCM_BANDED * np.sqrt(ncols) + 64) * nonzero  # a span in words overstates by up to 63


def _reverse_cuthill_mckee(K, packed, ncols: int, lead, row_end, force: bool) -> np.ndarray | None:
    """Put the columns in reverse Cuthill-McKee order in place (updating ``lead`` and ``row_end``); return the order.

    Without ``force``, only for a sparse matrix (see ``_RCM_SPARSE``) and only
    if the order narrows the rows enough (``_RCM_GAIN``); None when the
    columns stay as they are.
    """
    if ncols < 2 or not (lead < ncols).any():
        return None
    most = packed.size * 64 if force else _RCM_SPARSE * packed.shape[0]
    order, before, after = K.rcm_columns(packed, ncols, lead, row_end, most, 0.0 if force else _RCM_GAIN)
    if order.size == 0 or (not force and after >= _RCM_GAIN * before):
        return None
    target = np.empty(ncols, dtype=np.int64)
    target[order] = np.arange(ncols)
    K.permute_columns(packed, ncols, target, lead, row_end)
    return order


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
    return E.rref(), E.pivots


def null_space_gf2(A) -> np.ndarray:
    """A basis of ``{x : A x = 0}`` over GF(2), one row per free column.

    Examples
    --------
    >>> null_space_gf2([[1, 1, 0], [0, 1, 1]]).tolist()
    [[1, 1, 1]]
    """
    return Echelon(A).null_basis()


def solve_gf2(A, b) -> SolutionSpace:
    """All solutions of ``A x = b`` over GF(2) as a :class:`SolutionSpace`.

    Examples
    --------
    >>> space = solve_gf2([[1, 1], [1, 1]], [1, 0])
    >>> space.solvable, space.count
    (False, 0)
    """
    return Echelon(A, b).space()
