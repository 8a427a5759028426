"""GF(2)/GF(p) against the CNF route on random graphs: every engine agrees and every solution verifies."""

import json

import pytest
from hypothesis import given

import parity as pt
from parity import engines
from parity.check import check_family, crosscheck
from parity.cli import main
from parity.engines import SAT, Answer, Engine
from parity.puzzles import LightsOut
from parity.strategies import graphs, instances


@given(instances("lightsout"))
def test_all_engines_agree_on_random_lightsout(puzzle):
    report = crosscheck(puzzle)
    assert report.agree, report.problems
    names = {a.engine for a in report.answered}
    assert {"galois", "sat", "cms", "ganak"} <= names
    assert ("gf2" in names) == (puzzle.field == 2)


@given(instances("cnf"))
def test_sat_solvers_and_ganak_agree_on_random_formulas(puzzle):
    # at most 12 variables: a limit above 2^12 makes every enumeration complete, so the counts are exact
    report = crosscheck(puzzle, limit=5000)
    assert all(a.complete for a in report.answered)
    assert report.agree, report.problems
    # d4 counts every model, so it answers only where every hidden variable is defined by the others or named by
    # no clause (each of those doubles the count, and is divided out)
    engines = {a.engine for a in report.answered}
    assert engines - {"d4"} == {"sat", "cms", "ganak"}
    used = {abs(lit) for clause in puzzle.formula.clauses_with_xors() for lit in clause}
    assert ("d4" in engines) == (not set(puzzle.formula.undefined_auxiliaries()) & used)
    # brute force over every assignment is the independent reference
    expected = len(puzzle.formula.brute_force_models())
    assert {a.count for a in report.answered} == {expected}


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
            x = [result.solution[v] for v in puzzle.nodes]
            assert (puzzle.linear().dense() @ x % 2).tolist() == puzzle.linear().rhs.tolist()


def test_unsolvable_instances_are_drawn():
    summary = check_family("lightsout", 40, seed=2)
    assert summary["agree"] and 0 < summary["unsatisfiable_instances"] < 40
    assert summary["checked"] == 40 and summary["unchecked_instances"] == 0


class Liar(Engine):
    """Counts 3 whatever it is asked."""

    name, accepts, can_enumerate = "liar", "linear", False

    def count(self, encoding):
        return Answer(SAT, None, 3)


def test_a_wrong_engine_is_caught(monkeypatch):
    monkeypatch.setitem(engines.ENGINES, "liar", Liar())
    report = crosscheck(LightsOut("grid:4x4"), engines=["gf2", "liar"])
    assert not report.agree and "disagree on the count" in report.problems[0]


class BadSolver(Engine):
    """Lists a vector that does not solve the system."""

    name, accepts = "bad", "linear"

    def solutions(self, encoding):
        yield [1] + [0] * (encoding.shape[1] - 1)


def test_a_solution_that_breaks_the_encoding_is_caught(monkeypatch):
    monkeypatch.setitem(engines.ENGINES, "bad", BadSolver())
    report = crosscheck(LightsOut("grid:3x3"), engines=["gf2", "bad"])
    assert not report.agree and "does not satisfy its own encoding" in " ".join(report.problems)


def test_an_instance_only_one_engine_answers_is_unchecked_not_agreeing():
    # W5: over GF(3) gf2 does not apply; with gf2 alone nothing is compared
    summary = check_family("lightsout", 6, seed=1, engines=["gf2"])
    assert summary["checked"] == 0 and summary["unchecked_instances"] == 6
    assert summary["unsatisfiable_instances"] == 0 and summary["agree"]


def test_check_cli_reports_per_engine_agreement(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["check", "lightsout", "--examples", "25", "--json"])
        raise SystemExit(0)
    data = json.loads(capsys.readouterr().out)
    assert stop.value.code in (0, None) and data["agree"] and data["instances"] == 25 == data["checked"]
    assert {"gf2", "gfp", "galois", "chase", "sat", "cms", "ganak"} <= set(data["engines"])
    assert data["engines"]["ganak"]["exact"] is False


def test_check_cli_says_unchecked(capsys):
    with pytest.raises(SystemExit):
        main(["check", "lightsout", "--examples", "6", "--seed", "1", "--engines", "gf2"])
        raise SystemExit(0)
    assert "6 unchecked" in capsys.readouterr().out


@pytest.mark.slow
def test_check_200_examples():
    summary = check_family("lightsout", 200)
    assert summary["agree"] and summary["unsatisfiable_instances"] > 0


@pytest.mark.slow
def test_ganak_counts_19x19_without_enumerating():
    assert pt.count(LightsOut("grid:19x19"), engine="ganak") == 2**16
