"""The shapes of pieces: a piece normalised and turned on its lattice, and every piece of an order, grown.

:func:`polyominoes` grows every free (or one-sided) polyform of an order
cell by cell on a lattice of :mod:`parity.boards.lattices` and keeps one
per class under the lattice's symmetries (rotations and reflections;
rotations only for one-sided pieces and for solids).

Examples
--------
>>> normalize([(3, 4), (3, 5), (4, 4)])
((0, 0), (0, 1), (1, 0))
>>> len(orientations([(0, 0), (0, 1), (1, 0)]))
4
"""

from __future__ import annotations

from ...boards.lattices import CUBIC, SQUARE, Lattice, lattice_named
from ...errors import LimitError

__all__ = ["normalize", "orientations", "polyominoes"]

#: a cell of a piece or a board: its coordinates on the lattice
Cell = tuple[int, int]


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
