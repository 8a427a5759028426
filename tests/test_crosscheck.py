"""GF(2)/GF(p) against the CNF route on random graphs: every engine agrees and every solution verifies."""

import json

import pytest
from hypothesis import given

import parity as pt
from parity.check import FAMILIES, check_family, crosscheck
from parity.cli import main
from parity.puzzles import LightsOut
from parity.strategies import graphs, instances


@given(instances("lightsout"))
def test_all_engines_agree_on_random_lightsout(puzzle):
    report = crosscheck(puzzle)
    assert report.agree, report.problems
    names = {a.engine for a in report.answers}
    assert {"galois", "sat", "cms", "ganak"} <= names
    assert ("gf2" in names) == (puzzle.field == 2)


@given(graphs(max_nodes=14))
def test_gf2_against_cnf_including_unsolvable_starts(G):
    # the odd start on a board with a quiet pattern is unsolvable; all-on may or may not be
    for start in ("all-on", "random:3"):
        puzzle = LightsOut(G, start=start)
        space = puzzle.solution_space("gf2")
        for engine in ("sat", "cms", "ganak"):
            assert pt.count(puzzle, engine=engine) == space.count
        result = pt.solve(puzzle, engine="sat")
        assert result.satisfiable == space.solvable
        if result.satisfiable:
            assert puzzle.linear().dense().dot([result.solution[v] for v in puzzle.nodes]).__mod__(2).tolist() == \
                puzzle.linear().rhs.tolist()


def test_unsolvable_instances_are_drawn():
    summary = check_family("lightsout", 40, seed=2)
    assert summary["agree"] and 0 < summary["unsatisfiable_instances"] < 40


def test_a_wrong_engine_is_caught():
    class Liar:
        name, exact, can_enumerate, encoding = "liar", True, False, "none"

        def supports(self, puzzle):
            return True

        def count(self, puzzle):
            return 3

    from parity import engines

    engines.ENGINES["liar"] = Liar()
    try:
        report = crosscheck(LightsOut("grid:4x4"), engines=["gf2", "liar"])
    finally:
        del engines.ENGINES["liar"]
    assert not report.agree and "disagree on the count" in report.problems[0]


def test_check_cli_reports_per_engine_agreement(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["check", "lightsout", "--examples", "25", "--json"])
        raise SystemExit(0)
    data = json.loads(capsys.readouterr().out)
    assert stop.value.code in (0, None) and data["agree"] and data["instances"] == 25
    assert set(data["engines"]) == {"gf2", "galois", "sat", "cms", "ganak"}
    assert data["engines"]["ganak"]["exact"] is False


def test_families_are_registered():
    assert "lightsout" in FAMILIES


@pytest.mark.slow
def test_check_200_examples():
    summary = check_family("lightsout", 200)
    assert summary["agree"] and summary["unsatisfiable_instances"] > 0


@pytest.mark.slow
def test_ganak_counts_19x19_without_enumerating():
    assert pt.count(LightsOut("grid:19x19"), engine="ganak") == 2**16
