"""``parity table``: tables by board size (text, CSV, JSON, OEIS b-file), computed through a resumable sweep."""

from __future__ import annotations

import json
import sys

import click

from ..errors import LimitError
from .progress import _progress_bar
from .signals import _Interrupted


@click.group("table")
def table_group() -> None:
    """Tables by board size (text, CSV, JSON, OEIS b-file), computed through a resumable sweep."""


@table_group.command("lightsout")
@click.option("--sizes", required=True, help="Board sides: N, A..B, or a comma list (1..130).")
@click.option("--rectangles", is_flag=True, help="Every m x n with m <= n, not only squares.")
@click.option("--kind", default="grid", show_default=True, help="grid, torus or cylinder.")
@click.option("--rule", default="closed", show_default=True, help="closed or open.")
@click.option("--field", default=2, show_default=True, type=int, help="Number of light states, a prime p.")
@click.option("--min-presses", "min_presses", is_flag=True,
              help="Add the fewest presses that clear the all-on start (exact search, where the nullity is at most 20).")
@click.option("--most-clicks", "most_clicks", is_flag=True,
              help="Add the most presses any solvable start needs, solved optimally (exact, with a worst start; where "
                   "the nullity is at most 12 and within --board-seconds a board).")
@click.option("--board-seconds", "board_seconds", type=float, default=60.0, show_default=True,
              help="With --most-clicks: give a board's search this long, then the bounds it reached.")
@click.option("--value", default="nullity", show_default=True, help="The column a b-file lists: nullity, count, "
              "min_presses or most_clicks.")
@click.option("--format", "fmt", default="text", show_default=True, help="text, csv, json or bfile (OEIS 'n a(n)').")
@click.option("--store", default=None, help="Sweep store to keep and resume the table's work (default: none kept).")
@click.option("--workers", type=click.IntRange(min=0), default=0, show_default=True,
              help="Local worker processes (0: this process).")
@click.option("--scheduler", default=None, help="Dask scheduler address (tcp://HOST:PORT).")
@click.option("-o", "--output", default=None, help="Write the table to this file instead of stdout.")
@click.option("--time-limit", "time_limit", type=float, default=None,
              help="Stop after this many seconds and give the rows finished by then (kept in --store to go on).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout (the rows and whether the "
              "table is complete).")
def table_lightsout(sizes, rectangles, kind, rule, field, min_presses, most_clicks, board_seconds, value, fmt, store,
                    workers, scheduler, output, time_limit, as_json) -> None:
    """Nullity and number of solutions of Lights Out boards by size (A159257 for n x n, closed rule).

    CSV and b-file rows are written as they are computed; text and JSON when the table is done.
    """
    from ..sweep.output import TableFile
    from ..sweep.table import check_format, format_table, lightsout_rows, stream_lines, table_is_complete

    if as_json and output is not None:
        raise LimitError("--json prints the table on stdout, where -o would not; drop one of them")
    min_presses = min_presses or value == "min_presses"
    most_clicks = most_clicks or value == "most_clicks"
    if most_clicks and not 0 < board_seconds < float("inf"):  # (nan fails both)
        raise LimitError(f"--board-seconds must be a positive number of seconds, got {board_seconds:g}")
    extras = tuple(c for c, asked in (("min_presses", min_presses), ("most_clicks", most_clicks)) if asked)
    check_format(fmt, value, rectangles, extras)  # before the work, not after it
    streamed = fmt in ("csv", "bfile") and not as_json
    out, rows, listed, finish = None, [], 0, (lambda: None)
    try:
        # written beside the file and moved over it at the end: an interrupted table leaves the old one as it was
        out = None if output is None else TableFile(output)
        progress, finish = _progress_bar("sweep lightsout table", None)
        made = lightsout_rows(sizes, rectangles, kind, rule, field, min_presses, store, workers, scheduler,
                              progress=progress, time_limit=time_limit,
                              most_clicks=board_seconds if most_clicks else False)
        if streamed:
            for line in stream_lines((rows.append(row) or row for row in made), fmt, value, rectangles, extras):
                if out is None:
                    click.echo(line)  # (a progress bar on a terminal stays below the rows)
                else:
                    out.write(line + "\n")
                listed += 1
        for row in made:  # (streamed: the rows after a b-file's end, still computed for the store and the checks)
            rows.append(row)
    except (KeyboardInterrupt, _Interrupted):
        finish()
        finished = max(0, listed - (fmt == "csv")) if streamed else len(rows)
        if out is not None and finished:
            if not streamed:
                out.write(format_table(rows, fmt, value) + "\n")
            kept = out.keep()
            if kept is not None:  # (else a device or a pipe was written as it is)
                unchanged = "is as it was" if out.existed else "was not created"
                click.echo(f"parity: interrupted; the {finished} rows finished are in {kept}; {output} {unchanged}",
                           err=True)
                sys.exit(130)
        elif out is not None:
            out.discard()
        raise
    except BaseException:
        if out is not None:
            out.discard()
        raise
    finally:
        finish()
    complete = table_is_complete(rows, sizes, rectangles)
    if not complete:
        click.echo(f"parity: the time limit of {time_limit:g} s was spent: {len(rows)} rows finished"
                   + (f", kept in {store}" if store else ""), err=True)
    if as_json:
        click.echo(json.dumps({"table": "lightsout", "kind": kind, "rule": rule, "field": field, "complete": complete,
                               "rows": rows}))
        return
    if fmt in ("csv", "bfile"):  # written already
        if fmt == "bfile" and listed < len(rows):
            click.echo(f"parity: the b-file ends before n = {rows[listed]['n']}, whose {value} is not known (a b-file "
                       "lists consecutive terms)", err=True)
    else:
        text = format_table(rows, fmt, value)
        if output is None:
            click.echo(text)
            return
        out.write(text + "\n")
    if out is not None:
        out.commit()
        click.echo(f"wrote {output} ({len(rows)} rows)", err=True)
