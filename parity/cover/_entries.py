"""An option's entries: plain items, or ``(item, colour)`` for a coloured secondary item (Knuth's XCC)."""

from __future__ import annotations

from collections.abc import Hashable


def _split(entry) -> tuple[Hashable, str | None]:
    """An option's entry: an item, or ``(item, colour)`` for a coloured secondary item."""
    if type(entry) is tuple and len(entry) == 2 and isinstance(entry[1], str) and entry[1] != "":
        return entry[0], entry[1]
    return entry, None


class Orbit(tuple):
    """The items of one orbit under a symmetry, as one item of a quotient problem (never a coloured entry, even
    when it has two members the second of which is a string)."""

    __slots__ = ()
