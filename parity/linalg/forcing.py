"""Forcing sets (light chasing): a few unknowns that determine all the others through the equations.

If an equation of a linear system has exactly one unknown not yet
determined, that unknown is determined by the others (its coefficient is
non-zero mod p).  Starting from a set ``F`` of unknowns and applying this rule
until nothing changes, ``F`` is a *forcing set* when every unknown ends up
determined; then every solution is fixed by its values on ``F``, so counting
solutions projected on ``F`` counts all solutions.  On an ``m x n`` Lights Out
grid the first row is a forcing set: pressing row ``r + 1`` is forced by the
lights of row ``r`` ("light chasing").
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

__all__ = ["forcing_set", "is_forcing_set"]


def _closure(equations: Sequence[Sequence[int]], ncols: int, start: Sequence[int]) -> tuple[np.ndarray, list[int]]:
    """Propagate from ``start``; returns the determined mask and the order in which columns were forced."""
    on = [[] for _ in range(ncols)]
    unknown = np.array([len(eq) for eq in equations], dtype=np.int64)
    for e, eq in enumerate(equations):
        for c in eq:
            on[c].append(e)
    known = np.zeros(ncols, dtype=bool)
    order: list[int] = []
    queue: list[int] = []

    def settle(c: int) -> None:
        known[c] = True
        for e in on[c]:
            unknown[e] -= 1
            if unknown[e] == 1:
                queue.append(e)

    for c in start:
        if not known[c]:
            settle(c)
    while queue:
        e = queue.pop()
        if unknown[e] != 1:
            continue
        c = next(c for c in equations[e] if not known[c])
        order.append(c)
        settle(c)
    return known, order


def is_forcing_set(equations: Sequence[Sequence[int]], ncols: int, support: Sequence[int]) -> bool:
    """True if ``support`` determines every unknown (``equations`` list the columns of each row's non-zeros).

    Examples
    --------
    >>> is_forcing_set([[0, 1], [1, 2]], 3, [0]), is_forcing_set([[0, 1, 2]], 3, [0])
    (True, False)
    """
    return bool(_closure(equations, ncols, support)[0].all())


def forcing_set(equations: Sequence[Sequence[int]], ncols: int) -> list[int]:
    """A forcing set found greedily: add the first undetermined unknown whenever propagation stops.

    Parameters
    ----------
    equations : sequence of sequences of int
        For each equation, the columns with a non-zero coefficient.
    ncols : int
        Number of unknowns.

    Returns
    -------
    list of int
        Columns of a forcing set (not necessarily the smallest).

    Examples
    --------
    The 4 x 4 Lights Out grid is forced by its first row:

    >>> from parity.puzzles import LightsOut
    >>> system = LightsOut("grid:4x4").linear()
    >>> rows = [[] for _ in range(16)]
    >>> for r, c in zip(system.rows, system.cols):
    ...     rows[r].append(int(c))
    >>> forcing_set(rows, 16)
    [0, 1, 2, 3]
    """
    support: list[int] = []
    known, _ = _closure(equations, ncols, support)
    while not known.all():
        support.append(int(np.flatnonzero(~known)[0]))
        known, _ = _closure(equations, ncols, support)
    return support
