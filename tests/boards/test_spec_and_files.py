import networkx as nx
import pytest

from parity.boards import board, read_board, read_dimacs_col, write_board, write_dimacs_col
from parity.errors import BoardFileError, BoardSpecError, CatalogueError


@pytest.mark.parametrize(
    "spec, nodes, edges",
    [
        ("grid:5x5", 25, 40),
        ("grid:5", 25, 40),
        ("grid:4x7", 28, 45),
        ("torus:6x6", 36, 72),
        ("cylinder:5x8", 40, 72),
        ("hex:3", 19, 42),
        ("tri:4", 16, 18),
        ("grid3d:3x3x3", 27, 54),
        ("tetrahedron", 4, 6),
        ("cube", 8, 12),
        ("octahedron", 6, 12),
        ("dodecahedron", 20, 30),
        ("icosahedron", 12, 30),
        ("petersen", 10, 15),
        ("dodecahedron-conway", 20, 30),
        ("icosahedron-net", 12, 30),
    ],
)
def test_specs(spec, nodes, edges):
    G = board(spec)
    assert (G.number_of_nodes(), G.number_of_edges()) == (nodes, edges)
    assert G.graph["name"] == ("grid:5x5" if spec == "grid:5" else spec)


@pytest.mark.parametrize(
    "spec, words",
    [
        ("grid:5x", "expected grid:NxN"),
        ("grid:0x3", "at least 1"),
        ("grid", "needs a size"),
        ("cube:3", "takes no size"),
        ("hexagon:3", "unknown board"),
        ("grid3d:3x3", "expected grid3d:NxNxN"),
        ("", "non-empty"),
        ("no-such-catalogue-entry", "unknown board"),
    ],
)
def test_bad_specs_name_the_problem(spec, words):
    with pytest.raises(BoardSpecError, match=words):
        board(spec)


def test_missing_file(tmp_path):
    with pytest.raises(BoardFileError, match="no such file"):
        board(str(tmp_path / "missing.graphml"))


def test_unknown_extension(tmp_path):
    path = tmp_path / "g.xyz"
    path.write_text("1 2\n")
    with pytest.raises(BoardFileError, match="unknown graph format"):
        read_board(path)


def test_malformed_graphml(tmp_path):
    path = tmp_path / "bad.graphml"
    path.write_text("<graphml><graph><node id='1'></graph>")
    with pytest.raises(BoardFileError, match="bad.graphml"):
        board(str(path))


@pytest.mark.parametrize(
    "text, words",
    [
        ("p edge 3 1\ne 1 4\n", ":2: vertex out of range"),
        ("e 1 2\n", ":1: edge before"),
        ("p edge 3\n", ":1: expected 'p edge N M'"),
        ("p edge 3 1\nx 1 2\n", ":2: unknown line type"),
        ("p edge 3 1\ne 2 2\n", ":2: loop"),
        ("c nothing\n", "no 'p edge N M' line"),
    ],
)
def test_malformed_dimacs_col_names_the_line(tmp_path, text, words):
    path = tmp_path / "bad.col"
    path.write_text(text)
    with pytest.raises(BoardFileError, match=words):
        read_dimacs_col(path)


def test_binary_file_is_rejected(tmp_path):
    path = tmp_path / "bad.col"
    path.write_bytes(b"\xff\xfe\x00p edge")
    with pytest.raises(BoardFileError, match="not a text file"):
        read_dimacs_col(path)


@pytest.mark.parametrize("suffix", [".graphml", ".gml"])
@pytest.mark.parametrize("spec", ["grid:3x4", "hex:2", "dodecahedron", "grid3d:2x2x2"])
def test_geometry_survives_a_round_trip(tmp_path, suffix, spec):
    G = board(spec)
    path = tmp_path / f"b{suffix}"
    write_board(G, path)
    H = read_board(path)
    assert list(H) == list(G)
    assert nx.utils.edges_equal(H.edges(), G.edges())
    assert all(H.nodes[v]["pos"] == pytest.approx(G.nodes[v]["pos"]) for v in G)
    if "faces" in G.graph:
        assert H.graph["faces"] == G.graph["faces"]


@pytest.mark.parametrize("suffix", [".col", ".edgelist"])
def test_plain_formats_keep_the_graph(tmp_path, suffix):
    G = board("petersen")
    path = tmp_path / f"p{suffix}"
    write_board(G, path)
    assert nx.is_isomorphic(read_board(path), G)


def test_dimacs_col_is_read_by_networkx_style_edge_lists(tmp_path):
    path = tmp_path / "c.col"
    numbers = write_dimacs_col(board("cube"), path)
    lines = [line.split() for line in path.read_text().splitlines() if line.startswith("e ")]
    assert len(lines) == 12 and sorted(numbers.values()) == list(range(1, 9))


def test_catalogue_error_lists_names():
    from parity.boards import catalogue_path

    with pytest.raises(CatalogueError, match="dodecahedron-conway"):
        catalogue_path("nope")
