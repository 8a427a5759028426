"""Packings of pieces made of segments: no two pieces cross, every engine agrees, the published count."""

from __future__ import annotations

import math

import pytest

import parity as pt
from parity.boards import region
from parity.errors import InvalidSolution
from parity.pieces import piece_set
from parity.puzzles import Polyomino

ENGINES = ("pack", "scan", "dlx", "memo", "sat", "cms")


def _cross(lattice, first, second) -> bool:
    """Whether two pieces of segments cross: at a point both reach, the directions of the one's segments and of
    the other's interleave round the point (a b a b in turn), each piece's directions read as angles."""
    def turns(piece):
        seen: dict = {}
        for segment in piece:
            for here, there in (lattice.ends(segment), reversed(lattice.ends(segment))):
                (x0, y0), (x1, y1) = lattice.position(here), lattice.position(there)
                seen.setdefault(here, set()).add(round(math.degrees(math.atan2(y1 - y0, x1 - x0))) % 360)
        return seen

    ours, theirs = turns(first), turns(second)
    for point in set(ours) & set(theirs):
        round_the_point = sorted([(angle, 0) for angle in ours[point]] + [(angle, 1) for angle in theirs[point]])
        owners = [owner for _, owner in round_the_point]
        changes = sum(owners[i] != owners[i - 1] for i in range(len(owners)))
        if changes >= 4:  # a b a b: each separates the other's directions
            return True
    return False


def brute_distick_tilings(board: str) -> int:
    """Tilings of a board's segments by pairs of segments that meet, found by pairing the first free segment with
    each free neighbour in turn, kept where no two pairs cross (:func:`_cross`)."""
    _, cells, lattice = region(board)
    free = set(cells)

    def pairings(pairs: list) -> int:
        if not free:
            return 1
        a = min(free)
        free.discard(a)
        total = 0
        for b in lattice.neighbours(a):
            if b in free and not any(_cross(lattice, (a, b), pair) for pair in pairs):
                free.discard(b)
                total += pairings([*pairs, (a, b)])
                free.add(b)
        free.add(a)
        return total

    return pairings([])


@pytest.mark.parametrize("board", ["sticks-rect:1x1", "sticks-rect:2x2", "sticks-rect:3x2", "sticks-rect:4x1",
                                   "trigs-parallelogram:1x1", "trigs-parallelogram:2x1", "trigs-parallelogram:2x2",
                                   "twigs-parallelogram:2x2", "twigs-parallelogram:3x2", "sticks-triangle:3",
                                   "sticks-diamond:2x2", "trigs-hexagon:1", "twigs-hexagon:2"])
def test_tilings_by_pairs_of_segments_against_brute_force_on_every_engine(board):
    lattice = region(board)[2]
    family = {"sticks": "polysticks", "trigs": "polytrigs", "twigs": "polytwigs"}[lattice.name]
    puzzle = Polyomino(piece_set(family, 2), board, lattice=lattice.name, copies="any")
    expected = brute_distick_tilings(board)
    assert {engine: pt.count(puzzle, engine=engine) for engine in ENGINES} == dict.fromkeys(ENGINES, expected)


@pytest.mark.parametrize("board, segments, symmetries", [
    ("sticks-triangle:3", 18, 2),   # a staircase of 6 squares, mirror-symmetric about its diagonal
    ("sticks-diamond:3x7", 84, 4),  # Polyform Puzzler's figure: the polysticks of orders 1-4 (1 + 4 + 15 + 64)
    ("sticks-diamond:2x2", 16, 8),
    ("trigs-triangle:2", 9, 6),     # 4 small triangles
    ("trigs-hexagon:2", 42, 12),    # 24 triangles: (3 x 24 + 12 boundary edges) / 2
    ("twigs-hexagon:1", 6, 12),     # one hexagon
    ("twigs-hexagon:3", 72, 12),    # 19 hexagons: (6 x 19 + 30 boundary edges) / 2
])
def test_the_named_boards_of_segments(board, segments, symmetries):
    lattice = region(board)[2]
    family = {"sticks": "polysticks", "trigs": "polytrigs", "twigs": "polytwigs"}[lattice.name]
    puzzle = Polyomino(piece_set(family, 1), board, lattice=lattice.name, copies="any")
    assert (len(puzzle.cells), len(puzzle.symmetries().perms)) == (segments, symmetries)


def test_tristick_tilings_every_engine_and_burnside():
    puzzle = Polyomino("tristicks", "sticks-rect:2x2", copies="any")
    assert {engine: pt.count(puzzle, engine=engine) for engine in ENGINES} == dict.fromkeys(ENGINES, 51)
    result = pt.count_result(puzzle, up_to_symmetry=True)
    assert (result.stats["count_up_to_symmetry"], result.stats["symmetries"]) == (10, 8)
    for solution in pt.solutions(puzzle, limit=5):
        puzzle.verify(solution)


def test_pieces_may_touch_but_not_cross():
    puzzle = Polyomino({"I": [(0, 0, 0), (1, 0, 0)], "L": [(0, 0, 0), (0, 0, 1)]}, "sticks-rect:2x2",
                       lattice="sticks", copies="any")
    # a plus sign of two straight disticks crossing at the centre, the rest in corners: refused
    crossing = {"I#1": ((0, 1, 0), (1, 1, 0)), "I#2": ((1, 0, 1), (1, 1, 1)),
                "L#1": ((0, 0, 0), (0, 0, 1)), "L#2": ((1, 0, 0), (2, 0, 1)),
                "L#3": ((0, 1, 1), (0, 2, 0)), "L#4": ((1, 2, 0), (2, 1, 1))}
    with pytest.raises(InvalidSolution, match="may not cross"):
        puzzle.verify(crossing)
    assert puzzle.crossings([(0, 1, 0), (1, 1, 0)]) == ["1,1i"] and puzzle.crossings([(0, 0, 0), (0, 0, 1)]) == []


def test_segment_pieces_round_trip_through_polyform_puzzlers_lines():
    from parity.puzzles.polyomino.puzzler import read_solution_lines, solution_lines

    puzzle = Polyomino("tristicks", "sticks-rect:3x3", copies="any")
    solution = pt.solve(puzzle).solution
    assert read_solution_lines(puzzle, solution_lines(puzzle, solution)) == {
        name: tuple(sorted(cells)) for name, cells in solution.items()}


@pytest.mark.slow
def test_fifteen_of_the_sixteen_tetrasticks_in_the_6x6_grid_as_published():
    # Polyform Puzzler, "Polysticks: Puzzles & Solutions": 15 of 16 tetrasticks, 6x6 grid (of points): 1795
    # solutions, one of the five pieces with two more segments one way than the other left out.  Two routes: the
    # catalogue's one problem (Polyform Puzzler's item '!' and an option per piece that may be left out), and five
    # problems of 15 pieces each, counted apart and added
    tetrasticks = piece_set("polysticks", 4)
    lopsided = [n for n, cells in tetrasticks.items() if abs(2 * sum(c[2] == 0 for c in cells) - 4) == 2]
    assert sorted(lopsided) == ["H", "J", "L", "N", "Y"]  # the pieces Polyform Puzzler leaves out
    apart = 0
    for left_out in lopsided:
        pieces = {n: cells for n, cells in tetrasticks.items() if n != left_out}
        apart += pt.count_result(Polyomino(pieces, "sticks-rect:5x5", lattice="sticks"),
                                 up_to_symmetry=True).stats["count_up_to_symmetry"]
    together = pt.count_result(Polyomino("tetrasticks", "sticks-rect:5x5", omit_one_of="HJLNY"), up_to_symmetry=True)
    assert apart == together.stats["count_up_to_symmetry"] == 1795
    assert together.count == 8 * 1795  # no packing is its own mirror image or turn


def test_polyform_puzzlers_pieces_of_segments_are_parity_s_classes_one_to_one():
    # Polyform Puzzler's piece data (its names and segments) falls into the classes parity grows, one each; its
    # mirror images are the lower-case names of the one-sided sets, and its welded tetrasticks are F H R T X Y
    from parity.puzzles.polyomino import SEGMENT_NAMES

    family = {"sticks": "polysticks", "trigs": "polytrigs", "twigs": "polytwigs"}
    for (lattice, order), named in SEGMENT_NAMES.items():
        assert set(piece_set(family[lattice], order)) == set(named), (lattice, order)
        one_sided = set(piece_set(family[lattice], order, one_sided=True))
        assert set(named) <= one_sided and all(n in named or n.upper() in named for n in one_sided)
    assert sorted(piece_set("polysticks", 4, welded_only=True)) == list("FHRTXY")
