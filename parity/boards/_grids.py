"""Lattice boards: rectangular grids, tori, cylinders, hexagonal and triangular grids, 3-D grids, Sudoku graphs.

Every constructor returns a :class:`networkx.Graph` whose nodes carry a ``pos``
attribute (plane coordinates, ``y`` growing upwards) and whose ``graph`` dict
records ``name`` (the board spec) and ``kind``.  Rectangular boards also record
``shape = (rows, cols)`` and list their nodes row by row, so a vector indexed
by ``list(G)`` reads as a picture.

Every constructor estimates the board's memory from its size before building
it and raises :class:`~parity.errors.TooLargeError` when the machine cannot
hold it, so ``grid(100000, 100000)`` fails at once instead of after minutes.
"""

from __future__ import annotations

import networkx as nx

from ..errors import BoardSpecError
from ._check import check_board_size

__all__ = ["grid", "torus", "cylinder", "hex_grid", "tri_grid", "grid3d", "sudoku_board"]


def _check_positive(name: str, **sizes: int) -> None:
    for label, value in sizes.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise BoardSpecError(f"{name}: {label} must be a positive integer, got {value!r}")


def _rectangle(rows: int, cols: int, wrap_rows: bool, wrap_cols: bool, kind: str, name: str) -> nx.Graph:
    check_board_size(f"board {name}", rows * cols, 2 * rows * cols)
    G = nx.Graph(name=name, kind=kind, shape=(rows, cols))
    for r in range(rows):
        for c in range(cols):
            G.add_node((r, c), pos=(float(c), float(-r)))
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols or (wrap_cols and cols > 2):
                G.add_edge((r, c), (r, (c + 1) % cols))
            if r + 1 < rows or (wrap_rows and rows > 2):
                G.add_edge((r, c), ((r + 1) % rows, c))
    return G


def grid(rows: int, cols: int | None = None) -> nx.Graph:
    """The ``rows x cols`` grid: each cell touches the cells above, below, left and right.

    Parameters
    ----------
    rows, cols : int
        Board size; ``cols`` defaults to ``rows``.

    Returns
    -------
    networkx.Graph
        Nodes ``(r, c)`` in row-major order, ``pos = (c, -r)``.

    Raises
    ------
    BoardSpecError
        If a size is not a positive integer.
    TooLargeError
        If the board would not fit in memory (checked before building it).

    Examples
    --------
    >>> G = grid(3, 4)
    >>> G.number_of_nodes(), G.number_of_edges(), G.graph["shape"]
    (12, 17, (3, 4))
    >>> grid(100000, 100000)
    Traceback (most recent call last):
    ...
    parity.errors.TooLargeError: board grid:100000x100000 (10,000,000,000 nodes, 20,000,000,000 edges) needs about ...
    """
    cols = rows if cols is None else cols
    _check_positive("grid", rows=rows, cols=cols)
    return _rectangle(rows, cols, False, False, "grid", f"grid:{rows}x{cols}")


def torus(rows: int, cols: int | None = None) -> nx.Graph:
    """The ``rows x cols`` grid with both directions wrapped around.

    A direction of length 1 or 2 is not wrapped (it would add a loop or a
    duplicate edge).

    Examples
    --------
    >>> G = torus(4)
    >>> sorted({d for _, d in G.degree()})
    [4]
    """
    cols = rows if cols is None else cols
    _check_positive("torus", rows=rows, cols=cols)
    return _rectangle(rows, cols, True, True, "torus", f"torus:{rows}x{cols}")


def cylinder(rows: int, cols: int | None = None) -> nx.Graph:
    """The ``rows x cols`` grid with each row wrapped into a cycle of length ``cols``.

    Examples
    --------
    >>> G = cylinder(3, 5)
    >>> G.has_edge((0, 0), (0, 4)), G.has_edge((0, 0), (2, 0))
    (True, False)
    """
    cols = rows if cols is None else cols
    _check_positive("cylinder", rows=rows, cols=cols)
    return _rectangle(rows, cols, False, True, "cylinder", f"cylinder:{rows}x{cols}")


_HEX_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_grid(radius: int) -> nx.Graph:
    """A hexagon-shaped board of hexagonal cells, ``radius`` cells along each side.

    Cells are axial coordinates ``(q, r)`` with ``|q|, |r|, |q + r| < radius``;
    each cell touches the (up to) six cells sharing a side with it.  The board
    has ``3 radius (radius - 1) + 1`` cells.

    Examples
    --------
    >>> G = hex_grid(2)
    >>> G.number_of_nodes(), G.degree((0, 0))
    (7, 6)
    """
    _check_positive("hex", radius=radius)
    check_board_size(f"board hex:{radius}", 3 * radius * (radius - 1) + 1, 9 * radius * (radius - 1))
    R = radius - 1
    G = nx.Graph(name=f"hex:{radius}", kind="hex", radius=radius)
    for r in range(-R, R + 1):
        for q in range(-R, R + 1):
            if abs(q + r) <= R:
                G.add_node((q, r), pos=(q + r / 2.0, -r * 3**0.5 / 2.0))
    for q, r in list(G.nodes):
        for dq, dr in _HEX_DIRECTIONS:
            if (q + dq, r + dr) in G:
                G.add_edge((q, r), (q + dq, r + dr))
    return G


def tri_grid(side: int) -> nx.Graph:
    """A triangle of triangular cells, ``side`` cells along each edge (``side**2`` cells).

    Row ``i`` (from the top) has ``2 i + 1`` cells ``(i, j)``; even ``j`` point up,
    odd ``j`` point down.  Cells touch when they share an edge.

    Examples
    --------
    >>> G = tri_grid(3)
    >>> G.number_of_nodes(), G.number_of_edges()
    (9, 9)
    """
    _check_positive("tri", side=side)
    check_board_size(f"board tri:{side}", side * side, 3 * side * side // 2)
    G = nx.Graph(name=f"tri:{side}", kind="tri", side=side)
    h = 3**0.5 / 2.0
    for i in range(side):
        for j in range(2 * i + 1):
            y = -(i + (1 / 3 if j % 2 == 0 else 2 / 3)) * h
            G.add_node((i, j), pos=((j - i) / 2.0, y))
    for i in range(side):
        for j in range(2 * i + 1):
            if j + 1 <= 2 * i:
                G.add_edge((i, j), (i, j + 1))
            if j % 2 == 0 and i + 1 < side:  # an upward cell shares its base with the cell below
                G.add_edge((i, j), (i + 1, j + 1))
    return G


def grid3d(a: int, b: int, c: int) -> nx.Graph:
    """The ``a x b x c`` grid of cubes; each cube touches the cubes sharing a face.

    Examples
    --------
    >>> G = grid3d(2, 2, 2)
    >>> G.number_of_nodes(), G.number_of_edges()
    (8, 12)
    """
    _check_positive("grid3d", a=a, b=b, c=c)
    check_board_size(f"board grid3d:{a}x{b}x{c}", a * b * c, 3 * a * b * c)
    G = nx.Graph(name=f"grid3d:{a}x{b}x{c}", kind="grid3d", shape=(a, b, c))
    for i in range(a):
        for j in range(b):
            for k in range(c):
                # an oblique projection keeps the layers apart in a picture
                G.add_node((i, j, k), pos=(k + 0.35 * i * (c + 1), -j - 0.35 * i), pos3d=(float(i), float(j), float(k)))
    for i, j, k in list(G.nodes):
        for di, dj, dk in ((1, 0, 0), (0, 1, 0), (0, 0, 1)):
            if (i + di, j + dj, k + dk) in G:
                G.add_edge((i, j, k), (i + di, j + dj, k + dk))
    return G


def sudoku_board(side: int) -> nx.Graph:
    """The Sudoku graph of side ``side`` (4, 9, 16, ...): cells ``(row, col)`` joined when they share a row, a
    column or a box.  Its proper colourings with ``side`` colours are the completed Sudoku grids.

    Examples
    --------
    >>> G = sudoku_board(9)
    >>> G.number_of_nodes(), G.number_of_edges(), G.degree[(0, 0)]
    (81, 810, 20)
    """
    _check_positive("sudoku", side=side)
    box = int(side**0.5 + 0.5)
    if box * box != side:
        raise BoardSpecError(f"board sudoku:{side}: the side of a Sudoku is a square (4, 9, 16, ...)")
    check_board_size(f"board sudoku:{side}", side * side, side**3 * 3 // 2)
    G = nx.Graph(name=f"sudoku:{side}", kind="sudoku", side=side)
    cells = [(r, c) for r in range(side) for c in range(side)]
    G.add_nodes_from((cell, {"pos": (float(cell[1]), float(-cell[0]))}) for cell in cells)
    for i, (r, c) in enumerate(cells):
        for r2, c2 in cells[i + 1:]:
            if r == r2 or c == c2 or (r // box == r2 // box and c // box == c2 // box):
                G.add_edge((r, c), (r2, c2))
    return G
