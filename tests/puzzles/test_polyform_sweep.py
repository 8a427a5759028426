"""The polyform sweeps: one count cut into pieces adds up to the count uncut (random packings, catalogue puzzles,
local workers, Dask, a run killed and resumed), and the catalogue sweep agrees with the published counts, with
Knuth's estimate past its budget."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parity as pt
from parity.puzzles.polyomino import FAMILY, random_packing
from parity.puzzles.polyomino.orbits import count_orbits
from parity.puzzles.polyomino.sweep import (CATALOGUE_SWEEP, SPLIT_SWEEP, add_parts, catalogue_row, count_piece,
                                            pieces, split_result, split_task, split_tasks)
from parity.sweep.polyform import _solved_once, catalogue_check, catalogue_task
from parity.sweep import Store, Sweep, run_sweep
from parity.sweep.builtin import lightsout_task
from parity.sweep.table import format_table
from parity.testing import run_cli


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 2))
def test_the_pieces_add_up_to_the_count_uncut(seed, depth):
    puzzle = random_packing(random.Random(seed))
    cut = pieces(puzzle, depth, plain=True)
    assert sum(count_piece(puzzle, rep, path, plain=True)["count"] for rep, path in cut) == pt.count(puzzle)
    orbits = count_orbits(puzzle) if puzzle.copies == "once" else None
    if orbits is None:
        return
    cut = pieces(puzzle, depth)
    parts = [count_piece(puzzle, rep, path) for rep, path in cut]
    total = add_parts([{"puzzle": None, "plain": False}] * len(parts), parts)
    assert (total["count_up_to_symmetry"], total["count_up_to_rotation"], total["count"]) == \
        (orbits["count_up_to_symmetry"], orbits["count_up_to_rotation"], orbits["count"])


@pytest.mark.parametrize("name, depth", [("tetrahexes-coin", 1), ("soma-3x3x3", 1), ("pentominoes-3x20", 1),
                                         ("tetracubes-2x2x8", 0)])
def test_catalogue_puzzles_split_in_this_process(name, depth):
    tasks = split_tasks(name, depth)
    total = add_parts(tasks, [split_task(t) for t in tasks])
    orbits = count_orbits(pt.Polyomino(**_options(name)))
    assert (total["count_up_to_symmetry"], total["count_up_to_rotation"], total["count"]) == \
        (orbits["count_up_to_symmetry"], orbits["count_up_to_rotation"], orbits["count"])
    assert total["exact"] and total["complete"]


def _options(name: str) -> dict:
    from parity.puzzles.polyomino import catalogue_entry

    entry = catalogue_entry(name)
    return {"pieces": entry["pieces"], "board": entry["board"]}


@pytest.mark.slow
def test_two_local_workers_and_the_summary(tmp_path):
    path = tmp_path / "split.sqlite"
    run = run_cli("sweep", "polyform-split", "--puzzle", "pentominoes-3x20", "--store", path, "--workers", "2",
                  "--json")
    assert run.code == 0, run.err
    payload = json.loads(run.out)
    assert payload["failed"] == 0 and payload["result"]["count_up_to_symmetry"] == 2
    summary = json.loads(run_cli("sweep", "polyform-split", "--puzzle", "pentominoes-3x20", "--store", path,
                                 "--summary", "--json").out)["result"]
    assert (summary["count_up_to_symmetry"], summary["count"], summary["exact"], summary["engine"]) == \
        (2, 8, True, "pack")
    plain = run_cli("sweep", "polyform-split", "--puzzle", "pentominoes-3x20", "--plain", "--store", path,
                    "--workers", "2", "--json")
    assert json.loads(plain.out)["result"]["count"] == 8


def test_the_catalogue_counted_by_a_named_engine(tmp_path):
    # an engine that only counts (memo, the frontier count) counts up to symmetry by Burnside's lemma: the
    # identity's packings and each symmetry's quotient; the coin's lead placements include symmetric ones, whose
    # packings the pruned count would list
    row = catalogue_task({"puzzle": "tetrahexes-coin", "budget": 60, "engine": "memo"})
    assert (row["count"], row["agrees"], row["engine"]) == (4, True, "memo")
    counted = pt.count_result(FAMILY.build(puzzle="polyhexes-1234-knobbed-hexagon-1"), "memo", up_to_symmetry=True)
    assert counted.stats["symmetry_method"] == "burnside-counting" and counted.count == 106098
    assert (counted.stats["count_up_to_symmetry"], counted.stats["count_up_to_rotation"]) == (17683, 35366)
    run = run_cli("sweep", "polyform-catalogue", "--puzzles", "tetrahexes-coin", "--engine", "gf2", "--store",
                  tmp_path / "c.sqlite")
    assert run.code == 2 and "does not count cover problems" in run.err
    run = run_cli("sweep", "polyform-catalogue", "--puzzles", "tetrahexes-coin", "--engine", "nope", "--store",
                  tmp_path / "c.sqlite")
    assert run.code == 2 and "unknown engine" in run.err and len(run.err.strip().splitlines()) == 1


def test_a_split_store_is_checked_again_by_another_engine(tmp_path):
    # the pieces counted again by dancing links; a tampered count and a piece of no cut are both caught (exit 1)
    path = tmp_path / "split.sqlite"
    run = run_cli("sweep", "polyform-split", "--puzzle", "tetrahexes-coin", "--store", path, "--workers", "0")
    assert run.code == 0, run.err
    checked = run_cli("sweep", "check", path)
    assert checked.code == 0 and "every one holds" in checked.out
    with sqlite3.connect(path) as db:
        rowid, result = db.execute("SELECT rowid, result FROM tasks WHERE result LIKE ? LIMIT 1",
                                   ('%"covers": 1%',)).fetchone()
        wrong = json.loads(result)
        wrong["covers"] = 2
        db.execute("UPDATE tasks SET result = ? WHERE rowid = ?", (json.dumps(wrong), rowid))
    checked = run_cli("sweep", "check", path)
    assert checked.code == 1 and "counted again by dlx" in checked.out + checked.err


def test_a_split_up_to_symmetry_refused_where_no_piece_is_fixed(tmp_path):
    run = run_cli("sweep", "polyform-split", "--puzzle", "pentominoes-triangle", "--store", tmp_path / "s.sqlite")
    assert run.code == 2 and "give --plain" in run.err


@pytest.mark.slow
def test_dask_local_cluster(tmp_path):
    distributed = pytest.importorskip("distributed")
    path = tmp_path / "dask.sqlite"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        run = run_cli("sweep", "polyform-split", "--puzzle", "tetrahexes-coin", "--store", path,
                      "--scheduler", cluster.scheduler_address, "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["result"]["count_up_to_symmetry"] == 4


@pytest.mark.slow
def test_the_catalogue_on_dask_workers_that_may_start_children(tmp_path):
    dask = pytest.importorskip("dask")
    distributed = pytest.importorskip("distributed")
    tasks = [{"puzzle": "tetrahexes-coin", "budget": 30.0}, {"puzzle": "pentominoes-6x10", "budget": 0.2,
                                                              "estimate_seconds": 1.0}]
    for daemon in (True, False):
        with dask.config.set({"distributed.worker.daemon": daemon}):
            with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                          dashboard_address=None) as cluster:
                with Store(tmp_path / f"{daemon}.sqlite") as store:
                    run_sweep(Sweep(CATALOGUE_SWEEP, catalogue_task, tasks), store, scheduler=cluster.scheduler_address)
                    rows = {row["params"]["puzzle"]: row for row in store.rows(CATALOGUE_SWEEP)}
        if daemon:  # refused in one line that says what to do
            assert {row["status"] for row in rows.values()} == {"failed"}
            assert "DASK_DISTRIBUTED__WORKER__DAEMON=False" in rows["tetrahexes-coin"]["error"]
        else:
            assert rows["tetrahexes-coin"]["result"]["count"] == 4
            assert rows["pentominoes-6x10"]["result"]["exact"] is False


def _stored(path) -> int:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as db:
            return db.execute("SELECT COUNT(*) FROM tasks").fetchone()[0]
    except sqlite3.OperationalError:
        return 0


@pytest.mark.slow
def test_killed_then_resumed(tmp_path):
    path = tmp_path / "killed.sqlite"
    command = [sys.executable, "-m", "parity", "sweep", "polyform-split", "--puzzle", "pentominoes-3x20", "--depth",
               "2", "--store", str(path), "--workers", "1", "--chunk-size", "2"]
    total = len(split_tasks("pentominoes-3x20", 2))
    run = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 120
    while _stored(path) < 20 and run.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    os.killpg(run.pid, signal.SIGKILL)
    run.wait()
    seen = _stored(path)
    assert 0 < seen < total, "the run ended before it could be killed"
    with Store(path) as store:
        assert split_result(store, "pentominoes-3x20", 2)[0]["complete"] is False
    finished = subprocess.run(command + ["--json"], capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr
    payload = json.loads(finished.stdout)
    assert payload["skipped"] == seen and payload["ran"] == total - seen
    assert payload["result"]["count_up_to_symmetry"] == 2 and payload["result"]["count"] == 8


def test_the_catalogue_agrees_with_the_published_counts(tmp_path):
    names = ["tetrahexes-coin", "pentominoes-3x20", "soma-3x3x3", "tetracubes-2x2x8"]
    with Store(tmp_path / "c.sqlite") as store:
        run_sweep(Sweep(CATALOGUE_SWEEP, catalogue_task, [{"puzzle": n, "budget": 60.0} for n in names]), store,
                  workers=0)
        rows = [catalogue_row(row) for row in store.rows(CATALOGUE_SWEEP)]
    assert sorted((r["name"], r["count"], r["agreement"]) for r in rows) == \
        [("pentominoes-3x20", 2, "yes"), ("soma-3x3x3", 240, "yes"), ("tetracubes-2x2x8", 224, "yes"),
         ("tetrahexes-coin", 4, "yes")]
    text = format_table(rows, "text", "count", ("count", "published", "agreement", "engine", "seconds", "estimate"),
                        (), ("name",))
    assert text.splitlines()[0].split() == ["name", "count", "published", "agreement", "engine", "seconds",
                                            "estimate"]


def test_each_puzzle_is_solved_once_and_the_store_re_checks_it(tmp_path):
    store_path = tmp_path / "c.sqlite"
    names = ["tetrahexes-coin", "pentominoes-3x20"]
    with Store(store_path) as store:
        run_sweep(Sweep(CATALOGUE_SWEEP, catalogue_task, [{"puzzle": n, "budget": 60.0} for n in names]), store,
                  workers=0)
        run_sweep(Sweep("lightsout", lightsout_task, [{"kind": "grid", "m": 3, "n": 3, "rule": "closed",
                                                                  "field": 2}]), store, workers=0)
        rows = {row["params"].get("puzzle"): row for row in store.rows(CATALOGUE_SWEEP)}
    for name, row in rows.items():
        # the stored packing is one the puzzle's checker passes, checked here without the sweep's code
        puzzle = FAMILY.build(puzzle=name)
        packing = {piece: [tuple(cell) for cell in cells] for piece, cells in row["result"]["solution"].items()}
        puzzle.verify(packing)
        assert sorted(c for cells in packing.values() for c in cells) == sorted(puzzle.cells)
        assert row["result"]["solved"] is True and catalogue_row(row)["solved"] == "yes"
    run = run_cli("sweep", "check", store_path)
    assert run.code == 0 and run.out.strip() == (f"{store_path}: 2 rows of polyform-catalogue re-checked; 1 rows "
                                                 "of lightsout have no check: every one holds"), run.out
    # a packing changed in the store (two pieces swapped: each placed as the other's shape) is caught
    with sqlite3.connect(store_path) as db:
        key, result = db.execute("SELECT key, result FROM tasks WHERE sweep = ? AND params LIKE ?",
                                 (CATALOGUE_SWEEP, "%pentominoes-3x20%")).fetchone()
        result = json.loads(result)
        placed = result["solution"]
        placed["X"], placed["I"] = placed["I"], placed["X"]
        db.execute("UPDATE tasks SET result = ? WHERE key = ?", (json.dumps(result), key))
    run = run_cli("sweep", "check", store_path, "--json")
    payload = json.loads(run.out)
    assert run.code == 1 and payload["valid"] is False and len(payload["problems"]) == 1
    assert payload["problems"][0].startswith("pentominoes-3x20: the stored packing is wrong: piece ")
    run = run_cli("sweep", "check", store_path, "--sweep", "no-such")
    assert run.code == 2 and "unknown sweep 'no-such'" in run.err
    run = run_cli("sweep", "check", tmp_path / "missing.sqlite")
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1 and "does not exist" in run.err, run.err


def test_a_board_no_packing_fills_is_proved_so_and_counted_zero():
    # the I and L trominoes never tile 3 x 2: one row would hold the I, the L would have to be straight
    puzzle = FAMILY.build(board_spec="rect:3x2", pieces="trominoes")
    found = _solved_once(puzzle, 30.0)
    assert found["solved"] is False and found["solution"] is None and pt.count(puzzle) == 0
    row = {"params": {"puzzle": "tetrahexes-coin"}, "status": "done",
           "result": {"published": 4, "count": 4, "agrees": True, "solved": False, "solution": None}}
    assert catalogue_check(row) == ["tetrahexes-coin: the engine proved no packing exists, yet the count is 4"]
    row["result"].update(solved=True, count=5)
    assert catalogue_check(row) == ["tetrahexes-coin: the count 5 and the published 4 are stored as agreeing",
                                    "tetrahexes-coin: marked solved, but no packing is stored"]


def test_the_catalogue_tasks():
    from parity.puzzles.polyomino import catalogue_entry
    from parity.puzzles.polyomino.sweep import catalogue_tasks

    every = {t["puzzle"] for t in catalogue_tasks()}
    published = {t["puzzle"] for t in catalogue_tasks(published_only=True)}
    quick = {t["puzzle"] for t in catalogue_tasks(published_only=True, quick=True)}
    assert quick < published < every and "pentominoes-6x10" in quick
    assert all(catalogue_entry(name)["count"] is not None and not catalogue_entry(name).get("slow") for name in quick)
    assert {t["budget"] for t in catalogue_tasks("hexes", budget=5)} == {5.0}


def test_a_task_past_its_budget_gives_an_estimate():
    # a fixed number of probes, so that the estimate is the same however loaded the machine (probing for a time
    # made few probes on a busy one, and none of them reached a packing)
    row = catalogue_task({"puzzle": "pentominoes-6x10", "budget": 0.05, "estimate_seconds": 2.0,
                          "estimate_probes": 5000})
    assert row["exact"] is False and row["count"] is None and row["agrees"] is None
    guess = row["estimate"]
    assert guess["nodes"] > 1 and guess["probes"] == 5000 and guess["exact"] is False
    # the packings with the X at one of its representative placements: 2339 up to symmetry
    assert abs(guess["solutions"] - 2339) <= 5 * guess["solutions_error"] + 1
    shown = catalogue_row({"params": {"puzzle": "pentominoes-6x10"}, "status": "done", "seconds": 2.1,
                           "result": row})
    assert shown["count"] is None and shown["estimate"].startswith("~")


@pytest.mark.parametrize("args, said", [
    (("polyform-split", "--puzzle", "tetrahexes-coin", "--depth", "99"), "--depth must be a whole number from 0 to 8"),
    (("polyform-split", "--puzzle", "tetrahexes-coin", "--depth", "x"), "'x' is not a valid integer"),
    (("polyform-split", "--puzzle", "no-such"), "unknown puzzle 'no-such'"),
    (("polyform-catalogue", "--budget", "-1"), "--budget must be a positive number of seconds"),
    (("polyform-catalogue", "--budget", "x"), "'x' is not a valid float"),
    (("polyform-catalogue", "--family", "ominos"), "unknown family 'ominos'"),
])
def test_nonsense_options_are_refused_in_one_line(args, said, tmp_path):
    from parity.testing import run_cli

    run = run_cli("sweep", *args, "--store", tmp_path / "s.sqlite")
    assert run.code == 2 and said in run.err and len(run.err.strip().splitlines()) == 1, run.err


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=30, deadline=None)
def test_the_lead_pieces_representatives_are_the_first_of_each_orbit(seed):
    # the array route of lead_piece against the orbit of each placement walked one symmetry at a time
    from parity.puzzles.polyomino import random_packing
    from parity.puzzles.polyomino.orbits import _representatives, lead_piece

    puzzle = random_packing(random.Random(seed))
    lead = lead_piece(puzzle)
    if lead is None:
        return
    sym, _, _, keys, image, _ = lead
    names, placements = list(puzzle.pieces), puzzle.placements()
    for k in range(len(names)):
        if not (sym.coupled[:, k] == k).all():
            continue
        numbers = [i for i, (name, _) in enumerate(placements) if names.index(name) == k]
        seen, expected = set(), []
        for i in numbers:
            if keys[i] not in seen:
                expected.append(i)
                seen.update(image(g, keys[i]) for g in range(len(sym.perms)))
        assert _representatives(sym.perms, numbers, keys, image) == expected


def test_a_split_counts_its_pieces_by_the_engine_named(tmp_path):
    # the same puzzle split with its pieces counted by dlx and by the default (pack): the same sums, the published
    # count, and each store re-checked by the other engine
    totals = {}
    for engine in (None, "dlx"):
        store = tmp_path / f"{engine}.sqlite"
        run = pt.testing.run_cli("sweep", "polyform-split", "--puzzle", "tetrahexes-coin", "--depth", "1", "--store",
                                 str(store), "--workers", "0", *(["--engine", engine] if engine else []), "--json")
        assert run.code == 0, run.err
        result = json.loads(run.out)["result"]
        assert result["complete"] and result["engine"] == (engine or "pack")
        totals[engine] = (result["count_up_to_symmetry"], result["count_up_to_rotation"], result["count"])
        check = pt.testing.run_cli("sweep", "check", str(store))
        assert check.code == 0 and "every one holds" in check.out + check.err
    assert totals[None] == totals["dlx"] == (4, 8, 16)
    refused = pt.testing.run_cli("sweep", "polyform-split", "--puzzle", "tetrahexes-coin", "--store",
                                 str(tmp_path / "x.sqlite"), "--engine", "gf2")
    assert refused.code == 2 and "does not count cover problems" in refused.err
