"""GF(p) linear algebra through galois (the ``galois`` engine), with the same solution spaces as GF(2)."""

from __future__ import annotations

import functools

import numpy as np

from ..errors import FieldError, ShapeError
from ._inputs import check_size, field_array
from .space import SolutionSpace

__all__ = ["check_field", "is_prime", "MAX_FIELD", "rank_gfp", "rref_gfp", "null_space_gfp", "solve_gfp"]

#: Fields are GF(p) for primes ``p < MAX_FIELD``: every product of two entries fits in an int64.
MAX_FIELD = 2**31

# Miller-Rabin with the twelve primes up to 37 as bases decides primality exactly below
# 318665857834031151167461 ~ 3.2e23, the least strong pseudoprime to all of them [1]_ (the thirteenth
# base, 41, would be needed up to 3.3e24); far above MAX_FIELD.
_WITNESSES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)
_WITNESS_BOUND = 318_665_857_834_031_151_167_461


def is_prime(n: int) -> bool:
    """Exact primality for ``n < 3.2e23`` by deterministic Miller-Rabin.

    Raises
    ------
    FieldError
        If ``n`` is beyond the range where the test is exact.

    References
    ----------
    .. [1] J. Sorenson and J. Webster, "Strong pseudoprimes to twelve prime
       bases", Mathematics of Computation 86 (2017), 985-1003.

    Examples
    --------
    >>> [n for n in range(30) if is_prime(n)]
    [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
    >>> is_prime(3215031751)  # a strong pseudoprime to the bases 2, 3, 5 and 7
    False
    """
    if n >= _WITNESS_BOUND:
        raise FieldError(f"{n} is too large for an exact primality test")
    if n < 2:
        return False
    for q in _WITNESSES:
        if n % q == 0:
            return n == q
    # n - 1 = d * 2^s with d odd
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in _WITNESSES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False  # a witnesses that n is composite
    return True


def check_field(p) -> int:
    """Return ``p`` as an int if it is a prime below ``2**31``, else raise :class:`FieldError`.

    Entries of GF(p) are kept in int64 arrays, and the bound keeps every
    product of two entries (below ``2**62``) exact.  Only whole numbers are
    accepted: ``2.0``, ``"7"`` and ``True`` are refused.

    Raises
    ------
    FieldError
        If ``p`` is not a whole number, not a prime, or not below ``2**31``.

    Examples
    --------
    >>> check_field(5), check_field(2**31 - 1)
    (5, 2147483647)
    >>> check_field(4)
    Traceback (most recent call last):
    ...
    parity.errors.FieldError: field order 4 is not a prime; parity works over GF(p) for prime p
    >>> check_field(2**61 - 1)
    Traceback (most recent call last):
    ...
    parity.errors.FieldError: field order 2305843009213693951 is too large: parity works over GF(p) for primes p < 2^31
    """
    if isinstance(p, (bool, np.bool_)) or not isinstance(p, (int, np.integer)):
        raise FieldError(f"field order {p!r} is not a whole number; parity works over GF(p) for prime p")
    p_int = int(p)
    if p_int >= MAX_FIELD:
        raise FieldError(f"field order {p_int} is too large: parity works over GF(p) for primes p < 2^31")
    if not is_prime(p_int):
        raise FieldError(f"field order {p_int} is not a prime; parity works over GF(p) for prime p")
    return p_int


@functools.lru_cache(maxsize=None)
def _field(p: int):
    import galois

    return galois.GF(p)


def _rref_augmented(A, b, p: int) -> tuple[np.ndarray, list[int], int]:
    """The reduced form of ``[A | b]`` (int64), the pivot columns, and the number of columns of ``A``."""
    A = field_array(A, p, 2)
    rows, ncols = A.shape
    # the int64 matrix, galois' copy, the augmented copy and the reduced form
    check_size(4 * 8 * float(rows) * (ncols + 1), f"a {rows} x {ncols} system over GF({p})")
    if b is None:
        b = np.zeros(rows, dtype=np.int64)
    else:
        b = field_array(b, p, 1, "b")
        if b.shape != (rows,):
            raise ShapeError(f"b has shape {b.shape}, expected ({rows},) to match A")
    augmented = np.hstack([A, b[:, None]]).astype(np.int64, copy=False)
    if rows == 0 or ncols == 0:  # nothing to eliminate: every row reads 0 = b_i
        return augmented, [], ncols
    GF = _field(p)
    R = np.asarray(GF(augmented).row_reduce(ncols=ncols), dtype=np.int64)
    pivots = []
    for row in R:
        nonzero = np.flatnonzero(row[:ncols])
        if nonzero.size:
            pivots.append(int(nonzero[0]))
    return R, pivots, ncols


def rank_gfp(A, p: int) -> int:
    """Rank over GF(p).

    Examples
    --------
    >>> rank_gfp([[1, 2], [2, 4]], 3)
    1
    """
    return len(_rref_augmented(A, None, check_field(p))[1])


def rref_gfp(A, p: int) -> tuple[np.ndarray, list[int]]:
    """Reduced row echelon form over GF(p): the non-zero rows and the pivot columns.

    Examples
    --------
    >>> R, pivots = rref_gfp([[2, 1], [1, 1]], 3)
    >>> R.tolist(), pivots
    ([[1, 0], [0, 1]], [0, 1])
    """
    R, pivots, _ = _rref_augmented(A, None, check_field(p))
    return R[: len(pivots), :-1].copy(), pivots


def _space(R, pivots, ncols: int, p: int) -> SolutionSpace:
    """The solution space read off the reduced form of ``[A | b]``."""
    rank = len(pivots)
    inconsistent = bool(R[rank:, ncols].any())  # the rows past the pivots read 0 = b_i
    pivot_set = set(pivots)
    free = [c for c in range(ncols) if c not in pivot_set]
    check_size(8 * float(len(free)) * ncols, f"a null space basis of {len(free)} vectors of {ncols} unknowns")
    basis = np.zeros((len(free), ncols), dtype=np.int64)
    if free:  # vector f: x_f = 1, the other free unknowns 0, pivot c = -R[c's row, f]
        basis[np.arange(len(free)), free] = 1
        if rank:
            basis[:, pivots] = (-R[:rank][:, free].T) % p
    particular = None
    if not inconsistent:
        particular = np.zeros(ncols, dtype=np.int64)
        particular[pivots] = R[:rank, ncols]
    return SolutionSpace(p, ncols, rank, particular, basis, free)


def null_space_gfp(A, p: int) -> np.ndarray:
    """A null space basis over GF(p), one row per free column.

    Examples
    --------
    >>> null_space_gfp([[1, 1, 1]], 3).tolist()
    [[2, 1, 0], [2, 0, 1]]
    """
    p = check_field(p)
    R, pivots, ncols = _rref_augmented(A, None, p)
    return _space(R, pivots, ncols, p).basis


def solve_gfp(A, b, p: int) -> SolutionSpace:
    """All solutions of ``A x = b`` over GF(p).

    Examples
    --------
    >>> space = solve_gfp([[1, 1, 0], [0, 1, 1]], [1, 2], 3)
    >>> space.count, space.particular.tolist()
    (3, [2, 2, 0])
    """
    p = check_field(p)
    R, pivots, ncols = _rref_augmented(A, b, p)
    return _space(R, pivots, ncols, p)
