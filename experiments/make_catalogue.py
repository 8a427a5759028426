"""Write the instance catalogue graphs/ from the data of the seed documents.

Run from the repository root: ``python experiments/make_catalogue.py``.  The
tests in tests/boards/test_catalogue.py check every file against the
constructors in parity.boards (isomorphism, faces = faces of the planar
embedding, edge numbering consistent with the faces).
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from parity.boards import schlegel_positions, write_board

GRAPHS = Path(__file__).resolve().parents[1] / "graphs"

# Conway's quintomino dodecahedron as numbered in the Z3 write-up (seed 000):
# Schlegel coordinates of the 20 vertices, the 30 numbered edges, the 12 faces.
CONWAY_VERTICES = [
    (0.1988249522580409, -0.2736590696265117),
    (-0.32170553056508533, 0.10452846326765347),
    (0.32170553056508533, 0.10452846326765347),
    (-0.1988249522580409, -0.2736590696265117),
    (2.0712525571522672e-17, 0.3382612127177165),
    (0.4861518423097248, -0.6691306063588582),
    (-0.7866102045505139, 0.25558514871625726),
    (0.7866102045505139, 0.25558514871625726),
    (-0.4861518423097248, -0.6691306063588582),
    (5.064471210039385e-17, 0.8270909152852017),
    (1.1498814685531944, -0.3736191374661521),
    (-1.1498814685531944, -0.3736191374661521),
    (0.7106658305995175, 0.9781476007338056),
    (-7.403338475342e-17, -1.2090569265353068),
    (-0.7106658305995174, 0.9781476007338056),
    (2.8116038154478655, -0.9135454576426009),
    (-2.8116038154478655, -0.9135454576426009),
    (1.7376667208456678, 2.391693058376407),
    (-1.810208727905995e-16, -2.9562952014676114),
    (-1.7376667208456673, 2.391693058376407),
]
CONWAY_EDGES = {
    (0, 3): 0, (1, 3): 1, (1, 4): 2, (2, 4): 3, (0, 2): 4, (0, 5): 5, (1, 6): 6, (2, 7): 7,
    (3, 8): 8, (4, 9): 9, (5, 10): 10, (7, 10): 11, (7, 12): 12, (9, 12): 13, (9, 14): 14,
    (6, 14): 15, (6, 11): 16, (8, 11): 17, (8, 13): 18, (5, 13): 19, (10, 15): 20, (11, 16): 21,
    (12, 17): 22, (13, 18): 23, (14, 19): 24, (15, 18): 25, (16, 18): 26, (16, 19): 27,
    (17, 19): 28, (15, 17): 29,
}
CONWAY_FACES_BY_VERTICES = [
    [19, 17, 12, 9, 14], [12, 17, 15, 10, 7], [10, 15, 18, 13, 5], [13, 18, 16, 11, 8],
    [11, 16, 19, 14, 6], [11, 6, 1, 3, 8], [1, 6, 14, 9, 4], [2, 4, 9, 12, 7],
    [10, 5, 0, 2, 7], [0, 5, 13, 8, 3], [0, 3, 1, 4, 2], [19, 17, 15, 18, 16],
]
CONWAY_FACES_BY_EDGES = [
    [28, 24, 14, 13, 22], [22, 12, 11, 20, 29], [20, 10, 19, 23, 25], [23, 18, 17, 21, 26],
    [21, 16, 15, 24, 27], [16, 17, 8, 1, 6], [6, 2, 9, 14, 15], [3, 7, 12, 13, 9],
    [10, 11, 7, 4, 5], [5, 0, 8, 18, 19], [0, 4, 3, 2, 1], [28, 27, 26, 25, 29],
]


def dodecahedron_conway() -> nx.Graph:
    G = nx.Graph(name="dodecahedron-conway", kind="polyhedron")
    for v, xy in enumerate(CONWAY_VERTICES):
        G.add_node(v, pos=xy)
    for (u, v), index in CONWAY_EDGES.items():
        G.add_edge(u, v, index=index)
    G.graph["faces"] = [tuple(f) for f in CONWAY_FACES_BY_VERTICES]
    G.graph["face_edges"] = ";".join(" ".join(map(str, f)) for f in CONWAY_FACES_BY_EDGES)
    return G


def icosahedron_net() -> nx.Graph:
    """The icosahedron with its 20 faces numbered as the cells of a 5 x 4 net.

    Face ``k`` is net cell ``(k % 5, k // 5)``: row 0 is the cap around the top
    vertex 0, rows 1 and 2 the band between the upper ring 1..5 and the lower
    ring 6..10, row 3 the cap around the bottom vertex 11 (the net of New
    Scientist Enigma 1780).
    """
    top, bottom = 0, 11
    upper = [1 + k for k in range(5)]
    lower = [6 + k for k in range(5)]
    rows = [
        [(top, upper[i], upper[(i + 1) % 5]) for i in range(5)],
        [(upper[i], upper[(i + 1) % 5], lower[i]) for i in range(5)],
        [(lower[i], lower[(i + 1) % 5], upper[(i + 1) % 5]) for i in range(5)],
        [(bottom, lower[i], lower[(i + 1) % 5]) for i in range(5)],
    ]
    faces = [face for row in rows for face in row]
    G = nx.Graph(name="icosahedron-net", kind="polyhedron")
    G.add_nodes_from(range(12))
    for a, b, c in faces:
        G.add_edges_from([(a, b), (b, c), (c, a)])
    G.graph["faces"] = faces
    nx.set_node_attributes(G, schlegel_positions(G, (top, upper[0], upper[1])), "pos")
    return G


def main() -> None:
    GRAPHS.mkdir(exist_ok=True)
    write_board(dodecahedron_conway(), GRAPHS / "dodecahedron-conway.graphml")
    write_board(icosahedron_net(), GRAPHS / "icosahedron-net.graphml")
    petersen = nx.petersen_graph()
    petersen.graph["name"] = "petersen"
    write_board(petersen, GRAPHS / "petersen-graph.col")


if __name__ == "__main__":
    main()
