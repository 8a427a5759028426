"""Symmetry: group orders from the literature, Burnside against brute-force orbits, both routes agree, lex-leader."""


import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parity as pt
import parity.testing
from parity.cnf import backend
from parity.errors import LimitError
from parity.puzzles import Coloring, LightsOut
from parity.api import count_up_to_symmetry
from parity.symmetry import (
    automorphisms,
    edge_action,
    face_action,
    lex_leader_clauses,
    orbits,
    orientation,
)


@pytest.mark.parametrize("board, order, rotations", [
    ("dodecahedron", 120, 60), ("icosahedron", 120, 60), ("dodecahedron-conway", 120, 60),
    ("icosahedron-net", 120, 60), ("cube", 48, 24), ("octahedron", 48, 24), ("tetrahedron", 24, 12),
    ("grid:3x3", 8, 4), ("grid:5x5", 8, 4), ("grid:3x5", 4, 2), ("petersen", 120, None),
])
def test_group_orders(board, order, rotations):
    G = pt.board(board)
    nodes, perms = automorphisms(G)
    assert perms.shape == (order, G.number_of_nodes()) and (perms[0] == np.arange(len(nodes))).all()
    assert len({tuple(p) for p in perms}) == order
    edges = {frozenset(e) for e in G.edges()}
    for perm in perms:  # every element is an automorphism, checked on the edge set directly
        assert {frozenset((nodes[perm[nodes.index(u)]], nodes[perm[nodes.index(v)]])) for u, v in G.edges()} == edges
    kept = orientation(G, nodes, perms)
    assert (kept is None and rotations is None) or int(kept.sum()) == rotations
    if kept is not None:  # the rotations form a subgroup: closed under composition
        rot = {tuple(p) for p, k in zip(perms, kept) if k}
        assert all(tuple(np.array(a)[list(b)]) in rot for a in rot for b in list(rot)[:5])


def test_edge_and_face_actions_are_permutations():
    G = pt.board("dodecahedron")
    nodes, perms = automorphisms(G)
    for items, acting in (edge_action(G, nodes, perms), face_action(G, nodes, perms)):
        assert all(sorted(row) == list(range(len(items))) for row in acting)
    assert len(orbits(Coloring("dodecahedron", 3, element="edges").symmetries())) == 1


def grid_orbits(solutions, n, mirrors):
    """Orbits of n x n press patterns under rotations (and mirrors), by turning the pictures themselves."""
    def rotate(g):
        return tuple(tuple(g[n - 1 - c][r] for c in range(n)) for r in range(n))

    def mirror(g):
        return tuple(tuple(row[::-1]) for row in g)

    seen = set()
    for s in solutions:
        g = tuple(tuple(s[(r, c)] for c in range(n)) for r in range(n))
        images = set()
        for _ in range(4):
            images.add(g)
            if mirrors:
                images.add(mirror(g))
            g = rotate(g)
        seen.add(frozenset(images))
    return len(seen)


@pytest.mark.parametrize("n", [3, 4, 5, 9])
def test_lights_out_up_to_symmetry_against_turned_pictures(n):
    puzzle = LightsOut(f"grid:{n}x{n}")
    stats = pt.count_result(puzzle, up_to_symmetry=True).stats
    listed = list(pt.solutions(puzzle))
    assert stats["count_up_to_symmetry"] == grid_orbits(listed, n, mirrors=True)
    assert stats["count_up_to_rotation"] == grid_orbits(listed, n, mirrors=False)
    if n == 4:  # the seed: sixteen solutions, "five distinct patterns" (rotations and mirrors); six by rotations
        assert (len(listed), stats["count_up_to_symmetry"], stats["count_up_to_rotation"]) == (16, 5, 6)


def brute_orbits(puzzle, recolour):
    """Distinct least images over the group (applied to each solution), no Burnside."""
    sym = puzzle.symmetries(recolour=recolour)
    hs = [None] if sym.value_perms is None else range(len(sym.value_perms))
    classes = set()
    for s in pt.solutions(puzzle, engine="sat"):
        classes.add(min(tuple(sym.act(g, s, h)[i] for i in sym.items) for g in range(len(sym.perms)) for h in hs))
    return len(classes)


@pytest.mark.parametrize("board, k, element", [("petersen", 3, "vertices"), ("cube", 3, "vertices"),
                                               ("cube", 3, "faces"), ("tetrahedron", 3, "edges"),
                                               ("grid:3x3", 3, "vertices"), ("dodecahedron", 4, "faces")])
@pytest.mark.parametrize("recolour", [False, True])
def test_colourings_up_to_symmetry_against_brute_force(board, k, element, recolour):
    puzzle = Coloring(board, colors=k, element=element)
    assert count_up_to_symmetry(puzzle, recolour=recolour)["count_up_to_symmetry"] == brute_orbits(puzzle, recolour)


@settings(max_examples=25)
@given(st.integers(2, 4), st.integers(2, 4), st.sampled_from(["closed", "open"]), st.integers(0, 3))
def test_rank_route_equals_enumeration_route(m, n, rule, seed):
    start = "all-on" if seed == 0 else f"random:{seed}"
    puzzle = LightsOut(f"grid:{m}x{n}", rule=rule, start=start)
    by_rank = count_up_to_symmetry(puzzle)
    by_listing = count_up_to_symmetry(puzzle, engine="sat")
    assert by_rank["symmetry_method"] == "burnside-rank" and by_listing["symmetry_method"] == "burnside-enumeration"
    assert by_rank["count_up_to_symmetry"] == by_listing["count_up_to_symmetry"]
    assert by_rank.get("count_up_to_rotation") == by_listing.get("count_up_to_rotation")


@pytest.mark.parametrize("board, k, recolour", [("petersen", 3, False), ("cube", 3, False), ("grid:3x3", 2, True),
                                                ("cube", 3, True)])
def test_lex_leader_keeps_one_solution_per_orbit(board, k, recolour):
    puzzle = Coloring(board, colors=k)
    sym = puzzle.symmetries(recolour=recolour)
    formula = puzzle.cnf()
    colour_of = {}  # each one-hot variable, named by what the formula's own decoding reads from it
    for var in formula.primary:
        ((item, c),) = formula.decode([var]).items()
        colour_of[(item, c)] = var
    variables = [[colour_of[(item, c)] for c in range(k)] for item in sym.items]
    lex_leader_clauses(formula, sym, variables)
    assert backend("sat").count(formula) == count_up_to_symmetry(Coloring(board, colors=k), recolour=recolour)[
        "count_up_to_symmetry"]


def test_errors():
    with pytest.raises(LimitError, match="not interchangeable"):
        LightsOut("grid:3x3").symmetries(recolour=True)
    with pytest.raises(LimitError, match="clues"):
        Coloring("petersen", 3, clues={0: 1}).symmetries(recolour=True)
    with pytest.raises(LimitError, match="more than 10 symmetries"):
        automorphisms(nx.complete_graph(5), limit=10)
    run = pt.testing.run_cli("count", "lightsout", "--board", "grid:3x3", "--up-to-symmetry", "--recolour")
    assert run.code == 2 and "not interchangeable" in run.err


@pytest.mark.parametrize("spec", ["tetrahedron", "cube", "octahedron", "dodecahedron", "icosahedron",
                                  "dodecahedron-conway", "icosahedron-net"])
def test_a_polyhedron_s_automorphisms_from_its_faces_are_vf2_s(spec):
    """The faces' route (a flag and the side of the surface fix an automorphism) finds every automorphism VF2's
    generic search finds, and no other."""
    from networkx.algorithms.isomorphism import GraphMatcher

    from parity.symmetry import automorphisms

    G = pt.board(spec)
    nodes, perms = automorphisms(G)
    index = {v: i for i, v in enumerate(nodes)}
    vf2 = {tuple(index[m[v]] for v in nodes) for m in GraphMatcher(G, G).isomorphisms_iter()}
    assert G.graph.get("kind") == "polyhedron" and {tuple(p) for p in perms.tolist()} == vf2
    assert len(perms) == len(vf2) and (perms[0] == range(len(nodes))).all()
