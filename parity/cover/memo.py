"""The ``memo`` engine: counts exact covers without listing them, by remembering what each subproblem counted.

A partial cover leaves a subproblem that depends only on which items are
covered so far, not on the options that covered them: in a packing, every
way of filling the first rows the same way leaves the same rest to fill.
So the number of covers of each subproblem is kept under the set of covered
items (one Python integer, items as bits), and each subproblem is counted
once however many partial covers reach it: the idea of Knuth's and Nishino
et al.'s DXZ (dancing links with a memo of the search, from which they also
build a ZDD of every cover).  Counts are exact Python integers, so the
``12 x 12`` board's 53,060,477,521,960,000 domino tilings take well under a
second, where a search that lists them could not finish.

The item to branch on is the first one still open in the listed order for
a problem built for that order (``CoverProblem(..., ordered=True)``: a
board's cells in scan-line order keep the frontier short, hence few distinct
subproblems), else the one with the fewest options left (Knuth's rule).
Colours on secondary items are ``dlx``'s alone.

Examples
--------
>>> from parity.cover import CoverProblem
>>> memo_count(CoverProblem([["a", "b"], ["c"], ["a"], ["b", "c"]]))
2
"""

from __future__ import annotations

import sys

from .._limits import human_bytes, machine_memory
from ..errors import TooLargeError

__all__ = ["memo_count", "memo_refusal", "memo_span", "MAX_SUBPROBLEMS"]

#: the most subproblems remembered, whatever the memory (each costs about ``BYTES_PER_SUBPROBLEM`` bytes)
MAX_SUBPROBLEMS = 100_000_000
#: what one remembered subproblem costs: its key (the covered items), its count and the dict's slot
BYTES_PER_SUBPROBLEM = 200


def memo_refusal(problem) -> str | None:
    """Why the memo engine cannot count ``problem`` (coloured secondary items), or None."""
    if problem.colored:
        return "engine 'memo' does not take colours on secondary items (Knuth's XCC); use dlx"
    return None


def memo_span(problem) -> int:
    """The most consecutive primary items (in their listed order) that one option spans, first to last.

    Examples
    --------
    >>> from parity.cover import CoverProblem
    >>> memo_span(CoverProblem([["a", "b"], ["b", "d"], ["c", "d"]], primary=["a", "b", "c", "d"]))
    3
    """
    import numpy as np

    starts, flat = problem.entries()  # (the primary items numbered first, in their order)
    if not len(flat):
        return 0
    primary = flat < len(problem.primary)
    last = np.maximum.reduceat(np.where(primary, flat, -1), starts[:-1])  # (no option is empty)
    first = np.minimum.reduceat(np.where(primary, flat, len(flat) + len(problem.primary)), starts[:-1])
    held = last >= 0
    return int((last[held] - first[held] + 1).max()) if held.any() else 0


def _tables(problem) -> tuple[int, list[list[int]]]:
    """The primary items' mask and, for each primary item, the masks of the options that hold it (primary items
    first as bits, then secondary; options of secondary items alone are never chosen)."""
    bit = {item: k for k, item in enumerate([*problem.primary, *problem.secondary])}
    primary = len(problem.primary)
    holders: list[list[int]] = [[] for _ in range(primary)]
    idle = set(problem.idle)
    for number, items in enumerate(problem.items):
        if number in idle:
            continue
        bits = [bit[item] for item in items]
        mask = sum(1 << k for k in bits)  # (an option names each item once)
        for k in bits:
            if k < primary:
                holders[k].append(mask)
    return (1 << primary) - 1, holders


def memo_count(problem, limit: int | None = None) -> int:
    """The number of exact covers of ``problem``, counted once per distinct subproblem.

    Raises
    ------
    TooLargeError
        If more than ``limit`` subproblems would have to be remembered (default: what half the machine's memory
        holds, at most :data:`MAX_SUBPROBLEMS`); refused then, rather than swapping.
    """
    if limit is None:
        limit = min(MAX_SUBPROBLEMS, machine_memory() // (2 * BYTES_PER_SUBPROBLEM))
    full, holders = _tables(problem)
    if not full:
        return 1
    ordered = problem.ordered
    memo: dict[int, int] = {}

    def fewest(covered: int) -> int:
        best, best_count = -1, -1
        open_items = ~covered & full
        while open_items:
            low = open_items & -open_items
            k = low.bit_length() - 1
            fits = sum(1 for mask in holders[k] if not mask & covered)
            if fits < best_count or best < 0:
                best, best_count = k, fits
                if fits <= 1:
                    break
            open_items ^= low
        return best

    def count(covered: int) -> int:
        if covered & full == full:
            return 1
        known = memo.get(covered)
        if known is not None:
            return known
        if ordered:
            open_items = ~covered & full
            k = (open_items & -open_items).bit_length() - 1
        else:
            k = fewest(covered)
        total = 0
        for mask in holders[k]:
            if not mask & covered:
                total += count(covered | mask)
        if len(memo) >= limit:
            raise TooLargeError(f"counting this cover problem needs more than {limit:,} subproblems remembered "
                                f"(about {human_bytes(limit * BYTES_PER_SUBPROBLEM)}); use scan or dlx to count "
                                "by listing")
        memo[covered] = total
        return total

    depth = sys.getrecursionlimit()
    sys.setrecursionlimit(max(depth, 4 * len(holders) + 1000))  # one frame an option chosen, a cell at least
    try:
        return count(0)
    finally:
        sys.setrecursionlimit(depth)
