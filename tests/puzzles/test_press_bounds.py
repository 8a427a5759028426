"""Bounds on the fewest presses where every solution cannot be weighed, against brute force and A075464."""

from __future__ import annotations

import numpy as np
import pytest

from parity.data.oeis import A075464
from parity.puzzles import LightsOut
from parity.puzzles.lightsout.bounds import (lower_bound, neighbourhood_upper_bound, strip_minimum,
                                             symmetric_upper_bound, top_block_minimum)


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


@pytest.mark.parametrize("n, s", [(3, 3), (4, 3), (4, 4), (5, 3), (5, 4), (6, 3)])
def test_strip_minimum_is_the_least_over_every_press_pattern_of_the_strip(n, s):
    """Every pattern of presses on an s-row strip n wide whose lights inside (all but the strip's first and last
    row) go out, the lights simulated by the puzzle on the s x n board: the least of their presses."""
    puzzle = LightsOut(f"grid:{s}x{n}")
    cells = s * n
    toggles = np.array([puzzle._lights(np.eye(cells, dtype=np.int64)[i]) ^ 1 for i in range(cells)])  # press i
    patterns = ((np.arange(1 << cells)[:, None] >> np.arange(cells)) & 1).astype(np.int64)
    lights = (1 + patterns @ toggles) % 2  # all on, then every press of the pattern
    inside = lights.reshape(-1, s, n)[:, 1:s - 1, :].reshape(len(patterns), -1)
    dark = ~inside.any(axis=1)
    assert strip_minimum(n, s) == int(patterns[dark].sum(axis=1).min())


@pytest.mark.parametrize("n", range(2, 31))
def test_bounds_hold_against_the_published_terms(n):
    low = lower_bound(n, max(1, min(6, n // 2)))
    assert 0 <= low["lower"] <= A075464[n - 1]
    with_strips = lower_bound(n, max(1, min(4, n // 2)), strip=5)
    assert 0 <= with_strips["lower"] <= A075464[n - 1]
    high = symmetric_upper_bound(n)
    assert high["upper"] >= A075464[n - 1]
    puzzle = LightsOut(f"grid:{n}x{n}")
    presses = puzzle.presses(high["x"].astype(np.int64))
    puzzle.verify(presses)
    assert puzzle.weight(presses) == high["upper"]


@pytest.mark.slow
def test_strip_bounds_hold_against_every_term_regenerated():
    """The bound with strips of up to 7 rows, at most every term of the b-file (n <= 78: A075464's published terms
    to 54, the coset search's beyond)."""
    from pathlib import Path

    terms = dict(tuple(map(int, line.split())) for line in
                 (Path(__file__).resolve().parents[2] / "experiments/data/min_presses.bfile").read_text().split("\n")
                 if line)
    for n in range(31, max(terms) + 1, 4):
        assert lower_bound(n, 6, strip=7)["lower"] <= terms[n]


def test_the_neighbourhood_search_reaches_a_minimum_the_symmetric_solutions_miss():
    """47 x 47 (nullity 30): its lightest symmetric solution has 1007 presses, A075464's a(47) is 971; random
    subspaces of dimension 20 weighed whole reach 971 (the seed fixed, so the same subspaces every run)."""
    found = neighbourhood_upper_bound(47, float("inf"), dimension=20, seed=0, rounds=400, goal=A075464[46])
    assert found["from"] == 1007 and found["upper"] == A075464[46] == 971
    puzzle = LightsOut("grid:47x47")
    presses = puzzle.presses(found["x"])
    puzzle.verify(presses)
    assert puzzle.weight(presses) == 971


@pytest.mark.slow
def test_the_neighbourhood_search_reaches_a_61_from_its_symmetric_solution():
    """61 x 61 (nullity 40): from 1637 presses to a(61) = 1629, the coset search's value over all 2^40
    solutions (experiments/data/min_presses.bfile)."""
    found = neighbourhood_upper_bound(61, float("inf"), dimension=30, seed=0, rounds=400, goal=1629)
    assert found["from"] == 1637 and found["upper"] == 1629


def test_bad_bounds_requests_are_refused_before_any_search():
    with pytest.raises(ValueError, match="1 <= s <= n"):
        strip_minimum(3, 5)
    with pytest.raises(ValueError, match="1 <= r <= n/2"):
        lower_bound(6, 1.5)
    assert lower_bound(6, 1, strip=100)["lower"] == lower_bound(6, 1, strip=4)["lower"]  # no strip beyond the rows
    with pytest.raises(ValueError, match="dimension"):
        neighbourhood_upper_bound(9, 1.0, dimension=0)
    with pytest.raises(ValueError, match="seconds"):
        neighbourhood_upper_bound(9, float("nan"))
    with pytest.raises(ValueError, match="81 presses of 0 or 1"):
        neighbourhood_upper_bound(9, 1.0, start=np.full(81, 2))
    from parity.errors import InvalidSolution

    with pytest.raises(InvalidSolution):  # not a solution: refused before the search, not after its time
        neighbourhood_upper_bound(9, 600.0, start=np.zeros(81, dtype=np.int64))
