"""The ``scan`` engine: exact cover by filling the primary items in a fixed order, with items as bits.

Knuth's Algorithm X (and the ``dlx`` engine) branches on the item with the
fewest options left.  Packing a board is different: filling its cells in
scan-line order, always the first cell still open, keeps every cell behind
the front of the search covered, and the options that can fill that cell are
exactly those whose first cell it is (an option meeting an earlier cell would
meet a covered one).  So the options are bucketed by their first primary item
once, and a node of the search only tests the options of one bucket against
the covered items, a few machine words each (the numba kernel in
``parity/cover/_scan_kernels.py``).

The order is the order the primary items are listed in; a problem built for
this order says so (``CoverProblem(..., ordered=True)``), and the engine
takes only those (the default for them when they do not give their cells'
neighbours; when they do, the ``pack`` engine of :mod:`parity.cover.pack`
is).  The functions here solve any problem
correctly, but a fixed order can be exponentially slower than the
fewest-options rule (a Sudoku's cells filled in reading order, say), so
the engine leaves the rest to ``dlx``.  Colours (Knuth's XCC) are ``dlx``'s
alone.

Examples
--------
>>> from parity.cover import CoverProblem
>>> problem = CoverProblem([["a", "b"], ["c"], ["a"], ["b", "c"]])
>>> sorted(scan_covers(problem))
[[0, 1], [2, 3]]
>>> scan_count(problem)
2
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from .._limits import check_memory
from ..errors import EngineNotApplicableError

__all__ = ["scan_covers", "scan_count", "scan_refusal"]

#: the most covers handed from the kernel to Python at a time
BATCH = 1024
#: the most option numbers the buffer for them holds (a batch of long covers is cut to fit)
_BUFFER = 1 << 20


def scan_refusal(problem) -> str | None:
    """Why the scan engine cannot work on ``problem`` (coloured secondary items), or None."""
    if problem.colored:
        return "engine 'scan' does not take colours on secondary items (Knuth's XCC); use dlx"
    return None


def _tables(problem):
    """The items as bits (primary first, in their order), the options' masks and the options bucketed by first
    primary item."""
    reason = scan_refusal(problem)
    if reason:
        raise EngineNotApplicableError(reason)
    primary = len(problem.primary)
    bit = {item: k for k, item in enumerate([*problem.primary, *problem.secondary])}
    words = max(1, (len(bit) + 63) // 64)
    check_memory(len(problem.options) * words * 8, "the scan engine's item masks")
    masks = np.zeros((len(problem.options), words), dtype=np.uint64)
    first = np.full(len(problem.options), primary, dtype=np.int64)  # options with no primary item: never chosen
    for o, items in enumerate(problem.items):
        for item in items:
            b = bit[item]
            masks[o, b >> 6] |= np.uint64(1) << np.uint64(b & 63)
            if b < primary:
                first[o] = min(first[o], b)
    candidates = np.argsort(first, kind="stable").astype(np.int64)
    starts = np.searchsorted(first[candidates], np.arange(primary + 1)).astype(np.int64)
    return masks, starts, candidates, primary


def _runs(problem, batch: int):
    """The kernel run to its end in calls that each return up to ``batch`` covers (0: it only counts).

    The first call returns one cover, and each call after it twice as many
    up to ``batch``, so the first solution comes as soon as it is found and
    long listings still cross into Python in large batches.
    """
    from ._scan_kernels import search

    masks, starts, candidates, primary = _tables(problem)
    covered = np.zeros(masks.shape[1], dtype=np.uint64)
    item = np.zeros(primary + 1, dtype=np.int64)
    pos = np.zeros(primary + 1, dtype=np.int64)
    state = np.array([0, 1, 0], dtype=np.int64)
    width = max(1, primary)  # a cover has at most one option per primary item
    batch = max(1, min(batch, _BUFFER // width)) if batch else 0
    out = np.zeros((batch, width), dtype=np.int64)
    sizes = np.zeros(max(1, batch), dtype=np.int64)
    rows = min(1, batch)
    while not state[2]:
        found = search(masks, starts, candidates, primary, covered, item, pos, state, out[:rows], sizes)
        yield found, out, sizes
        rows = min(2 * rows, batch)


def scan_covers(problem, checked: bool = True) -> Iterator[list[int]]:
    """Every exact cover of ``problem`` as a sorted list of option indices, each checked against the problem
    (``checked=False`` skips that)."""
    return listed(_runs(problem, BATCH), problem, checked)


def listed(batches, problem, checked: bool = True) -> Iterator[list[int]]:
    """The covers a kernel hands over in ``batches`` of ``(found, rows, sizes)`` (row ``k``'s first ``sizes[k]``
    entries are a cover's option numbers), each sorted and checked against ``problem`` (``checked=False`` skips
    that); the ``scan`` and ``pack`` engines list through it."""
    for found, out, sizes in batches:
        for row, size in zip(out[:found], sizes[:found]):
            cover = sorted(row[:size].tolist())
            if checked:
                problem.check(cover)  # never pass on a wrong cover
            yield cover


def scan_count(problem) -> int:
    """The number of exact covers of ``problem``, counted in the kernel without listing them."""
    return sum(found for found, _, _ in _runs(problem, 0))
