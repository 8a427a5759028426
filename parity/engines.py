"""The engine table: engine name -> engine, each saying which puzzles it answers.

An engine turns a puzzle's encoding into answers: one solution, every
solution, or the exact count.  ``ENGINES`` is the one lookup table; an unknown
name is an :class:`~parity.errors.UnknownEngineError` listing the known ones.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from .errors import EngineNotApplicableError, UnknownEngineError
from .linalg import LINEAR_ENGINES, SolutionSpace

__all__ = ["Engine", "LinearEngine", "CnfEngine", "ENGINES", "get_engine", "default_engine", "choose_engine"]


class Engine:
    """What every engine implements.  Subclasses set ``name`` and ``encoding``."""

    name = "engine"
    encoding = "none"
    #: counts are exact with certainty (False for Ganak's probabilistic exact counting)
    exact = True
    can_enumerate = True

    def supports(self, puzzle) -> bool:
        """True if this engine can answer questions about ``puzzle``."""
        raise NotImplementedError

    def solutions(self, puzzle) -> Iterator[np.ndarray]:
        """Every solution as a raw vector, no duplicates (a generator)."""
        raise NotImplementedError

    def count(self, puzzle) -> int:
        """The exact number of solutions."""
        return sum(1 for _ in self.solutions(puzzle))

    def check(self, puzzle) -> None:
        if not self.supports(puzzle):
            raise EngineNotApplicableError(f"engine {self.name!r} does not apply to {puzzle!r}")


class LinearEngine(Engine):
    """Answers through the puzzle's linear encoding and a :class:`~parity.linalg.SolutionSpace`."""

    encoding = "linear"

    def __init__(self, name: str) -> None:
        self.name = name

    def supports(self, puzzle) -> bool:
        return hasattr(puzzle, "linear") and LINEAR_ENGINES[self.name].handles(puzzle.field)

    def space(self, puzzle) -> SolutionSpace:
        self.check(puzzle)
        return puzzle.linear().solve(self.name)

    def solutions(self, puzzle) -> Iterator[np.ndarray]:
        yield from self.space(puzzle)

    def count(self, puzzle) -> int:
        return self.space(puzzle).count


class CnfEngine(Engine):
    """Answers through the puzzle's CNF encoding and a SAT back end (``sat``, ``sat:SOLVER``, ``cms``, ``ganak``)."""

    encoding = "cnf"

    def __init__(self, name: str) -> None:
        from .cnf import backend

        self.backend = backend(name)
        self.name = self.backend.name

    @property
    def exact(self) -> bool:
        return self.backend.exact_count

    @property
    def can_enumerate(self) -> bool:
        return self.backend.can_enumerate

    def supports(self, puzzle) -> bool:
        return hasattr(puzzle, "cnf")

    def solutions(self, puzzle) -> Iterator[np.ndarray]:
        self.check(puzzle)
        if not self.can_enumerate:
            raise EngineNotApplicableError(f"engine {self.name!r} counts solutions but does not list them; use sat or cms")
        formula = puzzle.cnf()
        for model in self.backend.models(formula):
            yield formula.decoder(model)

    def count(self, puzzle, formula=None) -> int:
        """The count through the back end; ``formula`` is ``puzzle.cnf()`` when the caller built it already."""
        self.check(puzzle)
        return int(self.backend.count(puzzle.cnf() if formula is None else formula))


ENGINES: dict[str, Engine] = {
    **{name: LinearEngine(name) for name in LINEAR_ENGINES},
    "sat": CnfEngine("sat"),
    "cms": CnfEngine("cms"),
    "ganak": CnfEngine("ganak"),
}


def get_engine(name: str) -> Engine:
    """The engine called ``name``.

    Examples
    --------
    >>> get_engine("gf2").encoding
    'linear'
    >>> get_engine("nope")
    Traceback (most recent call last):
    ...
    parity.errors.UnknownEngineError: unknown engine 'nope'; known: gf2, galois, sat, cms, ganak, sat:SOLVER
    """
    if name.startswith("sat:"):
        return CnfEngine(name)
    if name not in ENGINES:
        raise UnknownEngineError(f"unknown engine {name!r}; known: {', '.join(ENGINES)}, sat:SOLVER")
    return ENGINES[name]


def choose_engine(puzzle, name: str | None = None) -> Engine:
    """The engine ``name`` (default: :func:`default_engine`), checked to apply to ``puzzle``."""
    chosen = default_engine(puzzle) if name is None else get_engine(name)
    chosen.check(puzzle)
    return chosen


def default_engine(puzzle) -> Engine:
    """The fastest engine that applies: the first in ``ENGINES`` order that supports the puzzle."""
    for engine in ENGINES.values():
        if engine.supports(puzzle):
            return engine
    raise EngineNotApplicableError(f"no engine applies to {puzzle!r}")
