"""Polyform Puzzler's solution layouts: the FAQ's own example read and verified, every lattice round-tripped."""

from __future__ import annotations

import pytest

import parity as pt
from parity.errors import InvalidSolution
from parity.puzzles import Polyomino
from parity.puzzles.puzzler_files import read_solution_grid, read_solution_lines, solution_grid, solution_lines

#: the FAQ's 6 x 10 pentomino solution, with its labels, as the FAQ prints it
FAQ_6X10 = """\
5 N Z I I I I I U U U
4 N Z Z Z P P P U W U
3 N N T Z X P P W W L
2 V N T X X X W W F L
1 V T T T X Y F F F L
y=0 V V V Y Y Y Y F L L
x=0 1 2 3 4 5 6 7 8 9
"""


def test_the_faqs_solution_is_read_and_verified_and_its_coordinate_line_matches():
    puzzle = Polyomino("pentominoes", "rect:10x6")
    solution = read_solution_grid(puzzle, FAQ_6X10)
    lines = solution_lines(puzzle, solution).splitlines()
    assert "0,0 0,1 0,2 1,0 2,0 V" in lines  # the FAQ's own line for the V piece
    assert read_solution_lines(puzzle, "\n".join(lines)) == solution
    assert read_solution_grid(puzzle, solution_grid(puzzle, solution)) == solution
    assert solution_grid(puzzle, solution).splitlines()[-1] == "V V V Y Y Y Y F L L"


@pytest.mark.parametrize("pieces, board", [("pentominoes", "rect:20x3"), ("hexiamonds", "tri-hexagon:10x4"),
                                           ("tetrahexes", "hex-coin"), ("soma", "box:3x3x3"),
                                           ("one-sided-tetrominoes", "rect:7x4")])
def test_every_lattice_round_trips(pieces, board):
    puzzle = Polyomino(pieces, board)
    for solution in pt.solutions(puzzle, limit=3):
        assert read_solution_lines(puzzle, solution_lines(puzzle, solution)) == {
            name: tuple(sorted(cells)) for name, cells in solution.items()}


def test_bad_text_and_wrong_solutions_are_refused():
    puzzle = Polyomino("pentominoes", "rect:10x6")
    lines = solution_lines(puzzle, read_solution_grid(puzzle, FAQ_6X10)).splitlines()
    with pytest.raises(InvalidSolution, match="line 1: expected cells"):
        read_solution_lines(puzzle, "0,0 0,1 V W\n")
    with pytest.raises(InvalidSolution, match="placed twice"):
        read_solution_lines(puzzle, "\n".join(lines + lines[:1]))
    moved = FAQ_6X10.replace("y=0 V V V Y", "y=0 V V Y V")
    with pytest.raises(InvalidSolution):
        read_solution_grid(puzzle, moved)
    with pytest.raises(InvalidSolution, match="board is 10 wide"):
        read_solution_grid(puzzle, "N Z I I I I I U U U U U\n")
    with pytest.raises(InvalidSolution, match="letter grid"):
        solution_grid(Polyomino("tetrahexes", "hex-coin"), {})


def test_points_of_the_wrong_size_and_text_that_is_not_text_are_refused():
    puzzle = Polyomino("pentominoes", "rect:10x6")
    with pytest.raises(InvalidSolution, match="has 3 coordinates; this board's have 2"):
        read_solution_lines(puzzle, "0,0,0 0,1,0 0,2,0 1,0,0 2,0,0 V\n")
    with pytest.raises(InvalidSolution, match="has 2 coordinates; this board's have 3"):
        read_solution_lines(Polyomino("soma", "box:3x3x3"), "0,0 0,1 1,0 V\n")
    for text in (None, b"0,0 V"):
        with pytest.raises(InvalidSolution, match="a string"):
            read_solution_lines(puzzle, text)
        with pytest.raises(InvalidSolution, match="a string"):
            read_solution_grid(puzzle, text)
