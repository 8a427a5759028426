"""Progress on long commands: a bar on stderr when it is a terminal; otherwise a plain line now and then (a log,
a pipe, a batch job), the first after :data:`PLAIN_SECONDS` (``PARITY_PROGRESS_SECONDS`` in the environment)."""

from __future__ import annotations

import os
import sys
import time

#: off a terminal, a long command's first progress line comes after this many seconds, and one each this long after
PLAIN_SECONDS = 10.0


def _positive(seconds: float) -> float:
    from .._limits import check_time_limit

    return check_time_limit(seconds)


def _progress_bar(what: str, total: int | None):
    """A rich progress bar on stderr when it is a terminal, with rate and ETA; returns (callback, finish).

    The callback takes ``(done, total_or_report)``: a number updates the total too.
    """
    from rich.console import Console

    console = Console(stderr=True)
    if not console.is_terminal:
        return _plain_progress(what if what.startswith("sweep") else f"cross-checking {what}", total), lambda: None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("[progress.percentage]{task.percentage:>3.0f}%"),
                   TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                   console=console, transient=True)
    bar.start()
    task = bar.add_task(what if what.startswith("sweep") else f"cross-checking {what}", total=total, rate="")

    def update(done: int, extra) -> None:
        if isinstance(extra, int):
            bar.update(task, total=extra)
        speed = bar.tasks[task].speed
        bar.update(task, completed=done, rate=f"{speed:.1f}/s" if speed else "")

    return update, bar.stop


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
