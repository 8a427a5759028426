"""Polyhedral boards: the five Platonic solids with their faces, and the Petersen graph.

Faces are never typed in.  A 3-connected planar graph has one planar embedding
up to mirror image (Whitney), so its faces follow from
:func:`networkx.check_planarity`; :func:`planar_faces` walks them.  Plane
coordinates are a Schlegel diagram computed as a Tutte embedding: the outer
face is pinned to a regular polygon and every other vertex sits at the mean of
its neighbours.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import networkx as nx
import numpy as np

from ..errors import BoardSpecError

__all__ = [
    "planar_faces",
    "schlegel_positions",
    "tetrahedron",
    "cube",
    "octahedron",
    "dodecahedron",
    "icosahedron",
    "petersen",
    "PLATONIC_SOLIDS",
]


def planar_faces(G: nx.Graph) -> list[tuple[Hashable, ...]]:
    """The faces of a planar graph's embedding, each a tuple of nodes in cyclic order.

    Parameters
    ----------
    G : networkx.Graph
        A connected planar graph.  For a 3-connected graph the faces do not
        depend on the embedding networkx picks.

    Returns
    -------
    list of tuple
        Each face once, in one consistent orientation, starting at its least node.

    Raises
    ------
    BoardSpecError
        If ``G`` is not planar.

    Examples
    --------
    >>> faces = planar_faces(nx.cubical_graph())
    >>> len(faces), sorted(len(f) for f in faces)
    (6, [4, 4, 4, 4, 4, 4])
    """
    is_planar, embedding = nx.check_planarity(G)
    if not is_planar:
        raise BoardSpecError(f"graph {G.graph.get('name', '')!s} is not planar, so it has no faces")
    seen: set[tuple[Hashable, Hashable]] = set()
    faces = []
    order = {v: i for i, v in enumerate(G)}
    for u, v in embedding.edges():
        if (u, v) in seen:
            continue
        face = embedding.traverse_face(u, v, mark_half_edges=seen)
        start = min(range(len(face)), key=lambda i: order[face[i]])
        faces.append(tuple(face[start:] + face[:start]))
    faces.sort(key=lambda f: [order[v] for v in f])
    return faces


def schlegel_positions(G: nx.Graph, outer: tuple[Hashable, ...]) -> dict[Hashable, tuple[float, float]]:
    """Plane positions of a Schlegel diagram (Tutte's barycentric embedding).

    The nodes of ``outer`` are placed on a regular polygon of radius 1 and every
    other node at the average of its neighbours, which for a 3-connected planar
    graph draws every face as a convex polygon without crossings.

    Examples
    --------
    >>> pos = schlegel_positions(nx.cubical_graph(), (0, 1, 2, 3))
    >>> [abs(round(c, 3)) for c in pos[4]]
    [0.0, 0.333]
    """
    nodes = list(G)
    index = {v: i for i, v in enumerate(nodes)}
    n = len(nodes)
    L = np.zeros((n, n))
    rhs = np.zeros((n, 2))
    outer_set = set(outer)
    for k, v in enumerate(outer):
        angle = np.pi / 2 + 2 * np.pi * k / len(outer)
        i = index[v]
        L[i, i] = 1.0
        rhs[i] = (np.cos(angle), np.sin(angle))
    for v in nodes:
        if v in outer_set:
            continue
        i = index[v]
        L[i, i] = G.degree(v)
        for w in G[v]:
            L[i, index[w]] -= 1.0
    xy = np.linalg.solve(L, rhs)
    return {v: (float(xy[index[v], 0]), float(xy[index[v], 1])) for v in nodes}


def _polyhedron(make: Callable[[], nx.Graph], name: str) -> nx.Graph:
    G = nx.Graph(make())
    G.graph.clear()
    G.graph.update(name=name, kind="polyhedron")
    faces = planar_faces(G)
    G.graph["faces"] = faces
    outer = max(faces, key=len)
    nx.set_node_attributes(G, schlegel_positions(G, outer), "pos")
    return G


def tetrahedron() -> nx.Graph:
    """The tetrahedron: 4 vertices, 6 edges, 4 triangular faces.

    Examples
    --------
    >>> len(tetrahedron().graph["faces"])
    4
    """
    return _polyhedron(nx.tetrahedral_graph, "tetrahedron")


def cube() -> nx.Graph:
    """The cube: 8 vertices, 12 edges, 6 square faces.

    Examples
    --------
    >>> len(cube().graph["faces"])
    6
    """
    return _polyhedron(nx.cubical_graph, "cube")


def octahedron() -> nx.Graph:
    """The octahedron: 6 vertices, 12 edges, 8 triangular faces.

    Examples
    --------
    >>> len(octahedron().graph["faces"])
    8
    """
    return _polyhedron(nx.octahedral_graph, "octahedron")


def dodecahedron() -> nx.Graph:
    """The dodecahedron: 20 vertices, 30 edges, 12 pentagonal faces.

    The catalogue board ``dodecahedron-conway`` is the same solid numbered as
    in Conway's quintomino puzzle.

    Examples
    --------
    >>> sorted({len(f) for f in dodecahedron().graph["faces"]})
    [5]
    """
    return _polyhedron(nx.dodecahedral_graph, "dodecahedron")


def icosahedron() -> nx.Graph:
    """The icosahedron: 12 vertices, 30 edges, 20 triangular faces.

    Examples
    --------
    >>> len(icosahedron().graph["faces"])
    20
    """
    return _polyhedron(nx.icosahedral_graph, "icosahedron")


def petersen() -> nx.Graph:
    """The Petersen graph (not planar, so it has no faces); drawn as a pentagram in a pentagon.

    Examples
    --------
    >>> G = petersen()
    >>> G.number_of_nodes(), G.number_of_edges(), "faces" in G.graph
    (10, 15, False)
    """
    G = nx.Graph(nx.petersen_graph())
    G.graph.clear()
    G.graph.update(name="petersen", kind="graph")
    for v in G:
        angle = np.pi / 2 + 2 * np.pi * (v % 5) / 5
        radius = 1.0 if v < 5 else 0.5
        G.nodes[v]["pos"] = (float(radius * np.cos(angle)), float(radius * np.sin(angle)))
    return G


PLATONIC_SOLIDS: dict[str, Callable[[], nx.Graph]] = {
    "tetrahedron": tetrahedron,
    "cube": cube,
    "octahedron": octahedron,
    "dodecahedron": dodecahedron,
    "icosahedron": icosahedron,
}

