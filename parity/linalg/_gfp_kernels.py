"""Numba kernels for GF(p) elimination on rows kept as windows (private; see parity.linalg.gfp).

Storage.  Row ``r`` of a ``rows x ncols`` matrix is kept as its *window*, the
columns ``lo[r] .. hi[r] - 1`` from its first to its last non-zero entry, and
only the window is stored: column ``j`` of row ``r`` is
``pool[offset[r] + j - lo[r]]``, one flat pool for all rows.  Entries are
``uint8`` for ``p < 256`` and ``uint32`` otherwise (every prime below
``2**31``), with arithmetic in wider integers (below).  A banded ``n^2 x n^2`` Lights Out matrix
takes ``~ 2 n^3`` entries instead of ``n^4``.

Elimination (as the GF(2) kernel of ``_gf2_kernels``): rows are filed in
buckets by their *lead* (first non-zero column); column ``c`` is eliminated by
subtracting its pivot row from the other rows of bucket ``c`` only, over the
pivot's non-zero span only.  The pivot is the row of the bucket whose window
ends first, so a row's window never grows (its lead moves right, its end stays):
fill-in stays inside the envelope of the original rows, nothing is
reallocated, and a banded matrix costs its band, not ``n^3``.

Reduction mod p.  An update ``x = a + m b`` (``a, b, m < p``) is below
``p^2``.  For ``p < 256`` Barrett's method [1]_ reduces it in 32-bit
arithmetic: with ``magic = 2**24 // p + 1``, ``q = (x * magic) >> 24`` is
exactly ``x // p`` (the error of ``magic`` adds less than
``x p / 2**24 < p^3 / 2**24 < 1`` to ``x / p``, whose fraction is at most
``(p - 1) / p``, and ``x * magic < p 2**24 + p^2 < 2**32``): two 32-bit
multiplications that vectorise, where ``%`` is a division and 64-bit
products do not vectorise.  For larger p (up to ``2**31``) ``x`` is exact in
int64, and the quotient is estimated in double precision,
``q = trunc(float(x) * (1 / p))``: three roundings of relative error
``2**-53`` each move ``x / p < 2**31`` by less than ``2**-20``, so ``q`` is
``x // p`` or one off, and ``x - q p`` (exact in int64) is brought into
``0 .. p - 1`` by adding or subtracting p once, a multiplication and a
conversion instead of a 64-bit division (about five times faster).

References
----------
.. [1] P. Barrett, "Implementing the Rivest Shamir and Adleman public key
   encryption algorithm on a standard digital signal processor", CRYPTO '86,
   LNCS 263 (1987), 311-323.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .._compiled import kernel

#: ``x - ((x * magic) >> 24) * p`` is ``x % p`` in uint32 for ``p < SMALL_FIELD`` and ``0 <= x < p^2``
SMALL_FIELD = 256
BARRETT_SHIFT = 24
_SHIFT = np.uint32(BARRETT_SHIFT)


def barrett_magic(p: int) -> int:
    """The multiplier of Barrett's reduction for ``p < SMALL_FIELD``, else 0 (reduce with ``%``)."""
    return (1 << BARRETT_SHIFT) // p + 1 if p < SMALL_FIELD else 0


_POOLS = ("uint8", "uint32")


def _signatures(template: str) -> list[str]:
    """One signature per pool type (``POOL`` in the template)."""
    return [template.replace("POOL", pool) for pool in _POOLS]


@kernel("int64(int64, int64)", cache=True, nogil=True)
def inverse(a, p):
    """The inverse of ``a`` (``0 < a < p``) mod p, by the extended Euclidean algorithm."""
    r0, r1 = p, a
    s0, s1 = 0, 1
    while r1 != 0:
        q = r0 // r1
        r0, r1 = r1, r0 - q * r1
        s0, s1 = s1, s0 - q * s1
    return s0 % p


@kernel(_signatures("int64(POOL[::1], int64, int64, int64, int64)"), cache=True, nogil=True)
def _first_nonzero(pool, base, start, end, none):
    """The first column ``j`` in ``[start, end)`` with ``pool[base + j] != 0``, or ``none``."""
    for j in range(start, end):
        if pool[base + j] != 0:
            return j
    return none


@kernel(_signatures("void(POOL[::1], int64, int64, int64, int64, int64, int64, int64)"), cache=True, nogil=True)
def _add_multiple(pool, target, source, start, end, m, p, magic):
    """``row[j] += m * pivot[j] (mod p)`` for ``j`` in ``[start, end)``; rows at pool bases ``target``, ``source``."""
    row = pool[target + start : target + end]
    pivot = pool[source + start : source + end]
    if magic:  # p < 256: Barrett's reduction in uint32 (see the module docstring)
        m32, p32, magic32 = np.uint32(m), np.uint32(p), np.uint32(magic)
        for j in range(end - start):
            x = np.uint32(np.uint32(row[j]) + np.uint32(m32 * np.uint32(pivot[j])))
            q = np.uint32(np.uint32(x * magic32) >> _SHIFT)
            row[j] = x - np.uint32(q * p32)
    else:  # x < p^2 < 2**62, exact in int64; the quotient from double precision, then one correction
        reciprocal = 1.0 / p
        for j in range(end - start):
            x = np.int64(row[j]) + m * np.int64(pivot[j])
            r = x - np.int64(np.float64(x) * reciprocal) * p
            if r < 0:
                r += p
            elif r >= p:
                r -= p
            row[j] = r


@kernel(
        _signatures("int64(POOL[::1], int64[::1], int64[::1], int64[::1], int64[::1], int64, int64, int64, int64[::1])"),
    cache=True,
    nogil=True,
)
def echelon(pool, offset, lo, hi, rhs, p, magic, ncols, pivot_row):
    """Row echelon form in place (up to a row order), pivots scaled to 1; returns the rank.

    Parameters
    ----------
    pool, offset, lo, hi : arrays
        The rows as windows (see the module docstring); entries are changed in place.
    rhs : int64[rows]
        A right-hand side carried along (zeros when none), entries ``0..p-1``.
    p, magic : int
        The prime and :func:`barrett_magic` of it.
    ncols : int
        Number of columns of the matrix.
    pivot_row : int64[ncols]
        Out: the row holding the pivot of each column, ``-1`` for a free column.

    After the call the pivot row of column ``c`` is zero left of ``c``, 1 at
    ``c``, and lies inside its window; every other row is zero (its ``rhs``
    decides consistency).
    """
    rows = offset.shape[0]
    head = np.full(ncols + 1, -1, np.int64)  # bucket c: rows whose lead column is c (ncols: zero rows)
    nxt = np.full(rows, -1, np.int64)
    # E1: file every row under its lead column
    for r in range(rows - 1, -1, -1):
        lead = _first_nonzero(pool, offset[r] - lo[r], lo[r], hi[r], ncols)
        nxt[r] = head[lead]
        head[lead] = r
    rank = 0
    for c in range(ncols):
        first = head[c]
        if first == -1:
            pivot_row[c] = -1  # E2: no row leads here, column c is free
            continue
        # E3: the pivot is the row of the bucket whose window ends first; no other row's window must grow
        piv = first
        t = nxt[first]
        while t != -1:
            if hi[t] < hi[piv]:
                piv = t
            t = nxt[t]
        pivot_row[c] = piv
        rank += 1
        source = offset[piv] - lo[piv]
        end = hi[piv]
        # E4: scale the pivot row so that its lead is 1
        scale = inverse(np.int64(pool[source + c]), p)
        if scale != 1:
            for j in range(c, end):
                pool[source + j] = (np.int64(pool[source + j]) * scale) % p
            rhs[piv] = (rhs[piv] * scale) % p
        # E5: clear column c from the other rows of the bucket and re-file them under their new lead
        t = first
        while t != -1:
            following = nxt[t]
            if t != piv:
                target = offset[t] - lo[t]
                m = p - np.int64(pool[target + c])
                _add_multiple(pool, target, source, c, end, m, p, magic)
                rhs[t] = (rhs[t] + m * rhs[piv]) % p
                lead = _first_nonzero(pool, target, c + 1, hi[t], ncols)
                nxt[t] = head[lead]
                head[lead] = t
            t = following
        head[c] = -1
    return rank


@kernel("boolean(int64[::1], int64[::1])", cache=True, nogil=True)
def consistent(rhs, pivot_row):
    """True if every row that holds no pivot (a zero row after :func:`echelon`) has a zero right-hand side."""
    used = np.zeros(rhs.shape[0], np.bool_)
    for c in range(pivot_row.shape[0]):
        if pivot_row[c] >= 0:
            used[pivot_row[c]] = True
    for r in range(rhs.shape[0]):
        if not used[r] and rhs[r] != 0:
            return False
    return True


@kernel(
        _signatures(
        "void(POOL[::1], int64[::1], int64[::1], int64[::1], int64[::1], int64, int64[::1], int64[:, ::1], boolean)"
    ),
    cache=True,
    nogil=True,
)
def back_substitute(pool, offset, lo, hi, rhs, p, pivot_row, X, with_rhs):
    """Complete the columns of ``X`` into solutions, every pivot unknown from the last to the first.

    ``X`` is ``ncols x K``: column ``k`` is one vector, whose free unknowns
    the caller has set (the rows of pivot columns are overwritten).  Column 0
    solves ``A x = b`` when ``with_rhs``; every other column solves ``A x = 0``.
    """
    ncols, K = X.shape
    acc = np.zeros(K, np.int64)
    small = p < 256  # products below 2**16: sums of at most 2**31 of them stay exact unreduced
    for c in range(ncols - 1, -1, -1):
        r = pivot_row[c]
        if r < 0:
            continue
        base = offset[r] - lo[r]
        acc[:] = 0
        for j in range(c + 1, hi[r]):
            v = np.int64(pool[base + j])
            if v == 0:
                continue
            if small:
                for k in range(K):
                    acc[k] += v * X[j, k]
            else:
                for k in range(K):
                    acc[k] = (acc[k] + v * X[j, k]) % p
        for k in range(K):
            X[c, k] = (-acc[k]) % p
        if with_rhs:
            X[c, 0] = (rhs[r] - acc[0]) % p


@kernel(
        _signatures(
        "void(POOL[::1], int64[::1], int64[::1], int64[::1], int64, int64, int64[::1], int64[::1], int64[:, ::1])"
    ),
    cache=True,
    nogil=True,
)
def reduced_rows(pool, offset, lo, hi, p, magic, pivot_cols, pivot_rows, R):
    """The reduced row echelon form: ``R[i]`` becomes the row of pivot ``pivot_cols[i]``, later pivots cleared.

    ``R`` (``rank x ncols``, zeros on entry) is filled with the pivot rows
    ``pivot_rows`` left by :func:`echelon`, then cleared upwards: row ``i``
    is subtracted from every earlier row with a non-zero entry in column
    ``pivot_cols[i]``, over the span where row ``i`` may be non-zero.
    """
    rank = pivot_cols.shape[0]
    end = np.empty(rank, np.int64)  # one past the last column of R[i] that may be non-zero
    for i in range(rank):
        c, r = pivot_cols[i], pivot_rows[i]
        base = offset[r] - lo[r]
        for j in range(c, hi[r]):
            R[i, j] = pool[base + j]
        end[i] = hi[r]
    for i in range(rank - 1, -1, -1):
        c = pivot_cols[i]
        for above in range(i):
            f = R[above, c]
            if f == 0:
                continue
            m = p - f
            if magic:
                for j in range(c, end[i]):
                    x = R[above, j] + m * R[i, j]
                    R[above, j] = x - ((x * magic) >> BARRETT_SHIFT) * p
            else:
                for j in range(c, end[i]):
                    R[above, j] = (R[above, j] + m * R[i, j]) % p
            if end[i] > end[above]:
                end[above] = end[i]
