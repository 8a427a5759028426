"""The Lights Out sweep's tasks: one board each, ``parity sweep lightsout`` and the rows of ``parity table
lightsout``.

Examples
--------
>>> [(t["m"], t["n"]) for t in lightsout_tasks("1..2", rectangles=True)]
[(1, 1), (1, 2), (2, 2)]
"""

from __future__ import annotations

from ...errors import SweepError
from ..registry import parse_sizes
from .puzzle import LightsOut

__all__ = ["lightsout_tasks"]


def lightsout_tasks(sizes: str, rectangles: bool = False, kind: str = "grid", rule: str = "closed",
                    field: int = 2, min_presses: bool = False, most_clicks: bool | float = False) -> list[dict]:
    """The tasks of ``parity sweep lightsout``: n x n boards, or every m x n with m <= n (``rectangles``).

    A bad kind, rule or field is refused here, before any task runs.

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
    extra = {"min_presses": True} if min_presses else {}
    if most_clicks:  # (a number: the seconds a board's search may take)
        extra.update(most_clicks=True, most_clicks_seconds=float(60 if most_clicks is True else most_clicks))
    return [{"kind": kind, "m": m, "n": n, "rule": rule, "field": field, **extra} for m, n in pairs]
