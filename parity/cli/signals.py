"""Ctrl-C and SIGTERM stop a command with one line and exit status 130, whatever it is doing: the signals
become an exception (:class:`_Interrupted`) so that every ``finally`` runs, children killed included."""

from __future__ import annotations

import signal
import sys


class _Interrupted(BaseException):
    """SIGINT or SIGTERM, turned into an exception so that every ``finally`` (killing children) runs.

    Not a KeyboardInterrupt: click catches that itself and writes an empty
    line to stderr before its own Abort, so the one-line contract would break.
    """


def _on_stop_signal(signum, frame) -> None:
    raise _Interrupted(signum)


def _raise_again(unraisable) -> None:
    """``sys.unraisablehook`` while the stop handlers are in place: an interrupt raised inside a finaliser (numba's
    and llvmlite's objects have them) is one Python only reports there, and the command would go on; the signal is
    given again a moment later from another thread, so that its handler runs in the main thread once this hook and
    the finaliser have returned (one that lands in a finaliser again comes back here)."""
    if isinstance(unraisable.exc_value, _Interrupted):
        import _thread
        import threading

        signum = unraisable.exc_value.args[0] if unraisable.exc_value.args else signal.SIGINT
        again = threading.Timer(0.05, _thread.interrupt_main, args=(signum,))
        again.daemon = True
        again.start()
    else:
        sys.__unraisablehook__(unraisable)


def _install_stop_handlers() -> dict:
    """Handle SIGINT and SIGTERM with :func:`_on_stop_signal` (and an interrupt lost in a finaliser with
    :func:`_raise_again`); returns what was there before, for :func:`_restore_stop_handlers`.

    Off the main thread nothing is installed (Python allows handlers there only).
    """
    previous = {}
    for number in (signal.SIGINT, signal.SIGTERM):
        try:
            previous[number] = signal.signal(number, _on_stop_signal)
        except ValueError:  # not the main thread: signals stay with whoever owns it
            break
    if previous:
        previous["unraisablehook"], sys.unraisablehook = sys.unraisablehook, _raise_again
    return previous


def _restore_stop_handlers(previous: dict) -> None:
    hook = previous.pop("unraisablehook", None)
    if hook is not None:
        sys.unraisablehook = hook
    for number, handler in previous.items():
        signal.signal(number, handler)
