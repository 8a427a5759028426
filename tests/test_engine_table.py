"""The engine table: an engine is added with one call, and the table refuses what is not an engine."""

from __future__ import annotations

import json

import pytest

import parity as pt
from parity.engines import ENGINES, SAT, UNSAT, Answer, Engine, register_engine, unregister_engine
from parity.errors import UnknownEngineError
from parity.testing import run_cli


class Enumerating(Engine):
    """Lists a cover problem's covers by trying every subset of options: the definition itself (tiny problems)."""

    name, accepts = "subsets", "cover"

    def refuses(self, problem):
        return None if len(problem.options) <= 12 else "engine 'subsets' tries every subset: at most 12 options"

    def solutions(self, problem):
        import itertools

        for k in range(len(problem.options) + 1):
            for chosen in itertools.combinations(range(len(problem.options)), k):
                if problem.satisfied_by(list(chosen)):
                    yield list(chosen)

    def solve(self, problem, minimize=False, max_nullity=30):
        first = next(self.solutions(problem), None)
        return Answer(UNSAT if first is None else SAT, first)

    def count(self, problem):
        total = sum(1 for _ in self.solutions(problem))
        return Answer(SAT if total else UNSAT, None, total)


@pytest.fixture
def subsets():
    yield register_engine(Enumerating())
    unregister_engine("subsets")


def test_a_registered_engine_answers_through_every_door(subsets, tmp_path):
    path = tmp_path / "c.dlx"
    path.write_text("a b c\na b\nc\na\nb c\nb\n")
    assert json.loads(run_cli("count", "cover", path, "--engine", "subsets", "--json").out)["count"] == 3
    assert json.loads(run_cli("count", "cover", path, "--engine", "dlx", "--json").out)["count"] == 3
    assert "subsets" in json.loads(run_cli("engines", "--json").out)["engines"]
    from parity.check import check_family

    summary = check_family("cover", 40, 3, ["subsets", "dlx", "sat"], 512)
    assert summary["agree"] and summary["engines"]["subsets"]["instances"] > 0
    puzzle = pt.puzzles.coverfile.CoverFile(str(path))
    assert pt.solve(puzzle, engine="subsets").solution == [0, 1]  # the first subset tried that covers, verified


def test_the_table_refuses_what_is_not_an_engine():
    with pytest.raises(UnknownEngineError, match="takes an Engine"):
        register_engine("gf2")
    bad = Enumerating()
    bad.name = "two words"
    with pytest.raises(UnknownEngineError, match="plain word"):
        register_engine(bad)
    taken = Enumerating()
    taken.name = "dlx"
    with pytest.raises(UnknownEngineError, match="already"):
        register_engine(taken)
    with pytest.raises(UnknownEngineError, match="ships with parity"):
        unregister_engine("gf2")
    with pytest.raises(UnknownEngineError, match="no engine"):
        unregister_engine("nothing-here")
    assert "dlx" in ENGINES and ENGINES["dlx"].name == "dlx"
