"""Polyominoes: generated pieces against the published tables, counts against the seed, engines against each other."""

import pytest

import parity as pt
from parity.errors import InvalidSolution, LimitError
from parity.puzzles import Polyomino
from parity.puzzles.polyomino import polyominoes


def test_piece_counts_from_the_seed():
    # free polyominoes 1, 1, 2, 5, 12, 35, 108; one-sided tetrominoes 7, pentominoes 18 (OEIS A000105, A000988)
    assert [len(polyominoes(n)) for n in range(1, 8)] == [1, 1, 2, 5, 12, 35, 108]
    assert [len(polyominoes(n, one_sided=True)) for n in range(1, 7)] == [1, 1, 2, 7, 18, 60]
    assert sorted(Polyomino("pentominoes").pieces) == sorted("FILNPTUVWXYZ")


def test_3x20_pentominoes_two_up_to_symmetry():
    puzzle = Polyomino("pentominoes", "rect:20x3")
    result = pt.count_result(puzzle, up_to_symmetry=True)
    assert (result.count, result.stats["count_up_to_symmetry"]) == (8, 2)
    assert pt.count(puzzle, engine="sat") == 8


L3 = [(0, 0), (1, 0), (1, 1)]


@pytest.mark.parametrize("pieces, board, expected", [
    ("trominoes", "rect:3x2", 0),  # the straight tromino fills a row, the L cannot fill the other
    ("dominoes", "rect:2x1", 1),
    ("tetrominoes", "rect:5x4", 0),  # the classic parity argument: the T covers 3 of one colour
    ({"a": L3, "b": L3}, "rect:3x2", 4),  # two L-trominoes tile 2 x 3 in two ways, and the pieces swap
])
def test_small_packings_every_engine(pieces, board, expected):
    puzzle = Polyomino(pieces, board)
    for engine in ("dlx", "sat", "cms", "ganak"):
        assert pt.count(puzzle, engine=engine) == expected, engine


@pytest.mark.slow
def test_6x10_pentominoes_the_seeds_count():
    result = pt.count_result(Polyomino("pentominoes", "rect:10x6"), up_to_symmetry=True)
    assert (result.count, result.stats["count_up_to_symmetry"]) == (9356, 2339)


def test_ascii_boards_and_verification(tmp_path):
    board = tmp_path / "ring.txt"
    board.write_text("###\n#.#\n###\n")  # 8 cells: no pair of tetrominoes? dominoes fill it
    puzzle = Polyomino({"a": [(0, 0), (0, 1)], "b": [(0, 0), (0, 1)], "c": [(0, 0), (0, 1)], "d": [(0, 0), (0, 1)]},
                       str(board))
    assert pt.count(puzzle) == pt.count(puzzle, engine="sat") == 2 * 24  # two domino tilings of the ring, 4! labellings
    solution = pt.solve(puzzle).solution
    broken = dict(solution)
    broken["a"] = ((5, 5), (5, 6))
    with pytest.raises(InvalidSolution):
        puzzle.verify(broken)


def test_errors():
    with pytest.raises(LimitError, match="cover 60 cells and the board has 50"):
        Polyomino("pentominoes", "rect:10x5")
    with pytest.raises(LimitError, match="unknown piece set"):
        Polyomino("heptaminoes")
    run = pt.testing.run_cli("count", "polyomino", "--board", "rect:0x3")
    assert run.code == 2 and "rect:WxH" in run.err


import parity.testing  # noqa: E402


def test_polycube_counts_and_sets():
    from parity.puzzles.polyomino import _solid_set

    # polycubes up to rotation: 1, 1, 2, 8, 29 (OEIS A000162); Soma: 7 pieces, 27 cells
    assert [len(polyominoes(n, dimension=3)) for n in range(1, 6)] == [1, 1, 2, 8, 29]
    soma = _solid_set("soma")
    assert len(soma) == 7 and sum(len(p) for p in soma.values()) == 27
    assert len(_solid_set("solid-pentominoes")) == 12


def test_a_small_box_every_engine():
    # two L-tricubes (a chiral-free piece) fill a 1 x 2 x 3 box; the count by brute force of placements below
    L3 = [(0, 0, 0), (0, 1, 0), (0, 1, 1)]
    puzzle = Polyomino({"a": L3, "b": L3}, "box:1x2x3")
    counts = {engine: pt.count(puzzle, engine=engine) for engine in ("dlx", "sat", "cms")}
    cells = {(0, y, z) for y in range(2) for z in range(3)}
    from parity.puzzles.polyomino import orientations

    fits = set()
    for o in orientations(L3):
        for dy in range(2):
            for dz in range(3):
                placed = frozenset((x, y + dy, z + dz) for x, y, z in o)
                if placed <= cells:
                    fits.add(placed)
    brute = sum(1 for a in fits for b in fits if not a & b)  # ordered pairs: piece a, then piece b
    assert set(counts.values()) == {brute} and brute > 0


@pytest.mark.slow
def test_soma_and_tetracubes_the_seeds_counts():
    soma = pt.count_result(Polyomino("soma", "box:3x3x3"), up_to_symmetry=True)
    assert (soma.count, soma.stats["count_up_to_symmetry"]) == (11520, 240)  # mirror images identified
    tetra = pt.count_result(Polyomino("tetracubes", "box:2x2x8"), up_to_symmetry=True)
    assert tetra.stats["count_up_to_rotation"] == 224  # the seed counts this one up to rotations of the box
    from parity.symmetry import count_up_to_symmetry

    assert count_up_to_symmetry(Polyomino("solid-pentominoes", "box:3x4x5"))["count_up_to_symmetry"] == 3940


@pytest.mark.parametrize("pieces, board", [("pentominoes", "rect:20x3"), ("pentominoes", "rect:15x4"),
                                           ("one-sided-tetrominoes", "rect:7x4"), ("tetrominoes", "rect:10x2"),
                                           ({"a": [(0, 0), (0, 1)], "b": [(0, 0), (0, 1)]}, "rect:2x2")])
def test_pruned_orbit_counts_equal_burnside_over_every_solution(pieces, board):
    from parity.symmetry import count_up_to_symmetry

    puzzle = Polyomino(pieces, board) if not isinstance(pieces, dict) else Polyomino(pieces, board)
    pruned = count_up_to_symmetry(puzzle)
    full = count_up_to_symmetry(puzzle, method="burnside")
    assert full["symmetry_method"] == "burnside-enumeration"
    assert (pruned["count_up_to_symmetry"], pruned["count_up_to_rotation"]) == \
        (full["count_up_to_symmetry"], full["count_up_to_rotation"])


def test_one_sided_pentominoes_3x30_the_seeds_46():
    from parity.symmetry import count_up_to_symmetry

    assert count_up_to_symmetry(Polyomino("one-sided-pentominoes", "rect:30x3"))["count_up_to_symmetry"] == 46
