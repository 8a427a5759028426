"""Bounds on the fewest presses where every solution cannot be weighed, against brute force and A075464."""

from __future__ import annotations

import numpy as np
import pytest

from parity.data.oeis import A075464
from parity.puzzles import LightsOut
from parity.puzzles._press_bounds import lower_bound, symmetric_upper_bound, top_block_minimum


def chased_top_rows(n: int, first: int, r: int, columns) -> int:
    """Press the first row as the bits of ``first`` on the all-on board and chase: the presses in the top ``r``
    rows within ``columns``, simulated with the puzzle's own lights (no formula of the bound)."""
    puzzle = LightsOut(f"grid:{n}x{n}")
    presses = np.zeros((n, n), dtype=np.int64)
    presses[0] = [(first >> j) & 1 for j in range(n)]
    for i in range(1, r):
        lights = puzzle._lights(presses.ravel()).reshape(n, n)
        presses[i] = lights[i - 1]  # the press under each light left on in the row above
    return int(presses[:r][:, list(columns)].sum())


@pytest.mark.parametrize("n, r", [(4, 2), (5, 2), (6, 3), (7, 3), (8, 4), (9, 2)])
def test_top_block_minimum_is_the_least_over_every_first_row(n, r):
    for columns in (range(n), range(r, n - r)):
        every = min(chased_top_rows(n, first, r, columns) for first in range(1 << n))
        assert top_block_minimum(n, r, columns) == every


@pytest.mark.parametrize("n", range(2, 31))
def test_bounds_hold_against_the_published_terms(n):
    low = lower_bound(n, max(1, min(6, n // 2)))
    assert 0 <= low["lower"] <= A075464[n - 1]
    high = symmetric_upper_bound(n)
    assert high["upper"] >= A075464[n - 1]
    puzzle = LightsOut(f"grid:{n}x{n}")
    presses = puzzle.presses(high["x"].astype(np.int64))
    puzzle.verify(presses)
    assert puzzle.weight(presses) == high["upper"]
