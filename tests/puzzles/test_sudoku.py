"""Sudoku: published grids and counts, uniqueness, and the exact-cover and CNF routes against each other."""

import json

import pytest

import parity as pt
from parity.errors import InvalidSolution, StateError
from parity.puzzles import Sudoku
from parity.testing import run_cli

#: Arto Inkala's "hardest" puzzle and its published solution
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
INKALA_SOLUTION = "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
#: a 17-clue puzzle from Gordon Royle's list, and its solution
SEVENTEEN = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
SEVENTEEN_SOLUTION = "693784512487512936125963874932651487568247391741398625319475268856129743274836159"


@pytest.mark.parametrize("givens, solution", [(INKALA, INKALA_SOLUTION), (SEVENTEEN, SEVENTEEN_SOLUTION)])
def test_published_puzzles(givens, solution):
    puzzle = Sudoku(givens)
    for engine in ("dlx", "sat"):
        result = pt.solve(puzzle, engine)
        assert result.stats["unique"] is True
        assert puzzle.to_json(result.solution)["grid"] == solution
    assert pt.count(puzzle, engine="cms") == 1


def test_the_empty_4x4_has_288_grids():
    puzzle = Sudoku("." * 16)
    assert pt.count(puzzle) == pt.count(puzzle, engine="sat") == pt.count(puzzle, engine="ganak") == 288


def test_a_puzzle_with_two_solutions_is_not_unique():
    givens = list(INKALA_SOLUTION)
    # an unavoidable rectangle: rows 1-2, columns that hold the same two digits, emptied
    for r, c in [(0, 0), (0, 1), (1, 0), (1, 1)]:
        givens[9 * r + c] = "."
    result = pt.solve(Sudoku("".join(givens)))
    assert pt.count(Sudoku("".join(givens))) >= 1
    assert result.stats["unique"] is (pt.count(Sudoku("".join(givens))) == 1)


def test_verify_and_errors():
    puzzle = Sudoku(INKALA)
    grid = pt.solve(puzzle).solution
    grid[0][0], grid[0][1] = grid[0][1], grid[0][0]
    with pytest.raises(InvalidSolution):
        puzzle.verify(grid)
    with pytest.raises(StateError, match="n\\^4 cells"):
        Sudoku("123")
    with pytest.raises(StateError, match="is not a digit"):
        Sudoku("x" + "." * 80)
    run = run_cli("solve", "sudoku", INKALA, "--json")
    payload = json.loads(run.out)
    assert payload["grid"] == INKALA_SOLUTION and payload["unique"] is True
