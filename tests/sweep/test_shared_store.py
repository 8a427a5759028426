"""Several runs on one sweep store: each task is claimed before it runs, so it runs once among them all; the claims of
a run that died are taken over; an old store gains the claims table and is read as before."""

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from collections import deque

import pytest

import parity as pt
from parity.errors import LimitError
from parity.sweep import Store, Sweep, run_sweep
from parity.sweep.builtin import square
from parity.testing import run_cli

#: a runner of the sweep "pids" (tasks n = 0..N-1): each task logs "n pid" to a file and returns n * n and its pid
RUNNER = textwrap.dedent('''
    import json, os, sqlite3, sys, time
    from parity.sweep import Store, Sweep, run_sweep

    STORE, LOG = sys.argv[1], sys.argv[2]
    TASKS, WORKERS, BLOCK, PARTNER = map(int, sys.argv[3:])


    def task(params):
        if params["n"] == BLOCK:  # a task that never ends: its runner is killed while it holds the claim
            while True:
                time.sleep(1)
        # with a partner, each runner's first tasks wait (at most a minute) until a second runner holds claims or a
        # task is done, so that two runners started together overlap however the machine schedules them
        deadline = time.monotonic() + 60
        while PARTNER and time.monotonic() < deadline:
            with sqlite3.connect(STORE, timeout=30) as db:
                runners = db.execute("SELECT COUNT(DISTINCT runner) FROM claims").fetchone()[0]
                finished = db.execute("SELECT COUNT(*) FROM tasks").fetchone()[0]
            if runners >= 2 or finished:
                break
            time.sleep(0.01)
        with open(LOG, "a") as log:
            log.write(f"{params['n']} {os.getpid()}\\n")
        return {"square": params["n"] ** 2, "pid": os.getpid()}


    if __name__ == "__main__":
        with Store(STORE) as store:
            summary = run_sweep(Sweep("pids", task, [{"n": n} for n in range(TASKS)]), store, workers=WORKERS,
                                chunk_size=3)
        print(json.dumps(summary))
''')


def _environment() -> dict:
    root = os.path.dirname(os.path.dirname(os.path.abspath(pt.__file__)))
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}


def start_runner(tmp_path, tasks: int, workers: int = 0, block: int = -1, partner: bool = False) -> subprocess.Popen:
    script = tmp_path / "runner.py"
    script.write_text(RUNNER)
    return subprocess.Popen([sys.executable, str(script), str(tmp_path / "s.sqlite"), str(tmp_path / "log.txt"),
                             str(tasks), str(workers), str(block), str(int(partner))], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=tmp_path, env=_environment())


def executions(tmp_path) -> list[tuple[int, int]]:
    """(n, pid) of every task that ran, from the runners' own log."""
    return [tuple(map(int, line.split())) for line in (tmp_path / "log.txt").read_text().splitlines()]


def stored(path, sweep="pids") -> dict[int, dict]:
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT params, status, result FROM tasks WHERE sweep = ?", (sweep,)).fetchall()
        assert db.execute("SELECT COUNT(*) FROM claims").fetchone()[0] == 0  # every claim released
    assert all(status == "done" for _, status, _ in rows)
    return {json.loads(params)["n"]: json.loads(result) for params, _, result in rows}


@pytest.mark.parametrize("workers", [0, 2])
def test_two_runners_on_one_store_run_every_task_once(tmp_path, workers):
    tasks = 60
    runners = [start_runner(tmp_path, tasks, workers, partner=True) for _ in range(2)]
    summaries = []
    for runner in runners:
        out, err = runner.communicate(timeout=600)
        assert runner.returncode == 0, err
        summaries.append(json.loads(out))
    ran = executions(tmp_path)
    assert sorted(n for n, _ in ran) == list(range(tasks))  # every task ran, and only once
    results = stored(tmp_path / "s.sqlite")
    assert results == {n: {"square": n * n, "pid": pid} for n, pid in ran}  # the store holds what each run made
    assert all(s["ran"] > 0 for s in summaries)  # both runners took tasks
    assert sum(s["ran"] for s in summaries) == tasks
    for s in summaries:  # each saw every task: skipped at the start, run itself, or finished by the other
        assert s["skipped"] + s["ran"] + s["elsewhere"] == tasks and s["taken_over"] == 0 and not s["stopped"]
    if workers == 0:  # each task ran in its runner's own process
        assert {pid for _, pid in ran} == {r.pid for r in runners}


def test_the_claims_of_a_killed_runner_are_taken_over(tmp_path):
    path = tmp_path / "s.sqlite"
    runner = start_runner(tmp_path, 12, block=4)  # chunks of 3: 0-2 are stored, 3-5 claimed, 4 never ends
    try:
        deadline = time.monotonic() + 300
        held = []
        while time.monotonic() < deadline and runner.poll() is None:
            with Store(path) as store:
                held = store.claims("pids")
                done = store.counts("pids")["done"]
            if done == 3 and [c["params"]["n"] for c in held] == [3, 4, 5]:
                break
            time.sleep(0.02)
        assert runner.poll() is None, runner.communicate()
        assert {(c["pid"], c["host"]) for c in held} == {(runner.pid, socket.gethostname())}
        runner.send_signal(signal.SIGKILL)
        runner.wait()
    finally:
        if runner.poll() is None:
            runner.kill()
            runner.wait()
    with Store(path) as store:
        assert len(store.claims("pids")) == 3  # left behind by the dead run
        summary = run_sweep(Sweep("pids", square, [{"n": n} for n in range(12)]), store, workers=0)
    assert (summary["skipped"], summary["ran"], summary["taken_over"]) == (3, 9, 3)
    ran_before = executions(tmp_path)
    assert sorted(n for n, _ in ran_before) == [0, 1, 2, 3]  # 3 ran but its chunk was never stored: it ran again
    results = stored(path)
    assert sorted(results) == list(range(12))
    assert all(result["square"] == n * n for n, result in results.items())


def test_a_live_claim_is_left_alone_and_a_stale_one_taken(tmp_path):
    path = tmp_path / "s.sqlite"
    sweep = Sweep("squares", square, [{"n": n} for n in range(4)])
    with Store(path) as store:
        claimed, _, _ = store.claim("squares", deque([{"n": 2}]), "elsewhere-run", limit=1)
        assert claimed == [{"n": 2}]
    with sqlite3.connect(path) as db:  # the claim of a run on another machine, renewed a moment ago
        db.execute("UPDATE claims SET host = 'another-host', pid = 1")
    summary = {}

    def run() -> None:
        with Store(path) as mine:
            summary.update(run_sweep(sweep, mine, workers=0, chunk_size=1))

    runner = threading.Thread(target=run, daemon=True)
    runner.start()
    with Store(path) as store:
        deadline = time.monotonic() + 120
        while store.counts("squares")["done"] < 3 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert sorted(row["params"]["n"] for row in store.rows("squares")) == [0, 1, 3]
        assert runner.is_alive()  # the other run's task is not taken: this run waits for it
        store.record("squares", {"n": 2}, {"status": "done", "result": {"square": 4}})  # the other run ends it
        runner.join(timeout=120)
        assert not runner.is_alive()
        assert (summary["ran"], summary["elsewhere"], summary["taken_over"]) == (3, 1, 0)
        assert store.claims() == []
        store.claim("squares", deque([{"n": 5}]), "elsewhere-run", limit=1)
        with sqlite3.connect(path) as db:  # not renewed for longer than the lease: the other run is gone
            db.execute("UPDATE claims SET host = 'another-host', pid = 1, claimed = claimed - 1000")
        summary = run_sweep(Sweep("squares", square, [{"n": n} for n in range(6)]), store, workers=0, lease=600)
        assert (summary["ran"], summary["taken_over"]) == (2, 1) and store.claims() == []
        assert sorted(row["result"]["square"] for row in store.rows("squares")) == [0, 1, 4, 9, 16, 25]


def test_a_claim_of_a_finished_task_or_a_task_failed_this_round(tmp_path):
    with Store(tmp_path / "s.sqlite") as store:
        store.record("s", {"n": 1}, {"status": "done", "result": {}})
        store.record("s", {"n": 2}, {"status": "failed", "error": "no"})
        failed_at = next(row["finished"] for row in store.rows("s") if row["status"] == "failed")
        pending = deque([{"n": 1}, {"n": 2}, {"n": 3}])
        assert store.claim("s", pending, "a", limit=5) == ([{"n": 3}], 2, 0)  # failed counts as finished
        store.release("a")
        # retrying failed tasks: one that failed before this round began is run again, one that failed in it is not
        pending = deque([{"n": 2}])
        assert store.claim("s", pending, "b", limit=5, retry_since=failed_at + 1)[0] == [{"n": 2}]
        store.release("b")
        assert store.claim("s", deque([{"n": 2}]), "c", limit=5, retry_since=failed_at)[:2] == ([], 1)
        assert store.claims() == []


def test_a_store_written_before_claims_is_migrated_in_place(tmp_path):
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as db:  # the schema as parity wrote it before claims, with one finished task
        db.executescript("""
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            INSERT INTO meta VALUES ('schema', '1');
            CREATE TABLE tasks (sweep TEXT NOT NULL, key TEXT NOT NULL, params TEXT NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('done', 'failed')), result TEXT, engine TEXT, seconds REAL,
                version TEXT, host TEXT, error TEXT, finished REAL NOT NULL, PRIMARY KEY (sweep, key));
            INSERT INTO tasks VALUES ('squares', '{"n":1}', '{"n":1}', 'done', '{"square":1}', NULL, 0.1, '0.1',
                'old-host', NULL, 1.0);
        """)
    with Store(path) as store:
        assert [row["result"] for row in store.rows("squares")] == [{"square": 1}]
        summary = run_sweep(Sweep("squares", square, [{"n": n} for n in range(3)]), store, workers=0)
        assert (summary["skipped"], summary["ran"]) == (1, 2)
    with sqlite3.connect(path) as db:
        assert {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")} == \
            {"meta", "tasks", "claims"}
        assert db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == ("1",)
    shown = json.loads(run_cli("sweep", "show", path, "--json").out)["rows"]
    assert [(r["params"]["n"], r["result"]["square"]) for r in shown] == [(0, 0), (1, 1), (2, 4)]


def test_the_command_takes_over_a_dead_runs_claims(tmp_path):
    path = tmp_path / "s.sqlite"
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # a process id that no longer runs
    with Store(path) as store:
        store.claim("lightsout", deque([{"field": 2, "kind": "grid", "m": 2, "n": 2, "rule": "closed"}]), "dead",
                    limit=1)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE claims SET pid = ?", (gone.pid,))
    run = run_cli("sweep", "lightsout", "--sizes", "1..4", "--store", path, "--workers", "0", "--json")
    assert run.code == 0, run.err
    summary = json.loads(run.out)
    assert (summary["ran"], summary["taken_over"], summary["in_store"]["done"]) == (4, 1, 4)
    with Store(path) as store:  # the same in words: a claim of a dead run, on a task that is not done yet
        store.claim("lightsout", deque([{"field": 2, "kind": "grid", "m": 5, "n": 5, "rule": "closed"}]), "dead",
                    limit=1)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE claims SET pid = ?", (gone.pid,))
    run = run_cli("sweep", "lightsout", "--sizes", "1..5", "--store", path, "--workers", "0")
    assert run.code == 0 and ", 1 ran (1 done, 0 failed), 1 taken over from a run that died in " in run.out, run.out


def test_a_lease_that_is_no_number_of_seconds_is_refused(tmp_path):
    with Store(tmp_path / "s.sqlite") as store:
        for lease in (0, -1, float("nan"), "soon"):
            with pytest.raises(LimitError, match="lease"):
                run_sweep(Sweep("squares", square, [{"n": 1}]), store, workers=0, lease=lease)
        assert store.counts("squares") == {"done": 0, "failed": 0}  # refused before any task ran
