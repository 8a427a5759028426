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
>>> from parity.codes import coset_minimum, covering_radius
>>> space = LightsOut("grid:5x5").solution_space()
>>> coset_minimum(space.particular, space.basis)[0]
15
>>> covering_radius(space.basis).radius
15
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np

from ..errors import LimitError, NullityTooLargeError, ParityError
from .bounds import counting_bounds, parity_bound
from .cosets import MAX_NULLITY, _check_nullity, coset_minimum, coset_search
from .regions import Regions, _bits, _joins, _odd, _region_moves, regions
from .walk import _walk

__all__ = ["CoveringRadius", "covering_radius", "SYNDROME_BITS"]


#: codewords added to the integer program a round at most (the lightest against its last answer)
CUTS = 64


#: :func:`covering_radius` walks first on codes of this dimension or more (up to MAX_NULLITY), for at most
#: WALK_SECONDS and WALK_STEPS
WALK_NULLITY = 10
WALK_SECONDS = 5.0
WALK_STEPS = 20_000


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
        from .._extras import require

        highspy = require("highspy", "the covering radius's integer program")
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


#: codes whose codewords times regions are at most this many coefficients give every codeword to the integer
#: program in its first round (one program of 2^14 rows on the 71 x 71 board proved 2698 in 15 minutes, where
#: the cutting planes' rounds had not moved from the parity bound, 2700)
ALL_AT_ONCE = 1 << 25


#: codes of at most this many parity checks (length less dimension) are answered by their cosets, one a syndrome
SYNDROME_BITS = 22


def _by_syndromes(basis: np.ndarray) -> tuple[int, np.ndarray]:
    """The covering radius by a breadth-first search over the ``2^(n-k)`` cosets (syndromes): each position's
    column of a parity-check matrix is a step, and a coset's distance from 0 is the weight of its lightest word.
    Returns the radius and a lightest word of a farthest coset (a worst word)."""
    from ..linalg import solve

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
    from ..linalg import rank

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
            searches = coset_search(region, ones, bound, room=CUTS, deadline=deadline) if k else (int(ones.sum()), 0, [])
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
