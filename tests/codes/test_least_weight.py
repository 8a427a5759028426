"""The fewest presses by the fastest search: the transform from nullity 20 on, the walk below, both against the
published minimum numbers of presses of the n x n boards (OEIS A075464) and against each other."""

from __future__ import annotations

import numpy as np
import pytest

import parity as pt
from parity.codes import TRANSFORM_FROM, least_weight
from parity.data.oeis import A075464, A159257
from parity.errors import NullityTooLargeError
from parity.puzzles import LightsOut


@pytest.mark.parametrize("n", [30, 32])  # nullity 20: the first the transform weighs, and the walk still quick
def test_the_transform_and_the_walk_agree_with_the_published_term(n):
    space = LightsOut(f"grid:{n}x{n}").solution_space()
    assert space.nullity == A159257[n - 1] == TRANSFORM_FROM
    weight, x = least_weight(space)
    walked, y = space.minimum_weight()
    assert weight == walked == A075464[n - 1]
    assert int(np.count_nonzero(x)) == weight and x in space and y in space


def test_the_39_x_39_board_from_the_command_line_and_the_api():
    # 2^32 solutions: refused by the walk's bound of 2^30 steps, weighed by the transform within it
    result = pt.solve(LightsOut("grid:39x39"), minimize=True)
    assert result.stats["minimum_weight"] == A075464[38] == 561
    from parity.testing import run_cli

    code, out, err = run_cli("solve", "lightsout", "--board", "grid:39x39", "--min-presses", "--json")
    assert code == 0, err
    assert '"min_presses": 561' in out


def test_the_bound_counts_the_transform_cheaper_than_the_walk():
    space = LightsOut("grid:39x39").solution_space()
    with pytest.raises(NullityTooLargeError, match=r"2\^32 solutions by the transform, as long as walking 2\^26"):
        least_weight(space, max_nullity=25)
    with pytest.raises(NullityTooLargeError, match=r"2\^32"):
        space.minimum_weight(max_nullity=30)  # (the walk alone)
