"""Compiled kernels of the Icosoku search (numba, cached on disk)."""

from __future__ import annotations

import numpy as np
from numba import njit


#: placements the compiled search may make per start before it hands the arrangement on (to SAT in the peg
#: sweep, to a larger budget in ``IcosokuSearch.first``)
BUDGET = 1000


@njit(cache=True)
def _enough_corners(sums, left, pegs, avail):  # pragma: no cover - compiled
    """Whether the tiles left have enough high and low corners for what the open vertices still need.

    A vertex that needs ``R`` more dots from ``r`` open corners needs at least
    ``R - 2r`` corners of 3, ``ceil((R - r) / 2)`` of at least 2, ``r - R`` of
    0 and ``ceil(r - R / 2)`` of at most 1; summed over the vertices, each is
    at most what the tiles left carry.
    """
    ge3 = 0
    ge2 = 0
    le0 = 0
    le1 = 0
    for v in range(12):
        r = left[v]
        if r == 0:
            continue
        need = pegs[v] - sums[v]
        if need - 2 * r > 0:
            ge3 += need - 2 * r
        if need - r > 0:
            ge2 += (need - r + 1) // 2
        if r - need > 0:
            le0 += r - need
        if 2 * r - need > 0:
            le1 += (2 * r - need + 1) // 2
    if ge3 > avail[3] or ge2 > avail[2] + avail[3] or le0 > avail[0] or le1 > avail[0] + avail[1]:
        return False
    return True


@njit(cache=True)
def _type_corners(pat, pat_type, ntypes):  # pragma: no cover - compiled
    """How many corners of each dot value (0..3) a tile of each type has."""
    type_corners = np.zeros((ntypes, 4), np.int64)
    seen = np.zeros(ntypes, np.bool_)
    for p in range(pat.shape[0]):
        t = pat_type[p]
        if not seen[t]:
            seen[t] = True
            for k in range(3):
                type_corners[t, pat[p, k]] += 1
    return type_corners


@njit(cache=True)
def search(face_v, order, pat, pat_type, counts, pegs, limit, out, budget=-1):  # pragma: no cover - compiled
    """Tilings of one peg arrangement by backtracking over the faces in ``order``.

    Stores up to ``limit`` tilings (pattern indices per face) in ``out`` and
    returns how many it found (all of them when ``limit`` is negative, when
    nothing is stored).  With ``budget`` >= 0 it gives up after that many
    placements and returns -1.
    """
    nf = face_v.shape[0]
    npat = pat.shape[0]
    # the corners of each value that the tiles left carry (a type's corners, times its tiles left)
    type_corners = _type_corners(pat, pat_type, counts.shape[0])
    avail = np.zeros(4, np.int64)
    for t in range(counts.shape[0]):
        for a in range(4):
            avail[a] += counts[t] * type_corners[t, a]
    placed = 0
    sums = np.zeros(12, np.int64)
    left = np.zeros(12, np.int64)
    for f in range(nf):
        for k in range(3):
            left[face_v[f, k]] += 1
    cnt = counts.copy()
    choice = np.full(nf, -1, np.int64)
    found = 0
    d = 0
    while d >= 0:
        f = order[d]
        p = choice[d]
        if p >= 0:  # take back this depth's previous pattern
            for k in range(3):
                v = face_v[f, k]
                sums[v] -= pat[p, k]
                left[v] += 1
            cnt[pat_type[p]] += 1
            for a in range(4):
                avail[a] += type_corners[pat_type[p], a]
        p += 1
        while p < npat:  # the test of _fits, written out: calling it here made counts 6x slower
            if cnt[pat_type[p]] > 0:
                ok = True
                for k in range(3):
                    v = face_v[f, k]
                    s = sums[v] + pat[p, k]
                    if s > pegs[v] or s + 3 * (left[v] - 1) < pegs[v]:
                        ok = False
                        break
                if ok:
                    for k in range(3):
                        sums[face_v[f, k]] += pat[p, k]
                        left[face_v[f, k]] -= 1
                    for a in range(4):
                        avail[a] -= type_corners[pat_type[p], a]
                    ok = _enough_corners(sums, left, pegs, avail)
                    for k in range(3):
                        sums[face_v[f, k]] -= pat[p, k]
                        left[face_v[f, k]] += 1
                    for a in range(4):
                        avail[a] += type_corners[pat_type[p], a]
                if ok:
                    break
            p += 1
        if p == npat:
            choice[d] = -1
            d -= 1
            continue
        for k in range(3):
            v = face_v[f, k]
            sums[v] += pat[p, k]
            left[v] -= 1
        cnt[pat_type[p]] -= 1
        for a in range(4):
            avail[a] -= type_corners[pat_type[p], a]
        choice[d] = p
        placed += 1
        if budget >= 0 and placed > budget:
            return -1
        if d == nf - 1:
            if limit >= 0 and found < out.shape[0]:
                for g in range(nf):
                    out[found, order[g]] = choice[g]
            found += 1
            if limit >= 0 and found >= limit:
                return found
        else:
            d += 1
    return found


@njit(cache=True)
def first_tilings(face_v, orders, pat, pat_type, counts, arrangements, budget, out, status):  # pragma: no cover
    """One tiling for each row of ``arrangements`` (pegs of vertices 0..11).

    For each arrangement the search starts around its most extreme pegs
    first (``orders[v]`` starts at vertex ``v``), each try within ``budget``
    placements.  ``status[i]``: 1 solved (the tiling in ``out[i]``), 0 proved
    unsolvable, -1 undecided within the budgets (left to a SAT solver).
    """
    one = np.zeros((1, face_v.shape[0]), np.int64)
    for i in range(arrangements.shape[0]):
        pegs = arrangements[i]
        keys = np.abs(2 * pegs - 13)
        starts = np.argsort(-keys, kind="mergesort")
        status[i] = -1
        for j in range(starts.shape[0]):
            found = search(face_v, orders[starts[j]], pat, pat_type, counts, pegs, 1, one, budget)
            if found > 0:
                status[i] = 1
                for k in range(one.shape[1]):  # (a loop: a slice assignment compiles numpy's broadcasting)
                    out[i, k] = one[0, k]
                break
            if found == 0:
                status[i] = 0
                break


@njit(cache=True)
def _fits(face_v, f, p, pat, pat_type, cnt, type_corners, sums, left, pegs, avail):  # pragma: no cover - compiled
    """Whether pattern ``p`` may go on face ``f``: a tile of its type left, and every vertex still reachable.

    The same test as :func:`search` makes before a placement.
    """
    if cnt[pat_type[p]] <= 0:
        return False
    for k in range(3):
        v = face_v[f, k]
        s = sums[v] + pat[p, k]
        if s > pegs[v] or s + 3 * (left[v] - 1) < pegs[v]:
            return False
    for k in range(3):
        sums[face_v[f, k]] += pat[p, k]
        left[face_v[f, k]] -= 1
    for a in range(4):
        avail[a] -= type_corners[pat_type[p], a]
    ok = _enough_corners(sums, left, pegs, avail)
    for k in range(3):
        sums[face_v[f, k]] -= pat[p, k]
        left[face_v[f, k]] += 1
    for a in range(4):
        avail[a] += type_corners[pat_type[p], a]
    return ok


@njit(cache=True)
def knuth_probes(face_v, orders, pat, pat_type, counts, pegs_in, free, seed, weights):  # pragma: no cover
    """Knuth's random probes of the search tree: ``weights[i]`` is one unbiased estimate of the tilings.

    Each probe walks from the root to a leaf of the tree :func:`search`
    explores, taking one of the ``k`` patterns that fit at random at each
    face and multiplying the weight by ``k``; a dead end weighs 0.  The mean
    weight is the number of leaves at full depth, the tilings (D. E. Knuth,
    *Estimating the efficiency of backtrack programs*, Math. Comp. 29, 1975).
    With ``free`` each probe first draws the pegs, a uniformly random
    arrangement of 1..12, so the mean is the tilings per arrangement.
    """
    np.random.seed(seed)
    nf = face_v.shape[0]
    npat = pat.shape[0]
    ntypes = counts.shape[0]
    type_corners = _type_corners(pat, pat_type, ntypes)
    fits = np.empty(npat, np.int64)
    pegs = pegs_in.copy()
    sums = np.zeros(12, np.int64)
    left = np.zeros(12, np.int64)
    avail = np.zeros(4, np.int64)
    for i in range(weights.shape[0]):
        if free:
            for v in range(12):
                pegs[v] = v + 1
            for v in range(11, 0, -1):  # Fisher-Yates
                u = np.random.randint(0, v + 1)
                pegs[v], pegs[u] = pegs[u], pegs[v]
        start = 0
        for v in range(12):
            if abs(2 * pegs[v] - 13) > abs(2 * pegs[start] - 13):
                start = v
        order = orders[start]
        sums[:] = 0
        left[:] = 0
        for f in range(nf):
            for k in range(3):
                left[face_v[f, k]] += 1
        cnt = counts.copy()
        avail[:] = 0
        for t in range(ntypes):
            for a in range(4):
                avail[a] += counts[t] * type_corners[t, a]
        w = 1.0
        for d in range(nf):
            f = order[d]
            k = 0
            for p in range(npat):
                if _fits(face_v, f, p, pat, pat_type, cnt, type_corners, sums, left, pegs, avail):
                    fits[k] = p
                    k += 1
            if k == 0:
                w = 0.0
                break
            w *= k
            p = fits[np.random.randint(0, k)]
            for j in range(3):
                sums[face_v[f, j]] += pat[p, j]
                left[face_v[f, j]] -= 1
            cnt[pat_type[p]] -= 1
            for a in range(4):
                avail[a] -= type_corners[pat_type[p], a]
        weights[i] = w
