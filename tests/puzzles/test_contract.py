"""A second family plugs in through the contract and the registry alone.

``TwoColouring`` (colour every node 0 or 1 so that the ends of each edge
differ) is written here, in the tests, with a linear encoding
(x_u + x_v = 1 over GF(2)) and a CNF encoding (one XOR an edge).  It is
registered at run time and then solved, counted, listed and cross-checked
by the generic API and by the generic CLI verbs, without any change to
``api.py``, ``check.py`` or the verbs.  Its counts are checked against an
independent reference: 2^components when the graph is bipartite, else 0.
"""

from __future__ import annotations

import json
import random

import networkx as nx
import numpy as np
import pytest
from hypothesis import given

import parity as pt
from parity.check import crosscheck, random_graph
from parity.testing import run_cli
from parity.errors import EngineNotApplicableError, FamilyError, InvalidSolution
from parity.linalg.system import LinearSystem
from parity.puzzles import Family, Option, Puzzle, register, unregister
from parity.puzzles.registry import family, names
from parity.strategies import graphs, instances


class TwoColouring(Puzzle):
    family = "two-colouring"
    encodings = ("linear", "cnf")

    def __init__(self, board) -> None:
        self.board = pt.board(board)
        self.nodes = list(self.board)

    def _colours(self, x):
        return {v: int(x[i]) for i, v in enumerate(self.nodes)}

    def build_linear(self):
        index = {v: i for i, v in enumerate(self.nodes)}
        edges = [(index[u], index[v]) for u, v in self.board.edges()]
        rows = np.repeat(np.arange(len(edges)), 2)
        cols = np.array([c for edge in edges for c in edge], dtype=np.int64)
        system = LinearSystem((len(edges), len(self.nodes)), rows, cols, np.ones(rows.size, dtype=np.int64),
                              np.ones(len(edges), dtype=np.int64), 2, self.nodes, list(self.board.edges()))
        system.decode = self._colours
        return system

    def build_cnf(self):
        from parity.cnf import CNF

        formula = CNF()
        colour = {v: formula.var(("colour", v)) for v in self.nodes}
        for u, v in self.board.edges():
            formula.add_xor([colour[u], colour[v]], 1)
        formula.primary = list(colour.values())
        formula.decode = lambda model: {v: int(model[colour[v] - 1] > 0) for v in self.nodes}
        return formula

    def verify(self, colours) -> None:
        if set(colours) != set(self.nodes) or any(c not in (0, 1) for c in colours.values()):
            raise InvalidSolution("every node needs colour 0 or 1")
        for u, v in self.board.edges():
            if colours[u] == colours[v]:
                raise InvalidSolution(f"edge {u!r}-{v!r} joins two nodes of colour {colours[u]}")

    def to_json(self, colours) -> dict:
        labels = pt.puzzles.node_labels(self.nodes)
        return {"colours": {labels[v]: c for v, c in colours.items()}}

    def summary(self, colours) -> str:
        return f"{sum(colours.values())} nodes of colour 1"

    def picture(self, colours) -> str:
        return " ".join(f"{v}:{c}" for v, c in colours.items())


def _random(rng: random.Random) -> TwoColouring:
    return TwoColouring(random_graph(rng, 1, 10))


FAMILY = Family(
    name="two-colouring",
    puzzle=TwoColouring,
    summary="Colour the nodes 0/1 so that every edge joins different colours.",
    options=(Option("board_spec", ("--board",), "Board spec.", required=True),),
    build=lambda board_spec: TwoColouring(board_spec),
    random_instance=_random,
)


@pytest.fixture(autouse=True)
def registered():
    register(FAMILY)
    yield
    unregister("two-colouring")


def expected_count(G: nx.Graph) -> int:
    return 2 ** nx.number_connected_components(G) if nx.is_bipartite(G) else 0


def run(capsys, *args):
    """The CLI in this process: (exit status, stdout, stderr)."""
    return run_cli(*args)


def test_the_registry_lists_the_new_family():
    assert "two-colouring" in names() and family("two-colouring") is FAMILY


@given(graphs(max_nodes=12))
def test_every_engine_counts_two_colourings_like_the_bipartite_formula(G):
    puzzle = TwoColouring(G)
    for engine in ("gf2", "galois", "sat", "cms", "ganak"):
        assert pt.count(puzzle, engine=engine) == expected_count(G), engine
    result = pt.solve(puzzle)
    assert result.satisfiable == nx.is_bipartite(G)
    listed = list(pt.solutions(puzzle, engine="cms"))
    assert len(listed) == expected_count(G)
    assert len({json.dumps(puzzle.to_json(c), sort_keys=True) for c in listed}) == len(listed)


@given(instances("two-colouring"))
def test_the_harness_cross_checks_the_new_family(puzzle):
    report = crosscheck(puzzle)
    assert report.agree and report.checked, report.problems
    assert {a.count for a in report.answered if a.complete} == {expected_count(puzzle.board)}


def test_encodings_are_built_once():
    puzzle = TwoColouring("grid:3x3")
    assert puzzle.cnf() is puzzle.cnf() and puzzle.linear() is puzzle.linear()
    pt.crosscheck(puzzle)
    assert puzzle.cnf() is puzzle.encoding("cnf")


def test_generic_cli_solves_counts_checks_and_exports(capsys, tmp_path):
    code, out, _ = run(capsys, "count", "two-colouring", "--board", "grid:3x4", "--json")
    data = json.loads(out)
    assert code == 0 and data["family"] == "two-colouring" and data["count"] == 2 and data["engine"] == "gf2"
    code, out, _ = run(capsys, "count", "two-colouring", "--board", "petersen", "--engine", "cms", "--json")
    assert json.loads(out)["count"] == 0 and json.loads(out)["satisfiable"] is False
    code, out, _ = run(capsys, "solve", "two-colouring", "--board", "grid:2x2", "--engine", "sat", "--json")
    colours = json.loads(out)["colours"]
    assert colours["0,0"] != colours["0,1"] and colours["0,0"] == colours["1,1"]
    code, out, _ = run(capsys, "solve", "two-colouring", "--board", "grid:2x2")
    assert out.startswith("two-colouring on grid:2x2") and "one of 2 solutions" in out
    code, out, _ = run(capsys, "check", "two-colouring", "--examples", "8", "--json")
    data = json.loads(out)
    assert code == 0 and data["agree"] and data["checked"] == 8 and set(data["engines"]) >= {"gf2", "sat", "cms"}
    path = tmp_path / "c.cnf"
    code, out, _ = run(capsys, "export", "two-colouring", "--board", "grid:2x3", "--format", "cnf", "-o", str(path), "--json")
    assert json.loads(out)["primary"] == 6 and sum(line.startswith("c p show") for line in path.read_text().splitlines()) == 1
    code, out, _ = run(capsys, "count", "cnf", str(path), "--json")
    assert json.loads(out)["count"] == 2


def test_a_family_option_it_lacks_is_a_usage_error(capsys):
    code, out, err = run(capsys, "solve", "two-colouring", "--board", "grid:2x2", "--min-presses")
    assert code == 2 and out == "" and "--min-presses" in err and len(err.splitlines()) == 1


def test_minimizing_needs_a_weight(capsys):
    with pytest.raises(pt.errors.LimitError, match="no weight"):
        pt.solve(TwoColouring("grid:2x2"), minimize=True)


def test_contract_is_checked_at_registration():
    class NoBuilder(Puzzle):
        family = "broken"
        encodings = ("cnf",)

    with pytest.raises(FamilyError, match="build_cnf"):
        register(Family("broken", NoBuilder, "", (), build=NoBuilder))
    with pytest.raises(FamilyError, match="says family"):
        register(Family("other-name", TwoColouring, "", (), build=TwoColouring))
    with pytest.raises(FamilyError, match="derive from"):
        register(Family("plain", dict, "", (), build=dict))


def test_an_encoding_the_family_lacks_is_a_clear_error():
    with pytest.raises(EngineNotApplicableError, match="no cover encoding"):
        TwoColouring("grid:2x2").cover()
    with pytest.raises(FamilyError, match="unknown puzzle family 'kakuro'"):
        family("kakuro")


def test_aliases_name_a_family_and_may_not_take_another_ones_name():
    import dataclasses

    with_alias = dataclasses.replace(FAMILY, aliases=("bipartition",))
    register(with_alias)
    assert family("bipartition") is with_alias and "bipartition" not in names()
    code, out, _ = run_cli("count", "bipartition", "--board", "grid:3x4", "--json")
    assert code == 0 and json.loads(out)["family"] == "two-colouring" and json.loads(out)["count"] == 2
    with pytest.raises(FamilyError, match="aliases must be a sequence of names"):
        register(dataclasses.replace(FAMILY, aliases="bipartition"))  # one string, not a sequence of them
    with pytest.raises(FamilyError, match="aliases must be a sequence of names"):
        register(dataclasses.replace(FAMILY, aliases=("",)))
    with pytest.raises(FamilyError, match="alias 'sudoku'"):
        register(dataclasses.replace(FAMILY, aliases=("sudoku",)))
    with pytest.raises(FamilyError, match="alias 'polycube'"):
        register(dataclasses.replace(FAMILY, aliases=("polycube",)))
    with pytest.raises(FamilyError, match="'bipartition': that name is an alias of the family 'two-colouring'"):
        register(dataclasses.replace(FAMILY, name="bipartition"))
    with pytest.raises(FamilyError, match="that name is an alias of the family 'polyomino'"):
        register(dataclasses.replace(FAMILY, name="polycube"))
    register(FAMILY)  # replacing the family drops its aliases
    with pytest.raises(FamilyError, match="unknown puzzle family 'bipartition'"):
        family("bipartition")
    register(with_alias)
    unregister("two-colouring")
    with pytest.raises(FamilyError, match="unknown puzzle family 'bipartition'"):
        family("bipartition")
    register(FAMILY)
    # the built-in aliases: the piece set picks the lattice, so polycube, polyiamond and polyhex are polyomino
    assert family("polycube").name == family("polyhex").name == "polyomino"
    code, out, _ = run_cli("solve", "polycube", "--pieces", "soma", "--board", "box:3x3x3", "--json")
    assert code == 0 and json.loads(out)["family"] == "polyomino" and len(json.loads(out)["placements"]) == 7


def test_the_one_list_of_built_in_families_agrees_with_each_family_module():
    import importlib

    import parity.puzzles as puzzles
    from parity.puzzles.registry import BUILTIN_FAMILIES

    for name, (module, cls, aliases) in BUILTIN_FAMILIES.items():
        declared = importlib.import_module(module).FAMILY
        assert (declared.name, declared.puzzle.__name__, tuple(declared.aliases)) == (name, cls, aliases)
        assert getattr(puzzles, cls) is declared.puzzle and cls in puzzles.__all__
        assert all(family(alias) is family(name) for alias in aliases)
