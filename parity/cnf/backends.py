"""SAT back ends behind one interface: PySAT solvers, CryptoMiniSat (native XOR), Ganak (model counting).

Every back end takes a :class:`~parity.cnf.CNF` and answers with a
:class:`SatResult`; solvers also enumerate (:meth:`Backend.models`, and :func:`parity.cnf.models` over a name).
Optional back ends are imported only when used, and a missing package is an
:class:`~parity.errors.EngineUnavailableError` that names the extra to install.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from .._limits import check_time_limit
from ..errors import EncodingError, EngineNotApplicableError, EngineUnavailableError, TimeLimitReached, UnknownEngineError
from .formula import CNF

__all__ = ["SatResult", "Backend", "PysatBackend", "CryptoMiniSatBackend", "GanakBackend", "D4Backend", "backend", "DEFAULT_SOLVER",
           "PYSAT_SOLVERS"]

#: PySAT solvers offered as ``sat:NAME``: those that solve incrementally (enumeration blocks models and
#: solves again).  Left out: kissat404 (PySAT's Kissat aborts on a second solve), and the names PySAT lists
#: without shipping them (cryptosat, minisatgh); CryptoMiniSat is the ``cms`` engine.
PYSAT_SOLVERS: tuple[str, ...] = (
    "cadical195", "cadical153", "cadical103", "cadical300", "glucose4", "glucose42", "glucose3", "gluecard4",
    "gluecard3", "lingeling", "maplechrono", "maplecm", "maplesat", "mergesat3", "minicard", "minisat22",
    "minisatep", "ergo",
)
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


def _check_primary(cnf: CNF) -> None:
    """Refuse projection variables that are not variables of the formula (a negative one made enumeration loop)."""
    bad = next((v for v in cnf.primary if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= cnf.nvars), None)
    if bad is not None:
        raise EncodingError(f"primary variable {bad!r} is not a variable of the formula (1..{cnf.nvars})")


def _full(model: list[int], nvars: int) -> list[int]:
    """A solver's model over every variable of the pool (variables it never saw are false)."""
    if len(model) < nvars:
        model = model + [-v for v in range(len(model) + 1, nvars + 1)]
    return model[:nvars]


def _free_model(nvars: int, assumptions: Sequence[int]) -> list[int] | None:
    """A model of the formula with no clause under ``assumptions`` (the others false), or None if they clash."""
    values = {}
    for lit in assumptions:
        if values.setdefault(abs(lit), lit > 0) != (lit > 0):
            return None
    return [v if values.get(v, False) else -v for v in range(1, nvars + 1)]


def _free_models(cnf: CNF, full: bool) -> Iterator[list[int]]:
    """Every projection on ``cnf.primary`` of the formula with no clause: all of them (the others false)."""
    primary = cnf.primary
    for signs in itertools.product((-1, 1), repeat=len(primary)):
        projected = [s * v for s, v in zip(signs, primary)]
        if full:
            value = {abs(lit): lit for lit in projected}
            yield [value.get(v, -v) for v in range(1, cnf.nvars + 1)]
        else:
            yield projected


class _NoLimits(Exception):
    """The PySAT solver has no limited solving (raised inside PysatBackend only)."""


def _solve_once(solver_name: str, clauses: list[list[int]], assumptions: list[int]) -> tuple[str, list[int] | None]:
    """One plain solve (run in a child process by PysatBackend when the solver cannot be interrupted)."""
    from pysat.solvers import Solver

    with Solver(name=solver_name, bootstrap_with=clauses) as solver:
        answer = solver.solve(assumptions=assumptions)
        return (SAT if answer else UNSAT), (solver.get_model() if answer else None)


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

    def models(self, cnf: CNF, time_limit: float | None = None, full: bool = False) -> Iterator[list[int]]:
        """Every model projected on ``cnf.primary``, each projection once (blocked on primary variables only).

        With ``full=True`` each is given as a whole model (every variable), so it can be checked
        against the formula; the projections are still distinct.
        """
        raise NotImplementedError

    def count(self, cnf: CNF, time_limit: float | None = None) -> int:
        """The number of models projected on ``cnf.primary`` (by enumeration, exact).

        Raises
        ------
        TimeLimitReached
            When ``time_limit`` seconds pass before the enumeration ends.
        """
        return sum(1 for _ in self.models(cnf, time_limit=time_limit))


class PysatBackend(Backend):
    """Any PySAT solver by name (``cadical195`` by default; ``glucose4``, ``minisat22``, ...).

    Time budgets interrupt the solver from a timer thread; conflict budgets use
    ``conf_budget``.  Both give ``UNKNOWN`` instead of a hang.
    """

    def __init__(self, solver: str = DEFAULT_SOLVER) -> None:
        if solver not in PYSAT_SOLVERS:
            raise UnknownEngineError(f"unknown PySAT solver {solver!r}; known: {', '.join(PYSAT_SOLVERS)}")
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
        """For solvers without limited solving (CaDiCaL in PySAT): solve in a child process, stop it at the deadline.

        The child is :func:`parity._child.run_in_child`'s: it dies with its parent and is killed on an interrupt.
        """
        from .._child import run_in_child

        if conflicts is not None:
            raise EngineNotApplicableError(
                f"PySAT's {self.solver_name} has no conflict budget; give a time limit or use sat:glucose4 or cms"
            )
        try:
            status, model = run_in_child(_solve_once, self.solver_name, cnf.clauses_with_xors(), list(assumptions),
                                         time_limit=time_limit, what=f"PySAT's {self.solver_name}")
        except TimeLimitReached:
            return UNKNOWN, None
        return status, (None if model is None else _full(model, cnf.nvars))

    def solve(self, cnf, assumptions=(), time_limit=None, conflicts=None) -> SatResult:
        _check_primary(cnf)
        time_limit = check_time_limit(time_limit)
        started = time.perf_counter()
        if not cnf.clauses_with_xors():  # every assignment is a model (and MapleSAT crashes on no clause)
            model = _free_model(cnf.nvars, assumptions)
            return SatResult(UNSAT if model is None else SAT, model, None, time.perf_counter() - started, {})
        with self._solver(cnf) as solver:
            try:
                status = self._run(solver, assumptions, time_limit, conflicts)
            except _NoLimits:
                status, model = self._run_in_child(cnf, assumptions, time_limit, conflicts)
                return SatResult(status, model, None, time.perf_counter() - started, {"child_process": True})
            model = _full(solver.get_model(), cnf.nvars) if status == SAT else None
            stats = dict(solver.accum_stats() or {})
        return SatResult(status, model, None, time.perf_counter() - started, stats)

    def models(self, cnf, time_limit=None, full=False) -> Iterator[list[int]]:
        _check_primary(cnf)
        time_limit = check_time_limit(time_limit)
        deadline = None if time_limit is None else time.perf_counter() + time_limit
        if not cnf.clauses_with_xors():  # every assignment is a model: listed without a solver
            yield from _free_models(cnf, full)
            return
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
                    raise TimeLimitReached(f"enumeration stopped by its time limit of {time_limit} s")
                if status == UNSAT:
                    return
                # a variable in no clause is missing from the model: read it as false (the block then mentions it)
                model = _full(solver.get_model(), cnf.nvars)
                projected = [model[v - 1] for v in cnf.primary]
                yield model if full else projected
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
        solver.add_clauses(cnf.normal_clauses())
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
        with _stdout_to_stderr():  # CryptoMiniSat prints 'c' lines when interrupted
            answer, assignment = solver.solve(list(assumptions), **kwargs)
        return {True: SAT, False: UNSAT}.get(answer, UNKNOWN), assignment

    def solve(self, cnf, assumptions=(), time_limit=None, conflicts=None) -> SatResult:
        _check_primary(cnf)
        time_limit = check_time_limit(time_limit)
        started = time.perf_counter()
        solver = self._solver(cnf)
        status, assignment = self._run(solver, assumptions, time_limit, conflicts)
        model = self._model(assignment, cnf.nvars) if status == SAT else None
        return SatResult(status, model, None, time.perf_counter() - started, {})

    def models(self, cnf, time_limit=None, full=False) -> Iterator[list[int]]:
        _check_primary(cnf)
        time_limit = check_time_limit(time_limit)
        deadline = None if time_limit is None else time.perf_counter() + time_limit
        solver = self._solver(cnf)
        while True:
            left = None if deadline is None else max(deadline - time.perf_counter(), 0.001)
            status, assignment = self._run(solver, (), left, None)
            if status == UNKNOWN:
                raise TimeLimitReached(f"enumeration stopped by its time limit of {time_limit} s")
            if status == UNSAT:
                return
            projected = [v if assignment[v] else -v for v in cnf.primary]
            yield self._model(assignment, cnf.nvars) if full else projected
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

    def count(self, cnf: CNF, time_limit: float | None = None) -> int:
        """The projected model count.

        Ganak cannot be interrupted, so with a ``time_limit`` it runs in a child
        process that is killed when the time is spent (the ``parity`` command
        runs all its work in such a child, so Ctrl-C stops Ganak there too).

        Raises
        ------
        TimeLimitReached
            When ``time_limit`` seconds pass first.
        """
        from .._child import run_in_child

        _check_primary(cnf)
        time_limit = check_time_limit(time_limit)
        if time_limit is None:
            return _ganak_count(cnf.nvars, cnf.clauses_with_xors(), cnf.primary, cnf.support)
        return run_in_child(_ganak_count, cnf.nvars, cnf.clauses_with_xors(), cnf.primary, cnf.support,
                            time_limit=time_limit, what="ganak's count")

    def solve(self, cnf, assumptions=(), time_limit=None, conflicts=None) -> SatResult:
        if assumptions:
            raise EngineNotApplicableError("ganak counts models; solve with assumptions needs sat or cms")
        started = time.perf_counter()
        try:
            count = self.count(cnf, time_limit=time_limit)
        except TimeLimitReached:
            return SatResult(UNKNOWN, None, None, time.perf_counter() - started, {})
        return SatResult(SAT if count else UNSAT, None, count, time.perf_counter() - started, {})

    def models(self, cnf, time_limit=None, full=False):
        raise EngineNotApplicableError("ganak counts models but does not list them; use sat or cms")


def _ganak_count(nvars: int, clauses: list[list[int]], primary: list[int], support: list[int] | None) -> int:
    from .._extras import require

    Counter = require("pyganak", "engine 'ganak'").Counter
    from pysat.solvers import Solver

    # Ganak is slow to prove unsatisfiability (seconds on a hundred variables), CaDiCaL is not;
    # with no primary variables the count is 1 or 0 by satisfiability alone
    with Solver(name=DEFAULT_SOLVER, bootstrap_with=clauses) as solver:
        satisfiable = solver.solve()
    if not satisfiable or not primary:
        return int(satisfiable)
    counter = Counter(verbose=0, seed=0)
    counter.new_vars(nvars)
    counter.add_clauses(clauses)
    counter.set_sampling_set(support or primary)
    with _stdout_to_stderr():  # Ganak prints progress lines on the C stdout
        return int(counter.count())


class D4Backend(Backend):
    """Exact model counting with D4 (the ``d4solver`` package: a d-DNNF compiler), no enumeration.

    D4 counts every model of the clauses, not a projection, so it takes a
    formula only when each variable outside ``primary`` is defined by the
    others (:meth:`~parity.cnf.CNF.undefined_auxiliaries`: a DIMACS file
    without a projection, XOR link variables) or named by no constraint
    (each such doubles every count, and is divided out); then the count of
    models is the count of solutions, exact.  D4 writes its log to the C stdout, so it
    runs with that sent to ``/dev/null``, and in a child process when a
    time limit must be able to stop it.
    """

    name = "d4"
    can_enumerate = False

    @staticmethod
    def _loose(cnf: CNF) -> tuple[set[int], set[int]]:
        """The auxiliary variables no solution determines, split: those a constraint names (D4's count would not
        be the solutions'), and those none names (each doubles the count of every model: divided out)."""
        unnamed = set(cnf.undefined_auxiliaries())
        named = set()
        if unnamed:
            for clause in cnf.clauses_with_xors():
                named.update(abs(lit) for lit in clause if abs(lit) in unnamed)
        return named, unnamed - named

    @staticmethod
    def refusal(cnf: CNF) -> str | None:
        """Why D4's count would not be this formula's count of solutions, or None."""
        return D4Backend._refusal(D4Backend._loose(cnf)[0])

    @staticmethod
    def _refusal(loose: set[int]) -> str | None:
        if loose:
            return (f"engine 'd4' counts every model, and this formula has {len(loose)} auxiliary variables that "
                    "its solutions do not determine (a cardinality encoding, a projection); use ganak or cms")
        return None

    def count(self, cnf: CNF, time_limit: float | None = None) -> int:
        """The number of models (= solutions, see :meth:`refusal`).

        Raises
        ------
        EngineNotApplicableError
            If the formula has auxiliary variables its solutions do not determine.
        TimeLimitReached
            When ``time_limit`` seconds pass first.
        """
        from .._child import run_in_child

        _check_primary(cnf)
        loose, unnamed = self._loose(cnf)
        reason = self._refusal(loose)
        if reason:
            raise EngineNotApplicableError(reason)
        time_limit = check_time_limit(time_limit)
        free = len(unnamed)  # in no constraint and not a solution's: each doubles D4's count
        if time_limit is None:
            return _d4_count(cnf.nvars, cnf.clauses_with_xors()) >> free
        return run_in_child(_d4_count, cnf.nvars, cnf.clauses_with_xors(), time_limit=time_limit,
                            what="d4's count") >> free

    def solve(self, cnf, assumptions=(), time_limit=None, conflicts=None) -> SatResult:
        raise EngineNotApplicableError("d4 counts models; to find one use sat or cms")

    def models(self, cnf, time_limit=None, full=False):
        raise EngineNotApplicableError("d4 counts models but does not list them; use sat or cms")


def _d4_count(nvars: int, clauses: list[list[int]]) -> int:
    try:
        import py_d4
    except ImportError:  # pragma: no cover - depends on the environment
        raise EngineUnavailableError("engine 'd4' needs d4solver: pip install d4solver") from None
    if not nvars:
        return 0 if any(not clause for clause in clauses) else 1
    if any(not clause for clause in clauses):
        return 0
    solver = py_d4.Solver([[int(lit) for lit in clause] for clause in clauses], nvars)
    with _stdout_to_devnull():  # D4 prints its log on the C stdout
        return int(solver.count().getResult())


@contextlib.contextmanager
def _stdout_to_devnull():
    """Drop what native code writes to file descriptor 1 (a log no one asked for)."""
    sys.stdout.flush()
    saved = os.dup(1)
    sink = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(sink, 1)
        yield
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(sink)


def backend(name: str) -> Backend:
    """The SAT back end of engine ``name``: ``sat``, ``sat:SOLVER`` (a PySAT solver), ``cms``, ``ganak`` or ``d4``.

    The back ends are made here from their names, without the engine table
    (which sits a floor above: :func:`parity.engines.get_engine` makes the
    engines that hold these back ends).

    Examples
    --------
    >>> backend("sat:glucose4").name
    'sat:glucose4'
    >>> backend("gf2")
    Traceback (most recent call last):
    ...
    parity.errors.UnknownEngineError: engine 'gf2' is not a SAT engine; use sat, sat:SOLVER, cms, ganak or d4
    """
    if name == "cms":
        return CryptoMiniSatBackend()
    if name == "ganak":
        return GanakBackend()
    if name == "d4":
        return D4Backend()
    kind, colon, solver = str(name).partition(":")
    if kind == "sat":
        return PysatBackend(solver if colon else DEFAULT_SOLVER)
    if colon:
        raise UnknownEngineError(f"unknown engine {name!r}; the SAT engines are sat, sat:SOLVER, cms, ganak and d4")
    raise UnknownEngineError(f"engine {name!r} is not a SAT engine; use sat, sat:SOLVER, cms, ganak or d4")
