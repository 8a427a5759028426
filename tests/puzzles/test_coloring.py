"""Colourings: every engine against brute force and against the chromatic polynomial."""

import itertools
import json

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import parity as pt
from parity.check import crosscheck
from parity.testing import run_cli
from parity.errors import BoardSpecError, LimitError, StateError
from parity.puzzles import Coloring
from parity.strategies import instances


def brute_force(puzzle) -> int:
    """Every assignment of colours tried (no encoding, no solver)."""
    items = puzzle.items
    total = 0
    for colours in itertools.product(range(puzzle.colors), repeat=len(items)):
        given = dict(zip(items, colours))
        total += all(given[u] != given[v] for u, v in puzzle.conflicts.edges()) and \
            all(given[i] == c for i, c in puzzle.clues.items())
    return total


def chromatic_polynomial(G: nx.Graph, k: int) -> int:
    """P(G, k) by deletion-contraction, the textbook recurrence (an independent reference)."""
    if G.number_of_edges() == 0:
        return k ** G.number_of_nodes()
    u, v = next(iter(G.edges()))
    deleted = G.copy()
    deleted.remove_edge(u, v)
    contracted = nx.contracted_nodes(deleted, u, v, self_loops=False)
    return chromatic_polynomial(deleted, k) - chromatic_polynomial(nx.Graph(contracted), k)


@st.composite
def small_colourings(draw):
    n = draw(st.integers(1, 6))
    edges = draw(st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda e: e[0] < e[1])))
    G = nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(edges)
    k = draw(st.integers(1, 4))
    clues = draw(st.dictionaries(st.integers(0, n - 1), st.integers(0, k - 1), max_size=2))
    return Coloring(G, colors=k, clues=clues)


@given(small_colourings())
def test_every_engine_counts_like_brute_force(puzzle):
    expected = brute_force(puzzle)
    engines = ["sat", "cms", "ganak"] + (["gf2", "galois"] if puzzle.colors == 2 else [])
    for engine in engines:
        assert pt.count(puzzle, engine=engine) == expected, engine
    if not puzzle.clues:
        assert expected == chromatic_polynomial(puzzle.conflicts, puzzle.colors)
    if puzzle.colors == 2 and not puzzle.clues:
        G = puzzle.conflicts
        assert expected == (2 ** nx.number_connected_components(G) if nx.is_bipartite(G) else 0)


@given(instances("coloring"))
def test_the_harness_cross_checks_colourings(puzzle):
    report = crosscheck(puzzle)
    assert report.agree and report.checked, report.problems


@pytest.mark.parametrize("board, k", [("petersen", 3), ("cube", 3), ("octahedron", 4), ("grid:3x3", 3)])
def test_named_boards_against_the_chromatic_polynomial(board, k):
    puzzle = Coloring(board, colors=k)
    assert pt.count(puzzle) == chromatic_polynomial(puzzle.conflicts, k)


def test_faces_of_a_solid_are_the_vertices_of_its_dual():
    # cube faces ~ octahedron vertices, dodecahedron faces ~ icosahedron vertices
    assert pt.count(Coloring("cube", 3, element="faces")) == pt.count(Coloring("octahedron", 3))
    assert pt.count(Coloring("dodecahedron", 4, element="faces")) == pt.count(Coloring("icosahedron", 4)) == 240


def test_edge_colourings_of_k4():
    puzzle = Coloring(nx.complete_graph(4), colors=3, element="edges")
    assert pt.count(puzzle) == brute_force(puzzle) == 6
    assert pt.count(Coloring(nx.complete_graph(4), colors=2, element="edges")) == 0


def test_every_solution_verifies_and_none_repeats():
    puzzle = Coloring("petersen", colors=3)
    seen = {json.dumps(puzzle.to_json(c), sort_keys=True) for c in pt.solutions(puzzle)}
    assert len(seen) == 120


def test_bad_inputs_are_clear_errors():
    with pytest.raises(BoardSpecError, match="no faces"):
        Coloring("grid:3x3", element="faces")
    with pytest.raises(LimitError, match="unknown element"):
        Coloring("grid:3x3", element="corners")
    with pytest.raises(LimitError, match="number of colours"):
        Coloring("grid:3x3", colors=0)
    with pytest.raises(StateError, match="not one of the board's vertices"):
        Coloring("grid:2x2", clues={(5, 5): 0})
    with pytest.raises(StateError, match="expected 0..2"):
        Coloring("grid:2x2", clues={(0, 0): 3})


def run(capsys, *args):
    """The CLI in this process: (exit status, stdout, stderr)."""
    return run_cli(*args)


def test_cli(capsys, tmp_path):
    code, out, _ = run(capsys, "count", "coloring", "--board", "petersen", "--colors", "3", "--json")
    assert json.loads(out)["count"] == 120
    clues = tmp_path / "clues.json"
    clues.write_text('{"0,0": 1}')
    code, out, _ = run(capsys, "solve", "coloring", "--board", "grid:2x2", "--colors", "2", "--clues", clues, "--json")
    data = json.loads(out)
    assert data["colouring"]["0,0"] == 1 and data["colouring"]["1,1"] == 1 and data["count"] == 1
    for args, words in ((["--faces", "--edges"], "not both"), (["--clues", tmp_path / "none.json"], "does not exist"),
                        (["--colors", "-1"], "number of colours")):
        code, out, err = run(capsys, "count", "coloring", "--board", "cube", *args)
        assert code == 2 and out == "" and words in err and len(err.splitlines()) == 1
    bad = tmp_path / "bad.json"
    bad.write_text('{"9,9": 0}')
    code, out, err = run(capsys, "count", "coloring", "--board", "grid:2x2", "--clues", bad)
    assert code == 2 and "no vertex '9,9'" in err and len(err.splitlines()) == 1


@given(small_colourings())
def test_the_reference_count_is_the_chromatic_polynomial(puzzle):
    reference = Coloring(puzzle.conflicts, colors=puzzle.colors).reference_count()
    assert reference == ("chromatic-polynomial", chromatic_polynomial(puzzle.conflicts, puzzle.colors))


def test_the_harness_compares_engines_with_the_reference():
    report = crosscheck(Coloring("grid:3x3", colors=3))
    names = [a.engine for a in report.answers]
    assert "ref:chromatic-polynomial" in names and report.agree
    assert {a.count for a in report.answers if a.count is not None} == {chromatic_polynomial(nx.grid_2d_graph(3, 3), 3)}
    assert [a.satisfiable for a in report.answers if a.engine == "chromatic"] == [True]  # it finds, it counts none


def test_symmetry_breaking_is_kept_with_a_clue_file(tmp_path):
    """--break-symmetry with --clues: an empty clue file counts up to renaming as without one (it was dropped and the
    plain count given); a clue that tells colours apart is refused as from the API."""
    G = nx.grid_2d_graph(2, 2)
    nodes = list(G)
    classes = set()
    for colours in itertools.product(range(3), repeat=len(nodes)):
        if all(colours[nodes.index(u)] != colours[nodes.index(v)] for u, v in G.edges()):
            first: dict = {}
            classes.add(tuple(first.setdefault(c, len(first)) for c in colours))  # colours renamed by first use
    empty, one = tmp_path / "empty.json", tmp_path / "one.json"
    empty.write_text("{}")
    one.write_text('{"0,0": 0}')
    base = ("count", "coloring", "--board", "grid:2x2", "--colors", "3", "--break-symmetry", "--json")
    assert json.loads(run_cli(*base, "--clues", empty).out)["count"] == len(classes) == 3
    refused = run_cli(*base, "--clues", one)
    assert refused.code == 2 and "clues tell them apart" in refused.err and len(refused.err.splitlines()) == 1
