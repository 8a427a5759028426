"""The research tables under experiments/data/ hold what their certificates prove (docs/research.rst).

Each entry is re-verified from its certificate by a route independent of the search that made it: a Most
Clicks entry's worst start is rebuilt and its minimum recomputed by weighing every solution; an A075464 term's
presses are simulated on the board, its minimum recomputed by the Gray-code walk, and compared with the
published terms; an A068253 term is given by two routes with no arithmetic in common, and the small ones are
counted again (the smallest by the general frontier program too).  The fast suite takes the small boards; the
slow suite every entry.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parity.data.oeis import A075464

DATA = Path(__file__).resolve().parents[1] / "experiments" / "data"


def entries(name: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / name).read_text().splitlines() if line]


def check_bfile(most_clicks, kind: str, every_light, at_least: int) -> None:
    """A Most Clicks b-file: the consecutive terms from n = 1, at least ``at_least`` of them, each the board's
    every light (``every_light(n)`` presses) where its nullity is 0, else the exact entry of its table."""
    nullity_of, name = most_clicks.KINDS[kind]
    bfile = [tuple(map(int, line.split())) for line in (DATA / f"{name}.bfile").read_text().split("\n") if line]
    known = {e["n"]: e for e in entries(f"{name}.jsonl")}
    assert [n for n, _ in bfile] == list(range(1, len(bfile) + 1)) and len(bfile) >= at_least
    for n, value in bfile:
        assert value == (every_light(n) if nullity_of(n, n) == 0 else known[n]["most_clicks"])


def test_most_clicks_certificates_on_small_boards(experiment):
    most_clicks = experiment("most_clicks")
    small = [e for e in entries("most_clicks.jsonl") if e["n"] <= 24 and "worst_start" in e]
    assert {e["n"] for e in small} >= {4, 5, 9, 11, 14}
    for e in small:
        start = most_clicks.hex_bits(e["worst_start"], e["n"] ** 2)
        assert most_clicks.least_presses(e["n"], start) == e["lower"]
        assert e["lower"] <= e["upper"] and (e["most_clicks"] is None or e["lower"] == e["most_clicks"])


def test_most_clicks_tables_agree_with_the_certificates(experiment):
    check_bfile(experiment("most_clicks"), "grid", lambda n: n * n, at_least=15)


def test_torus_most_clicks_certificates_of_small_nullity(experiment):
    most_clicks = experiment("most_clicks")
    small = [e for e in entries("most_clicks_torus.jsonl") if e["nullity"] <= 16 and "worst_start" in e]
    assert {e["n"] for e in small if e["most_clicks"] is not None} >= {3, 5, 6, 9, 18, 21, 25, 27}
    for e in small:
        start = most_clicks.hex_bits(e["worst_start"], e["n"] ** 2)
        assert most_clicks.least_presses(e["n"], start, "torus") == e["lower"]
        assert e["lower"] <= e["upper"] and (e["most_clicks"] is None or e["lower"] == e["most_clicks"])
    check_bfile(most_clicks, "torus", lambda n: n * n, at_least=9)


def test_hexagon_most_clicks_certificates(experiment):
    # each worst start rebuilt on its hexagon, its fewest presses recomputed by another route (every solution
    # weighed, or the coset search); hex:2 and hex:3 are also checked against every press vector simulated
    # (tests/codes/test_covering.py)
    most_clicks = experiment("most_clicks")
    found = [e for e in entries("most_clicks_hex.jsonl") if "worst_start" in e and e["n"] <= 20]
    assert {e["n"] for e in found if e["most_clicks"] is not None} >= {2, 3, 4, 6, 7, 9, 11, 13, 14}
    for e in found:
        cells = most_clicks.cells(e["n"], "hex")
        assert len(cells) == 3 * e["n"] ** 2 - 3 * e["n"] + 1
        start = most_clicks.hex_bits(e["worst_start"], len(cells))
        assert most_clicks.least_presses(e["n"], start, "hex") == e["lower"]
        assert e["lower"] <= e["upper"] and (e["most_clicks"] is None or e["lower"] == e["most_clicks"])
    check_bfile(most_clicks, "hex", lambda n: 3 * n * n - 3 * n + 1, at_least=7)


def test_three_state_most_clicks_certificates(experiment):
    # each worst start rebuilt on its board of three-state lights, its fewest presses recomputed by every solution
    # weighed; the boards of nullity 0 need twice their lights
    most_clicks = experiment("most_clicks")
    found = [e for e in entries("most_clicks_gf3.jsonl") if "worst_start" in e]
    assert {e["n"] for e in found if e["most_clicks"] is not None} >= {2, 4, 5, 8, 9, 11, 12, 13}
    assert most_clicks.check(DATA, "gf3", largest=13) == len([e for e in found if e["n"] <= 13])
    for e in found:
        assert e["lower"] <= e["upper"] and (e["most_clicks"] is None or e["lower"] == e["most_clicks"])
    check_bfile(most_clicks, "gf3", lambda n: 2 * n * n, at_least=13)


@pytest.mark.slow
def test_every_three_state_most_clicks_certificate(experiment):
    assert experiment("most_clicks").check(DATA, "gf3") == sum("worst_start" in e
                                                               for e in entries("most_clicks_gf3.jsonl"))


@pytest.mark.slow
def test_every_hexagon_most_clicks_certificate(experiment):
    assert experiment("most_clicks").check(DATA, "hex") == sum("worst_start" in e
                                                               for e in entries("most_clicks_hex.jsonl"))


@pytest.mark.slow
def test_every_torus_most_clicks_certificate(experiment):
    assert experiment("most_clicks").check(DATA, "torus") == sum("worst_start" in e
                                                                 for e in entries("most_clicks_torus.jsonl"))


@pytest.mark.slow
def test_every_most_clicks_certificate(experiment):
    assert experiment("most_clicks").check(DATA) == sum("worst_start" in e for e in entries("most_clicks.jsonl"))


def test_most_clicks_bounds_carried_from_small_boards(experiment):
    """Every upper bound carried over from a board of side at most 120 (the 49 x 49 and 69 x 69 boards', from
    the 109 x 109 board's integer program) is re-derived: the embedding checked, the bound worked out again,
    the source's own bound no higher than the one carried.  The slow suite's check takes them all."""
    from parity.codes import transferred_bound

    most_clicks = experiment("most_clicks")
    tables = {kind: {e["n"]: e for e in entries(f"{most_clicks.KINDS[kind][1]}.jsonl")}
              for kind in most_clicks.TWO_STATE}
    carried = [(kind, e) for kind, table in tables.items() for e in table.values() if "from" in e["proof"]]
    small = [(kind, e) for kind, e in carried if e["proof"]["n"] <= 120]
    assert len(carried) >= 8 and {e["n"] for kind, e in small if kind == "grid"} >= {49, 69}
    for kind, e in small:
        proof = e["proof"]
        assert tables[proof["kind"]][proof["n"]]["upper"] <= proof["from_upper"]
        bound = transferred_bound(most_clicks.regions_of(e["n"], kind),
                                  most_clicks.regions_of(proof["n"], proof["kind"]), proof["from_upper"],
                                  proof["embedding"])
        assert bound == e["upper"] and (e["most_clicks"] is None or e["most_clicks"] == bound == e["lower"])


def test_min_presses_terms_on_small_boards(experiment):
    from parity.puzzles import LightsOut

    min_presses = experiment("min_presses")
    terms = {e["n"]: e for e in entries("min_presses.jsonl")}
    assert set(range(1, 79)) <= set(terms)
    for n, e in terms.items():
        if n <= len(A075464):
            assert e["a"] == A075464[n - 1]
        if n <= 30:
            puzzle = LightsOut(f"grid:{n}x{n}")
            presses = puzzle.presses(min_presses.hex_bits(e["presses"], n * n))
            puzzle.verify(presses)
            assert puzzle.weight(presses) == e["a"] == puzzle.minimum_presses(max_nullity=20)[0]
    bfile = (DATA / "min_presses.bfile").read_text().split("\n")
    assert [line for line in bfile if line][:len(A075464)] == [f"{n} {a}" for n, a in enumerate(A075464, 1)]


    assert len([line for line in bfile if line]) == 78


def test_min_presses_bounds_beyond_the_b_file(experiment):
    # each kept bound's presses simulated on its board; a term of the b-file, where there is one, between the bounds
    bounds = entries("min_presses_bounds.jsonl")
    assert 79 in {e["n"] for e in bounds}
    assert experiment("min_presses").check_bounds(DATA) == len(bounds)


@pytest.mark.slow
def test_every_min_presses_term(experiment):
    assert experiment("min_presses").check(DATA) == len(entries("min_presses.jsonl"))


@pytest.mark.slow
def test_every_min_presses_lower_bound_worked_out_again(experiment):
    assert experiment("min_presses").check_bounds(DATA, recompute=True) == len(entries("min_presses_bounds.jsonl"))


def test_grid_colourings_terms_agree_and_the_small_ones_are_counted_again(experiment):
    from parity.data.oeis import A068253

    grid_colourings = experiment("grid_colourings")
    found = grid_colourings.terms({e["key"]: e for e in entries("grid_colourings.jsonl")})
    assert set(range(1, 26)) <= set(found) and all(found[n] == a for n, a in enumerate(A068253, 1))
    bfile = [line for line in (DATA / "grid_colourings.bfile").read_text().split("\n") if line]
    assert bfile == [f"{n} {found[n]}" for n in range(1, len(bfile) + 1)] and len(bfile) == max(found)
    assert grid_colourings.check(DATA, recount=12) == len(found)


@pytest.mark.slow
def test_grid_colourings_counted_again_to_twenty(experiment):
    assert experiment("grid_colourings").check(DATA, recount=20) == len(entries("grid_colourings.jsonl")) // 2


PUBLISHED = DATA / "published" / "min_clicks_answers.txt"


def parity_bounds(n: int, known: dict) -> tuple[int, int] | None:
    """parity's bounds on the n x n board's most clicks: n^2 at nullity 0 (the start whose one solution presses
    every light), else its certificate's."""
    from parity.puzzles.lightsout.certificates import board_nullity

    if board_nullity(n, "grid") == 0:
        return n * n, n * n
    entry = known.get(n)
    return None if entry is None else (entry["lower"], entry["upper"])


def test_the_published_most_clicks_table_set_beside_parity_s():
    """Boyles' table (read from the copy of his file, not typed in) against parity's certificates: the comparison
    ``most_clicks.txt`` prints is the one the certificates give, 199 values agree, parity's bounds lie inside
    every one of his 56 open entries, and the one disagreement is n = 19."""
    from parity.puzzles.lightsout.certificates import compare_published, read_published_table

    published = read_published_table(PUBLISHED.read_text())
    assert sorted(published) == list(range(1, 257))
    known = {e["n"]: e for e in entries("most_clicks.jsonl")}
    rows = {int(row.split()[0]): row.split() for row in (DATA / "most_clicks.txt").read_text().splitlines()[1:]}
    verdicts = {}
    for n, theirs in published.items():
        ours = parity_bounds(n, known)
        verdicts[n] = compare_published(*(ours or (None, None)), theirs)
        shown = str(theirs[0]) if theirs[0] == theirs[1] else f"{theirs[0]}..{theirs[1]}"
        assert rows[n][3:5] == [shown, verdicts[n]], (n, rows[n])
    tally = {v: sum(1 for x in verdicts.values() if x == v) for v in set(verdicts.values())}
    assert tally == {"agrees": 199, "narrower": 56, "disagrees": 1}
    assert [n for n, v in verdicts.items() if v == "disagrees"] == [19]
    assert published[19] == (197, 197) and published[30] == (180, 899)  # '< 900': at most 899


def test_no_start_of_the_19_x_19_board_needs_197_presses():
    """The published 197 for n = 19 cannot be: the 19 x 19 board's quiet patterns (its null space, computed
    here by galois, the reference route) leave m0 = 1 cell untouched; over a start's coset of solutions x + C
    every other cell is pressed by exactly half the solutions, so their mean weight is (N - m0)/2 plus x's
    presses on the untouched cells, and the fewest presses are at most (361 - 1)/2 + 1 = 181 for every start.
    parity's certificate: a worst start needing 162 (rebuilt and solved again here) and the bound 177."""
    import galois
    import numpy as np

    from parity.puzzles.lightsout.certificates import least_presses

    n, N = 19, 19 * 19
    A = np.zeros((N, N), dtype=np.uint8)
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    A[(r + dr) * n + c + dc, r * n + c] = 1
    kernel = np.asarray(galois.GF2(A).null_space(), dtype=np.uint8)
    assert kernel.shape[0] == 16  # the nullity (OEIS A075462: a(19) = 16)
    untouched = int((kernel.sum(axis=0) == 0).sum())
    assert untouched == 1
    bound = (N - untouched) // 2 + untouched
    assert bound == 181 < 197
    entry = {e["n"]: e for e in entries("most_clicks.jsonl")}[19]
    assert entry["upper"] <= bound and (entry["lower"], entry["upper"]) == (162, 177)
    start = np.array([(int(entry["worst_start"], 16) >> i) & 1 for i in range(N)], dtype=np.int64)
    assert least_presses(n, start) == entry["lower"]
