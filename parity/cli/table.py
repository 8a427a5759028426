"""``parity table NAME``: tables by size (text, CSV, JSON, OEIS b-file), computed through a resumable sweep.

A family declares its tables with its sweeps
(:class:`~parity.puzzles.registry.TableSpec`): the command is built from the
sweep's options, the table's own, and those every table has; nothing here
names a family.
"""

from __future__ import annotations

import json
import sys

import click

from ..errors import LimitError
from .family import _click_param
from .progress import _progress_bar
from .signals import _Interrupted

#: the options every table has, after its sweep's and its own
_TABLE_OPTIONS = (
    (["--value"], dict(default=None, help="The column a b-file lists (default: the first value column).")),
    (["--format", "fmt"], dict(default="text", show_default=True, help="text, csv, json or bfile (OEIS 'n a(n)').")),
    (["--store"], dict(default=None, help="Sweep store to keep and resume the table's work (default: none kept).")),
    (["--workers"], dict(type=click.IntRange(min=0), default=0, show_default=True,
                         help="Local worker processes (0: this process).")),
    (["--scheduler"], dict(default=None, help="Dask scheduler address (tcp://HOST:PORT).")),
    (["-o", "--output"], dict(default=None, help="Write the table to this file instead of stdout.")),
    (["--time-limit", "time_limit"], dict(type=float, default=None, help="Stop after this many seconds and give the "
                                          "rows finished by then (kept in --store to go on).")),
    (["--json", "as_json"], dict(is_flag=True, help="Print one JSON object on stdout (the rows and whether the table "
                                 "is complete).")),
)


class _TableGroup(click.Group):
    """``parity table NAME``: one command a table the families declare (built when asked for)."""

    def list_commands(self, ctx) -> list[str]:
        from ..puzzles.registry import tables

        return sorted(tables())

    def get_command(self, ctx, name: str):
        from ..puzzles.registry import tables

        spec = tables().get(name)
        if spec is None:
            return None
        params = [_click_param(o) for o in (*spec.options, *spec.table.options)]
        params += [click.Option(flags, **settings) for flags, settings in _TABLE_OPTIONS]
        first = spec.table.columns[0]
        asked = f"; asked for: {', '.join(spec.table.extras)}" if spec.table.extras else ""
        help_text = (f"{spec.table.summary}\n\nColumns: {', '.join([*spec.table.index, *spec.table.columns])}{asked}. "
                     f"--value defaults to {first}. CSV and b-file rows are written as they are computed; text and "
                     "JSON when the table is done.")
        return click.Command(name, params=params, callback=lambda **values: _run_table(spec, values),
                             help=help_text, short_help=spec.summary)


table_group = _TableGroup("table", help="Tables by size (text, CSV, JSON, OEIS b-file), computed through a resumable "
                                        "sweep.")


def _run_table(spec, values: dict) -> None:
    """Compute the table's rows and write them: streamed where the format allows, all at once otherwise; an
    interrupt keeps the rows finished (beside ``-o``'s file, which stays as it was)."""
    from ..sweep.output import TableFile
    from ..sweep.table import check_format, format_table, stream_lines, table_rows

    table = spec.table
    fmt, output, as_json = values.pop("fmt"), values.pop("output"), values.pop("as_json")
    value = values.pop("value") or table.columns[0]
    common = {key: values.pop(key) for key in ("store", "workers", "scheduler", "time_limit")}
    if common["scheduler"] is not None:  # refused before the store is made
        from .._extras import require

        require("distributed", "--scheduler")
    if as_json and output is not None:
        raise LimitError("--json prints the table on stdout, where -o would not; drop one of them")
    if value in table.extras:  # a b-file of a column asks for that column
        values[value] = True
    extras = tuple(c for c in table.extras if values.get(c))
    rectangles = bool(values.get("rectangles"))
    shape = {"columns": table.columns, "optional": table.extras, "index": table.index}
    check_format(fmt, value, rectangles, extras, **shape)  # before the work
    streamed = fmt in ("csv", "bfile") and not as_json
    out, rows, listed, finish = None, [], 0, (lambda: None)
    try:
        # written beside the file and moved over it at the end: an interrupted table leaves the old one as it was
        out = None if output is None else TableFile(output)
        progress, finish = _progress_bar(f"sweep {spec.name} table", None)
        made = table_rows(spec, progress=progress, **common, **values)
        if streamed:
            for line in stream_lines((rows.append(row) or row for row in made), fmt, value, rectangles, extras,
                                     **shape):
                if out is None:
                    click.echo(line)  # (a progress bar on a terminal stays below the rows)
                else:
                    out.write(line + "\n")
                listed += 1
        for row in made:  # (streamed: the rows after a b-file's end, still computed for the store and the checks)
            rows.append(row)
    except (KeyboardInterrupt, _Interrupted):
        finish()
        if streamed and out is not None:  # what the file holds: the interrupt may come between a write and `listed`
            written = out.lines()
            listed = listed if written is None else written
        finished = max(0, listed - (fmt == "csv")) if streamed else len(rows)
        if out is not None and finished:
            if not streamed:
                out.write(format_table(rows, fmt, value, **shape) + "\n")
            kept = out.keep()
            if kept is not None:  # (else a device or a pipe was written as it is)
                unchanged = "is as it was" if out.existed else "was not created"
                click.echo(f"parity: interrupted; the {finished} rows finished are in {kept}; {output} {unchanged}",
                           err=True)
                sys.exit(130)
        elif out is not None:
            out.discard()
        elif output is not None:
            TableFile.forget(output)  # interrupted while the file was being opened
        raise
    except BaseException:
        if out is not None:
            out.discard()
        elif output is not None:
            TableFile.forget(output)
        raise
    finally:
        finish()
    complete = len(rows) == len(spec.make_tasks(**{o.name: values[o.name] for o in spec.options}))
    if not complete:
        click.echo(f"parity: the time limit of {common['time_limit']:g} s was spent: {len(rows)} rows finished"
                   + (f", kept in {common['store']}" if common["store"] else ""), err=True)
    if as_json:
        said = {o.name: values[o.name] for o in spec.options if o.name not in ("sizes", "rectangles")}
        click.echo(json.dumps({"table": spec.name, **said, "complete": complete, "rows": rows}))
        return
    if fmt in ("csv", "bfile"):  # written already
        if fmt == "bfile" and listed < len(rows):
            click.echo(f"parity: the b-file ends before n = {rows[listed]['n']}, whose {value} is not known (a b-file "
                       "lists consecutive terms)", err=True)
    else:
        text = format_table(rows, fmt, value, **shape)
        if output is None:
            click.echo(text)
            return
        out.write(text + "\n")
    if out is not None:
        out.commit()
        click.echo(f"wrote {output} ({len(rows)} rows)", err=True)
