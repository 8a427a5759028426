"""Polyform Puzzler's solution text, written and read: solutions move between the two tools.

Polyform Puzzler's FAQ (seed 003) gives two layouts of a solution:

* **coordinate lines**, one per piece: the piece's cells as ``x,y`` (or
  ``x,y,z``) separated by spaces, then the piece's name::

      0,0 0,1 0,2 1,0 2,0 V

* for a board of squares, the **letter grid**: the board drawn row by row,
  top row first, each cell the one-letter name of the piece on it, cells
  one space apart (``y = 0`` is the bottom row, ``x = 0`` the left column);
  the FAQ's figures add ``y=`` labels on the left and an ``x=`` line below,
  which are read and ignored.

Coordinates are Polyform Puzzler's: for squares ``x`` is the column and ``y``
counts rows up from the bottom of the board (parity's cells are ``(row,
column)``, counted down); hexagons, triangles, cubes and the segments of
polysticks, polytrigs and polytwigs use the same coordinates in both tools.
Every solution read is verified by the puzzle's own checker.

Examples
--------
>>> from parity.puzzles import Polyomino
>>> puzzle = Polyomino("tetrominoes", "rect:5x4")
>>> print(solution_lines(puzzle, {"I": ((0, 0), (0, 1), (0, 2), (0, 3))}).splitlines()[0])
0,3 1,3 2,3 3,3 I
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..boards.lattices import SQUARE
from ..errors import InvalidSolution

__all__ = ["solution_lines", "read_solution_lines", "solution_grid", "read_solution_grid"]

_POINT = re.compile(r"^-?\d+(,-?\d+)+$")


def _top(puzzle) -> int:
    return max(r for r, _ in puzzle.cells)


def _to_puzzler(puzzle, cell) -> tuple[int, ...]:
    if puzzle.lattice is SQUARE:
        r, c = cell
        return (c, _top(puzzle) - r)
    return tuple(cell)


def _from_puzzler(puzzle, point) -> tuple[int, ...]:
    if puzzle.lattice is SQUARE:
        x, y = point
        return (_top(puzzle) - y, x)
    return tuple(point)


def solution_lines(puzzle, solution: Mapping[str, tuple]) -> str:
    """One coordinate line per piece (cells sorted, Polyform Puzzler's coordinates, then the name), pieces in
    the puzzle's order."""
    order = {name: k for k, name in enumerate(puzzle.pieces)}
    lines = []
    for name in sorted(solution, key=lambda n: (order.get(str(n).rpartition("#")[0] or n, len(order)), str(n))):
        points = sorted(_to_puzzler(puzzle, cell) for cell in solution[name])
        lines.append(" ".join(",".join(map(str, p)) for p in points) + f" {name}")
    return "\n".join(lines) + "\n"


def read_solution_lines(puzzle, text: str) -> dict[str, tuple]:
    """The solution that coordinate lines give, verified by the puzzle; blank lines and lines starting with ``#``
    are skipped.

    Raises
    ------
    InvalidSolution
        If a line is not points and a name, or the pieces do not solve the puzzle.
    """
    if not isinstance(text, str):
        raise InvalidSolution(f"a solution's text is a string, got {type(text).__name__}")
    size = len(_to_puzzler(puzzle, puzzle.cells[0]))
    solution: dict[str, tuple] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        points, name = words[:-1], words[-1]
        if not points or not all(_POINT.match(p) for p in points) or _POINT.match(name):
            raise InvalidSolution(f"line {number}: expected cells as x,y (or x,y,z) and then a piece's name, got "
                                  f"{line.strip()!r}")
        if name in solution:
            raise InvalidSolution(f"line {number}: piece {name!r} is placed twice")
        wrong = [p for p in points if p.count(",") + 1 != size]
        if wrong:
            raise InvalidSolution(f"line {number}: {wrong[0]!r} has {wrong[0].count(',') + 1} coordinates; this "
                                  f"board's have {size}")
        solution[name] = tuple(sorted(_from_puzzler(puzzle, tuple(int(v) for v in p.split(","))) for p in points))
    puzzle.verify(solution)
    return solution


def _check_square(puzzle, what: str) -> None:
    if puzzle.lattice is not SQUARE:
        raise InvalidSolution(f"the letter grid is Polyform Puzzler's layout for squares; a {puzzle.lattice.name} "
                              f"board's {what} coordinate lines (solution_lines)")
    long = [name for name in puzzle.pieces if len(name) != 1]
    if long:
        raise InvalidSolution(f"the letter grid names each piece by one letter; this set has {long[0]!r}")


def solution_grid(puzzle, solution: Mapping[str, tuple]) -> str:
    """The letter grid of a solution on a board of squares (holes as ``.``), top row first."""
    _check_square(puzzle, "solutions are written as")
    where = {cell: name for name, cells in solution.items() for cell in cells}
    rows = max(r for r, _ in puzzle.cells) + 1
    columns = max(c for _, c in puzzle.cells) + 1
    return "\n".join(" ".join(where.get((r, c), ".") for c in range(columns)).rstrip()
                     for r in range(rows)) + "\n"


def read_solution_grid(puzzle, text: str) -> dict[str, tuple]:
    """The solution a letter grid draws (the FAQ's ``y=`` labels and ``x=`` line allowed), verified by the
    puzzle.

    Raises
    ------
    InvalidSolution
        If the grid does not fit the board or its pieces do not solve the puzzle.
    """
    _check_square(puzzle, "solutions are read from")
    if not isinstance(text, str):
        raise InvalidSolution(f"a solution's text is a string, got {type(text).__name__}")
    columns = max(c for _, c in puzzle.cells) + 1
    rows = []
    for line in text.splitlines():
        words = line.split()
        if not words or words[0].startswith("x="):
            continue
        if len(words) == columns + 1 and re.fullmatch(r"(y=)?\d+", words[0]):
            words = words[1:]  # a row label
        rows.append(words)
    placed: dict[str, list] = {}
    for r, words in enumerate(rows):
        if len(words) > columns:
            raise InvalidSolution(f"row {r + 1} of the grid has {len(words)} cells; the board is {columns} wide")
        for c, name in enumerate(words):
            if name != ".":
                placed.setdefault(name, []).append((r, c))
    solution = {name: tuple(sorted(cells)) for name, cells in placed.items()}
    puzzle.verify(solution)
    return solution
