"""The form of a board spec, read without networkx: its length and characters, its kind and the sizes it gives.

:func:`~parity.boards.board`, :func:`~parity.boards.rectangle` and
:func:`~parity.boards.check_spec` read a spec through the same functions
here, so they refuse a malformed one with the same words; a command that
knows its board by its size alone (a Lights Out ``grid:5x5``) reads it
without loading networkx or the graph modules.

>>> split_spec(" grid:5x7 ")
('grid:5x7', 'grid', ':', '5x7')
>>> read_sizes("grid:5", "grid", "5", SIZES["grid"])
(5, 5)
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from ..errors import BoardSpecError

__all__ = ["MAX_SPEC_LENGTH"]

#: longest spec that is not a file path (a file name component has at most 255 bytes on common file systems)
MAX_SPEC_LENGTH = 255
_MAX_PATH_LENGTH = 4096  # PATH_MAX on Linux

#: a size for each kind that takes one, as the error messages suggest it
EXAMPLES = {"grid": "5x5", "torus": "6x6", "cylinder": "5x8", "hex": "3", "tri": "4", "grid3d": "3x3x3",
            "rect": "10x6", "box": "3x4x5", "tri-parallelogram": "6x3", "tri-hexagon": "3", "hex-parallelogram": "4x4",
            "hex-hexagon": "3", "sudoku": "9"}


def dims(count: int) -> Callable[[str, str], tuple[int, ...]]:
    """The parser of ``count`` positive sizes joined by ``x`` (``3x4x5`` for three)."""
    pattern = re.compile(r"^\d+(?:x\d+){%d}$" % (count - 1)) if count > 1 else re.compile(r"^\d+$")

    def parse(kind: str, text: str) -> tuple[int, ...]:
        if not pattern.match(text):
            shape = "x".join("N" for _ in range(count))
            raise BoardSpecError(f"board {kind}:{text}: expected {kind}:{shape} with positive integers")
        sizes = tuple(int(t) for t in text.split("x"))
        if min(sizes) < 1:
            raise BoardSpecError(f"board {kind}:{text}: sizes must be at least 1")
        return sizes

    return parse


def _rect(kind: str, text: str) -> tuple[int, ...]:
    """``5`` means ``5x5``; ``4x7`` means 4 rows, 7 columns."""
    return dims(1)(kind, text) * 2 if "x" not in text else dims(2)(kind, text)


def _sudoku_side(kind: str, text: str) -> tuple[int, ...]:
    """``sudoku:N`` with ``N`` a square (4, 9, 16, ...)."""
    (side,) = dims(1)(kind, text)
    if round(side**0.5) ** 2 != side:
        raise BoardSpecError(f"board {kind}:{text}: the side of a Sudoku is a square (4, 9, 16, ...)")
    return (side,)


#: the size parsers of the built-in board kinds that take a size (the regions' are in :mod:`._regions`)
SIZES: dict[str, Callable[[str, str], tuple[int, ...]]] = {
    "grid": _rect,
    "torus": _rect,
    "cylinder": _rect,
    "hex": dims(1),
    "tri": dims(1),
    "grid3d": dims(3),
    "sudoku": _sudoku_side,
}


def split_spec(spec) -> tuple[str, str, str, str]:
    """``(spec, kind, colon, args)`` of a spec stripped of blanks, once its length and characters are checked.

    Raises
    ------
    BoardSpecError
        If the spec is not a non-empty string, is longer than
        :data:`MAX_SPEC_LENGTH` characters (4096 for a path) or holds a NUL
        character.
    """
    if not isinstance(spec, str) or not spec.strip():
        raise BoardSpecError(f"a board spec must be a non-empty string, got {spec!r}")
    spec = spec.strip()
    is_path = "/" in spec or os.sep in spec
    if len(spec) > (_MAX_PATH_LENGTH if is_path else MAX_SPEC_LENGTH):
        raise BoardSpecError(
            f"board spec {spec[:40]!r}... is {len(spec)} characters long; a spec is at most {MAX_SPEC_LENGTH} "
            f"characters (a file path at most {_MAX_PATH_LENGTH}): use a size such as grid:5x5, a catalogue name or a file path"
        )
    if "\x00" in spec:
        raise BoardSpecError(f"board spec {spec!r} contains a NUL character")
    kind, colon, args = spec.partition(":")
    return spec, kind, colon, args


def read_sizes(spec: str, kind: str, args: str, parse: Callable[[str, str], tuple[int, ...]]) -> tuple[int, ...]:
    """The sizes ``args`` gives a board kind that takes one (``spec`` as written, for the message when none is
    given)."""
    if not args:
        raise BoardSpecError(f"board {spec!r}: {kind} needs a size, e.g. {kind}:{EXAMPLES[kind]}")
    return parse(kind, args)

