"""The ``parity`` command line: generic verbs over the family registry.

``parity VERB FAMILY [options]``: every verb (``solve``, ``count``,
``check``, ``export``) takes every registered family; the family's adapter
(:class:`~parity.puzzles.registry.Family`) supplies the options that build a
puzzle, and the verb calls the library's front door (:mod:`parity.api`,
:mod:`parity.check`, :mod:`parity.export`).  No verb names a family.

Contract: ``--json`` prints exactly one JSON object on stdout; user errors exit
with status 2 and one line on stderr; "no solution" is exit 0 with
``"satisfiable": false``; a spent ``--time-limit`` is exit 0 with
``"status": "UNKNOWN"``; Ctrl-C and SIGTERM stop every child process and exit
130 with one line.

The work of a command runs in a child process (:mod:`parity._child`), so an
interrupt can always stop it, even inside a native solver.  Only click is
imported at start-up; family modules load when their command is built.
"""

from __future__ import annotations

import json
import re
import signal
import sys
import time

import click

from .. import _json
from ..errors import LimitError, ParityError

__all__ = ["cli", "main"]

_TIME_LIMIT_HELP = "Give up after this many seconds (status UNKNOWN)."


# -- building commands from a family's declared options ----------------------------------------------------
def _click_param(option) -> click.Parameter:
    if not option.flags:
        return click.Argument([option.name], required=option.required, type=click.Path(dir_okay=False))
    if option.type is bool:
        return click.Option([*option.flags, option.name], is_flag=True, default=bool(option.default), help=option.help)
    extra = {} if option.default is None else {"default": option.default, "show_default": True}  # click: None is a default
    return click.Option([*option.flags, option.name], type=option.type, required=option.required, help=option.help, **extra)


def _engine_help() -> str:
    """The engines as the table lists them, with what each answers (made from :data:`parity.engines.ENGINES`)."""
    from ..engines import ENGINES

    names = []
    for name, engine in ENGINES.items():
        notes = [] if engine.can_solve else ["counts only"]
        if not engine.exact:
            notes.append("probabilistic exact")
        names.append(f"{name} ({', '.join(notes)})" if notes else name)
        if name == "sat":
            names.append("sat:SOLVER")
    return (f"An engine: {', '.join(names)}; default: the fastest that applies (see 'parity engines' for the "
            "encodings each works on).")


def _common(verb: str) -> list[click.Parameter]:
    engine = click.Option(["--engine"], default=None, help=_engine_help())
    limit = click.Option(["--time-limit", "time_limit"], type=float, default=None, help=_TIME_LIMIT_HELP)
    as_json = click.Option(["--json", "as_json"], is_flag=True, help="Print one JSON object on stdout.")
    if verb == "check":
        return [
            click.Option(["--examples"], type=click.IntRange(min=0), default=100, show_default=True,
                         help="Number of random instances."),
            click.Option(["--seed"], type=click.IntRange(min=0), default=0, show_default=True,
                         help="Seed of the instance generator (runs are repeatable)."),
            click.Option(["--engines"], default=None, help="Comma-separated engine names (default: every engine that applies)."),
            click.Option(["--limit"], type=click.IntRange(min=1), default=512, show_default=True,
                         help="Most solutions an enumerating engine lists per instance."),
            click.Option(["--time-limit", "time_limit"], type=float, default=None,
                         help="Start no new instance after this many seconds (the summary says how many ran)."),
            as_json,
        ]
    if verb == "export":
        return [
            click.Option(["--format", "fmt"], default="cnf", show_default=True,
                         help="cnf: DIMACS with a 'c p show' line; matrix: A as 'ROWS COLS' then rows (M4RI's format); "
                              "cover: Knuth's exact-cover format; puzzler: every solution, one per orbit of the "
                              "board's symmetries, as a Polyform Puzzler solution file (polyforms)."),
            click.Option(["--xor-lines"], is_flag=True, help="Write XORs as CryptoMiniSat 'x' lines (cnf format)."),
            click.Option(["--augmented"], is_flag=True, help="Append b as one more column (matrix format)."),
            click.Option(["-o", "--output"], required=True, help="File to write."),
            as_json,
        ]
    if verb == "solve":
        return [engine, limit,
                click.Option(["--unique"], is_flag=True, default=None,
                             help="Also decide whether the solution is the only one (JSON 'unique')."),
                click.Option(["--proof"], default=None, metavar="FILE",
                             help="Write the proof of a refusal (no solution, or none with fewer colours) as DRAT to "
                                  "FILE and the CNF it refutes beside it (FILE.cnf), for any DRAT "
                                  "checker; SAT engines only (sat, sat:SOLVER, chromatic)."),
                as_json]
    if verb == "count":
        return [engine, limit,
                click.Option(["--up-to-symmetry", "up_to_symmetry"], is_flag=True,
                             help="Also count solutions up to the puzzle's symmetries (JSON 'count_up_to_symmetry')."),
                click.Option(["--recolour", "--recolor", "recolour"], is_flag=True,
                             help="With --up-to-symmetry: permutations of the colours act too."),
                click.Option(["--symmetry", "symmetry"], type=click.Choice(["all", "rotations", "fixed-pieces"]),
                             default="all", show_default=True,
                             help="Which symmetries make two solutions the same (implies --up-to-symmetry): "
                                  "fixed-pieces keeps those that map every piece to itself (Polyform Puzzler's "
                                  "convention)."),
                as_json]
    if verb == "draw":
        return [engine, limit,
                click.Option(["-o", "--output"], required=True, help="Picture file to write: .svg or .png."),
                as_json]
    if verb == "verify":
        return [click.Argument(["file"], metavar="FILE"),
                click.Option(["--complete"], is_flag=True,
                             help="Also count the puzzle's solutions up to symmetry (the fastest counter) and say "
                                  "whether the file holds every one; exit status 1 if it does not."),
                click.Option(["--time-limit", "time_limit"], type=float, default=None,
                             help="Give the count of --complete up after this many seconds (complete: null)."),
                as_json]
    return [engine, limit, as_json]


class _FamilyCommand(click.Command):
    def __init__(self, verb: str, entry) -> None:
        params = [] if verb == "check" else [_click_param(o) for o in entry.options]
        if verb in ("solve", "draw"):  # (a question of its own is solve's: draw pictures one solution)
            params += [_click_param(o) for o in entry.solve_options if verb == "solve" or not o.asks]
        # a verb option with a flag the family declares too (export's --augmented and the linear family's) is
        # one option: the family's, whose value the verb also receives
        taken = {flag: o.name for o in (entry.options if verb != "check" else ()) for flag in o.flags}
        self.shared = {}
        for param in _common(verb):
            clash = next((taken[flag] for flag in param.opts if flag in taken), None)
            if clash is None:
                params.append(param)
            else:
                self.shared[param.name] = clash
        self.verb, self.entry = verb, entry
        help_text = f"{_VERB_HELP[verb]}\n\n{entry.summary}"
        super().__init__(entry.name, params=params, callback=self._run, help=help_text, short_help=entry.summary)

    def _run(self, as_json: bool = False, **values) -> None:
        build = {o.name: values.pop(o.name) for o in self.entry.options if o.name in values}
        values.update({verb_name: build[name] for verb_name, name in self.shared.items() if name in build})
        from .._child import run_in_child

        if self.verb == "export" and values.get("output") in ("-", "/dev/stdout"):
            # the file itself goes to stdout (to pipe into a solver): written here, the note on stderr
            if as_json:
                raise LimitError("-o - writes the file on stdout, where --json would write too; drop one of them")
            values["output"] = "/dev/stdout"
            sys.stdout.flush()
            payload, text, code = _export(self.entry.name, build, values)
            click.echo(text, err=True)
            return
        if self.verb in _LIMITED:  # the limit covers the whole work: the board and the encoding are built in the child
            _precheck(self.verb, self.entry, build, values)
            payload, text, code = _limited(self.verb, self.entry.name, build, values)
        else:
            payload, text, code = run_in_child(_VERBS[self.verb], self.entry.name, build, values,
                                               what=f"parity {self.verb} {self.entry.name}")
        click.echo(_json.dumps(payload) if as_json else text)
        if code:
            sys.exit(code)


class _FamilyGroup(click.Group):
    """A verb whose subcommands are the registered families (built when asked for)."""

    def __init__(self, verb: str, **kwargs) -> None:
        super().__init__(verb, help=_VERB_HELP[verb], **kwargs)
        self.verb = verb

    def list_commands(self, ctx) -> list[str]:
        from ..puzzles.registry import family, names

        if self.verb == "draw":  # families with a picture only (this imports them)
            return [name for name in names() if _draws(family(name).puzzle)]
        if self.verb == "verify":  # families that read files of their solutions
            return [name for name in names() if _reads(family(name).puzzle)]
        return names()

    def get_command(self, ctx, name: str):
        from ..errors import FamilyError
        from ..puzzles.registry import family

        try:
            entry = family(name)
        except FamilyError:
            return None
        if self.verb == "export":
            from ..export import formats_for

            if not formats_for(entry.puzzle):
                return None
        if self.verb == "draw" and not _draws(entry.puzzle):
            return None
        if self.verb == "verify" and not _reads(entry.puzzle):
            return None
        return _FamilyCommand(self.verb, entry)

    def resolve_command(self, ctx, args):
        name = args[0] if args else None
        command = self.get_command(ctx, name) if name else None
        if name and command is None and not name.startswith("-"):
            from ..puzzles.registry import names

            if self.verb == "draw" and name in names():
                raise click.UsageError(f"{name} puzzles have no picture; families that draw: "
                                       f"{', '.join(self.list_commands(ctx))}", ctx)
            if self.verb == "verify" and name in names():
                raise click.UsageError(f"{name} puzzles read no files of solutions; families that do: "
                                       f"{', '.join(self.list_commands(ctx))}", ctx)
            raise click.UsageError(f"unknown puzzle family {name!r}; known: {', '.join(names())}", ctx)
        return super().resolve_command(ctx, args)


def _reads(puzzle_class) -> bool:
    """Whether a family reads files of its solutions and tells them apart (``read_solutions``, ``solution_key``)."""
    return all(callable(getattr(puzzle_class, name, None)) for name in ("read_solutions", "solution_key"))


def _draws(puzzle_class) -> bool:
    """Does the family draw its solutions (does its class override ``Puzzle.draw``)?"""
    from ..puzzles.base import Puzzle

    return getattr(puzzle_class, "draw", Puzzle.draw) is not Puzzle.draw


_VERB_HELP = {
    "solve": "Find one solution of a puzzle (verified), or show that there is none.",
    "count": "Count the solutions of a puzzle (exact integers).",
    "draw": "Solve a puzzle and draw the solution as a picture (SVG or PNG, by the file's suffix).",
    "check": "Cross-check every applicable engine on random instances of a family.",
    "export": "Write a puzzle's encoding for external tools (DIMACS CNF, M4RI matrix), or its solutions as a file.",
    "verify": "Read a file of a puzzle's solutions (Polyform Puzzler's files for polyforms) and verify every one.",
}


# -- the verbs (run in the child process; each returns payload, text, exit code) -------------------------
def _limited(verb: str, family_name: str, build: dict, options: dict):
    """Run a verb that solves (solve, count, draw) in a child stopped by ``--time-limit``.

    The limit bounds everything the command does, building the board and the
    encoding included (a board of millions of cells can take longer than the
    engine).  The child notes the puzzle's JSON header once the puzzle is
    built and the engine once it is chosen, so the UNKNOWN answer made here
    when the time is spent says what was being done.  ``total_seconds`` is
    the whole command's work, from the start of the child to the answer.
    """
    from .._child import run_in_child
    from .._limits import check_time_limit
    from ..errors import TimeLimitReached

    limit = check_time_limit(options.get("time_limit"))
    options = {**options, "time_limit": None, "started": time.monotonic()}  # the child itself is the limited work
    noted: dict = {}
    try:
        return run_in_child(_VERBS[verb], family_name, build, options, time_limit=limit, on_note=noted.__setitem__,
                            what=f"parity {verb} {family_name}")
    except TimeLimitReached:
        spent = round(time.monotonic() - options["started"], 6)
        given = {"board": build["board_spec"]} if build.get("board_spec") is not None else {}  # (not built yet)
        from ..engines import engine_name
        from ..puzzles.registry import family

        engine = noted.get("engine", engine_name(options.get("engine")))  # the engine at work, else the one named
        asked = {key: noted.get(key) for option in family(family_name).solve_options if options.get(option.name)
                 for key in option.answers}  # the keys the question's answer carries, null unless noted
        payload = {**noted.get("header", {"family": family_name, **given}), "engine": engine,
                   "status": "UNKNOWN", "satisfiable": None, **asked, "seconds": spent, "load_seconds": 0.0,
                   "total_seconds": spent}
        describe = noted.get("describe", " on ".join([family_name, *given.values()]))
        where = " while drawing the solution" if noted.get("drawing") else ""
        reached = ""
        if "bounds" in noted:  # a minimisation stopped half way: how far it got
            bounds = payload["bounds"] = noted["bounds"]
            reached = f"; it needs from {bounds['lower_bound']} to {bounds['upper_bound']} {bounds.get('of', '(weight)')}"
        return payload, f"{describe}: unknown, the time limit of {limit:g} s was spent{where}{_by(engine)}{reached}", 0


#: the verbs whose --time-limit bounds the whole command (check's bounds when it starts an instance)
_LIMITED = ("solve", "count", "draw")


def _precheck(verb: str, entry, build: dict, options: dict) -> None:
    """What can be refused before any work: the family's option checks (:attr:`Family.check`), the engine's name,
    whether it works on the family's encodings and answers the verb's question, and the picture's file name.

    Building a board of millions of cells takes longer than a short time limit; an error found after it would be
    lost behind an UNKNOWN answer, or come after a long wait.
    """
    from ..engines import engine_for_family, question_refusal
    from ..errors import EngineNotApplicableError

    if entry.check is not None:
        entry.check(**build)
    if verb == "draw":
        from ..draw import check_output

        check_output(options["output"])
    if options.get("engine") is None:
        return
    engine = engine_for_family(options["engine"], entry.name, entry.puzzle.encodings)
    reason = question_refusal(engine, "count" if verb == "count" else "solve")
    if reason:
        raise EngineNotApplicableError(reason)


def _built(family_name: str, build: dict):
    """The puzzle, with its JSON header and description noted for the parent (see :func:`_limited`)."""
    from .._child import note

    puzzle = _build(family_name, build)
    note("header", puzzle.header())
    note("describe", puzzle.describe())
    return puzzle


def _whole(payload: dict, started: float | None) -> dict:
    """``total_seconds`` as the whole command's work, board included, where the verb was timed from its start."""
    if started is not None:
        payload["total_seconds"] = round(time.monotonic() - started, 6)
    return payload


def _by(engine: str | None) -> str:
    return f" (engine {engine})" if engine else " (before an engine was chosen)"


def _build(family_name: str, build: dict):
    from ..puzzles.registry import family

    return family(family_name).build(**build)


def _solve(family_name: str, build: dict, options: dict):
    from ..api import solve
    from ..puzzles.registry import family

    started = options.pop("started", None)
    questions = [o for o in family(family_name).solve_options if o.asks]
    asked = [o for o in questions if options.pop(o.name, False)]
    if len(asked) > 1:
        raise LimitError(f"{' and '.join(o.flags[0] for o in asked)} ask different questions; give one of them")
    puzzle = _built(family_name, build)
    if asked:  # another question than one solution, answered by the family's function
        options.pop("time_limit")  # the child that runs this is the limited work
        payload, text = asked[0].question()(puzzle, **options)
        return _whole(payload, started), text, 0
    result = solve(puzzle, options.pop("engine"), time_limit=options.pop("time_limit"), **options)
    return _whole(result.payload(), started), result.text(), 0


def _count(family_name: str, build: dict, options: dict):
    from ..api import count_result

    puzzle = _built(family_name, build)
    result = count_result(puzzle, options["engine"], time_limit=options["time_limit"],
                          up_to_symmetry=options.get("up_to_symmetry", False), recolour=options.get("recolour", False),
                          symmetry=options.get("symmetry", "all"))
    return _whole(result.payload(), options.get("started")), result.text(), 0


def _check(family_name: str, build: dict, options: dict):
    from ..check import check_family

    names = [e.strip() for e in options["engines"].split(",") if e.strip()] if options["engines"] else None
    started = time.perf_counter()
    deadline = None if options["time_limit"] is None else started + _positive(options["time_limit"])
    progress, finish = _progress_bar(family_name, options["examples"])
    try:
        summary = check_family(family_name, options["examples"], options["seed"], names, options["limit"], progress,
                               deadline=deadline)
    finally:
        finish()
    summary["seconds"] = round(time.perf_counter() - started, 3)
    ran = summary["instances"]
    lines = [f"{family_name}: {ran} random instances (seed {options['seed']}, {summary['unsatisfiable_instances']} "
             f"unsolvable, {summary['unchecked_instances']} unchecked): "
             + _verdict(summary)]
    if summary.get("stopped"):
        lines.append(f"  stopped by the time limit after {ran} of {options['examples']} instances")
    for name, entry in summary["engines"].items():
        kind = "" if entry["exact"] else "  (probabilistic exact counts)"
        lines.append(f"  {name:<8} agreed on {entry['agree']}/{entry['instances']}, verified {entry['solutions_verified']} "
                     f"solutions, {entry['seconds']:.2f} s{kind}")
    if summary["unchecked_instances"]:
        lines.append(f"  ! {summary['unchecked_instances']} instances had fewer than two engines that apply: not checked")
    for item in summary["disagreements"][:10]:
        lines.append(f"  ! {item['instance']}: {'; '.join(item['problems'])}")
    return summary, "\n".join(lines), 0 if summary["agree"] else 1


def _verdict(summary: dict) -> str:
    """The headline's verdict: agreement is claimed only about instances that two engines answered."""
    if not summary["agree"]:
        return f"{len(summary['disagreements'])} DISAGREEMENTS"
    if summary["instances"] and not summary["checked"]:
        return "nothing checked: no instance had two engines to compare"
    return "all engines agree"


def _export(family_name: str, build: dict, options: dict):
    from ..export import export

    puzzle = _build(family_name, build)
    written = export(puzzle, options["fmt"], options["output"], xor_lines=options["xor_lines"],
                     augmented=options["augmented"])
    payload = {**puzzle.header(), **written}
    details = ", ".join(f"{k} {v}" for k, v in written.items() if k not in ("format", "output"))
    return payload, f"wrote {written['output']} ({details})", 0


def _draw(family_name: str, build: dict, options: dict):
    from ..api import solve
    from ..draw import save

    started = options.pop("started", None)
    puzzle = _built(family_name, build)
    output = options.pop("output")
    result = solve(puzzle, options.pop("engine"), time_limit=options.pop("time_limit", None), **options)
    payload = result.to_json()
    if result.status == "UNKNOWN":
        return _whole(payload, started), (f"{puzzle.describe()}: unknown, the time limit was spent, nothing drawn"
                                          f"{_by(result.engine)}"), 0
    if not result.satisfiable:
        return _whole(payload, started), f"{puzzle.describe()}: no solution, nothing drawn (engine {result.engine})", 0
    from .._child import note

    note("drawing", True)  # the engine has answered: a limit spent from here is spent on the picture
    payload["output"] = save(puzzle, result.solution, output)
    return _whole(payload, started), f"{puzzle.describe()}: {puzzle.summary(result.solution)}; drew {payload['output']}", 0


def _verify(family_name: str, build: dict, options: dict):
    """Every solution of a file read and verified; how many are distinct, also up to symmetry; with ``complete``,
    compared with the puzzle's count (exit status 1 when a solution is wrong or, asked, some are missing)."""
    from .._files import read_text
    from .._limits import check_time_limit
    from ..api import count_result
    from ..errors import InvalidSolution, SolutionFileError

    check_time_limit(options.get("time_limit"))
    puzzle = _build(family_name, build)
    path = options["file"]
    text = read_text("/dev/stdin" if path == "-" else path, LimitError, "solution file")
    payload = {**puzzle.header(), "file": path}
    try:
        solutions = puzzle.read_solutions(text, "<stdin>" if path == "-" else str(path))
    except SolutionFileError:  # not the file's format: a user's error (exit 2), not a verdict
        raise
    except InvalidSolution as exc:  # (the message starts FILE:LINE)
        payload.update(valid=False, problem=str(exc))
        return payload, f"{exc}: not a file of solutions of {puzzle.describe()}", 1
    plain = {puzzle.solution_key(s, up_to_symmetry=False) for s in solutions}
    orbits = {puzzle.solution_key(s) for s in solutions}
    payload.update(valid=True, solutions=len(solutions), distinct=len(plain), distinct_up_to_symmetry=len(orbits))
    said = (f"{path}: {len(solutions)} solution{'' if len(solutions) == 1 else 's'} of {puzzle.describe()}, each "
            f"verified; {len(plain)} distinct, {len(orbits)} up to symmetry")
    code = 0
    if options.get("complete"):
        counted = count_result(puzzle, up_to_symmetry=True, time_limit=options.get("time_limit"))
        if counted.status == "UNKNOWN":
            payload.update(complete=None)
            return payload, said + "; the count for --complete ran out of time: whether the file is complete is " \
                                   "not known", 0
        whole = counted.stats["count_up_to_symmetry"]
        payload.update(count=counted.count, count_up_to_symmetry=whole, complete=len(orbits) == whole)
        if len(orbits) == whole:
            said += f"; the puzzle has {whole} up to symmetry: the file holds them all"
        else:
            said += f"; the puzzle has {whole} up to symmetry: the file misses {whole - len(orbits)}"
            code = 1
    return payload, said, code


_VERBS = {"solve": _solve, "count": _count, "check": _check, "export": _export, "draw": _draw, "verify": _verify}


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


# -- the group ---------------------------------------------------------------------------------------------
@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="parity")
def cli() -> None:
    """parity: lights-out and parity puzzles, solved exactly.

    Every verb takes a puzzle family: parity solve lightsout --board grid:5x5.
    """


for _verb in _VERBS:
    cli.add_command(_FamilyGroup(_verb))


# -- sweeps ------------------------------------------------------------------------------------------------
class _SweepGroup(click.Group):
    """``parity sweep NAME ...`` runs a built-in sweep; ``show`` and ``export`` read a store."""

    def list_commands(self, ctx) -> list[str]:
        from ..puzzles.registry import sweeps

        return [*sweeps(), "show", "export"]

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
    sweep = Sweep(spec.name, spec.function(), spec.make_tasks(**values))
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
    payload = {"sweep": spec.name, "store": store_path, **summary, "in_store": counts}
    stopped = f"stopped by the time limit of {time_limit:g} s: " if summary["stopped"] else ""
    others = "".join(f", {summary[key]} {words}" for key, words in (
        ("taken_over", "taken over from a run that died"), ("elsewhere", "finished by other runs")) if summary[key])
    text = (f"sweep {spec.name}: {stopped}{summary['total']} tasks, {summary['skipped']} already in the store, "
            f"{summary['ran']} ran ({summary['done']} done, {summary['failed']} failed){others} in "
            f"{summary['seconds']:.1f} s; {store_path} holds {counts['done']} done, {counts['failed']} failed")
    click.echo(json.dumps(payload) if as_json else text)


sweep_group = _SweepGroup("sweep", help="Run a resumable, parallel parameter sweep into an SQLite store; show or "
                                         "export a store.")
cli.add_command(sweep_group)


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


@cli.group("table")
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


@cli.command("reproduce")
@click.option("--quick", is_flag=True, help="Skip the slow checks (about 4 s on two cores; 9 s the first time after "
              "installing, which compiles kernels).")
@click.option("--out", "out", default="reproduce-report", show_default=True,
              help="Folder for report.md and its pictures.")
@click.option("--seed", "seeds", multiple=True, help="Only this seed (000..004); repeat for several.")
@click.option("--no-pictures", "no_pictures", is_flag=True, help="Write the report without drawing the pictures.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
def reproduce_command(quick: bool, out: str, seeds: tuple, no_pictures: bool, as_json: bool) -> None:
    """Recompute every seed's headline results, compare them with the expected values, write a report.

    Exit status 1 if any result disagrees.
    """
    from ..reproduce import report_folder, run_checks, write_report

    report_folder(out)  # a bad --out is refused before the work, not after it

    place = {"k": 0, "total": 0}

    def starting(check, k, total) -> None:
        place.update(k=k, total=total)
        if check.slow and not quick:
            click.echo(f"  [{k}/{total}] seed {check.seed} {check.name}: running, about {check.about:g} s on two "
                       "cores ...", err=True)

    def progress(result) -> None:
        mark = {"ok": "ok", "MISMATCH": "MISMATCH", "error": "ERROR", "skipped": "skipped"}[result.status]
        click.echo(f"  [{place['k']}/{place['total']}] seed {result.seed} {result.name}: {mark} "
                   f"({result.seconds:.2f} s)", err=True)

    results = run_checks(quick=quick, only=list(seeds) or None, progress=None if as_json else progress,
                         starting=None if as_json else starting)
    report = write_report(results, out, pictures=not no_pictures)
    bad = [r for r in results if r.status in ("MISMATCH", "error")]
    payload = {"report": str(report), "agree": not bad,
               "results": [{"seed": r.seed, "name": r.name, "status": r.status, "expected": r.expected,
                            "got": r.got, "seconds": round(r.seconds, 3), "note": r.note} for r in results]}
    counts = {k: sum(r.status == k for r in results) for k in ("ok", "skipped", "missing")}
    text = (f"{counts['ok']} of {len(results)} results reproduced, {len(bad)} disagree, {counts['skipped']} skipped, "
            f"{counts['missing']} not yet reproduced; report: {report}")
    click.echo(json.dumps(payload, default=str) if as_json else text)
    if bad:
        sys.exit(1)


@cli.command("pieces")
@click.argument("family")
@click.option("--order", type=int, required=True, help="Cells (or segments) a piece.")
@click.option("--one-sided", "one_sided", is_flag=True, help="Mirror images kept apart (rotations only).")
@click.option("--welded/--unwelded", "welded", default=None, help="Pieces of segments: only those with a junction "
              "(three segments or more at a point), or only the others.")
@click.option("-o", "--output", default=None, help="Draw the set to this .svg or .png file.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout (count and pieces).")
def pieces_command(family: str, order: int, one_sided: bool, welded: bool | None, output: str | None,
                   as_json: bool) -> None:
    """List (count, draw) every piece of an order of a polyform family: polyominoes, polycubes, polyiamonds,
    polyhexes, polysticks, polytrigs or polytwigs; the count is compared with the published one where there is
    one (any order is generated whose set fits in memory)."""
    from ..draw import check_output
    from ..pieces import describe_set, draw_pieces

    if output is not None:
        check_output(output)  # a bad file name is refused before the set is generated
    started = time.perf_counter()
    found = describe_set(family, order, one_sided, welded)
    found["seconds"] = round(time.perf_counter() - started, 3)
    kind = "one-sided" if one_sided and family != "polycubes" else "free"
    if family == "polycubes":
        kind = "up to rotation"
    if welded is not None:
        kind += ", welded" if welded else ", unwelded"
    said = (f"{found['count']} {family} of order {order}, {kind}"
            + ("" if found["published"] is None else
               f" ({'matches' if found['matches'] else 'DIFFERS FROM'} the published {found['published']}, "
               f"{'OEIS ' if found['source'][1:].isdigit() else ''}{found['source']})"))
    if output is not None:
        pieces = {p["name"]: [tuple(c) for c in p["cells"]] for p in found["pieces"]}
        draw_pieces(family, pieces, output, title=said)
        found["picture"] = output
    if as_json:
        click.echo(json.dumps(found))
    else:
        lines = [said] + [f"{p['name']:>8}  {' '.join(','.join(map(str, c)) for c in p['cells'])}"
                          for p in found["pieces"]]
        if output is not None:
            lines.append(f"drew {output}")
        click.echo("\n".join(lines))
    if found["matches"] is False:
        sys.exit(1)


@cli.command("engines")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
def engines_command(as_json: bool) -> None:
    """List the engines, the encodings they work on, and the PySAT solvers for sat:SOLVER."""
    from ..cnf.backends import PYSAT_SOLVERS
    from ..engines import DEFAULT_ORDER, ENGINES

    table = {name: {"encoding": e.accepts, "exact": e.exact, "finds_solutions": e.can_solve,
                    "lists_solutions": e.can_enumerate, "counts": e.can_count, "minimises": e.can_minimize,
                    "proofs": e.can_prove} for name, e in ENGINES.items()}
    payload = {"engines": table, "pysat_solvers": list(PYSAT_SOLVERS),
               "default_order": {f"{kind} {question}": list(order) for (kind, question), order in DEFAULT_ORDER.items()}}

    def abilities(e: dict) -> str:
        words = [word for word, able in (("finds", e["finds_solutions"]), ("lists", e["lists_solutions"]),
                                         ("minimises", e["minimises"]), ("writes proofs", e["proofs"])) if able]
        if e["counts"]:
            words.append("counts" if e["exact"] else "counts (probabilistic exact)")
        return ", ".join(words)

    lines = [f"{name:<9} {e['encoding']:<8} {abilities(e)}" for name, e in table.items()]
    lines.append(f"sat:SOLVER with SOLVER one of {', '.join(PYSAT_SOLVERS)}")
    click.echo(json.dumps(payload) if as_json else "\n".join(lines))


class _Interrupted(BaseException):
    """SIGINT or SIGTERM, turned into an exception so that every ``finally`` (killing children) runs.

    Not a KeyboardInterrupt: click catches that itself and writes an empty
    line to stderr before its own Abort, so the one-line contract would break.
    """


def _on_stop_signal(signum, frame) -> None:
    raise _Interrupted(signum)


def _raise_again(unraisable) -> None:
    """``sys.unraisablehook`` while the stop handlers are in place: an interrupt raised inside a finaliser (numba's
    and llvmlite's objects have them) is one Python only reports there, and the command would go on; the signal is
    given again a moment later from another thread, so that its handler runs in the main thread once this hook and
    the finaliser have returned (one that lands in a finaliser again comes back here)."""
    if isinstance(unraisable.exc_value, _Interrupted):
        import _thread
        import threading

        signum = unraisable.exc_value.args[0] if unraisable.exc_value.args else signal.SIGINT
        again = threading.Timer(0.05, _thread.interrupt_main, args=(signum,))
        again.daemon = True
        again.start()
    else:
        sys.__unraisablehook__(unraisable)


def _install_stop_handlers() -> dict:
    """Handle SIGINT and SIGTERM with :func:`_on_stop_signal` (and an interrupt lost in a finaliser with
    :func:`_raise_again`); returns what was there before, for :func:`_restore_stop_handlers`.

    Off the main thread nothing is installed (Python allows handlers there only).
    """
    previous = {}
    for number in (signal.SIGINT, signal.SIGTERM):
        try:
            previous[number] = signal.signal(number, _on_stop_signal)
        except ValueError:  # not the main thread: signals stay with whoever owns it
            break
    if previous:
        previous["unraisablehook"], sys.unraisablehook = sys.unraisablehook, _raise_again
    return previous


def _restore_stop_handlers(previous: dict) -> None:
    hook = previous.pop("unraisablehook", None)
    if hook is not None:
        sys.unraisablehook = hook
    for number, handler in previous.items():
        signal.signal(number, handler)


_NO_ARGS = getattr(click.exceptions, "NoArgsIsHelpError", ())  # click >= 8.2 raises it for a bare group


def _one_line_warnings() -> None:
    """parity's warnings (input read anyway, as other tools read it) as one line each on stderr; others as Python
    prints them."""
    import warnings

    from ..errors import ParityWarning

    warnings.simplefilter("always", ParityWarning)  # each file's warning, however many a process reads
    shown = warnings.showwarning
    if getattr(shown, "parity", False):  # installed by an earlier call in this process
        return

    def show(message, category, filename, lineno, file=None, line=None):
        if issubclass(category, ParityWarning):
            print(f"parity: warning: {_one_line(str(message))}", file=sys.stderr, flush=True)
        else:
            shown(message, category, filename, lineno, file, line)

    show.parity = True
    warnings.showwarning = show


def _as_option(message: str) -> str:
    """An API error read on the command line: the parameter it names (``max_nullity``) is an option there."""
    return re.sub(r"\bmax_nullity\b", "--max-nullity", message)


def main(argv: list[str] | None = None) -> None:
    """Run the command line; user errors become one line on stderr and exit status 2."""
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)  # counts are exact: 2 ** 15000 is printed in full, not refused
    previous = _install_stop_handlers()
    from .. import _compiled

    _compiled.NOTES = True  # a command about to compile kernels says so once on stderr
    _one_line_warnings()
    as_json = _asks_json(sys.argv[1:] if argv is None else argv)
    try:
        cli.main(args=argv, prog_name="parity", standalone_mode=False)
    except ParityError as exc:
        _refuse(_as_option(_one_line(str(exc))), type(exc).__name__, exc.option, as_json)
    except _NO_ARGS as exc:  # 'parity' or 'parity solve' alone: the help, as --help would print it
        click.echo(exc.ctx.get_help() if exc.ctx is not None else cli.get_help(click.Context(cli)))
        sys.exit(0)
    except click.UsageError as exc:
        message = exc.format_message().splitlines()[0]
        where = f"{exc.ctx.command_path}: " if exc.ctx is not None else ""
        _refuse(f"{where}{message}", "UsageError", _option_of(exc), as_json)
    except (KeyboardInterrupt, click.exceptions.Abort, _Interrupted):
        click.echo("parity: interrupted", err=True)
        sys.exit(130)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        _refuse(_one_line(exc.format_message()), "UsageError", None, as_json)
    finally:
        _restore_stop_handlers(previous)


def _asks_json(argv) -> bool:
    """Whether the command line asks for JSON (``--json`` before any ``--``), read before click parses it: a
    refusal of the command line itself answers in JSON too."""
    words = [str(word) for word in argv]
    return "--json" in words[: words.index("--")] if "--" in words else "--json" in words


def _option_of(exc: click.UsageError) -> str | None:
    """The option a usage error is about (the longest of its names), or None."""
    param = getattr(exc, "param", None)
    if param is not None:
        names = [*param.opts, *param.secondary_opts]
        return max(names, key=len) if param.param_type_name == "option" else param.human_readable_name
    return getattr(exc, "option_name", None)


def _refuse(message: str, kind: str, option: str | None, as_json: bool) -> None:
    """A refusal: one line on stderr and exit status 2; with ``--json`` also one JSON object on stdout saying so
    (``"status": "ERROR"``, the message, the kind of error and the option it concerns, null where none does)."""
    click.echo(f"parity: error: {message}", err=True)
    if as_json:
        click.echo(json.dumps({"status": "ERROR", "error": kind, "message": message, "option": option,
                               "exit_status": 2}))
    sys.exit(2)


def _one_line(message: str) -> str:
    return " ".join(message.split()) or "unknown error"
