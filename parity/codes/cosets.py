"""The least weight of a coset of a GF(2) code: one Walsh-Hadamard transform over the coefficient vectors.

A word ``x + sum_j c_j q_j`` of the coset has, in the region of signature
``s``, either the region's ones of ``x`` (``s . c = 0``) or its zeros, so its
weight is ``sum(x) + sum_s w_s [s . c = 1]`` (``w_s`` the region's size less
twice its ones): the lightest word is where the transform of ``w`` is
largest, ``k 2^k`` additions whatever the length (:func:`coset_minimum`, on
the compiled kernels of ``_kernels.py``).  :func:`coset_search` is the
search itself on a code's regions, in parts or against a deadline, and
:func:`codeword` the codeword its coefficients name.
"""

from __future__ import annotations

import threading
import time

import numpy as np

from ..errors import LimitError, NullityTooLargeError, ParityError
from .regions import Regions, _bits, regions

__all__ = ["coset_minimum", "coset_search", "codeword", "least_weight", "least_weight_steps", "MAX_NULLITY", "DEADLINE_HIGHS",
           "TRANSFORM_FROM", "TRANSFORM_DISCOUNT"]


#: the largest nullity searched by default (2^34 coefficient vectors, a few minutes a coset on two cores)
MAX_NULLITY = 34


#: a coset search with a deadline looks at the clock after each part of this many times 2^20 coefficient vectors
#: (a twentieth of a second on one core)
DEADLINE_HIGHS = 64


#: from this nullity on, :func:`least_weight` weighs a GF(2) solution space by the transform; below it the
#: Gray-code walk (a few word operations a solution) is as quick and needs no kernel of this package
TRANSFORM_FROM = 20
#: against ``max_nullity``, the transform's ``2^k`` coefficient vectors cost as ``2^(k - TRANSFORM_DISCOUNT)`` steps
#: of the walk: measured, nullity 28 (the 64 x 64 board) takes 0.08 s against the walk's 8.6 s, and nullity 32
#: (39 x 39) 1.35 s, where the walk would take about two minutes
TRANSFORM_DISCOUNT = 6


def least_weight_steps(nullity: int) -> int:
    """``s``: :func:`least_weight` weighs a GF(2) solution space of this nullity in about ``2 ** s`` steps of the
    walk (the walk itself below :data:`TRANSFORM_FROM`, the transform, at 1/64 of a step a combination, from there).

    Examples
    --------
    >>> least_weight_steps(12), least_weight_steps(32)
    (12, 26)
    """
    from .regions import WORD_BITS

    return nullity if nullity < TRANSFORM_FROM or nullity > WORD_BITS else nullity - TRANSFORM_DISCOUNT


def least_weight(space, max_nullity: int = 30) -> tuple[int, np.ndarray]:
    """The least weight of the solutions of a :class:`~parity.linalg.SolutionSpace` and one lightest solution
    (exact), by the fastest search that applies.

    Over GF(2) from nullity ``TRANSFORM_FROM`` on, the coset
    ``particular + span(basis)`` is weighed by one Walsh-Hadamard transform
    (:func:`coset_minimum`), whose cost does not grow with the number of
    unknowns; otherwise by the space's own walk
    (:meth:`~parity.linalg.SolutionSpace.minimum_weight`, which also
    answers over GF(p)).  ``max_nullity`` bounds the work as there: at most
    ``2 ** max_nullity`` steps of the walk, a coefficient vector of the
    transform counting ``2 ** -TRANSFORM_DISCOUNT`` of a step.  Below
    ``TRANSFORM_FROM`` the answer is the walk's (the first lightest
    solution in its order); from there, a lightest solution, the same weight.

    Examples
    --------
    >>> from parity.puzzles import LightsOut
    >>> space = LightsOut("grid:39x39").solution_space()
    >>> space.nullity, least_weight(space)[0]   # 2^32 solutions weighed by the transform
    (32, 561)
    >>> least_weight(LightsOut("grid:5x5").solution_space())[0]
    15
    """
    from .._limits import check_max_nullity
    from .regions import WORD_BITS

    k = space.nullity
    if space.field != 2 or not space.solvable or k < TRANSFORM_FROM or k > WORD_BITS:
        return space.minimum_weight(max_nullity=max_nullity)
    if least_weight_steps(k) > check_max_nullity(max_nullity):
        raise NullityTooLargeError(
            f"the minimum search would weigh 2^{k} solutions by the transform, as long as walking "
            f"2^{least_weight_steps(k)} of them, more than the bound 2^{max_nullity} (raise max_nullity to try "
            "anyway)")
    weight, word = coset_minimum(space.particular, space.basis, max_nullity=k)
    return weight, word.astype(np.int64)


def _kernels():
    from .._compiled import load_kernels

    return load_kernels("parity.codes._kernels")


def _check_nullity(k: int, max_nullity: int) -> None:
    from .._limits import check_max_nullity

    if k > check_max_nullity(max_nullity):
        raise NullityTooLargeError(f"the coset search would weigh 2^{k} codewords, more than the bound "
                                   f"2^{max_nullity}; raise max_nullity to try anyway")


def coset_search(region: Regions, ones: np.ndarray, below: int | None = None, room: int = 0, low_bits: int = 20,
                 threads: int = 2, highs: tuple[int, int] | None = None,
                 deadline: float | None = None) -> tuple[int, int, list[int]] | None:
    """The coset search on a code's regions: the least weight of a coset, and the coefficients that reach it.

    The coset is that of a word with ``ones[r]`` ones in region ``r`` of
    the code (:func:`~parity.codes.regions`); the search is one
    Walsh-Hadamard transform over every coefficient vector (module
    docstring), cut into parts of ``2^low_bits`` that run on ``threads``
    threads.  :func:`coset_minimum` is this search for a word and a basis;
    this form lets a long search go in parts and keeps its nearest
    codewords.

    Parameters
    ----------
    region : Regions
        The code's regions.
    ones : numpy.ndarray
        How many ones the word has in each region (:meth:`Regions.ones`).
    below : int, optional
        With ``room``: the weight under which coefficient vectors are kept.
    room : int
        How many of the lightest coefficient vectors (weights under
        ``below``) to keep besides the first lightest one.
    low_bits : int
        The low bits of a coefficient vector weighed in one transform.
    threads : int
        How many threads share the parts.
    highs : tuple of int, optional
        ``(first, last)``: weigh only the coefficient vectors whose bits from
        ``low_bits`` up lie in ``[first, last)``, a part of a long search
        (the whole of it has ``2^(k - low_bits)`` such parts).
    deadline : float, optional
        A ``time.perf_counter()`` time: the search goes in parts of
        ``DEADLINE_HIGHS`` and gives None when one would start past it.

    Returns
    -------
    tuple or None
        The least weight, the first coefficient vector reaching it (an
        integer, bit ``j`` for basis vector ``j``: the codeword
        :func:`codeword` makes), and up to ``room`` of the lightest
        coefficient vectors with weights under ``below``, lightest first;
        None when the deadline passed.

    Examples
    --------
    >>> import numpy as np
    >>> from parity.codes import regions
    >>> basis = np.array([[1, 1, 0, 0], [0, 1, 1, 1]])
    >>> region = regions(basis)
    >>> coset_search(region, region.ones(np.array([1, 1, 1, 0])), below=3, room=2)
    (1, 1, [1, 2])
    >>> codeword(basis, 1) ^ np.array([1, 1, 1, 0], dtype=np.uint8)  # the lightest word, weight 1
    array([0, 0, 1, 0], dtype=uint8)
    """
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


def codeword(basis: np.ndarray, coefficients: int) -> np.ndarray:
    """The codeword ``sum_j c_j q_j`` over GF(2) of the rows ``q_j`` of ``basis`` (0/1), the coefficients given as
    an integer, bit ``j`` for row ``j`` (as :func:`coset_search` gives them).

    Examples
    --------
    >>> import numpy as np
    >>> codeword(np.array([[1, 1, 0, 0], [0, 1, 1, 1]]), 0b11)
    array([1, 0, 1, 1], dtype=uint8)
    """
    chosen = [j for j in range(basis.shape[0]) if (coefficients >> j) & 1]
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
    weight, c, _ = coset_search(region, region.ones(word))
    best = (word.astype(np.uint8) ^ codeword(basis, c))
    if int(best.sum()) != weight:
        raise ParityError(f"the coset search claimed weight {weight}, its word has {int(best.sum())}")
    return weight, best
