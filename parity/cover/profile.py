"""Counting the covers of a tiling by its frontier, compiled: the ``memo`` engine's kernel.

A cover problem built in scan-line order (``CoverProblem(..., ordered=True)``)
whose options each span at most 63 consecutive items (a tiling: pieces used
any number of times, the board a few rows of pieces deep) is counted one item
at a time: the state at item ``i`` is the set of items from ``i`` on that are
covered already, as bits of one machine word (in a packing, where each piece
is an item of its own outside the board's order, the pieces placed are the
word's top bits, one a piece, and the items ahead fewer by as many); a state whose item ``i`` is
covered goes on to ``i + 1`` as it is, any other goes on through each option
whose first item is ``i`` and that fits.  States that meet are added, so
each distinct frontier is counted once however many partial covers reach
it: the breadth-first form of :func:`parity.cover.memo.memo_count`, which is
the plain reference the tests compare it with, and the transfer-matrix count
of tilings by any pieces.

Counts are exact: 128-bit words, and where a sum wrapped past ``2**128``
(the kernel says so), residues modulo primes below ``2**62`` as well, as
many as the bound on the count needs (the product of the most options any
``k`` items are the first item of, for ``k`` the most options a cover can
hold), joined to the count modulo ``2**128`` by the Chinese remainder
theorem.

Examples
--------
>>> from parity.cover import CoverProblem
>>> dominoes = [[(r, c), (r, c + 1)] for r in range(2) for c in range(3)] + \\
...            [[(0, c), (1, c)] for c in range(4)]
>>> problem = CoverProblem(dominoes, primary=[(r, c) for r in range(2) for c in range(4)], ordered=True)
>>> profile_count(problem)  # the 2 x 4 board's domino tilings: a Fibonacci number
5
"""

from __future__ import annotations

import math

import numpy as np

from .._limits import human_bytes, machine_memory
from ..errors import TooLargeError

__all__ = ["profile_count", "profile_load", "profile_refusal", "profile_tables", "profile_frame", "count_bound",
           "MAX_SPAN", "BYTES_PER_STATE"]

#: the most consecutive items one option may span (a state is one 64-bit word, its top bit the table's mark)
MAX_SPAN = 63
#: what one state costs at its peak: its word and count in the level read and in the table written (half full)
BYTES_PER_STATE = 96


def profile_refusal(problem) -> str | None:
    """Why the frontier count does not take ``problem``, or None: it needs an ordered problem of primary items
    only in its options, each option spanning at most :data:`MAX_SPAN` items in their order, and no colours."""
    if problem.colored:
        return "the frontier count takes no colours"
    if not problem.ordered:
        return "the frontier count needs a problem ordered along its board"
    return profile_tables(problem)[2]


def profile_tables(problem) -> tuple[np.ndarray | None, np.ndarray | None, str | None]:
    """``(start, masks, refusal)``: the options anchored at each primary item (their first item in the listed
    order), as bit masks from it, in CSR form (``masks[start[i]:start[i + 1]]``); or the reason there are none.
    Worked out once and kept with the problem (a problem is not changed once built): the memo engine asks
    whether the count takes a problem before counting it."""
    if "_profile_tables" not in problem.__dict__:
        problem.__dict__["_profile_tables"] = _tables(problem)
    return problem.__dict__["_profile_tables"]


def profile_frame(problem) -> tuple[int, int, int]:
    """``(positions, window, final)``: the items counted along (a board's cells, where the problem gives its cells'
    neighbours: a packing's pieces are items of their own, outside the order), the state's bits that move down a
    place from one position to the next (the rest hold the pieces placed), and the state at the end that counts
    (every piece placed); see :func:`profile_tables`."""
    profile_tables(problem)
    return problem.__dict__["_profile_frame"]


def _tables(problem) -> tuple[np.ndarray | None, np.ndarray | None, str | None]:
    cells = problem.neighbours or {}
    order = [item for item in problem.primary if item in cells] if cells else list(problem.primary)
    pieces = [item for item in problem.primary if item not in cells] if cells else []
    span = MAX_SPAN - len(pieces)  # the pieces' bits above the items ahead; the top bit stays clear
    if span < 1:
        return None, None, f"the frontier count holds at most {MAX_SPAN - 1} pieces, and this problem has {len(pieces)}"
    place = {item: k for k, item in enumerate(order)}
    piece = {item: span + k for k, item in enumerate(pieces)}
    problem.__dict__["_profile_frame"] = (len(order), (1 << span) - 1, sum(1 << b for b in piece.values()))
    idle = set(problem.idle)
    anchored: list[list[int]] = [[] for _ in order]
    for number, items in enumerate(problem.items):
        if number in idle:
            continue
        where = [place[item] for item in items if item in place]
        held = [piece[item] for item in items if item in piece]
        if len(where) + len(held) != len(items):
            return None, None, "the frontier count takes options of primary items only"
        if len(held) > 1 or not where:
            return None, None, "the frontier count takes options of one piece each, that cover a cell"
        low = min(where)
        if max(where) - low + 1 > span:
            return None, None, (f"an option spans more than {span} items in their order" if not pieces else
                                f"an option spans more than {span} cells in their order (63 bits less one for each "
                                f"of the {len(pieces)} pieces)")
        anchored[low].append(sum(1 << (k - low) for k in where) | sum(1 << b for b in held))
    start = np.zeros(len(anchored) + 1, dtype=np.int64)
    start[1:] = np.cumsum([len(a) for a in anchored])
    masks = np.array([m for a in anchored for m in a], dtype=np.uint64)
    return start, masks, None


def count_bound(problem, start: np.ndarray) -> int:
    """An upper bound of the number of covers: a cover chooses one option where its first open item is, so it
    is at most the product of the ``k`` largest numbers of options anchored at one item, ``k`` the most options
    a cover can hold (the items over the fewest items an option has)."""
    sizes = sorted((int(n) for n in np.diff(start) if n), reverse=True)
    if not sizes:
        return 1
    idle = set(problem.idle)
    fewest = min(len(items) for number, items in enumerate(problem.items) if number not in idle)
    return math.prod(sizes[:max(1, len(problem.primary) // max(1, fewest))])


def profile_load() -> None:
    """Bring in the compiled kernel (read from numba's cache, or compiled the first time after installing) by
    counting a board of two cells."""
    from ._profile_kernels import profile_run

    profile_run(np.array([0, 1, 1], dtype=np.int64), np.array([3], dtype=np.uint64), 2, np.uint64(0), 100,
                np.uint64(2 ** 63 - 1), np.uint64(0))


def profile_count(problem, limit: int | None = None) -> int:
    """The number of exact covers of ``problem``, counted along its frontier by the compiled kernel.

    Raises
    ------
    ValueError
        If the problem is not one the frontier count takes (:func:`profile_refusal` says why).
    TooLargeError
        If more than ``limit`` states would be held at one item (default: what half the machine's memory holds).
    """
    from ._profile_kernels import profile_run

    refusal = profile_refusal(problem)
    if refusal is not None:
        raise ValueError(refusal)
    start, masks, _ = profile_tables(problem)
    n, window, final = profile_frame(problem)
    if limit is None:
        limit = machine_memory() // (2 * BYTES_PER_STATE)
    if n == 0:
        return 1 if final == 0 else 0

    def run(modulus: int) -> tuple[int, bool]:
        lo, hi, status, most = profile_run(start, masks, n, np.uint64(modulus), limit, np.uint64(window),
                                           np.uint64(final))
        if status == 2:
            raise TooLargeError(f"counting this cover problem along its frontier needs more than {limit:,} states "
                                f"at once (about {human_bytes(limit * BYTES_PER_STATE)})")
        return int(lo) + (int(hi) << 64), status == 0

    # the count modulo 2**128 first: exact unless a sum wrapped, which the kernel reports (counts only grow)
    counted, exact = run(0)
    if exact:
        return counted
    bound = count_bound(problem, start)
    from ..linalg.gfp import crt, word_primes

    primes = word_primes(max(1, math.ceil((bound.bit_length() + 1 - 128) / 61)), 2 ** 62)
    return crt([counted] + [run(p)[0] for p in primes], [2 ** 128] + primes)
