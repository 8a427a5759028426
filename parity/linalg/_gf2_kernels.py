"""Numba kernels for bit-packed GF(2) elimination (private; see parity.linalg.gf2).

A matrix with ``n`` columns is stored as ``uint64`` words, ``W = ceil(n / 64)``
words a row; column ``j`` is bit ``j % 64`` of word ``j // 64``.

Two eliminations leave the same kind of echelon form (``pivot_row[c]`` is the
row holding the pivot of column ``c``, zero left of ``c``; every other row is
zero on the coefficient side), and one can hand over to the other at a
64-column boundary:

* :func:`echelon`, *bucketed*: every row is kept with its *lead* (first set
  column) and the end of its non-zero words, and filed in a bucket by lead
  (linked lists).  Column ``c`` is eliminated by XOR-ing its pivot row into the
  other rows of bucket ``c`` only, over the pivot's non-zero words only, so a
  sparse or banded matrix costs what its fill-in costs.  It counts the words it
  XORs and, given a ``dense_ratio``, stops at the first 64-column strip where
  that count (or an estimate from the rows filed there) exceeds what the Four
  Russians kernel would spend on the strip.
* :func:`m4r_echelon`, the *method of Four Russians* (M4RI [1]_, [2]_) for
  dense matrices: 64 columns (a *strip*) at a time, the strip's pivot rows are
  found and brought to reduced form on the strip, and every other row is
  cleared with 8 lookups in Gray-code tables of 256 combinations of 8 pivot
  rows each, instead of up to 64 row additions.  Four strips (a *panel*) are
  searched on the panel's words first and applied to the rest of the matrix
  together, and the matrix is copied into tiles of 8 words (one cache line)
  so that a pass over the rows reads memory in order, with the tables of a
  tile (512 KiB) in L2.  The XORs of whole tiles are written as LLVM vector
  operations (``<8 x i64>``, legalised to AVX-512, AVX2 or SSE registers).

Every kernel has a plain-Python twin in ``_gf2_reference.py`` that the tests
compare against.

References
----------
.. [1] V. Arlazarov, E. Dinic, M. Kronrod, I. Faradzev, "On economical
   construction of the transitive closure of a directed graph", Soviet Math.
   Doklady 11 (1970).
.. [2] M. Albrecht, G. Bard, W. Hart, "Algorithm 898: Efficient multiplication
   of dense matrices over GF(2)", ACM TOMS 37 (2010); M. Albrecht, C. Pernet,
   "Efficient decomposition of dense matrices over GF(2)", arXiv:1006.1744.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from .._compiled import kernel
from ._word_kernels import _M8, _ONE, _S8, _S16, _S32, _ZERO, _ctz, _parity, _popcount  # noqa: F401  (shared)


@kernel("int64(uint64[:], int64, int64)", cache=True, nogil=True)
def _lead_from(row, w0, w1):
    """First set column of ``row`` in words ``[w0, w1)``, or ``2**62`` if none."""
    for w in range(w0, w1):
        x = row[w]
        if x != _ZERO:
            return w * 64 + _ctz(x)
    return np.int64(1) << 62


@kernel("UniTuple(int64, 3)(uint64[:,:], int64, int64[:], int64[:])", cache=True, nogil=True)
def row_extents(M, ncols, lead, row_end):
    """Each row's lead column (``ncols`` for a zero row) and one past its last non-zero word.

    Returns the number of non-zero rows, and the sum and the largest of their
    spans in words (from the lead's word to the last non-zero one).
    """
    rows, W = M.shape
    nonzero = 0
    spans = 0
    widest = 0
    for r in range(rows - 1, -1, -1):  # the first rows, which elimination starts with, are read last
        end = W
        while end > 0 and M[r, end - 1] == _ZERO:
            end -= 1
        row_end[r] = end
        first = _lead_from(M[r], 0, end)
        lead[r] = first if first < ncols else ncols
        if lead[r] < ncols:
            nonzero += 1
            span = end - (lead[r] >> 6)
            spans += span
            widest = max(widest, span)
    return nonzero, spans, widest


@kernel(
        "int64(uint64[:,:], int64, int64[:], int64[:], int64[:], int64, int64, float64, int64, int64[:])",
    cache=True,
    nogil=True,
)
def _hand_over(M, ncols, row_end, head, nxt, c, live, dense_ratio, dense_start, rest):
    """:func:`echelon`'s step E0 at strip ``c``: -1 to go on, or the number of rows handed over in ``rest``."""
    W = M.shape[1]
    w = c >> 6
    # every row filed in the strip is XOR-ed about once per set bit of its strip word but the lead
    estimate = 0
    for c2 in range(c, min(c + 64, ncols)):
        t = head[c2]
        while t != -1:
            estimate += (_popcount(M[t, w] >> np.uint64(c2 & 63)) - 1) * (row_end[t] - w)
            t = nxt[t]
    if estimate <= dense_ratio * (live + 256) * (W - w) or estimate * (W - w) <= dense_start:
        return -1
    count = 0
    for c2 in range(c, ncols):
        t = head[c2]
        while t != -1:
            rest[count] = t
            count += 1
            t = nxt[t]
    rest[:count].sort()
    return count


def _bucketed(adaptive: bool):
    """The bucketed kernel, compiled with the hand-over (step E0) or without it (a dead branch costs 3 %)."""

    @kernel(
        "UniTuple(int64, 2)(uint64[:,:], uint8[:], int64, int64[:], int64[:], int64[:], float64, int64, int64[:])",
        cache=True,
        nogil=True,
    )
    def echelon(M, rhs, ncols, pivot_row, row_end, lead, dense_ratio, dense_start, rest):
        """Bucketed row echelon form in place (up to a row order), possibly stopping for :func:`m4r_echelon`.

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
            In: one past the last non-zero word of each row (see :func:`row_extents`);
            out: one past the last word that may be non-zero.
        lead : int64[rows]
            Each row's first set column, ``ncols`` for a zero row (see :func:`row_extents`).
        dense_ratio : float
            Negative: eliminate every column here.  Otherwise, at the start of each
            64-column strip, stop if the words this kernel would XOR in the strip
            (estimated from the rows filed there: each row about once per set bit
            of its strip word, over its length) exceed ``dense_ratio * (live rows +
            256) * words left``, the Four Russians kernel's work on the strip, and
            that many words a strip for the strips left exceed ``dense_start``, the
            Four Russians kernel's start-up.
        dense_start : int
            See ``dense_ratio``.
        rest : int64[rows]
            Out, when stopping: the non-zero rows left (not pivots), in increasing order.

        Returns
        -------
        (column, count)
            The column where elimination stopped (``ncols`` when done; a multiple
            of 64 otherwise) and the number of rows written to ``rest``.

        Pivot rows of the columns before the stop read, in column order, as a row
        echelon form; every other row is zero before the stop column (zero rows
        are zero on the whole coefficient side, and their ``rhs`` decides
        consistency).
        """
        rows, W = M.shape
        head = np.full(ncols + 1, -1, np.int64)  # bucket c: rows whose lead column is c
        nxt = np.full(rows, -1, np.int64)
        # E1: file every row under its lead column
        nonzero = 0
        for r in range(rows - 1, -1, -1):
            nxt[r] = head[lead[r]]
            head[lead[r]] = r
            if lead[r] < ncols:
                nonzero += 1
        pivots = 0  # up to the last strip
        zeroed = 0  # rows that became zero
        for strip in range(0, ncols, 64):
            if adaptive and dense_ratio >= 0.0:
                # E0: hand the rest to the Four Russians kernel if the buckets would cost more than it
                for c in range(max(0, strip - 64), strip):
                    if pivot_row[c] >= 0:
                        pivots += 1
                live = nonzero - pivots - zeroed
                if live == 0:
                    dense_ratio = -1.0  # nothing left to hand over
                else:
                    count = _hand_over(M, ncols, row_end, head, nxt, strip, live, dense_ratio, dense_start, rest)
                    if count >= 0:
                        return strip, count
            for c in range(strip, min(strip + 64, ncols)):
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
                        new_lead = _lead_from(M[t], w0, row_end[t])
                        if new_lead >= ncols:
                            new_lead = ncols
                            zeroed += 1
                        nxt[t] = head[new_lead]
                        head[new_lead] = t
                    t = following
                head[c] = -1
        return ncols, 0

    return echelon


#: The bucketed kernel with the hand-over to the Four Russians kernel, and without it (``dense_ratio`` ignored).
echelon = _bucketed(True)
echelon_banded = _bucketed(False)


# -- the method of Four Russians ------------------------------------------------------------------

#: Words in a tile: the dense kernel's matrix is kept as tiles of this many words a row (64 bytes,
#: one cache line), and its tables' entries are tiles.
TILE = 8
#: Strips (64 columns each) in a panel: searched for pivots together, then applied to the rest of the
#: matrix in one pass.  A panel's tables (4 strips x 8 tables x 256 tiles, 512 KiB) fit in L2.
PANEL = 4


def _block_xors(width: int):
    """Intrinsics XOR-ing blocks of ``width`` words of 1-D uint64 arrays as ``<width x i64>`` LLVM values.

    numba arrays carry no aliasing information, so a loop over a block's words
    would be vectorised behind run-time overlap checks on every pointer, once
    per row; whole blocks as LLVM vectors need none, and LLVM legalises them to
    the machine's registers (AVX-512, AVX2 or SSE).
    """

    def pointer(context, builder, array_type, array, offset):
        data = context.make_array(array_type)(context, builder, array).data
        return builder.bitcast(builder.gep(data, [offset]), ir.VectorType(ir.IntType(64), width).as_pointer())

    @intrinsic
    def xor8(typingctx, dst, at, tables, o0, o1, o2, o3, o4, o5, o6, o7):
        """``dst[at : at + width] ^= tables[o : o + width]`` for each of the 8 offsets ``o``."""

        def codegen(context, builder, sig, args):
            target = pointer(context, builder, sig.args[0], args[0], args[1])
            acc = builder.load(target, align=8)
            for k in range(8):
                entry = pointer(context, builder, sig.args[2], args[2], args[3 + k])
                acc = builder.xor(acc, builder.load(entry, align=8))
            builder.store(acc, target, align=8)
            return context.get_dummy_value()

        return types.void(dst, at, tables, o0, o1, o2, o3, o4, o5, o6, o7), codegen

    @intrinsic
    def xor2(typingctx, dst, at, a, a_at, b, b_at):
        """``dst[at : at + width] = a[a_at : a_at + width] ^ b[b_at : b_at + width]``."""

        def codegen(context, builder, sig, args):
            x = builder.load(pointer(context, builder, sig.args[2], args[2], args[3]), align=8)
            y = builder.load(pointer(context, builder, sig.args[4], args[4], args[5]), align=8)
            builder.store(builder.xor(x, y), pointer(context, builder, sig.args[0], args[0], args[1]), align=8)
            return context.get_dummy_value()

        return types.void(dst, at, a, a_at, b, b_at), codegen

    @njit(cache=True, nogil=True, inline="always")
    def lookup(flat, at, tables, base, y):
        """Add to the block at ``flat[at]`` the 8 table entries picked by the bytes of ``y`` (tables from ``base``)."""
        xor8(
            flat,
            at,
            tables,
            base + np.int64(y & _M8) * width,
            base + (256 + np.int64((y >> _S8) & _M8)) * width,
            base + (512 + np.int64((y >> _S16) & _M8)) * width,
            base + (768 + np.int64((y >> np.uint64(24)) & _M8)) * width,
            base + (1024 + np.int64((y >> _S32) & _M8)) * width,
            base + (1280 + np.int64((y >> np.uint64(40)) & _M8)) * width,
            base + (1536 + np.int64((y >> np.uint64(48)) & _M8)) * width,
            base + (1792 + np.int64((y >> np.uint64(56)) & _M8)) * width,
        )

    return xor2, lookup


_tile_xor, _lookup = _block_xors(TILE)
_panel_xor, _panel_lookup = _block_xors(PANEL)


@kernel("int64(uint64[:,:], uint8[:], int64, int64[:], int64[:], int64[:], int64)", cache=True, nogil=True)
def m4r_echelon(M, rhs, ncols, pivot_row, row_end, active, start_word):
    """Row echelon form by the method of Four Russians, from word ``start_word`` on, returning the rank found.

    Parameters
    ----------
    M : uint64[rows, W]
        The packed matrix; the rows in ``active`` are rewritten from ``start_word`` on.
    rhs : uint8[rows]
        A right-hand side carried along.
    ncols : int
        Number of columns of the matrix.
    pivot_row : int64[ncols]
        Out, for the columns from ``64 * start_word`` on: the row holding each
        pivot, ``-1`` for a free column.
    row_end : int64[rows]
        Out: for each new pivot row, one past its last non-zero word.
    active : int64[n]
        The rows to eliminate (every other row is left alone), in increasing
        order; each must be zero before word ``start_word``.
    start_word : int
        The first word (64-column strip) to eliminate.

    A pivot row of column ``c`` is zero left of ``c`` and at every other pivot
    column of its strip (reduced on the strip); the active rows left over are
    zero from ``start_word`` on.  :func:`echelon` leaves exactly this shape
    before its stop column, so the two chain.
    """
    rows, W = M.shape
    n0 = active.shape[0]
    q0 = start_word // TILE
    Q = (W + TILE - 1) // TILE - q0
    # F0: the active rows as tiles, T[q, i] = words TILE * (q0 + q) ... of row active[i]
    T = np.zeros((Q, n0, TILE), np.uint64)
    for i in range(n0):
        r = active[i]
        for q in range(Q):
            for j in range(TILE):
                w = (q0 + q) * TILE + j
                if w < W:
                    T[q, i, j] = M[r, w]
    flat = T.reshape(-1)
    tile_step = n0 * TILE  # from one tile of a row to the next
    G = np.empty((PANEL, 8, 256, TILE), np.uint64)  # per strip of the panel, 8 tables of 256 tiles
    tables = G.reshape(-1)
    table_step = 8 * 256 * TILE
    narrow = np.empty((8, 256, PANEL), np.uint64)  # the same for the panel's own words
    narrow_flat = narrow.reshape(-1)
    rhs_tables = np.zeros((8, 256), np.uint8)
    Y = np.zeros((8, 256), np.uint64)  # byte of a strip word -> combination of the strip's pivot rows
    y = np.empty((PANEL, n0), np.uint64)  # per strip and row: the combination of pivot rows to add
    P = np.empty((n0, PANEL), np.uint64)  # the panel's words
    panel_flat = P.reshape(-1)
    order = np.arange(n0)  # active rows by position in T, the pivot rows of past panels taken out
    n_act = n0
    strip_of = np.full(n0, -1, np.int64)  # the strip of the panel where a row became a pivot
    spos = np.zeros((PANEL, 64), np.int64)  # positions of each strip's pivot rows, slot order
    found_in = np.zeros(PANEL, np.int64)
    basis = np.zeros(64, np.uint64)
    bpos = np.full(64, -1, np.int64)
    word = np.zeros(64, np.uint64)
    comb = np.zeros(64, np.uint64)
    col = np.zeros(64, np.int64)
    slot_of_col = np.full(64, -1, np.int64)
    rank = 0
    w0 = start_word
    while w0 < W:
        K = min(PANEL, W - w0)
        for k in range(n_act):
            i = order[k]
            for s in range(PANEL):
                w = w0 + s
                P[i, s] = T[w // TILE - q0, i, w % TILE] if s < K else _ZERO
        # F1-F4, strip by strip on the panel's words
        for s in range(K):
            found_in[s] = 0
            w = w0 + s
            c0 = w * 64
            width = min(64, ncols - c0)
            mask = ~_ZERO if width == 64 else (_ONE << np.uint64(width)) - _ONE
            for b in range(width):
                pivot_row[c0 + b] = -1
            for k in range(n_act):
                y[s, order[k]] = _ZERO
            # F1: the pivot columns and rows: insert strip words into an XOR basis keyed by lowest bit
            for b in range(64):
                bpos[b] = -1
            found = 0
            for k in range(n_act):
                i = order[k]
                if strip_of[i] >= 0:
                    continue
                x = P[i, s] & mask
                while x != _ZERO:
                    b = _ctz(x)
                    if bpos[b] >= 0:
                        x ^= basis[b]
                    else:
                        basis[b] = x
                        bpos[b] = i
                        found += 1
                        break
                if found == width:
                    break
            if found == 0:
                continue
            m = 0
            for b in range(64):
                slot_of_col[b] = -1
                if bpos[b] >= 0:
                    col[m] = b
                    spos[s, m] = bpos[b]
                    word[m] = P[bpos[b], s] & mask
                    comb[m] = _ONE << np.uint64(m)
                    m += 1
            found_in[s] = m
            # F2: Gauss-Jordan on the m strip words; comb[j] says which pivot rows make reduced word j
            for j in range(m):
                bit = _ONE << np.uint64(col[j])
                k = j
                while (word[k] & bit) == _ZERO:
                    k += 1
                if k != j:
                    word[j], word[k] = word[k], word[j]
                    comb[j], comb[k] = comb[k], comb[j]
                for i in range(m):
                    if i != j and (word[i] & bit) != _ZERO:
                        word[i] ^= word[j]
                        comb[i] ^= comb[j]
            for j in range(m):
                pivot_row[c0 + col[j]] = active[spos[s, j]]
                slot_of_col[col[j]] = j
            # F3: each row's combination of pivot rows, from its strip word a byte at a time; a pivot
            # row takes the combination that turns it into its reduced form
            for t in range(8):
                Y[t, 0] = _ZERO
                for v in range(1, 256):
                    low = v & (-v)
                    j = slot_of_col[8 * t + _ctz(np.uint64(low))]
                    Y[t, v] = Y[t, v ^ low] ^ (comb[j] if j >= 0 else _ZERO)
            for k in range(n_act):
                i = order[k]
                if strip_of[i] >= 0:
                    continue
                x = P[i, s] & mask
                acc = _ZERO
                for t in range(8):
                    acc ^= Y[t, (x >> np.uint64(8 * t)) & _M8]
                y[s, i] = acc
            for j in range(m):
                y[s, spos[s, j]] = comb[j] ^ (_ONE << np.uint64(j))
                strip_of[spos[s, j]] = s
            # F4: Gray-code tables of 8 pivot rows' right-hand sides and panel words, applied at once
            groups = (m + 7) // 8
            for g in range(8):
                rhs_tables[g, 0] = 0
                for j in range(PANEL):
                    narrow[g, 0, j] = _ZERO
            for g in range(groups):
                for v in range(1, 256):
                    gv = v ^ (v >> 1)
                    gp = (v - 1) ^ ((v - 1) >> 1)
                    k = 8 * g + _ctz(np.uint64(v))  # the Gray codes of v - 1 and v differ in bit ctz(v)
                    at = (g * 256 + gv) * PANEL
                    prev = (g * 256 + gp) * PANEL
                    if k < m:
                        rhs_tables[g, gv] = rhs_tables[g, gp] ^ rhs[active[spos[s, k]]]
                        _panel_xor(narrow_flat, at, narrow_flat, prev, panel_flat, spos[s, k] * PANEL)
                    else:
                        rhs_tables[g, gv] = rhs_tables[g, gp]
                        for j in range(PANEL):
                            narrow_flat[at + j] = narrow_flat[prev + j]
            for k in range(n_act):
                i = order[k]
                yy = y[s, i]
                if yy == _ZERO:
                    continue
                bit8 = np.uint8(0)
                for g in range(groups):
                    bit8 ^= rhs_tables[g, (yy >> np.uint64(8 * g)) & _M8]
                rhs[active[i]] ^= bit8
                # (the tables are zero on the panel's words before this strip)
                _panel_lookup(panel_flat, i * PANEL, narrow_flat, 0, yy)
            rank += m
        # F5: the panel applied to every tile from its own on, one tile at a time
        for q in range(w0 // TILE - q0, Q):
            for s in range(K):
                base = s * table_step
                m = found_in[s]
                for g in range(8):
                    for j in range(TILE):
                        G[s, g, 0, j] = _ZERO
                    if 8 * g >= m:
                        continue
                    for v in range(1, 256):
                        gv = v ^ (v >> 1)
                        gp = (v - 1) ^ ((v - 1) >> 1)
                        k = 8 * g + _ctz(np.uint64(v))
                        at = base + (g * 256 + gv) * TILE
                        prev = base + (g * 256 + gp) * TILE
                        if k < m:
                            _tile_xor(tables, at, tables, prev, flat, q * tile_step + spos[s, k] * TILE)
                        else:
                            for j in range(TILE):
                                tables[at + j] = tables[prev + j]
                # the pivot rows of this strip and of the later ones were active at this strip; the
                # tables of the next strip are built from rows brought up to date here
                for t in range(s, K):
                    for j in range(found_in[t]):
                        i = spos[t, j]
                        if y[s, i] != _ZERO:
                            _lookup(flat, q * tile_step + i * TILE, tables, base, y[s, i])
            for t in range(K):  # the panel's pivot rows are final
                for j in range(found_in[t]):
                    i = spos[t, j]
                    r = active[i]
                    for jj in range(TILE):
                        w = (q0 + q) * TILE + jj
                        if w < W:
                            M[r, w] = T[q, i, jj]
            for k in range(n_act):
                i = order[k]
                if strip_of[i] >= 0:
                    continue
                at = q * tile_step + i * TILE
                for s in range(K):
                    if y[s, i] != _ZERO:
                        _lookup(flat, at, tables, s * table_step, y[s, i])
        for t in range(K):  # ... and zero before the panel's first tile (only T was updated there)
            for j in range(found_in[t]):
                r = active[spos[t, j]]
                for w in range(start_word, (w0 // TILE) * TILE):
                    M[r, w] = _ZERO
                end = W
                while M[r, end - 1] == _ZERO:  # a pivot row is not zero
                    end -= 1
                row_end[r] = end
        kept = 0
        for k in range(n_act):
            if strip_of[order[k]] < 0:
                order[kept] = order[k]
                kept += 1
        n_act = kept
        w0 += K
    for k in range(n_act):  # F6: the rows left over are zero
        r = active[order[k]]
        for w in range(start_word, W):
            M[r, w] = _ZERO
    return rank


# -- a bandwidth-reducing column order ---------------------------------------------------------------


@kernel("void(uint64[:,:], int64, int64[:], int64[:], int64[:])", cache=True, nogil=True)
def permute_columns(M, ncols, target, lead, row_end):
    """Move column ``c`` to column ``target[c]`` in place (bits past ``ncols`` dropped), updating the row extents."""
    rows, W = M.shape
    saved = np.empty(W, np.uint64)
    for r in range(rows):
        w0, w1 = lead[r] >> 6, row_end[r]
        for w in range(w0, w1):
            saved[w] = M[r, w]
            M[r, w] = _ZERO
        first, last = ncols, -1
        for w in range(w0, w1):
            x = saved[w]
            while x != _ZERO:
                c = w * 64 + _ctz(x)
                x &= x - _ONE
                if c < ncols:
                    t = target[c]
                    M[r, t >> 6] |= _ONE << np.uint64(t & 63)
                    first = min(first, t)
                    last = max(last, t)
        lead[r] = first
        row_end[r] = (last >> 6) + 1 if last >= 0 else 0


@kernel("boolean(int64[:], int64[:], int64, int64)", cache=True, nogil=True)
def _has_edge(indptr, indices, v, u):
    """Whether ``u`` is in the sorted adjacency list of ``v``."""
    lo, hi = indptr[v], indptr[v + 1]
    while lo < hi:
        mid = (lo + hi) >> 1
        if indices[mid] < u:
            lo = mid + 1
        else:
            hi = mid
    return lo < indptr[v + 1] and indices[lo] == u


@kernel("UniTuple(int64, 3)(int64[:], int64[:], int64, int64[:], int64[:])", cache=True, nogil=True)
def _levels(indptr, indices, root, stamp, queue):
    """Breadth-first search from ``root``: its height, the sizes of its last level and of its widest.

    The last level is left at ``queue[:size]``.

    ``stamp[-1]`` counts the searches; a node is visited in this one when its stamp equals the count.
    """
    mark = stamp[-1] + 1
    stamp[-1] = mark
    head = 0
    tail = 1
    queue[0] = root
    stamp[root] = mark
    height = 0
    widest = 1
    level_start = 0
    while head < tail:
        level_start = head
        level_end = tail
        while head < level_end:
            v = queue[head]
            head += 1
            for e in range(indptr[v], indptr[v + 1]):
                u = indices[e]
                if stamp[u] != mark:
                    stamp[u] = mark
                    queue[tail] = u
                    tail += 1
        if tail > level_end:
            height += 1
            widest = max(widest, tail - level_end)
    size = tail - level_start
    for k in range(size):
        queue[k] = queue[level_start + k]
    return height, size, widest


@kernel("int64[:](int64[:], int64[:])", cache=True, nogil=True)
def reverse_cuthill_mckee(indptr, indices):
    """Reverse Cuthill-McKee order of an undirected graph in CSR form (each edge listed both ways).

    Component by component, in order of their least-degree node (then least
    label): start from a pseudo-peripheral node (George and Liu: from that
    node, repeatedly the least-degree node of the last breadth-first level
    while the height grows), number breadth-first taking each node's new
    neighbours by increasing degree (then label), and reverse the whole
    numbering [1]_.  Returns the nodes in their new order.

    References
    ----------
    .. [1] A. George, J. Liu, *Computer Solution of Large Sparse Positive
       Definite Systems*, Prentice-Hall (1981), sections 4.3 and 4.4.
    """
    n = indptr.shape[0] - 1
    degree = np.empty(n, np.int64)
    for v in range(n):
        degree[v] = indptr[v + 1] - indptr[v]
    by_degree = np.argsort(degree, kind="mergesort")
    stamp = np.zeros(n + 1, np.int64)  # stamp[n] holds the last mark used
    queue = np.empty(n, np.int64)
    placed = np.zeros(n, np.bool_)
    order = np.empty(n, np.int64)
    count = 0
    for s in by_degree:
        if placed[s]:
            continue
        # R1: a pseudo-peripheral start
        root = s
        height, last, _ = _levels(indptr, indices, root, stamp, queue)
        while True:
            best = queue[0]
            for k in range(1, last):
                u = queue[k]
                if degree[u] < degree[best] or (degree[u] == degree[best] and u < best):
                    best = u
            best_height, best_last, _ = _levels(indptr, indices, best, stamp, queue)
            if best_height <= height:
                break
            root, height, last = best, best_height, best_last
        # R2: Cuthill-McKee numbering of the component, breadth-first from the start
        head = count
        order[count] = root
        placed[root] = True
        count += 1
        while head < count:
            v = order[head]
            head += 1
            first = count
            for e in range(indptr[v], indptr[v + 1]):
                u = indices[e]
                if not placed[u]:
                    placed[u] = True
                    order[count] = u
                    count += 1
            for k in range(first + 1, count):  # new neighbours by degree, then label (insertion sort)
                u = order[k]
                j = k - 1
                while j >= first and (degree[order[j]] > degree[u] or (degree[order[j]] == degree[u] and order[j] > u)):
                    order[j + 1] = order[j]
                    j -= 1
                order[j + 1] = u
    # R3: reversed
    return order[::-1].copy()


@kernel(
        "Tuple((int64[:], float64, float64))(uint64[:,:], int64, int64[:], int64[:], int64, float64)",
    cache=True,
    nogil=True,
)
def rcm_columns(M, ncols, lead, row_end, most, gain):
    """The columns in reverse Cuthill-McKee order, and the summed squared row spans (in words) before and after.

    The graph ordered is the matrix's own (diagonal dropped) when it is square
    with a symmetric pattern (every Lights Out matrix), otherwise the bipartite
    graph of rows and columns, read back as columns.  An empty order comes
    back, and nothing is ordered, when there are more than ``most`` entries
    left of ``ncols``, or for a symmetric pattern when one breadth-first search
    from a least-degree node has a level so wide that rows spanning two such
    levels would not bring the sum below ``gain`` times what it is (the graph
    is no band: an expander, say); then ``after`` is that estimate.  A
    ``gain`` of 0 always orders.
    """
    rows, W = M.shape
    empty = np.zeros(0, np.int64)
    # C1: the entries, row by row and left to right: the rows' adjacency lists
    starts = np.zeros(rows + 1, np.int64)
    found = np.empty(most, np.int64)
    k = 0
    for r in range(rows):
        for w in range(lead[r] >> 6, row_end[r]):
            x = M[r, w]
            while x != _ZERO:
                c = w * 64 + _ctz(x)
                x &= x - _ONE
                if c < ncols:
                    if k == most:
                        return empty, 0.0, 0.0
                    found[k] = c
                    k += 1
        starts[r + 1] = k
    before = 0.0
    for r in range(rows):
        if starts[r + 1] > starts[r]:
            span = row_end[r] - (lead[r] >> 6)
            before += span * span
    # C2: the graph: symmetric pattern, or rows and columns
    symmetric = rows == ncols
    if symmetric:
        for r in range(rows):
            for e in range(starts[r], starts[r + 1]):
                if not _has_edge(starts, found, found[e], r):
                    symmetric = False
                    break
            if not symmetric:
                break
    if symmetric:
        nodes = ncols
        indptr = np.zeros(nodes + 1, np.int64)
        indices = np.empty(k, np.int64)
        m = 0
        for r in range(rows):
            for e in range(starts[r], starts[r + 1]):
                if found[e] != r:
                    indices[m] = found[e]
                    m += 1
            indptr[r + 1] = m
        indices = indices[:m]
        # C3: one breadth-first search first: an order cannot make rows narrower than two of its levels
        root = 0
        for v in range(nodes):
            if indptr[v + 1] - indptr[v] < indptr[root + 1] - indptr[root]:
                root = v
        _, _, widest = _levels(indptr, indices, root, np.zeros(nodes + 1, np.int64), np.empty(nodes, np.int64))
        span = (2 * widest) / 64.0 + 1.0
        estimate = 0.0
        for r in range(rows):
            if starts[r + 1] > starts[r]:
                estimate += min(span, row_end[r] - (lead[r] >> 6)) ** 2
        if gain > 0.0 and estimate >= gain * before:
            return empty, before, estimate
    else:
        nodes = rows + ncols
        indptr = np.zeros(nodes + 1, np.int64)
        indices = np.empty(2 * k, np.int64)
        for r in range(rows):  # a row's neighbours: its columns
            indptr[r + 1] = starts[r + 1]
            for e in range(starts[r], starts[r + 1]):
                indices[e] = rows + found[e]
        for e in range(k):  # a column's neighbours: its rows, by counting sort
            indptr[rows + found[e] + 1] += 1
        for v in range(rows, nodes):
            indptr[v + 1] += indptr[v]
        fill = indptr[rows:nodes].copy()
        for r in range(rows):
            for e in range(starts[r], starts[r + 1]):
                c = found[e]
                indices[fill[c]] = r
                fill[c] += 1
    order = reverse_cuthill_mckee(indptr, indices)
    if not symmetric:
        columns = np.empty(ncols, np.int64)
        m = 0
        for v in order:
            if v >= rows:
                columns[m] = v - rows
                m += 1
        order = columns
    # C4: the row spans after
    target = np.empty(ncols, np.int64)
    for j in range(ncols):
        target[order[j]] = j
    after = 0.0
    for r in range(rows):
        if starts[r + 1] > starts[r]:
            first, last = ncols, -1
            for e in range(starts[r], starts[r + 1]):
                t = target[found[e]]
                first = min(first, t)
                last = max(last, t)
            span = (last >> 6) - (first >> 6) + 1
            after += span * span
    return order, before, after


@kernel("boolean(uint8[:], int64[:], int64)", cache=True, nogil=True)
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


@kernel("void(uint64[:,:], uint8[:], int64[:], int64[:], uint64[:], int64)", cache=True, nogil=True)
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


@kernel("uint64[:,:](uint64[:,:], int64[:], int64[:], int64)", cache=True, nogil=True)
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


@kernel("void(uint64[:,:], int64[:], int64[:], int64)", cache=True, nogil=True)
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


@kernel("int64(uint64[:], uint64[:,:], int64, int64[:], int64)", cache=True, nogil=True)
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
            weight += _popcount(x[w])
        if weight < best:
            best = weight
            best_code[0] = s ^ (s >> 1)
    return best
