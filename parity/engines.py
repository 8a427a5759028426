"""The engine table: engine name -> engine; every engine answers questions about an *encoding*.

An engine declares the encoding kind it ``accepts`` (``"linear"`` or
``"cnf"``), says whether it applies to a given encoding (:meth:`Engine.refuses`
gives the reason when not, e.g. ``gf2`` over GF(3)), and answers ``solve``,
``solutions`` and ``count`` with raw answers (a vector, a model); the
encoding's ``decode`` turns those into puzzle terms and the front door
(:mod:`parity.api`) verifies them.

``ENGINES`` is the one lookup table and :func:`get_engine` the one place an
engine name is parsed (``sat:SOLVER`` included).  :data:`~parity.engines.DEFAULT_ORDER` lists,
per encoding kind and per question, which engines are tried first: the
fastest solver is not always the fastest counter.

Nothing heavy is imported here: solvers, numba and galois load when an engine
first runs.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import EngineNotApplicableError, UnknownEngineError

__all__ = [
    "Answer",
    "Engine",
    "LinearEngine",
    "ChaseEngine",
    "PolyEngine",
    "CnfEngine",
    "DlxEngine",
    "ScanEngine",
    "PackEngine",
    "MemoEngine",
    "FrontierEngine",
    "ChromaticEngine",
    "ENGINES",
    "DEFAULT_ORDER",
    "get_engine",
    "register_engine",
    "unregister_engine",
    "choose",
    "choose_for",
    "engine_for_family",
    "applicable",
]

SAT, UNSAT, UNKNOWN = "SAT", "UNSAT", "UNKNOWN"



@dataclass
class Answer:
    """An engine's raw answer about an encoding.

    Attributes
    ----------
    status : {"SAT", "UNSAT", "UNKNOWN"}
    raw : object or None
        One solution in the encoding's terms (a vector, a full model) when SAT.
    count : int or None
        The number of solutions, when the engine knows it.
    stats : dict
        Engine-specific JSON-ready numbers (``rank``, ``nullity``, ``variables``, ...).
    """

    status: str
    raw: Any = None
    count: int | None = None
    stats: dict = field(default_factory=dict)


class Engine:
    """What every engine implements.  Subclasses set ``name`` and ``accepts``."""

    name = "engine"
    accepts = "none"
    #: counts are exact with certainty (False for Ganak's probabilistic exact counting)
    exact = True
    #: the engine lists solutions (Ganak only counts)
    can_enumerate = True
    #: the engine can find a solution of least weight (``solve(..., minimize=True)``)
    can_minimize = False
    #: the engine finds solutions (``poly`` and ``ganak`` only count)
    can_solve = True
    #: the engine counts solutions (``chromatic`` finds one, of least weight, and neither counts nor lists)
    can_count = True
    #: the engines to name instead, in a refusal of a question this one does not answer
    instead = "another engine"
    #: an UNSAT answer can come with a proof file other programs check (``solve(..., proof=PATH)``: DRAT)
    can_prove = False

    def refuses(self, encoding) -> str | None:
        """Why this engine cannot work on ``encoding``, or None when it can."""
        return None

    def load(self, encoding) -> None:
        """Bring in what the engine needs for ``encoding`` (libraries, compiled kernels) before its work is timed.

        The front door times this apart from the work (``load_seconds``
        against ``seconds``): the first run after installing compiles the
        kernels, which says nothing about the engine's speed.
        """

    def minimize_refusal(self, encoding) -> str | None:
        """Why this engine cannot find a least-weight solution of ``encoding``, or None when it can."""
        return None if self.can_minimize else f"engine {self.name!r} does not minimise"

    def suits(self, encoding, question: str) -> bool:
        """Whether the default choice should take this engine for ``question`` (it must not refuse too).

        An engine that works but does not pay on this encoding (its start-up
        outweighs the work, say) answers False; it can still be named.
        """
        return True

    def solve(self, encoding, minimize: bool = False, max_nullity: int = 30) -> Answer:
        """One solution (of least weight with ``minimize``), or UNSAT.

        An engine with ``can_prove`` also takes ``proof=PATH``: a refusal
        (UNSAT, or the last step of a minimisation) then writes its proof
        there and the formula it refutes beside it
        (:func:`parity.cnf.proof.refute`).
        """
        raise NotImplementedError

    def solutions(self, encoding) -> Iterator[Any]:
        """Every solution once, as raw answers (a generator)."""
        raise NotImplementedError

    def count(self, encoding) -> Answer:
        """The exact number of solutions (``Answer.count``)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<engine {self.name} on {self.accepts} encodings>"


class LinearEngine(Engine):
    """Gaussian elimination over GF(p) on a :class:`~parity.linalg.system.LinearSystem` (``gf2``, ``gfp``, ``galois``).

    Solutions are vectors; counts are ``p ** nullity``, exact.
    """

    accepts = "linear"
    can_minimize = True

    def __init__(self, name: str, binary_only: bool, elimination: str | None = None) -> None:
        self.name = name
        #: works over GF(2) only
        self.binary_only = binary_only
        self._elimination = elimination

    @property
    def elimination(self):
        """The :class:`~parity.linalg.Elimination` this engine runs (``parity.linalg.GF2``, ...; imported on
        first use)."""
        from . import linalg

        return getattr(linalg, self._elimination)

    def minimize_refusal(self, system) -> str | None:
        if not getattr(system, "weight_is_hamming", True):
            return (f"engine {self.name!r} minimises the number of non-zero unknowns, which is not this puzzle's "
                    "weight; use chromatic (for colourings), sat or cms")
        return super().minimize_refusal(system)

    def refuses(self, system) -> str | None:
        if self.binary_only and system.field != 2:
            return (f"engine {self.name!r} does not apply: it works over GF(2) only and this system is over "
                    f"GF({system.field}); use 'gfp' or 'galois'")
        return None

    def space(self, system):
        """The :class:`~parity.linalg.SolutionSpace` of ``system``."""
        return self.space_and_stats(system)[0]

    def space_and_stats(self, system) -> tuple[Any, dict]:
        """The solution space and what the engine reports beyond rank and nullity."""
        return self.elimination.solve_system(system), {}

    def _answer(self, system) -> tuple[Any, dict]:
        space, extra = self.space_and_stats(system)
        return space, {"count": space.count, "nullity": space.nullity, "rank": space.rank, **extra}

    def solve(self, system, minimize=False, max_nullity=30) -> Answer:
        space, stats = self._answer(system)
        if not space.solvable:
            return Answer(UNSAT, None, 0, stats)
        vector = space.particular
        if minimize:
            stats["minimum_weight"], vector = space.minimum_weight(max_nullity=max_nullity)
        return Answer(SAT, vector, space.count, stats)

    def solutions(self, system) -> Iterator[Any]:
        yield from self.space(system)

    def count(self, system) -> Answer:
        space, stats = self._answer(system)
        return Answer(SAT if space.solvable else UNSAT, None, space.count, stats)


class ChaseEngine(LinearEngine):
    """Light chasing (:mod:`parity.linalg.chase`): a forcing set, a small residual system, the rest rebuilt.

    Grids, cylinders and tori over any prime take the structured route; other
    systems over GF(2) are chased from a greedy forcing set.  It refuses
    systems without a small forcing set (then ``gf2`` is the engine).  By
    default it is chosen for systems of at least :attr:`DEFAULT_FROM` unknowns,
    where its compiled kernels pay for their start-up.
    """

    #: default choice from this many unknowns (smaller systems: gf2 without numba is quicker to start)
    DEFAULT_FROM = 4096

    def __init__(self) -> None:
        super().__init__("chase", binary_only=False)

    def refuses(self, system) -> str | None:
        from .linalg.chase import chase_refusal

        return chase_refusal(system)

    def load(self, system) -> None:
        from .linalg import chase

        chase.load()

    def suits(self, system, question: str) -> bool:
        # big enough to pay for the kernels, and sparse (a board: a few entries an equation); a dense matrix has
        # no small forcing set, and looking for one would only delay gf2
        return system.shape[1] >= self.DEFAULT_FROM and len(system.rows) <= 16 * max(1, system.shape[0])

    def count(self, system) -> Answer:
        from .linalg.chase import chase_system

        chased = chase_system(system, basis=False)
        total = system.field**chased.nullity if chased.solvable else 0
        stats = {"count": total, "nullity": chased.nullity, "rank": system.shape[1] - chased.nullity,
                 **self._chase_stats(chased)}
        return Answer(SAT if chased.solvable else UNSAT, None, total, stats)

    @staticmethod
    def _chase_stats(chased) -> dict:
        """The forcing set, the residual system's shape and the time split, for the JSON."""
        seconds = {f"{part}_seconds": round(value, 6) for part, value in chased.seconds.items()}
        return {"forcing_set": chased.forcing, "residual": list(chased.residual), **seconds}

    def space_and_stats(self, system) -> tuple[Any, dict]:
        from .linalg.chase import chase_system

        chased = chase_system(system)
        return chased.space, self._chase_stats(chased)


class PolyEngine(Engine):
    """Counts by polynomial gcds over GF(2) (:mod:`parity.linalg.poly`): grids, cylinders and tori, no matrix.

    The nullity of the board's toggle matrix comes from a gcd of
    Chebyshev-like polynomials, so the count ``2 ** nullity`` of a 10^6 x 10^6
    board takes seconds.  The count needs the start to be solvable, which is
    known without solving in two cases: every light on under the closed rule
    (by Sutner's theorem, for every graph) and nothing to change.  It finds
    no solution: ``solve`` and ``solutions`` are for the other engines.
    """

    name = "poly"
    accepts = "linear"
    can_enumerate = False
    can_solve = False
    instead = "chase or gf2"

    #: default choice for counts from this many unknowns (python-flint costs about 0.15 s to load)
    DEFAULT_FROM = 4096

    def refuses(self, system) -> str | None:
        from .linalg.chase import structured_stencil

        stencil = structured_stencil(system)
        if stencil is None or system.field != 2:
            return "engine 'poly' counts Lights Out on grids, cylinders and tori over GF(2) only; use chase or gf2"
        rhs = system.rhs % 2
        if rhs.any() and not (stencil[3] and rhs.all()):
            return ("engine 'poly' cannot tell whether this start is solvable (it counts when every light starts "
                    "on under the closed rule, or when nothing has to change); use chase or gf2")
        return None

    def suits(self, system, question: str) -> bool:
        return system.shape[1] >= self.DEFAULT_FROM

    def load(self, system) -> None:
        from .linalg import poly

        poly._flint()

    def count(self, system) -> Answer:
        from .linalg import poly

        kind, m, n, closed = system.stencil
        nullity = {"grid": poly.grid_nullity, "cylinder": poly.cylinder_nullity, "torus": poly.torus_nullity}[kind](
            m, n, "closed" if closed else "open")
        total = 2**nullity
        return Answer(SAT, None, total, {"count": total, "nullity": nullity, "rank": m * n - nullity})

    def solve(self, system, minimize=False, max_nullity=30) -> Answer:
        raise EngineNotApplicableError(_fits(self, "solve"))


class CnfEngine(Engine):
    """A SAT back end on a :class:`~parity.cnf.CNF` (``sat``, ``sat:SOLVER``, ``cms``, ``ganak``).

    Raw answers are full models (signed literals of every variable), so the
    formula itself can check them; solutions and counts are projected on the
    formula's primary variables.
    """

    accepts = "cnf"
    instead = "sat or cms"

    def __init__(self, name: str, make_backend, counts_only: bool = False, exact: bool = True,
                 refusal=None, proves: bool = False) -> None:
        self.name = name
        #: a PySAT solver: it logs DRAT proofs (``solve(..., proof=PATH)``)
        self.can_prove = proves
        self._make_backend = make_backend
        self._backend = None
        # a model counter (Ganak, D4) counts and finds, lists and minimises nothing; Ganak's counts are
        # probabilistic exact
        self.can_enumerate = self.can_solve = self.can_minimize = not counts_only
        self.exact = exact
        self._refusal = refusal

    def refuses(self, formula) -> str | None:
        return None if self._refusal is None else self._refusal(formula)

    @property
    def backend(self):
        """The :class:`~parity.cnf.Backend` (created on first use)."""
        if self._backend is None:
            self._backend = self._make_backend()
        return self._backend

    def load(self, formula) -> None:
        self.backend  # noqa: B018  (makes the back end: imports the solver's library)

    def _stats(self, formula) -> dict:
        stats = formula.stats()
        proof = getattr(formula, "proof", None)  # a family's reason that no model exists, found before solving
        return {"variables": stats["variables"], "clauses": stats["clauses"], **({"proof": proof} if proof else {})}

    def solve(self, formula, minimize=False, max_nullity=30, proof=None) -> Answer:
        if not self.can_solve:
            raise EngineNotApplicableError(_fits(self, "solve"))
        if proof is not None and not self.can_prove:
            raise EngineNotApplicableError(_fits(self, "solve", proof=True))
        if minimize:
            answer = self._minimize(formula)
            if proof is not None and answer.stats.get("proof", {}).get("method") == "unsat":
                at_most = answer.stats["proof"]["at_most"]
                units = [[lit] for lit in formula.weight_bound(at_most)]
                status, _, info = self._refute(formula, units, proof)
                if status != UNSAT:  # the solver contradicts itself: no proof, no answer
                    raise EngineNotApplicableError(f"engine {self.name!r} found a model it had refused")
                answer.stats["proof"].update(info)
            return answer
        if proof is not None:
            status, model, info = self._refute(formula, [], proof)
            stats = {**self._stats(formula), **({"proof": {"method": "unsat", **info}} if status == UNSAT else {})}
            return Answer(status, model, None, stats)
        result = self.backend.solve(formula)
        return Answer(result.status, result.model, result.count, self._stats(formula))

    def _refute(self, formula, units: list[list[int]], proof):
        from .cnf.proof import refute

        return refute(formula.clauses_with_xors() + units, formula.nvars, self.backend.solver_name, proof)

    def minimize_refusal(self, formula) -> str | None:
        if not self.can_minimize:
            return _fits(self, "solve")
        if getattr(formula, "weight_bound", None) is None:
            return (f"engine {self.name!r} cannot minimise this encoding (it states no objective); for Lights Out "
                    "use a linear engine (gf2, galois)")
        return None

    def _minimize(self, formula) -> Answer:
        """A model of least ``formula.weight``: solve, then ask for weight at most one less until UNSAT.

        The formula states its objective: ``weight(model)``, ``weight_bound(j)``
        (assumptions that allow weight at most ``j``) and optionally
        ``lower_bound = (value, evidence)``.  The answer's ``proof`` says why
        no lighter model exists: the lower bound's evidence when the weight
        meets it, else the solver's UNSAT answer for one less.
        """
        reason = self.minimize_refusal(formula)
        if reason:
            raise EngineNotApplicableError(reason)
        floor, evidence = getattr(formula, "lower_bound", (0, {"method": "none"}))
        result = self.backend.solve(formula)
        steps = [{"at_most": None, "status": result.status}]
        if result.status != SAT:
            return Answer(result.status, None, None, {**self._stats(formula), "steps": steps})
        best = result.model
        weight = formula.weight(best)
        steps[0]["weight"] = weight
        proof = {**evidence, "lower_bound": floor} if weight <= floor else None
        while proof is None:
            started = time.perf_counter()
            result = self.backend.solve(formula, assumptions=formula.weight_bound(weight - 1))
            seconds = round(time.perf_counter() - started, 6)
            steps.append({"at_most": weight - 1, "status": result.status, "seconds": seconds})
            if result.status == SAT:
                best, weight = result.model, formula.weight(result.model)
                steps[-1]["weight"] = weight
                if weight <= floor:
                    proof = {**evidence, "lower_bound": floor}
            elif result.status == UNSAT:
                proof = {"method": "unsat", "at_most": weight - 1, "engine": self.name, "seconds": seconds}
            else:
                return Answer(UNKNOWN, None, None, {**self._stats(formula), "steps": steps})
        return Answer(SAT, best, None, {**self._stats(formula), "minimum_weight": weight, "proof": proof,
                                        "steps": steps})

    def solutions(self, formula) -> Iterator[Any]:
        if not self.can_enumerate:
            raise EngineNotApplicableError(_fits(self, "solutions"))
        yield from self.backend.models(formula, full=True)

    def count(self, formula) -> Answer:
        total = int(self.backend.count(formula))
        return Answer(SAT if total else UNSAT, None, total, {**self._stats(formula), "exact": self.exact})


class DlxEngine(Engine):
    """Exact cover by dancing cells (``dlx``, Knuth's Algorithm C through the xcover package)."""

    name = "dlx"
    accepts = "cover"

    #: ask GF(2) for a proof that no cover exists before searching (else only after a search found none)
    certificate_first = False

    #: a problem of at most this many options times primary items is found in milliseconds by either engine
    SMALL = 1_000_000
    #: one solution of that many small problems is left to SAT before a process loads dancing cells
    DECLINE = 3

    def __init__(self) -> None:
        self.declined = 0

    def suits(self, problem, question: str) -> bool:
        """Not to find one solution of a small problem while xcover is not loaded in this process, the first
        :attr:`DECLINE` times: loading its compiled kernel costs about 0.3 s (and compiling it, the first time
        after installing, about 8 s), where CaDiCaL on the CNF needs a few milliseconds (a Sudoku: 0.12 s
        for the whole command against 0.43 s).  A process that keeps asking (a loop over puzzles) loads it
        then, and from there on dancing cells answer (3.7 ms a Sudoku, SAT 15 ms)."""
        if question != "solve" or _DLX_LOADED or len(problem.options) * len(problem.primary) > self.SMALL:
            return True
        if self.declined < self.DECLINE:
            self.declined += 1
            return False
        return True

    def load(self, problem) -> None:
        _warm_dlx()

    def _covers(self, problem) -> Iterator[list[int]]:
        return problem.covers()

    def _count(self, problem) -> int:
        return problem.count()

    @staticmethod
    def _proof(problem) -> dict | None:
        """A GF(2) certificate that ``problem`` has no cover, JSON-ready, or None (none exists, or the problem
        is past :data:`~parity.cover.CERTIFICATE_LIMIT` items times options)."""
        from .cover import CERTIFICATE_LIMIT, gf2_certificate, item_text

        if len(problem.primary) * len(problem.options) > CERTIFICATE_LIMIT:
            return None
        certificate = gf2_certificate(problem)
        if certificate is None:
            return None
        return {"method": "gf2", "items": [item_text(i) for i in certificate["items"]],
                "reason": certificate["reason"]}

    def _stats(self, problem) -> dict:
        return {"options": len(problem.options), "items": len(problem.primary)}

    def solve(self, problem, minimize=False, max_nullity=30) -> Answer:
        """One cover, or UNSAT; then ``stats["proof"]`` holds a GF(2) certificate where one exists: an odd
        number of items that every option meets an even number of times (:func:`~parity.cover.gf2_certificate`)."""
        if minimize:
            raise EngineNotApplicableError(f"engine {self.name!r} does not minimise")
        stats = self._stats(problem)
        proof = self._proof(problem) if self.certificate_first else None
        first = None if proof else next(iter(self._covers(problem)), None)
        if first is None and not self.certificate_first:  # (asked already when it goes first)
            proof = self._proof(problem)
        if proof:
            stats["proof"] = proof
        return Answer(UNSAT if first is None else SAT, first, None, stats)

    def solutions(self, problem) -> Iterator[Any]:
        if self.certificate_first and self._proof(problem):
            return
        yield from self._covers(problem)

    def count(self, problem) -> Answer:
        stats = self._stats(problem)
        proof = self._proof(problem) if self.certificate_first else None
        total = 0 if proof else self._count(problem)
        if not total and not self.certificate_first:  # (asked already when it goes first)
            proof = self._proof(problem)
        if proof:
            stats["proof"] = proof
        return Answer(SAT if total else UNSAT, None, total, stats)


class ScanEngine(DlxEngine):
    """Exact cover by filling the primary items in their listed order, items as bits (``scan``,
    :mod:`parity.cover.scan`).

    It takes the problems built for that order (``CoverProblem(...,
    ordered=True)``: a board's cells in scan-line order), and is the default
    for those that do not give their cells' neighbours (``pack`` takes the
    ones that do); on others a fixed order can be exponentially slower than
    ``dlx``'s fewest-options rule (a Sudoku's cells in reading order), so it
    refuses them rather than hang a cross-check.  No colours.
    """

    name = "scan"
    #: packings are where parity (colouring) arguments refute: GF(2) first, in milliseconds for a board of
    #: a few hundred cells, where a search that must fail could run for ever (hexominoes in a rectangle)
    certificate_first = True

    def refuses(self, problem) -> str | None:
        from .cover.scan import scan_refusal

        if not problem.ordered:
            return ("engine 'scan' fills the primary items in their listed order, and this problem is not marked "
                    "as ordered for that (a fixed order can take exponentially longer than dlx's fewest-options "
                    "rule); use dlx, or mark it ordered (CoverProblem(..., ordered=True); --ordered for a cover file)")
        return scan_refusal(problem)

    def suits(self, problem, question: str) -> bool:
        return True  # its one kernel loads from numba's cache in milliseconds

    def load(self, problem) -> None:
        from ._compiled import load_kernels

        load_kernels("parity.cover._scan_kernels")  # compiled, or read from the cache, on import
        from .linalg import Echelon  # noqa: F401  (the GF(2) certificate comes first)

    def _covers(self, problem) -> Iterator[list[int]]:
        from .cover.scan import scan_covers

        return scan_covers(problem)

    def _count(self, problem) -> int:
        from .cover.scan import scan_count

        return scan_count(problem)


class PackEngine(ScanEngine):
    """Packing on bitboards (``pack``, :mod:`parity.cover.pack`): the first open cell, only the pieces not yet
    placed tried there, and regions of open cells that no options can fill cut off at once.

    It takes the ordered problems that give their cells' neighbours (the
    polyform families build them so), and is the default for them; ``scan``
    and ``dlx`` check it.  No colours.
    """

    name = "pack"

    def refuses(self, problem) -> str | None:
        from .cover.pack import pack_refusal

        return pack_refusal(problem)

    def load(self, problem) -> None:
        from ._compiled import compiled
        from .cover import _pack_kernels as kernels
        from .cover.pack import pack_words

        one_word = pack_words(problem) == 1
        for name in ("keep", "connected", *(("dead1", "search1") if one_word else ("dead", "search"))):
            compiled(getattr(kernels, name))  # the kernels this problem runs, compiled or read from the cache
        from .linalg import Echelon  # noqa: F401  (the GF(2) certificate comes first)

    def _covers(self, problem) -> Iterator[list[int]]:
        from .cover.pack import pack_covers

        return pack_covers(problem)

    def _count(self, problem) -> int:
        from .cover.pack import pack_count

        return pack_count(problem)


class MemoEngine(DlxEngine):
    """Counts exact covers by remembering each subproblem's count (``memo``, :mod:`parity.cover.memo`).

    Partial covers that cover the same items leave the same subproblem,
    counted once (the idea of DXZ), so a count of 10^16 domino tilings takes
    milliseconds where any engine that lists covers could not finish.  It
    counts only; ``scan`` and ``dlx`` find and list.  No colours.
    """

    name = "memo"
    can_solve = False
    can_enumerate = False
    instead = "scan or dlx"
    #: a parity argument refutes a packing in milliseconds, before any subproblem is remembered
    certificate_first = True
    def suits(self, problem, question: str) -> bool:
        """An ordered problem whose every option stays within half of the items, consecutive in their order:
        then the open items of a subproblem lie in a window, and few distinct subproblems arise (a tiling, whose
        window is a few lines of the board).  An item per piece, listed after the cells, stretches an option
        over nearly every item and makes every subproblem distinct by the pieces used (a packing): there
        ``scan`` lists faster than the memo counts."""
        from .cover.memo import memo_span

        return problem.ordered and memo_span(problem) <= len(problem.primary) // 2

    def refuses(self, problem) -> str | None:
        from .cover.memo import memo_refusal

        return memo_refusal(problem)

    def load(self, problem) -> None:
        from .linalg import Echelon  # noqa: F401  (the GF(2) certificate comes first)

    def _count(self, problem) -> int:
        from .cover.memo import memo_count

        return memo_count(problem)

    def solve(self, problem, minimize=False, max_nullity=30) -> Answer:
        raise EngineNotApplicableError(_fits(self, "solve"))

    def solutions(self, problem) -> Iterator[Any]:
        raise EngineNotApplicableError(_fits(self, "solutions"))


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
        from .counting.frontier import state_bound

        if question != "count":
            return False
        nodes = problem.graph.number_of_nodes()
        most = 0
        while most < nodes and state_bound(most + 1, problem.colors, nodes, bool(problem.clues)) <= self.DEFAULT_STATES:
            most += 1
        return problem.narrow(most)

    def count(self, problem) -> Answer:
        from .counting.frontier import count_colourings

        total = count_colourings(problem)
        stats = {"width": problem.width(), "exact": True}
        return Answer(SAT if total else UNSAT, None, total, stats)

    def solve(self, problem, minimize=False, max_nullity=30) -> Answer:
        raise EngineNotApplicableError(_fits(self, "solve"))

    def solutions(self, problem) -> Iterator[Any]:
        raise EngineNotApplicableError(_fits(self, "solutions"))


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
        from .counting.heights import grid_shape

        if problem.colors != 3 or problem.clues:
            return (f"engine 'heights' counts 3-colourings without clues; this problem has {problem.colors} "
                    f"colours{' and clues' if problem.clues else ''}")
        if grid_shape(problem.graph) is None:
            return "engine 'heights' counts the colourings of a rectangular grid (grid:MxN) only"
        return None

    def suits(self, problem, question: str) -> bool:
        return question == "count"

    def load(self, problem) -> None:
        from ._compiled import load_kernels

        load_kernels("parity.counting._heights_kernels")

    def count(self, problem) -> Answer:
        from .counting.heights import MOST_ROWS, grid_colourings, grid_shape, grid_size_refusal
        from .errors import TooLargeError

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
        raise EngineNotApplicableError(_fits(self, "solve"))

    def solutions(self, problem) -> Iterator[Any]:
        raise EngineNotApplicableError(_fits(self, "solutions"))


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
        from .cnf.chromatic import chromatic_number

        found = chromatic_number(problem, proof=proof, minimize=minimize)
        stats = {key: found[key] for key in ("steps", "lower_bound", "upper_bound", "first_bounds", "proof")
                 if key in found}
        if "chromatic" in found:
            stats["minimum_weight"] = found["chromatic"]
        return Answer(found["status"], found.get("colouring"), None, stats)

    def solutions(self, problem) -> Iterator[Any]:
        raise EngineNotApplicableError(_fits(self, "solutions"))

    def count(self, problem) -> Answer:
        raise EngineNotApplicableError(f"engine {self.name!r} finds colourings but does not count them; use "
                                       "frontier, sat or cms")


class SearchEngine(Engine):
    """A family's own exact search (``search``): the encoding is an object whose ``solutions()`` lists raw answers.

    A family whose structure gives a search faster than any general engine
    (a backtracking over faces, a symmetry it can quotient by) offers it as
    a ``search`` encoding; the harness then checks it against the CNF engines
    like any other engine.
    """

    name = "search"
    accepts = "search"

    def load(self, encoding) -> None:
        loader = getattr(encoding, "load", None)  # a search with compiled kernels loads them here
        if loader is not None:
            loader()

    @staticmethod
    def _stats(encoding) -> dict:
        proof = getattr(encoding, "proof", None)  # the family's reason that nothing is found, known before searching
        return {"proof": proof} if proof else {}

    def suits(self, encoding, question: str) -> bool:
        suits = getattr(encoding, "suits", None)  # a search may say it pays for some questions only
        return True if suits is None else bool(suits(question))

    def solve(self, encoding, minimize=False, max_nullity=30) -> Answer:
        if minimize:
            raise EngineNotApplicableError("engine 'search' does not minimise")
        finder = getattr(encoding, "first", None)  # a search with a faster way to one solution than listing
        first = finder() if finder is not None else next(iter(encoding.solutions()), None)
        return Answer(UNSAT if first is None else SAT, first, None, self._stats(encoding))

    def solutions(self, encoding) -> Iterator[Any]:
        yield from encoding.solutions()

    def count(self, encoding) -> Answer:
        counter = getattr(encoding, "count", None)
        total = int(counter()) if counter is not None else sum(1 for _ in encoding.solutions())
        return Answer(SAT if total else UNSAT, None, total, self._stats(encoding))


#: whether xcover's kernel has run in this process (see DlxEngine.suits)
_DLX_LOADED = False


def _warm_dlx() -> None:
    """Run xcover's kernel once on a problem of two options: its first call compiles it (or reads the cache)."""
    global _DLX_LOADED
    if _DLX_LOADED:
        return
    from ._compiled import load_kernels
    from .cover import CoverProblem

    try:
        load_kernels("xcover.dancing_cells")  # says so when its kernel is about to be compiled
    except ImportError:  # pragma: no cover - a release that moved its kernel (see parity.cover.dlx)
        pass

    CoverProblem([["a"], ["b"]]).count()
    _DLX_LOADED = True


def _pysat(solver: str | None):
    """Makes the back end of ``sat:SOLVER`` (None: the default solver)."""
    def make():
        from .cnf.backends import DEFAULT_SOLVER, PysatBackend

        return PysatBackend(solver or DEFAULT_SOLVER)

    return make


def _backend(kind: str):
    def make():
        from .cnf import backends

        return {"cms": backends.CryptoMiniSatBackend, "ganak": backends.GanakBackend, "d4": backends.D4Backend}[kind]()

    return make


def _d4_refusal(formula) -> str | None:
    from .cnf.backends import D4Backend

    return D4Backend.refusal(formula)


#: the engine table, name -> engine (``sat:SOLVER`` engines are made on request by :func:`get_engine`)
ENGINES: dict[str, Engine] = {
    "gf2": LinearEngine("gf2", binary_only=True, elimination="GF2"),
    "gfp": LinearEngine("gfp", binary_only=False, elimination="GFP"),
    "galois": LinearEngine("galois", binary_only=False, elimination="GALOIS"),
    "chase": ChaseEngine(),
    "poly": PolyEngine(),
    "sat": CnfEngine("sat", _pysat(None), proves=True),
    "cms": CnfEngine("cms", _backend("cms")),
    "ganak": CnfEngine("ganak", _backend("ganak"), counts_only=True, exact=False),
    "d4": CnfEngine("d4", _backend("d4"), counts_only=True, refusal=_d4_refusal),
    "search": SearchEngine(),
    "dlx": DlxEngine(),
    "pack": PackEngine(),
    "scan": ScanEngine(),
    "memo": MemoEngine(),
    "frontier": FrontierEngine(),
    "heights": HeightsEngine(),
    "chromatic": ChromaticEngine(),
}

_BUILTIN_ENGINES = frozenset(ENGINES)
_SOLVER_ENGINES: dict[str, Engine] = {}  # sat:SOLVER engines, made on first request

#: engines tried first, per (encoding kind, question); engines not listed come after, in ENGINES order
DEFAULT_ORDER: dict[tuple[str, str], tuple[str, ...]] = {
    ("linear", "solve"): ("chase", "gf2", "gfp", "galois"),
    ("linear", "count"): ("poly", "chase", "gf2", "gfp", "galois"),
    ("linear", "solutions"): ("chase", "gf2", "gfp", "galois"),
    ("cnf", "solve"): ("sat", "cms"),
    # an exact counter where its count is the solutions' (d4: no auxiliary variable left free), else exact
    # enumeration; ganak on request (probabilistic exact)
    ("cnf", "count"): ("d4", "cms", "sat", "ganak"),
    ("cnf", "solutions"): ("cms", "sat"),
    ("search", "solve"): ("search",),
    ("search", "count"): ("search",),
    ("search", "solutions"): ("search",),
    # pack where the problem gives its cells' neighbours, scan where it is ordered (their refuses() say)
    ("cover", "solve"): ("pack", "scan", "dlx"),
    ("cover", "count"): ("memo", "pack", "scan", "dlx"),  # memo where it suits (tilings: MemoEngine.suits)
    ("coloring", "count"): ("heights", "frontier"),  # heights where it applies (a grid, 3 colours, no clue)
    ("cover", "solutions"): ("pack", "scan", "dlx"),
}


def register_engine(engine: Engine, replace: bool = False) -> Engine:
    """Add ``engine`` to :data:`ENGINES` under ``engine.name``; returns it.

    Adding an engine is one class (derived from :class:`Engine`: ``name``,
    ``accepts``, ``refuses``, ``solve``, ``solutions``, ``count`` and its
    capability flags) plus this one call: ``--engine NAME``, the default
    choice (after the engines :data:`DEFAULT_ORDER` lists), ``parity
    engines`` and the cross-check harness all read the table.  See "Adding
    an engine" in the families page for a worked example.

    Raises
    ------
    UnknownEngineError
        If ``engine`` is not an :class:`Engine`, its name is not a plain
        word, or the name is taken (unless ``replace``).
    """
    if not isinstance(engine, Engine):
        raise UnknownEngineError(f"register_engine() takes an Engine, got {type(engine).__name__}")
    name = engine.name
    if not isinstance(name, str) or not name.isidentifier():
        raise UnknownEngineError(f"an engine's name is a plain word (letters, digits, _), got {name!r}")
    if name in ENGINES and not replace:
        raise UnknownEngineError(f"there is an engine {name!r} already; pass replace=True to replace it")
    ENGINES[name] = engine
    return engine


def unregister_engine(name: str) -> None:
    """Remove an engine added by :func:`register_engine` (the built-in ones stay)."""
    if name in _BUILTIN_ENGINES:
        raise UnknownEngineError(f"engine {name!r} ships with parity and stays in the table")
    if name not in ENGINES:
        raise UnknownEngineError(f"no engine {name!r} to remove")
    del ENGINES[name]


def _known() -> str:
    from .cnf.backends import PYSAT_SOLVERS

    return f"{', '.join(ENGINES)}, sat:SOLVER (SOLVER one of {', '.join(PYSAT_SOLVERS)})"


def get_engine(name: str) -> Engine:
    """The engine called ``name``; the one place engine names are parsed.

    Examples
    --------
    >>> get_engine("gf2").accepts
    'linear'
    >>> get_engine("sat:glucose4").name
    'sat:glucose4'
    >>> get_engine("nope")
    Traceback (most recent call last):
    ...
    parity.errors.UnknownEngineError: unknown engine 'nope'; known: gf2, gfp, galois, chase, poly, sat, cms, ganak, d4, search, dlx, pack, scan, memo, frontier, heights, chromatic, sat:SOLVER (...)
    """
    if not isinstance(name, str):
        raise UnknownEngineError(f"an engine name is a string, got {name!r}")
    if name in ENGINES:
        return ENGINES[name]
    kind, colon, solver = name.partition(":")
    if kind == "sat" and colon:
        from .cnf.backends import DEFAULT_SOLVER, PYSAT_SOLVERS  # (the solver lists live with the solvers)

        if solver not in PYSAT_SOLVERS:
            raise UnknownEngineError(f"unknown PySAT solver {solver!r} in {name!r}; known: {', '.join(PYSAT_SOLVERS)}")
        if solver == DEFAULT_SOLVER:
            return ENGINES["sat"]
        if name not in _SOLVER_ENGINES:
            _SOLVER_ENGINES[name] = CnfEngine(name, _pysat(solver), proves=True)
        return _SOLVER_ENGINES[name]
    raise UnknownEngineError(f"unknown engine {name!r}; known: {_known()}")


def _ordered(kind: str, question: str) -> list[Engine]:
    first = DEFAULT_ORDER.get((kind, "solve" if question == "minimize" else question), ())
    names = [*first, *(n for n in ENGINES if n not in first)]
    return [ENGINES[n] for n in names if ENGINES[n].accepts == kind]


def _fits(engine: Engine, question: str, encoding=None, proof: bool = False) -> str | None:
    if proof and not engine.can_prove:
        return f"engine {engine.name!r} writes no proofs; use sat or sat:SOLVER (or chromatic for colourings)"
    if question == "minimize":
        return _fits(engine, "solve") or engine.minimize_refusal(encoding)
    if question == "solve" and not engine.can_solve:
        return f"engine {engine.name!r} counts solutions but finds none; use {engine.instead}"
    if question == "solutions" and not engine.can_enumerate:
        return f"engine {engine.name!r} counts solutions but does not list them; use {engine.instead}"
    return None


def choose(puzzle, name: str | None = None, question: str = "solve", proof: bool = False) -> tuple[Engine, Any]:
    """The engine and the encoding that answer ``question`` (solve, count, solutions) about ``puzzle``.

    With ``name`` that engine is checked to apply; without, the first in
    :data:`DEFAULT_ORDER` among the encodings the puzzle offers (its best
    encoding first) that suits the encoding (:meth:`Engine.suits`) and applies.
    With ``proof`` only engines that write proofs of their refusals
    (``can_prove``) apply.

    Raises
    ------
    UnknownEngineError, EngineNotApplicableError
    """
    if name is not None:
        engine = engine_for_family(name, puzzle.family, puzzle.encodings)
        encoding = puzzle.encoding(engine.accepts)
        reason = engine.refuses(encoding) or _fits(engine, question, encoding, proof)
        if reason:
            raise EngineNotApplicableError(reason)
        return _at_work(engine), encoding
    reasons: list[str] = []
    for strict in (True, False):  # an engine that applies but does not suit is taken when nothing else applies
        for kind in puzzle.encodings:
            encoding = puzzle.encoding(kind)
            engine = _first(kind, encoding, question, reasons, strict, proof)
            if engine is not None:
                return _at_work(engine), encoding
    raise EngineNotApplicableError(f"no engine applies to {puzzle!r}" + (f": {reasons[0]}" if reasons else ""))


def engine_for_family(name: str, family: str, encodings: Sequence[str]) -> Engine:
    """The engine called ``name``, checked to work on one of the ``encodings`` a family offers (no encoding is
    built: the command line asks this before any work).

    Raises
    ------
    UnknownEngineError, EngineNotApplicableError
    """
    engine = get_engine(name)
    if engine.accepts not in encodings:
        offered = ", ".join(encodings) or "none"
        raise EngineNotApplicableError(f"engine {engine.name!r} does not apply to {family} puzzles: it works on "
                                       f"{engine.accepts} encodings and they offer {offered}")
    return engine


def _first(kind: str, encoding, question: str, reasons: list[str], strict: bool = True,
           proof: bool = False) -> Engine | None:
    """The first engine in :data:`DEFAULT_ORDER` that suits (unless not ``strict``) and applies to ``encoding``;
    the others' reasons are added to ``reasons``."""
    for engine in _ordered(kind, question):
        if strict and not engine.suits(encoding, question):
            continue
        reason = engine.refuses(encoding) or _fits(engine, question, encoding, proof)
        if reason is None:
            return engine
        reasons.append(reason)
    return None


def choose_for(encoding, kind: str, name: str | None = None, question: str = "solve") -> Engine:
    """The engine that answers ``question`` about one ``encoding`` of kind ``kind``, chosen as :func:`choose`
    chooses (a family that builds an encoding of its own, such as a pruned cover problem, asks here).

    Raises
    ------
    UnknownEngineError, EngineNotApplicableError
    """
    if name is not None:
        engine = get_engine(name)
        if engine.accepts != kind:
            raise EngineNotApplicableError(f"engine {engine.name!r} works on {engine.accepts} encodings, not {kind}")
        reason = engine.refuses(encoding) or _fits(engine, question, encoding)
        if reason:
            raise EngineNotApplicableError(reason)
        return _at_work(engine)
    reasons: list[str] = []
    engine = _first(kind, encoding, question, reasons) or _first(kind, encoding, question, reasons, strict=False)
    if engine is None:
        raise EngineNotApplicableError(f"no engine applies to this {kind} encoding" +
                                       (f": {reasons[0]}" if reasons else ""))
    return _at_work(engine)


def _at_work(engine: Engine) -> Engine:
    """``engine``, chosen: a parent process that may stop this one is told its name if no engine was chosen before
    (:func:`parity._child.note`; nothing outside a child process that listens), so that an answer made when a time
    limit stops the work names the engine at work, whichever chooser took it first (the front door, or a family
    counting a smaller problem of its own); one an engine chooses for a step of its work is not the answer's."""
    child = sys.modules.get("parity._child")  # (not imported for it: outside a child there is no one to tell)
    if child is not None:
        child.note("engine", engine.name, once=True)
    return engine


def applicable(puzzle, names=None) -> list[tuple[Engine, Any]]:
    """Every engine (of ``names``, default all) that applies to ``puzzle``, with its encoding; each engine once.

    Raises
    ------
    LimitError
        If ``names`` is given but empty.
    """
    from .errors import LimitError

    if isinstance(names, str):
        names = [names]
    if names is not None and not list(names):
        raise LimitError("no engine named; give at least one engine name, or none for every engine")
    engines = {e.name: e for e in (get_engine(n) for n in (list(ENGINES) if names is None else names))}
    chosen = []
    for engine in engines.values():
        if engine.accepts in puzzle.encodings:
            encoding = puzzle.encoding(engine.accepts)
            if engine.refuses(encoding) is None:
                chosen.append((engine, encoding))
    return chosen
