"""Progress on long commands: a bar on stderr when it is a terminal, nothing otherwise."""

from __future__ import annotations


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
        return None, lambda: None
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
