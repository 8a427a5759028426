"""Progress on long commands: a bar on stderr when it is a terminal; otherwise a plain line now and then (a log,
a pipe, a batch job), the first after :data:`PLAIN_SECONDS` (``PARITY_PROGRESS_SECONDS`` in the environment)."""

from __future__ import annotations

import os
import shutil
import sys
import time

#: off a terminal, a long command's first progress line comes after this many seconds, and one each this long after
PLAIN_SECONDS = 10.0


def _positive(seconds: float) -> float:
    from .._limits import check_time_limit

    return check_time_limit(seconds)


def _progress_bar(what: str, total: int | None):
    """A progress bar on stderr when it is a terminal (one line redrawn in place: the bar, done of total, percent,
    rate, time spent and left), else plain lines now and then; returns (callback, finish).

    The callback takes ``(done, total_or_report)``: a number updates the total too.
    """
    what = what if what.startswith("sweep") else f"cross-checking {what}"
    stream = sys.stderr
    if not (hasattr(stream, "isatty") and stream.isatty()) or os.environ.get("TERM") == "dumb":
        return _plain_progress(what, total), lambda: None
    started = time.monotonic()
    state = {"total": total, "drawn": 0.0, "width": 0}

    def update(done: int, extra) -> None:
        if isinstance(extra, int):
            state["total"] = extra
        now = time.monotonic()
        if now - state["drawn"] < 0.1 and done != state["total"]:
            return  # ten redraws a second at most
        state["drawn"] = now
        line = bar_line(what, done, state["total"], now - started)
        columns = shutil.get_terminal_size((100, 20)).columns
        if columns < 2:
            return  # no room for a line that does not wrap
        line = line[: columns - 1]
        stream.write("\r" + line.ljust(min(state["width"], columns - 1)))
        stream.flush()
        state["width"] = len(line)

    def finish() -> None:
        if state["width"]:
            stream.write("\r" + " " * state["width"] + "\r")
            stream.flush()

    return update, finish


def heartbeat(what: str, noted: dict | None = None):
    """Progress for a command that works in one piece (a count, a solve, an export): ``((seconds, beat), finish)``
    for :func:`parity._child.run_in_child`'s ``heartbeat``.  Off a terminal a plain line on stderr each
    :data:`PLAIN_SECONDS` (``PARITY_PROGRESS_SECONDS``), ``parity: WHAT: working (engine E), S s``; on a terminal
    the same line redrawn in place each second from the second second on, and cleared by ``finish()`` before the
    answer is printed.  ``noted`` is what the child has noted so far (the engine once it is chosen).

    Examples
    --------
    >>> import contextlib, io
    >>> (every, beat), finish = heartbeat("count polyform", {"engine": "pack"})
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     beat(20.4)
    ...     finish()
    >>> err.getvalue()
    'parity: count polyform: working (engine pack), 20 s\\n'
    """
    terminal = hasattr(sys.stderr, "isatty") and sys.stderr.isatty() and os.environ.get("TERM") != "dumb"
    every = 1.0 if terminal else _interval(os.environ.get("PARITY_PROGRESS_SECONDS"))
    state = {"width": 0}

    def beat(elapsed: float) -> None:
        engine = (noted or {}).get("engine")
        line = f"parity: {what}: working{f' (engine {engine})' if engine else ''}, {elapsed:.0f} s"
        if not terminal:
            print(line, file=sys.stderr, flush=True)
        elif elapsed >= 2.0:
            sys.stderr.write("\r" + line.ljust(state["width"]))
            sys.stderr.flush()
            state["width"] = len(line)

    def finish() -> None:
        if state["width"]:
            sys.stderr.write("\r" + " " * state["width"] + "\r")
            sys.stderr.flush()
            state["width"] = 0

    return (every, beat), finish


def bar_line(what: str, done: int, total: int | None, seconds: float, width: int = 24) -> str:
    """The terminal bar's line: ``WHAT [#####-----] DONE/TOTAL P% R/s S s, ETA E s`` (without a total, the count
    and the rate alone).

    Examples
    --------
    >>> bar_line("sweep lightsout", 30, 120, 6.0, width=8)
    'sweep lightsout [##------] 30/120  25% 5.0/s 6 s, ETA 18 s'
    >>> bar_line("sweep lightsout", 30, None, 6.0)
    'sweep lightsout 30 5.0/s 6 s'
    """
    rate = done / seconds if seconds > 0 else 0.0
    speed = f"{rate:.1f}/s" if rate else ""
    if not total:
        return " ".join(part for part in (what, str(done), speed, f"{seconds:.0f} s") if part)
    filled = min(width, width * done // total)
    left = f", ETA {(total - done) / rate:.0f} s" if rate and done < total else ""
    return (f"{what} [{'#' * filled}{'-' * (width - filled)}] {done}/{total} {100 * done // total:>3}% "
            f"{speed} {seconds:.0f} s{left}")


def _plain_progress(what: str, total: int | None):
    """The progress callback off a terminal: one line on stderr (``parity: WHAT: DONE/TOTAL (P%), S s``) each
    :data:`PLAIN_SECONDS`, none for a command that ends sooner.

    Examples
    --------
    >>> import contextlib, io
    >>> os.environ["PARITY_PROGRESS_SECONDS"] = "0"
    >>> update = _plain_progress("cross-checking lightsout", 200)
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     update(50, None)
    >>> err.getvalue().split(", ")[0]
    'parity: cross-checking lightsout: 50/200 (25%)'
    >>> del os.environ["PARITY_PROGRESS_SECONDS"]
    """
    every = _interval(os.environ.get("PARITY_PROGRESS_SECONDS"))
    started = time.monotonic()
    state = {"next": started + every, "total": total}

    def update(done: int, extra) -> None:
        if isinstance(extra, int):
            state["total"] = extra
        now = time.monotonic()
        if now < state["next"]:
            return
        state["next"] = now + max(every, 1e-9)
        total_now = state["total"]
        of = f"/{total_now} ({100 * done // total_now}%)" if total_now else ""
        print(f"parity: {what}: {done}{of}, {now - started:.0f} s", file=sys.stderr, flush=True)

    return update


def _interval(text: str | None) -> float:
    """The seconds between plain progress lines: ``PARITY_PROGRESS_SECONDS`` when set, else :data:`PLAIN_SECONDS`.

    Examples
    --------
    >>> _interval(None), _interval("2.5")
    (10.0, 2.5)
    >>> _interval("soon")
    Traceback (most recent call last):
    ...
    parity.errors.LimitError: PARITY_PROGRESS_SECONDS must be a number of seconds, 0 or more, got 'soon'
    """
    from ..errors import LimitError

    if text is None:
        return PLAIN_SECONDS
    try:
        seconds = float(text)
    except ValueError:
        seconds = float("nan")
    if not 0 <= seconds < float("inf"):  # (nan fails too)
        raise LimitError(f"PARITY_PROGRESS_SECONDS must be a number of seconds, 0 or more, got {text!r}")
    return seconds
