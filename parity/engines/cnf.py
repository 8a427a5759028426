"""The CNF engines: :class:`CnfEngine` over a SAT back end of :mod:`parity.cnf` (``sat``, ``sat:SOLVER``, ``cms``,
``ganak``, ``d4``), with minimisation and DRAT proofs on top."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from ..errors import EngineNotApplicableError
from .base import SAT, UNKNOWN, UNSAT, Answer, Engine, question_refusal

__all__ = ["CnfEngine"]


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
            raise EngineNotApplicableError(question_refusal(self, "solve"))
        if proof is not None and not self.can_prove:
            raise EngineNotApplicableError(question_refusal(self, "solve", proof=True))
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
        from ..cnf.proof import refute

        return refute(formula.clauses_with_xors() + units, formula.nvars, self.backend.solver_name, proof)

    def minimize_refusal(self, formula) -> str | None:
        if not self.can_minimize:
            return question_refusal(self, "solve")
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
            raise EngineNotApplicableError(question_refusal(self, "solutions"))
        yield from self.backend.models(formula, full=True)

    def count(self, formula) -> Answer:
        total = int(self.backend.count(formula))
        return Answer(SAT if total else UNSAT, None, total, {**self._stats(formula), "exact": self.exact})
