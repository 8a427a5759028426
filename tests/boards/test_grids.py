import networkx as nx
import pytest

from parity.boards import cylinder, grid, grid3d, hex_grid, torus, tri_grid
from parity.errors import BoardSpecError


@pytest.mark.parametrize("rows, cols", [(1, 1), (1, 5), (3, 4), (7, 7)])
def test_grid_is_the_networkx_grid(rows, cols):
    G = grid(rows, cols)
    assert nx.utils.graphs_equal(nx.Graph(G.edges()), nx.Graph(nx.grid_2d_graph(rows, cols).edges())) or (
        G.number_of_edges() == 0 and rows * cols == 1
    )
    assert list(G) == [(r, c) for r in range(rows) for c in range(cols)]
    assert G.graph["shape"] == (rows, cols)


@pytest.mark.parametrize("rows, cols", [(3, 3), (4, 6), (5, 5)])
def test_torus_is_regular_and_matches_networkx(rows, cols):
    G = torus(rows, cols)
    assert {d for _, d in G.degree()} == {4}
    assert nx.is_isomorphic(G, nx.grid_2d_graph(rows, cols, periodic=True))


def test_cylinder_wraps_rows_only():
    G = cylinder(3, 5)
    assert nx.is_isomorphic(G, nx.cartesian_product(nx.path_graph(3), nx.cycle_graph(5)))


def test_small_wraps_do_not_make_multi_edges():
    assert torus(2, 2).number_of_edges() == 4
    assert nx.is_isomorphic(torus(1, 4), nx.cycle_graph(4))


@pytest.mark.parametrize("radius", [1, 2, 3, 4, 6])
def test_hex_grid_counts(radius):
    G = hex_grid(radius)
    assert G.number_of_nodes() == 3 * radius * (radius - 1) + 1
    # each hexagon has 6 sides; interior sides are shared, each board-side cell contributes boundary sides
    assert max(d for _, d in G.degree()) == (6 if radius > 1 else 0)
    assert nx.is_connected(G)


@pytest.mark.parametrize("side", [1, 2, 3, 5])
def test_tri_grid_is_the_dual_of_a_triangle(side):
    G = tri_grid(side)
    assert G.number_of_nodes() == side**2
    # interior edges of a triangle of side n cut into n^2 triangles: 3 n (n - 1) / 2
    assert G.number_of_edges() == 3 * side * (side - 1) // 2
    assert max((d for _, d in G.degree()), default=0) <= 3
    assert nx.is_tree(G) if side <= 2 else nx.is_connected(G)


def test_grid3d_matches_networkx():
    assert nx.is_isomorphic(grid3d(2, 3, 4), nx.grid_graph(dim=[2, 3, 4]))


def test_every_node_has_a_position():
    for G in (grid(3), torus(3), cylinder(3), hex_grid(3), tri_grid(3), grid3d(2, 2, 2)):
        assert all(len(G.nodes[v]["pos"]) == 2 for v in G)
        assert len({G.nodes[v]["pos"] for v in G}) == G.number_of_nodes()


@pytest.mark.parametrize("make, args", [(grid, (0, 3)), (torus, (-1,)), (hex_grid, (0,)), (tri_grid, ("3",))])
def test_bad_sizes_are_rejected(make, args):
    with pytest.raises(BoardSpecError):
        make(*args)
