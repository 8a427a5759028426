"""The ``parity`` command line.

Contract: ``--json`` prints exactly one JSON object on stdout; user errors exit
with status 2 and one line on stderr; "no solution" is exit 0 with
``"satisfiable": false``.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click
import numpy as np

from ..errors import ParityError, RuleError
from ..puzzles.lightsout import LightsOut, node_label

__all__ = ["cli", "main"]


def _emit(payload: dict, as_json: bool, text: str) -> None:
    if as_json:
        click.echo(json.dumps(payload))
    else:
        click.echo(text)


def _read_rule(rule: str):
    if rule in ("closed", "open"):
        return rule
    path = Path(rule)
    if not path.is_file():
        raise RuleError(f"rule {rule!r} is neither closed, open nor a toggle-matrix file")
    try:
        rows = [line.split("#", 1)[0].split() for line in path.read_text(encoding="utf-8").splitlines()]
        matrix = np.array([[int(x) for x in row] for row in rows if row], dtype=np.int64)
    except (ValueError, UnicodeDecodeError):
        raise RuleError(f"toggle-matrix file {rule}: expected rows of integers") from None
    if matrix.ndim != 2:
        raise RuleError(f"toggle-matrix file {rule}: rows have different lengths")
    return matrix


def lightsout_options(function):
    options = [
        click.option("--board", "board_spec", required=True, help="Board spec: grid:5x5, torus:6x6, hex:3, dodecahedron, FILE ..."),
        click.option("--rule", default="closed", show_default=True, help="closed (press toggles node and neighbours), open (neighbours only), or a toggle-matrix FILE."),
        click.option("--field", default=2, show_default=True, type=int, help="Number of light states, a prime p."),
        click.option("--start", default="all-on", show_default=True, help="all-on, all-off, random:SEED or a state FILE."),
        click.option("--target", default="all-off", show_default=True, help="Target state, same forms as --start."),
        click.option("--engine", default=None, help="gf2 (bit-packed, GF(2) only) or galois; default: the fastest that applies."),
        click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def _puzzle(board_spec, rule, field, start, target) -> LightsOut:
    return LightsOut(board_spec, rule=_read_rule(rule), field=field, start=start, target=target)


def _base(puzzle: LightsOut, engine: str, space, seconds: float) -> dict:
    return {
        "family": "lightsout",
        "board": puzzle.board.graph.get("name", "board"),
        "rule": puzzle.rule,
        "field": puzzle.field,
        "engine": engine,
        "satisfiable": space.solvable,
        "count": space.count,
        "nullity": space.nullity,
        "rank": space.rank,
        "seconds": round(seconds, 6),
    }


def _space(puzzle: LightsOut, engine: str | None):
    from ..engines import default_engine, get_engine

    chosen = default_engine(puzzle) if engine is None else get_engine(engine)
    chosen.check(puzzle)
    started = time.perf_counter()
    space = chosen.space(puzzle)
    return chosen.name, space, time.perf_counter() - started


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="parity")
def cli() -> None:
    """parity: lights-out and parity puzzles, solved exactly."""


@cli.group()
def count() -> None:
    """Count the solutions of a puzzle (exact integers)."""


@cli.group()
def solve() -> None:
    """Find one solution of a puzzle, or show that there is none."""


@count.command("lightsout")
@lightsout_options
def count_lightsout(board_spec, rule, field, start, target, engine, as_json) -> None:
    """Count the press patterns that solve Lights Out on a board."""
    puzzle = _puzzle(board_spec, rule, field, start, target)
    name, space, seconds = _space(puzzle, engine)
    payload = _base(puzzle, name, space, seconds)
    text = (
        f"{puzzle.describe()}: {space.count} solution{'s' if space.count != 1 else ''} "
        f"(rank {space.rank}, nullity {space.nullity}; engine {name}, {seconds:.3f} s)"
    )
    _emit(payload, as_json, text)


@solve.command("lightsout")
@lightsout_options
@click.option("--min-presses", is_flag=True, help="Return a solution with the fewest presses (exact search over all solutions).")
@click.option("--max-nullity", default=30, show_default=True, help="Refuse a minimum search over more than 2^N solutions.")
def solve_lightsout(board_spec, rule, field, start, target, engine, as_json, min_presses, max_nullity) -> None:
    """Find presses that switch the lights from the start to the target state."""
    puzzle = _puzzle(board_spec, rule, field, start, target)
    name, space, seconds = _space(puzzle, engine)
    payload = _base(puzzle, name, space, seconds)
    if not space.solvable:
        _emit(payload, as_json, f"{puzzle.describe()}: no solution (rank {space.rank}; engine {name})")
        return
    vector = space.particular
    if min_presses:
        started = time.perf_counter()
        best, vector = space.minimum_weight(max_nullity=max_nullity)
        payload["min_presses"] = best
        payload["seconds"] = round(seconds + time.perf_counter() - started, 6)
    presses = puzzle.presses(vector)
    puzzle.verify(presses)
    payload["press_count"] = int(sum(presses.values()))
    payload["presses"] = {node_label(v): t for v, t in presses.items()}
    picture = puzzle.picture(presses)
    if puzzle.board.graph.get("shape") is not None and len(puzzle.board.graph["shape"]) == 2:
        payload["press_grid"] = picture.splitlines()
    plural = "" if payload["press_count"] == 1 else "es"
    headline = f"{puzzle.describe()}: {payload['press_count']} press{plural}"
    if min_presses:
        headline += f" (the minimum over all {space.count} solutions)"
    else:
        headline += f" (one of {space.count} solutions)"
    _emit(payload, as_json, f"{headline}\n{picture}")


def main(argv: list[str] | None = None) -> None:
    """Run the command line; user errors become one line on stderr and exit status 2."""
    try:
        cli.main(args=argv, prog_name="parity", standalone_mode=False)
    except ParityError as exc:
        click.echo(f"parity: error: {exc}", err=True)
        sys.exit(2)
    except click.UsageError as exc:
        message = exc.format_message().splitlines()[0]
        where = f"{exc.ctx.command_path}: " if exc.ctx is not None else ""
        click.echo(f"parity: error: {where}{message}", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("parity: aborted", err=True)
        sys.exit(130)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        click.echo(f"parity: error: {exc.format_message()}", err=True)
        sys.exit(2)
