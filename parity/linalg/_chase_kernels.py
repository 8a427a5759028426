"""Numba kernels for light chasing over GF(2) (private; see parity.linalg.chase).

Rows of a board are bit-packed as in ``parity.linalg.gf2``: ``W = ceil(n / 64)``
``uint64`` words a row, column ``j`` at bit ``j % 64`` of word ``j // 64``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .._compiled import kernel

_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_S1 = np.uint64(1)
_S63 = np.uint64(63)


@kernel("void(uint64[:], uint64[:], int64, boolean)", cache=True, nogil=True)
def adjacent(src, dst, n, wrap):
    """``dst ^= A src`` for the adjacency ``A`` of the path (or, with ``wrap``, the cycle) on ``n`` nodes."""
    W = src.shape[0]
    for w in range(W):
        left = src[w] << _S1  # bit j -> j + 1
        if w > 0:
            left |= src[w - 1] >> _S63
        right = src[w] >> _S1  # bit j -> j - 1
        if w + 1 < W:
            right |= src[w + 1] << _S63
        dst[w] ^= left ^ right
    last = (n - 1) // 64
    top = np.uint64((n - 1) % 64)
    # shifting left pushed bit n - 1 to bit n: clear it (it lies in word n // 64, the last or past it)
    spill = n // 64
    if spill < W:
        dst[spill] &= ~(_ONE << np.uint64(n % 64))
    if wrap:
        if (src[last] >> top) & _ONE:  # the cycle: node n - 1 also touches node 0
            dst[0] ^= _ONE
        if src[0] & _ONE:
            dst[last] ^= _ONE << top


@kernel("void(uint64[:, :], uint64[:, :], int64, boolean, boolean, uint64[:, :])", cache=True, nogil=True)
def chase(rhs, start, n, closed, wrap, rows):
    """Light chasing: ``rows[r + 1] = rhs[r] + T rows[r] + rows[r - 1]`` for ``r = 0 .. m - 1``.

    ``start`` holds ``rows[-1]`` and ``rows[0]`` (its two rows); ``rows`` has
    ``m + 1`` rows, so ``rows[m]`` is what the last row of lights still needs
    (zero for a solution).  ``T`` is the row's own toggle matrix: the
    adjacency of the path (cycle with ``wrap``), plus the identity when
    ``closed``.  ``rhs`` has ``m`` rows.
    """
    m = rhs.shape[0]
    W = rows.shape[1]
    for w in range(W):  # (a loop: an array's slice assignment compiles numpy's broadcasting, seconds)
        rows[0, w] = start[1, w]
    for r in range(m):
        dst = rows[r + 1]
        cur = rows[r]
        for w in range(W):
            dst[w] = rhs[r, w]
        prev = start[0] if r == 0 else rows[r - 1]
        for w in range(W):
            dst[w] ^= prev[w]
        if closed:
            for w in range(W):
                dst[w] ^= cur[w]
        adjacent(cur, dst, n, wrap)


@kernel("void(uint64[:, :], uint64[:], int64, int64, boolean)", cache=True, nogil=True)
def first_columns(out, seed, n, steps, closed):
    """The first column of the chase matrices: ``out[k]`` is ``P_{steps - len(out) + 1 + k} e_0``.

    ``P_{-1} = 0``, ``P_0 = I`` and ``P_{r+1} = T P_r + P_{r-1}`` over GF(2),
    for ``T`` the path's toggle matrix; ``seed`` is ``e_0`` packed.  Only the
    last ``len(out)`` iterates are kept.
    """
    W = seed.shape[0]
    keep = out.shape[0]
    prev = np.zeros(W, dtype=np.uint64)
    cur = np.zeros(W, dtype=np.uint64)
    nxt = np.zeros(W, dtype=np.uint64)
    for w in range(W):  # (loops, not slices: a slice assignment compiles numpy's broadcasting, seconds the first time)
        cur[w] = seed[w]
    for r in range(steps + 1):
        k = r - (steps + 1 - keep)
        if k >= 0:
            for w in range(W):
                out[k, w] = cur[w]
        if r == steps:
            break
        for w in range(W):
            nxt[w] = prev[w]
        if closed:
            for w in range(W):
                nxt[w] ^= cur[w]
        adjacent(cur, nxt, n, False)
        prev, cur, nxt = cur, nxt, prev


@kernel("void(uint64[:, :], int64)", cache=True, nogil=True)
def fill_path(out, n):
    """Complete a polynomial in the path's toggle matrix from its first column ``out[0]``.

    Such a matrix ``P`` commutes with the path adjacency ``A``, and
    ``e_{j+1} = A e_j + e_{j-1}``, so column ``j + 1`` is ``A col_j + col_{j-1}``.
    ``P`` is symmetric, so the columns written as rows are its rows.
    """
    rows = out.shape[0]
    for j in range(rows - 1):
        dst = out[j + 1]
        for w in range(out.shape[1]):
            dst[w] = out[j - 1, w] if j > 0 else _ZERO
        adjacent(out[j], dst, n, False)


@kernel("void(uint64[:, :], int64[:], int64[:], int64[:], int64[:], uint8[:], int64)", cache=True, nogil=True)
def propagate(values, forced, by, ptr, cols, rhs, const_bit):
    """Chasing on any GF(2) system: ``values[v] = rhs[e] + sum of values[c]`` over the other unknowns ``c`` of ``e``.

    Row ``v`` of ``values`` is a packed vector of bits; the rows of the
    forcing set are preset.  Unknown ``forced[i]`` is forced by equation
    ``by[i]`` (columns ``cols[ptr[e]:ptr[e + 1]]``), in that order; the
    right-hand side ``rhs[e]`` enters as bit ``const_bit``.  Symbolically the
    bits are the forcing-set unknowns and a constant; numerically each bit is
    one vector being rebuilt (the particular solution at ``const_bit = 0``).
    """
    W = values.shape[1]
    word = const_bit // 64
    bit = _ONE << np.uint64(const_bit % 64)
    for i in range(forced.shape[0]):
        v = forced[i]
        e = by[i]
        dst = values[v]
        for w in range(W):
            dst[w] = _ZERO
        for k in range(ptr[e], ptr[e + 1]):
            c = cols[k]
            if c != v:
                src = values[c]
                for w in range(W):
                    dst[w] ^= src[w]
        if rhs[e]:
            dst[word] ^= bit


@kernel("void(uint64[:, :], int64[:], int64[:], int64[:], uint8[:], int64, uint64[:, :])", cache=True, nogil=True)
def residual(values, equations, ptr, cols, rhs, const_bit, out):
    """``out[i] = rhs[e] + sum of values[c]`` over the columns ``c`` of equation ``e = equations[i]``."""
    W = values.shape[1]
    word = const_bit // 64
    bit = _ONE << np.uint64(const_bit % 64)
    for i in range(equations.shape[0]):
        e = equations[i]
        dst = out[i]
        for w in range(W):
            dst[w] = _ZERO
        for k in range(ptr[e], ptr[e + 1]):
            src = values[cols[k]]
            for w in range(W):
                dst[w] ^= src[w]
        if rhs[e]:
            dst[word] ^= bit


@kernel("int64[:](int64[:], int64[:], int64)", cache=True, nogil=True)
def greedy_forcing(ptr, cols, ncols):
    """A forcing set and the order of forcing, found greedily in one pass.

    Returns ``[f, F..., v_1, e_1, v_2, e_2, ...]``: the size ``f`` of the
    forcing set, its unknowns, then each forced unknown with the equation
    that forced it.  When propagation stops, the first undetermined unknown
    joins the forcing set.
    """
    neq = ptr.shape[0] - 1
    # equations by column
    count = np.zeros(ncols + 1, dtype=np.int64)
    for k in range(cols.shape[0]):
        count[cols[k] + 1] += 1
    for c in range(ncols):
        count[c + 1] += count[c]
    on = np.empty(cols.shape[0], dtype=np.int64)
    fill = count[:-1].copy()
    for e in range(neq):
        for k in range(ptr[e], ptr[e + 1]):
            c = cols[k]
            on[fill[c]] = e
            fill[c] += 1
    unknown = np.empty(neq, dtype=np.int64)
    for e in range(neq):
        unknown[e] = ptr[e + 1] - ptr[e]
    known = np.zeros(ncols, dtype=np.bool_)
    used = np.zeros(neq, dtype=np.bool_)
    queue = np.empty(neq + cols.shape[0] + 1, dtype=np.int64)
    forcing = np.empty(ncols, dtype=np.int64)
    nforcing = 0
    order = np.empty(2 * ncols, dtype=np.int64)
    norder = 0
    head = 0
    tail = 0
    nxt = 0
    settled = 0
    while settled < ncols:
        if head == tail:
            while known[nxt]:
                nxt += 1
            c = nxt
            forcing[nforcing] = c
            nforcing += 1
        else:
            e = queue[head]
            head += 1
            if used[e] or unknown[e] != 1:
                continue
            c = -1
            for k in range(ptr[e], ptr[e + 1]):
                if not known[cols[k]]:
                    c = cols[k]
                    break
            used[e] = True
            order[norder] = c
            order[norder + 1] = e
            norder += 2
        known[c] = True
        settled += 1
        for k in range(count[c], count[c + 1]):
            e = on[k]
            unknown[e] -= 1
            if unknown[e] == 1 and not used[e]:
                queue[tail] = e
                tail += 1
    result = np.empty(1 + nforcing + norder, dtype=np.int64)
    result[0] = nforcing
    for k in range(nforcing):  # (loops, not slices: see chase)
        result[1 + k] = forcing[k]
    for k in range(norder):
        result[1 + nforcing + k] = order[k]
    return result
