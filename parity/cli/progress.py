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
        line = line[: max(10, columns - 1)]
        stream.write("\r" + line.ljust(state["width"]))
        stream.flush()
        state["width"] = len(line)

    def finish() -> None:
        if state["width"]:
            stream.write("\r" + " " * state["width"] + "\r")
            stream.flush()

    return update, finish


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
