"""The ``dlx`` engine's algorithm: exact cover by dancing cells (Knuth's Algorithm C, the ``xcover`` package).

xcover's kernel takes the options as arrays of item numbers; a sentinel
item with an option of its own works around the smallest problems (one
option: an IndexError; one item: a spurious empty cover), and is dropped
from every cover found.

Examples
--------
>>> from parity.cover import CoverProblem
>>> sorted(dlx_covers(CoverProblem([["a", "b"], ["c"], ["a"], ["b", "c"]])))
[[0, 1], [2, 3]]
"""

from __future__ import annotations

from collections.abc import Iterator

from ._entries import _split

__all__ = ["dlx_covers", "dlx_count", "xcover_input", "xcover_arrays"]


def dlx_covers(problem) -> Iterator[list[int]]:
    """Every exact cover of ``problem`` as a sorted list of option indices, unchecked (``CoverProblem.covers`` checks)."""
    if not problem.primary:
        yield []  # nothing to cover: the empty choice (a problem with only secondary items)
        return
    sentinel = len(problem.options)
    for chosen in _raw_covers(problem):
        yield sorted(int(i) for i in chosen if int(i) != sentinel)


def dlx_count(problem) -> int:
    """The number of exact covers, counted as xcover yields them."""
    if not problem.primary:
        return 1
    return sum(1 for _ in _raw_covers(problem))


def xcover_input(problem) -> tuple[list[list[str]], list[str], list[str]]:
    """The problem as xcover's documented entry point reads it: options, primary and secondary items as names."""
    names = {item: f"i{k}" for k, item in enumerate([*problem.primary, *problem.secondary])}
    options = []
    for option in problem.options:
        row = []
        for entry in option:
            item, colour = _split(entry)
            row.append(names[item] if colour is None else f"{names[item]}:{colour}")
        options.append(row)
    return options, [names[i] for i in problem.primary], [names[i] for i in problem.secondary]


def xcover_arrays(problem):
    """The problem as xcover's kernel reads it: option entries as item numbers (primary items first, then
    secondary), where each option starts, each entry's colour number (0: none), the number of items and of
    secondary items.  A sentinel item with an option of its own comes last among the primary items: xcover
    mishandles the smallest problems (one option: an IndexError; one item: a spurious empty cover), and the
    sentinel's option, number ``len(problem.options)``, is dropped from every cover found."""
    import numpy as np

    primary = len(problem.primary)
    number = {item: k for k, item in enumerate(problem.primary)}
    number.update({item: primary + 1 + k for k, item in enumerate(problem.secondary)})
    colour_number: dict = {}
    entries, colours, starts = [], [], [0]
    for option in problem.options:
        for entry in option:
            item, colour = _split(entry)
            entries.append(number[item])
            colours.append(0 if colour is None else colour_number.setdefault(colour, len(colour_number) + 1))
        starts.append(len(entries))
    entries.append(primary)  # the sentinel
    colours.append(0)
    starts.append(len(entries))
    return (np.array(entries, dtype=np.uint32), np.array(starts, dtype=np.uint32),
            np.array(colours, dtype=np.uint32), primary + 1 + len(problem.secondary), len(problem.secondary))


def _raw_covers(problem) -> Iterator:
    """xcover's covers as its kernel yields them (index arrays, the sentinel option included)."""
    import warnings

    from .._compiled import import_alone

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numba's type-safety notes from xcover's kernels
        try:
            algorithm_c = import_alone("xcover.dancing_cells").algorithm_c  # not xcover's other kernel
        except ImportError:  # a release that moved its kernel: its documented entry point, on named items
            import xcover

            options, primary, secondary = xcover_input(problem)
            options.append(["sentinel"])
            primary.append("sentinel")
            yield from xcover.covers(options, primary=primary, secondary=secondary or None, colored=problem.colored)
            return
        yield from algorithm_c(*xcover_arrays(problem))
