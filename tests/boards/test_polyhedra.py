import networkx as nx
import pytest

from parity.boards import PLATONIC_SOLIDS, petersen, planar_faces
from parity.errors import BoardSpecError

# (vertices, edges, faces, vertices per face) of the five Platonic solids
SOLIDS = {
    "tetrahedron": (4, 6, 4, 3),
    "cube": (8, 12, 6, 4),
    "octahedron": (6, 12, 8, 3),
    "dodecahedron": (20, 30, 12, 5),
    "icosahedron": (12, 30, 20, 3),
}


def _is_cycle_in(G, face):
    return all(G.has_edge(face[i], face[(i + 1) % len(face)]) for i in range(len(face)))


@pytest.mark.parametrize("name", sorted(SOLIDS))
def test_platonic_solid_faces(name):
    G = PLATONIC_SOLIDS[name]()
    v, e, f, k = SOLIDS[name]
    assert (G.number_of_nodes(), G.number_of_edges(), len(G.graph["faces"])) == (v, e, f)
    assert v - e + f == 2
    for face in G.graph["faces"]:
        assert len(face) == k and len(set(face)) == k
        assert _is_cycle_in(G, face)
    # every edge lies on exactly two faces
    on = {}
    for face in G.graph["faces"]:
        for i in range(k):
            edge = frozenset((face[i], face[(i + 1) % k]))
            on[edge] = on.get(edge, 0) + 1
    assert len(on) == e and set(on.values()) == {2}


def test_faces_do_not_depend_on_labels():
    G = nx.dodecahedral_graph()
    H = nx.relabel_nodes(G, {v: (v * 7) % 20 for v in G})
    relabel = {v: (v * 7) % 20 for v in G}
    mapped = {frozenset(relabel[v] for v in face) for face in planar_faces(G)}
    assert mapped == {frozenset(face) for face in planar_faces(H)}


def test_schlegel_positions_are_distinct():
    G = PLATONIC_SOLIDS["dodecahedron"]()
    points = {tuple(round(c, 9) for c in G.nodes[v]["pos"]) for v in G}
    assert len(points) == 20


def test_petersen_is_not_planar():
    G = petersen()
    assert nx.is_isomorphic(G, nx.petersen_graph())
    with pytest.raises(BoardSpecError, match="not planar"):
        planar_faces(G)
