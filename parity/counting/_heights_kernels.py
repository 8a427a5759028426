"""The compiled step of the 3-colouring sweep over a grid (private; see :mod:`parity.counting.heights`).

The frontier is one cell per row: rows ``0 .. p-1`` already in the new
column, rows ``p .. m-1`` still in the old one (*phase* ``p``).  Colours are
taken modulo 3 with row 0's colour shifted to 0, so a frontier is told by
its steps ``e_r = x_r - x_(r-1)`` (``r = 1 .. m-1``).  Neighbours differ, so a
step is 1 or 2, except the step between rows ``p-1`` and ``p`` (the *break*),
whose cells are not neighbours: it may be 0 too.  A state's index is
``break * 2^(m-2)`` plus the other steps as bits (bit ``r-1`` set for a step
of 2), the break's bit left out; in phase 0 every step is a bit and there is
no break.

Placing row ``p`` moves phase ``p`` to ``p+1``.  Each new state sums at most
two old ones (the new cell differs from its left and upper neighbours), so
a step reads the old table and writes the new one with no conflicts, in
parts on several threads, modulo a few primes at once.

Swapping two colours (``x -> -x`` modulo 3, which keeps row 0's colour 0)
maps a colouring to a colouring and a state to the one with every step
negated: every bit flipped and a break of 1 or 2 made 2 or 1.  The counts
of the two are equal at every phase, and no state is its own image (a bit
flips), so :func:`place_half` keeps only the states whose top bit is clear
(``3 * 2^(m-3)`` counts a prime, ``2^(m-2)`` in phase 0) and finds the count
of any other state at its image: half the memory and half the work of
:func:`place`, which stays as the reference.
"""

from __future__ import annotations

import numpy as np

from .._compiled import kernel


@kernel("void(int64[:, :], int64[:, :], int64, int64, int64[:], int64, int64)", nogil=True)
def place(old, new, m, p, primes, first, last):
    """Rows ``first .. last-1`` of ``new`` (phase ``p+1``, phase 0 when ``p = m-1``) from ``old`` (phase
    ``p``), every column modulo its prime.  ``m >= 2``."""
    k = primes.shape[0]
    half = np.int64(1) << (m - 2)  # the states with a given break value
    for target in range(first, last):
        s1 = np.int64(-1)
        s2 = np.int64(-1)
        if p == m - 1:  # the column ends: no break any more
            full = target
            u = 1 + ((full >> (m - 2)) & 1)  # the new step e_(m-1), above the new cell
            rest = full & (half - 1)
            s1 = rest  # the old break e_(m-1) was 0: two colours differ from it and from the cell above
            s2 = (3 - u) * half + rest  # the old break was the other nonzero step: one colour left
        else:
            t = target // half  # the new break e_(p+1)
            rest = target - t * half
            low = rest & ((np.int64(1) << p) - 1)
            full = low | ((rest >> p) << (p + 1))  # the steps as bits, bit p (the new break) clear
            if p == 0:  # row 0 takes a new colour a; shifting it back to 0 makes e_1' = e_1 - a
                for a in range(1, 3):
                    e = (t + a) % 3
                    if e != 0:
                        source = full | (e - 1)
                        if s1 < 0:
                            s1 = source
                        else:
                            s2 = source
            else:
                u = 1 + ((full >> (p - 1)) & 1)  # the new step e_p, now between neighbours
                for v in (0, 3 - u):  # the old break e_p differs from u (the new cell differs from its left)
                    e = (t - v + u) % 3  # the old step e_(p+1), between neighbours in the old column
                    if e != 0:
                        bits = (full & ~(np.int64(1) << p)) | (np.int64(e - 1) << p)
                        packed = (bits & ((np.int64(1) << (p - 1)) - 1)) | ((bits >> p) << (p - 1))
                        source = v * half + packed
                        if s1 < 0:
                            s1 = source
                        else:
                            s2 = source
        for i in range(k):
            total = np.int64(0)
            if s1 >= 0:
                total = old[s1, i]
            if s2 >= 0:
                total += old[s2, i]
                if total >= primes[i]:
                    total -= primes[i]
            new[target, i] = total


@kernel(["void(int64[:, ::1], int64[:, ::1], int64, int64, int64[::1], int64, int64)",
         "void(int32[:, ::1], int32[:, ::1], int64, int64, int64[::1], int64, int64)"], nogil=True)
def place_half(old, new, m, p, primes, first, last):
    """:func:`place` on the halved tables (``m >= 3``): rows ``first .. last-1`` of ``new`` from ``old``.

    The tables are a row per prime (``old[i]``: the counts modulo ``primes[i]``), so that a prime's counts lie
    one after another in memory; 32-bit where every prime is below ``2^31`` (half the memory to stream).  A halved table's entry ``h`` is the state ``h`` in phase 0 (the steps' top
    bit, ``m - 2``, clear) and ``t * 2^(m-2) + rest`` with ``h = t * q + rest``, ``q = 2^(m-3)``, in the others
    (``rest``'s top bit clear); both tables have an entry of zeros more at the end, read where a state has one
    source or none.  An old state whose top bit is set is read at its colour-swapped image (``rest`` with every
    bit flipped: within a break's block, ``rest XOR (q - 1)``).

    Placing row ``p`` (``1 <= p <= m - 2``) reads, for the new state ``(t, rest)``, the old states
    ``(v, rest with bit p-1 set to e - 1)`` for ``v`` in ``0, 3 - u`` (``u = 1 +`` that bit of ``rest``,
    ``e = t - v + u`` modulo 3, when not 0): for each ``t`` and that bit, the source is ``rest`` XOR a
    constant in a fixed block.  So the new table is runs of ``2^(p-1)`` entries, each the sum of two runs of
    the old one read straight through (or backwards, at an image): no division and no branch on the data
    (:func:`place`'s cost is its branches and divisions, not its memory).
    """
    zero = old.shape[1] - 1  # the entry of zeros
    b = m - 2  # the steps beside the break
    half = np.int64(1) << b
    q = half >> 1  # the entries of a break's block
    for i in range(primes.shape[0]):
        prime = primes[i]
        o = old[i]
        n = new[i]
        if p == 0:  # from phase 0 (the steps, m - 1 bits) to phase 1, whose break is e_1
            for row in range(first, last):  # the new e_1 is t; the old one t + a for the new colour a = 1, 2
                t = row >> (b - 1)
                rest = row & (q - 1)
                i1 = (rest << 1) | 1 if t != 2 else zero  # an old e_1 of 2: t = 0 (a = 2), t = 1 (a = 1)
                i2 = rest << 1 if t != 1 else zero  # an old e_1 of 1: t = 0 (a = 1), t = 2 (a = 2)
                total = np.int64(o[i1]) + np.int64(o[i2])
                n[row] = total - (prime & -np.int64(total >= prime))
            continue
        if p == m - 1:  # from phase m-1 to phase 0: the new e_(m-1) is 1 (the top bit clear), so the old
            for row in range(first, last):  # break is 0 (block 0) or 2 (block 2), at its image where rest >= q
                if row < q:
                    i1 = row
                    i2 = 2 * q + row
                else:
                    i1 = row ^ (half - 1)
                    i2 = q + (row ^ (half - 1))
                total = np.int64(o[i1]) + np.int64(o[i2])
                n[row] = total - (prime & -np.int64(total >= prime))
            continue
        # the sources of (t, rest) by t and c = bit p-1 of rest: entry base + ((rest ^ flip) & mask)
        base = np.empty((2, 6), dtype=np.int64)
        flip = np.empty((2, 6), dtype=np.int64)
        mask = np.empty((2, 6), dtype=np.int64)
        bit = np.int64(1) << (p - 1)
        for t in range(3):
            for c in range(2):
                u = 1 + c
                for j in range(2):
                    v = 0 if j == 0 else 3 - u
                    e = (t - v + u + 3) % 3
                    slot = 2 * t + c
                    if e == 0:  # no colour left for the old step: no source
                        base[j, slot], flip[j, slot], mask[j, slot] = zero, 0, 0
                    elif p - 1 == b - 1 and e == 2:  # the source's top bit set (rest's is clear): its image
                        base[j, slot], flip[j, slot], mask[j, slot] = ((3 - v) % 3) * q, q - 1, q - 1
                    else:
                        base[j, slot], flip[j, slot], mask[j, slot] = v * q, (c ^ (e - 1)) * bit, q - 1
        if p <= 2:  # runs of one or two entries: entry by entry
            for row in range(first, last):
                t = row >> (b - 1)
                rest = row & (q - 1)
                slot = 2 * t + ((rest >> (p - 1)) & 1)
                total = (np.int64(o[base[0, slot] + ((rest ^ flip[0, slot]) & mask[0, slot])])
                         + np.int64(o[base[1, slot] + ((rest ^ flip[1, slot]) & mask[1, slot])]))
                n[row] = total - (prime & -np.int64(total >= prime))
            continue
        row = first
        while row < last:  # a run: t and c fixed, the bits below p - 1 counting up
            t = row >> (b - 1)
            rest = row & (q - 1)
            slot = 2 * t + ((rest >> (p - 1)) & 1)
            end = min(last, (row | (bit - 1)) + 1)
            i1 = base[0, slot] + ((rest ^ flip[0, slot]) & mask[0, slot])
            i2 = base[1, slot] + ((rest ^ flip[1, slot]) & mask[1, slot])
            # the direction each source is read in: backwards at an image, standing still on the zeros
            d1 = 0 if mask[0, slot] == 0 else (-1 if flip[0, slot] & (bit - 1) else 1)
            d2 = 0 if mask[1, slot] == 0 else (-1 if flip[1, slot] & (bit - 1) else 1)
            for j in range(end - row):
                total = np.int64(o[i1 + d1 * j]) + np.int64(o[i2 + d2 * j])
                n[row + j] = total - (prime & -np.int64(total >= prime))
            row = end


@kernel(["void(int64[:, :], int64[:, :], int64[:], int64, int64, int64[:])",
         "void(int32[:, :], int32[:, :], int64[:], int64, int64, int64[:])"], nogil=True)
def dot(a, b, primes, first, last, out):
    """``out[i] += sum_s a[s, i] b[s, i]`` modulo ``primes[i]`` over rows ``first .. last-1`` (primes below
    ``2^31``, so a product fits)."""
    for i in range(primes.shape[0]):
        q = primes[i]
        total = np.int64(0)
        for s in range(first, last):
            total = (total + (np.int64(a[s, i]) * np.int64(b[s, i])) % q) % q
        out[i] = (out[i] + total) % q


@kernel("void(int64[:, :], int64[:], int64[:])", nogil=True)
def add_up(a, primes, out):
    """``out[i] = sum_s a[s, i]`` modulo ``primes[i]`` (entries below ``primes[i] < 2^62``)."""
    for i in range(primes.shape[0]):
        q = primes[i]
        total = np.int64(0)
        for s in range(a.shape[0]):
            total += a[s, i]
            if total >= q:
                total -= q
        out[i] = total

