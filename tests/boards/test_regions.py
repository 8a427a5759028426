"""Region boards (rect:, box:, hex and triangle regions, sudoku:) in the one table of board kinds."""

from __future__ import annotations

import networkx as nx
import pytest

import parity as pt
from parity.boards import REGIONS, board, check_spec, region
from parity.errors import BoardSpecError

SPECS = ["rect:10x6", "box:3x4x5", "tri-parallelogram:6x3", "tri-hexagon:3", "tri-hexagon:8x4",
         "hex-parallelogram:4x3", "hex-hexagon:3", "hex-coin", "sticks-rect:3x2",
         "trigs-parallelogram:2x2", "twigs-parallelogram:3x2", "sticks-triangle:3", "sticks-diamond:2x3",
         "trigs-triangle:3", "trigs-hexagon:2", "twigs-hexagon:2"]


def test_every_region_kind_has_a_spec_here():
    assert {spec.partition(":")[0] for spec in SPECS} == set(REGIONS)


@pytest.mark.parametrize("spec", SPECS)
def test_a_region_board_is_its_cells_joined_to_their_neighbours(spec):
    label, cells, lattice = region(spec)
    G = board(spec)
    assert set(G) == set(cells) and G.graph["lattice"] == lattice.name and G.graph["name"] == label == spec
    for cell in cells:  # every lattice neighbour inside the region, and nothing else
        assert set(G[cell]) == {n for n in lattice.neighbours(cell) if n in set(cells)}


@pytest.mark.parametrize("spec, reference", [
    ("rect:7x4", nx.grid_2d_graph(4, 7)),
    ("box:2x3x4", nx.grid_graph([4, 3, 2])),
    ("hex-hexagon:3", board("hex:3")),
    ("sudoku:4", nx.sudoku_graph(2)),
    ("sticks-rect:4x3", nx.line_graph(nx.grid_2d_graph(4, 5))),  # segments meet where the grid's edges do
    ("trigs-parallelogram:3x2", nx.line_graph(nx.Graph(  # the triangular grid's edges among the points
        ((x, y), (x + dx, y + dy)) for x in range(4) for y in range(3) for dx, dy in ((1, 0), (0, 1), (-1, 1))
        if 0 <= x + dx <= 3 and 0 <= y + dy <= 2))),
])
def test_regions_are_the_graphs_other_constructors_make(spec, reference):
    assert nx.is_isomorphic(board(spec), reference)


def test_the_sudoku_board_is_networkx_sudoku_graph_cell_by_cell():
    ours = nx.relabel_nodes(board("sudoku:9"), {(r, c): 9 * r + c for r in range(9) for c in range(9)})
    theirs = nx.sudoku_graph(3)
    assert set(ours) == set(theirs) and {frozenset(e) for e in ours.edges()} == {frozenset(e) for e in theirs.edges()}


def test_a_triangle_hexagon_of_side_s_has_6_s_squared_triangles():
    assert [board(f"tri-hexagon:{s}").number_of_nodes() for s in (1, 2, 3)] == [6, 24, 54]


def test_the_4x4_sudoku_grids_counted_as_colourings_and_as_covers():
    # 288 shidoku grids (a published count): four-colourings of the graph and covers of the empty puzzle
    assert pt.count(pt.Coloring("sudoku:4", colors=4)) == pt.count(pt.Sudoku("." * 16)) == 288


def test_lights_out_on_a_hexagon_region_is_lights_out_on_the_hex_board():
    ours = pt.count_result(pt.LightsOut("hex-hexagon:4")).stats["nullity"]
    assert ours == pt.count_result(pt.LightsOut("hex:4")).stats["nullity"]


def test_every_puzzle_of_a_region_has_its_board():
    assert pt.Polyomino("tetrahexes", "hex-coin").board.number_of_nodes() == 28
    assert pt.Sudoku("." * 81).board.number_of_edges() == 810


@pytest.mark.parametrize("spec, message", [
    ("rect:0x3", "expected rect:WxH with whole numbers 1..1000"),
    ("box:3x4", "expected box:AxBxC"),
    ("hex-coin:3", "hex-coin takes no size"),
    ("tri-hexagon:4x3", "an even number of rows"),
    ("rect:", "rect needs a size"),
    ("sudoku:5", "a square"),
    ("sticks-rect:0x3", "expected sticks-rect:WxH with whole numbers 1..300"),
    ("trigs-parallelogram:2x9999", "expected trigs-parallelogram:WxH with whole numbers 1..300"),
    ("twigs-parallelogram:x", "expected twigs-parallelogram:WxH"),
    ("sticks-triangle:0", "expected sticks-triangle:S with whole numbers 1..300"),
    ("sticks-diamond:3", "expected sticks-diamond:MxN"),
    ("trigs-hexagon:151", "expected trigs-hexagon:S with whole numbers 1..150"),
    ("twigs-hexagon:2x2", "expected twigs-hexagon:S"),
])
def test_bad_region_specs_are_refused_before_building(spec, message):
    with pytest.raises(BoardSpecError, match=message):
        check_spec(spec)
    with pytest.raises(BoardSpecError, match=message):
        board(spec)
