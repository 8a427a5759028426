"""The engine of a family's own exact search (``search``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..errors import EngineNotApplicableError
from .base import SAT, UNSAT, Answer, Engine

__all__ = ["SearchEngine"]


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
