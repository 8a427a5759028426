"""The exact-cover engines on a :class:`~parity.cover.CoverProblem`: dancing cells (``dlx``), items as bits
filled in order (``scan``), packing on bitboards (``pack``) and counting by remembered subproblems (``memo``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..errors import EngineNotApplicableError
from .base import SAT, UNSAT, Answer, Engine, question_refusal

__all__ = ["DlxEngine", "ScanEngine", "PackEngine", "MemoEngine"]


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
        after installing, about 10 s), where CaDiCaL on the CNF needs a few milliseconds (a Sudoku: 0.12 s
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
        from ..cover import CERTIFICATE_LIMIT, gf2_certificate, item_text

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
        from ..cover.scan import scan_refusal

        if not problem.ordered:
            return ("engine 'scan' fills the primary items in their listed order, and this problem is not marked "
                    "as ordered for that (a fixed order can take exponentially longer than dlx's fewest-options "
                    "rule); use dlx, or mark it ordered (CoverProblem(..., ordered=True); --ordered for a cover file)")
        return scan_refusal(problem)

    def suits(self, problem, question: str) -> bool:
        return True  # its one kernel loads from numba's cache in milliseconds

    def load(self, problem) -> None:
        from .._compiled import load_kernels

        load_kernels("parity.cover._scan_kernels")  # compiled, or read from the cache, on import
        from ..linalg import Echelon  # noqa: F401  (the GF(2) certificate comes first)

    def _covers(self, problem) -> Iterator[list[int]]:
        from ..cover.scan import scan_covers

        return scan_covers(problem)

    def _count(self, problem) -> int:
        from ..cover.scan import scan_count

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
        from ..cover.pack import pack_refusal

        return pack_refusal(problem)

    def load(self, problem) -> None:
        from ..cover.pack import pack_load

        pack_load(problem)  # the kernels this problem runs, compiled or read from the cache
        from ..linalg import Echelon  # noqa: F401  (the GF(2) certificate comes first)

    def _covers(self, problem) -> Iterator[list[int]]:
        from ..cover.pack import pack_covers

        return pack_covers(problem)

    def _count(self, problem) -> int:
        from ..cover.pack import pack_count

        return pack_count(problem)


class MemoEngine(DlxEngine):
    """Counts exact covers by remembering each subproblem's count (``memo``, :mod:`parity.cover.memo`).

    Partial covers that cover the same items leave the same subproblem,
    counted once (the idea of DXZ), so a count of 10^16 domino tilings takes
    milliseconds where any engine that lists covers could not finish.  A
    tiling past :data:`PYTHON_FIRST` subproblems is counted by the compiled
    frontier count (:mod:`parity.cover.profile`, the same subproblems breadth
    first), a small one by the memo in Python.  It counts only; ``scan`` and
    ``dlx`` find and list.  No colours.
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
        over nearly every item and makes every subproblem distinct by the pieces used (a packing): there the
        pruned searches (``pack``, ``scan``) are chosen, faster where packings are few; named, the memo counts a
        packing by its frontier with the pieces placed in the state, far faster where they are many (the
        polyforms tutorial measures both)."""
        from ..cover.memo import memo_span

        return problem.ordered and memo_span(problem) <= len(problem.primary) // 2

    def refuses(self, problem) -> str | None:
        from ..cover.memo import memo_refusal

        return memo_refusal(problem)

    #: the memo in Python goes this far (about half a second) before a problem is handed to the compiled frontier
    #: count, whose loading costs about as much: a small tiling is counted sooner in Python
    PYTHON_FIRST = 100_000

    @staticmethod
    def compiled(problem) -> bool:
        """Whether the compiled frontier count (:func:`parity.cover.profile.profile_count`) takes ``problem``:
        options that span at most 63 items and hold primary items only."""
        from ..cover.profile import profile_refusal

        return profile_refusal(problem) is None

    def load(self, problem) -> None:
        from ..linalg import Echelon  # noqa: F401  (the GF(2) certificate comes first)

    def _count(self, problem) -> int:
        """The memo in Python (:func:`parity.cover.memo.memo_count`, the reference) up to :data:`PYTHON_FIRST`
        subproblems, then, where it takes the problem, the compiled frontier count; else the memo to its end."""
        from ..cover.memo import memo_count
        from ..errors import TooLargeError

        if self.compiled(problem):
            try:
                return memo_count(problem, limit=self.PYTHON_FIRST)
            except TooLargeError:  # a large tiling: the compiled count, from the start
                from ..cover.profile import profile_count

                return profile_count(problem)
        return memo_count(problem)

    def solve(self, problem, minimize=False, max_nullity=30) -> Answer:
        raise EngineNotApplicableError(question_refusal(self, "solve"))

    def solutions(self, problem) -> Iterator[Any]:
        raise EngineNotApplicableError(question_refusal(self, "solutions"))


#: whether xcover's kernel has run in this process (see DlxEngine.suits)
_DLX_LOADED = False


def _warm_dlx() -> None:
    """Run xcover's kernel once on a problem of two options: its first call compiles it (or reads the cache)."""
    global _DLX_LOADED
    if _DLX_LOADED:
        return
    from .._compiled import load_kernels
    from ..cover import CoverProblem

    try:
        load_kernels("xcover.dancing_cells")  # says so when its kernel is about to be compiled
    except ImportError:  # pragma: no cover - a release that moved its kernel (see parity.cover.dlx)
        pass

    CoverProblem([["a"], ["b"]]).count()
    _DLX_LOADED = True
