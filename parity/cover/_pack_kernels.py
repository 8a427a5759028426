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

``params`` holds ``[cells, G, gcd, least, limit]``: the open cells next to a
placement are grown into their regions, up to ``limit`` cells, and a region
that closes with fewer than ``least`` cells, or a number of cells that
``gcd`` does not divide, cannot be filled (every option's cells are
connected, so the options that fill a closed region lie inside it).
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


@kernel("boolean(int64, uint64, uint64[:], int64[:], int64[:], int64[:])", nogil=True, inline="always")
def dead1(o, board, near, bstart, border, params):
    """:func:`dead` on a board of one word: regions grown a ring at a time, ``near[c]`` the neighbours of cell
    ``c`` as bits."""
    gcd, least, limit = params[2], params[3], params[4]
    if limit == 0:
        return False
    if least > 1:
        for i in range(bstart[o], bstart[o + 1]):  # first the cheap test: an open cell walled in on every side
            b = border[i]
            if not (board >> np.uint64(b)) & _ONE and board & near[b] == near[b]:
                return True
    if limit == 1:
        return False
    visited = _ZERO
    for i in range(bstart[o], bstart[o + 1]):
        bb = _ONE << np.uint64(border[i])
        if (board | visited) & bb:
            continue
        region = bb
        ring = bb
        size = 1
        big = False
        while True:
            grow = _ZERO
            while ring:
                grow |= near[np.int64(trailing_zeros(ring))]
                ring &= ring - _ONE
            grow &= ~(board | region)
            if grow == _ZERO:
                break
            if grow & visited:  # an earlier region, too large to matter
                big = True
                break
            region |= grow
            size += _bits(grow)
            if size > limit:
                big = True
                break
            ring = grow
        if not big and (size < least or size % gcd != 0):
            return True
        visited |= region
    return False


@kernel("int64(uint64[:], int64[:], int64[:], int64[:], int64[:], uint64[:], int64[:], uint64[:], uint64[:], "
        "int64[:], int64[:], int64[:], int64[:], int64[:], int64[:, :], int64[:])", nogil=True)
def search1(masks, group, bucket, bstart, border, near, params, board_, used_, state, cell, slot, pos, chosen, out,
            sizes):
    """:func:`search` on a board of one word (``masks[p]`` a word; ``near[c]`` cell ``c``'s neighbours as bits),
    the board and the pieces held in registers between the calls' ``board_`` and ``used_``."""
    cells, G, lead0, lead1 = params[0], params[1], params[5], params[6]
    full = _ALL if G == 64 else (_ONE << np.uint64(G)) - _ONE
    open_cells = _ALL if cells == 64 else (_ONE << np.uint64(cells)) - _ONE
    limit = out.shape[0]
    found = 0
    if state[2] == 1:
        return 0
    board = board_[0]
    used = used_[0]
    depth = state[0]
    descend = state[1] == 1
    while True:
        if descend:
            if depth == 0 and lead1 > lead0:
                cell[0] = -1
                pos[0] = lead0 - 1
            else:
                free = ~board & open_cells
                if free != _ZERO:
                    first = np.int64(trailing_zeros(free))
                    cell[depth] = first
                    hand = ~used & full
                    k = G if hand == _ZERO else np.int64(trailing_zeros(hand))
                    slot[depth] = k
                    pos[depth] = bucket[first * (G + 1) + k] - 1
                else:  # every cell filled: a cover when every piece is placed too
                    if used == full:
                        if limit > 0:
                            for k in range(depth):
                                out[found, k] = chosen[k]
                            sizes[found] = depth
                        found += 1
                    if depth == 0:
                        state[2] = 1
                        break
                    depth -= 1
                    p = chosen[depth]
                    board ^= masks[p]
                    if group[p] >= 0:
                        used ^= _ONE << np.uint64(group[p])
                    descend = False
                    if limit > 0 and found == limit:
                        break
                    continue
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
            while p < end:
                m = masks[p]
                if board & m == _ZERO and not dead1(p, board | m, near, bstart, border, params):
                    placed = p
                    break
                p += 1
            if placed >= 0 or c < 0 or k == G:
                break
            hand = ~used & full & (_ALL << np.uint64(k + 1)) if k < 63 else _ZERO  # the next piece in hand
            k = G if hand == _ZERO else np.int64(trailing_zeros(hand))
            p = bucket[base + k]
            end = bucket[base + k + 1]
        slot[depth] = k
        pos[depth] = p
        if placed >= 0:
            board |= masks[placed]
            if group[placed] >= 0:
                used |= _ONE << np.uint64(group[placed])
            chosen[depth] = placed
            depth += 1
            descend = True
        else:
            if depth == 0:
                state[2] = 1
                break
            depth -= 1
            p = chosen[depth]
            board ^= masks[p]
            if group[p] >= 0:
                used ^= _ONE << np.uint64(group[p])
            descend = False
    board_[0] = board
    used_[0] = used
    state[0] = depth
    state[1] = 1 if descend else 0
    return found
