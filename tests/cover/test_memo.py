"""The memo engine: exact cover counts by subproblem, against published tables and a second algorithm."""

from __future__ import annotations

import pytest

import parity as pt
from parity.cover import CoverProblem
from parity.cover.memo import memo_count
from parity.puzzles.coverfile import CoverFile
from parity.errors import EngineNotApplicableError, LimitError, TooLargeError

# OEIS A004003: domino tilings of the 2n x 2n board, n = 0..7
A004003 = [1, 2, 36, 6728, 12988816, 258584046368, 53060477521960000, 112202208776036178000000]


def profile_dp(m: int, n: int) -> int:
    """Domino tilings of m x n by a broken-profile dynamic program, written out here: cells filled column by
    column, the profile the set of cells of the next column already covered by horizontal dominoes."""
    ways = {0: 1}
    for _ in range(n):
        nxt: dict[int, int] = {}
        for profile, count in ways.items():
            def fill(row: int, here: int, there: int) -> None:
                if row == m:
                    nxt[there] = nxt.get(there, 0) + count
                    return
                if here >> row & 1:
                    fill(row + 1, here, there)
                    return
                fill(row + 1, here | 1 << row, there | 1 << row)  # a horizontal domino into the next column
                if row + 1 < m and not here >> (row + 1) & 1:  # a vertical one
                    fill(row + 2, here | 3 << row, there)
            fill(0, profile, 0)
        ways = nxt
    return ways.get(0, 0)


@pytest.mark.parametrize("n", range(1, 8))
def test_domino_tilings_of_squares_are_oeis_a004003(n):
    puzzle = pt.Polyomino("dominoes", f"rect:{2 * n}x{2 * n}", copies="any")
    result = pt.count_result(puzzle)
    assert result.engine == ("memo" if n > 1 else "pack") and result.stats["exact"] is True  # 2 x 2: too small
    assert result.count == A004003[n]


@pytest.mark.parametrize("m, n", [(1, 1), (2, 3), (3, 4), (5, 6), (7, 8), (3, 17), (9, 10)])
def test_domino_tilings_of_rectangles_agree_with_a_profile_dp(m, n):
    assert pt.count(pt.Polyomino("dominoes", f"rect:{n}x{m}", copies="any"), engine="memo") == profile_dp(m, n)


def test_memo_scan_dlx_and_sat_agree_on_small_tilings():
    for pieces, board in [("dominoes", "rect:4x3"), ("trominoes", "rect:6x3"), ("tetrominoes", "rect:4x4"),
                          ("trihexes", "hex-parallelogram:3x2"), ("tetriamonds", "tri-parallelogram:2x2")]:
        puzzle = pt.Polyomino(pieces, board, copies="any")
        counts = {engine: pt.count(puzzle, engine=engine) for engine in ("memo", "scan", "dlx", "sat")}
        assert len(set(counts.values())) == 1, (pieces, board, counts)


def test_a_packing_counted_by_memo_and_by_scan():
    puzzle = pt.Polyomino("pentominoes", "rect:15x4")  # 1472 packings
    assert pt.count(puzzle, engine="memo") == pt.count(puzzle, engine="scan") == 1472


def test_tilings_are_verified_and_drawn_with_neighbours_apart():
    puzzle = pt.Polyomino("dominoes", "rect:4x2", copies="any")
    solutions = list(pt.solutions(puzzle))
    assert len(solutions) == 5 and {name.rpartition("#")[0] for s in solutions for name in s} == set(puzzle.pieces)
    for solution in solutions:
        grid = puzzle.grid(solution)
        owner = {cell: name for name, cells in solution.items() for cell in cells}
        for (r, c), name in owner.items():  # two cells of different copies that touch show different letters
            for other in ((r + 1, c), (r, c + 1)):
                if other in owner and owner[other] != name:
                    assert grid[r][c] != grid[other[0]][other[1]]
    with pytest.raises(pt.errors.InvalidSolution, match="names no copy"):
        puzzle.verify({"X#1": ((0, 0), (0, 1))})


def test_memo_counts_only_and_takes_no_colours():
    puzzle = pt.Polyomino("dominoes", "rect:4x4", copies="any")
    with pytest.raises(EngineNotApplicableError, match="counts solutions but finds none; use scan or dlx"):
        pt.solve(puzzle, engine="memo")
    coloured = CoverProblem([["a", ("s", "red")], ["b", ("s", "blue")]], secondary=["s"])
    with pytest.raises(EngineNotApplicableError, match="colours"):
        pt.count(CoverFile(coloured), engine="memo")


def test_the_memo_is_bounded():
    with pytest.raises(TooLargeError, match="subproblems"):
        memo_count(pt.Polyomino("dominoes", "rect:8x8", copies="any").encoding("cover"), limit=100)


def test_copies_are_once_or_any_and_tilings_are_not_listed_for_symmetry():
    with pytest.raises(LimitError, match="copies: once"):
        pt.Polyomino("dominoes", "rect:4x4", copies="twice")
    with pytest.raises(LimitError, match="not by listing"):  # two dominoes side by side are not one piece a cell
        pt.count_up_to_symmetry(pt.Polyomino("dominoes", "rect:4x4", copies="any"), method="listing")


def test_the_command_line_refuses_bad_copies_and_a_projected_d4_count_in_one_line(tmp_path):
    from parity.testing import run_cli

    run = run_cli("count", "polyomino", "--pieces", "dominoes", "--copies", "twice", "--board", "rect:4x4")
    assert run.code == 2 and run.err.count("\n") == 1 and "copies: once" in run.err
    exported = tmp_path / "lights.cnf"  # projected on the presses: its XOR link variables are not primary
    assert run_cli("export", "lightsout", "--board", "grid:4x4", "--format", "cnf", "-o", exported).code == 0
    run = run_cli("count", "cnf", exported, "--engine", "d4")
    assert run.code == 2 and run.err.count("\n") == 1 and "auxiliary variables" in run.err
    assert run_cli("count", "cnf", exported, "--json").code == 0  # the default goes to enumeration instead
