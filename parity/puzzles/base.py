"""The puzzle contract: what every family provides, so that engines, the API and the CLI never name a family.

A family is one class derived from :class:`Puzzle` (plus a :class:`~parity.puzzles.registry.Family`
entry that tells the command line how to build it).  The generic code —
:func:`parity.solve`, :func:`parity.count`, :func:`parity.solutions`,
:func:`parity.check.crosscheck`, the ``parity`` verbs — uses only the members below.

=====================================  =================================================================
member                                 what it is
=====================================  =================================================================
``family``                             the registry name (``"lightsout"``); also the ``family`` JSON key
``board``                              the board graph, or None for puzzles without one (a CNF file)
``encodings``                          the encoding kinds offered, best first (``("linear", "cnf")``)
``build_<kind>()``                     builds that encoding; :meth:`~parity.puzzles.Puzzle.encoding` caches it
``encoding.decode(raw)``               every encoding turns an engine's raw answer (a vector, a model, the
                                       chosen options) into a solution *in puzzle terms*
``verify(solution)``                   the family's own checker, from the rules; raises InvalidSolution
``describe()``                         one line for people
``parameters()``                       the JSON keys that identify the instance besides family and board
``to_json(solution)``                  the solution for machines: a dict of JSON-ready values, string keys (a
                                       large value may come as ``parity._json.JSONText``, written ahead)
``summary(solution)``                  a few words about a solution ("15 presses")
``picture(solution)``                  the solution for people, as text
``weight(solution)``, ``weight_name``  optional: what ``solve(..., minimize=True)`` minimises, and its name
``symmetries(recolour=False)``         optional: the group acting on solutions, a :class:`parity.symmetry.Symmetries`
                                       (None when not given); ``parity count --up-to-symmetry`` uses it
``fixed_encoding(sym, g)``             optional: the solutions that element ``g`` of ``symmetries()`` fixes, as an
                                       encoding of a smaller problem (a quotient; an int when the count is known
                                       outright, None when there is none): Burnside then counts, lists nothing
``orbit_count(engine)``                optional: the solutions up to ``symmetries()`` by a search of its own (a
                                       packing with one piece pruned to a placement per orbit) as the dict
                                       :func:`parity.api.count_up_to_symmetry` returns, or None; with ``count``
                                       (every solution), ``engine`` and ``load_seconds`` in it, a plain count
                                       with no engine named goes through it too; ``up_to_text`` in it says what
                                       the count is up to where the group's order does not (a puzzle of any k
                                       pieces: each selection up to its own symmetries)
``orbit_refusal()``                    optional: why the count up to symmetry is ``orbit_count``'s alone (its
                                       convention is not one group's orbits), or None; a method, another
                                       convention or ``recolour`` asked of such a puzzle is refused with it
``solve_defaults``                     optional: keyword defaults of :func:`parity.solve` for this puzzle, e.g.
                                       ``{"unique": True}`` (always decide uniqueness) or ``{"minimize": True}``
``draw(solution, ax)``                 optional: draws a solution on a matplotlib Axes (``parity draw``)
``reference_count()``                  optional: ``(method, count)`` from an independent method (a formula, brute
                                       force) that the cross-check harness compares with every engine, or None
=====================================  =================================================================

Encodings are cached per puzzle, so a cross-check that runs five engines
builds each encoding once.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from .._json import plain
from ..errors import EngineNotApplicableError, FamilyError

if TYPE_CHECKING:  # networkx is imported by the boards, not here: listing families stays cheap
    import networkx as nx

__all__ = ["Puzzle", "node_labels", "canonical"]


def _label(v: Hashable) -> str:
    if isinstance(v, tuple):
        return ",".join(str(part) for part in v)
    return str(v)


def node_labels(nodes: Iterable[Hashable]) -> dict[Hashable, str]:
    """Text labels for nodes, unique even when two nodes print alike.

    ``(2, 3)`` is ``"2,3"`` and ``7`` is ``"7"``; nodes whose plain labels
    collide (``1``, ``"1"`` and ``(1,)``) are written with ``repr`` instead,
    so a JSON object keyed by labels never loses a node.

    Examples
    --------
    >>> node_labels([(2, 3), 7])
    {(2, 3): '2,3', 7: '7'}
    >>> node_labels([1, "1", (1,), 2])
    {1: '1', '1': "'1'", (1,): '(1,)', 2: '2'}
    """
    nodes = list(nodes)
    plain = {v: _label(v) for v in nodes}
    seen: dict[str, int] = {}
    for text in plain.values():
        seen[text] = seen.get(text, 0) + 1
    labels = {v: text if seen[text] == 1 else repr(v) for v, text in plain.items()}
    if len(set(labels.values())) != len(labels):  # a renamed node now collides with another's plain label
        labels = {v: repr(v) for v in nodes}
    if len(set(labels.values())) != len(labels):  # pragma: no cover - distinct nodes with equal reprs
        labels = {v: f"{text}#{i}" for i, (v, text) in enumerate(labels.items())}
    return labels


def canonical(payload: Any) -> str:
    """A solution's JSON form as one canonical string (used to find duplicates).

    Examples
    --------
    >>> canonical({"b": 1, "a": [2, 3]})
    '{"a":[2,3],"b":1}'
    """
    return json.dumps(plain(payload), sort_keys=True, separators=(",", ":"))


class Puzzle:
    """Base class of every puzzle family (see the module docs for the contract).

    Subclasses set ``family`` and ``encodings`` and write ``build_<kind>``,
    ``verify``, ``to_json``, ``summary``, ``picture`` and ``describe``.
    """

    family: ClassVar[str] = ""
    encodings: ClassVar[tuple[str, ...]] = ()
    board: nx.Graph | None = None  # noqa: F821

    # -- encodings ----------------------------------------------------------
    def encoding(self, kind: str):
        """The encoding ``kind`` (``"linear"``, ``"cnf"``, ``"cover"``), built on first use and cached.

        Raises
        ------
        EngineNotApplicableError
            If the family does not offer that encoding.
        """
        if kind not in self.encodings:
            offered = ", ".join(self.encodings) or "none"
            raise EngineNotApplicableError(f"{self.family} puzzles have no {kind} encoding (they offer: {offered})")
        cache = self.__dict__.setdefault("_encodings", {})
        if kind not in cache:
            built = getattr(self, f"build_{kind}")()
            if getattr(built, "decode", None) is None:
                raise FamilyError(f"family {self.family!r}: its {kind} encoding has no decode()")
            cache[kind] = built
        return cache[kind]

    def cnf_from_cover(self, **options):
        """The CNF of the puzzle's ``cover`` encoding, decoded by the cover's own decoder.

        One variable per option (see :meth:`parity.cover.CoverProblem.to_cnf`,
        which takes ``options`` such as ``xor``); a model's chosen options,
        sorted, go through the cover encoding's ``decode``, so both encodings
        give the same solutions.  An exact-cover family writes
        ``build_cnf = Puzzle.cnf_from_cover`` (or calls it with its options).
        """
        return self.encoding("cover").to_cnf(**options)

    def linear(self):
        """The linear encoding (a :class:`~parity.linalg.system.LinearSystem`), cached."""
        return self.encoding("linear")

    def cnf(self):
        """The CNF encoding (a :class:`~parity.cnf.CNF`), cached."""
        return self.encoding("cnf")

    def cover(self):
        """The exact-cover encoding, cached."""
        return self.encoding("cover")

    # -- puzzle terms -------------------------------------------------------
    def verify(self, solution) -> None:
        """Raise :class:`~parity.errors.InvalidSolution` unless ``solution`` obeys the rules."""
        raise NotImplementedError

    def to_json(self, solution) -> dict:
        """The solution as JSON-ready keys and values (string keys, exact integers)."""
        raise NotImplementedError

    def summary(self, solution) -> str:
        """A few words about a solution, for the headline of ``parity solve``."""
        return "a solution"

    def picture(self, solution) -> str:
        """The solution drawn as text."""
        return canonical(self.to_json(solution))

    def describe(self) -> str:
        """One line naming the instance."""
        return f"{self.family} on {self.board_name}"

    def parameters(self) -> dict:
        """JSON keys that identify the instance besides ``family`` and ``board`` (e.g. ``rule``, ``field``)."""
        return {}

    def symmetries(self, recolour: bool = False):
        """The symmetry group acting on solutions (a :class:`parity.symmetry.Symmetries`), or None.

        With ``recolour`` the group includes permutations of the values
        (colours), for families whose values are interchangeable.
        """
        return None

    #: keyword defaults of :func:`parity.solve` for this puzzle (``minimize``, ``unique``) when the caller gives none
    solve_defaults: ClassVar[dict] = {}

    def reference_count(self) -> tuple[str, int] | None:
        """An independent count, ``(method, count)``, for the cross-check harness; None when there is none."""
        return None

    def draw(self, solution, ax) -> None:
        """Draw ``solution`` on the matplotlib Axes ``ax`` (optional; ``parity draw`` and :func:`parity.draw.save` use it)."""
        raise FamilyError(f"{self.family} puzzles have no picture to draw")

    def unsolved(self):
        """What :meth:`draw` takes to draw the puzzle before it is solved (its start, its empty board), or None
        where the family draws solutions only; a notebook shows the puzzle so (``_repr_html_``)."""
        return None

    def _repr_html_(self) -> str:
        """The puzzle for Jupyter: the line that names it, its parameters, and its picture before it is solved
        where the family draws one (:meth:`unsolved`; matplotlib needed, ``parity[draw]``)."""
        from .._display import escape, html_rows, svg

        pairs = [(key, value) for key, value in self.header().items()
                 if isinstance(value, (int, float, str, bool)) and key != "family"]
        picture = None
        blank = self.unsolved()
        if blank is not None and type(self).draw is not Puzzle.draw:
            picture = svg(lambda ax: self.draw(blank, ax))
        return (f'<div class="parity-puzzle"><p><b>{escape(self.describe())}</b> ({escape(self.family)})</p>'
                f"{html_rows(pairs)}{picture or ''}</div>")

    weight = None  #: optional ``weight(solution) -> int``, minimised by ``solve(..., minimize=True)``
    #: the name of what the weight counts, in the puzzle's words; JSON reports the minimum as ``min_<weight_name>``
    weight_name: ClassVar[str] = "weight"

    # -- shared -------------------------------------------------------------
    @property
    def has_board(self) -> bool:
        """Whether the puzzle is played on a board (a family whose board is built only when asked for says so
        without building it)."""
        return self.board is not None

    @property
    def board_name(self) -> str:
        return "board" if self.board is None else str(self.board.graph.get("name", "board"))

    def header(self) -> dict:
        """The keys every JSON answer about this puzzle starts with."""
        head = {"family": self.family}
        if self.has_board:
            head["board"] = self.board_name
        return {**head, **self.parameters()}

    def __repr__(self) -> str:
        parameters = ", ".join(f"{k}={v!r}" for k, v in self.parameters().items())
        return f"{type(self).__name__}({self.board_name!r}{', ' if parameters else ''}{parameters})"
