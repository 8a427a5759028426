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

from ..engines import choose_engine
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
        click.option("--engine", default=None, help="gf2 (bit-packed, GF(2) only), galois, sat, sat:SOLVER, cms or ganak (count only); default: the fastest that applies."),
        click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout."),
    ]
    for option in reversed(options):
        function = option(function)
    return function


def _puzzle(board_spec, rule, field, start, target) -> LightsOut:
    return LightsOut(board_spec, rule=_read_rule(rule), field=field, start=start, target=target)


def _header(puzzle: LightsOut, engine: str) -> dict:
    """The keys every Lights Out answer starts with."""
    return {
        "family": "lightsout",
        "board": puzzle.board.graph.get("name", "board"),
        "rule": puzzle.rule,
        "field": puzzle.field,
        "engine": engine,
    }


def _space(puzzle: LightsOut, chosen) -> tuple[object, dict]:
    """Solve through a linear engine: the solution space and the JSON payload describing it."""
    started = time.perf_counter()
    space = chosen.space(puzzle)
    seconds = time.perf_counter() - started
    payload = {**_header(puzzle, chosen.name), "satisfiable": space.solvable, "count": space.count,
               "nullity": space.nullity, "rank": space.rank, "seconds": round(seconds, 6)}
    return space, payload


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


def _plural(count: int) -> str:
    return f"{count} solution{'s' if count != 1 else ''}"


@count.command("lightsout")
@lightsout_options
def count_lightsout(board_spec, rule, field, start, target, engine, as_json) -> None:
    """Count the press patterns that solve Lights Out on a board."""
    puzzle = _puzzle(board_spec, rule, field, start, target)
    chosen = choose_engine(puzzle, engine)
    if chosen.encoding == "linear":
        space, payload = _space(puzzle, chosen)
        text = (
            f"{puzzle.describe()}: {_plural(space.count)} "
            f"(rank {space.rank}, nullity {space.nullity}; engine {chosen.name}, {payload['seconds']:.3f} s)"
        )
        _emit(payload, as_json, text)
        return
    formula = puzzle.cnf()
    started = time.perf_counter()
    total = chosen.count(puzzle, formula)
    seconds = time.perf_counter() - started
    stats = formula.stats()
    payload = {
        **_header(puzzle, chosen.name),
        "satisfiable": total > 0,
        "count": total,
        "exact": chosen.exact,
        "variables": stats["variables"],
        "clauses": stats["clauses"],
        "seconds": round(seconds, 6),
    }
    note = "" if chosen.exact else ", probabilistic exact"
    _emit(payload, as_json, f"{puzzle.describe()}: {_plural(total)} (engine {chosen.name}{note}, {seconds:.3f} s)")


@solve.command("lightsout")
@lightsout_options
@click.option("--min-presses", is_flag=True, help="Return a solution with the fewest presses (exact search over all solutions).")
@click.option("--max-nullity", default=30, show_default=True, help="Refuse a minimum search over more than 2^N solutions.")
def solve_lightsout(board_spec, rule, field, start, target, engine, as_json, min_presses, max_nullity) -> None:
    """Find presses that switch the lights from the start to the target state."""
    puzzle = _puzzle(board_spec, rule, field, start, target)
    chosen = choose_engine(puzzle, engine)
    if chosen.encoding != "linear":
        _solve_by_cnf(puzzle, chosen.name, as_json, min_presses)
        return
    space, payload = _space(puzzle, chosen)
    if not space.solvable:
        _emit(payload, as_json, f"{puzzle.describe()}: no solution (rank {space.rank}; engine {chosen.name})")
        return
    vector = space.particular
    if min_presses:
        started = time.perf_counter()
        best, vector = space.minimum_weight(max_nullity=max_nullity)
        payload["min_presses"] = best
        payload["seconds"] = round(payload["seconds"] + time.perf_counter() - started, 6)
    presses = puzzle.presses(vector)
    puzzle.verify(presses)
    picture = _add_presses(payload, puzzle, presses)
    headline = f"{puzzle.describe()}: {_presses(payload['press_count'])}"
    if min_presses:
        headline += f" (the minimum over all {space.count} solutions)"
    else:
        headline += f" (one of {space.count} solutions)"
    _emit(payload, as_json, f"{headline}\n{picture}")


def _presses(count: int) -> str:
    return f"{count} press{'' if count == 1 else 'es'}"


def _add_presses(payload: dict, puzzle: LightsOut, presses: dict) -> str:
    """Put a verified solution into the JSON payload; return its picture."""
    payload["press_count"] = int(sum(presses.values()))
    payload["presses"] = {node_label(v): t for v, t in presses.items()}
    picture = puzzle.picture(presses)
    if puzzle.board.graph.get("shape") is not None and len(puzzle.board.graph["shape"]) == 2:
        payload["press_grid"] = picture.splitlines()
    return picture


def _solve_by_cnf(puzzle: LightsOut, engine: str, as_json: bool, min_presses: bool) -> None:
    from ..api import solve as solve_puzzle

    if min_presses:
        raise RuleError("--min-presses needs a linear engine (gf2 or galois)")
    result = solve_puzzle(puzzle, engine)  # verified
    payload = {**_header(puzzle, result.engine), "satisfiable": result.satisfiable, "seconds": round(result.seconds, 6)}
    if not result.satisfiable:
        _emit(payload, as_json, f"{puzzle.describe()}: no solution (engine {result.engine})")
        return
    picture = _add_presses(payload, puzzle, result.solution)
    _emit(payload, as_json, f"{puzzle.describe()}: {_presses(payload['press_count'])} (engine {result.engine})\n{picture}")


def _var_name(name) -> str:
    """('press', '0,1') -> 'press 0,1'; (('press', '0,1'), 2) -> 'press 0,1 = 2'."""
    if isinstance(name, tuple) and len(name) == 2 and isinstance(name[0], tuple):
        return f"{_var_name(name[0])} = {name[1]}"
    if isinstance(name, tuple):
        return " ".join(str(part) for part in name)
    return str(name)


def _cnf_engine(engine: str | None):
    from ..cnf import backend

    return backend(engine or "sat")


@count.command("cnf")
@click.argument("path", type=click.Path(dir_okay=False))
@click.option("--engine", default=None, help="sat (CaDiCaL), sat:SOLVER, cms or ganak; default ganak.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
def count_cnf(path, engine, as_json) -> None:
    """Count the models of a DIMACS CNF file, projected on its 'c p show' line when it has one."""
    from ..cnf import read_dimacs

    formula = read_dimacs(path)
    chosen = _cnf_engine(engine or "ganak")
    started = time.perf_counter()
    total = chosen.count(formula)
    seconds = time.perf_counter() - started
    payload = {"family": "cnf", "file": str(path), "engine": chosen.name, "satisfiable": total > 0, "count": total,
               "exact": chosen.exact_count, "projected_on": len(formula.primary), **formula.stats(), "seconds": round(seconds, 6)}
    _emit(payload, as_json, f"{path}: {total} model{'s' if total != 1 else ''} on {len(formula.primary)} variables "
                            f"(engine {chosen.name}, {seconds:.3f} s)")


@solve.command("cnf")
@click.argument("path", type=click.Path(dir_okay=False))
@click.option("--engine", default=None, help="sat (CaDiCaL), sat:SOLVER or cms.")
@click.option("--time-limit", type=float, default=None, help="Give up after this many seconds (status UNKNOWN).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
def solve_cnf(path, engine, time_limit, as_json) -> None:
    """Solve a DIMACS CNF file: a model (projected on 'c p show' variables) or UNSAT."""
    from ..cnf import read_dimacs

    formula = read_dimacs(path)
    chosen = _cnf_engine(engine)
    result = chosen.solve(formula, time_limit=time_limit)
    payload = {"family": "cnf", "file": str(path), "engine": chosen.name, "status": result.status,
               "satisfiable": result.satisfiable, "seconds": round(result.seconds, 6)}
    if result.model is not None:
        if not formula.satisfied_by(result.model):
            raise RuleError("the solver returned a model that does not satisfy the formula")
        values = {abs(lit): lit > 0 for lit in result.model}
        payload["model"] = [v if values.get(v, False) else -v for v in formula.primary]
    text = f"{path}: {result.status} (engine {chosen.name}, {result.seconds:.3f} s)"
    if "model" in payload:
        text += "\nv " + " ".join(str(lit) for lit in payload["model"]) + " 0"
    _emit(payload, as_json, text)


@cli.group()
def export() -> None:
    """Write a puzzle's encoding for external tools."""


@export.command("lightsout")
@lightsout_options
@click.option("--format", "fmt", type=click.Choice(["cnf", "matrix"]), default="cnf", show_default=True,
              help="cnf: DIMACS with a 'c p show' projection line; matrix: 'ROWS COLS' then rows of digits (A, then b).")
@click.option("--xor-lines", is_flag=True, help="Write XORs as CryptoMiniSat 'x' lines instead of clauses.")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False), help="File to write.")
def export_lightsout(board_spec, rule, field, start, target, engine, as_json, fmt, xor_lines, output) -> None:
    """Export the encoding of a Lights Out puzzle (the solutions are the models projected on the press variables)."""
    from ..cnf import write_dimacs

    puzzle = _puzzle(board_spec, rule, field, start, target)
    if fmt == "cnf":
        formula = puzzle.cnf()
        notes = (f"parity lightsout {puzzle.describe()}; solutions = models projected on the 'c p show' variables",
                 *(f"var {var} {_var_name(formula.name(var))}" for var in formula.primary))
        write_dimacs(formula, output, xor_lines=xor_lines, comments=notes)
        stats = formula.stats()
    else:
        system = puzzle.linear()
        A = system.dense()
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(f"{A.shape[0]} {A.shape[1]}\n")
            for row in A:
                handle.write("".join(str(int(v)) for v in row) + "\n")
        stats = {"rows": A.shape[0], "cols": A.shape[1]}
    payload = {"family": "lightsout", "board": puzzle.board.graph.get("name", "board"), "format": fmt, "file": output, **stats}
    _emit(payload, as_json, f"wrote {output} ({', '.join(f'{k} {v}' for k, v in stats.items())})")


@cli.group()
def check() -> None:
    """Cross-check every applicable engine on random instances."""


@check.command("lightsout")
@click.option("--examples", default=100, show_default=True, help="Number of random instances.")
@click.option("--seed", default=0, show_default=True, help="Seed of the instance generator (runs are repeatable).")
@click.option("--engines", default=None, help="Comma-separated engine names (default: every engine that applies).")
@click.option("--limit", default=512, show_default=True, help="Most solutions an enumerating engine lists per instance.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
def check_lightsout(examples, seed, engines, limit, as_json) -> None:
    """Random graphs, rules, fields and start states (unsolvable ones included): all engines must agree."""
    from ..check import check_family

    from rich.console import Console
    from rich.progress import Progress

    names = [e.strip() for e in engines.split(",")] if engines else None
    started = time.perf_counter()
    console = Console(stderr=True)
    with Progress(console=console, transient=True, disable=not console.is_terminal) as bar:
        task = bar.add_task("cross-checking lightsout", total=examples)
        summary = check_family("lightsout", examples, seed, names, limit, lambda done, report: bar.update(task, completed=done))
    summary["seconds"] = round(time.perf_counter() - started, 3)
    lines = [f"lightsout: {examples} random instances (seed {seed}, {summary['unsatisfiable_instances']} unsolvable): "
             + ("all engines agree" if summary["agree"] else f"{len(summary['disagreements'])} DISAGREEMENTS")]
    for name, entry in summary["engines"].items():
        kind = "" if entry["exact"] else "  (probabilistic exact counts)"
        lines.append(f"  {name:<8} agreed on {entry['agree']}/{entry['instances']}, verified {entry['solutions_verified']} "
                     f"solutions, {entry['seconds']:.2f} s{kind}")
    for item in summary["disagreements"][:10]:
        lines.append(f"  ! {item['instance']}: {'; '.join(item['problems'])}")
    _emit(summary, as_json, "\n".join(lines))
    if not summary["agree"]:
        sys.exit(1)


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
