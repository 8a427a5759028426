"""Cross-checking: every engine that applies answers the same instance, and all must agree.

The harness is generic.  A family registers an instance generator in
``FAMILIES`` (a function of a :class:`random.Random`), and
:func:`crosscheck` runs every applicable engine on one puzzle:

* all engines agree on satisfiability and on the number of solutions
  (enumerating engines list up to ``limit`` solutions; beyond it they must
  reach the limit, and counting engines must match exactly);
* every solution any engine returns passes ``puzzle.verify`` and, for linear
  puzzles, satisfies ``A x = b``; enumerations have no duplicates.

The same graph generators feed the hypothesis strategies in
:mod:`parity.strategies`, so the property tests and ``parity check`` draw
from one family of instances.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import networkx as nx
import numpy as np

from .engines import get_engine
from .errors import ParityError, UnknownEngineError

__all__ = ["GRAPH_GENERATORS", "random_graph", "FAMILIES", "EngineAnswer", "CrossCheck", "crosscheck", "check_family"]


def _gnp(rng: random.Random, n: int) -> nx.Graph:
    return nx.gnp_random_graph(n, rng.uniform(0.05, 0.5), seed=rng.randrange(2**31))


def _tree(rng: random.Random, n: int) -> nx.Graph:
    return nx.random_labeled_tree(n, seed=rng.randrange(2**31))


def _regular(rng: random.Random, n: int) -> nx.Graph:
    d = rng.randint(1, 4)
    n = max(n, d + 1)
    return nx.random_regular_graph(d, n + (n * d) % 2, seed=rng.randrange(2**31))


def _grid(rng: random.Random, n: int) -> nx.Graph:
    rows = rng.randint(1, max(1, int(n**0.5) + 1))
    return nx.grid_2d_graph(rows, max(1, n // rows))


def _barabasi(rng: random.Random, n: int) -> nx.Graph:
    return nx.barabasi_albert_graph(max(n, 3), rng.randint(1, 2), seed=rng.randrange(2**31))


def _small_world(rng: random.Random, n: int) -> nx.Graph:
    return nx.connected_watts_strogatz_graph(max(n, 5), 4, 0.3, seed=rng.randrange(2**31))


#: Random graph generators by name: each takes a Random and a node count.
GRAPH_GENERATORS: dict[str, Callable[[random.Random, int], nx.Graph]] = {
    "gnp": _gnp,
    "tree": _tree,
    "regular": _regular,
    "grid": _grid,
    "barabasi-albert": _barabasi,
    "watts-strogatz": _small_world,
}


def random_graph(rng: random.Random, min_nodes: int = 1, max_nodes: int = 18) -> nx.Graph:
    """A random graph from a random generator of :data:`GRAPH_GENERATORS`, named after how it was made."""
    kind = rng.choice(sorted(GRAPH_GENERATORS))
    n = rng.randint(min_nodes, max_nodes)
    G = nx.Graph(GRAPH_GENERATORS[kind](rng, n))
    G.graph["name"] = f"{kind}:{G.number_of_nodes()}"
    return G


def random_lightsout(rng: random.Random):
    """A random Lights Out instance: graph, rule, field, start and target; unsolvable ones included."""
    from .puzzles import LightsOut

    G = random_graph(rng, 1, 16)
    field = rng.choice([2, 2, 2, 3])
    start = rng.choice(["all-on", f"random:{rng.randrange(10**6)}"])
    target = rng.choice(["all-off", "all-off", f"random:{rng.randrange(10**6)}"])
    return LightsOut(G, rule=rng.choice(["closed", "open"]), field=field, start=start, target=target)


#: Instance generators by family name; coloring and exact-cover families add theirs here.
FAMILIES: dict[str, Callable[[random.Random], object]] = {"lightsout": random_lightsout}


@dataclass
class EngineAnswer:
    """One engine's answer on one instance."""

    engine: str
    satisfiable: bool | None = None
    count: int | None = None
    complete: bool = True  # False when an enumeration stopped at the limit
    exact: bool = True
    verified: int = 0
    seconds: float = 0.0
    error: str | None = None


@dataclass
class CrossCheck:
    """The answers of every engine on one instance, and whether they agree."""

    instance: str
    answers: list[EngineAnswer] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def agree(self) -> bool:
        return not self.problems


def _applicable(puzzle, engines: Sequence[str] | None) -> list:
    from .engines import ENGINES

    names = list(engines) if engines else list(ENGINES)
    return [engine for engine in map(get_engine, names) if engine.supports(puzzle)]


def _linear_check(puzzle) -> Callable[[np.ndarray], None] | None:
    """For a linear puzzle, a check that a solution satisfies A x = b (the system is built once)."""
    if not hasattr(puzzle, "linear"):
        return None
    system = puzzle.linear()
    A = system.dense()

    def check(x: np.ndarray) -> None:
        residual = (A @ np.asarray(x, dtype=np.int64) - system.rhs) % system.field
        if residual.any():
            raise ParityError(f"a solution breaks {int(np.count_nonzero(residual))} equations of A x = b")

    return check


def crosscheck(puzzle, engines: Sequence[str] | None = None, limit: int = 512) -> CrossCheck:
    """Run every applicable engine on ``puzzle`` and compare their answers.

    Examples
    --------
    >>> from parity.puzzles import LightsOut
    >>> report = crosscheck(LightsOut("grid:4x4"))
    >>> report.agree, [(a.engine, a.count) for a in report.answers]
    (True, [('gf2', 16), ('galois', 16), ('sat', 16), ('cms', 16), ('ganak', 16)])
    """
    report = CrossCheck(repr(puzzle))
    satisfies_system = _linear_check(puzzle)
    for engine in _applicable(puzzle, engines):
        answer = EngineAnswer(engine.name, exact=engine.exact)
        started = time.perf_counter()
        try:
            if engine.can_enumerate:
                seen = set()
                for x in engine.solutions(puzzle):
                    key = tuple(int(v) for v in x)
                    if key in seen:
                        report.problems.append(f"{engine.name} listed a solution twice")
                        break
                    seen.add(key)
                    puzzle.verify(puzzle.presses(x))
                    if satisfies_system is not None:
                        satisfies_system(x)
                    answer.verified += 1
                    if len(seen) >= limit:
                        answer.complete = False
                        break
                answer.count = len(seen)
                answer.satisfiable = bool(seen)
            else:
                answer.count = engine.count(puzzle)
                answer.satisfiable = answer.count > 0
        except ParityError as exc:
            answer.error = str(exc)
            report.problems.append(f"{engine.name}: {exc}")
        answer.seconds = time.perf_counter() - started
        report.answers.append(answer)
    _compare(report)
    return report


def _compare(report: CrossCheck) -> None:
    answered = [a for a in report.answers if a.error is None]
    if len({a.satisfiable for a in answered}) > 1:
        report.problems.append("engines disagree on satisfiability: " + ", ".join(f"{a.engine}={a.satisfiable}" for a in answered))
    complete = [a for a in answered if a.complete]
    counts = {a.count for a in complete}
    if len(counts) > 1:
        report.problems.append("engines disagree on the count: " + ", ".join(f"{a.engine}={a.count}" for a in complete))
    if complete:
        full = complete[0].count
        for a in answered:
            if not a.complete and a.count > full:
                report.problems.append(f"{a.engine} listed {a.count} solutions, more than the {full} counted")


def check_family(family: str, examples: int, seed: int = 0, engines: Sequence[str] | None = None, limit: int = 512,
                 progress: Callable[[int, CrossCheck], None] | None = None) -> dict:
    """Cross-check ``examples`` random instances of ``family``; a summary per engine and the disagreements.

    Examples
    --------
    >>> summary = check_family("lightsout", 5, seed=1)
    >>> summary["instances"], summary["agree"]
    (5, True)
    """
    if family not in FAMILIES:
        raise UnknownEngineError(f"no cross-check for family {family!r}; known: {', '.join(FAMILIES)}")
    rng = random.Random(seed)
    per_engine: dict[str, dict] = {}
    disagreements = []
    unsat = 0
    for number in range(examples):
        puzzle = FAMILIES[family](rng)
        report = crosscheck(puzzle, engines, limit)
        unsat += not any(a.satisfiable for a in report.answers)
        for a in report.answers:
            entry = per_engine.setdefault(a.engine, {"instances": 0, "agree": 0, "solutions_verified": 0, "seconds": 0.0, "exact": a.exact})
            entry["instances"] += 1
            entry["agree"] += report.agree
            entry["solutions_verified"] += a.verified
            entry["seconds"] = round(entry["seconds"] + a.seconds, 6)
        if not report.agree:
            disagreements.append({"instance": report.instance, "problems": report.problems})
        if progress is not None:
            progress(number + 1, report)
    return {
        "family": family,
        "instances": examples,
        "seed": seed,
        "unsatisfiable_instances": unsat,
        "agree": not disagreements,
        "engines": per_engine,
        "disagreements": disagreements,
    }
