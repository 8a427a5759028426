"""Chromatic numbers with their proofs, colour symmetry breaking, uniqueness and pictures of colourings."""

import itertools
import json

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import parity as pt
from parity.errors import LimitError
from parity.puzzles import Coloring
from parity.testing import run_cli


def proper(G: nx.Graph, colours: dict) -> bool:
    return all(colours[u] != colours[v] for u, v in G.edges())


def brute_chromatic(G: nx.Graph) -> int:
    """The least k with a proper k-colouring, by trying every assignment (no encoding, no solver)."""
    nodes = list(G)
    for k in range(0 if not nodes else 1, len(nodes) + 1):
        if any(proper(G, dict(zip(nodes, c))) for c in itertools.product(range(k), repeat=len(nodes))):
            return k
    return 0


def brute_up_to_renaming(G: nx.Graph, k: int) -> int:
    """Proper k-colourings up to renaming the colours: distinct partitions into colour classes."""
    nodes = list(G)
    classes = set()
    for c in itertools.product(range(k), repeat=len(nodes)):
        colours = dict(zip(nodes, c))
        if proper(G, colours):
            classes.add(frozenset(frozenset(v for v in nodes if colours[v] == colour) for colour in set(c)))
    return len(classes)


@st.composite
def graphs(draw, most=7):
    n = draw(st.integers(1, most))
    pairs = list(itertools.combinations(range(n), 2))
    chosen = draw(st.lists(st.booleans(), min_size=len(pairs), max_size=len(pairs)))
    G = nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(p for p, keep in zip(pairs, chosen) if keep)
    return G


@given(graphs(), st.sampled_from(["sat", "cms"]))
def test_chromatic_number_against_brute_force(G, engine):
    result = pt.solve(Coloring(G, colors=None, chromatic=True), engine)
    expected = brute_chromatic(G)
    assert result.stats["minimum_weight"] == expected
    assert len(set(result.solution.values())) == expected  # the colouring returned uses that many
    proof = result.stats["proof"]
    if proof["method"] == "clique":
        clique = [int(v) for v in proof["clique"]]
        assert len(clique) == expected and all(G.has_edge(u, v) for u, v in itertools.combinations(clique, 2))
    else:  # the solver's refusal of one colour fewer, confirmed by a second solver on a fresh formula
        assert proof["method"] == "unsat" and proof["at_most"] == expected - 1
        assert not pt.solve(Coloring(G, colors=expected - 1), "cms").satisfiable


@given(graphs(6), st.integers(1, 4))
def test_symmetry_breaking_keeps_one_colouring_per_renaming(G, k):
    puzzle = Coloring(G, colors=k, symmetry_breaking=True)
    expected = brute_up_to_renaming(G, k)
    assert pt.count(puzzle, "sat") == expected
    assert pt.count(puzzle, "ganak") == expected


@pytest.mark.parametrize("board, chi", [("petersen", 3), ("octahedron", 3), ("icosahedron", 4), ("grid:4x4", 2),
                                        ("cube", 2), ("dodecahedron", 3)])
def test_named_boards_chromatic(board, chi):
    for breaking in (False, True):
        result = pt.solve(Coloring(board, colors=None, symmetry_breaking=breaking), minimize=True)
        assert result.stats["minimum_weight"] == chi
        assert not pt.solve(Coloring(board, colors=chi - 1), "cms").satisfiable


def test_grotzsch_graph_needs_a_solver_proof():
    # triangle-free with chromatic number 4 (Mycielski): the clique bound is 2, so the proof is UNSAT
    G = nx.mycielski_graph(4)
    result = pt.solve(Coloring(G, colors=None, chromatic=True))
    assert result.stats["minimum_weight"] == 4 and result.stats["proof"]["method"] == "unsat"


def test_too_few_colours_for_a_minimum_is_unsatisfiable():
    assert pt.solve(Coloring("icosahedron", colors=3), minimize=True).satisfiable is False


def test_symmetry_breaking_refuses_clues():
    with pytest.raises(LimitError, match="clues"):
        Coloring("petersen", colors=3, clues={0: 1}, symmetry_breaking=True)


def test_ganak_cannot_minimise():
    with pytest.raises(pt.errors.ParityError, match="minimise|finds"):
        pt.solve(Coloring("petersen", colors=3), "ganak", minimize=True)


def brute_count(G: nx.Graph, k: int, clues: dict) -> int:
    """Proper colourings with colours 0..k-1 that keep the clues, by trying every assignment."""
    nodes = list(G)
    count = 0
    for c in itertools.product(range(k), repeat=len(nodes)):
        colours = dict(zip(nodes, c))
        count += proper(G, colours) and all(colours[v] == clue for v, clue in clues.items())
    return count


@pytest.mark.parametrize("board, k, clues, expected", [
    ("grid:1x2", 2, {(0, 0): 1}, 1),
    ("grid:2x3", 2, {(0, 0): 0}, 1),  # connected and bipartite: one clue settles the rest
    ("grid:2x2", 2, {}, 2),
    ("octahedron", 3, {0: 0, 1: 1}, 1),  # the opposite pairs share a colour: two clues settle all three
    ("octahedron", 3, {0: 0}, 2),
    ("petersen", 3, {}, 120),
])
def test_unique_against_a_brute_force_count(board, k, clues, expected):
    assert brute_count(pt.board(board), k, clues) == expected
    puzzle = Coloring(board, colors=k, clues=clues)
    for engine in ("sat", "cms", "gf2") if k == 2 else ("sat", "cms"):
        assert pt.solve(puzzle, engine, unique=True).stats["unique"] is (expected == 1), engine
    assert pt.count(puzzle) == expected


@given(graphs(6), st.integers(1, 3), st.data())
def test_unique_on_random_graphs_against_a_brute_force_count(G, k, data):
    clues = data.draw(st.dictionaries(st.sampled_from(list(G)), st.integers(0, k - 1), max_size=2))
    expected = brute_count(G, k, clues)
    puzzle = Coloring(G, colors=k, clues=clues)
    result = pt.solve(puzzle, "sat", unique=True)
    assert result.satisfiable is (expected > 0)
    if expected:
        assert result.stats["unique"] is (expected == 1)


def test_cli_chromatic_json():
    out = run_cli("solve", "coloring", "--board", "octahedron", "--chromatic", "--json")
    assert out.code == 0, out.err
    payload = json.loads(out.out)
    assert payload["min_colours"] == 3 and payload["proof"]["method"] == "clique"
    assert len(payload["proof"]["clique"]) == 3


def test_cli_unique_and_up_to_symmetry_errors():
    out = run_cli("solve", "coloring", "--board", "grid:2x2", "--colors", "2", "--unique", "--json")
    assert out.code == 0 and json.loads(out.out)["unique"] is False
    out = run_cli("count", "coloring", "--board", "petersen", "--colors", "3", "--recolour")
    assert out.code == 2 and "up_to_symmetry" in out.err


@pytest.mark.parametrize("flags, suffix", [([], ".svg"), (["--faces", "--colors", "4"], ".png"),
                                           (["--edges", "--colors", "4"], ".svg")])
def test_cli_draws_a_colouring(tmp_path, flags, suffix):
    target = tmp_path / f"picture{suffix}"
    out = run_cli("draw", "coloring", "--board", "dodecahedron", *flags, "-o", str(target), "--json")
    assert out.code == 0, out.err
    data = target.read_bytes()
    assert data.startswith(b"\x89PNG") if suffix == ".png" else b"<svg" in data
    assert json.loads(out.out)["output"] == str(target)


def test_cli_draw_refuses_bad_targets(tmp_path):
    out = run_cli("draw", "coloring", "--board", "petersen", "-o", str(tmp_path / "x.jpg"))
    assert out.code == 2 and ".svg or .png" in out.err
    out = run_cli("draw", "coloring", "--board", "petersen", "-o", str(tmp_path / "no" / "x.svg"))
    assert out.code == 2 and "does not exist" in out.err
    out = run_cli("draw", "cnf", "x.cnf", "-o", str(tmp_path / "x.svg"))
    assert out.code == 2 and "no picture" in out.err
