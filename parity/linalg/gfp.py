"""GF(p) linear algebra: the ``gfp`` engine (numba) and the ``galois`` engine (its reference).

Both return the same :class:`SolutionSpace` as the GF(2) engine: the reduced
echelon form, the pivot columns, the particular solution with every free
unknown 0 and the null basis with one vector per free column are unique, so
the engines agree exactly, not just up to a change of basis.

* ``gfp``: :class:`GFpEchelon`, Gaussian elimination by the numba kernels of
  ``_gfp_kernels`` (imported on first use) on rows stored as windows from
  their first to their last non-zero entry, ``uint8`` entries for ``p < 256``
  and ``uint32`` up to ``2**31``.  Rows are filed in buckets by their leading
  column and a pivot row is applied only to its bucket over its own span, so a
  banded system (Lights Out) costs its band.  :func:`solve_entries` builds
  the windows straight from the non-zero entries of a sparse system.
* ``galois``: :func:`rank_gfp`, :func:`rref_gfp`, :func:`null_space_gfp`
  and :func:`solve_gfp`, through the galois library on a dense matrix.
"""

from __future__ import annotations

import functools
import sys
from types import ModuleType

import numpy as np

from ..errors import FieldError, ShapeError, UnknownEngineError
from ._inputs import check_size, field_array
from .space import SolutionSpace

__all__ = [
    "check_field",
    "is_prime",
    "word_primes",
    "crt",
    "MAX_FIELD",
    "GFpEchelon",
    "ELIMINATION_METHODS",
    "solve_entries",
    "rank_gfp",
    "rref_gfp",
    "null_space_gfp",
    "solve_gfp",
]

#: Fields are GF(p) for primes ``p < MAX_FIELD``: every product of two entries fits in an int64.
MAX_FIELD = 2**31

# Miller-Rabin with the twelve primes up to 37 as bases decides primality exactly below
# 318665857834031151167461 ~ 3.2e23, the least strong pseudoprime to all of them [1]_ (the thirteenth
# base, 41, would be needed up to 3.3e24); far above MAX_FIELD.
_WITNESSES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)
_WITNESS_BOUND = 318_665_857_834_031_151_167_461


def is_prime(n: int) -> bool:
    """Exact primality for ``n < 3.2e23`` by deterministic Miller-Rabin.

    Raises
    ------
    FieldError
        If ``n`` is beyond the range where the test is exact.

    References
    ----------
    .. [1] J. Sorenson and J. Webster, "Strong pseudoprimes to twelve prime
       bases", Mathematics of Computation 86 (2017), 985-1003.

    Examples
    --------
    >>> [n for n in range(30) if is_prime(n)]
    [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
    >>> is_prime(3215031751)  # a strong pseudoprime to the bases 2, 3, 5 and 7
    False
    """
    if n >= _WITNESS_BOUND:
        raise FieldError(f"{n} is too large for an exact primality test")
    if n < 2:
        return False
    for q in _WITNESSES:
        if n % q == 0:
            return n == q
    # n - 1 = d * 2^s with d odd
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in _WITNESSES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False  # a witnesses that n is composite
    return True


def word_primes(count: int, below: int) -> list[int]:
    """The ``count`` largest primes below ``below``, largest first.

    Examples
    --------
    >>> word_primes(3, 100)
    [97, 89, 83]
    """
    primes, q = [], below - 1
    while len(primes) < count:
        if is_prime(q):
            primes.append(q)
        q -= 1
    return primes


def crt(residues: list[int], primes: list[int]) -> int:
    """The least non-negative integer with the given ``residues`` modulo distinct ``primes`` (the Chinese
    remainder theorem, one prime at a time).

    Examples
    --------
    >>> crt([2, 3], [3, 5])
    8
    """
    value, modulus = 0, 1
    for r, q in zip(residues, primes):
        t = ((r - value) * pow(modulus, -1, q)) % q
        value += modulus * t
        modulus *= q
    return value


def check_field(p) -> int:
    """Return ``p`` as an int if it is a prime below ``2**31``, else raise :class:`FieldError`.

    Entries of GF(p) are kept in int64 arrays, and the bound keeps every
    product of two entries (below ``2**62``) exact.  Only whole numbers are
    accepted: ``2.0``, ``"7"`` and ``True`` are refused.

    Raises
    ------
    FieldError
        If ``p`` is not a whole number, not a prime, or not below ``2**31``.

    Examples
    --------
    >>> check_field(5), check_field(2**31 - 1)
    (5, 2147483647)
    >>> check_field(4)
    Traceback (most recent call last):
    ...
    parity.errors.FieldError: field order 4 is not a prime; parity works over GF(p) for prime p
    >>> check_field(2**61 - 1)
    Traceback (most recent call last):
    ...
    parity.errors.FieldError: field order 2305843009213693951 is too large: parity works over GF(p) for primes p < 2^31
    """
    if isinstance(p, (bool, np.bool_)) or not isinstance(p, (int, np.integer)):
        raise FieldError(f"field order {p!r} is not a whole number; parity works over GF(p) for prime p")
    p_int = int(p)
    if p_int >= MAX_FIELD:
        raise FieldError(f"field order {p_int} is too large: parity works over GF(p) for primes p < 2^31")
    if not is_prime(p_int):
        raise FieldError(f"field order {p_int} is not a prime; parity works over GF(p) for prime p")
    return p_int


@functools.lru_cache(maxsize=None)
def _field(p: int):
    import numba

    if numba.config.THREADING_LAYER == "default":
        # galois runs numba's parallel kernels; their default GNU OpenMP pool kills a forked child (parity forks
        # one for every time limit), so pick a layer that survives fork before the first parallel call
        numba.config.THREADING_LAYER = "forksafe"
    import galois

    return galois.GF(p)


def _rref_augmented(A, b, p: int) -> tuple[np.ndarray, list[int], int]:
    """The reduced form of ``[A | b]`` (int64), the pivot columns, and the number of columns of ``A``."""
    A = field_array(A, p, 2)
    rows, ncols = A.shape
    # the int64 matrix, galois' copy, the augmented copy and the reduced form
    check_size(4 * 8 * float(rows) * (ncols + 1), f"a {rows} x {ncols} system over GF({p})")
    if b is None:
        b = np.zeros(rows, dtype=np.int64)
    else:
        b = field_array(b, p, 1, "b")
        if b.shape != (rows,):
            raise ShapeError(f"b has shape {b.shape}, expected ({rows},) to match A")
    augmented = np.hstack([A, b[:, None]]).astype(np.int64, copy=False)
    if rows == 0 or ncols == 0:  # nothing to eliminate: every row reads 0 = b_i
        return augmented, [], ncols
    GF = _field(p)
    R = np.asarray(GF(augmented).row_reduce(ncols=ncols), dtype=np.int64)
    pivots = []
    for row in R:
        nonzero = np.flatnonzero(row[:ncols])
        if nonzero.size:
            pivots.append(int(nonzero[0]))
    return R, pivots, ncols


def rank_gfp(A, p: int) -> int:
    """Rank over GF(p).

    Examples
    --------
    >>> rank_gfp([[1, 2], [2, 4]], 3)
    1
    """
    return len(_rref_augmented(A, None, check_field(p))[1])


def rref_gfp(A, p: int) -> tuple[np.ndarray, list[int]]:
    """Reduced row echelon form over GF(p): the non-zero rows and the pivot columns.

    Examples
    --------
    >>> R, pivots = rref_gfp([[2, 1], [1, 1]], 3)
    >>> R.tolist(), pivots
    ([[1, 0], [0, 1]], [0, 1])
    """
    R, pivots, _ = _rref_augmented(A, None, check_field(p))
    return R[: len(pivots), :-1].copy(), pivots


def _space(R, pivots, ncols: int, p: int) -> SolutionSpace:
    """The solution space read off the reduced form of ``[A | b]``."""
    rank = len(pivots)
    inconsistent = bool(R[rank:, ncols].any())  # the rows past the pivots read 0 = b_i
    pivot_set = set(pivots)
    free = [c for c in range(ncols) if c not in pivot_set]
    check_size(8 * float(len(free)) * ncols, f"a null space basis of {len(free)} vectors of {ncols} unknowns")
    basis = np.zeros((len(free), ncols), dtype=np.int64)
    if free:  # vector f: x_f = 1, the other free unknowns 0, pivot c = -R[c's row, f]
        basis[np.arange(len(free)), free] = 1
        if rank:
            basis[:, pivots] = (-R[:rank][:, free].T) % p
    particular = None
    if not inconsistent:
        particular = np.zeros(ncols, dtype=np.int64)
        particular[pivots] = R[:rank, ncols]
    return SolutionSpace(p, ncols, rank, particular, basis, free)


def null_space_gfp(A, p: int) -> np.ndarray:
    """A null space basis over GF(p), one row per free column.

    Examples
    --------
    >>> null_space_gfp([[1, 1, 1]], 3).tolist()
    [[2, 1, 0], [2, 0, 1]]
    """
    p = check_field(p)
    R, pivots, ncols = _rref_augmented(A, None, p)
    return _space(R, pivots, ncols, p).basis


def solve_gfp(A, b, p: int) -> SolutionSpace:
    """All solutions of ``A x = b`` over GF(p).

    Examples
    --------
    >>> space = solve_gfp([[1, 1, 0], [0, 1, 1]], [1, 2], 3)
    >>> space.count, space.particular.tolist()
    (3, [2, 2, 0])
    """
    p = check_field(p)
    R, pivots, ncols = _rref_augmented(A, b, p)
    return _space(R, pivots, ncols, p)


# -- the gfp engine: numba kernels on rows stored as windows, numpy for small systems ---------------

#: The ways :class:`GFpEchelon` can eliminate; ``None`` picks one by size.
ELIMINATION_METHODS = ("numpy", "numba")

# Importing numba and loading the cached kernels costs about 0.5 s (measured cold, one ``python -c`` each);
# the ``numpy`` method, one vectorised row operation per pivot on a dense matrix, solves n x n Lights Out over
# GF(3) in 0.005 s (n = 10), 0.05 s (30), 0.12 s (40), 0.34 s (50).  A pivot costs about 50 us of numpy calls
# (elimination and back substitution) and an entry updated about 15 ns.  A row takes part in at most `width`
# row operations (its lead moves right each time), each over at most `width` entries (the pivot's span ends
# no later than its own), so sum(width^2) bounds the entries updated.  By default the ``numpy`` method is
# used when that bound stays within 0.25 s, the dense matrix within 2^22 entries, and the kernels are not
# loaded yet (then they are faster from 5 x 5 Lights Out on): up to 40 x 40 Lights Out.
_NUMPY_MAX_ENTRIES = 1 << 22
_NUMPY_BUDGET_S = 0.25
_NUMPY_PIVOT_S = 50e-6
_NUMPY_ENTRY_S = 15e-9


def _kernels() -> ModuleType:
    """The numba kernels, imported on first use: numba and the cached kernels cost about 0.5 s to load."""
    from .._compiled import load_kernels

    return load_kernels("parity.linalg._gfp_kernels")


def _kernels_loaded() -> bool:
    return f"{__package__}._gfp_kernels" in sys.modules


def _pool_dtype(p: int) -> type:
    """Entries of GF(p) as stored by the kernels: one byte below 256, four bytes up to ``2**31``."""
    return np.uint8 if p < 256 else np.uint32


def _offsets(widths: np.ndarray) -> np.ndarray:
    """Where each row's window starts in the pool: the running sum of the widths before it."""
    offset = np.zeros(widths.shape[0], dtype=np.int64)
    np.cumsum(widths[:-1], out=offset[1:])
    return offset


def _rhs(b, rows: int, p: int) -> np.ndarray:
    if b is None:
        return np.zeros(rows, dtype=np.int64)
    rhs = field_array(b, p, 1, "b").astype(np.int64)
    if rhs.shape != (rows,):
        raise ShapeError(f"b has shape {rhs.shape}, expected ({rows},) to match A")
    return rhs


def _spans(A: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each row of a dense matrix its first non-zero column and one past its last (0, 0 for a zero row)."""
    rows, ncols = A.shape
    if ncols == 0:
        return np.zeros(rows, dtype=np.int64), np.zeros(rows, dtype=np.int64)
    nonzero = A != 0
    has_entries = nonzero.any(axis=1)
    lo = np.where(has_entries, nonzero.argmax(axis=1), 0).astype(np.int64)
    hi = np.where(has_entries, ncols - nonzero[:, ::-1].argmax(axis=1), 0).astype(np.int64)
    return lo, hi


class _WindowRows:
    """Rows as windows in one flat pool, eliminated by the numba kernels (the ``numba`` method)."""

    method = "numba"

    def __init__(self, pool, offset, lo, hi, rhs, p: int, ncols: int) -> None:
        self.pool, self.offset, self.lo, self.hi, self.rhs = pool, offset, lo, hi, rhs
        self.p, self.ncols = p, ncols
        self.pivot_row = np.full(ncols, -1, dtype=np.int64)
        K = _kernels()
        self.magic = K.barrett_magic(p)
        K.echelon(pool, offset, lo, hi, rhs, p, self.magic, ncols, self.pivot_row)
        self.consistent = bool(K.consistent(rhs, self.pivot_row))

    @classmethod
    def from_dense(cls, A: np.ndarray, rhs: np.ndarray, p: int) -> _WindowRows:
        lo, hi = _spans(A)
        columns = np.arange(A.shape[1])
        window = (columns >= lo[:, None]) & (columns < hi[:, None])
        pool = A[window].astype(_pool_dtype(p))  # row after row: the windows laid end to end
        return cls(pool, _offsets(hi - lo), lo, hi, rhs, p, A.shape[1])

    def back_substitute(self, X: np.ndarray, with_rhs: bool) -> None:
        K = _kernels()
        K.back_substitute(self.pool, self.offset, self.lo, self.hi, self.rhs, self.p, self.pivot_row, X, with_rhs)

    def reduce(self, pivots: np.ndarray, R: np.ndarray) -> None:
        _kernels().reduced_rows(
            self.pool, self.offset, self.lo, self.hi, self.p, self.magic, pivots, self.pivot_row[pivots], R
        )


class _DenseRows:
    """A dense int64 matrix eliminated by numpy, one vectorised row operation per pivot (the ``numpy`` method).

    The same algorithm as the kernels (buckets by lead column, the pivot whose
    span ends first, updates over the pivot's span only), without numba's
    start-up.
    """

    method = "numpy"

    def __init__(self, A: np.ndarray, rhs: np.ndarray, p: int) -> None:
        self.M, self.rhs, self.p = A.astype(np.int64), rhs.copy(), p
        self.ncols = ncols = A.shape[1]
        lead, self.end = _spans(self.M)
        lead[self.end == 0] = ncols  # zero rows lead nowhere
        self.pivot_row = np.full(ncols, -1, dtype=np.int64)
        M, end = self.M, self.end
        for c in range(ncols):
            bucket = np.flatnonzero(lead == c)
            if bucket.size == 0:
                continue
            piv = int(bucket[np.argmin(end[bucket])])
            stop = int(end[piv])
            self.pivot_row[c], lead[piv] = piv, -1
            scale = pow(int(M[piv, c]), p - 2, p)
            if scale != 1:
                M[piv, c:stop] = M[piv, c:stop] * scale % p
                self.rhs[piv] = self.rhs[piv] * scale % p
            others = bucket[bucket != piv]
            if others.size == 0:
                continue
            m = p - M[others, c]  # every product below p^2 < 2^62
            M[others, c:stop] = (M[others, c:stop] + m[:, None] * M[piv, c:stop]) % p
            self.rhs[others] = (self.rhs[others] + m * self.rhs[piv]) % p
            nonzero = M[others, c + 1 : int(end[others].max())] != 0
            if nonzero.shape[1]:
                lead[others] = np.where(nonzero.any(axis=1), c + 1 + nonzero.argmax(axis=1), ncols)
            else:  # the rows ended at c: they are zero now
                lead[others] = ncols
        self.consistent = not self.rhs[lead == ncols].any()  # the zero rows read 0 = b_i

    def back_substitute(self, X: np.ndarray, with_rhs: bool) -> None:
        from .space import combine

        for c in np.flatnonzero(self.pivot_row >= 0)[::-1]:
            r = self.pivot_row[c]
            stop = int(self.end[r])
            if stop > c + 1:  # x_c = b_r - sum of the row's other entries times their unknowns
                total = combine(self.M[r, c + 1 : stop], X[c + 1 : stop], self.p)
            else:
                total = np.zeros(X.shape[1], dtype=np.int64)
            X[c] = -total % self.p
            if with_rhs:
                X[c, 0] = (self.rhs[r] - total[0]) % self.p

    def reduce(self, pivots: np.ndarray, R: np.ndarray) -> None:
        R[:] = self.M[self.pivot_row[pivots]]
        for i in range(len(pivots) - 1, 0, -1):
            c = pivots[i]
            above = np.flatnonzero(R[:i, c])
            if above.size:
                m = self.p - R[above, c]
                R[above, c:] = (R[above, c:] + m[:, None] * R[i, c:]) % self.p


class GFpEchelon:
    """The echelon form of ``[A | b]`` over GF(p) (the ``gfp`` engine).

    Parameters
    ----------
    A : array_like
        The matrix, integers read mod p.
    b : array_like, optional
        The right-hand side (zeros when omitted).
    p : int
        A prime below ``2**31`` (2 included, although the ``gf2`` engine is
        faster there).
    method : {None, "numpy", "numba"}
        ``"numba"``: the kernels of ``_gfp_kernels`` on rows stored as
        windows; ``"numpy"``: the same elimination on a dense matrix, one
        vectorised row operation per pivot (no numba); ``None`` (default):
        ``numpy`` while the kernels are not loaded and a bound on its work
        stays below numba's start-up (up to about 40 x 40 Lights Out), else
        ``numba``.  All give the same results.

    Attributes
    ----------
    field, rows, ncols, rank : int
    consistent : bool
        True if ``A x = b`` has a solution.
    method : str
        The method that did the elimination.
    pivot_row : numpy.ndarray
        For each column the row holding its pivot, or -1 for a free column.

    Raises
    ------
    FieldError
        If ``p`` is not a prime below ``2**31``.
    ShapeError
        If ``A`` or ``b`` is not a matrix / vector of integers, or they do not fit.
    TooLargeError
        If the rows would not fit in memory (checked before they are allocated).
    UnknownEngineError
        If ``method`` is not one of ``ELIMINATION_METHODS``.

    See Also
    --------
    solve_entries : the same from the non-zero entries of a sparse matrix.
    parity.linalg.solve : with ``engine="galois"``, the reference engine.

    Examples
    --------
    >>> E = GFpEchelon([[1, 1, 0], [0, 1, 1]], [1, 2], p=3)
    >>> E.rank, E.pivots, E.free, E.particular().tolist(), E.null_basis().tolist()
    (2, [0, 1], [2], [2, 2, 0], [[1, 2, 1]])
    >>> E.rref().tolist()
    [[1, 0, 2], [0, 1, 1]]
    >>> GFpEchelon([[1, 1, 0], [0, 1, 1]], [1, 2], p=3, method="numba").particular().tolist()
    [2, 2, 0]
    """

    def __init__(self, A, b=None, *, p: int, method: str | None = None) -> None:
        _check_method(method)
        p = check_field(p)
        A = field_array(A, p, 2)
        rows, ncols = A.shape
        # masks and the pool (or numpy's copy and its temporaries), next to the caller's int64 matrix
        check_size(24.0 * rows * ncols, f"a {rows} x {ncols} system over GF({p})")
        rhs = _rhs(b, rows, p)
        if A.size == 0:
            store = _NoRows(rhs, ncols)
        elif method == "numpy" or (method is None and _numpy_is_quicker(np.subtract(*_spans(A)[::-1]), rows, ncols)):
            store = _DenseRows(A, rhs, p)
        else:
            store = _WindowRows.from_dense(A, rhs, p)
        self._finish(p, rows, ncols, store)

    @classmethod
    def from_entries(cls, shape, rows, cols, values, rhs, p: int, method: str | None = None) -> GFpEchelon:
        """The echelon form of a matrix given by its entries ``A[rows[k], cols[k]] = values[k]``.

        Entries at the same place add up.  For the ``numba`` method no dense
        matrix is built, so a sparse system costs memory for its rows'
        windows only; the ``numpy`` method (small systems) builds one.

        Raises
        ------
        ShapeError
            If an entry lies outside the matrix, or the lists differ in length.
        TooLargeError
            If the rows, or the null space basis that the shape implies, would
            not fit in memory (checked before anything is allocated).

        Examples
        --------
        >>> E = GFpEchelon.from_entries((2, 3), [0, 0, 1, 1], [0, 1, 1, 2], [1, 1, 1, 1], [1, 2], 3)
        >>> E.particular().tolist()
        [2, 2, 0]
        """
        from .gf2 import _dimension, _indices

        _check_method(method)
        p = check_field(p)
        nrows, ncols = _dimension(shape[0], "rows"), _dimension(shape[1], "ncols")
        row_index, col_index = _indices(rows, "rows"), _indices(cols, "cols")
        entries = field_array(values, p, 1, "values").astype(np.int64)
        if not row_index.shape == col_index.shape == entries.shape:
            raise ShapeError("the row indices, column indices and values differ in length")
        outside = row_index.size and (
            row_index.min() < 0 or row_index.max() >= nrows or col_index.min() < 0 or col_index.max() >= ncols
        )
        if outside:
            raise ShapeError(f"an entry lies outside the {nrows} x {ncols} matrix")
        # add up entries at the same place; keep the non-zero ones, sorted by row and then column
        order = np.lexsort((col_index, row_index))
        row_index, col_index, entries = row_index[order], col_index[order], entries[order]
        if entries.size:
            starts = np.flatnonzero(np.r_[True, (np.diff(row_index) != 0) | (np.diff(col_index) != 0)])
            row_index, col_index = row_index[starts], col_index[starts]
            entries = np.add.reduceat(entries, starts) % p
            kept = entries != 0
            row_index, col_index, entries = row_index[kept], col_index[kept], entries[kept]
        # each row's window: from its first to its last entry (rows without entries: empty windows)
        first = last = np.zeros(0, dtype=np.int64)
        if entries.size:
            first = np.flatnonzero(np.r_[True, np.diff(row_index) != 0])
            last = np.r_[first[1:], entries.size] - 1
        filled, first_col, end_col = row_index[first], col_index[first], col_index[last] + 1
        total = int((end_col - first_col).sum())
        # the pool, the row arrays and the null basis (at least ncols - (rows with an entry) vectors),
        # checked before anything of size nrows or ncols is allocated
        least_nullity = ncols - min(filled.size, ncols)
        itemsize = np.dtype(_pool_dtype(p)).itemsize
        needed = itemsize * float(total) + 48.0 * nrows + 16.0 * ncols + 8.0 * least_nullity * ncols
        check_size(needed, f"a {nrows} x {ncols} system over GF({p})")
        right = _rhs(rhs, nrows, p)
        if nrows == 0 or ncols == 0:
            store = _NoRows(right, ncols)
        elif method == "numpy" or (method is None and _numpy_is_quicker(end_col - first_col, nrows, ncols)):
            check_size(24.0 * nrows * ncols, f"a {nrows} x {ncols} system over GF({p})")
            A = np.zeros((nrows, ncols), dtype=np.int64)
            A[row_index, col_index] = entries
            store = _DenseRows(A, right, p)
        else:
            lo, hi = np.zeros(nrows, dtype=np.int64), np.zeros(nrows, dtype=np.int64)
            lo[filled], hi[filled] = first_col, end_col
            offset = _offsets(hi - lo)
            pool = np.zeros(total, dtype=_pool_dtype(p))
            pool[offset[row_index] + col_index - lo[row_index]] = entries
            store = _WindowRows(pool, offset, lo, hi, right, p, ncols)
        echelon = cls.__new__(cls)
        echelon._finish(p, nrows, ncols, store)
        return echelon

    def _finish(self, p: int, rows: int, ncols: int, store) -> None:
        self.field, self.rows, self.ncols = p, rows, ncols
        self._store, self.method = store, store.method
        self.pivot_row = store.pivot_row
        self.consistent = store.consistent
        self._pivots = [int(c) for c in np.flatnonzero(self.pivot_row >= 0)]
        self.rank = len(self._pivots)

    @property
    def pivots(self) -> list[int]:
        """The pivot columns, in order."""
        return list(self._pivots)

    @property
    def free(self) -> list[int]:
        """The free columns in increasing order, one null space vector each."""
        return [int(c) for c in np.flatnonzero(self.pivot_row < 0)]

    def _solutions(self, with_rhs: bool, with_basis: bool) -> np.ndarray:
        """``ncols x K`` int64: column 0 the particular solution (``with_rhs``), then a null vector per free column."""
        free = self.free if with_basis else []
        K = int(with_rhs) + len(free)
        check_size(8 * float(K) * self.ncols, f"{K} solution vectors of {self.ncols} unknowns over GF({self.field})")
        X = np.zeros((self.ncols, K), dtype=np.int64)
        X[free, np.arange(int(with_rhs), K)] = 1
        if self.rank and K:
            self._store.back_substitute(X, with_rhs)
        return X

    def particular(self) -> np.ndarray | None:
        """The solution with every free unknown 0 (int64), or None when there is none."""
        return self._solutions(True, False)[:, 0].copy() if self.consistent else None

    def null_basis(self) -> np.ndarray:
        """The null space basis, ``(nullity, ncols)`` int64.

        For each free column ``f`` the vector with ``x_f = 1`` and the other
        free unknowns 0.
        """
        return self._solutions(False, True).T.copy()

    def rref(self) -> np.ndarray:
        """The non-zero rows of the reduced row echelon form of ``A``, in pivot order (int64)."""
        what = f"a {self.rank} x {self.ncols} reduced form over GF({self.field})"
        check_size(8 * float(self.rank) * self.ncols, what)
        R = np.zeros((self.rank, self.ncols), dtype=np.int64)
        if self.rank:
            self._store.reduce(np.array(self._pivots, dtype=np.int64), R)
        return R

    def reduced_form(self) -> tuple[np.ndarray, list[int]]:
        """The reduced row echelon form and the pivot columns, as :func:`parity.linalg.rref` returns them."""
        return self.rref(), self.pivots

    def space(self) -> SolutionSpace:
        """Every solution of ``A x = b`` as a :class:`~parity.linalg.SolutionSpace`."""
        X = self._solutions(self.consistent, True)
        particular = X[:, 0].copy() if self.consistent else None
        basis = X[:, int(self.consistent) :].T.copy()
        return SolutionSpace(self.field, self.ncols, self.rank, particular, basis, self.free)


def _check_method(method) -> None:
    if method not in (None, *ELIMINATION_METHODS):
        raise UnknownEngineError(f"unknown elimination method {method!r}; known: {', '.join(ELIMINATION_METHODS)}")


def _numpy_is_quicker(widths: np.ndarray, rows: int, ncols: int) -> bool:
    """Whether ``method=None`` takes ``numpy``: the kernels not loaded, and a bound on its work below numba's start-up.

    ``widths`` are the rows' spans, first to last non-zero entry (see the
    notes at ``_NUMPY_BUDGET_S``).
    """
    if _kernels_loaded() or float(rows) * ncols > _NUMPY_MAX_ENTRIES:
        return False
    updates = float(np.square(widths, dtype=np.float64).sum())
    return min(rows, ncols) * _NUMPY_PIVOT_S + updates * _NUMPY_ENTRY_S <= _NUMPY_BUDGET_S


class _NoRows:
    """Nothing to eliminate (no rows or no columns): every row reads 0 = b_i."""

    method = "numpy"

    def __init__(self, rhs: np.ndarray, ncols: int) -> None:
        self.pivot_row = np.full(ncols, -1, dtype=np.int64)
        self.consistent = not rhs.any()


def solve_entries(shape, rows, cols, values, rhs, p: int) -> SolutionSpace:
    """All solutions of ``A x = b`` over GF(p), ``A`` given by its non-zero entries (the ``gfp`` engine).

    ``A[rows[k], cols[k]] = values[k]`` (entries at the same place add up).
    Large systems are eliminated by the numba kernels on rows stored from
    their first to their last non-zero entry, never as a ``rows x ncols``
    matrix: a 40,000 x 40,000 banded system takes memory for its band only.

    Raises
    ------
    ShapeError
        If an entry lies outside the matrix, or the lists differ in length.
    TooLargeError
        If the rows or the solution space would not fit in memory.

    Examples
    --------
    >>> space = solve_entries((2, 3), [0, 0, 1, 1], [0, 1, 1, 2], [1, 1, 1, 1], [1, 2], 3)
    >>> space.count, space.particular.tolist(), space.basis.tolist()
    (3, [2, 2, 0], [[1, 2, 1]])
    """
    return GFpEchelon.from_entries(shape, rows, cols, values, rhs, p).space()
