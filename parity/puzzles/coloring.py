"""Proper colourings: of a board's vertices, of a polyhedron's faces, or of its edges.

Every element (vertex, face or edge) gets one of ``k`` colours so that two
elements in conflict differ: vertices joined by an edge; faces that share an
edge (or, with ``adjacency="vertex"``, a corner); edges that share an end.
Clues fix the colour of some elements.

Encodings: CNF always (a one-hot colour per element, one clause per conflict
and colour); with two colours also the linear system ``x_u + x_v = 1`` over
GF(2) per conflict (plus ``x_v = c`` per clue), so the GF(2) and CNF routes
check each other on this family too.

Examples
--------
>>> import parity as pt
>>> pt.count(Coloring("petersen", colors=3))
120
>>> pt.count(Coloring("cube", colors=2)), pt.count(Coloring("cube", colors=2), engine="cms")
(2, 2)
>>> pt.count(Coloring("cube", colors=3, element="faces"))
6
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Hashable, Mapping
from numbers import Integral
from pathlib import Path

import networkx as nx
import numpy as np

from .._files import read_text
from ..boards import board as make_board
from ..errors import BoardSpecError, InvalidSolution, LimitError, StateError
from ..linalg.system import LinearSystem
from .base import Puzzle, node_labels
from .registry import Family, Option

__all__ = ["Coloring", "conflict_graph", "ELEMENTS", "FAMILY"]

ELEMENTS = ("vertices", "faces", "edges")


def conflict_graph(G: nx.Graph, element: str = "vertices", adjacency: str = "edge") -> nx.Graph:
    """The graph whose nodes are the elements to colour and whose edges join elements that must differ.

    Examples
    --------
    >>> import parity as pt
    >>> conflict_graph(pt.board("cube"), "faces").number_of_nodes(), conflict_graph(pt.board("cube"), "edges").number_of_edges()
    (6, 24)
    """
    if element == "vertices":
        return nx.Graph(G)
    if element == "edges":
        return nx.line_graph(G)
    if element != "faces":
        raise LimitError(f"unknown element {element!r}; colour one of {', '.join(ELEMENTS)}")
    faces = G.graph.get("faces")
    if not faces:
        raise BoardSpecError(f"board {G.graph.get('name', 'board')} has no faces to colour (polyhedra and plane maps do)")
    if adjacency not in ("edge", "vertex"):
        raise LimitError(f"face adjacency must be 'edge' or 'vertex', got {adjacency!r}")
    H = nx.Graph()
    H.add_nodes_from(range(len(faces)))
    sides = [{frozenset((f[i], f[(i + 1) % len(f)])) for i in range(len(f))} for f in faces]
    corners = [set(f) for f in faces]
    for a in range(len(faces)):
        for b in range(a + 1, len(faces)):
            touching = sides[a] & sides[b] if adjacency == "edge" else corners[a] & corners[b]
            if touching:
                H.add_edge(a, b)
    return H


class Coloring(Puzzle):
    """Proper ``colors``-colourings of a board's vertices, faces or edges.

    Parameters
    ----------
    board : str or networkx.Graph
    colors : int
        Number of colours ``k`` (colours are ``0 .. k-1``).
    element : {"vertices", "faces", "edges"}
    adjacency : {"edge", "vertex"}
        For faces: do faces sharing only a corner conflict too?
    clues : mapping, optional
        Element -> colour fixed in advance (faces are numbered as in
        ``board.graph["faces"]``, edges are node pairs).
    """

    family = "coloring"
    encodings = ("linear", "cnf")

    def __init__(self, board, colors: int = 3, element: str = "vertices", adjacency: str = "edge",
                 clues: Mapping | None = None) -> None:
        self.board = make_board(board)
        if isinstance(colors, bool) or not isinstance(colors, Integral) or not 1 <= colors <= 1000:
            raise LimitError(f"the number of colours must be a whole number from 1 to 1000, got {colors!r}")
        self.colors = int(colors)
        self.element = element
        self.adjacency = adjacency
        self.conflicts = conflict_graph(self.board, element, adjacency)
        self.items = list(self.conflicts)
        self.clues = self._check_clues(clues or {})
        # two colours are linear over GF(2); more are CNF only
        self.encodings = ("linear", "cnf") if self.colors == 2 else ("cnf",)

    def _check_clues(self, clues: Mapping) -> dict[Hashable, int]:
        checked = {}
        for item, colour in clues.items():
            if self.element == "edges" and item not in self.conflicts and isinstance(item, tuple):
                item = tuple(reversed(item))
            if item not in self.conflicts:
                raise StateError(f"clue on {item!r}, which is not one of the board's {self.element}")
            if isinstance(colour, bool) or not isinstance(colour, Integral) or not 0 <= colour < self.colors:
                raise StateError(f"clue {item!r} has colour {colour!r}; expected 0..{self.colors - 1}")
            checked[item] = int(colour)
        return checked

    # -- encodings ----------------------------------------------------------
    def build_cnf(self):
        """One-hot colours, one clause per conflict and colour, one unit clause per clue."""
        from ..cnf import CNF

        formula = CNF()
        colour = {item: formula.one_hot(("colour", item), range(self.colors)) for item in self.items}
        for u, v in self.conflicts.edges():
            for c in range(self.colors):
                formula.add([-colour[u][c], -colour[v][c]])
        for item, c in self.clues.items():
            formula.add([colour[item][c]])
        formula.primary = [var for item in self.items for var in colour[item].values()]
        meaning = {var: (item, c) for item in self.items for c, var in colour[item].items()}

        def decode(model) -> dict[Hashable, int]:
            return {meaning[lit][0]: meaning[lit][1] for lit in model if lit > 0 and lit in meaning}

        formula.decode = decode
        return formula

    def build_linear(self) -> LinearSystem:
        """For two colours: ``x_u + x_v = 1`` over GF(2) for every conflict, ``x_v = c`` for every clue."""
        if self.colors != 2:
            raise LimitError("the linear encoding exists for two colours only")
        index = {item: i for i, item in enumerate(self.items)}
        equations = [(index[u], index[v]) for u, v in self.conflicts.edges()]
        rows = [r for r, pair in enumerate(equations) for _ in pair]
        cols = [c for pair in equations for c in pair]
        rhs = [1] * len(equations)
        for item, c in self.clues.items():
            rows.append(len(rhs))
            cols.append(index[item])
            rhs.append(c)
        system = LinearSystem((len(rhs), len(self.items)), np.array(rows, dtype=np.int64), np.array(cols, dtype=np.int64),
                              np.ones(len(rows), dtype=np.int64), np.array(rhs, dtype=np.int64), 2, self.items)
        system.decode = lambda x: {item: int(x[i]) for i, item in enumerate(self.items)}
        return system

    # -- puzzle terms -------------------------------------------------------
    def verify(self, colouring: Mapping[Hashable, int]) -> None:
        """Every element has a colour in ``0..k-1``, elements in conflict differ, clues hold.

        Examples
        --------
        >>> Coloring("grid:1x2", colors=2).verify({(0, 0): 1, (0, 1): 1})
        Traceback (most recent call last):
        ...
        parity.errors.InvalidSolution: (0, 0) and (0, 1) are in conflict and both have colour 1
        """
        if not isinstance(colouring, Mapping) or set(colouring) != set(self.items):
            raise InvalidSolution(f"a colouring gives a colour to each of the {len(self.items)} {self.element}")
        for item, c in colouring.items():
            if isinstance(c, bool) or not isinstance(c, Integral) or not 0 <= c < self.colors:
                raise InvalidSolution(f"{item!r} has colour {c!r}; expected 0..{self.colors - 1}")
        for u, v in self.conflicts.edges():
            if colouring[u] == colouring[v]:
                raise InvalidSolution(f"{u!r} and {v!r} are in conflict and both have colour {colouring[u]}")
        for item, c in self.clues.items():
            if colouring[item] != c:
                raise InvalidSolution(f"{item!r} has colour {colouring[item]}, its clue says {c}")

    def to_json(self, colouring: Mapping[Hashable, int]) -> dict:
        labels = node_labels(self.items)
        return {"colouring": {labels[item]: int(colouring[item]) for item in self.items},
                "colours_used": len(set(colouring.values()))}

    def summary(self, colouring: Mapping[Hashable, int]) -> str:
        used = len(set(colouring.values()))
        return f"a colouring with {used} colour{'s' if used != 1 else ''}"

    def picture(self, colouring: Mapping[Hashable, int]) -> str:
        shape = self.board.graph.get("shape")
        if self.element == "vertices" and shape is not None and len(shape) == 2 and \
                all((r, c) in colouring for r in range(shape[0]) for c in range(shape[1])):
            return "\n".join(" ".join(str(colouring[(r, c)]) for c in range(shape[1])) for r in range(shape[0]))
        labels = node_labels(self.items)
        return "\n".join(f"{labels[item]}: {colouring[item]}" for item in self.items)

    def parameters(self) -> dict:
        return {"colors": self.colors, "element": self.element}

    def describe(self) -> str:
        return f"{self.board_name}, {self.colors} colours on its {self.element}"

    def __repr__(self) -> str:
        return f"Coloring({self.board_name!r}, colors={self.colors}, element={self.element!r})"


def read_clues(path: str | os.PathLike) -> dict:
    """Clues from a JSON object, element label -> colour (vertex labels as in JSON output, faces by number)."""
    text = read_text(path, StateError, "clue file")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise StateError(f"clue file {path}: bad JSON at line {exc.lineno}: {exc.msg}") from None
    if not isinstance(data, dict):
        raise StateError(f"clue file {path}: expected a JSON object label -> colour")
    return data


def _build(board_spec: str, colors: int = 3, faces: bool = False, edges: bool = False, clues: str | None = None):
    if faces and edges:
        raise LimitError("colour faces or edges, not both")
    element = "faces" if faces else "edges" if edges else "vertices"
    puzzle = Coloring(board_spec, colors=colors, element=element)
    if clues is None:
        return puzzle
    if not Path(clues).exists():
        raise StateError(f"clue file {clues!r} does not exist")
    labels = {label: item for item, label in node_labels(puzzle.items).items()}
    given = {}
    for label, colour in read_clues(clues).items():
        if label not in labels:
            singular = {"vertices": "vertex", "faces": "face", "edges": "edge"}[element]
            raise StateError(f"clue file {clues}: no {singular} {label!r} on this board")
        given[labels[label]] = colour
    return Coloring(puzzle.board, colors=colors, element=element, clues=given)


def random_coloring(rng: random.Random) -> Coloring:
    """A random small colouring instance: a random graph, 1 to 4 colours, sometimes a clue."""
    from ..check import random_graph

    G = random_graph(rng, 1, 9)
    colors = rng.choice([1, 2, 2, 3, 3, 4])
    clues = {}
    if rng.random() < 0.3:
        clues[rng.choice(list(G))] = rng.randrange(colors)
    return Coloring(G, colors=colors, clues=clues)


FAMILY = Family(
    name="coloring",
    puzzle=Coloring,
    summary="Proper k-colourings of a board's vertices, faces or edges, with optional clues.",
    options=(
        Option("board_spec", ("--board",), "Board spec: petersen, grid:4x4, dodecahedron, a DIMACS .col FILE ...",
               required=True),
        Option("colors", ("--colors",), "Number of colours k.", default=3, type=int),
        Option("faces", ("--faces",), "Colour the faces (faces sharing an edge differ).", default=False, type=bool),
        Option("edges", ("--edges",), "Colour the edges (edges sharing an end differ).", default=False, type=bool),
        Option("clues", ("--clues",), "JSON FILE: element label -> fixed colour."),
    ),
    build=_build,
    random_instance=random_coloring,
)
