"""Sweeps: resumable after SIGKILL, identical to an uninterrupted run, on local processes and on Dask."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from parity.errors import LimitError, StoreError
from parity.sweep import Store, Sweep, run_sweep
from parity.sweep.builtin import lightsout_task, lightsout_tasks, parse_sizes
from parity.testing import run_cli

SIZES = "1..45"  # with --rectangles: 45 * 46 / 2 = 1035 tasks


def results(path, sweep="lightsout") -> dict:
    """task parameters (as JSON text) -> result, from a store file read with sqlite3 alone."""
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT params, status, result FROM tasks WHERE sweep = ?", (sweep,)).fetchall()
    assert all(status == "done" for _, status, _ in rows)
    found = {params: json.loads(result) for params, _, result in rows}
    assert len(found) == len(rows)  # one row per task
    return found


def stored(path) -> int:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as db:
            return db.execute("SELECT COUNT(*) FROM tasks").fetchone()[0]
    except sqlite3.OperationalError:  # not created yet
        return 0


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory):
    path = tmp_path_factory.mktemp("plain") / "plain.sqlite"
    with Store(path) as store:
        summary = run_sweep(Sweep("lightsout", lightsout_task, lightsout_tasks(SIZES, rectangles=True)), store,
                            workers=0)
    assert summary["done"] == 1035
    return results(path)


def test_killed_twice_with_sigkill_then_resumed(tmp_path, uninterrupted):
    path = tmp_path / "killed.sqlite"
    command = [sys.executable, "-m", "parity", "sweep", "lightsout", "--sizes", SIZES, "--rectangles",
               "--store", str(path), "--workers", "2", "--chunk-size", "3"]
    seen = []
    for threshold in (60, 400):
        run = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
        deadline = time.monotonic() + 300
        while stored(path) < threshold and run.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        os.killpg(run.pid, signal.SIGKILL)  # the command and every worker it started, at once
        run.wait()
        seen.append(stored(path))
        assert seen[-1] < 1035, "the run ended before it could be killed"
    assert seen[0] < seen[1]
    finished = subprocess.run(command + ["--json"], capture_output=True, text=True, timeout=600)
    assert finished.returncode == 0, finished.stderr
    summary = json.loads(finished.stdout)
    assert summary["skipped"] == seen[1] and summary["ran"] == 1035 - seen[1]
    assert results(path) == uninterrupted  # exactly one row per task, the same results


def test_dask_local_cluster(tmp_path):
    distributed = pytest.importorskip("distributed")
    path = tmp_path / "dask.sqlite"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        run = run_cli("sweep", "lightsout", "--sizes", "1..12", "--rectangles", "--store", path,
                      "--scheduler", cluster.scheduler_address, "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["done"] == 78
    local = tmp_path / "local.sqlite"
    with Store(local) as store:
        run_sweep(Sweep("lightsout", lightsout_task, lightsout_tasks("1..12", rectangles=True)), store, workers=0)
    assert results(path) == results(local)
    with sqlite3.connect(path) as db:  # the workers' host names were recorded
        assert db.execute("SELECT COUNT(*) FROM tasks WHERE host IS NULL OR host = ''").fetchone()[0] == 0


def flaky(params):
    if params["n"] % 3 == 0:
        raise ValueError(f"no good: {params['n']}")
    return {"n": params["n"]}


def test_failures_are_kept_and_retried_on_request(tmp_path):
    sweep = Sweep("flaky", flaky, [{"n": n} for n in range(10)])
    with Store(tmp_path / "f.sqlite") as store:
        first = run_sweep(sweep, store, workers=0)
        assert (first["done"], first["failed"]) == (6, 4)
        rows = {row["params"]["n"]: row for row in store.rows("flaky")}
        assert rows[3]["status"] == "failed" and rows[3]["error"] == "ValueError: no good: 3"
        assert run_sweep(sweep, store, workers=0)["ran"] == 0  # failures are not rerun by default
        again = run_sweep(sweep, store, workers=0, retry_failed=True)
        assert again["ran"] == 4 and again["failed"] == 4
        assert store.counts("flaky") == {"done": 6, "failed": 4}  # retried rows replaced, not duplicated


def test_show_and_export(tmp_path):
    path = tmp_path / "s.sqlite"
    assert run_cli("sweep", "lightsout", "--sizes", "4,5", "--store", path, "--workers", "0").code == 0
    shown = json.loads(run_cli("sweep", "show", path, "--json").out)
    assert [(r["params"]["n"], r["result"]["nullity"], r["result"]["count"]) for r in shown["rows"]] == \
        [(4, 4, 16), (5, 2, 4)]
    out = tmp_path / "s.csv"
    run = run_cli("sweep", "export", path, "-o", out, "--json")
    assert run.code == 0 and json.loads(run.out)["rows"] == 2
    assert out.read_text().splitlines()[0].startswith("sweep,param.field,param.kind,param.m,param.n")


def test_parquet_export(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "s.sqlite"
    run_cli("sweep", "lightsout", "--sizes", "4", "--store", path, "--workers", "0")
    assert run_cli("sweep", "export", path, "-o", tmp_path / "s.parquet").code == 0
    assert pq.read_table(tmp_path / "s.parquet").num_rows == 1


def test_user_errors_are_one_line(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("not a database, just words\n" * 100)
    cases = [
        (["sweep", "lightsout", "--sizes", "0..3", "--store", tmp_path / "a.sqlite"], "sizes must be"),
        (["sweep", "lightsout", "--sizes", "5..2", "--store", tmp_path / "a.sqlite"], "backwards"),
        (["sweep", "lightsout", "--sizes", "2", "--store", text], "not a usable SQLite file"),
        (["sweep", "lightsout", "--sizes", "2", "--store", tmp_path / "no" / "a.sqlite"], "does not exist"),
        (["sweep", "show", tmp_path / "missing.sqlite"], "does not exist"),
        (["sweep", "export", tmp_path / "missing.sqlite", "-o", tmp_path / "x.csv"], "does not exist"),
        (["sweep", "nosuch", "--store", tmp_path / "a.sqlite"], "No such command"),
    ]
    for args, message in cases:
        run = run_cli(*args)
        assert run.code == 2, (args, run.out, run.err)
        assert message in run.err and len(run.err.strip().splitlines()) == 1, (args, run.err)


def test_bad_arguments_of_the_api():
    with pytest.raises(LimitError):
        parse_sizes("a..b")
    with pytest.raises(LimitError):
        run_sweep(Sweep("x", flaky, []), None, workers=-1)


def test_a_store_of_another_schema_is_refused(tmp_path):
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute("INSERT INTO meta VALUES ('schema', '99')")
    with pytest.raises(StoreError, match="schema 99"):
        Store(path)


def test_a_foreign_sqlite_file_is_not_taken_for_a_store(tmp_path):
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE tasks (x)")
    with pytest.raises(StoreError, match="another program"):
        Store(other)
    run = run_cli("sweep", "lightsout", "--sizes", "1..3", "--workers", "0", "--store", other)
    assert run.code == 2 and run.err.count("\n") == 1 and "another program" in run.err
    with sqlite3.connect(other) as db:  # nothing of parity's was added to it
        assert {name for (name,) in db.execute("SELECT name FROM sqlite_master")} == {"tasks"}


def test_absurd_worker_counts_are_refused(tmp_path):
    for workers in ("2147483648", "99999999999999999999"):
        run = run_cli("sweep", "lightsout", "--sizes", "1..2", "--store", tmp_path / "w.db", "--workers", workers)
        assert run.code == 2 and run.err.count("\n") == 1 and "workers" in run.err
        run = run_cli("table", "lightsout", "--sizes", "1..2", "--workers", workers)
        assert run.code == 2 and run.err.count("\n") == 1 and "workers" in run.err


def test_workers_end_when_the_sweep_is_killed_alone(tmp_path):
    # SIGKILL to the sweep only (not its group): its forkserver workers must not outlive it
    store = tmp_path / "k.sqlite"
    run = subprocess.Popen([sys.executable, "-m", "parity", "sweep", "lightsout", "--sizes", "1..400", "--store",
                            str(store), "--workers", "2"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while len(_descendants(run.pid)) < 4 and time.monotonic() < deadline:  # fork server, its tracker, 2 workers
        time.sleep(0.2)
    workers = _descendants(run.pid)
    assert len(workers) >= 4, "the sweep started no workers"
    run.kill()
    run.wait()
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [pid for pid in workers if _alive(pid)]


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as handle:
            return [int(p) for p in handle.read().split()]
    except OSError:
        return []


def _descendants(pid: int) -> list[int]:
    found, todo = [], _children(pid)
    while todo:
        child = todo.pop()
        found.append(child)
        todo.extend(_children(child))
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().split(") ")[-1][0] != "Z"
    except OSError:
        return False
