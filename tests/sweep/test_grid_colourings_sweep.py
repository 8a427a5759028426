"""OEIS A068253 as a resumable sweep: each count cut by its primes into tasks, joined by the Chinese remainder
theorem; checked against the one-piece count, the published terms, a run resumed from a store that holds part of
the work, a run killed part way, and a Dask LocalCluster."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from parity.counting.heights import grid_colourings
from parity.data.oeis import A068253
from parity.puzzles.colourings_sweep import COLOURINGS_SWEEP, colouring_result, colouring_tasks
from parity.sweep import Store
from parity.testing import run_cli


def terms(payload: dict) -> dict[int, int]:
    return {row["n"]: row["sweep"] for row in payload["result"]["terms"] if row["complete"] and row["agree"]}


def test_the_split_count_is_the_one_piece_count_and_the_published_term(tmp_path):
    run = run_cli("sweep", "grid-colourings", "--sizes", "2..11", "--per-part", "1", "--store", tmp_path / "a.sqlite",
                  "--workers", "2", "--json")
    assert run.code == 0, run.err
    payload = json.loads(run.out)
    assert payload["result"]["complete"] and payload["result"]["agree"]
    for n, term in terms(payload).items():
        assert term == A068253[n - 1] == grid_colourings(n, n) // 3
    assert sorted(terms(payload)) == list(range(2, 12))
    assert all(len(task["primes"]) == 1 for task in colouring_tasks("2..11", per_part=1))


def test_a_larger_run_takes_up_what_the_store_holds(tmp_path):
    path = tmp_path / "b.sqlite"
    first = run_cli("sweep", "grid-colourings", "--sizes", "2..8", "--per-part", "1", "--store", path, "--workers",
                    "0", "--json")
    assert first.code == 0, first.err
    again = run_cli("sweep", "grid-colourings", "--sizes", "2..10", "--per-part", "1", "--store", path, "--workers",
                    "0", "--json")
    payload = json.loads(again.out)
    assert payload["skipped"] == len(colouring_tasks("2..8", per_part=1))
    assert terms(payload) == {n: A068253[n - 1] for n in range(2, 11)}
    check = run_cli("sweep", "check", path, "--json")
    assert check.code == 0 and json.loads(check.out)["valid"]


def test_a_tampered_residue_is_caught(tmp_path):
    """The re-check counts the small boards again by the frontier program; the join compares the two routes."""
    path = tmp_path / "c.sqlite"
    assert run_cli("sweep", "grid-colourings", "--sizes", "5..9", "--per-part", "1", "--store", path,
                   "--workers", "0").code == 0
    with sqlite3.connect(path) as db:
        for rowid, params, result in db.execute("SELECT rowid, params, result FROM tasks").fetchall():
            params, result = json.loads(params), json.loads(result)
            if (params["n"], params["route"]) in ((5, "sweep"), (9, "halves")):
                result["residues"][0] = (result["residues"][0] + 1) % params["primes"][0]
                db.execute("UPDATE tasks SET result = ? WHERE rowid = ?", (json.dumps(result), rowid))
    check = run_cli("sweep", "check", path)
    assert check.code == 1 and "n = 5 (sweep)" in check.out
    with Store(path) as store:
        summary, text = colouring_result(store, "5..9", per_part=1)
    assert not summary["agree"] and "a(9) = ?: DISAGREE" in text


def _stored(path) -> int:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as db:
            return db.execute("SELECT COUNT(*) FROM tasks WHERE status = 'done'").fetchone()[0]
    except sqlite3.OperationalError:
        return 0


def test_killed_then_resumed_on_a_local_cluster(tmp_path):
    """A run on a Dask LocalCluster killed (SIGKILL) part way, then run again: the same terms as one run."""
    distributed = pytest.importorskip("distributed")
    path = tmp_path / "killed.sqlite"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        command = [sys.executable, "-m", "parity", "sweep", "grid-colourings", "--sizes", "2..16", "--per-part", "1",
                   "--store", str(path), "--scheduler", cluster.scheduler_address, "--chunk-size", "1"]
        total = len(colouring_tasks("2..16", per_part=1))
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   start_new_session=True)
        deadline = time.monotonic() + 240
        while _stored(path) < total // 3 and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        kept = _stored(path)
        run = run_cli("sweep", "grid-colourings", "--sizes", "2..16", "--per-part", "1", "--store", path,
                      "--scheduler", cluster.scheduler_address, "--json")
    assert run.code == 0, run.err
    payload = json.loads(run.out)
    assert payload["skipped"] == kept and payload["result"]["complete"] and payload["result"]["agree"]
    whole = {n: grid_colourings(n, n) // 3 for n in range(2, 17)}
    assert terms(payload) == whole
    assert all(whole[n] == A068253[n - 1] for n in range(2, 15))
