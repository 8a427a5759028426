"""The fewest presses of one puzzle, and the most that any solvable start needs (Most Clicks).

:func:`minimum_presses` weighs every solution of a puzzle (exact).
:func:`most_clicks` answers the Most Clicks question of the Lights Out
literature: the covering radius of the code of quiet patterns
(:func:`parity.codes.covering_radius`, :func:`parity.codes.covering_radius_gfp`),
its worst start checked on the board.  They do the work of
:meth:`LightsOut.minimum_presses <parity.puzzles.LightsOut.minimum_presses>` and
:meth:`LightsOut.most_clicks <parity.puzzles.LightsOut.most_clicks>`, whose
documents say what they answer; :func:`rule_symmetries` gives the search the
board's symmetries to break.  :func:`most_clicks_answer` is ``parity solve
lightsout --most-clicks``.

Examples
--------
>>> from parity.puzzles import LightsOut
>>> most_clicks(LightsOut("grid:3x3"))["most_clicks"]  # nullity 0: one start needs every press
9
"""

from __future__ import annotations

import sys
import time

import numpy as np

from ...errors import InvalidSolution, LimitError
from ..base import node_labels
from .pictures import grid_text

__all__ = ["minimum_presses", "most_clicks", "rule_symmetries", "hex_symmetries", "MOST_CLICKS_KEYS",
           "most_clicks_answer"]

#: boards other than grids of at most this many nodes have their symmetries broken in the most clicks search
#: (finding a board's automorphisms takes about 2 s at 400 nodes, 9 s at 900)
_SYMMETRY_NODES = 400
#: the most clicks' worst start is checked by weighing every solution up to this nullity (the coset search beyond)
_WEIGHED_NULLITY = 20


def minimum_presses(puzzle, max_nullity: int = 30, engine: str | None = None) -> tuple[int, dict] | None:
    """The least number of presses that solves ``puzzle`` (a :class:`~parity.puzzles.LightsOut`), and one such
    solution, verified; None when there is none (see
    :meth:`LightsOut.minimum_presses <parity.puzzles.LightsOut.minimum_presses>`)."""
    from ..._limits import check_max_nullity

    max_nullity = check_max_nullity(max_nullity)
    space = puzzle.solution_space(engine)
    if not space.solvable:
        return None
    from ...codes import least_weight

    weight, x = least_weight(space, max_nullity=max_nullity)  # (from nullity 20, by the transform)
    presses = puzzle.presses(x)
    puzzle.verify(presses)
    if puzzle.weight(presses) != weight:
        raise InvalidSolution(f"the minimum search claimed {weight} presses, the solution has {puzzle.weight(presses)}")
    return weight, presses


def most_clicks(puzzle, max_nullity: int | None = None, engine: str | None = None, time_limit: float | None = None,
                progress=None, method: str | None = None) -> dict:
    """The most presses any solvable start of ``puzzle`` (a :class:`~parity.puzzles.LightsOut`) needs, with the
    worst start and a proof (see :meth:`LightsOut.most_clicks <parity.puzzles.LightsOut.most_clicks>`)."""
    from ..._limits import check_max_nullity
    from ...errors import NullityTooLargeError
    from ...codes import MAX_NULLITY, WORD_BITS, covering_radius

    if puzzle.field != 2:
        return _most_clicks_gfp(puzzle, engine, time_limit, max_nullity, progress, method)
    max_nullity = MAX_NULLITY if max_nullity is None else check_max_nullity(max_nullity)
    space = puzzle.solution_space(engine)
    if space.nullity > max_nullity:  # beyond the search: what counting alone proves goes with the refusal
        raise _with_counting_bounds(NullityTooLargeError(
            f"the Most Clicks search would weigh 2^{space.nullity} codewords, more than the bound "
            f"2^{max_nullity} (raise max_nullity to try anyway)"), space.basis, 2)
    if space.nullity > WORD_BITS:  # (the regions' signatures are machine words)
        raise _with_counting_bounds(NullityTooLargeError(
            f"the Most Clicks search takes nullity {WORD_BITS} at most, the board has {space.nullity}"),
            space.basis, 2)
    zeros = np.zeros(len(puzzle.nodes), dtype=np.int64)
    plain = puzzle._restarted(zeros, zeros)  # its symmetries keep the rule alone
    made = []  # the rule's symmetries, made only if the integer program runs

    def symmetries():
        made.append(rule_symmetries(plain))
        return made[0]

    found = covering_radius(space.basis, max_nullity=max_nullity, time_limit=time_limit, progress=progress,
                            symmetries=symmetries, method=method)
    start, worst = _worst_start(puzzle, plain, found.worst)
    if space.nullity <= _WEIGHED_NULLITY:
        least, presses = worst.minimum_presses(max_nullity=_WEIGHED_NULLITY, engine=engine)
        checked = "every solution weighed"
    else:
        from ...codes import coset_minimum

        again = worst.solution_space(engine)
        least, lightest = coset_minimum(again.particular, again.basis, max_nullity=space.nullity)
        presses = worst.presses(lightest.astype(np.int64))
        worst.verify(presses)
        checked = "the coset search on the worst start's own solutions"
    symmetric = len(made[0]) if made and made[0] is not None else 0
    proof = {**found.proof(), "checked_by": checked, "symmetries": symmetric,
             "seconds": round(found.seconds, 6)}
    return _clicks_answer(puzzle, found.radius, start, worst, least, presses, space.nullity, proof)


def _most_clicks_gfp(puzzle, engine: str | None, time_limit: float | None, max_nullity: int | None, progress,
                     method: str | None) -> dict:
    """:func:`most_clicks` over GF(p > 2): the integer program over every codeword at once
    (:func:`parity.codes.covering_radius_gfp`), its worst start checked as over GF(2)."""
    from ..._limits import check_max_nullity
    from ...errors import NullityTooLargeError, TimeLimitReached
    from ...codes import covering_radius_gfp

    p = puzzle.field
    if method not in (None, "program"):
        raise LimitError(f"over GF({p}) the most clicks are found by the integer program (method 'program'), "
                         f"not {method!r}")
    bound = None if max_nullity is None else check_max_nullity(max_nullity)
    space = puzzle.solution_space(engine)
    try:
        if bound is not None and space.nullity > bound:
            raise NullityTooLargeError(f"the board's nullity over GF({p}) is {space.nullity}, beyond max_nullity "
                                       f"{bound}")
        found = covering_radius_gfp(space.basis, p, time_limit=time_limit)
    except TimeLimitReached as stopped:
        if progress is not None:
            progress(1, *stopped.bounds)
        raise
    except NullityTooLargeError as beyond:  # what counting alone proves goes with the refusal
        raise _with_counting_bounds(beyond, space.basis, p) from None
    zeros = np.zeros(len(puzzle.nodes), dtype=np.int64)
    start, worst = _worst_start(puzzle, puzzle._restarted(zeros, zeros), found.worst)
    least, presses = worst.minimum_presses(engine=engine)
    proof = {**found.proof(), "method": f"integer program over the code's regions, every codeword (GF({p}))",
             "checked_by": "every solution weighed", "symmetries": 0, "seconds": round(found.seconds, 6)}
    return _clicks_answer(puzzle, found.radius, start, worst, least, presses, space.nullity, proof)


def _worst_start(puzzle, plain, word: np.ndarray) -> tuple[np.ndarray, object]:
    """The start that the presses ``word`` turn into ``puzzle``'s target (``plain``: the board from all-off to
    all-off), and that start's puzzle, the word checked to solve it (simulated on the board)."""
    x = word.astype(np.int64)
    start = (puzzle.target - plain._lights(x)) % puzzle.field
    worst = puzzle._restarted(start)
    worst.verify(worst.presses(x))
    return start, worst


def _clicks_answer(puzzle, radius: int, start: np.ndarray, worst, least: int, presses, nullity: int,
                   proof: dict) -> dict:
    """:func:`most_clicks`' answer, once the worst start's fewest presses, found again, agree with the radius."""
    if least != radius or worst.weight(presses) != radius:
        raise InvalidSolution(f"the worst start found needs {least} presses, not the {radius} claimed")
    return {"most_clicks": radius, "worst_start": dict(zip(puzzle.nodes, start.tolist())),
            "presses": {v: int(t) for v, t in presses.items() if t}, "nullity": nullity, "proof": proof}


def rule_symmetries(puzzle) -> np.ndarray | None:
    """Node permutations (rows) that keep the board and rule of ``puzzle``: a grid's dihedral ones, a torus's
    translations with them and a hexagon's twelve turns and mirrors made directly, other boards' automorphisms
    where they are quick to find (at most ``_SYMMETRY_NODES`` nodes), else None."""
    kind = puzzle.rectangle.name.partition(":")[0] if puzzle.rectangle is not None and puzzle.rule != "matrix" else None
    if kind in ("grid", "torus"):
        m, n = puzzle.rectangle.shape
        r, c = np.divmod(np.arange(m * n), n)
        if kind == "grid":  # the turns and mirrors that keep the rectangle in place
            images = [(r, c), (m - 1 - r, c), (r, n - 1 - c), (m - 1 - r, n - 1 - c)]
            if m == n:
                images += [(c, r), (n - 1 - c, r), (c, m - 1 - r), (n - 1 - c, m - 1 - r)]
            shifts = [(0, 0)]
        else:  # a torus: every translation, each with the turns and mirrors
            images = [(r, c), (-r, c), (r, -c), (-r, -c)] + ([(c, r), (-c, r), (c, -r), (-c, -r)] if m == n else [])
            shifts = [(dr, dc) for dr in range(m) for dc in range(n)]
        where = np.array([puzzle.index[(int(a), int(b))] for a, b in zip(r, c)], dtype=np.int64)
        perms = np.empty((len(images) * len(shifts), m * n), dtype=np.int64)
        for g, (a, b) in enumerate(images):
            for s, (dr, dc) in enumerate(shifts):
                perms[g * len(shifts) + s, where] = where[((a + dr) % m) * n + (b + dc) % n]
        return perms if kind == "grid" else np.unique(perms, axis=0)  # (a thin torus repeats some)
    if puzzle.rule != "matrix" and puzzle.board.graph.get("kind") == "hex":
        made = hex_symmetries(puzzle)
        if made is not None:
            return made
    if len(puzzle.nodes) <= _SYMMETRY_NODES:
        try:
            return puzzle.symmetries().perms
        except LimitError:  # too many to list (a star, an edgeless board): the search goes on without them
            return None
    return None


def hex_symmetries(puzzle) -> np.ndarray | None:
    """The twelve turns and mirrors of a hexagon of hexagonal cells (``hex:n``, axial coordinates ``(q, r)``)
    made directly, each checked to keep the board's edges; None when the board is not a whole hexagon."""
    try:
        q, r = np.array(puzzle.nodes, dtype=np.int64).T
    except (TypeError, ValueError):  # (not pairs of integers)
        return None
    perms = []
    for turn in range(6):
        for mirror in (False, True):
            a, b = (r, q) if mirror else (q, r)
            for _ in range(turn):  # a sixth of a turn: (q, r) -> (-r, q + r)
                a, b = -b, a + b
            try:
                perms.append([puzzle.index[(int(x), int(y))] for x, y in zip(a, b)])
            except KeyError:  # a cell that goes off the board
                return None
    perms = np.array(perms, dtype=np.int64)
    n = len(puzzle.nodes)
    edges = np.array([(puzzle.index[u], puzzle.index[v]) for u, v in puzzle.board.edges], dtype=np.int64).reshape(-1, 2)
    keys = np.sort(np.minimum(edges[:, 0], edges[:, 1]) * n + np.maximum(edges[:, 0], edges[:, 1]))
    for g in perms:
        moved = np.minimum(g[edges[:, 0]], g[edges[:, 1]]) * n + np.maximum(g[edges[:, 0]], g[edges[:, 1]])
        if not np.array_equal(np.sort(moved), keys):
            return None
    return np.unique(perms, axis=0)


def _with_counting_bounds(error: Exception, basis: np.ndarray, p: int) -> Exception:
    """A refusal of the Most Clicks search, the bounds that counting proves
    (:func:`parity.codes.counting_bounds`) added to its message and as its ``bounds`` (its ``reason``:
    the refusal without them)."""
    from ...codes import counting_bounds

    try:
        low, high = counting_bounds(basis, p)
    except LimitError:  # (too long to count exactly: the refusal as it was)
        return error
    found = type(error)(f"{error}; counting alone says from {low} to {high} presses")
    found.bounds, found.reason = (low, high), str(error)
    return found


#: the keys of ``parity solve lightsout --most-clicks``'s answer that a search stopped by its time limit still
#: carries (null where nothing is known; ``bounds``: the bounds the search reached, once it reached any)
MOST_CLICKS_KEYS = ("most_clicks", "worst_start", "press_count", "presses", "nullity", "proof", "bounds")


def most_clicks_answer(puzzle, engine: str | None = None, max_nullity: int = 30, minimize: bool = False,
                       unique: bool = False, proof=None, time_limit: float | None = None) -> tuple[dict, str]:
    """``parity solve lightsout --most-clicks``: :meth:`LightsOut.most_clicks` as the command's JSON and text.

    JSON: the puzzle's header, ``engine`` (``covering``), ``most_clicks``,
    ``worst_start`` (label -> light), the worst start's lightest presses
    (``press_count``, ``presses``, ``press_grid`` as ``solve`` writes them),
    ``nullity``, ``proof`` and ``seconds``.  Stopped by ``--time-limit``
    the answer is ``UNKNOWN`` and still carries ``MOST_CLICKS_KEYS``: null,
    but for ``bounds``, the bounds the search reached (``lower_bound``,
    ``upper_bound``) once it reached any.

    Examples
    --------
    >>> from parity.puzzles import LightsOut
    >>> payload, text = most_clicks_answer(LightsOut("grid:4x4"))
    >>> payload["most_clicks"], payload["press_count"], len(payload["worst_start"])
    (7, 7, 16)
    >>> print(text)
    grid:4x4: every solvable start is solved in at most 7 presses; this one needs 7 (nullity 4, ...)
    start:
    ...
    presses:
    ...
    """
    if unique or minimize or proof is not None:
        raise LimitError("--most-clicks answers its own question; --min-presses, --unique and --proof do not apply "
                         "to it")
    started = time.perf_counter()
    child = sys.modules.get("parity._child")  # what a time limit's answer says was being done, and how far it got
    if child is not None:
        child.note("engine", "covering")

    def reached(rounds: int, lower: int, upper: int) -> None:
        if child is not None:
            child.note("bounds", {"lower_bound": lower, "upper_bound": upper, "of": "presses (the most clicks)"})

    answer = puzzle.most_clicks(max_nullity=max_nullity, engine=engine, progress=reached, time_limit=time_limit)
    labels = node_labels(puzzle.nodes)
    start = np.array([answer["worst_start"][v] for v in puzzle.nodes], dtype=np.int64)
    seconds = time.perf_counter() - started
    payload = {**puzzle.header(), "engine": "covering", "status": "SAT", "most_clicks": answer["most_clicks"],
               "worst_start": {labels[v]: int(t) for v, t in answer["worst_start"].items()},
               **puzzle.to_json(answer["presses"]), "nullity": answer["nullity"], "proof": answer["proof"],
               "seconds": round(seconds, 6)}
    how = answer["proof"]
    most = answer["most_clicks"]
    presses = f"{most} press{'' if most == 1 else 'es'}"
    searched = "a word at the parity bound, found by a walk" if "parity bound" in how["method"] else \
        "its cosets searched by syndromes" if how["rounds"] == 0 else \
        f"{how['rounds']} integer program{'' if how['rounds'] == 1 else 's'} over {how['regions']} " \
        f"region{'' if how['regions'] == 1 else 's'}"
    lines = [f"{puzzle.board_name}: every solvable start is solved in at most {presses}; this one needs {most} "
             f"(nullity {answer['nullity']}, {searched}, checked by {how['checked_by']})"]
    shape = puzzle._grid_shape()
    if shape is not None:
        lines += ["start:", grid_text(start.reshape(shape), puzzle.field), "presses:",
                  puzzle.picture(answer["presses"])]
    else:
        lines += ["start (lights on): " + (", ".join(labels[v] for v, t in answer["worst_start"].items() if t) or
                                           "none"), "presses:", puzzle.picture(answer["presses"])]
    return payload, "\n".join(lines)
