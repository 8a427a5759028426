"""The linear encoding: ``A x = b`` over GF(p), with named unknowns and equations."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field as dataclass_field

import numpy as np

from .gf2 import Echelon, pack_entries
from .space import SolutionSpace

__all__ = ["LinearSystem"]


@dataclass
class LinearSystem:
    """``A x = b`` over GF(``field``), ``A`` kept as its non-zero entries.

    Parameters
    ----------
    shape : (int, int)
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

    def dense(self) -> np.ndarray:
        """``A`` as a dense int64 array with entries ``0..field-1``."""
        A = np.zeros(self.shape, dtype=np.int64)
        np.add.at(A, (self.rows, self.cols), self.values)
        return A % self.field

    def solve(self, engine: str | None = None) -> SolutionSpace:
        """All solutions, through ``engine`` (``gf2`` or ``galois``; default by field)."""
        from . import linear_engine

        chosen, binary = linear_engine(self.field, engine)
        if binary:  # pack straight from the entries: no dense n x n intermediate
            odd = (self.values % 2).astype(bool)
            packed = pack_entries(self.shape[0], self.shape[1], self.rows[odd], self.cols[odd])
            return Echelon(packed, self.rhs % 2, ncols=self.shape[1]).space()
        return chosen.solve(self.dense(), self.rhs, self.field)
