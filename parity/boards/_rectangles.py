"""Rectangular boards known by their size alone: a grid, cylinder or torus without a networkx graph.

A Lights Out board of a million cells spends seconds as a networkx graph
(a dict per node and per edge) and milliseconds as what it really is: a
kind and two sizes.  :class:`Rectangle` is that description.  Its cells are
a :class:`Cells` sequence (``(r, c)`` in row-major order, computed on
demand), its neighbourhood is :meth:`Rectangle.neighbour_sum` on a 2-D
array, and :meth:`Rectangle.graph` builds the very graph that
:func:`~parity.boards.board` builds from the same spec, for whatever needs
one (symmetries, drawing).  The neighbours follow that graph's rule: a
wrapped direction of length 1 or 2 adds no edge.

>>> R = rectangle("torus:3x4")
>>> R.kind, R.rows, R.cols, len(R.cells), R.cells[5]
('torus', 3, 4, 12, (1, 1))
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Mapping, Sequence
from numbers import Integral
from typing import TYPE_CHECKING

import numpy as np

from ..errors import BoardSpecError
from ._forms import SIZES, read_sizes, split_spec

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["Rectangle", "Cells", "rectangle", "RECTANGLE_KINDS"]

#: the board kinds a :class:`Rectangle` stands for, and which directions each wraps (rows, columns)
RECTANGLE_KINDS = {"grid": (False, False), "cylinder": (False, True), "torus": (True, True)}


class Cells(Sequence):
    """The cells ``(r, c)`` of a ``rows x cols`` board in row-major order, as a sequence that stores nothing.

    ``cells.positions`` maps a cell to its place, like ``{v: i for i, v in enumerate(cells)}``.

    Examples
    --------
    >>> cells = Cells(2, 3)
    >>> list(cells), cells[-1], cells.positions[(1, 0)], (2, 0) in cells.positions
    ([(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)], (1, 2), 3, False)
    """

    __slots__ = ("rows", "cols", "positions")

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.positions = _Positions(rows, cols)

    def __len__(self) -> int:
        return self.rows * self.cols

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        size = len(self)
        if i < 0:
            i += size
        if not 0 <= i < size:
            raise IndexError("cell index out of range")
        return divmod(i, self.cols)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        cols = range(self.cols)
        return ((r, c) for r in range(self.rows) for c in cols)

    def __contains__(self, v) -> bool:
        return v in self.positions

    def index(self, v, *bounds) -> int:
        if v not in self.positions or bounds:
            return super().index(v, *bounds)
        return self.positions[v]

    def __eq__(self, other) -> bool:
        if isinstance(other, Cells):
            return (self.rows, self.cols) == (other.rows, other.cols)
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return len(other) == len(self) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None  # a sequence compares by value, like a list

    def __reduce__(self):
        return Cells, (self.rows, self.cols)

    def __repr__(self) -> str:
        return f"Cells({self.rows}, {self.cols})"


class _Positions(Mapping):
    """Cell ``(r, c)`` -> its place ``r * cols + c`` (only cells of the board are keys)."""

    __slots__ = ("rows", "cols")

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols

    def __getitem__(self, v: Hashable) -> int:
        # as a dict keyed by (r, c) would: equal integers (numpy's too) find the cell
        if (type(v) is tuple and len(v) == 2 and isinstance(v[0], Integral) and isinstance(v[1], Integral)
                and 0 <= v[0] < self.rows and 0 <= v[1] < self.cols):
            return int(v[0]) * self.cols + int(v[1])
        raise KeyError(v)

    def __contains__(self, v) -> bool:
        try:
            self[v]
        except (KeyError, TypeError):
            return False
        return True

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return iter(Cells(self.rows, self.cols))

    def __len__(self) -> int:
        return self.rows * self.cols


class Rectangle:
    """A grid, cylinder or torus of ``rows x cols`` cells, known by its kind and size (no graph is built).

    Parameters
    ----------
    kind : {"grid", "cylinder", "torus"}
        A cylinder wraps each row into a cycle; a torus wraps rows and columns.
    rows, cols : int
        Positive sizes.

    Examples
    --------
    >>> R = Rectangle("grid", 2, 3)
    >>> R.neighbour_sum(np.array([[1, 0, 0], [0, 0, 0]])).tolist()
    [[0, 1, 0], [1, 0, 0]]
    >>> R.name, R.graph().number_of_edges()
    ('grid:2x3', 7)
    """

    __slots__ = ("kind", "rows", "cols")

    def __init__(self, kind: str, rows: int, cols: int) -> None:
        if kind not in RECTANGLE_KINDS:
            raise BoardSpecError(f"a rectangle is a {', '.join(RECTANGLE_KINDS)}, not {kind!r}")
        for label, value in (("rows", rows), ("cols", cols)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise BoardSpecError(f"{kind}: {label} must be a positive integer, got {value!r}")
        self.kind, self.rows, self.cols = kind, rows, cols

    @property
    def name(self) -> str:
        """The board spec, as :func:`~parity.boards.board` names the graph."""
        return f"{self.kind}:{self.rows}x{self.cols}"

    @property
    def shape(self) -> tuple[int, int]:
        return self.rows, self.cols

    @property
    def cells(self) -> Cells:
        """The cells in row-major order (the node order of :meth:`graph`)."""
        return Cells(self.rows, self.cols)

    def wraps(self) -> tuple[bool, bool]:
        """Whether the columns (top to bottom) and the rows (left to right) close into cycles: only a wrapped
        direction longer than 2 does, as in the graph."""
        down, across = RECTANGLE_KINDS[self.kind]
        return down and self.rows > 2, across and self.cols > 2

    def neighbour_sum(self, X: np.ndarray) -> np.ndarray:
        """``Y[r, c]`` = the sum of ``X`` over the neighbours of cell ``(r, c)`` (the graph's edges, each once).

        Examples
        --------
        A light in the corner of a 3 x 4 torus reaches round both ways:

        >>> X = np.zeros((3, 4), dtype=int)
        >>> X[0, 0] = 1
        >>> Rectangle("torus", 3, 4).neighbour_sum(X).tolist()
        [[0, 1, 0, 1], [1, 0, 0, 0], [1, 0, 0, 0]]
        """
        X = np.asarray(X)
        if X.shape != self.shape:
            raise ValueError(f"expected an array of shape {self.shape}, got {X.shape}")
        Y = np.zeros_like(X)
        Y[1:, :] += X[:-1, :]
        Y[:-1, :] += X[1:, :]
        Y[:, 1:] += X[:, :-1]
        Y[:, :-1] += X[:, 1:]
        down, across = self.wraps()
        if down:
            Y[0, :] += X[-1, :]
            Y[-1, :] += X[0, :]
        if across:
            Y[:, 0] += X[:, -1]
            Y[:, -1] += X[:, 0]
        return Y

    def graph(self) -> nx.Graph:
        """The board as a networkx graph, as :func:`~parity.boards.board` builds it from :attr:`name`."""
        from ._spec import board

        return board(self.name)

    def __eq__(self, other) -> bool:
        return isinstance(other, Rectangle) and (self.kind, self.rows, self.cols) == (other.kind, other.rows, other.cols)

    def __hash__(self) -> int:
        return hash((self.kind, self.rows, self.cols))

    def __reduce__(self):
        return Rectangle, (self.kind, self.rows, self.cols)

    def __repr__(self) -> str:
        return f"Rectangle({self.kind!r}, {self.rows}, {self.cols})"


def rectangle(spec) -> Rectangle | None:
    """The :class:`Rectangle` a board spec names (``grid:RxC``, ``grid:N``, ``cylinder:...``, ``torus:...``), or None
    for any other spec or a graph.  A malformed size raises what :func:`~parity.boards.board` raises.

    Examples
    --------
    >>> rectangle("grid:5"), rectangle(" cylinder:2x7 "), rectangle("hex:3")
    (Rectangle('grid', 5, 5), Rectangle('cylinder', 2, 7), None)
    >>> rectangle("grid:5x")
    Traceback (most recent call last):
    ...
    parity.errors.BoardSpecError: board grid:5x: expected grid:NxN with positive integers
    """
    if not isinstance(spec, str):
        return None
    kind, colon, args = spec.strip().partition(":")
    if kind not in RECTANGLE_KINDS or not colon:
        return None
    spec, kind, _, args = split_spec(spec)  # the spec's form, with board()'s errors
    rows, cols = read_sizes(spec, kind, args, SIZES[kind])
    return Rectangle(kind, rows, cols)
