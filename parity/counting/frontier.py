"""Proper colourings counted by a dynamic program over a frontier: grids, tori and any graph of small width.

The vertices are taken one at a time in an order with a short *frontier*
(the vertices taken whose neighbours are not all taken yet; the order is a
path decomposition and the largest frontier its width).  What is left to
count depends only on how the frontier is coloured, so the program keeps,
for each colouring of the frontier, how many colourings of the vertices
taken so far end in it, and the counts are exact Python integers however
large.

Colours that no clue names are interchangeable, so without clues the
program keeps partitions of the frontier into colour classes instead of
colourings (classes named in order of first appearance) together with the
number ``j`` of classes used so far.  That counts ``a_j``, the partitions of
the whole graph into exactly ``j`` independent sets, for every ``j`` up to
the number of colours at once, and

    ``P(G, k) = sum_j a_j k (k - 1) ... (k - j + 1)``

is the number of k-colourings (the chromatic polynomial in the basis of
falling factorials), ``sum_j a_j`` the number up to renaming the colours.
With clues the colours themselves are kept.

Examples
--------
>>> import networkx as nx
>>> count_colourings(ColoringProblem(nx.petersen_graph(), 3))
120
>>> chromatic_polynomial(nx.cycle_graph(4))  # k^4 - 4k^3 + 6k^2 - 3k
[0, -3, 6, -4, 1]
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field

import networkx as nx

from ..errors import TooLargeError

__all__ = ["ColoringProblem", "count_colourings", "partition_counts", "chromatic_polynomial", "frontier_order",
           "state_bound",
           "frontier_width", "MAX_STATES"]

#: the most frontier states kept at once (a few hundred bytes each); a count that needs more is refused
MAX_STATES = 4_000_000


@dataclass
class ColoringProblem:
    """The ``coloring`` encoding: colour the nodes of ``graph`` with ``colors`` colours, neighbours apart.

    Parameters
    ----------
    graph : networkx.Graph
        The conflict graph (vertices, or faces or edges turned into vertices).
    colors : int
    clues : mapping
        Node -> colour ``0..colors-1`` fixed in advance.
    up_to_renaming : bool
        Count colourings up to renaming the colours (no clues).
    labels : mapping, optional
        Node -> text, for evidence written to JSON (a clique's nodes).
    """

    graph: nx.Graph
    colors: int
    clues: Mapping[Hashable, int] = field(default_factory=dict)
    up_to_renaming: bool = False
    labels: Mapping[Hashable, str] | None = None

    kind = "coloring"

    @staticmethod
    def decode(raw):
        """An answer is a colouring already (node -> colour), or a count."""
        return raw

    def order(self) -> list:
        """The order the program takes the nodes in (:func:`frontier_order`), found once."""
        if "_order" not in self.__dict__:
            self.__dict__["_order"] = frontier_order(self.graph)
        return self.__dict__["_order"]

    def width(self) -> int:
        """The largest frontier of :meth:`order`."""
        return frontier_width(self.graph, self.order())

    def narrow(self, most: int) -> bool:
        """Whether :meth:`order` keeps every frontier at most ``most`` nodes; a wider graph is told as soon as
        its frontier grows past that, and a narrow one keeps the order found."""
        if "_order" not in self.__dict__:
            order = frontier_order(self.graph, most)
            if order is None:
                return False
            self.__dict__["_order"] = order
        return self.width() <= most


def state_bound(width: int, colors: int, nodes: int, clues: bool = False) -> int:
    """The most states the program can keep for a frontier of ``width`` nodes, with ``colors`` colours on a graph of
    ``nodes`` nodes.

    With clues the colours themselves are kept: ``colors ** width``.  Without,
    a state is a partition of the frontier into at most ``colors`` classes
    (a sum of Stirling numbers of the second kind) and the number of classes
    used so far (at most ``min(colors, nodes) + 1`` values), which does not
    grow with the colours once they outnumber the frontier.

    Examples
    --------
    >>> state_bound(5, 3, 10, clues=True), state_bound(5, 3, 10), state_bound(5, 22, 10), state_bound(5, 200, 10)
    (243, 164, 572, 572)
    """
    if clues:
        return colors ** width
    row = [1]  # Stirling numbers S(i, j) for j = 0..i, row by row
    for i in range(1, width + 1):
        row = [0] + [j * (row[j] if j < len(row) else 0) + row[j - 1] for j in range(1, i + 1)]
    return sum(row[: colors + 1]) * (min(colors, nodes) + 1)


def frontier_order(G: nx.Graph, most: int | None = None) -> list | None:
    """An order of the nodes with a short frontier, greedily: next the node that leaves the frontier smallest
    (ties: the one with most neighbours taken, then the one listed first), starting at a node of least degree.

    With ``most``, None as soon as a frontier (the node being taken included,
    as :func:`frontier_width` counts it) would hold more nodes: a graph too
    wide to count is told without ordering all of it.

    Examples
    --------
    >>> frontier_width(nx.grid_2d_graph(4, 9), frontier_order(nx.grid_2d_graph(4, 9)))
    5
    >>> frontier_order(nx.grid_2d_graph(4, 9), most=4) is None
    True
    """
    index = {v: i for i, v in enumerate(G)}
    left = {v: G.degree(v) - (1 if G.has_edge(v, v) else 0) for v in G}  # neighbours not taken yet
    taken: set = set()
    frontier: set = set()
    order: list = []
    candidates: set = set()
    while len(order) < len(index):
        if not candidates:  # a new component: a node of least degree
            start = min((v for v in G if v not in taken), key=lambda v: (left[v], index[v]))
            candidates = {start}

        def cost(v) -> tuple:
            closes = sum(1 for u in G[v] if u in frontier and left[u] == 1)
            stays = 1 if left[v] > 0 else 0
            return (stays - closes, -(G.degree(v) - left[v]), index[v])

        if most is not None and len(frontier) + 1 > most:
            return None
        v = min(candidates, key=cost)
        candidates.discard(v)
        order.append(v)
        taken.add(v)
        for u in G[v]:
            if u == v:
                continue
            left[u] -= 1
            if u in taken:
                if left[u] == 0:
                    frontier.discard(u)
            else:
                candidates.add(u)
        if left[v] > 0:
            frontier.add(v)
    return order


def frontier_width(G: nx.Graph, order: Iterable) -> int:
    """The largest frontier when the nodes are taken in ``order`` (the node just taken included)."""
    order = list(order)
    position = {v: i for i, v in enumerate(order)}
    last = {v: max([position[v], *(position[u] for u in G[v])]) for v in order}
    width, alive = 0, 0
    leaving = [0] * (len(order) + 1)
    for v in order:
        leaving[last[v]] += 1
    for i in range(len(order)):
        alive += 1
        width = max(width, alive)
        alive -= leaving[i]
    return width


def _steps(G: nx.Graph, order: list):
    """For each node in order: (its taken neighbours' places in the frontier, which frontier places stay, whether
    it stays itself); the frontier is kept as a list in the order nodes joined it."""
    position = {v: i for i, v in enumerate(order)}
    last = {v: max([position[v], *(position[u] for u in G[v])]) for v in order}
    frontier: list = []
    for i, v in enumerate(order):
        place = {u: k for k, u in enumerate(frontier)}
        neighbours = sorted({place[u] for u in G[v] if u != v and u in place})
        keep = [k for k, u in enumerate(frontier) if last[u] > i]
        stays = last[v] > i
        yield v, neighbours, keep, stays
        frontier = [frontier[k] for k in keep] + ([v] if stays else [])


def _check(states: dict, limit: int) -> None:
    if len(states) > limit:
        raise TooLargeError(f"the frontier of this graph holds more than {limit:,} colourings at once; count "
                            "with sat or cms (it is too wide for the frontier program)")


def partition_counts(G: nx.Graph, most: int, order: list | None = None, limit: int = MAX_STATES) -> list[int]:
    """``a[j]`` for ``j = 0 .. most``: the partitions of the nodes into exactly ``j`` independent sets.

    Examples
    --------
    >>> partition_counts(nx.path_graph(3), 3)  # {0,2}{1}, and all apart
    [0, 0, 1, 1]
    """
    if any(G.has_edge(v, v) for v in G):
        return [0] * (most + 1)  # a node next to itself has no colour
    order = frontier_order(G) if order is None else order
    states: dict[tuple, int] = {((), 0): 1}  # (class of each frontier node, classes used so far) -> count
    for _, neighbours, keep, stays in _steps(G, order):
        new: dict[tuple, int] = {}
        for (labels, used), count in states.items():
            present = len(set(labels))
            forbidden = {labels[k] for k in neighbours}
            kept = tuple(labels[k] for k in keep)
            choices = [(c, used, 1) for c in range(present) if c not in forbidden]  # a class on the frontier
            if used > present:  # one of the classes used before and not on the frontier now
                choices.append((present, used, used - present))
            if used < most:  # a new class
                choices.append((present, used + 1, 1))
            for label, classes, ways in choices:
                joined = kept + (label,) if stays else kept
                relabel: dict[int, int] = {}  # classes renamed in order of first appearance
                key = (tuple(relabel.setdefault(c, len(relabel)) for c in joined), classes)
                new[key] = new.get(key, 0) + count * ways
        states = new
        _check(states, limit)
    totals = [0] * (most + 1)
    for (_, used), count in states.items():
        totals[used] += count
    return totals


def _with_clues(problem: ColoringProblem, limit: int) -> int:
    """Colourings with the colours themselves kept (clues tell them apart)."""
    G, k, clues = problem.graph, problem.colors, problem.clues
    if any(G.has_edge(v, v) for v in G):
        return 0
    states: dict[tuple, int] = {(): 1}
    for v, neighbours, keep, stays in _steps(G, problem.order()):
        allowed = [clues[v]] if v in clues else range(k)
        new: dict[tuple, int] = {}
        for colours, count in states.items():
            forbidden = {colours[i] for i in neighbours}
            kept = tuple(colours[i] for i in keep)
            for c in allowed:
                if c not in forbidden:
                    key = kept + (c,) if stays else kept
                    new[key] = new.get(key, 0) + count
        states = new
        _check(states, limit)
    return sum(states.values())


def count_colourings(problem: ColoringProblem, limit: int = MAX_STATES) -> int:
    """The number of proper colourings of ``problem`` (up to renaming the colours when it says so), exactly.

    Raises
    ------
    TooLargeError
        If the frontier would hold more than ``limit`` states at once.

    Examples
    --------
    >>> count_colourings(ColoringProblem(nx.grid_2d_graph(3, 3), 3))
    246
    >>> count_colourings(ColoringProblem(nx.petersen_graph(), 3, up_to_renaming=True))
    20
    """
    if problem.clues:
        return _with_clues(problem, limit)
    k = problem.colors
    counts = partition_counts(problem.graph, k, problem.order(), limit)
    if problem.up_to_renaming:
        return sum(counts)
    total, falling = 0, 1
    for j, a in enumerate(counts):
        total += a * falling
        falling *= k - j
    return total


def chromatic_polynomial(G: nx.Graph) -> list[int]:
    """The chromatic polynomial's coefficients, constant term first: ``P(G, k) = sum c[i] k^i``.

    From the partitions into ``j`` independent sets for every ``j``
    (:func:`partition_counts`), turned from falling factorials into powers
    with Stirling numbers of the first kind.

    Examples
    --------
    >>> chromatic_polynomial(nx.complete_graph(3))  # k (k - 1) (k - 2)
    [0, 2, -3, 1]
    """
    n = G.number_of_nodes()
    counts = partition_counts(G, n)
    coefficients = [0] * (n + 1)
    falling = [1]  # k (k - 1) ... (k - j + 1), coefficients of k^0, k^1, ...
    for j, a in enumerate(counts):
        for i, c in enumerate(falling):
            coefficients[i] += a * c
        falling = [0, *falling]  # times k
        for i in range(len(falling) - 1):
            falling[i] -= j * falling[i + 1]  # minus j times the old polynomial
    return coefficients
