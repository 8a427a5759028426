"""The farthest word from a code among those a group of symmetries keeps: a lower bound on its covering radius.

The integer program of :func:`~parity.codes.covering_radius` (over GF(p),
:func:`~parity.codes.covering_radius_gfp`) solved over the words whose counts
are the same in every region of an orbit: a variable an orbit, far smaller.
"""

from __future__ import annotations

import numpy as np

from ..errors import LimitError, NullityTooLargeError, ParityError
from .bounds import parity_bound
from .cosets import MAX_NULLITY, coset_minimum
from .radius import _integer_program
from .radius_gfp import MOST_ENTRIES_GFP, MOST_VARIABLES_GFP, _basis_gfp, _coefficients_gfp, _regions_gfp
from .regions import Regions, _bits, _first_of, _joins, _odd, _permutations, _region_moves, orbits, regions

__all__ = ["symmetric_word", "symmetric_word_gfp", "MAX_SYMMETRIC"]


#: the largest dimension :func:`symmetric_word` takes (every codeword is weighed once to make its rows)
MAX_SYMMETRIC = 20
#: and its codewords times orbits at most (its rows before the group merges them)
MOST_SYMMETRIC_ENTRIES = 1 << 27


def _halved_orbits(region: Regions, orbit: np.ndarray, size: np.ndarray) -> list[int]:
    """Orbits whose count of ones :func:`symmetric_word` may take at most half their size: one word of each
    coset is enough among the symmetric words too.  The codewords ``u`` that flip every region of an orbit
    alike (``u . (s_r + s_o) = 0`` for ``r``, ``o`` of one orbit, a subspace ``U``) keep a word's counts
    symmetric, and flip orbit ``j`` by a linear form on ``U``; for orbits whose forms are independent some
    such codeword leaves each at most half ones (odd sizes, then larger ones, chosen first)."""
    from ..linalg import null_space

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
    orbit = orbits(moves, R)
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
    from .._extras import require

    highspy = require("highspy", "the covering radius's integer program")

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
    from ..linalg import null_space
    from ..linalg.gfp import check_field, rref_gfp

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
    orbit = orbits(_region_moves(Regions(signatures, sizes, index, k), basis, symmetries, field=p), R)
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
    from .._extras import require

    highspy = require("highspy", "the covering radius's integer program")

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
