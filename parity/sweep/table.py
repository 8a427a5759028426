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
import time
from collections.abc import Iterable, Iterator, Sequence

from .._limits import check_time_limit
from ..errors import LimitError
from ..puzzles.lightsout.sweep import board_free, board_free_nullity, lightsout_row, lightsout_task, lightsout_tasks
from .run import Sweep, check_workers, iter_sweep
from .store import Store, task_key

__all__ = ["Table", "FORMATS", "EXTRAS", "COLUMNS", "check_format", "table_rows", "lightsout_table", "lightsout_rows", "lightsout_table_rows", "stream_lines", "table_is_complete", "format_table"]

#: the table formats
FORMATS = ("text", "csv", "json", "bfile")


#: from this many n x n grids on, the polynomial route sweeps every side up to the largest at once
#: (:func:`~parity.linalg.poly.iter_square_nullities`) instead of one gcd a board
BATCH_FROM = 64
#: board-free rows are committed to a store in chunks of this many (or at least once a second)
_CHUNK = 512


def lightsout_table(sizes: str, rectangles: bool = False, kind: str = "grid", rule: str = "closed", field: int = 2,
                    min_presses: bool = False, store: str | os.PathLike | None = None, workers: int = 0,
                    scheduler: str | None = None, progress=None, time_limit: float | None = None,
                    most_clicks: bool = False) -> list[dict]:
    """One row per board (``m``, ``n``, ``nullity``, ``count``, optionally ``min_presses`` and ``most_clicks``), in
    size order.

    With ``store`` the rows come from (and go to) a sweep store, so a long
    table resumes where it stopped; without, a temporary store is used.
    With ``time_limit`` the work stops after that many seconds, and only the
    rows finished by then come back (:func:`table_is_complete` tells); the
    store keeps them, so the same call with the same ``store`` goes on.
    See :func:`lightsout_rows` for the rows one by one.
    """
    rows = lightsout_rows(sizes, rectangles, kind, rule, field, min_presses, store, workers, scheduler, progress,
                          time_limit, most_clicks)
    return Table(rows, caption=f"Lights Out on {kind} boards {sizes}, {rule} rule over GF({field})")


class Table(list):
    """A table's rows (a list of dicts, as :func:`lightsout_table` returns them) that a notebook shows as an HTML
    table: every column, the first rows, a number too long to read shown by its ends and its length (the rows
    keep every digit; :func:`format_table` writes them as text, CSV or JSON).

    Examples
    --------
    >>> table = Table([{"n": 1, "nullity": 0}, {"n": 2, "nullity": 0}], caption="two boards")
    >>> table == [{"n": 1, "nullity": 0}, {"n": 2, "nullity": 0}]
    True
    >>> table._repr_html_()[:58]
    '<table class="parity"><caption>two boards</caption><thead>'
    """

    def __init__(self, rows=(), caption: str | None = None) -> None:
        super().__init__(rows)
        self.caption = caption

    def _repr_html_(self) -> str:
        from .._display import html_table

        return html_table(self, caption=self.caption)


def lightsout_rows(sizes: str, rectangles: bool = False, kind: str = "grid", rule: str = "closed", field: int = 2,
                   min_presses: bool = False, store: str | os.PathLike | None = None, workers: int = 0,
                   scheduler: str | None = None, progress=None, time_limit: float | None = None,
                   most_clicks: bool = False) -> Iterator[dict]:
    """The rows of :func:`lightsout_table` one by one, in size order.

    Where every board is answered without a board
    (:func:`~parity.sweep.builtin.board_free`: the closed rule over GF(2) on
    grids, cylinders and tori) the rows come from the polynomial route in
    this process, each as soon as it is known, and no graph is built; many
    n x n grids share one sweep over the sides.  Other tables run their tasks
    as a sweep (local workers or a Dask cluster), and each row comes once the
    sweep has finished it and every row before it.  Bad options are refused
    when it is called, before any row is asked for.
    """
    tasks = lightsout_tasks(sizes, rectangles, kind, rule, field, min_presses, most_clicks)
    time_limit = check_time_limit(time_limit)
    check_workers(workers)  # refused as the sweep would, also where no worker is needed
    return _rows(tasks, store, workers, scheduler, progress, time_limit)


def _rows(tasks: list[dict], store, workers: int, scheduler, progress, time_limit: float | None) -> Iterator[dict]:
    """The rows of :func:`lightsout_rows`' checked tasks, one by one."""
    if all(board_free(params) for params in tasks):
        yield from _board_free_rows(tasks, store, progress, time_limit)
        return
    with tempfile.TemporaryDirectory() as scratch:
        with Store(store if store is not None else os.path.join(scratch, "table.sqlite")) as opened:
            found = {task_key(row["params"]): row for row in opened.rows("lightsout")}
            given = 0  # the rows given so far: a prefix of the tasks
            for outcomes in iter_sweep(Sweep("lightsout", lightsout_task, tasks), opened, workers=workers,
                                       scheduler=scheduler, progress=progress, time_limit=time_limit):
                found.update((task_key(params), outcome) for params, outcome in outcomes)
                while given < len(tasks) and task_key(tasks[given]) in found:
                    yield _stored_row(tasks[given], found[task_key(tasks[given])])
                    given += 1
            found.update((task_key(row["params"]), row) for row in opened.rows("lightsout"))  # other runs' rows too
    for params in tasks[given:]:
        row = found.get(task_key(params))
        if row is not None:  # (else not reached within the time limit)
            yield _stored_row(params, row)


def table_rows(spec, *, store: str | os.PathLike | None = None, workers: int = 0, scheduler: str | None = None,
               progress=None, time_limit: float | None = None, **values) -> Iterator[dict]:
    """The rows of ``parity table NAME`` for the sweep ``spec`` (a :class:`~parity.puzzles.registry.SweepSpec`
    with a table): its table's own rows function where it has one, else one row a task, made by the table's
    ``row`` function from the task's row, in task order, as the sweep finishes them (the tasks the store holds
    are not run again).  Bad options are refused when it is called."""
    table = spec.table
    if table.rows is not None:
        return table.function()(store=store, workers=workers, scheduler=scheduler, progress=progress,
                                time_limit=time_limit, **values)
    tasks = spec.make_tasks(**{o.name: values[o.name] for o in spec.options if o.name in values})
    check_workers(workers)
    return _task_rows(spec.name, spec.function(), table.row_function(), tasks, store, workers, scheduler, progress,
                      check_time_limit(time_limit))


def _task_rows(name: str, task, row, tasks: list[dict], store, workers: int, scheduler, progress,
               time_limit: float | None) -> Iterator[dict]:
    """The rows of :func:`table_rows` for a table of one row a task."""
    with tempfile.TemporaryDirectory() as scratch:
        with Store(store if store is not None else os.path.join(scratch, "table.sqlite")) as opened:
            found = {task_key(r["params"]): r for r in opened.rows(name)}
            given = 0
            for outcomes in iter_sweep(Sweep(name, task, tasks), opened, workers=workers, scheduler=scheduler,
                                       progress=progress, time_limit=time_limit):
                found.update((task_key(params), {"params": params, **outcome}) for params, outcome in outcomes)
                while given < len(tasks) and task_key(tasks[given]) in found:
                    yield row(found[task_key(tasks[given])])
                    given += 1
            found.update((task_key(r["params"]), r) for r in opened.rows(name))  # other runs' rows too
    for params in tasks[given:]:
        if task_key(params) in found:  # (else not reached within the time limit)
            yield row(found[task_key(params)])


def lightsout_table_rows(sizes: str, rectangles: bool = False, kind: str = "grid", rule: str = "closed",
                         field: int = 2, min_presses: bool = False, most_clicks: bool = False,
                         board_seconds: float = 60.0, max_nullity: int = 20, *, store: str | os.PathLike | None = None, workers: int = 0,
                         scheduler: str | None = None, progress=None, time_limit: float | None = None) -> Iterator[dict]:
    """The rows of ``parity table lightsout`` (its :class:`~parity.puzzles.registry.TableSpec`): the options are
    refused now, before any row is computed; the rows come one by one (:func:`lightsout_rows`).

    ``board_seconds`` is the time each board's Most Clicks search may take; ``max_nullity`` bounds each board's
    search for the fewest presses (at most ``2 ** max_nullity`` steps, as :func:`parity.solve` takes it).

    Examples
    --------
    >>> [row["nullity"] for row in lightsout_table_rows("4..5")]
    [4, 2]
    >>> lightsout_table_rows("4", most_clicks=True, board_seconds=0)
    Traceback (most recent call last):
    ...
    parity.errors.LimitError: --board-seconds must be a positive number of seconds, got 0
    """
    if most_clicks and not 0 < board_seconds < float("inf"):  # (nan fails both)
        raise LimitError(f"--board-seconds must be a positive number of seconds, got {board_seconds:g}")
    min_presses = max_nullity if min_presses else False  # (the tasks name a bound other than the default only)
    return lightsout_rows(sizes, rectangles, kind, rule, field, min_presses, store, workers, scheduler,
                          progress=progress, time_limit=time_limit, most_clicks=board_seconds if most_clicks else False)


def _stored_row(params: dict, row: dict) -> dict:
    """A table's row from its task's row in the store (or outcome of the run); a failed task is an error."""
    if row["status"] != "done":
        raise LimitError(f"board {params['kind']}:{params['m']}x{params['n']} failed: {row.get('error')} "
                         "(rerun with --retry-failed)")
    return _table_row(params, row["result"])


def _table_row(params: dict, result: dict) -> dict:
    """A table's row from its task's result: the extra columns its task asked for, each with how it was found."""
    entry = {"m": params["m"], "n": params["n"], "nullity": result["nullity"], "count": result["count"]}
    for column in EXTRAS:
        if params.get(column):
            entry[column] = result.get(column)
            entry[f"{column}_method"] = result.get(f"{column}_method")
            if f"{column}_bounds" in result:  # a search stopped by its time: the bounds it reached
                entry[f"{column}_bounds"] = result[f"{column}_bounds"]
    return entry


def _board_free_rows(tasks: list[dict], store, progress, time_limit: float | None) -> Iterator[dict]:
    """The rows of board-free tasks, each as soon as its nullity is known; a store's rows are reused and new ones
    committed in chunks (so an interrupted table loses at most a chunk)."""
    from ..linalg import poly

    started = time.monotonic()
    opened = Store(store) if store is not None else None
    pending: list = []
    try:
        done = {} if opened is None else {task_key(row["params"]): row["result"] for row in opened.rows("lightsout")
                                           if row["status"] == "done"}
        squares = [p for p in tasks if p["kind"] == "grid" and p["m"] == p["n"] and task_key(p) not in done]
        swept = None
        if len(squares) >= BATCH_FROM and len(squares) == len(tasks) - sum(task_key(p) in done for p in tasks):
            swept = poly.iter_square_nullities(max(p["n"] for p in squares))
        side, committed = 0, time.monotonic()
        for number, params in enumerate(tasks, 1):
            if time_limit is not None and time.monotonic() - started > time_limit:
                break
            result = done.get(task_key(params))
            if result is None:
                tick = time.perf_counter()
                if swept is not None:  # the sweep's nullities up to this side; the boards not asked for are skipped
                    while side < params["n"]:
                        nullity, side = next(swept), side + 1
                else:
                    nullity = board_free_nullity(params)
                left = None if time_limit is None else time_limit - (time.monotonic() - started)
                if params.get("most_clicks") and left is not None and left < params["most_clicks_seconds"]:
                    # the search gets what the table's limit leaves; cut short, the row is not kept as done
                    result = lightsout_row({**params, "most_clicks_seconds": max(left, 0.01)}, nullity)
                    if result.get("most_clicks") is None and "most_clicks_bounds" in result and \
                            "by counting" not in result["most_clicks_method"]:  # (counting is no search)
                        break
                else:
                    result = lightsout_row(params, nullity)
                pending.append((params, {"status": "done", "result": result, "engine": "poly",
                                         "seconds": time.perf_counter() - tick}))
                if opened is not None and (len(pending) >= _CHUNK or time.monotonic() - committed > 1.0):
                    opened.record_many("lightsout", pending)
                    pending, committed = [], time.monotonic()
            if progress is not None:
                progress(number, len(tasks))
            yield _table_row(params, result)
    finally:
        if opened is not None:
            if pending:
                opened.record_many("lightsout", pending)
            opened.close()


def table_is_complete(rows: list[dict], sizes: str, rectangles: bool = False) -> bool:
    """Whether ``rows`` hold every board that ``sizes`` (and ``rectangles``) ask for."""
    from .builtin import parse_sizes

    side = parse_sizes(sizes)
    return len(rows) == (len(side) * (len(side) + 1) // 2 if rectangles else len(side))


#: the columns a Lights Out table adds when asked for: the fewest presses from all-on, the most clicks
EXTRAS = ("min_presses", "most_clicks")
#: the columns of a Lights Out table (the extras when asked for)
COLUMNS = ("m", "n", "nullity", "count", *EXTRAS)


def check_format(fmt: str, value: str = "nullity", rectangles: bool = False, extras: tuple[str, ...] = (),
                 columns: Sequence[str] = COLUMNS[2:4], optional: Sequence[str] = EXTRAS,
                 index: Sequence[str] = ("m", "n")) -> None:
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
    if fmt == "bfile" and tuple(index) != ("m", "n"):
        raise LimitError(f"an OEIS b-file lists one value per n; this table's rows are named by {', '.join(index)}")
    columns = [*index, *columns, *(c for c in optional if c in extras)]
    if value not in columns:
        raise LimitError(f"the table has no column {value!r}; it has {', '.join(columns)}")
    if fmt == "bfile" and rectangles:
        raise LimitError("an OEIS b-file lists one value per n: drop --rectangles")


def stream_lines(rows: Iterable[dict], fmt: str, value: str = "nullity", rectangles: bool = False,
                 extras: tuple[str, ...] = (), columns: Sequence[str] = COLUMNS[2:4],
                 optional: Sequence[str] = EXTRAS, index: Sequence[str] = ("m", "n")) -> Iterator[str]:
    """The lines of a ``csv`` or ``bfile`` table, each as soon as its row comes (the other formats need every row
    first: ``text`` aligns its columns, ``json`` is one object).  A b-file ends before the first row whose value
    is not known.

    Examples
    --------
    >>> list(stream_lines(lightsout_rows("3..5"), "csv"))
    ['n,nullity,count', '3,0,1', '4,4,16', '5,2,4']
    """
    if fmt not in ("csv", "bfile"):
        raise LimitError(f"only csv and bfile tables stream, not {fmt!r}")
    check_format(fmt, value, rectangles, extras, columns, optional, index)
    if fmt == "csv":
        lead = list(index) if tuple(index) != ("m", "n") else ["m", "n"] if rectangles else ["n"]
        columns = lead + list(columns) + [c for c in optional if c in extras]
        yield ",".join(_csv_header(columns))
    for row in rows:
        if fmt == "bfile":
            if row[value] is None:
                return
            yield f"{row['n']} {row[value]}"
        else:
            yield ",".join(_csv_row(row, columns))


#: the extra columns whose searches can end with bounds instead of a value
BOUNDED = ("most_clicks",)


def _csv_header(columns: list[str]) -> list[str]:
    """A CSV table's header: each column that can end with bounds followed by them (``_lower``, ``_upper``), so
    that a board whose search stopped keeps what it proved."""
    return [name for c in columns for name in ((c, f"{c}_lower", f"{c}_upper") if c in BOUNDED else (c,))]


def _csv_row(row: dict, columns: list[str]) -> list[str]:
    """A CSV table's row under :func:`_csv_header` of ``columns``: each value, and after a bounded column its
    bounds (the value itself where it is known, else the bounds reached, else empty)."""
    cells = []
    for c in columns:
        cells.append(row.get(c))
        if c in BOUNDED:
            cells += [row[c]] * 2 if row.get(c) is not None else row.get(f"{c}_bounds") or [None, None]
    return ["" if value is None else str(value) for value in cells]


#: a text table writes an integer of more digits than this in scientific form (CSV, JSON and b-files keep every digit)
TEXT_DIGITS = 24


def _cell(row: dict, column: str) -> str:
    """A text table's entry: the value, the bounds a stopped search reached (``L..U``), or ``-``; an integer of more
    than :data:`TEXT_DIGITS` digits as its first four figures and its power of ten (``1.071e+301``), so that one
    huge count does not pad every row.

    Examples
    --------
    >>> _cell({"count": 2**1000}, "count"), _cell({"count": 2**20}, "count")
    ('1.071e+301', '1048576')
    """
    value = row.get(column)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**TEXT_DIGITS:
        digits = str(abs(value))
        return f"{'-' if value < 0 else ''}{digits[0]}.{digits[1:4]}e+{len(digits) - 1}"
    if value is not None:
        return str(value)
    bounds = row.get(f"{column}_bounds")
    return f"{bounds[0]}..{bounds[1]}" if bounds else "-"


def format_table(rows: list[dict], fmt: str = "text", value: str = "nullity", columns: Sequence[str] = COLUMNS[2:4],
                 optional: Sequence[str] = EXTRAS, index: Sequence[str] = ("m", "n")) -> str:
    """The rows as ``text``, ``csv``, ``json`` or an OEIS ``bfile`` (``n a(n)`` lines of ``value``, squares only).

    A b-file lists consecutive terms: it ends before the first row whose
    value is not known (``min_presses`` where the nullity is above the
    search's limit), as the OEIS asks.  A table whose rows are named by other
    columns than the board's size (``index``: ``("name",)``) writes those
    first, and no b-file.

    Examples
    --------
    >>> print(format_table([{"name": "a", "count": 4, "note": None}], value="count", columns=("count", "note"),
    ...                    optional=(), index=("name",)))
     name  count  note
        a      4     -
    """
    by_size = tuple(index) == ("m", "n")
    square = by_size and all(r["m"] == r["n"] for r in rows)
    check_format(fmt, value, rectangles=by_size and not square,
                 extras=tuple(c for c in optional if rows and c in rows[0]), columns=columns, optional=optional,
                 index=index)
    shown = (*index, *columns, *optional)
    if fmt == "bfile":
        known = []
        for r in rows:
            if r[value] is None:
                break
            known.append(f"{r['n']} {r[value]}")
        return "\n".join(known)
    if fmt == "json":
        return json.dumps({"rows": rows})
    lead = (["n"] if square else ["m", "n"]) if by_size else list(index)
    columns = lead + [k for k in rows[0] if k in shown and k not in lead and k not in ("m", "n")] \
        if rows else lead  # (JSON keeps every key: how each minimum was found, too)
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(_csv_header(columns))
        writer.writerows(_csv_row(r, columns) for r in rows)
        return out.getvalue().rstrip("\n")
    cells = [[_cell(r, c) for c in columns] for r in rows]
    widths = [max([len(c)] + [len(line[i]) for line in cells]) for i, c in enumerate(columns)]
    lines = ["  ".join(c.rjust(w) for c, w in zip(columns, widths))]
    lines += ["  ".join(x.rjust(w) for x, w in zip(line, widths)) for line in cells]
    return "\n".join(" " + line for line in lines)
