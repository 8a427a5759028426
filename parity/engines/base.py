"""What every engine is: :class:`Engine`, the raw :class:`Answer` it gives, and the questions it answers.

Engines of every kind derive from :class:`Engine` here; the table
(:mod:`parity.engines.table`) holds one of each and chooses among them.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

__all__ = ["SAT", "UNSAT", "UNKNOWN", "Answer", "Engine", "question_refusal"]

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


def question_refusal(engine: Engine, question: str, encoding=None, proof: bool = False) -> str | None:
    """Why ``engine`` does not answer ``question`` ("solve", "minimize", "count" or "solutions") whatever the
    encoding, or None when it does: the one reading of its flags ``can_solve``, ``can_enumerate`` and
    ``can_prove``.  With ``proof`` the answer must come with a proof of a refusal; a minimisation also asks the
    engine about ``encoding`` (:meth:`Engine.minimize_refusal`).

    Examples
    --------
    >>> from parity.engines import get_engine
    >>> question_refusal(get_engine("gf2"), "count") is None
    True
    >>> question_refusal(get_engine("poly"), "solve")
    "engine 'poly' counts solutions but finds none; use chase or gf2"
    >>> question_refusal(get_engine("gf2"), "solve", proof=True)
    "engine 'gf2' writes no proofs; use sat or sat:SOLVER (or chromatic for colourings)"
    """
    if proof and not engine.can_prove:
        return f"engine {engine.name!r} writes no proofs; use sat or sat:SOLVER (or chromatic for colourings)"
    if question == "minimize":
        return question_refusal(engine, "solve") or engine.minimize_refusal(encoding)
    if question == "solve" and not engine.can_solve:
        return f"engine {engine.name!r} counts solutions but finds none; use {engine.instead}"
    if question == "solutions" and not engine.can_enumerate:
        return f"engine {engine.name!r} counts solutions but does not list them; use {engine.instead}"
    return None
