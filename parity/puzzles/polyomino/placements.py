"""Placements: every piece, in every orientation, at every position where it lands on the board's cells.

A placement is ``(piece, cells)``, the cells sorted; it is one option of the
exact cover (:meth:`parity.puzzles.polyomino.Polyomino.cover_problem`).

Examples
--------
>>> from parity.boards.lattices import SQUARE
>>> placements_on([(0, 0), (0, 1), (0, 2)], {"I": ((0, 0), (0, 1))}, SQUARE, one_sided=False)
[('I', ((0, 0), (0, 1))), ('I', ((0, 1), (0, 2)))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...boards.lattices import Lattice
from .shapes import Cell

__all__ = ["placements_on", "wrapped_cell"]


def wrapped_cell(cell: Cell, wrap: Sequence[tuple[int, int, int]]) -> Cell:
    """``cell`` with its coordinate along each joined axis ``(axis, low, period)`` taken from ``low`` modulo
    ``period``: the cell of the board it stands for (itself when ``wrap`` is empty).

    Examples
    --------
    >>> wrapped_cell((0, 5), [(1, 0, 5)]), wrapped_cell((-1, 2), [(0, 0, 3)])
    ((0, 0), (2, 2))
    """
    if not wrap:
        return cell
    cell = list(cell)
    for axis, low, period in wrap:
        cell[axis] = low + (cell[axis] - low) % period
    return tuple(cell)


def placements_on(cells: Sequence[Cell], pieces: Mapping[str, tuple], lattice: Lattice,
                  one_sided: bool, wrap: Sequence[tuple[int, int, int]] = ()) -> list[tuple[str, tuple[Cell, ...]]]:
    """Every orientation of every piece moved onto every board cell where all its cells land on the board (the
    orientation's first cell on each cell in turn), piece by piece in the set's order.

    Parameters
    ----------
    cells : sequence of tuple
        The board's cells, sorted.
    pieces : mapping
        Each piece's name -> its cells.
    lattice : Lattice
        The lattice of the board and the pieces.
    one_sided : bool
        Pieces are turned but never turned over.
    wrap : sequence of (axis, low, period), optional
        Axes along which the board's ends are joined: a cell's coordinate
        there is taken from ``low`` modulo ``period``, so a piece may run
        across the seam (never onto itself); a placement reached twice (a
        piece that goes round a loop whole) is listed once.

    Returns
    -------
    list of (str, tuple)
        ``(piece, cells)``, the cells sorted.

    Notes
    -----
    Worked out with arrays over a dense index of the board's bounding box; a
    sparse board whose box is huge (or whose coordinates pass what 64-bit
    integers index) is placed cell by cell.
    """
    import numpy as np

    if max(abs(v) for cell in cells for v in cell) > 2 ** 40:  # beyond what arrays of int64 index
        return _placements_cell_by_cell(cells, pieces, lattice, one_sided, wrap)
    board = np.array(cells, dtype=np.int64)
    low = board.min(axis=0)
    dims = board.max(axis=0) - low + 1
    if float(np.prod(dims.astype(float))) > 4 * len(cells) + 10_000_000:
        return _placements_cell_by_cell(cells, pieces, lattice, one_sided, wrap)
    strides = np.ones(len(dims), dtype=np.int64)
    for i in range(len(dims) - 2, -1, -1):
        strides[i] = strides[i + 1] * dims[i + 1]
    index = np.full(int(np.prod(dims)), -1, dtype=np.int64)  # box position -> the cell's place in cells
    index[(board - low) @ strides] = np.arange(len(cells))
    k = lattice.translated  # coordinates a translation moves; the rest (a triangle's side) stay
    out = []
    for name, shape in pieces.items():
        for orient in lattice.orientations(shape, one_sided):
            piece = np.array(orient, dtype=np.int64)
            anchor = piece[0]
            bases = board[(board[:, k:] == anchor[k:]).all(axis=1)]  # where a translation takes the anchor
            placed = np.empty((len(bases), len(piece), len(dims)), dtype=np.int64)
            placed[:, :, :k] = bases[:, None, :k] + (piece[None, :, :k] - anchor[:k])
            placed[:, :, k:] = piece[None, :, k:]
            placed -= low
            for axis, _, period in wrap:  # (the board spans the period: its low is the axis's)
                placed[:, :, axis] %= period
            inside = ((placed >= 0) & (placed < dims)).all(axis=(1, 2))
            where = np.full(placed.shape[:2], -1, dtype=np.int64)
            where[inside] = index[placed[inside] @ strides]
            rows = np.sort(where[(where >= 0).all(axis=1)], axis=1)  # (cells sorted, as the board's are)
            if wrap:  # a piece that would cover a cell twice goes round onto itself; each placement once
                rows = np.unique(rows[(rows[:, 1:] != rows[:, :-1]).all(axis=1)], axis=0)
            for row in rows.tolist():
                out.append((name, tuple(cells[i] for i in row)))
    if wrap:
        out = list(dict.fromkeys(out))  # (an orientation and another may land on the same cells)
    return out


def _placements_cell_by_cell(cells: Sequence[Cell], pieces: Mapping[str, tuple], lattice: Lattice,
                             one_sided: bool, wrap=()) -> list[tuple[str, tuple[Cell, ...]]]:
    """:func:`placements_on` without arrays, for boards whose bounding box is too large to index."""
    board = set(cells)
    k = lattice.translated  # coordinates a translation moves; the rest (a triangle's side) stay
    out = []
    for name, shape in pieces.items():
        for orient in lattice.orientations(shape, one_sided):
            anchor = orient[0]
            # each cell as its offset from the anchor, as Lattice.shift moves it
            offsets = [(tuple(v - a for v, a in zip(cell[:k], anchor[:k])), cell[k:]) for cell in orient]
            for base in cells:  # the orientation's first cell on each board cell
                if base[k:] != anchor[k:]:  # no translation takes the anchor there
                    continue
                head = base[:k]
                placed = [wrapped_cell(tuple(h + d for h, d in zip(head, delta)) + rest, wrap)
                          for delta, rest in offsets]
                if all(cell in board for cell in placed) and len(set(placed)) == len(placed):
                    out.append((name, tuple(sorted(placed))))
    return list(dict.fromkeys(out)) if wrap else out
