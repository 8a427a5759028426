"""Size and budget checks made before memory or time is spent.

Every place that would allocate in proportion to a user's input (a board's
nodes, a dense matrix, a CNF's variables) first asks :func:`check_memory`,
which raises :class:`~parity.errors.TooLargeError` naming what was asked and
how much memory it needs, when that exceeds the machine's memory.  Time
budgets given by users are checked by :func:`check_time_limit`.
"""

from __future__ import annotations

import functools
import math
import operator
import os

from .errors import LimitError, TooLargeError

__all__ = ["machine_memory", "check_memory", "check_time_limit", "check_max_nullity", "human_bytes",
           "MAX_NULLITY_BOUND"]

#: the largest ``max_nullity`` accepted: a search over more than 2^64 steps would not end in a lifetime
MAX_NULLITY_BOUND = 64


@functools.lru_cache(maxsize=1)
def machine_memory() -> int:
    """Bytes of memory this process may use: physical memory, or the cgroup limit when that is lower (read once)."""
    total = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    for path in ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"):
        try:
            with open(path, encoding="ascii") as handle:
                text = handle.read().strip()
        except OSError:
            continue
        if text.isdigit():
            total = min(total, int(text))
    return total


def human_bytes(count: float) -> str:
    """``1.5e9`` -> ``'1.4 GiB'``.

    Examples
    --------
    >>> human_bytes(512), human_bytes(3 * 2**30), human_bytes(10**16), human_bytes(3.5e37)
    ('512 B', '3.0 GiB', '8.9 PiB', '10^37 bytes')
    """
    if count >= 1024**6:  # past any memory there is: the size of the number says enough
        return f"10^{math.floor(math.log10(count))} bytes"
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if count < 1024:
            return f"{count:.0f} {unit}" if unit == "B" else f"{count:.1f} {unit}"
        count /= 1024
    return f"{count:.1f} PiB"


def check_memory(needed: float, what: str) -> None:
    """Raise :class:`TooLargeError` if ``needed`` bytes exceed the machine's memory.

    Examples
    --------
    >>> check_memory(1024, "a tiny board")
    >>> check_memory(10**18, "grid:1000000000x1000000000")
    Traceback (most recent call last):
    ...
    parity.errors.TooLargeError: grid:1000000000x1000000000 needs about 888.2 PiB of memory; this machine has ...
    """
    available = machine_memory()
    if needed > available:
        raise TooLargeError(f"{what} needs about {human_bytes(needed)} of memory; this machine has {human_bytes(available)}")


def check_time_limit(seconds: float | None, what: str = "time limit") -> float | None:
    """``seconds`` as a float if it is a positive finite number (None means no limit).

    Examples
    --------
    >>> check_time_limit(2), check_time_limit(None)
    (2.0, None)
    >>> check_time_limit(float("nan"))
    Traceback (most recent call last):
    ...
    parity.errors.LimitError: time limit must be a positive number of seconds below one year, got nan
    """
    if seconds is None:
        return None
    try:
        value = float(seconds)
    except (TypeError, ValueError):
        raise LimitError(f"{what} must be a number of seconds, got {seconds!r}", option=_option(what)) from None
    if not math.isfinite(value) or value <= 0 or value > 365 * 86400:
        raise LimitError(f"{what} must be a positive number of seconds below one year, got {seconds!r}",
                         option=_option(what))
    return value


def check_max_nullity(max_nullity: int) -> int:
    """``max_nullity`` as an int in ``0..MAX_NULLITY_BOUND``, else :class:`~parity.errors.LimitError`.

    Checked before any engine runs: an absurd bound (``10**23``) would otherwise
    be raised to a power of two that never finishes.

    Examples
    --------
    >>> check_max_nullity(30)
    30
    >>> check_max_nullity(10**23)
    Traceback (most recent call last):
    ...
    parity.errors.LimitError: max_nullity must be a whole number from 0 to 64 (...), got 100000000000000000000000
    """
    try:
        bound = None if isinstance(max_nullity, bool) else operator.index(max_nullity)
    except TypeError:
        bound = None
    if bound is None or not 0 <= bound <= MAX_NULLITY_BOUND:
        raise LimitError(f"max_nullity must be a whole number from 0 to {MAX_NULLITY_BOUND} (a search over "
                         f"2^{MAX_NULLITY_BOUND} solutions would not end), got {max_nullity!r}", option="--max-nullity")
    return bound


def _option(what: str) -> str:
    """The command-line option of a limit named ``what`` ("time limit" -> ``--time-limit``)."""
    return "--" + "-".join(what.split())
