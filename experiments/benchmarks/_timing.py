"""Timing helper shared by the benchmark scripts."""

from __future__ import annotations

import time


def best(function, repeat: int):
    """The least wall time of ``repeat`` calls of ``function``, and the last call's value."""
    times, value = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        value = function()
        times.append(time.perf_counter() - started)
    return min(times), value
