"""Bounds on the fewest presses of the all-on n x n board (closed rule) where every solution cannot be weighed.

* **Lower bound, by row blocks.**  On the all-on board, the presses of the
  top ``r`` rows follow from the first row by light chasing, whatever the
  solution: ``p[i+1][j] = 1 + p[i][j-1] + p[i][j] + p[i][j+1] + p[i-1][j]``.
  A press ``p[i][j]`` of those rows depends on the first row's bits ``j-i ..
  j+i`` only, so the least weight of the top ``r`` rows over *every* first
  row (the chase need not end with the board dark: a relaxation) is a
  shortest path over a window of ``2r - 1`` bits sliding along the row.  The
  bottom rows give the same by symmetry, and the left and right columns
  (between the top and bottom blocks) the same by transposing, each block
  with its own relaxation.  The four blocks are disjoint, so the sum of the
  four least weights is at most the weight of every solution.
* **Upper bound, by symmetric solutions.**  The all-on start is kept by the
  square's symmetries, so the solutions that a subgroup of them keeps are a
  smaller coset, weighed whole by the coset search; the lightest over the
  subgroups is a solution, checked on the board.
"""

from __future__ import annotations

import numpy as np

from .._compiled import kernel


@kernel("void(int64[:], int64[:], int64[:], int64, int64[:])", nogil=True)
def _column_weights(masks, consts, valid, width, out):
    """``out[W]`` = how many of the presses with window masks ``masks`` (constants ``consts``) are 1 when the
    window holds ``W``; windows with a bit outside the board (``W & ~valid[0]``) get a large weight."""
    for W in range(1 << width):
        if W & ~valid[0]:
            out[W] = 1 << 40
            continue
        total = 0
        for i in range(masks.shape[0]):
            x = masks[i] & W
            odd = consts[i]
            while x:
                x &= x - 1
                odd ^= 1
            total += odd
        out[W] = total


@kernel("void(int64[:], int64[:], int64)", nogil=True)
def _step(before, after, width):
    """``after[W] += min over b of before[(W << 1 | b) & mask]`` (the window slides by one bit)."""
    mask = (np.int64(1) << width) - 1
    for W in range(1 << width):
        a = before[((W << 1) | 0) & mask]
        b = before[((W << 1) | 1) & mask]
        after[W] += a if a < b else b


def _chased_rows(n: int, r: int) -> list[list[tuple[int, int]]]:
    """The presses of the top ``r`` rows of the all-on n x n board as (mask over the first row, constant)."""
    rows = [[(1 << j, 0) for j in range(n)]]
    for i in range(r - 1):
        above = rows[i - 1] if i > 0 else [(0, 0)] * n
        row = rows[i]
        nxt = []
        for j in range(n):
            mask, const = above[j][0] ^ row[j][0], 1 ^ above[j][1] ^ row[j][1]
            for dj in (-1, 1):
                if 0 <= j + dj < n:
                    mask, const = mask ^ row[j + dj][0], const ^ row[j + dj][1]
            nxt.append((mask, const))
        rows.append(nxt)
    return rows


def top_block_minimum(n: int, r: int, columns: range | None = None) -> int:
    """The least number of presses in the top ``r`` rows (only the ``columns`` given, default all) of the all-on
    n x n board over every first row: a lower bound on those cells' presses in every solution.

    Examples
    --------
    >>> top_block_minimum(5, 1)  # the first row alone may be empty
    0
    >>> top_block_minimum(5, 2)  # then the second is all pressed; the best is 2 presses
    2
    """
    columns = range(n) if columns is None else columns
    rows = _chased_rows(n, r)
    width = 2 * r - 1
    value = None
    for j in range(n):
        low = j - r + 1  # window bit t is first-row bit low + t
        valid = sum(1 << t for t in range(width) if 0 <= low + t < n)
        masks, consts = [], []
        if j in columns:
            for i in range(r):
                mask, const = rows[i][j]
                window = (mask >> low) if low >= 0 else (mask << -low)
                masks.append(window & ((1 << width) - 1))
                consts.append(const)
        weights = np.empty(1 << width, dtype=np.int64)
        _column_weights(np.array(masks, dtype=np.int64), np.array(consts, dtype=np.int64),
                        np.array([valid], dtype=np.int64), width, weights)
        if value is not None:
            _step(value, weights, width)
        value = weights
    return int(value.min())


def lower_bound(n: int, r: int) -> dict:
    """The row-block lower bound on the fewest presses of the all-on n x n board (module docstring), ``2r <= n``.

    Examples
    --------
    >>> lower_bound(10, 3)["lower"] <= 44  # a(10) = 44 (OEIS A075464)
    True
    """
    if not 1 <= r <= n // 2:
        raise ValueError(f"the blocks need 1 <= r <= n/2, got r = {r} for n = {n}")
    top = top_block_minimum(n, r)
    side = top_block_minimum(n, r, range(r, n - r))
    return {"lower": 2 * top + 2 * side, "rows": r, "top": top, "side": side,
            "method": f"row blocks: the top and bottom {r} rows at least {top} presses each, the left and right "
                      f"{r} columns between them at least {side} each, over every first row (or column)"}


def symmetric_upper_bound(n: int, max_nullity: int = 34) -> dict:
    """The lightest solution of the all-on n x n board among those kept by a subgroup of the square's symmetries
    (each subgroup's solutions weighed whole), checked on the board.

    Examples
    --------
    >>> symmetric_upper_bound(5)["upper"] >= 15  # a(5) = 15
    True
    """
    from ..linalg import solve
    from ..linalg.covering import coset_minimum
    from .lightsout import LightsOut

    puzzle = LightsOut(f"grid:{n}x{n}")
    space = puzzle.solution_space("chase")
    x0, B = space.particular.astype(np.int64), space.basis.astype(np.int64)
    perms = puzzle._rule_symmetries()  # 0 identity, 1 vertical, 2 horizontal, 3 half turn, 4 diagonal, 5..7
    subgroups = {"vertical mirror": [1], "horizontal mirror": [2], "half turn": [3], "diagonal mirror": [4],
                 "anti-diagonal mirror": [7], "quarter turn": [5], "two mirrors": [1, 2], "both diagonals": [4, 7],
                 "all eight": [1, 4]}
    best = None
    for name, generators in subgroups.items():
        rows, rhs = [], []
        for g in generators:
            P = perms[g]
            rows.append((B[:, P] ^ B).T)  # (x0 + B c) permuted = x0 + B c, as equations in c
            rhs.append(x0[P] ^ x0)
        kept = solve(np.vstack(rows) % 2, np.concatenate(rhs) % 2)
        if not kept.solvable or kept.nullity > max_nullity:
            continue
        start = (x0 + kept.particular.astype(np.int64) @ B) % 2
        weight, x = coset_minimum(start, (kept.basis.astype(np.int64) @ B) % 2, max_nullity=max_nullity)
        if best is None or weight < best[0]:
            best = (weight, x, name, kept.nullity)
    weight, x, name, dimension = best
    presses = puzzle.presses(x.astype(np.int64))
    puzzle.verify(presses)
    if puzzle.weight(presses) != weight:
        raise AssertionError(f"the symmetric solution has {puzzle.weight(presses)} presses, not {weight}")
    return {"upper": weight, "x": x, "method": f"the lightest of the 2^{dimension} solutions kept by the {name} "
                                               f"(every subgroup of the square's symmetries tried)"}
