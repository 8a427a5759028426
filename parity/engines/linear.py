"""The linear engines: Gaussian elimination over GF(p) (``gf2``, ``gfp``, ``galois``), light chasing (``chase``)
and counting by polynomial gcds (``poly``), on a :class:`~parity.linalg.system.LinearSystem`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..errors import EngineNotApplicableError
from .base import SAT, UNSAT, Answer, Engine, question_refusal

__all__ = ["LinearEngine", "ChaseEngine", "PolyEngine"]


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
        from .. import linalg

        return getattr(linalg, self._elimination)

    def minimize_refusal(self, system) -> str | None:
        if not getattr(system, "weight_is_hamming", True):
            return (f"engine {self.name!r} minimises the number of non-zero unknowns, which is not this puzzle's "
                    "weight; use chromatic (for colourings), sat or cms")
        return super().minimize_refusal(system)

    def load(self, system) -> None:
        """``gf2``: load the compiled kernels now when the system needs them (numba's import and the kernels' cache
        take about 0.4 s: loading, not the engine's work); the others load on first use."""
        if self._elimination == "GF2" and system.field == 2:
            from ..linalg.gf2 import load_kernels_for
            from ..linalg.system import PackedSystem

            load_kernels_for(*system.shape, system.packed if isinstance(system, PackedSystem) else None)

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
        return system.solve(self.elimination), {}  # (a system held packed is eliminated as it is by gf2)

    def _answer(self, system) -> tuple[Any, dict]:
        space, extra = self.space_and_stats(system)
        return space, {"count": space.count, "nullity": space.nullity, "rank": space.rank, **extra}

    def solve(self, system, minimize=False, max_nullity=30) -> Answer:
        space, stats = self._answer(system)
        if not space.solvable:
            return Answer(UNSAT, None, 0, stats)
        vector = space.particular
        if minimize:
            from ..codes import least_weight

            stats["minimum_weight"], vector = least_weight(space, max_nullity=max_nullity)  # (the transform from 20)
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
        from ..linalg.chase import chase_refusal

        return chase_refusal(system)

    def load(self, system) -> None:
        from ..linalg import chase

        chase.load()

    def suits(self, system, question: str) -> bool:
        # big enough to pay for the kernels, and sparse (a board: a few entries an equation); a dense matrix has
        # no small forcing set, and looking for one would only delay gf2
        return system.shape[1] >= self.DEFAULT_FROM and _entry_count(system) <= 16 * max(1, system.shape[0])

    def count(self, system) -> Answer:
        from ..linalg.chase import chase_system

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
        from ..linalg.chase import chase_system

        chased = chase_system(system)
        return chased.space, self._chase_stats(chased)


def _entry_count(system) -> int:
    """The non-zero entries of ``system``'s matrix; a matrix held packed counts its bits, listing no entry."""
    counted = getattr(system, "entry_count", None)  # (a packed or stencil system counts them without listing them)
    return counted if counted is not None else len(system.rows)


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
        from ..linalg.chase import structured_stencil

        stencil = structured_stencil(system)
        if stencil is None or system.field != 2:
            return "engine 'poly' counts Lights Out on grids, cylinders and tori over GF(2) only; use chase or gf2"
        uniform = getattr(system, "uniform_rhs", None)
        if uniform is not None:  # (every equation the same: no vector written)
            some = every = uniform % 2 != 0
        else:
            rhs = system.rhs % 2
            some, every = rhs.any(), rhs.all()
        if some and not (stencil[3] and every):
            return ("engine 'poly' cannot tell whether this start is solvable (it counts when every light starts "
                    "on under the closed rule, or when nothing has to change); use chase or gf2")
        return None

    def suits(self, system, question: str) -> bool:
        return system.shape[1] >= self.DEFAULT_FROM

    def load(self, system) -> None:
        from ..linalg import poly

        poly._flint()

    def count(self, system) -> Answer:
        from ..linalg import poly

        kind, m, n, closed = system.stencil
        nullity = {"grid": poly.grid_nullity, "cylinder": poly.cylinder_nullity, "torus": poly.torus_nullity}[kind](
            m, n, "closed" if closed else "open")
        total = 2**nullity
        return Answer(SAT, None, total, {"count": total, "nullity": nullity, "rank": m * n - nullity})

    def solve(self, system, minimize=False, max_nullity=30) -> Answer:
        raise EngineNotApplicableError(question_refusal(self, "solve"))
