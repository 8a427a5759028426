"""Lights Out: the Quinto seed's facts, brute force on small boards, both engines on random graphs."""

import itertools
import json
import re

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import parity as pt
from parity.errors import InvalidSolution, NullityTooLargeError, RuleError, StateError
from parity._json import dumps
from parity.puzzles import LightsOut
from parity.puzzles.base import canonical

# The seed's Mathematica output for the 5 x 5 board: variables a..y row by row.
SEED_5X5_DNF = """
a && b && f && g && i && j && m && n && o && q && r && s && v && w &&
  y && !c && !d && !e && !h && !k && !l && !p && !t && !u && !x ||
a && c && d && g && h && i && k && l && m && p && q && s && t && x &&
  y && !b && !e && !f && !j && !n && !o && !r && !u && !v && !w ||
b && c && e && g && h && i && m && n && o && p && q && s && t && u &&
  v && !a && !d && !f && !j && !k && !l && !r && !w && !x && !y ||
d && e && f && g && i && j && k && l && m && q && r && s && u && w &&
  x && !a && !b && !c && !h && !n && !o && !p && !t && !v && !y
"""

# The seed's 4 x 4 patterns: "five distinct patterns and their rotations".
SEED_4X4_PATTERNS = ["0000111110011111", "0001110011000001", "0010100000010100", "0011101101001010", "1101111001111011"]


def _dnf_terms(text):
    for term in text.split("||"):
        literals = re.findall(r"(!?)([a-y])", term)
        yield {letter: 0 if bang else 1 for bang, letter in literals}


def _as_grid(presses, n):
    return np.array([[presses[(r, c)] for c in range(n)] for r in range(n)])


def test_seed_3x3_single_solution_corners_and_centre():
    puzzle = LightsOut("grid:3x3")
    solutions = list(pt.solutions(puzzle))
    assert len(solutions) == 1 == pt.count(puzzle)
    assert {v for v, t in solutions[0].items() if t} == {(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)}


def test_seed_4x4_sixteen_solutions_five_patterns_up_to_symmetry():
    puzzle = LightsOut("grid:4x4")
    solutions = [_as_grid(s, 4) for s in pt.solutions(puzzle)]
    assert len(solutions) == 16 == pt.count(puzzle)
    seed = [np.array([int(ch) for ch in p]).reshape(4, 4) for p in SEED_4X4_PATTERNS]
    # "their rotations": the pinwheel 0010/1000/0001/0100 is fixed by rotations, and its
    # mirror image is the sixteenth solution, so the images under the whole square group count
    images = {tuple(np.rot90(h, k).ravel()) for g in seed for h in (g, g.T) for k in range(4)}
    assert images == {tuple(g.ravel()) for g in solutions}


def test_seed_5x5_four_solutions_are_the_mathematica_ones():
    puzzle = LightsOut("grid:5x5")
    letters = "abcdefghijklmnopqrstuvwxy"
    seed = {tuple(term[ch] for ch in letters) for term in _dnf_terms(SEED_5X5_DNF)}
    ours = {tuple(s[(i // 5, i % 5)] for i in range(25)) for s in pt.solutions(puzzle)}
    assert len(seed) == 4 and ours == seed


def test_seed_5x5_needs_fifteen_presses():
    puzzle = LightsOut("grid:5x5")
    best, presses = puzzle.minimum_presses()
    puzzle.verify(presses)
    assert best == sum(presses.values()) == min(sum(s.values()) for s in pt.solutions(puzzle)) == 15


def test_5x5_count_is_four_with_nullity_two():
    space = LightsOut("grid:5x5").solution_space()
    assert (space.count, space.nullity, space.rank) == (4, 2, 23)


@pytest.mark.parametrize("spec", ["grid:1x1", "grid:2x3", "grid:3x3", "grid:4x4", "torus:3x3", "cylinder:2x4", "hex:2", "tri:3", "cube", "petersen", "octahedron"])
@pytest.mark.parametrize("rule", ["closed", "open"])
def test_count_equals_brute_force(spec, rule):
    puzzle = LightsOut(spec, rule=rule)
    n = len(puzzle.nodes)
    brute = 0
    for bits in itertools.product((0, 1), repeat=n):
        presses = dict(zip(puzzle.nodes, bits))
        lights = puzzle.apply(presses)
        brute += all(lights[v] == 0 for v in puzzle.nodes)
    assert pt.count(puzzle) == brute == pt.count(puzzle, engine="galois")


@pytest.mark.parametrize("p", [3, 5])
def test_multistate_lights_brute_force(p):
    puzzle = LightsOut("grid:2x3", field=p, start="random:7")
    brute = 0
    for x in itertools.product(range(p), repeat=6):
        lights = puzzle.apply(dict(zip(puzzle.nodes, x)))
        brute += all(lights[v] == 0 for v in puzzle.nodes)
    assert pt.count(puzzle) == brute
    for solution in pt.solutions(puzzle):
        puzzle.verify(solution)


@st.composite
def random_puzzles(draw):
    """Random graphs from several generators, with random rules, fields and start/target states."""
    kind = draw(st.sampled_from(["gnp", "tree", "regular", "grid", "barabasi", "ws"]))
    seed = draw(st.integers(0, 10**6))
    n = draw(st.integers(2, 40))
    if kind == "gnp":
        G = nx.gnp_random_graph(n, draw(st.floats(0.02, 0.6)), seed=seed)
    elif kind == "tree":
        G = nx.random_labeled_tree(n, seed=seed) if hasattr(nx, "random_labeled_tree") else nx.random_tree(n, seed=seed)
    elif kind == "regular":
        d = draw(st.integers(1, 4))
        G = nx.random_regular_graph(d, max(n, d + 1) + (max(n, d + 1) * d) % 2, seed=seed)
    elif kind == "grid":
        G = nx.grid_2d_graph(draw(st.integers(1, 7)), draw(st.integers(1, 7)))
    elif kind == "barabasi":
        G = nx.barabasi_albert_graph(n + 2, draw(st.integers(1, 2)), seed=seed)
    else:
        G = nx.connected_watts_strogatz_graph(max(n, 5), 4, 0.3, seed=seed)
    field = draw(st.sampled_from([2, 2, 2, 3, 5]))
    rule = draw(st.sampled_from(["closed", "open"]))
    start = f"random:{draw(st.integers(0, 10**6))}"
    target = draw(st.sampled_from(["all-off", "all-on", f"random:{seed}"]))
    return LightsOut(G, rule=rule, field=field, start=start, target=target)


def _rank_mod_p(A, p: int) -> int:
    """Textbook Gaussian elimination over GF(p) in Python integers: the independent reference for ranks."""
    rows = [[int(v) % p for v in row] for row in A]
    rank, ncols = 0, len(rows[0]) if rows else 0
    for c in range(ncols):
        pivot = next((r for r in range(rank, len(rows)) if rows[r][c]), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        inverse = pow(rows[rank][c], p - 2, p)
        rows[rank] = [v * inverse % p for v in rows[rank]]
        for r in range(len(rows)):
            if r != rank and rows[r][c]:
                factor = rows[r][c]
                rows[r] = [(a - factor * b) % p for a, b in zip(rows[r], rows[rank])]
        rank += 1
    return rank


@given(random_puzzles())
def test_engines_agree_and_every_solution_verifies(puzzle):
    engines = ["gf2", "galois"] if puzzle.field == 2 else ["galois"]
    spaces = {name: puzzle.solution_space(name) for name in engines}
    space = spaces[engines[0]]
    # the rank (hence p^nullity) against a plain-Python elimination, so even GF(p) with one engine is checked
    A = puzzle.linear().dense()
    assert {s.rank for s in spaces.values()} == {_rank_mod_p(A, puzzle.field)}
    assert len({s.count for s in spaces.values()}) == 1
    for pattern in puzzle.quiet_patterns():
        puzzle.verify_quiet(pattern)  # every basis vector changes no light, by simulation
    result = pt.solve(puzzle)
    assert result.satisfiable == space.solvable
    if space.solvable:
        for x in itertools.islice(space, 64):
            puzzle.verify(puzzle.presses(x))
    else:
        # unsolvable: some quiet pattern of the transposed rule sees the difference (a certificate)
        left = pt.linalg.null_space(A.T, field=puzzle.field)
        assert ((left @ puzzle.linear().rhs) % puzzle.field).any()


@st.composite
def tiny_puzzles(draw):
    """Graphs small enough to try every press vector: p^n <= 729, every rule, fields 2, 3, 5, random states."""
    field = draw(st.sampled_from([2, 3, 5]))
    most = {2: 9, 3: 6, 5: 4}[field]
    n = draw(st.integers(1, most))
    edges = draw(st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda e: e[0] < e[1])))
    G = nx.Graph()
    G.add_nodes_from(range(n))
    G.add_edges_from(edges)
    rule = draw(st.sampled_from(["closed", "open"]))
    start = draw(st.sampled_from(["all-on", "all-off", f"random:{draw(st.integers(0, 999))}"]))
    target = draw(st.sampled_from(["all-off", "all-on", f"random:{draw(st.integers(0, 999))}"]))
    return LightsOut(G, rule=rule, field=field, start=start, target=target)


def brute_force(puzzle) -> set[tuple[int, ...]]:
    """Every press vector that works, by simulating each one (no linear algebra, no solver)."""
    found = set()
    for x in itertools.product(range(puzzle.field), repeat=len(puzzle.nodes)):
        lights = puzzle.apply(dict(zip(puzzle.nodes, x)))
        if all(lights[v] == puzzle.target[i] for i, v in enumerate(puzzle.nodes)):
            found.add(x)
    return found


@given(tiny_puzzles())
def test_every_engine_against_brute_force_over_every_press_vector(puzzle):
    expected = brute_force(puzzle)
    engines = (["gf2"] if puzzle.field == 2 else []) + ["galois", "sat", "cms", "ganak"]
    for engine in engines:
        assert pt.count(puzzle, engine=engine) == len(expected), engine
        if engine != "ganak":
            listed = {tuple(s[v] for v in puzzle.nodes) for s in pt.solutions(puzzle, engine=engine)}
            assert listed == expected, engine
        result = pt.solve(puzzle, engine=engine) if engine != "ganak" else None
        if result is not None:
            assert result.satisfiable == bool(expected)
            assert not expected or tuple(result.solution[v] for v in puzzle.nodes) in expected


@given(tiny_puzzles())
def test_minimum_presses_is_the_minimum(puzzle):
    expected = brute_force(puzzle)
    answer = puzzle.minimum_presses()
    if not expected:
        assert answer is None
        return
    best, presses = answer
    assert best == min(sum(x) for x in expected) == sum(presses.values())
    assert tuple(presses[v] for v in puzzle.nodes) in expected


def test_quiet_patterns_change_nothing():
    puzzle = LightsOut("grid:4x4", start="all-off")
    quiet = puzzle.quiet_patterns()
    assert len(quiet) == 4
    for pattern in quiet:
        puzzle.verify(pattern)  # from all-off to all-off


def test_solvability_of_a_start_state():
    puzzle = LightsOut("grid:5x5")
    assert puzzle.is_solvable()
    assert not puzzle.is_solvable({(0, 0): 1})
    assert puzzle.is_solvable({(0, 0): 1, (0, 1): 1, (1, 0): 1})  # one press of the corner


def test_explicit_toggle_matrix_equals_the_closed_rule():
    G = pt.board("grid:3x4")
    T = nx.to_numpy_array(G, dtype=np.int64) + np.eye(12, dtype=np.int64)
    assert pt.count(LightsOut(G, rule=T)) == pt.count(LightsOut(G))
    directed = np.triu(T)  # a one-way rule is not symmetric; verify still simulates it
    puzzle = LightsOut(G, rule=directed)
    for solution in pt.solutions(puzzle, limit=4):
        puzzle.verify(solution)


def test_verify_rejects_wrong_solutions():
    puzzle = LightsOut("grid:3x3")
    with pytest.raises(InvalidSolution, match="differ from the target"):
        puzzle.verify({v: 0 for v in puzzle.nodes})
    with pytest.raises(InvalidSolution, match="not on the board"):
        puzzle.verify({(9, 9): 1})
    with pytest.raises(InvalidSolution, match="pressed 2 times"):
        puzzle.verify({(0, 0): 2})


def test_state_files(tmp_path):
    text = tmp_path / "start.txt"
    text.write_text("# a cross\n01000\n11100\n01000\n00000\n00000\n")
    puzzle = LightsOut("grid:5x5", start=text)
    best, presses = puzzle.minimum_presses()
    assert best == 1 and presses[(1, 1)] == 1
    as_json = tmp_path / "start.json"
    as_json.write_text(json.dumps({"0,1": 1, "1,0": 1, "1,1": 1, "1,2": 1, "2,1": 1}))
    assert LightsOut("grid:5x5", start=as_json).minimum_presses()[0] == 1


@pytest.mark.parametrize(
    "content, words",
    [
        ("0101", "has 4 lights, the board has 25"),
        ("01x" + "0" * 22, "unexpected character 'x'"),
        ('{"9,9": 1}', "no node '9,9'"),
        ("{bad json", "bad JSON"),
        ("2" * 25, "must lie in 0..1"),
    ],
)
def test_bad_state_files(tmp_path, content, words):
    path = tmp_path / "s.txt"
    path.write_text(content)
    with pytest.raises(StateError, match=re.escape(words)):
        LightsOut("grid:5x5", start=path)


def test_bad_states_and_rules():
    with pytest.raises(StateError, match="neither all-on"):
        LightsOut("grid:3x3", start="some-on")
    with pytest.raises(StateError, match="random:SEED"):
        LightsOut("grid:3x3", start="random:x")
    with pytest.raises(StateError, match="9 integers"):
        LightsOut("grid:3x3", start=[1, 0])
    with pytest.raises(RuleError, match="unknown rule"):
        LightsOut("grid:3x3", rule="diagonal")
    with pytest.raises(RuleError, match="shape"):
        LightsOut("grid:3x3", rule=np.eye(4, dtype=int))


def test_minimum_search_refuses_huge_spaces():
    puzzle = LightsOut(nx.empty_graph(40), rule="open", start="all-off")
    with pytest.raises(NullityTooLargeError, match="2\\^40"):
        puzzle.minimum_presses(max_nullity=30)


def test_large_board_solution_verifies():
    puzzle = LightsOut("grid:40x40")
    result = pt.solve(puzzle)
    assert result.satisfiable and result.stats["nullity"] == pt.linalg.solve(puzzle.linear().dense(), puzzle.linear().rhs).nullity


# -- grids, cylinders and tori known by their size (no networkx graph) -----------------------------------------
def _as_graph(spec, **options):
    return LightsOut(pt.board(spec), **options)  # the same board, given as a graph: the general route


@pytest.mark.parametrize("kind", ["grid", "cylinder", "torus"])
@pytest.mark.parametrize("rule, field", [("closed", 2), ("open", 2), ("closed", 3), ("open", 5)])
def test_a_rectangle_spec_and_its_graph_are_the_same_puzzle(kind, rule, field):
    rng = np.random.default_rng(7)
    for rows, cols in [(1, 1), (1, 4), (2, 2), (2, 5), (3, 3), (4, 5)]:
        spec = f"{kind}:{rows}x{cols}"
        sized = LightsOut(spec, rule=rule, field=field, start="random:3")
        graph = _as_graph(spec, rule=rule, field=field, start="random:3")
        assert sized.board_name == graph.board_name == spec and sized.header() == graph.header()
        mine, theirs = sized.linear(), graph.linear()
        assert np.array_equal(mine.dense(), theirs.dense()) and np.array_equal(mine.rhs, theirs.rhs)
        for _ in range(5):  # the simulation on the array and along the graph's edges agree on any presses
            x = rng.integers(0, field, size=rows * cols)
            assert sized.apply(sized.presses(x)) == graph.apply(graph.presses(x))
        space = sized.solution_space()
        assert space.count == graph.solution_space().count
        if space.solvable:
            presses = sized.presses(space.particular)
            graph.verify(dict(presses))  # the graph's own check accepts the array route's answer
            assert canonical(sized.to_json(presses)) == canonical(graph.to_json(presses))
            assert sized.picture(presses) == graph.picture(presses)
        assert sized._board is None  # nothing above built a graph


@given(st.integers(1, 14), st.integers(1, 120), st.integers(2, 10), st.integers(0, 2**32 - 1))
def test_the_presses_written_ahead_are_what_json_writes(rows, cols, field, seed):
    from parity.puzzles.lightsout import _press_json

    X = np.random.default_rng(seed).integers(0, field, size=(rows, cols))
    expected = json.dumps({f"{r},{c}": int(X[r, c]) for r in range(rows) for c in range(cols)})
    assert _press_json(X).text == expected


def test_a_big_grid_is_solved_without_a_graph_and_its_answer_checked_on_the_board():
    puzzle = LightsOut("grid:1200x1200")
    result = pt.solve(puzzle)
    assert result.engine == "chase" and result.status == "SAT" and puzzle._board is None
    X = result.solution.vector.reshape(1200, 1200)
    lights = 1 + X.copy()  # every light on, then each press toggles its cell and the (up to) four beside it
    lights[1:] += X[:-1]
    lights[:-1] += X[1:]
    lights[:, 1:] += X[:, :-1]
    lights[:, :-1] += X[:, 1:]
    assert not (lights % 2).any()
    payload = result.to_json()
    assert payload["press_count"] == int(X.sum()) == sum(payload["presses"].values())
    assert payload["press_grid"][0] == " ".join(".#"[v] for v in X[0])
    assert json.loads(dumps(result.payload()))["presses"] == payload["presses"]


def test_presses_read_and_write_like_a_dict():
    puzzle = LightsOut("grid:2x3")
    presses = puzzle.presses([1, 0, 0, 0, 1, 1])
    assert presses == {(0, 0): 1, (0, 1): 0, (0, 2): 0, (1, 0): 0, (1, 1): 1, (1, 2): 1} == dict(presses)
    assert presses != {(0, 0): 1} and len(presses) == 6 and (1, 2) in presses and (2, 0) not in presses
    presses[(0, 1)] = 1
    assert presses[(0, 1)] == 1 and puzzle.weight(presses) == 4
    with pytest.raises(KeyError):
        presses[(5, 5)] = 1
    with pytest.raises(TypeError, match="set it to 0"):
        del presses[(0, 0)]
    with pytest.raises(InvalidSolution, match="expected an integer"):
        presses[(0, 0)] = 0.5
    presses[(0, 0)] = 2
    with pytest.raises(InvalidSolution, match=r"pressed 2 times; expected an integer 0..1"):
        puzzle.verify(presses)
    vector = np.zeros(6, dtype=np.int64)
    puzzle.presses(vector)[(0, 0)] = 1
    assert not vector.any()  # the vector given is copied, not written into
    import pickle

    assert pickle.loads(pickle.dumps(presses)) == presses


# -- answers stopped by a time limit keep every key of the question they answer ------------------------------------
#: what the documentation promises a most-clicks answer carries (docs/research.rst, ``most_clicks_answer``)
MOST_CLICKS_DOCUMENTED = ("most_clicks", "worst_start", "press_count", "presses", "nullity", "proof")
COMMON = ("family", "board", "engine", "status", "satisfiable", "seconds", "load_seconds", "total_seconds")


def _stopped_contract(answer: dict, keys, of: str) -> None:
    """An UNKNOWN answer: the common keys, every key of its question null, and ``bounds`` null or a valid range
    (whatever the search had reached when it was stopped)."""
    assert answer["status"] == "UNKNOWN" and answer["satisfiable"] is None
    for key in (*COMMON, *keys, "bounds"):
        assert key in answer, key
    assert all(answer[key] is None for key in keys)
    bounds = answer["bounds"]
    if bounds is not None:
        assert type(bounds["lower_bound"]) is int and type(bounds["upper_bound"]) is int
        assert 0 <= bounds["lower_bound"] <= bounds["upper_bound"] and of in bounds["of"]


def test_the_keys_a_stopped_most_clicks_answer_keeps_are_those_a_finished_one_has():
    from parity.puzzles.lightsout import MOST_CLICKS_KEYS
    from parity.testing import run_cli

    run = run_cli("solve", "lightsout", "--board", "grid:4x4", "--most-clicks", "--json")
    assert run.code == 0, run.err
    finished = json.loads(run.out)
    assert set(MOST_CLICKS_DOCUMENTED) <= set(finished) and set(MOST_CLICKS_KEYS) == {*MOST_CLICKS_DOCUMENTED, "bounds"}


@pytest.mark.parametrize("seconds", ["0.01", "1"])
def test_a_most_clicks_search_stopped_by_its_time_limit_keeps_every_key(seconds):
    # the 19 x 19 board's search takes minutes: stopped before the board is built or part way through its walk,
    # the answer has the same keys, null, and the bounds reached where the search had reached any
    from parity.testing import run_cli

    run = run_cli("solve", "lightsout", "--board", "grid:19x19", "--most-clicks", "--time-limit", seconds, "--json")
    assert run.code == 0, run.err
    answer = json.loads(run.out)
    _stopped_contract(answer, MOST_CLICKS_DOCUMENTED, "most clicks")
    assert answer["board"] == "grid:19x19"
    run = run_cli("solve", "lightsout", "--board", "grid:19x19", "--most-clicks", "--time-limit", seconds)
    assert run.code == 0 and "grid:19x19" in run.out and "unknown, the time limit" in run.out


@pytest.mark.parametrize("seconds", ["0.01", "1"])
def test_a_fewest_presses_search_stopped_by_its_time_limit_keeps_every_key(seconds):
    # the 61 x 61 board has nullity 40: its 2^40 solutions take the transform about ten minutes to weigh
    from parity.testing import run_cli

    run = run_cli("solve", "lightsout", "--board", "grid:61x61", "--min-presses", "--max-nullity", "40",
                  "--time-limit", seconds, "--json")
    assert run.code == 0, run.err
    _stopped_contract(json.loads(run.out), ("min_presses",), "presses")
    # a plain solve, stopped or not (the child may finish within the limit on a quiet machine), names no search
    plain = json.loads(run_cli("solve", "lightsout", "--board", "grid:47x47", "--time-limit", "0.01", "--json").out)
    assert plain["status"] in ("UNKNOWN", "SAT") and "min_presses" not in plain and "most_clicks" not in plain


def test_a_fewest_presses_search_stopped_in_the_api_keeps_every_key():
    result = pt.solve(LightsOut("grid:61x61"), minimize=True, max_nullity=40, time_limit=1)  # (2^40 solutions)
    _stopped_contract(result.to_json(), ("min_presses",), "presses")
    assert "min_presses" not in pt.solve(LightsOut("grid:47x47"), time_limit=0.5).to_json()


def test_a_table_row_whose_search_was_stopped_keeps_the_bounds_it_reached():
    # the 29 x 29 board (nullity 10, so searched) needs more than a minute: stopped, its row has the bounds
    from parity.testing import run_cli

    run = run_cli("table", "lightsout", "--sizes", "29", "--most-clicks", "--board-seconds", "1", "--json")
    assert run.code == 0, run.err
    row, = json.loads(run.out)["rows"]
    lower, upper = row["most_clicks_bounds"]
    assert row["most_clicks"] is None and "were spent" in row["most_clicks_method"]
    assert 0 <= lower <= upper <= 29 * 29
