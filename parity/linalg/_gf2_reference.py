"""Plain-Python GF(2) elimination, rows as Python integers: the reference the numba kernels are tested against."""

from __future__ import annotations

import numpy as np


def rows_as_ints(A: np.ndarray) -> list[int]:
    return [sum(1 << int(j) for j in np.flatnonzero(row)) for row in np.asarray(A) % 2]


def rref_reference(A: np.ndarray) -> tuple[np.ndarray, list[int]]:
    """Reduced row echelon form and pivot columns, by textbook Gauss-Jordan elimination."""
    A = np.asarray(A)
    rows, ncols = A.shape
    R = rows_as_ints(A)
    pivots: list[int] = []
    top = 0
    for c in range(ncols):
        bit = 1 << c
        found = next((r for r in range(top, rows) if R[r] & bit), None)
        if found is None:
            continue
        R[top], R[found] = R[found], R[top]
        for r in range(rows):
            if r != top and R[r] & bit:
                R[r] ^= R[top]
        pivots.append(c)
        top += 1
    out = np.zeros((len(pivots), ncols), dtype=np.uint8)
    for i in range(len(pivots)):
        for j in range(ncols):
            out[i, j] = (R[i] >> j) & 1
    return out, pivots


def null_space_reference(A: np.ndarray) -> np.ndarray:
    """Null space basis from the RREF: one vector per free column."""
    ncols = np.asarray(A).shape[1]
    R, pivots = rref_reference(A)
    free = [c for c in range(ncols) if c not in set(pivots)]
    basis = np.zeros((len(free), ncols), dtype=np.uint8)
    for k, f in enumerate(free):
        basis[k, f] = 1
        for i, c in enumerate(pivots):
            basis[k, c] = R[i, f]
    return basis
