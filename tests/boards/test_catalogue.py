"""Every file of graphs/ is checked against the constructors."""

import networkx as nx
import pytest

from parity.boards import board, catalogue, planar_faces


def _cyclic_faces(faces):
    """Faces as (set of nodes, set of sides): equal for the same cyclic order in either direction."""
    return {
        (frozenset(face), frozenset(frozenset((face[i], face[(i + 1) % len(face)])) for i in range(len(face))))
        for face in faces
    }


def test_catalogue_has_the_seed_boards():
    assert {"dodecahedron-conway", "icosahedron-net", "petersen-graph"} <= set(catalogue())


@pytest.mark.parametrize("name", sorted(catalogue()))
def test_catalogue_board_matches_its_constructor(name):
    G = board(name)
    constructor = {"dodecahedron": "dodecahedron", "icosahedron": "icosahedron", "petersen": "petersen"}
    reference = (nx.mycielski_graph(6) if name == "myciel5"  # (networkx's construction, DIMACS's numbering apart)
                 else board(constructor[name.split("-")[0]]))
    assert nx.is_isomorphic(G, reference)
    if "faces" in G.graph:
        assert _cyclic_faces(G.graph["faces"]) == _cyclic_faces(planar_faces(G))


def test_conway_dodecahedron_numbering():
    G = board("dodecahedron-conway")
    index = {frozenset((u, v)): d["index"] for u, v, d in G.edges(data=True)}
    assert sorted(index.values()) == list(range(30))
    face_edges = [[int(e) for e in face.split()] for face in G.graph["face_edges"].split(";")]
    # the seed's faces by edges are its faces by vertices, side by side
    for vertices, edges in zip(G.graph["faces"], face_edges):
        sides = {index[frozenset((vertices[i], vertices[(i + 1) % 5]))] for i in range(5)}
        assert sides == set(edges)
    # the Schlegel diagram has the outer face 15..19 on the rim
    radius = {v: sum(c * c for c in G.nodes[v]["pos"]) ** 0.5 for v in G}
    assert sorted(radius, key=radius.get)[-5:] == sorted([15, 16, 17, 18, 19], key=radius.get)


def test_icosahedron_net_rows():
    G = board("icosahedron-net")
    faces = G.graph["faces"]
    assert all(0 in faces[k] for k in range(5)) and all(11 in faces[k] for k in range(15, 20))
    # two faces of the net meet (share a vertex) for 9 other faces each
    meets = [sum(1 for g in faces if g is not f and set(f) & set(g)) for f in faces]
    assert meets == [9] * 20
