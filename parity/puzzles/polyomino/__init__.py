"""Polyform packing: place each piece of a set once so that the pieces tile a board exactly (exact cover).

Pieces are generated, not typed: :func:`polyominoes` grows every free (or
one-sided) polyform of an order cell by cell on a lattice and keeps one per
class under the lattice's symmetries (rotations and reflections; rotations
only for one-sided pieces and for solids).  Four lattices
(:mod:`parity.boards.lattices`): squares (polyominoes), cubes (polycubes),
triangles (polyiamonds) and hexagons (polyhexes).

Named sets (:data:`PIECE_SETS`): ``monominoes`` .. ``hexominoes``,
``one-sided-tetrominoes``, ``one-sided-pentominoes``; ``tetracubes``,
``pentacubes``, ``soma``, ``solid-pentominoes``; ``diamonds`` (the lozenge), ``triamonds``, ``tetriamonds`` ..
``heptiamonds``, ``one-sided-hexiamonds``; ``trihexes``, ``tetrahexes``,
``pentahexes``, ``one-sided-tetrahexes``.  Pieces carry their conventional
names where there are some (:data:`PENTOMINO_NAMES`,
:data:`CONVENTIONAL_NAMES`: F I L N P T U V W X Y Z, Polyform Puzzler's
letters for the polyiamonds of orders 4 to 7, trihexes and tetrahexes; Soma's
V L T Z A B P), else numbers.
Boards are regions of the pieces' lattice (:data:`parity.boards.REGION_FORMS`, one table with every board kind):
``rect:WxH``, ``box:AxBxC``, ``tri-parallelogram:WxH``, ``tri-hexagon:WxH``
(``H`` rows, ``W`` triangle edges across the widest row; ``tri-hexagon:S`` the
regular hexagon of side ``S``), ``hex-parallelogram:WxH``, ``hex-hexagon:S``,
``hex-coin``, or a file of ASCII art (``#`` a cell, ``.`` a hole; see
:func:`parity.boards.read_shape`).

The exact cover has one primary item per piece and per cell and one option
per placement (a piece in one orientation at one position).  On a plane
board the ``scan`` engine solves it by default, filling the cells in
scan-line order (:meth:`Polyomino.fill_order`); in a box the ``dlx`` engine
(the only one of the two that takes boxes); ``dlx`` takes plane boards too,
and the CNF route (``sat``, ``cms``, ``ganak``) reads the same problem.

Examples
--------
>>> [len(polyominoes(n)) for n in range(1, 7)], len(polyominoes(5, one_sided=True))
([1, 1, 2, 5, 12, 35], 18)
>>> import parity as pt
>>> pt.count(Polyomino("pentominoes", "rect:10x6"))
9356
>>> pt.count_result(Polyomino("tetrahexes", "hex-coin"), up_to_symmetry=True).stats["count_up_to_symmetry"]
4
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ...boards import REGION_FORMS, check_cells, check_on_lattice, read_shape, region, region_graph
from ...boards.lattices import CUBIC, HEX, SQUARE, TRIANGLE, Lattice, Segments, lattice_named
from ...errors import BoardSpecError, InvalidSolution, LimitError
from ..base import Puzzle
from ..registry import Family, Option

__all__ = ["Polyomino", "random_packing", "polyominoes", "piece_names", "normalize", "orientations", "PIECE_SETS",
           "PENTOMINO_NAMES", "CONVENTIONAL_NAMES", "SEGMENT_NAMES", "SOLID_NAMES", "PENTACUBE_NAMES", "FAMILY"]

if TYPE_CHECKING:
    from ...cover import CoverProblem

Cell = tuple[int, int]

#: conventional names of the twelve pentominoes, matched to the generated shapes by their canonical form
PENTOMINO_NAMES = {
    ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)): "I",
    ((0, 0), (0, 1), (0, 2), (0, 3), (1, 0)): "L",
    ((0, 0), (0, 1), (0, 2), (0, 3), (1, 1)): "Y",
    ((0, 0), (0, 1), (0, 2), (1, 2), (1, 3)): "N",
    ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1)): "P",
    ((0, 0), (0, 1), (0, 2), (1, 1), (2, 1)): "T",
    ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2)): "U",
    ((0, 0), (0, 1), (0, 2), (1, 0), (2, 0)): "V",
    ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2)): "W",
    ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1)): "X",
    ((0, 0), (0, 1), (1, 1), (1, 2), (2, 1)): "F",
    ((0, 0), (0, 1), (1, 1), (2, 1), (2, 2)): "Z",
}


def _lattice_of(cells, lattice: Lattice | str | None) -> Lattice:
    if isinstance(lattice, Lattice):
        return lattice
    if lattice is not None:
        return lattice_named(lattice)
    return SQUARE if len(next(iter(cells))) == 2 else CUBIC


def normalize(cells, lattice: Lattice | str | None = None) -> tuple[Cell, ...]:
    """The cells translated to touch 0 in every coordinate (on the triangle lattice: x and y), sorted."""
    cells = [tuple(cell) for cell in cells]
    return _lattice_of(cells, lattice).normalize(cells)


def orientations(cells, one_sided: bool = False, lattice: Lattice | str | None = None) -> list[tuple[Cell, ...]]:
    """The distinct orientations of a shape: rotations, and reflections unless ``one_sided``.

    Solid (3-D) pieces are one-sided by nature: a rigid motion never reflects them.
    """
    cells = [tuple(cell) for cell in cells]
    return _lattice_of(cells, lattice).orientations(cells, one_sided)


def polyominoes(order: int, one_sided: bool = False, dimension: int = 2,
                lattice: Lattice | str | None = None) -> list[tuple[Cell, ...]]:
    """Every polyform of ``order`` cells on a lattice, one per class.

    The square lattice gives polyominoes (``dimension=3`` or ``lattice="cubic"``:
    polycubes), ``lattice="triangle"`` polyiamonds and ``lattice="hex"``
    polyhexes.  Free pieces are kept up to rotations and reflections, one-sided
    ones up to rotations; polycubes up to rotations (a chiral pair is two
    pieces).  Grown cell by cell from the smaller ones; each kept in its least
    orientation (the least of ``orientations(piece)``), the list sorted.

    The sets grow about four-fold an order on the square lattice (OEIS A000105:
    17,073 pieces of order 11, 63,600 of order 12), and so do time and memory;
    the size of a set is checked against the machine's memory by
    :func:`parity.pieces.piece_set`, not here.

    Examples
    --------
    >>> [len(polyominoes(n, dimension=3)) for n in range(1, 6)]
    [1, 1, 2, 8, 29]
    >>> [len(polyominoes(n, lattice="triangle")) for n in range(1, 8)]
    [1, 1, 1, 3, 4, 12, 24]
    >>> [len(polyominoes(n, lattice="hex")) for n in range(1, 6)]
    [1, 1, 3, 7, 22]
    """
    import numpy as np

    if isinstance(order, bool) or not isinstance(order, (int, np.integer)) or order < 1:
        raise LimitError(f"polyomino order must be a positive whole number, got {order!r}")
    if lattice is None:
        if dimension not in (2, 3):
            raise LimitError(f"dimension must be 2 or 3, got {dimension!r}")
        lattice = SQUARE if dimension == 2 else CUBIC
    lattice = _lattice_of(None, lattice)
    free = lattice.maps if lattice.reflects else lattice.maps[:lattice.rotations]
    shapes = [(lattice.origin,)]
    for _ in range(int(order) - 1):
        shapes = _least_forms(lattice, shapes, free, grow=True)
    if one_sided and lattice.reflects:  # a free piece is one or two one-sided ones: itself and its mirror image
        mirror = lattice.maps[lattice.rotations]
        shapes = _least_forms(lattice, shapes + [tuple(mirror(*cell) for cell in s) for s in shapes],
                              lattice.maps[:lattice.rotations])
    return shapes


#: shapes taken at a time by :func:`_least_forms` (grown, each of them makes a dozen or so: arrays of tens of MiB)
_BATCH = 1 << 14


def _least_forms(lattice: Lattice, shapes: list[tuple], maps, grow: bool = False) -> list[tuple]:
    """The classes of ``shapes`` under ``maps`` (or, with ``grow``, of the shapes one cell larger that they grow
    into), each in its least image, sorted: ``sorted({min(lattice.normalize(f(*c) for c in s) for f in maps) for s
    in shapes})``, worked out on arrays a batch of shapes at a time.

    A cell of a normalised image is written as one integer, ``x W^2 + y W + z`` (``W`` larger than any coordinate
    of a normalised piece of this size), so that integers sort as cells do; a shape is the row of its cells'
    integers, sorted, and the least image of a shape is the least of its rows.
    """
    import numpy as np

    k, size = lattice.translated, len(shapes[0]) + grow
    near = _neighbour_steps(lattice)
    reach = max(abs(v) for steps in near.values() for step in steps for v in step[:k])
    width = max((size - 1) * reach + 1, 1 + max(max(z, default=0) for z in near))  # (a connected piece's extent)
    weights = width ** np.arange(lattice.dimension - 1, -1, -1, dtype=np.int64)
    kind = np.int16 if width ** lattice.dimension < 2 ** 15 else np.int32 if width ** lattice.dimension < 2 ** 31 \
        else np.int64  # (the smaller, the faster the rows sort)
    kept = []
    for start in range(0, len(shapes), _BATCH):
        batch = shapes[start:start + _BATCH]
        if grow:  # each shape with one more cell, each cell next to it that it does not hold
            batch = [shape + (new,) for shape in batch
                     for new in {n for cell in shape for n in lattice.neighbours(cell)}.difference(shape)]
        cells = sorted({cell for shape in batch for cell in shape})
        index = {cell: i for i, cell in enumerate(cells)}
        where = np.array([[index[cell] for cell in shape] for shape in batch], dtype=np.int64)
        least = None
        for f in maps:
            image = np.array([f(*cell) for cell in cells], dtype=np.int64)[where]
            image[:, :, :k] -= image[:, :, :k].min(axis=1, keepdims=True)
            rows = np.sort((image @ weights).astype(kind), axis=1)
            if least is None:  # a shape met twice (grown from two of its parts) is imaged once
                least, first = np.unique(rows, axis=0, return_index=True)
                where = where[first]
            else:
                least = _lesser_rows(least, rows)
        kept.append(np.unique(least, axis=0))
    rows = np.unique(np.concatenate(kept), axis=0)
    cells = rows[:, :, None].astype(np.int64) // weights % width
    return [tuple(map(tuple, shape)) for shape in cells.tolist()]


def _lesser_rows(a, b):
    """Row by row, the lexicographically lesser of two integer arrays of one shape."""
    import numpy as np

    differ = a != b
    first = differ.argmax(axis=1)
    rows = np.arange(len(a))
    smaller = differ.any(axis=1) & (b[rows, first] < a[rows, first])
    a[smaller] = b[smaller]
    return a


def _neighbour_steps(lattice: Lattice) -> dict[tuple, list[tuple]]:
    """Each kind of cell (its coordinates past the translated ones: ``()`` on the square lattice, the direction
    ``z`` of a triangle or segment) -> the steps to its neighbours; found from the origin, neighbour by
    neighbour."""
    k = lattice.translated
    steps: dict[tuple, list[tuple]] = {}
    todo = [lattice.origin]
    while todo:
        cell = todo.pop()
        kind = cell[k:]
        if kind in steps:
            continue
        base = (0,) * k + kind
        steps[kind] = [tuple(a - b for a, b in zip(n, base)) for n in lattice.neighbours(base)]
        todo.extend(lattice.neighbours(base))
    return steps


#: Conventional names of other small polyforms, each piece drawn as ASCII art in its lattice's coordinates (see
#: :func:`~parity.boards.read_shape`): the usual letters for the tetrominoes (``L`` and ``S`` as in Tetris, their mirror images
#: ``J`` and ``Z``), and for polyiamonds and polyhexes the letters of Polyform Puzzler, which carry the order.
#: Polyiamonds of orders 4 to 7 (``I4 C4 T4``, ``I5 C5 L5 P5``, the twelve hexiamonds, ``A7`` .. ``Z7``).
#: Hexiamonds: ``I6`` bar, ``P6`` sphinx, ``J6`` crook, ``E6`` crown, ``V6`` lobster, ``H6`` signpost, ``S6``
#: snake, ``X6`` butterfly, ``C6`` chevron, ``G6`` hook, ``F6`` yacht, ``O6`` hexagon.  Tetrahexes: ``I4`` bar,
#: ``O4`` bee, ``Y4`` propeller, ``P4`` pistol, ``U4`` arch, ``J4`` (one bend) and ``S4`` (a zigzag).  Each entry is
#: ``name: (art, name of the mirror image or None)``; a mirror image without a name of its own is ``name'``.
CONVENTIONAL_NAMES = {
    ("square", 4): {"I": ("####", None), "O": ("##\n##", None), "T": ("###\n.#", None),
                    "S": (".##\n##", "Z"), "L": ("#\n#\n##", "J")},
    ("triangle", 4): {"I4": ("####", None), "C4": ("###\n...#", None), "T4": ("#\n###", None)},
    ("triangle", 5): {"I5": ("#####", None), "C5": ("###\n.#.#", None), "L5": ("..#\n####", None),
                      "P5": ("#\n####", None)},
    ("triangle", 6): {"I6": ("######", None), "P6": ("..#\n#####", None), "J6": ("#####\n.#", None),
                      "E6": ("#####\n...#", None), "V6": ("##\n####", None), "H6": ("####\n...##", None),
                      "S6": ("..#\n####\n.#", None), "X6": ("#\n####\n...#", None), "C6": ("..##\n####", None),
                      "G6": (".##\n####", None), "F6": ("#.#\n####", None), "O6": ("###\n.###", None)},
    ("triangle", 7): {"I7": ("#######", None), "P7": ("#\n######", None), "E7": ("..#\n######", None),
                      "L7": ("....#\n######", None), "H7": ("..##\n#####", None), "G7": (".##\n#####", None),
                      "M7": ("#.#\n#####", None), "T7": ("#\n#####\n.#", None), "X7": ("#\n#####\n...#", None),
                      "Q7": ("#\n#####\n.....#", None), "R7": ("#####\n##", None), "J7": ("#####\n.##", None),
                      "F7": ("#####\n.#.#", None), "C7": ("#####\n.#...#", None), "Y7": ("#####\n..##", None),
                      "Z7": ("####\n...###", None), "B7": ("##\n####\n...#", None), "A7": ("####\n.#.##", None),
                      "W7": ("..#\n####\n...##", None), "D7": ("#\n###\n.###", None), "U7": ("#.##\n####", None),
                      "V7": ("#\n.##\n####", None), "N7": ("..##\n####\n.#", None), "S7": (".##\n####\n.#", None)},
    ("hex", 3): {"I3": ("###", None), "V3": (".#\n##", None), "A3": ("#\n##", None)},
    ("hex", 4): {"I4": ("####", None), "J4": ("..#\n###", None), "P4": (".#\n###", None),
                 "S4": (".##\n##", None), "U4": ("#.#\n.##", None), "Y4": (".#\n##\n..#", None),
                 "O4": ("##\n##", None)},
}

#: Polyform Puzzler's names of the pieces of segments, each piece as its segments in Polyform Puzzler's ``(x, y,
#: z)`` coordinates (z: the segment's direction, see :mod:`parity.boards.lattices`); in one-sided sets the mirror
#: image of a piece takes its name in lower case, as in Polyform Puzzler's solution files.
SEGMENT_NAMES = {
    ("sticks", 3): {"I3": ((0, 0, 0), (1, 0, 0), (2, 0, 0)), "L3": ((0, 0, 0), (1, 0, 0), (2, 0, 1)),
                    "T3": ((0, 0, 0), (1, 0, 0), (1, 0, 1)), "Z3": ((0, 1, 0), (1, 0, 1), (1, 0, 0)),
                    "U3": ((0, 0, 1), (0, 0, 0), (1, 0, 1))},
    ("sticks", 4): {
        "I": ((0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0)), "L": ((0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 1)),
        "Y": ((0, 0, 0), (1, 0, 0), (2, 0, 0), (2, 0, 1)), "V": ((0, 0, 0), (1, 0, 0), (2, 0, 1), (2, 1, 1)),
        "T": ((0, 0, 0), (1, 0, 0), (1, 0, 1), (1, 1, 1)), "X": ((0, 1, 0), (1, 1, 0), (1, 0, 1), (1, 1, 1)),
        "U": ((0, 0, 0), (1, 0, 0), (0, 0, 1), (2, 0, 1)), "N": ((0, 0, 0), (1, 0, 0), (2, 0, 1), (2, 1, 0)),
        "J": ((0, 0, 0), (1, 0, 0), (2, 0, 1), (1, 1, 0)), "H": ((0, 0, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0)),
        "F": ((0, 0, 0), (1, 0, 0), (0, 0, 1), (1, 0, 1)), "Z": ((0, 0, 1), (0, 1, 0), (1, 1, 0), (2, 1, 1)),
        "R": ((0, 0, 1), (0, 1, 0), (1, 1, 0), (1, 1, 1)), "W": ((0, 0, 0), (1, 0, 1), (1, 1, 0), (2, 1, 1)),
        "P": ((0, 0, 1), (0, 1, 0), (1, 0, 1), (1, 0, 0)), "O": ((0, 0, 0), (1, 0, 1), (0, 1, 0), (0, 0, 1)),
    },
    ("trigs", 2): {"I2": ((0, 0, 0), (1, 0, 0)), "L2": ((0, 0, 0), (1, 0, 1)), "V2": ((0, 0, 0), (1, 0, 2))},
    ("trigs", 3): {"I3": ((0, 0, 0), (1, 0, 0), (2, 0, 0)), "L3": ((0, 0, 0), (1, 0, 0), (2, 0, 1)),
                   "J3": ((0, 0, 0), (1, 0, 0), (2, 0, 2)), "T3": ((0, 0, 0), (1, 0, 0), (1, 0, 1)),
                   "S3": ((0, 0, 0), (1, 0, 1), (1, 1, 0)), "C3": ((0, 0, 0), (1, 0, 1), (1, 1, 2)),
                   "U3": ((0, 0, 0), (1, 0, 1), (0, 1, 0)), "P3": ((0, 0, 0), (1, 0, 1), (2, 0, 2)),
                   "E3": ((0, 0, 0), (1, 0, 1), (1, 0, 2)), "Y3": ((0, 1, 0), (1, 1, 1), (2, 0, 2)),
                   "Z3": ((0, 0, 0), (1, 0, 2), (0, 1, 0)), "O3": ((0, 0, 0), (1, 0, 2), (0, 0, 1))},
    ("twigs", 3): {"Y3": ((0, 0, 0), (0, 0, 1), (0, 0, 2)), "S3": ((0, 1, 0), (1, 0, 0), (1, 0, 1)),
                   "C3": ((0, 0, 0), (0, 0, 1), (0, 1, 2))},
    ("twigs", 4): {
        "Y4": ((0, 1, 0), (1, 0, 0), (1, 0, 1), (1, 0, 2)), "W4": ((0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1)),
        "P4": ((0, 1, 0), (0, 1, 1), (1, 0, 1), (1, 0, 2)), "C4": ((0, 0, 0), (0, 0, 1), (0, 1, 2), (1, 0, 2)),
    },
    ("twigs", 5): {"C5": ((0, 0, 0), (0, 0, 1), (0, 1, 2), (1, 0, 1), (1, 0, 2)),
                   "H5": ((0, 1, 0), (0, 1, 1), (0, 1, 2), (0, 2, 2), (1, 0, 1)),
                   "I5": ((0, 2, 0), (0, 2, 1), (1, 1, 0), (1, 1, 1), (2, 0, 1)),
                   "L5": ((0, 1, 0), (0, 1, 1), (0, 1, 2), (1, 0, 0), (1, 0, 1)),
                   "P5": ((0, 0, 1), (0, 1, 0), (0, 1, 2), (1, 0, 0), (1, 0, 1)),
                   "R5": ((0, 1, 0), (0, 1, 1), (0, 1, 2), (1, 0, 1), (1, 0, 2)),
                   "S5": ((0, 1, 0), (0, 1, 2), (1, 0, 0), (1, 0, 1), (2, 0, 2)),
                   "T5": ((0, 2, 0), (1, 1, 0), (1, 1, 1), (1, 1, 2), (2, 0, 1)),
                   "U5": ((0, 1, 0), (1, 1, 0), (1, 1, 2), (2, 0, 0), (2, 0, 1)),
                   "W5": ((0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (2, 0, 2)),
                   "X5": ((0, 1, 0), (0, 1, 1), (0, 1, 2), (1, 0, 1), (1, 1, 2)),
                   "Y5": ((0, 0, 1), (0, 1, 0), (0, 1, 1), (0, 1, 2), (1, 0, 1))},
}


def _name_table(lattice: Lattice, order: int) -> dict[tuple, tuple[str, str | None, tuple]]:
    """``least orientation: (name, mirror name, the one-sided class that carries the plain name)``."""
    if lattice is SQUARE and order == 5:
        return {least: (name, None, least) for least, name in PENTOMINO_NAMES.items()}
    table = {}
    for name, (art, mirror) in CONVENTIONAL_NAMES.get((lattice.name, order), {}).items():
        cells = read_shape(art, name, lattice)
        table[min(lattice.orientations(cells))] = (name, mirror, min(lattice.orientations(cells, one_sided=True)))
    if lattice is CUBIC and order == 5:  # Polyform Puzzler's pentacubes: the solid ones, then the flat ones
        shapes = {n: [(0, 0, 0), *cells] for n, cells in PENTACUBE_NAMES.items()}
        shapes.update({f"{letter}5": [(r, c, 0) for r, c in flat] for flat, letter in PENTOMINO_NAMES.items()})
        for name, cells in shapes.items():
            least = min(lattice.orientations(cells))
            table[least] = (name, None, least)
    for name, cells in SEGMENT_NAMES.get((lattice.name, order), {}).items():
        cells = lattice.normalize(cells)
        table[min(lattice.orientations(cells))] = (name, name.lower(), min(lattice.orientations(cells, one_sided=True)))
    return table


def piece_names(shapes: list, one_sided: bool, lattice: Lattice = SQUARE) -> dict[str, tuple]:
    """Names for generated pieces: the conventional ones where there are (:data:`PENTOMINO_NAMES`,
    :data:`CONVENTIONAL_NAMES`, :data:`SEGMENT_NAMES`, :data:`PENTACUBE_NAMES`), else ``P6_3``-style (``C`` for polycubes, ``T`` for polyiamonds, ``H`` for
    polyhexes, ``S``, ``G``, ``W`` for polysticks, polytrigs, polytwigs); in a one-sided
    set a trailing ``'`` marks the mirror image of a piece whose mirror has no name of its own."""
    table = _name_table(lattice, len(shapes[0]))
    prefix = {"square": "P", "cubic": "C", "triangle": "T", "hex": "H", "sticks": "S", "trigs": "G",
              "twigs": "W"}[lattice.name]
    names = {}
    for k, s in enumerate(shapes):
        entry = table.get(min(lattice.orientations(s))) if table else None  # (no names to look up past order 7)
        if entry is None:
            name = f"{prefix}{len(s)}_{k + 1}"
        else:
            plain, mirror, plain_class = entry
            flipped = one_sided and min(lattice.orientations(s, one_sided=True)) != plain_class
            name = (mirror or f"{plain}'") if flipped else plain
        while name in names:
            name += "'"
        names[name] = s
    return names


#: a box whose layers hold at most this many cells is filled by ``scan`` (see :meth:`Polyomino.cover_problem`)
SMALL_LAYER = 9


#: Named piece sets, each ``name: (order, one_sided, lattice)``; the solid sets are picked from the polycubes.
PIECE_SETS = {
    "monominoes": (1, False, "square"), "dominoes": (2, False, "square"), "trominoes": (3, False, "square"),
    "tetrominoes": (4, False, "square"), "pentominoes": (5, False, "square"), "hexominoes": (6, False, "square"),
    "one-sided-tetrominoes": (4, True, "square"), "one-sided-pentominoes": (5, True, "square"),
    "tetracubes": (4, True, "cubic"), "pentacubes": (5, True, "cubic"), "pentacubes-3x3x3": (5, True, "cubic"),
    "soma": (4, True, "cubic"),
    "solid-pentominoes": (5, True, "cubic"),
    "diamonds": (2, False, "triangle"), "triamonds": (3, False, "triangle"),
    "tetriamonds": (4, False, "triangle"), "pentiamonds": (5, False, "triangle"),
    "hexiamonds": (6, False, "triangle"), "heptiamonds": (7, False, "triangle"),
    "one-sided-hexiamonds": (6, True, "triangle"),
    "trihexes": (3, False, "hex"), "tetrahexes": (4, False, "hex"), "pentahexes": (5, False, "hex"),
    "one-sided-tetrahexes": (4, True, "hex"),
    "tristicks": (3, False, "sticks"), "tetrasticks": (4, False, "sticks"), "one-sided-tetrasticks": (4, True, "sticks"),
    "pentasticks": (5, False, "sticks"), "ditrigs": (2, False, "trigs"), "tritrigs": (3, False, "trigs"),
    "tetratwigs": (4, False, "twigs"), "pentatwigs": (5, False, "twigs"),
}


#: The corner tricube ``V`` and the three tetracubes that are not flat, each a corner of three cubes (arms along x
#: and y) with a fourth cube on top, over the corner for ``P`` (the branch), over the x arm for ``A`` and over the
#: y arm for ``B`` (the two screws, mirror images of each other).  With the flat ``L``, ``T`` and ``Z`` they are
#: Soma's pieces.
SOLID_NAMES = {"V": ((0, 0, 0), (1, 0, 0), (0, 1, 0)), "P": ((0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)),
               "A": ((0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 0, 1)), "B": ((0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 1, 1))}

#: Polyform Puzzler's names of the seventeen pentacubes that are not flat (Kadon's "Superquints" names; the twelve
#: flat ones are the pentominoes' letters with a 5: ``F5`` .. ``Z5``), each as its cubes; mirror pairs are two
#: pieces (``L15`` and ``J15``), as solids turn but never reflect.
PENTACUBE_NAMES = {
    "L15": ((-1, 0, 0), (1, 0, 0), (1, 1, 0), (-1, 0, 1)), "L25": ((-1, 0, 0), (1, 0, 0), (1, 1, 0), (0, 0, 1)),
    "L35": ((-1, 0, 0), (1, 0, 0), (1, 1, 0), (1, 0, 1)), "L45": ((-1, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1)),
    "J15": ((-1, 0, 0), (1, 0, 0), (1, 1, 0), (-1, 0, -1)), "J25": ((-1, 0, 0), (1, 0, 0), (1, 1, 0), (0, 0, -1)),
    "J45": ((-1, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, -1)), "N15": ((-1, 0, 0), (0, 1, 0), (1, 1, 0), (-1, 0, -1)),
    "N25": ((-1, 0, 0), (0, 1, 0), (1, 1, 0), (0, 0, -1)), "S15": ((-1, 0, 0), (0, 1, 0), (1, 1, 0), (-1, 0, 1)),
    "S25": ((-1, 0, 0), (0, 1, 0), (1, 1, 0), (0, 0, 1)), "T15": ((-1, -1, 0), (-1, 0, 0), (-1, 1, 0), (-1, 0, 1)),
    "T25": ((-1, -1, 0), (-1, 0, 0), (-1, 1, 0), (0, 0, 1)), "V15": ((-1, 0, 0), (0, 1, 0), (-1, 0, 1), (-1, -1, 1)),
    "V25": ((-1, 0, 0), (0, 1, 0), (0, 1, 1), (1, 1, 1)), "Q5": ((1, 0, 0), (0, 1, 0), (1, 1, 0), (0, 0, 1)),
    "A5": ((1, 0, 0), (1, 1, 0), (0, 0, 1), (1, 1, 1)),
}


def _solid_set(name: str) -> dict[str, tuple]:
    """The solid piece sets: every tetracube (the flat ones by their tetromino letters, then A, B, P) or pentacube
    (Polyform Puzzler's names, :data:`PENTACUBE_NAMES`; ``pentacubes-3x3x3`` the 25 that fit in a 3 x 3 x 3 box);
    Soma (V, L, T, Z, A, B, P: the corner tricube and the six tetracubes that are neither straight nor square);
    the twelve pentominoes as flat solids."""
    if name == "solid-pentominoes":
        return {k: normalize((r, c, 0) for r, c in v) for k, v in piece_names(polyominoes(5), False).items()}
    if name == "pentacubes":  # named as Polyform Puzzler names them (see _name_table)
        return piece_names(polyominoes(5, lattice=CUBIC), True, CUBIC)
    if name == "pentacubes-3x3x3":  # the 25 that fit in a 3 x 3 x 3 box: all but I5, L5, N5 and Y5
        return {n: p for n, p in _solid_set("pentacubes").items()
                if all(max(c[i] for c in p) - min(c[i] for c in p) < 3 for i in range(3))}
    letters = {min(CUBIC.orientations(cells)): letter for letter, cells in SOLID_NAMES.items()}
    for letter, (art, _) in CONVENTIONAL_NAMES[("square", 4)].items():
        flat = [(r, c, 0) for r, c in read_shape(art, letter)]
        letters[min(CUBIC.orientations(flat))] = "Z" if name == "soma" and letter == "S" else letter
    pieces = polyominoes(4, dimension=3)
    if name == "soma":
        pieces = [normalize(SOLID_NAMES["V"])] + [p for p in pieces if letters[min(orientations(p))] not in "IO"]
    return {letters[min(orientations(p))]: p for p in pieces}


def _piece_set(name: str, one_sided: bool | None) -> tuple[dict[str, tuple], bool, Lattice]:
    order, sided, lattice_name = PIECE_SETS[name]
    lattice = lattice_named(lattice_name)
    if lattice is CUBIC:
        return _solid_set(name), True, lattice  # solids turn but never reflect
    sided = sided if one_sided is None else bool(one_sided)
    return piece_names(polyominoes(order, one_sided=sided, lattice=lattice), sided, lattice), sided, lattice


def _coordinates(n: int) -> str:
    return f"{n} coordinate{'s' if n != 1 else ''}"


def _custom_pieces(pieces, lattice: Lattice | None) -> tuple[Lattice, dict[str, tuple]]:
    """(lattice, name -> normalised cells) of a custom piece set, every piece checked; LimitError names the piece.

    Without ``lattice`` two coordinates mean the square lattice and three the
    cubic one.
    """
    if not isinstance(pieces, Mapping):
        try:  # a sequence of (name, cells) pairs, as dict() takes them
            pieces = dict(pieces)
        except (TypeError, ValueError):
            raise LimitError(f"pieces: expected a named set ({', '.join(PIECE_SETS)}) or a mapping name -> cells, "
                             f"got {pieces!r}") from None
    shapes = {str(name): check_cells(cells, f"pieces: piece {str(name)!r}") for name, cells in pieces.items()}
    if not shapes or not all(shapes.values()):
        raise LimitError("a custom piece set needs at least one piece, each of at least one cell")
    first, cells = next(iter(shapes.items()))
    dimension = len(cells[0]) if lattice is None else lattice.dimension
    for name, cells in shapes.items():
        for cell in cells:
            if len(cell) != dimension:
                whose = f"the cells of piece {first!r}" if lattice is None else f"the {lattice.name} lattice's cells"
                raise LimitError(f"pieces: piece {name!r} has a cell of {_coordinates(len(cell))} where {whose} "
                                 f"have {dimension}")
    if lattice is None:
        if dimension not in (2, 3):
            raise LimitError(f"pieces: cells of {_coordinates(dimension)}; the square and hexagon lattices take 2, "
                             "the cubic and triangle lattices 3")
        lattice = SQUARE if dimension == 2 else CUBIC
    for name, cells in shapes.items():
        check_on_lattice(cells, lattice, f"pieces: piece {name!r}")
    return lattice, {name: lattice.normalize(cells) for name, cells in shapes.items()}


class Polyomino(Puzzle):
    """Place each piece once so that the pieces cover the board's cells exactly.

    Parameters
    ----------
    pieces : str or mapping
        A named set (:data:`PIECE_SETS`) or name -> cells, each cell a tuple
        of whole numbers in the lattice's coordinates (see
        :mod:`parity.boards.lattices`).
    board : str, path or sequence of cells
        A spec of :data:`REGION_FORMS` (``rect:WxH``, ...), a file of ASCII
        art, or the cells themselves.
    one_sided : bool, optional
        Pieces may not be turned over (implied by the one-sided sets).
    lattice : str, optional
        ``square``, ``cubic``, ``triangle`` or ``hex``, for custom pieces;
        default: two coordinates a cell mean square, three cubic.  A named
        set brings its own.
    copies : {"once", "any"}
        ``once``: each piece exactly once (a packing).  ``any``: each piece
        any number of times, none included (a tiling: dominoes on a board);
        a solution then names the copies ``I#1``, ``I#2``, ...
    omit_one_of : iterable of str, optional
        Pieces of which exactly one is left out of each packing (any one of
        them), as in Polyform Puzzler's puzzles that leave out one piece:
        each must have as many cells as the pieces have more than the board.
        In the cover problem this is Polyform Puzzler's own device: an item
        ``!`` and one option ``! NAME`` per such piece.

    Raises
    ------
    LimitError
        For pieces that are no named set and no mapping of names to cells,
        a cell that is not a tuple of whole numbers, cells of different
        lengths or no cell of the lattice, a cell listed twice; and when the
        pieces' area differs from the board's.
    BoardSpecError
        For a board spec of none of the forms, a missing file (``no such
        file:``), board cells that are not cells of the pieces' lattice.

    Examples
    --------
    >>> Polyomino({"a": [(0, 0)], "b": [(0, 0, 0)]}, [(0, 0), (0, 1)])
    Traceback (most recent call last):
    ...
    parity.errors.LimitError: pieces: piece 'b' has a cell of 3 coordinates where the cells of piece 'a' have 2

    Fifteen of the sixteen tetrasticks, one of the five lopsided ones left
    out, fill the 60 segments of the 5 x 5 grid of squares (not the 31 of
    3 x 4):

    >>> Polyomino("tetrasticks", "sticks-rect:5x5", omit_one_of="HJLNY").describe()
    'tetrasticks less one of H, J, L, N, Y on sticks-rect:5x5'
    >>> Polyomino("tetrasticks", "sticks-rect:3x4", omit_one_of="HJLNY")
    Traceback (most recent call last):
    ...
    parity.errors.LimitError: omit_one_of: the pieces cover 64 cells and the board has 31; leaving one piece out needs one of 33 cells, and H has 4
    """

    family = "polyomino"
    encodings = ("cover", "cnf")

    def __init__(self, pieces="pentominoes", board="rect:10x6", one_sided: bool | None = None,
                 lattice: str | None = None, copies: str = "once", omit_one_of=None) -> None:
        if copies not in ("once", "any"):
            raise LimitError(f"copies: once (each piece once) or any (each piece any number of times), got {copies!r}")
        self.copies = copies
        if one_sided is not None and one_sided not in (True, False):
            raise LimitError(f"one_sided: True, False or None (the set's own), got {one_sided!r}")
        if lattice is not None and not isinstance(lattice, Lattice):
            lattice = lattice_named(lattice)
        if isinstance(pieces, str):
            if pieces not in PIECE_SETS:
                raise LimitError(f"unknown piece set {pieces!r}; known: {', '.join(PIECE_SETS)}")
            self.set_name = pieces
            self.pieces, self.one_sided, self.lattice = _piece_set(pieces, one_sided)
            if lattice is not None and lattice is not self.lattice:
                raise LimitError(f"lattice: the set {pieces} lies on the {self.lattice.name} lattice, not on the "
                                 f"{lattice.name} lattice")
        else:
            self.set_name = "custom"
            self.one_sided = bool(one_sided)
            self.lattice, self.pieces = _custom_pieces(pieces, lattice)
        if self.lattice is CUBIC:
            self.one_sided = True
        if isinstance(board, (str, os.PathLike)):
            self.board_label, cells, board_lattice = region(board, self.lattice)
            if board_lattice is not self.lattice:
                raise BoardSpecError(f"board {board}: a {board_lattice.name}-lattice board for pieces on the "
                                     f"{self.lattice.name} lattice")
        else:
            if isinstance(board, (bytes, Mapping)) or not isinstance(board, Iterable):
                raise BoardSpecError(f"board: expected one of {', '.join(REGION_FORMS)} or a sequence of cells, got "
                                     f"{board!r}")
            self.board_label, cells = "cells", check_cells(board, "board", BoardSpecError)
            for cell in cells:
                if len(cell) != self.lattice.dimension:
                    raise BoardSpecError(f"board: the cell {cell} has {_coordinates(len(cell))} where the pieces' "
                                         f"cells have {self.lattice.dimension}")
            check_on_lattice(cells, self.lattice, "board", BoardSpecError)
        self.cells = sorted(set(cells))
        self._board = None
        area = sum(len(s) for s in self.pieces.values())
        self.omit_one_of = self._omittable(omit_one_of, area)
        if copies == "once" and not self.omit_one_of and area != len(self.cells):
            raise LimitError(f"the pieces cover {area} cells and the board has {len(self.cells)}: no exact cover")

    def _omittable(self, names, area: int) -> tuple[str, ...]:
        """The pieces of which one is left out, checked: pieces of the set, each the size of the surplus.

        A text names them separated by commas or spaces; a text that is one word is a piece's name when the set
        has that piece, else a run of one-letter names (``HJLNY``).
        """
        if names is None:
            return ()
        if isinstance(names, str):
            words = [w for w in re.split(r"[,\s]+", names) if w]
            if len(words) == 1 and words[0] not in self.pieces and any(ch in self.pieces for ch in words[0]):
                words = list(words[0])
            names = words
        elif isinstance(names, (bytes, Mapping)) or not isinstance(names, Iterable):
            raise LimitError(f"omit_one_of: names of pieces (a text, or a list of names), got {names!r:.60}")
        names = tuple(dict.fromkeys(str(n).strip() for n in names))
        if not names or "" in names:
            raise LimitError("omit_one_of: name at least one piece, of which exactly one is left out")
        if self.copies != "once":
            raise LimitError("omit_one_of leaves out one piece of a packing; with copies='any' no piece is needed")
        unknown = [n for n in names if n not in self.pieces]
        if unknown:
            raise LimitError(f"omit_one_of: {unknown[0]!r} is not a piece of the set ({', '.join(self.pieces)})")
        if "!" in self.pieces:
            raise LimitError("omit_one_of: a piece named '!' is the name of the item that leaves a piece out; "
                             "rename it")
        surplus = area - len(self.cells)
        if surplus <= 0:
            raise LimitError(f"omit_one_of: the pieces cover {area} cells and the board has {len(self.cells)}: "
                             f"{'they fill it exactly' if surplus == 0 else 'they cannot fill it'}, and no piece "
                             "is left over to leave out")
        wrong = [n for n in names if len(self.pieces[n]) != surplus]
        if wrong:
            raise LimitError(f"omit_one_of: the pieces cover {area} cells and the board has {len(self.cells)}; leaving "
                             f"one piece out needs one of {surplus} cells, and {wrong[0]} has "
                             f"{len(self.pieces[wrong[0]])}")
        return names

    @property
    def board(self):
        """The board as a graph: its cells, each joined to its neighbours on the lattice (made on first use)."""
        if self._board is None:
            self._board = region_graph(self.cells, self.lattice, self.board_label)
        return self._board

    @property
    def board_name(self) -> str:
        return self.board_label

    def header(self) -> dict:
        return {"family": self.family, "board": self.board_label, **self.parameters()}

    def placements(self) -> list[tuple[str, tuple[Cell, ...]]]:
        """Every (piece, cells) that fits on the board (worked out once; a new list each call)."""
        if "_placements" not in self.__dict__:
            self.__dict__["_placements"] = self._place()
        return list(self.__dict__["_placements"])

    def _place(self) -> list[tuple[str, tuple[Cell, ...]]]:
        """Every orientation of every piece moved onto every board cell where all its cells land on the board (the
        orientation's first cell on each cell in turn), worked out with arrays over a dense index of the board's
        bounding box; a sparse board whose box is huge is placed cell by cell."""
        import numpy as np

        if max(abs(v) for cell in self.cells for v in cell) > 2 ** 40:  # beyond what arrays of int64 index
            return self._place_by_cells()
        board = np.array(self.cells, dtype=np.int64)
        low = board.min(axis=0)
        dims = board.max(axis=0) - low + 1
        if float(np.prod(dims.astype(float))) > 4 * len(self.cells) + 10_000_000:
            return self._place_by_cells()
        strides = np.ones(len(dims), dtype=np.int64)
        for i in range(len(dims) - 2, -1, -1):
            strides[i] = strides[i + 1] * dims[i + 1]
        index = np.full(int(np.prod(dims)), -1, dtype=np.int64)  # box position -> the cell's place in self.cells
        index[(board - low) @ strides] = np.arange(len(self.cells))
        k = self.lattice.translated  # coordinates a translation moves; the rest (a triangle's side) stay
        cells, out = self.cells, []
        for name, shape in self.pieces.items():
            for orient in self.lattice.orientations(shape, self.one_sided):
                piece = np.array(orient, dtype=np.int64)
                anchor = piece[0]
                bases = board[(board[:, k:] == anchor[k:]).all(axis=1)]  # where a translation takes the anchor
                placed = np.empty((len(bases), len(piece), len(dims)), dtype=np.int64)
                placed[:, :, :k] = bases[:, None, :k] + (piece[None, :, :k] - anchor[:k])
                placed[:, :, k:] = piece[None, :, k:]
                placed -= low
                inside = ((placed >= 0) & (placed < dims)).all(axis=(1, 2))
                where = np.full(placed.shape[:2], -1, dtype=np.int64)
                where[inside] = index[placed[inside] @ strides]
                for row in np.sort(where[(where >= 0).all(axis=1)], axis=1):  # (cells sorted, as self.cells is)
                    out.append((name, tuple(cells[i] for i in row.tolist())))
        return out

    def _place_by_cells(self) -> list[tuple[str, tuple[Cell, ...]]]:
        board = set(self.cells)
        k = self.lattice.translated  # coordinates a translation moves; the rest (a triangle's side) stay
        out = []
        for name, shape in self.pieces.items():
            for orient in self.lattice.orientations(shape, self.one_sided):
                anchor = orient[0]
                # each cell as its offset from the anchor, as Lattice.shift moves it
                offsets = [(tuple(v - a for v, a in zip(cell[:k], anchor[:k])), cell[k:]) for cell in orient]
                for base in self.cells:  # the orientation's first cell on each board cell
                    if base[k:] != anchor[k:]:  # no translation takes the anchor there
                        continue
                    head = base[:k]
                    placed = [tuple(h + d for h, d in zip(head, delta)) + rest for delta, rest in offsets]
                    if all(cell in board for cell in placed):
                        out.append((name, tuple(sorted(placed))))
        return out

    def _solution(self, chosen: list[int], placements) -> dict[str, tuple]:
        if self.copies == "once":  # (the options past the placements leave a piece out)
            return {placements[i][0]: placements[i][1] for i in chosen if i < len(placements)}
        copies: dict[str, int] = {}
        solution = {}
        for i in chosen:  # the copies of each piece numbered in the order of their cells
            name, cells = placements[i]
            copies[name] = copies.get(name, 0) + 1
            solution[f"{name}#{copies[name]}"] = cells
        return solution

    def layer(self) -> int:
        """The cells of one layer of :meth:`fill_order`: the board's extents multiplied, all but the longest.

        Examples
        --------
        >>> Polyomino("soma", "box:3x3x3").layer(), Polyomino("pentominoes", "rect:10x6").layer()
        (9, 6)
        """
        k = self.lattice.translated
        extent = sorted(max(c[i] for c in self.cells) - min(c[i] for c in self.cells) + 1 for i in range(k))
        layer = 1
        for size in extent[:-1]:
            layer *= size
        return layer

    def fill_order(self) -> list[Cell]:
        """The board's cells in scan-line order, the order the ``scan`` engine fills them.

        Lines run along the board's shorter extents: the coordinate of the
        longest extent changes slowest (columns of 6 on a 10 x 6 rectangle),
        so the open front of the search stays short.
        """
        k = self.lattice.translated
        extent = [max(c[i] for c in self.cells) - min(c[i] for c in self.cells) for i in range(k)]
        axes = sorted(range(k), key=lambda i: -extent[i])
        return sorted(self.cells, key=lambda cell: (*(cell[i] for i in axes), *cell[k:]))

    def cover_problem(self, placements, first: str | None = None, decode=None) -> CoverProblem:
        """The exact cover of ``placements``: an item per cell (in :meth:`fill_order`) and per piece (none when
        pieces are used any number of times).

        A plane board is marked ``ordered``: the ``scan`` engine fills its
        items in their listed order, ``first`` (a piece with few placements
        left) before any cell.  A box is left to ``dlx`` unless its layers are
        small: in three dimensions the open front of a scan is a whole layer,
        and the fewest-options rule wins from layers of 10 cells on (solid
        pentominoes in 2 x 5 x 6: 4.4 s against 25 s; in 3 x 4 x 5: 34 s
        against 87 s), where on layers of at most 9 (Soma's 3 x 3 x 3, the
        tetracubes' 2 x 2 x 8 and 2 x 4 x 4) ``scan`` is twice as fast and
        needs no compiled dancing cells.
        """
        from ...cover import CoverProblem

        head = [] if first is None else [first]
        ordered = self.lattice is not CUBIC or self.layer() <= SMALL_LAYER
        neighbours = self.neighbours() if ordered else None
        points = self.crossings(self.cells)  # pieces of segments may not cross: a point passed through once at most
        if self.copies == "any":
            return CoverProblem([[*cells, *self.crossings(cells)] for _, cells in placements], ordered=ordered,
                                primary=self.fill_order(), secondary=points, decode=decode, neighbours=neighbours)
        omit = [["!", name] for name in self.omit_one_of]  # Polyform Puzzler's item '!': one piece left out
        pieces = [n for n in self.pieces if n != first] + (["!"] if omit else [])
        return CoverProblem([*([name, *cells, *self.crossings(cells)] for name, cells in placements), *omit],
                            ordered=ordered, primary=[*head, *self.fill_order(), *pieces],
                            secondary=points, decode=decode, neighbours=neighbours)

    def crossings(self, cells) -> list[str]:
        """The grid points a piece of segments passes straight through (two of its segments in line there), as
        the items ``"x,yi"`` Polyform Puzzler names them: no two pieces may both pass through a point, so
        pieces never cross (they may touch).  Empty for pieces of cells, and on the hexagonal grid, where no
        two segments are in line.

        Examples
        --------
        >>> Polyomino("tristicks", "sticks-rect:4x4", copies="any").crossings([(0, 0, 0), (1, 0, 0), (1, 0, 1)])
        ['1,0i']
        """
        lattice = self.lattice
        if not isinstance(lattice, Segments):
            return []
        away: dict = {}
        for cell in cells:
            a, b = lattice.ends(tuple(cell))
            away.setdefault(a, set()).add((b[0] - a[0], b[1] - a[1]))
            away.setdefault(b, set()).add((a[0] - b[0], a[1] - b[1]))
        return sorted(f"{p[0]},{p[1]}i" for p, ways in away.items() if any((-u, -v) in ways for u, v in ways))

    def neighbours(self) -> dict[Cell, list[Cell]]:
        """Each cell of the board -> its neighbours on the board (the ``pack`` engine grows regions through them).

        Examples
        --------
        >>> Polyomino("trominoes", "rect:3x2").neighbours()[(0, 0)]
        [(0, 1), (1, 0)]
        """
        near = self.__dict__.get("_neighbours")
        if near is None:
            board = set(self.cells)
            near = self.__dict__["_neighbours"] = {
                cell: sorted(n for n in self.lattice.neighbours(cell) if n in board) for cell in self.cells}
        return near

    def build_cover(self):
        placements = self.placements()
        # the options, and their index (piece, cells) -> option number in which the symmetries' quotients find images
        index = {(name, frozenset(cells)): i for i, (name, cells) in enumerate(placements)}
        self.__dict__["_options"] = placements, index
        return self.cover_problem(placements, decode=lambda chosen: self._solution(chosen, placements))

    build_cnf = Puzzle.cnf_from_cover

    def verify(self, solution: Mapping[str, tuple]) -> None:
        """Each piece once (or copies of the pieces, with ``copies="any"``), each a congruent copy of its piece,
        and every cell of the board covered once."""
        if not isinstance(solution, Mapping):
            raise InvalidSolution("a solution maps each placed piece to its cells")
        if self.copies == "once" and self.omit_one_of:
            left = [n for n in self.pieces if n not in solution]
            if not set(solution) <= set(self.pieces) or len(left) != 1 or left[0] not in self.omit_one_of:
                raise InvalidSolution(f"a solution places every piece once but exactly one of "
                                      f"{', '.join(self.omit_one_of)}")
        elif self.copies == "once" and set(solution) != set(self.pieces):
            raise InvalidSolution(f"a solution places each of the {len(self.pieces)} pieces once")
        if self.copies == "any":
            unknown = [name for name in solution if str(name).rpartition("#")[0] not in self.pieces]
            if unknown:
                raise InvalidSolution(f"{unknown[0]!r} names no copy of a piece (copies are named PIECE#k)")
        covered: dict = {}
        for name, cells in solution.items():
            self.check_placement(name if self.copies == "once" else name.rpartition("#")[0], cells, name)
            for cell in cells:
                if cell in covered:
                    raise InvalidSolution(f"cell {cell} is covered by {covered[cell]} and {name}")
                covered[cell] = name
        if set(covered) != set(self.cells):
            raise InvalidSolution("the pieces do not cover the board exactly")
        crossed: dict = {}
        for name, cells in solution.items():
            for point in self.crossings(cells):
                if point in crossed:
                    raise InvalidSolution(f"{crossed[point]} and {name} both pass through the point "
                                          f"{point[:-1]}: pieces may not cross")
                crossed[point] = name

    def check_placement(self, piece: str, cells, label: str | None = None) -> None:
        """Raise :class:`~parity.errors.InvalidSolution` unless ``cells`` are piece ``piece`` in one of its
        orientations (``label``: the name to report, a copy's ``PIECE#k``), checked against the piece itself.

        Examples
        --------
        >>> Polyomino("trominoes", "rect:3x2").check_placement("P3_1", [(0, 0), (1, 1), (0, 2)])
        Traceback (most recent call last):
        ...
        parity.errors.InvalidSolution: piece P3_1 is placed as a shape that is not one of its orientations
        """
        shapes = self.__dict__.get("_shapes")
        if shapes is None:  # each piece's orientations, worked out once from the piece itself
            shapes = self.__dict__["_shapes"] = {n: set(self.lattice.orientations(s, self.one_sided))
                                                 for n, s in self.pieces.items()}
        label = piece if label is None else label
        try:
            shape = self.lattice.normalize(cells)
        except (TypeError, ValueError) as exc:
            raise InvalidSolution(f"piece {label} is not placed as cells of the board: {exc}") from None
        if shape not in shapes[piece]:
            raise InvalidSolution(f"piece {label} is placed as a shape that is not one of its orientations")

    def check_placements(self, placements) -> None:
        """:meth:`check_placement` for many ``(piece, cells)`` at once: each piece's placements normalised and
        compared with its orientations as arrays (cells as numbers, sorted), not one by one."""
        import numpy as np

        k = self.lattice.translated
        rows: dict[str, list] = {}
        for name, cells in placements:
            rows.setdefault(name, []).append(cells)
        for name, placed in rows.items():
            size = len(self.pieces[name])
            try:
                cells = np.array(placed, dtype=np.int64)
            except (TypeError, ValueError, OverflowError):
                cells = None
            if cells is None or cells.ndim != 3 or cells.shape[1] != size or cells.shape[2] != self.lattice.dimension:
                for one in placed:  # ragged or odd: one at a time, each with its own message
                    self.check_placement(name, one)
                continue
            cells[:, :, :k] -= cells[:, :, :k].min(axis=1, keepdims=True)
            orientations = np.array(self.lattice.orientations(self.pieces[name], self.one_sided), dtype=np.int64)
            top = max(int(cells.max()), int(orientations.max())) + 1
            if cells.min() < 0 or top ** cells.shape[2] >= 2 ** 62:
                for one in placed:
                    self.check_placement(name, one)
                continue
            weights = top ** np.arange(cells.shape[2] - 1, -1, -1, dtype=np.int64)
            known = {bytes(np.sort(o @ weights)) for o in orientations}
            for number, key in enumerate(np.sort(cells @ weights, axis=1)):
                if bytes(key) not in known:
                    self.check_placement(name, placed[number])  # raises, with the piece's name
                    raise InvalidSolution(f"piece {name} is placed as a shape that is not one of its orientations")

    def letters(self, solution=None) -> dict[str, str]:
        """One character per piece for letter grids: its name when that is one character, else its first letter
        (lower case for a mirror image ``name'``) when those differ, else A-Z, a-z, 0-9.  With copies of the
        pieces, one character per copy of ``solution``, neighbouring copies told apart (a greedy colouring)."""
        pool = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
        if self.copies == "any" and solution is not None:
            owner = {tuple(cell): name for name, cells in solution.items() for cell in cells}
            letter: dict[str, str] = {}
            for name, cells in solution.items():
                near = {letter.get(owner.get(n)) for c in cells for n in self.lattice.neighbours(tuple(c))}
                letter[name] = next((ch for ch in pool if ch not in near), "?")
            return letter
        names = list(self.pieces)
        if all(len(n) == 1 for n in names):
            return {n: n for n in names}
        firsts = {n: n[0].lower() if n.endswith("'") else n[0] for n in names}
        if len(set(firsts.values())) == len(names):
            return firsts
        return {n: pool[k % len(pool)] for k, n in enumerate(names)}

    def grid(self, solution: Mapping[str, tuple]) -> list[str]:
        """The solution as letter rows.

        Boxes: one block of rows per layer, separated by blank lines.  Hexagon
        and triangle boards: one line per row ``y``, the top line the highest,
        each line indented by its ``y`` so the rows slant as the lattice does
        (triangles: two characters per unit, upward then downward).
        """
        if isinstance(self.lattice, Segments):  # segments: Polyform Puzzler's coordinate lines
            from .puzzler import solution_lines

            return solution_lines(self, solution).splitlines()
        letter = self.letters(solution)
        where = {tuple(cell): letter[name] for name, cells in solution.items() for cell in cells}
        if self.lattice is CUBIC:
            sizes = [max(cell[i] for cell in self.cells) + 1 for i in range(3)]
            rows = []
            for x in range(sizes[0]):
                if x:
                    rows.append("")
                rows += ["".join(where.get((x, y, z), ".") for z in range(sizes[2])) for y in range(sizes[1])]
            return rows
        if self.lattice in (HEX, TRIANGLE):
            xs = [c[0] for c in self.cells]
            ys = [c[1] for c in self.cells]
            x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
            rows = []
            for y in range(y1, y0 - 1, -1):
                if self.lattice is HEX:
                    line = " " * (y - y0) + " ".join(where.get((x, y), ".") for x in range(x0, x1 + 1))
                else:
                    line = " " * (y - y0) + "".join(where.get((x, y, z), ".") for x in range(x0, x1 + 1)
                                                    for z in (0, 1))
                rows.append(line.rstrip())
            return rows
        height = max(r for r, _ in self.cells) + 1
        width = max(c for _, c in self.cells) + 1
        return ["".join(where.get((r, c), ".") for c in range(width)) for r in range(height)]

    def draw(self, solution: Mapping[str, tuple], ax) -> None:
        """Each piece in its own colour with its name; a box is drawn layer by layer, side by side."""
        from matplotlib import colormaps
        from matplotlib.patches import Polygon

        names = list(self.pieces)
        palette = colormaps["tab20"]
        solid = self.lattice is CUBIC
        depth = max(c[2] for c in self.cells) + 2 if solid else 0

        def outline(cell):
            if solid:  # layer x drawn at horizontal offset x * (depth of a layer + 1)
                x, y, z = cell
                return SQUARE.outline((y, z + x * depth))
            return self.lattice.outline(cell)

        sticks = isinstance(self.lattice, Segments)
        for placed, (name, cells) in enumerate(solution.items()):
            k = names.index(name if self.copies == "once" else name.rpartition("#")[0])
            if sticks and self.copies == "any":
                k = placed  # sticks side by side read as one: each placed piece its own colour
            centres = []
            for cell in cells:
                corners = outline(cell)
                centres.append([sum(c[i] for c in corners) / len(corners) for i in (0, 1)])
                if sticks:  # a segment as a stick, a little short of its ends so that touching pieces part
                    (x0, y0), (x1, y1) = corners
                    dx, dy = (x1 - x0) * 0.06, (y1 - y0) * 0.06
                    ax.plot([x0 + dx, x1 - dx], [y0 + dy, y1 - dy], color=palette(k % 20), linewidth=5,
                            solid_capstyle="round")
                else:
                    ax.add_patch(Polygon(corners, closed=True, facecolor=palette(k % 20), edgecolor="white",
                                         linewidth=1.5))
            # the label on the piece's cell nearest its centre of mass
            mx, my = (sum(c[i] for c in centres) / len(centres) for i in (0, 1))
            lx, ly = min(centres, key=lambda c: (c[0] - mx) ** 2 + (c[1] - my) ** 2)
            ax.text(lx, ly, name, ha="center", va="center", fontsize=8, color="black")
        ax.set_title(f"{self.set_name} on {self.board_label}" + (" (its layers side by side)" if solid else ""))
        ax.set_aspect("equal")
        ax.autoscale_view()
        ax.axis("off")

    def to_json(self, solution: Mapping[str, tuple]) -> dict:
        """The placements, the picture's rows, Polyform Puzzler's coordinate lines (``puzzler``; see
        :mod:`parity.puzzles.polyomino.puzzler`) and the piece left out (``left_out``), if one is."""
        from .puzzler import solution_lines

        lines = solution_lines(self, solution).splitlines()
        grid = lines if isinstance(self.lattice, Segments) else self.grid(solution)  # (a segment board's grid)
        left = self.left_out(solution)
        return {"placements": {name: [list(cell) for cell in cells] for name, cells in solution.items()},
                "grid": grid, "puzzler": lines + ([f"! {left}"] if left else []), **({"left_out": left} if left else {})}

    def left_out(self, solution) -> str | None:
        """The piece a packing leaves out (one of :attr:`omit_one_of`), or None."""
        return next((n for n in self.omit_one_of if n not in solution), None)

    def summary(self, solution) -> str:
        left = self.left_out(solution)
        return f"{len(solution)} pieces placed" + (f", {left} left out" if left else "")

    def solutions_text(self, listed) -> tuple[str, dict]:
        """A Polyform Puzzler solution file of the puzzle (:func:`~parity.puzzles.polyomino.puzzler.solution_file`):
        one solution per orbit of the board's symmetries, as Polyform Puzzler's files list them (the least of
        each orbit's images, by :meth:`solution_key` for a tiling); and what it holds (``solutions``, ``up_to``,
        ``symmetries``).  ``listed(problem)`` gives every solution of a cover problem of the puzzle, verified
        (:func:`parity.api.encoding_solutions`): the whole problem's, or, where a piece prunes the search, the
        problem with that piece at one placement per orbit of its placements (every orbit has a packing there).

        Examples
        --------
        >>> from functools import partial
        >>> from parity.api import encoding_solutions
        >>> puzzle = Polyomino("pentominoes", "rect:20x3")
        >>> text, held = puzzle.solutions_text(partial(encoding_solutions, puzzle))
        >>> held, text.count("solution ")
        ({'solutions': 2, 'up_to': 'symmetry', 'symmetries': 4}, 2)
        """
        import time

        from ...symmetry import canonical
        from .puzzler import solution_file

        started = time.perf_counter()
        sym = self.symmetries()
        lead = _lead_piece(self) if self.copies == "once" else None
        kept = []
        if lead is not None:
            _, k, reps, _, _, pruned = lead
            orbits: dict[tuple, dict] = {}  # each orbit's least image -> that image written as a packing
            for solution in listed(pruned(set(reps))[1]):
                least = canonical(sym, solution)
                if least not in orbits:
                    placed: dict = {}
                    for cell, name in zip(sym.items, least):
                        placed.setdefault(name, []).append(cell)
                    orbits[least] = {name: tuple(sorted(placed[name])) for name in self.pieces if name in placed}
            kept = [orbits[least] for least in sorted(orbits)]
        else:
            for solution in listed(self.encoding("cover")):
                if self.copies == "any":
                    mine = self.solution_key(solution, up_to_symmetry=False) == self.solution_key(solution)
                else:
                    where = sym.view(solution)
                    mine = tuple(where[item] for item in sym.items) == canonical(sym, solution)
                if mine:  # the least of its orbit
                    kept.append(solution)
        held = {"up_to": "symmetry", "symmetries": len(sym.perms)}
        text = "".join(solution_file(self, kept, seconds=time.perf_counter() - started))
        return text, {"solutions": len(kept), **held}

    def read_solutions(self, text: str, source: str | None = None) -> list[dict]:
        """Every solution a Polyform Puzzler solution file holds, each verified
        (:func:`~parity.puzzles.polyomino.puzzler.read_solution_file`; ``source``, the file's name, starts each
        message: ``FILE:LINE: solution N: ...``)."""
        from .puzzler import read_solution_file

        return read_solution_file(self, text, source)

    def solution_key(self, solution, up_to_symmetry: bool = True) -> tuple:
        """The least image of ``solution`` under the board's symmetries: two solutions have the same key exactly
        when a symmetry takes one to the other (``up_to_symmetry=False``: exactly when they are the same
        packing).  A tiling is its pieces' cell sets with their shapes' names, the copies' numbers left out.

        Raises
        ------
        InvalidSolution
            If ``solution`` is no mapping of the puzzle's pieces (or copies) to cells of the board.
        """
        from ...symmetry import canonical

        if not isinstance(solution, Mapping):
            raise InvalidSolution("a solution maps each placed piece to its cells")
        names = list(self.pieces)
        base = {name: (str(name).rpartition("#")[0] if self.copies == "any" else name) for name in solution}
        cell_at = {cell: i for i, cell in enumerate(self.cells)}
        try:
            blocks = [(names.index(base[name]), sorted(cell_at[tuple(c)] for c in cells))
                      for name, cells in solution.items()]
        except (ValueError, KeyError, TypeError):
            raise InvalidSolution("a solution maps the puzzle's pieces to cells of its board") from None
        sym = self.symmetries()
        if self.copies == "once":
            if not up_to_symmetry:
                return tuple(sorted((k, tuple(cells)) for k, cells in blocks))
            return canonical(sym, solution)
        images = range(len(sym.perms)) if up_to_symmetry else [0]  # (element 0 is the identity)
        return min(tuple(sorted((int(sym.coupled[g][k]), tuple(sorted(int(sym.perms[g][i]) for i in cells)))
                                for k, cells in blocks)) for g in images)

    def picture(self, solution) -> str:
        return "\n".join(self.grid(solution))

    def parameters(self) -> dict:
        named = self.__dict__.get("catalogue")
        known = catalogue_entry(named) if named else None
        return {"pieces": self.set_name, **({"one_sided": True} if self.one_sided else {}),
                **({"copies": "any"} if self.copies == "any" else {}),
                **({"omit_one_of": list(self.omit_one_of)} if self.omit_one_of else {}),
                **({"puzzle": named, "published": known["count"], "published_up_to": known["up_to"]} if named else {})}

    def describe(self) -> str:
        many = " (any number of each)" if self.copies == "any" else ""
        named = self.__dict__.get("catalogue")
        known = catalogue_entry(named) if named else None
        said = (f"{named} (published: {known['count']} up to {known['up_to']}), " if known and known["count"] is not None
                else f"{named}: " if named else "")
        less = f" less one of {', '.join(self.omit_one_of)}" if self.omit_one_of else ""
        return f"{said}{self.set_name}{many}{less} on {self.board_label}"

    def orbit_count(self, engine: str | None = None) -> dict | None:
        """Solutions up to the board's symmetries by pruning one piece's placements (see :func:`_orbit_count`);
        None for tilings (pieces used any number of times), which no piece's placements prune."""
        if self.copies == "any":
            return None
        return _orbit_count(self, engine)

    def _once(self, what: str) -> None:
        if self.copies == "any":
            raise LimitError(f"{what} takes each piece once; with copies of the pieces count without it")

    def _mirror_renaming(self, reflection, by_class: dict[tuple, list[str]]) -> list[int] | None:
        """Where a reflection sends each piece (as indices into the set): the i-th copy of a shape to the i-th
        copy of its mirror image (to itself for a shape that is its own mirror image); None when the set does
        not hold each mirror image as often as the shape."""
        names = list(self.pieces)
        rename = list(range(len(names)))
        for shape, copies in by_class.items():
            mirror = min(self.lattice.orientations([reflection(*c) for c in shape], one_sided=True))
            images = by_class.get(mirror, [])
            if len(images) != len(copies):
                return None
            for name, image in zip(copies, images):
                rename[names.index(name)] = names.index(image)
        return rename

    def symmetries(self, recolour: bool = False):
        """The lattice symmetries that map the board onto itself, acting on the cells of a solution.

        A rotation keeps every piece; a reflection turns each piece into its
        mirror image, so it is a symmetry of the puzzle only when the set holds
        every piece's mirror image (free pieces are their own; a one-sided or
        solid set holds chiral pairs), and it renames the pieces accordingly.
        Pieces are not colours: ``recolour`` does not apply.
        """
        import numpy as np

        from ...symmetry import Symmetries

        if recolour:
            raise LimitError("pieces are not interchangeable colours; --recolour does not apply to polyominoes")
        if "_symmetries" in self.__dict__:  # worked out once (the group is read, never changed)
            return self.__dict__["_symmetries"]
        lattice = self.lattice
        maps, turns = lattice.maps, lattice.rotations
        names = list(self.pieces)
        classes = {name: min(lattice.orientations(shape, one_sided=True)) for name, shape in self.pieces.items()}
        by_class: dict[tuple, list[str]] = {}  # pieces of one shape (copies), in set order
        for name, c in classes.items():
            by_class.setdefault(c, []).append(name)
        board = set(self.cells)
        index = {cell: i for i, cell in enumerate(self.cells)}
        low = [min(cell[i] for cell in self.cells) for i in range(lattice.translated)]
        perms, rotations, renames = [], [], []
        for k, f in enumerate(maps):
            moved = [f(*cell) for cell in self.cells]
            shift = [min(cell[i] for cell in moved) for i in range(lattice.translated)]
            image = [tuple(v - s + m for v, s, m in zip(cell, shift, low)) + cell[lattice.translated:]
                     for cell in moved]
            if set(image) != board:
                continue
            if k < turns or not self.one_sided:
                rename = list(range(len(names)))
            else:  # a reflection: each piece becomes its mirror image, which the set must hold as often
                rename = self._mirror_renaming(f, by_class)
                if rename is None:
                    continue
                if any(names[rename[names.index(n)]] not in self.omit_one_of for n in self.omit_one_of):
                    continue  # it would leave out a piece that may not be left out
            perms.append([index[cell] for cell in image])
            rotations.append(k < turns)
            renames.append(rename)
        if self.copies == "any":
            view = self._no_cell_view
        else:
            def view(solution):
                return {tuple(cell): name for name, cells in solution.items() for cell in cells}
        made = Symmetries(tuple(self.cells), np.array(perms, dtype=np.int64), values=tuple(names),
                          rotations=np.array(rotations, dtype=bool), coupled=np.array(renames, dtype=np.int64),
                          name=f"the symmetries of {self.board_label}", view=view)
        self.__dict__["_symmetries"] = made
        return made

    @staticmethod
    def _no_cell_view(solution):
        """A tiling is not a piece on each cell (two copies of a piece side by side would read as one)."""
        raise LimitError("a tiling is counted up to symmetry from the tilings each symmetry fixes, not by listing")

    def fixed_encoding(self, sym, g: int):
        """The packings (or tilings) that element ``g`` of :meth:`symmetries` fixes, as the quotient of the cover
        problem (:meth:`parity.cover.CoverProblem.quotient`): a smaller cover problem that is counted, not listed.

        Examples
        --------
        >>> puzzle = Polyomino({"I": [(0, 0), (0, 1)]}, [(r, c) for r in range(4) for c in range(4)], copies="any")
        >>> sym = puzzle.symmetries()
        >>> fixed = [puzzle.fixed_encoding(sym, g).count() for g in range(len(sym.perms))]
        >>> fixed, sum(fixed) // len(fixed)  # 36 domino tilings of the 4 x 4, 9 up to symmetry
        ([36, 2, 8, 2, 12, 0, 12, 0], 9)
        """
        problem = self.encoding("cover")  # built once, with the index of its options
        placements, where = self.__dict__["_options"]
        names = list(self.pieces)
        perm, rename = sym.perms[g], sym.coupled[g]
        cell_to = {cell: sym.items[int(perm[i])] for i, cell in enumerate(sym.items)}
        piece_to = {name: names[int(rename[k])] for k, name in enumerate(names)}
        try:
            option_map = [where[(piece_to[name], frozenset(cell_to[c] for c in cells))] for name, cells in placements]
        except KeyError:  # pragma: no cover - a symmetry of the board maps placements onto placements
            raise AssertionError(f"symmetry {g} sends a placement off the list of placements") from None
        # the options that leave a piece out follow the placements, and go where their piece goes
        option_map += [len(placements) + self.omit_one_of.index(piece_to[name]) for name in self.omit_one_of]
        item_map = {**cell_to, **(piece_to if self.copies == "once" else {})}
        if self.omit_one_of:
            item_map["!"] = "!"
        if isinstance(self.lattice, Segments):  # a point two segments in line pass through goes where they go
            board = set(self.cells)
            for a in self.cells:
                for b in self.lattice.neighbours(a):
                    through = self.crossings([a, b]) if b in board else []
                    if through:
                        item_map[through[0]] = self.crossings([cell_to[a], cell_to[b]])[0]
        return problem.quotient(item_map, option_map)


def _lead_piece(puzzle: Polyomino):
    """The piece that prunes the search for orbits: one that every symmetry maps to itself and every packing
    places, with the fewest orbits of placements; None when there is none (or no symmetry but the identity).

    Returns ``(sym, k, reps, keys, image, pruned)``: the symmetries, the piece's index, one placement (its index
    in ``puzzle.placements()``) per orbit, every placement's cells as a frozenset of cell indices, ``image(g,
    key)``, and ``pruned(allowed)`` -> ``(placements, problem)``, the cover problem whose lead piece takes only
    the placements ``allowed``.
    """
    sym = puzzle.symmetries()
    names = list(puzzle.pieces)
    index = {cell: i for i, cell in enumerate(puzzle.cells)}
    fixed = [k for k in range(len(names)) if (sym.coupled[:, k] == k).all() and names[k] not in puzzle.omit_one_of]
    if not fixed or len(sym.perms) == 1:
        return None
    placements = puzzle.placements()
    by_piece: dict[int, list[int]] = {}
    for i, (name, cells) in enumerate(placements):
        by_piece.setdefault(names.index(name), []).append(i)
    keys = [frozenset(index[c] for c in cells) for _, cells in placements]

    def image(g: int, key: frozenset) -> frozenset:
        return frozenset(int(sym.perms[g, i]) for i in key)

    best = None
    for k in fixed:  # the fixed piece with the fewest representative placements
        seen, reps = set(), []
        for i in by_piece.get(k, []):
            if keys[i] in seen:
                continue
            reps.append(i)
            seen.update(image(g, keys[i]) for g in range(len(sym.perms)))
        if best is None or len(reps) < len(best[1]):
            best = (k, reps)
    k, reps = best

    def pruned(allowed):
        kept = [i for i in range(len(placements)) if names.index(placements[i][0]) != k or i in allowed]
        subset = [placements[i] for i in kept]
        return subset, puzzle.cover_problem(subset, first=names[k], decode=lambda c: puzzle._solution(c, subset))

    return sym, k, reps, keys, image, pruned


def _orbit_count(puzzle: Polyomino, engine: str | None = None) -> dict | None:
    """Orbits of solutions counted from the solutions in which one piece sits at a representative placement.

    Pick a piece ``P`` that every symmetry maps to itself, and one placement
    ``r`` from each orbit of its placements.  A solution orbit ``O`` holds
    ``|Stab(r)| / |Stab(s)|`` solutions whose ``P`` sits at ``r`` (``s`` any of
    them), so the orbits number the sum over those solutions of
    ``|Stab(s)| / |Stab(r)|``: exact also when a solution is its own mirror
    image.  The orbits of the rotation subgroup ``H`` (index 1 or 2, normal)
    follow from the same solutions: each contributes
    ``|G| |Stab_H(s)| / (|H| |Stab_G(r)|)``.  So does the number of all
    solutions (``count``): the symmetries carry the solutions with ``P`` at
    ``r`` one to one onto those with ``P`` at any placement of the orbit of
    ``r``, so each found solution stands for ``|G| / |Stab(r)|`` of them.
    Where only the identity fixes ``r`` (most placements), each of those
    solutions adds exactly 1, ``|G| / |H|`` and ``|G|``: they are counted by
    the fastest exact counter (the ``pack`` engine's kernel), not listed, once
    every placement of the pruned problem is checked to be its piece; only
    the solutions at placements with a larger stabiliser are listed, verified
    and looked at one by one.  Returns None when no piece is fixed by every
    symmetry (then Burnside over every solution decides).
    """
    from fractions import Fraction

    import numpy as np

    from ...engines import choose_for, get_engine

    if engine is not None and get_engine(engine).accepts != "cover":
        return None
    lead = _lead_piece(puzzle)
    if lead is None:
        return None
    sym, k, reps, keys, image, pruned = lead
    names, index, placements = list(puzzle.pieces), {cell: i for i, cell in enumerate(puzzle.cells)}, puzzle.placements()
    G = len(sym.perms)
    rotations = sym.rotations
    H = int(rotations.sum())
    stabiliser = {keys[r]: [g for g in range(G) if image(g, keys[r]) == keys[r]] for r in reps}
    # a representative that no symmetry but the identity fixes: each packing with the piece there is alone in
    # its orbit among them and stands for |G| packings, so those packings are counted, not listed
    free = [r for r in reps if len(stabiliser[keys[r]]) == 1]
    fixed_reps = [r for r in reps if len(stabiliser[keys[r]]) > 1]

    total, turned, every, used, load = Fraction(0), Fraction(0), 0, [], 0.0
    if free:
        subset, problem = pruned(set(free))
        counter = choose_for(problem, "cover", engine, "count")  # as the front door chooses
        if counter.exact:
            # every option of the problem is a placement of its piece: then every exact cover is a packing, and none
            # needs checking alone
            puzzle.check_placements(subset)
            load += _loading(counter, problem)
            found = int(counter.count(problem).count)
            total += found
            turned += Fraction(G * found, H)
            every += G * found
            used.append(counter.name)
        else:  # a probabilistic count: list them instead
            fixed_reps = reps
    if fixed_reps:
        subset, problem = pruned(set(fixed_reps))
        lister = choose_for(problem, "cover", engine, "solutions")
        load += _loading(lister, problem)
        for chosen in lister.solutions(problem):
            solution = problem.decode(chosen)
            puzzle.verify(solution)
            where = np.empty(len(puzzle.cells), dtype=np.int64)
            for name, cells in solution.items():
                for c in cells:
                    where[index[c]] = names.index(name)
            stab_r = stabiliser[frozenset(index[c] for c in solution[names[k]])]
            stab_s = [g for g in stab_r if (sym.coupled[g][where] == where[sym.perms[g]]).all()]
            total += Fraction(len(stab_s), len(stab_r))
            turned += Fraction(G * sum(1 for g in stab_s if rotations[g]), H * len(stab_r))
            if G % len(stab_r):  # pragma: no cover - a stabiliser's order divides the group's
                raise AssertionError(f"a stabiliser of order {len(stab_r)} in a group of {G}")
            every += G // len(stab_r)
        used.append(lister.name)
    if total.denominator != 1 or turned.denominator != 1:
        raise AssertionError(f"orbit counts {total} and {turned} are not whole numbers")
    return {"count_up_to_symmetry": int(total), "symmetries": G, "count_up_to_rotation": int(turned),
            "rotations": H, "symmetry_method": f"pruned: piece {names[k]} at {len(reps)} representative placements",
            "count": every, "engine": "+".join(dict.fromkeys(used)), "load_seconds": load}


def _loading(engine, problem) -> float:
    """Load ``engine`` for ``problem``; the seconds it took besides compiling or reading kernels (which
    :func:`parity._compiled.spent` counts already)."""
    import time

    from ..._compiled import spent

    started, compiled = time.perf_counter(), spent()
    engine.load(problem)
    return time.perf_counter() - started - (spent() - compiled)


def random_packing(rng: random.Random) -> Polyomino:
    """A small random packing for the cross-check: a board of at most 8 cells on one of the four lattices of
    cells, or the 4 to 7 segments of one or two squares (polysticks), cut
    into connected pieces of 2 to 4 cells (so at least one packing exists), and a quarter of the time one piece
    swapped for another shape of its size (which may leave none); plane pieces one-sided half the time; a
    fifth of the time two of the pieces to use any number of times (a tiling); and otherwise now and then one
    piece more, the size of another, exactly one of the two left out (``omit_one_of``)."""
    from ...boards.lattices import STICKS

    lattice = rng.choice([SQUARE, TRIANGLE, HEX, CUBIC, STICKS])
    if lattice is STICKS:  # the segments of 1 x 1, 2 x 1 or 1 x 2 squares
        w, h = rng.choice([(1, 1), (2, 1), (1, 2)])
        cells = sorted([(x, y, 0) for x in range(w) for y in range(h + 1)] + [(x, y, 1) for x in range(w + 1)
                                                                              for y in range(h)])
    elif lattice is SQUARE:
        w, h = rng.randint(2, 4), 2
        cells = [(r, c) for r in range(h) for c in range(w)]
    elif lattice is TRIANGLE:
        w, h = rng.randint(1, 2), 2
        cells = [(x, y, z) for x in range(w) for y in range(h) for z in (0, 1)]
    elif lattice is HEX:
        w, h = rng.randint(2, 4), 2
        cells = [(x, y) for x in range(w) for y in range(h)]
    else:
        w, h = rng.randint(1, 2), 2
        cells = [(x, y, z) for x in range(w) for y in range(h) for z in range(2)]
    open_cells, pieces = set(cells), {}
    while open_cells:  # grow a region from a random open cell to a random size, through open neighbours
        region = [rng.choice(sorted(open_cells))]
        open_cells.discard(region[0])
        target = rng.randint(2, 4)
        while len(region) < target:
            frontier = sorted({n for c in region for n in lattice.neighbours(c) if n in open_cells})
            if not frontier:
                break
            region.append(rng.choice(frontier))
            open_cells.discard(region[-1])
        pieces[f"p{len(pieces)}"] = region
    if rng.random() < 0.25:  # swap one piece for another shape of its size
        name = rng.choice(sorted(pieces))
        pieces[name] = list(rng.choice(polyominoes(len(pieces[name]), lattice=lattice)))
    one_sided = lattice is not CUBIC and rng.random() < 0.5
    if rng.random() < 0.2:
        return Polyomino(dict(list(pieces.items())[:2]), cells, one_sided=one_sided, lattice=lattice.name,
                         copies="any")
    omit = None
    if rng.random() < 0.15:  # one piece more, the size of another: exactly one of the two is left out
        name = rng.choice(sorted(pieces))
        pieces["q"] = list(rng.choice(polyominoes(len(pieces[name]), lattice=lattice)))
        omit = (name, "q")
    return Polyomino(pieces, cells, one_sided=one_sided, lattice=lattice.name, omit_one_of=omit)


def catalogue_entry(name: str) -> dict:
    """The named puzzle ``name`` of the catalogue (:data:`parity.data.catalogue.PUZZLES`), or LimitError naming
    the puzzles there are.

    Examples
    --------
    >>> catalogue_entry("pentominoes-6x10")["count"]
    2339
    """
    from ...data.catalogue import PUZZLES

    if not isinstance(name, str) or name not in PUZZLES:
        raise LimitError(f"unknown puzzle {name!r}; the catalogue has: {', '.join(PUZZLES)}")
    return PUZZLES[name]


def _build(board_spec: str | None = None, pieces: str | None = None, copies: str = "once",
           puzzle: str | None = None, omit_one_of: str | None = None) -> Polyomino:
    if puzzle is not None:
        entry = catalogue_entry(puzzle)
        if board_spec is not None or pieces is not None or omit_one_of is not None:
            raise LimitError(f"--puzzle {puzzle} names its board and pieces; give it without --board, --pieces and "
                             "--omit-one-of")
        if copies != "once":
            raise LimitError(f"--puzzle {puzzle} places each piece once; give it without --copies")
        board_spec, pieces, omit_one_of = entry["board"], entry["pieces"], entry.get("omit_one_of")
    board_spec = "rect:10x6" if board_spec is None else board_spec
    pieces = "pentominoes" if pieces is None else pieces
    built = Polyomino(pieces, board_spec, copies=copies, omit_one_of=omit_one_of)
    if puzzle is not None:
        built.catalogue = puzzle  # named in what the puzzle says of itself, with the published count
    return built


FAMILY = Family(
    name="polyomino",
    puzzle=Polyomino,
    summary="Polyform packing as exact cover: each piece of a set once, the board covered exactly.",
    options=(
        Option("board_spec", ("--board",), "rect:WxH, box:AxBxC (solid pieces), tri-parallelogram:WxH, "
               "tri-hexagon:WxH or :S (polyiamonds), hex-parallelogram:WxH, hex-hexagon:S, hex-coin (polyhexes), "
               "sticks-rect:WxH, sticks-triangle:S, sticks-diamond:MxN (polysticks), trigs-parallelogram:WxH, "
               "trigs-triangle:S, trigs-hexagon:S (polytrigs), twigs-parallelogram:WxH, twigs-hexagon:S "
               "(polytwigs), or a FILE of ASCII art ('#' cell, '.' hole).  Default: rect:10x6.",
               default=None),
        Option("pieces", ("--pieces",), "Piece set: pentominoes, one-sided-pentominoes, hexominoes, soma, "
               "solid-pentominoes, tetracubes, hexiamonds, tetrahexes, pentahexes, ... (see the docs).  Default: "
               "pentominoes.", default=None),
        Option("copies", ("--copies",), "once (each piece exactly once) or any (each piece any number of times: "
               "tilings, as by dominoes).", default="once"),
        Option("puzzle", ("--puzzle",), "A named puzzle of the catalogue (its board and pieces), e.g. "
               "pentominoes-6x10, soma-3x3x3, hexiamonds-4x10-elongated-hexagon (see the polyforms tutorial).",
               default=None),
        Option("omit_one_of", ("--omit-one-of",), "Pieces of which exactly one is left out of each packing, "
               "comma-separated (or one-letter names run together: HJLNY), e.g. the five lopsided tetrasticks.",
               default=None),
    ),
    build=_build,
    random_instance=random_packing,
    aliases=("polyform", "polycube", "polyiamond", "polyhex"),
)
