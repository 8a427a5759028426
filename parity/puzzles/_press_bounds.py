"""Moved to :mod:`parity.puzzles.lightsout.bounds` (bounds on the fewest presses of the all-on n x n board); this
name is kept for older scripts."""

from __future__ import annotations

from .lightsout.bounds import (lower_bound, neighbourhood_upper_bound, strip_minimum, symmetric_upper_bound,
                               top_block_minimum)

__all__ = ["lower_bound", "top_block_minimum", "strip_minimum", "symmetric_upper_bound", "neighbourhood_upper_bound"]
