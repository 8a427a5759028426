"""A local search for a word far from a GF(2) code: a lower bound on its covering radius where no program closes.
"""

from __future__ import annotations

import time

import numpy as np

from ..errors import LimitError, NullityTooLargeError
from .bounds import _least_largest, parity_bound
from .cosets import MAX_NULLITY, _kernels, coset_minimum, coset_search
from .regions import WORD_BITS, Regions, _bits, regions

__all__ = ["far_word", "MAX_FAR"]


#: the largest dimension :func:`far_word` walks with a table of all ``2^k`` distances (beyond, on a sample)
MAX_FAR = 24


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
    _whole(max_nullity, "max_nullity", 0, WORD_BITS)
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
    the new word's coset (:func:`~parity.codes.coset_search`), which gives its distance and adds its nearest codewords to the
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
        distance, nearest, others = coset_search(region, _ones_of(region, b), below=length + 1, room=SAMPLE_ROOM)
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
