"""Solution spaces of linear systems ``A x = b`` over GF(p)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import numpy as np

from ..errors import NullityTooLargeError, ShapeError

__all__ = ["SolutionSpace"]


class SolutionSpace:
    """All solutions of ``A x = b`` over GF(p): ``particular + span(basis)``, or nothing.

    Parameters
    ----------
    field : int
        The prime ``p``.
    ncols : int
        Number of unknowns.
    rank : int
        Rank of ``A``.
    particular : numpy.ndarray or None
        One solution (entries ``0..p-1``), or ``None`` when the system has none.
    basis : numpy.ndarray
        ``(nullity, ncols)`` array: a basis of the null space of ``A``.  Each
        vector has a 1 in its own free column and 0 in the other free columns
        (the reduced form every engine of parity produces), which makes
        membership tests and indexing exact and cheap.
    free : sequence of int
        The free columns, one per basis vector.

    Examples
    --------
    >>> import numpy as np
    >>> from parity.linalg import solve
    >>> space = solve(np.array([[1, 1, 0], [0, 1, 1]]), np.array([1, 0]))
    >>> space.count, space.nullity, space.rank
    (2, 1, 2)
    >>> [x.tolist() for x in space]
    [[1, 0, 0], [0, 1, 1]]
    >>> np.array([0, 1, 1]) in space, np.array([1, 1, 1]) in space
    (True, False)
    """

    def __init__(self, field: int, ncols: int, rank: int, particular, basis, free) -> None:
        self.field = int(field)
        self.ncols = int(ncols)
        self.rank = int(rank)
        self.particular = None if particular is None else np.asarray(particular, dtype=np.int64) % self.field
        self.basis = np.asarray(basis, dtype=np.int64).reshape(-1, self.ncols) % self.field
        self.free = [int(f) for f in free]
        if len(self.free) != self.basis.shape[0]:
            raise ShapeError("one free column per basis vector is needed")

    @property
    def nullity(self) -> int:
        """Dimension of the null space of ``A`` (``ncols - rank``)."""
        return self.basis.shape[0]

    @property
    def solvable(self) -> bool:
        """True if ``A x = b`` has at least one solution."""
        return self.particular is not None

    @property
    def count(self) -> int:
        """Exact number of solutions: ``p ** nullity``, or 0 when unsolvable."""
        return self.field**self.nullity if self.solvable else 0

    def __repr__(self) -> str:
        return (
            f"SolutionSpace(field={self.field}, ncols={self.ncols}, rank={self.rank}, "
            f"nullity={self.nullity}, count={self.count})"
        )

    def __contains__(self, x) -> bool:
        """Exact membership test: is ``x`` a solution?"""
        if not self.solvable:
            return False
        x = np.asarray(x, dtype=np.int64)
        if x.shape != (self.ncols,):
            return False
        difference = (x - self.particular) % self.field
        coefficients = difference[self.free]
        return bool(np.array_equal((coefficients @ self.basis) % self.field, difference))

    def __getitem__(self, index: int) -> np.ndarray:
        """The solution with number ``index`` (``0 <= index < count``), digits of ``index`` base p as coefficients."""
        if not 0 <= index < self.count:
            raise IndexError(f"solution index {index} out of range (count {self.count})")
        coefficients = np.array([(index // self.field**k) % self.field for k in range(self.nullity)], dtype=np.int64)
        return (self.particular + coefficients @ self.basis) % self.field

    def __iter__(self) -> Iterator[np.ndarray]:
        """Every solution once (for GF(2) in Gray-code order: one vector addition per step)."""
        if not self.solvable:
            return
        x = self.particular.copy()
        yield x.copy()
        if self.field == 2:
            for step in range(1, 2**self.nullity):
                j = (step & -step).bit_length() - 1
                x ^= self.basis[j]
                yield x.copy()
            return
        for coefficients in itertools.islice(itertools.product(range(self.field), repeat=self.nullity), 1, None):
            yield (self.particular + np.array(coefficients[::-1], dtype=np.int64) @ self.basis) % self.field

    def minimum_weight(self, max_nullity: int = 30, weight=None) -> tuple[int, np.ndarray]:
        """The least total of entries over all solutions, and a solution reaching it (exact).

        For Lights Out this is the minimum number of presses (a press of a
        multi-state light counts as many times as it is pressed).  Over GF(2)
        the coset is walked in Gray-code order by a compiled kernel, one
        vector addition and popcount per solution; otherwise every solution is
        visited.

        Raises
        ------
        NullityTooLargeError
            If there would be more than ``2 ** max_nullity`` solutions to visit.

        Examples
        --------
        >>> import numpy as np
        >>> from parity.linalg import solve
        >>> solve(np.array([[1, 1, 0], [0, 1, 1]]), np.array([1, 0])).minimum_weight()[0]
        1
        """
        if not self.solvable:
            raise ValueError("the system has no solution")
        visits = self.field**self.nullity
        if visits > 2**max_nullity:
            raise NullityTooLargeError(
                f"minimum search would visit {self.field}^{self.nullity} = {visits} solutions "
                f"(more than 2^{max_nullity}); raise max_nullity to try anyway"
            )
        if self.field == 2 and weight is None:
            from .gf2 import _min_weight_gf2

            return _min_weight_gf2(self.particular, self.basis)
        weight = weight or (lambda x: int(x.sum()))
        best = min(self, key=weight)
        return weight(best), best
