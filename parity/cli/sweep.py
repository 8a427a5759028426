"""``parity sweep NAME``: the sweeps the families declare (:class:`~parity.puzzles.registry.SweepSpec`), run
into an SQLite store; ``show``, ``export`` and ``check`` read a store."""

from __future__ import annotations

import json

import click

from .family import _click_param
from .progress import _progress_bar


class _SweepGroup(click.Group):
    """``parity sweep NAME ...`` runs a built-in sweep; ``show``, ``export`` and ``check`` read a store."""

    def list_commands(self, ctx) -> list[str]:
        from ..puzzles.registry import sweeps

        return [*sweeps(), "show", "export", "check"]

    def get_command(self, ctx, name: str):
        if name in self.commands:
            return self.commands[name]
        from ..puzzles.registry import sweeps

        spec = sweeps().get(name)
        if spec is None:
            return None
        params = [_click_param(o) for o in spec.options] + [
            click.Option(["--store"], required=True, help="SQLite file that keeps every finished task (created if missing)."),
            click.Option(["--workers"], type=click.IntRange(min=0), default=None,
                         help="Local worker processes (default: the number of cores; 0 runs in this process)."),
            click.Option(["--scheduler"], default=None, help="Dask scheduler address (tcp://HOST:PORT): run on that cluster."),
            click.Option(["--retry-failed", "retry_failed"], is_flag=True, help="Run the tasks recorded as failed again."),
            click.Option(["--chunk-size", "chunk_size"], type=click.IntRange(min=1), default=None,
                         help="Tasks per job sent to a worker (default: chosen from the number of tasks)."),
            click.Option(["--time-limit", "time_limit"], type=float, default=None,
                         help="Stop after this many seconds; what finished is in the store (run again to go on)."),
            click.Option(["--json", "as_json"], is_flag=True, help="Print one JSON object on stdout."),
        ]
        if spec.result is not None:  # a sweep whose tasks add up to one result
            params.append(click.Option(["--summary"], is_flag=True, help="Run nothing: print what the tasks in the "
                                       "store add up to."))
        return click.Command(name, params=params, callback=lambda **values: _run_sweep(spec, values),
                             help=spec.summary, short_help=spec.summary)


def _run_sweep(spec, values: dict) -> None:
    import os

    from ..sweep import Store, Sweep, run_sweep

    as_json = values.pop("as_json")
    store_path = values.pop("store")
    workers = values.pop("workers")
    scheduler = values.pop("scheduler")
    retry_failed = values.pop("retry_failed")
    chunk_size = values.pop("chunk_size")
    time_limit = values.pop("time_limit")
    summary_only = values.pop("summary", False)
    add_up = spec.result_function()
    if summary_only:
        with Store(store_path, create=False) as store:
            result, line = add_up(store, **values)
        click.echo(json.dumps({"sweep": spec.name, "store": store_path, "result": result}) if as_json else line)
        return
    sweep = Sweep(spec.name, spec.function(), spec.make_tasks(**values))
    if scheduler is not None:  # refused before the store is made
        from .._extras import require

        require("distributed", "--scheduler")
    if workers is None:
        workers = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    progress, finish = _progress_bar(f"sweep {spec.name}", None)
    with Store(store_path) as store:
        try:
            summary = run_sweep(sweep, store, workers=workers, scheduler=scheduler, retry_failed=retry_failed,
                                chunk_size=chunk_size, progress=progress and (lambda done, total: progress(done, total)),
                                time_limit=time_limit)
        finally:
            finish()
        counts = store.counts(spec.name)
        result, line = add_up(store, **values) if add_up is not None else (None, None)
    payload = {"sweep": spec.name, "store": store_path, **summary, "in_store": counts,
               **({"result": result} if add_up is not None else {})}
    stopped = f"stopped by the time limit of {time_limit:g} s: " if summary["stopped"] else ""
    others = "".join(f", {summary[key]} {words}" for key, words in (
        ("taken_over", "taken over from a run that died"), ("elsewhere", "finished by other runs")) if summary[key])
    text = (f"sweep {spec.name}: {stopped}{summary['total']} tasks, {summary['skipped']} already in the store, "
            f"{summary['ran']} ran ({summary['done']} done, {summary['failed']} failed){others} in "
            f"{summary['seconds']:.1f} s; {store_path} holds {counts['done']} done, {counts['failed']} failed"
            + (f"\n{line}" if line else ""))
    click.echo(json.dumps(payload) if as_json else text)


sweep_group = _SweepGroup("sweep", help="Run a resumable, parallel parameter sweep into an SQLite store; show or "
                                         "export a store.")


@sweep_group.command("show")
@click.argument("store", type=click.Path(dir_okay=False))
@click.option("--sweep", "name", default=None, help="Only this sweep's rows (a store may hold several).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
def sweep_show(store: str, name: str | None, as_json: bool) -> None:
    """Print the rows of a sweep store in parameter order: parameters and results (JSON: {"rows": [...]})."""
    from ..sweep import Store

    from ..sweep.store import natural_order

    with Store(store, create=False) as opened:
        rows = sorted(opened.rows(name), key=natural_order)
    if as_json:
        click.echo(json.dumps({"rows": [{key: row[key] for key in ("sweep", "params", "status", "result", "engine",
                                                                     "seconds", "error")} for row in rows]}))
        return
    lines = []
    for row in rows:
        params = " ".join(f"{k}={v}" for k, v in row["params"].items())
        outcome = ("ERROR " + row["error"]) if row["status"] == "failed" else \
            " ".join(f"{k}={v}" for k, v in (row["result"] or {}).items())
        lines.append(f"{row['sweep']}  {params}  ->  {outcome}")
    click.echo("\n".join(lines) if lines else f"{store}: no rows")


@sweep_group.command("export")
@click.argument("store", type=click.Path(dir_okay=False))
@click.option("-o", "--output", required=True, help="File to write: .csv, or .parquet (needs pyarrow).")
@click.option("--sweep", "name", default=None, help="Only this sweep's rows.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
def sweep_export(store: str, output: str, name: str | None, as_json: bool) -> None:
    """Write a sweep store's rows as a table: one column per parameter and per result key."""
    from ..sweep import Store
    from ..sweep.export import export_rows

    with Store(store, create=False) as opened:
        written = export_rows(list(opened.rows(name)), output)
    click.echo(json.dumps(written) if as_json else f"wrote {written['output']} ({written['rows']} rows, "
               f"{len(written['columns'])} columns)")


@sweep_group.command("check")
@click.argument("store", type=click.Path(dir_okay=False))
@click.option("--sweep", "name", default=None, help="Only this sweep's rows.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
def sweep_check(store: str, name: str | None, as_json: bool) -> None:
    """Re-check every finished row of a store by another route than the one that computed it (each sweep says
    how: the catalogue verifies its stored packings with the puzzle's checker); exit status 1 when one fails."""
    import sys

    from ..errors import SweepError
    from ..puzzles.registry import sweeps
    from ..sweep import Store

    specs = sweeps()
    if name is not None and name not in specs:
        raise SweepError(f"unknown sweep {name!r}; the sweeps are {', '.join(sorted(specs))}")
    checked, unchecked, problems = {}, {}, []
    progress, finish = _progress_bar("sweep check", None)
    with Store(store, create=False) as opened:
        rows = [row for row in opened.rows(name) if row["status"] == "done"]
        try:
            for number, row in enumerate(rows, 1):
                spec = specs.get(row["sweep"])
                check = None if spec is None else spec.check_function()
                if check is None:
                    unchecked[row["sweep"]] = unchecked.get(row["sweep"], 0) + 1
                else:
                    checked[row["sweep"]] = checked.get(row["sweep"], 0) + 1
                    problems.extend(check(row))
                if progress:
                    progress(number, len(rows))
        finally:
            finish()
    payload = {"store": store, "checked": checked, "not_checkable": unchecked, "problems": problems,
               "valid": not problems}
    if as_json:
        click.echo(json.dumps(payload))
    else:
        parts = [f"{n} rows of {sweep} re-checked" for sweep, n in sorted(checked.items())]
        parts += [f"{n} rows of {sweep} have no check" for sweep, n in sorted(unchecked.items())]
        verdict = f"{len(problems)} problem{'' if len(problems) == 1 else 's'}" if problems else "every one holds"
        click.echo("\n".join([f"{store}: " + ("; ".join(parts) or "no finished rows") + f": {verdict}", *problems]))
    if problems:
        sys.exit(1)
