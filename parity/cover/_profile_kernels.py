"""The compiled frontier count of :mod:`parity.cover.profile` (numba, cached on disk).

One level a position: every state (the covered items among the next 63,
one bit each, the item at the position as bit 0; in a packing, fewer items
ahead and the pieces placed in the bits above them) goes on to the next
position, through each option anchored at the position that fits where the
item is open.  States that meet are added: the level's successors are
scattered into buckets by a hash of their word (memory written in order, a
stream a bucket), then each bucket's equal words are added in a hash table
small enough to stay in the processor's cache.  Counts are 128-bit integers
as two words (``modulus`` 0: modulo ``2**128``, and a sum that wrapped is
reported), or residues modulo ``modulus`` (below 2**63).
"""

from __future__ import annotations

import numpy as np
from numba import njit

#: an empty slot of a bucket's table: no state has its top bit set (options span 63 items at most)
EMPTY = np.uint64(0xFFFFFFFFFFFFFFFF)
#: the multiplier of the hash (Fibonacci hashing)
GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True)
def _add(lo, hi, at, add_lo, add_hi, modulus):
    """``(lo, hi)[at] += (add_lo, add_hi)``: modulo ``2**128`` (False when it wraps), or modulo ``modulus``."""
    if modulus:
        lo[at] = (lo[at] + add_lo) % modulus
        return True
    low = lo[at] + add_lo
    carry = np.uint64(1) if low < add_lo else np.uint64(0)
    high = hi[at] + add_hi
    fits = high >= add_hi
    high2 = high + carry
    if high2 < high:
        fits = False
    lo[at] = low
    hi[at] = high2
    return fits


@njit(cache=True)
def profile_run(start, masks, n_items, modulus, limit, window, final):
    """The count of covers: ``(lo, hi, status, most)``, status 0 done, 1 done modulo ``2**128`` where a sum
    wrapped (with ``modulus`` 0), 2 more than ``limit`` states at once (``most``: the most states at one
    position).

    ``masks[start[i]:start[i + 1]]`` are the options anchored at item ``i``
    (their first item), as bits from it.  The bits of ``window`` move down
    a place from one position to the next (the items ahead); the bits above
    it stay (the pieces placed, in a packing: each piece an item of its own,
    outside the order); the count is the states' at the end that equal
    ``final`` (every piece placed).
    """
    one = np.uint64(1)
    rest = ~window
    # the buffers live across the levels, grown when a level needs more (fresh memory each level costs its zeroing)
    keys = np.zeros(16, dtype=np.uint64)
    lo = np.zeros(16, dtype=np.uint64)
    hi = np.zeros(16, dtype=np.uint64)
    lo[0] = 1
    nkeys = np.empty(16, dtype=np.uint64)
    nlo = np.empty(16, dtype=np.uint64)
    nhi = np.empty(16, dtype=np.uint64)
    scattered = np.empty((16, 3), dtype=np.uint64)
    tkeys = np.full(16, EMPTY, dtype=np.uint64)
    where = np.zeros(16, dtype=np.int64)
    n = 1
    most = 1
    wrapped = 0  # a sum of counts went past 2**128: the count is known modulo 2**128 only
    for i in range(n_items):
        a = start[i]
        b = start[i + 1]
        bits = 1  # buckets of about 4096 successors: a few hundred streams written, a table in the cache
        while (1 << bits) * 4096 < 2 * n and bits < 14:
            bits += 1
        shift = np.uint64(64 - bits)
        counts = np.zeros((1 << bits) + 1, dtype=np.int64)
        for s in range(n):  # each bucket's size
            key = keys[s]
            if key & one:
                nxt = ((key & window) >> one) | (key & rest)
                counts[(nxt * GOLDEN) >> shift] += 1
            else:
                for j in range(a, b):
                    m = masks[j]
                    if (key & m) == 0:
                        both = key | m
                        nxt = ((both & window) >> one) | (both & rest)
                        counts[(nxt * GOLDEN) >> shift] += 1
        total = 0
        for x in range(1 << bits):
            c = counts[x]
            counts[x] = total
            total += c
        counts[1 << bits] = total
        if total == 0:
            return np.uint64(0), np.uint64(0), 0, most
        fill = counts[: 1 << bits].copy()
        if scattered.shape[0] < total:  # word, count's low and high words, side by side
            scattered = np.empty((2 * total, 3), dtype=np.uint64)
        for s in range(n):  # the successors, bucket by bucket
            key = keys[s]
            if key & one:
                nxt = ((key & window) >> one) | (key & rest)
                x = (nxt * GOLDEN) >> shift
                scattered[fill[x], 0] = nxt
                scattered[fill[x], 1] = lo[s]
                scattered[fill[x], 2] = hi[s]
                fill[x] += 1
            else:
                for j in range(a, b):
                    m = masks[j]
                    if (key & m) == 0:
                        both = key | m
                        nxt = ((both & window) >> one) | (both & rest)
                        x = (nxt * GOLDEN) >> shift
                        scattered[fill[x], 0] = nxt
                        scattered[fill[x], 1] = lo[s]
                        scattered[fill[x], 2] = hi[s]
                        fill[x] += 1
        biggest = 1
        for x in range(1 << bits):
            biggest = max(biggest, counts[x + 1] - counts[x])
        tbits = 1
        while (1 << tbits) < 2 * biggest:
            tbits += 1
        if tkeys.shape[0] < (1 << tbits):
            tkeys = np.full(1 << tbits, EMPTY, dtype=np.uint64)
            where = np.zeros(1 << tbits, dtype=np.int64)
        tsize = np.uint64((1 << tbits) - 1)
        if nkeys.shape[0] < total:
            nkeys = np.empty(2 * total, dtype=np.uint64)
            nlo = np.empty(2 * total, dtype=np.uint64)
            nhi = np.empty(2 * total, dtype=np.uint64)
        m = 0
        for x in range(1 << bits):  # each bucket's equal states added
            first = m
            for p in range(counts[x], counts[x + 1]):
                key = scattered[p, 0]
                h = ((key * GOLDEN) >> np.uint64(32)) & tsize
                while tkeys[h] != EMPTY and tkeys[h] != key:
                    h = (h + one) & tsize
                if tkeys[h] == EMPTY:
                    tkeys[h] = key
                    where[h] = m
                    nkeys[m] = key
                    nlo[m] = scattered[p, 1]
                    nhi[m] = scattered[p, 2]
                    m += 1
                elif not _add(nlo, nhi, where[h], scattered[p, 1], scattered[p, 2], modulus):
                    wrapped = 1
            for q in range(first, m):  # the table emptied for the next bucket
                key = nkeys[q]
                h = ((key * GOLDEN) >> np.uint64(32)) & tsize
                while tkeys[h] != key:
                    h = (h + one) & tsize
                tkeys[h] = EMPTY
            # (linear probing: a cleared slot may cut a chain only for keys cleared after it, all of this bucket)
        if m > limit:
            return np.uint64(0), np.uint64(0), 2, m
        keys, nkeys = nkeys, keys  # (the next level's states, and the buffers for the one after)
        lo, nlo = nlo, lo
        hi, nhi = nhi, hi
        n = m
        if m > most:
            most = m
    for s in range(n):
        if keys[s] == final:
            return lo[s], hi[s], wrapped, most
    return np.uint64(0), np.uint64(0), wrapped, most
