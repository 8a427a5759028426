"""Solution spaces of linear systems ``A x = b`` over GF(p)."""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Iterator

import numpy as np

from ..errors import LimitError, NoSolutionError, NullityTooLargeError, ShapeError
from ._inputs import field_array

__all__ = ["SolutionSpace", "combine", "VISIT_COST"]

#: What visiting one solution costs, counted in steps of the compiled GF(2) Gray-code walk, when the
#: visit is not made by that walk (GF(p > 2) by numpy in chunks, or a ``weight`` function in Python).
#: ``minimum_weight(max_nullity)`` allows ``2 ** max_nullity`` GF(2) steps in all.
VISIT_COST = 64


def combine(coefficients, vectors: np.ndarray, p: int) -> np.ndarray:
    """``coefficients @ vectors`` mod p, exact for every ``p < 2**31``.

    ``coefficients`` is one vector or a matrix of them, entries ``0..p-1``.
    A plain int64 product can overflow once ``k (p-1)^2`` passes ``2**63``;
    then every product is reduced mod p before it is added (each is below
    ``2**62``).

    Examples
    --------
    >>> p = 2**31 - 1
    >>> combine([p - 1, p - 1, p - 1], np.array([[p - 1], [p - 1], [p - 1]]), p).tolist()  # 3 (p-1)^2 mod p
    [3]
    """
    coefficients = np.asarray(coefficients, dtype=np.int64)
    k = vectors.shape[0]
    if k * (p - 1) ** 2 < 2**63:
        return (coefficients @ vectors) % p
    total = np.zeros(coefficients.shape[:-1] + vectors.shape[1:], dtype=np.int64)
    for j in range(k):
        total += (coefficients[..., j, None] * vectors[j]) % p
        total %= p
    return total


def _reduced(values, p: int) -> np.ndarray:
    """``values`` as int64 entries ``0..p-1``, a new array (reduced in place: boards of 10^8 cells pass here)."""
    out = np.array(values, dtype=np.int64)
    if p == 2:
        np.bitwise_and(out, 1, out=out)
    else:
        np.remainder(out, p, out=out)
    return out


def _amount(n: int) -> str:
    """A count for messages: exact below 10^15, else its order of magnitude."""
    return str(n) if n < 10**15 else f"about 10^{len(str(n)) - 1}"


def _digits(index: int, base: int, count: int) -> list[int]:
    """The ``count`` least significant digits of ``index`` in ``base``, least significant first."""
    digits = []
    for _ in range(count):
        index, digit = divmod(index, base)
        digits.append(digit)
    return digits


def _mixed_radix_steps(basis: np.ndarray, p: int) -> Iterator[np.ndarray]:
    """For counting ``0, 1, 2, ...`` in base p (digit k for ``basis[k]``): what each step adds.

    Step ``s`` turns the digits ``0..k-1`` from ``p-1`` to 0 and adds 1 to
    digit ``k``: each of these digits goes up by one mod p, so the point moves
    by ``basis[0] + ... + basis[k]``.  One vector a step, nothing materialised.
    """
    nullity = basis.shape[0]
    prefix = np.empty_like(basis)
    running = np.zeros(basis.shape[1], dtype=np.int64)
    for k in range(nullity):
        running = (running + basis[k]) % p
        prefix[k] = running
    digits = [0] * nullity
    while True:
        k = 0
        while k < nullity and digits[k] == p - 1:
            digits[k] = 0
            k += 1
        if k == nullity:
            return
        digits[k] += 1
        yield prefix[k]


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
        self.free = [int(f) for f in free]
        self.particular = None if particular is None else _reduced(particular, self.field)
        if self.particular is not None and self.particular.shape != (self.ncols,):
            raise ShapeError(f"the particular solution has shape {self.particular.shape}, expected ({self.ncols},)")
        basis = np.asarray(basis, dtype=np.int64)
        if basis.size != len(self.free) * self.ncols:
            raise ShapeError("one free column per basis vector is needed")
        self.basis = _reduced(basis.reshape(len(self.free), self.ncols), self.field)

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
        """The exact number of solutions, ``p ** nullity``, or 0 when unsolvable."""
        return self.field**self.nullity if self.solvable else 0

    def __repr__(self) -> str:
        # a count of more than 60 digits as its power (Python writes no integer of more than 4300 digits)
        count = f"{self.field}**{self.nullity}" if self.solvable and self.nullity * math.log10(self.field) > 60 \
            else str(self.count)
        return (
            f"SolutionSpace(field={self.field}, ncols={self.ncols}, rank={self.rank}, "
            f"nullity={self.nullity}, count={count})"
        )

    #: ``drawer(vector, ax)``: draws a vector of the space on its puzzle's board, set by the puzzle that made the
    #: space (:meth:`parity.puzzles.LightsOut.solution_space`); None for a space of a bare matrix
    drawer = None
    #: basis vectors a notebook draws (the first ones; the table says how many there are)
    DRAWN = 8

    def _repr_html_(self) -> str:
        """The space for Jupyter: field, rank, nullity, the exact count, and where its puzzle draws, the first
        basis vectors drawn (the quiet patterns of a Lights Out board; matplotlib needed, ``parity[draw]``).

        Examples
        --------
        >>> import numpy as np
        >>> from parity.linalg import solve
        >>> "<th>nullity</th><td>1</td>" in solve(np.array([[1, 1, 0], [0, 1, 1]]), np.array([1, 0]))._repr_html_()
        True
        """
        from .._display import escape, html_rows, svg_grid

        pairs = [("field", f"GF({self.field})"), ("unknowns", self.ncols), ("rank", self.rank),
                 ("nullity", self.nullity), ("solutions", self.count if self.nullity * math.log10(self.field) <= 4000
                                             else f"{self.field}^{self.nullity}"), ("solvable", self.solvable)]
        picture = None
        if self.drawer is not None and self.nullity:
            shown = list(self.basis[: self.DRAWN])
            picture = svg_grid([lambda ax, v=v: self.drawer(v, ax) for v in shown],
                               [f"basis vector {k + 1}" for k in range(len(shown))])
        more = (f"<p>the first {self.DRAWN} of {self.nullity} basis vectors</p>"
                if picture and self.nullity > self.DRAWN else "")
        return (f'<div class="parity-space"><p><b>{escape(repr(self))}</b></p>{html_rows(pairs)}{more}'
                f"{picture or ''}</div>")

    def __contains__(self, x) -> bool:
        """Exact membership test: is ``x`` (a vector of integers, read mod p) a solution?"""
        if not self.solvable:
            return False
        try:
            x = field_array(x, self.field, 1, "x").astype(np.int64)
        except ShapeError:  # not a vector of integers: not a solution
            return False
        if x.shape != (self.ncols,):
            return False
        difference = (x - self.particular) % self.field
        coefficients = difference[self.free]
        return bool(np.array_equal(combine(coefficients, self.basis, self.field), difference))

    def coefficients(self, index: int) -> np.ndarray:
        """The coefficients of the basis vectors in solution number ``index`` (see ``space[index]``).

        Examples
        --------
        >>> from parity.linalg import solve
        >>> space = solve([[1, 1, 1]], [0])
        >>> [space.coefficients(i).tolist() for i in range(4)]  # Gray code over GF(2)
        [[0, 0], [1, 0], [1, 1], [0, 1]]
        """
        if self.field == 2:
            index ^= index >> 1  # the Gray code of the step, as in __iter__
        return np.array(_digits(index, self.field, self.nullity), dtype=np.int64)

    def __getitem__(self, index: int) -> np.ndarray:
        """Solution number ``index``: ``space[i]`` is the ``i``-th solution of ``iter(space)``.

        Over GF(2) the coefficients are the bits of the Gray code
        ``i ^ (i >> 1)``; over GF(p) the digits of ``i`` in base p, the least
        significant for ``basis[0]``.  Negative indices count from the end.

        Examples
        --------
        >>> from parity.linalg import solve
        >>> space = solve([[1, 1, 0]], [1], field=3)
        >>> [space[i].tolist() for i in range(space.count)] == [x.tolist() for x in space]
        True
        """
        try:
            index = operator.index(index)
        except TypeError:
            raise ShapeError(f"a solution index must be a whole number, got {index!r}") from None
        if index < 0:
            index += self.count
        if not 0 <= index < self.count:
            raise IndexError(f"solution index {index} out of range (count {self.count})")
        return (self.particular + combine(self.coefficients(index), self.basis, self.field)) % self.field

    def __iter__(self) -> Iterator[np.ndarray]:
        """Every solution once, in the order of ``space[index]``, one vector addition a step.

        Over GF(2) the order is the Gray code (step ``s`` adds ``basis[ctz(s)]``);
        over GF(p) counting in base p, which also moves by one (precomputed)
        vector a step.  Nothing is materialised: the first solution of a space
        with ``p ** nullity`` astronomically large comes at once.
        """
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
        for move in _mixed_radix_steps(self.basis, self.field):
            x += move
            x %= self.field
            yield x.copy()

    def minimum_weight(
        self, max_nullity: int = 30, weight: Callable[[np.ndarray], float] | None = None
    ) -> tuple[int, np.ndarray]:
        """The least total of entries over all solutions, and the first solution reaching it (exact).

        For Lights Out this is the minimum number of presses (a press of a
        multi-state light counts as many times as it is pressed).  Over GF(2)
        the coset is walked in Gray-code order, one vector addition and
        popcount per solution, by a compiled kernel (plain Python for small
        nullity).  Over GF(p) the solutions are scored by numpy, ``p ** t`` at a
        time.  With ``weight`` (a function of a solution) every solution is
        visited in Python.  Of the solutions of least weight, the first in
        iteration order is returned.

        Parameters
        ----------
        max_nullity : int
            The search may cost at most ``2 ** max_nullity`` steps of the GF(2)
            walk; a solution visited otherwise (over GF(p > 2), or with
            ``weight``) counts ``VISIT_COST`` (64) steps, so the
            default allows ``2**30`` GF(2) solutions or ``2**24`` others.
        weight : callable, optional
            The quantity to minimise (default: the sum of entries).

        Raises
        ------
        NoSolutionError
            If the system has no solution.
        NullityTooLargeError
            If the search would cost more than ``2 ** max_nullity`` steps.

        Examples
        --------
        >>> import numpy as np
        >>> from parity.linalg import solve
        >>> solve(np.array([[1, 1, 0], [0, 1, 1]]), np.array([1, 0])).minimum_weight()[0]
        1
        >>> solve(np.array([[1, 1, 1]]), np.array([2]), field=3).minimum_weight()
        (2, array([2, 0, 0]))
        """
        if not self.solvable:
            raise NoSolutionError("the system has no solution, so it has no solution of minimum weight")
        try:
            max_nullity = operator.index(max_nullity)
        except TypeError:
            raise LimitError(f"max_nullity must be a whole number, got {max_nullity!r}") from None
        if max_nullity < 0:
            raise LimitError(f"max_nullity must not be negative, got {max_nullity}")
        compiled = self.field == 2 and weight is None
        visits = self.count
        cost = visits if compiled else visits * VISIT_COST
        # compare bit lengths first: 2**max_nullity itself is never built for an absurd bound
        if cost.bit_length() > max_nullity + 1 or (cost.bit_length() == max_nullity + 1 and cost > 2**max_nullity):
            if compiled:
                raise NullityTooLargeError(
                    f"minimum search would visit 2^{self.nullity} = {_amount(visits)} solutions, more than the bound "
                    f"2^{max_nullity}; raise max_nullity to try anyway"
                )
            raise NullityTooLargeError(
                f"minimum search would visit {self.field}^{self.nullity} = {_amount(visits)} solutions over "
                f"GF({self.field}), each {VISIT_COST} times the cost of a GF(2) step, more than the bound "
                f"2^{max_nullity} GF(2) steps (about {_amount(2**max_nullity // VISIT_COST)} GF({self.field}) "
                f"solutions); raise max_nullity to try anyway"
            )
        if compiled:
            from .minweight import min_weight_gf2

            return min_weight_gf2(self.particular, self.basis)
        if weight is None:
            return _min_weight_gfp(self.particular, self.basis, self.field)
        best = min(self, key=weight)
        return weight(best), best


def _low_digits(p: int, t: int) -> np.ndarray:
    """Every coefficient vector of length ``t`` over GF(p), in counting order (first digit fastest)."""
    indices = np.arange(p**t, dtype=np.int64)
    return np.stack([(indices // p**j) % p for j in range(t)], axis=1) if t else np.zeros((1, 0), dtype=np.int64)


def _min_weight_gfp(particular: np.ndarray, basis: np.ndarray, p: int, chunk: int = 1 << 20) -> tuple[int, np.ndarray]:
    """Least entry sum over ``particular + span(basis)`` over GF(p), the first in iteration order.

    The first ``t`` digits are enumerated once as a table of ``p ** t``
    partial sums (``p ** t * ncols <= chunk`` entries); the other digits are
    counted in mixed radix, and each count scores the whole table with numpy.
    """
    nullity, ncols = basis.shape
    t = 0
    while t < nullity and p ** (t + 1) * max(ncols, 1) <= chunk:
        t += 1
    # the smallest dtype holding 2p - 2, so that two entries add without overflow
    dtype = np.int8 if p <= 64 else np.int16 if p <= 16384 else np.int64
    table = ((combine(_low_digits(p, t), basis[:t], p) + particular) % p).astype(dtype)
    offset = np.zeros(ncols, dtype=np.int64)
    moves = _mixed_radix_steps(basis[t:], p)
    candidates = np.empty_like(table)
    best_weight, best = None, None
    while True:
        np.add(table, offset.astype(dtype), out=candidates)
        np.subtract(candidates, dtype(p), out=candidates, where=candidates >= p)
        weights = candidates.sum(axis=1, dtype=np.int64)
        i = int(np.argmin(weights))
        if best_weight is None or weights[i] < best_weight:
            best_weight, best = int(weights[i]), candidates[i].astype(np.int64)
        move = next(moves, None)
        if move is None:
            return best_weight, best
        offset = (offset + move) % p
