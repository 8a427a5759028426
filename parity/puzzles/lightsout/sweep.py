"""The Lights Out sweep: its tasks (one board each) and the task that answers one, the rows of ``parity table
lightsout``.

``parity sweep lightsout --sizes 1..N [--rectangles]`` makes one task per
board (:func:`lightsout_tasks`); :func:`lightsout_task` gives its nullity,
the number of solutions from the all-on start and the engine that answered,
and where asked the fewest presses and the most clicks.  No task builds a
graph: Lights Out plays a grid, cylinder or torus on its size alone
(:class:`~parity.boards.Rectangle`), and where the polynomial route answers
(the closed rule over GF(2)) the task does not even build the toggle matrix
(:func:`board_free`).  Other boards are counted by the engine the front door
would take (:func:`parity.engines.choose`, named as :func:`parity.count_result`
names it), and their fewest presses are weighed by it and checked on the
board (:meth:`~parity.puzzles.LightsOut.verify`).

Examples
--------
>>> lightsout_task({"kind": "grid", "m": 4, "n": 4, "rule": "closed", "field": 2})["nullity"]
4
>>> [(t["m"], t["n"]) for t in lightsout_tasks("1..2", rectangles=True)]
[(1, 1), (1, 2), (2, 2)]
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ..._limits import check_max_nullity
from ...errors import InvalidSolution, SweepError
from ..registry import parse_sizes
from .puzzle import LightsOut

__all__ = ["lightsout_tasks", "lightsout_task", "board_free", "board_free_nullity", "lightsout_row", "min_presses",
           "most_clicks", "MIN_PRESSES_NULLITY", "MOST_CLICKS_NULLITY"]

#: the nullity functions of the polynomial route, by board kind
_POLY = {"grid": "grid_nullity", "cylinder": "cylinder_nullity", "torus": "torus_nullity"}

#: the minimum number of presses is searched exactly over at most 2^this many solutions
MIN_PRESSES_NULLITY = 20
#: a table's most clicks are searched where the nullity is at most this (all 2^12 codewords in one program)
MOST_CLICKS_NULLITY = 12


def lightsout_tasks(sizes: str, rectangles: bool = False, kind: str = "grid", rule: str = "closed",
                    field: int = 2, min_presses: bool | int = False, most_clicks: bool | float = False) -> list[dict]:
    """The tasks of ``parity sweep lightsout``: n x n boards, or every m x n with m <= n (``rectangles``).

    A bad kind, rule or field is refused here, before any task runs.  ``min_presses`` may be the bound of the
    search for the fewest presses (as ``max_nullity``: at most ``2 ** min_presses`` steps; ``True`` for
    ``MIN_PRESSES_NULLITY``).

    Examples
    --------
    >>> [(t["m"], t["n"]) for t in lightsout_tasks("1..3", rectangles=True)]
    [(1, 1), (1, 2), (2, 2), (1, 3), (2, 3), (3, 3)]
    """
    if kind not in ("grid", "torus", "cylinder"):
        raise SweepError(f"kind must be grid, torus or cylinder, got {kind!r}")
    side = parse_sizes(sizes)
    LightsOut(f"{kind}:1x1", rule=rule, field=field)  # a bad rule or field is refused now, not stored as failed rows
    pairs = [(m, n) for n in side for m in side if m <= n] if rectangles else [(n, n) for n in side]
    asked = min_presses is not False and min_presses is not None  # (a bound of 0 asks too)
    extra = {"min_presses": True} if asked else {}
    if asked and min_presses is not True and int(min_presses) != MIN_PRESSES_NULLITY:  # (else as before)
        extra["min_presses_nullity"] = check_max_nullity(int(min_presses))
    if most_clicks:  # (a number: the seconds a board's search may take)
        extra.update(most_clicks=True, most_clicks_seconds=float(60 if most_clicks is True else most_clicks))
    return [{"kind": kind, "m": m, "n": n, "rule": rule, "field": field, **extra} for m, n in pairs]


def board_free(params: Mapping) -> bool:
    """Whether a Lights Out task is answered without a board: the closed rule over GF(2) on a grid, cylinder or
    torus.

    The all-on start is then solvable (Sutner's theorem: for every graph under
    the closed rule), so the count is ``2 ** nullity`` and the nullity is a
    gcd of polynomials (:mod:`parity.linalg.poly`): no graph, no matrix.  The
    fewest presses, where asked for, come from the toggle matrix made from
    the board's stencil and chased row by row (:func:`min_presses`).

    Examples
    --------
    >>> board_free({"kind": "torus", "m": 5, "n": 5, "rule": "closed", "field": 2})
    True
    >>> board_free({"kind": "grid", "m": 5, "n": 5, "rule": "open", "field": 2})
    False
    """
    return params.get("field", 2) == 2 and params.get("rule", "closed") == "closed" and params["kind"] in _POLY


def board_free_nullity(params: Mapping) -> int:
    """The nullity of a board-free task's board (see :func:`board_free`), from the polynomials."""
    from ...linalg import poly

    return getattr(poly, _POLY[params["kind"]])(params["m"], params["n"])


def lightsout_row(params: Mapping, nullity: int) -> dict:
    """A board-free task's result from its nullity (see :func:`board_free`), the fewest presses added when asked."""
    row = {"board": f"{params['kind']}:{params['m']}x{params['n']}", "nullity": nullity, "count": 2**nullity,
           "solvable": True, "engine": "poly"}
    if params.get("min_presses"):
        row["min_presses"], row["min_presses_method"] = min_presses(params["kind"], params["m"], params["n"], nullity,
                                                                    _bound(params))
    if params.get("most_clicks"):
        row.update(most_clicks(params, nullity))
    return row


def most_clicks(params: Mapping, nullity: int) -> dict:
    """A table's ``most_clicks`` entry for a task's board: the most presses any solvable start needs (solved
    optimally) and how it was found, where the nullity is at most ``MOST_CLICKS_NULLITY`` (12; over GF(p > 2),
    where the ``p^k`` codewords are at most ``MOST_CODEWORDS_GFP``); a search that spends
    ``params["most_clicks_seconds"]`` gives the bounds it reached (``most_clicks_bounds``) instead, and a board
    beyond the search the bounds of counting (:func:`parity.codes.counting_bounds`).

    Examples
    --------
    >>> most_clicks({"kind": "grid", "m": 4, "n": 4}, 4)["most_clicks"]
    7
    >>> beyond = most_clicks({"kind": "grid", "m": 19, "n": 19}, 16)
    >>> beyond["most_clicks_bounds"], beyond["most_clicks_method"]
    ([142, 180], 'between 142 and 180 by counting (not searched: nullity 16 is beyond 12)')
    """
    from ...errors import LimitError, NullityTooLargeError, TimeLimitReached
    from ...codes import counting_bounds

    field = params.get("field", 2)
    puzzle = LightsOut(f"{params['kind']}:{params['m']}x{params['n']}", rule=params.get("rule", "closed"), field=field)

    def counted(beyond: str, bounds: tuple[int, int] | None = None) -> dict:
        try:
            low, high = bounds or counting_bounds(puzzle.solution_space().basis, field)
        except LimitError:  # (a board too large to count exactly)
            return {"most_clicks": None, "most_clicks_method": f"not searched: {beyond}"}
        return {"most_clicks": None, "most_clicks_bounds": [low, high],
                "most_clicks_method": f"between {low} and {high} by counting (not searched: {beyond})"}

    if nullity > MOST_CLICKS_NULLITY:
        return counted(f"nullity {nullity} is beyond {MOST_CLICKS_NULLITY}")
    seconds = params.get("most_clicks_seconds", 60.0)
    try:
        answer = puzzle.most_clicks(max_nullity=MOST_CLICKS_NULLITY, time_limit=seconds)
    except NullityTooLargeError as beyond:  # (over GF(p): too many codewords, or a program too large to build)
        # the refusal has counted already where it could: its bounds, and its reason without them
        return counted(getattr(beyond, "reason", str(beyond)), getattr(beyond, "bounds", None))
    except TimeLimitReached as stopped:
        low, high = stopped.bounds
        return {"most_clicks": None, "most_clicks_bounds": [low, high],
                "most_clicks_method": f"between {low} and {high}: the search's {seconds:g} s were spent"}
    proof = answer["proof"]
    how = proof["method"] if proof["rounds"] == 0 else \
        f"{proof['method']} by {proof['solver']} over {proof['regions']} regions ({proof['codewords']} codewords, " \
        f"{proof['rounds']} round{'s' if proof['rounds'] != 1 else ''})"
    return {"most_clicks": answer["most_clicks"],
            "most_clicks_method": f"worst start checked by {proof['checked_by']}; bound: {how}"}


def _bound(params: Mapping) -> int:
    """The bound of a task's search for the fewest presses (``max_nullity``)."""
    return params.get("min_presses_nullity", MIN_PRESSES_NULLITY)


def _beyond(nullity: int, max_nullity: int) -> bool:
    """Whether weighing ``2 ** nullity`` GF(2) solutions costs more than ``2 ** max_nullity`` steps, as
    :func:`parity.codes.least_weight` counts them."""
    from ...codes import least_weight_steps

    return least_weight_steps(nullity) > max_nullity


def min_presses(kind: str, m: int, n: int, nullity: int,
                max_nullity: int = MIN_PRESSES_NULLITY) -> tuple[int | None, str]:
    """The fewest presses that clear the all-on ``m x n`` board of ``kind`` (closed rule, GF(2)), and how they were
    found; None where the search would take more than ``2 ** max_nullity`` steps
    (``MIN_PRESSES_NULLITY``, 20, by default).

    The toggle matrix is made from the board's stencil (no graph), the
    ``chase`` engine gives every solution, and all ``2 ** nullity`` of them
    are weighed (:func:`parity.codes.least_weight`: in Gray-code order, or
    from nullity 20 by a Walsh-Hadamard transform); the lightest is checked
    against the matrix before its weight is reported.

    Examples
    --------
    >>> min_presses("grid", 5, 5, 2)
    (15, 'all 2^2 solutions weighed (chase, Gray-code walk)')
    >>> min_presses("grid", 39, 39, 32)
    (None, 'not searched: 2^32 solutions is beyond 2^20')
    >>> min_presses("grid", 39, 39, 32, max_nullity=26)
    (561, 'all 2^32 solutions weighed (chase, Walsh-Hadamard transform)')
    """
    if _beyond(nullity, max_nullity):
        return None, f"not searched: 2^{nullity} solutions is beyond 2^{max_nullity}"
    from ...linalg.chase import chase_system

    puzzle = LightsOut(f"{kind}:{m}x{n}")  # all on to all off, closed rule: a board known by its size, no graph
    space = chase_system(puzzle.linear()).space
    if space.nullity != nullity:
        raise InvalidSolution(f"{kind}:{m}x{n}: the chase finds nullity {space.nullity}, the polynomials {nullity}")
    from ...codes import TRANSFORM_FROM, least_weight

    weight, vector = least_weight(space, max_nullity=max_nullity)
    presses = puzzle.presses(vector)
    puzzle.verify(presses)  # the puzzle's own check: the presses simulated on the board
    if puzzle.weight(presses) != weight or int(np.count_nonzero(vector)) != weight:
        raise InvalidSolution(f"{kind}:{m}x{n}: the lightest solution found has {puzzle.weight(presses)} presses, "
                              f"not the {weight} reported")
    how = "Gray-code walk" if nullity < TRANSFORM_FROM else "Walsh-Hadamard transform"
    return int(weight), f"all 2^{nullity} solutions weighed (chase, {how})"


def lightsout_task(params: Mapping) -> dict:
    """One board of a Lights Out sweep: nullity, the count of solutions from all-on, the engine that answered.

    A board the polynomial route answers (``board_free``) is counted
    without one; another is counted by the engine that
    :func:`parity.count_result` would take (:func:`parity.engines.choose`,
    the question ``count``), under the same name.  Its fewest presses, where
    asked, are weighed by the engine that :func:`parity.solve` would take to
    minimise, and the lightest solution is checked on the board.

    Examples
    --------
    >>> lightsout_task({"kind": "grid", "m": 5, "n": 5, "rule": "closed", "field": 2})
    {'board': 'grid:5x5', 'nullity': 2, 'count': 4, 'solvable': True, 'engine': 'poly'}
    >>> lightsout_task({"kind": "grid", "m": 2, "n": 2, "rule": "open", "field": 2})["engine"]  # eliminated
    'gf2'
    """
    if board_free(params):
        return lightsout_row(params, board_free_nullity(params))
    from ...engines import choose

    spec = f"{params['kind']}:{params['m']}x{params['n']}"
    puzzle = LightsOut(spec, rule=params.get("rule", "closed"), field=params.get("field", 2))
    engine, system = choose(puzzle, None, "count")
    answer = engine.count(system)
    count, nullity = int(answer.count), answer.stats.get("nullity")
    out = {"board": spec, "nullity": nullity, "count": count, "solvable": bool(count), "engine": engine.name}
    if params.get("min_presses"):  # an exact search over every solution: only where it is feasible
        bound = _bound(params)
        if count and nullity is not None and (puzzle.field != 2 and nullity <= bound
                                              or puzzle.field == 2 and not _beyond(nullity, bound)):
            out["min_presses"], out["min_presses_method"] = _weighed(puzzle, bound)
        else:
            out["min_presses"] = None
            out["min_presses_method"] = ("no solution" if not count else
                                         f"not searched: {count} solutions is beyond 2^{bound}")
    if params.get("most_clicks"):  # the question is about every start: the board's nullity, whatever the all-on
        if nullity is None:
            nullity = puzzle.solution_space().nullity
        out.update(most_clicks(params, nullity))
    return out


def _weighed(puzzle: LightsOut, max_nullity: int = MIN_PRESSES_NULLITY) -> tuple[int, str]:
    """The fewest presses that solve ``puzzle`` and how they were found: every solution weighed by the engine
    that minimises (:func:`parity.engines.choose`, the question ``minimize``), the lightest checked on the board."""
    from ...engines import choose

    engine, system = choose(puzzle, None, "minimize")
    answer = engine.solve(system, minimize=True, max_nullity=max_nullity)
    presses = system.decode(answer.raw)
    puzzle.verify(presses)  # the puzzle's own check: the presses simulated on the board
    weight = answer.stats["minimum_weight"]
    if puzzle.weight(presses) != weight:
        raise InvalidSolution(f"engine {engine.name} claimed {weight} presses, the solution has "
                              f"{puzzle.weight(presses)}")
    return weight, f"all {answer.count} solutions weighed (engine {engine.name})"
