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
* **Lower bound, by strips.**  Between the top and bottom blocks, a strip
  of ``s`` rows follows from its own first two rows, whatever they are (the
  row above the strip is free, so its second row is too): its presses at
  column ``j`` depend on those two rows' bits near ``j`` only, and the least
  weight over every pair of rows is a shortest path over a pair of windows
  sliding along the row (``2^(4s - 8)`` states).  The middle rows are cut
  into strips so that the sum of their least weights is largest; with the
  top and bottom blocks it bounds every solution, and the larger of the two
  bounds is kept.
* **Upper bound, by symmetric solutions.**  The all-on start is kept by the
  square's symmetries, so the solutions that a subgroup of them keeps are a
  smaller coset, weighed whole by the coset search; the lightest over the
  subgroups is a solution, checked on the board.
"""

from __future__ import annotations

import numpy as np

from ..._compiled import kernel

__all__ = ["lower_bound", "top_block_minimum", "strip_minimum", "symmetric_upper_bound", "neighbourhood_upper_bound"]


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


@kernel("void(int64[:], int64[:], int64, int64)", nogil=True)
def _step_pair(before, after, low_bits, high_bits):
    """``after[W] += min over b, b' of before[W slid back]``: two windows (the low ``low_bits`` bits of ``W``
    and the ``high_bits`` above them, none for one window) each slide by one bit."""
    low_mask = (np.int64(1) << low_bits) - 1
    high_mask = (np.int64(1) << high_bits) - 1
    for W in range(after.shape[0]):
        low = W & low_mask
        high = W >> low_bits
        best = np.int64(1) << 50
        for b in range(2):
            for b2 in range(2 if high_bits else 1):
                v = before[((((high << 1) | b2) & high_mask) << low_bits) | (((low << 1) | b) & low_mask)]
                if v < best:
                    best = v
        after[W] += best


def _chased_rows(n: int, r: int, free: int = 1) -> list[list[tuple[int, int]]]:
    """The presses of the top ``r`` rows of the all-on n x n board as (mask over the first row, constant); with
    ``free = 2``, of a strip of ``r`` rows whose first two rows are free (bits ``0..n-1`` the first row, ``n..2n-1``
    the second)."""
    rows = [[(1 << j, 0) for j in range(n)]]
    if free == 2:
        rows.append([(1 << (n + j), 0) for j in range(n)])
    for i in range(len(rows) - 1, r - 1):
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
    return _least_over_windows(n, _chased_rows(n, r), [(0, r - 1)], range(n) if columns is None else columns)


def _least_over_windows(n: int, rows: list, windows: list[tuple[int, int]], columns) -> int:
    """The least number of presses of ``rows`` (from :func:`_chased_rows`) in ``columns`` over every value of
    their free rows: a shortest path along the row over the free rows' windows, ``windows`` a list of (first
    variable of the free row, half-width) in the order of their bits.  A column's presses depend on the windows
    around it only; the columns away from the sides share their table."""
    widths = [2 * half + 1 for _, half in windows]
    width = sum(widths)
    value, made, key = None, None, None
    for j in range(n):
        positions, bit = [], 0  # (variable, bit of the window) of the window's cells on the board
        for (base, half), w in zip(windows, widths):
            positions += [(base + j - half + t, bit + t) for t in range(w) if 0 <= j - half + t < n]
            bit += w
        valid = sum(1 << b for _, b in positions)
        masks, consts = [], []
        if j in columns:
            for mask, const in (row[j] for row in rows):
                masks.append(sum(1 << b for variable, b in positions if (mask >> variable) & 1))
                consts.append(const)
        if (tuple(masks), tuple(consts), valid) != key:  # (only the last table is kept: they are large)
            key = (tuple(masks), tuple(consts), valid)
            made = np.empty(1 << width, dtype=np.int64)
            _column_weights(np.array(masks, dtype=np.int64), np.array(consts, dtype=np.int64),
                            np.array([valid], dtype=np.int64), width, made)
        weights = made.copy()
        if value is not None:
            _step_pair(value, weights, widths[0], width - widths[0])
        value = weights
    return int(value.min())


def strip_minimum(n: int, s: int) -> int:
    """The least number of presses in a strip of ``s`` rows of the all-on n x n board away from its top and bottom
    edges, over every pair of first two rows (the rows below follow by light chasing): a lower bound on those
    cells' presses in every solution.

    Examples
    --------
    >>> strip_minimum(5, 2)  # two free rows may be empty
    0
    >>> strip_minimum(5, 3)  # the second row pressed at columns 1 and 4 lights its row: 2 presses
    2
    """
    if isinstance(n, bool) or isinstance(s, bool) or not isinstance(n, (int, np.integer)) or \
            not isinstance(s, (int, np.integer)) or not 1 <= s <= n:
        raise ValueError(f"a strip needs whole numbers 1 <= s <= n, got s = {s!r} for n = {n!r}")
    if s <= 2:
        return 0
    return _least_over_windows(n, _chased_rows(n, s, free=2), [(n, s - 2), (0, s - 3)], range(n))


def _strips(n: int, rows: int, most: int) -> tuple[int, list[int]]:
    """The best cut of ``rows`` middle rows into strips of at most ``most`` rows: (sum of least weights, lengths)."""
    most = min(most, rows)  # (no strip is longer than the rows it covers)
    least = [0] + [strip_minimum(n, s) for s in range(1, most + 1)]
    best = [(0, [])]
    for length in range(1, rows + 1):
        best.append(max(((best[length - s][0] + least[s], best[length - s][1] + [s])
                         for s in range(1, min(most, length) + 1)), key=lambda pair: pair[0]))
    return best[rows]


def lower_bound(n: int, r: int, strip: int = 0) -> dict:
    """The row-block lower bound on the fewest presses of the all-on n x n board (module docstring), ``2r <= n``;
    with ``strip`` (3 or more) the middle rows are also cut into strips of at most that many rows, and the larger
    bound is given.

    Examples
    --------
    >>> lower_bound(10, 3)["lower"] <= 44  # a(10) = 44 (OEIS A075464)
    True
    """
    if isinstance(r, bool) or not isinstance(r, (int, np.integer)) or not isinstance(strip, (int, np.integer)) \
            or not 1 <= r <= n // 2:
        raise ValueError(f"the blocks need whole numbers 1 <= r <= n/2 (and a whole strip length), got r = {r!r} "
                         f"for n = {n}")
    top = top_block_minimum(n, r)
    side = top_block_minimum(n, r, range(r, n - r))
    sides = {"lower": 2 * top + 2 * side, "rows": r, "top": top, "side": side,
             "method": f"row blocks: the top and bottom {r} rows at least {top} presses each, the left and right "
                       f"{r} columns between them at least {side} each, over every first row (or column)"}
    if strip < 3 or n - 2 * r < 3:
        return sides
    middle, lengths = _strips(n, n - 2 * r, strip)
    if 2 * top + middle <= sides["lower"]:
        return sides
    cut = ", ".join(f"{lengths.count(s)} of {s}" for s in sorted(set(lengths), reverse=True))
    return {"lower": 2 * top + middle, "rows": r, "top": top, "strips": lengths, "middle": middle,
            "method": f"row blocks and strips: the top and bottom {r} rows at least {top} presses each over every "
                      f"first row, the {n - 2 * r} rows between them cut into strips ({cut} rows) at least "
                      f"{middle} presses in all, each strip over every pair of its first two rows"}


def symmetric_upper_bound(n: int, max_nullity: int = 34) -> dict:
    """The lightest solution of the all-on n x n board among those kept by a subgroup of the square's symmetries
    (each subgroup's solutions weighed whole), checked on the board.

    Examples
    --------
    >>> symmetric_upper_bound(5)["upper"] >= 15  # a(5) = 15
    True
    """
    from ...linalg import solve
    from ...codes import coset_minimum
    from .puzzle import LightsOut

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


def neighbourhood_upper_bound(n: int, seconds: float, dimension: int = 30, seed: int = 0, start=None,
                              rounds: int | None = None, goal: int | None = None) -> dict:
    """A lighter solution of the all-on n x n board by a large-neighbourhood search: from the lightest symmetric
    solution (or ``start``), again and again the lightest solution of ``x + S`` is taken, ``S`` a random subspace
    of ``dimension`` of the quiet patterns' span, weighed whole by the coset search (so never heavier than ``x``),
    until ``seconds`` are spent (or ``rounds`` subspaces weighed, or a solution of ``goal`` presses found).  The
    result is checked on the board.

    Examples
    --------
    >>> neighbourhood_upper_bound(9, 1.0, dimension=4)["upper"]  # a(9) = 25, nullity 8
    25
    """
    import time

    from ...codes import coset_minimum
    from .puzzle import LightsOut

    import math

    started = time.perf_counter()
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or math.isnan(seconds) or seconds < 0:
        raise ValueError(f"seconds must be a number of at least 0, got {seconds!r}")
    for name, value, least in (("dimension", dimension, 1), ("rounds", rounds, 0)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least):
            raise ValueError(f"{name} must be a whole number of at least {least}, got {value!r}")
    puzzle = LightsOut(f"grid:{n}x{n}")
    space = puzzle.solution_space("chase")
    B = space.basis.astype(np.int64)
    k = B.shape[0]
    if start is None:
        x = symmetric_upper_bound(n)["x"].astype(np.int64)
    else:
        x = np.asarray(start)
        if x.shape != (n * n,) or x.dtype.kind not in "biu" or not np.isin(x, (0, 1)).all():
            raise ValueError(f"the start must be {n * n} presses of 0 or 1, row by row")
        x = x.astype(np.int64)
        puzzle.verify(puzzle.presses(x))  # a solution before the search begins, not after it
    first = int(x.sum())
    rng = np.random.default_rng(seed)
    most, rounds = rounds, 0
    d = min(dimension, k)
    weight = first
    while time.perf_counter() - started < seconds and k and (most is None or rounds < most) and \
            (goal is None or weight > goal):
        mix = rng.integers(0, 2, (d, k))
        weight, lighter = coset_minimum(x, (mix @ B) % 2, max_nullity=d)
        x = lighter.astype(np.int64)
        rounds += 1
    presses = puzzle.presses(x)
    puzzle.verify(presses)
    weight = puzzle.weight(presses)
    return {"upper": weight, "x": x, "rounds": rounds, "from": first,
            "method": f"a large-neighbourhood search from {first} presses: {rounds} random subspaces of dimension "
                      f"{d} of the quiet patterns weighed whole (seed {seed})"}
