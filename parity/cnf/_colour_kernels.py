"""The compiled local search of the ``chromatic`` engine (private; see :mod:`parity.cnf.chromatic`).

The graph is in compressed rows: the neighbours of node ``v`` are
``indices[indptr[v]:indptr[v + 1]]``.
"""

from __future__ import annotations

import numpy as np

from .._compiled import kernel


@kernel("int64(int64[:], int64[:], int64, int64[:], int64, int64, int64)", nogil=True)
def tabucol(indptr, indices, k, colour, iterations, patience, seed):
    """Tabu search for a proper ``k``-colouring from ``colour`` (Hertz and de Werra's TabuCol).

    Each step moves one node in conflict to the colour that removes the most
    conflicts, not to a colour it left recently (unless that beats the best
    seen); the tabu tenure is 0.6 times the nodes in conflict plus 0..9.
    The search gives up after ``iterations`` steps, or ``patience`` steps
    without a new best.  ``colour`` ends holding the best colouring found;
    returns its number of conflicting edges (0: a proper colouring).
    """
    np.random.seed(seed)
    n = indptr.shape[0] - 1
    gamma = np.zeros((n, k), dtype=np.int64)  # gamma[v, c]: neighbours of v coloured c
    for v in range(n):
        for e in range(indptr[v], indptr[v + 1]):
            gamma[v, colour[indices[e]]] += 1
    conflicts = 0
    for v in range(n):
        conflicts += gamma[v, colour[v]]
    conflicts //= 2
    if k < 2:  # no move to make
        return conflicts
    tabu = np.zeros((n, k), dtype=np.int64)
    best = colour.copy()
    fewest = conflicts
    last = 0
    for step in range(iterations):
        if conflicts == 0 or step - last > patience:
            break
        move_delta = 1 << 40
        move_v, move_c, ties, in_conflict = -1, -1, 0, 0
        for v in range(n):
            cv = colour[v]
            if gamma[v, cv] == 0:
                continue
            in_conflict += 1
            for c in range(k):
                if c == cv:
                    continue
                delta = gamma[v, c] - gamma[v, cv]
                if tabu[v, c] > step and conflicts + delta >= fewest:
                    continue
                if delta < move_delta:
                    move_delta, move_v, move_c, ties = delta, v, c, 1
                elif delta == move_delta:
                    ties += 1
                    if np.random.randint(ties) == 0:
                        move_v, move_c = v, c
        if move_v < 0:  # every move is tabu: a random one
            while True:
                move_v = np.random.randint(n)
                if gamma[move_v, colour[move_v]] > 0:
                    break
            move_c = (colour[move_v] + 1 + np.random.randint(k - 1)) % k
            move_delta = gamma[move_v, move_c] - gamma[move_v, colour[move_v]]
        old = colour[move_v]
        colour[move_v] = move_c
        for e in range(indptr[move_v], indptr[move_v + 1]):
            u = indices[e]
            gamma[u, old] -= 1
            gamma[u, move_c] += 1
        conflicts += move_delta
        tabu[move_v, old] = step + (6 * in_conflict) // 10 + np.random.randint(10)
        if conflicts < fewest:
            fewest, last = conflicts, step
            for v in range(n):  # (loops, not slices: a slice assignment compiles numpy's broadcasting)
                best[v] = colour[v]
    for v in range(n):
        colour[v] = best[v]
    return fewest
