"""One code's regions inside another's: bounds carried up and far words carried down between codes of one nullity.

Boards whose quiet patterns are the same ones repeated (the 9 x 9 board's in
the 49 x 49, 109 x 109, ... boards) ask one covering-radius question with
looser limits: an :func:`embedding` of the smaller code's regions in the
larger's carries an upper bound down (:func:`transferred_bound`) and a far
word up (:func:`carried_word`).
"""

from __future__ import annotations

import numpy as np

from ..errors import LimitError
from .regions import Regions, _joins

__all__ = ["embedding", "transferred_bound", "carried_word", "EMBEDDING_TRIES"]


#: and the images it tries before it gives up (about ten seconds)
EMBEDDING_TRIES = 1_000_000


def _region_sizes(region: Regions) -> dict[int, int]:
    return {int(s): int(m) for s, m in zip(region.signatures, region.sizes)}


def _fits(m, size):
    """Whether a region of ``m`` positions fits in one of ``size`` (no larger, the same parity); arrays too."""
    return (m <= size) & ((size - m) % 2 == 0)


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

    >>> from parity.codes import regions
    >>> from parity.puzzles import LightsOut
    >>> r = [regions(LightsOut(f"grid:{n}x{n}").solution_space().basis) for n in (9, 49)]
    >>> embedding(r[0], r[1]) is not None, embedding(r[1], r[0]) is None
    (True, True)
    """
    for region in (small, large):
        if not isinstance(region, Regions):
            raise LimitError(f"an embedding takes the regions of two codes (parity.codes.regions(basis)), "
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
            raise LimitError(f"an embedding takes the regions of two codes (parity.codes.regions(basis)), "
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

    >>> from parity.codes import regions
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

    >>> from parity.codes import coset_minimum, covering_radius, regions
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
