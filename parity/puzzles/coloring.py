"""Proper colourings: of a board's vertices, of a polyhedron's faces, or of its edges.

Every element (vertex, face or edge) gets one of ``k`` colours so that two
elements in conflict differ: vertices joined by an edge; faces that share an
edge (or, with ``adjacency="vertex"``, a corner); edges that share an end.
Clues fix the colour of some elements.

Encodings: CNF always (a one-hot colour per element, one clause per conflict
and colour); with two colours also the linear system ``x_u + x_v = 1`` over
GF(2) per conflict (plus ``x_v = c`` per clue), so the GF(2) and CNF routes
check each other on this family too.

The chromatic number is ``solve(puzzle, minimize=True)``: the weight of a
colouring is the number of colours it uses, and the SAT engines minimise it
by solving again with fewer colours allowed until the solver proves that one
colour fewer fails (or a clique shows it).  ``symmetry_breaking=True`` makes
the CNF keep one colouring per renaming of the colours (colours appear in
order of first use along a fixed element order), which speeds up both proofs
and counts; counts then are colourings up to renaming.

Examples
--------
>>> import parity as pt
>>> pt.count(Coloring("petersen", colors=3))
120
>>> pt.count(Coloring("cube", colors=2)), pt.count(Coloring("cube", colors=2), engine="cms")
(2, 2)
>>> pt.count(Coloring("cube", colors=3, element="faces"))
6
>>> result = pt.solve(Coloring("petersen", colors=None), minimize=True)
>>> result.stats["minimum_weight"], result.stats["proof"]["method"]
(3, 'unsat')
>>> pt.count(Coloring("petersen", colors=3, symmetry_breaking=True))  # 120 / 3!
20
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
from ..boards import board as make_board, read_strictly
from ..cnf.chromatic import clue_palette
from ..cnf.chromatic import dsatur as greedy_bound  # an upper bound: DSatur's colours, and its colouring
from ..errors import BoardSpecError, InvalidSolution, LimitError, StateError
from ..linalg.system import LinearSystem
from .base import Puzzle, node_labels
from .registry import BOARD_STRICT, Family, Option, SweepSpec

__all__ = ["Coloring", "conflict_graph", "greedy_bound", "clique_bound", "ELEMENTS", "FAMILY"]

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


def independent_partitions(H: nx.Graph) -> list[int]:
    """``a[j]``: the number of partitions of ``H``'s nodes into ``j`` independent sets (dynamic programming over subsets).

    Examples
    --------
    >>> independent_partitions(nx.path_graph(3))  # {0,2},{1}; and {0},{1},{2}
    [0, 0, 1, 1]
    """
    nodes = list(H)
    n = len(nodes)
    index = {v: i for i, v in enumerate(nodes)}
    neighbours = [0] * n
    for u, v in H.edges():
        if u != v:
            neighbours[index[u]] |= 1 << index[v]
            neighbours[index[v]] |= 1 << index[u]
    independent = [True] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        rest = mask & (mask - 1)
        independent[mask] = independent[rest] and not neighbours[low] & rest
    # ways[mask] = polynomial in j as a list: partitions of mask into j independent sets
    ways: list[list[int]] = [[1]] + [[] for _ in range(1, 1 << n)]
    for mask in range(1, 1 << n):
        low = mask & -mask
        rest = mask ^ low
        total = [0] * (n + 1)
        sub = rest
        while True:  # every independent set that holds the lowest node of mask
            block = sub | low
            if independent[block]:
                for j, a in enumerate(ways[mask ^ block]):
                    if a:
                        total[j + 1] += a
            if sub == 0:
                break
            sub = (sub - 1) & rest
        ways[mask] = total
    full = ways[(1 << n) - 1]
    return full + [0] * (n + 1 - len(full))


def clique_bound(H: nx.Graph) -> list:
    """A clique of ``H`` found greedily (largest degree first): a lower bound on the chromatic number.

    Examples
    --------
    >>> import parity as pt
    >>> len(clique_bound(pt.board("octahedron")))
    3
    """
    best: list = []
    for start in sorted(H, key=H.degree, reverse=True)[:64]:
        clique = [start]
        candidates = set(H[start])
        while candidates:
            v = max(candidates, key=lambda u: (len(candidates & set(H[u])), H.degree(u)))
            clique.append(v)
            candidates &= set(H[v])
        if len(clique) > len(best):
            best = clique
    return best


class Coloring(Puzzle):
    """Proper ``colors``-colourings of a board's vertices, faces or edges.

    Parameters
    ----------
    board : str or networkx.Graph
    colors : int or None
        Number of colours ``k`` (colours are ``0 .. k-1``).  None: as many
        as a greedy (DSatur) colouring needs, an upper bound on the
        chromatic number (for ``solve(..., minimize=True)``); with clues,
        that many above the largest clue's colour, enough whenever the
        clues agree with each other.
    element : {"vertices", "faces", "edges"}
    adjacency : {"edge", "vertex"}
        For faces: do faces sharing only a corner conflict too?
    clues : mapping, optional
        Element -> colour fixed in advance (faces are numbered as in
        ``board.graph["faces"]``, edges are node pairs).
    symmetry_breaking : bool
        Keep one colouring per renaming of the colours in the CNF (colour
        ``c > 0`` only after colour ``c - 1`` was used earlier in a fixed
        order of the elements).  Counts become counts up to renaming.  Not
        with clues, which tell colours apart.
    chromatic : bool
        Ask for the chromatic number: ``solve`` minimises the colours used by
        default (``solve_defaults``); ``colors`` is then an upper bound.
    """

    family = "coloring"
    encodings = ("linear", "coloring", "cnf")
    weight_name = "colours"

    def __init__(self, board, colors: int | None = 3, element: str = "vertices", adjacency: str = "edge",
                 clues: Mapping | None = None, symmetry_breaking: bool = False, chromatic: bool = False) -> None:
        self.board = make_board(board)
        self.element = element
        self.adjacency = adjacency
        self.conflicts = conflict_graph(self.board, element, adjacency)
        self.items = list(self.conflicts)
        if colors is None:
            # DSatur's colours suffice without clues; with clues, its colours renamed above the clues' (a clued
            # element keeps its clue, and no unclued neighbour shares a clue's colour) suffice whenever the clues
            # themselves agree
            named = [c for c in (clues or {}).values() if isinstance(c, Integral) and not isinstance(c, bool)]
            colors = max(1, greedy_bound(self.conflicts)[0] + (max(named) + 1 if named else 0))
        if isinstance(colors, bool) or not isinstance(colors, Integral) or not 1 <= colors <= 1000:
            raise LimitError(f"the number of colours must be a whole number from 1 to 1000, got {colors!r}",
                             option="--colors")
        self.colors = int(colors)
        self.clues = self._check_clues(clues or {})
        if symmetry_breaking and self.clues:
            raise LimitError("colour symmetry breaking assumes interchangeable colours; clues tell them apart",
                             option="--break-symmetry")
        self.symmetry_breaking = bool(symmetry_breaking)
        self.chromatic = bool(chromatic)
        if self.chromatic:
            self.solve_defaults = {"minimize": True}
        # two colours are linear over GF(2) (without symmetry breaking, which the linear form does not state)
        # the frontier counter reads the conflict graph itself, before the CNF (which counts by listing)
        self.encodings = ("linear", "coloring", "cnf") if self.colors == 2 and not self.symmetry_breaking else \
            ("coloring", "cnf")

    def _check_clues(self, clues: Mapping) -> dict[Hashable, int]:
        checked = {}
        for item, colour in clues.items():
            if self.element == "edges" and item not in self.conflicts and isinstance(item, tuple):
                item = tuple(reversed(item))
            if item not in self.conflicts:
                raise StateError(f"clue on {item!r}, which is not one of the board's {self.element}",
                                 option="--clues")
            if isinstance(colour, bool) or not isinstance(colour, Integral) or not 0 <= colour < self.colors:
                raise StateError(f"clue {item!r} has colour {colour!r}; expected 0..{self.colors - 1}",
                                 option="--clues")
            checked[item] = int(colour)
        return checked

    # -- encodings ----------------------------------------------------------
    def element_order(self) -> list:
        """The order symmetry breaking uses: a greedy clique first, then the rest by DSatur's greedy order."""
        clique = clique_bound(self.conflicts)
        rest = [v for v in greedy_bound(self.conflicts)[1] if v not in set(clique)]
        return clique + rest

    def build_coloring(self):
        """The conflict graph, the colours and the clues, for counters that work on the graph itself
        (:class:`~parity.counting.ColoringProblem`); up to renaming the colours with symmetry breaking."""
        from ..counting import ColoringProblem

        return ColoringProblem(self.conflicts, self.colors, self.clues, up_to_renaming=self.symmetry_breaking,
                               labels=node_labels(self.items))

    def build_cnf(self):
        """One-hot colours, one clause per conflict and colour, one unit clause per clue.

        The formula also carries what the SAT engines (``CnfEngine``)
        need to minimise the colours used: ``weight(model)``,
        ``weight_bound(j)`` (assumptions allowing ``j`` colours only: the
        clues' colours first, then the others from 0 up, since colours no
        clue names can be renamed) and ``lower_bound`` (a clique, with its
        size, or the clues' colours when there are more of them).
        """
        from ..cnf import CNF

        meaning: dict[int, tuple] = {}  # variable -> (item, colour), filled below

        def decode(model) -> dict[Hashable, int]:
            return {meaning[lit][0]: meaning[lit][1] for lit in model if lit > 0 and lit in meaning}

        formula = CNF(decode=decode)
        colour = {item: formula.one_hot(("colour", item), range(self.colors)) for item in self.items}
        for u, v in self.conflicts.edges():
            for c in range(self.colors):
                formula.add([-colour[u][c], -colour[v][c]])
        for item, c in self.clues.items():
            formula.add([colour[item][c]])
        formula.primary = [var for item in self.items for var in colour[item].values()]
        if self.symmetry_breaking:
            self._break_colour_symmetry(formula, colour)
        meaning.update({var: (item, c) for item in self.items for c, var in colour[item].items()})
        formula.weight = lambda model: len({meaning[lit][1] for lit in model if lit > 0 and lit in meaning})
        named, palette = clue_palette(self.clues, self.colors)
        formula.weight_bound = lambda j: [-colour[item][c] for item in self.items for c in palette[max(j, 0):]]
        clique = clique_bound(self.conflicts)
        labels = node_labels(self.items)
        formula.lower_bound = (len(clique), {"method": "clique", "clique": [labels[v] for v in clique]})
        if len(named) > len(clique):
            formula.lower_bound = (len(named), {"method": "clues", "colours": named})
        return formula

    def _break_colour_symmetry(self, formula, colour) -> None:
        """Colours in order of first use: ``seen[i][c]`` = colour c is used by one of the first i+1 elements."""
        seen_before: dict[int, int] = {}
        for i, item in enumerate(self.element_order()):
            seen_now = {}
            for c in range(self.colors):
                if c > 0:  # colour c here only if colour c-1 was used before
                    formula.add([-colour[item][c]] + ([seen_before[c - 1]] if c - 1 in seen_before else []))
                var = formula.fresh()
                # var <-> seen_before[c] or colour[item][c]
                formula.add([-colour[item][c], var])
                if c in seen_before:
                    formula.add([-seen_before[c], var])
                    formula.add([-var, seen_before[c], colour[item][c]])
                else:
                    formula.add([-var, colour[item][c]])
                seen_now[c] = var
            seen_before = seen_now

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
                              np.ones(len(rows), dtype=np.int64), np.array(rhs, dtype=np.int64), 2, self.items,
                              decode=lambda x: {item: int(x[i]) for i, item in enumerate(self.items)})
        system.weight_is_hamming = False  # a colouring's weight is its number of colours, not its count of 1s
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

    def symmetries(self, recolour: bool = False):
        """The board's automorphisms acting on the coloured elements, keeping the clues; with ``recolour`` also
        every permutation of the colours (refused with clues, which tell colours apart).

        Examples
        --------
        >>> Coloring("petersen", colors=3).symmetries().order, Coloring("cube", 3, element="faces").symmetries(True).order
        (120, 288)
        """
        from ..symmetry import Symmetries, all_value_permutations, automorphisms, edge_action, face_action, orientation

        if self.symmetry_breaking:  # the colourings kept are not closed under the board's symmetries
            raise LimitError("counting up to symmetry needs every solution (Burnside's lemma over the board's "
                             "symmetries); drop the colour symmetry breaking and add recolour to count up to "
                             "renaming the colours as well")
        if recolour and self.clues:
            raise LimitError("recolouring needs interchangeable colours: no clues and no colour symmetry breaking")
        nodes, perms = automorphisms(self.board)
        rotations = orientation(self.board, nodes, perms)
        if self.element == "vertices":
            items, acting = nodes, perms
        elif self.element == "edges":
            items, acting = edge_action(self.board, nodes, perms)
        else:
            items, acting = face_action(self.board, nodes, perms)
        # in the puzzle's item order
        position = {item: k for k, item in enumerate(items)}
        if self.element == "edges":
            position.update({(v, u): k for (u, v), k in list(position.items())})
        order = np.array([position[item] for item in self.items])
        place = np.empty(len(order), dtype=np.int64)
        place[order] = np.arange(len(order))
        mine = place[acting[:, order]]
        keep = np.ones(len(mine), dtype=bool)
        for item, colour in self.clues.items():  # a clue must go to a clue of the same colour
            i = self.items.index(item)
            keep &= np.array([self.clues.get(self.items[int(g[i])]) == colour for g in mine])
        values = tuple(range(self.colors))
        return Symmetries(tuple(self.items), mine[keep], values=values if recolour else None,
                          value_perms=all_value_permutations(values) if recolour else None,
                          rotations=None if rotations is None else rotations[keep],
                          name=f"the symmetries of {self.board_name} acting on its {self.element}")

    def fixed_encoding(self, sym, g: int):
        """The colourings that element ``g`` of :meth:`symmetries` fixes, as the colourings of a quotient graph.

        A colouring is fixed when every cycle of ``g`` on the elements has one
        colour: merge each cycle into one node (joined where a member meets
        another cycle's member, its clue the members' clue).  A cycle that
        holds a conflict fixes nothing (0), and so do clues that disagree.
        Returns None with recolouring or colour symmetry breaking, where a
        fixed colouring is not a colouring of the quotient.

        Examples
        --------
        The 3-colourings of the 3 x 3 grid: the identity fixes all 246, a
        quarter turn 12 (the centre, the edge cells and the corners in
        colours that differ where they touch), 69 up to symmetry:

        >>> from parity.counting import count_colourings
        >>> puzzle = Coloring("grid:3x3", colors=3)
        >>> sym = puzzle.symmetries()
        >>> fixed = [puzzle.fixed_encoding(sym, g) for g in range(len(sym.perms))]
        >>> counts = [f if isinstance(f, int) else count_colourings(f) for f in fixed]
        >>> sorted(counts), sum(counts) // len(counts)
        ([12, 12, 30, 54, 54, 72, 72, 246], 69)
        """
        from ..counting import ColoringProblem
        from ..symmetry import Symmetries, orbits

        if self.symmetry_breaking or sym.value_perms is not None:
            return None
        cycles = orbits(Symmetries(sym.items, sym.perms[g : g + 1]))  # the cycles of g alone
        of = {item: cycle[0] for cycle in cycles for item in cycle}  # each named by its first element
        quotient = nx.Graph()
        quotient.add_nodes_from(cycle[0] for cycle in cycles)
        for u, v in self.conflicts.edges():
            if of[u] == of[v]:
                return 0  # the two ends of a conflict would share a colour
            quotient.add_edge(of[u], of[v])
        clues: dict = {}
        for item, colour in self.clues.items():
            if clues.setdefault(of[item], colour) != colour:
                return 0
        return ColoringProblem(quotient, self.colors, clues)

    def reference_count(self) -> tuple[str, int] | None:
        """The count from partitions into independent sets, without any encoding (up to 12 elements, no clues).

        With ``a_j`` partitions of the elements into ``j`` independent sets,
        the chromatic polynomial is ``P(k) = sum_j a_j k (k-1) ... (k-j+1)``
        and the colourings up to renaming number ``sum_{j <= k} a_j``.

        Examples
        --------
        >>> Coloring("petersen", colors=3).reference_count()
        ('chromatic-polynomial', 120)
        >>> Coloring("grid:2x3", colors=3).reference_count()  # the ladder: k (k-1) (k^2 - 3k + 3)^2
        ('chromatic-polynomial', 54)
        """
        if self.clues or len(self.items) > 12:
            return None
        partitions = independent_partitions(self.conflicts)
        if self.symmetry_breaking:
            return "independent-partitions", sum(a for j, a in enumerate(partitions) if j <= self.colors)
        total = 0
        for j, a in enumerate(partitions):
            falling = 1
            for i in range(j):
                falling *= self.colors - i
            total += a * falling
        return "chromatic-polynomial", total

    def weight(self, colouring: Mapping[Hashable, int]) -> int:
        """The number of colours a colouring uses (what ``minimize`` makes least: the chromatic number)."""
        return len(set(colouring.values()))

    def draw(self, colouring: Mapping[Hashable, int], ax) -> None:
        """The board with its vertices, faces or edges in their colours (node ``pos``, else a fixed layout)."""
        from matplotlib.patches import Polygon

        from .._display import plain_text, positions
        from ..boards import signed_area

        G = self.board
        pos = positions(G)
        palette = _palette(self.colors)
        if self.element == "faces":
            polygons = [([pos[v] for v in face], colouring[f]) for f, face in enumerate(G.graph["faces"])
                        if f in colouring and len(face) >= 3]
            # the outer face of a Schlegel diagram covers the others: the largest goes underneath
            polygons.sort(key=lambda item: -abs(signed_area(item[0])))
            outer = G.graph.get("kind") == "polyhedron" and len(polygons) > 3
            for depth, (points, c) in enumerate(polygons):
                if outer and depth == 0:  # the outer face of a Schlegel diagram: a band in its colour around the rim
                    ax.add_patch(Polygon(points, closed=True, facecolor="none", edgecolor=palette[c], linewidth=14,
                                         joinstyle="round", zorder=-len(polygons) - 1))
                    continue
                ax.add_patch(Polygon(points, closed=True, facecolor=palette[c], edgecolor="black", linewidth=0.8,
                                     zorder=-len(polygons) + depth))
        for u, v in G.edges():
            (x0, y0), (x1, y1) = pos[u], pos[v]
            if self.element == "edges":
                c = colouring.get((u, v), colouring.get((v, u)))
                ax.plot([x0, x1], [y0, y1], color=palette[c], linewidth=3.0, solid_capstyle="round")
            else:
                ax.plot([x0, x1], [y0, y1], color="0.3", linewidth=0.8, zorder=1)
        if self.element == "vertices":
            xs = [pos[v][0] for v in self.items]
            ys = [pos[v][1] for v in self.items]
            ax.scatter(xs, ys, s=max(20.0, 3000.0 / max(1, len(xs))), c=[palette[colouring[v]] for v in self.items],
                       edgecolors="black", linewidths=0.8, zorder=2)
        ax.set_title(plain_text(f"{self.board_name}: {self.weight(colouring)} colours on its {self.element}"))
        if self.element == "faces" and outer:
            ax.text(0.5, -0.02, "the band round the rim is the outer face (the face behind the solid), in its colour",
                    transform=ax.transAxes, ha="center", va="top", fontsize=8, color="0.3")
        ax.set_aspect("equal")
        ax.axis("off")

    def picture(self, colouring: Mapping[Hashable, int]) -> str:
        shape = self.board.graph.get("shape")
        if self.element == "vertices" and shape is not None and len(shape) == 2 and \
                all((r, c) in colouring for r in range(shape[0]) for c in range(shape[1])):
            return "\n".join(" ".join(str(colouring[(r, c)]) for c in range(shape[1])) for r in range(shape[0]))
        labels = node_labels(self.items)
        return "\n".join(f"{labels[item]}: {colouring[item]}" for item in self.items)

    def parameters(self) -> dict:
        extra = {"symmetry_breaking": True} if self.symmetry_breaking else {}
        return {"colors": self.colors, "element": self.element, **extra}

    def describe(self) -> str:
        return f"{self.board_name}, {self.colors} colours on its {self.element}"

    def __repr__(self) -> str:
        return f"Coloring({self.board_name!r}, colors={self.colors}, element={self.element!r})"


def _palette(k: int) -> list:
    """``k`` distinguishable colours (matplotlib's tab10/tab20, then an HSV wheel)."""
    from matplotlib import colormaps

    if k <= 10:
        return [colormaps["tab10"](i) for i in range(k)]
    if k <= 20:
        return [colormaps["tab20"](i) for i in range(k)]
    return [colormaps["hsv"](i / k) for i in range(k)]


def read_clues(path: str | os.PathLike) -> dict:
    """Clues from a JSON object, element label -> colour (vertex labels as in JSON output, faces by number)."""
    text = read_text(path, StateError, "clue file")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise StateError(f"clue file {path}: bad JSON at line {exc.lineno}: {exc.msg}", option="--clues") from None
    if not isinstance(data, dict):
        raise StateError(f"clue file {path}: expected a JSON object label -> colour", option="--clues")
    return data


def _build(board_spec: str, colors: int | None = None, faces: bool = False, edges: bool = False,
           clues: str | None = None, break_symmetry: bool = False, chromatic: bool = False, strict: bool = False):
    if faces and edges:
        raise LimitError("colour faces or edges, not both")
    element = "faces" if faces else "edges" if edges else "vertices"
    if strict:
        board_spec = read_strictly(board_spec)
    puzzle = Coloring(board_spec, colors=colors, element=element, symmetry_breaking=break_symmetry,
                      chromatic=chromatic)
    if clues is None:
        return puzzle
    if not Path(clues).exists():
        raise StateError(f"clue file {clues!r} does not exist", option="--clues")
    labels = {label: item for item, label in node_labels(puzzle.items).items()}
    given = {}
    for label, colour in read_clues(clues).items():
        if label not in labels:
            singular = {"vertices": "vertex", "faces": "face", "edges": "edge"}[element]
            raise StateError(f"clue file {clues}: no {singular} {label!r} on this board", option="--clues")
        given[labels[label]] = colour
    return Coloring(puzzle.board, colors=colors, element=element, clues=given, symmetry_breaking=break_symmetry,
                    chromatic=chromatic)


def random_coloring(rng: random.Random) -> Coloring:
    """A random small colouring instance: a random graph, 1 to 4 colours, sometimes a clue."""
    from ..boards import random_graph

    G = random_graph(rng, 1, 9)
    colors = rng.choice([1, 2, 2, 3, 3, 4])
    clues = {}
    if rng.random() < 0.3:
        clues[rng.choice(list(G))] = rng.randrange(colors)
    breaking = not clues and rng.random() < 0.25
    return Coloring(G, colors=colors, clues=clues, symmetry_breaking=breaking)


def _check(board_spec: str, **_) -> None:
    """The board spec's form, before anything is built (see :attr:`Family.check`)."""
    from ..boards import check_spec

    check_spec(board_spec)


FAMILY = Family(
    name="coloring",
    puzzle=Coloring,
    summary="Proper k-colourings of a board's vertices, faces or edges, with optional clues.",
    options=(
        Option("board_spec", ("--board",), "Board spec: petersen, grid:4x4, dodecahedron, a DIMACS .col FILE ...",
               required=True),
        Option("colors", ("--colors",), "Number of colours k (default: as many as a greedy DSatur colouring "
               "uses; with --chromatic an upper bound).", type=int),
        Option("faces", ("--faces",), "Colour the faces (faces sharing an edge differ).", default=False, type=bool),
        Option("edges", ("--edges",), "Colour the edges (edges sharing an end differ).", default=False, type=bool),
        Option("clues", ("--clues",), "JSON FILE: element label -> fixed colour."),
        Option("break_symmetry", ("--break-symmetry",), "Keep one colouring per renaming of the colours "
               "(counts become counts up to renaming).", default=False, type=bool),
        Option("chromatic", ("--chromatic",), "Find the chromatic number: solve with as few colours as possible "
               "and prove that one fewer fails.", default=False, type=bool),
        BOARD_STRICT,
    ),
    build=_build,
    check=_check,
    random_instance=random_coloring,
    sweeps=(
        SweepSpec(
            "grid-colourings",
            "OEIS A068253: the proper 3-colourings of the n x n grids, each count cut by its primes into parts, "
            "by two routes, joined exactly.",
            (
                Option("sizes", ("--sizes",), "The sides n, as 2..20 or 5,7,9 (from 2 to 30).", default="2..12"),
                Option("routes", ("--routes",), "sweep (every column, primes below 2^62), halves (half the columns "
                       "and a sum of products, primes below 2^31), or both, comma-separated.",
                       default="sweep,halves"),
                Option("per_part", ("--per-part",), "Primes a task (default: as many as one table of 2 GiB holds); "
                       "fewer make more, shorter tasks.", default=None, type=int),
            ),
            tasks="parity.puzzles.colourings_sweep:colouring_tasks",
            task="parity.puzzles.colourings_sweep:colouring_task",
            result="parity.puzzles.colourings_sweep:colouring_result",
            check="parity.puzzles.colourings_sweep:colouring_check",
        ),
    ),
)
