"""The front door: ``solve``, ``count`` and ``solutions`` for any puzzle, every answer verified.

This is the only place that goes puzzle -> encoding -> engine -> decode ->
verify.  It uses nothing but the puzzle contract (:mod:`parity.puzzles.base`)
and the engine table (:mod:`parity.engines`), so a new family needs no change
here.  A ``time_limit`` runs the engine in a child process that is stopped
when the time is spent: the answer is then ``UNKNOWN``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ._compiled import spent
from ._limits import check_max_nullity, check_time_limit
from .engines import SAT, UNKNOWN, UNSAT, Answer, choose, engine_name
from .errors import InvalidSolution, LimitError, TimeLimitReached

__all__ = ["Result", "solve", "solve_many", "count", "count_result", "solutions", "encoding_solutions",
           "count_up_to_symmetry", "decode_verified"]



@dataclass
class Result:
    """The answer to ``solve`` or ``count_result``: a verified solution in puzzle terms, a count, or UNKNOWN.

    Attributes
    ----------
    puzzle : parity.puzzles.Puzzle
        The puzzle asked about.
    engine : str or None
        None when a time limit was spent before an engine was chosen.
    status : {"SAT", "UNSAT", "UNKNOWN"}
        UNKNOWN when a time limit was spent first.
    solution : object or None
        In puzzle terms (node -> presses for Lights Out), already verified.
    count : int or None
        The exact number of solutions, when the engine knows it.
    seconds : float
        The engine's own work on the built encoding (``engine.solve`` or
        ``engine.count``, as M4RI's ``kernel_s`` times its elimination alone).
    load_seconds : float
        What bringing the engine in cost before its work began: importing
        its libraries and loading or compiling its kernels
        (:meth:`parity.engines.Engine.load`; the first run after installing
        compiles, later runs read the compiled kernels from a cache).
    stats : dict
        Engine-specific numbers (``rank``, ``nullity`` for linear engines;
        ``variables``, ``clauses``, ``exact`` for CNF engines).
    total_seconds : float
        The whole call: choosing the engine, building the encoding (reading a
        file, for file families), loading the engine, its work, decoding and
        verifying.
        When a time limit was spent (``UNKNOWN``) both times are the time
        spent until then.  Default: ``seconds``.
    question : {"solve", "count"}
        What was asked: ``str(result)`` says the answer as the command line
        does (:meth:`text`).

    Examples
    --------
    >>> import parity as pt
    >>> print(pt.solve(pt.LightsOut("grid:2x2")))
    grid:2x2, closed rule over GF(2): 4 presses (the only solution)
    # #
    # #
    """

    puzzle: Any
    engine: str | None
    status: str
    solution: Any = None
    count: int | None = None
    seconds: float = 0.0
    stats: dict = field(default_factory=dict)
    total_seconds: float | None = None
    load_seconds: float = 0.0
    question: str = "solve"

    def __post_init__(self) -> None:
        if self.total_seconds is None:
            self.total_seconds = self.seconds

    @property
    def satisfiable(self) -> bool | None:
        """True, False, or None when the answer is UNKNOWN."""
        return {"SAT": True, "UNSAT": False}.get(self.status)

    @property
    def family(self) -> str:
        return self.puzzle.family

    @property
    def board(self) -> str:
        return self.puzzle.board_name

    def _repr_svg_(self) -> str | None:
        """The solution drawn, for Jupyter (None when there is none, the family does not draw, or matplotlib is
        not installed: ``pip install 'parity[draw]'``)."""
        from ._display import svg
        from .puzzles.base import Puzzle

        if self.solution is None or type(self.puzzle).draw is Puzzle.draw:
            return None
        return svg(lambda ax: self.puzzle.draw(self.solution, ax), size=(6.0, 6.0))

    def _repr_html_(self) -> str:
        """The answer for Jupyter: the headline, the engine's numbers (exact or not, the proof's kind where there
        is one) and the solution drawn (as text where it cannot be drawn).

        Examples
        --------
        >>> import parity as pt
        >>> page = pt.count_result(pt.LightsOut("grid:5x5"))._repr_html_()
        >>> "<th>count</th><td>4</td>" in page and "<th>exact</th><td>True</td>" in page
        True
        """
        from ._display import escape, html_rows

        pairs: list[tuple[str, object]] = [("engine", self.engine), ("status", self.status)]
        if self.count is not None:
            pairs.append(("count", int(self.count)))
        if self.question == "count" or "exact" in self.stats:
            pairs.append(("exact", bool(self.stats.get("exact", True))))
        pairs += [(key, value) for key, value in self.stats.items() if key not in {name for name, _ in pairs}
                  and isinstance(value, (int, float, str, bool)) and not key.startswith("_")]
        pairs.append(("seconds", round(self.total_seconds, 4)))
        picture = ""
        if self.question == "solve" and self.solution is not None:
            picture = self._repr_svg_() or f"<pre>{escape(self.puzzle.picture(self.solution))}</pre>"
        return (f'<div class="parity-result"><p><b>{escape(self.headline())}</b></p>{html_rows(pairs)}{picture}'
                "</div>")

    def headline(self) -> str:
        """The answer in one line, as ``parity solve`` and ``parity count`` print it first."""
        describe = self.puzzle.describe()
        if self.status == UNKNOWN:
            by = f" (engine {self.engine})" if self.engine else " (before an engine was chosen)"
            return f"{describe}: unknown, the time limit was spent{by}"
        stats = self.stats
        if self.question == "count":
            details = f"rank {stats['rank']}, nullity {stats['nullity']}; " if "rank" in stats else ""
            exact = "" if stats.get("exact", True) else ", probabilistic exact"
            return f"{describe}: {_plural(self.count)} ({details}engine {self.engine}{exact}, {self.seconds:.3f} s)"
        if not self.satisfiable:
            rank = f"rank {stats['rank']}; " if "rank" in stats else ""
            return f"{describe}: no solution ({rank}engine {self.engine})"
        if "minimum_weight" in stats:  # the front door minimised (asked, or the puzzle's default)
            qualifier = f"the minimum over all {self.count} solutions" if self.count is not None else "a minimum"
        elif self.count is not None:
            qualifier = "the only solution" if self.count == 1 else f"one of {_plural(self.count)}"
        elif "unique" in stats:
            qualifier = "the only solution" if stats["unique"] else "not the only solution"
        else:
            qualifier = f"engine {self.engine}"
        return f"{describe}: {self.puzzle.summary(self.solution)} ({qualifier})"

    def text(self) -> str:
        """The answer as the command line prints it: the headline, then the solution's picture or the counts up to
        symmetry."""
        lines = [self.headline()]
        if self.question == "solve" and self.solution is not None:
            lines.append(self.puzzle.picture(self.solution))
        elif "count_up_to_symmetry" in self.stats:
            stats = self.stats
            kind = stats.get("symmetry", "all")
            which = {"all": "symmetries", "rotations": "rotations",
                     "fixed-pieces": "symmetries that map every piece to itself"}[kind]
            more = f"; {stats['count_up_to_rotation']} up to rotations" if "count_up_to_rotation" in stats and \
                kind != "rotations" else ""
            group = stats.get("up_to_text") or ("its only symmetry, the identity" if stats["symmetries"] == 1 else
                                                f"the {stats['symmetries']} {which}")
            lines.append(f"  {stats['count_up_to_symmetry']} up to {group}{more}")
        return "\n".join(lines)

    __str__ = text

    def to_json(self) -> dict:
        """The answer as the command line prints it with ``--json``: common keys, engine numbers, the solution."""
        from ._json import plain

        return plain(self.payload())

    def payload(self) -> dict:
        """:meth:`to_json` with the parts the puzzle wrote as JSON text kept as text (``parity._json.dumps`` writes
        it; the command line prints it so)."""
        payload = {**self.puzzle.header(), "engine": self.engine, "status": self.status, "satisfiable": self.satisfiable}
        if self.count is not None:
            payload["count"] = int(self.count)
        for key, value in self.stats.items():
            if key == "minimum_weight":
                payload[f"min_{self.puzzle.weight_name}"] = value
            elif key != "count":
                payload[key] = value
        if self.solution is not None:
            payload.update(self.puzzle.to_json(self.solution))
        payload["seconds"] = round(self.seconds, 6)
        payload["load_seconds"] = round(self.load_seconds, 6)
        payload["total_seconds"] = round(self.total_seconds, 6)
        return payload


def _plural(count: int) -> str:
    return f"{count} solution{'s' if count != 1 else ''}"


def _run(function, time_limit: float | None, what: str, noted: dict, *args, **kwargs):
    """``function(*args, **kwargs)``, in a child process stopped after ``time_limit`` seconds when one is given;
    what the child notes on the way (the engine it chose) lands in ``noted``."""
    if time_limit is None:
        return function(*args, **kwargs)
    from ._child import run_in_child

    return run_in_child(function, *args, time_limit=time_limit, what=what, on_note=noted.__setitem__, **kwargs)


def decode_verified(puzzle, encoding, raw):
    """The solution in puzzle terms of an engine's raw answer ``raw`` about ``encoding``, checked by the puzzle's
    own rules (:meth:`~parity.puzzles.Puzzle.verify`).

    Raises
    ------
    InvalidSolution
        If the decoded solution breaks the puzzle's rules.

    Examples
    --------
    >>> from parity.engines import get_engine
    >>> from parity.puzzles import LightsOut
    >>> puzzle = LightsOut("grid:3x3")
    >>> system = puzzle.encoding("linear")
    >>> decode_verified(puzzle, system, get_engine("gf2").solve(system).raw)[1, 1]  # the centre is pressed
    1
    >>> decode_verified(puzzle, system, system.rhs * 0)  # no press at all leaves every light on
    Traceback (most recent call last):
    ...
    parity.errors.InvalidSolution: after the presses 9 lights differ from the target, e.g. at (0, 0)
    """
    solution = encoding.decode(raw)
    puzzle.verify(solution)
    return solution


def _split_times(load: float, started: float, compiled: float) -> tuple[float, float]:
    """(load, work) seconds of an engine's call that began at ``started`` when :func:`parity._compiled.spent` was
    ``compiled``: kernels compiled or read from numba's cache during the work count as loading, not as work."""
    kernels = spent() - compiled
    return load + kernels, max(0.0, time.perf_counter() - started - kernels)


def _loaded(engine, encoding) -> float:
    """Load ``engine`` for ``encoding`` (:meth:`~parity.engines.Engine.load`); returns the seconds it took."""
    started = time.perf_counter()
    engine.load(encoding)
    return time.perf_counter() - started


def _solve_work(puzzle, name: str | None, minimize: bool, max_nullity: int,
                unique: bool = False, proof: str | None = None) -> tuple[str, Answer, Any, tuple[float, float]]:
    """Choose the engine, build the encoding, solve, decode and verify: the whole job a time limit bounds.

    Returns the engine's name (what crosses back from a child process must pickle), its answer, the solution,
    and the seconds of loading the engine and of its work alone (timed here, so that they travel back from a child
    process too).
    With ``unique`` the engine's work includes deciding whether a second solution exists; with ``proof`` the engine
    writes the proof of its refusal there.
    """
    engine, encoding = choose(puzzle, name, "minimize" if minimize else "solve", proof=proof is not None)
    load = _loaded(engine, encoding)
    started, compiled = time.perf_counter(), spent()
    answer = engine.solve(encoding, minimize=minimize, max_nullity=max_nullity,
                          **({} if proof is None else {"proof": proof}))
    if answer.status == SAT and answer.raw is None:  # a solve that cannot be verified is no answer
        raise InvalidSolution(f"engine {engine.name} answered SAT without a solution to verify")
    solution = None if answer.raw is None else decode_verified(puzzle, encoding, answer.raw)
    if unique and solution is not None:
        answer.stats["unique"] = _is_unique(puzzle, engine, encoding, answer, solution)
    return engine.name, answer, solution, _split_times(load, started, compiled)


def _is_unique(puzzle, engine, encoding, answer: Answer, solution) -> bool:
    """Is ``solution`` the only one?  The engine's count when it has one, else a search for a second solution."""
    from .puzzles.base import canonical

    if answer.count is not None:
        return answer.count == 1
    lister, listed = (engine, encoding) if engine.can_enumerate else choose(puzzle, None, "solutions")
    # (an engine that finds one solution but lists none: the default lister of the same encoding decides)
    mine = canonical(puzzle.to_json(solution))
    for number, raw in enumerate(lister.solutions(listed), start=1):
        found = listed.decode(raw)
        if canonical(puzzle.to_json(found)) != mine:
            puzzle.verify(found)  # a second solution, checked as every solution is (the first one was already)
            return False
        if number == 2:
            break
    return True


def _count_work(puzzle, name: str | None, up_to_symmetry: bool = False,
                recolour: bool = False, symmetry: str = "all") -> tuple[str, bool, Answer, tuple[float, float]]:
    if up_to_symmetry and puzzle.symmetries(recolour=recolour) is None:  # before any long count
        raise LimitError(f"{puzzle.family} puzzles define no symmetries to count up to")
    plain = not recolour and symmetry == "all"  # the orbits the family's own count gives
    own = getattr(puzzle, "orbit_count", None) if name is None and (plain or not up_to_symmetry) else None
    if own is not None:
        # with no engine named, a family that counts orbits by pruning (one piece at one placement per orbit)
        # counts every solution from that smaller search: each solution found stands for a known number of them;
        # the whole problem's encoding is then never built
        started, compiled = time.perf_counter(), spent()
        up = own(None)
        # (no solution: the engine's own count says so on the whole problem, with its proof where it has one)
        # (up to symmetry, none is the answer too: no orbit either, and the search is not run a second time)
        if up is not None and (up.get("count") or up_to_symmetry):
            return _by_orbits(up, 0.0, started, compiled, keys=None if up_to_symmetry else ("symmetries",))
    engine, encoding = choose(puzzle, name, "count")
    load = _loaded(engine, encoding)
    started, compiled = time.perf_counter(), spent()
    if up_to_symmetry:
        # a family's orbit count may give every solution's count too (a packing pruned to one placement per orbit
        # of one piece's): then nothing is counted twice
        up = count_up_to_symmetry(puzzle, engine=name, recolour=recolour, symmetry=symmetry)
        if up.get("count") is not None:
            return _by_orbits(up, load, started, compiled, engine.name)
        answer = engine.count(encoding)
        answer.stats.update(up)
    else:
        answer = engine.count(encoding)
    return engine.name, engine.exact, answer, _split_times(load, started, compiled)


def _by_orbits(up: dict, load: float, started: float, compiled: float, engine: str | None = None,
               keys: tuple[str, ...] | None = None) -> tuple[str, bool, Answer, tuple[float, float]]:
    """The count of a family's orbit count that counted every solution too (``up["count"]``), as the answer of
    the engine that searched (``up["engine"]``, else ``engine``), its loading (``up["load_seconds"]``) apart from
    its work; ``keys``: which of its other entries the answer carries (default: all)."""
    total, lister, loading = up.pop("count"), up.pop("engine", None), up.pop("load_seconds", 0.0)
    stats = up if keys is None else {key: up[key] for key in keys}
    answer = Answer(SAT if total else UNSAT, None, total, {"exact": True, "count_method": "orbits", **stats})
    return lister or engine, True, answer, _split_times(load + loading, started + loading, compiled)


def solve(puzzle, engine: str | None = None, *, time_limit: float | None = None, minimize: bool | None = None,
          max_nullity: int = 30, unique: bool | None = None, proof: str | os.PathLike | None = None) -> Result:
    """One solution of ``puzzle`` (verified by ``puzzle.verify``), or ``satisfiable=False``.

    Parameters
    ----------
    puzzle : parity.puzzles.Puzzle
    engine : str, optional
        An engine name (see :data:`parity.engines.ENGINES`); default: the fastest that applies.
    time_limit : float, optional
        Seconds; when spent the result is ``UNKNOWN``.
    minimize : bool, optional
        Return a solution of least ``puzzle.weight`` (for Lights Out: fewest
        presses, by an exact search over all solutions; for a chromatic
        colouring: fewest colours, by SAT calls that end in a proof).
        Default: ``puzzle.solve_defaults.get("minimize", False)``.
    max_nullity : int
        With ``minimize``: refuse a search over more than ``2 ** max_nullity`` solutions.
    unique : bool, optional
        Also decide whether the solution is the only one (``stats["unique"]``):
        from the engine's count when it knows it, else by looking for a
        second solution.  Default: ``puzzle.solve_defaults.get("unique", False)``.
    proof : path, optional
        Write the proof of a refusal (no solution; no solution lighter than
        the one returned) as DRAT to this file, and the CNF it refutes
        beside it (the proof's name with ``.cnf`` added; a file of that name
        that parity did not write is refused, never overwritten), for any
        DRAT checker.  Only
        engines that log proofs apply (``sat``, ``sat:SOLVER``,
        ``chromatic``); ``stats["proof"]`` names the files.

    Examples
    --------
    >>> import parity as pt
    >>> result = pt.solve(pt.LightsOut("grid:3x3"))
    >>> result.status, sum(result.solution.values()), result.engine
    ('SAT', 5, 'gf2')
    >>> pt.solve(pt.LightsOut("grid:5x5"), minimize=True).stats["minimum_weight"]
    15
    >>> pt.solve(pt.LightsOut("grid:5x5"), unique=True).stats["unique"]
    False
    """
    time_limit = check_time_limit(time_limit)
    defaults = getattr(puzzle, "solve_defaults", None) or {}
    minimize = bool(defaults.get("minimize", False) if minimize is None else minimize)
    unique = bool(defaults.get("unique", False) if unique is None else unique)
    if minimize:
        max_nullity = check_max_nullity(max_nullity)
    if minimize and getattr(puzzle, "weight", None) is None:
        raise LimitError(f"{puzzle.family} puzzles define no weight to minimise")
    if proof is not None:
        from .cnf.proof import proof_paths

        proof = str(proof_paths(proof)[0])
    started, noted = time.perf_counter(), {}
    try:  # the time limit covers building the encoding too
        chosen, answer, solution, (load, seconds) = _run(_solve_work, time_limit, "solving", noted, puzzle, engine,
                                                         minimize, max_nullity, unique, proof)
    except TimeLimitReached:
        return Result(puzzle, noted.get("engine", engine_name(engine)), UNKNOWN, seconds=time.perf_counter() - started,
                      stats={"minimum_weight": None, "bounds": noted.get("bounds")} if minimize else {})
    if solution is not None:
        puzzle.verify(solution)  # again here: the child's check is not trusted either
        if minimize and puzzle.weight(solution) != answer.stats.get("minimum_weight"):
            raise InvalidSolution(f"engine {chosen} claimed weight {answer.stats.get('minimum_weight')}, "
                                  f"the solution has {puzzle.weight(solution)}")
    return Result(puzzle, chosen, answer.status if solution is None else SAT, solution, answer.count, seconds,
                  answer.stats, total_seconds=time.perf_counter() - started, load_seconds=load)


#: how many puzzles :func:`solve_many` hands a family's batch solver at a time
BATCH = 4096


def solve_many(puzzles, engine: str | None = None) -> Iterator[Result]:
    """One :class:`~parity.api.Result` per puzzle of ``puzzles`` (any iterable, a generator of millions included), in order.

    Where a puzzle's class solves many at once (``solve_batch``: Sudoku's compiled search runs a whole batch in
    one call, with uniqueness) and no other engine is named, puzzles of that class go to it ``BATCH`` (4096) at a
    time: the start-up, the kernel's loading and the checks are paid once a batch, not once a puzzle.  Every
    solution is checked by the puzzle's rules (the batch's own check on all its grids at once, the rules of
    ``puzzle.verify``); ``seconds`` is the puzzle's share of its batch.  Any other puzzle goes to :func:`solve`.

    Examples
    --------
    >>> import parity as pt
    >>> results = list(pt.solve_many([pt.Sudoku("1..." "..1." ".1.." "...1"), pt.Sudoku("1234" "3412" "2143" "432."),
    ...                               pt.LightsOut("grid:2x2")]))
    >>> [(r.status, r.engine, r.stats.get("unique")) for r in results]
    [('SAT', 'search', False), ('SAT', 'search', True), ('SAT', 'gf2', None)]
    >>> results[1].solution[3]
    [4, 3, 2, 1]
    """
    from .puzzles.base import Puzzle

    iterator = iter(puzzles)
    while True:
        batch, failed = [], None
        try:  # (puzzles that came before an error in the iterable are answered, then the error is raised)
            for puzzle in iterator:
                if not isinstance(puzzle, Puzzle):
                    raise LimitError(f"solve_many takes puzzles (such as parity.Sudoku(text)), got "
                                     f"{type(puzzle).__name__} {puzzle!r:.40}")
                batch.append(puzzle)
                if len(batch) == BATCH:
                    break
        except Exception as exc:  # noqa: BLE001 - raised again below, after the batch's answers
            failed = exc
        if not batch and failed is None:
            return
        start = 0
        while start < len(batch):  # runs of one class with a batch solver, the others one by one
            kind = type(batch[start])
            end = start + 1
            while end < len(batch) and type(batch[end]) is kind:
                end += 1
            if engine is None and hasattr(kind, "solve_batch"):  # (and ``batch_engine``, the engine it names)
                started = time.perf_counter()
                answers = kind.solve_batch(batch[start:end])
                share = (time.perf_counter() - started) / (end - start)
                for puzzle, (solution, stats) in zip(batch[start:end], answers):
                    yield Result(puzzle, kind.batch_engine, SAT if solution is not None else UNSAT, solution, None,
                                 share, stats, total_seconds=share)
            else:
                for puzzle in batch[start:end]:
                    yield solve(puzzle, engine)
            start = end
        if failed is not None:
            raise failed


def count_result(puzzle, engine: str | None = None, *, time_limit: float | None = None, up_to_symmetry: bool = False,
                 recolour: bool = False, symmetry: str = "all") -> Result:
    """The exact number of solutions as a :class:`~parity.api.Result` (``count``, engine numbers; UNKNOWN when time ran out).

    With ``up_to_symmetry`` the stats also hold ``count_up_to_symmetry``, the
    number of solutions up to the puzzle's symmetries
    (:meth:`~parity.puzzles.Puzzle.symmetries`; see
    :func:`parity.api.count_up_to_symmetry`), and the group's order;
    ``recolour`` lets permutations of the values (colours) act too, and
    ``symmetry`` picks the convention (``all``, ``rotations``,
    ``fixed-pieces``: see :meth:`parity.symmetry.Symmetries.restricted`).

    Examples
    --------
    >>> import parity as pt
    >>> result = pt.count_result(pt.LightsOut("grid:5x5"))
    >>> result.count, result.stats["nullity"], result.engine
    (4, 2, 'gf2')
    >>> result.seconds <= result.total_seconds  # the engine's work, and the whole call
    True
    """
    time_limit = check_time_limit(time_limit)
    up_to_symmetry = up_to_symmetry or symmetry != "all"  # a convention asks for the count up to it
    if recolour and not up_to_symmetry:
        raise LimitError("recolour goes with up_to_symmetry (colour permutations act as a second symmetry group)")
    if symmetry != "all":  # (the symmetry package, and networkx with it, loaded only when asked)
        from .symmetry import check_convention

        check_convention(symmetry)  # before the count, which may be long
    started, noted = time.perf_counter(), {}
    try:  # the time limit covers building the encoding too
        chosen, exact, answer, (load, seconds) = _run(_count_work, time_limit, "counting", noted, puzzle, engine,
                                                      up_to_symmetry, recolour, symmetry)
    except TimeLimitReached:
        return Result(puzzle, noted.get("engine", engine_name(engine)), UNKNOWN, seconds=time.perf_counter() - started,
                      question="count")
    stats = {**answer.stats, "exact": exact}
    return Result(puzzle, chosen, answer.status, None, int(answer.count), seconds, stats,
                  total_seconds=time.perf_counter() - started, load_seconds=load, question="count")


def count(puzzle, engine: str | None = None, *, time_limit: float | None = None) -> int:
    """The exact number of solutions of ``puzzle`` (a Python int).

    Raises
    ------
    TimeLimitReached
        When ``time_limit`` seconds pass first.

    Examples
    --------
    >>> import parity as pt
    >>> pt.count(pt.LightsOut("grid:4x4")), pt.count(pt.LightsOut("grid:4x4"), engine="galois")
    (16, 16)
    """
    result = count_result(puzzle, engine, time_limit=time_limit)
    if result.status == UNKNOWN:
        raise TimeLimitReached(f"counting with engine {result.engine} stopped by its time limit of {time_limit} s")
    return result.count


def solutions(puzzle, limit: int | None = None, engine: str | None = None) -> Iterator[Any]:
    """The solutions of ``puzzle`` one by one, each verified, at most ``limit`` of them.

    Examples
    --------
    >>> import parity as pt
    >>> len(list(pt.solutions(pt.LightsOut("grid:4x4"), limit=5)))
    5
    """
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
        raise LimitError(f"limit must be a non-negative integer, got {limit!r}")
    chosen, encoding = choose(puzzle, engine, "solutions")  # errors now, not at the first next()
    return _verified_solutions(puzzle, chosen, encoding, limit)


def encoding_solutions(puzzle, encoding, engine: str | None = None) -> Iterator[Any]:
    """Every solution of ``encoding``, one of the puzzle's encodings or a smaller problem the puzzle made of one
    (a packing's cover problem with one piece at chosen placements), each decoded and verified by the puzzle: the
    front door for a family's own listings.

    Examples
    --------
    >>> import parity as pt
    >>> puzzle = pt.Polyomino({"a": [(0, 0), (0, 1)], "b": [(0, 0), (0, 1)]}, "rect:2x2")
    >>> len(list(encoding_solutions(puzzle, puzzle.encoding("cover"))))
    4
    """
    from .engines import choose_for

    kind = getattr(encoding, "kind", None) or next(k for k in puzzle.encodings if puzzle.encoding(k) is encoding)
    chosen = choose_for(encoding, kind, engine, "solutions")
    chosen.load(encoding)
    return _verified_solutions(puzzle, chosen, encoding, None)


def count_up_to_symmetry(puzzle, engine: str | None = None, recolour: bool = False,
                         method: str | None = None, symmetry: str = "all") -> dict:
    """The number of solutions up to the puzzle's symmetries, by Burnside's lemma.

    Burnside's lemma needs, for each symmetry, the number of solutions it
    fixes; the fastest way the puzzle allows gives them, listing nothing
    where it can:

    * linear puzzles add ``x_i = x_{g(i)}`` and take the rank
      (:func:`parity.symmetry.fixed_by_rank`);
    * puzzles with ``fixed_encoding(sym, g)`` (colourings: a quotient graph;
      packings and tilings: a quotient cover problem) count that smaller
      problem with the fastest counter (``frontier``, ``memo``...), so the
      count up to symmetry works where the solutions are far too many to list;
    * other puzzles list their verified solutions (at most
      ``parity.symmetry.MAX_SOLUTIONS``, two million) and count the elements
      that fix each.

    A family that can count orbits faster (``puzzle.orbit_count(engine)``,
    e.g. by pruning one piece's placements) is asked first, unless a method
    is named.

    Parameters
    ----------
    method : {None, "burnside", "listing"}
        None: the fastest route; ``"burnside"``: Burnside's lemma by the
        fastest count of fixed solutions; ``"listing"``: Burnside's lemma from
        every solution listed (the cross-check of the others).
    symmetry : {"all", "rotations", "fixed-pieces"}
        Which symmetries make two solutions the same
        (:meth:`parity.symmetry.Symmetries.restricted`); the answer then
        says so (``symmetry``).

    Returns
    -------
    dict
        ``count_up_to_symmetry``, ``symmetries`` (the group's order),
        ``count_up_to_rotation`` and ``rotations`` when the board has an
        orientation, and ``symmetry_method``; a family's orbit count may add
        ``count``, every solution counted by the same search, and
        ``engine``, the engine that searched (``count_result`` then counts
        nothing twice).

    Examples
    --------
    >>> import parity as pt
    >>> pt.count_up_to_symmetry(pt.LightsOut("grid:4x4"))["count_up_to_symmetry"]
    5
    >>> counted = pt.count_up_to_symmetry(pt.Coloring("grid:8x8", colors=3))  # 3-colourings: no listing
    >>> counted["count_up_to_symmetry"], counted["symmetry_method"]
    (5090651528085, 'burnside-counting')
    """
    from .symmetry import check_convention

    if method not in (None, "burnside", "listing"):
        raise LimitError(f"method must be None, 'burnside' or 'listing', got {method!r}")
    check_convention(symmetry)  # before the puzzle's symmetries are worked out
    own = getattr(puzzle, "orbit_count", None)
    refusal = getattr(puzzle, "orbit_refusal", None)
    refusal = refusal() if refusal is not None else None
    if refusal and (recolour or method is not None or symmetry != "all"):
        raise LimitError(refusal)
    if own is not None and not recolour and method is None and symmetry == "all":
        counted = own(engine)
        if counted is not None:
            return counted
    sym = puzzle.symmetries(recolour=recolour)
    if sym is None:
        raise LimitError(f"{puzzle.family} puzzles define no symmetries to count up to")
    if symmetry != "all":
        return {**_up_to(puzzle, sym.restricted(symmetry), engine, recolour, method), "symmetry": symmetry}
    return _up_to(puzzle, sym, engine, recolour, method)


def _up_to(puzzle, sym, engine: str | None, recolour: bool, method: str | None) -> dict:
    """Burnside's lemma over the group ``sym``, by the fastest count of fixed solutions (see
    :func:`count_up_to_symmetry`)."""
    from .symmetry import burnside, fixed_by_listing, fixed_by_rank, solution_matrix

    if recolour and sym.value_perms is None:
        raise LimitError(f"the values of {puzzle.family} puzzles are not interchangeable colours; drop --recolour")
    if method != "listing":
        linear = "linear" in puzzle.encodings and sym.value_perms is None and engine in (None, "gf2", "gfp", "galois",
                                                                                          "chase", "poly")
        if linear:
            return burnside(sym, lambda mask: fixed_by_rank(puzzle, sym, mask), "burnside-rank")
        counted = _fixed_by_counting(puzzle, sym, engine)
        if counted is not None:
            return counted
    S = solution_matrix(sym, solutions(puzzle, engine=engine))  # each solution verified
    return burnside(sym, lambda mask: fixed_by_listing(sym, S, mask), "burnside-enumeration")


def _fixed_by_counting(puzzle, sym, engine: str | None) -> dict | None:
    """Burnside's lemma with each element's fixed solutions counted as a smaller problem
    (``puzzle.fixed_encoding(sym, g)``), or None when the puzzle has no such problems or no counter takes them."""
    from .engines import choose_for, get_engine
    from .errors import EngineNotApplicableError
    from .symmetry import burnside

    fixed_encoding = getattr(puzzle, "fixed_encoding", None)
    if fixed_encoding is None:
        return None
    counts: dict[int, int] = {}
    used: dict[str, None] = {}
    for g in range(len(sym.perms)):
        encoding = fixed_encoding(sym, g)
        if encoding is None:
            return None
        if isinstance(encoding, int):  # known without counting (a symmetry that fixes nothing)
            counts[g] = encoding
            continue
        named = engine if engine is not None and get_engine(engine).accepts == encoding.kind else None
        try:
            counter = choose_for(encoding, encoding.kind, named, "count")
        except EngineNotApplicableError:
            if named is None:
                return None
            try:  # the engine named does not take this quotient (not in the board's order): the fastest counter
                counter = choose_for(encoding, encoding.kind, None, "count")
            except EngineNotApplicableError:
                return None
        if not counter.exact:
            return None
        counter.load(encoding)
        counts[g] = int(counter.count(encoding).count)
        used[counter.name] = None
    out = burnside(sym, lambda mask: sum(n for g, n in counts.items() if mask is None or mask[g]),
                   "burnside-counting")
    out["symmetry_engines"] = list(used)
    return out


def _verified_solutions(puzzle, engine, encoding, limit: int | None) -> Iterator[Any]:
    if limit == 0:
        return
    for number, raw in enumerate(engine.solutions(encoding), start=1):
        yield decode_verified(puzzle, encoding, raw)
        if limit is not None and number >= limit:
            return
