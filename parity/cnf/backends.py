"""SAT back ends behind one interface: PySAT solvers, CryptoMiniSat (native XOR), Ganak (model counting).

Every back end takes a :class:`~parity.cnf.CNF` and answers with a
:class:`SatResult`; solvers also enumerate (see :mod:`parity.cnf.enumerate`).
Optional back ends are imported only when used, and a missing package is an
:class:`~parity.errors.EngineUnavailableError` that names the extra to install.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ..errors import EngineNotApplicableError, EngineUnavailableError, UnknownEngineError
from .formula import CNF

__all__ = ["SatResult", "Backend", "PysatBackend", "CryptoMiniSatBackend", "GanakBackend", "BACKENDS", "backend", "DEFAULT_SOLVER"]

DEFAULT_SOLVER = "cadical195"

SAT, UNSAT, UNKNOWN = "SAT", "UNSAT", "UNKNOWN"


@dataclass
class SatResult:
    """What a back end says about a formula.

    Attributes
    ----------
    status : {"SAT", "UNSAT", "UNKNOWN"}
        UNKNOWN when a time or conflict budget ran out.
    model : list of int or None
        Signed literals of every variable (``v`` true, ``-v`` false) when SAT.
    count : int or None
        For counters: the number of models projected on the primary variables.
    seconds : float
    stats : dict
    """

    status: str
    model: list[int] | None = None
    count: int | None = None
    seconds: float = 0.0
    stats: dict = field(default_factory=dict)

    @property
    def satisfiable(self) -> bool | None:
        return {SAT: True, UNSAT: False}.get(self.status)


@contextlib.contextmanager
def _stdout_to_stderr():
    """Send what native code writes to file descriptor 1 to stderr, keeping stdout clean for --json."""
    sys.stdout.flush()
    saved = os.dup(1)
    try:
        os.dup2(2, 1)
        yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)


class _NoLimits(Exception):
    """The PySAT solver has no limited solving (raised inside PysatBackend only)."""


def _solve_child(solver_name, clauses, assumptions, send) -> None:
    from pysat.solvers import Solver

    with Solver(name=solver_name, bootstrap_with=clauses) as solver:
        answer = solver.solve(assumptions=assumptions)
        send.send((SAT if answer else UNSAT, solver.get_model() if answer else None))
    send.close()


class Backend:
    """The interface: ``solve`` always; ``models`` for solvers; ``count`` for counters."""

    name = "backend"
    native_xor = False
    can_enumerate = True
    #: True when :meth:`count` is exact with certainty (enumeration); see GanakBackend.
    exact_count = True

    def solve(self, cnf: CNF, assumptions: Sequence[int] = (), time_limit: float | None = None,
              conflicts: int | None = None) -> SatResult:
        raise NotImplementedError

    def models(self, cnf: CNF, time_limit: float | None = None) -> Iterator[list[int]]:
        """Every model projected on ``cnf.primary``, each once (block on primary variables only)."""
        raise NotImplementedError

    def count(self, cnf: CNF) -> int:
        return sum(1 for _ in self.models(cnf))


class PysatBackend(Backend):
    """Any PySAT solver by name (``cadical195`` by default; ``glucose4``, ``minisat22``, ...).

    Time budgets interrupt the solver from a timer thread; conflict budgets use
    ``conf_budget``.  Both give ``UNKNOWN`` instead of a hang.
    """

    def __init__(self, solver: str = DEFAULT_SOLVER) -> None:
        from pysat.solvers import SolverNames

        known = [n for n in vars(SolverNames) if not n.startswith("_")]
        if solver not in known:
            raise UnknownEngineError(f"unknown PySAT solver {solver!r}; known: {', '.join(known)}")
        self.solver_name = solver
        self.name = "sat" if solver == DEFAULT_SOLVER else f"sat:{solver}"

    def _solver(self, cnf: CNF):
        from pysat.solvers import Solver

        solver = Solver(name=self.solver_name, bootstrap_with=cnf.clauses_with_xors())
        return solver

    def _run(self, solver, assumptions, time_limit, conflicts):
        if time_limit is None and conflicts is None:
            return {True: SAT, False: UNSAT}[solver.solve(assumptions=list(assumptions))]
        if time_limit is not None:
            try:  # CaDiCaL and Kissat in PySAT cannot be interrupted
                solver.interrupt()
                solver.clear_interrupt()
            except NotImplementedError:
                raise _NoLimits from None
        timer = None
        try:
            if conflicts is not None:
                solver.conf_budget(int(conflicts))
            if time_limit is not None:
                timer = threading.Timer(time_limit, solver.interrupt)
                timer.start()
            answer = solver.solve_limited(assumptions=list(assumptions), expect_interrupt=time_limit is not None)
        except NotImplementedError:
            raise _NoLimits from None
        finally:
            if timer is not None:
                timer.cancel()
                timer.join()
                solver.clear_interrupt()
        return {True: SAT, False: UNSAT}.get(answer, UNKNOWN)

    def _run_in_child(self, cnf, assumptions, time_limit, conflicts):
        """For solvers without limited solving (CaDiCaL in PySAT): solve in a child process, stop it at the deadline."""
        if conflicts is not None:
            raise EngineNotApplicableError(
                f"PySAT's {self.solver_name} has no conflict budget; give a time limit or use sat:glucose4 or cms"
            )
        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
        receive, send = context.Pipe(duplex=False)
        child = context.Process(target=_solve_child, args=(self.solver_name, cnf.clauses_with_xors(), list(assumptions), send))
        child.start()
        send.close()
        try:
            if receive.poll(time_limit):
                status, model = receive.recv()
                return status, model
            return UNKNOWN, None
        except EOFError:
            return UNKNOWN, None
        finally:
            if child.is_alive():
                child.kill()
            child.join()
            receive.close()

    def solve(self, cnf, assumptions=(), time_limit=None, conflicts=None) -> SatResult:
        started = time.perf_counter()
        with self._solver(cnf) as solver:
            try:
                status = self._run(solver, assumptions, time_limit, conflicts)
            except _NoLimits:
                status, model = self._run_in_child(cnf, assumptions, time_limit, conflicts)
                return SatResult(status, model, None, time.perf_counter() - started, {"child_process": True})
            model = solver.get_model() if status == SAT else None
            if model is not None and len(model) < cnf.nvars:
                model = model + [-v for v in range(len(model) + 1, cnf.nvars + 1)]
            stats = dict(solver.accum_stats() or {})
        return SatResult(status, model, None, time.perf_counter() - started, stats)

    def models(self, cnf, time_limit=None) -> Iterator[list[int]]:
        deadline = None if time_limit is None else time.perf_counter() + time_limit
        with self._solver(cnf) as solver:
            while True:
                left = None if deadline is None else max(deadline - time.perf_counter(), 0.001)
                try:
                    status = self._run(solver, (), left, None)
                except _NoLimits:
                    raise EngineNotApplicableError(
                        f"PySAT's {self.solver_name} cannot be stopped during enumeration; drop the time limit or use "
                        "sat:glucose4 or cms"
                    ) from None
                if status == UNKNOWN:
                    raise TimeoutError(f"enumeration stopped by its time limit of {time_limit} s")
                if status == UNSAT:
                    return
                model = solver.get_model()
                # a variable in no clause is missing from the model: read it as false (the block then mentions it)
                projected = [v if v <= len(model) and model[v - 1] > 0 else -v for v in cnf.primary]
                yield projected
                if not projected:
                    return
                solver.add_clause([-lit for lit in projected])  # block this projection only


class CryptoMiniSatBackend(Backend):
    """CryptoMiniSat through pycryptosat, with XOR constraints passed natively (Gauss-Jordan inside)."""

    name = "cms"
    native_xor = True

    def _solver(self, cnf: CNF):
        try:
            import pycryptosat
        except ImportError:  # pragma: no cover - depends on the environment
            raise EngineUnavailableError("engine 'cms' needs pycryptosat: pip install pycryptosat") from None
        solver = pycryptosat.Solver()
        solver.add_clauses(cnf.clauses)
        for variables, parity in cnf.xors:
            solver.add_xor_clause(variables, bool(parity))
        if cnf.nvars:
            solver.add_clause([cnf.nvars, -cnf.nvars])  # make every pool variable known to the solver
        return solver

    @staticmethod
    def _model(assignment, nvars):
        return [v if assignment[v] else -v for v in range(1, nvars + 1)]

    def _run(self, solver, assumptions, time_limit, conflicts):
        kwargs = {}
        if time_limit is not None:
            kwargs["time_limit"] = float(time_limit)
        if conflicts is not None:
            kwargs["confl_limit"] = int(conflicts)
        answer, assignment = solver.solve(list(assumptions), **kwargs)
        return {True: SAT, False: UNSAT}.get(answer, UNKNOWN), assignment

    def solve(self, cnf, assumptions=(), time_limit=None, conflicts=None) -> SatResult:
        started = time.perf_counter()
        solver = self._solver(cnf)
        status, assignment = self._run(solver, assumptions, time_limit, conflicts)
        model = self._model(assignment, cnf.nvars) if status == SAT else None
        return SatResult(status, model, None, time.perf_counter() - started, {})

    def models(self, cnf, time_limit=None) -> Iterator[list[int]]:
        deadline = None if time_limit is None else time.perf_counter() + time_limit
        solver = self._solver(cnf)
        while True:
            left = None if deadline is None else max(deadline - time.perf_counter(), 0.001)
            status, assignment = self._run(solver, (), left, None)
            if status == UNKNOWN:
                raise TimeoutError(f"enumeration stopped by its time limit of {time_limit} s")
            if status == UNSAT:
                return
            projected = [v if assignment[v] else -v for v in cnf.primary]
            yield projected
            if not projected:
                return
            solver.add_clause([-lit for lit in projected])


class GanakBackend(Backend):
    """Model counting with Ganak (pyganak), projected on the primary variables; no enumeration.

    Ganak is a *probabilistic exact* counter: its component cache stores
    hashes, and with the configuration pyganak uses (probabilistic hashing on,
    ``delta = 0.2``; the binding offers no switch) a count is exact with
    probability at least ``1 - delta`` by Ganak's own bound, in practice far
    more.  parity therefore marks Ganak counts ``exact_count = False`` and the
    cross-check compares them with counts that are exact for certain (GF(p)
    null spaces, enumeration).

    When the formula carries a certified independent ``support`` (a forcing
    set, for Lights Out) it is the sampling set: Ganak then branches on far
    fewer variables and the count is the same.
    """

    name = "ganak"
    can_enumerate = False
    exact_count = False

    def count(self, cnf: CNF) -> int:
        try:
            from pyganak import Counter
        except ImportError:  # pragma: no cover - depends on the environment
            raise EngineUnavailableError("engine 'ganak' needs pyganak: pip install pyganak") from None
        # Ganak is slow to prove unsatisfiability (seconds on a hundred variables), CaDiCaL is not;
        # with no primary variables the count is 1 or 0 by satisfiability alone
        satisfiable = PysatBackend().solve(cnf).status == SAT
        if not satisfiable or not cnf.primary:
            return int(satisfiable)
        counter = Counter(verbose=0, seed=0)
        counter.new_vars(cnf.nvars)
        counter.add_clauses(cnf.clauses_with_xors())
        counter.set_sampling_set(cnf.support or cnf.primary)
        with _stdout_to_stderr():  # Ganak prints progress lines on the C stdout
            return int(counter.count())

    def solve(self, cnf, assumptions=(), time_limit=None, conflicts=None) -> SatResult:
        started = time.perf_counter()
        count = self.count(cnf)
        return SatResult(SAT if count else UNSAT, None, count, time.perf_counter() - started, {})

    def models(self, cnf, time_limit=None):
        raise UnknownEngineError("ganak counts models but does not list them; use sat or cms")


BACKENDS = {"sat": PysatBackend, "cms": CryptoMiniSatBackend, "ganak": GanakBackend}


def backend(name: str) -> Backend:
    """A back end by engine name: ``sat``, ``sat:SOLVER`` (any PySAT solver), ``cms``, ``ganak``.

    Examples
    --------
    >>> backend("sat:glucose4").name
    'sat:glucose4'
    >>> backend("z3")
    Traceback (most recent call last):
    ...
    parity.errors.UnknownEngineError: unknown SAT engine 'z3'; known: sat, sat:SOLVER, cms, ganak
    """
    kind, _, solver = name.partition(":")
    if kind == "sat":
        return PysatBackend(solver or DEFAULT_SOLVER)
    if kind in BACKENDS and not solver:
        return BACKENDS[kind]()
    raise UnknownEngineError(f"unknown SAT engine {name!r}; known: sat, sat:SOLVER, cms, ganak")
