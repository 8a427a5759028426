"""Region boards: sets of cells of a lattice (``rect:10x6``, ``hex-hexagon:3``, ASCII art), and their graphs.

A region is what a polyform packing covers: cells of one of the four
lattices (:mod:`parity.boards.lattices`).  Its kinds sit in the one table of
board kinds (:data:`~parity.boards.BOARD_KINDS`) beside ``grid:`` and
``hex:``, so :func:`~parity.boards.board` builds every region as a graph
(cells as nodes, neighbouring cells joined, ``G.graph["lattice"]`` naming
the lattice) and a family that needs the cells themselves asks
:func:`region`.

Examples
--------
>>> label, cells, lattice = region("hex-hexagon:2")
>>> label, len(cells), lattice.name
('hex-hexagon:2', 7, 'hex')
>>> from parity.boards import board
>>> G = board("rect:3x2")
>>> G.number_of_nodes(), G.number_of_edges(), G.graph["lattice"]
(6, 7, 'square')
"""

from __future__ import annotations

import operator
import os
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from .._files import looks_like_path, read_text
from ..errors import BoardSpecError, LimitError
from .lattices import CUBIC, HEX, SQUARE, STICKS, TRIANGLE, TRIGS, TWIGS, Cell, Lattice, lattice_named

if TYPE_CHECKING:  # a packing reads regions as cells: networkx loads when a graph is built
    import networkx as nx

__all__ = ["REGIONS", "REGION_FORMS", "region", "region_graph", "read_shape", "check_cells", "check_on_lattice"]


def _size(parts: int, limit: int, *forms: str) -> Callable[[str, str], tuple[int, ...]]:
    """A parser of ``AxB..`` with ``parts`` whole numbers from 1 to ``limit`` (the board spec's size)."""
    def parse(kind: str, body: str) -> tuple[int, ...]:
        size = body.lower().split("x")
        if len(size) != parts or not all(s.isascii() and s.isdigit() and 0 < int(s) <= limit for s in size):
            raise BoardSpecError(f"board {kind}:{body}: expected {' or '.join(forms)} with whole numbers 1..{limit}")
        return tuple(int(v) for v in size)

    return parse


def _tri_hexagon_size(kind: str, body: str) -> tuple[int, ...]:
    """``tri-hexagon:S`` (the regular hexagon of side S) or ``tri-hexagon:WxH`` (H even)."""
    if body.isdigit():
        side = _size(1, 500, "tri-hexagon:S")(kind, body)[0]
        return (2 * side, 2 * side)
    w, h = _size(2, 1000, "tri-hexagon:WxH")(kind, body)
    if h % 2:
        raise BoardSpecError(f"board {kind}:{body}: a triangle-lattice hexagon has an even number of rows")
    return (w, h)


#: the seed's tetrahex coin: a 7 x 5 hexagon parallelogram with two corners cut and a hole in the middle
_COIN = [(x, y) for y in range(5) for x in range(7) if 1 < x + y < 9 and (x, y) != (3, 2)]

def _trig_board(points: Callable[[int, int], bool], reach: int) -> list[Cell]:
    """The segments of the triangular grid whose two end points both pass ``points(x, y)`` (``0 <= x, y <=
    reach``)."""
    return sorted((x, y, z) for x in range(reach + 1) for y in range(reach + 1) for z in range(3)
                  if all(0 <= a <= reach and 0 <= b <= reach and points(a, b) for a, b in TRIGS.ends((x, y, z))))


def _sticks_diamond(m: int, n: int) -> list[Cell]:
    """Polyform Puzzler's M x N polystick diamond lattice: the segments between two pairs of diagonal lines."""
    size = m + n
    return [(x, y, z) for y in range(size) for x in range(size) for z in range(2)
            if -m - 1 < x - y - z < m and m - 2 < x + y < m + 2 * n - 1]


def _twigs_hexagon(side: int) -> list[Cell]:
    """Every edge of the hexagon of hexagons of side ``side`` (Polyform Puzzler's bordered polytwig hexagon)."""
    bound, low, high = 2 * side - 1, side - 1, 3 * side - 2
    cells = []
    for y in range(bound + 1):
        for x in range(bound + 1):
            for z in range(3):
                if (z == 2 and x == y == 0) or (z == 1 and y == bound) or (z == 0 and x == bound) or x == y == bound:
                    continue  # outside the bordered parallelogram of bound x bound hexagons
                if x + y < low or (x + y == low and z == 2) or x + y > high:
                    continue
                cells.append((x, y, z))
    return sorted(cells)


#: region kinds: name -> (forms, lattice, size parser or None, sizes -> cells); boards of the spec table
REGIONS: dict[str, tuple[tuple[str, ...], Lattice, Callable | None, Callable[..., list[Cell]]]] = {
    "rect": (("rect:WxH",), SQUARE, _size(2, 1000, "rect:WxH"),
             lambda w, h: [(r, c) for r in range(h) for c in range(w)]),
    "box": (("box:AxBxC",), CUBIC, _size(3, 100, "box:AxBxC"),
            lambda a, b, c: [(x, y, z) for x in range(a) for y in range(b) for z in range(c)]),
    "tri-parallelogram": (("tri-parallelogram:WxH",), TRIANGLE, _size(2, 1000, "tri-parallelogram:WxH"),
                          lambda w, h: [(x, y, z) for x in range(w) for y in range(h) for z in (0, 1)]),
    # the W x H parallelogram less a corner of (H/2)^2 triangles at each acute end
    "tri-hexagon": (("tri-hexagon:WxH", "tri-hexagon:S"), TRIANGLE, _tri_hexagon_size,
                    lambda w, h: [(x, y, z) for x in range(w) for y in range(h) for z in (0, 1)
                                  if h // 2 <= x + y + z <= w - 1 + h // 2]),
    "hex-parallelogram": (("hex-parallelogram:WxH",), HEX, _size(2, 1000, "hex-parallelogram:WxH"),
                          lambda w, h: [(x, y) for x in range(w) for y in range(h)]),
    "hex-hexagon": (("hex-hexagon:S",), HEX, _size(1, 500, "hex-hexagon:S"),
                    lambda side: [(x, y) for x in range(-side + 1, side) for y in range(-side + 1, side)
                                  if abs(x + y) < side]),
    "hex-coin": (("hex-coin",), HEX, None, lambda: list(_COIN)),
    # the unit segments of a grid of W x H squares (Polyform Puzzler's "(W+1) x (H+1)" polystick grid)
    "sticks-rect": (("sticks-rect:WxH",), STICKS, _size(2, 300, "sticks-rect:WxH"),
                    lambda w, h: sorted([(x, y, 0) for x in range(w) for y in range(h + 1)]
                                        + [(x, y, 1) for x in range(w + 1) for y in range(h)])),
    # the segments of the triangular grid joining points of a parallelogram of W x H unit rhombi
    "trigs-parallelogram": (("trigs-parallelogram:WxH",), TRIGS, _size(2, 300, "trigs-parallelogram:WxH"),
                            lambda w, h: sorted((x, y, z) for x in range(-1, w + 1) for y in range(h + 1)
                                                for z in range(3)
                                                if all(0 <= a <= w and 0 <= b <= h
                                                       for a, b in TRIGS.ends((x, y, z))))),
    # W x H points of the hexagonal grid's first kind, each with its three segments
    "twigs-parallelogram": (("twigs-parallelogram:WxH",), TWIGS, _size(2, 300, "twigs-parallelogram:WxH"),
                            lambda w, h: [(x, y, z) for x in range(w) for y in range(h) for z in range(3)]),
    # the segments of the unit squares (x, y) with x + y < S: a staircase of side S
    "sticks-triangle": (("sticks-triangle:S",), STICKS, _size(1, 300, "sticks-triangle:S"),
                        lambda side: sorted((x, y, z) for x in range(side + 1) for y in range(side + 1) for z in (0, 1)
                                            if x + y <= side and (z == 0 and x < side or z == 1 and y < side))),
    # Polyform Puzzler's M x N diamond lattice (its 3 x 7 holds the 84 segments of the polysticks of orders 1-4)
    "sticks-diamond": (("sticks-diamond:MxN",), STICKS, _size(2, 150, "sticks-diamond:MxN"), _sticks_diamond),
    # the segments joining the points of a triangle (a hexagon) of side S of the triangular grid
    "trigs-triangle": (("trigs-triangle:S",), TRIGS, _size(1, 300, "trigs-triangle:S"),
                       lambda side: _trig_board(lambda x, y: x + y <= side, side)),
    "trigs-hexagon": (("trigs-hexagon:S",), TRIGS, _size(1, 150, "trigs-hexagon:S"),
                      lambda side: _trig_board(lambda x, y: side <= x + y <= 3 * side, 2 * side)),
    # every edge of the hexagon of hexagons of side S on the hexagonal grid
    "twigs-hexagon": (("twigs-hexagon:S",), TWIGS, _size(1, 150, "twigs-hexagon:S"), _twigs_hexagon),
}

#: every form a region spec takes
REGION_FORMS = (*(form for forms, _, _, _ in REGIONS.values() for form in forms), "a FILE of ASCII art")


def read_shape(text: str, name: str = "board", lattice: Lattice | str = "square") -> list[Cell]:
    """Cells from ASCII art: ``#`` (or any letter) a cell, ``.`` or a blank a hole.

    On the square lattice line ``r``, column ``c`` is the cell ``(r, c)``.  On
    the hexagon and triangle lattices the art is read in their skewed (axial)
    coordinates: the bottom line is ``y = 0``; on the hexagon lattice column
    ``x`` is the cell ``(x, y)``, on the triangle lattice columns ``2x`` and
    ``2x + 1`` are the upward and downward triangles ``(x, y, 0)`` and
    ``(x, y, 1)``.

    Examples
    --------
    >>> read_shape("##.\\n.##")
    [(0, 0), (0, 1), (1, 1), (1, 2)]
    """
    lattice = lattice if isinstance(lattice, Lattice) else lattice_named(lattice)
    if lattice is CUBIC:
        raise BoardSpecError(f"{name}: solid pieces need a box:AxBxC board, not ASCII art")
    lines = text.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    marks = [(r, c) for r, line in enumerate(lines) for c, ch in enumerate(line) if ch not in ". \t"]
    if not marks:
        raise BoardSpecError(f"{name}: no cells ('#' marks a cell, '.' a hole)")
    if lattice is SQUARE:
        return marks
    bottom = len(lines) - 1
    if lattice is HEX:
        return [(c, bottom - r) for r, c in marks]
    return [(c // 2, bottom - r, c % 2) for r, c in marks]


def region_sizes(kind: str, body: str) -> tuple[int, ...]:
    """The sizes of the region spec ``kind:body``, checked (BoardSpecError naming the forms)."""
    forms, _, parse, _ = REGIONS[kind]
    if parse is None:
        if body:
            raise BoardSpecError(f"board {kind}:{body}: {kind} takes no size")
        return ()
    return parse(kind, body)


def region(spec, lattice: Lattice = SQUARE) -> tuple[str, list[Cell], Lattice]:
    """(label, cells, lattice) of a region spec (:data:`REGION_FORMS`); a file of ASCII art is read on ``lattice``.

    Raises
    ------
    BoardSpecError
        For a spec of none of the forms, a size out of range, a missing file.
    """
    if isinstance(spec, str) and (":" in spec or spec in REGIONS):
        kind, _, body = spec.partition(":")
        if kind in REGIONS:
            _, region_lattice, _, cells = REGIONS[kind]
            return spec, cells(*region_sizes(kind, body)), region_lattice
    if os.path.lexists(spec):  # a directory or an unreadable file: read_text says which
        return Path(spec).name, read_shape(read_text(spec, BoardSpecError, "board file"), str(spec), lattice), lattice
    if isinstance(spec, os.PathLike) or looks_like_path(spec):
        raise BoardSpecError(f"board: no such file: {os.fsdecode(spec)}")
    raise BoardSpecError(f"board {spec!r}: expected one of {', '.join(REGION_FORMS)} (no such file: {spec})")


def region_graph(cells: Iterable[Cell], lattice: Lattice, name: str = "region") -> nx.Graph:
    """The graph of a region: its cells, each joined to its neighbours on ``lattice`` that are cells too.

    Nodes carry ``pos`` (the cell's centre); ``G.graph`` names the
    ``lattice`` and the board.

    Examples
    --------
    >>> from parity.boards.lattices import TRIANGLE
    >>> G = region_graph([(0, 0, 0), (0, 0, 1), (1, 0, 0)], TRIANGLE)
    >>> sorted(G.edges())
    [((0, 0, 0), (0, 0, 1)), ((0, 0, 1), (1, 0, 0))]
    """
    import networkx as nx

    cells = list(cells)
    G = nx.Graph(name=name, lattice=lattice.name)
    G.add_nodes_from((cell, {"pos": lattice.centre(cell)}) for cell in cells)
    inside = set(cells)
    G.add_edges_from((cell, other) for cell in cells for other in lattice.neighbours(cell) if other in inside)
    return G


def check_cell(cell, where: str, error: type[Exception] = LimitError) -> tuple[int, ...]:
    """A cell as a tuple of ints (numpy integers welcome), else ``error`` saying what ``where`` holds instead."""
    if isinstance(cell, (str, bytes, Mapping)) or not isinstance(cell, Iterable):
        raise error(f"{where} has a cell {cell!r}; a cell is a tuple of whole numbers such as (0, 1)")
    cell = tuple(cell)
    for value in cell:
        try:
            if isinstance(value, bool):
                raise TypeError
            operator.index(value)
        except TypeError:
            raise error(f"{where} has the cell {cell!r}, whose coordinate {value!r} is not a whole number") from None
    return tuple(operator.index(value) for value in cell)


def check_cells(cells, where: str, error: type[Exception] = LimitError) -> list[tuple[int, ...]]:
    """A list of cells, each a tuple of ints, none twice, else ``error`` naming ``where``.

    Examples
    --------
    >>> check_cells([(0, 0), (0, 0)], "board")
    Traceback (most recent call last):
    ...
    parity.errors.LimitError: board lists the cell (0, 0) twice
    """
    if isinstance(cells, (str, bytes, Mapping)) or not isinstance(cells, Iterable):
        raise error(f"{where} must be a sequence of cells such as [(0, 0), (0, 1)], got {cells!r}")
    out = [check_cell(cell, where, error) for cell in cells]
    seen: set = set()
    for cell in out:
        if cell in seen:
            raise error(f"{where} lists the cell {cell} twice")
        seen.add(cell)
    return out


def check_on_lattice(cells: list, lattice: Lattice, where: str, error: type[Exception] = LimitError) -> None:
    """``error`` naming ``where`` when one of ``cells`` is no cell of ``lattice``."""
    for cell in cells:
        reason = lattice.refuses(cell)
        if reason:
            raise error(f"{where} has the cell {cell}, and {reason}")
