"""parity: lights-out and parity puzzles, solved exactly.

>>> import parity as pt
>>> puzzle = pt.LightsOut(pt.board("grid:5x5"))
>>> pt.count(puzzle)
4
>>> pt.crosscheck(puzzle).agree
True

The names below are loaded on first use, so ``import parity`` (and the
``parity`` command's start-up) imports no solver, numba or galois.
"""

from __future__ import annotations

import importlib

from .errors import ParityError

__version__ = "0.1.0"

__all__ = [
    "board",
    "boards",
    "linalg",
    "cnf",
    "puzzles",
    "errors",
    "ENGINES",
    "LightsOut",
    "CnfFile",
    "Coloring",
    "Puzzle",
    "ParityError",
    "Result",
    "solve",
    "count",
    "count_result",
    "solutions",
    "count_up_to_symmetry",
    "crosscheck",
]

_LAZY = {
    "board": ("parity.boards", "board"),
    "ENGINES": ("parity.engines", "ENGINES"),
    "LightsOut": ("parity.puzzles.lightsout", "LightsOut"),
    "CnfFile": ("parity.puzzles.cnffile", "CnfFile"),
    "Coloring": ("parity.puzzles.coloring", "Coloring"),
    "Puzzle": ("parity.puzzles.base", "Puzzle"),
    "Result": ("parity.api", "Result"),
    "solve": ("parity.api", "solve"),
    "count": ("parity.api", "count"),
    "count_result": ("parity.api", "count_result"),
    "solutions": ("parity.api", "solutions"),
    "count_up_to_symmetry": ("parity.api", "count_up_to_symmetry"),
    "crosscheck": ("parity.check", "crosscheck"),
}
_SUBPACKAGES = {"boards", "linalg", "cnf", "puzzles", "errors", "engines", "api", "check", "strategies"}


def __getattr__(name: str):
    if name in _LAZY:
        module, attribute = _LAZY[name]
        value = getattr(importlib.import_module(module), attribute)
        globals()[name] = value
        return value
    if name in _SUBPACKAGES:
        return importlib.import_module(f"parity.{name}")
    raise AttributeError(f"module 'parity' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
