"""The frontier counter of colourings: brute force, deletion-contraction, closed forms, a transfer matrix."""

from __future__ import annotations

import itertools
import random
from math import comb, perm

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import parity as pt
from parity.boards import random_graph
from parity.counting import ColoringProblem, chromatic_polynomial, count_colourings
from parity.counting.frontier import partition_counts
from parity.errors import TooLargeError


def brute_force(G: nx.Graph, k: int, clues: dict) -> int:
    """Every assignment of k colours tried."""
    nodes = list(G)
    total = 0
    for colours in itertools.product(range(k), repeat=len(nodes)):
        c = dict(zip(nodes, colours))
        total += all(c[v] == colour for v, colour in clues.items()) and all(c[u] != c[v] for u, v in G.edges())
    return total


def deletion_contraction(G: nx.Graph) -> list[int]:
    """P(G) = P(G - e) - P(G / e), coefficients constant term first (for a few nodes)."""
    if any(G.has_edge(v, v) for v in G):
        return [0] * (G.number_of_nodes() + 1)
    if G.number_of_edges() == 0:
        return [0] * G.number_of_nodes() + [1]
    u, v = next(iter(G.edges()))
    deleted = G.copy()
    deleted.remove_edge(u, v)
    contracted = nx.contracted_nodes(G, u, v, self_loops=False)
    contracted = nx.Graph(contracted)
    a, b = deletion_contraction(deleted), deletion_contraction(contracted)
    return [x - (b[i] if i < len(b) else 0) for i, x in enumerate(a)]


@given(st.integers(0, 2**32 - 1), st.integers(1, 4), st.integers(0, 3))
def test_counts_like_brute_force_with_and_without_clues(seed, k, n_clues):
    rng = random.Random(seed)
    G = random_graph(rng, 1, 7)
    nodes = list(G)
    clues = {v: rng.randrange(k) for v in rng.sample(nodes, min(n_clues, len(nodes)))}
    assert count_colourings(ColoringProblem(G, k, clues)) == brute_force(G, k, clues)


@given(st.integers(0, 2**32 - 1))
def test_the_chromatic_polynomial_by_deletion_and_contraction(seed):
    G = random_graph(random.Random(seed), 1, 7)
    assert chromatic_polynomial(G) == deletion_contraction(G)


@pytest.mark.parametrize("n", range(1, 9))
def test_closed_forms_of_cycles_paths_and_complete_graphs(n):
    for k in range(5):
        if n >= 3:
            assert count_colourings(ColoringProblem(nx.cycle_graph(n), k)) == (k - 1) ** n + (-1) ** n * (k - 1)
        assert count_colourings(ColoringProblem(nx.path_graph(n), k)) == k * (k - 1) ** (n - 1)
        assert count_colourings(ColoringProblem(nx.complete_graph(n), k)) == perm(k, n)
    # partitions of K_{1,n} into j independent sets: the centre alone, the leaves in j - 1 classes (Stirling)
    star = partition_counts(nx.star_graph(n), n + 1)
    assert star[2] == 1 and sum(star) == sum(_stirling2(n, j) for j in range(n + 1))


def _stirling2(n: int, j: int) -> int:
    return sum((-1) ** i * comb(j, i) * (j - i) ** n for i in range(j + 1)) // perm(j, j)


def transfer_matrix(m: int, n: int, k: int, torus: bool = False) -> int:
    """k-colourings of the m x n grid (or torus) row by row: proper rows, compatible pairs, a matrix power."""
    rows = [r for r in itertools.product(range(k), repeat=n)
            if all(r[i] != r[i + 1] for i in range(n - 1)) and not (torus and n > 2 and r[0] == r[-1])]
    fits = {r: [s for s in rows if all(a != b for a, b in zip(r, s))] for r in rows}
    if not torus:
        ways = {r: 1 for r in rows}
        for _ in range(m - 1):
            ways = {s: sum(ways[r] for r in rows if s in set(fits[r])) for s in rows}
        return sum(ways.values())
    total = 0
    for first in rows:  # closed walks of length m
        ways = {first: 1}
        for _ in range(m - 1):
            nxt: dict = {}
            for r, w in ways.items():
                for s in fits[r]:
                    nxt[s] = nxt.get(s, 0) + w
            ways = nxt
        total += sum(w for r, w in ways.items() if first in set(fits[r]))
    return total


@pytest.mark.parametrize("m, n, k", [(3, 3, 3), (4, 5, 3), (6, 6, 3), (7, 5, 3), (4, 4, 4), (5, 3, 5)])
def test_grids_against_a_transfer_matrix(m, n, k):
    assert pt.count(pt.Coloring(f"grid:{m}x{n}", colors=k), engine="frontier") == transfer_matrix(m, n, k)


@pytest.mark.parametrize("m, n, k", [(3, 3, 3), (4, 4, 3), (3, 5, 4), (5, 4, 3)])
def test_tori_against_a_transfer_matrix(m, n, k):
    result = pt.count_result(pt.Coloring(f"torus:{m}x{n}", colors=k))
    assert result.engine == "frontier" and result.count == transfer_matrix(m, n, k, torus=True)


def test_three_colourings_of_square_grids_start_as_published():
    # OEIS A078099: 3-colourings of the n x n grid graph
    assert [pt.count(pt.Coloring(f"grid:{n}x{n}", colors=3)) for n in range(1, 6)] == [3, 18, 246, 7812, 580986]


def test_the_ten_by_ten_grid_is_counted_exactly_and_said_so():
    result = pt.count_result(pt.Coloring("grid:10x10", colors=3), engine="frontier")
    assert (result.engine, result.stats["exact"], result.count) == ("frontier", True, 508279521493590763140)
    assert pt.count_result(pt.Coloring("grid:10x10", colors=3)).engine == "heights"  # the default on grids


def test_frontier_and_cnf_agree_with_symmetry_breaking_and_clues():
    for puzzle in (pt.Coloring("petersen", colors=3, symmetry_breaking=True),
                   pt.Coloring("grid:3x3", colors=4, symmetry_breaking=True),
                   pt.Coloring("cube", colors=3, clues={0: 1}),
                   pt.Coloring("octahedron", colors=4, element="faces")):
        assert pt.count(puzzle, engine="frontier") == pt.count(puzzle, engine="cms"), puzzle


def test_a_wide_graph_goes_to_the_cnf_and_a_named_frontier_says_why():
    wide = pt.Coloring(nx.complete_graph(30), colors=3)
    assert pt.count_result(wide).engine != "frontier"
    with pytest.raises(TooLargeError, match="frontier"):
        count_colourings(ColoringProblem(nx.random_regular_graph(6, 40, seed=1), 5), limit=1000)
    with pytest.raises(pt.errors.EngineNotApplicableError, match="counts solutions but finds none"):
        pt.solve(pt.Coloring("petersen", colors=3), engine="frontier")


@given(st.integers(0, 2**32 - 1), st.integers(0, 15))
def test_a_bounded_order_gives_up_exactly_when_the_graph_is_wider(seed, most):
    from parity.counting.frontier import frontier_order, frontier_width

    G = random_graph(random.Random(seed), 1, 14)
    width = frontier_width(G, frontier_order(G))
    assert (frontier_order(G, most) is None) == (width > most)


def test_counting_up_to_symmetry_refuses_colour_symmetry_breaking():
    # Burnside's lemma needs every colouring; the broken set is not closed under the board's symmetries
    from parity.testing import run_cli

    with pytest.raises(pt.errors.LimitError, match="drop the colour symmetry breaking"):
        pt.count_result(pt.Coloring("grid:3x3", colors=3, symmetry_breaking=True), up_to_symmetry=True)
    code, out, err = run_cli("count", "coloring", "--board", "grid:2x2", "--colors", "3", "--break-symmetry",
                             "--up-to-symmetry")
    assert code == 2 and "symmetry breaking" in err and len(err.strip().splitlines()) == 1
    # what the user meant: up to the board's symmetries and renaming the colours (the 4-cycle: 2 classes)
    result = pt.count_result(pt.Coloring("grid:2x2", colors=3), up_to_symmetry=True, recolour=True)
    assert result.stats["count_up_to_symmetry"] == 2


# -- the default counter for many colours and for grids past the sweep ----------------------------------------------
def _falling(k: int, j: int) -> int:
    out = 1
    for i in range(j):
        out *= k - i
    return out


@pytest.mark.parametrize("board, colors, element, polynomial", [
    # published chromatic polynomials: the Petersen graph's, and the octahedron's (the cube's faces)
    ("petersen", 22, "vertices",
     lambda k: k * (k - 1) * (k - 2) * (k**7 - 12 * k**6 + 67 * k**5 - 230 * k**4 + 529 * k**3 - 814 * k**2
                                        + 775 * k - 352)),
    ("cube", 40, "faces", lambda k: k * (k - 1) * (k - 2) * (k**3 - 9 * k**2 + 29 * k - 32)),
    ("grid:3x3", 200, "vertices", None),
])
def test_many_colours_go_to_the_frontier_program_by_default(board, colors, element, polynomial):
    puzzle = pt.Coloring(board, colors=colors, element=element)
    result = pt.count_result(puzzle)
    assert result.engine == "frontier"
    if polynomial is None:  # the grid: deletion and contraction, evaluated at k
        coefficients = deletion_contraction(nx.grid_2d_graph(3, 3))
        polynomial = lambda k: sum(c * k**i for i, c in enumerate(coefficients))  # noqa: E731
    assert result.count == polynomial(colors)


def test_the_states_a_frontier_can_hold_bound_what_the_program_keeps():
    from parity.counting.frontier import state_bound

    for seed in range(20):
        G = random_graph(random.Random(seed), 4, 9)
        problem = ColoringProblem(G, 30)
        width = problem.width()
        counts = partition_counts(G, 30, problem.order())
        assert sum(1 for a in counts if a) <= state_bound(width, 30, G.number_of_nodes())  # (a loose sanity)
    # without clues the bound stops growing once the colours pass the nodes
    assert state_bound(6, 10, 8) == state_bound(6, 10**6, 8)
    assert state_bound(3, 2, 5, clues=True) == 8


def test_a_grid_past_the_sweep_is_refused_naming_the_engines_to_ask():
    with pytest.raises(TooLargeError, match=r"shorter side has more than 30 cells.*--engine frontier, --engine d4"):
        pt.count(pt.Coloring("grid:31x31", colors=3))
