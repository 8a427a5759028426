"""Running a sweep: tasks on an executor (local processes or a Dask cluster), results into the store.

The parent process owns the store: workers compute, the parent commits each
finished chunk of tasks in one transaction.  A task that raises is recorded
as ``failed`` with its error text (and rerun only with ``retry_failed``); a
task that was running when the run was killed has no row and runs again on
the next call.  A rerun skips every task the store holds.

Several runs may share a store at once: each claims a chunk of tasks in the
store before it sends the chunk to a worker (:meth:`Store.claim`), so the
runs split the tasks between them, and a run that is left with tasks other
runs hold waits for those, taking over the claims of a run that dies.
"""

from __future__ import annotations

import ctypes
import math
import multiprocessing
import os
import platform
import secrets
import signal
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Generator, Iterable, Mapping
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field

from ..errors import LimitError, ParityError, SweepError
from .store import LEASE, Store, task_key

__all__ = ["Sweep", "run_sweep", "iter_sweep", "run_chunk"]

#: the most local worker processes a sweep starts (each is a process with its own copy of the task code)
MAX_WORKERS = 1024
#: seconds between two looks at the tasks that other runs hold, when nothing else is left to do
POLL = 0.5


@dataclass
class Sweep:
    """A named task function and the parameters of its tasks.

    Parameters
    ----------
    name : str
        The sweep's name in the store (rows of different sweeps never mix).
    function : callable
        ``params -> dict`` of JSON-ready results.  It runs in worker
        processes, so it must be importable by name (a module-level function,
        not a lambda) for local processes; Dask ships it with cloudpickle.
        A key ``engine`` in its result is stored in the ``engine`` column.
    tasks : collections.abc.Iterable of dict
        The parameters of each task (JSON-ready); each dict is one task.
    """

    name: str
    function: Callable[[Mapping], Mapping]
    tasks: Iterable[Mapping] = field(default_factory=list)


def _die_with_parent(owner: int | None = None) -> None:
    """Worker initialiser: die when the process that started the worker dies (Linux), ignore Ctrl-C.

    A forkserver worker's parent is the fork server, not the sweep (``owner``),
    and a sweep killed with SIGKILL leaves the fork server running; so a
    thread also watches ``owner`` and ends the worker when it is gone.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass
    if owner is not None:
        threading.Thread(target=_watch, args=(owner,), daemon=True, name="parity-owner-watch").start()


def _watch(owner: int) -> None:
    while True:
        time.sleep(0.5)
        try:
            os.kill(owner, 0)
        except (ProcessLookupError, PermissionError):  # gone (or its pid now another user's process)
            os._exit(1)


def run_chunk(function: Callable, chunk: list[Mapping]) -> list[tuple[Mapping, dict]]:
    """Run the tasks of one chunk (in a worker); every task gives an outcome, failures included."""
    host = platform.node()
    done = []
    for params in chunk:
        started = time.perf_counter()
        try:
            result = dict(function(params))
            outcome = {"status": "done", "result": result, "engine": result.get("engine")}
        except Exception as exc:  # the task's own failure: recorded, the sweep goes on
            message = f"{type(exc).__name__}: {exc}" if isinstance(exc, ParityError) else \
                traceback.format_exception_only(type(exc), exc)[-1].strip()
            outcome = {"status": "failed", "error": " ".join(message.split())}
        outcome["seconds"] = time.perf_counter() - started
        outcome["host"] = host
        done.append((params, outcome))
    return done


class _InProcess(Executor):
    """Runs each submitted call at once in this process (``workers=0``: debugging, tiny sweeps)."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:
            future.set_exception(exc)
        return future


def _executor(workers: int, scheduler: str | None):
    """The executor and a function that releases it (and, on an interrupt, stops its work)."""
    if scheduler is not None:
        from .._extras import require

        Client = require("distributed", "--scheduler").Client
        try:
            client = Client(scheduler, timeout=10, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise SweepError(f"cannot reach the Dask scheduler at {scheduler!r}: {' '.join(str(exc).split())}") \
                from None
        executor = client.get_executor(pure=False)
        width = max(1, sum(client.nthreads().values()))

        def release(interrupted: bool = False) -> None:
            if interrupted:
                client.cancel(list(getattr(executor, "_futures", ())), force=True)
            client.close()

        return executor, width, release
    if workers == 0:
        return _InProcess(), 1, lambda interrupted=False: None
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("forkserver")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_die_with_parent,
                               initargs=(os.getpid(),))

    def release(interrupted: bool = False) -> None:
        if interrupted:
            for process in list(getattr(pool, "_processes", {}).values()):
                process.kill()
        pool.shutdown(wait=not interrupted, cancel_futures=True)

    return pool, workers, release


class _Renewer(threading.Thread):
    """Renews a runner's claims every ``lease / 5`` seconds (its own connection), so that a live run keeps them
    however long a chunk takes, even one run in this process."""

    def __init__(self, path, runner: str, lease: float) -> None:
        super().__init__(daemon=True, name="parity-claims")
        self.path, self.runner, self.every = path, runner, lease / 5
        self.stopped = threading.Event()

    def run(self) -> None:
        store = None
        try:
            while not self.stopped.wait(self.every):
                store = store or Store(self.path)
                store.renew(self.runner)
        except ParityError:  # (the store went away: the run itself will say so)
            pass
        finally:
            if store is not None:
                store.close()

    def stop(self) -> None:
        self.stopped.set()
        self.join(timeout=5)


def check_workers(workers) -> int:
    """``workers`` if it is a whole number from 0 to :data:`MAX_WORKERS`, else a LimitError saying so."""
    if isinstance(workers, bool) or not isinstance(workers, int) or not 0 <= workers <= MAX_WORKERS:
        raise LimitError(f"workers must be a whole number from 0 to {MAX_WORKERS}, got {workers!r}")
    return workers


def run_sweep(sweep: Sweep, store: Store, workers: int = 1, scheduler: str | None = None,
              retry_failed: bool = False, chunk_size: int | None = None,
              progress: Callable[[int, int], None] | None = None, time_limit: float | None = None,
              lease: float = LEASE) -> dict:
    """Run the tasks of ``sweep`` that ``store`` does not hold yet; returns a summary.

    Other runs may share ``store`` at the same time: each task is claimed in
    the store before it runs, so every task runs once among them all.

    Parameters
    ----------
    sweep : Sweep
    store : Store
    workers : int
        Local worker processes (0: in this process).  Ignored with ``scheduler``.
    scheduler : str, optional
        A Dask scheduler address (``tcp://host:8786``): the tasks run on that cluster.
    retry_failed : bool
        Run the tasks recorded as failed again (otherwise they are skipped).
    chunk_size : int, optional
        Tasks per job sent to a worker (default: about 1/32 of a worker's share,
        at most 256): many small tasks go in chunks, so that per-job overhead and
        per-commit cost stay small, while a kill loses at most the chunks in flight.
    progress : callable, optional
        ``progress(finished, total)`` after each chunk.
    time_limit : float, optional
        Stop after this many seconds: the chunks in flight are given up (their
        workers are stopped; with ``workers=0`` one worker process runs them
        so that it can be), every chunk finished is in the store, and running
        the sweep again goes on from there.
    lease : float
        Seconds after which another host's claim that was not renewed is
        taken over (:data:`~parity.sweep.store.LEASE`; a run renews its claims
        every ``lease / 5`` seconds).

    Returns
    -------
    dict
        ``total`` (tasks in the sweep), ``skipped`` (already in the store),
        ``ran``, ``done``, ``failed`` (of those run now), ``elsewhere``
        (finished meanwhile by other runs on the same store),
        ``taken_over`` (tasks claimed by a run that had died, run now),
        ``seconds``, and ``stopped`` (the time limit was spent before every
        task ran).

    See Also
    --------
    iter_sweep : the same run, each chunk's outcomes as they are committed.

    Examples
    --------
    >>> import os, tempfile
    >>> from parity.sweep.builtin import square
    >>> store = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
    >>> sweep = Sweep("squares", square, [{"n": n} for n in range(5)])
    >>> summary = run_sweep(sweep, store, workers=0)
    >>> summary["ran"], summary["done"], run_sweep(sweep, store, workers=0)["skipped"]
    (5, 5, 5)
    >>> sorted(row["result"]["square"] for row in store.rows("squares"))
    [0, 1, 4, 9, 16]
    """
    steps = iter_sweep(sweep, store, workers, scheduler, retry_failed, chunk_size, progress, time_limit, lease)
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value


def iter_sweep(sweep: Sweep, store: Store, workers: int = 1, scheduler: str | None = None,
               retry_failed: bool = False, chunk_size: int | None = None,
               progress: Callable[[int, int], None] | None = None, time_limit: float | None = None,
               lease: float = LEASE) -> Generator[list[tuple[Mapping, dict]], None, dict]:
    """:func:`run_sweep` one chunk at a time: yields the ``(params, outcome)`` pairs of each chunk once the store
    holds them, and returns the summary (``StopIteration.value``).  Closing the generator stops the run as an
    interrupt does: the chunks in flight are given up and their claims released.

    Examples
    --------
    >>> import os, tempfile
    >>> from parity.sweep.builtin import square
    >>> store = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
    >>> steps = iter_sweep(Sweep("squares", square, [{"n": n} for n in range(4)]), store, workers=0, chunk_size=2)
    >>> [[outcome["result"]["square"] for _, outcome in chunk] for chunk in steps]
    [[0, 1], [4, 9]]
    """
    check_workers(workers)
    if chunk_size is not None and (isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1):
        raise LimitError(f"chunk size must be a positive whole number, got {chunk_size!r}")
    from .._limits import check_time_limit

    time_limit = check_time_limit(time_limit)
    lease = check_time_limit(lease, "lease")
    began = time.time()
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    tasks, seen = [], set()
    for params in sweep.tasks:
        key = task_key(params)
        if key not in seen:  # a task listed twice runs once
            seen.add(key)
            tasks.append(params)
    finished = store.done_keys(sweep.name, include_failed=not retry_failed)
    todo = [p for p in tasks if task_key(p) not in finished]
    summary = {"total": len(tasks), "skipped": len(tasks) - len(todo), "ran": 0, "done": 0, "failed": 0,
               "elsewhere": 0, "taken_over": 0, "stopped": False}

    def report() -> None:
        if progress is not None:
            progress(summary["skipped"] + summary["ran"] + summary["elsewhere"], len(tasks))

    report()
    if todo:
        # a chunk run in this process cannot be stopped at a deadline: one worker process runs it instead
        executor, width, release = _executor(1 if deadline is not None and workers == 0 else workers, scheduler)
        # under a time limit chunks stay small, so that little finished work is lost in the chunks given up
        size = chunk_size or max(1, min(8 if deadline is not None else 256, math.ceil(len(todo) / (32 * width))))
        pending = deque(todo)
        runner = f"{platform.node()}:{os.getpid()}:{secrets.token_hex(6)}"  # (one process may run several sweeps)
        renewer = _Renewer(store.path, runner, lease)
        renewer.start()
        in_flight: dict[Future, list] = {}
        ahead = 1 if isinstance(executor, _InProcess) else 2 * width  # (a chunk run here is finished when sent)
        interrupted = True
        try:
            while pending or in_flight:
                while pending and len(in_flight) < ahead:
                    chunk, elsewhere, taken_over = store.claim(sweep.name, pending, runner, size, lease,
                                                               began if retry_failed else None)
                    summary["elsewhere"] += elsewhere
                    summary["taken_over"] += taken_over
                    if elsewhere:
                        report()
                    if not chunk:  # what is left is held by other runs
                        break
                    in_flight[executor.submit(run_chunk, sweep.function, chunk)] = chunk
                left = None if deadline is None else max(0.0, deadline - time.perf_counter())
                if not in_flight:  # every task left is another run's: look again soon (a dead run's are taken over)
                    if left == 0.0:
                        summary["stopped"] = True
                        break
                    time.sleep(POLL if left is None else min(POLL, left))
                    continue
                ready, _ = wait(list(in_flight), timeout=left, return_when=FIRST_COMPLETED)
                if not ready:  # the time limit is spent: what is in flight is given up (the finally stops it)
                    summary["stopped"] = True
                    break
                for future in [f for f in in_flight if f in ready]:  # in the order they were sent
                    chunk = in_flight.pop(future)
                    try:
                        outcomes = future.result()
                    except Exception as exc:  # the worker died (out of memory, a crash in native code)
                        error = " ".join(f"worker lost: {type(exc).__name__}: {exc}".split())
                        outcomes = [(p, {"status": "failed", "error": error}) for p in chunk]
                    store.record_many(sweep.name, outcomes)
                    summary["ran"] += len(outcomes)
                    for _, outcome in outcomes:
                        summary[outcome["status"]] += 1
                    report()
                    yield outcomes
            interrupted = summary["stopped"]
        finally:
            renewer.stop()
            release(interrupted)
            store.release(runner)  # the tasks given up are free for the next run at once
    summary["seconds"] = round(time.perf_counter() - started, 3)
    return summary
