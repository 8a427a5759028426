import json
import re
import subprocess
import sys

import networkx as nx
import pytest

from parity.boards import board, read_board, read_dimacs_col, write_board, write_dimacs_col
from parity.errors import BoardFileError, BoardSpecError, CatalogueError, TooLargeError


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


def test_a_directory_is_named_as_such(tmp_path):
    (tmp_path / "x.graphml").mkdir()
    with pytest.raises(BoardFileError, match="is a directory"):
        board(str(tmp_path / "x.graphml"))
    with pytest.raises(BoardFileError, match="is a directory"):
        read_board(tmp_path)


@pytest.mark.parametrize("suffix", [".col", ".graphml", ".gml", ".edgelist"])
def test_compressed_files_are_not_text(tmp_path, suffix):
    import gzip

    path = tmp_path / f"b{suffix}"
    path.write_bytes(gzip.compress(b"p edge 2 1\ne 1 2\n"))
    with pytest.raises(BoardFileError, match="not a text file.*gzip"):
        read_board(path)


@pytest.mark.parametrize("suffix", [".col", ".graphml", ".edgelist"])
def test_a_byte_order_mark_is_accepted(tmp_path, suffix):
    path = tmp_path / f"p{suffix}"
    write_board(board("petersen"), path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert nx.is_isomorphic(read_board(path), board("petersen"))


def test_dimacs_col_edge_count_must_match_the_header(tmp_path):
    path = tmp_path / "short.col"
    path.write_text("c a path\np edge 3 3\ne 1 2\ne 2 3\n")
    with pytest.raises(BoardFileError, match=r"short.col:2: header declares 3 edges, the file has 2"):
        read_dimacs_col(path)


def test_dimacs_col_may_list_edges_both_ways(tmp_path):
    for declared in (2, 4):
        path = tmp_path / f"both{declared}.col"
        path.write_text(f"p edge 3 {declared}\ne 1 2\ne 2 1\ne 2 3\ne 3 2\n")
        assert read_dimacs_col(path).number_of_edges() == 2


@pytest.mark.parametrize(
    "header, error, words",
    [
        ("p edge 99999999999 0", TooLargeError, r":1: p edge 99999999999 0 .*needs about .* of memory"),
        ("p edge " + "9" * 500 + " 0", TooLargeError, "needs more than"),
        ("p edge -3 1", BoardFileError, "must not be negative"),
        ("p edge 0 0", BoardFileError, "no vertices"),
        ("p edge 3 99", BoardFileError, "99 edges cannot join 3 vertices"),
    ],
)
def test_dimacs_col_header_is_checked_before_nodes_are_made(tmp_path, header, error, words):
    path = tmp_path / "big.col"
    path.write_text(header + "\n")
    with pytest.raises(error, match=words):
        read_board(path)


@pytest.mark.parametrize(
    "G, words",
    [
        (nx.MultiGraph([(1, 2), (1, 2)]), "multigraph"),
        (nx.Graph([(1, 1), (1, 2)]), "self-loop"),
    ],
)
@pytest.mark.parametrize("write", [nx.write_graphml, nx.write_gml])
def test_files_holding_no_board_are_refused(tmp_path, G, words, write):
    path = tmp_path / ("g.graphml" if write is nx.write_graphml else "g.gml")
    write(G, path)
    with pytest.raises(BoardFileError, match=f"g.g.*ml: the graph .*{words}"):
        read_board(path)


def test_edge_list_with_a_loop_is_refused(tmp_path):
    path = tmp_path / "l.edgelist"
    path.write_text("1 1\n1 2\n")
    with pytest.raises(BoardFileError, match="self-loop"):
        read_board(path)


def test_graph_file_without_nodes_is_refused(tmp_path):
    path = tmp_path / "e.graphml"
    nx.write_graphml(nx.Graph(), path)
    with pytest.raises(BoardFileError, match="no nodes"):
        read_board(path)


@pytest.mark.parametrize("suffix", [".graphml", ".gml"])
def test_labels_that_print_alike_survive_a_round_trip(tmp_path, suffix):
    G = nx.Graph([(1, "1"), ("1", (1,)), ((1,), (0, 1)), ((0, 1), "(0, 1)"), ("a b", 1)])
    path = tmp_path / f"m{suffix}"
    write_board(G, path)
    H = read_board(path)
    assert set(H) == set(G) and {type(v) for v in H} == {int, str, tuple}
    assert nx.utils.edges_equal(H.edges(), G.edges())


@pytest.mark.parametrize("spec", ["grid:3x4", "hex:2", "grid3d:2x2x2", "petersen"])
def test_edge_lists_keep_tuple_nodes(tmp_path, spec):
    path = tmp_path / "b.edgelist"
    write_board(board(spec), path)
    H = read_board(path)
    assert set(H) == set(board(spec)) and nx.utils.edges_equal(H.edges(), board(spec).edges())


def test_an_edge_list_cannot_hold_every_board(tmp_path):
    from parity.errors import OutputError

    with pytest.raises(OutputError, match="white space"):
        write_board(nx.Graph([("a b", 1)]), tmp_path / "b.edgelist")
    isolated = nx.Graph([(1, 2)])
    isolated.add_node(3)
    with pytest.raises(OutputError, match="no edges"):
        write_board(isolated, tmp_path / "i.edgelist")


@pytest.mark.parametrize("target", ["", "/nonexistent/b.col", "/nonexistent/b.graphml"])
def test_unwritable_board_files_are_one_error(target):
    from parity.errors import OutputError

    with pytest.raises(OutputError, match="cannot write"):
        write_board(board("cube"), target)


@pytest.mark.parametrize("name", ["b.col/", "b.graphml/."])
def test_a_board_file_name_that_names_a_folder_is_refused(tmp_path, name):
    from parity.errors import OutputError

    with pytest.raises(OutputError, match="names a folder, not a file"):
        write_board(board("cube"), f"{tmp_path}/{name}")  # Path() would drop the ending and write b.col
    assert list(tmp_path.iterdir()) == []


def test_writing_a_directed_graph_is_refused(tmp_path):
    with pytest.raises(BoardSpecError, match="directed"):
        write_board(nx.DiGraph([(1, 2)]), tmp_path / "d.graphml")


def test_a_dimacs_clique_file_is_read_as_a_colouring_file(tmp_path):
    # the DIMACS clique benchmarks (.clq) use the .col lines; generators write 'c'-style comments of their own
    import parity as pt

    path = tmp_path / "k4.clq"
    path.write_text("c FILE: k4.clq\ncc made for this test\np edge 4 6\ne 1 2\ne 1 3\ne 1 4\ne 2 3\ne 2 4\ne 3 4\n")
    G = pt.board(str(path))
    assert G.number_of_nodes() == 4 and G.number_of_edges() == 6
    assert pt.count(pt.Coloring(str(path), colors=4)) == 24


@pytest.mark.parametrize("text, words", [("p edge 2 1\ne 1 x\n", ":2: expected 'e U V'"), ("", "no 'p edge N M' line"),
                                         ("p edge 2 1\ne 1 3\n", ":2: vertex out of range")])
def test_a_malformed_clique_file_is_one_error_naming_the_line(tmp_path, text, words):
    from parity.testing import run_cli

    path = tmp_path / "bad.clq"
    path.write_text(text)
    run = run_cli("count", "coloring", "--board", str(path), "--colors", "2")
    assert run.code == 2 and run.err.count("\n") == 1 and words in run.err


# Graph files in the styles of other programs, written here by hand (the elements and attributes each tool writes):
# igraph's GML names nodes by id only; yEd declares every graph directed and draws it without arrows; Gephi keys
# its attributes and writes x and y.
IGRAPH_GML = """Creator "igraph version 0.10.4 Sat Nov 25 2026"
Version 1
graph
[
  directed 0
  node
  [
    id 0
  ]
  node
  [
    id 1
  ]
  node
  [
    id 2
  ]
  node
  [
    id 3
  ]
  edge
  [
    source 0
    target 1
  ]
  edge
  [
    source 1
    target 2
  ]
  edge
  [
    source 2
    target 3
  ]
  edge
  [
    source 3
    target 0
  ]
]
"""
YED_GRAPHML = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:y="http://www.yworks.com/xml/graphml" xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://www.yworks.com/xml/schema/graphml/1.1/ygraphml.xsd">
  <key for="node" id="d6" yfiles.type="nodegraphics"/>
  <key attr.name="description" attr.type="string" for="node" id="d5"/>
  <key for="edge" id="d10" yfiles.type="edgegraphics"/>
  <graph edgedefault="directed" id="G">
    <node id="n0">
      <data key="d6">
        <y:ShapeNode>
          <y:Geometry height="30.0" width="30.0" x="10.0" y="20.0"/>
          <y:NodeLabel>A</y:NodeLabel>
        </y:ShapeNode>
      </data>
    </node>
    <node id="n1"><data key="d6"><y:ShapeNode><y:NodeLabel>B</y:NodeLabel></y:ShapeNode></data></node>
    <node id="n2"><data key="d6"><y:ShapeNode><y:NodeLabel>C</y:NodeLabel></y:ShapeNode></data></node>
    <edge id="e0" source="n0" target="n1"><data key="d10"><y:PolyLineEdge><y:Arrows source="none" target="none"/></y:PolyLineEdge></data></edge>
    <edge id="e1" source="n1" target="n2"/>
    <edge id="e2" source="n2" target="n0"/>
  </graph>
</graphml>
"""
GEPHI_GRAPHML = """<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
  <key attr.name="label" attr.type="string" for="node" id="label"/>
  <key attr.name="Edge Label" attr.type="string" for="edge" id="edgelabel"/>
  <key attr.name="weight" attr.type="double" for="edge" id="weight"/>
  <key attr.name="r" attr.type="int" for="node" id="r"/>
  <key attr.name="x" attr.type="float" for="node" id="x"/>
  <key attr.name="y" attr.type="float" for="node" id="y"/>
  <graph edgedefault="undirected">
    <node id="0"><data key="label">zero</data><data key="x">1.5</data><data key="y">-2.0</data></node>
    <node id="1"><data key="label">one</data></node>
    <node id="2"/>
    <edge id="0" source="0" target="1"><data key="weight">1.0</data></edge>
    <edge id="1" source="1" target="2"><data key="weight">2.0</data></edge>
  </graph>
</graphml>
"""


@pytest.mark.parametrize("name, text, expected", [
    ("igraph.gml", IGRAPH_GML, nx.cycle_graph(4)),
    ("yed.graphml", YED_GRAPHML, nx.relabel_nodes(nx.cycle_graph(3), {0: "n0", 1: "n1", 2: "n2"})),
    ("gephi.graphml", GEPHI_GRAPHML, nx.path_graph(3)),
])
def test_graph_files_other_programs_write(tmp_path, name, text, expected):
    import warnings

    from parity.errors import BoardFileWarning

    path = tmp_path / name
    path.write_text(text)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        G = read_board(path)
    assert set(G) == set(expected) and nx.utils.edges_equal(G.edges(), expected.edges())
    said = [w for w in caught if issubclass(w.category, BoardFileWarning)]
    assert len(said) == (name == "yed.graphml")  # only the directed file is read with a liberty, and says so
    if name == "gephi.graphml":
        assert G.nodes[0]["pos"] == (1.5, -2.0) and G.nodes[0]["label"] == "zero"


def test_a_directed_file_is_read_undirected_with_a_warning_line(tmp_path):
    path = tmp_path / "arcs.graphml"
    nx.write_graphml(nx.DiGraph([(1, 2), (2, 1), (2, 3)]), path)
    out = subprocess.run([sys.executable, "-m", "parity", "count", "coloring", "--board", str(path), "--colors", "2",
                          "--json"], capture_output=True, text=True)
    assert out.returncode == 0 and json.loads(out.stdout)["count"] == 2  # a path of three nodes: two opposite arcs, one edge
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("parity: warning:") and "directed" in out.stderr



def _graphml(body: str, default: str = "directed") -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<graphml xmlns="http://graphml.graphdrawing.org/xmlns">\n'
            f'<graph edgedefault="{default}">\n{body}\n</graph>\n</graphml>\n')


@pytest.mark.parametrize("text", [
    _graphml('<node id="a"/><node id="b"/><edge source="a" target="b"/>') +
    "<!-- a second graph in the same document -->",  # (replaced below by a real second graph)
    _graphml('<node id="n0"/><node id="n1"><graph id="n1:" edgedefault="directed"><node id="n1::n0"/>'
             '<node id="n1::n1"/><edge source="n1::n0" target="n1::n1"/></graph></node>'
             '<edge source="n0" target="n1::n0"/>'),
])
def test_graphml_holding_more_than_one_graph_is_refused(tmp_path, text):
    if "second graph" in text:
        text = text.replace("</graphml>", '<graph edgedefault="undirected"><node id="c"/><node id="d"/>'
                                          '<edge source="c" target="d"/></graph></graphml>')
    path = tmp_path / "many.graphml"
    path.write_text(text)
    with pytest.raises(BoardFileError, match="holds 2 graphs"):  # networkx would keep the first one only
        read_board(path)


def test_directed_graphml_edges_marked_undirected_and_files_read_without_a_needless_warning(tmp_path):
    import warnings

    from parity.errors import BoardFileWarning

    def read(name, text):
        path = tmp_path / name
        path.write_text(text)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                G = read_board(path)
            except BoardFileError as exc:
                G = exc
        return G, [w for w in caught if issubclass(w.category, BoardFileWarning)]

    G, said = read("mixed.graphml", _graphml('<node id="a"/><node id="b"/><node id="c"/><edge source="a" target="b"/>'
                                             '<edge source="b" target="c" directed="false"/>'))
    assert sorted(map(sorted, G.edges())) == [["a", "b"], ["b", "c"]] and len(said) == 1
    G, said = read("lonely.graphml", _graphml('<node id="a"/><node id="b"/>'))
    assert G.number_of_edges() == 0 and said == []  # no edge: nothing read differently
    G, said = read("loop.graphml", _graphml('<node id="a"/><edge source="a" target="a"/>'))
    assert isinstance(G, BoardFileError) and said == []  # the error alone, one line


# -- edge lists: 'U V' or 'U V {ATTRIBUTES}' a line, nothing read in part --------------------------------------------
@pytest.mark.parametrize("text, line", [
    ("1 2\n2 3 4\n", 2),  # a weight: the third token would be dropped
    ("1 2\n3\n", 2),  # one node: networkx skips the line
    ("1,2\n", 1),  # another delimiter: networkx skips the line
    ("1 2 {1: 2}\n", 1),  # attributes need names
    ("1 2 {'weight': 2\n", 1),
    ("1 2 ['weight']\n", 1),
])
def test_an_edge_list_line_that_is_no_edge_is_refused_with_its_number(tmp_path, text, line):
    path = tmp_path / "bad.edgelist"
    path.write_text(text)
    with pytest.raises(BoardFileError, match=rf"bad.edgelist:{line}: expected 'U V' or 'U V {{ATTRIBUTES}}'"):
        read_board(path)


def test_an_edge_list_as_networkx_writes_it_by_default_is_read_with_its_attributes(tmp_path):
    G = nx.Graph([(1, 2), (2, 3), (3, 4)])
    G.edges[2, 3]["weight"] = 2
    path = tmp_path / "w.edgelist"
    nx.write_edgelist(G, path)  # '1 2 {}', '2 3 {'weight': 2}', ...: data=True is networkx's default
    path.write_text("# a path\n" + path.read_text() + "\n3 4  # again, with a comment\n")
    H = read_board(path)
    assert set(H) == set(G) and nx.utils.edges_equal(H.edges(), G.edges())
    assert H.edges[2, 3] == {"weight": 2} and H.edges[1, 2] == {}


def test_an_edge_list_with_a_weight_is_one_line_on_the_command_line(tmp_path):
    from parity.testing import run_cli

    path = tmp_path / "x.edgelist"
    path.write_text("1 2\n2 3 4\n")
    run = run_cli("count", "lightsout", "--board", str(path))
    assert run.code == 2 and run.out == "" and run.err == f"parity: error: {path}:2: expected 'U V' or " \
        "'U V {ATTRIBUTES}' (one edge), got '2 3 4'\n"


# -- GraphML: every end of an edge is a declared node -----------------------------------------------------------------
@pytest.mark.parametrize("namespace", [True, False])
def test_a_graphml_edge_to_an_undeclared_node_is_refused(tmp_path, namespace):
    text = _graphml('<node id="a"/><node id="b"/><edge source="a" target="b"/><edge source="b" target="c"/>'
                    '<edge source="d" target="a"/>', default="undirected")
    if not namespace:  # networkx reads a file without one too
        text = text.replace(' xmlns="http://graphml.graphdrawing.org/xmlns"', "")
    path = tmp_path / "u.graphml"
    path.write_text(text)
    with pytest.raises(BoardFileError, match=r"u.graphml: an edge names node 'c' \(and 1 more\), which no <node> "
                                             r"element declares"):
        read_board(path)
    path.write_text(text.replace('<edge source="b" target="c"/><edge source="d" target="a"/>', ""))
    assert sorted(read_board(path).edges()) == [("a", "b")]  # the same file with declared nodes only


def test_a_graphml_edge_to_an_undeclared_node_is_one_line_on_the_command_line(tmp_path):
    from parity.testing import run_cli

    path = tmp_path / "u.graphml"
    path.write_text(_graphml('<node id="a"/><edge source="a" target="zz"/>', default="undirected"))
    run = run_cli("count", "coloring", "--board", str(path), "--colors", "2")
    assert run.code == 2 and run.out == "" and run.err.count("\n") == 1
    assert str(path) in run.err and "'zz'" in run.err


# -- DIMACS loops: dropped with a warning, as colouring programs do; refused by strict reading -----------------------
LOOPED_COL = "c a 5-cycle with a chord, and loops\np edge 5 8\ne 1 2\ne 2 3\ne 3 3\ne 3 4\ne 4 5\ne 5 1\ne 1 3\ne 5 5\n"


def _brute_force_colourings(G: nx.Graph, k: int) -> int:
    import itertools

    nodes = list(G)
    return sum(all(c[nodes.index(u)] != c[nodes.index(v)] for u, v in G.edges())
               for c in itertools.product(range(k), repeat=len(nodes)))


def test_a_loop_in_a_dimacs_file_is_dropped_with_one_warning(tmp_path):
    import parity as pt
    from parity.errors import BoardFileWarning

    path = tmp_path / "loops.col"
    path.write_text(LOOPED_COL)
    with pytest.warns(BoardFileWarning) as caught:
        G = read_board(path)
    assert [str(w.message) for w in caught] == [f"{path}:5: loop on vertex 3 dropped (loops on 2 vertices in all), "
                                                "as colouring programs drop loops (strict reading refuses it)"]
    without = nx.Graph([(1, 2), (2, 3), (3, 4), (4, 5), (5, 1), (1, 3)])
    assert set(G) == set(without) and nx.utils.edges_equal(G.edges(), without.edges())
    for k in (2, 3, 4):
        with pytest.warns(BoardFileWarning):
            counted = pt.count(pt.Coloring(str(path), colors=k))
        # a triangle and a 4-cycle glued along the chord: P(K3) P(C4) / P(K2)
        glued = (k - 2) * ((k - 1) ** 4 + (k - 1))
        assert counted == glued == _brute_force_colourings(without, k)


def test_a_dimacs_file_listing_each_edge_both_ways_may_count_its_loop_once(tmp_path):
    from parity.errors import BoardFileWarning

    path = tmp_path / "both.col"
    path.write_text("p edge 3 3\ne 1 2\ne 2 1\ne 2 2\ne 2 3\ne 3 2\n")  # 2 edges and a loop, 5 lines
    with pytest.warns(BoardFileWarning, match=":4: loop on vertex 2 dropped"):
        assert sorted(read_board(path).edges()) == [(1, 2), (2, 3)]
    path.write_text("p edge 3 4\ne 1 2\ne 2 3\ne 2 2\n")
    with pytest.raises(BoardFileError, match=":1: header declares 4 edges, the file has 3"):
        read_board(path)  # the loop counts as the edge line it is, no more


@pytest.mark.parametrize("family", [("coloring", "--colors", "3"), ("lightsout",)])
def test_a_loop_is_one_warning_line_and_strict_refuses_it_on_the_command_line(tmp_path, family):
    from parity.testing import run_cli

    path = tmp_path / "loops.col"
    path.write_text(LOOPED_COL)
    # a real command: the file is read in its child process, whose warning goes straight to stderr
    run = subprocess.run([sys.executable, "-m", "parity", "count", *family[:1], "--board", str(path), *family[1:],
                          "--json"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and run.stderr == (f"parity: warning: {path}:5: loop on vertex 3 dropped (loops on 2 "
                                                  "vertices in all), as colouring programs drop loops (strict reading "
                                                  "refuses it)\n")
    if family[0] == "coloring":
        without = nx.Graph([(1, 2), (2, 3), (3, 4), (4, 5), (5, 1), (1, 3)])
        assert json.loads(run.stdout)["count"] == _brute_force_colourings(without, 3)
    run = run_cli("count", *family[:1], "--board", str(path), *family[1:], "--strict")
    assert run.code == 2 and run.out == "" and run.err == (f"parity: error: {path}:5: loop on vertex 3; a board has no "
                                                           "loops, and strict reading refuses it\n")
    run = run_cli("count", *family[:1], "--board", "petersen-graph", *family[1:], "--strict")  # nothing to refuse
    assert run.code == 0 and run.err == ""


def test_strict_reading_refuses_every_liberty_and_leaves_other_specs_as_they_are(tmp_path):
    from parity.boards import read_strictly

    path = tmp_path / "arcs.graphml"
    nx.write_graphml(nx.DiGraph([(1, 2), (2, 3)]), path)
    with pytest.raises(BoardFileError, match="arcs.graphml: the graph is written as directed, and strict reading "
                                             "refuses it"):
        board(str(path), strict=True)
    with pytest.raises(BoardFileError, match="arcs.graphml: .*directed"):
        read_strictly(str(path))
    loops = tmp_path / "loops.col"
    loops.write_text(LOOPED_COL)
    with pytest.raises(BoardFileError, match="loops.col:5: loop on vertex 3"):
        read_dimacs_col(loops, strict=True)
    assert read_strictly("grid:3000x3000") == "grid:3000x3000"  # no file: built where it is used, as a size
    assert nx.is_isomorphic(read_strictly("petersen-graph"), board("petersen"))
    with pytest.raises(BoardSpecError, match="unknown board"):
        read_strictly("no-such-board")


@pytest.mark.parametrize("spec, guess", [("gird:5x5", "did you mean grid:5x5?"), ("petersn", "did you mean petersen?"),
                                         ("dodecahedorn", "did you mean dodecahedron")])
def test_a_mistyped_board_gets_the_nearest_name(spec, guess):
    with pytest.raises(BoardSpecError, match=re.escape(guess)):
        board(spec)


def test_a_board_far_from_any_name_gets_the_list_alone():
    with pytest.raises(BoardSpecError) as refused:
        board("zzz")
    assert "did you mean" not in str(refused.value) and "use one of grid:5x5" in str(refused.value)
