"""The verbs that take a family (``solve``, ``count``, ``check``, ``export``, ``draw``, ``verify``), their
subcommands built from the family's declared options (:class:`~parity.puzzles.registry.Family`).

No verb names a family: a family's options (``Family.options``, and
``Family.solve_options`` for ``solve`` and ``draw``) become the command's,
beside the verb's own (:func:`_common`); the work runs in a child process
(:mod:`.verbs`).
"""

from __future__ import annotations

import sys

import click

from .. import _json
from ..errors import LimitError
from .verbs import _LIMITED, _VERBS, _export, _limited, _precheck

_TIME_LIMIT_HELP = "Give up after this many seconds (status UNKNOWN)."


def _click_param(option, optional: bool = False) -> click.Parameter:
    if not option.flags:  # (``optional``: a family's batch file stands for its positional arguments)
        return click.Argument([option.name], required=option.required and not optional,
                              type=click.Path(dir_okay=False))
    if option.type is bool:
        return click.Option([*option.flags, option.name], is_flag=True, default=bool(option.default), help=option.help)
    extra = {} if option.default is None else {"default": option.default, "show_default": True}  # click: None is a default
    return click.Option([*option.flags, option.name], type=option.type, required=option.required, help=option.help, **extra)


def _engine_help(encodings=None) -> str:
    """The engines as the table lists them, with what each answers (made from :data:`parity.engines.ENGINES`);
    with a family's ``encodings``, only the engines that work on one of them."""
    from ..engines import ENGINES

    names = []
    for name, engine in ENGINES.items():
        if encodings is not None and engine.accepts not in encodings:
            continue
        notes = [] if engine.can_solve else ["counts only"]
        if not engine.exact:
            notes.append("probabilistic exact")
        names.append(f"{name} ({', '.join(notes)})" if notes else name)
        if name == "sat":
            names.append("sat:SOLVER")
    return (f"An engine: {', '.join(names)}; default: the fastest that applies (see 'parity engines' for the "
            "encodings each works on).")


def _common(verb: str, encodings=None) -> list[click.Parameter]:
    engine = click.Option(["--engine"], default=None, help=_engine_help(encodings))
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
                             help="Which symmetries make two solutions the same (rotations and fixed-pieces "
                                  "imply --up-to-symmetry; all, the default, goes with it): "
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
        self.batch = verb == "solve" and entry.batch is not None  # (--file FILE -o OUT: many puzzles, one a line)
        params = [] if verb == "check" else [_click_param(o, self.batch) for o in entry.options]
        if self.batch:
            params += [click.Option(["--file", "batch_file"], default=None, metavar="FILE",
                                    help="Solve every puzzle of FILE, one a line (its cells without spaces; text "
                                         "after a comma or a space is ignored, '#' starts a comment), in one run: "
                                         "the compiled search a batch at a time, uniqueness included, each answer a "
                                         "JSON line of -o."),
                       click.Option(["-o", "--output", "batch_output"], default=None, metavar="OUT",
                                    help="With --file: the file of JSON lines to write, one a puzzle ({\"line\": "
                                         "N, \"solved\": ..., \"unique\": ..., \"solution\": ...}); with "
                                         "--time-limit, a run stopped keeps the lines of the batches it finished.")]
        if verb in ("solve", "draw"):  # (a question of its own is solve's: draw pictures one solution)
            params += [_click_param(o) for o in entry.solve_options if verb == "solve" or not o.asks]
        # a verb option with a flag the family declares too (export's --augmented and the linear family's) is
        # one option: the family's, whose value the verb also receives
        taken = {flag: o.name for o in (entry.options if verb != "check" else ()) for flag in o.flags}
        self.shared = {}
        for param in _common(verb, entry.puzzle.encodings):
            clash = next((taken[flag] for flag in param.opts if flag in taken), None)
            if clash is None:
                params.append(param)
            else:
                self.shared[param.name] = clash
        self.verb, self.entry = verb, entry
        summary = entry.summary + (f" (also: {', '.join(entry.aliases)})" if entry.aliases else "")
        help_text = f"{_VERB_HELP[verb]}\n\n{summary}"
        super().__init__(entry.name, params=params, callback=self._run, help=help_text, short_help=summary)

    def _run(self, as_json: bool = False, **values) -> None:
        if self.batch:
            file, output = values.pop("batch_file"), values.pop("batch_output")
            given = [o for o in self.entry.options if not o.flags and values.get(o.name) is not None]
            if file is not None:
                return self._batch(file, output, given, values, as_json)
            missing = [o.name.upper() for o in self.entry.options if not o.flags and o.required and not given]
            if output is not None:
                raise LimitError("-o names the file of answers of --file; give --file FILE too")
            if missing:
                raise LimitError(f"give the {' '.join(missing)}, or --file FILE -o OUT for a file of many")
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
            from .progress import heartbeat

            beat, finish = heartbeat(f"{self.verb} {self.entry.name}")
            try:
                payload, text, code = run_in_child(_VERBS[self.verb], self.entry.name, build, values,
                                                   what=f"parity {self.verb} {self.entry.name}", heartbeat=beat)
            finally:
                finish()
        click.echo(_json.dumps(payload) if as_json else text)
        if code:
            sys.exit(code)

    def _batch(self, file: str, output: str | None, given, values: dict, as_json: bool) -> None:
        """``--file FILE -o OUT``: the family's batch (:attr:`~parity.puzzles.registry.Family.batch`) in a child
        process, with the options a batch takes no part in refused first."""
        if given:
            raise LimitError(f"--file solves the puzzles of FILE; give it without {given[0].name.upper()}")
        if output is None:
            raise LimitError("--file writes one JSON line a puzzle: name the file with -o OUT")
        used = [flag for name, flag in (("engine", "--engine"), ("unique", "--unique"), ("proof", "--proof"))
                if values.get(name) is not None]
        if used:
            raise LimitError(f"--file runs the compiled search with uniqueness on every puzzle; give it without "
                             f"{used[0]}")
        import os

        from .._files import names_a_folder

        folder = names_a_folder(output) or ("it is a folder" if os.path.isdir(output) else None)
        if folder:
            raise LimitError(f"-o {output}: {folder}")
        if os.path.realpath(output) == os.path.realpath(file) or (
                os.path.exists(output) and os.path.exists(file) and os.path.samefile(output, file)):
            raise LimitError(f"-o {output} is the file of puzzles itself; name another file")
        from .._child import run_in_child
        from .._limits import check_time_limit
        from ..errors import TimeLimitReached

        limit = check_time_limit(values.get("time_limit"))
        noted: dict = {}
        try:  # in a child, as every verb's work: an interrupt or the time limit stops it between two signals' checks
            payload, text = run_in_child(self.entry.batch, file, output, time_limit=limit, on_note=noted.__setitem__,
                                         what=f"parity solve {self.entry.name} --file")
        except TimeLimitReached:
            done = noted.get("done", 0)
            payload = {"family": self.entry.name, "file": file, "output": output, "status": "UNKNOWN",
                       "puzzles_written": done, "time_limit": limit}
            text = (f"{file}: the time limit of {limit:g} s was spent; {output} holds the answers to the first "
                    f"{done} puzzles")
        click.echo(_json.dumps(payload) if as_json else text)


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
            from ..puzzles.registry import unknown_family

            raise click.UsageError(unknown_family(name), ctx)
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
