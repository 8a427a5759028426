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
"""

from __future__ import annotations

import numpy as np

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


@kernel("void(int64, int64[:, :], int64[:, :], int64[:, :], int64[:, :], int64[:, :], int64[:], int64[:])", nogil=True)
def search_many(n, givens, units, peers, cell_units, solved, found, nodes):
    """:func:`search` on each row of ``givens`` in turn, for two solutions (a second proves the first is not
    unique): ``found[i]`` is 0, 1 or 2, ``solved[i]`` the first solution where there is one; ``nodes[0]`` adds
    up the branches of all of them.  One call for a whole batch of grids of side ``n``."""
    out = np.empty((2, n * n), dtype=np.int64)
    step = np.zeros(1, dtype=np.int64)
    nodes[0] = 0
    for i in range(givens.shape[0]):
        found[i] = search(n, givens[i], units, peers, cell_units, out, 2, step)
        nodes[0] += step[0]
        if found[i] > 0:
            solved[i] = out[0]
