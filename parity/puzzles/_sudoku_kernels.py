"""The compiled Sudoku search (private; see :class:`parity.puzzles.sudoku.SudokuSearch`).

A grid of side ``n = b * b`` is a flat array of ``n * n`` cells (0 for
empty, else the digit ``1..n``); every empty cell keeps its candidates as a
bit mask (digit ``d`` is bit ``d - 1``), struck from its peers when a digit is
placed, and every row, column and box the digits it holds.  Before every branch the search
places naked singles (a cell with one candidate) and hidden singles (a digit
with one place left in a row, column or box) until nothing changes, and
fails as soon as a cell has no candidate or a digit no place; it then
branches on the empty cell with fewest candidates.  Every level keeps a
copy of the state, so backtracking is a step down the stack.

The 9 x 9 grid has a search of its own (:func:`search9`), by digits and
bands: each digit's candidates are three words of 27 bits, one a band of
three rows, and a band's three rows and three boxes meet in nine segments
of three cells.  A digit fills one segment in each row and in each box of
a band, so the segments it fills are one of the six permutations of the
3 x 3; those of its candidates that no permutation of the segments left
to it reaches are struck (a table of the 512 patterns says which), and the
same is done for each stack of three columns.  That is the box-line
reasoning (pointing and claiming) and more, on whole words.  Hidden singles
in rows and naked singles follow, and the search branches on a cell with
two candidates whose row, box and column hold the most open cells.  The
general :func:`search` stays as the reference the tests hold it to.
"""

from __future__ import annotations

import numpy as np

from numba.core import types
from numba.extending import intrinsic

from .._compiled import kernel
from ..linalg.words import ctz as _ctz
from ..linalg.words import popcount as _popcount


@kernel("boolean(int64[:], int64[:], int64[:], int64[:, :], int64[:, :], int64[:], int64[:], int64, int64)",
        nogil=True, inline="always")
def _place(grid, cand, used, peers, cell_units, queue, tail, cell, digit):
    """Write ``digit`` in ``cell`` and strike it from the cell's peers; a peer left with one candidate joins
    ``queue`` (``tail[0]`` its length).  False when the digit is not a candidate or a peer is left with none."""
    bit = np.int64(1) << (digit - 1)
    if cand[cell] & bit == 0:
        return False
    grid[cell] = digit
    cand[cell] = 0
    for k in range(3):
        used[cell_units[cell, k]] |= bit
    for i in range(peers.shape[1]):
        p = peers[cell, i]
        if grid[p] == 0 and cand[p] & bit:
            left = cand[p] & ~bit
            if left == 0:
                return False
            cand[p] = left
            if left & (left - 1) == 0:
                queue[tail[0]] = p
                tail[0] += 1
    return True


@kernel("boolean(int64[:], int64[:], int64[:], int64[:, :], int64[:, :], int64[:, :], int64[:], int64[:], int64)",
        nogil=True, inline="always")
def _propagate(grid, cand, used, units, peers, cell_units, queue, tail, full):
    """Naked singles (from ``queue``) and hidden singles until nothing changes; False at a contradiction."""
    head = 0
    while True:
        while head < tail[0]:
            cell = queue[head]
            head += 1
            if grid[cell] != 0:
                continue
            c = cand[cell]
            if c == 0 or c & (c - 1):
                if c == 0:
                    return False
                continue
            if not _place(grid, cand, used, peers, cell_units, queue, tail, cell, _ctz(np.uint64(c)) + 1):
                return False
        placed = False
        for u in range(units.shape[0]):
            once = np.int64(0)
            twice = np.int64(0)
            for i in range(units.shape[1]):
                c = cand[units[u, i]]
                twice |= once & c
                once |= c
            if (once | used[u]) != full:  # a digit the unit lacks has no place left in it
                return False
            singles = once & ~twice
            if singles == 0:
                continue
            for i in range(units.shape[1]):
                cell = units[u, i]
                mine = cand[cell] & singles
                if mine == 0:
                    continue
                if mine & (mine - 1):  # two digits with this cell as their only place
                    return False
                if not _place(grid, cand, used, peers, cell_units, queue, tail, cell, _ctz(np.uint64(mine)) + 1):
                    return False
                placed = True
        if not placed and head >= tail[0]:
            return True


@kernel("int64(int64, int64[:], int64[:, :], int64[:, :], int64[:, :], int64[:, :], int64, int64[:])", nogil=True)
def search(n, givens, units, peers, cell_units, out, limit, nodes):
    """Solutions of the Sudoku of side ``n`` with ``givens`` (flat, 0 for empty): the first ``limit`` written as
    rows of ``out``, or with ``limit == 0`` all counted.  Returns how many were found (0: none; conflicting
    givens find none); ``nodes[0]`` gets the number of branches tried.  ``units`` lists the cells of every row,
    column and box, ``peers`` the cells that share one with each cell, ``cell_units`` each cell's three units."""
    cells = n * n
    full = (np.int64(1) << n) - 1
    empty = 0
    for cell in range(cells):
        empty += givens[cell] == 0
    depth_most = empty + 1  # one level per branch at most, each filling a cell
    G = np.empty((depth_most, cells), dtype=np.int64)  # a level is written whole before it is read
    K = np.empty((depth_most, cells), dtype=np.int64)
    U = np.empty((depth_most, units.shape[0]), dtype=np.int64)
    G[0] = 0
    K[0] = full
    U[0] = 0
    queue = np.zeros(cells * (peers.shape[1] + 1), dtype=np.int64)
    tail = np.zeros(1, dtype=np.int64)
    choice = np.zeros(depth_most, dtype=np.int64)  # the cell branched on at each level
    left = np.zeros(depth_most, dtype=np.int64)  # the digits still to try there
    nodes[0] = 0
    for cell in range(cells):
        if givens[cell] != 0 and not _place(G[0], K[0], U[0], peers, cell_units, queue, tail, cell, givens[cell]):
            return 0
    if not _propagate(G[0], K[0], U[0], units, peers, cell_units, queue, tail, full):
        return 0
    found = 0
    depth = 0
    fresh = True  # the state at ``depth`` has just been made: choose its cell
    while depth >= 0:
        if fresh:
            fresh = False
            best, fewest = -1, n + 1
            for cell in range(cells):
                if G[depth, cell] != 0:
                    continue
                count = _popcount(np.uint64(K[depth, cell]))
                if count < fewest:
                    best, fewest = cell, count
                    if count <= 2:
                        break
            if best < 0:  # every cell filled: a solution
                if limit > 0:
                    out[found, :] = G[depth]
                found += 1
                if limit > 0 and found >= limit:
                    return found
                depth -= 1
                continue
            choice[depth] = best
            left[depth] = K[depth, best]
        if left[depth] == 0:
            depth -= 1
            continue
        digit = _ctz(np.uint64(left[depth])) + 1
        left[depth] &= left[depth] - 1
        nodes[0] += 1
        G[depth + 1] = G[depth]
        K[depth + 1] = K[depth]
        U[depth + 1] = U[depth]
        tail[0] = 0
        if _place(G[depth + 1], K[depth + 1], U[depth + 1], peers, cell_units, queue, tail, choice[depth], digit) and \
                _propagate(G[depth + 1], K[depth + 1], U[depth + 1], units, peers, cell_units, queue, tail, full):
            depth += 1
            fresh = True
    return found


@intrinsic
def _low(typingctx, x):
    """The index of the lowest set bit of a non-zero word (the processor's own instruction)."""
    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], context.get_constant(types.boolean, True))

    return x(x), codegen


@intrinsic
def _ones(typingctx, x):
    """The number of set bits of a word (the processor's own instruction where it has one)."""
    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return x(x), codegen


#: a band's 27 cells, all set
BAND = (1 << 27) - 1
#: a set of the 9 columns times this is the same columns in all three rows of a band
SPREAD = 1 | 1 << 9 | 1 << 18


def _band_tables():
    """``(segments, permutations, cells, row_box)``: which of a row's three segments hold a bit (by its 9 bits);
    the union of the permutations of the 3 x 3 segments that a pattern of 9 holds (0: none); the band's cells
    of a pattern of segments; the cells of the row and the box of each of a band's 27 cells."""
    from functools import reduce
    from itertools import permutations
    from operator import or_

    segments = np.array([sum(1 << k for k in range(3) if (row >> 3 * k) & 7) for row in range(512)], dtype=np.int64)
    perms = [sum(1 << (3 * r + p[r]) for r in range(3)) for p in permutations(range(3))]
    held = np.array([reduce(or_, [q for q in perms if q & m == q], 0) for m in range(512)], dtype=np.int64)
    cells = np.array([sum(7 << (9 * (k // 3) + 3 * (k % 3)) for k in range(9) if (m >> k) & 1) for m in range(512)],
                     dtype=np.int64)
    row_box = np.array([511 << 9 * (i // 9) | (7 << 3 * (i % 9 // 3)) * SPREAD for i in range(27)], dtype=np.int64)
    return segments, held, cells, row_box


SEGMENTS, PERMUTATIONS, CELLS, ROW_BOX = _band_tables()
#: a state's words: 27 of candidates (digit ``d``'s band ``b`` at ``3 * d + b``; a filled cell keeps its digit's
#: bit), then the filled cells of each band (27-29), then the candidates as each digit last settled them (32-58)
WORDS = 64


@kernel("boolean(int64[::1], int64, int64, int64)", nogil=True, inline="always")
def _fill(S, d, b, i):
    """Write digit ``d + 1`` in cell ``i`` of band ``b``: struck from the cell's other digits, and from the cell's
    row, box and column for its own; False when it is not a candidate there."""
    bit = np.int64(1) << i
    if S[3 * d + b] & bit == 0:
        return False
    if S[27 + b] & bit:
        return True
    S[27 + b] |= bit
    for e in range(9):
        S[3 * e + b] &= ~bit
    S[3 * d + b] = (S[3 * d + b] & ~ROW_BOX[i]) | bit
    column = ~(np.int64(SPREAD) << (i % 9))
    for other in range(3):
        if other != b:
            S[3 * d + other] &= column
    return True


@kernel("boolean(int64[::1])", nogil=True)
def _settle(S):
    """Strike what the digits' permutations of segments rule out, and fill hidden singles in rows and naked
    singles, until nothing changes; False at a contradiction.  A digit whose words are as it last settled them
    is passed over (nothing about it has changed)."""
    while True:
        progress = False
        for d in range(9):
            w = 3 * d
            if S[w] == S[32 + w] and S[w + 1] == S[33 + w] and S[w + 2] == S[34 + w]:
                continue
            c0 = np.int64(0)
            c1 = np.int64(0)
            c2 = np.int64(0)
            for b in range(3):  # each band: its segments a permutation
                x = S[w + b]
                if x != S[32 + w + b]:  # (else settled as it is)
                    held = PERMUTATIONS[SEGMENTS[x & 511] | SEGMENTS[(x >> 9) & 511] << 3 | SEGMENTS[x >> 18] << 6]
                    if held == 0:
                        return False
                    x &= CELLS[held]
                    S[w + b] = x
                columns = (x | x >> 9 | x >> 18) & 511
                if b == 0:
                    c0 = columns
                elif b == 1:
                    c1 = columns
                else:
                    c2 = columns
            S[32 + w] = S[w]  # (the stacks' strikes below come back to the bands on the next pass)
            S[33 + w] = S[w + 1]
            S[34 + w] = S[w + 2]
            k0 = np.int64(0)
            k1 = np.int64(0)
            k2 = np.int64(0)
            for s in range(3):  # each stack: the bands as its rows, its three columns as their segments
                sh = 3 * s
                held = PERMUTATIONS[(c0 >> sh) & 7 | ((c1 >> sh) & 7) << 3 | ((c2 >> sh) & 7) << 6]
                if held == 0:
                    return False
                k0 |= (held & 7) << sh
                k1 |= ((held >> 3) & 7) << sh
                k2 |= ((held >> 6) & 7) << sh
            S[w] &= k0 * SPREAD
            S[w + 1] &= k1 * SPREAD
            S[w + 2] &= k2 * SPREAD
            for b in range(3):  # hidden singles in rows (a box's or a column's come through the permutations)
                x = S[w + b]
                if x & ~S[27 + b] == 0:
                    continue  # the digit is written in all three rows
                for r in range(3):
                    row = (x >> (9 * r)) & 511
                    if row != 0 and row & (row - 1) == 0 and ~S[27 + b] & (row << (9 * r)):
                        if not _fill(S, d, b, _low(row) + 9 * r):
                            return False
                        progress = True
                        x = S[w + b]
        for b in range(3):  # naked singles
            one = np.int64(0)
            two = np.int64(0)
            for d in range(9):
                x = S[3 * d + b]
                two |= one & x
                one |= x
            if one != BAND:
                return False
            single = one & ~two & ~S[27 + b]
            while single:
                i = _low(single)
                single &= single - 1
                bit = np.int64(1) << i
                for d in range(9):
                    if S[3 * d + b] & bit:
                        if not _fill(S, d, b, i):
                            return False
                        break
                progress = True
        if not progress:
            return True


@kernel("int64(int64[:], int64[:, :], int64, int64[:])", nogil=True)
def search9(givens, out, limit, nodes):
    """:func:`search` for the 9 x 9 grid, by digits and bands (see the module's docstring): the same answers
    (how many solutions, up to ``limit``, the first ``limit`` written as rows of ``out``, or with ``limit == 0``
    all counted; ``nodes[0]`` the branches tried), found in fewer branches and less time a branch."""
    S = np.empty((82, WORDS), dtype=np.int64)  # a level is written whole before it is read
    for w in range(27):
        S[0, w] = BAND
    for w in range(27, WORDS):
        S[0, w] = 0
    for w in range(32, 59):
        S[0, w] = -1  # no digit settled yet
    nodes[0] = 0
    for cell in range(81):
        if givens[cell] and not _fill(S[0], givens[cell] - 1, cell // 27, cell % 27):
            return 0
    if not _settle(S[0]):
        return 0
    choice = np.empty(82, dtype=np.int64)  # the cell branched on at each level (band * 27 + bit)
    left = np.empty(82, dtype=np.int64)  # the digits still to try there
    found = 0
    depth = 0
    fresh = True
    while depth >= 0:
        T = S[depth]
        if fresh:
            fresh = False
            if T[27] == BAND and T[28] == BAND and T[29] == BAND:  # every cell filled: a solution
                if limit > 0:
                    for b in range(3):
                        for d in range(9):
                            x = T[3 * d + b]
                            while x:
                                out[found, 27 * b + _low(x)] = d + 1
                                x &= x - 1
                found += 1
                if limit > 0 and found >= limit:
                    return found
                depth -= 1
                continue
            best = -1
            score = -1
            for b in range(3):  # a cell of two candidates whose row, box and column hold most open cells
                one = np.int64(0)
                two = np.int64(0)
                three = np.int64(0)
                for d in range(9):
                    x = T[3 * d + b]
                    three |= two & x
                    two |= one & x
                    one |= x
                pairs = two & ~three & ~T[27 + b]
                while pairs:
                    i = _low(pairs)
                    pairs &= pairs - 1
                    column = np.int64(SPREAD) << (i % 9)
                    spare = _ones(~T[27 + b] & ROW_BOX[i] & BAND) + _ones(~T[27] & column & BAND) + \
                        _ones(~T[28] & column & BAND) + _ones(~T[29] & column & BAND)
                    if spare > score:
                        best, score = 27 * b + i, spare
            if best < 0:  # none with two: the first with fewest
                fewest = 10
                for cell in range(81):
                    b = cell // 27
                    bit = np.int64(1) << (cell % 27)
                    if T[27 + b] & bit:
                        continue
                    count = 0
                    for d in range(9):
                        count += (T[3 * d + b] & bit) != 0
                    if count < fewest:
                        best, fewest = cell, count
            b = best // 27
            bit = np.int64(1) << (best % 27)
            digits = 0
            for d in range(9):
                if T[3 * d + b] & bit:
                    digits |= 1 << d
            choice[depth] = best
            left[depth] = digits
        if left[depth] == 0:
            depth -= 1
            continue
        d = _low(left[depth])
        left[depth] &= left[depth] - 1
        nodes[0] += 1
        N = S[depth + 1]
        N[:] = T
        if _fill(N, d, choice[depth] // 27, choice[depth] % 27) and _settle(N):
            depth += 1
            fresh = True
    return found


@kernel("void(int64, int64[:, :], int64[:, :], int64[:, :], int64[:, :], int64[:, :], int64[:], int64[:])", nogil=True)
def search_many(n, givens, units, peers, cell_units, solved, found, nodes):
    """:func:`search` (:func:`search9` for the 9 x 9) on each row of ``givens`` in turn, for two solutions (a
    second proves the first is not unique): ``found[i]`` is 0, 1 or 2, ``solved[i]`` the first solution where there is one; ``nodes[0]`` adds
    up the branches of all of them.  One call for a whole batch of grids of side ``n``."""
    out = np.empty((2, n * n), dtype=np.int64)
    step = np.zeros(1, dtype=np.int64)
    nodes[0] = 0
    for i in range(givens.shape[0]):
        if n == 9:
            found[i] = search9(givens[i], out, 2, step)
        else:
            found[i] = search(n, givens[i], units, peers, cell_units, out, 2, step)
        nodes[0] += step[0]
        if found[i] > 0:
            solved[i] = out[0]
