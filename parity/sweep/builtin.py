"""The task functions of the sweeps that need the front door, and a toy task for examples.

A family declares its sweeps (:class:`~parity.puzzles.registry.SweepSpec`,
``Family.sweeps``); :func:`sweeps` gathers them by name.  ``parity sweep
lightsout --sizes 1..N [--rectangles]`` is the example sweep: one task per
board, each giving the nullity, the number of solutions from the all-on
start, and the engine that answered.  Its task counts through the front door
(:func:`parity.count_result`), so it lives here, a floor above the families.

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

__all__ = ["sweeps", "SweepSpec", "parse_sizes", "lightsout_task", "lightsout_tasks", "square"]

#: the minimum number of presses is searched exactly over at most 2^this many solutions
MIN_PRESSES_NULLITY = 20


def square(params: Mapping) -> dict:
    """A toy task for examples: ``{"square": n * n}``."""
    return {"square": params["n"] ** 2}


def lightsout_task(params: Mapping) -> dict:
    """One board of a Lights Out sweep: nullity, the count of solutions from all-on, the engine that answered."""
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
