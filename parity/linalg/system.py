"""The linear encoding: ``A x = b`` over GF(p), with named unknowns and equations."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field as dataclass_field

import numpy as np

from ._inputs import check_size
from .space import SolutionSpace

__all__ = ["LinearSystem"]


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
        from .chase import stencil_entries

        kind, m, n, closed = stencil
        rows, cols = stencil_entries(kind, m, n, closed)
        size = m * n
        system = cls((size, size), rows, cols, np.ones(rows.size, dtype=np.int64), np.asarray(rhs), field,
                     variables, variables, stencil=tuple(stencil), **({} if decode is None else {"decode": decode}))
        system._stencil_checked = (system.stencil, True)
        return system

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
