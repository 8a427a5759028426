"""The Most Clicks tables' certificates: searched, re-checked, merged and kept in files.

The answers are held to a brute force that shares nothing with the search:
the toggle matrix read off the board's graph, every press vector pressed,
and each start's fewest presses the least weight among the press vectors
that make it.
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import time

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from parity.codes import embedding
from parity.errors import BoardSpecError, InvalidCertificate, OutputError
from parity.puzzles import LightsOut
from parity.puzzles.lightsout import certificates as mc
from parity.puzzles.lightsout.certificates import (SPHERE_COVERING, append_certificate, board_cells,
                                                   board_counting_bounds, board_field, board_regions,
                                                   check_certificate, check_table, decode_start, encode_start,
                                                   least_presses, load_certificates, merge_certificates,
                                                   rewrite_certificates, search_board, table_board)


def every_start_brute(n: int, kind: str) -> tuple[np.ndarray, int]:
    """Each start's fewest presses (indexed by the start's lights in node order, as a number in base p; 255 where
    no press vector clears it), every press vector pressed on the toggle matrix the board's graph gives."""
    puzzle = table_board(n, kind)
    p = board_field(kind)
    nodes = list(puzzle.nodes)
    T = (nx.to_numpy_array(puzzle.board, nodelist=nodes, dtype=np.int64) + np.eye(len(nodes), dtype=np.int64)) % p
    N = len(nodes)
    if p == 2:  # every press vector by doubling: the lights of x and of x with press j added
        columns = (T.T * (1 << np.arange(N))).sum(axis=1)
        lights, weights = np.zeros(1, dtype=np.uint32), np.zeros(1, dtype=np.uint8)
        for column in columns:
            lights = np.concatenate([lights, lights ^ np.uint32(column)])
            weights = np.concatenate([weights, weights + np.uint8(1)])
    else:
        presses = np.array(list(itertools.product(range(p), repeat=N)), dtype=np.int64)
        lights = ((-presses @ T.T) % p) @ (p ** np.arange(N))  # the start the presses clear: -T x
        weights = presses.sum(axis=1).astype(np.uint8)
    fewest = np.full(p ** N, 255, dtype=np.uint8)
    np.minimum.at(fewest, lights, weights)
    return fewest, p


def start_key(n: int, kind: str, start: np.ndarray, p: int) -> int:
    """A start in board_cells order as every_start_brute's index (its lights in node order, base p)."""
    lit = dict(zip(board_cells(n, kind), start.tolist()))
    return sum(int(lit[node]) * p ** i for i, node in enumerate(table_board(n, kind).nodes))


@pytest.mark.parametrize("n, kind", [(3, "grid"), (4, "grid"), (5, "grid"), (3, "torus"), (2, "hex"), (3, "hex"),
                                     (2, "gf3"), (3, "gf3")])
def test_the_searched_certificate_agrees_with_every_start_brute_forced(n, kind):
    fewest, p = every_start_brute(n, kind)
    most = int(fewest[fewest < 255].max())
    entry = search_board(n, seconds=120, kind=kind)
    assert entry["most_clicks"] == entry["lower"] == entry["upper"] == most
    start = decode_start(entry["worst_start"], n, kind)
    assert fewest[start_key(n, kind, start, p)] == most == least_presses(n, start, kind)
    assert check_certificate(entry, kind).worst_start
    # the counting bounds hold the brute force's answer between them
    low, high = board_counting_bounds(n, kind)
    assert low <= most <= high


def test_least_presses_agrees_with_the_brute_force_on_random_starts():
    fewest, p = every_start_brute(3, "hex")
    rng = np.random.default_rng(3)
    solvable = np.flatnonzero(fewest < 255)
    for key in rng.choice(solvable, 20, replace=False):
        lit = {node: (int(key) >> i) & 1 for i, node in enumerate(table_board(3, "hex").nodes)}
        start = np.array([lit[cell] for cell in board_cells(3, "hex")])
        assert least_presses(3, start, "hex") == fewest[key]


def test_a_start_is_written_and_read_back():
    rng = np.random.default_rng(5)
    for n, kind in [(4, "grid"), (3, "hex"), (3, "gf3"), (1, "torus")]:
        start = rng.integers(0, board_field(kind), len(board_cells(n, kind)))
        assert decode_start(encode_start(start, kind), n, kind).tolist() == start.tolist()
    with pytest.raises(ValueError):
        decode_start("1ffff", 4)  # 17 lights on a board of 16
    with pytest.raises(ValueError):
        decode_start("0123", 2, "gf3")
    with pytest.raises(BoardSpecError, match="the kinds are grid, torus, hex, gf3"):
        mc.board_spec(3, "triangle")


def test_start_cleared_by_is_the_start_the_presses_turn_into_the_target():
    puzzle = LightsOut("hex:3", target="all-on")
    rng = np.random.default_rng(8)
    x = rng.integers(0, 2, len(puzzle.nodes))
    start = puzzle.start_cleared_by(x)
    assert start == puzzle.start_cleared_by(puzzle.presses(x))
    assert set(LightsOut("hex:3", start=start, target="all-on").apply(puzzle.presses(x)).values()) == {1}
    three = LightsOut("grid:3x3", field=3)
    start = three.start_cleared_by({(1, 1): 2})
    assert start[(1, 1)] == start[(0, 1)] == 1 and start[(0, 0)] == 0  # -2 = 1 (mod 3) on the cross
    assert mc.start_cleared_by(3, np.eye(9, dtype=np.int64)[4], "gf3").tolist() == [0, 2, 0, 2, 2, 2, 0, 2, 0]


# -- tampered certificates -----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def exact_4x4():
    return search_board(4, seconds=120)


@pytest.mark.parametrize("change, words", [
    ({"lower": 8, "upper": 8, "most_clicks": 8}, "the worst start needs 7 presses, the certificate says 8"),
    ({"lower": 6, "most_clicks": None}, "the worst start needs 7 presses, the certificate says 6"),
    ({"worst_start": "495e"}, "the worst start"),  # one light changed: unsolvable, or not 7 presses
    ({"worst_start": "fffff"}, "the worst start does not stand"),  # more lights than the board has
    ({"worst_start": "xyz"}, "the worst start does not stand"),
    ({"lower": 8}, "out of order"),
    ({"most_clicks": 6}, "is not both bounds"),
    ({"nullity": 3}, "the nullity is 4, not 3"),
])
def test_a_tampered_certificate_is_refused_naming_the_board(exact_4x4, change, words):
    assert check_certificate(exact_4x4).worst_start
    with pytest.raises(InvalidCertificate, match="^grid:4x4: ") as refused:
        check_certificate({**exact_4x4, **change})
    assert words in str(refused.value)


def test_a_bound_cited_from_counting_is_worked_out_again():
    low, high = board_counting_bounds(9)
    counted = {"n": 9, "nullity": 8, "most_clicks": None, "lower": low, "upper": high, "seconds": 0.0,
               "proof": {"stopped": "not searched", "upper_by": "the parity bound", "lower_by": SPHERE_COVERING}}
    assert check_certificate(counted) == (False, False, False, True)
    with pytest.raises(InvalidCertificate, match="grid:9x9: the lower bound 30 is cited as the sphere-covering"):
        check_certificate({**counted, "lower": low + 1})
    with pytest.raises(InvalidCertificate, match="grid:9x9: the upper bound 39 is cited as the parity bound, which "
                                                 "is 40"):
        check_certificate({**counted, "upper": high - 1})
    three = {**counted, "n": 4, "nullity": 2, "lower": 0, "upper": board_counting_bounds(4, "gf3")[1],
             "proof": {"upper_by": "the averaging bound"}}
    assert check_certificate(three, "gf3") == (False, False, False, False)
    with pytest.raises(InvalidCertificate, match="grid:4x4: the upper bound"):
        check_certificate({**three, "upper": three["upper"] + 1}, "gf3")


def test_a_carried_bound_is_derived_again_and_a_wrong_proof_refused(exact_4x4):
    """The 4 x 4 board's regions embed in the 14 x 14 board's (same nullity): its bound of 123 carries down as 7."""
    mapping = embedding(board_regions(4), board_regions(14))
    source = {"n": 14, "nullity": 4, "most_clicks": 123, "lower": 123, "upper": 123, "seconds": 1.0,
              "proof": {"method": "integer program over the code's regions"}}
    carried = {**exact_4x4, "proof": {"method": "embedding of the regions", "from": "grid:14x14", "kind": "grid",
                                      "n": 14, "from_upper": 123, "embedding": [int(g) for g in mapping],
                                      "lower_from": exact_4x4["proof"]}}
    assert check_certificate(carried, source=source) == (True, True, True, False)
    with pytest.raises(InvalidCertificate, match="grid:4x4: the upper bound is carried from grid:14x14, whose "
                                                 "certificate is needed"):
        check_certificate(carried)
    with pytest.raises(InvalidCertificate, match="the bound carried from grid:14x14 was 123, its certificate says "
                                                 "124"):
        check_certificate(carried, source={**source, "upper": 124})
    with pytest.raises(InvalidCertificate, match="the bound carried from grid:14x14 is 8, not 7"):
        check_certificate({**carried, "proof": {**carried["proof"], "from_upper": 124}}, source=source)
    wrong = [1, 1, 4, 8]  # not invertible: no embedding
    with pytest.raises(InvalidCertificate, match="grid:4x4: the (embedding|bound carried)"):
        check_certificate({**carried, "proof": {**carried["proof"], "embedding": wrong}}, source=source)


def test_check_table_reads_the_source_of_a_carried_bound_from_its_table(tmp_path, exact_4x4):
    mapping = embedding(board_regions(4), board_regions(14))
    carried = {**exact_4x4, "proof": {"method": "embedding of the regions", "from": "grid:14x14", "kind": "grid",
                                      "n": 14, "from_upper": 123, "embedding": [int(g) for g in mapping],
                                      "lower_from": exact_4x4["proof"]}}
    source = {"n": 14, "nullity": 4, "most_clicks": None, "lower": 0, "upper": 123, "seconds": 1.0,
              "proof": {"stopped": "not searched", "upper_by": "the parity bound"}}
    rewrite_certificates(tmp_path / "most_clicks.jsonl", {4: carried, 14: source})
    assert check_table(tmp_path) == (1, 1, 1, 0)
    assert check_table(tmp_path, largest=5) == (1, 1, 1, 0)
    rewrite_certificates(tmp_path / "most_clicks.jsonl", {4: carried})
    with pytest.raises(InvalidCertificate, match="grid:4x4: .* whose certificate is needed"):
        check_table(tmp_path)


# -- merging ---------------------------------------------------------------------------------------------------------

@st.composite
def searches(draw):
    """Two certificates of one board whose true answer is ``value``: each exact, or bounds around it, with or without
    a start (a start shows its bound below), from a search, a walk or counting."""
    value = draw(st.integers(1, 60))

    def entry(seconds):
        if draw(st.booleans()) and draw(st.integers(0, 3)) == 0:
            return {"n": 9, "nullity": 8, "most_clicks": value, "lower": value, "upper": value, "seconds": seconds,
                    "worst_start": f"s{value}", "proof": {"method": "integer program"}}
        lower, upper = draw(st.integers(0, value)), draw(st.integers(value, 80))
        made = {"n": 9, "nullity": 8, "most_clicks": value if lower == upper else None, "lower": lower,
                "upper": upper, "seconds": seconds,
                "proof": draw(st.sampled_from([{"stopped": "time limit of 1 s", "solver": "HiGHS"},
                                               {"stopped": "not searched", "upper_by": "the parity bound",
                                                "lower_by": SPHERE_COVERING},
                                               {"stopped": "not searched by the integer program",
                                                "lower_by": "local search over the regions (far_word)"}]))}
        if draw(st.booleans()):
            made["worst_start"] = f"s{lower}"
        return made

    return value, entry(1.5), entry(2.25)


@settings(max_examples=300, deadline=None)
@given(searches())
def test_merging_never_loses_a_bound_and_an_exact_answer_wins(pair):
    value, before, now = pair
    was = json.dumps([before, now])
    merged = merge_certificates(json.loads(was)[0], json.loads(was)[1])
    assert merged["lower"] == max(before["lower"], now["lower"])  # the bound below never falls
    assert merged["upper"] == min(before["upper"], now["upper"])  # the bound above never rises
    assert merged["lower"] <= value <= merged["upper"]
    if before["most_clicks"] is not None or now["most_clicks"] is not None or merged["lower"] == merged["upper"]:
        assert merged["most_clicks"] == value  # exact wins
    else:
        assert merged["most_clicks"] is None
    assert merged.get("worst_start", f"s{merged['lower']}") == f"s{merged['lower']}"  # a start shows the bound kept
    assert merged["seconds"] == 3.75


# -- files -----------------------------------------------------------------------------------------------------------

def test_a_line_cut_short_is_left_out_and_written_over(tmp_path):
    path = tmp_path / "most_clicks.jsonl"
    append_certificate(path, {"n": 4, "lower": 7})
    with open(path, "a") as handle:
        handle.write('{"n": 5, "lower": 1')  # a run stopped as it wrote the line
    assert load_certificates(path) == {4: {"n": 4, "lower": 7}}
    append_certificate(path, {"n": 5, "lower": 15})
    assert path.read_text() == '{"n": 4, "lower": 7}\n{"n": 5, "lower": 15}\n'
    path.write_text('{"n": 4, "lower": 7}\n{"n": 5, "lo\n{"n": 6, "lower": 1}\n')  # a broken line inside
    with pytest.raises(InvalidCertificate, match="most_clicks.jsonl, line 2: not JSON"):
        load_certificates(path)
    path.write_text('{"lower": 7}\n')
    with pytest.raises(InvalidCertificate, match="line 1: no 'n'"):
        load_certificates(path)
    path.write_bytes(b"\x1f\x8b\x08")
    with pytest.raises(InvalidCertificate, match="cannot read certificate file"):
        load_certificates(path)
    assert load_certificates(tmp_path / "absent.jsonl") == {}
    with pytest.raises(OutputError, match="cannot write certificate file"):
        append_certificate(tmp_path / "no" / "such.jsonl", {"n": 1})


def test_an_interrupted_rewrite_leaves_the_old_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "most_clicks.jsonl"
    old = {n: {"n": n, "lower": n} for n in range(1, 5)}
    rewrite_certificates(path, old)
    before = path.read_bytes()

    def interrupted(*args):
        raise KeyboardInterrupt

    for step in ("fsync", "replace"):  # stopped after the new file is written, before it is moved into place
        with monkeypatch.context() as patched:
            patched.setattr(mc.os, step, interrupted)
            with pytest.raises(KeyboardInterrupt):
                rewrite_certificates(path, {**old, 9: {"n": 9, "lower": 0}})
        assert path.read_bytes() == before
    with monkeypatch.context() as patched:  # a full disk: refused, the old file whole and nothing left beside it
        patched.setattr(mc.os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(28, "No space left on device")))
        with pytest.raises(OutputError, match="cannot write .*most_clicks.jsonl"):
            rewrite_certificates(path, {**old, 9: {"n": 9, "lower": 0}})
    assert path.read_bytes() == before and sorted(os.listdir(tmp_path)) == ["most_clicks.jsonl"]
    rewrite_certificates(path, {**old, 9: {"n": 9, "lower": 0}})  # an earlier run's part is written over
    assert load_certificates(path) == {**old, 9: {"n": 9, "lower": 0}}


def test_a_killed_rewrite_leaves_one_whole_file(tmp_path):
    """A process killed while it rewrites a table again and again: the file is always one of its versions, whole."""
    path = tmp_path / "most_clicks.jsonl"
    versions = [{n: {"n": n, "worst_start": "f" * 4000, "lower": version} for n in range(1, 200)}
                for version in (0, 1)]
    rewrite_certificates(path, versions[0])
    child = subprocess.Popen([sys.executable, "-c", f"""
from parity.puzzles.lightsout.certificates import rewrite_certificates
versions = [{{n: {{"n": n, "worst_start": "f" * 4000, "lower": version}} for n in range(1, 200)}}
            for version in (0, 1)]
print("ready", flush=True)
for i in range(10 ** 6):
    rewrite_certificates({str(path)!r}, versions[i % 2])
"""], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready"
        for _ in range(5):
            time.sleep(0.05)
            assert load_certificates(path) in versions
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert load_certificates(path) in versions


def test_write_tables_shows_the_bounds_and_how_they_were_found(tmp_path):
    low, high = board_counting_bounds(9)
    entries = {9: {"n": 9, "nullity": 8, "most_clicks": None, "lower": low, "upper": high, "seconds": 0.0,
                   "proof": {"stopped": "not searched", "upper_by": "the parity bound",
                             "lower_by": SPHERE_COVERING}},
               4: {"n": 4, "nullity": 4, "most_clicks": 7, "lower": 7, "upper": 7, "seconds": 0.0,
                   "worst_start": "495f", "proof": {}}}
    mc.write_tables(tmp_path, entries, 9)
    rows = (tmp_path / "most_clicks.txt").read_text().splitlines()
    assert rows[9] == "   9    8        29..40  the parity bound above; not searched; the sphere-covering bound below"
    assert (tmp_path / "most_clicks.bfile").read_text().splitlines() == ["1 1", "2 4", "3 9", "4 7"]
    mc.write_tables(tmp_path, {}, 3, "hex")
    assert (tmp_path / "most_clicks_hex.txt").read_text().splitlines()[2].split() == ["2", "2", "?", "not",
                                                                                      "searched"]
