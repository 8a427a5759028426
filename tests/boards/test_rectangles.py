"""Rectangles known by their size: the cells, names and neighbour sums agree with the networkx boards."""

import pickle

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import parity as pt
from parity.boards import Cells, Rectangle, rectangle
from parity.errors import BoardSpecError

KINDS = ("grid", "cylinder", "torus")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rows", range(1, 6))
@pytest.mark.parametrize("cols", range(1, 6))
def test_a_rectangle_is_the_board_its_spec_builds(kind, rows, cols):
    spec = f"{kind}:{rows}x{cols}"
    G = pt.board(spec)
    R = rectangle(spec)
    assert (R.kind, R.rows, R.cols, R.name) == (kind, rows, cols, G.graph["name"])
    assert list(R.cells) == list(G) and len(R.cells) == G.number_of_nodes()
    # the neighbour sum of each unit vector is the adjacency matrix's column, from networkx
    A = nx.to_numpy_array(G, nodelist=list(G), dtype=np.int64)
    columns = [R.neighbour_sum(np.eye(rows * cols, dtype=np.int64)[j].reshape(rows, cols)).ravel()
               for j in range(rows * cols)]
    assert np.array_equal(np.array(columns).T, A)


@given(st.sampled_from(KINDS), st.integers(1, 7), st.integers(1, 7), st.integers(0, 2**32 - 1))
def test_the_neighbour_sum_of_any_vector_is_the_adjacency_product(kind, rows, cols, seed):
    R = Rectangle(kind, rows, cols)
    X = np.random.default_rng(seed).integers(0, 5, size=(rows, cols))
    A = nx.to_numpy_array(R.graph(), nodelist=list(R.cells), dtype=np.int64)
    assert np.array_equal(R.neighbour_sum(X).ravel(), A @ X.ravel())


def test_cells_behave_as_the_list_of_nodes():
    cells, nodes = Cells(3, 4), list(pt.board("grid:3x4"))
    assert cells == nodes and nodes == list(cells) and cells[-1] == nodes[-1] and cells[2:5] == nodes[2:5]
    assert cells.index((2, 1)) == nodes.index((2, 1)) and cells.positions == {v: i for i, v in enumerate(nodes)}
    assert (np.int64(1), np.int64(2)) in cells and cells.positions[(np.int64(1), 2)] == 6  # as a dict would
    assert (3, 0) not in cells and (0, 4) not in cells and "0,0" not in cells and (0, 0, 0) not in cells
    with pytest.raises(IndexError):
        cells[12]
    with pytest.raises(ValueError):
        cells.index((5, 5))
    assert pickle.loads(pickle.dumps(cells)) == cells


def test_other_specs_are_not_rectangles_and_bad_sizes_are_refused_as_boards_refuse_them():
    assert rectangle("hex:3") is None and rectangle("rect:3x2") is None and rectangle(pt.board("grid:2x2")) is None
    assert rectangle("gridiron.graphml") is None
    for bad in ("grid:0x3", "torus:3x", "cylinder:"):
        with pytest.raises(BoardSpecError) as error:
            rectangle(bad)
        with pytest.raises(BoardSpecError) as again:
            pt.board(bad)
        assert str(error.value) == str(again.value)
    with pytest.raises(BoardSpecError, match="rows must be a positive integer"):
        Rectangle("grid", 0, 3)
    with pytest.raises(BoardSpecError, match="not 'hex'"):
        Rectangle("hex", 2, 3)


def test_the_board_package_names_each_modules_exports():
    import importlib

    import parity.boards as boards

    for module, names in boards._MODULES.items():
        assert tuple(importlib.import_module(f"parity.boards.{module}").__all__) == names, module
    assert sorted(boards.__all__) == sorted(n for names in boards._MODULES.values() for n in names)
    assert all(getattr(boards, name) is not None for name in boards.__all__)


def test_reading_a_region_needs_no_networkx():
    import subprocess
    import sys

    code = ("import sys; from parity.boards import region; region('rect:10x6'); "
            "print('networkx' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.split() == ["False"], done.stderr
