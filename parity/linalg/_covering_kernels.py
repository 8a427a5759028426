"""The compiled Walsh-Hadamard search over a code's cosets (private; see :mod:`parity.linalg.covering`).

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
"""

from __future__ import annotations

import numpy as np

from .._compiled import kernel


@kernel("void(int64[:])", nogil=True)
def walsh(table):
    """The Walsh-Hadamard transform of ``table`` (its length a power of 2) in place: entry ``c`` becomes
    ``sum_s table[s] (-1)^popcount(s & c)``."""
    size = table.shape[0]
    half = 1
    while half < size:
        for start in range(0, size, 2 * half):
            for i in range(start, start + half):
                a = table[i]
                b = table[i + half]
                table[i] = a + b
                table[i + half] = a - b
        half *= 2


@kernel("int64(int64[:], int64[:], int64, int64, int64, int64[:], int64[:], int64, int64[:], int64[:], int64[:])",
        nogil=True)
def largest(signatures, weights, low, first, last, table, where, above, keep_c, keep_v, kept):
    """The largest transform value over the coefficient vectors whose high part (``c >> low``) lies in
    ``[first, last)``, and in ``where[0]`` the first ``c`` reaching it.  The vectors with values beyond
    ``above`` are kept too, the largest ``len(keep_c)`` of them in ``keep_c``/``keep_v`` (``kept[0]`` of
    them, in no order).  ``table`` has ``2^low`` entries (scratch)."""
    mask = (np.int64(1) << low) - 1
    best = np.int64(-(1 << 62))
    room = keep_c.shape[0]
    kept[0] = 0
    least = 0  # the slot holding the smallest kept value, once full
    for high in range(first, last):
        table[:] = 0
        for r in range(signatures.shape[0]):
            s = signatures[r]
            overlap = (s >> low) & high
            odd = 0
            while overlap:  # the parity of the high part's overlap
                overlap &= overlap - 1
                odd ^= 1
            if odd:
                table[s & mask] -= weights[r]
            else:
                table[s & mask] += weights[r]
        walsh(table)
        for c in range(table.shape[0]):
            value = table[c]
            if value > best:
                best = value
                where[0] = (high << low) | c
            if value <= above or room == 0:
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
