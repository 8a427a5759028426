"""The front door: ``solve``, ``count`` and ``solutions`` for any puzzle, every answer verified."""

from __future__ import annotations

import time
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field

from .engines import choose_engine

__all__ = ["Result", "solve", "count", "solutions"]


@dataclass
class Result:
    """The answer to ``solve``: a verified solution in puzzle terms, or a proof there is none.

    Attributes
    ----------
    family, board, engine : str
    satisfiable : bool
    solution : dict or None
        In puzzle terms (node -> presses for Lights Out); already verified.
    seconds : float
    stats : dict
        Engine-specific numbers (``rank``, ``nullity``, ``count`` for linear engines).
    """

    family: str
    board: str
    engine: str
    satisfiable: bool
    solution: dict[Hashable, int] | None
    seconds: float
    stats: dict = field(default_factory=dict)

    @property
    def status(self) -> str:
        return "SAT" if self.satisfiable else "UNSAT"


def solve(puzzle, engine: str | None = None) -> Result:
    """One solution of ``puzzle`` (verified by ``puzzle.verify``), or ``satisfiable=False``.

    Examples
    --------
    >>> import parity as pt
    >>> result = pt.solve(pt.LightsOut("grid:3x3"))
    >>> result.status, sum(result.solution.values()), result.engine
    ('SAT', 5, 'gf2')
    """
    chosen = choose_engine(puzzle, engine)
    started = time.perf_counter()
    stats: dict = {}
    if hasattr(chosen, "space"):
        space = chosen.space(puzzle)
        stats = {"rank": space.rank, "nullity": space.nullity, "count": space.count}
        vector = space.particular
    else:
        vector = next(iter(chosen.solutions(puzzle)), None)
    solution = None if vector is None else puzzle.presses(vector)
    if solution is not None:
        puzzle.verify(solution)
    return Result(
        puzzle.family,
        puzzle.board.graph.get("name", "board"),
        chosen.name,
        solution is not None,
        solution,
        time.perf_counter() - started,
        stats,
    )


def count(puzzle, engine: str | None = None) -> int:
    """The exact number of solutions of ``puzzle`` (a Python int).

    Examples
    --------
    >>> import parity as pt
    >>> pt.count(pt.LightsOut("grid:4x4")), pt.count(pt.LightsOut("grid:4x4"), engine="galois")
    (16, 16)
    """
    return int(choose_engine(puzzle, engine).count(puzzle))


def solutions(puzzle, limit: int | None = None, engine: str | None = None) -> Iterator[dict[Hashable, int]]:
    """The solutions of ``puzzle`` one by one, each verified, at most ``limit`` of them.

    Examples
    --------
    >>> import parity as pt
    >>> len(list(pt.solutions(pt.LightsOut("grid:4x4"), limit=5)))
    5
    """
    chosen = choose_engine(puzzle, engine)
    for number, vector in enumerate(chosen.solutions(puzzle)):
        if limit is not None and number >= limit:
            return
        solution = puzzle.presses(vector)
        puzzle.verify(solution)
        yield solution
