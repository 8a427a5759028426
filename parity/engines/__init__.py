"""The engines, and the table that holds them: every engine answers questions about an *encoding*.

An engine declares the encoding kind it ``accepts`` (``"linear"``,
``"cnf"``, ``"cover"``, ``"coloring"``, ``"search"``), says whether it
applies to a given encoding (:meth:`Engine.refuses` gives the reason when
not, e.g. ``gf2`` over GF(3)), and answers ``solve``, ``solutions`` and
``count`` with raw answers (a vector, a model); the encoding's ``decode``
turns those into puzzle terms and the front door (:mod:`parity.api`)
verifies them.

``ENGINES`` is the one lookup table and :func:`get_engine` the one place an
engine name is parsed (``sat:SOLVER`` included).  :data:`~parity.engines.DEFAULT_ORDER` lists,
per encoding kind and per question, which engines are tried first: the
fastest solver is not always the fastest counter.

One module a room: ``base`` (:class:`Engine`, :class:`Answer`, what an
engine answers), one module per kind of engine (``linear``, ``cnf``,
``cover``, ``counters``, ``search``), each importing ``base`` only, and
``table`` (the table and the choosing), which imports the kinds.

Nothing heavy is imported here: solvers, numba and galois load when an engine
first runs.
"""

from . import table
from .base import SAT, UNKNOWN, UNSAT, Answer, Engine, question_refusal
from .cnf import CnfEngine
from .counters import ChromaticEngine, FrontierEngine, HeightsEngine
from .cover import DlxEngine, MemoEngine, PackEngine, ScanEngine
from .linear import ChaseEngine, LinearEngine, PolyEngine
from .search import SearchEngine
from .table import (
    applicable,
    choose,
    choose_for,
    engine_for_family,
    engine_name,
    get_engine,
    register_engine,
    unregister_engine,
)

# the table's two dictionaries, named here with their comments (the documentation reads them from this module)
#: the engine table, name -> engine (``sat:SOLVER`` engines are made on request by :func:`get_engine`)
ENGINES = table.ENGINES
#: engines tried first, per (encoding kind, question); engines not listed come after, in ENGINES order
DEFAULT_ORDER = table.DEFAULT_ORDER

__all__ = [
    "SAT",
    "UNSAT",
    "UNKNOWN",
    "Answer",
    "Engine",
    "question_refusal",
    "engine_name",
    "LinearEngine",
    "ChaseEngine",
    "PolyEngine",
    "CnfEngine",
    "DlxEngine",
    "ScanEngine",
    "PackEngine",
    "MemoEngine",
    "FrontierEngine",
    "HeightsEngine",
    "ChromaticEngine",
    "SearchEngine",
    "ENGINES",
    "DEFAULT_ORDER",
    "get_engine",
    "register_engine",
    "unregister_engine",
    "choose",
    "choose_for",
    "engine_for_family",
    "applicable",
]
