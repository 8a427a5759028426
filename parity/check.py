"""Cross-checking: every engine that applies answers the same instance, and all must agree.

The harness is generic: it knows puzzles only through the puzzle contract
and families only through the registry (each family's ``random_instance``).
:func:`crosscheck` runs every applicable engine on one puzzle:

* all engines agree on satisfiability and on the number of solutions
  (enumerating engines list up to ``limit`` solutions; beyond it they must
  reach the limit, and counting engines must match exactly);
* every raw answer satisfies its own encoding (``A x = b``, every clause of
  the CNF), every decoded solution passes ``puzzle.verify``, and enumerations
  have no duplicates;
* an engine that neither lists nor counts (``chromatic``) answers by one
  verified solution, and must agree on satisfiability;
* for a puzzle with a weight, every engine that minimises finds the same
  least weight (the chromatic number, the fewest presses), each solution
  verified and of the weight claimed;
* a family's independent count (:meth:`~parity.puzzles.Puzzle.reference_count`:
  a formula or brute force, such as the chromatic polynomial for colourings)
  joins the answers as ``ref:METHOD`` and must agree too;
* an instance on which fewer than two engines answered is reported as
  *unchecked*, never as agreeing.

The same graph generators feed the hypothesis strategies in
:mod:`parity.strategies`, so the property tests and ``parity check`` draw
from one family of instances.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .api import decode_verified
from .boards import GRAPH_GENERATORS, random_graph  # the random boards the harness draws (kept in its names)
from .engines import applicable
from .errors import InvalidSolution, LimitError, MissingExtraError, ParityError
from .puzzles.base import canonical

__all__ = ["GRAPH_GENERATORS", "random_graph", "EngineAnswer", "CrossCheck", "crosscheck", "check_family"]


@dataclass
class EngineAnswer:
    """One engine's answer on one instance."""

    engine: str
    satisfiable: bool | None = None
    count: int | None = None
    complete: bool = True  # False when an enumeration stopped at the limit
    exact: bool = True
    verified: int = 0
    minimum: int | None = None  # the least weight found (puzzles with a weight, engines that minimise)
    seconds: float = 0.0
    error: str | None = None


@dataclass
class CrossCheck:
    """The answers of every engine on one instance, and whether they agree."""

    instance: str
    answers: list[EngineAnswer] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    # engines left out because an extra they need is not installed: name -> the one-line reason
    unavailable: dict[str, str] = field(default_factory=dict)

    @property
    def answered(self) -> list[EngineAnswer]:
        return [a for a in self.answers if a.error is None]

    @property
    def checked(self) -> bool:
        """True when at least two engines answered, so there was something to compare."""
        return len(self.answered) >= 2

    @property
    def agree(self) -> bool:
        return not self.problems


def _check_raw(encoding, raw) -> None:
    """The raw answer must satisfy the encoding it came from (A x = b; every clause)."""
    satisfied_by = getattr(encoding, "satisfied_by", None)
    if satisfied_by is not None and not satisfied_by(raw):
        raise InvalidSolution("a raw answer does not satisfy its own encoding")


def crosscheck(puzzle, engines: Sequence[str] | None = None, limit: int = 512) -> CrossCheck:
    """Run every applicable engine on ``puzzle`` and compare their answers.

    Examples
    --------
    >>> from parity.puzzles import LightsOut
    >>> report = crosscheck(LightsOut("grid:4x4"))
    >>> report.agree, [(a.engine, a.count) for a in report.answers]
    (True, [('gf2', 16), ('gfp', 16), ('galois', 16), ('chase', 16), ('poly', 16), ('sat', 16), ('cms', 16), ('ganak', 16), ('d4', 16)])
    """
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise LimitError(f"limit must be a positive integer, got {limit!r}")
    report = CrossCheck(repr(puzzle))
    for engine, encoding in applicable(puzzle, engines):
        answer = EngineAnswer(engine.name, exact=engine.exact)
        started = time.perf_counter()
        try:
            if engine.can_enumerate:
                seen = set()
                for raw in engine.solutions(encoding):
                    key = canonical(puzzle.to_json(_verified(puzzle, encoding, raw)))
                    if key in seen:
                        report.problems.append(f"{engine.name} listed a solution twice")
                        break
                    seen.add(key)
                    answer.verified += 1
                    if len(seen) >= limit:
                        answer.complete = False
                        break
                answer.count = len(seen)
                answer.satisfiable = bool(seen)
            elif engine.can_count:
                answer.count = int(engine.count(encoding).count)
                answer.satisfiable = answer.count > 0
            else:  # finds one solution, counts none: satisfiability only
                found = engine.solve(encoding)
                answer.satisfiable, answer.complete = found.status == "SAT", False
                if found.raw is not None:
                    _verified(puzzle, encoding, found.raw)
                    answer.verified = 1
            if answer.satisfiable and getattr(puzzle, "weight", None) is not None:
                answer.minimum = _minimum(puzzle, engine, encoding)
        except MissingExtraError as exc:  # not installed: left out, said apart; refused where it was named
            if engines is not None:
                raise
            report.unavailable[engine.name] = str(exc)
            continue
        except ParityError as exc:
            answer.error = str(exc)
            report.problems.append(f"{engine.name}: {exc}")
        answer.seconds = time.perf_counter() - started
        report.answers.append(answer)
    _reference(puzzle, report)
    _compare(report)
    return report


def _verified(puzzle, encoding, raw):
    """The solution of a raw answer that satisfies its own encoding and passes the puzzle's check."""
    _check_raw(encoding, raw)
    return decode_verified(puzzle, encoding, raw)


def _minimum(puzzle, engine, encoding) -> int | None:
    """The least weight ``engine`` finds (its solution verified and weighed here), or None where it does not
    minimise this encoding or the search is too large for a check."""
    from .engines import question_refusal
    from .errors import LimitError, NullityTooLargeError, TooLargeError

    if question_refusal(engine, "minimize", encoding) is not None:
        return None
    try:
        found = engine.solve(encoding, minimize=True, max_nullity=16)
    except (LimitError, NullityTooLargeError, TooLargeError):
        return None
    weight = puzzle.weight(_verified(puzzle, encoding, found.raw))
    if weight != found.stats.get("minimum_weight"):
        raise InvalidSolution(f"engine {engine.name} claimed least weight {found.stats.get('minimum_weight')}, "
                              f"its solution weighs {weight}")
    return weight


def _reference(puzzle, report: CrossCheck) -> None:
    """The family's independent count (a formula, brute force) joins the answers as one more voice."""
    started = time.perf_counter()
    try:
        known = puzzle.reference_count()
    except ParityError as exc:
        report.problems.append(f"reference count: {exc}")
        return
    if known is None:
        return
    method, total = known
    report.answers.append(EngineAnswer(f"ref:{method}", satisfiable=total > 0, count=int(total),
                                       seconds=time.perf_counter() - started))


def _compare(report: CrossCheck) -> None:
    answered = report.answered
    if len({a.satisfiable for a in answered}) > 1:
        report.problems.append("engines disagree on satisfiability: " + ", ".join(f"{a.engine}={a.satisfiable}" for a in answered))
    complete = [a for a in answered if a.complete]
    counts = {a.count for a in complete}
    if len(counts) > 1:
        report.problems.append("engines disagree on the count: " + ", ".join(f"{a.engine}={a.count}" for a in complete))
    minima = {a.minimum for a in answered if a.minimum is not None}
    if len(minima) > 1:
        report.problems.append("engines disagree on the least weight: " + ", ".join(
            f"{a.engine}={a.minimum}" for a in answered if a.minimum is not None))
    if complete:
        full = complete[0].count
        for a in answered:
            if not a.complete and a.count is not None and a.count > full:
                report.problems.append(f"{a.engine} listed {a.count} solutions, more than the {full} counted")


def check_family(family: str, examples: int, seed: int = 0, engines: Sequence[str] | None = None, limit: int = 512,
                 progress: Callable[[int, CrossCheck], None] | None = None, deadline: float | None = None) -> dict:
    """Cross-check ``examples`` random instances of ``family``; a summary per engine and the disagreements.

    Instances on which fewer than two engines answered are counted as
    ``unchecked``; ``agree`` is about the checked ones.  With ``deadline``
    (a ``time.perf_counter()`` value) no new instance starts after it, and
    the summary says ``stopped`` and how many instances ran.

    Examples
    --------
    >>> summary = check_family("lightsout", 5, seed=1)
    >>> summary["instances"], summary["checked"], summary["agree"]
    (5, 5, True)
    """
    from .puzzles.registry import family as get_family

    if not isinstance(examples, int) or isinstance(examples, bool) or examples < 0:
        raise LimitError(f"the number of examples must be a non-negative integer, got {examples!r}")
    entry = get_family(family)
    if entry.random_instance is None:
        raise LimitError(f"family {family!r} has no random instances to cross-check")
    if engines is not None and not isinstance(engines, str) and not list(engines):
        raise LimitError("no engine named; give at least one engine name, or none for every engine")
    if engines is not None:
        from .engines import get_engine

        kinds = {get_engine(name).accepts for name in ([engines] if isinstance(engines, str) else engines)}
        if not kinds & set(entry.puzzle.encodings):
            raise LimitError(f"none of the engines {', '.join(engines) if not isinstance(engines, str) else engines} "
                             f"works on {family} puzzles (they offer {', '.join(entry.puzzle.encodings)} encodings)")
    rng = random.Random(seed)
    per_engine: dict[str, dict] = {}
    unavailable: dict[str, str] = {}
    disagreements = []
    unsat = unchecked = ran = 0
    for number in range(examples):
        if deadline is not None and time.perf_counter() >= deadline:
            break
        ran += 1
        puzzle = entry.random_instance(rng)
        report = crosscheck(puzzle, engines, limit)
        unavailable.update(report.unavailable)
        if not report.checked:
            unchecked += 1
        elif not any(a.satisfiable for a in report.answered):
            unsat += 1
        for a in report.answers:
            summary = per_engine.setdefault(a.engine, {"instances": 0, "agree": 0, "solutions_verified": 0, "seconds": 0.0,
                                                       "exact": a.exact})
            summary["instances"] += 1
            summary["agree"] += report.agree and report.checked
            summary["solutions_verified"] += a.verified
            summary["seconds"] = round(summary["seconds"] + a.seconds, 6)
        if not report.agree:
            disagreements.append({"instance": report.instance, "problems": report.problems})
        if progress is not None:
            progress(number + 1, report)
    return {
        "family": family,
        "instances": ran,
        "seed": seed,
        "stopped": ran < examples,
        "checked": ran - unchecked,
        "unchecked_instances": unchecked,
        "unsatisfiable_instances": unsat,
        "agree": not disagreements,
        "engines": per_engine,
        "unavailable": unavailable,
        "disagreements": disagreements,
    }
