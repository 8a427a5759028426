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

__all__ = ["forcing_set", "is_forcing_set"]


def _greedy(equations: Sequence[Sequence[int]], ncols: int, start: Sequence[int] | None) -> tuple[list[int], list[int]]:
    """Propagate from ``start`` (None: grow the set greedily); returns the set and the columns determined, in order.

    With ``start=None``, whenever propagation stops the first undetermined
    unknown joins the set, and propagation goes on from where it stood.
    """
    on = [[] for _ in range(ncols)]
    unknown = [len(eq) for eq in equations]
    for e, eq in enumerate(equations):
        for c in eq:
            on[c].append(e)
    known = [False] * ncols
    support: list[int] = []
    order: list[int] = []
    queue: list[int] = []
    used = [False] * len(equations)

    def settle(c: int) -> None:
        known[c] = True
        order.append(c)
        for e in on[c]:
            unknown[e] -= 1
            if unknown[e] == 1:
                queue.append(e)

    if start is not None:
        for c in start:
            if not known[c]:
                support.append(c)
                settle(c)
    following = head = 0
    while True:
        while head < len(queue):
            e = queue[head]
            head += 1
            if used[e] or unknown[e] != 1:
                continue
            used[e] = True
            settle(next(c for c in equations[e] if not known[c]))
        if start is not None or len(order) == ncols:
            return support, order
        while known[following]:
            following += 1
        support.append(following)
        settle(following)


def is_forcing_set(equations: Sequence[Sequence[int]], ncols: int, support: Sequence[int]) -> bool:
    """True if ``support`` determines every unknown (``equations`` list the columns of each row's non-zeros).

    Examples
    --------
    >>> is_forcing_set([[0, 1], [1, 2]], 3, [0]), is_forcing_set([[0, 1, 2]], 3, [0])
    (True, False)
    """
    return len(_greedy(equations, ncols, support)[1]) == ncols


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
    return _greedy(equations, ncols, None)[0]
