"""The linear encoding: ``A x = b`` over GF(p), with named unknowns and equations."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field as dataclass_field
from functools import cached_property

import numpy as np

from ..errors import ShapeError
from ._bits import _as_bits, unpack
from ._inputs import check_size
from .space import SolutionSpace

__all__ = ["LinearSystem", "PackedSystem", "StencilSystem"]


@dataclass
class LinearSystem:
    """``A x = b`` over GF(``field``), ``A`` kept as its non-zero entries.

    Parameters
    ----------
    shape : tuple of int
        Rows (equations) and columns (unknowns).
    rows, cols, values : numpy.ndarray
        The non-zero entries ``A[rows[k], cols[k]] = values[k]`` (entries at the
        same place add up).
    rhs : numpy.ndarray
        ``b``, entries ``0..field-1``.
    field : int
        The prime ``p``.
    variables, equations : sequence
        What each column and row stands for (board nodes for Lights Out).

    Examples
    --------
    >>> import numpy as np
    >>> system = LinearSystem((2, 2), np.array([0, 0, 1]), np.array([0, 1, 1]), np.array([1, 1, 1]), np.array([1, 1]), 2)
    >>> system.dense().tolist(), system.solve().particular.tolist()
    ([[1, 1], [0, 1]], [0, 1])
    """

    shape: tuple[int, int]
    rows: np.ndarray
    cols: np.ndarray
    values: np.ndarray
    rhs: np.ndarray
    field: int
    variables: Sequence[Hashable] = dataclass_field(default_factory=list)
    equations: Sequence[Hashable] = dataclass_field(default_factory=list)
    #: turns a solution vector into a solution in puzzle terms (set by the puzzle; the vector itself by default)
    decode: Callable[[np.ndarray], object] = dataclass_field(default=lambda x: x, repr=False, compare=False)
    #: ``(kind, m, n, closed)`` when the system is Lights Out on an ``m x n`` grid, cylinder or torus with cells
    #: in row-major order (set by the puzzle; the ``chase`` engine checks it against the entries and then
    #: chases row by row instead of from a general forcing set)
    stencil: tuple | None = dataclass_field(default=None, compare=False)

    @classmethod
    def from_stencil(cls, stencil: tuple, rhs, field: int, variables: Sequence[Hashable] = (),
                     decode: Callable[[np.ndarray], object] | None = None) -> LinearSystem:
        """Lights Out on a grid, cylinder or torus: the toggle matrix of ``stencil = (kind, m, n, closed)``, written
        straight from the stencil (:func:`~parity.linalg.chase.stencil_entries`), with no board.

        The system is known to be its stencil, so the chase engine does not check the entries again.

        Examples
        --------
        >>> system = LinearSystem.from_stencil(("grid", 1, 3, True), np.ones(3, dtype=np.int64), 2)
        >>> system.dense().tolist(), system.solve().particular.tolist()
        ([[1, 1, 0], [1, 1, 1], [0, 1, 1]], [0, 1, 0])
        """
        return StencilSystem(stencil, rhs, field, variables, decode)

    def satisfied_by(self, x) -> bool:
        """True if the vector ``x`` solves ``A x = b`` (exact integer arithmetic, from the entries).

        Examples
        --------
        >>> system = LinearSystem((1, 2), np.array([0, 0]), np.array([0, 1]), np.array([1, 1]), np.array([1]), 2)
        >>> system.satisfied_by([1, 0]), system.satisfied_by([1, 1])
        (True, False)
        """
        x = [int(v) for v in np.asarray(x).ravel()]
        if len(x) != self.shape[1]:
            return False
        totals = [0] * self.shape[0]
        for i, j, value in zip(self.rows.tolist(), self.cols.tolist(), self.values.tolist()):
            totals[i] += int(value) * x[j]
        return all((total - int(b)) % self.field == 0 for total, b in zip(totals, self.rhs.tolist()))

    def dense(self) -> np.ndarray:
        """``A`` as a dense int64 array with entries ``0..field-1``.

        Raises
        ------
        TooLargeError
            If the dense matrix would not fit in memory (checked before it is allocated).
        """
        rows, cols = self.shape
        check_size(8 * float(rows) * float(cols), f"a {rows} x {cols} system over GF({self.field})")
        A = np.zeros(self.shape, dtype=np.int64)
        np.add.at(A, (self.rows, self.cols), self.values)
        return A % self.field

    def solve(self, engine=None) -> SolutionSpace:
        """All solutions, through ``engine`` (an :class:`~parity.linalg.Elimination` or its name: ``gf2``,
        ``gfp`` or ``galois``; default by field).

        Over GF(2) the matrix is packed straight from its entries, and small
        systems are eliminated without numba (see :class:`~parity.linalg.Echelon`).
        The ``gfp`` engine is fed from the entries too (see
        :func:`~parity.linalg.gfp.solve_entries`); only ``galois`` needs the
        dense matrix.

        Raises
        ------
        TooLargeError
            If the matrix (packed over GF(2), the rows' spans for ``gfp``,
            dense for ``galois``) would not fit in memory; checked before
            anything is allocated.
        """
        from . import elimination

        return elimination(self.field, engine).solve_system(self)


class _EntriesOnDemand(LinearSystem):
    """A 0/1 matrix whose entries are listed (``_entries``, cached) only when an engine asks for them; the
    subclass says how many there are (``entry_count``) without listing them."""

    @property
    def rows(self) -> np.ndarray:
        """The row of each entry 1 (listed on first use)."""
        return self._entries[0]

    @property
    def cols(self) -> np.ndarray:
        """The column of each entry 1 (listed on first use)."""
        return self._entries[1]

    @property
    def values(self) -> np.ndarray:
        """Every entry's value: 1."""
        return np.ones(self.entry_count, dtype=np.int64)


class PackedSystem(_EntriesOnDemand):
    """``A x = b`` over GF(2) with ``A`` held packed, 64 columns to a word (as :func:`~parity.linalg.pack` packs it).

    A :class:`LinearSystem` keeps ``A`` as its non-zero entries, 24 bytes
    each: half the entries of a dense matrix are ones, so a dense 4096 x 4096
    matrix would take 200 MB and most of a second to list, where packed it
    takes 2 MB.  The ``gf2`` engine eliminates the packed rows as they are
    (:meth:`solve`); the entries (``rows``, ``cols``, ``values``) are unpacked
    from them only when another engine asks for them.

    Parameters
    ----------
    packed : numpy.ndarray
        ``uint64`` words, ``(rows, max(1, ceil(ncols / 64)))``; kept, not
        copied, and never eliminated in place.
    ncols : int
        The unknowns (columns of ``A``).
    rhs : array_like
        ``b``, entries 0 or 1.
    variables, equations, decode
        As for :class:`LinearSystem`.

    Examples
    --------
    >>> from parity.linalg import pack
    >>> system = PackedSystem(pack([[1, 1, 0], [0, 1, 1]]), 3, [1, 0])
    >>> system.entry_count, system.rows.tolist(), system.cols.tolist()
    (4, [0, 0, 1, 1], [0, 1, 1, 2])
    >>> system.solve().particular.tolist(), system.solve("galois").particular.tolist()
    ([1, 0, 0], [1, 0, 0])
    """

    def __init__(self, packed: np.ndarray, ncols: int, rhs, variables: Sequence[Hashable] = (),
                 equations: Sequence[Hashable] = (), decode: Callable[[np.ndarray], object] | None = None) -> None:
        words = max(1, (ncols + 63) // 64)
        if not (isinstance(packed, np.ndarray) and packed.dtype == np.uint64 and packed.ndim == 2
                and packed.shape[1] == words):
            raise ShapeError(f"a packed matrix with {ncols} columns is a 2-D array of uint64 words, {words} a row")
        self.packed = packed
        self.shape = (packed.shape[0], ncols)
        self.rhs = _as_bits(rhs, "b", ndim=1).astype(np.int64)
        if self.rhs.shape != (packed.shape[0],):
            raise ShapeError(f"b has shape {self.rhs.shape}, expected ({packed.shape[0]},) to match A")
        self.field = 2
        self.variables, self.equations = variables, equations
        self.decode = decode if decode is not None else (lambda x: x)
        self.stencil = None

    @cached_property
    def entry_count(self) -> int:
        """How many entries of ``A`` are 1 (counted on the packed words, nothing unpacked)."""
        return int(np.bitwise_count(self.packed).sum(dtype=np.int64))

    @cached_property
    def _entries(self) -> tuple[np.ndarray, np.ndarray]:
        rows, ncols = self.shape
        check_size(16.0 * self.entry_count, f"the entries of a {rows} x {ncols} system over GF(2)")
        found = np.nonzero(unpack(self.packed, ncols))
        return found[0].astype(np.int64), found[1].astype(np.int64)


    def dense(self) -> np.ndarray:
        """``A`` as a dense int64 array, unpacked from the words (no entry listed)."""
        rows, cols = self.shape
        check_size(8 * float(rows) * float(cols), f"a {rows} x {cols} system over GF(2)")
        return unpack(self.packed, cols).astype(np.int64)

    def solve(self, engine=None) -> SolutionSpace:
        """All solutions; through ``gf2`` (the default) the packed rows are eliminated as they are, on a copy."""
        from . import elimination
        from .gf2 import Echelon

        chosen = elimination(2, engine)
        if chosen.name != "gf2":
            return chosen.solve_system(self)
        return Echelon(self.packed.copy(), self.rhs % 2, ncols=self.shape[1]).space()


class StencilSystem(_EntriesOnDemand):
    """Lights Out's toggle matrix of a grid, cylinder or torus, ``stencil = (kind, m, n, closed)``, its entries
    written from the stencil (:func:`~parity.linalg.chase.stencil_entries`) only when an engine asks for them.

    The polynomial route (``poly``) reads the stencil alone and ``chase``
    works row by row from it, so a count of a 2000 x 2000 board lists none
    of its 20 million entries; the system is known to be its stencil, so
    ``chase`` does not check the entries either.  Made by
    :meth:`LinearSystem.from_stencil`.

    Examples
    --------
    >>> system = StencilSystem(("torus", 2, 3, False), np.ones(6, dtype=np.int64), 2)
    >>> system.shape, system.entry_count, "_entries" in system.__dict__
    ((6, 6), 18, False)
    >>> system.rows.size, "_entries" in system.__dict__
    (18, True)
    """

    def __init__(self, stencil: tuple, rhs, field: int, variables: Sequence[Hashable] = (),
                 decode: Callable[[np.ndarray], object] | None = None) -> None:
        kind, m, n, closed = stencil
        size = m * n
        self.shape = (size, size)
        #: the right side where every equation has the same one (an int), else None
        self.uniform_rhs = int(rhs) if isinstance(rhs, (int, np.integer)) else None
        self._rhs = None if self.uniform_rhs is not None else np.asarray(rhs)
        self.field = field
        self.variables = self.equations = variables
        self.decode = decode if decode is not None else (lambda x: x)
        self.stencil = self._source = tuple(stencil)  # (the matrix is the source's, whatever the label says later)
        self._stencil_checked = (self.stencil, True)

    @cached_property
    def entry_count(self) -> int:
        """How many entries the toggle matrix has (each press toggles its cell and its neighbours on the board)."""
        kind, m, n, closed = self._source
        wrap_rows, wrap_cols = kind == "torus", kind in ("torus", "cylinder")
        # each direction of length at least 3 that wraps has a neighbour on both sides of every cell; length 2
        # wraps onto the one neighbour already there; length 1 has none
        across = n * (2 if wrap_cols and n >= 3 else 2 * (n - 1) / n if n > 1 else 0)
        down = m * (2 if wrap_rows and m >= 3 else 2 * (m - 1) / m if m > 1 else 0)
        return int(round(m * across + n * down)) + (m * n if closed else 0)

    @property
    def rhs(self) -> np.ndarray:
        """``b`` (written out on first use where every equation has the same right side, ``uniform_rhs``)."""
        if self._rhs is None:
            check_size(8.0 * self.shape[0], f"the right side of a {self.shape[0]} x {self.shape[1]} system")
            self._rhs = np.full(self.shape[0], self.uniform_rhs, dtype=np.int64)
        return self._rhs

    @rhs.setter
    def rhs(self, value) -> None:
        self._rhs, self.uniform_rhs = np.asarray(value), None

    @cached_property
    def _entries(self) -> tuple[np.ndarray, np.ndarray]:
        from .chase import stencil_entries

        kind, m, n, _ = self._source
        # the entries, and the arrays the engines that read them make of them: about 64 bytes an entry
        check_size(64.0 * self.entry_count, f"the toggle matrix of {kind}:{m}x{n}")
        return stencil_entries(*self._source)

