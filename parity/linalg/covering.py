"""Cosets and the covering radius of a GF(2) code given by a basis: least presses and the Most Clicks question.

The solutions of a Lights Out puzzle are a coset ``x + C`` of the code ``C``
spanned by the quiet patterns (the null space of the toggle matrix); the
fewest presses is the coset's least weight, and the most presses any
solvable start needs, solved optimally, is the *covering radius* of ``C``:
``max over x of min over q in C of |x + q|`` (Goldwasser and Klostermeyer).

Both questions depend on a word only through its *regions*: the positions
are grouped by their column of the basis (a ``k``-bit signature ``s``), and
a codeword ``sum_j c_j q_j`` is 1 exactly on the regions with ``s . c = 1``.
So

* the least weight of a coset is one Walsh-Hadamard transform over the
  ``2^k`` coefficient vectors, ``k 2^k`` additions whatever the length
  (:func:`coset_minimum`);
* the covering radius is the integer program "maximise ``t`` subject to
  ``t <= |x + q|`` for every codeword ``q``" over the number of ones ``x``
  puts in each region (:func:`covering_radius`).  It is solved by cutting
  planes: an integer solver (HiGHS, branch and bound) maximises over the
  codewords found so far, the coset search finds the lightest codeword
  against its answer, and the loop ends when that codeword adds nothing:
  the worst word found reaches the bound, which is then the radius.

Examples
--------
The 5 x 5 board's two quiet patterns; the all-on start needs 15 presses, and
no start needs more than 15 (Boyles' nullity-2 formula ``26k^2 - 12k + 1``
with ``k = 1``):

>>> from parity.puzzles import LightsOut
>>> from parity.linalg.covering import coset_minimum, covering_radius
>>> space = LightsOut("grid:5x5").solution_space()
>>> coset_minimum(space.particular, space.basis)[0]
15
>>> covering_radius(space.basis).radius
15
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

import numpy as np

from ..errors import LimitError, NullityTooLargeError, ParityError

__all__ = ["Regions", "regions", "coset_minimum", "parity_bound", "counting_bounds", "embedding", "transferred_bound",
           "carried_word", "far_word", "symmetric_word", "symmetric_word_gfp",
           "CoveringRadius", "covering_radius",
           "covering_radius_gfp", "MAX_NULLITY"]

#: the largest nullity searched by default (2^34 coefficient vectors, a few minutes a coset on two cores)
MAX_NULLITY = 34
#: codewords added to the integer program a round at most (the lightest against its last answer)
CUTS = 64
#: and the images it tries before it gives up (about ten seconds)
EMBEDDING_TRIES = 1_000_000
#: signatures are held in one machine word
_WORD_BITS = 62
#: a coset search with a deadline looks at the clock after each part of this many times 2^20 coefficient vectors
#: (a twentieth of a second on one core)
DEADLINE_HIGHS = 64


@dataclass(frozen=True)
class Regions:
    """The positions of a code grouped by their column of the basis.

    Attributes
    ----------
    signatures : numpy.ndarray
        The distinct columns as ``k``-bit integers (bit ``j``: the position is
        in basis vector ``j``), in increasing order.
    sizes : numpy.ndarray
        How many positions each region has.
    index : numpy.ndarray
        For every position, its region.
    nullity : int
        ``k``, the number of basis vectors.
    """

    signatures: np.ndarray
    sizes: np.ndarray
    index: np.ndarray
    nullity: int

    def ones(self, x: np.ndarray) -> np.ndarray:
        """How many ones the 0/1 word ``x`` has in each region."""
        return np.bincount(self.index, weights=x, minlength=len(self.sizes)).astype(np.int64)

    def word(self, ones: np.ndarray) -> np.ndarray:
        """A 0/1 word with ``ones[r]`` ones in region ``r`` (its first positions in order)."""
        order = np.argsort(self.index, kind="stable")
        starts = np.concatenate([[0], np.cumsum(self.sizes)[:-1]])
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order)) - np.repeat(starts, self.sizes)
        return (rank < np.asarray(ones, dtype=np.int64)[self.index]).astype(np.uint8)


def _bits(A, what: str, ndim: int) -> np.ndarray:
    """``A`` as an int64 array of 0s and 1s with ``ndim`` dimensions; anything else refused in one line."""
    try:
        array = np.asarray(A)
    except ValueError:  # (ragged rows)
        raise LimitError(f"{what} must be a rectangular array of 0s and 1s") from None
    if array.ndim != ndim:
        raise LimitError(f"{what} must have {ndim} dimension{'s' if ndim > 1 else ''}, got shape {array.shape}")
    if array.size and (array.dtype.kind not in "biu" or not np.isin(array, (0, 1)).all()):
        raise LimitError(f"{what} must hold 0s and 1s only")
    return array.astype(np.int64)


def regions(basis: np.ndarray) -> Regions:
    """Group the positions of the code spanned by the rows of ``basis`` (0/1) by their column.

    Examples
    --------
    >>> import numpy as np
    >>> r = regions(np.array([[1, 1, 0, 0], [0, 1, 1, 0]]))
    >>> r.signatures.tolist(), r.sizes.tolist(), r.index.tolist()
    ([0, 1, 2, 3], [1, 1, 1, 1], [1, 3, 2, 0])
    """
    basis = _bits(basis, "a basis", 2)
    k = basis.shape[0]
    if k > _WORD_BITS:
        raise NullityTooLargeError(f"a code of dimension {k} is beyond the coset search (at most {_WORD_BITS})")
    weights = np.left_shift(np.int64(1), np.arange(k, dtype=np.int64))
    columns = (basis.astype(np.int64) & 1).T @ weights if k else np.zeros(basis.shape[1], dtype=np.int64)
    signatures, index, sizes = np.unique(columns, return_inverse=True, return_counts=True)
    return Regions(signatures.astype(np.int64), sizes.astype(np.int64), index.astype(np.int64).ravel(), k)


def _kernels():
    from .._compiled import load_kernels

    return load_kernels("parity.linalg._covering_kernels")


def _check_nullity(k: int, max_nullity: int) -> None:
    from .._limits import check_max_nullity

    if k > check_max_nullity(max_nullity):
        raise NullityTooLargeError(f"the coset search would weigh 2^{k} codewords, more than the bound "
                                   f"2^{max_nullity}; raise max_nullity to try anyway")


def _lightest(region: Regions, ones: np.ndarray, below: int | None = None, room: int = 0, low_bits: int = 20,
              threads: int = 2, highs: tuple[int, int] | None = None,
              deadline: float | None = None) -> tuple[int, int, list[int]] | None:
    """The least weight over the coset of a word with ``ones[r]`` ones in region ``r``, the first coefficient
    vector (an integer, bit ``j`` for basis vector ``j``) reaching it, and up to ``room`` of the lightest
    coefficient vectors giving weights under ``below``.  With ``highs = (first, last)`` only the coefficient
    vectors whose bits from ``low_bits`` up lie in ``[first, last)`` are weighed (a part of a long search).
    With a ``deadline`` (``time.perf_counter()``), the search goes in parts of ``DEADLINE_HIGHS`` and gives
    None when one would start past it."""
    K = _kernels()
    k = region.nullity
    weights = region.sizes - 2 * ones
    total, base = int(weights.sum()), int(ones.sum())
    above = total - 2 * (below - base) if below is not None else 1 << 62  # weight < below: transform > above
    low = min(k, low_bits)
    first, last = (0, 1 << (k - low)) if highs is None else highs
    parts = max(1, min(threads, last - first))
    dtype = np.int16 if int(np.abs(weights).sum()) < 1 << 15 else np.int32  # every entry of the table fits
    bounds = [first + (last - first) * i // parts for i in range(parts + 1)]
    found: list = [None] * parts

    late = [False]

    def run(i: int) -> None:
        where, kept = np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64)
        keep_c, keep_v = np.zeros(room, dtype=np.int64), np.zeros(room, dtype=np.int64)
        table = np.empty(1 << low, dtype=dtype)
        step = bounds[i + 1] - bounds[i] if deadline is None else DEADLINE_HIGHS
        best, pairs = None, []
        for start in range(bounds[i], bounds[i + 1], max(step, 1)):
            if deadline is not None and time.perf_counter() > deadline:
                late[0] = True
                return
            value = int(K.largest(region.signatures, weights, low, start, min(start + step, bounds[i + 1]), table,
                                  where, above, keep_c, keep_v, kept))
            if best is None or value > best[0]:  # (parts in order: of equals, the first part's vector is lowest)
                best = (value, int(where[0]))
            pairs = sorted(pairs + list(zip(keep_v[:kept[0]].tolist(), keep_c[:kept[0]].tolist())),
                           key=lambda vc: (-vc[0], vc[1]))[:room]
        found[i] = (best[0], best[1], pairs)

    if parts == 1:
        run(0)
    else:  # the kernel releases the GIL: one thread a core
        from .._compiled import compiled

        compiled(K.largest)  # compiled (or read from the cache) before the threads start
        workers = [threading.Thread(target=run, args=(i,)) for i in range(parts)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
    if late[0]:
        return None
    value, c = max(((f[0], -f[1]) for f in found))  # the largest, and of equals the lowest coefficients
    others = sorted((pair for f in found for pair in f[2]), key=lambda vc: (-vc[0], vc[1]))[:room]
    return base + (total - value) // 2, -c, [c for _, c in others]


def parity_bound(region: Regions) -> int:
    """An upper bound on the covering radius from the regions alone: ``m_0 + floor((n - m_0 - e) / 2)``.

    ``m_0`` is the size of the region no codeword touches and ``n`` the
    length.  With ``b_s = m_s - 2 a_s`` for a word with ``a_s`` ones in region
    ``s``, its distance to the codeword ``c`` is ``a_0 + (n - m_0) / 2 -
    F(c) / 2``, where ``F(c) = sum over s != 0 of b_s (-1)^(s . c)`` sums to 0
    over all ``c``: its largest value is at least 0, the bound of averaging
    (every word is within ``m_0 + (n - m_0) / 2`` of some codeword).  Parity
    sharpens it by ``e``: every ``F(c)`` has the parity of ``n - m_0``, and a
    region of odd size has ``b_s`` odd, so ``F`` is not zero everywhere and
    its largest value is at least ``e = 1`` (``n - m_0`` odd) or ``e = 2``
    (even, with a region of odd size); ``e = 0`` when every region but the
    untouched one is even.

    Examples
    --------
    The repetition code of length 3 (radius 1) and the 5 x 5 board's quiet
    patterns (radius 15) reach it; the 9 x 9 board's (radius 37) does not:

    >>> import numpy as np
    >>> parity_bound(regions(np.array([[1, 1, 1]])))
    1
    >>> from parity.puzzles import LightsOut
    >>> [parity_bound(regions(LightsOut(f"grid:{n}x{n}").solution_space().basis)) for n in (5, 9)]
    [15, 40]
    """
    if not isinstance(region, Regions):
        raise LimitError(f"the parity bound takes the regions of a code (parity.linalg.covering.regions(basis)), "
                         f"not a {type(region).__name__}")
    touched = region.signatures != 0
    return _parity_bound(int(region.sizes[~touched].sum()), region.sizes[touched])


def _parity_bound(untouched: int, sizes: np.ndarray) -> int:
    """:func:`parity_bound` from the untouched region's size and the sizes of the others."""
    return untouched + (int(sizes.sum()) - _least_largest(sizes)) // 2


def _region_sizes_whole(basis: np.ndarray) -> tuple[int, np.ndarray]:
    """The size of the region no codeword touches and the sizes of the others, for a basis of any dimension (its
    columns compared whole, not as machine words)."""
    if basis.shape[0] == 0:
        return basis.shape[1], np.zeros(0, dtype=np.int64)
    found, sizes = np.unique(np.packbits(basis.astype(np.uint8), axis=0).T, axis=0, return_counts=True)
    zero = ~found.any(axis=1)
    return int(sizes[zero].sum()), sizes[~zero].astype(np.int64)


#: :func:`counting_bounds` counts the words of each weight exactly: over GF(2) up to this many touched positions
#: (a few seconds), over GF(p) while ``(p - 1) n'^2`` is at most ``MOST_COUNTED_GFP``
MOST_COUNTED = 1 << 18
MOST_COUNTED_GFP = 1 << 25


def counting_bounds(basis: np.ndarray, field: int = 2) -> tuple[int, int]:
    """Bounds on the covering radius of the code spanned by the rows of ``basis`` from the sizes of its regions
    alone, for a code of any dimension: ``(sphere-covering bound, parity bound)``; over GF(p > 2), a word
    weighed by the sum of its entries as integers ``0 .. p-1``, ``(sphere-covering bound, averaging bound)``.

    Below, counting: the positions no codeword touches (``m_0`` of them) add
    ``p - 1`` each to the distance of every word that holds ``p - 1`` there,
    and on the other ``n' = n - m_0`` positions the ``p^r`` codewords (``r``
    the rank) can cover the ``p^n'`` words with balls of radius ``R`` only if
    ``p^r V(n', R) >= p^n'``, ``V(n', R)`` the words of weight at most ``R``
    (over GF(2), ``C(n', 0) + ... + C(n', R)``; over GF(p), the first
    coefficients of ``(1 + x + ... + x^(p-1))^n'``); so some start needs at
    least ``(p - 1) m_0`` plus the least such ``R``.  The bound is not
    constructive: it names no start.  Above, over GF(2)
    :func:`parity_bound`; over GF(p > 2), averaging: a touched position of
    a codeword drawn at random from the code is uniform on ``0 .. p-1``, so
    every word is within ``(p - 1) m_0 + floor((p - 1) n' / 2)`` of some
    codeword.  Exact integers throughout.

    Raises
    ------
    LimitError
        Past ``MOST_COUNTED`` touched positions (``MOST_COUNTED_GFP`` over
        GF(p)), where the exact count would take minutes.

    Examples
    --------
    The Hamming code of length 7 is perfect: the counting bound is its radius,
    1 (the parity bound says 3).  On the 61 x 61 board (nullity 40, out of
    reach of the coset search's walks) some start needs at least 1646
    presses, and none more than 1860; its all-on start needs 1629 (OEIS
    A075464), below the counting bound:

    >>> import numpy as np
    >>> hamming = np.array([[1, 0, 0, 0, 0, 1, 1], [0, 1, 0, 0, 1, 0, 1], [0, 0, 1, 0, 1, 1, 0], [0, 0, 0, 1, 1, 1, 1]])
    >>> counting_bounds(hamming)
    (1, 3)
    >>> from parity.puzzles import LightsOut
    >>> counting_bounds(LightsOut("grid:61x61").solution_space().basis)
    (1646, 1860)

    The ternary repetition code of length 3 (``000, 111, 222``): ``012`` is 3
    from each codeword (``012``, ``201``, ``120`` taken off), the averaging
    bound; counting says at least 2:

    >>> counting_bounds(np.array([[1, 1, 1]]), field=3)
    (2, 3)
    """
    from . import rank
    from .gfp import check_field

    p = check_field(field)
    if p != 2:
        return _counting_bounds_gfp(basis, p)
    basis = _bits(basis, "a basis", 2)
    untouched, sizes = _region_sizes_whole(basis)
    length = int(sizes.sum())
    if length > MOST_COUNTED:
        raise LimitError(f"counting the words of each weight on {length} positions is beyond {MOST_COUNTED}")
    codewords = rank(basis.astype(np.uint8)) if basis.shape[0] and length else 0

    def binomials():  # C(n', 0), C(n', 1), ...
        term = 1
        for i in range(length + 1):
            yield term
            term = term * (length - i) // (i + 1)

    return untouched + _least_covering(binomials(), 1 << (length - codewords)), _parity_bound(untouched, sizes)


def _least_covering(weights, need: int) -> int:
    """The least ``R`` with the first ``R + 1`` of ``weights`` (the words of each weight) adding up to ``need``:
    the radius below which the balls of the codewords cannot cover every word."""
    covered = 0
    for radius, count in enumerate(weights):
        covered += count
        if covered >= need:
            return radius
    raise AssertionError("the balls of every radius cover every word")  # (the weights add up to p^n')


def _counting_bounds_gfp(basis, p: int) -> tuple[int, int]:
    """:func:`counting_bounds` over GF(p > 2)."""
    from . import rank

    array = _entries_gfp(basis, p)
    touched = array.any(axis=0)
    untouched, length = int((~touched).sum()), int(touched.sum())
    if (p - 1) * length * length > MOST_COUNTED_GFP:
        raise LimitError(f"counting the words of each sum on {length} positions over GF({p}) is beyond "
                         f"(p - 1) n^2 = {MOST_COUNTED_GFP}")
    codewords = rank(array[:, touched].astype(np.int64), field=p) if array.shape[0] and length else 0
    need = p ** (length - codewords)
    weights = [1]  # the words of each weight on the touched positions: (1 + x + ... + x^(p-1))^n', built up
    for _ in range(length):
        widened = [0] * (len(weights) + p - 1)
        running = 0
        for w in range(len(widened)):  # a sliding sum of p coefficients
            running += weights[w] if w < len(weights) else 0
            running -= weights[w - p] if w >= p else 0
            widened[w] = running
        weights = widened
    return (p - 1) * untouched + _least_covering(weights, need), (p - 1) * untouched + (p - 1) * length // 2


def _least_largest(sizes: np.ndarray) -> int:
    """``e`` of :func:`parity_bound`: the least the largest ``F(c)`` can be, for regions of these sizes (the
    touched ones): ``F`` has their total's parity, and a region of odd size makes it nonzero somewhere."""
    return 0 if not (sizes % 2).any() else (1 if int(sizes.sum()) % 2 else 2)


def _region_sizes(region: Regions) -> dict[int, int]:
    return {int(s): int(m) for s, m in zip(region.signatures, region.sizes)}


def _fits(m, size):
    """Whether a region of ``m`` positions fits in one of ``size`` (no larger, the same parity); arrays too."""
    return (m <= size) & ((size - m) % 2 == 0)


def _joins(pivots: dict[int, int], s: int) -> bool:
    """Whether the signature ``s`` is outside the span of ``pivots`` (leading bit -> vector, reduced); then it
    joins them."""
    for bit in sorted(pivots, reverse=True):
        if s >> bit & 1:
            s ^= pivots[bit]
    if s:
        pivots[s.bit_length() - 1] = s
    return bool(s)


def embedding(small: Regions, large: Regions) -> np.ndarray | None:
    """A linear map under which every region of ``small`` fits in a region of ``large`` of the same parity.

    The map ``G`` is an invertible ``k x k`` matrix over GF(2) with ``m(s) <=
    M(G s)`` and ``m(s) = M(G s)`` mod 2 for every nonzero signature ``s``,
    where ``m`` and ``M`` are the region sizes of the two codes (0 for a
    signature no position has).  It exists when the second code's question is
    the first's with looser limits, as for boards whose quiet patterns are
    the same ones repeated (the ``9 x 9`` board's in the ``49 x 49``, ``109 x
    109``, ... boards, each region 25, 121, ... times as large).  Then every
    word of the first code gives a word of the second whose distances to the
    codewords are those of the first, shifted by a constant, and the covering
    radius of the first is at most :func:`transferred_bound`.

    Returns ``G`` as the images of the unit vectors (``G[j]`` is the image of
    bit ``j``, a ``k``-bit integer), or None when no such map exists.  A
    backtracking search over the images of a basis of ``small``'s
    signatures, each signature ``small`` has checked as soon as its image is
    fixed (those it lacks need no check: its odd regions land in odd ones,
    and the codes have as many, so the rest land in even regions or none),
    so the search weighs the regions a code has at any nullity; it gives up
    (:class:`~parity.errors.LimitError`) after ``EMBEDDING_TRIES`` images
    tried, as the search is exponential in the worst case.

    Examples
    --------
    The 9 x 9 board's quiet patterns sit inside the 49 x 49 board's:

    >>> from parity.puzzles import LightsOut
    >>> r = [regions(LightsOut(f"grid:{n}x{n}").solution_space().basis) for n in (9, 49)]
    >>> embedding(r[0], r[1]) is not None, embedding(r[1], r[0]) is None
    (True, True)
    """
    for region in (small, large):
        if not isinstance(region, Regions):
            raise LimitError(f"an embedding takes the regions of two codes (parity.linalg.covering.regions(basis)), "
                             f"not a {type(region).__name__}")
    k = small.nullity
    if large.nullity != k:
        return None
    if k == 0:
        return np.zeros(0, dtype=np.int64)
    if _odd_regions(small) != _odd_regions(large):
        return None
    have, fits = _region_sizes(small), _region_sizes(large)
    # a basis of small's signatures, those with the fewest places to go first, each with its candidates
    candidates: dict[int, list[int] | None] = {s: [t for t in fits if t and _fits(have[s], fits[t])]
                                               for s in have if s}
    pivots: dict[int, int] = {}
    chosen: list[int] = [s for s in sorted(candidates, key=lambda s: (len(candidates[s]), s)) if _joins(pivots, s)]
    for j in range(k):  # rows that are not independent leave signatures unspanned: unit vectors, placed anywhere
        if len(chosen) < k and _joins(pivots, 1 << j):
            chosen.append(1 << j)
            candidates[1 << j] = None  # (any image independent of the others: the least)
    # every signature of small (and every unit vector) as a combination of the chosen ones, by its last member
    reduced: dict[int, tuple[int, int]] = {}  # leading bit -> (vector, combination of chosen)

    def eliminated(v: int) -> tuple[int, int]:  # what is left of v, and the combination taken off it
        combination = 0
        for bit in sorted(reduced, reverse=True):
            if v >> bit & 1:
                v ^= reduced[bit][0]
                combination ^= reduced[bit][1]
        return v, combination

    for i, v in enumerate(chosen):
        rest, combination = eliminated(v)
        reduced[rest.bit_length() - 1] = (rest, combination ^ (1 << i))

    def combination_of(v: int) -> int:
        return eliminated(v)[1]

    # a signature's image is fixed once its combination's last chosen member is placed: checked at that depth
    at_depth: list[list[tuple[int, int]]] = [[] for _ in range(k)]
    for v in have:
        if v:
            c = combination_of(v)
            at_depth[c.bit_length() - 1].append((c, have[v]))
    images: list[int] = []
    image_pivots: list[dict[int, int]] = [{}]
    tried = [0]

    def search(d: int) -> bool:
        if d == k:
            return True
        group = at_depth[d]
        before = [0] * len(group)  # each one's image less that of chosen[d]
        for g, (c, _) in enumerate(group):
            for i in range(d):
                if c >> i & 1:
                    before[g] ^= images[i]
        free = candidates[chosen[d]] is None
        options = [1 << j for j in range(k)] if free else candidates[chosen[d]]  # (a unit vector is always free)
        for w in options:
            spanned = dict(image_pivots[d])
            if not _joins(spanned, w):  # the images must stay independent
                continue
            tried[0] += 1
            if tried[0] > EMBEDDING_TRIES:
                raise LimitError(f"the search for an embedding tried {EMBEDDING_TRIES} images without an answer "
                                 f"either way")
            if all(_fits(m, fits.get(part ^ w, 0)) for part, (_, m) in zip(before, group)):
                images.append(w)
                image_pivots.append(spanned)
                if search(d + 1):
                    return True
                images.pop()
                image_pivots.pop()
            if free:  # a free direction: its least independent image is as good as any
                break
        return False

    # (every region of odd size of small lands in one of odd size, so, as the counts agree, the signatures
    # small lacks land in regions of even size or none: the condition on them holds without a check)
    if not search(0):
        return None
    return np.array([int(np.bitwise_xor.reduce([images[i] for i in range(k) if combination_of(1 << j) >> i & 1],
                                               initial=0)) for j in range(k)], dtype=np.int64)


def _odd_regions(region: Regions) -> int:
    return int((region.sizes[region.signatures != 0] % 2).sum())


def _image(mapping: np.ndarray, v: int) -> int:
    """The signature ``v``'s image under the linear map whose images of the unit vectors are ``mapping``."""
    return int(np.bitwise_xor.reduce(mapping[(v >> np.arange(len(mapping))) & 1 == 1], initial=0))


def _checked_embedding(small: Regions, large: Regions, mapping) -> np.ndarray:
    """``mapping`` checked to be an :func:`embedding` of ``small`` in ``large`` (searched for when None); refused
    with a LimitError that says why not."""
    for region in (small, large):
        if not isinstance(region, Regions):
            raise LimitError(f"an embedding takes the regions of two codes (parity.linalg.covering.regions(basis)), "
                             f"not a {type(region).__name__}")
    if mapping is None:
        mapping = embedding(small, large)
        if mapping is None:
            raise LimitError("the first code's regions do not embed in the second's: no bound carries over")
    given = mapping
    try:
        mapping = np.asarray(mapping)
        if mapping.dtype.kind not in "iu":  # (floats, bools and text refused, not truncated)
            raise TypeError
        mapping = mapping.astype(np.int64)
    except (TypeError, ValueError, OverflowError):
        raise LimitError(f"an embedding is a list of k-bit integers, got {given!r}") from None
    k = small.nullity
    if large.nullity != k or mapping.shape != (k,) or ((mapping < 0) | (mapping >= (1 << k))).any():
        raise LimitError(f"an embedding of a code of dimension {k} is {k} images of {k} bits each")
    fits, have = _region_sizes(large), _region_sizes(small)
    spanned: dict[int, int] = {}
    for j in range(k):      # the images of the unit vectors must be independent
        if not _joins(spanned, int(mapping[j])):
            raise LimitError("the embedding is not invertible")
    for v, m in have.items():
        if v == 0:  # the untouched region is all ones in a worst word of either code, whatever its size
            continue
        size = fits.get(_image(mapping, v), 0)
        if not _fits(m, size):
            raise LimitError(f"the embedding puts a region of size {m} in one of size {size}")
    if _odd_regions(small) != _odd_regions(large):     # every odd region of large must be some odd region's image
        raise LimitError("the embedding leaves a region of odd size of the second code empty")
    return mapping


def transferred_bound(small: Regions, large: Regions, large_upper: int, mapping: np.ndarray | None = None) -> int:
    """An upper bound on the covering radius of ``small`` from one of ``large``, through an :func:`embedding`.

    With ``z`` the least largest ``F`` of :func:`parity_bound`'s proof (a
    word's distance to the codeword ``c`` is ``a_0 + (n - m_0 - F(c)) / 2``),
    the radius is ``m_0 + (n - m_0 - z) / 2``.  A word of ``small`` carried by
    the embedding is a word of ``large`` with the same values of ``F``, so
    ``z(small) >= z(large)``, and an upper bound ``U`` on ``large``'s radius
    gives ``z(large) >= n' - 2 (U - m'_0)``: ``small``'s radius is at most
    ``U + (m_0 - m'_0) + (n - m_0 - n' + m'_0) / 2``.

    ``mapping`` is checked when given and searched for when not; a pair with
    no embedding is refused (:class:`~parity.errors.LimitError`).

    Examples
    --------
    The 249 x 249 board's Most Clicks number, 36997, proved by its integer
    program, settles the 49 x 49 board's (1397, a start that needs it is
    known):

    >>> from parity.puzzles import LightsOut
    >>> r = [regions(LightsOut(f"grid:{n}x{n}").solution_space().basis) for n in (49, 249)]
    >>> transferred_bound(r[0], r[1], 36997)
    1397
    """
    if isinstance(large_upper, bool) or not isinstance(large_upper, (int, np.integer)) or large_upper < 0:
        raise LimitError(f"the second code's bound must be a whole number of presses, 0 or more, got {large_upper!r}")
    mapping = _checked_embedding(small, large, mapping)
    fits, have = _region_sizes(large), _region_sizes(small)
    m0, rest = have.get(0, 0), int(small.sizes.sum()) - have.get(0, 0)
    big0, big_rest = fits.get(0, 0), int(large.sizes.sum()) - fits.get(0, 0)
    return int(large_upper) + (m0 - big0) + (rest - big_rest) // 2


def carried_word(small: Regions, large: Regions, ones: np.ndarray, mapping: np.ndarray | None = None) -> np.ndarray:
    """A word of ``large`` as far from its code as a word of ``small`` is from its own, through an
    :func:`embedding`: how many ones it puts in each region of ``large``.

    The converse of :func:`transferred_bound`, for lower bounds: the region
    of ``small`` of size ``m`` with ``b`` ones goes to its image, of size
    ``M >= m`` and the same parity, as ``b + (M - m) / 2`` ones, so its signed
    count ``m - 2b`` and every value of ``F`` are the same; the region no
    quiet pattern of ``large`` touches is all ones, and the others (each of
    even size, as the embedding requires) half ones.  A word ``d`` from the
    code of ``small`` with ``b_0`` ones in its untouched region gives one
    ``d - b_0 + m'_0 + (n' - m'_0 - n + m_0) / 2`` from the code of
    ``large``.

    ``ones`` counts the ones of a word of ``small`` in each of its regions
    (:meth:`Regions.ones`); ``mapping`` is checked when given and searched
    for when not, as by :func:`transferred_bound`.

    Examples
    --------
    The 9 x 9 board's worst word (37 presses) carried to the 49 x 49 board's
    regions, 25 times as large, is 1397 presses from its code, that board's
    Most Clicks number:

    >>> import numpy as np
    >>> from parity.puzzles import LightsOut
    >>> spaces = [LightsOut(f"grid:{n}x{n}").solution_space() for n in (9, 49)]
    >>> small, large = (regions(space.basis) for space in spaces)
    >>> worst = covering_radius(spaces[0].basis).worst
    >>> far = large.word(carried_word(small, large, small.ones(worst)))
    >>> coset_minimum(far, spaces[1].basis)[0]
    1397
    """
    mapping = _checked_embedding(small, large, mapping)
    ones = np.asarray(ones)
    if ones.shape != small.sizes.shape or ones.dtype.kind not in "iu" or (ones < 0).any() or \
            (ones > small.sizes).any():
        raise LimitError(f"a word's ones are {len(small.sizes)} counts, each at most its region's size")
    where = {int(v): r for r, v in enumerate(large.signatures.tolist())}
    carried = large.sizes // 2  # (the regions of even size no region of small reaches)
    carried[large.signatures == 0] = large.sizes[large.signatures == 0]
    for r, v in enumerate(small.signatures.tolist()):
        if v:
            R = where[_image(mapping, v)]
            carried[R] = ones[r] + (large.sizes[R] - small.sizes[r]) // 2
    return carried.astype(np.int64)


#: the largest dimension :func:`far_word` walks with a table of all ``2^k`` distances (beyond, on a sample)
MAX_FAR = 24
#: :func:`covering_radius` walks first on codes of this dimension or more (up to MAX_NULLITY), for at most
#: WALK_SECONDS and WALK_STEPS
WALK_NULLITY = 10
WALK_SECONDS = 5.0
WALK_STEPS = 20_000


def far_word(basis: np.ndarray, seconds: float = 10.0, seed: int = 0, start: np.ndarray | None = None,
             worse: float = 0.02, tries: int = 16, steps: int | None = None,
             max_nullity: int = MAX_NULLITY) -> tuple[int, np.ndarray]:
    """A word far from the code spanned by ``basis``, by a local search over its regions: (distance, word).

    A lower bound on the covering radius where the integer program does
    not close.  The search walks over the regions' signed counts ``b_s``
    (:func:`parity_bound`'s proof: the distance to codeword ``c`` is ``m_0 +
    (n - m_0 - F(c)) / 2``) and lowers the largest ``F(c)``, keeping all
    ``2^k`` values of ``F`` up to date (a move changes a region's count by one
    and every value by 2).  Past ``MAX_FAR`` (a table of ``2^k`` values too
    large to walk with) it climbs instead: a few steps against a sample of
    the codewords, then one full search of the new word's coset, which
    weighs it exactly and adds its nearest codewords to the sample; the word
    is kept when it is no nearer.  The distance returned is the word's,
    recomputed by :func:`coset_minimum` (past ``MAX_FAR``, the climb's own
    full search of its coset).  Past ``MAX_FAR`` the first search is made
    whatever ``seconds`` says (4 s at nullity 32 on the 39 x 39 board), and
    no other is started that would end past it.

    Parameters
    ----------
    basis : numpy.ndarray
        0/1, of shape ``(k, n)``, ``k`` at most ``max_nullity``.
    seconds : float
        How long to walk.
    seed : int
        The walk's random choices.
    steps : int, optional
        Walk exactly this many steps instead (the same seed and steps give
        the same word).
    start : numpy.ndarray, optional
        A word to start from (its counts a region); else every odd region
        half full, plus or minus one.
    worse : float
        The probability of a move that does not improve.
    tries : int
        Moves weighed a step.
    max_nullity : int
        Refuse ``k`` beyond it (each of the climb's rounds weighs the
        ``2^k`` codewords: 20 s at nullity 36 on the 170 x 170 board, on two
        cores; at most 62).

    Examples
    --------
    The 9 x 9 board's radius is 37; the walk finds a word that far:

    >>> from parity.puzzles import LightsOut
    >>> far_word(LightsOut("grid:9x9").solution_space().basis, steps=2000)[0]
    37
    """
    from .._limits import check_time_limit

    if isinstance(seconds, (bool, str)):
        raise LimitError(f"seconds must be a number, got {seconds!r}")
    seconds = check_time_limit(seconds)
    basis = _bits(basis, "a basis", 2)
    k, n = basis.shape
    _whole(max_nullity, "max_nullity", 0, _WORD_BITS)
    if k > max_nullity:
        raise NullityTooLargeError(f"a walk whose rounds weigh the 2^{k} codewords is beyond 2^{max_nullity}")
    _whole(seed, "seed", 0, 2 ** 32 - 1)
    _whole(tries, "tries", 1, 1 << 20)
    if steps is not None:
        _whole(steps, "steps", 0, 1 << 40)
    if isinstance(worse, bool) or not isinstance(worse, (int, float, np.integer, np.floating)) \
            or not 0.0 <= worse <= 1.0:
        raise LimitError(f"worse must be a probability, got {worse!r}")
    region = regions(basis)
    if start is not None:
        start = _bits(start, "a start", 1)
        if start.shape[0] != n:
            raise LimitError(f"the start has {start.shape[0]} entries, the basis {n} columns")
    if steps is not None:  # one walk of that many steps: the same whatever the machine's speed
        seconds = None
    elif seconds is None:
        seconds = 10.0
    if n == 0:  # no positions: the empty word, at distance 0
        return 0, np.zeros(0, dtype=np.uint8)
    word, weighed = _walk(region, start, seconds, steps, int(seed), float(worse), int(tries))
    if weighed is not None:  # the climb's last full search of the word's coset
        return weighed, word
    return coset_minimum(word, basis, max_nullity=max(k, MAX_NULLITY))[0], word


#: the largest dimension :func:`symmetric_word` takes (every codeword is weighed once to make its rows)
MAX_SYMMETRIC = 20
#: and its codewords times orbits at most (its rows before the group merges them)
MOST_SYMMETRIC_ENTRIES = 1 << 27


def _orbits(moves: np.ndarray, count: int) -> np.ndarray:
    """For each of ``count`` items its orbit (numbered from 0 in order of first item) under the group that the
    permutations ``moves`` (rows) generate."""
    label = np.arange(count, dtype=np.int64)
    while True:  # each item takes the least label it reaches (forwards is enough: a group's inverses are powers)
        new = label
        for g in moves:
            new = np.minimum(new, new[g])
        new = new[new]
        if (new == label).all():
            break
        label = new
    return np.unique(label, return_inverse=True)[1].ravel()


def _halved_orbits(region: Regions, orbit: np.ndarray, size: np.ndarray) -> list[int]:
    """Orbits whose count of ones :func:`symmetric_word` may take at most half their size: one word of each
    coset is enough among the symmetric words too.  The codewords ``u`` that flip every region of an orbit
    alike (``u . (s_r + s_o) = 0`` for ``r``, ``o`` of one orbit, a subspace ``U``) keep a word's counts
    symmetric, and flip orbit ``j`` by a linear form on ``U``; for orbits whose forms are independent some
    such codeword leaves each at most half ones (odd sizes, then larger ones, chosen first)."""
    from . import null_space

    k = region.nullity
    first = _first_of(orbit)
    bits = (region.signatures[:, None] >> np.arange(k)) & 1  # [region, bit]
    differences = bits ^ bits[first[orbit]]
    differences = differences[differences.any(axis=1)]
    U = null_space(differences) if len(differences) else np.eye(k, dtype=np.int64)
    if len(U) == 0:
        return []
    forms = (bits[first] @ U.T.astype(np.int64)) % 2 @ (1 << np.arange(len(U), dtype=np.int64))  # orbit -> form
    pivots: dict[int, int] = {}
    chosen = []
    for j in sorted(range(len(first)), key=lambda j: (-(int(size[j]) % 2), -int(size[j]), j)):
        if len(pivots) == len(U):
            break
        if region.signatures[first[j]] and _joins(pivots, int(forms[j])):
            chosen.append(j)
    return chosen


def symmetric_word(basis: np.ndarray, symmetries, time_limit: float | None = None) -> tuple[int, np.ndarray, bool]:
    """The farthest word from the code whose counts of ones a group of symmetries keeps: (distance, word, optimal).

    A lower bound on the covering radius where the whole integer program
    does not close.  The program of :func:`covering_radius` is solved over
    the words whose count of ones is the same in every region of an orbit
    of the group that ``symmetries`` generate: a variable an orbit, and the
    ``2^k`` codewords' rows, which the group makes equal in sets, merged.
    The program is much smaller, and its optimum is often the radius or
    close to it (a word's distance to the code is concave in its counts and
    unchanged by the group, so averaging over an orbit never brings it
    closer: the relaxation's optimum is symmetric).  The distance returned
    is the word's own, recomputed by :func:`coset_minimum`; ``optimal``
    says that no word whose counts the group keeps is farther (the solver's
    optimum).  The word returned has those counts, its ones first in each
    region: its positions need not be symmetric themselves.

    Parameters
    ----------
    basis : numpy.ndarray
        0/1, of shape ``(k, n)``, ``k`` at most ``MAX_SYMMETRIC``.
    symmetries : numpy.ndarray
        Rows of ``n`` integers: permutations of the positions that keep the
        code (those that do not are left out); the group they generate is
        used, so generators are enough.
    time_limit : float, optional
        Seconds for the solver; when spent, the best word it has.

    Examples
    --------
    The 9 x 9 board's radius is 37 (Boyles), and a word its eight turns and
    mirrors keep is that far:

    >>> from parity.puzzles import LightsOut
    >>> puzzle = LightsOut("grid:9x9")
    >>> distance, word, optimal = symmetric_word(puzzle.solution_space().basis, puzzle._rule_symmetries())
    >>> distance, optimal
    (37, True)
    """
    from .._limits import check_time_limit

    time_limit = check_time_limit(time_limit)
    basis = _bits(basis, "a basis", 2).astype(np.uint8)
    k, n = basis.shape
    if k > MAX_SYMMETRIC:
        raise NullityTooLargeError(f"the program over a group's orbits weighs all 2^{k} codewords, beyond "
                                   f"2^{MAX_SYMMETRIC}")
    if symmetries is None:
        raise LimitError("symmetric_word needs symmetries: rows of permutations of the positions")
    if n == 0:  # no positions: the empty word, at distance 0
        return 0, np.zeros(0, dtype=np.uint8), True
    region = regions(basis)
    moves = _region_moves(region, basis, symmetries)
    R = len(region.sizes)
    orbit = _orbits(moves, R)
    O = int(orbit.max()) + 1 if R else 0
    if (1 << k) * (O + 1) > MOST_SYMMETRIC_ENTRIES:
        raise NullityTooLargeError(f"the program over symmetric words would weigh 2^{k} codewords over {O} orbits, "
                                   f"beyond {MOST_SYMMETRIC_ENTRIES} coefficients (a larger group has fewer orbits)")
    sizes = region.sizes.astype(np.int64)
    size = np.zeros(O, dtype=np.int64)
    size[orbit] = sizes  # (a symmetry maps a region onto one of its size)
    members = np.zeros((R, O))
    members[np.arange(R), orbit] = 1.0
    coefficients, limits = [], []
    batch = max(1, (1 << 22) // max(R, 1))
    for first in range(0, 1 << k, batch):
        flipped = _odd(region.signatures[None, :] & np.arange(first, min(first + batch, 1 << k), dtype=np.int64)[:, None])
        # t + sum over the regions q covers of x_r - sum over the others of x_r <= their size
        rows = np.where(flipped, 1.0, -1.0) @ members
        rows, where = np.unique(rows, axis=0, return_inverse=True)
        least = np.full(len(rows), np.inf)
        np.minimum.at(least, where.ravel(), flipped.astype(np.float64) @ sizes)
        coefficients.append(rows)
        limits.append(least)
    rows, where = np.unique(np.vstack(coefficients), axis=0, return_inverse=True)
    least = np.full(len(rows), np.inf)
    np.minimum.at(least, where.ravel(), np.concatenate(limits))
    import highspy

    model = _integer_program(highspy)
    untouched = np.zeros(O, dtype=bool)
    untouched[orbit[region.signatures == 0]] = True  # no codeword touches it: all ones in a worst word
    for j in range(O):
        model.addVar(float(size[j]) if untouched[j] else 0.0, float(size[j]))
    model.addVar(0.0, float(parity_bound(region)))
    model.changeColsIntegrality(O + 1, np.arange(O + 1, dtype=np.int32),
                                np.array([highspy.HighsVarType.kInteger] * (O + 1)))
    model.changeObjectiveSense(highspy.ObjSense.kMaximize)
    model.changeColCost(O, 1.0)
    columns = np.arange(O + 1, dtype=np.int32)
    for row, limit in zip(rows, least):
        model.addRow(-highspy.kHighsInf, float(limit), O + 1, columns, np.append(row, 1.0))
    for j in _halved_orbits(region, orbit, size):
        model.changeColBounds(int(j), 0.0, float(size[j] // 2))
    model.setOptionValue("time_limit", float("inf") if time_limit is None else max(time_limit, 0.01))
    model.run()
    values = np.array(model.getSolution().col_value)
    if len(values) != O + 1 or not np.isfinite(values).all():  # (HiGHS has x = 0, t = 0 at once)
        ones = np.where(untouched, size, 0)
    else:
        ones = np.clip(np.rint(values[:-1]).astype(np.int64), 0, size)
    word = region.word(ones[orbit])
    distance = coset_minimum(word, basis, max_nullity=max(k, MAX_NULLITY))[0]
    optimal = model.getModelStatus() == highspy.HighsModelStatus.kOptimal
    if optimal and distance != int(round(values[-1])):
        raise ParityError(f"the symmetric program's word is {distance} from the code, not the {values[-1]:g} claimed")
    return distance, word, optimal


def _whole(value, name: str, least: int, most: int) -> None:
    """``value`` must be a whole number from ``least`` to ``most`` (not a bool), else a one-line refusal."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not least <= value <= most:
        raise LimitError(f"{name} must be a whole number from {least} to {most}, got {value!r}")


def _walk(region: Regions, start: np.ndarray | None, seconds: float | None, steps: int | None, seed: int,
          worse: float = 0.02, tries: int = 16) -> tuple[np.ndarray, int | None]:
    """:func:`far_word`'s walk, the farthest word seen and its distance when the walk weighed it (else None):
    ``steps`` steps (``seconds`` None), or until ``seconds`` are spent (and ``steps`` walked, when given).  Up
    to ``MAX_FAR`` against all ``2^k`` codewords at once; beyond, against a growing sample of them
    (:func:`_sampled_walk`), each word weighed by a full search."""
    touched = region.signatures != 0
    sizes = region.sizes[touched]
    if start is None:
        rng = np.random.default_rng(seed)
        b = np.where(sizes % 2 == 1, rng.choice([-1, 1], len(sizes)), 0).astype(np.int64)
    else:
        b = (sizes - 2 * region.ones(start)[touched]).astype(np.int64)
    distance = None
    if region.nullity and len(sizes) and seconds != 0 and steps != 0:
        if region.nullity > MAX_FAR:
            b, distance = _sampled_walk(region, b, seconds, steps, seed, worse, tries)
        else:
            table = np.zeros(1 << region.nullity, dtype=np.int64)
            table[region.signatures[touched]] = b
            h = 1
            while h < len(table):  # F, the Walsh-Hadamard transform of b
                view = table.reshape(-1, 2, h)
                view[:, 0], view[:, 1] = view[:, 0] + view[:, 1], view[:, 0] - view[:, 1]
                h *= 2
            b = _walk_on(region.signatures[touched], sizes, b, np.zeros(0, dtype=np.int64), table.astype(np.int32),
                         seconds, steps, seed, worse, tries)[1]
    return region.word(_ones_of(region, b)), distance


def _walk_on(signatures: np.ndarray, sizes: np.ndarray, b: np.ndarray, codes: np.ndarray, F: np.ndarray,
             seconds: float | None, steps: int | None, seed: int, worse: float, tries: int) -> tuple[int, np.ndarray]:
    """The walk's kernel run on the codewords ``codes`` (all of them when empty), ``F`` their transform values,
    for ``steps`` steps or ``seconds``: the lowest largest value of ``F`` seen and its signed counts.  ``b`` and
    ``F`` are left where the walk ended."""
    signatures, sizes = signatures.astype(np.int64), sizes.astype(np.int64)
    best_b = b.copy()
    floor = _least_largest(sizes)  # no word is farther than the parity bound
    kernels = _kernels()
    ends = time.perf_counter() + (seconds or 0.0)
    best, walked = None, 0
    chunk = max(1, min(2000, (1 << 24) // max(1, len(F))))  # about 2^24 updates: a few ms however many
    while (steps is None or walked < steps) and (seconds is None or best is None or time.perf_counter() < ends):
        began = time.perf_counter()
        if steps is not None:
            chunk = steps - walked if seconds is None else min(chunk, steps - walked)
        value = kernels.far_walk(signatures, sizes, b, codes, F, chunk, (seed + walked) % (1 << 32), float(worse),
                                 int(tries), best_b, floor)
        walked += chunk
        if best is None or value < best[0]:
            best = (int(value), best_b.copy())
        if value <= floor:  # the parity bound: no word is farther
            break
        if time.perf_counter() - began < 0.05:
            chunk *= 2
    return best


#: beyond ``MAX_FAR`` the walk works on a sample of the codewords: each full search of the coset adds the
#: ``SAMPLE_ROOM`` nearest to the word (up to ``MOST_SAMPLED`` in all), and ``ROUND_STEPS`` steps are walked
#: against the sample between two searches
SAMPLE_ROOM = 512
MOST_SAMPLED = 1 << 20
ROUND_STEPS = 3


def _sampled_walk(region: Regions, b: np.ndarray, seconds: float | None, steps: int | None, seed: int,
                  worse: float, tries: int) -> tuple[np.ndarray, int]:
    """The walk on codes too large for a table of every codeword, a climb weighed exactly at every round: from
    the farthest word so far, ``ROUND_STEPS`` steps against a sample of the codewords, then one full search of
    the new word's coset (:func:`_lightest`), which gives its distance and adds its nearest codewords to the
    sample.  The new word is kept when it is no nearer.  ``steps`` counts the steps of every round (the same
    seed and steps give the same word); else rounds go on while another full search would end within
    ``seconds`` (the first is always made).  Returns the kept word's signed counts and its distance."""
    touched = region.signatures != 0
    signatures, sizes = region.signatures[touched].astype(np.int64), region.sizes[touched].astype(np.int64)
    length = int(region.sizes.sum())
    kernels = _kernels()
    ends = None if seconds is None else time.perf_counter() + seconds
    best, codes, walked = None, np.zeros(0, dtype=np.int64), 0
    farthest = parity_bound(region)
    while True:
        began = time.perf_counter()
        distance, nearest, others = _lightest(region, _ones_of(region, b), below=length + 1, room=SAMPLE_ROOM)
        if best is None or distance >= best[0]:
            best = (distance, b.copy())
        searched = time.perf_counter() - began
        if best[0] >= farthest:  # no word is farther than the parity bound
            return best[1], best[0]
        if len(codes) < MOST_SAMPLED:
            codes = np.union1d(codes, np.array([nearest, *others], dtype=np.int64))
        while True:  # steps against the sample until the word moves (a word weighed already is not weighed again)
            if (steps is not None and walked >= steps) or \
                    (ends is not None and time.perf_counter() + searched >= ends):  # (the next search ends late)
                return best[1], best[0]
            b = best[1].copy()
            F = np.empty(len(codes), dtype=np.int32)
            kernels.transform_at(signatures, b, codes, F)
            chunk = ROUND_STEPS if steps is None else min(ROUND_STEPS, steps - walked)
            b = _walk_on(signatures, sizes, b, codes, F, None, chunk, (seed + walked) % (1 << 32), worse, tries)[1]
            walked += chunk
            if not np.array_equal(b, best[1]):
                break


def _ones_of(region: Regions, b: np.ndarray) -> np.ndarray:
    """Every region's count of ones for the touched regions' signed counts ``b`` (size less twice the ones), the
    untouched region all ones."""
    touched = region.signatures != 0
    ones = region.sizes.astype(np.int64)
    ones[touched] = (ones[touched] - b) // 2
    return ones


def _codeword(basis: np.ndarray, c: int) -> np.ndarray:
    chosen = [j for j in range(basis.shape[0]) if (c >> j) & 1]
    return (basis[chosen].sum(axis=0) % 2).astype(np.uint8) if chosen else np.zeros(basis.shape[1], dtype=np.uint8)


def coset_minimum(word: np.ndarray, basis: np.ndarray, max_nullity: int = MAX_NULLITY) -> tuple[int, np.ndarray]:
    """The least weight of ``word + span(basis)`` over GF(2), and a lightest word of the coset (exact).

    One Walsh-Hadamard transform over the basis's ``2^k`` combinations,
    on the regions of :func:`regions` (module docstring); ``k`` beyond
    ``max_nullity`` is refused.

    Examples
    --------
    >>> import numpy as np
    >>> coset_minimum(np.array([1, 1, 1, 0]), np.array([[1, 1, 0, 0], [0, 1, 1, 1]]))
    (1, array([0, 0, 1, 0], dtype=uint8))
    """
    basis = _bits(basis, "a basis", 2)
    word = _bits(word, "a word", 1)
    if word.shape[0] != basis.shape[1]:
        raise LimitError(f"the word has {word.shape[0]} entries, the basis {basis.shape[1]} columns")
    _check_nullity(basis.shape[0], max_nullity)
    region = regions(basis)
    weight, c, _ = _lightest(region, region.ones(word))
    best = (word.astype(np.uint8) ^ _codeword(basis, c))
    if int(best.sum()) != weight:
        raise ParityError(f"the coset search claimed weight {weight}, its word has {int(best.sum())}")
    return weight, best


@dataclass
class CoveringRadius:
    """The covering radius of a code and its certificate.

    Attributes
    ----------
    radius : int
        ``max over x of min over q in C of |x + q|``.
    worst : numpy.ndarray
        A word ``x`` at that distance from the code (0/1).
    codewords : list of int
        The coefficient vectors (bit ``j``: basis vector ``j``) of the
        codewords whose distances bound the radius: no word is farther than
        ``radius`` from all of them (the integer program over the regions,
        solved to optimality).
    rounds : int
        Cutting-plane rounds (integer programs solved).
    regions : int
        Regions of the code (distinct columns of the basis).
    seconds : float
    solver : str
        The integer solver that proved the bound.
    bounds : list of tuple
        The worst distance found and the bound after each round.
    complete : bool
        Whether every codeword was in the integer program (else the ones
        cutting planes added are listed in the proof).
    method : str
        How the bound was proved when not by the integer program (a word at
        :func:`parity_bound`); empty otherwise.
    """

    radius: int
    worst: np.ndarray
    codewords: list[int]
    rounds: int
    regions: int
    seconds: float = 0.0
    solver: str = "HiGHS"
    bounds: list = field(default_factory=list)
    complete: bool = False
    method: str = ""

    def proof(self) -> dict:
        """The certificate as JSON-ready data (the codewords' coefficient vectors in hex where not all of them)."""
        if self.method:  # no integer program: the theorem named is the bound
            return {"method": self.method, "solver": self.solver, "rounds": self.rounds, "regions": self.regions,
                    "codewords": 0, "upper_bound": self.radius, "lower_bound": self.radius}
        method = "every coset, by syndromes" if self.rounds == 0 else \
            "integer program over the code's regions" + ("" if self.complete else ", cutting planes")
        proof = {"method": method,
                 "solver": self.solver, "rounds": self.rounds, "regions": self.regions,
                 "codewords": len(self.codewords), "upper_bound": self.radius, "lower_bound": self.radius}
        if not self.complete:
            proof["codeword_coefficients"] = [format(c, "x") for c in self.codewords]
        return proof


def _integer_program(highspy):
    """An empty HiGHS model that maximises an integer distance, silent and on one thread."""
    # the plain model: highspy.Highs() prints a banner on stdout when made, which a JSON answer cannot have
    make = getattr(getattr(highspy, "_core", None), "_Highs", highspy.Highs)
    model = make()
    model.setOptionValue("output_flag", False)
    model.setOptionValue("threads", 1)
    # optimal means proved: HiGHS's default stops within a relative gap of 1e-4, a whole press on distances past
    # 10,000 (a 149 x 149 board was left at 12347 against a bound of 12348); the distance is an integer, so a gap
    # under 1/2 proves it
    model.setOptionValue("mip_rel_gap", 0.0)
    model.setOptionValue("mip_abs_gap", 0.5)
    return model


class _Master:
    """The integer program over the regions, codewords added as it goes: the most ones ``x`` may put in each
    region so that it is as far as possible from every codeword listed (HiGHS, branch and bound)."""

    def __init__(self, region: Regions) -> None:
        try:
            import highspy
        except ImportError as error:  # pragma: no cover - a dependency of parity
            raise ParityError("the covering radius needs HiGHS (pip install highspy)") from error
        self.highspy = highspy
        self.sizes = region.sizes.astype(float)
        self.signatures = region.signatures
        self.model = model = _integer_program(highspy)
        R = len(self.sizes)
        for r in range(R):  # the code's zero region (signature 0) is all ones in a worst word
            model.addVar(self.sizes[r] if self.signatures[r] == 0 else 0.0, self.sizes[r])
        model.addVar(0.0, float(self.sizes.sum()))  # t, the distance to beat
        model.changeColsIntegrality(R + 1, np.arange(R + 1, dtype=np.int32),
                                    np.array([highspy.HighsVarType.kInteger] * (R + 1)))
        model.changeObjectiveSense(highspy.ObjSense.kMaximize)
        model.changeColCost(R, 1.0)
        self.columns = np.arange(R + 1, dtype=np.int32)
        self.k = region.nullity

    def representatives(self, moves: np.ndarray | None = None) -> int:
        """Constraints that leave fewer words of each coset, and of each set of symmetric cosets: ``moves``
        lists permutations of the regions (a group) that keep the code.  Returns how many were added (bounds
        and rows).

        A word and the word plus a codeword lie in one coset.  Adding the
        codeword ``c`` flips the regions with ``s . c = 1``: their signed
        counts ``a_s = m_s - 2 x_s`` change sign.  So for ``k`` regions of
        independent signatures some codeword leaves each at most half ones
        (``x_s <= m_s / 2``): one word of every ``2^k`` is left.

        Symmetries along a chain of stabilisers, on ``|a|`` (which adding a
        codeword leaves alone, so both reductions hold together): a region
        ``r`` moved by the group has ``|a_r|`` at least every ``|a_o|`` of its
        orbit (some element of the group brings the largest there), then the
        same within the elements that fix ``r``, and so on.  With ``r`` one of
        the ``k`` regions (``a_r >= 0``) that is ``x_r <= x_o`` and
        ``x_r + x_o <= m_r``; the chain stops at a region whose signature
        depends on those before it.  Valid for the whole problem, so for
        every relaxation of it the master solves.
        """
        sizes, signatures = self.sizes, self.signatures
        R = len(sizes)
        pivots: dict[int, int] = {}

        def independent(r: int) -> bool:
            return _joins(pivots, int(signatures[r]))

        chosen, rows = [], []
        group = None if moves is None else np.unique(np.asarray(moves, dtype=np.int64).reshape(-1, R), axis=0)
        while group is not None and len(group) > 1:
            orbits = [np.unique(group[:, r]) for r in range(R)]
            r = max((r for r in range(R) if signatures[r]), key=lambda r: (len(orbits[r]), -r), default=None)
            if r is None or len(orbits[r]) < 2 or not independent(r):
                break
            chosen.append(r)
            rows += [(r, other) for other in orbits[r] if other != r]
            group = group[group[:, r] == r]
        for r in sorted(range(R), key=lambda r: (-(int(sizes[r]) % 2), -sizes[r], r)):
            if len(pivots) == self.k:
                break
            if signatures[r] and r not in chosen and independent(r):
                chosen.append(r)
        for r in chosen:
            self.model.changeColBounds(r, 0.0, float(sizes[r] // 2))
        for r, other in rows:  # |a_r| >= |a_other| with a_r >= 0
            columns = np.array([r, other], dtype=np.int32)
            self.model.addRow(-self.highspy.kHighsInf, 0.0, 2, columns, np.array([1.0, -1.0]))
            self.model.addRow(-self.highspy.kHighsInf, float(sizes[r]), 2, columns, np.array([1.0, 1.0]))
        return len(chosen) + 2 * len(rows)

    def cap(self, bound: int) -> None:
        """``t <= bound``, a bound known beforehand (:func:`parity_bound`)."""
        R = len(self.sizes)
        self.model.changeColBounds(R, 0.0, float(bound))

    def add(self, codewords: list[int]) -> None:
        """``t <= |x + q|`` for each codeword ``q`` (coefficient vectors): ``t + sum over the regions q covers
        of m_r - sum over the others of m_r <= the size of the regions q covers``."""
        flipped = _odd(self.signatures[None, :] & np.array(codewords, dtype=np.int64)[:, None])
        for row in flipped:
            values = np.append(np.where(row, 1.0, -1.0), 1.0)
            self.model.addRow(-self.highspy.kHighsInf, float(self.sizes[row].sum()), len(values), self.columns, values)

    def solve(self, time_limit: float | None) -> tuple[bool, int, np.ndarray | None]:
        """(optimal, bound, ones): the bound on ``t`` the solver proved (the optimum when ``optimal``), and its
        best answer (None when the time ran out before it had one)."""
        model = self.model
        model.setOptionValue("time_limit", float("inf") if time_limit is None else max(time_limit, 0.01))
        model.run()
        optimal = model.getModelStatus() == self.highspy.HighsModelStatus.kOptimal
        bound = model.getInfo().mip_dual_bound
        # the bound is a float: an integer t within the solver's tolerance of it is not ruled out
        upper = int(np.floor(bound + 1e-6)) if np.isfinite(bound) else int(self.sizes.sum())
        values = np.array(model.getSolution().col_value)
        if len(values) != len(self.sizes) + 1 or not np.isfinite(values).all():
            return optimal, upper, None
        ones = np.clip(np.rint(values[:-1]), 0, self.sizes).astype(np.int64)
        return optimal, max(upper, int(round(values[-1]))) if optimal else upper, ones


def _odd(words: np.ndarray) -> np.ndarray:
    """Whether each entry of an int64 array has an odd number of set bits."""
    words = words.copy()
    for shift in (32, 16, 8, 4, 2, 1):
        words ^= words >> shift
    return (words & 1).astype(bool)


#: codes whose codewords times regions are at most this many coefficients give every codeword to the integer
#: program in its first round (one program of 2^14 rows on the 71 x 71 board proved 2698 in 15 minutes, where
#: the cutting planes' rounds had not moved from the parity bound, 2700)
ALL_AT_ONCE = 1 << 25


def _permutations(symmetries, n: int) -> np.ndarray:
    """``symmetries`` as rows of permutations of ``n`` positions (int64), or a one-line refusal."""
    refusal = f"symmetries must be rows of permutations of the {n} positions"
    try:
        perms = np.asarray(symmetries)
    except (ValueError, TypeError):  # (ragged rows)
        raise LimitError(refusal) from None
    if perms.ndim != 2 or perms.shape[1] != n or perms.dtype.kind not in "iu" or \
            not (np.sort(perms, axis=1) == np.arange(n)).all():
        raise LimitError(refusal)
    return perms.astype(np.int64)


def _region_moves(region: Regions, basis: np.ndarray, symmetries, field: int = 2) -> np.ndarray:
    """The permutations of the regions that position permutations (rows of ``symmetries``) make; a row that is
    not a permutation is refused, and one that does not keep the code (its basis moved leaves the code's span
    over GF(field)) is left out."""
    from . import rank

    n = len(region.index)
    perms = _permutations(symmetries, n)
    first = _first_of(region.index)
    k = basis.shape[0]
    dimension = rank(basis, field=field) if k else 0  # (the rows need not be independent)
    moves = []
    for g in perms:
        image = region.index[g[first]]
        if not ((region.index[g] == image[region.index]).all() and len(np.unique(image)) == len(image)):
            continue
        if k and rank(np.vstack([basis, basis[:, g]]), field=field) != dimension:  # the code moved is another
            continue
        moves.append(image)
    return np.array(moves, dtype=np.int64).reshape(-1, len(region.sizes))


#: codes of at most this many parity checks (length less dimension) are answered by their cosets, one a syndrome
SYNDROME_BITS = 22


def _by_syndromes(basis: np.ndarray) -> tuple[int, np.ndarray]:
    """The covering radius by a breadth-first search over the ``2^(n-k)`` cosets (syndromes): each position's
    column of a parity-check matrix is a step, and a coset's distance from 0 is the weight of its lightest word.
    Returns the radius and a lightest word of a farthest coset (a worst word)."""
    from . import solve

    n = basis.shape[1]
    checks = solve(basis, np.zeros(basis.shape[0], dtype=np.int64)).basis if basis.shape[0] else np.eye(n, dtype=np.int64)
    r = checks.shape[0]
    steps = (checks.astype(np.int64).T << np.arange(r, dtype=np.int64)).sum(axis=1)  # position -> its syndrome
    distance = np.full(1 << r, -1, dtype=np.int64)
    parent = np.full(1 << r, -1, dtype=np.int64)
    distance[0], frontier, depth = 0, np.zeros(1, dtype=np.int64), 0
    while frontier.size:
        depth += 1
        found = []
        for position, step in enumerate(steps.tolist()):
            reached = frontier ^ step
            new = reached[distance[reached] < 0]
            new = np.unique(new)
            distance[new] = depth
            parent[new] = position
            found.append(new)
        frontier = np.concatenate(found) if found else np.zeros(0, dtype=np.int64)
    far = int(np.argmax(distance))
    word = np.zeros(n, dtype=np.uint8)
    while far:
        word[parent[far]] ^= 1
        far ^= int(steps[parent[far]])
    return int(distance.max()), word


def covering_radius(basis: np.ndarray, max_nullity: int = MAX_NULLITY, time_limit: float | None = None,
                    progress=None, symmetries=None, method: str | None = None,
                    walk: float | None = None) -> CoveringRadius:
    """The covering radius of the code spanned by the rows of ``basis`` over GF(2), with its certificate.

    Cutting planes (module docstring): the bound of the integer program over
    the regions falls and the worst word found rises until they meet.  Exact:
    the answer's worst word is checked to be that far from the code by the
    coset search, and the bound comes from an integer solver run to
    optimality.

    Parameters
    ----------
    basis : numpy.ndarray
        0/1, of shape ``(k, n)``: the code's basis, a row a vector.
    max_nullity : int
        Refuse ``k`` beyond it (each round weighs ``2^k`` codewords).
    time_limit : float, optional
        Seconds; when spent, :class:`~parity.errors.TimeLimitReached` names
        the bounds reached so far (past ``MAX_NULLITY`` with no walk, the
        sphere-covering bound of :func:`counting_bounds` below until a word
        passes it) and, as its ``worst``, a word at the lower bound, or
        None.
    progress : callable, optional
        Called as ``progress(round, lower, upper)`` after each round, and
        before the first as round 0 (the walk's word and the parity bound).
    symmetries : numpy.ndarray or callable, optional
        Rows of ``n`` integers: permutations of the positions that keep the
        code (a group, such as a board's automorphisms); one answer of every
        symmetric set is searched (constraints along a chain of stabilisers).
        A function giving them is called only when the integer program runs
        (a board's automorphisms can take longer than a walk's answer).
    method : str, optional
        ``"program"`` (the integer program), ``"syndromes"`` (a search over
        the ``2^(n-k)`` cosets, for codes of at most ``SYNDROME_BITS``
        parity checks) or None: the syndromes where they are that few.
    walk : float, optional
        Seconds of :func:`far_word`'s walk before the integer program, for a
        worst word to start from: a word at the parity bound ends the search
        there, and a stopped search reports the walk's word where the
        program found none as far.  By default ``WALK_SECONDS`` (at most a
        quarter of ``time_limit``, and ``WALK_STEPS`` steps) on codes of
        dimension ``WALK_NULLITY`` to ``MAX_NULLITY``, none on the others; 0
        turns it off.  Past ``MAX_FAR`` the walk weighs its first word by a
        full coset search however short the limit (seconds at nullity 32),
        and the time limit is kept from then on.

    Examples
    --------
    The repetition code of length 3 (radius 1) and the whole space's
    complement, the zero code of length 4 (radius 4):

    >>> import numpy as np
    >>> covering_radius(np.array([[1, 1, 1]])).radius
    1
    >>> covering_radius(np.zeros((0, 4), dtype=np.uint8)).radius
    4
    """
    from .._limits import check_time_limit
    from ..errors import TimeLimitReached
    from . import rank

    started = time.perf_counter()
    time_limit = check_time_limit(time_limit)
    basis = _bits(basis, "a basis", 2).astype(np.uint8)
    k = basis.shape[0]
    _check_nullity(k, max_nullity)
    if basis.shape[1] == 0:  # no positions: every word is the empty word, at distance 0
        return CoveringRadius(0, np.zeros(0, dtype=np.uint8), [0], 0, 0, complete=True)
    if method not in (None, "program", "syndromes"):
        raise LimitError(f"method must be program or syndromes, got {method!r}")
    if walk is None:
        walk = 0.0 if not WALK_NULLITY <= k <= MAX_NULLITY else \
            WALK_SECONDS if time_limit is None else min(WALK_SECONDS, time_limit / 4)
    elif isinstance(walk, bool) or not (isinstance(walk, (int, float, np.integer, np.floating))
                                        and 0 <= walk < float("inf")):
        raise LimitError(f"walk must be a number of seconds, 0 or more, got {walk!r}")
    elif walk > 0 and k > MAX_NULLITY:
        raise NullityTooLargeError(f"a walk whose rounds weigh the 2^{k} codewords is beyond 2^{MAX_NULLITY}")
    if time_limit is not None:
        walk = min(walk, time_limit)
    region = regions(basis)
    lazy = callable(symmetries)
    moves = None if symmetries is None or lazy else _region_moves(region, basis, symmetries)  # (refused if bad)
    checks = basis.shape[1] - (rank(basis) if k else 0)
    if method == "syndromes" or (method is None and checks <= SYNDROME_BITS):
        if checks > SYNDROME_BITS + 4:
            raise NullityTooLargeError(f"a search over 2^{checks} cosets is beyond 2^{SYNDROME_BITS + 4}")
        radius, word = _by_syndromes(basis)
        if coset_minimum(word, basis, max_nullity=max(max_nullity, k))[0] != radius:
            raise ParityError(f"the farthest coset's word is not {radius} from the code")
        return CoveringRadius(radius, word, [], 0, len(region.sizes), time.perf_counter() - started,
                              solver="every coset (syndromes)", complete=True)
    lower, worst = -1, None
    upper = parity_bound(region)
    walked = 0.0  # (past MAX_FAR, at least one coset search's seconds)
    if walk > 0:
        began = time.perf_counter()
        word, weighed = _walk(region, None, float(walk), WALK_STEPS, 0)
        walked = time.perf_counter() - began if weighed is not None else 0.0
        lower = weighed if weighed is not None else coset_minimum(word, basis, max_nullity=max(max_nullity, k))[0]
        worst = region.ones(word)
    counted = 0  # past the walks, the lower bound the bounds report until a word passes it: counting's (no word)
    if k > MAX_NULLITY:  # (where no walk runs)
        try:
            counted = counting_bounds(basis)[0]
        except LimitError:  # (too long to count exactly)
            pass
    if progress is not None:
        progress(0, max(lower, counted, 0), upper)
    if lower >= upper:  # the walk reached the parity bound: no integer program needed
        return CoveringRadius(lower, region.word(worst), [], 0, len(region.sizes), time.perf_counter() - started,
                              solver="none", bounds=[(lower, upper)], complete=False,
                              method="a word at the parity bound, found by a walk over the regions")
    if lazy:
        symmetries = symmetries()
        moves = None if symmetries is None else _region_moves(region, basis, symmetries)
    codewords = list(range(1 << k)) if (1 << k) * (len(region.sizes) + 1) <= ALL_AT_ONCE else \
        [0] + [1 << j for j in range(k)]
    listed = set(codewords)
    master = _Master(region)
    master.representatives(moves)
    master.add(codewords)
    rounds = 0
    bounds = []
    searched = walked  # the last coset search's seconds (the walk's, past MAX_FAR: an upper estimate)
    master.cap(upper)

    def stop():
        why = f"time limit of {time_limit:g} s" if time_limit is not None else "the integer solver stopped"
        low, word = max(lower, 0), None if worst is None else region.word(worst)
        if counted > low:  # (no word is that far yet: the error's word is one at its lower bound, or none)
            low, word, why = counted, None, f"{why}; the lower bound by counting"
        error = TimeLimitReached(f"the covering radius lies between {low} and {upper} ({why})")
        error.bounds, error.worst = (low, upper), word
        return error

    while True:
        left = None if time_limit is None else time_limit - (time.perf_counter() - started)
        if left is not None and left <= 0:
            raise stop()
        optimal, bound, ones = master.solve(left)
        upper = min(upper, bound)
        rounds += 1
        if ones is not None and (optimal or k <= 24):  # (a stopped search does not start a long transform)
            if time_limit is not None and time.perf_counter() + searched > started + time_limit:
                raise stop()  # (nor one that the last says would end past the limit)
            began = time.perf_counter()
            deadline = None if time_limit is None else started + time_limit
            searches = _lightest(region, ones, bound, room=CUTS, deadline=deadline) if k else (int(ones.sum()), 0, [])
            if searches is None:  # (the search would have ended past the limit: its parts stopped at it)
                raise stop()
            weight, c, cuts = searches
            searched = time.perf_counter() - began
            if weight > lower:
                lower, worst = weight, ones
        if not optimal:
            raise stop()
        bounds.append((lower, upper))
        if progress is not None:
            progress(rounds, max(lower, counted, 0), upper)
        if lower >= upper:
            break
        new = [cut for cut in [c, *cuts] if cut not in listed]
        if c in listed or not new:  # the search's lightest codeword is already a cut: the bound would hold it
            raise ParityError(f"cutting planes stalled at codeword {c:x} (bound {upper}, word {weight})")
        codewords += new
        listed.update(new)
        master.add(new)
    word = region.word(worst)
    check, _ = coset_minimum(word, basis, max_nullity=max(max_nullity, k))
    if check != lower:
        raise ParityError(f"the worst word found is {check} from the code, not the {lower} claimed")
    return CoveringRadius(lower, word, codewords, rounds, len(region.sizes), time.perf_counter() - started,
                          bounds=bounds, complete=len(codewords) == 1 << k)


#: GF(p) codes of at most this many codewords are given to the integer program whole
MOST_CODEWORDS_GFP = 3 ** 9
#: and its size over GF(p): variables (a region's count of each value) and coefficients at most
MOST_VARIABLES_GFP = 1_500
MOST_ENTRIES_GFP = 30_000_000


def covering_radius_gfp(basis: np.ndarray, p: int, time_limit: float | None = None) -> CoveringRadius:
    """The covering radius of the code spanned by the rows of ``basis`` over GF(p), a word weighed by the sum of
    its entries as integers ``0 .. p-1`` (each press of a multi-state light counts), with its certificate.

    The positions are grouped by their column of the basis (a signature in
    GF(p)^k); the integer program chooses how many positions of each region
    hold each value (``y[r, v]``) to maximise ``t``, with ``t`` at most the
    weight of the word plus each codeword ``c``: in region ``r`` the value
    ``v`` becomes ``(v + s_r . c) mod p``.  ``t`` is capped by the average
    over the codewords: outside the region no codeword touches, each adds
    every value of GF(p) equally often, so a word's weights average at most
    ``(p - 1) m_0 + (p - 1)(n - m_0) / 2``.  Every one of the ``p^k``
    codewords is in the program (at most :data:`MOST_CODEWORDS_GFP`), so the
    optimum is the radius; the worst word found is weighed against every
    codeword again.

    Examples
    --------
    The repetition code of length 3 over GF(3): the word 0 1 2 is at weight
    3 from every codeword (0 1 2, 1 2 0, 2 0 1), and no word is farther:

    >>> import numpy as np
    >>> found = covering_radius_gfp(np.array([[1, 1, 1]]), 3)
    >>> found.radius, sorted(found.worst.tolist())
    (3, [0, 1, 2])
    """
    from .._limits import check_time_limit
    from ..errors import TimeLimitReached
    from .gfp import check_field, rref_gfp

    started = time.perf_counter()
    time_limit = check_time_limit(time_limit)
    p = check_field(p)
    basis = _basis_gfp(basis, p)
    k, n = basis.shape
    if n == 0:
        return CoveringRadius(0, np.zeros(0, dtype=np.int64), [0], 0, 0, complete=True)
    if k == 0:  # the code is {0}: the word of p - 1 everywhere is the farthest, at (p - 1) n
        return CoveringRadius((p - 1) * n, np.full(n, p - 1, dtype=np.int64), [0], 0, 1, time.perf_counter() - started,
                              solver="none (the code is 0)", complete=True)
    signatures, index, sizes, digits = _regions_gfp(basis, p)
    variables, entries = len(sizes) * p, p ** k * (len(sizes) * p + 1)
    if variables > MOST_VARIABLES_GFP or entries > MOST_ENTRIES_GFP:
        raise NullityTooLargeError(f"the integer program over GF({p}) would have {variables} variables and {entries} "
                                   f"coefficients ({p}^{k} codewords over {len(sizes)} regions), beyond "
                                   f"{MOST_VARIABLES_GFP} and {MOST_ENTRIES_GFP}")
    coefficients = _coefficients_gfp(k, p)
    shifts = (coefficients @ digits.T) % p  # [codeword, region]: what the codeword adds to the region's values
    import highspy

    model = _integer_program(highspy)
    R = len(sizes)
    count = R * p  # y[r, v] is column r * p + v; t is the last
    for r in range(R):
        for _ in range(p):
            model.addVar(0.0, float(sizes[r]))
    untouched = int(sizes[signatures == 0].sum())  # a codeword adds a value spread evenly over GF(p) elsewhere,
    cap = (p - 1) * untouched + (p - 1) * (n - untouched) // 2  # so every word's weights average this at most
    model.addVar(0.0, float(cap))
    model.changeColsIntegrality(count + 1, np.arange(count + 1, dtype=np.int32),
                                np.array([highspy.HighsVarType.kInteger] * (count + 1)))
    model.changeObjectiveSense(highspy.ObjSense.kMaximize)
    model.changeColCost(count, 1.0)
    for r in range(R):  # every position of a region holds some value
        model.addRow(float(sizes[r]), float(sizes[r]), p, np.arange(r * p, r * p + p, dtype=np.int32), np.ones(p))
    # one word of each coset: adding the codeword c adds s . c to every value of the region of signature s, and
    # for independent signatures (rref's pivot columns) some codeword adds any chosen amounts, so 0 can be made
    # the commonest value in each of them
    for r in rref_gfp(digits.T, p)[1]:
        for v in range(1, p):
            model.addRow(-highspy.kHighsInf, 0.0, 2, np.array([r * p + v, r * p], dtype=np.int32), np.array([1.0, -1.0]))
    values = np.arange(p)
    every = np.arange(count + 1, dtype=np.int32)
    for row, shift in enumerate(shifts):  # t - sum y[r, v] ((v + shift_r) mod p) <= 0
        weights = -((values[None, :] + shift[:, None]) % p).astype(float).ravel()
        model.addRow(-highspy.kHighsInf, 0.0, count + 1, every, np.append(weights, 1.0))
        if time_limit is not None and row % 256 == 0 and time.perf_counter() - started > time_limit:
            error = TimeLimitReached(f"the covering radius over GF({p}) was not reached: the time limit of "
                                     f"{time_limit:g} s was spent building the integer program")
            error.bounds, error.worst = (0, cap), None
            raise error
    if time_limit is not None:  # what is left of it
        model.setOptionValue("time_limit", max(time_limit - (time.perf_counter() - started), 0.01))
    model.run()
    status = model.getModelStatus()

    def word() -> np.ndarray | None:
        """The solver's best answer as a word (the region's positions in order take the values 0, 1, ... as many
        times as counted), or None before it has one."""
        solution = np.array(model.getSolution().col_value)
        if len(solution) != count + 1 or not np.isfinite(solution).all():
            return None
        counts = np.clip(np.rint(solution[:count]).astype(np.int64).reshape(R, p), 0, None)
        if not (counts.sum(axis=1) == sizes).all():
            return None
        worst = np.empty(n, dtype=np.int64)
        for r in range(R):
            worst[index == r] = np.repeat(values, counts[r])
        return worst

    def least(w: np.ndarray) -> int:  # the word's distance to the code: every codeword weighed again
        return int(((w[None, :] + coefficients @ basis) % p).sum(axis=1).min())

    if status != highspy.HighsModelStatus.kOptimal:
        bound = model.getInfo().mip_dual_bound
        upper = min(int(np.floor(bound + 1e-6)), cap) if np.isfinite(bound) else cap
        worst = word()
        lower = least(worst) if worst is not None else 0
        why = f"time limit of {time_limit:g} s" if time_limit is not None else \
            f"the integer solver stopped: {model.modelStatusToString(status)}"
        error = TimeLimitReached(f"the covering radius over GF({p}) lies between {lower} and {upper} ({why})")
        error.bounds, error.worst = (lower, upper), worst
        raise error
    worst = word()
    radius = least(worst)
    if radius != int(round(model.getInfo().objective_function_value)):
        raise ParityError(f"the worst word found is {radius} from the code over GF({p}), not the bound claimed")
    return CoveringRadius(radius, worst, list(range(p ** k)), 1, R, time.perf_counter() - started,
                          solver="HiGHS", complete=True)


def _entries_gfp(basis, p: int) -> np.ndarray:
    """A basis over GF(p) as given, refused in one line unless its entries are 0..p-1 in two dimensions."""
    array = np.asarray(basis)
    if array.ndim != 2 or (array.size and (array.dtype.kind not in "iu" or array.min() < 0 or array.max() >= p)):
        raise LimitError(f"a basis over GF({p}) must be a 2-dimensional array of integers 0..{p - 1}")
    return array


def _basis_gfp(basis, p: int) -> np.ndarray:
    """A basis over GF(p) as int64, refused in one line unless its entries are 0..p-1 in two dimensions, or when
    its ``p^k`` codewords are beyond :data:`MOST_CODEWORDS_GFP`."""
    array = _entries_gfp(basis, p)
    k = array.shape[0]
    if p ** k > MOST_CODEWORDS_GFP:
        raise NullityTooLargeError(f"{p}^{k} codewords are beyond the integer program over GF({p}) "
                                   f"(at most {MOST_CODEWORDS_GFP})")
    return array.astype(np.int64)


def _regions_gfp(basis: np.ndarray, p: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The positions of a GF(p) code grouped by their column of the basis: the signatures (base-``p`` integers,
    increasing), each position's region, the regions' sizes, and each signature's digits (``[region, j]``)."""
    k = basis.shape[0]
    powers = p ** np.arange(k, dtype=np.int64)
    signatures, index, sizes = np.unique(basis.T @ powers, return_inverse=True, return_counts=True)
    return signatures, index.ravel(), sizes, (signatures[:, None] // powers[None, :]) % p


def _coefficients_gfp(k: int, p: int) -> np.ndarray:
    """Every coefficient vector of GF(p)^k, a row each, in the order of their base-``p`` integers."""
    return (np.arange(p ** k)[:, None] // (p ** np.arange(k, dtype=np.int64))[None, :]) % p


def symmetric_word_gfp(basis: np.ndarray, p: int, symmetries,
                       time_limit: float | None = None) -> tuple[int, np.ndarray, bool]:
    """:func:`symmetric_word` over GF(p): the farthest word from the code whose counts of each value a group of
    symmetries keeps, a word weighed by the sum of its entries as integers ``0 .. p-1``: (distance, word,
    optimal).

    The program of :func:`covering_radius_gfp` over the words whose count of
    each value is the same in every region of an orbit of the group that
    ``symmetries`` generate (a position permutation that does not keep the
    code is left out): a variable an orbit and value, the codewords' rows
    merged where the group makes them equal.  One word of each coset: the
    codewords that add the same to every region of an orbit keep a word
    symmetric, and in orbits to which they add independent amounts 0 can be
    made the commonest value.  The distance returned is the word's own, every
    codeword weighed again; ``optimal`` says that no word whose counts the group keeps is
    farther.

    Examples
    --------
    The 8 x 8 board of three-state lights: no start needs more than 60
    presses (a press counted each time), and a word its turns and mirrors
    keep is that far:

    >>> from parity.puzzles import LightsOut
    >>> puzzle = LightsOut("grid:8x8", field=3)
    >>> distance, word, optimal = symmetric_word_gfp(puzzle.solution_space().basis, 3, puzzle._rule_symmetries())
    >>> distance, optimal
    (60, True)
    """
    from .._limits import check_time_limit
    from . import null_space
    from .gfp import check_field, rref_gfp

    time_limit = check_time_limit(time_limit)
    p = check_field(p)
    basis = _basis_gfp(basis, p)
    k, n = basis.shape
    if symmetries is None:
        raise LimitError("symmetric_word_gfp needs symmetries: rows of permutations of the positions")
    _permutations(symmetries, n)  # (refused before the regions are made)
    if n == 0:
        return 0, np.zeros(0, dtype=np.int64), True
    signatures, index, sizes, digits = _regions_gfp(basis, p)
    R = len(sizes)
    orbit = _orbits(_region_moves(Regions(signatures, sizes, index, k), basis, symmetries, field=p), R)
    O = int(orbit.max()) + 1
    variables, entries = O * p, p ** k * (O * p + 1)
    if variables > MOST_VARIABLES_GFP or entries > MOST_ENTRIES_GFP:
        raise NullityTooLargeError(f"the program over symmetric words over GF({p}) would have {variables} variables "
                                   f"and {entries} coefficients ({p}^{k} codewords over {O} orbits), beyond "
                                   f"{MOST_VARIABLES_GFP} and {MOST_ENTRIES_GFP}")
    size = np.zeros(O, dtype=np.int64)
    size[orbit] = sizes
    members = np.zeros((R, O))
    members[np.arange(R), orbit] = 1.0
    shifts = (_coefficients_gfp(k, p) @ digits.T) % p  # [codeword, region]
    rows = np.zeros((len(shifts), O * p))
    for v in range(p):  # the weight of the word plus a codeword: sum over orbits and values of y[j, v] times
        rows[:, v::p] = ((v + shifts) % p) @ members  # the values v becomes in the orbit's regions
    rows = np.unique(rows, axis=0)
    import highspy

    model = _integer_program(highspy)
    count = O * p
    for j in range(O):
        for _ in range(p):
            model.addVar(0.0, float(size[j]))
    untouched = int(sizes[signatures == 0].sum())
    model.addVar(0.0, float((p - 1) * untouched + (p - 1) * (n - untouched) // 2))  # the average's cap
    model.changeColsIntegrality(count + 1, np.arange(count + 1, dtype=np.int32),
                                np.array([highspy.HighsVarType.kInteger] * (count + 1)))
    model.changeObjectiveSense(highspy.ObjSense.kMaximize)
    model.changeColCost(count, 1.0)
    for j in range(O):
        model.addRow(float(size[j]), float(size[j]), p, np.arange(j * p, j * p + p, dtype=np.int32), np.ones(p))
    first = _first_of(orbit)
    differences = (digits - digits[first[orbit]]) % p
    differences = differences[differences.any(axis=1)]
    U = null_space(differences, field=p) if len(differences) else np.eye(k, dtype=np.int64)
    if len(U):
        forms = (digits[first] @ U.T) % p  # [orbit, basis vector of U]: what it adds to the orbit
        for j in rref_gfp(forms.T, p)[1]:
            for v in range(1, p):
                model.addRow(-highspy.kHighsInf, 0.0, 2, np.array([j * p + v, j * p], dtype=np.int32),
                             np.array([1.0, -1.0]))
    every = np.arange(count + 1, dtype=np.int32)
    for row in rows:  # t - sum y[j, v] (its weight after the codeword) <= 0
        model.addRow(-highspy.kHighsInf, 0.0, count + 1, every, np.append(-row, 1.0))
    model.setOptionValue("time_limit", float("inf") if time_limit is None else max(time_limit, 0.01))
    model.run()
    values = np.array(model.getSolution().col_value)
    counts = np.zeros((O, p), dtype=np.int64)
    counts[:, 0] = size  # (HiGHS has the word of zeros, t = 0, at once)
    if len(values) == count + 1 and np.isfinite(values).all():
        found = np.clip(np.rint(values[:count]).astype(np.int64).reshape(O, p), 0, None)
        if (found.sum(axis=1) == size).all():
            counts = found
    word = np.empty(n, dtype=np.int64)
    for r in range(R):
        word[index == r] = np.repeat(np.arange(p), counts[orbit[r]])
    distance = int(((word[None, :] + _coefficients_gfp(k, p) @ basis) % p).sum(axis=1).min())
    optimal = model.getModelStatus() == highspy.HighsModelStatus.kOptimal
    if optimal and distance != int(round(values[-1])):
        raise ParityError(f"the symmetric program's word is {distance} from the code over GF({p}), not the "
                          f"{values[-1]:g} claimed")
    return distance, word, optimal


def _first_of(orbit: np.ndarray) -> np.ndarray:
    """For each class (an orbit, a region; numbered from 0), its first member."""
    first = np.full(int(orbit.max()) + 1 if len(orbit) else 0, -1, dtype=np.int64)
    first[orbit[::-1]] = np.arange(len(orbit))[::-1]
    return first
