"""``parity sweep most-clicks``: the Most Clicks searches of a table, one board a task of the sweep store.

Each board of ``--sizes`` whose nullity is from 1 to ``--max-nullity`` is searched for ``--seconds``
(:func:`~parity.puzzles.lightsout.certificates.search_board`) into its certificate, kept in the store as it
finishes: on local processes or a Dask cluster, killed and resumed without losing a finished board.  ``parity sweep
check`` re-checks each certificate without the search
(:func:`~parity.puzzles.lightsout.certificates.check_certificate`: the worst start rebuilt and its fewest presses
found again by another route), and the result gathers the table: each board's value, or the bounds reached.

Examples
--------
>>> [t["n"] for t in clicks_tasks("1..11", seconds=30)]
[4, 5, 9, 11]
>>> clicks_task(clicks_tasks("5")[0])["most_clicks"]
15
"""

from __future__ import annotations

from collections.abc import Mapping

from ...errors import LimitError, ParityError

__all__ = ["CLICKS_SWEEP", "clicks_tasks", "clicks_task", "clicks_check", "clicks_result"]

#: the sweep's name in a store
CLICKS_SWEEP = "most-clicks"


def clicks_tasks(sizes: str = "1..30", kind: str = "grid", seconds: float = 60.0, max_nullity: int = 12
                 ) -> list[dict]:
    """The tasks of ``parity sweep most-clicks``: a board of each side of ``sizes`` whose nullity is from 1 to
    ``max_nullity`` (a board of nullity 0 needs every light: no search), ``{"n", "kind", "seconds"}``."""
    from ..._limits import check_max_nullity, check_time_limit
    from ..registry import parse_sizes
    from .certificates import TABLES, board_nullity

    if kind not in TABLES:
        raise LimitError(f"--kind: one of {', '.join(TABLES)}, got {kind!r}")
    seconds = check_time_limit(seconds, "--seconds")
    if seconds is None:
        raise LimitError("--seconds: a board's search needs a time")
    max_nullity = check_max_nullity(max_nullity)
    return [{"n": n, "kind": kind, "seconds": seconds} for n in parse_sizes(sizes)
            if 0 < board_nullity(n, kind) <= max_nullity]


def clicks_task(params: Mapping) -> dict:
    """One board searched into its certificate (exact, or the bounds reached when its time ran out)."""
    from .certificates import search_board

    return search_board(params["n"], params["seconds"], params["kind"])


def clicks_check(row: Mapping) -> list[str]:
    """The problems a finished board's certificate shows when checked again without the search (an empty list
    when it holds)."""
    from .certificates import check_certificate

    try:
        check_certificate(row["result"], row["params"]["kind"])
    except ParityError as error:
        return [str(error)]
    return []


def clicks_result(store, sizes: str = "1..30", kind: str = "grid", seconds: float = 60.0, max_nullity: int = 12
                  ) -> tuple[dict, str]:
    """The table the finished boards in ``store`` make: each board's most clicks, or the bounds its search
    reached, and a line a board saying it."""
    tasks = clicks_tasks(sizes, kind, seconds, max_nullity)
    rows, lines = [], []
    for task, entry in zip(tasks, store.results(CLICKS_SWEEP, tasks)):
        if entry is None:
            rows.append({"n": task["n"], "done": False})
            lines.append(f"{task['n']:4d}  not yet searched")
            continue
        value = entry["most_clicks"]
        rows.append({"n": task["n"], "done": True, "nullity": entry["nullity"], "most_clicks": value,
                     "lower": entry["lower"], "upper": entry["upper"]})
        shown = str(value) if value is not None else f"{entry['lower']}..{entry['upper']}"
        lines.append(f"{task['n']:4d}  nullity {entry['nullity']:3d}  most clicks {shown}"
                     + ("" if value is not None else "  (the search's time ran out)"))
    done = sum(r["done"] for r in rows)
    summary = {"tasks": len(tasks), "done": done, "complete": done == len(tasks),
               "exact": sum(r.get("most_clicks") is not None for r in rows), "boards": rows}
    return summary, "\n".join([f"most-clicks ({kind}): {done} of {len(tasks)} boards searched, "
                               f"{summary['exact']} exact", *lines])
