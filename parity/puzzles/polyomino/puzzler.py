"""Polyform Puzzler's solution text, written and read: solutions move between the two tools.

Polyform Puzzler's FAQ (seed 003) describes its solution files: a ``Solving
NAME:`` line, then one record per solution (a header ``solution N:``, the
solution's *coordinate lines*, a blank line, a *drawing*), then the totals
(``2339 solutions, ...``).

* **coordinate lines**, one per piece: the piece's cells as ``x,y`` (or
  ``x,y,z``) separated by spaces, then the piece's name (``! NAME`` for a
  piece left out)::

      0,0 0,1 0,2 1,0 2,0 V

* the **drawing** (:func:`solution_art`), one layout per lattice; for a
  board of squares it is the **letter grid**: the board drawn row by row,
  top row first, each cell the one-letter name of the piece on it, cells
  one space apart (``y = 0`` is the bottom row, ``x = 0`` the left column);
  the FAQ's figures add ``y=`` labels on the left and an ``x=`` line below,
  which :func:`read_solution_grid` reads and ignores.

:func:`solution_file` writes a whole file and :func:`read_solution_file`
reads one by its coordinate lines, as Polyform Puzzler itself does.

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

from ...boards.lattices import CUBIC, HEX, SQUARE, STICKS, TRIANGLE, TRIGS, TWIGS
from ...errors import InvalidSolution, SolutionFileError

__all__ = ["solution_lines", "read_solution_lines", "solution_grid", "read_solution_grid", "solution_art",
           "solution_record", "solution_file", "read_solution_file"]

_POINT = re.compile(r"^-?\d+(,-?\d+)+$")


def _top(puzzle) -> int:
    """The largest row number of a board of squares: its bottom row (parity counts rows down), Polyform
    Puzzler's ``y = 0``; worked out once per puzzle."""
    top = puzzle.__dict__.get("_puzzler_top")
    if top is None:
        top = puzzle.__dict__["_puzzler_top"] = max(r for r, _ in puzzle.cells)
    return top


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


def read_solution_lines(puzzle, text: str, source: str | None = None) -> dict[str, tuple]:
    """The solution that coordinate lines give (one record's lines: ``! NAME`` for a piece left out), verified by
    the puzzle; blank lines and lines starting with ``#`` are skipped.  Messages name the line (``line 3: ...``, or
    ``SOURCE:3: ...`` with a ``source`` such as the file's name) and the cells as the text writes them.

    Raises
    ------
    SolutionFileError
        If a line is not points and a name (a subclass of InvalidSolution).
    InvalidSolution
        If the pieces do not solve the puzzle (a piece the set does not have among them).

    Examples
    --------
    >>> from parity.puzzles import Polyomino
    >>> dominoes = Polyomino({"A": [(0, 0), (0, 1)], "B": [(0, 0), (0, 1)]}, "rect:2x2")
    >>> read_solution_lines(dominoes, "0,0 1,0 A\\n0,0 0,1 B\\n")
    Traceback (most recent call last):
    ...
    parity.errors.InvalidSolution: line 2: cell 0,0 is covered by B and by A (line 1)
    """
    if not isinstance(text, str):
        raise InvalidSolution(f"a solution's text is a string, got {type(text).__name__}")

    def at(number: int) -> str:
        return _where(source, number)

    lines = list(enumerate(text.splitlines(), start=1))
    placed, left_out = _record_lines(puzzle, lines, at)
    return _verify_read(puzzle, placed, left_out, at, lines[0][0] if lines else 1)


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


# --- the visual representation: Polyform Puzzler's drawing of a solution, one layout per lattice -------------------

def _placed(puzzle, solution: Mapping[str, tuple]) -> tuple[dict, list[int]]:
    """Each covered cell in Polyform Puzzler's coordinates -> its piece's name, and the board's size along each
    coordinate; a board reaching below 0 is moved up to 0 (the direction of a segment or triangle stays)."""
    points = [_to_puzzler(puzzle, tuple(cell)) for cell in puzzle.cells]
    k = puzzle.lattice.translated
    low = [min(0, min(p[i] for p in points)) if i < k else 0 for i in range(len(points[0]))]
    size = [max(p[i] for p in points) - low[i] + 1 for i in range(len(points[0]))]

    def moved(p):
        return tuple(v - d for v, d in zip(p, low))

    where = {moved(_to_puzzler(puzzle, tuple(cell))): str(name) for name, cells in solution.items() for cell in cells}
    return where, size


def _square_art(where: dict, size: list[int]) -> list[str]:
    # each name left-aligned in a column of at least two characters, the top row first
    width = max(2, 1 + max(map(len, where.values()), default=1))
    return ["".join(f"{where.get((x, y), ''):<{width}}" for x in range(size[0])).rstrip()
            for y in reversed(range(size[1]))]


def _cube_art(where: dict, size: list[int]) -> list[str]:
    # the layers z = 0, 1, ... side by side, four spaces apart, each drawn as a square board
    width = max(map(len, where.values()), default=1)
    return ["    ".join(" ".join(f"{where.get((x, y, z), ''):<{width}}" for x in range(size[0]))
                       for z in range(size[2])).rstrip() for y in reversed(range(size[1]))]


def _stick_art(where: dict) -> list[str]:
    # a horizontal segment as -N-- between two points, a vertical one as its name over a bar, four characters apart
    across = 1 + max([x + 1 for x, _, z in where if z == 0] + [x for x, _, z in where if z == 1], default=0)
    up = 1 + max([y for _, y, z in where if z == 0] + [y + 1 for _, y, z in where if z == 1], default=0)
    parts = []
    for y in range(up):
        flat = ["    " if (x, y, 0) not in where else f"-{where[x, y, 0]}--"[:4] for x in range(across - 1)]
        parts.append([" " + " ".join(flat).rstrip()])
        if y != up - 1:  # the segments rising from line y to line y + 1
            names = [where.get((x, y, 1)) for x in range(across)]
            parts.append(["    ".join(" " if n is None else n[0] for n in names).rstrip(),
                          "    ".join(" " if n is None else (n + "|")[1] for n in names).rstrip()])
    return [line for part in reversed(parts) for line in part]  # the highest line first


#: Polyform Puzzler's pieces of a triangular-grid drawing, per direction z: (drawn, empty), each three lines
_TRIG_PARTS = ((("", "", "_%-3s"), ("", "", "    ")),
               (("  /", "%-3s", "/"), ("   ", "   ", " ")),
               (("%-3s", " \\ ", "\\"), ("   ", "   ", " ")))

#: ... of a hexagonal-grid drawing, per direction z: (drawn, empty), each two lines
_TWIG_PARTS = ((("", "_%-3s"), ("", "    ")),
               (("%-3s   ", " \\"), ("      ", "  ")),
               ((" %-3s  ", "/     "), ("      ", "      ")))


def _part(part: str, name: str | None) -> str:
    if "%" in part:
        part = part % name
    return part.replace(" ", "_") if "_" in part else part  # a horizontal segment drawn as one line


def _trig_art(where: dict, size: list[int]) -> list[str]:
    output, padding = [], size[0] * 6
    for y in reversed(range(size[1])):
        lines = [["   " * y], ["   " * y], ["   " * y + "  "]]
        flat = False  # the horizontal segment of the previous point (a bare corner under a slant is drawn flat)
        for x in range(size[0]):
            for z in (2, 1, 0):
                if z == 1:
                    flat = (x, y, 0) in where
                name = where.get((x, y, z))
                for i, line in enumerate(lines):
                    part = _part(_TRIG_PARTS[z][name is None][i], name)
                    line.append("_" if part == " " and flat else part)
        for line in lines:
            text = "".join(line)
            padding = min(padding, len(text) - len(text.lstrip()))
            output.append(text.rstrip())
    while output and not output[0].strip():
        del output[0]
    return [line[padding:] for line in output]


def _twig_art(where: dict, size: list[int]) -> list[str]:
    across, up = size[0], size[1]
    rows = [[""] * across for _ in range(up * 4 + (across - 1) * 2)]
    for x in range(across):
        for y in range(up):
            base = y * 4 + x * 2
            for z in (2, 1, 0):
                name = where.get((x, y, z))
                for i, part in enumerate(_TWIG_PARTS[z][name is None]):
                    rows[base + (2, 2, 0)[z] + 1 - i][x] += _part(part, name)
    lines = ["".join(part or "      " for part in row) for row in rows]
    padding = min([across * 6] + [len(line) - len(line.lstrip()) for line in lines])
    lines = [line.rstrip() for line in lines]
    while lines and not lines[0].strip():
        del lines[0]
    while lines and not lines[-1].strip():
        del lines[-1]
    return [line[padding:] for line in reversed(lines)]


def _hex_art(where: dict, size: list[int]) -> list[str]:
    across, up = size[0], size[1]

    def at(x, y):
        return where.get((x, y))

    out = [[" " * (x * 3 + 1)] for x in reversed(range(across))]  # room for the slant of the top row
    for y in reversed(range(up)):
        out.append([])
        out.append(["\\" if at(0, y) is not None else " "])
        for x in range(across):
            cell = at(x, y)
            left = right = " "
            if x > 0 and y < up - 1:
                left = "/" if at(x - 1, y + 1) != cell else " "
            elif cell is not None:
                left = "/"
            if x < across - 1:
                right = "\\" if at(x + 1, y) != cell else " "
            elif cell is not None:
                right = "\\"
            out[-2 - x].append(left + "  " + right)
            if y < up - 1:
                ceiling = "__" if at(x, y + 1) != cell else "  "
            else:
                ceiling = "__" if cell is not None else "  "
            out[-3 - x].append(ceiling)
    for y in range(up - 1, 0, -1):
        if at(across - 1, y) is not None:
            out[-across - 2 * y].append("/")
    for x in range(across):
        if at(x, 0) is not None:
            out[-x - 1].append("__/")
    lines = ["".join(parts).rstrip() for parts in out]
    while lines and not lines[-1].strip():
        lines.pop()
    while lines and not lines[0].strip():
        lines.pop(0)
    return lines


def _iamond_art(where: dict, size: list[int]) -> list[str]:
    across, up = size[0], size[1]

    def at(x, y, z):
        return where.get((x, y, z))

    output = [(" " * 2 * up + "".join(("_" if at(x, up - 1, 1) is not None else " ") * 4
                                      for x in range(across))).rstrip()]
    for y in reversed(range(up)):
        upper, lower = [" " + " " * 2 * y], [" " * 2 * y]
        cell = None
        for x in range(across):
            cell = at(x, y, 0)  # the triangle pointing up, then the one pointing down
            left = "/" if (x == 0 and cell is not None) or (x > 0 and at(x - 1, y, 1) != cell) else " "
            bottom = "_" if (y == 0 and cell is not None) or (y > 0 and at(x, y - 1, 1) != cell) else " "
            upper.append(left)
            lower.append((left if left != " " else bottom) + bottom * 2)
            cell = at(x, y, 1)
            left = "\\" if at(x, y, 0) != cell else " "
            upper.append(left + "  ")
            lower.append(left if left != " " else bottom)
        right = " " if cell is None else "/"
        output += [("".join(upper) + right).rstrip(), ("".join(lower) + right).rstrip()]
        # (blank lines are dropped row by row, as Polyform Puzzler does: an empty row inside the box goes too)
        while output and not output[0].strip():
            del output[0]
        while output and not output[-1].strip():
            del output[-1]
    margin = min([2 * up] + [len(line) - len(line.lstrip()) for line in output])
    return [line[margin:] for line in output]


def solution_art(puzzle, solution: Mapping[str, tuple]) -> str:
    """Polyform Puzzler's drawing of a solution (the third part of a solution record), in its layout for the
    board's lattice:

    * squares: each piece's name on its cells, the top row first (names in
      columns two characters wide, holes blank);
    * cubes: the layers ``z = 0, 1, ...`` side by side, each as squares;
    * hexagons and triangles: the pieces' outlines in ``/ \\ _``, rows slanting
      with the lattice (names are not written: the outlines are the picture);
    * polysticks: ``-N--`` on each horizontal segment, the name over a bar
      on each vertical one;
    * polytrigs and polytwigs: each name on its segment of the triangular or
      hexagonal grid.

    A piece left out (one of ``puzzle.omit_one_of``) is noted above the
    drawing as ``(N omitted)``.

    Examples
    --------
    >>> from parity.puzzles import Polyomino
    >>> print(solution_art(Polyomino({"A": [(0, 0)]}, [(0, 0)], lattice="hex"), {"A": ((0, 0),)}))
     __
    /  \\
    \\__/
    """
    if not isinstance(solution, Mapping):
        raise InvalidSolution("a solution maps each placed piece to its cells")
    where, size = _placed(puzzle, solution)
    lattice = puzzle.lattice
    draw = {SQUARE: _square_art, CUBIC: _cube_art, HEX: _hex_art, TRIANGLE: _iamond_art, TRIGS: _trig_art,
            TWIGS: _twig_art}.get(lattice)
    lines = _stick_art(where) if lattice is STICKS else draw(where, size)
    notice = [f"({name} omitted)" for name in _omitted(puzzle, solution)]
    return "\n".join(notice + lines)


def _omitted(puzzle, solution: Mapping[str, tuple]) -> list[str]:
    """The pieces a packing does not place (the one it leaves out, or pieces missing from a wrong one)."""
    if getattr(puzzle, "copies", "once") != "once" or getattr(puzzle, "choose", None):
        return []
    return [name for name in puzzle.pieces if name not in solution]


# --- whole solution files: "Solving NAME:", then records of a header, coordinate lines and a drawing ----------------

#: a record's header: ``solution N:``, with Polyform Puzzler's optional note (``solution 1 (1,234 searches):``, as its
#: C solver writes) and an optional date before it (``at 2016-11-29 ..., solution 1:``)
_HEADER = re.compile(r"(?:^|\s)solution (\d+)(?: [^:]*)?:\s*$", re.IGNORECASE)
#: the line of totals at the end of a file (``2339 solutions, 906813 searches, duration ...``)
_TOTAL = re.compile(r"^\s*(\d+) solutions?\b", re.IGNORECASE)


def solution_record(puzzle, solution: Mapping[str, tuple], number: int) -> str:
    """One solution record as Polyform Puzzler writes it: ``solution N:``, the coordinate lines (a piece left
    out as ``! NAME``), a blank line, the drawing (:func:`solution_art`) and a blank line."""
    left_out = "".join(f"! {name}\n" for name in _omitted(puzzle, solution))
    return f"solution {number}:\n{solution_lines(puzzle, solution)}{left_out}\n{solution_art(puzzle, solution)}\n\n"


def solution_file(puzzle, solutions, title: str | None = None, seconds: float | None = None):
    """The text of a solution file, piece by piece (an iterator of strings, so that a long listing is written as
    it goes): ``Solving TITLE:``, one record per solution (:func:`solution_record`), then ``N solutions`` and, with
    ``seconds``, the duration as Polyform Puzzler writes it.

    Examples
    --------
    >>> from parity.puzzles import Polyomino
    >>> puzzle = Polyomino({"A": [(0, 0), (0, 1)], "B": [(0, 0), (0, 1)]}, "rect:2x2")
    >>> print("".join(solution_file(puzzle, [{"A": ((0, 0), (0, 1)), "B": ((1, 0), (1, 1))}], "dominoes 2x2")))
    Solving dominoes 2x2:
    <BLANKLINE>
    solution 1:
    0,1 1,1 A
    0,0 1,0 B
    <BLANKLINE>
    A A
    B B
    <BLANKLINE>
    1 solution
    <BLANKLINE>
    """
    from datetime import timedelta

    yield f"Solving {title or puzzle.describe()}:\n\n"
    number = 0
    for number, solution in enumerate(solutions, start=1):
        puzzle.verify(solution)
        yield solution_record(puzzle, solution, number)
    good = seconds is not None and seconds == seconds and 0 <= seconds < 1e9  # (not NaN, not negative)
    duration = f", duration {timedelta(seconds=seconds)}" if good else ""
    yield f"{number} solution{'' if number == 1 else 's'}{duration}\n"


def _where(source: str | None, number: int) -> str:
    """Where a line of a text is: ``SOURCE:N`` (a file's name given), else ``line N``."""
    return f"{source}:{number}" if source else f"line {number}"


def _point_text(point) -> str:
    return ",".join(map(str, point))


def _some(names) -> str:
    names = list(names)
    return " ".join(names[:12]) + (" ..." if len(names) > 12 else "")


def _name_problem(puzzle, name: str) -> str | None:
    """Why ``name`` names no piece of the puzzle's set (a copy ``PIECE#k`` with ``copies="any"``), or None."""
    if getattr(puzzle, "copies", "once") == "any":
        piece, _, k = name.rpartition("#")
        if piece in puzzle.pieces and re.fullmatch(r"[1-9][0-9]*", k):
            return None
        return f"{name!r} names no copy of a piece of this set (copies are PIECE#1, PIECE#2, ...; its pieces: " \
               f"{_some(puzzle.pieces)})"
    if name in puzzle.pieces:
        return None
    return f"{name!r} is no piece of this set (its pieces: {_some(puzzle.pieces)})"


def _record_lines(puzzle, lines: list[tuple[int, str]], at) -> tuple[dict[str, tuple], dict[str, int]]:
    """What a record's coordinate lines say, as the text writes it: each placed piece -> (its line's number, its
    points in Polyform Puzzler's coordinates), and each piece left out (``! NAME``) -> its line's number.  The
    points ``x,yi`` that earlier versions of Polyform Puzzler listed are skipped; ``at(number)`` says where a line
    is, for messages.  A line that is not what the format says is a SolutionFileError; a piece placed twice or one
    that the set does not have (a wrong solution, well written) an InvalidSolution."""
    size = len(_to_puzzler(puzzle, puzzle.cells[0]))
    placed: dict[str, tuple] = {}
    left_out: dict[str, int] = {}
    for number, line in lines:
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        points, name = [w for w in words[:-1] if not re.fullmatch(r"-?\d+,-?\d+i", w)], words[-1]
        if points == ["!"]:
            if name not in puzzle.pieces:
                raise InvalidSolution(f"{at(number)}: '! {name}' leaves out a piece this set does not have (its "
                                      f"pieces: {_some(puzzle.pieces)})")
            if name in placed or name in left_out:
                raise InvalidSolution(f"{at(number)}: piece {name!r} is left out and placed, or left out twice")
            left_out[name] = number
            continue
        if not points or not all(_POINT.match(p) for p in points) or _POINT.match(name):
            raise SolutionFileError(f"{at(number)}: expected cells as x,y (or x,y,z) and then a piece's name, got "
                                    f"{line.strip()!r}")
        wrong = [p for p in points if p.count(",") + 1 != size]
        if wrong:
            raise SolutionFileError(f"{at(number)}: {wrong[0]!r} has {wrong[0].count(',') + 1} coordinates; this "
                                    f"board's have {size}")
        problem = _name_problem(puzzle, name)
        if problem:  # (a line of another puzzle's solution, well written)
            raise InvalidSolution(f"{at(number)}: {problem}")
        if name in placed or name in left_out:
            first = placed[name][0] if name in placed else left_out[name]
            raise InvalidSolution(f"{at(number)}: piece {name!r} is placed twice (first on line {first})")
        placed[name] = (number, tuple(tuple(int(v) for v in p.split(",")) for p in points))
    return placed, left_out


def _board_points(puzzle) -> dict[tuple, tuple]:
    """Each cell of the board in Polyform Puzzler's coordinates -> the cell in parity's; worked out once per
    puzzle."""
    points = puzzle.__dict__.get("_puzzler_points")
    if points is None:
        points = puzzle.__dict__["_puzzler_points"] = {_to_puzzler(puzzle, tuple(c)): tuple(c) for c in puzzle.cells}
    return points


def _verify_read(puzzle, placed: dict, left_out: dict, at, header: int) -> dict[str, tuple]:
    """The solution that a record's lines (:func:`_record_lines`) place, checked line by line in the text's own
    coordinates (every point a cell of the board, no cell covered twice, each piece in one of its orientations,
    each cell covered, each piece placed), then by the puzzle's checker; ``header``: the record's first line, where
    a problem of the whole record is reported."""
    missing = [n for n in _omitted(puzzle, placed) if n not in left_out]
    if left_out and missing:
        raise InvalidSolution(f"{at(header)}: the record leaves out {', '.join(left_out)} and does not place "
                              f"{', '.join(missing)} either")
    if missing and not getattr(puzzle, "omit_one_of", ()):
        raise InvalidSolution(f"{at(header)}: the record places {len(placed)} of the {len(puzzle.pieces)} pieces; "
                              f"{_some(missing)} not placed")
    board = _board_points(puzzle)
    covered: dict[tuple, str] = {}
    solution: dict[str, tuple] = {}
    for name, (number, points) in placed.items():
        for point in points:
            if point not in board:
                raise InvalidSolution(f"{at(number)}: {_point_text(point)} (piece {name}) is not a cell of the board")
            if point in covered:
                other = covered[point]
                where = "twice" if other == name else f"by {name} and by {other} (line {placed[other][0]})"
                raise InvalidSolution(f"{at(number)}: cell {_point_text(point)} is covered {where}")
            covered[point] = name
        cells = tuple(sorted(board[point] for point in points))
        piece = name.rpartition("#")[0] if getattr(puzzle, "copies", "once") == "any" else name
        try:
            puzzle.check_placement(piece, cells, name)
        except InvalidSolution as exc:
            raise InvalidSolution(f"{at(number)}: {exc}: {' '.join(map(_point_text, sorted(points)))}") from None
        solution[name] = cells
    bare = sorted(point for point in board if point not in covered)
    if bare:
        others = f" (nor {len(bare) - 1} other{'' if len(bare) == 2 else 's'})" if len(bare) > 1 else ""
        raise InvalidSolution(f"{at(header)}: no piece covers cell {_point_text(bare[0])}{others}")
    try:
        puzzle.verify(solution)
    except InvalidSolution as exc:  # (a rule of the puzzle's own that the lines above do not check)
        raise InvalidSolution(f"{at(header)}: {exc}") from None
    return solution


def read_solution_file(puzzle, text: str, source: str | None = None) -> list[dict[str, tuple]]:
    """Every solution of a Polyform Puzzler solution file (or of :func:`solution_file`'s text), each verified by
    the puzzle: the records' coordinate lines are read (``! NAME`` for a piece left out), the drawings, the
    ``Solving ...:`` lines and the totals skipped.  A file of no solution holds its totals (``0 solutions``).

    Every message names the line and the record (``line 5: solution 2: ...``; with ``source``, the file's name,
    ``FILE:5: solution 2: ...``), and the cells in the file's own coordinates.

    Raises
    ------
    SolutionFileError
        If the text is not such a file: no ``solution N:`` record and no totals, a line that starts a record is no
        header, a record's line is no coordinate line, or the text ends inside a record (before the blank line
        that closes its coordinate lines: a file cut short).  A subclass of InvalidSolution.
    InvalidSolution
        If a record, well written, does not solve the puzzle: a piece placed twice or not at all, a piece the set
        does not have, a cell covered twice or by no piece, a piece in a shape that is not its own, a point off
        the board.

    Examples
    --------
    >>> from parity.puzzles import Polyomino
    >>> dominoes = Polyomino({"A": [(0, 0), (0, 1)], "B": [(0, 0), (0, 1)]}, "rect:2x2")
    >>> read_solution_file(dominoes, "solution 1:\\n0,1 1,1 A\\n0,0 1,0 B\\n\\nA A\\nB B\\n")
    [{'A': ((0, 0), (0, 1)), 'B': ((1, 0), (1, 1))}]
    >>> read_solution_file(dominoes, "solution 1:\\n0,1 1,1 A\\n0,0 1,0 B\\n", source="two.txt")
    Traceback (most recent call last):
    ...
    parity.errors.SolutionFileError: two.txt:3: solution 1: the file ends inside the record, ... cut short?
    """
    if not isinstance(text, str):
        raise SolutionFileError(f"a solution file's text is a string, got {type(text).__name__}")
    named = f"{source}: " if source else ""
    if not text.strip():
        raise SolutionFileError(f"{named}the file is empty: not a Polyform Puzzler solution file")
    lines = text.splitlines()
    solutions = []
    totals = False
    k = 0
    while k < len(lines):
        line = lines[k]
        header = _HEADER.search(line)
        k += 1
        if not header:
            if re.match(r"\s*(at .*,\s*)?solution\b", line, re.IGNORECASE):
                raise SolutionFileError(f"{_where(source, k)}: {line.strip()!r} is no record header ('solution N:')")
            totals = totals or bool(_TOTAL.match(line))
            continue
        first = k

        def at(number: int, record: str = header.group(1)) -> str:
            return f"{_where(source, number)}: solution {record}"

        record = []
        while k < len(lines) and lines[k].strip():
            record.append((k + 1, lines[k]))
            k += 1
        if k == len(lines):  # no blank line after the coordinate lines, no drawing: the file was cut short
            raise SolutionFileError(f"{at(k)}: the file ends inside the record, before the blank line and the "
                                    f"drawing that follow its coordinate lines: is it cut short?")
        placed, left_out = _record_lines(puzzle, record, at)
        solutions.append(_verify_read(puzzle, placed, left_out, at, first))
    if not solutions and not totals:
        raise SolutionFileError(f"{named}no 'solution N:' record and no totals ('0 solutions') in the text: not a "
                                f"Polyform Puzzler solution file")
    return solutions
