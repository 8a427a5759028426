"""The compiled Walsh-Hadamard search over a code's cosets (private; see :mod:`parity.codes.cosets`).

A word ``x + sum_j c_j q_j`` of the coset ``x + span(q_0 .. q_{k-1})`` has, in
the region of positions whose column of the basis is ``s`` (a ``k``-bit
*signature*), either the region's ones of ``x`` (``s . c = 0``) or its zeros
(``s . c = 1``).  With ``w_s`` the region's size less twice its ones, the
weight is ``sum(x) + sum_s w_s [s . c = 1]``, so the lightest word of the coset
is where ``sum_s w_s (-1)^(s . c)``, the Walsh-Hadamard transform of ``w``,
is largest.  The transform of a table of ``2^k`` entries costs ``k 2^k``
additions; larger codes are cut by their high coefficients: for each value
of those the regions are folded onto the low ``b`` bits (with the sign
``(-1)^(s_high . c_high)``) and a table of ``2^b`` entries is transformed.

Every entry of the table, at every step of the transform, is a signed sum of
some of the ``w_s``, so it is at most ``sum |w_s|`` (the length of the code)
in size: the table is held in 16-bit integers when that is below ``2^15``
(twice the entries a vector instruction adds as 32-bit ones) and in 32-bit
ones otherwise.  The lowest four bits are transformed as the regions are
folded in (each region adds a row of sixteen signs), so that every later
butterfly works on whole vectors; the next bits are transformed in blocks
that stay in the first-level cache, the last across the table.
"""

from __future__ import annotations

import numpy as np

from .._compiled import kernel

#: the lowest bits of the table, transformed as the regions are folded in
FOLDED_BITS = 4
#: the butterflies of a block this many entries long stay in the first-level cache
BLOCK = 1 << 13


@kernel(["void(int16[::1], int64, int64, int64, int64)", "void(int32[::1], int64, int64, int64, int64)"],
        nogil=True)
def butterflies(table, start, stop, first, last):
    """The transform's steps over the bits from ``log2(first)`` up to (not including) ``log2(last)``, on the
    entries ``start .. stop`` of ``table`` in place (``stop - start`` a multiple of ``last``)."""
    half = first
    while half < last:
        for s0 in range(start, stop, 2 * half):
            left = table[s0:s0 + half]  # slices, so that the loop is seen to be vector work
            right = table[s0 + half:s0 + 2 * half]
            for i in range(half):
                a = left[i]
                b = right[i]
                left[i] = a + b
                right[i] = a - b
        half *= 2


@kernel(["int64(int64[:], int64[:], int64, int64, int64, int16[::1], int64[:], int64, int64[:], int64[:], int64[:])",
         "int64(int64[:], int64[:], int64, int64, int64, int32[::1], int64[:], int64, int64[:], int64[:], int64[:])"],
        nogil=True)
def largest(signatures, weights, low, first, last, table, where, above, keep_c, keep_v, kept):
    """The largest transform value over the coefficient vectors whose high part (``c >> low``) lies in
    ``[first, last)``, and in ``where[0]`` the first ``c`` reaching it.  The vectors with values beyond
    ``above`` are kept too, the largest ``len(keep_c)`` of them in ``keep_c``/``keep_v`` (``kept[0]`` of
    them, in no order).  ``table`` has ``2^low`` entries (scratch), 16- or 32-bit: the caller makes sure
    that ``sum |weights|`` fits."""
    size = np.int64(1) << low
    mask = size - 1
    t = min(low, FOLDED_BITS)
    width = np.int64(1) << t
    signs = np.empty((width, width), dtype=table.dtype)  # row a: (-1)^popcount(a & b) for every b
    for a in range(width):
        for b in range(width):
            x = a & b
            odd = 0
            while x:
                x &= x - 1
                odd ^= 1
            signs[a, b] = 1 - 2 * odd
    count = signatures.shape[0]
    highs = np.empty(count, dtype=np.int64)
    rows = np.empty(count, dtype=np.int64)
    subs = np.empty(count, dtype=np.int64)
    for r in range(count):
        s = signatures[r]
        highs[r] = s >> low
        rows[r] = ((s & mask) >> t) << t
        subs[r] = s & (width - 1)
    block = min(size, np.int64(BLOCK))
    best = np.int64(-(1 << 62))
    room = keep_c.shape[0]
    kept[0] = 0
    least = 0  # the slot holding the smallest kept value, once full
    for high in range(first, last):
        table[:] = 0
        for r in range(count):
            x = highs[r] & high  # the parity of the high part's overlap
            x ^= x >> 32
            x ^= x >> 16
            x ^= x >> 8
            x ^= x >> 4
            x ^= x >> 2
            x ^= x >> 1
            w = weights[r] if (x & 1) == 0 else -weights[r]
            row = table[rows[r]:rows[r] + width]
            sign = signs[subs[r]]
            for j in range(width):
                row[j] += w * sign[j]
        for start in range(0, size, block):  # the butterflies within a block, in cache
            butterflies(table, start, start + block, width, block)
        butterflies(table, 0, size, block, size)  # and across blocks
        top = table[0]
        for i in range(size):
            if table[i] > top:
                top = table[i]
        if top > best:
            best = np.int64(top)
            for i in range(size):
                if table[i] == top:
                    where[0] = (high << low) | i
                    break
        if room == 0 or top <= above:
            continue
        for c in range(size):
            value = np.int64(table[c])
            if value <= above:
                continue
            if kept[0] < room:
                keep_c[kept[0]] = (high << low) | c
                keep_v[kept[0]] = value
                kept[0] += 1
                if kept[0] == room:
                    for i in range(room):
                        if keep_v[i] < keep_v[least]:
                            least = i
            elif value > keep_v[least]:
                keep_c[least] = (high << low) | c
                keep_v[least] = value
                for i in range(room):
                    if keep_v[i] < keep_v[least]:
                        least = i
    return best


@kernel("int64(int64[:], int64[:], int64[:], int64[::1], int32[::1], int64, int64, float64, int64, int64[:], int64)",
        nogil=True)
def far_walk(signatures, sizes, b, codes, F, steps, seed, worse, tries, best_b, floor):
    """A walk over the regions' signed counts that lowers the largest entry of ``F = sum_s b_s (-1)^(s . c)``.

    ``b[r]`` is region ``r``'s size less twice its ones (``-sizes[r] .. sizes[r]``, of the size's parity) and
    ``F`` its transform, both updated in place: ``F[i]`` at the codeword ``codes[i]``, or at ``i`` itself when
    ``codes`` is empty (every codeword, in order).  Each step takes a codeword ``c`` at the largest value and
    tries ``tries`` moves, each a region's ``b`` changed by 2 in the direction that lowers ``F(c)``; the move
    leaving the fewest entries at the lowest largest value is made when it is no worse, else with
    probability ``worse``.  A move changes every entry by 2, so the new largest value is found among the
    entries within 4 of the old one (kept in a list).  Returns the lowest largest value seen, its counts in
    ``best_b``; stops early when it reaches ``floor`` (no lower value is possible)."""
    np.random.seed(seed)
    n = F.shape[0]
    every = codes.shape[0] == 0
    regions = signatures.shape[0]
    parity = np.zeros(1 << 16, dtype=np.int64)
    for x in range(1, 1 << 16):
        parity[x] = parity[x >> 1] ^ (x & 1)
    top = np.empty(n, dtype=np.int32)
    M = F[0]
    for c in range(n):
        if F[c] > M:
            M = F[c]
    count = 0
    size = 0
    for c in range(n):
        if F[c] >= M - 4:
            top[size] = c
            size += 1
            if F[c] == M:
                count += 1
    best, best_count = np.int64(M), count
    for k in range(b.shape[0]):  # (loops, not slices: a slice assignment compiles numpy's broadcasting)
        best_b[k] = b[k]
    moves = np.empty(regions, dtype=np.int64)
    for step in range(steps):
        if best <= floor:
            break
        # a codeword at the largest value, by reservoir over the list
        at, seen = -1, 0
        for i in range(size):
            if F[top[i]] == M:
                seen += 1
                if np.random.randint(0, seen) == 0:
                    at = top[i]
        # the regions whose move lowers F there
        m = 0
        code = at if every else codes[at]
        for r in range(regions):
            x = signatures[r] & code
            sign = 1 - 2 * (parity[x & 0xFFFF] ^ parity[(x >> 16) & 0xFFFF] ^ parity[(x >> 32) & 0xFFFF])
            if abs(b[r] - 2 * sign) <= sizes[r]:
                moves[m] = r
                m += 1
        if m == 0:
            break
        chosen, chosen_top, chosen_count = -1, np.int64(0), 0
        for t in range(min(tries, m)):
            j = np.random.randint(t, m)
            moves[t], moves[j] = moves[j], moves[t]
            r = moves[t]
            x = signatures[r] & code
            delta = -2 * (1 - 2 * (parity[x & 0xFFFF] ^ parity[(x >> 16) & 0xFFFF] ^ parity[(x >> 32) & 0xFFFF]))
            new_top, new_count = np.int64(M - 8), 0
            for i in range(size):
                c = top[i]
                x = signatures[r] & (c if every else codes[c])
                value = F[c] + delta * (1 - 2 * (parity[x & 0xFFFF] ^ parity[(x >> 16) & 0xFFFF]
                                                 ^ parity[(x >> 32) & 0xFFFF]))
                if value > new_top:
                    new_top, new_count = value, 1
                elif value == new_top:
                    new_count += 1
            if chosen < 0 or new_top < chosen_top or (new_top == chosen_top and new_count < chosen_count):
                chosen, chosen_top, chosen_count = r, new_top, new_count
        if (chosen_top > M or (chosen_top == M and chosen_count > count)) and np.random.random() >= worse:
            continue
        r = chosen
        x = signatures[r] & code
        delta = -2 * (1 - 2 * (parity[x & 0xFFFF] ^ parity[(x >> 16) & 0xFFFF] ^ parity[(x >> 32) & 0xFFFF]))
        b[r] += delta
        M, count = chosen_top, chosen_count
        size = 0
        s = signatures[r]
        for c in range(n):
            x = s & (c if every else codes[c])
            F[c] += delta * (1 - 2 * (parity[x & 0xFFFF] ^ parity[(x >> 16) & 0xFFFF] ^ parity[(x >> 32) & 0xFFFF]))
            if F[c] >= M - 4:
                top[size] = c
                size += 1
        if M < best or (M == best and count < best_count):
            best, best_count = M, count
            for k in range(b.shape[0]):
                best_b[k] = b[k]
    return best


@kernel("void(int64[:], int64[:], int64[::1], int32[::1])", nogil=True)
def transform_at(signatures, b, codes, F):
    """``F[i] = sum_r b[r] (-1)^(signatures[r] . codes[i])``: the transform of the regions' signed counts at the
    chosen codewords only."""
    parity = np.zeros(1 << 16, dtype=np.int64)
    for x in range(1, 1 << 16):
        parity[x] = parity[x >> 1] ^ (x & 1)
    for i in range(codes.shape[0]):
        c = codes[i]
        total = np.int64(0)
        for r in range(signatures.shape[0]):
            x = signatures[r] & c
            odd = parity[x & 0xFFFF] ^ parity[(x >> 16) & 0xFFFF] ^ parity[(x >> 32) & 0xFFFF] ^ parity[x >> 48]
            total += b[r] if odd == 0 else -b[r]
        F[i] = total
