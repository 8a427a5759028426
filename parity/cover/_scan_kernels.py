"""The numba kernel of the ``scan`` engine (private; see :mod:`parity.cover.scan`).

Items are bits: primary items ``0 .. primary - 1`` in the order the search
fills them, then the secondary items.  ``masks[o]`` holds option ``o``'s items
(``W`` words of 64 bits); ``candidates[starts[i]:starts[i + 1]]`` lists the
options whose first primary item is ``i``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..linalg.words import ctz as _ctz

_ZERO = np.uint64(0)


@njit("int64(uint64[:, :], int64[:], int64[:], int64, uint64[:], int64[:], int64[:], int64[:], int64[:, :], int64[:])",
      cache=True, nogil=True)
def search(masks, starts, candidates, primary, covered, item, pos, state, out, sizes):
    """Run the search on from ``state``; return the number of covers found in this call.

    ``covered`` (the items taken), ``item`` and ``pos`` (per level: the item
    filled and the index in ``candidates`` of the option tried for it) and
    ``state = [depth, descend, done]`` carry the search between calls.  With
    ``out`` of ``L > 0`` rows each cover found is written as a row of option
    numbers (``sizes`` its length) and the call returns after ``L`` covers;
    with no rows it only counts, to the end.
    """
    W = masks.shape[1]
    limit = out.shape[0]
    found = 0
    if state[2] == 1:
        return 0
    depth = state[0]
    descend = state[1] == 1
    while True:
        if descend:
            # choose: the first primary item not yet covered (the items are numbered in fill order)
            first = primary
            for w in range(W):
                free = ~covered[w]
                if free != _ZERO:
                    first = w * 64 + _ctz(free)
                    break
            if first < primary:
                item[depth] = first
                pos[depth] = starts[first] - 1
            else:  # every primary item covered: a cover
                if limit > 0:
                    for k in range(depth):
                        out[found, k] = candidates[pos[k]]
                    sizes[found] = depth
                found += 1
                if depth == 0:
                    state[2] = 1
                    return found
                depth -= 1  # back up: undo the last choice and try its next candidate
                o = candidates[pos[depth]]
                for w in range(W):
                    covered[w] ^= masks[o, w]
                descend = False
                if found == limit:
                    state[0] = depth
                    state[1] = 0
                    return found
                continue
        # try: the next candidate for this level's item that meets no covered item
        first = item[depth]
        p = pos[depth] + 1
        end = starts[first + 1]
        while p < end:
            o = candidates[p]
            fits = True
            for w in range(W):
                if covered[w] & masks[o, w]:
                    fits = False
                    break
            if fits:
                break
            p += 1
        if p < end:
            pos[depth] = p
            o = candidates[p]
            for w in range(W):
                covered[w] |= masks[o, w]
            depth += 1
            descend = True
        else:  # no candidate left: back up a level, or the search is over
            if depth == 0:
                state[2] = 1
                return found
            depth -= 1
            o = candidates[pos[depth]]
            for w in range(W):
                covered[w] ^= masks[o, w]
            descend = False
