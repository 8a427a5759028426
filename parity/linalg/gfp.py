"""GF(p) linear algebra through galois (the ``galois`` engine), with the same solution spaces as GF(2)."""

from __future__ import annotations

import functools

import numpy as np

from ..errors import FieldError, ShapeError
from .space import SolutionSpace

__all__ = ["check_field", "rank_gfp", "rref_gfp", "null_space_gfp", "solve_gfp"]


def check_field(p) -> int:
    """Return ``p`` as an int if it is a prime, else raise :class:`FieldError`.

    Examples
    --------
    >>> check_field(5)
    5
    >>> check_field(4)
    Traceback (most recent call last):
    ...
    parity.errors.FieldError: field order 4 is not a prime; parity works over GF(p) for prime p
    """
    import galois

    try:
        p_int = int(p)
    except (TypeError, ValueError):
        raise FieldError(f"field order {p!r} is not an integer") from None
    if p_int != p or p_int < 2 or not galois.is_prime(p_int):
        raise FieldError(f"field order {p} is not a prime; parity works over GF(p) for prime p")
    return p_int


@functools.lru_cache(maxsize=None)
def _field(p: int):
    import galois

    return galois.GF(p)


def _as_field(A, p: int, name: str = "A"):
    A = np.asarray(A)
    if A.dtype == bool:
        A = A.astype(np.int64)
    if not np.issubdtype(A.dtype, np.integer):
        raise ShapeError(f"{name} must hold integers, got dtype {A.dtype}")
    return _field(p)(np.asarray(A % p, dtype=np.int64))


def _rref_augmented(A, b, p: int):
    GF = _field(p)
    A = _as_field(A, p)
    if A.ndim != 2:
        raise ShapeError(f"expected a matrix, got an array of shape {A.shape}")
    rows, ncols = A.shape
    if b is None:
        b = GF.Zeros(rows)
    else:
        b = _as_field(b, p, "b")
        if b.shape != (rows,):
            raise ShapeError(f"b has shape {b.shape}, expected ({rows},) to match A")
    if rows == 0:
        return np.zeros((0, ncols + 1), dtype=np.int64), []
    R = np.asarray(np.hstack([A, b[:, None]]).row_reduce(ncols=ncols), dtype=np.int64)
    pivots = []
    for row in R:
        nonzero = np.flatnonzero(row[:ncols])
        if nonzero.size:
            pivots.append(int(nonzero[0]))
    return R, pivots


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
    R, pivots = _rref_augmented(A, None, check_field(p))
    return R[: len(pivots), :-1].copy(), pivots


def _space(R, pivots, ncols: int, p: int) -> SolutionSpace:
    rank = len(pivots)
    inconsistent = any(R[i, :ncols].any() == 0 and R[i, ncols] != 0 for i in range(rank, R.shape[0]))
    pivot_set = set(pivots)
    free = [c for c in range(ncols) if c not in pivot_set]
    basis = np.zeros((len(free), ncols), dtype=np.int64)
    for k, f in enumerate(free):
        basis[k, f] = 1
        for i, c in enumerate(pivots):
            basis[k, c] = (-R[i, f]) % p
    particular = None
    if not inconsistent:
        particular = np.zeros(ncols, dtype=np.int64)
        for i, c in enumerate(pivots):
            particular[c] = R[i, ncols]
    return SolutionSpace(p, ncols, rank, particular, basis, free)


def null_space_gfp(A, p: int) -> np.ndarray:
    """A null space basis over GF(p), one row per free column.

    Examples
    --------
    >>> null_space_gfp([[1, 1, 1]], 3).tolist()
    [[2, 1, 0], [2, 0, 1]]
    """
    p = check_field(p)
    ncols = np.asarray(A).shape[1]
    R, pivots = _rref_augmented(A, None, p)
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
    ncols = np.asarray(A).shape[1]
    R, pivots = _rref_augmented(A, b, p)
    return _space(R, pivots, ncols, p)
