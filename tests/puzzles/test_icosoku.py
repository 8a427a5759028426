"""Icosoku: tile types derived and counted, tilings from two engines checked from the rules and from the JSON alone,
peg classes enumerated once each, and a sampled sweep killed, resumed and re-verified row by row."""

import json
import math
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from itertools import product

import numpy as np
import pytest
from pysat.solvers import Solver

import parity as pt
from parity.errors import InvalidSolution, LimitError, SweepError
from parity.puzzles import Icosoku
from parity.puzzles.icosoku import ORIGINAL_TILES, TILE_TYPES, tile_set, tile_type
from parity.puzzles.icosoku.sweep import (block_arrangements, block_keys, canonical_arrangement, icosoku_task,
                                  icosoku_tasks, peg_cases, peg_group, verify_rows)
from parity.testing import run_cli


def test_24_tile_types_by_brute_force():
    # the 64 corner patterns up to the three rotations: 4 patterns fixed by a turn, 60 in orbits of 3
    orbits = {frozenset({(a, b, c), (b, c, a), (c, a, b)}) for a, b, c in product(range(4), repeat=3)}
    assert len(orbits) == len(TILE_TYPES) == 24
    assert Counter(len(o) for o in orbits) == {1: 4, 3: 20}
    assert tile_type((2, 0, 1)) == "012" and tile_type((1, 0, 2)) == "021"


def test_the_original_tiles():
    name, tiles = tile_set("original")
    assert sum(tiles.values()) == 20 and len(tiles) == 14  # the paper: the game uses 14 of the 24 types
    assert sum(int(d) * n for t, n in tiles.items() for d in t) == 78 == sum(range(1, 13))
    mirror = Counter({tile_type(tuple(int(d) for d in t[::-1])): n for t, n in tiles.items()})
    assert mirror == Counter(tiles)  # closed under turning over: reflections are symmetries of the sweep
    assert Counter(ORIGINAL_TILES)["012"] == 3 and tiles["123"] == 2


def test_the_board_from_the_catalogue():
    puzzle = Icosoku()
    directed = Counter((f[k], f[(k + 1) % 3]) for f in puzzle.faces for k in range(3))
    assert len(directed) == 60 and set(directed.values()) == {1}  # every edge once each way: one turning sense
    assert all(len(puzzle.vertex_faces[v]) == 5 for v in range(12))


def _check_from_json(payload: dict, pegs) -> None:
    """A tiling re-checked from the JSON alone: dots around each vertex, tiles as the physical set."""
    sums = Counter()
    for face in payload["faces"]:
        for v, d in zip(face["vertices"], face["dots"]):
            sums[v] += d
    assert [sums[v] for v in range(12)] == list(pegs)
    assert [payload["vertex_sums"][str(v)] for v in range(12)] == list(pegs)
    kinds = Counter(min(tuple(face["dots"][i:] + face["dots"][:i]) for i in range(3)) for face in payload["faces"])
    allowed = Counter(tuple(int(c) for c in t) for t in ORIGINAL_TILES)
    assert all(n <= allowed[k] for k, n in kinds.items())


@pytest.mark.parametrize("engine", ["search", "sat", "cms"])
def test_solve_every_engine_verified_and_rechecked_from_json(engine):
    pegs = [7, 1, 12, 5, 3, 10, 2, 8, 11, 4, 9, 6]
    puzzle = Icosoku(pegs=pegs)
    result = pt.solve(puzzle, engine=engine)
    assert result.satisfiable
    puzzle.verify(result.solution)
    _check_from_json(puzzle.to_json(result.solution), pegs)


def test_cli_json_and_errors():
    pegs = "3,9,1,12,5,7,2,10,4,11,6,8"
    run = run_cli("solve", "icosoku", "--pegs", pegs, "--json")
    assert run.code == 0, run.err
    payload = json.loads(run.out)
    assert payload["satisfiable"] is True
    _check_from_json(payload["solution"] if "solution" in payload else payload, [int(x) for x in pegs.split(",")])
    bad = run_cli("solve", "icosoku", "--pegs", "1,2,3")
    assert bad.code == 2 and "12 whole numbers" in bad.err
    bad = run_cli("solve", "icosoku", "--tiles", "nonsense")
    assert bad.code == 2 and "tiles" in bad.err


@pytest.mark.parametrize("tiles, tile", [("000 x10, 111 x10", (1, 1, 1)), ("000 x10, 012 x10", (0, 1, 2))])
def test_counts_agree_search_and_ganak(tiles, tile):
    # the pegs of a tiling built by hand (the tile on every other face), so at least one tiling exists; the
    # tilings are counted by the compiled search and by Ganak on the CNF (an arrangement of 1..12 with the
    # original tiles has too many tilings to count in a test)
    faces = Icosoku().faces
    built = [tile if f % 2 == 0 else (0, 0, 0) for f in range(20)]
    sums = Counter()
    for face, dots in zip(faces, built):
        for v, d in zip(face, dots):
            sums[v] += d
    puzzle = Icosoku(pegs=[sums[v] for v in range(12)], tiles=tiles)
    puzzle.verify(built)
    by_search = pt.count(puzzle, engine="search")
    assert by_search >= 1
    assert pt.count(puzzle, engine="ganak") == pt.count(puzzle, engine="sat") == by_search


@pytest.mark.parametrize("tiles, peg, seed", [("111 x12, 000 x8", 3, 1), ("000 x8, 001 x12", 1, 2)])
def test_knuth_estimate_against_the_exact_count(tiles, peg, seed):
    # Knuth's random probes against the exhaustive search's count (25 and 9,636,025 tilings): within four
    # standard errors, and the same seed gives the same estimate
    puzzle = Icosoku(pegs=[peg] * 12, tiles=tiles)
    exact = pt.count(puzzle, engine="search")
    guess = puzzle.estimate_tilings(probes=20_000, seed=seed)
    assert exact > 0 and guess.stderr > 0
    assert abs(guess.value - exact) < 4 * guess.stderr
    assert guess.stderr < 0.05 * exact
    assert puzzle.estimate_tilings(probes=20_000, seed=seed) == guess
    with pytest.raises(LimitError, match="probes"):
        puzzle.estimate_tilings(probes=1)
    with pytest.raises(LimitError, match="probes"):
        puzzle.estimate_tilings(probes="many")
    with pytest.raises(LimitError, match="seed"):
        puzzle.estimate_tilings(probes=10, seed="one")


def test_knuth_estimate_with_free_pegs():
    # free pegs: the estimate is of the tilings of all 12! arrangements together, so 12! times the mean
    # exact count over arrangements drawn independently of the kernel (numpy's permutations, the
    # exhaustive search on each); the two means agree within four joint standard errors
    tiles = "002 x10, 122 x6, 223 x4"
    rng = np.random.default_rng(0)
    counts = np.array([Icosoku(pegs=(rng.permutation(12) + 1).tolist(), tiles=tiles).build_search().count()
                       for _ in range(600)], dtype=float)
    sampled, sampled_err = counts.mean(), counts.std(ddof=1) / np.sqrt(len(counts))
    guess = Icosoku(pegs=None, tiles=tiles).estimate_tilings(probes=200_000, seed=1)
    scale = math.factorial(12)
    assert sampled > 0 and guess.value > 0
    assert abs(guess.value / scale - sampled) < 4 * math.hypot(guess.stderr / scale, sampled_err)
    # a set with no tiling at all (20 blank tiles: 0 dots, not 78) estimates exactly 0
    blank = Icosoku(pegs=None, tiles="000 x20").estimate_tilings(probes=100)
    assert blank.value == 0 and blank.zero == 100


def test_verify_rejects_broken_tilings():
    puzzle = Icosoku()
    tiling = list(pt.solve(puzzle).solution)
    f = next(f for f, (a, b, c) in enumerate(tiling) if not a == b == c)
    turned = list(tiling)
    turned[f] = tiling[f][1:] + tiling[f][:1]  # the same tile turned: the dots move to other vertices
    with pytest.raises(InvalidSolution, match="vertex"):
        puzzle.verify(turned)
    with pytest.raises(InvalidSolution):
        puzzle.verify([(0, 0, 4)] * 20)
    with pytest.raises(LimitError):
        Icosoku(pegs=[1] * 11)


def test_free_pegs_find_an_adts():
    # the paper's Q1: an arrangement and a tiling with 20 different tiles (SAT with the pegs free)
    puzzle = Icosoku(pegs=None, tiles="adts")
    result = pt.solve(puzzle, engine="sat")
    assert result.satisfiable
    puzzle.verify(result.solution)
    assert len({tile_type(p) for p in result.solution}) == 20


def test_classes_enumerated_once_each():
    assert len(peg_group()) == 120 and len(peg_group(rotations_only=True)) == 60
    assert [len(h) for _, h in peg_cases()] == [2, 2, 10]
    keys = block_keys()
    assert len(keys) == 270
    total = sum(len(block_arrangements({"case": c, "v3": a, "v4": b})) for c, a, b in keys)
    assert total == 479001600 // 120
    # random arrangements: the class representative found by trying all 120 symmetries is enumerated
    rng = np.random.default_rng(7)
    r_of = [r for r, _ in peg_cases()]
    for _ in range(20):
        rep = canonical_arrangement(rng.permutation(12) + 1)
        block = block_arrangements({"case": r_of.index(rep.index(2)), "v3": rep.index(3), "v4": rep.index(4)})
        assert (block == np.array(rep)).all(axis=1).sum() == 1
    # and an enumerated arrangement is its own representative (no two in one class)
    block = block_arrangements({"case": 2, "v3": 1, "v4": 4})
    for row in block[rng.choice(len(block), 20, replace=False)]:
        assert canonical_arrangement(row) == tuple(int(x) for x in row)


def _rows(path):
    with sqlite3.connect(path) as db:
        got = db.execute("SELECT params, status, result FROM tasks").fetchall()
    assert all(status == "done" for _, status, _ in got)
    return [{"params": json.loads(p), "result": json.loads(r)} for p, _, r in got]


def test_sampled_sweep_killed_resumed_and_reverified(tmp_path):
    path = tmp_path / "pegs.sqlite"
    command = [sys.executable, "-m", "parity", "sweep", "icosoku-pegs", "--tiles", "original", "--sample", "40",
               "--classes", "8", "--store", str(path), "--workers", "2", "--chunk-size", "1"]
    run = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 300
    stored = 0
    while stored < 5 and run.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
        try:
            with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as db:
                stored = db.execute("SELECT COUNT(*) FROM tasks").fetchone()[0]
        except sqlite3.OperationalError:
            stored = 0
    os.killpg(run.pid, signal.SIGKILL)
    run.wait()
    assert 0 < stored < 40, "the run ended before it could be killed"
    finished = subprocess.run(command + ["--json"], capture_output=True, text=True, timeout=600)
    assert finished.returncode == 0, finished.stderr
    summary = json.loads(finished.stdout)
    assert summary["skipped"] >= stored and summary["skipped"] + summary["ran"] == 40
    rows = _rows(path)
    assert len(rows) == 40
    report = verify_rows(rows)
    expected = sum(len(block_arrangements(row["params"])) for row in rows)  # at most 8 per task, fewer in some
    assert 200 <= expected <= 320
    assert report == {"classes": expected, "solved": expected, "unsolved": 0}
    # a tampered row is caught
    rows[0]["result"]["tilings"] = rows[1]["result"]["tilings"]
    with pytest.raises(InvalidSolution):
        verify_rows(rows)


def test_sweep_options_refuse_nonsense(tmp_path):
    for option, value, words in [("--sample", "-3", "--sample"), ("--classes", "-1", "--classes"),
                                 ("--tiles", "mine.txt", "mine.txt"),
                                 ("--tiles", "012 x20", "--rotations-only")]:
        run = run_cli("sweep", "icosoku-pegs", option, value, "--store", tmp_path / "s.sqlite")
        assert run.code == 2 and words in run.err and len(run.err.strip().splitlines()) == 1, run.err


def test_sweep_of_a_tile_file(tmp_path):
    # one of the eight 20-combinations of types with 78 dots (the paper's Q4): a sampled slice, re-verified,
    # the file written out in the tasks so that the store stands without it
    combo = "000 001 002 003 011 012 013 021 022 023 031 032 033 111 112 113 122 123 132 133".split()
    path = tmp_path / "combo.txt"
    path.write_text("# all different\n" + "\n".join(combo) + "\n")
    tasks = icosoku_tasks(str(path), sample=3, classes=15)
    assert all(t["tiles"] == ", ".join(combo) for t in tasks)
    rows = [{"params": t, "result": icosoku_task(t)} for t in tasks]
    assert verify_rows(rows) == {"classes": 45, "solved": 45, "unsolved": 0}
    free = Icosoku(pegs=None, tiles=", ".join(combo))
    formula = free.encoding("cnf")
    with Solver(name="glucose4", bootstrap_with=formula.clauses_with_xors()) as solver:  # a second engine agrees
        for pegs in block_arrangements(tasks[1])[:5]:
            assert solver.solve(assumptions=free.peg_assumptions(formula, pegs.tolist()))
    with pytest.raises(SweepError, match="rotations-only"):
        icosoku_tasks("012 x3, 111 x17")
    assert icosoku_tasks("012 x3, 111 x17", rotations_only=True, sample=1)[0]["rotations_only"]


# -- nonsense in, one line out ------------------------------------------------------------------------------------
def _one_line_error(run, *words):
    assert run.code == 2 and run.out == "", run
    assert run.err.startswith("parity: error: ") and run.err.count("\n") == 1, run.err
    for word in words:
        assert word in run.err, (word, run.err)


@pytest.mark.parametrize("pegs, words", [
    ("", ["--pegs", "12 whole numbers"]),
    ("1,2,3", ["12 whole numbers", "3 values"]),
    ("a,b,c,d,e,f,g,h,i,j,k,l", ["--pegs", "whole numbers"]),
    ("1,2,3,4,5,6,7,8,9,10,11,1.5", ["--pegs", "1.5"]),
    ("1,2,3,4,5,6,7,8,9,10,11,-1", ["--pegs", "-1"]),
    ("1,2,3,4,5,6,7,8,9,10,11,²", ["--pegs", "²"]),
    ("1,2,3,4,5,6,7,8,9,10,11,99999999999999999999999", ["0..15", "99999999999999999999999"]),
    ("1,2,3,4,5,6,7,8,9,10,11,12,13", ["12 whole numbers", "13 values"]),
])
def test_cli_pegs_nonsense_is_one_line(pegs, words):
    _one_line_error(run_cli("solve", "icosoku", "--pegs", pegs), *words)


def test_cli_tiles_nonsense_is_one_line(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    few = tmp_path / "few.txt"
    few.write_text("012 x3\n111\n")
    letters = tmp_path / "letters.txt"
    letters.write_text("012 xa\n")
    four = tmp_path / "four.txt"
    four.write_text("0124 x20\n")
    for tiles, words in [("nonexist.txt", ["no such file: nonexist.txt"]),
                         (str(tmp_path / "no" / "tiles.txt"), ["no such file:", "tiles.txt"]),
                         ("", ["tiles", "expected original, adts"]),
                         ("nonsense", ["tiles", "no such file: nonsense"]),
                         (str(empty), ["0 tiles for 20 faces"]),
                         (str(few), ["4 tiles for 20 faces"]),
                         (str(letters), ["012 xa", "three digits 0..3"]),
                         (str(four), ["0124 x20", "three digits 0..3"]),
                         ("012 x-3, 111 x20", ["012 x-3"]),
                         (str(tmp_path), ["is a directory"])]:
        _one_line_error(run_cli("solve", "icosoku", "--tiles", tiles), *words)
    # a huge count is no error: a tiling has 20 faces, so it means 20
    assert tile_set("012 x99999999999999999999999")[1] == {"012": 20}


@pytest.mark.parametrize("pegs", [5, object(), "1,2", [1.5] * 12, ["1"] * 12, [True] * 12, [16] * 12,
                                  [-1] + [1] * 11, {v: 1 for v in range(12)}, [None] * 12, b"123456789012"])
def test_api_pegs_nonsense_raises(pegs):
    with pytest.raises(LimitError, match="pegs"):
        Icosoku(pegs=pegs)


@pytest.mark.parametrize("tiles, words", [
    (None, "tiles"), (5, "tiles"), ({"012": -1, "111": 20}, "012"), ({"012": 2.5, "111": 20}, "2.5"),
    ({"0124": 20}, "0124"), ({"01a": 20}, "01a"), ([(0, 1, 4)] * 20, "(0, 1, 4)"), ([12] * 20, "12"),
    ([(0, 1, 2)] * 19, "19 tiles"), (b"012 x20", "tiles"), ({(0, 1, 2): True}, "True"),
])
def test_api_tiles_nonsense_raises(tiles, words):
    with pytest.raises(LimitError, match=re.escape(words)):
        Icosoku(tiles=tiles)
    # and the forms that are no nonsense: a sequence of tiles as digits or as dots, a mapping of counts
    assert tile_set([(0, 1, 2)] * 20)[1] == tile_set(["201"] * 20)[1] == tile_set({"012": 20})[1] == {"012": 20}


# -- counting refutes before any search ---------------------------------------------------------------------------
def _tiling_pegs(faces, placed, turns):
    """The dots around each vertex of a tiling drawn by hand: tile ``placed[f]`` turned ``turns[f]`` times on face f."""
    sums = Counter()
    for face, tile, turn in zip(faces, placed, turns):
        dots = [int(d) for d in tile]
        for v, d in zip(face, dots[turn:] + dots[:turn]):
            sums[v] += d
    return [sums[v] for v in range(12)]


ELEVEN_TWICE = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11]


@pytest.mark.parametrize("engine", [None, "sat", "cms", "search", "sat:glucose4"])
def test_pegs_that_miss_the_tiles_dots_are_refuted_by_every_engine_at_once(engine):
    # the game's 20 tiles carry 78 dots (added up here from the tiles themselves), and every dot lies at one
    # vertex, so pegs adding up to 77 have no tiling; a solver left to find that out runs for minutes
    assert sum(int(d) for tile in ORIGINAL_TILES for d in tile) == 78 != sum(ELEVEN_TWICE)
    puzzle = Icosoku(pegs=ELEVEN_TWICE)
    started = time.perf_counter()
    result = pt.solve(puzzle, engine=engine)
    assert time.perf_counter() - started < 20
    assert result.status == "UNSAT" and result.satisfiable is False
    proof = result.to_json()["proof"]
    assert proof["method"] == "dot count" and (proof["pegs"], proof["tile_dots"]) == (77, [78])


def test_the_refutation_counts_zero_and_reaches_the_command_line():
    puzzle = Icosoku(pegs=ELEVEN_TWICE)
    for engine in ("search", "ganak", "sat"):
        started = time.perf_counter()
        assert pt.count(puzzle, engine=engine) == 0
        assert time.perf_counter() - started < 20, engine
    pegs = ",".join(map(str, ELEVEN_TWICE))
    for engine in ("sat", "cms", "search"):
        run = run_cli("solve", "icosoku", "--pegs", pegs, "--engine", engine, "--json")
        assert run.code == 0 and run.err == "", run
        payload = json.loads(run.out)
        assert payload["satisfiable"] is False and payload["proof"]["method"] == "dot count"
        assert "77" in payload["proof"]["reason"] and "78" in payload["proof"]["reason"]
    run = run_cli("solve", "icosoku", "--pegs", pegs)
    assert run.code == 0 and "no solution" in run.out
    # a huge count of one tile means 20 of them, which carry 60 dots: refuted, no error and no long search
    run = run_cli("solve", "icosoku", "--tiles", "012 x99999999999999999999999", "--json")
    assert run.code == 0 and json.loads(run.out)["proof"]["pegs"] == 78, run
    # with the pegs free (1..12, 78 dots) blank tiles are refuted the same way, and a CNF solver says so at once
    free = Icosoku(pegs=None, tiles="000 x20")
    assert free.refutation()["method"] == "dot count"
    assert not pt.solve(free, engine="sat").satisfiable


def test_counting_never_refutes_a_tiling():
    # the conditions are necessary: pegs read off a tiling drawn at random (any tiles, any turns, sets with spare
    # tiles too) are never refuted
    rng = np.random.default_rng(11)
    faces = Icosoku().faces
    for _ in range(400):
        kinds = rng.choice(TILE_TYPES, size=rng.integers(1, 8), replace=False)
        placed = [str(t) for t in rng.choice(kinds, size=20)]
        pegs = _tiling_pegs(faces, placed, rng.integers(0, 3, size=20))
        spare = [str(t) for t in rng.choice(TILE_TYPES, size=rng.integers(0, 4))]
        puzzle = Icosoku(pegs=pegs, tiles=", ".join(placed + spare))
        assert puzzle.refutation() is None, (placed, spare, pegs)
    assert Icosoku(pegs=None, tiles="adts").refutation() is None  # Q1 has an answer (test_free_pegs_find_an_adts)


def test_each_refutation_agrees_with_an_exhaustive_search():
    # pegs adding up to the tiles' dots that the vertex bound or the corner count refutes: the compiled search,
    # run to its end without asking counting first, finds no tiling either
    from parity.puzzles.icosoku._kernels import search
    from parity.puzzles.icosoku import _tables

    rng = np.random.default_rng(5)
    seen = Counter()
    for _ in range(600):
        kinds = rng.choice(TILE_TYPES, size=rng.integers(1, 4), replace=False)
        tiles = Counter(str(t) for t in rng.choice(kinds, size=20))
        dots = sum(int(d) * n for t, n in tiles.items() for d in t)
        cuts = np.sort(rng.integers(0, dots + 1, size=11))
        pegs = np.diff(np.concatenate([[0], cuts, [dots]]))
        if pegs.max() > 15:
            continue
        puzzle = Icosoku(pegs=pegs.tolist(), tiles=dict(tiles))
        proof = puzzle.refutation()
        if proof is None:
            continue
        seen[proof["method"]] += 1
        face_v, order, pat, pat_type, counts, _ = _tables(puzzle.faces, tuple(sorted(puzzle.tiles.items())))
        found = search(face_v, order, pat, pat_type, counts, pegs.astype(np.int64), -1, np.zeros((1, 20), np.int64))
        assert found == 0, (dict(tiles), pegs.tolist(), proof)
    assert seen["vertex bound"] > 10 and seen["corner count"] > 10, seen
    # a set of 20 tiles with one corner dot each: every peg is 5, and a 6 is refuted by the vertex bound
    proof = Icosoku(pegs=[6, 4] + [5] * 10, tiles="111 x20").refutation()
    assert (proof["method"], proof["vertex"], proof["at_most"]) == ("vertex bound", 0, 5)


def test_sets_with_spare_tiles_are_refuted_only_by_totals_no_20_tiles_carry():
    # 10 blank tiles and 15 of 111: 20 of them carry 3 * (10..15) dots; the brute force over how many of each
    # are used gives the same totals
    by_hand = sorted({3 * ones for ones in range(0, 16) if 0 <= 20 - ones <= 10})
    assert by_hand == [30, 33, 36, 39, 42, 45]
    refuted = Icosoku(pegs=[3] * 11 + [4], tiles="000 x10, 111 x15").refutation()
    assert refuted["method"] == "dot count" and refuted["tile_dots"] == by_hand
    assert Icosoku(pegs=[3] * 12, tiles="000 x10, 111 x15").refutation() is None


def test_random_instances_include_refuted_ones_and_the_engines_agree_on_them():
    import random

    from parity.check import crosscheck
    from parity.puzzles.icosoku import random_icosoku
    from parity.puzzles.registry import family

    assert family("icosoku").random_instance is random_icosoku
    rng = random.Random(0)
    drawn = [random_icosoku(rng) for _ in range(40)]
    refuted = [p for p in drawn if p.refutation() is not None]
    assert 5 <= len(refuted) <= 25 and all(p.refutation()["method"] == "dot count" for p in refuted)
    for puzzle in refuted[:3] + [p for p in drawn if p.refutation() is None][:2]:
        report = crosscheck(puzzle)
        assert report.checked and report.agree, report.problems
        assert {a.engine for a in report.answers} >= {"sat", "cms", "search"}
