"""The lattices polyforms live on: the cells of the square, cubic, triangle and hexagon lattices, and the unit
segments of the square, triangular and hexagonal grids.

A lattice names its cells, their neighbours, the point symmetries that map
the lattice onto itself (rotations first) and the translations.  Cells are
integer tuples:

- square ``(r, c)``; cubic ``(x, y, z)``;
- hexagon ``(x, y)`` in axial coordinates, the axes 60 degrees apart (the
  neighbours of a hexagon differ by ``(±1, 0)``, ``(0, ±1)``, ``±(1, -1)``);
- triangle ``(x, y, z)``: ``z = 0`` the upward triangle with corners
  ``(x, y)``, ``(x+1, y)``, ``(x, y+1)`` of the vertex lattice (axial again),
  ``z = 1`` the downward one with corners ``(x+1, y)``, ``(x, y+1)``,
  ``(x+1, y+1)``.  Translations move ``x`` and ``y`` only.

The triangle lattice's symmetries are worked out on the triangles' centres
(three times the centroid is an integer point of the vertex lattice), where
they are the hexagon lattice's twelve.

Segment lattices (:class:`Segments`) have the unit segments of a grid as
their cells, neighbours when they share an end point, in Polyform Puzzler's
coordinates ``(x, y, z)``: ``z`` is the segment's direction from its point
``(x, y)``:

- ``sticks`` (polysticks), the square grid: ``z = 0`` to ``(x+1, y)``, ``z = 1``
  to ``(x, y+1)``;
- ``trigs`` (polytrigs), the triangular grid in axial points: ``z = 0`` to
  ``(x+1, y)`` (0 degrees), ``z = 1`` to ``(x, y+1)`` (60), ``z = 2`` to
  ``(x-1, y+1)`` (120);
- ``twigs`` (polytwigs), the hexagonal grid: ``(x, y)`` names the grid point
  at ``x (3/2, sqrt(3)/2) + y (0, sqrt(3))`` (one of the two kinds of
  points, each with a segment to the right, ``z = 0``, up and to the left,
  ``z = 1``, and down and to the left, ``z = 2``).

Their symmetries are the grid's point symmetries applied to both end points
(about a grid point, or for the hexagonal grid about a hexagon's centre).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import permutations, product
from operator import sub

from ..errors import LimitError

__all__ = ["Cell", "Lattice", "Segments", "SQUARE", "CUBIC", "HEX", "TRIANGLE", "STICKS", "TRIGS", "TWIGS", "LATTICES",
           "CELL_LATTICES", "lattice_named"]

Cell = tuple[int, ...]


@dataclass(frozen=True)
class Lattice:
    """Cells, neighbours and symmetries of one lattice (see the module docstring for coordinates)."""

    name: str
    maps: tuple[Callable[..., Cell], ...]  # point symmetries, the rotations first
    rotations: int
    steps: Callable[[Cell], Sequence[Cell]]
    translated: int  # how many leading coordinates translations move
    origin: Cell

    @property
    def reflects(self) -> bool:
        """Whether a piece may be turned over within the lattice's own dimension (not for solids)."""
        return self.name != "cubic"

    @property
    def dimension(self) -> int:
        """How many coordinates a cell has (2 on the square and hexagon lattices, 3 on the cubic and triangle)."""
        return len(self.origin)

    def refuses(self, cell: Cell) -> str | None:
        """Why a tuple of ints is not a cell of this lattice (the wrong number of coordinates; on the triangle
        lattice a last coordinate other than 0 or 1), or None when it is one.

        Examples
        --------
        >>> TRIANGLE.refuses((0, 0, 2))
        'its last coordinate is 2, where the triangle lattice has 0 (upward) or 1 (downward)'
        >>> SQUARE.refuses((0, 0)) is None
        True
        """
        if len(cell) != self.dimension:
            return f"it has {len(cell)} coordinates, where the {self.name} lattice's cells have {self.dimension}"
        if self.name == "triangle" and cell[2] not in (0, 1):
            return f"its last coordinate is {cell[2]}, where the triangle lattice has 0 (upward) or 1 (downward)"
        return None

    def neighbours(self, cell: Cell) -> Sequence[Cell]:
        return self.steps(cell)

    def normalize(self, cells) -> tuple[Cell, ...]:
        cells = [tuple(cell) for cell in cells]
        k = self.translated
        if not cells:
            raise ValueError("a shape of no cells has no normal form")
        low = [min(column) for column in list(zip(*cells))[:k]]
        return tuple(sorted((*map(sub, cell[:k], low), *cell[k:]) for cell in cells))

    def orientations(self, cells, one_sided: bool = False) -> list[tuple[Cell, ...]]:
        """A shape's distinct orientations, each normalised, in order (the rotations alone when ``one_sided``).
        Worked out once per shape: a puzzle asks for its pieces' again and again (placements, names, checks)."""
        shape = tuple(map(tuple, cells))
        if all(type(v) is int for cell in shape for v in cell):  # (a key equal for 1, 1.0 and int64(1) would mix them)
            return list(_orientations(self, shape, bool(one_sided)))
        return list(_orientations.__wrapped__(self, shape, bool(one_sided)))

    def shift(self, cell: Cell, anchor: Cell, base: Cell) -> Cell | None:
        """``cell`` moved by the translation taking ``anchor`` to ``base``; None if no translation does."""
        k = self.translated
        if anchor[k:] != base[k:]:
            return None
        return tuple(v - a + b for v, a, b in zip(cell[:k], anchor[:k], base[:k])) + cell[k:]

    def centre(self, cell: Cell) -> tuple[float, ...]:
        """Where the cell's centre lies in the plane (or space), for pictures."""
        if self.name == "hex":
            x, y = cell
            return (x + y / 2, y * math.sqrt(3) / 2)
        if self.name == "triangle":
            a, b = _tri_point(cell)
            return ((a + b / 2) / 3, b * math.sqrt(3) / 6)
        return tuple(float(v) for v in cell)

    def outline(self, cell: Cell) -> list[tuple[float, float]]:
        """The corners of a plane cell, for pictures (hexagons pointy side up)."""
        if self.name == "hex":
            cx, cy = self.centre(cell)
            r = 1 / math.sqrt(3)
            return [(cx + r * math.cos(math.radians(30 + 60 * k)), cy + r * math.sin(math.radians(30 + 60 * k)))
                    for k in range(6)]
        if self.name == "triangle":
            x, y, z = cell
            corners = [(x, y), (x + 1, y), (x, y + 1)] if z == 0 else [(x + 1, y), (x + 1, y + 1), (x, y + 1)]
            return [(u + v / 2, v * math.sqrt(3) / 2) for u, v in corners]
        r, c = cell
        return [(c, -r), (c + 1, -r), (c + 1, -r - 1), (c, -r - 1)]


def _square_maps() -> tuple:
    return (lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c), lambda r, c: (-c, r),
            lambda r, c: (r, -c), lambda r, c: (-c, -r), lambda r, c: (-r, c), lambda r, c: (c, r))


def _cube_maps() -> tuple:
    """The 48 symmetries of the cube as signed permutations of (x, y, z); the 24 rotations first."""
    rotations, reflections = [], []
    for perm in permutations(range(3)):
        odd = sum(1 for i in range(3) for j in range(i + 1, 3) if perm[i] > perm[j]) % 2
        for signs in product((1, -1), repeat=3):
            det = (-1) ** odd * signs[0] * signs[1] * signs[2]
            f = (lambda p, s: lambda *v: tuple(s[i] * v[p[i]] for i in range(3)))(perm, signs)
            (rotations if det > 0 else reflections).append(f)
    return tuple(rotations + reflections)


def _axial_maps() -> list[Callable[[int, int], tuple[int, int]]]:
    """The twelve point symmetries of the hexagon lattice on axial points: six turns by 60 degrees, then six
    mirror images (the turns after swapping the axes)."""
    def turn(k: int, mirror: bool):
        def f(a: int, b: int) -> tuple[int, int]:
            if mirror:
                a, b = b, a
            for _ in range(k):
                a, b = -b, a + b
            return (a, b)
        return f
    return [turn(k, False) for k in range(6)] + [turn(k, True) for k in range(6)]


def _tri_point(cell: Cell) -> tuple[int, int]:
    x, y, z = cell
    return (3 * x + 1 + z, 3 * y + 1 + z)


def _tri_cell(a: int, b: int) -> Cell:
    z = (a - 1) % 3
    if z == 2 or (b - 1) % 3 != z:
        raise AssertionError(f"({a}, {b}) is not the centre of a triangle")
    return ((a - 1 - z) // 3, (b - 1 - z) // 3, z)


def _tri_maps() -> tuple:
    return tuple((lambda f: lambda x, y, z: _tri_cell(*f(*_tri_point((x, y, z)))))(f) for f in _axial_maps())


def _square_steps(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]


def _cube_steps(cell: Cell) -> list[Cell]:
    return [tuple(v + (d if i == k else 0) for i, v in enumerate(cell)) for k in range(3) for d in (1, -1)]


def _hex_steps(cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1), (x + 1, y - 1), (x - 1, y + 1)]


def _tri_steps(cell: Cell) -> list[Cell]:
    x, y, z = cell
    if z == 0:
        return [(x, y, 1), (x - 1, y, 1), (x, y - 1, 1)]
    return [(x, y, 0), (x + 1, y, 0), (x, y + 1, 0)]


class Segments(Lattice):
    """A lattice whose cells are the unit segments of a grid (see the module docstring for coordinates).

    ``ends(cell)`` gives a segment's two end points (integer points of the
    grid's own coordinates), ``joined(p, q)`` the segment between two
    neighbouring points, ``at(p)`` every segment with an end at ``p``.

    Examples
    --------
    >>> STICKS.neighbours((0, 0, 0))  # the five other segments at (0, 0) and (1, 0)
    [(-1, 0, 0), (0, 0, 1), (0, -1, 1), (1, 0, 0), (1, 0, 1), (1, -1, 1)]
    """

    def __init__(self, name: str, directions, point_maps, rotations: int, first, of_point) -> None:
        self._directions = tuple(directions)  # z -> (the far end from (x, y))
        self._first, self._of_point = first, of_point  # (x, y) -> grid point; grid point -> (x, y) or None
        maps = tuple((lambda f: lambda x, y, z: self.joined(*(f(*p) for p in self.ends((x, y, z)))))(f)
                     for f in point_maps)
        super().__init__(name, maps, rotations, self._steps, 2, (0, 0, 0))

    @property
    def reflects(self) -> bool:
        return True

    def refuses(self, cell: Cell) -> str | None:
        """Why a tuple is not a segment ``(x, y, z)`` of this grid, or None.

        Examples
        --------
        >>> STICKS.refuses((0, 0, 2))
        'its direction z is 2, where the sticks lattice has 0 .. 1'
        """
        if len(cell) != 3:
            return f"it has {len(cell)} coordinates, where the {self.name} lattice's segments have 3 (x, y, z)"
        if cell[2] not in range(len(self._directions)):
            return f"its direction z is {cell[2]}, where the {self.name} lattice has 0 .. {len(self._directions) - 1}"
        return None

    def ends(self, cell: Cell) -> tuple[tuple[int, int], tuple[int, int]]:
        """The segment's two end points."""
        x, y, z = cell
        p = self._first(x, y)
        d = self._directions[z]
        return p, (p[0] + d[0], p[1] + d[1])

    def joined(self, p, q) -> Cell:
        """The segment between the neighbouring points ``p`` and ``q`` (in either order)."""
        for a, b in ((p, q), (q, p)):
            anchor = self._of_point(*a)
            if anchor is not None:
                d = (b[0] - a[0], b[1] - a[1])
                if d in self._directions:
                    return (*anchor, self._directions.index(d))
        raise AssertionError(f"{p} and {q} are not the ends of a segment of the {self.name} grid")

    def at(self, p) -> list[Cell]:
        """Every segment with an end at the point ``p``."""
        found = []
        for z, d in enumerate(self._directions):
            for a in (p, (p[0] - d[0], p[1] - d[1])):
                anchor = self._of_point(*a)
                if anchor is not None and (a == p or (a[0] + d[0], a[1] + d[1]) == tuple(p)):
                    found.append((*anchor, z))
        return found

    def _steps(self, cell: Cell) -> list[Cell]:
        cell = tuple(cell)
        return [other for p in self.ends(cell) for other in self.at(p) if other != cell]

    def centre(self, cell: Cell) -> tuple[float, float]:
        """The segment's midpoint in the plane."""
        (a, b), (c, d) = (self.position(p) for p in self.ends(cell))
        return ((a + c) / 2, (b + d) / 2)

    def position(self, p) -> tuple[float, float]:
        """Where a grid point lies in the plane."""
        if self.name == "sticks":
            return (float(p[0]), float(p[1]))
        if self.name == "trigs":
            return (p[0] + p[1] / 2, p[1] * math.sqrt(3) / 2)
        return (p[0] / 2, p[1] * math.sqrt(3) / 2)  # twigs: points kept as (2 x, 2 y / sqrt 3)

    def outline(self, cell: Cell) -> list[tuple[float, float]]:
        """The segment's two ends in the plane, for pictures."""
        return [self.position(p) for p in self.ends(cell)]


def _twig_point(x: int, y: int) -> tuple[int, int]:
    """The hexagonal grid point (x, y) as (2 px, 2 py / sqrt 3): integers for every grid point."""
    return (3 * x, x + 2 * y)


def _twig_of_point(X: int, Y: int) -> tuple[int, int] | None:
    """The (x, y) of a grid point of the first kind, or None for the other kind."""
    if X % 3 or (Y - X // 3) % 2:
        return None
    return (X // 3, (Y - X // 3) // 2)


def _twig_maps() -> list:
    """The twelve symmetries of the hexagonal grid about the centre (1, 1) of a hexagon, in the points'
    (2 px, 2 py / sqrt 3) coordinates: turns by 60 degrees, then their mirror images."""
    def turn(k: int, mirror: bool):
        def f(X: int, Y: int) -> tuple[int, int]:
            X, Y = X - 1, Y - 1
            if mirror:
                Y = -Y
            for _ in range(k):
                X, Y = (X - 3 * Y) // 2, (X + Y) // 2
            return (X + 1, Y + 1)
        return f
    return [turn(k, False) for k in range(6)] + [turn(k, True) for k in range(6)]


SQUARE = Lattice("square", _square_maps(), 4, _square_steps, 2, (0, 0))
CUBIC = Lattice("cubic", _cube_maps(), 24, _cube_steps, 3, (0, 0, 0))
HEX = Lattice("hex", tuple(_axial_maps()), 6, _hex_steps, 2, (0, 0))
TRIANGLE = Lattice("triangle", _tri_maps(), 6, _tri_steps, 2, (0, 0, 0))
STICKS = Segments("sticks", [(1, 0), (0, 1)], _square_maps(), 4, lambda x, y: (x, y), lambda x, y: (x, y))
TRIGS = Segments("trigs", [(1, 0), (0, 1), (-1, 1)], _axial_maps(), 6, lambda x, y: (x, y), lambda x, y: (x, y))
TWIGS = Segments("twigs", [(2, 0), (-1, 1), (-1, -1)], _twig_maps(), 6, _twig_point, _twig_of_point)
LATTICES = {lattice.name: lattice for lattice in (SQUARE, CUBIC, HEX, TRIANGLE, STICKS, TRIGS, TWIGS)}
#: the lattices of cells (the ones region boards are made of)
CELL_LATTICES = ("square", "cubic", "hex", "triangle")


def lattice_named(name: str) -> Lattice:
    """The lattice of a name in ``LATTICES`` (square, cubic, hex, triangle, sticks, trigs, twigs), else :class:`~parity.errors.LimitError` listing the names."""
    if not isinstance(name, str) or name not in LATTICES:
        raise LimitError(f"unknown lattice {name!r}; known: {', '.join(LATTICES)}")
    return LATTICES[name]


@functools.lru_cache(maxsize=8192)
def _orientations(lattice: Lattice, cells: tuple[Cell, ...], one_sided: bool) -> tuple[tuple[Cell, ...], ...]:
    maps = lattice.maps[:lattice.rotations] if one_sided or not lattice.reflects else lattice.maps
    return tuple(sorted({lattice.normalize(f(*cell) for cell in cells) for f in maps}))
