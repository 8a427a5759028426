"""JSON answers with parts written ahead: a board of millions of cells is written as text once, not as a dict.

A puzzle's ``to_json`` may give a value as :class:`JSONText` (the presses
on every cell of a 2000 x 2000 board: 60 MB of JSON that numpy writes in a
fraction of the time ``json.dumps`` takes over a dict of four million
keys).  :func:`dumps` writes a payload with such parts as they are;
:func:`plain` turns them into ordinary values for code that wants a dict.

>>> payload = {"board": "grid:1x2", "presses": JSONText('{"0,0": 1, "0,1": 0}'), "count": 1}
>>> dumps(payload)
'{"board": "grid:1x2", "presses": {"0,0": 1, "0,1": 0}, "count": 1}'
>>> plain(payload)["presses"]
{'0,0': 1, '0,1': 0}
"""

from __future__ import annotations

import json
import uuid

__all__ = ["JSONText", "dumps", "plain"]


class JSONText:
    """One JSON value, already written as text (checked by :meth:`value` only when it is read back)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def value(self):
        """The value the text stands for."""
        return json.loads(self.text)

    def __eq__(self, other) -> bool:
        return isinstance(other, JSONText) and other.text == self.text

    __hash__ = None

    def __reduce__(self):
        return JSONText, (self.text,)

    def __repr__(self) -> str:
        head = self.text if len(self.text) <= 40 else self.text[:37] + "..."
        return f"JSONText({head!r})"


def plain(payload: dict) -> dict:
    """``payload`` with every :class:`JSONText` value read back (a new dict; other values as they are)."""
    return {key: value.value() if isinstance(value, JSONText) else value for key, value in payload.items()}


def dumps(payload: dict, **options) -> str:
    """``json.dumps(payload)``, with :class:`JSONText` values written as their text, in their place.

    ``options`` go to :func:`json.dumps`.
    """
    parts = {key: value for key, value in payload.items() if isinstance(value, JSONText)}
    if not parts:
        return json.dumps(payload, **options)
    token = uuid.uuid4().hex
    marks = {key: f"@{token}:{i}@" for i, key in enumerate(parts)}
    text = json.dumps({key: marks.get(key, value) for key, value in payload.items()}, **options)
    for key, mark in marks.items():
        text = text.replace(json.dumps(mark), parts[key].text, 1)
    return text
