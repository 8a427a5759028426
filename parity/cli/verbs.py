"""What each family verb does, run in a child process (:mod:`parity._child`): each takes the family's name,
the options that build the puzzle and the verb's own, and returns ``(payload, text, exit status)``."""

from __future__ import annotations

import time

from ..errors import LimitError
from .progress import _positive, _progress_bar, heartbeat


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
    beat, finish = heartbeat(f"{verb} {family_name}", noted)
    try:
        return run_in_child(_VERBS[verb], family_name, build, options, time_limit=limit, on_note=noted.__setitem__,
                            what=f"parity {verb} {family_name}", heartbeat=beat)
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
    finally:
        finish()  # the progress line off the terminal before the answer is printed


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
        from .._extras import require
        from ..draw import check_output

        check_output(options["output"])
        require("matplotlib", "drawing")  # said before the puzzle is solved, not after
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
    for name, reason in summary.get("unavailable", {}).items():
        lines.append(f"  - {name} left out: {reason}")
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
