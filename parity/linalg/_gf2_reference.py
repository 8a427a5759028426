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


def m4r_echelon_reference(
    rows: list[int], rhs: list[int], ncols: int, active: list[int], start_word: int
) -> tuple[list[int], list[int], list[int]]:
    """Twin of ``_gf2_kernels.m4r_echelon``, rows as Python integers (every bit of the packed words).

    The kernel's panels and tiles only delay and batch the same row additions,
    so the result is the same to the bit: strip by strip, the pivot rows are
    found by inserting the active rows' strip words into an XOR basis keyed by
    lowest bit, reduced on the strip, and every active row (pivot rows
    included) adds the combination of the strip's pivot rows that clears (or,
    for a pivot row, reduces) its strip word.  Returns the rows, right-hand
    sides and ``pivot_row`` for the columns from ``64 * start_word`` on (-1: free).
    """
    rows, rhs = list(rows), list(rhs)
    pivot_row = [-1] * ncols
    order = list(active)
    for w in range(start_word, (ncols + 63) // 64):
        c0 = 64 * w
        mask = (1 << min(64, ncols - c0)) - 1
        strip = lambda r: (rows[r] >> c0) & mask  # noqa: E731
        basis: dict[int, int] = {}
        by_bit: dict[int, int] = {}
        for r in order:
            x = strip(r)
            while x:
                b = (x & -x).bit_length() - 1
                if b in basis:
                    x ^= basis[b]
                else:
                    basis[b], by_bit[b] = x, r
                    break
            if len(basis) == mask.bit_length():
                break
        if not basis:
            continue
        columns = sorted(basis)
        slots = [by_bit[b] for b in columns]  # slot j: the pivot row found with lowest bit columns[j]
        word = [strip(r) for r in slots]
        comb = [1 << j for j in range(len(slots))]
        for j, b in enumerate(columns):  # Gauss-Jordan on the strip words, combinations alongside
            k = next(k for k in range(j, len(slots)) if word[k] >> b & 1)
            word[j], word[k] = word[k], word[j]
            comb[j], comb[k] = comb[k], comb[j]
            for i in range(len(slots)):
                if i != j and word[i] >> b & 1:
                    word[i] ^= word[j]
                    comb[i] ^= comb[j]
        reduced_at = {b: comb[j] for j, b in enumerate(columns)}
        adds = {}
        for r in order:
            if r in slots:
                j = slots.index(r)
                adds[r] = comb[j] ^ (1 << j)
            else:
                x, y = strip(r), 0
                for b, c in reduced_at.items():
                    if x >> b & 1:
                        y ^= c
                adds[r] = y
        before = [(rows[r], rhs[r]) for r in slots]
        for r, y in adds.items():
            for j, (row, bit) in enumerate(before):
                if y >> j & 1:
                    rows[r] ^= row
                    rhs[r] ^= bit
        for j, b in enumerate(columns):
            pivot_row[c0 + b] = slots[j]
        order = [r for r in order if r not in slots]
    keep = (1 << (64 * start_word)) - 1
    for r in order:
        rows[r] &= keep
    return rows, rhs, pivot_row[64 * start_word :]


def reverse_cuthill_mckee_reference(neighbours: list[list[int]]) -> list[int]:
    """Twin of ``_gf2_kernels.reverse_cuthill_mckee``: the nodes of a graph (adjacency lists) in RCM order."""
    n = len(neighbours)
    degree = [len(a) for a in neighbours]

    def levels(root: int) -> tuple[int, list[int]]:
        seen, level, height = {root}, [root], 0
        while True:
            following = [u for v in level for u in neighbours[v] if u not in seen and not seen.add(u)]
            if not following:
                return height, level
            level, height = following, height + 1

    placed = [False] * n
    order: list[int] = []
    for s in sorted(range(n), key=lambda v: degree[v]):
        if placed[s]:
            continue
        root = s
        height, last = levels(root)
        while True:
            best = min(last, key=lambda u: (degree[u], u))
            best_height, best_last = levels(best)
            if best_height <= height:
                break
            root, height, last = best, best_height, best_last
        placed[root] = True
        component = [root]
        for v in component:
            new = [u for u in neighbours[v] if not placed[u]]
            for u in new:
                placed[u] = True
            component.extend(sorted(new, key=lambda u: (degree[u], u)))
        order.extend(component)
    return order[::-1]
