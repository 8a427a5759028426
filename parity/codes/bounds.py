"""Bounds on the covering radius of a code from the sizes of its regions alone: parity above, counting below.
"""

from __future__ import annotations

import numpy as np

from ..errors import LimitError
from .regions import Regions, _bits, _entries_gfp

__all__ = ["parity_bound", "counting_bounds", "MOST_COUNTED", "MOST_COUNTED_GFP"]


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
    >>> from parity.codes import regions
    >>> parity_bound(regions(np.array([[1, 1, 1]])))
    1
    >>> from parity.puzzles import LightsOut
    >>> [parity_bound(regions(LightsOut(f"grid:{n}x{n}").solution_space().basis)) for n in (5, 9)]
    [15, 40]
    """
    if not isinstance(region, Regions):
        raise LimitError(f"the parity bound takes the regions of a code (parity.codes.regions(basis)), "
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


#: :func:`~parity.codes.counting_bounds` counts the words of each weight exactly: over GF(2) up to this many
#: touched positions (a few seconds), over GF(p) while ``(p - 1) n'^2`` is at most ``MOST_COUNTED_GFP``
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
    from ..linalg import rank
    from ..linalg.gfp import check_field

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
    from ..linalg import rank

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
