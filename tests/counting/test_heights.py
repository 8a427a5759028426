"""The compiled 3-colouring sweep over grids: published tables, brute force, a transfer matrix, the frontier."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import parity as pt
from parity.counting import ColoringProblem, count_colourings
from parity.counting.heights import ROUTES, colouring_residues, count_bound, grid_colourings, grid_shape, word_primes
from parity.data.oeis import A068253, A078102
from parity.errors import ParityError
from parity.linalg.gfp import is_prime

from test_frontier import transfer_matrix  # (pytest puts this folder on the path)

#: OEIS A207997, the 3-colourings of the n x k grid up to permuting the colours (the entry's table, rows 1..8)
A207997 = [
    [1, 1, 2, 4, 8, 16, 32, 64],
    [1, 3, 9, 27, 81, 243, 729, 2187],
    [2, 9, 41, 187, 853, 3891, 17749, 80963],
    [4, 27, 187, 1302, 9075, 63267, 441090, 3075255],
    [8, 81, 853, 9075, 96831, 1034073, 11045757, 117997043],
    [16, 243, 3891, 63267, 1034073, 16932816, 277458045, 4547477370],
    [32, 729, 17749, 441090, 11045757, 277458045, 6978332618, 175605187731],
    [64, 2187, 80963, 3075255, 117997043, 4547477370, 175605187731, 6787438272198],
]


def brute_force(m: int, n: int) -> int:
    """Every assignment of 3 colours to the m x n cells tried."""
    cells = [(r, c) for r in range(m) for c in range(n)]
    edges = [(i, j) for i, a in enumerate(cells) for j, b in enumerate(cells) if i < j
             and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1]
    return sum(all(x[i] != x[j] for i, j in edges) for x in itertools.product(range(3), repeat=m * n))


@pytest.mark.parametrize("route", ROUTES)
def test_the_published_square_grids(route):
    assert [grid_colourings(n, n, route=route) // 3 for n in range(1, len(A068253) + 1)] == A068253


@pytest.mark.parametrize("route", ROUTES)
def test_the_published_near_square_grids(route):
    # A078102: a sixth of the 3-colourings of the (n-2) x n grid, n = 3..15, the last from another author
    assert [grid_colourings(n - 2, n, route=route) // 6 for n in range(3, 16)] == A078102


def test_the_published_table_up_to_renaming_through_the_engine():
    for m in range(1, 9):
        for n in range(1, 9):
            puzzle = pt.Coloring(f"grid:{m}x{n}", colors=3, symmetry_breaking=True)
            result = pt.count_result(puzzle)
            assert (result.engine, result.count) == ("heights", A207997[m - 1][n - 1]), (m, n)


@pytest.mark.parametrize("m, n", [(1, 1), (1, 6), (2, 2), (2, 5), (3, 3), (3, 4), (2, 6)])
def test_small_grids_against_brute_force(m, n):
    expected = brute_force(m, n)
    assert grid_colourings(m, n) == grid_colourings(m, n, route="halves") == grid_colourings(n, m) == expected


@pytest.mark.parametrize("m, n", [(9, 4), (7, 5), (6, 6), (17, 2), (12, 3)])  # rows of n cells in the matrix
def test_rectangles_against_a_transfer_matrix(m, n):
    assert grid_colourings(m, n) == grid_colourings(m, n, route="halves") == transfer_matrix(m, n, 3)


@given(st.integers(1, 9), st.integers(1, 14))
def test_both_routes_and_the_frontier_program_agree(m, n):
    counted = grid_colourings(m, n)
    assert grid_colourings(m, n, route="halves") == counted == grid_colourings(n, m, route="halves")
    if min(m, n) <= 6:
        assert count_colourings(ColoringProblem(nx.grid_2d_graph(m, n), 3)) == counted
    assert counted // 3 < count_bound(m, n)


def test_the_primes_are_primes_and_their_product_covers_the_bound():
    primes = word_primes(9, 1 << 62)
    assert all(is_prime(q) and q < 1 << 62 for q in primes) and len(set(primes)) == 9
    assert not any(is_prime(q) for q in range(primes[0] + 1, 1 << 62))


def test_grids_are_recognised_and_nothing_else():
    assert grid_shape(pt.board("grid:4x6")) == (4, 6)
    assert grid_shape(nx.grid_2d_graph(1, 1)) == (1, 1)
    missing = nx.grid_2d_graph(3, 3)
    missing.remove_edge((0, 0), (0, 1))
    diagonal = nx.grid_2d_graph(3, 3)
    diagonal.remove_edge((0, 0), (0, 1))
    diagonal.add_edge((0, 0), (1, 1))
    shifted = nx.relabel_nodes(nx.grid_2d_graph(2, 2), {v: (v[0] + 1, v[1]) for v in nx.grid_2d_graph(2, 2)})
    for G in (missing, diagonal, shifted, pt.board("torus:4x4"), nx.cycle_graph(4), nx.Graph(),
              nx.convert_node_labels_to_integers(nx.grid_2d_graph(3, 3))):
        assert grid_shape(G) is None


def test_the_engine_is_the_default_only_where_it_applies():
    assert pt.count_result(pt.Coloring("grid:7x9", colors=3)).engine == "heights"
    for puzzle in (pt.Coloring("grid:3x3", colors=4), pt.Coloring("torus:3x3", colors=3),
                   pt.Coloring("grid:3x3", colors=3, clues={(0, 0): 1}), pt.Coloring("petersen", colors=3)):
        assert pt.count_result(puzzle).engine == "frontier"
        with pytest.raises(pt.errors.EngineNotApplicableError, match="heights"):
            pt.count(puzzle, engine="heights")
    with pytest.raises(pt.errors.EngineNotApplicableError, match="counts solutions but finds none"):
        pt.solve(pt.Coloring("grid:3x3", colors=3), engine="heights")


@pytest.mark.parametrize("m, n, route, match", [(0, 3, "sweep", "rows"), (3, True, "sweep", "columns"),
                                                 ("3", 3, "sweep", "rows"), (3, 2.5, "sweep", "columns"),
                                                 (3, 3, "both", "unknown route"), (31, 31, "sweep", "30 cells"),
                                                 (3, 10**30, "sweep", "longer side")])
def test_bad_input_is_told_in_one_line(m, n, route, match):
    with pytest.raises(ParityError, match=match):
        grid_colourings(m, n, route=route)
    for threads in (0, 2.5, "a", True):
        with pytest.raises(ParityError, match="threads"):
            grid_colourings(3, 3, threads=threads)
    with pytest.raises(ParityError, match="progress"):
        grid_colourings(3, 3, progress=5)


def test_progress_is_told_row_by_row():
    seen = []
    grid_colourings(5, 6, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(i, 25) for i in range(1, 26)]


@given(st.integers(3, 12), st.integers(2, 9), st.sampled_from(ROUTES), st.integers(1, 3))
def test_the_halved_table_gives_the_reference_sweeps_residues(m, n, route, threads):
    # one state of each colour-swapped pair kept, the others read at their images: the same residues as the
    # sweep over every state, prime by prime, whatever the threads
    primes = word_primes(2, 1 << 62 if route == "sweep" else 1 << 31)
    assert (colouring_residues(m, n, route, primes, threads=threads)
            == colouring_residues(m, n, route, primes, threads=1, halved=False))


@pytest.mark.parametrize("m, n, route", [(18, 3, "sweep"), (19, 2, "halves")])
def test_the_halved_table_cut_between_threads(m, n, route):
    # tables of 2^16 states and more are cut between threads, in the middle of the kernel's runs
    primes = word_primes(1, 1 << 62 if route == "sweep" else 1 << 31)
    assert (colouring_residues(m, n, route, primes, threads=3)
            == colouring_residues(m, n, route, primes, threads=1, halved=False))
