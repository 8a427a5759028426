"""A toy task for examples, and the sweeps the families declare, by name.

A family declares its sweeps (:class:`~parity.puzzles.registry.SweepSpec`,
``Family.sweeps``); :func:`sweeps` gathers them by name.  Each sweep's tasks
and its task live with its family: ``parity sweep lightsout`` runs
:func:`parity.puzzles.lightsout.sweep.lightsout_task`, one board a task,
which counts with the engines the front door would choose, not through it.
Its names are offered here too (:func:`lightsout_task`, :func:`board_free`,
:func:`min_presses` ...), for older imports.

Examples
--------
>>> square({"n": 3})
{'square': 9}
>>> lightsout_task({"kind": "grid", "m": 4, "n": 4, "rule": "closed", "field": 2})["nullity"]
4
>>> sorted(sweeps())
['grid-colourings', 'icosoku-pegs', 'lightsout', 'min-presses', 'most-clicks', 'polyform-catalogue', 'polyform-split']
"""

from __future__ import annotations

from collections.abc import Mapping

from ..puzzles.lightsout.sweep import (MIN_PRESSES_NULLITY, MOST_CLICKS_NULLITY, board_free, board_free_nullity,
                                       lightsout_row, lightsout_task, lightsout_tasks, min_presses, most_clicks)
from ..puzzles.registry import SweepSpec, parse_sizes, sweeps

__all__ = ["sweeps", "SweepSpec", "parse_sizes", "lightsout_task", "lightsout_tasks", "board_free", "board_free_nullity",
           "lightsout_row", "min_presses", "most_clicks", "MIN_PRESSES_NULLITY", "MOST_CLICKS_NULLITY", "square"]


def square(params: Mapping) -> dict:
    """A toy task for examples: ``{"square": n * n}``."""
    return {"square": params["n"] ** 2}
