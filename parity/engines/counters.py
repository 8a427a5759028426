"""The colouring engines: colourings counted by a frontier program (``frontier``) or a compiled sweep over a
grid's columns (``heights``), and the fewest colours found with a proof (``chromatic``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..errors import EngineNotApplicableError
from .base import SAT, UNSAT, Answer, Engine, question_refusal

__all__ = ["FrontierEngine", "HeightsEngine", "ChromaticEngine"]


class FrontierEngine(Engine):
    """Counts proper colourings by a dynamic program over a frontier (``frontier``, :mod:`parity.counting.frontier`).

    The nodes are taken in an order with a short frontier, and the program
    keeps how many colourings end in each colouring of it (partitions into
    colour classes when no clue tells colours apart): grids, tori and any
    graph of small width are counted exactly, with no listing.  It counts
    only; the SAT engines find and list.  By default it counts a graph whose
    frontier holds few enough states (:meth:`suits`).
    """

    name = "frontier"
    accepts = "coloring"
    can_solve = False
    can_enumerate = False
    instead = "sat or cms"

    #: taken by default while the states a frontier can hold (:func:`~parity.counting.frontier.state_bound`: the
    #: colours to the power of the width with clues, the partitions of the frontier without) stay below this
    DEFAULT_STATES = 10**8

    def suits(self, problem, question: str) -> bool:
        # it answers counts only; the width is looked for no further than the states allow
        from ..counting.frontier import state_bound

        if question != "count":
            return False
        nodes = problem.graph.number_of_nodes()
        most = 0
        while most < nodes and state_bound(most + 1, problem.colors, nodes, bool(problem.clues)) <= self.DEFAULT_STATES:
            most += 1
        return problem.narrow(most)

    def count(self, problem) -> Answer:
        from ..counting.frontier import count_colourings

        total = count_colourings(problem)
        stats = {"width": problem.width(), "exact": True}
        return Answer(SAT if total else UNSAT, None, total, stats)

    def solve(self, problem, minimize=False, max_nullity=30) -> Answer:
        raise EngineNotApplicableError(question_refusal(self, "solve"))

    def solutions(self, problem) -> Iterator[Any]:
        raise EngineNotApplicableError(question_refusal(self, "solutions"))


class HeightsEngine(Engine):
    """Counts the 3-colourings of a grid by a compiled sweep over its columns (``heights``,
    :mod:`parity.counting.heights`).

    A column's colouring is its first colour and a step of +1 or -1 (modulo
    3) per cell, so a table of ``3 * 2^(rows-2)`` counts per prime replaces
    the frontier program's dictionaries; the counts are kept modulo primes
    and joined exactly.  It takes only a plain rectangular grid (the board
    ``grid:MxN``) with 3 colours and no clues, where it is the default: the
    frontier program stops at about 12 rows, this one goes to 28 (25 x 25 in
    minutes).
    """

    name = "heights"
    accepts = "coloring"
    can_solve = False
    can_enumerate = False
    instead = "sat or cms"

    def refuses(self, problem) -> str | None:
        from ..counting.heights import grid_shape

        if problem.colors != 3 or problem.clues:
            return (f"engine 'heights' counts 3-colourings without clues; this problem has {problem.colors} "
                    f"colours{' and clues' if problem.clues else ''}")
        if grid_shape(problem.graph) is None:
            return "engine 'heights' counts the colourings of a rectangular grid (grid:MxN) only"
        return None

    def suits(self, problem, question: str) -> bool:
        return question == "count"

    def load(self, problem) -> None:
        from .._compiled import load_kernels

        load_kernels("parity.counting._heights_kernels")

    def count(self, problem) -> Answer:
        from ..counting.heights import MOST_ROWS, grid_colourings, grid_shape, grid_size_refusal
        from ..errors import TooLargeError

        m, n = grid_shape(problem.graph)
        too_large = grid_size_refusal(m, n)
        if too_large and min(m, n) > MOST_ROWS:  # taken by default on every grid: no other counter reaches this one
            too_large += (f"; no other exact counter reaches a grid this wide (the frontier program would keep some "
                          f"2^{min(m, n)} states, d4 compiles slower still); to try one anyway, name it: --engine "
                          "frontier, --engine d4 or --engine ganak (probabilistic exact)")
        if too_large:
            raise TooLargeError(too_large)
        total = grid_colourings(m, n, route="halves")
        if problem.up_to_renaming:  # a connected bipartite graph: its one 2-colouring and the 3-colourings' sixths
            total = total // 6 if m * n > 1 else 1
        stats = {"rows": min(m, n), "exact": True}
        return Answer(SAT if total else UNSAT, None, total, stats)

    def solve(self, problem, minimize=False, max_nullity=30) -> Answer:
        raise EngineNotApplicableError(question_refusal(self, "solve"))

    def solutions(self, problem) -> Iterator[Any]:
        raise EngineNotApplicableError(question_refusal(self, "solutions"))


class ChromaticEngine(Engine):
    """Fewest colours with a proof (``chromatic``, :mod:`parity.cnf.chromatic`): clique and Mycielski lower
    bounds, a DSatur upper bound, then SAT calls on strengthened formulas with one colour fewer until refused.

    The default for ``solve(..., minimize=True)`` on colourings (the
    chromatic number); it finds one colouring too when named, but neither
    lists nor counts.  With ``proof=PATH`` the refusal that ends the search is
    written as a DRAT proof with the formula it refutes.
    """

    name = "chromatic"
    accepts = "coloring"
    can_enumerate = False
    can_count = False
    can_minimize = True
    can_prove = True
    instead = "sat or cms"

    def suits(self, problem, question: str) -> bool:
        return question == "minimize"  # one colouring (no bound to prove) is the plain SAT call's job

    def load(self, problem) -> None:
        # the solver's library, before the work is timed; the tabu search's kernel loads when a graph needs it,
        # and the front door counts that as loading too (parity._compiled.spent)
        import pysat.solvers  # noqa: F401

    def solve(self, problem, minimize=False, max_nullity=30, proof=None) -> Answer:
        from ..cnf.chromatic import chromatic_number

        found = chromatic_number(problem, proof=proof, minimize=minimize)
        stats = {key: found[key] for key in ("steps", "lower_bound", "upper_bound", "first_bounds", "proof")
                 if key in found}
        if "chromatic" in found:
            stats["minimum_weight"] = found["chromatic"]
        return Answer(found["status"], found.get("colouring"), None, stats)

    def solutions(self, problem) -> Iterator[Any]:
        raise EngineNotApplicableError(question_refusal(self, "solutions"))

    def count(self, problem) -> Answer:
        raise EngineNotApplicableError(f"engine {self.name!r} finds colourings but does not count them; use "
                                       "frontier, sat or cms")
