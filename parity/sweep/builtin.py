"""The task functions of the sweeps that need the front door, and a toy task for examples.

A family declares its sweeps (:class:`~parity.puzzles.registry.SweepSpec`,
``Family.sweeps``); :func:`sweeps` gathers them by name.  ``parity sweep
lightsout --sizes 1..N [--rectangles]`` is the example sweep: one task per
board, each giving the nullity, the number of solutions from the all-on
start, and the engine that answered.  Its task counts through the front door
(:func:`parity.count_result`), so it lives here, a floor above the families;
where the polynomial route answers (the closed rule over GF(2) on a grid,
cylinder or torus) it builds no board at all (:func:`board_free`).

Examples
--------
>>> lightsout_task({"kind": "grid", "m": 4, "n": 4, "rule": "closed", "field": 2})["nullity"]
4
>>> sorted(sweeps())
['icosoku-pegs', 'lightsout']
"""

from __future__ import annotations

from collections.abc import Mapping

from ..puzzles.lightsout import lightsout_tasks
from ..puzzles.registry import SweepSpec, parse_sizes, sweeps

__all__ = ["sweeps", "SweepSpec", "parse_sizes", "lightsout_task", "lightsout_tasks", "board_free", "lightsout_row",
           "square"]

#: the nullity functions of the polynomial route, by board kind
_POLY = {"grid": "grid_nullity", "cylinder": "cylinder_nullity", "torus": "torus_nullity"}

#: the minimum number of presses is searched exactly over at most 2^this many solutions
MIN_PRESSES_NULLITY = 20


def square(params: Mapping) -> dict:
    """A toy task for examples: ``{"square": n * n}``."""
    return {"square": params["n"] ** 2}


def board_free(params: Mapping) -> bool:
    """Whether a Lights Out task is answered by the polynomial route, without a board: the closed rule over GF(2)
    on a grid, cylinder or torus, and no minimum number of presses asked for.

    The all-on start is then solvable (Sutner's theorem: for every graph under
    the closed rule), so the count is ``2 ** nullity`` and the nullity is a
    gcd of polynomials (:mod:`parity.linalg.poly`): no graph, no matrix.

    Examples
    --------
    >>> board_free({"kind": "torus", "m": 5, "n": 5, "rule": "closed", "field": 2})
    True
    >>> board_free({"kind": "grid", "m": 5, "n": 5, "rule": "open", "field": 2})
    False
    """
    return (params.get("field", 2) == 2 and params.get("rule", "closed") == "closed" and params["kind"] in _POLY
            and not params.get("min_presses"))


def lightsout_row(params: Mapping, nullity: int) -> dict:
    """A board-free task's result from its nullity (see :func:`board_free`)."""
    return {"board": f"{params['kind']}:{params['m']}x{params['n']}", "nullity": nullity, "count": 2**nullity,
            "solvable": True, "engine": "poly"}


def lightsout_task(params: Mapping) -> dict:
    """One board of a Lights Out sweep: nullity, the count of solutions from all-on, the engine that answered.

    Examples
    --------
    >>> lightsout_task({"kind": "grid", "m": 5, "n": 5, "rule": "closed", "field": 2})
    {'board': 'grid:5x5', 'nullity': 2, 'count': 4, 'solvable': True, 'engine': 'poly'}
    >>> lightsout_task({"kind": "grid", "m": 2, "n": 2, "rule": "open", "field": 2})["engine"]  # a board built
    'gf2'
    """
    if board_free(params):
        from ..linalg import poly

        return lightsout_row(params, getattr(poly, _POLY[params["kind"]])(params["m"], params["n"]))
    from ..api import count_result
    from ..puzzles.lightsout import LightsOut

    spec = f"{params['kind']}:{params['m']}x{params['n']}"
    puzzle = LightsOut(spec, rule=params.get("rule", "closed"), field=params.get("field", 2))
    result = count_result(puzzle)
    stats = result.stats
    out = {"board": spec, "nullity": stats.get("nullity"), "count": result.count,
           "solvable": bool(result.count), "engine": result.engine}
    if params.get("min_presses"):  # an exact search over every solution: only where it is feasible
        from ..api import solve

        feasible = result.count and stats.get("nullity") is not None and stats["nullity"] <= MIN_PRESSES_NULLITY
        out["min_presses"] = solve(puzzle, minimize=True, max_nullity=MIN_PRESSES_NULLITY).stats["minimum_weight"] \
            if feasible else None
    return out
