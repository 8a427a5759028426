"""The sweep store: one SQLite file, one row per finished task, committed as each task finishes.

SQLite in write-ahead-log mode: a transaction that committed survives the
process being killed at any moment (SIGKILL included), and one that did not
leaves nothing behind.  A task's row is keyed by the sweep's name and the
task's parameters written as canonical JSON, so a rerun finds what is done
and a task can never have two rows.

Several runs can share one store: a run claims each task (table
``claims``: the runner, its host and process id, and when it claimed or last
renewed the claim) in the same transaction that checks nobody finished or
holds it, so two runs never take the same task.  A claim whose runner is gone
(its process no longer runs on this host, or it has not renewed the claim
for a lease) is taken over by the next run that meets it.

Examples
--------
>>> import os, tempfile
>>> store = Store(os.path.join(tempfile.mkdtemp(), "runs.sqlite"))
>>> store.record("demo", {"n": 3}, {"status": "done", "result": {"square": 9}, "seconds": 0.001})
>>> store.done_keys("demo") == {task_key({"n": 3})}
True
>>> [(row["params"], row["result"]) for row in store.rows("demo")]
[({'n': 3}, {'square': 9})]
>>> from collections import deque
>>> pending = deque([{"n": 3}, {"n": 4}, {"n": 5}])
>>> claimed, finished, taken_over = store.claim("demo", pending, "run-1", limit=1)
>>> claimed, finished, list(pending)  # n = 3 is done already; n = 4 is this run's now
([{'n': 4}], 1, [{'n': 5}])
>>> store.claim("demo", deque([{"n": 4}]), "run-2", limit=1)[0]  # another run cannot take it
[]
>>> store.release("run-1")
>>> store.close()
"""

from __future__ import annotations

import json
import os
import platform
import sqlite3
import time
from collections import deque
from collections.abc import Iterator, Mapping
from pathlib import Path

from ..errors import StoreError

__all__ = ["Store", "task_key", "natural_order", "SCHEMA_VERSION", "LEASE"]

#: the schema of the tables ``meta`` and ``tasks``; the table ``claims`` was added later without a new version (a
#: store written before it gains the table when opened, and a parity without claims reads the store as before)
SCHEMA_VERSION = 1

#: seconds after which a claim that its runner has not renewed may be taken over (a running sweep renews its
#: claims every ``LEASE / 5`` seconds; on the claim's own host a runner's death is seen at once from its process id)
LEASE = 300.0

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tasks (
    sweep    TEXT NOT NULL,
    key      TEXT NOT NULL,
    params   TEXT NOT NULL,
    status   TEXT NOT NULL CHECK (status IN ('done', 'failed')),
    result   TEXT,
    engine   TEXT,
    seconds  REAL,
    version  TEXT,
    host     TEXT,
    error    TEXT,
    finished REAL NOT NULL,
    PRIMARY KEY (sweep, key)
);
CREATE TABLE IF NOT EXISTS claims (
    sweep    TEXT NOT NULL,
    key      TEXT NOT NULL,
    runner   TEXT NOT NULL,
    host     TEXT NOT NULL,
    pid      INTEGER NOT NULL,
    claimed  REAL NOT NULL,
    PRIMARY KEY (sweep, key)
);
CREATE INDEX IF NOT EXISTS claims_by_runner ON claims (runner);
"""


def task_key(params: Mapping) -> str:
    """A task's identity: its parameters as canonical JSON (sorted keys, no spaces).

    Examples
    --------
    >>> task_key({"m": 2, "board": "grid"})
    '{"board":"grid","m":2}'
    """
    return json.dumps(params, sort_keys=True, separators=(",", ":"))


def natural_order(row: Mapping) -> tuple:
    """A sort key for rows: the sweep, then each parameter by name, numbers by value (2 before 10).

    Examples
    --------
    >>> rows = [{"sweep": "s", "params": {"n": 10}}, {"sweep": "s", "params": {"n": 2}}]
    >>> [r["params"]["n"] for r in sorted(rows, key=natural_order)]
    [2, 10]
    """
    def value(v):
        if isinstance(v, (int, float)) and not isinstance(v, bool):
            return (0, v, "")
        return (1, 0, json.dumps(v, sort_keys=True))

    return (row["sweep"], tuple((k, value(v)) for k, v in sorted(row["params"].items())))


def _process_gone(pid: int) -> bool:
    """Whether no process ``pid`` runs on this host (one of another user counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OverflowError):
        return False
    return False


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("parity")
    except Exception:  # pragma: no cover - running from a source tree without metadata
        return "unknown"


class Store:
    """A sweep store on disk (created when missing).

    Parameters
    ----------
    path : str or os.PathLike
        The SQLite file.

    Raises
    ------
    StoreError
        If the file exists and is not a parity sweep store, or cannot be opened.
    """

    def __init__(self, path: str | os.PathLike, create: bool = True) -> None:
        self.path = Path(path)
        if not create and not self.path.exists():
            raise StoreError(f"sweep store {str(path)!r} does not exist")
        if self.path.is_dir():
            raise StoreError(f"sweep store {str(path)!r} is a folder, not a file")
        if not self.path.parent.exists():
            raise StoreError(f"cannot create sweep store {str(path)!r}: folder {str(self.path.parent)!r} does not exist")
        try:
            self._db = sqlite3.connect(str(self.path), timeout=30.0, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            tables = {name for (name,) in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(tasks)")}
            ours = {"sweep", "key", "params", "status"}
            if (tables and "meta" not in tables) or ("tasks" in tables and not ours <= columns):
                # another program's database: parity's tables are neither there nor added to it
                raise StoreError(f"sweep store {str(path)!r} is an SQLite file of another program (its tables: "
                                 f"{', '.join(sorted(tables))}); give a new file or a parity sweep store")
            self._db.executescript(_SCHEMA)
            found = self._db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            if found is None:
                self._db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
            elif found[0] != str(SCHEMA_VERSION):
                raise StoreError(f"sweep store {str(path)!r} has schema {found[0]}, this parity writes {SCHEMA_VERSION}")
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"sweep store {str(path)!r} is not a usable SQLite file ({exc})") from None
        self._host = platform.node()
        self._version = _version()

    # -- writing ----------------------------------------------------------------------------------------------
    def record(self, sweep: str, params: Mapping, outcome: Mapping) -> None:
        """Commit one finished task (``outcome``: status, result or error, engine, seconds): one transaction."""
        self.record_many(sweep, [(params, outcome)])

    def record_many(self, sweep: str, finished) -> None:
        """Commit several finished tasks in one transaction (all or none survive a kill); their claims go with it."""
        rows = []
        now = time.time()
        for params, outcome in finished:
            rows.append((sweep, task_key(params), json.dumps(params, sort_keys=True), outcome["status"],
                         None if outcome.get("result") is None else json.dumps(outcome["result"], sort_keys=True),
                         outcome.get("engine"), outcome.get("seconds"), self._version,
                         outcome.get("host", self._host), outcome.get("error"), now))
        try:
            with self._db:  # one transaction
                self._db.execute("BEGIN IMMEDIATE")
                self._db.executemany(
                    "INSERT INTO tasks VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (sweep, key) DO UPDATE SET params = excluded.params, status = excluded.status, "
                    "result = excluded.result, engine = excluded.engine, seconds = excluded.seconds, "
                    "version = excluded.version, host = excluded.host, error = excluded.error, "
                    "finished = excluded.finished", rows)
                self._db.executemany("DELETE FROM claims WHERE sweep = ? AND key = ?", [row[:2] for row in rows])
        except sqlite3.OperationalError as exc:
            raise StoreError(f"cannot write sweep store {str(self.path)!r}: {exc}") from None

    # -- claims: several runs on one store ----------------------------------------------------------------------
    def claim(self, sweep: str, pending: deque, runner: str, limit: int, lease: float = LEASE,
              retry_since: float | None = None) -> tuple[list[Mapping], int, int]:
        """Claim for ``runner`` up to ``limit`` tasks from the front of ``pending``, in one transaction.

        Each task taken from ``pending`` is claimed (its claim recorded with
        this host, this process and the time), dropped (finished meanwhile,
        by another run), or put back at the front (claimed by a runner that
        is still there).  A claim is taken over when its runner is gone: on
        this host its process has ended, elsewhere it has not renewed the
        claim for ``lease`` seconds.

        Parameters
        ----------
        sweep : str
        pending : ``collections.deque`` of dict
            The parameters of the tasks still to run, in order; consumed from the front.
        runner : str
            The claiming run's identity (unique among the runs that share the store).
        limit : int
            The most tasks to claim.
        lease : float
            Seconds after which a claim not renewed is taken over.
        retry_since : float, optional
            Failed tasks are run again: one counts as finished only if it failed at or after this time (the
            ``time.time()`` when the run began); without it every failed task counts as finished.

        Returns
        -------
        tuple
            The tasks claimed, how many were found finished, and how many of
            the claimed were taken over from a runner that is gone.
        """
        claimed, held, finished, taken_over = [], [], 0, 0
        now = time.time()
        try:
            with self._db:
                self._db.execute("BEGIN IMMEDIATE")  # the check and the claim in one transaction: no second taker
                while pending and len(claimed) < limit:
                    params = pending.popleft()
                    key = task_key(params)
                    row = self._db.execute("SELECT status, finished FROM tasks WHERE sweep = ? AND key = ?",
                                           (sweep, key)).fetchone()
                    if row is not None and (row[0] == "done" or retry_since is None or row[1] >= retry_since):
                        finished += 1
                        continue
                    holder = self._db.execute("SELECT runner, host, pid, claimed FROM claims WHERE sweep = ? AND "
                                              "key = ?", (sweep, key)).fetchone()
                    if holder is not None and holder[0] != runner:
                        other, host, pid, when = holder
                        if now - when < lease and not (host == self._host and _process_gone(pid)):
                            held.append(params)
                            continue
                        taken_over += 1
                    self._db.execute("INSERT OR REPLACE INTO claims VALUES (?, ?, ?, ?, ?, ?)",
                                     (sweep, key, runner, self._host, os.getpid(), now))
                    claimed.append(params)
        except sqlite3.OperationalError as exc:
            pending.extendleft(reversed(claimed))  # (rolled back: nothing was claimed)
            raise StoreError(f"cannot write sweep store {str(self.path)!r}: {exc}") from None
        finally:
            pending.extendleft(reversed(held))
        return claimed, finished, taken_over

    def renew(self, runner: str) -> int:
        """Renew every claim of ``runner`` (a running sweep does so every ``LEASE / 5`` seconds); how many."""
        try:
            with self._db:
                return self._db.execute("UPDATE claims SET claimed = ? WHERE runner = ?", (time.time(), runner)).rowcount
        except sqlite3.OperationalError as exc:
            raise StoreError(f"cannot write sweep store {str(self.path)!r}: {exc}") from None

    def release(self, runner: str) -> None:
        """Drop every claim of ``runner`` (its unfinished tasks are free for the next run)."""
        try:
            with self._db:
                self._db.execute("DELETE FROM claims WHERE runner = ?", (runner,))
        except sqlite3.OperationalError as exc:
            raise StoreError(f"cannot write sweep store {str(self.path)!r}: {exc}") from None

    def claims(self, sweep: str | None = None) -> list[dict]:
        """The claims held now (of one sweep, or all): ``sweep``, ``params``, ``runner``, ``host``, ``pid`` and
        ``claimed`` (seconds since the epoch, renewed while the runner lives)."""
        query = "SELECT sweep, key, runner, host, pid, claimed FROM claims"
        args: tuple = ()
        if sweep is not None:
            query += " WHERE sweep = ?"
            args = (sweep,)
        return [{"sweep": name, "params": json.loads(key), "runner": runner, "host": host, "pid": pid,
                 "claimed": claimed} for name, key, runner, host, pid, claimed in
                self._db.execute(query + " ORDER BY claimed, rowid", args)]

    # -- reading ----------------------------------------------------------------------------------------------
    def done_keys(self, sweep: str, include_failed: bool = False) -> set[str]:
        """The keys of the tasks already finished (``done``; with ``include_failed`` the failed ones too)."""
        statuses = ("done", "failed") if include_failed else ("done",)
        marks = ",".join("?" * len(statuses))
        query = f"SELECT key FROM tasks WHERE sweep = ? AND status IN ({marks})"
        return {key for (key,) in self._db.execute(query, (sweep, *statuses))}

    def results(self, sweep: str, tasks) -> list[dict | None]:
        """The result of each of ``tasks`` (their parameters) that is done, in their order; None for one that is
        not: what a sweep's ``result`` function adds up."""
        found = {key: json.loads(result) for key, result in self._db.execute(
            "SELECT key, result FROM tasks WHERE sweep = ? AND status = 'done'", (sweep,))}
        return [found.get(task_key(task)) for task in tasks]

    def sweeps(self) -> list[str]:
        """The names of the sweeps this store holds."""
        return [name for (name,) in self._db.execute("SELECT DISTINCT sweep FROM tasks ORDER BY sweep")]

    def rows(self, sweep: str | None = None) -> Iterator[dict]:
        """Every row (of one sweep, or all), in the order the tasks finished."""
        query = "SELECT sweep, params, status, result, engine, seconds, version, host, error, finished FROM tasks"
        args: tuple = ()
        if sweep is not None:
            query += " WHERE sweep = ?"
            args = (sweep,)
        for name, params, status, result, engine, seconds, version, host, error, finished in \
                self._db.execute(query + " ORDER BY finished, rowid", args):
            yield {"sweep": name, "params": json.loads(params), "status": status,
                   "result": None if result is None else json.loads(result), "engine": engine, "seconds": seconds,
                   "version": version, "host": host, "error": error, "finished": finished}

    def counts(self, sweep: str) -> dict[str, int]:
        """How many tasks are done and failed."""
        found = dict(self._db.execute("SELECT status, COUNT(*) FROM tasks WHERE sweep = ? GROUP BY status", (sweep,)))
        return {"done": found.get("done", 0), "failed": found.get("failed", 0)}

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
