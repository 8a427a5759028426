"""Sudoku: published grids and counts, uniqueness, and the exact-cover and CNF routes against each other."""

import itertools
import json

import pytest
from hypothesis import given

import parity as pt
from parity.errors import InvalidSolution, StateError
from parity.puzzles import Sudoku
from parity.strategies import instances
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
    for engine in ("search", "dlx", "sat"):
        result = pt.solve(puzzle, engine)
        assert result.stats["unique"] is True
        assert puzzle.to_json(result.solution)["grid"] == solution
    assert pt.count(puzzle, engine="cms") == 1


def test_the_empty_4x4_has_288_grids():
    puzzle = Sudoku("." * 16)
    assert pt.count(puzzle) == pt.count(puzzle, engine="sat") == pt.count(puzzle, engine="ganak") == 288
    assert pt.count(puzzle, engine="search") == pt.count(puzzle, engine="dlx") == 288


def _completions(givens: str) -> set[str]:
    """Every filling of a 9 x 9 grid's empty cells that breaks no row, column or box: plain brute force."""
    empty = [k for k, ch in enumerate(givens) if ch == "."]
    assert len(empty) <= 5, "brute force over 9^empty fillings"
    found = set()
    for digits in itertools.product("123456789", repeat=len(empty)):
        grid = list(givens)
        for k, d in zip(empty, digits):
            grid[k] = d
        rows = [grid[9 * r:9 * r + 9] for r in range(9)]
        columns = [grid[c::9] for c in range(9)]
        boxes = [[grid[9 * (3 * (b // 3) + i) + 3 * (b % 3) + j] for i in range(3) for j in range(3)]
                 for b in range(9)]
        if all(len(set(unit)) == 9 for unit in rows + columns + boxes):
            found.add("".join(grid))
    return found


def test_a_puzzle_with_two_solutions_is_not_unique():
    # an unavoidable rectangle: rows 1-2 (one band, two boxes), columns 3 and 6, holding 2 3 / 3 2;
    # emptied, the two digits can be swapped, so the puzzle has exactly two solutions
    givens = list(INKALA_SOLUTION)
    for r, c in [(0, 2), (0, 5), (1, 2), (1, 5)]:
        givens[9 * r + c] = "."
    givens = "".join(givens)
    swapped = list(INKALA_SOLUTION)
    for k, d in [(2, "3"), (5, "2"), (11, "2"), (14, "3")]:
        swapped[k] = d
    expected = {INKALA_SOLUTION, "".join(swapped)}
    assert _completions(givens) == expected
    puzzle = Sudoku(givens)
    for engine in ("search", "dlx", "sat"):
        result = pt.solve(puzzle, engine, unique=True)
        assert result.stats["unique"] is False
        assert puzzle.to_json(result.solution)["grid"] in expected
        assert pt.count(puzzle, engine=engine) == 2
    assert {puzzle.to_json(grid)["grid"] for grid in pt.solutions(puzzle)} == expected
    # and with one of the four cells given back, the brute force and the library both find one solution
    one_given_back = INKALA_SOLUTION[:3] + givens[3:]
    assert _completions(one_given_back) == {INKALA_SOLUTION}
    one = Sudoku(one_given_back)
    assert pt.solve(one, unique=True).stats["unique"] is True and pt.count(one) == 1


def test_verify_and_errors():
    puzzle = Sudoku(INKALA)
    grid = pt.solve(puzzle).solution
    grid[0][0], grid[0][1] = grid[0][1], grid[0][0]
    with pytest.raises(InvalidSolution):
        puzzle.verify(grid)
    with pytest.raises(StateError, match="a Sudoku of side 4, 9, 16 or 25 has 16, 81, 256 or 625 cells"):
        Sudoku("123")
    with pytest.raises(StateError, match="is not a digit"):
        Sudoku("x" + "." * 80)
    run = run_cli("solve", "sudoku", INKALA, "--json")
    payload = json.loads(run.out)
    assert payload["grid"] == INKALA_SOLUTION and payload["unique"] is True


def grids_by_backtracking(puzzle: Sudoku) -> int:
    """Completions of a Sudoku's givens by plain backtracking over the cells in reading order."""
    n, b = puzzle.side, puzzle.box
    grid = [[puzzle.givens.get((r, c), 0) for c in range(n)] for r in range(n)]

    def fits(r, c, d):
        box = [grid[i][j] for i in range(r // b * b, r // b * b + b) for j in range(c // b * b, c // b * b + b)
               if (i, j) != (r, c)]
        return (d not in [grid[r][j] for j in range(n) if j != c] and d not in [grid[i][c] for i in range(n) if i != r]
                and d not in box)

    if any(not fits(r, c, d) for (r, c), d in puzzle.givens.items()):
        return 0

    def go(k):
        if k == n * n:
            return 1
        r, c = divmod(k, n)
        if grid[r][c]:
            return go(k + 1)
        total = 0
        for d in range(1, n + 1):
            if fits(r, c, d):
                grid[r][c] = d
                total += go(k + 1)
                grid[r][c] = 0
        return total

    return go(0)


@given(instances("sudoku"))
def test_random_sudokus_every_engine_against_backtracking(puzzle):
    from parity.check import crosscheck

    expected = grids_by_backtracking(puzzle)
    report = crosscheck(puzzle, limit=1000)
    assert report.agree, report.problems
    assert {a.count for a in report.answered} == {expected}
    assert {"search", "dlx", "sat", "cms"} <= {a.engine for a in report.answered}


def test_a_16x16_grid_by_the_search_and_by_dancing_links():
    grid = pt.solve(Sudoku("." * 256), "search", unique=False).solution
    puzzle = Sudoku("." * 256)
    puzzle.verify(grid)  # a full 16 x 16 grid, checked by the puzzle's own rules
    text = "".join(puzzle.symbols[d - 1] for row in grid for d in row)
    holes = "".join("." if (k * 7) % 5 == 0 and k % 3 else ch for k, ch in enumerate(text))  # 68 cells emptied
    emptied = Sudoku(holes)
    assert pt.count(emptied, engine="search") == pt.count(emptied, engine="dlx") >= 1
    assert pt.solve(Sudoku("11" + "." * 254), "search").satisfiable is False  # conflicting givens


def test_one_grid_goes_to_sat_and_a_loop_of_grids_to_the_compiled_search():
    # a fresh process: the first grids are solved by CaDiCaL (milliseconds, no kernel to load), later ones by the
    # compiled search, which a process that keeps asking loads once
    import subprocess
    import sys

    code = ("import parity as pt; from parity.puzzles import Sudoku; "
            f"print(' '.join(pt.solve(Sudoku({INKALA!r})).engine for _ in range(5)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["sat", "sat", "sat", "search", "search"]
