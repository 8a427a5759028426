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


@kernel("void(int64[:, :], int64[:, :], int64[:], int64, int64, int64[:])", nogil=True)
def dot(a, b, primes, first, last, out):
    """``out[i] += sum_s a[s, i] b[s, i]`` modulo ``primes[i]`` over rows ``first .. last-1`` (primes below
    ``2^31``, so a product fits)."""
    for i in range(primes.shape[0]):
        q = primes[i]
        total = np.int64(0)
        for s in range(first, last):
            total = (total + (a[s, i] * b[s, i]) % q) % q
        out[i] = (out[i] + total) % q
