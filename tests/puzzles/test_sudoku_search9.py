"""The 9 x 9 search by digits and bands (``search9``) held to the general search, its reference: the same
solutions, every one of them where there are few, on random grids emptied at random, with and without a given
that breaks the rules."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parity.puzzles import _sudoku_kernels
from parity.puzzles.sudoku import _layout, check_grids

UNITS, PEERS, CELL_UNITS = _layout(9, 3)
#: at most this many solutions listed by each search; where there are fewer, both lists are every solution
LIMIT = 40


def _grid(data) -> np.ndarray:
    """A random solved grid: the pattern grid with its bands, rows within bands, stacks, columns within stacks and
    digits shuffled (every such image of a solved grid is one)."""
    def shuffled_thirds():
        bands = data.draw(st.permutations(range(3)))
        return [3 * band + inner for band in bands for inner in data.draw(st.permutations(range(3)))]

    rows, columns = shuffled_thirds(), shuffled_thirds()
    digits = data.draw(st.permutations(range(1, 10)))
    return np.array([digits[(3 * (r % 3) + r // 3 + c) % 9] for r in rows for c in columns], dtype=np.int64)


def _solutions(kernel_call) -> tuple[int, set]:
    out = np.zeros((LIMIT, 81), dtype=np.int64)
    found = kernel_call(out)
    return found, {tuple(row) for row in out[:found]}


def _both(givens: np.ndarray, limit: int = LIMIT):
    nodes = np.zeros(1, dtype=np.int64)
    new = _solutions(lambda out: _sudoku_kernels.search9(givens, out, limit, nodes))
    old = _solutions(lambda out: _sudoku_kernels.search(9, givens, UNITS, PEERS, CELL_UNITS, out, limit, nodes))
    return new, old


@given(st.data())
def test_search9_finds_the_general_search_s_solutions(data):
    grid = _grid(data)
    givens = grid.copy()
    emptied = data.draw(st.lists(st.integers(0, 80), min_size=30, max_size=64, unique=True))
    givens[emptied] = 0
    if data.draw(st.booleans()):  # a given changed: often against the rules, sometimes only another puzzle
        cell = data.draw(st.sampled_from([c for c in range(81) if givens[c]]))
        givens[cell] = givens[cell] % 9 + 1
    (found, solutions), (found_old, solutions_old) = _both(givens)
    assert found == found_old
    if found < LIMIT:
        assert solutions == solutions_old  # every solution, each once (the two search in different orders)
    if found:
        solved = np.array([list(next(iter(solutions)))])
        check_grids(9, givens[None, :], solved, np.array([found]))  # each digit once a row, column and box
    if not data.draw(st.booleans()) and found < LIMIT:
        nodes = np.zeros(1, dtype=np.int64)
        assert _sudoku_kernels.search9(givens, np.zeros((1, 81), dtype=np.int64), 0, nodes) == found  # counted


def test_search9_on_the_empty_grid_and_conflicting_givens():
    empty = np.zeros(81, dtype=np.int64)
    (found, solutions), _ = _both(empty, 3)
    assert found == 3 and len(solutions) == 3
    conflict = empty.copy()
    conflict[0] = conflict[80] = 5
    conflict[8] = 5  # the same digit twice in the first row
    assert _sudoku_kernels.search9(conflict, np.zeros((2, 81), dtype=np.int64), 2, np.zeros(1, dtype=np.int64)) == 0


@pytest.mark.parametrize("puzzle", [
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",  # Arto Inkala's
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",  # the first of top95
    ".....6....59.....82....8....45........3........6..3.54...325..6..................",  # many solutions
])
def test_search9_and_the_general_search_on_named_puzzles(puzzle):
    givens = np.array([0 if ch == "." else int(ch) for ch in puzzle], dtype=np.int64)
    (found, solutions), (found_old, solutions_old) = _both(givens)
    assert found == found_old and (found == LIMIT or solutions == solutions_old)
