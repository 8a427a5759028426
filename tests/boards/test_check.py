"""Boards are refused at the door when they are not simple undirected graphs, and before memory is spent when too large."""

import networkx as nx
import pytest

from parity.boards import board, check_board, cylinder, grid, grid3d, hex_grid, torus, tri_grid
from parity.errors import BoardSpecError, TooLargeError


@pytest.mark.parametrize(
    "G, words",
    [
        (nx.DiGraph([(0, 1)]), "directed graph.*G.to_undirected()"),
        (nx.MultiGraph([(0, 1), (0, 1)]), "multigraph.*nx.Graph"),
        (nx.MultiDiGraph([(0, 1)]), "directed graph"),
        (nx.Graph([(0, 0), (0, 1)]), "self-loop.*node 0.*selfloop_edges"),
        (nx.Graph(), "no nodes"),
    ],
)
def test_graphs_that_are_not_boards_are_refused(G, words):
    with pytest.raises(BoardSpecError, match=words):
        board(G)
    with pytest.raises(BoardSpecError, match=words):
        check_board(G)


def test_check_board_refuses_what_is_no_graph():
    with pytest.raises(BoardSpecError, match="networkx.Graph"):
        check_board([(0, 1)])


def test_labels_that_print_alike_are_different_nodes():
    G = nx.Graph([(1, "1"), ("1", (1,)), ((1,), 2)])
    assert board(G) is G and check_board(G) is G
    assert G.number_of_nodes() == 4


@pytest.mark.parametrize(
    "spec",
    [
        "grid:100000x100000",
        "hex:1000000",
        "tri:10000000",
        "grid3d:10000x10000x10000",
        "torus:100000x100000",
        "cylinder:100000x100000",
        "grid:99999999999999999999x1",
        "grid:" + "9" * 120 + "x" + "9" * 120,
    ],
)
def test_huge_boards_fail_by_size_before_building(spec):
    with pytest.raises(TooLargeError, match=f"board {spec.split('x')[0][:20]}.*needs .* of memory"):
        board(spec)


@pytest.mark.parametrize(
    "make, sizes", [(grid, (10**6, 10**6)), (torus, (10**6,)), (cylinder, (10**6, 10**6)), (hex_grid, (10**7,)),
                    (tri_grid, (10**8,)), (grid3d, (10**4, 10**4, 10**4)), (grid, (10**200, 10**200))],
)
def test_constructors_check_the_size_too(make, sizes):
    with pytest.raises(TooLargeError, match="nodes"):
        make(*sizes)


def test_long_specs_are_refused_clearly():
    with pytest.raises(BoardSpecError, match="300 characters long"):
        board("x" * 300)
    with pytest.raises(BoardSpecError, match="characters long"):
        board("grid:" + "1" * 300 + "x2")


def test_a_bool_is_no_size():
    with pytest.raises(BoardSpecError, match="positive integer"):
        grid(True)
