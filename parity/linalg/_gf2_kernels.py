"""Numba kernels for bit-packed GF(2) elimination (private; see parity.linalg.gf2).

A matrix with ``n`` columns is stored as ``uint64`` words, ``W = ceil(n / 64)``
words a row; column ``j`` is bit ``j % 64`` of word ``j // 64``.

The elimination keeps, for every row, its *lead* (first set column) and the end
of its non-zero words, and files rows in buckets by lead (linked lists).  Column
``c`` is eliminated by XOR-ing its pivot row into the other rows of bucket ``c``
only, over the pivot's non-zero words only, so a sparse or banded matrix costs
what its fill-in costs, and a dense one costs ``~ rows * cols * W / 4`` word
operations.  Every kernel has a plain-Python twin in ``_gf2_reference.py`` that
the tests compare against.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_M32 = np.uint64(0xFFFFFFFF)
_M16 = np.uint64(0xFFFF)
_M8 = np.uint64(0xFF)
_M4 = np.uint64(0xF)
_M2 = np.uint64(0x3)
_S32 = np.uint64(32)
_S16 = np.uint64(16)
_S8 = np.uint64(8)
_S4 = np.uint64(4)
_S2 = np.uint64(2)
_S1 = np.uint64(1)
_S63 = np.uint64(63)
_S6 = np.uint64(6)


@njit("int64(uint64)", cache=True, nogil=True)
def _ctz(x):
    """Index of the lowest set bit of a non-zero word."""
    n = 0
    if (x & _M32) == _ZERO:
        n += 32
        x >>= _S32
    if (x & _M16) == _ZERO:
        n += 16
        x >>= _S16
    if (x & _M8) == _ZERO:
        n += 8
        x >>= _S8
    if (x & _M4) == _ZERO:
        n += 4
        x >>= _S4
    if (x & _M2) == _ZERO:
        n += 2
        x >>= _S2
    if (x & _ONE) == _ZERO:
        n += 1
    return n


@njit("int64(uint64)", cache=True, nogil=True)
def _parity(x):
    """Parity (popcount mod 2) of a word."""
    x ^= x >> _S32
    x ^= x >> _S16
    x ^= x >> _S8
    x ^= x >> _S4
    x ^= x >> _S2
    x ^= x >> _S1
    return np.int64(x & _ONE)


@njit("int64(uint64[:], int64, int64)", cache=True, nogil=True)
def _lead_from(row, w0, w1):
    """First set column of ``row`` in words ``[w0, w1)``, or ``2**62`` if none."""
    for w in range(w0, w1):
        x = row[w]
        if x != _ZERO:
            return w * 64 + _ctz(x)
    return np.int64(1) << 62


@njit("int64(uint64[:,:], uint8[:], int64, int64[:], int64[:])", cache=True, nogil=True)
def echelon(M, rhs, ncols, pivot_row, row_end):
    """Row echelon form in place (up to a row order), returning the rank.

    Parameters
    ----------
    M : uint64[rows, W]
        The packed matrix; rows are XOR-ed in place.
    rhs : uint8[rows]
        A right-hand side carried along (zeros when none).
    ncols : int
        Number of columns of the matrix.
    pivot_row : int64[ncols]
        Out: the row holding the pivot of each column, ``-1`` for a free column.
    row_end : int64[rows]
        Out: one past the last word of each row that may be non-zero.

    After the call the pivot rows read, in column order, as a row echelon form;
    every other row is zero on the coefficient side (its ``rhs`` decides
    consistency).
    """
    rows, W = M.shape
    head = np.full(ncols + 1, -1, np.int64)  # bucket c: rows whose lead column is c
    nxt = np.full(rows, -1, np.int64)
    # E1: file every row under its lead column
    for r in range(rows - 1, -1, -1):
        end = W
        while end > 0 and M[r, end - 1] == _ZERO:
            end -= 1
        row_end[r] = end
        lead = _lead_from(M[r], 0, end)
        if lead > ncols:
            lead = ncols
        nxt[r] = head[lead]
        head[lead] = r
    rank = 0
    for c in range(ncols):
        first = head[c]
        if first == -1:
            pivot_row[c] = -1  # E2: no row leads here, column c is free
            continue
        # E3: choose the pivot among the rows leading at c: the shortest, to limit fill-in
        p = first
        t = nxt[first]
        while t != -1:
            if row_end[t] < row_end[p]:
                p = t
            t = nxt[t]
        pivot_row[c] = p
        rank += 1
        w0 = c >> 6
        end = row_end[p]
        # E4: clear column c from the other rows of the bucket and re-file them
        t = first
        while t != -1:
            following = nxt[t]
            if t != p:
                for w in range(w0, end):
                    M[t, w] ^= M[p, w]
                rhs[t] ^= rhs[p]
                if end > row_end[t]:
                    row_end[t] = end
                lead = _lead_from(M[t], w0, row_end[t])
                if lead > ncols:
                    lead = ncols
                nxt[t] = head[lead]
                head[lead] = t
            t = following
        head[c] = -1
    return rank


@njit("boolean(uint8[:], int64[:], int64)", cache=True, nogil=True)
def consistent(rhs, pivot_row, rows):
    """True if every non-pivot (zero) row has a zero right-hand side."""
    used = np.zeros(rows, np.bool_)
    for c in range(pivot_row.shape[0]):
        if pivot_row[c] >= 0:
            used[pivot_row[c]] = True
    for r in range(rows):
        if not used[r] and rhs[r] != 0:
            return False
    return True


@njit("void(uint64[:,:], uint8[:], int64[:], int64[:], uint64[:], int64)", cache=True, nogil=True)
def back_substitute(M, rhs, pivot_row, row_end, x, start):
    """Complete ``x`` (packed, free columns already set) so that the pivot rows hold.

    Pivot columns are filled from column ``start - 1`` down to 0; pivot columns
    at or beyond ``start`` must already be right (zero when nothing to their
    right is set).
    """
    for c in range(start - 1, -1, -1):
        p = pivot_row[c]
        if p < 0:
            continue
        acc = _ZERO
        for w in range(c >> 6, row_end[p]):
            acc ^= M[p, w] & x[w]
        bit = (_parity(acc) ^ np.int64(rhs[p])) & 1
        if bit:
            x[c >> 6] |= _ONE << np.uint64(c & 63)
        else:
            x[c >> 6] &= ~(_ONE << np.uint64(c & 63))


@njit("uint64[:,:](uint64[:,:], int64[:], int64[:], int64)", cache=True, nogil=True)
def null_basis(M, pivot_row, row_end, ncols):
    """One basis vector per free column ``f``: ``x_f = 1``, other free columns 0."""
    W = (ncols + 63) // 64
    free = 0
    for c in range(ncols):
        if pivot_row[c] < 0:
            free += 1
    basis = np.zeros((free, W), np.uint64)
    zero_rhs = np.zeros(M.shape[0], np.uint8)
    k = 0
    for f in range(ncols):
        if pivot_row[f] >= 0:
            continue
        basis[k, f >> 6] = _ONE << np.uint64(f & 63)
        back_substitute(M, zero_rhs, pivot_row, row_end, basis[k], f)
        k += 1
    return basis


@njit("void(uint64[:,:], int64[:], int64[:], int64)", cache=True, nogil=True)
def reduce_upwards(M, pivot_row, row_end, ncols):
    """Turn the echelon form left by :func:`echelon` into the reduced echelon form."""
    for c in range(ncols - 1, -1, -1):
        p = pivot_row[c]
        if p < 0:
            continue
        w0 = c >> 6
        mask = _ONE << np.uint64(c & 63)
        end = row_end[p]
        for c2 in range(c):
            q = pivot_row[c2]
            if q < 0 or (M[q, w0] & mask) == _ZERO:
                continue
            for w in range(w0, end):
                M[q, w] ^= M[p, w]
            if end > row_end[q]:
                row_end[q] = end


@njit("int64(uint64[:], uint64[:,:], int64, int64[:], int64)", cache=True, nogil=True)
def gray_min_weight(x, basis, steps, best_code, first_step):
    """Walk ``x + span(basis)`` in Gray-code order and return the least weight seen.

    ``x`` is the coset point of step ``first_step - 1`` (modified in place: on
    return it is the point of step ``first_step + steps - 1``).  The Gray code
    of the best step is written to ``best_code[0]``; the caller starts with
    ``best_code[0] = -1`` and weight of the start point compared outside.
    """
    W = x.shape[0]
    best = np.int64(1) << 62
    for s in range(first_step, first_step + steps):
        # S1: the Gray code of step s differs from that of s - 1 in bit ctz(s)
        j = _ctz(np.uint64(s))
        weight = 0
        for w in range(W):
            x[w] ^= basis[j, w]
            v = x[w]
            # popcount by the SWAR method
            v = v - ((v >> _S1) & np.uint64(0x5555555555555555))
            v = (v & np.uint64(0x3333333333333333)) + ((v >> _S2) & np.uint64(0x3333333333333333))
            v = (v + (v >> _S4)) & np.uint64(0x0F0F0F0F0F0F0F0F)
            weight += np.int64((v * np.uint64(0x0101010101010101)) >> np.uint64(56))
        if weight < best:
            best = weight
            best_code[0] = s ^ (s >> 1)
    return best
