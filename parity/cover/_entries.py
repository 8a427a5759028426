"""An option's entries: plain items, or ``(item, colour)`` for a coloured secondary item (Knuth's XCC)."""

from __future__ import annotations

from collections.abc import Hashable


def _split(entry) -> tuple[Hashable, str | None]:
    """An option's entry: an item, or ``(item, colour)`` for a coloured secondary item."""
    if isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[1], str) and entry[1] != "":
        return entry[0], entry[1]
    return entry, None
