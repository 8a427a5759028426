"""The covering radius of a code over GF(p), a word weighed by the sum of its entries as integers ``0 .. p-1``.
"""

from __future__ import annotations

import time

import numpy as np

from ..errors import NullityTooLargeError, ParityError
from .radius import CoveringRadius, _integer_program
from .regions import _entries_gfp

__all__ = ["covering_radius_gfp", "MOST_CODEWORDS_GFP"]


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
    codewords is in the program (at most :data:`~parity.codes.radius_gfp.MOST_CODEWORDS_GFP`), so the
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
    from ..linalg.gfp import check_field, rref_gfp

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
    from .._extras import require

    highspy = require("highspy", "the covering radius's integer program")

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
