"""The family registry: family name -> how to build its puzzles from options, and random instances.

A :class:`Family` is the whole adapter between a puzzle class and the
generic verbs (``parity solve|count|check|export FAMILY``): the options that
build a puzzle (declared as data, so importing a family costs no command-line
library), the function that builds it, extra options of ``solve`` that are
passed to :func:`parity.solve`, and a generator of random instances for
``parity check``, and the sweeps it offers (``parity sweep NAME``).

Families that ship with parity are listed once, in ``BUILTIN_FAMILIES``, and
imported only when used; :func:`register` adds one at run time (a research
script or a plug-in).

Examples
--------
>>> from parity.puzzles.registry import family, names
>>> "lightsout" in names()
True
>>> family("lightsout").puzzle.__name__
'LightsOut'
>>> family("sudokuu")
Traceback (most recent call last):
...
parity.errors.FamilyError: unknown puzzle family 'sudokuu'; did you mean sudoku? known: lightsout, cnf, coloring, linear, quintomino, enigma1780, polyomino, cover, sudoku, icosoku
"""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import FamilyError, LimitError

#: the largest board side a sweep of board sizes accepts (a table beyond it is a job for ``poly`` directly)
MAX_SIDE = 100_000

__all__ = ["Option", "BOARD_STRICT", "SweepSpec", "TableSpec", "Family", "parse_sizes", "sweeps", "tables", "BUILTIN_FAMILIES", "BUILTIN", "register", "unregister", "family", "names", "unknown_family"]


@dataclass(frozen=True)
class Option:
    """One command-line option (or positional argument) of a family, declared as data.

    Parameters
    ----------
    name : str
        The keyword the value is passed as (``"board_spec"``).
    flags : tuple of str
        ``("--board",)``; empty for a positional argument.
    help : str
    default : object
        Default value (None: no default).
    type : type
        ``str``, ``int`` or ``float``; ``bool`` makes a flag.
    required : bool
    asks : str, optional
        For a flag of ``solve``: ``"module:function"`` answering another
        question of the puzzle than one solution (Lights Out's
        ``--most-clicks``).  Given the flag, ``parity solve`` calls
        ``function(puzzle, engine=..., **the other solve options)`` instead of
        :func:`parity.solve`; it returns the JSON payload and the text.
    answers : tuple of str
        For a flag of ``solve``: the keys an answer stopped by
        ``--time-limit`` (status ``UNKNOWN``) still carries: those of the
        finished answer, and ``bounds`` where the search can say how far it
        got; each is null unless the work noted its value
        (``parity._child.note``), as a search notes the bounds it reached.
    """

    name: str
    flags: tuple[str, ...] = ()
    help: str = ""
    default: Any = None
    type: type = str
    required: bool = False
    asks: str | None = None
    answers: tuple[str, ...] = ()

    def question(self):
        """The function that answers this option's question (imported now); see ``asks``."""
        module, _, name = self.asks.partition(":")
        return getattr(importlib.import_module(module), name)


#: ``--strict``, an option of every family whose ``--board`` takes a graph file: its ``build`` receives ``strict``
#: and reads the board spec with :func:`parity.boards.read_strictly`
BOARD_STRICT = Option("strict", ("--strict",), "Refuse a board file that is read otherwise with a warning (a loop "
                      "in a DIMACS .col file, dropped; a directed GraphML graph, read without direction).",
                      default=False, type=bool)


@dataclass(frozen=True)
class TableSpec:
    """A table by size that a sweep offers (``parity table NAME``): one row a task, written as text, CSV, JSON or
    an OEIS b-file.

    The table's command takes its sweep's options, then its own, then those
    every table has (``--value``, ``--format``, ``--store``, ``--workers``,
    ``--scheduler``, ``-o``, ``--time-limit``, ``--json``); nothing of it is
    written by hand on the command line.

    Parameters
    ----------
    summary : str
        One paragraph for ``parity table NAME --help``.
    options : sequence of Option
        What the table adds to its sweep's options: each of ``extras`` as a
        flag of the same name, and their settings.
    columns : sequence of str
        The value columns every row has, after ``m`` and ``n``.
    extras : sequence of str
        The columns a row has only when asked for, by the option of the same
        name or by ``--value`` naming it.
    rows : str, optional
        ``"module:function"``: ``function(store=, workers=, scheduler=,
        progress=, time_limit=, **sweep and table option values)`` refuses bad
        options when called and returns the rows, one by one in size order
        (``m``, ``n``, the columns); it may live above the front door.
    row : str, optional
        Instead of ``rows``, for a table of one row a task: ``"module:function"``
        turning a task's row in the store (``params``, ``status``, ``result``,
        ``engine``, ``seconds``, ``error``) into the table's row; the sweep
        runs as ``parity sweep NAME`` runs it, and the rows come in task order.
    index : sequence of str
        The columns that name a row, before ``columns``: ``("m", "n")`` for a
        table by size (``n`` alone where every board is square), else such as
        ``("name",)`` (no OEIS b-file then).

    Examples
    --------
    >>> table = family("lightsout").sweeps[0].table
    >>> table.columns, table.extras
    (('nullity', 'count'), ('min_presses', 'most_clicks'))
    """

    summary: str
    options: Sequence[Option]
    columns: Sequence[str]
    extras: Sequence[str]
    rows: str | None = None
    row: str | None = None
    index: Sequence[str] = ("m", "n")

    def function(self):
        """The rows' function (imported now); None for a table of one row a task (see ``row``)."""
        return None if self.rows is None else SweepSpec._load(self.rows)

    def row_function(self):
        """The function that makes a table's row of a task's row (imported now; see ``row``)."""
        return SweepSpec._load(self.row)


@dataclass(frozen=True)
class SweepSpec:
    """A sweep a family offers (``parity sweep NAME``): its options, its tasks and the function that runs one.

    Parameters
    ----------
    name : str
        The sweep's name on the command line and in a store.
    summary : str
        One line for ``parity sweep --help``.
    options : sequence of Option
        What ``tasks`` takes, by name.
    tasks : str
        ``"module:function"``: option values -> the list of task parameters
        (JSON-ready dicts); it refuses bad options before any task runs.
    task : str
        ``"module:function"``: one task's parameters -> its JSON-ready result.
        Worker processes and Dask workers import it by this name, so it may
        live above the front door (``parity.api``) when it needs it.
    table : parity.puzzles.registry.TableSpec, optional
        The table made of this sweep's rows (``parity table NAME``).
    result : str, optional
        ``"module:function"``: ``function(store, **option values)`` -> a
        JSON-ready dict and one line of text: what the sweep's tasks in the
        store add up to (one count cut into many tasks); ``parity sweep NAME``
        prints it after its run, and with ``--summary`` instead of one.
    check : str, optional
        ``"module:function"``: a finished task's row in the store -> a list
        of the problems found re-checking it by another route than the one
        that computed it (a solution verified by the puzzle's checker, a
        count against a published one), empty when it holds;
        ``parity sweep check STORE`` runs it on every row.

    Examples
    --------
    >>> spec = family("lightsout").sweeps[0]
    >>> spec.name, spec.function()({"kind": "grid", "m": 4, "n": 4, "rule": "closed", "field": 2})["nullity"]
    ('lightsout', 4)
    """

    name: str
    summary: str
    options: Sequence[Option]
    tasks: str
    task: str
    table: TableSpec | None = None
    result: str | None = None
    check: str | None = None

    @staticmethod
    def _load(path: str):
        module, _, name = path.partition(":")
        return getattr(importlib.import_module(module), name)

    def make_tasks(self, **options) -> list[dict]:
        """The tasks for these option values."""
        return self._load(self.tasks)(**options)

    def function(self):
        """The task function (imported now)."""
        return self._load(self.task)

    def result_function(self):
        """The function that adds up the sweep's tasks in a store (imported now; see ``result``), or None."""
        return None if self.result is None else self._load(self.result)

    def check_function(self):
        """The function that re-checks a finished task's row (imported now; see ``check``), or None."""
        return None if self.check is None else self._load(self.check)


@dataclass
class Family:
    """A puzzle family as the generic verbs see it.

    Parameters
    ----------
    name : str
        Registry and JSON name.
    puzzle : type
        The :class:`~parity.puzzles.base.Puzzle` subclass.
    summary : str
        One line for ``parity solve --help``.
    options : sequence of Option
        What builds a puzzle; ``build(**values)`` receives them by name.
    build : callable
        Option values -> puzzle.
    random_instance : callable, optional
        ``random.Random`` -> a random small puzzle (for ``parity check`` and
        the hypothesis strategies); None when the family has none.
    solve_options : sequence of Option
        Extra options of ``parity solve``, passed to :func:`parity.solve` by name.
    aliases : sequence of str
        Other names the verbs accept for the family (``polycube`` for ``polyomino``).
    check : callable, optional
        Option values -> None: cheap checks of the options that building
        would make (a board spec's form, a field, a file's existence),
        raising the same errors, without building anything.  The command
        line runs it before the work starts, so a bad option is an error
        even where a time limit would stop the building first.
    sweeps : sequence of parity.puzzles.registry.SweepSpec
        The sweeps the family offers (``parity sweep NAME``).
    batch : callable, optional
        ``batch(file, output)`` -> ``(payload, text)``: a file of many puzzles,
        one a line, solved in one run, each answer a JSON line of ``output``
        (``parity solve FAMILY --file FILE -o OUT``); None when the family
        reads no such file.
    """

    name: str
    puzzle: type
    summary: str
    options: Sequence[Option]
    build: Callable[..., Any]
    random_instance: Callable[[random.Random], Any] | None = None
    solve_options: Sequence[Option] = field(default_factory=tuple)
    aliases: Sequence[str] = field(default_factory=tuple)
    check: Callable[..., None] | None = None
    sweeps: Sequence[SweepSpec] = field(default_factory=tuple)
    batch: Callable[..., tuple[dict, str]] | None = None


#: the families that ship with parity, the one place they are listed: name -> (module defining ``FAMILY``, its
#: puzzle class, other names the verbs accept); nothing is imported until a family is used
BUILTIN_FAMILIES: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "lightsout": ("parity.puzzles.lightsout", "LightsOut", ()),
    "cnf": ("parity.puzzles.cnffile", "CnfFile", ()),
    "coloring": ("parity.puzzles.coloring", "Coloring", ()),
    "linear": ("parity.puzzles.linearfile", "LinearFile", ()),
    "quintomino": ("parity.puzzles.quintomino", "Quintomino", ()),
    "enigma1780": ("parity.puzzles.enigma", "Enigma1780", ()),
    "polyomino": ("parity.puzzles.polyomino", "Polyomino", ("polyform", "polycube", "polyiamond", "polyhex")),
    "cover": ("parity.puzzles.coverfile", "CoverFile", ()),
    "sudoku": ("parity.puzzles.sudoku", "Sudoku", ()),
    "icosoku": ("parity.puzzles.icosoku", "Icosoku", ()),
}

#: name -> module defining ``FAMILY`` (from :data:`BUILTIN_FAMILIES`)
BUILTIN: dict[str, str] = {name: module for name, (module, _, _) in BUILTIN_FAMILIES.items()}

#: other names of built-in families: alias -> family name (from :data:`BUILTIN_FAMILIES`; the family's ``aliases``
#: say the same once imported)
BUILTIN_ALIASES: dict[str, str] = {alias: name for name, (_, _, aliases) in BUILTIN_FAMILIES.items()
                                   for alias in aliases}

_REGISTERED: dict[str, Family] = {}
_ALIASES: dict[str, str] = {}


def register(entry: Family) -> Family:
    """Add a family (or replace one of the same name); returns it.

    Raises
    ------
    FamilyError
        If ``entry`` is not a :class:`Family` whose puzzle follows the contract.
    """
    from .base import Puzzle

    if not isinstance(entry, Family):
        raise FamilyError(f"register() takes a Family, got {type(entry).__name__}")
    if isinstance(entry.aliases, str) or not all(isinstance(a, str) and a for a in entry.aliases):
        raise FamilyError(f"family {entry.name!r}: aliases must be a sequence of names, got {entry.aliases!r}")
    owner = _ALIASES.get(entry.name, BUILTIN_ALIASES.get(entry.name))
    if owner is not None:
        raise FamilyError(f"family {entry.name!r}: that name is an alias of the family {owner!r}")
    if not (isinstance(entry.puzzle, type) and issubclass(entry.puzzle, Puzzle)):
        raise FamilyError(f"family {entry.name!r}: its puzzle class must derive from parity.puzzles.Puzzle")
    if entry.puzzle.family != entry.name:
        raise FamilyError(f"family {entry.name!r}: its puzzle class says family {entry.puzzle.family!r}")
    missing = [kind for kind in entry.puzzle.encodings if not callable(getattr(entry.puzzle, f"build_{kind}", None))]
    if missing:
        raise FamilyError(f"family {entry.name!r} offers {', '.join(missing)} but has no build_{missing[0]}()")
    taken = [a for a in entry.aliases if a in BUILTIN or a in _REGISTERED
             or _ALIASES.get(a, BUILTIN_ALIASES.get(a, entry.name)) != entry.name]
    if taken:
        raise FamilyError(f"family {entry.name!r}: the alias {taken[0]!r} is already the name of another family")
    if not all(isinstance(s, SweepSpec) for s in entry.sweeps):
        raise FamilyError(f"family {entry.name!r}: its sweeps must be SweepSpec objects")
    if entry.name in _REGISTERED:  # a replacement drops the aliases of the family it replaces
        for alias in _REGISTERED[entry.name].aliases:
            _ALIASES.pop(alias, None)
    _REGISTERED[entry.name] = entry
    _ALIASES.update({alias: entry.name for alias in entry.aliases})
    return entry


def unregister(name: str) -> None:
    """Remove a family added by :func:`register` (built-in families come back on next use)."""
    if name not in _REGISTERED:
        raise FamilyError(f"no registered family {name!r}")
    entry = _REGISTERED.pop(name)
    for alias in entry.aliases:
        _ALIASES.pop(alias, None)


def names() -> list[str]:
    """Every family name, built-in first, without importing any family."""
    return list(dict.fromkeys([*BUILTIN, *_REGISTERED]))


def family(name: str) -> Family:
    """The family called ``name`` or one of its aliases (imported on first use)."""
    name = _ALIASES.get(name, BUILTIN_ALIASES.get(name, name))
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name in BUILTIN:
        module = importlib.import_module(BUILTIN[name])
        return register(module.FAMILY)
    raise FamilyError(unknown_family(name))


def unknown_family(name: str) -> str:
    """What to say of a family name that no family has: the names there are, and the nearest where one is near.

    Examples
    --------
    >>> unknown_family("colouring")
    "unknown puzzle family 'colouring'; did you mean coloring? known: lightsout, cnf, coloring, linear, quintomino, enigma1780, polyomino, cover, sudoku, icosoku"
    """
    import difflib

    known = names()
    near = difflib.get_close_matches(str(name), [*known, *BUILTIN_ALIASES, *_ALIASES], n=2, cutoff=0.7)
    guess = f"did you mean {' or '.join(near)}? " if near else ""
    return f"unknown puzzle family {name!r}; {guess}known: {', '.join(known)}"


def sweeps() -> dict[str, SweepSpec]:
    """Every family's sweeps by name (imports the families).

    Raises
    ------
    FamilyError
        If two families offer sweeps of the same name.
    """
    found: dict[str, SweepSpec] = {}
    for name in names():
        for spec in family(name).sweeps:
            if spec.name in found:
                raise FamilyError(f"two families offer a sweep called {spec.name!r}")
            found[spec.name] = spec
    return found


def tables() -> dict[str, SweepSpec]:
    """The sweeps that make a table (``parity table NAME``), by name (imports the families).

    Examples
    --------
    >>> sorted(tables())
    ['lightsout', 'polyform-catalogue']
    """
    return {name: spec for name, spec in sweeps().items() if spec.table is not None}


def parse_sizes(text: str) -> list[int]:
    """Sizes from ``"1..N"``, ``"5"`` or a comma list of both (``"1..10,20,30..32"``), ascending, each once.

    Examples
    --------
    >>> parse_sizes("3..5")
    [3, 4, 5]
    >>> parse_sizes("1..3,7")
    [1, 2, 3, 7]
    >>> parse_sizes("0..2")
    Traceback (most recent call last):
    ...
    parity.errors.LimitError: sizes must be whole numbers from 1 to 100000: '0..2'
    """
    sizes = set()
    for part in str(text).split(","):
        found = re.fullmatch(r"\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?", part)
        if not found:
            raise LimitError(f"sizes are N, A..B or a comma list of them, got {text!r}")
        low = int(found.group(1))
        high = int(found.group(2) or low)
        if not 1 <= low <= MAX_SIDE or not 1 <= high <= MAX_SIDE:
            raise LimitError(f"sizes must be whole numbers from 1 to {MAX_SIDE}: {text!r}")
        if high < low:
            raise LimitError(f"the range {part.strip()!r} runs backwards")
        sizes.update(range(low, high + 1))
    return sorted(sizes)
