"""Run a computation in a child process that can be stopped: time limits, Ctrl-C and SIGTERM.

Native solvers (CaDiCaL inside PySAT, Ganak, a long elimination in numba)
do not return to Python until they finish, so neither a timer nor a signal
can stop them in the process that called them.  :func:`run_in_child` forks,
runs the function in the child and waits for its answer; when the time limit
passes, or the parent is interrupted, the child is killed and nothing of it
is left running.  The child also dies with its parent (``PR_SET_PDEATHSIG``),
writes what native code prints on its standard output to standard error (so
``--json`` output stays clean), and ignores SIGINT (the parent decides).
SIGINT and SIGTERM are blocked while the child is forked, so an interrupt
that arrives then reaches the parent's handler, never the half-started child;
in the child SIGINT stays blocked, because native solvers install their own
SIGINT handlers (CryptoMiniSat does, and prints ``*** INTERRUPTED ***``)
that would otherwise fire on a terminal's Ctrl-C.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import pickle
import signal
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any

from .errors import ParityError, TimeLimitReached

__all__ = ["run_in_child", "note", "EngineCrashed"]


class EngineCrashed(ParityError, RuntimeError):
    """The child process running an engine died without an answer (a crash in native code)."""


#: the longest single wait for the child: a poll takes its timeout in milliseconds as a C int (about 24 days)
_LONGEST_WAIT = 86400.0

#: the signals that stop a command; blocked across the fork (see :func:`run_in_child`)
_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}


def _die_with_parent(parent: int) -> None:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass
    if os.getppid() != parent:  # the parent died before prctl took effect: nobody waits for this child
        os._exit(1)


def _block_stop_signals():
    """Block SIGINT and SIGTERM in this thread; returns the previous mask (None where masks are unsupported)."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not POSIX
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)


def _restore_mask(mask, keep_blocked: frozenset = frozenset()) -> None:
    if mask is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, set(mask) | keep_blocked)


#: in a child whose parent listens for notes, the pipe to the parent (see :func:`note`); None elsewhere
_NOTES = None
#: the keys this child has told its parent
_TOLD: set = set()


def note(key: str, value: Any, once: bool = False) -> None:
    """Tell the parent process something it should know should the child be stopped (nothing outside a child).

    A computation run by :func:`run_in_child` with ``on_note`` calls this as it
    goes (the puzzle's JSON header once the board is built, the engine once it
    is chosen), so that an answer made when the time limit stops it can still
    say what was being done.  ``value`` must pickle.  With ``once``, a key
    told already is not told again (the engine at work is the first chosen,
    not one an engine chooses for a step of its own).
    """
    if _NOTES is not None and not (once and key in _TOLD):
        _TOLD.add(key)
        _NOTES.send_bytes(pickle.dumps(("note", (key, value)), protocol=pickle.HIGHEST_PROTOCOL))


def _child_main(send, function: Callable, args: tuple, kwargs: dict, parent: int, mask, notes: bool) -> None:
    global _NOTES
    _NOTES = send if notes else None
    _TOLD.clear()  # (a child of a child tells its own parent afresh)
    # the stop signals are blocked here (the parent blocked them across the fork): set their handlers, then
    # unblock SIGTERM only; SIGINT stays blocked, so no handler a native solver installs can see it
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_parent(parent)
    _restore_mask(mask, keep_blocked=frozenset({signal.SIGINT}))
    sys.stdout.flush()
    os.dup2(2, 1)  # native code's prints go to stderr
    try:
        answer = ("value", function(*args, **kwargs))
    except ParityError as exc:
        answer = ("error", exc)
    except BaseException:  # a bug: carry the traceback to the parent
        answer = ("bug", traceback.format_exc())
    try:
        payload = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # an answer that does not pickle is a bug too
        payload = pickle.dumps(("bug", traceback.format_exc()))
    send.send_bytes(payload)
    send.close()


def run_in_child(function: Callable[..., Any], *args, time_limit: float | None = None, what: str = "the computation",
                 on_note: Callable[[str, Any], None] | None = None,
                 heartbeat: tuple[float, Callable[[float], None]] | None = None, **kwargs) -> Any:
    """``function(*args, **kwargs)`` computed in a forked child process, stopped after ``time_limit`` seconds.

    With ``on_note``, every :func:`note` the child makes is passed on to
    ``on_note(key, value)`` in this process as it arrives (before a time limit
    or an interrupt stops the child).  With ``heartbeat``, ``(seconds,
    beat)``, ``beat(elapsed)`` is called here each ``seconds`` the child is
    still at work (a long command's progress line).

    Returns
    -------
    The function's value (it must pickle).

    Raises
    ------
    TimeLimitReached
        When ``time_limit`` passes first; the child is killed.
    ParityError
        Whatever ParityError the function raised, re-raised here.
    EngineCrashed
        When the child died without answering (a signal in native code).
    KeyboardInterrupt
        Passed on after the child is killed, when the parent is interrupted.

    Examples
    --------
    >>> run_in_child(sum, [1, 2, 3])
    6
    >>> import time
    >>> run_in_child(time.sleep, 5, time_limit=0.2, what="a nap")
    Traceback (most recent call last):
    ...
    parity.errors.TimeLimitReached: a nap stopped by its time limit of 0.2 s
    """
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    mask = _block_stop_signals()
    child = context.Process(target=_child_main, args=(send, function, args, kwargs, os.getpid(), mask,
                                                      on_note is not None))
    try:
        child.start()
    except BaseException:
        _restore_mask(mask)
        receive.close()
        send.close()
        raise
    send.close()
    try:
        _restore_mask(mask)  # an interrupt that came during the fork is raised here, where the finally kills the child
        began = time.monotonic()
        deadline = None if time_limit is None else began + time_limit
        beat = None if heartbeat is None else began + max(heartbeat[0], 0.01)
        while True:
            now = time.monotonic()
            wait = _LONGEST_WAIT if deadline is None else min(max(0.0, deadline - now), _LONGEST_WAIT)
            if beat is not None:
                wait = min(wait, max(0.0, beat - now))
            if not receive.poll(wait):
                now = time.monotonic()
                if beat is not None and now >= beat:
                    heartbeat[1](now - began)
                    beat = now + max(heartbeat[0], 0.01)
                if deadline is None or now < deadline:  # a long wait is waited for in parts
                    continue
                raise TimeLimitReached(f"{what} stopped by its time limit of {time_limit:g} s")
            try:
                kind, payload = pickle.loads(receive.recv_bytes())
            except EOFError:
                child.join()
                code = child.exitcode
                died = code is not None and code < 0
                reason = f"signal {signal.Signals(-code).name}" if died else f"exit status {code}"
                raise EngineCrashed(f"{what} crashed ({reason}) without an answer") from None
            if kind != "note":
                break
            on_note(*payload)
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receive.close()
    if kind == "error":
        raise payload
    if kind == "bug":
        raise RuntimeError(f"{what} failed in its child process:\n{payload}")
    return payload
