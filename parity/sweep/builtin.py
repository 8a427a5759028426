"""The sweeps that ship with parity, and the task functions they run.

``parity sweep lightsout --sizes 1..N [--rectangles]`` is the example sweep:
one task per board, each giving the nullity, the number of solutions from
the all-on start, and the engine that answered.

Examples
--------
>>> lightsout_task({"kind": "grid", "m": 4, "n": 4, "rule": "closed", "field": 2})["nullity"]
4
>>> parse_sizes("1..3,7")
[1, 2, 3, 7]
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..errors import LimitError, SweepError
from ..puzzles.registry import Option
from .run import Sweep

__all__ = ["SWEEPS", "SweepSpec", "parse_sizes", "lightsout_task", "lightsout_tasks", "square"]

#: the largest board side a built-in sweep accepts (a table beyond it is a job for ``poly`` directly)
MAX_SIDE = 100_000
#: the minimum number of presses is searched exactly over at most 2^this many solutions
MIN_PRESSES_NULLITY = 20


def square(params: Mapping) -> dict:
    """A toy task for examples: ``{"square": n * n}``."""
    return {"square": params["n"] ** 2}


def parse_sizes(text: str) -> list[int]:
    """Sizes from ``"1..N"``, ``"5"`` or a comma list of both (``"1..10,20,30..32"``), ascending, each once.

    Examples
    --------
    >>> parse_sizes("3..5")
    [3, 4, 5]
    >>> parse_sizes("0..2")
    Traceback (most recent call last):
    ...
    parity.errors.LimitError: sizes must be whole numbers from 1 to 100000: '0..2'
    """
    sizes = set()
    for part in str(text).split(","):
        found = re.fullmatch(r"\s*(\d+)\s*(?:\.\.\s*(\d+)\s*)?", part)
        if not found:
            raise LimitError(f"sizes are N, A..B or a comma list of them, got {text!r}")
        low = int(found.group(1))
        high = int(found.group(2) or low)
        if not 1 <= low <= MAX_SIDE or not 1 <= high <= MAX_SIDE:
            raise LimitError(f"sizes must be whole numbers from 1 to {MAX_SIDE}: {text!r}")
        if high < low:
            raise LimitError(f"the range {part.strip()!r} runs backwards")
        sizes.update(range(low, high + 1))
    return sorted(sizes)


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


def lightsout_tasks(sizes: str, rectangles: bool = False, kind: str = "grid", rule: str = "closed",
                    field: int = 2, min_presses: bool = False) -> list[dict]:
    """The tasks of ``parity sweep lightsout``: n x n boards, or every m x n with m <= n (``rectangles``)."""
    if kind not in ("grid", "torus", "cylinder"):
        raise SweepError(f"kind must be grid, torus or cylinder, got {kind!r}")
    side = parse_sizes(sizes)
    from ..puzzles.lightsout import LightsOut

    LightsOut(f"{kind}:1x1", rule=rule, field=field)  # a bad rule or field is refused now, not stored as failed rows
    pairs = [(m, n) for n in side for m in side if m <= n] if rectangles else [(n, n) for n in side]
    extra = {"min_presses": True} if min_presses else {}
    return [{"kind": kind, "m": m, "n": n, "rule": rule, "field": field, **extra} for m, n in pairs]


def _icosoku():
    from . import icosoku

    return icosoku


def icosoku_pegs_task(params: Mapping) -> dict:
    """One task of ``parity sweep icosoku-pegs`` (see :mod:`parity.sweep.icosoku`)."""
    return _icosoku().icosoku_task(params)


class SweepSpec:
    """A built-in sweep as the command line sees it: its options and how they make a :class:`Sweep`."""

    def __init__(self, name: str, summary: str, options: tuple, tasks, function) -> None:
        self.name, self.summary, self.options = name, summary, options
        self._tasks, self.function = tasks, function

    def sweep(self, **options) -> Sweep:
        return Sweep(self.name, self.function, self._tasks(**options))


SWEEPS: dict[str, SweepSpec] = {
    "lightsout": SweepSpec(
        "lightsout",
        "Lights Out by board size: nullity and number of solutions from all-on, one task per board.",
        (
            Option("sizes", ("--sizes",), "Board sides: N, A..B, or a comma list (1..30,40).", required=True),
            Option("rectangles", ("--rectangles",), "Every m x n with m <= n, not only squares.", default=False,
                   type=bool),
            Option("kind", ("--kind",), "grid, torus or cylinder.", default="grid"),
            Option("rule", ("--rule",), "closed or open.", default="closed"),
            Option("field", ("--field",), "Number of light states, a prime p.", default=2, type=int),
        ),
        lightsout_tasks,
        lightsout_task,
    ),
    "icosoku-pegs": SweepSpec(
        "icosoku-pegs",
        "Icosoku: every peg arrangement up to the icosahedron's 120 symmetries (3,991,680), a tiling for each.",
        (
            Option("tiles", ("--tiles",), "original (the game's tiles), adts (all 20 tiles different), a tile FILE or a list ('012 x3, 111').",
                   default="original"),
            Option("rotations_only", ("--rotations-only",), "Up to the 60 rotations only (7,983,360 classes).",
                   default=False, type=bool),
            Option("sample", ("--sample",), "Only this many of the 270 tasks, evenly spread (0: all).", default=0,
                   type=int),
            Option("classes", ("--classes",), "Only the first this many classes of each task (0: all).", default=0,
                   type=int),
        ),
        lambda **options: _icosoku().icosoku_tasks(**options),
        icosoku_pegs_task,
    ),
}
