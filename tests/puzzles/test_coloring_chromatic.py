"""Chromatic numbers with their proofs, colour symmetry breaking, uniqueness and pictures of colourings.

The chromatic engine is checked against published chromatic numbers, brute force, Mycielski's construction
written out here, and its DRAT proofs by two checkers that share no code with parity or the solver (the verified
``drup`` and ``dratify``).
"""

import itertools
import json

import dratify
import drup
import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import parity as pt
from parity.boards import write_board
from parity.check import crosscheck
from parity.cnf.chromatic import mycielski_inner, tabu_descent
from parity.errors import EngineNotApplicableError, LimitError, OutputError
from parity.puzzles import Coloring, Polyomino
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


@given(graphs(), st.sampled_from(["sat", "cms", "chromatic"]))
def test_chromatic_number_against_brute_force(G, engine):
    result = pt.solve(Coloring(G, colors=None, chromatic=True), engine)
    expected = brute_chromatic(G)
    assert result.stats["minimum_weight"] == expected
    assert len(set(result.solution.values())) == expected  # the colouring returned uses that many
    proof = result.stats["proof"]
    if proof["method"] == "clique":
        clique = [int(v) for v in proof["clique"]]
        assert len(clique) == expected and all(G.has_edge(u, v) for u, v in itertools.combinations(clique, 2))
    elif proof["method"] == "mycielski":  # Mycielski levels above a clique of the innermost graph
        assert proof["levels"] + len(proof["base_clique"]) == expected
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


def test_grotzsch_graph_by_mycielski_or_by_a_solver_proof():
    # triangle-free with chromatic number 4: the clique bound is 2; the default engine sees the Mycielskian of
    # C5, itself the Mycielskian of an edge; plain SAT proves it by refusing 3 colours
    G = nx.mycielski_graph(4)
    result = pt.solve(Coloring(G, colors=None, chromatic=True))
    assert result.engine == "chromatic" and result.stats["minimum_weight"] == 4
    assert result.stats["proof"]["method"] == "mycielski" and result.stats["proof"]["levels"] == 2
    result = pt.solve(Coloring(G, colors=None, chromatic=True), "sat")
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


#: the DIMACS colouring benchmark's table: vertices, edges, chromatic number
PUBLISHED = {"myciel3": (11, 20, 4), "myciel4": (23, 71, 5), "myciel5": (47, 236, 6), "myciel6": (95, 755, 7),
             "queen5_5": (25, 160, 5), "queen6_6": (36, 290, 7), "queen7_7": (49, 476, 7), "queen8_8": (64, 728, 9)}


def queen_graph(n: int) -> nx.Graph:
    cells = [(r, c) for r in range(n) for c in range(n)]
    G = nx.Graph()
    G.add_nodes_from(range(len(cells)))
    G.add_edges_from((a, b) for (a, (r, c)), (b, (s, d)) in itertools.combinations(enumerate(cells), 2)
                     if r == s or c == d or abs(r - s) == abs(c - d))
    return G


def benchmark_graph(name: str) -> nx.Graph:
    return nx.mycielski_graph(int(name[6:]) + 1) if name.startswith("myciel") else queen_graph(int(name[5:].split("_")[0]))


@pytest.mark.parametrize("name", list(PUBLISHED))
def test_published_chromatic_numbers_from_col_files(tmp_path, name):
    vertices, edges, chi = PUBLISHED[name]
    path = tmp_path / f"{name}.col"
    write_board(benchmark_graph(name), path)
    board = pt.board(str(path))
    assert (board.number_of_nodes(), board.number_of_edges()) == (vertices, edges)
    result = pt.solve(Coloring(board, colors=None, chromatic=True))
    assert result.engine == "chromatic" and result.stats["minimum_weight"] == chi
    assert len(set(result.solution.values())) == chi and proper(board, result.solution)


def mycielskian(H: nx.Graph) -> nx.Graph:
    """Mycielski's construction, written out here: shadows ('u', v) of every node, and an apex 'w'."""
    G = nx.Graph()
    G.add_nodes_from(("v", v) for v in H)
    G.add_edges_from((("v", a), ("v", b)) for a, b in H.edges())
    for v in H:
        G.add_edges_from((("u", v), ("v", x)) for x in H[v])
        G.add_edge(("u", v), "w")
    return G


def partition_chromatic(G: nx.Graph) -> int:
    """The least j with a partition of the nodes into j independent sets (dynamic programming over subsets)."""
    from parity.puzzles.coloring import independent_partitions

    return next(j for j, ways in enumerate(independent_partitions(G)) if ways)


@given(graphs(5))
def test_a_mycielskian_is_recognised_and_peeled_to_its_graph(H):
    G = mycielskian(H)
    inner, apex = mycielski_inner(G)
    assert nx.is_isomorphic(inner, H)
    chi = partition_chromatic(G)
    assert chi == brute_chromatic(H) + 1  # the theorem the bound rests on, on this instance
    assert pt.solve(Coloring(G, colors=None, chromatic=True)).stats["minimum_weight"] == chi


@given(graphs(7))
def test_a_graph_taken_for_a_mycielskian_is_one(G):
    found = mycielski_inner(G)
    if found is not None:
        inner, apex = found
        assert nx.is_isomorphic(mycielskian(inner), G)


@given(graphs(7), st.integers(0, 10_000))
def test_tabu_search_returns_proper_colourings(G, seed):
    import random

    order = list(G)
    random.Random(seed).shuffle(order)
    start = {v: i for i, v in enumerate(order)}  # proper, with as many colours as nodes
    found = tabu_descent(G, start, 1, [])
    assert proper(G, found) and len(set(found.values())) >= brute_chromatic(G)


def brute_least_colours(G: nx.Graph, k: int, clues: dict) -> int | None:
    """The fewest distinct colours among proper colourings with colours 0..k-1 keeping the clues, or None."""
    nodes = list(G)
    best = None
    for c in itertools.product(range(k), repeat=len(nodes)):
        colours = dict(zip(nodes, c))
        if proper(G, colours) and all(colours[v] == clue for v, clue in clues.items()):
            best = min(best or k + 1, len(set(c)))
    return best


@given(graphs(6), st.integers(2, 4), st.data())
def test_least_colours_with_clues_against_brute_force(G, k, data):
    # a clue's colour counts among those used: the least number is over colourings that keep every clue
    clues = data.draw(st.dictionaries(st.sampled_from(list(G)), st.integers(0, k - 1), max_size=2))
    expected = brute_least_colours(G, k, clues)
    for engine in ("sat", "cms", "chromatic"):
        result = pt.solve(Coloring(G, colors=k, clues=clues), engine, minimize=True)
        assert result.satisfiable is (expected is not None), engine
        if expected is not None:
            assert result.stats["minimum_weight"] == expected == len(set(result.solution.values())), engine


def test_a_path_with_a_high_clue_needs_two_colours():
    # colours 1 and 2 are not 0 and 1: the bound on the colours used must not forbid the clue's colour
    puzzle = Coloring("grid:1x3", colors=3, clues={(0, 0): 2})
    for engine in ("sat", "chromatic"):
        assert pt.solve(puzzle, engine, minimize=True).stats["minimum_weight"] == 2


def test_the_harness_compares_least_colours():
    report = crosscheck(Coloring("petersen", colors=4, chromatic=True))
    minima = {a.engine: a.minimum for a in report.answers if a.minimum is not None}
    assert report.agree and minima.get("chromatic") == minima.get("sat") == 3 and "cms" in minima


def checked(cnf_path, drat_path) -> tuple[bool, bool]:
    """The verdicts of the two independent checkers on a formula and its DRAT proof."""
    verified = drup.check_proof_from_files(str(cnf_path), str(drat_path)).outcome == drup.Outcome.VALID
    other = dratify.check_proof(dratify.parse_dimacs(cnf_path.read_text()), drat_path.read_text()).ok
    return verified, other


def test_a_chromatic_refusal_is_written_as_a_drat_proof_that_checkers_accept(tmp_path):
    target = tmp_path / "queen6.drat"
    result = pt.solve(Coloring(queen_graph(6), colors=None, chromatic=True), proof=target)
    proof = result.stats["proof"]
    assert result.stats["minimum_weight"] == 7 and proof["method"] == "unsat" and proof["at_most"] == 6
    formula = tmp_path / "queen6.drat.cnf"
    assert proof["drat"] == str(target) and proof["cnf"] == str(formula)
    assert checked(formula, target) == (True, True)
    again = pt.solve(Coloring(queen_graph(6), colors=None, chromatic=True), proof=target)  # its own files: rewritten
    assert again.stats["proof"]["drat"] == str(target) and checked(formula, target) == (True, True)
    # the checkers are not vacuous: drop the clauses that keep attacking queens' colours apart and it fails
    lines = formula.read_text().splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("p cnf"))
    clauses = lines[header + 1:]
    nvars = int(lines[header].split()[2])
    broken = tmp_path / "broken.cnf"
    kept = [c for c in clauses if not (len(c.split()) == 3 and c.split()[0].startswith("-"))]  # no conflicts
    broken.write_text(f"p cnf {nvars} {len(kept)}\n" + "\n".join(kept) + "\n")
    assert checked(broken, target) == (False, False)


def test_a_clique_bound_still_writes_its_refutation(tmp_path):
    target = tmp_path / "k4.drat"
    result = pt.solve(Coloring(nx.complete_graph(4), colors=None, chromatic=True), proof=target)
    assert result.stats["proof"]["method"] == "clique" and checked(tmp_path / "k4.drat.cnf", target) == (True, True)


@pytest.mark.parametrize("engine", ["sat", "sat:glucose4"])
def test_no_solution_with_a_proof_from_the_sat_engines(tmp_path, engine):
    target = tmp_path / "k4.drat"
    result = pt.solve(Coloring(nx.complete_graph(4), colors=3), engine, proof=target)
    assert not result.satisfiable and result.stats["proof"]["method"] == "unsat"
    assert checked(tmp_path / "k4.drat.cnf", target) == (True, True)


def test_a_sat_minimisation_proves_its_last_step(tmp_path):
    target = tmp_path / "petersen.drat"
    result = pt.solve(Coloring("petersen", colors=5), "sat", minimize=True, proof=target)
    assert result.stats["minimum_weight"] == 3 and result.stats["proof"]["at_most"] == 2
    assert checked(tmp_path / "petersen.drat.cnf", target) == (True, True)


def test_a_packing_with_no_cover_goes_to_sat_for_its_proof(tmp_path):
    # the straight and the bent tromino do not fill a 3 x 2 rectangle; the exact-cover engines write no proofs, so
    # SAT answers
    target = tmp_path / "trominoes.drat"
    result = pt.solve(Polyomino("trominoes", "rect:3x2"), proof=target)
    assert not result.satisfiable and result.engine == "sat"
    assert checked(tmp_path / "trominoes.drat.cnf", target) == (True, True)


def test_proof_refusals(tmp_path):
    with pytest.raises(EngineNotApplicableError, match="writes no proofs"):
        pt.solve(Coloring("petersen", colors=2), "cms", proof=tmp_path / "p.drat")
    mine = tmp_path / "mine.drat.cnf"  # a file parity did not write is never overwritten
    mine.write_text("p cnf 1 1\n1 0\n")
    with pytest.raises(OutputError, match="another name"):
        pt.solve(Coloring("petersen", colors=2), proof=tmp_path / "mine.drat")
    assert mine.read_text() == "p cnf 1 1\n1 0\n"
    with pytest.raises(OutputError, match="another name"):  # nor is the proof written over a formula it reads
        pt.solve(Coloring("petersen", colors=2), proof=mine)
    assert mine.read_text() == "p cnf 1 1\n1 0\n"
    with pytest.raises(EngineNotApplicableError, match="writes no proofs"):
        pt.solve(pt.LightsOut("grid:3x3"), "gf2", proof=tmp_path / "p.drat")
    with pytest.raises(EngineNotApplicableError, match="writes no proofs"):
        pt.solve(Polyomino("trominoes", "rect:3x2"), "dlx", proof=tmp_path / "p.drat")


def test_cli_proof(tmp_path):
    target = tmp_path / "out.drat"
    out = run_cli("solve", "coloring", "--board", "petersen", "--chromatic", "--proof", str(target), "--json")
    assert out.code == 0, out.err
    payload = json.loads(out.out)
    assert payload["min_colours"] == 3 and payload["proof"]["drat"] == str(target)
    assert checked(tmp_path / "out.drat.cnf", target) == (True, True)
    out = run_cli("solve", "coloring", "--board", "octahedron", "--colors", "2", "--proof",
                  str(tmp_path / "missing" / "x.drat"))
    assert out.code == 2 and "cannot write" in out.err and len(out.err.splitlines()) == 1
    out = run_cli("solve", "coloring", "--board", "grid:3x3", "--colors", "1", "--engine", "cms", "--proof",
                  str(target))
    assert out.code == 2 and "writes no proofs" in out.err and len(out.err.splitlines()) == 1


def test_a_search_stopped_by_its_time_limit_says_how_far_it_got(tmp_path):
    # queen11_11 needs 11 colours; finding an 11-colouring is beyond a few seconds of SAT, the bounds are not
    path = tmp_path / "queen11_11.col"
    write_board(queen_graph(11), path)
    # what three seconds reach depends on the machine: the bounds, where some were reached, hold (11 colours are
    # needed and enough: an 11-clique, a row of the board, and the published chromatic number)
    out = run_cli("solve", "coloring", "--board", str(path), "--chromatic", "--time-limit", "3", "--json")
    payload = json.loads(out.out)
    assert out.code == 0 and payload["status"] == "UNKNOWN"
    result = pt.solve(Coloring(str(path), colors=None, chromatic=True), time_limit=3)
    assert result.status == "UNKNOWN"
    for bounds in (payload["bounds"], result.stats["bounds"]):
        assert bounds is None or 1 <= bounds["lower_bound"] <= 11 <= bounds["upper_bound"] <= 121


def test_least_colours_with_clues_when_the_colours_are_not_given():
    # a 6-cycle whose opposite nodes 0 and 3 must share colour 0: two colours cannot do (they are an odd distance
    # apart), three can; the colours offered must allow for the clues
    G = nx.cycle_graph(6)
    assert brute_least_colours(G, 4, {0: 0, 3: 0}) == 3
    result = pt.solve(Coloring(G, colors=None, clues={0: 0, 3: 0}, chromatic=True))
    assert result.stats["minimum_weight"] == 3 and result.solution[0] == result.solution[3] == 0
    assert pt.solve(Coloring(G, colors=None, clues={0: 0, 3: 0})).satisfiable


def test_the_bounds_reported_are_those_proved(tmp_path):
    import warnings

    from parity.errors import ParityWarning

    result = pt.solve(Coloring("petersen", colors=None, chromatic=True))
    assert result.stats["lower_bound"] == result.stats["upper_bound"] == 3
    assert pt.solve(Coloring("petersen", colors=2), "chromatic").stats["lower_bound"] == 3  # 2 refused: 3 at least
    with warnings.catch_warnings(record=True) as caught:  # Mycielski's theorem is no DRAT proof: said, not written
        warnings.simplefilter("always")
        result = pt.solve(Coloring(nx.mycielski_graph(4), colors=None, chromatic=True), proof=tmp_path / "g.drat")
    assert result.stats["proof"]["drat"] is None and not (tmp_path / "g.drat").exists()
    assert any(issubclass(w.category, ParityWarning) and "Mycielski" in str(w.message) for w in caught)


def test_the_readme_example_myciel5_ships_and_needs_six_colours():
    """README's ``parity solve coloring --board graphs/myciel5.col --chromatic``: the file ships, holds the DIMACS
    benchmark's 47 vertices and 236 edges and no triangle, and the command proves 6 colours (Mycielski's graphs:
    5 for 23 vertices, 6 for 47): its lower bound meets the colouring it found.  The graph is read by
    networkx's own reading of the edges too, not only parity's."""
    import json
    from pathlib import Path

    import networkx as nx

    from parity.boards import board
    from parity.testing import run_cli

    path = Path(__file__).resolve().parents[2] / "graphs" / "myciel5.col"
    G = board(str(path))
    assert (G.number_of_nodes(), G.number_of_edges()) == (47, 236) and sum(nx.triangles(G).values()) == 0
    edges = [line.split()[1:] for line in path.read_text().splitlines() if line.startswith("e ")]
    assert nx.is_isomorphic(nx.Graph(edges), nx.mycielski_graph(6))
    code, out, err = run_cli("solve", "coloring", "--board", str(path), "--chromatic", "--json")
    data = json.loads(out)
    assert code == 0 and data["colors"] == data["lower_bound"] == data["upper_bound"] == 6, err
