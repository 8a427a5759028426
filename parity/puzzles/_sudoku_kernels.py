"""The compiled Sudoku search (private; see :class:`parity.puzzles.sudoku.SudokuSearch`).

A grid of side ``n = b * b`` is a flat array of ``n * n`` cells (0 for
empty, else the digit ``1..n``); rows, columns and boxes keep the digits
they hold as bit masks (digit ``d`` is bit ``d - 1``), so a cell's
candidates are one AND-NOT of three words.  Before every branch the search
places naked singles (a cell with one candidate) and hidden singles (a digit
with one place left in a row, column or box) until nothing changes, and
fails as soon as a cell has no candidate or a digit no place; it then
branches on the empty cell with fewest candidates.  Every level keeps a
copy of the state, so backtracking is a step down the stack.
"""

from __future__ import annotations

import numpy as np

from .._compiled import kernel


@kernel("int64(int64)", nogil=True)
def _lowest(x):
    """Index of the lowest set bit of a non-zero mask."""
    i = 0
    while (x >> i) & 1 == 0:
        i += 1
    return i


@kernel("int64(int64)", nogil=True)
def _bits(x):
    """Number of set bits of a mask."""
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@kernel("boolean(int64[:], int64[:], int64[:], int64[:], int64, int64, int64, int64)", nogil=True)
def _place(grid, rows, cols, boxes, n, b, cell, digit):
    """Write ``digit`` in ``cell``; False when its row, column or box holds it already."""
    r = cell // n
    c = cell - r * n
    x = (r // b) * b + c // b
    bit = np.int64(1) << (digit - 1)
    if (rows[r] | cols[c] | boxes[x]) & bit:
        return False
    grid[cell] = digit
    rows[r] |= bit
    cols[c] |= bit
    boxes[x] |= bit
    return True


@kernel("boolean(int64[:], int64[:], int64[:], int64[:], int64, int64, int64[:, :])", nogil=True)
def _propagate(grid, rows, cols, boxes, n, b, units):
    """Naked and hidden singles until nothing changes; False at a contradiction.  ``units[u]`` lists the cells of
    unit ``u`` (rows, then columns, then boxes)."""
    full = (np.int64(1) << n) - 1
    changed = True
    while changed:
        changed = False
        for cell in range(n * n):
            if grid[cell] != 0:
                continue
            r = cell // n
            c = cell - r * n
            x = (r // b) * b + c // b
            candidates = full & ~(rows[r] | cols[c] | boxes[x])
            if candidates == 0:
                return False
            if candidates & (candidates - 1) == 0:
                _place(grid, rows, cols, boxes, n, b, cell, _lowest(candidates) + 1)
                changed = True
        for u in range(3 * n):
            kind = u // n
            k = u - kind * n
            used = rows[k] if kind == 0 else (cols[k] if kind == 1 else boxes[k])
            once = np.int64(0)
            twice = np.int64(0)
            for i in range(n):
                cell = units[u, i]
                if grid[cell] != 0:
                    continue
                r = cell // n
                c = cell - r * n
                x = (r // b) * b + c // b
                candidates = full & ~(rows[r] | cols[c] | boxes[x])
                twice |= once & candidates
                once |= candidates
            if (once | used) != full:  # a digit the unit lacks has no place left in it
                return False
            singles = once & ~twice & ~used
            if singles == 0:
                continue
            for i in range(n):
                cell = units[u, i]
                if grid[cell] != 0:
                    continue
                r = cell // n
                c = cell - r * n
                x = (r // b) * b + c // b
                mine = singles & full & ~(rows[r] | cols[c] | boxes[x])
                if mine == 0:
                    continue
                if mine & (mine - 1):  # two digits with this cell as their only place
                    return False
                if not _place(grid, rows, cols, boxes, n, b, cell, _lowest(mine) + 1):
                    return False
                changed = True
    return True


@kernel("int64(int64, int64, int64[:], int64[:, :], int64[:, :], int64, int64[:])", nogil=True)
def search(n, b, givens, units, out, limit, nodes):
    """Solutions of the Sudoku with ``givens`` (flat, 0 for empty): the first ``limit`` written as rows of
    ``out``, or with ``limit == 0`` all counted.  Returns how many were found (0: none; conflicting givens find
    none); ``nodes[0]`` gets the number of branches tried."""
    cells = n * n
    depth_most = cells + 1
    G = np.zeros((depth_most, cells), dtype=np.int64)
    R = np.zeros((depth_most, n), dtype=np.int64)
    C = np.zeros((depth_most, n), dtype=np.int64)
    B = np.zeros((depth_most, n), dtype=np.int64)
    choice = np.zeros(depth_most, dtype=np.int64)  # the cell branched on at each level
    left = np.zeros(depth_most, dtype=np.int64)  # the digits still to try there
    for cell in range(cells):
        if givens[cell] != 0 and not _place(G[0], R[0], C[0], B[0], n, b, cell, givens[cell]):
            return 0
    nodes[0] = 0
    if not _propagate(G[0], R[0], C[0], B[0], n, b, units):
        return 0
    full = (np.int64(1) << n) - 1
    found = 0
    depth = 0
    fresh = True  # the state at ``depth`` has just been made: choose its cell
    while depth >= 0:
        if fresh:
            fresh = False
            best, fewest, best_candidates = -1, n + 1, np.int64(0)
            for cell in range(cells):
                if G[depth, cell] != 0:
                    continue
                r = cell // n
                c = cell - r * n
                x = (r // b) * b + c // b
                candidates = full & ~(R[depth, r] | C[depth, c] | B[depth, x])
                count = _bits(candidates)
                if count < fewest:
                    best, fewest, best_candidates = cell, count, candidates
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
            left[depth] = best_candidates
        if left[depth] == 0:
            depth -= 1
            continue
        digit = _lowest(left[depth]) + 1
        left[depth] &= left[depth] - 1
        nodes[0] += 1
        G[depth + 1] = G[depth]
        R[depth + 1] = R[depth]
        C[depth + 1] = C[depth]
        B[depth + 1] = B[depth]
        if _place(G[depth + 1], R[depth + 1], C[depth + 1], B[depth + 1], n, b, choice[depth], digit) and \
                _propagate(G[depth + 1], R[depth + 1], C[depth + 1], B[depth + 1], n, b, units):
            depth += 1
            fresh = True
    return found
