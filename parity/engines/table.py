"""The engine table: engine name -> engine, the order the default choice tries them in, and the choosing.

``ENGINES`` is the one lookup table and :func:`get_engine` the one place an
engine name is parsed (``sat:SOLVER`` included).  :data:`~parity.engines.DEFAULT_ORDER`
lists, per encoding kind and per question, which engines are tried first:
the fastest solver is not always the fastest counter.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from ..errors import EngineNotApplicableError, UnknownEngineError
from .base import Engine, question_refusal
from .cnf import CnfEngine
from .counters import ChromaticEngine, FrontierEngine, HeightsEngine
from .cover import DlxEngine, MemoEngine, PackEngine, ScanEngine
from .linear import ChaseEngine, LinearEngine, PolyEngine
from .search import SearchEngine

__all__ = ["ENGINES", "DEFAULT_ORDER", "get_engine", "register_engine", "unregister_engine", "choose", "choose_for",
           "engine_for_family", "applicable", "engine_name"]


def _pysat(solver: str | None):
    """Makes the back end of ``sat:SOLVER`` (None: the default solver)."""
    def make():
        from ..cnf.backends import DEFAULT_SOLVER, PysatBackend

        return PysatBackend(solver or DEFAULT_SOLVER)

    return make


def _backend(kind: str):
    def make():
        from ..cnf import backends

        return {"cms": backends.CryptoMiniSatBackend, "ganak": backends.GanakBackend, "d4": backends.D4Backend}[kind]()

    return make


def _d4_refusal(formula) -> str | None:
    from ..cnf.backends import D4Backend

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
    from ..cnf.backends import PYSAT_SOLVERS

    return f"{', '.join(ENGINES)}, sat:SOLVER (SOLVER one of {', '.join(PYSAT_SOLVERS)})"


def engine_name(name: str | None) -> str | None:
    """``name`` as the table spells its engine (``sat:cadical195`` is ``sat``), or None for None; an unknown name
    fails here, before any work.

    Examples
    --------
    >>> engine_name("sat:cadical195"), engine_name(None)
    ('sat', None)
    """
    return None if name is None else get_engine(name).name


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
        from ..cnf.backends import DEFAULT_SOLVER, PYSAT_SOLVERS  # (the solver lists live with the solvers)

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
        reason = engine.refuses(encoding) or question_refusal(engine, question, encoding, proof)
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
        reason = engine.refuses(encoding) or question_refusal(engine, question, encoding, proof)
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
        reason = engine.refuses(encoding) or question_refusal(engine, question, encoding)
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
    from ..errors import LimitError

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
