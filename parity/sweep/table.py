"""Tables by board size: ``parity table lightsout`` (text, CSV, JSON, OEIS b-file), computed through sweeps.

Examples
--------
>>> rows = lightsout_table("1..5")
>>> print(format_table(rows, "bfile"))
1 0
2 0
3 0
4 4
5 2
>>> print(format_table(lightsout_table("3..4", min_presses=True), "text"))
   n  nullity  count  min_presses
   3        0      1            5
   4        4     16            4
"""

from __future__ import annotations

import csv
import io
import json
import os
import tempfile

from ..errors import LimitError
from .builtin import lightsout_task, lightsout_tasks
from .run import Sweep, run_sweep
from .store import Store, task_key

__all__ = ["FORMATS", "COLUMNS", "check_format", "lightsout_table", "table_is_complete", "format_table"]

#: the table formats
FORMATS = ("text", "csv", "json", "bfile")


def lightsout_table(sizes: str, rectangles: bool = False, kind: str = "grid", rule: str = "closed", field: int = 2,
                    min_presses: bool = False, store: str | os.PathLike | None = None, workers: int = 0,
                    scheduler: str | None = None, progress=None, time_limit: float | None = None) -> list[dict]:
    """One row per board (``m``, ``n``, ``nullity``, ``count``, optionally ``min_presses``), in size order.

    With ``store`` the rows come from (and go to) a sweep store, so a long
    table resumes where it stopped; without, a temporary store is used.
    With ``time_limit`` the work stops after that many seconds, and only the
    rows finished by then come back (:func:`table_is_complete` tells); the
    store keeps them, so the same call with the same ``store`` goes on.
    """
    tasks = lightsout_tasks(sizes, rectangles, kind, rule, field, min_presses)
    with tempfile.TemporaryDirectory() as scratch:
        with Store(store if store is not None else os.path.join(scratch, "table.sqlite")) as opened:
            run_sweep(Sweep("lightsout", lightsout_task, tasks), opened, workers=workers, scheduler=scheduler,
                      progress=progress, time_limit=time_limit)
            found = {task_key(row["params"]): row for row in opened.rows("lightsout")}
    rows = []
    for params in tasks:
        row = found.get(task_key(params))
        if row is None:  # not reached within the time limit
            continue
        if row["status"] != "done":
            raise LimitError(f"board {params['kind']}:{params['m']}x{params['n']} failed: {row['error']} "
                             "(rerun with --retry-failed)")
        result = row["result"]
        entry = {"m": params["m"], "n": params["n"], "nullity": result["nullity"], "count": result["count"]}
        if min_presses:
            entry["min_presses"] = result.get("min_presses")
        rows.append(entry)
    return rows


def table_is_complete(rows: list[dict], sizes: str, rectangles: bool = False) -> bool:
    """Whether ``rows`` hold every board that ``sizes`` (and ``rectangles``) ask for."""
    from .builtin import parse_sizes

    side = parse_sizes(sizes)
    return len(rows) == (len(side) * (len(side) + 1) // 2 if rectangles else len(side))


#: the columns of a Lights Out table (``min_presses`` when asked for)
COLUMNS = ("m", "n", "nullity", "count", "min_presses")


def check_format(fmt: str, value: str = "nullity", rectangles: bool = False, min_presses: bool = False) -> None:
    """Refuse a format, a b-file column or a b-file of rectangles before any row is computed.

    Examples
    --------
    >>> check_format("bfile", "count")
    >>> check_format("bfile", rectangles=True)
    Traceback (most recent call last):
    ...
    parity.errors.LimitError: an OEIS b-file lists one value per n: drop --rectangles
    """
    if fmt not in FORMATS:
        raise LimitError(f"unknown table format {fmt!r}; choose one of {', '.join(FORMATS)}")
    columns = COLUMNS if min_presses else COLUMNS[:-1]
    if value not in columns:
        raise LimitError(f"the table has no column {value!r}; it has {', '.join(columns)}")
    if fmt == "bfile" and rectangles:
        raise LimitError("an OEIS b-file lists one value per n: drop --rectangles")


def format_table(rows: list[dict], fmt: str = "text", value: str = "nullity") -> str:
    """The rows as ``text``, ``csv``, ``json`` or an OEIS ``bfile`` (``n a(n)`` lines of ``value``, squares only).

    A b-file lists consecutive terms: it ends before the first row whose
    value is not known (``min_presses`` where the nullity is above the
    search's limit), as the OEIS asks.
    """
    square = all(r["m"] == r["n"] for r in rows)
    check_format(fmt, value, rectangles=not square, min_presses=bool(rows) and "min_presses" in rows[0])
    if fmt == "bfile":
        known = []
        for r in rows:
            if r[value] is None:
                break
            known.append(f"{r['n']} {r[value]}")
        return "\n".join(known)
    if fmt == "json":
        return json.dumps({"rows": rows})
    columns = (["n"] if square else ["m", "n"]) + [k for k in rows[0] if k not in ("m", "n")] if rows else ["n"]
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=columns, extrasaction="ignore", lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        return out.getvalue().rstrip("\n")
    cells = [[str("-" if r.get(c) is None else r.get(c)) for c in columns] for r in rows]
    widths = [max([len(c)] + [len(line[i]) for line in cells]) for i, c in enumerate(columns)]
    lines = ["  ".join(c.rjust(w) for c, w in zip(columns, widths))]
    lines += ["  ".join(x.rjust(w) for x, w in zip(line, widths)) for line in cells]
    return "\n".join(" " + line for line in lines)
