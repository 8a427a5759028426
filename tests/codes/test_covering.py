"""Coset minima and covering radii (the Most Clicks question), against brute force and published values.

The references are independent of the code under test: the lightest word of a
coset by the Gray-code walk of :mod:`parity.linalg.minweight`; the covering
radius by weighing every word of the space; the Most Clicks of a board by
simulating every press vector on the board (no null space at all); Boyles'
formula ``26k^2 - 12k + 1`` for the boards of nullity 2 (n = 6k - 1); and the
values his integer programs give for the boards his table leaves open.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from parity.codes import coset_minimum, covering_radius, parity_bound, regions
from parity.data.oeis import A159257
from parity.errors import LimitError, NullityTooLargeError, ParityError
from parity.linalg import poly
from parity.linalg.minweight import min_weight_gf2
from parity.puzzles import LightsOut
from parity.testing import run_cli

DATA = Path(__file__).resolve().parents[2] / "experiments" / "data"


@st.composite
def codes(draw, most_length=14, most_nullity=5):
    n = draw(st.integers(1, most_length))
    k = draw(st.integers(0, min(n, most_nullity)))
    rows = draw(st.lists(st.lists(st.integers(0, 1), min_size=n, max_size=n), min_size=k, max_size=k))
    return np.array(rows, dtype=np.uint8).reshape(k, n)


def every_word(n: int) -> np.ndarray:
    return ((np.arange(1 << n)[:, None] >> np.arange(n)) & 1).astype(np.uint8)


def brute_radius(basis: np.ndarray) -> int:
    """max over all words of the distance to the nearest codeword, every word and codeword weighed."""
    n = basis.shape[1]
    k = basis.shape[0]
    codewords = (every_word(k).astype(np.int64) @ basis.astype(np.int64)) % 2 if k else np.zeros((1, n), np.int64)
    words = every_word(n)
    return int(max(((words[i:i + 4096, None, :] ^ codewords[None, :, :]).sum(axis=2).min(axis=1).max()
                    for i in range(0, len(words), 4096))))


@given(codes(most_length=20, most_nullity=8), st.data())
def test_coset_minimum_agrees_with_the_gray_walk(basis, data):
    word = np.array(data.draw(st.lists(st.integers(0, 1), min_size=basis.shape[1], max_size=basis.shape[1])))
    weight, best = coset_minimum(word, basis)
    walked, _ = min_weight_gf2(word.astype(np.uint8), basis, method="python")
    assert weight == walked == int(best.sum())
    # the lightest word lies in the coset: its difference from the word is a combination of the basis
    difference = best ^ word.astype(np.uint8)
    stacked = np.vstack([basis, difference]) if basis.size else difference[None, :]
    assert _rank(stacked) == _rank(basis)


def _rank(A: np.ndarray) -> int:
    A = A.copy().astype(np.uint8) % 2
    rank = 0
    for col in range(A.shape[1]):
        pivot = next((r for r in range(rank, A.shape[0]) if A[r, col]), None)
        if pivot is None:
            continue
        A[[rank, pivot]] = A[[pivot, rank]]
        for r in range(A.shape[0]):
            if r != rank and A[r, col]:
                A[r] ^= A[rank]
        rank += 1
    return rank


def test_coset_minimum_cuts_a_large_code_into_tables():
    """Beyond the table's 2^low entries the high coefficients are cut off and weighed one value at a time, on
    two threads: the same minimum as one table."""
    from parity.codes import coset_search

    rng = np.random.default_rng(7)
    basis = rng.integers(0, 2, (12, 60)).astype(np.uint8)
    word = rng.integers(0, 2, 60)
    region = regions(basis)
    ones = region.ones(word)
    whole = coset_search(region, ones, low_bits=20, threads=1)
    cut = coset_search(region, ones, low_bits=5, threads=2)
    assert whole[:2] == cut[:2]
    assert whole[0] == min_weight_gf2(word.astype(np.uint8), basis, method="python")[0]


@pytest.mark.parametrize("seed", range(4))
def test_the_transform_kernel_in_16_and_32_bits_agrees_with_every_codeword_weighed(seed):
    """The kernel's table in 16-bit and in 32-bit integers, cut into parts or whole, against the weight of
    every coefficient vector worked out directly: the largest value, the first vector reaching it, and the
    kept vectors beyond a threshold."""
    from parity._compiled import compiled
    from parity.codes.cosets import _kernels

    largest = compiled(_kernels().largest)
    rng = np.random.default_rng(seed)
    k = int(rng.integers(1, 12))
    signatures = np.unique(rng.integers(0, 1 << k, int(rng.integers(1, 200))))
    weights = rng.integers(-9, 10, len(signatures))
    c = np.arange(1 << k)
    odd = np.array([bin(v).count("1") & 1 for v in (c[:, None] & signatures[None, :]).ravel()]).reshape(len(c), -1)
    values = (weights[None, :] * (1 - 2 * odd)).sum(axis=1)  # every value, weighed directly
    above = int(np.sort(values)[-5])
    for dtype in (np.int16, np.int32):
        for low in sorted({k, max(0, k - 3), min(k, 5)}):
            where, kept = np.zeros(1, np.int64), np.zeros(1, np.int64)
            keep_c, keep_v = np.zeros(3, np.int64), np.zeros(3, np.int64)
            best = largest(signatures, weights, low, 0, 1 << (k - low), np.empty(1 << low, dtype=dtype), where,
                           above, keep_c, keep_v, kept)
            assert best == values.max() and where[0] == int(np.argmax(values))
            assert values[keep_c[:kept[0]]].tolist() == keep_v[:kept[0]].tolist()
            assert sorted(keep_v[:kept[0]].tolist()) == sorted(values[values > above].tolist())[-3:]


@given(codes())
def test_the_parity_bound_holds_on_every_code_weighed(basis):
    """No word is farther from the code than the parity bound: every word and codeword weighed."""
    from parity.codes import parity_bound

    assert brute_radius(basis) <= parity_bound(regions(basis))


def test_the_parity_bound_is_reached_on_some_boards_and_not_on_others():
    """Boyles' values for n = 4, 5 and 17 (7, 15, 199) are the bound itself; his 37 for the 9 x 9 board is three
    below it."""
    from parity.codes import parity_bound

    bound = {n: parity_bound(regions(LightsOut(f"grid:{n}x{n}").solution_space().basis)) for n in (4, 5, 9, 17)}
    assert bound == {4: 7, 5: 15, 9: 40, 17: 199}


@given(codes())
def test_covering_radius_agrees_with_every_word_weighed(basis):
    for method in ("program", "syndromes"):
        found = covering_radius(basis, method=method)
        assert found.radius == brute_radius(basis)
        assert coset_minimum(found.worst, basis)[0] == found.radius


def test_covering_radius_by_cutting_planes_agrees_with_every_word_weighed(monkeypatch):
    """Codes of more than ALL_AT_ONCE coefficients are cut in rounds; forced here on small codes."""
    import parity.codes.radius as radius

    monkeypatch.setattr(radius, "ALL_AT_ONCE", 1)
    monkeypatch.setattr(radius, "CUTS", 2)
    rng = np.random.default_rng(3)
    rounds = []
    for _ in range(12):
        basis = rng.integers(0, 2, (int(rng.integers(2, 6)), int(rng.integers(6, 15)))).astype(np.uint8)
        found = covering_radius(basis, method="program")
        assert found.radius == brute_radius(basis)
        rounds.append(found.rounds)
    assert max(rounds) > 1  # the loop ran


def brute_most_clicks(puzzle: LightsOut) -> int:
    """Every press vector simulated on the board: the lights it clears, and for each start the fewest presses."""
    n = len(puzzle.nodes)
    zeros = np.zeros(n, dtype=np.int64)
    columns = np.array([puzzle._lights(np.eye(n, dtype=np.int64)[j], start=zeros) for j in range(n)])
    presses = every_word(n).astype(np.int64)
    starts = (presses @ columns) % 2 @ (1 << np.arange(n))
    fewest: dict[int, int] = {}
    for start, weight in zip(starts.tolist(), presses.sum(axis=1).tolist()):
        fewest[start] = min(weight, fewest.get(start, n + 1))
    return max(fewest.values())


@pytest.mark.parametrize("board", ["grid:4x4", "grid:3x4", "grid:2x5", "torus:3x3", "hex:2", "hex:3", "tri:3",
                                   "petersen", "cube", "grid:1x7"])
def test_most_clicks_agrees_with_every_press_simulated(board):
    puzzle = LightsOut(board)
    answer = puzzle.most_clicks()
    assert answer["most_clicks"] == brute_most_clicks(puzzle) == puzzle.most_clicks(method="program")["most_clicks"]
    # the worst start is what it says: solvable, and its lightest presses are that many
    worst = LightsOut(board, start=answer["worst_start"])
    worst.verify(answer["presses"])
    assert worst.minimum_presses()[0] == answer["most_clicks"] == sum(answer["presses"].values())


@given(st.integers(0, 2**32 - 1))
def test_most_clicks_on_random_graphs_agrees_with_every_press_simulated(seed):
    import networkx as nx

    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 11))
    graph = nx.gnp_random_graph(n, float(rng.uniform(0.2, 0.7)), seed=int(rng.integers(2**31)))
    for rule in ("closed", "open"):
        puzzle = LightsOut(graph, rule)
        brute = brute_most_clicks(puzzle)
        assert puzzle.most_clicks()["most_clicks"] == brute == puzzle.most_clicks(method="program")["most_clicks"]


def test_the_rules_own_symmetries_are_the_boards_automorphisms():
    for board in ("grid:4x4", "grid:3x5", "torus:3x3", "torus:5x5", "torus:3x5", "torus:2x3", "hex:1", "hex:2",
                  "hex:3", "hex:5"):
        puzzle = LightsOut(board)
        made = puzzle._rule_symmetries()
        assert sorted(map(tuple, made)) == sorted(map(tuple, puzzle.symmetries().perms)), board
    cut = LightsOut("hex:4").board.copy()  # a hexagon less one edge keeps fewer symmetries: not made directly
    cut.remove_edge((0, 0), (1, 0))
    assert LightsOut(cut)._hex_symmetries() is None
    # the 4 x 4 torus is the 4-cube, with more automorphisms than a torus's own: its own are a subgroup of them
    puzzle = LightsOut("torus:4x4")
    made = puzzle._rule_symmetries()
    assert len(made) == 128 and set(map(tuple, made)) < set(map(tuple, puzzle.symmetries().perms))


# -- published values -----------------------------------------------------------------------------------
def test_every_nullity_two_board_up_to_256_follows_boyles_formula():
    """Every board of nullity 2 up to 256 (n = 6k - 1): 26k^2 - 12k + 1 presses at most."""
    sides = [n for n in range(1, 257) if poly.grid_nullity(n, n) == 2]
    assert sides == [5, 17, 41, 53, 77, 113, 137, 161, 173, 221, 233, 245]
    assert sides[:5] == [n for n in range(1, 81) if A159257[n - 1] == 2]
    from parity.codes import parity_bound

    for n in sides:
        k = (n + 1) // 6
        assert LightsOut(f"grid:{n}x{n}").most_clicks()["most_clicks"] == 26 * k * k - 12 * k + 1
        # and the formula is the parity bound itself on each of them
        assert parity_bound(regions(LightsOut(f"grid:{n}x{n}").solution_space().basis)) == 26 * k * k - 12 * k + 1


#: n -> the most clicks of the n x n board, as Boyles' integer programs give them (wmboyles/LightsOut-Math,
#: code/min_clicks.py) and his table publishes them (code/serialization/min_clicks_answers.txt, November 2021)
BOYLES = {4: 7, 11: 65, 14: 123, 24: 375, 34: 763, 35: 721, 44: 1287}


@pytest.mark.parametrize("n", sorted(BOYLES))
def test_open_entries_agree_with_boyles_integer_programs(n):
    assert LightsOut(f"grid:{n}x{n}").most_clicks()["most_clicks"] == BOYLES[n]


def test_the_9x9_board_needs_37_presses_at_most():
    """Boyles found starts of the 9 x 9 board needing 37 presses and his program gives 37."""
    assert LightsOut("grid:9x9").most_clicks()["most_clicks"] == 37


@pytest.mark.parametrize("n", [16, pytest.param(29, marks=pytest.mark.slow)])
def test_the_program_on_a_small_board_agrees_with_the_bound_carried_from_a_large_one(n):
    """The table's 16 x 16 and 29 x 29 entries came from the 220 x 220 and 209 x 209 boards' programs, carried
    over by an embedding of their regions; the small boards' own programs (8 s and two minutes) must agree."""
    entry = {e["n"]: e for e in map(json.loads, open(DATA / "most_clicks.jsonl"))}[n]
    assert entry["proof"]["from"] == {16: "grid:220x220", 29: "grid:209x209"}[n]
    assert LightsOut(f"grid:{n}x{n}").most_clicks()["most_clicks"] == entry["most_clicks"] == {16: 124, 29: 443}[n]


# -- refusals and the command line ----------------------------------------------------------------------
def test_refusals():
    with pytest.raises(NullityTooLargeError, match="3\\^12 codewords"):
        LightsOut("grid:17x17", field=3).most_clicks()
    with pytest.raises(NullityTooLargeError, match="2\\^8"):
        LightsOut("grid:9x9").most_clicks(max_nullity=6)
    with pytest.raises(NullityTooLargeError, match="counting alone says from 29 to 40 presses") as refused:
        LightsOut("grid:9x9").most_clicks(max_nullity=6)
    assert refused.value.bounds == (29, 40)  # Boyles' 37 between


def test_command_line_answers_with_the_worst_start_and_proof():
    run = run_cli("solve", "lightsout", "--board", "grid:4x4", "--most-clicks", "--json")
    assert run.code == 0, run
    answer = json.loads(run.out)
    assert answer["most_clicks"] == 7 == answer["press_count"] and answer["engine"] == "covering"
    assert set(answer["worst_start"]) == {f"{r},{c}" for r in range(4) for c in range(4)}
    assert answer["proof"]["upper_bound"] == answer["proof"]["lower_bound"] == 7
    # the start it names, solved by the ordinary command, needs exactly that many presses
    start = {tuple(map(int, label.split(","))): light for label, light in answer["worst_start"].items()}
    assert LightsOut("grid:4x4", start=start).minimum_presses()[0] == 7
    text = run_cli("solve", "lightsout", "--board", "grid:4x4", "--most-clicks")
    assert text.code == 0 and text.out.startswith("grid:4x4: every solvable start is solved in at most 7 presses")


@pytest.mark.parametrize("board, extra, words", [("grid:17x17", ("--field", "3"),
                                                  ("3^12", "GF(3)", "from 226 to 290 presses")),
                                                 ("grid:4x4", ("--unique",), ("--unique",)),
                                                 ("grid:4x4", ("--max-nullity", "2"), ("2^4", "raise --max-nullity")),
                                                 ("grid:2x2", ("--field", "3", "--max-nullity", "0"),
                                                  ("beyond --max-nullity 0",)),
                                                 ("grid:61x61", (), ("2^40", "from 1646 to 1860 presses",
                                                                     "raise --max-nullity"))])
def test_command_line_refusals_are_one_line(board, extra, words):
    run = run_cli("solve", "lightsout", "--board", board, "--most-clicks", *extra)
    assert run.code == 2 and run.out == "" and run.err.count("\n") == 1, run
    for word in words:
        assert word in run.err


def _stopped_bounds(answer: dict, known: tuple[int, int], lowest: int, highest: int) -> None:
    """The contract of an answer stopped by its time limit, whatever progress the machine allowed: UNKNOWN, and
    ``bounds`` null (nothing reached yet) or bounds that hold: the true value lies in ``known`` (proved apart from
    this run), so a lower bound is at most its top and an upper bound at least its bottom; ``lowest`` and
    ``highest`` are the bounds the search has before it starts."""
    assert answer["status"] == "UNKNOWN" and answer["engine"] in (None, "covering")
    bounds = answer["bounds"]
    if bounds is not None:
        assert lowest <= bounds["lower_bound"] <= known[1] and known[0] <= bounds["upper_bound"] <= highest
        assert bounds["lower_bound"] <= bounds["upper_bound"]


def test_a_time_limit_answers_unknown_with_the_bounds_reached():
    run = run_cli("solve", "lightsout", "--board", "grid:19x19", "--most-clicks", "--time-limit", "8", "--json")
    assert run.code == 0, run
    # the 19 x 19 board's worst start known needs 162 presses, and the table proves 177 enough; every start needs
    # at most 1 + 360 / 2
    _stopped_bounds(json.loads(run.out), (162, 177), 0, 181)


def test_a_search_past_the_walks_stopped_says_the_counting_bound_below():
    """The 61 x 61 board (nullity 40, past the walks) searched for two seconds: no word yet, so the bound below is
    counting's (the sphere-covering bound, 1646), the parity bound above."""
    run = run_cli("solve", "lightsout", "--board", "grid:61x61", "--most-clicks", "--max-nullity", "40",
                  "--time-limit", "2", "--json")
    assert run.code == 0, run
    answer = json.loads(run.out)
    _stopped_bounds(answer, (1646, 1860), 1646, 1860)


def test_a_time_limit_past_the_walks_holds_in_the_api_too():
    """From Python, with no process to kill: the first coset search over the 61 x 61 board's 2^40 codewords (ten
    minutes) goes in parts and stops at the limit; the error names counting's bound below and no word."""
    from parity.errors import TimeLimitReached

    with pytest.raises(TimeLimitReached, match="by counting") as stopped:
        LightsOut("grid:61x61").most_clicks(max_nullity=40, time_limit=2)
    assert stopped.value.bounds == (1646, 1860) and stopped.value.worst is None


def test_a_search_stopped_in_its_first_integer_program_still_says_the_walks_bounds():
    """The 29 x 29 board (nullity 10) gives all 1024 codewords to one integer program, which does not end in
    8 s: the bounds reported (the walk's word's presses, and the parity bound 446, once they are reached) hold."""
    run = run_cli("solve", "lightsout", "--board", "grid:29x29", "--most-clicks", "--time-limit", "8", "--json")
    assert run.code == 0, run
    answer = json.loads(run.out)
    _stopped_bounds(answer, (443, 443), 0, 446)  # 443: the radius, found by the whole search


def test_permutations_that_move_the_code_are_not_taken_for_symmetries():
    """A permutation that maps regions to regions but the code to another code must not break symmetry."""
    basis = np.array([[1, 1, 0, 0]])
    g = np.array([3, 2, 0, 1])
    powers = np.array([np.arange(4), g, g[g], g[g][g]])
    assert covering_radius(basis, symmetries=powers, method="program").radius == brute_radius(basis) == 3
    with pytest.raises(LimitError, match="permutations"):
        covering_radius(basis, symmetries=[[0, 0, 1, 2]])


def radius_by_syndromes(basis: np.ndarray) -> int:
    """The covering radius as the eccentricity of 0 in the graph of syndromes (cosets), each position's column
    of a parity-check matrix an edge: the weight of a coset's lightest word is its distance from 0."""
    A = basis.copy().astype(np.uint8) % 2
    n = A.shape[1]
    pivots, row = [], 0
    for col in range(n):  # reduced row echelon form, then the parity checks from the free columns
        pivot = next((r for r in range(row, A.shape[0]) if A[r, col]), None)
        if pivot is None:
            continue
        A[[row, pivot]] = A[[pivot, row]]
        for r in range(A.shape[0]):
            if r != row and A[r, col]:
                A[r] ^= A[row]
        pivots.append(col)
        row += 1
    free = [c for c in range(n) if c not in pivots]
    checks = np.zeros((len(free), n), dtype=np.uint8)
    for i, f in enumerate(free):
        checks[i, f] = 1
        for r, p in enumerate(pivots):
            checks[i, p] = A[r, f]
    steps = [int(sum(int(checks[i, j]) << i for i in range(len(free)))) for j in range(n)]
    distance = {0: 0}
    frontier = [0]
    while frontier:
        nxt = []
        for s in frontier:
            for step in steps:
                if s ^ step not in distance:
                    distance[s ^ step] = distance[s] + 1
                    nxt.append(s ^ step)
        frontier = nxt
    assert len(distance) == 1 << len(free)
    return max(distance.values())


def test_the_syndrome_reference_agrees_with_every_word_weighed():
    rng = np.random.default_rng(11)
    for _ in range(20):
        basis = rng.integers(0, 2, (int(rng.integers(0, 5)), int(rng.integers(1, 11)))).astype(np.uint8)
        assert radius_by_syndromes(basis) == brute_radius(basis)


@pytest.mark.parametrize("basis", [np.eye(13, dtype=np.uint8),
                                   np.random.default_rng(5).integers(0, 2, (14, 18)).astype(np.uint8),
                                   np.random.default_rng(6).integers(0, 2, (16, 30)).astype(np.uint8)])
def test_codes_of_few_parity_checks_are_answered_by_their_cosets(basis):
    found = covering_radius(basis)
    assert found.rounds == 0 and found.radius == radius_by_syndromes(basis)
    assert coset_minimum(found.worst, basis)[0] == found.radius


@pytest.mark.parametrize("bad, words", [
    (lambda: covering_radius([[2, 0, 1]]), "0s and 1s"),
    (lambda: covering_radius([[0.5, 1, 1]]), "0s and 1s"),
    (lambda: coset_minimum([1, 0], [[1, 1, 0]]), "2 entries"),
    (lambda: coset_minimum([[1, 0, 1]], [[1, 1, 0]]), "1 dimension"),
    (lambda: covering_radius([[1, 1, 0]], max_nullity=-1), "max_nullity"),
    (lambda: covering_radius([[1, 1, 0]], time_limit=float("nan")), "time limit"),
])
def test_bad_codes_are_refused_in_one_line(bad, words):
    from parity.errors import ParityError

    with pytest.raises(ParityError, match=words):
        bad()


def test_codes_with_no_positions_and_boards_with_too_many_symmetries():
    assert covering_radius(np.zeros((0, 0), dtype=np.uint8)).radius == 0
    import networkx as nx

    star = LightsOut(nx.star_graph(10))  # 10! symmetries: the search goes on without them
    assert star.most_clicks()["most_clicks"] == brute_most_clicks(star)


@pytest.mark.parametrize("args, words", [
    (("table", "lightsout", "--sizes", "1..3", "--value", "most_clicks", "--board-seconds", "0", "--format", "bfile"),
     ("--board-seconds",)),
    (("table", "lightsout", "--sizes", "1..3", "--most-clicks", "--board-seconds", "nan"), ("--board-seconds",)),
    (("solve", "lightsout", "--board", "grid:4x4", "--most-clicks", "--min-presses"), ("--min-presses",)),
    (("solve", "lightsout", "--board", "grid:4x4", "--most-clicks", "--max-nullity", "-1"), ("max",)),
])
def test_more_command_line_refusals(args, words):
    run = run_cli(*args)
    assert run.code == 2 and run.out == "" and run.err.count("\n") == 1, run
    for word in words:
        assert word in run.err


def test_a_table_shows_the_bounds_a_stopped_search_reached():
    # 29 x 29 (radius 443) takes the program about two minutes
    run = run_cli("table", "lightsout", "--sizes", "29", "--most-clicks", "--board-seconds", "2")
    assert run.code == 0, run
    last = run.out.splitlines()[-1].split()
    assert last[:3] == ["29", "10", "1024"]
    if len(last) > 3:  # the bounds reached (none where the limit came before the first)
        low, high = map(int, last[3].split(".."))
        assert 0 <= low <= 443 <= high <= 841


# -- over GF(p > 2) ----------------------------------------------------------------------------------------------
def brute_radius_gfp(basis: np.ndarray, p: int) -> int:
    """max over all words of the least weight (sum of entries) of the word plus a codeword, all of them listed."""
    k, n = basis.shape
    combos = np.array(list(itertools.product(range(p), repeat=k)), dtype=np.int64).reshape(p ** k, k)
    codewords = (combos @ basis) % p
    words = np.array(list(itertools.product(range(p), repeat=n)), dtype=np.int64).reshape(p ** n, n)
    return int(max(((words[i:i + 2048, None, :] + codewords[None, :, :]) % p).sum(axis=2).min(axis=1).max()
                   for i in range(0, len(words), 2048)))


@given(st.integers(1, 6), st.integers(0, 3), st.sampled_from([3, 5]), st.data())
def test_covering_radius_over_gfp_agrees_with_every_word_weighed(n, k, p, data):
    from parity.codes import covering_radius_gfp

    if p == 5:
        n = min(n, 4)
    k = min(k, n)
    rows = data.draw(st.lists(st.lists(st.integers(0, p - 1), min_size=n, max_size=n), min_size=k, max_size=k))
    basis = np.array(rows, dtype=np.int64).reshape(k, n)
    found = covering_radius_gfp(basis, p)
    assert found.radius == brute_radius_gfp(basis, p)
    combos = np.array(list(itertools.product(range(p), repeat=k)), dtype=np.int64).reshape(p ** k, k)
    assert int(((found.worst[None, :] + combos @ basis) % p).sum(axis=1).min()) == found.radius


@settings(max_examples=15)
@given(st.integers(2, 6), st.integers(0, 100))
def test_most_clicks_over_gf3_on_random_graphs_agrees_with_every_press_simulated(nodes, seed):
    """Every press vector over GF(3) pressed on the all-off board (the closed rule built here from the graph's
    adjacency), the starts grouped by the lights they make: the largest of their least presses."""
    import networkx as nx

    graph = nx.gnp_random_graph(nodes, 0.5, seed=seed)
    toggles = (np.eye(nodes, dtype=np.int64) + nx.to_numpy_array(graph, nodelist=sorted(graph), dtype=np.int64)) % 3
    presses = np.array(list(itertools.product(range(3), repeat=nodes)), dtype=np.int64)
    lights = (presses @ toggles) % 3
    least: dict = {}
    for pattern, weight in zip(map(bytes, lights.astype(np.uint8)), presses.sum(axis=1).tolist()):
        least[pattern] = min(least.get(pattern, weight), weight)
    answer = LightsOut(graph, field=3).most_clicks()
    assert answer["most_clicks"] == max(least.values())
    assert sum(answer["presses"].values()) == answer["most_clicks"]


def test_most_clicks_over_gf3_on_grids_and_its_refusals():
    """The 2 x 2 board over GF(3) (nullity 1) against every press simulated, a board of nullity 0 needing
    twice its lights, and a code too large for the integer program refused in one line."""
    from parity.codes import covering_radius_gfp

    presses = np.array(list(itertools.product(range(3), repeat=4)), dtype=np.int64)
    toggles = np.array([[1, 1, 1, 0], [1, 1, 0, 1], [1, 0, 1, 1], [0, 1, 1, 1]])
    least: dict = {}
    for lights, weight in zip(map(tuple, (presses @ toggles) % 3), presses.sum(axis=1)):
        least[lights] = min(least.get(lights, weight), int(weight))
    assert LightsOut("grid:2x2", field=3).most_clicks()["most_clicks"] == max(least.values()) == 3
    assert LightsOut("grid:3x3", field=3).most_clicks()["most_clicks"] == 18
    with pytest.raises(NullityTooLargeError, match="beyond the integer program"):
        covering_radius_gfp(np.ones((10, 12), dtype=np.int64), 3)
    with pytest.raises(LimitError, match="integers 0..2"):
        covering_radius_gfp(np.array([[3, 1]]), 3)


def test_gfp_refusals_and_the_zero_code():
    """A field that is not a prime, an integer program too large to build, and options GF(p) does not take are
    refused in one line; the zero code needs no program at all ((p - 1) n at once, whatever p)."""
    from parity.errors import FieldError
    from parity.codes import covering_radius_gfp

    with pytest.raises(FieldError, match="not a prime"):
        covering_radius_gfp(np.array([[1, 1, 1]]), 4)
    found = covering_radius_gfp(np.zeros((0, 2), dtype=np.int64), 100003)
    assert found.radius == 2 * 100002 and found.worst.tolist() == [100002, 100002]
    with pytest.raises(NullityTooLargeError, match="integer program over GF\\(1009\\)"):
        covering_radius_gfp(np.array([[1, 2]]), 1009)
    with pytest.raises(LimitError, match="max_nullity"):
        LightsOut("grid:4x4", field=3).most_clicks(max_nullity=-5)
    with pytest.raises(LimitError, match="'program'"):
        LightsOut("grid:4x4", field=3).most_clicks(method="syndromes")
    with pytest.raises(LimitError, match="regions of a code"):
        parity_bound(np.array([[1, 1]]))


@st.composite
def code_inside_a_looser_one(draw):
    """A code, and a second one holding its question with looser limits: the same codewords written in another
    basis, with pairs of positions added (each pair a copy of one signature, so every parity is kept)."""
    basis = draw(codes(most_length=10, most_nullity=4))
    k, n = basis.shape
    change = np.eye(k, dtype=np.int64)
    while k and _rank(change) < k:  # an invertible change of basis
        change = np.array(draw(st.lists(st.lists(st.integers(0, 1), min_size=k, max_size=k), min_size=k,
                                        max_size=k)), dtype=np.int64).reshape(k, k)
    looser = (change @ basis.astype(np.int64)) % 2
    pairs = draw(st.lists(st.lists(st.integers(0, 1), min_size=k, max_size=k), max_size=(14 - n) // 2))
    for column in pairs:
        looser = np.hstack([looser, np.array([column, column], dtype=np.int64).T.reshape(k, 2)])
    return basis, looser.astype(np.uint8)


@settings(max_examples=40)
@given(code_inside_a_looser_one())
def test_a_bound_carried_through_an_embedding_holds_on_every_word_weighed(pair):
    """The embedding is found, and the smaller code's radius (every word weighed) is at most the looser code's
    (every word weighed) carried over."""
    from parity.codes import embedding, transferred_bound

    small, large = pair
    r, R = regions(small), regions(large)
    mapping = embedding(r, R)
    assert mapping is not None
    # the map's defining property, checked here on every nonzero signature of the small code
    size = {int(s): int(m) for s, m in zip(R.signatures, R.sizes)}
    for s, m in zip(r.signatures.tolist(), r.sizes.tolist()):
        image = int(np.bitwise_xor.reduce([int(mapping[j]) for j in range(len(mapping)) if s >> j & 1] or [0]))
        assert (image == 0) == (s == 0) and m <= size.get(image, 0) and (size.get(image, 0) - m) % 2 == 0
    assert brute_radius(small) <= transferred_bound(r, R, brute_radius(large), mapping)


@settings(max_examples=40)
@given(code_inside_a_looser_one())
def test_a_word_carried_through_an_embedding_keeps_its_distance_on_every_word_weighed(pair):
    """Every word of the smaller code, carried to the looser one, is as far from that code as the formula says
    (every codeword weighed); so the looser code's radius is at least the smaller one's carried over."""
    from parity.codes import carried_word

    small, large = pair
    r, R = regions(small), regions(large)
    k, n, N = small.shape[0], small.shape[1], large.shape[1]
    codewords = (every_word(k).astype(np.int64) @ large.astype(np.int64)) % 2 if k else np.zeros((1, N), np.int64)
    m0 = int(r.sizes[r.signatures == 0].sum())
    M0 = int(R.sizes[R.signatures == 0].sum())
    for word in every_word(n):
        ones = r.ones(word)
        far = R.word(carried_word(r, R, ones))
        assert (R.ones(far) <= R.sizes).all()
        d = coset_minimum(word, small)[0]
        b0 = int(ones[r.signatures == 0].sum())
        assert int((codewords ^ far[None, :]).sum(axis=1).min()) == d - b0 + M0 + (N - M0 - n + m0) // 2


def test_the_9x9_boards_worst_start_carried_needs_the_49x49_boards_most_clicks():
    from parity.codes import carried_word

    spaces = {n: LightsOut(f"grid:{n}x{n}").solution_space() for n in (9, 49)}
    r = {n: regions(space.basis) for n, space in spaces.items()}
    worst = covering_radius(spaces[9].basis).worst
    far = r[49].word(carried_word(r[9], r[49], r[9].ones(worst)))
    assert coset_minimum(far, spaces[49].basis)[0] == 1397  # Boyles' table leaves it open; ours: exact
    with pytest.raises(LimitError, match="counts"):
        carried_word(r[9], r[49], r[9].ones(worst)[:-1])
    with pytest.raises(LimitError, match="do not embed"):
        carried_word(r[49], r[9], r[49].ones(np.zeros(49 * 49, dtype=np.uint8)))


@settings(max_examples=40)
@given(codes(most_length=8, most_nullity=3), codes(most_length=8, most_nullity=3))
def test_an_embedding_is_found_exactly_when_one_exists(first, second):
    """Against every invertible matrix tried: some matrix fits every region of the first code into one of the
    second's of the same parity, no smaller, exactly when the search finds one."""
    from parity.codes import embedding

    if first.shape[0] != second.shape[0]:
        return
    k = first.shape[0]
    r, R = regions(first), regions(second)
    have = {int(s): int(m) for s, m in zip(r.signatures, r.sizes)}
    size = {int(s): int(m) for s, m in zip(R.signatures, R.sizes)}

    def fits(images):
        for v in range(1, 1 << k):
            image = 0
            for j in range(k):
                if v >> j & 1:
                    image ^= images[j]
            m, M = have.get(v, 0), size.get(image, 0)
            if m > M or (M - m) % 2:
                return False
        return True

    def invertible(images):
        span = {0}
        for image in images:
            span |= {v ^ image for v in span}
        return len(span) == 1 << k

    exists = any(fits(images) for images in itertools.permutations(range(1, 1 << k), k) if invertible(images))
    assert (embedding(r, R) is not None) == exists


def test_the_9x9_board_settles_the_49x49_board_through_an_embedding():
    """The 49 x 49 board repeats the 9 x 9 board's quiet patterns, each region 25 times as large: the 109 x 109
    board's Most Clicks number, 7037, carried over gives 1397, the least presses of a start known to need them;
    and nothing carries from the 16 x 16 board, whose regions are of other sizes."""
    from parity.codes import embedding, transferred_bound

    r = {n: regions(LightsOut(f"grid:{n}x{n}").solution_space().basis) for n in (9, 16, 49, 109)}
    assert transferred_bound(r[49], r[109], 7037) == 1397
    assert transferred_bound(r[9], r[49], 1397) == 37        # Boyles' 37 from the 49 x 49 board's value
    assert embedding(r[49], r[9]) is None and embedding(r[9], r[16]) is None


def test_bad_embeddings_are_refused_in_one_line():
    from parity.codes import embedding, transferred_bound

    r = {n: regions(LightsOut(f"grid:{n}x{n}").solution_space().basis) for n in (9, 49)}
    with pytest.raises(LimitError, match="do not embed"):
        transferred_bound(r[49], r[9], 37)
    with pytest.raises(LimitError, match="not invertible"):
        transferred_bound(r[9], r[49], 1397, np.ones(8, dtype=np.int64))
    with pytest.raises(LimitError, match="8 images"):
        transferred_bound(r[9], r[49], 1397, np.ones(3, dtype=np.int64))
    r[16] = regions(LightsOut("grid:16x16").solution_space().basis)
    with pytest.raises(LimitError, match="puts a region of size"):
        transferred_bound(r[9], r[16], 124, 1 << np.arange(8))
    with pytest.raises(LimitError, match="regions of two codes"):
        embedding(r[9], np.eye(3))
    with pytest.raises(LimitError, match="regions of two codes"):
        transferred_bound("a", "b", 10, [1])
    with pytest.raises(LimitError, match="k-bit integers"):
        transferred_bound(r[9], r[49], 1397, embedding(r[9], r[49]) + 0.5)
    with pytest.raises(LimitError, match="rectangular"):
        regions([[1, 0], [1]])


def test_an_embedding_through_dependent_rows_places_the_free_directions_at_once():
    """Dependent basis rows leave directions no signature spans: the search gives each the first unit vector
    still free instead of scanning all 2^k images (nullity 30 here, at once)."""
    from parity.codes import embedding
    from parity.codes.embeddings import _checked_embedding

    small = np.zeros((30, 4), dtype=np.uint8)
    small[0, :2] = small[1, 2:] = 1  # two regions of two positions; 28 rows of zeros
    large = np.repeat(np.eye(30, dtype=np.uint8), 2, axis=1)
    mapping = embedding(regions(small), regions(large))
    assert mapping is not None
    _checked_embedding(regions(small), regions(large), mapping)


@settings(max_examples=40)
@given(codes(most_length=12, most_nullity=5), st.integers(0, 3), st.integers(0, 300))
def test_a_far_word_is_as_far_as_it_says_and_no_farther_than_the_radius(basis, seed, steps):
    """The walk's word, weighed against every codeword, is at the distance returned, which is at most the
    radius (every word weighed)."""
    from parity.codes import far_word

    distance, word = far_word(basis, seed=seed, steps=steps)
    k, n = basis.shape
    codewords = (every_word(k).astype(np.int64) @ basis.astype(np.int64)) % 2 if k else np.zeros((1, n), np.int64)
    assert int((codewords ^ word[None, :]).sum(axis=1).min()) == distance <= brute_radius(basis)


@pytest.mark.parametrize("board, radius", [("grid:4x4", 7), ("grid:9x9", 37), ("grid:11x11", 65)])
def test_the_far_walk_reaches_the_radius_on_small_boards(board, radius):
    """Boyles' values (and the integer program's): a walk of 2000 steps from the default start reaches them."""
    from parity.codes import far_word

    assert far_word(LightsOut(board).solution_space().basis, steps=2000)[0] == radius


def test_a_far_walk_from_a_start_never_ends_below_it():
    from parity.codes import coset_minimum, far_word

    space = LightsOut("grid:16x16").solution_space()
    before = coset_minimum(space.particular, space.basis)[0]
    assert far_word(space.basis, start=space.particular, steps=0)[0] == before
    assert far_word(space.basis, start=space.particular, steps=500)[0] >= before


@settings(max_examples=30)
@given(codes(most_length=12, most_nullity=5), st.integers(0, 3), st.integers(0, 40))
def test_the_climb_past_max_far_is_as_far_as_it_says(basis, seed, steps):
    """The climb used past ``MAX_FAR`` (held here to 1, so that small codes take it, with a sample of two
    codewords a search): its word, weighed against every codeword, is at the distance returned, at most the
    radius, and never nearer than its start."""
    import parity.codes.walk as walk

    k, n = basis.shape
    start = np.random.default_rng(seed).integers(0, 2, n).astype(np.uint8)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(walk, "MAX_FAR", 1)
        patch.setattr(walk, "SAMPLE_ROOM", 2)
        distance, word = walk.far_word(basis, seed=seed, steps=steps, start=start)
    codewords = (every_word(k).astype(np.int64) @ basis.astype(np.int64)) % 2 if k else np.zeros((1, n), np.int64)
    weigh = lambda w: int((codewords ^ w[None, :]).sum(axis=1).min())  # noqa: E731
    assert weigh(word) == distance <= brute_radius(basis)
    assert distance >= weigh(start)


@pytest.mark.slow
def test_the_climb_on_the_64x64_board_passes_a_random_word():
    """Nullity 28: a climb of 300 steps from a random word ends farther from the code than the word, and the
    same seed and steps give the same word."""
    from parity.codes import coset_minimum, far_word

    space = LightsOut("grid:64x64").solution_space()
    start = np.random.default_rng(1).integers(0, 2, 64 * 64).astype(np.uint8)
    distance, word = far_word(space.basis, start=start, steps=300)
    assert distance > coset_minimum(start, space.basis)[0]
    assert (far_word(space.basis, start=start, steps=300)[1] == word).all()


@pytest.mark.parametrize("kwargs, words", [({"worse": 2.0}, "probability"), ({"tries": 0}, "tries must be"),
                                           ({"steps": -1}, "steps must be"), ({"seconds": -1}, "time"),
                                           ({"start": np.ones(3, dtype=np.uint8)}, "3 entries"),
                                           ({"max_nullity": 63}, "max_nullity must be"),
                                           ({"max_nullity": True}, "max_nullity must be")])
def test_far_word_refusals(kwargs, words):
    from parity.codes import far_word

    with pytest.raises(LimitError, match=words):
        far_word(LightsOut("grid:4x4").solution_space().basis, **kwargs)
    with pytest.raises(NullityTooLargeError, match="beyond 2\\^34"):
        far_word(np.eye(35, dtype=np.uint8))
    with pytest.raises(NullityTooLargeError, match="beyond 2\\^3$"):  # a lower bound of one's own
        far_word(LightsOut("grid:4x4").solution_space().basis, max_nullity=3)


def test_a_walk_that_reaches_the_parity_bound_ends_the_search_without_a_program():
    """The 11 x 11 board's radius is its parity bound (65, Boyles' integer program too): the walk finds a word
    that far and the answer needs no solver; with the walk off, the integer program proves the same."""
    basis = LightsOut("grid:11x11").solution_space().basis
    walked = covering_radius(basis, walk=1.0)
    assert walked.radius == 65 and walked.rounds == 0 and "parity bound" in walked.proof()["method"]
    assert coset_minimum(walked.worst, basis)[0] == 65
    programmed = covering_radius(basis, walk=0)
    assert programmed.radius == 65 and programmed.rounds >= 1 and programmed.proof()["solver"] == "HiGHS"


@pytest.mark.parametrize("walk", [-1, float("inf"), "5", True])
def test_bad_walks_are_refused(walk):
    with pytest.raises(LimitError, match="walk must be"):
        covering_radius(LightsOut("grid:4x4").solution_space().basis, walk=walk)


def test_a_word_of_the_39x39_board_carried_to_the_199x199_board_is_as_far_as_predicted():
    """Nullity 32, far past a search over every combination of the signatures: the embedding is found on the
    signatures the codes have, and a random word of the small board carried by it is, by the large board's own
    coset search, exactly as far from its code as carried_word's shift says."""
    from parity.codes import carried_word, coset_minimum, embedding

    spaces = [LightsOut(f"grid:{n}x{n}").solution_space() for n in (39, 199)]
    small, large = (regions(space.basis) for space in spaces)
    assert small.nullity == large.nullity == 32
    mapping = embedding(small, large)
    assert mapping is not None and embedding(large, small) is None
    word = np.random.default_rng(0).integers(0, 2, 39 * 39).astype(np.uint8)
    near = coset_minimum(word, spaces[0].basis)[0]
    far = large.word(carried_word(small, large, small.ones(word), mapping))
    m0, M0 = (int(r.sizes[r.signatures == 0].sum()) for r in (small, large))
    b0 = int(small.ones(word)[small.signatures == 0].sum())
    assert coset_minimum(far, spaces[1].basis)[0] == near - b0 + M0 + (199 ** 2 - M0 - 39 ** 2 + m0) // 2


def test_an_embedding_search_gives_up_after_its_budget(monkeypatch):
    """The 9 x 9 board's regions do not fit in the 16 x 16 board's; a search held to a few images says it gave
    up rather than answer None."""
    import parity.codes.embeddings as embeddings

    r = {n: regions(LightsOut(f"grid:{n}x{n}").solution_space().basis) for n in (9, 16)}
    monkeypatch.setattr(embeddings, "EMBEDDING_TRIES", 1000)
    with pytest.raises(LimitError, match="gave up|without an answer"):
        embeddings.embedding(r[9], r[16])


def test_the_untouched_region_does_not_limit_an_embedding():
    """Positions no codeword touches are all ones in a worst word of either code, whatever their number: the
    repetition code of length 2 with a position added holds the plain one's question (radius 2, every word)."""
    from parity.codes import embedding, transferred_bound

    small, large = np.array([[1, 1, 0]], dtype=np.uint8), np.array([[1, 1]], dtype=np.uint8)
    r, R = regions(small), regions(large)
    assert transferred_bound(r, R, brute_radius(large), embedding(r, R)) == brute_radius(small) == 2


@pytest.mark.parametrize("kwargs, words", [({"seed": -1}, "seed must be"), ({"seed": 1.5}, "seed must be"),
                                           ({"steps": True}, "steps must be"), ({"steps": 2.5}, "steps must be"),
                                           ({"tries": "16"}, "tries must be"), ({"worse": None}, "worse must be"),
                                           ({"seconds": True}, "seconds must be"), ({"seconds": "1"}, "seconds")])
def test_far_word_refuses_numbers_of_the_wrong_kind(kwargs, words):
    from parity.codes import far_word

    with pytest.raises(LimitError, match=words):
        far_word(LightsOut("grid:4x4").solution_space().basis, **kwargs)


def test_codes_with_no_positions_walk_and_embed():
    from parity.codes import embedding, far_word, transferred_bound

    empty = np.zeros((2, 0), dtype=np.uint8)
    assert far_word(empty, steps=5)[0] == 0
    r = regions(empty)
    assert embedding(r, r) is not None and transferred_bound(r, r, 0) == 0
    with pytest.raises(LimitError, match="whole number"):
        transferred_bound(r, r, -7)
    with pytest.raises(LimitError, match="k-bit integers"):
        transferred_bound(r, r, 0, ["a", "b"])


def test_a_board_answered_by_the_walk_says_so(tmp_path):
    """Ten separate edges and twenty lone lights (DIMACS .col): nullity 10, every start needs at most 30 presses
    (each lone light once, each edge's pair at most once: every word weighed by hand), the parity bound, which
    the walk reaches; the command says how it was proved."""
    board = tmp_path / "edges.col"
    board.write_text("p edge 40 10\n" + "".join(f"e {i} {i + 1}\n" for i in range(1, 20, 2)))
    run = run_cli("solve", "lightsout", "--board", str(board), "--most-clicks")
    assert run.code == 0, run
    assert "at most 30 presses" in run.out and "a word at the parity bound, found by a walk" in run.out


def _cyclic_codes(n: int):
    """Every cyclic code of length ``n`` over GF(2): the shifts of each divisor ``g`` of ``x^n - 1`` (bit ``i``:
    the coefficient of ``x^i``), found by long division."""
    def remainder(a: int, b: int) -> int:
        while a.bit_length() >= b.bit_length():
            a ^= b << (a.bit_length() - b.bit_length())
        return a

    for g in range(3, 1 << n):
        if g & 1 and remainder((1 << n) | 1, g) == 0:
            d = g.bit_length() - 1
            row = np.array([g >> i & 1 for i in range(n)], dtype=np.uint8)
            yield g, np.array([np.roll(row, j) for j in range(n - d)])


@pytest.mark.parametrize("n", [7, 9, 12, 15])
def test_cosets_and_symmetries_cut_together_agree_with_every_word_weighed(n):
    """The integer program keeps one word of each coset and of each set of symmetric cosets; a cyclic code is
    kept by every rotation of its positions (and its dual's reversal need not be), so its whole group is given."""
    rotations = np.array([np.roll(np.arange(n), j) for j in range(n)])
    for g, basis in _cyclic_codes(n):
        if basis.shape[0] > 8:
            continue
        found = covering_radius(basis, symmetries=rotations, method="program", walk=0)
        assert found.radius == brute_radius(basis), (n, g)
        assert coset_minimum(found.worst, basis)[0] == found.radius


def _symmetric_radius(basis: np.ndarray, group: np.ndarray) -> int:
    """max of the distance to the code over the words whose count of ones is the same in regions that an element
    of ``group`` (every element listed) maps onto each other, every word and codeword weighed."""
    region = regions(basis)
    first = np.array([int(np.flatnonzero(region.index == r)[0]) for r in range(len(region.sizes))])
    words = every_word(basis.shape[1])
    counts = np.stack([np.bincount(region.index, weights=w, minlength=len(region.sizes)) for w in words])
    kept = np.ones(len(words), dtype=bool)
    for g in group:
        kept &= (counts == counts[:, region.index[g[first]]]).all(axis=1)
    k, n = basis.shape
    codewords = (every_word(k).astype(np.int64) @ basis.astype(np.int64)) % 2
    return int((words[kept][:, None, :] ^ codewords[None, :, :]).sum(axis=2).min(axis=1).max())


@pytest.mark.parametrize("n", [7, 9, 12])
def test_the_program_over_a_groups_orbits_agrees_with_every_symmetric_word_weighed(n):
    """Every cyclic code of length n, with the rotations by each divisor of n generating a subgroup."""
    from parity.codes import symmetric_word

    for g, basis in _cyclic_codes(n):
        if basis.shape[0] > 8:
            continue
        radius = brute_radius(basis)
        for step in [d for d in range(1, n) if n % d == 0]:
            generator = np.roll(np.arange(n), step)[None, :]
            group = np.array([np.roll(np.arange(n), j) for j in range(0, n, step)])
            distance, word, optimal = symmetric_word(basis, generator)
            assert optimal and distance == _symmetric_radius(basis, group) <= radius, (n, g, step)
            assert coset_minimum(word, basis)[0] == distance


def test_the_program_over_orbits_refusals():
    from parity.codes import MAX_SYMMETRIC, symmetric_word

    basis = np.array([[1, 1, 0, 0]], dtype=np.uint8)
    with pytest.raises(LimitError, match="needs symmetries"):
        symmetric_word(basis, None)
    with pytest.raises(LimitError, match="permutations"):
        symmetric_word(basis, np.array([[0, 0, 1, 2]]))
    with pytest.raises(NullityTooLargeError, match=f"2\\^{MAX_SYMMETRIC}"):
        symmetric_word(np.eye(MAX_SYMMETRIC + 1, dtype=np.uint8), np.arange(MAX_SYMMETRIC + 1)[None, :])
    assert symmetric_word(np.zeros((0, 0), dtype=np.uint8), np.zeros((1, 0), dtype=np.int64))[0] == 0
    assert symmetric_word(np.zeros((0, 4), dtype=np.uint8), np.arange(4)[None, :])[0] == 4  # the zero code
    # the rows of a basis need not be independent: a permutation is a symmetry when it keeps their span
    dependent, swap = np.array([[1, 1, 0, 0], [0, 0, 0, 0]], dtype=np.uint8), np.array([[2, 3, 0, 1]])
    assert symmetric_word(dependent, swap)[::2] == symmetric_word(dependent[:1], swap)[::2] == (3, True)
    from parity.codes import symmetric_word_gfp

    assert symmetric_word_gfp(dependent, 3, swap)[::2] == symmetric_word_gfp(dependent[:1], 3, swap)[::2] == \
        (brute_radius_gfp(dependent[:1].astype(np.int64), 3), True)
    with pytest.raises(LimitError, match="permutations"):
        symmetric_word(basis, [[0, 1], [0, 1, 2, 3]])
    with pytest.raises(NullityTooLargeError, match="variables"):
        symmetric_word_gfp(np.ones((1, 2), dtype=np.int64), 19681, np.arange(2)[None, :])
    # a permutation that moves the code is left out: the words are then those of the trivial group, every word
    assert symmetric_word(basis, np.array([[0, 2, 1, 3]]))[0] == brute_radius(basis) == 3


def _symmetric_radius_gfp(basis: np.ndarray, p: int, group: np.ndarray) -> int:
    """max of the weight to the code over GF(p) of the words whose count of each value is the same in regions
    (positions of one column) that an element of ``group`` (every element listed) maps onto each other."""
    k, n = basis.shape
    columns = [tuple(column) for column in basis.T.tolist()]
    region = {c: i for i, c in enumerate(sorted(set(columns)))}
    of = np.array([region[c] for c in columns])
    words = np.array(list(itertools.product(range(p), repeat=n)), dtype=np.int64).reshape(p ** n, n)
    counts = np.stack([(of[None, :, None] == np.arange(len(region))[None, None, :]) & (words[:, :, None] == v)
                       for v in range(p)], axis=-1).sum(axis=1)  # [word, region, value]
    kept = np.ones(len(words), dtype=bool)
    for g in group:
        image = np.array([of[g[int(np.flatnonzero(of == r)[0])]] for r in range(len(region))])
        kept &= (counts == counts[:, image, :]).all(axis=(1, 2))
    combos = np.array(list(itertools.product(range(p), repeat=k)), dtype=np.int64).reshape(p ** k, k)
    codewords = (combos @ basis) % p
    return int(((words[kept][:, None, :] + codewords[None, :, :]) % p).sum(axis=2).min(axis=1).max())


@settings(max_examples=25)
@given(st.integers(2, 6), st.sampled_from([3, 5]), st.data())
def test_the_program_over_orbits_over_gfp_agrees_with_every_symmetric_word_weighed(n, p, data):
    """A code kept by rotations: the span of a random vector's rotations over GF(p), with a rotation by a divisor
    of n generating the group."""
    from parity.codes import symmetric_word_gfp
    from parity.linalg.gfp import rref_gfp

    if p ** n > 4000:
        n = 4
    v = np.array(data.draw(st.lists(st.integers(0, p - 1), min_size=n, max_size=n)), dtype=np.int64)
    v[-1] = -v[:-1].sum() % p  # every rotation sums to 0: the code is not the whole space
    basis = rref_gfp(np.array([np.roll(v, j) for j in range(n)]), p)[0].astype(np.int64).reshape(-1, n)
    step = data.draw(st.sampled_from([d for d in range(1, n + 1) if n % d == 0]))
    group = np.array([np.roll(np.arange(n), j) for j in range(0, n, step)])
    distance, word, optimal = symmetric_word_gfp(basis, p, np.roll(np.arange(n), step)[None, :])
    assert optimal and distance == _symmetric_radius_gfp(basis, p, group) <= brute_radius_gfp(basis, p)


@given(codes())
def test_the_counting_bounds_hold_on_every_code_weighed(basis):
    """The sphere-covering bound below and the parity bound above every code's radius (every word and codeword
    weighed), dependent rows too (the codewords are 2^rank, not 2^k)."""
    from parity.codes import counting_bounds, parity_bound

    lower, upper = counting_bounds(basis)
    assert lower <= brute_radius(basis) <= upper
    assert upper == parity_bound(regions(basis))


def test_the_counting_bound_is_the_radius_of_the_perfect_codes():
    """Hamming codes of length 7 and 15 (radius 1), the binary Golay code of length 23 (radius 3, cyclic with
    generator x^11 + x^10 + x^6 + x^5 + x^4 + x^2 + 1) and the repetition code of length 9 (radius 4) are
    perfect: the balls of their radius tile the space, which is the counting bound met."""
    from parity.codes import counting_bounds

    def cyclic(generator: list[int], n: int) -> np.ndarray:
        k = n - (len(generator) - 1)
        return np.array([[0] * i + generator + [0] * (k - 1 - i) for i in range(k)], dtype=np.uint8)

    hamming7 = cyclic([1, 1, 0, 1], 7)  # x^3 + x + 1
    hamming15 = cyclic([1, 1, 0, 0, 1], 15)  # x^4 + x + 1
    golay = cyclic([1, 0, 1, 0, 1, 1, 1, 0, 0, 0, 1, 1], 23)
    repetition = np.ones((1, 9), dtype=np.uint8)
    assert [counting_bounds(b)[0] for b in (hamming7, hamming15, golay, repetition)] == [1, 1, 3, 4]
    assert brute_radius(hamming7) == 1


def test_the_counting_bounds_take_codes_past_the_coset_search():
    """A code of dimension 70 (beyond the 62-bit signatures of regions()): the unit vectors of 70 positions out
    of 80; the 10 others are never touched, so the radius is 10, which the counting bound reaches, and the parity
    bound is 10 + (70 - 2) / 2."""
    from parity.codes import counting_bounds

    basis = np.eye(70, 80, dtype=np.uint8)
    assert counting_bounds(basis) == (10, 44)
    with pytest.raises(NullityTooLargeError):
        regions(basis)
    with pytest.raises(LimitError, match="0s and 1s"):
        counting_bounds(np.full((2, 3), 2))
    from parity.codes import MOST_COUNTED

    with pytest.raises(LimitError, match="beyond"):  # (an exact count that would take minutes)
        counting_bounds(np.ones((1, MOST_COUNTED + 1), dtype=np.uint8))
    with pytest.raises(LimitError, match="beyond"):
        counting_bounds(np.ones((1, 4097), dtype=np.int64), field=3)


@given(st.integers(1, 6), st.integers(0, 3), st.sampled_from([3, 5]), st.data())
def test_the_counting_bounds_over_gfp_hold_on_every_code_weighed(n, k, p, data):
    """Over GF(3) and GF(5), a word weighed by the sum of its entries: the sphere-covering bound below and the
    averaging bound above every code's radius (every word and codeword weighed), dependent rows too."""
    from parity.codes import counting_bounds

    if p == 5:
        n = min(n, 4)
    rows = data.draw(st.lists(st.lists(st.integers(0, p - 1), min_size=n, max_size=n), min_size=k, max_size=k))
    basis = np.array(rows, dtype=np.int64).reshape(k, n)
    lower, upper = counting_bounds(basis, field=p)
    assert lower <= brute_radius_gfp(basis, p) <= upper


def test_the_counting_bounds_over_gfp_count_the_balls_of_the_sum_weight():
    """The words of GF(3)^4 of sum-weight at most R (listed here: 1, 5, 15, 31, 50 for R = 0..4), and the
    ternary repetition code of length 4 (0000, 1111, 2222): 3 V(4, R) >= 3^4 first at R = 3 (45 < 81 <= 93)."""
    from parity.codes import counting_bounds

    words = np.array(list(itertools.product(range(3), repeat=4)))
    assert [int((words.sum(axis=1) <= r).sum()) for r in range(5)] == [1, 5, 15, 31, 50]
    assert counting_bounds(np.array([[1, 1, 1, 1]]), field=3)[0] == 3  # 3 * 31 >= 81 > 3 * 15
    with pytest.raises(LimitError, match="integers 0..2"):
        counting_bounds(np.array([[1, 3]]), field=3)
    with pytest.raises(ParityError, match="not a prime"):
        counting_bounds(np.array([[1, 1]]), field=4)


@settings(max_examples=20)
@given(codes(most_length=30, most_nullity=12), st.data())
def test_a_coset_search_in_parts_with_a_deadline_finds_what_it_finds_whole(basis, data):
    """The search with a deadline goes in parts of DEADLINE_HIGHS high parts (here with 2-bit low parts, so a
    code of nullity 12 has 1024 high parts in 16 parts on each core): the same least weight, first coefficient
    vector and lightest vectors as in one go; a deadline already past gives None."""
    import time

    from parity.codes import coset_search

    region = regions(basis)
    ones = np.array([data.draw(st.integers(0, int(m))) for m in region.sizes], dtype=np.int64)
    below = int(region.sizes.sum())
    def value(c: int) -> int:  # the transform at c: the word's distance to codeword c, turned around
        return int(sum(w * (-1) ** bin(int(sig) & c).count("1")
                       for sig, w in zip(region.signatures, region.sizes - 2 * ones)))

    whole = coset_search(region, ones, below, room=8, low_bits=2)
    parts = coset_search(region, ones, below, room=8, low_bits=2, deadline=time.perf_counter() + 3600)
    assert parts[:2] == whole[:2] == coset_search(region, ones, below, room=8, low_bits=20)[:2]
    # the lightest kept: the same values (of equal values at the edge, either search may keep any)
    assert sorted(map(value, parts[2]), reverse=True) == sorted(map(value, whole[2]), reverse=True)
    if region.nullity > 8:
        assert coset_search(region, ones, below, room=8, low_bits=2, deadline=time.perf_counter() - 1) is None


def test_a_table_names_counting_bounds_past_the_search_once():
    """The 17 x 17 board over GF(3) (3^12 codewords, past the integer program): the table's row has the bounds the
    refusal counted (226..290), and its method says so once."""
    run = run_cli("table", "lightsout", "--sizes", "17..17", "--most-clicks", "--field", "3", "--format", "json")
    assert run.code == 0, run
    row = json.loads(run.out)["rows"][0]
    assert row["most_clicks"] is None and row["most_clicks_bounds"] == [226, 290]
    assert row["most_clicks_method"].count("226") == 1 and "3^12 codewords" in row["most_clicks_method"]


def test_the_old_module_name_gives_the_same_functions():
    """Scripts written against ``parity.linalg.covering`` keep working: every name it lists is the one
    ``parity.codes`` holds."""
    import parity.codes
    import parity.linalg.covering as old

    assert old.__all__ and all(getattr(old, name) is getattr(parity.codes, name) for name in old.__all__)
    assert set(old.__all__) <= set(parity.codes.__all__)
