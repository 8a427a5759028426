"""The numba kernels of the ``pack`` engine (private; see :mod:`parity.cover.pack`).

The board is a bitboard: cell ``c`` (numbered in the order the search fills
them) is bit ``c & 63`` of word ``c >> 6``, and the secondary items follow the
cells.  The pieces are the bits of one more word, ``used``.  The options
whose first cell is ``c`` and whose piece is ``k`` are
``order[bucket[c * (G + 1) + k] : bucket[c * (G + 1) + k + 1]]`` (slot ``G``:
options of no piece, as in a tiling), so a node of the search looks only at
the pieces not yet placed.  ``border[bstart[o]:bstart[o + 1]]`` lists the
cells next to option ``o``'s, ``adj[astart[c]:astart[c + 1]]`` the neighbours
of cell ``c``.

``params`` holds ``[cells, G, gcd, least, limit, lead0, lead1, probe]``: the
open cells next to a placement are grown into their regions, up to
``limit`` cells, and a region that closes with fewer than ``least`` cells,
or a number of cells that ``gcd`` does not divide, cannot be filled (every
option's cells are connected, so the options that fill a closed region lie
inside it).  Boards of one or two words run :func:`search2`, which keeps
the board in registers and decides after ``probe`` region tests whether
they pay; larger boards run :func:`search`, which is also the reference the
tests hold :func:`search2` to.
"""

from __future__ import annotations

import numpy as np

from numba import types
from numba.cpython.unsafe.numbers import trailing_zeros
from numba.extending import intrinsic

from .._compiled import kernel
from ..linalg.words import ctz as _ctz


@intrinsic
def _bits(typingctx, x):
    """The number of set bits of a word, as the processor's own instruction (LLVM's ctpop)."""
    if x != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        return builder.zext(builder.ctpop(args[0]), context.get_value_type(types.int64))

    return types.int64(types.uint64), codegen



_ZERO = np.uint64(0)
_ONE = np.uint64(1)
_ALL = np.uint64(0xFFFFFFFFFFFFFFFF)


@kernel("boolean(int64, uint64[:], uint64[:], int64[:], int64[:], int64[:], int64[:], int64[:], int64[:])",
        nogil=True)
def dead(o, covered, visited, stack, bstart, border, astart, adj, params):
    """Whether placing option ``o`` (already in ``covered``) closes off a region of open cells that no choice of
    options can fill.

    ``visited`` (two rows of the board's words: the cells of earlier
    regions, then of this one) is scratch space.  A region that runs into an
    earlier one is that region, already found too large to matter.
    """
    gcd, least, limit = params[2], params[3], params[4]
    if limit == 0:
        return False
    W = covered.shape[0]
    for w in range(W):
        visited[w] = _ZERO
    for i in range(bstart[o], bstart[o + 1]):
        b = border[i]
        wb = b >> 6
        bb = _ONE << np.uint64(b & 63)
        if (covered[wb] | visited[wb]) & bb:
            continue
        for w in range(W):
            visited[W + w] = _ZERO
        visited[W + wb] |= bb
        stack[0] = b
        top = 1
        size = 1
        big = False
        while top > 0 and not big:
            top -= 1
            x = stack[top]
            for j in range(astart[x], astart[x + 1]):
                y = adj[j]
                wy = y >> 6
                by = _ONE << np.uint64(y & 63)
                if (covered[wy] | visited[W + wy]) & by:
                    continue
                if visited[wy] & by:  # an earlier region, too large to matter
                    big = True
                    break
                visited[W + wy] |= by
                size += 1
                if size > limit:
                    big = True
                    break
                stack[top] = y
                top += 1
        if not big and (size < least or size % gcd != 0):
            return True
        for w in range(W):
            visited[w] |= visited[W + w]
    return False


@kernel("int64(uint64[:, :], int64[:], int64[:], int64[:], int64[:], int64[:], int64[:], int64[:], uint64[:], "
        "uint64[:], int64[:], int64[:], int64[:], int64[:], int64[:], int64[:, :], int64[:])", nogil=True)
def search(masks, group, bucket, bstart, border, astart, adj, params, board, used, state, cell, slot, pos, chosen,
           out, sizes):
    """Run the search on from ``state``; return the number of covers found in this call.

    Rows ``p`` of ``masks``, ``group`` (the piece, or -1) and ``bstart``
    are the placements, sorted by first cell and piece (see the module
    docs), then the lead piece's from ``params[5]`` to ``params[6]``: when
    there are such, they are tried at level 0, before any cell is filled
    (one piece put at chosen placements first).  ``board`` (the cells and
    secondary items taken), ``used`` (one word: the pieces placed),
    ``cell``, ``slot``, ``pos`` and ``chosen`` (per level: the cell filled,
    the piece tried there, the row tried and the row placed) and
    ``state = [depth, descend, done]`` carry the search
    between calls.  With ``out`` of ``L > 0`` rows each cover found is
    written as a row of placements' rows (``sizes`` its length) and the call
    returns after ``L`` covers; with no rows it only counts, to the end.
    """
    cells, G, lead0, lead1 = params[0], params[1], params[5], params[6]
    W = board.shape[0]
    full = _ALL if G == 64 else (_ONE << np.uint64(G)) - _ONE
    limit = out.shape[0]
    visited = np.zeros(2 * W, dtype=np.uint64)
    stack = np.zeros(params[4] + 2, dtype=np.int64)
    found = 0
    if state[2] == 1:
        return 0
    depth = state[0]
    descend = state[1] == 1
    while True:
        if descend:
            if depth == 0 and lead1 > lead0:
                cell[0] = -1
                pos[0] = lead0 - 1
            else:
                first = cells
                for w in range(W):
                    free = ~board[w]
                    if free != _ZERO:
                        first = w * 64 + _ctz(free)
                        break
                if first < cells:
                    cell[depth] = first
                    slot[depth] = 0
                    pos[depth] = bucket[first * (G + 1)] - 1
                else:  # every cell filled: a cover when every piece is placed too
                    if used[0] == full:
                        if limit > 0:
                            for k in range(depth):
                                out[found, k] = chosen[k]
                            sizes[found] = depth
                        found += 1
                    if depth == 0:
                        state[2] = 1
                        return found
                    depth -= 1  # back up: take the last placement off and try the next one
                    p = chosen[depth]
                    for w in range(W):
                        board[w] ^= masks[p, w]
                    if group[p] >= 0:
                        used[0] ^= _ONE << np.uint64(group[p])
                    descend = False
                    if limit > 0 and found == limit:
                        state[0] = depth
                        state[1] = 0
                        return found
                    continue
        # try: the next placement at this level that fits and closes off no region it cannot fill
        placed = -1
        if cell[depth] < 0:
            c, k, end, base = -1, G, lead1, 0
        else:
            c = cell[depth]
            base = c * (G + 1)
            k = slot[depth]
            end = bucket[base + k + 1]
        p = pos[depth] + 1
        while True:
            if c >= 0 and k < G and (used[0] >> np.uint64(k)) & _ONE:  # this piece is placed already
                p = end
            while p < end:
                fits = True
                for w in range(W):
                    if board[w] & masks[p, w]:
                        fits = False
                        break
                if fits:
                    for w in range(W):
                        board[w] |= masks[p, w]
                    if not dead(p, board, visited, stack, bstart, border, astart, adj, params):
                        placed = p
                        break
                    for w in range(W):
                        board[w] ^= masks[p, w]
                p += 1
            if placed >= 0 or c < 0 or k == G:
                break
            k += 1
            p = bucket[base + k]
            end = bucket[base + k + 1]
        slot[depth] = k
        pos[depth] = p
        if placed >= 0:
            if group[placed] >= 0:
                used[0] |= _ONE << np.uint64(group[placed])
            chosen[depth] = placed
            depth += 1
            descend = True
        else:  # nothing left to try here: back up a level, or the search is over
            if depth == 0:
                state[2] = 1
                return found
            depth -= 1
            p = chosen[depth]
            for w in range(W):
                board[w] ^= masks[p, w]
            if group[p] >= 0:
                used[0] ^= _ONE << np.uint64(group[p])
            descend = False


@kernel("boolean[:](uint64[:, :], int64[:], int64[:], int64[:], int64[:], int64[:], int64[:])", nogil=True)
def keep(masks, bstart, border, astart, adj, params, ocells):
    """Which options can be part of a cover at all: those that close off no region they cannot fill on the
    empty board.  ``ocells[o]`` is option ``o``'s number of cells."""
    n = masks.shape[0]
    W = masks.shape[1]
    out = np.ones(n, dtype=np.bool_)
    covered = np.zeros(W, dtype=np.uint64)
    visited = np.zeros(2 * W, dtype=np.uint64)
    stack = np.zeros(params[4] + 2, dtype=np.int64)
    for o in range(n):
        if ocells[o] == 0:
            continue
        for w in range(W):
            covered[w] = masks[o, w]
        out[o] = not dead(o, covered, visited, stack, bstart, border, astart, adj, params)
    return out


@kernel("boolean(uint64[:, :], int64[:], int64[:], int64[:])", nogil=True)
def connected(masks, astart, adj, ocells):
    """Whether every option's cells are connected through the neighbours ``adj`` (the region test needs it)."""
    n = masks.shape[0]
    W = masks.shape[1]
    seen = np.zeros(W, dtype=np.uint64)
    stack = np.zeros(64 * W, dtype=np.int64)
    for o in range(n):
        if ocells[o] <= 1:
            continue
        start = -1
        for w in range(W):
            seen[w] = _ZERO
        cells = astart.shape[0] - 1
        for w in range(W):
            if masks[o, w] != _ZERO:
                start = w * 64 + _ctz(masks[o, w])
                break
        seen[start >> 6] |= _ONE << np.uint64(start & 63)
        stack[0] = start
        top = 1
        reached = 1
        while top > 0:
            top -= 1
            x = stack[top]
            for j in range(astart[x], astart[x + 1]):
                y = adj[j]
                if y >= cells:
                    continue
                wy = y >> 6
                by = _ONE << np.uint64(y & 63)
                if (masks[o, wy] & by) and not (seen[wy] & by):
                    seen[wy] |= by
                    reached += 1
                    stack[top] = y
                    top += 1
        if reached != ocells[o]:
            return False
    return True


@kernel("boolean(int64, uint64, uint64, uint64[::1], uint64[::1], int64[::1], int64[::1], int64[::1])", nogil=True,
        inline="always")
def small_region(o, lo, hi, near_lo, near_hi, bstart, border, params):
    """:func:`dead`'s region test on a board of two words ``(lo, hi)``, option ``o`` placed: the open cells next
    to it grown a ring at a time (``near_lo[c]``, ``near_hi[c]``: cell ``c``'s neighbours as bits), and whether
    one of them is a region that cannot be filled."""
    gcd, least, limit = params[2], params[3], params[4]
    seen_lo = _ZERO
    seen_hi = _ZERO
    for i in range(bstart[o], bstart[o + 1]):
        b = border[i]
        if b < 64:
            region_lo, region_hi = _ONE << np.uint64(b), _ZERO
        else:
            region_lo, region_hi = _ZERO, _ONE << np.uint64(b - 64)
        if (lo | seen_lo) & region_lo or (hi | seen_hi) & region_hi:
            continue
        ring_lo, ring_hi = region_lo, region_hi
        size = 1
        big = False
        while True:
            grow_lo = _ZERO
            grow_hi = _ZERO
            while ring_lo:
                c = np.int64(trailing_zeros(ring_lo))
                grow_lo |= near_lo[c]
                grow_hi |= near_hi[c]
                ring_lo &= ring_lo - _ONE
            while ring_hi:
                c = 64 + np.int64(trailing_zeros(ring_hi))
                grow_lo |= near_lo[c]
                grow_hi |= near_hi[c]
                ring_hi &= ring_hi - _ONE
            grow_lo &= ~(lo | region_lo)
            grow_hi &= ~(hi | region_hi)
            if grow_lo == _ZERO and grow_hi == _ZERO:
                break
            if grow_lo & seen_lo or grow_hi & seen_hi:  # an earlier region, too large to matter
                big = True
                break
            region_lo |= grow_lo
            region_hi |= grow_hi
            size += _bits(grow_lo) + _bits(grow_hi)
            if size > limit:
                big = True
                break
            ring_lo, ring_hi = grow_lo, grow_hi
        if not big and (size < least or size % gcd != 0):
            return True
        seen_lo |= region_lo
        seen_hi |= region_hi
    return False


@kernel("int64(uint64[::1], uint64[::1], int64[::1], int64[::1], int64[::1], int64[::1], uint64[::1], uint64[::1], "
        "int64[::1], uint64[:, ::1], int64[:, ::1], int64[::1], int64[:, ::1], int64[::1])", nogil=True)
def search2(masks_lo, masks_hi, group, bucket, bstart, border, near_lo, near_hi, params, words, level, state, out,
            sizes):
    """:func:`search` on a board of two words or one (``masks_hi`` zero), the board and pieces of each level kept
    as words, nothing undone on the way back.

    Level ``d`` holds ``words[d] = (board's low word, high word, pieces
    placed, pieces still to try at its cell)`` and ``level[d] = (the
    buckets' start for its cell, row tried next, end of the rows of the
    piece tried, row placed)``; ``state = [depth, started, done, tests,
    cuts, region]`` carries the search between calls.  Each placement that
    fits is first tested for an open cell it walls in, then, while
    ``region`` is 1, for a closed region it cannot fill (:func:`small_region`);
    after ``params[7]`` such tests the search keeps them only if they cut at
    least half the placements that reached them (they pay on lattices where
    regions close off often, as the triangles', and cost more than they save
    where they are rare, as the squares').  Either way no cover is lost: a
    cut is a branch with none.
    """
    cells, G, lead0, lead1 = params[0], params[1], params[5], params[6]
    walls = params[4] > 0 and params[3] > 1  # an open cell walled in is a dead region when no option has one cell
    probe = params[7]
    full = _ALL if G == 64 else (_ONE << np.uint64(G)) - _ONE
    open_lo = _ALL if cells >= 64 else (_ONE << np.uint64(cells)) - _ONE
    open_hi = _ZERO if cells <= 64 else (_ALL if cells == 128 else (_ONE << np.uint64(cells - 64)) - _ONE)
    most = out.shape[0]
    found = 0
    if state[2] == 1:
        return 0
    tests, cuts, region = state[3], state[4], state[5]
    d = state[0]
    if state[1] == 0:  # the first call: level 0 set up on the empty board
        state[1] = 1
        d = 0
        words[0, 0] = _ZERO
        words[0, 1] = _ZERO
        words[0, 2] = _ZERO
        if lead1 > lead0:  # the lead piece's placements first, before any cell
            words[0, 3] = _ZERO
            level[0, 0] = -1
            level[0, 1] = lead0
            level[0, 2] = lead1
        elif cells == 0:
            found = 1 if G == 0 else 0
            if found and most > 0:
                sizes[0] = 0
            state[2] = 1
            return found
        else:
            hand = full
            k = G if hand == _ZERO else np.int64(trailing_zeros(hand))
            words[0, 3] = hand & (hand - _ONE) if hand != _ZERO else _ZERO
            level[0, 0] = 0
            level[0, 1] = bucket[k]
            level[0, 2] = bucket[k + 1]
    while d >= 0:
        lo = words[d, 0]
        hi = words[d, 1]
        base = level[d, 0]
        p = level[d, 1]
        end = level[d, 2]
        pushed = False
        while True:
            while p < end:
                m_lo = masks_lo[p]
                m_hi = masks_hi[p]
                p += 1
                if lo & m_lo or hi & m_hi:
                    continue
                new_lo = lo | m_lo
                new_hi = hi | m_hi
                o = p - 1
                if walls:  # an open cell next to the placement with every neighbour covered
                    walled = False
                    for i in range(bstart[o], bstart[o + 1]):
                        b = border[i]
                        bit = (new_lo >> np.uint64(b)) & _ONE if b < 64 else (new_hi >> np.uint64(b - 64)) & _ONE
                        if not bit and (new_lo & near_lo[b]) == near_lo[b] and (new_hi & near_hi[b]) == near_hi[b]:
                            walled = True
                            break
                    if walled:
                        continue
                if region == 1:
                    tests += 1
                    cut = small_region(o, new_lo, new_hi, near_lo, near_hi, bstart, border, params)
                    if cut:
                        cuts += 1
                    if tests == probe and 2 * cuts < tests:
                        region = 0
                    if cut:
                        continue
                used = words[d, 2] | (_ONE << np.uint64(group[o]) if group[o] >= 0 else _ZERO)
                level[d, 3] = o
                free_lo = ~new_lo & open_lo
                free_hi = ~new_hi & open_hi
                if free_lo == _ZERO and free_hi == _ZERO:  # every cell filled: a cover when every piece is placed
                    if used == full:
                        if most > 0:
                            for j in range(d + 1):
                                out[found, j] = level[j, 3]
                            sizes[found] = d + 1
                        found += 1
                        if most > 0 and found == most:
                            level[d, 1] = p
                            level[d, 2] = end
                            state[0] = d
                            state[3], state[4], state[5] = tests, cuts, region
                            return found
                    continue
                first = np.int64(trailing_zeros(free_lo)) if free_lo else 64 + np.int64(trailing_zeros(free_hi))
                hand = ~used & full
                k = G if hand == _ZERO else np.int64(trailing_zeros(hand))
                level[d, 1] = p
                level[d, 2] = end
                d += 1
                words[d, 0] = new_lo
                words[d, 1] = new_hi
                words[d, 2] = used
                words[d, 3] = hand & (hand - _ONE) if hand != _ZERO else _ZERO
                level[d, 0] = first * (G + 1)
                level[d, 1] = bucket[level[d, 0] + k]
                level[d, 2] = bucket[level[d, 0] + k + 1]
                pushed = True
                break
            if pushed or base < 0:
                break
            # the next piece in hand at this cell, then the options of no piece
            hand = words[d, 3]
            if hand != _ZERO:
                k = np.int64(trailing_zeros(hand))
                words[d, 3] = hand & (hand - _ONE)
            elif end != bucket[base + G + 1]:
                k = G
            else:
                break
            p = bucket[base + k]
            end = bucket[base + k + 1]
        if not pushed:
            d -= 1
    state[0] = 0
    state[2] = 1
    state[3], state[4], state[5] = tests, cuts, region
    return found
