"""Which engine answers by default, and that every route gives the same answer (poly, chase, gf2, galois)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parity as pt
from parity.engines import choose, get_engine
from parity.errors import EngineNotApplicableError
from parity.puzzles import LightsOut

boards = st.tuples(st.sampled_from(["grid", "cylinder", "torus"]), st.integers(1, 18), st.integers(1, 18))


@given(boards, st.sampled_from(["closed", "open"]), st.sampled_from(["all-on", "all-off", "random:3"]))
def test_poly_chase_and_elimination_agree(board, rule, start):
    kind, m, n = board
    puzzle = LightsOut(f"{kind}:{m}x{n}", rule=rule, start=start, target="all-off")
    expected = pt.count(puzzle, engine="gf2")
    assert pt.count(puzzle, engine="chase") == expected
    # galois (the reference elimination, on the dense matrix) counts and decides solvability alike
    assert pt.count(puzzle, engine="galois") == expected
    assert pt.solve(puzzle, engine="galois").satisfiable == (expected > 0)
    poly = get_engine("poly")
    system = puzzle.linear()
    reason = poly.refuses(system)
    if reason is None:
        assert pt.count(puzzle, engine="poly") == expected
    else:  # poly only counts starts it knows to be solvable
        assert start == "random:3" or (start == "all-on" and rule == "open")


@pytest.mark.parametrize("spec,question,engine", [
    ("grid:5x5", "count", "gf2"),  # small: no compiled kernels, no python-flint to load
    ("grid:5x5", "solve", "gf2"),
    ("grid:64x64", "count", "poly"),
    ("grid:64x64", "solve", "chase"),
    ("grid:64x64", "solutions", "chase"),
    ("torus:70x60", "count", "poly"),
    ("hex:40", "solve", "chase"),  # 4681 cells, forcing set of 79
])
def test_default_choice(spec, question, engine):
    assert choose(LightsOut(spec), None, question)[0].name == engine


def test_default_choice_falls_back_when_poly_cannot_tell():
    puzzle = LightsOut("grid:64x64", start="random:1")
    assert choose(puzzle, None, "count")[0].name == "chase"
    assert choose(LightsOut("grid:64x64", field=3), None, "count")[0].name == "chase"


def test_poly_counts_but_finds_nothing():
    puzzle = LightsOut("grid:6x6")
    with pytest.raises(EngineNotApplicableError, match="counts solutions but finds none"):
        pt.solve(puzzle, engine="poly")
    with pytest.raises(EngineNotApplicableError, match="counts solutions but does not list"):
        list(pt.solutions(puzzle, engine="poly"))
    with pytest.raises(EngineNotApplicableError, match="grids, cylinders and tori"):
        pt.count(LightsOut("hex:3"), engine="poly")


def test_the_json_names_the_engine_that_ran():
    result = pt.count_result(LightsOut("grid:100x100"))
    payload = result.to_json()
    assert payload["engine"] == "poly" and payload["count"] == 2 ** payload["nullity"]
    assert payload["count"] == pt.count(LightsOut("grid:100x100"), engine="chase")


@pytest.mark.parametrize("args,message", [
    (("solve", "lightsout", "--board", "grid:6x6", "--engine", "poly"), "counts solutions but finds none"),
    (("count", "lightsout", "--board", "hex:3", "--engine", "poly"), "grids, cylinders and tori"),
    (("count", "lightsout", "--board", "hex:3", "--field", "3", "--engine", "chase"), "GF(3)"),
    (("count", "lightsout", "--board", "grid:6x6", "--start", "random:2", "--engine", "poly"), "cannot tell"),
])
def test_engines_that_do_not_apply_are_one_line_errors(args, message):
    from parity.testing import run_cli

    run = run_cli(*args)
    assert run.code == 2 and run.out == ""
    assert run.err.startswith("parity: error: ") and message in run.err and run.err.count("\n") == 1
