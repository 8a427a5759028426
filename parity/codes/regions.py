"""The regions of a GF(2) code: its positions grouped by their column of the basis.

A codeword ``sum_j c_j q_j`` is 1 exactly on the regions whose ``k``-bit
signature ``s`` has ``s . c = 1``, so the questions of this package (the
least weight of a coset, the covering radius, their bounds) depend on a
word only through how many ones it has in each region.  Also the checks on
the bases and symmetries these questions are given.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import LimitError, NullityTooLargeError

__all__ = ["Regions", "regions", "orbits", "WORD_BITS"]


#: signatures are held in one machine word: a code of larger dimension has no regions
WORD_BITS = 62


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
    if k > WORD_BITS:
        raise NullityTooLargeError(f"a code of dimension {k} is beyond the coset search (at most {WORD_BITS})")
    weights = np.left_shift(np.int64(1), np.arange(k, dtype=np.int64))
    columns = (basis.astype(np.int64) & 1).T @ weights if k else np.zeros(basis.shape[1], dtype=np.int64)
    signatures, index, sizes = np.unique(columns, return_inverse=True, return_counts=True)
    return Regions(signatures.astype(np.int64), sizes.astype(np.int64), index.astype(np.int64).ravel(), k)


def _joins(pivots: dict[int, int], s: int) -> bool:
    """Whether the signature ``s`` is outside the span of ``pivots`` (leading bit -> vector, reduced); then it
    joins them."""
    for bit in sorted(pivots, reverse=True):
        if s >> bit & 1:
            s ^= pivots[bit]
    if s:
        pivots[s.bit_length() - 1] = s
    return bool(s)


def _odd(words: np.ndarray) -> np.ndarray:
    """Whether each entry of an int64 array has an odd number of set bits."""
    words = words.copy()
    for shift in (32, 16, 8, 4, 2, 1):
        words ^= words >> shift
    return (words & 1).astype(bool)


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
    from ..linalg import rank

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


def orbits(moves: np.ndarray, count: int) -> np.ndarray:
    """The orbits of ``count`` items under the group that the permutations ``moves`` (rows) generate.

    Parameters
    ----------
    moves : numpy.ndarray
        Permutations of ``0 .. count - 1``, one a row (item ``i`` goes to
        ``moves[g, i]``); the group they generate is meant, so generators
        are enough.
    count : int
        How many items.

    Returns
    -------
    numpy.ndarray
        Each item's orbit, numbered from 0 in the order of each orbit's first
        item.

    Examples
    --------
    A quarter turn of the 2 x 2 grid's cells (row-major) joins all four; a
    mirror joins them in pairs:

    >>> import numpy as np
    >>> orbits(np.array([[1, 3, 0, 2]]), 4).tolist(), orbits(np.array([[1, 0, 3, 2]]), 4).tolist()
    ([0, 0, 0, 0], [0, 0, 1, 1])
    """
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


def _first_of(orbit: np.ndarray) -> np.ndarray:
    """For each class (an orbit, a region; numbered from 0), its first member."""
    first = np.full(int(orbit.max()) + 1 if len(orbit) else 0, -1, dtype=np.int64)
    first[orbit[::-1]] = np.arange(len(orbit))[::-1]
    return first


def _entries_gfp(basis, p: int) -> np.ndarray:
    """A basis over GF(p) as given, refused in one line unless its entries are 0..p-1 in two dimensions."""
    array = np.asarray(basis)
    if array.ndim != 2 or (array.size and (array.dtype.kind not in "iu" or array.min() < 0 or array.max() >= p)):
        raise LimitError(f"a basis over GF({p}) must be a 2-dimensional array of integers 0..{p - 1}")
    return array
