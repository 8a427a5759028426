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

#: the facade's own names; every built-in family's puzzle class (``pt.Sudoku``, ``pt.Polyomino`` ...) comes from the
#: registry's one list of families, and ``__all__`` is made from both on first use
_NAMES = [
    "board",
    "boards",
    "linalg",
    "cnf",
    "puzzles",
    "errors",
    "ENGINES",
    "Puzzle",
    "ParityError",
    "Result",
    "solve",
    "solve_many",
    "count",
    "count_result",
    "solutions",
    "count_up_to_symmetry",
    "crosscheck",
]

_LAZY = {
    "board": ("parity.boards", "board"),
    "ENGINES": ("parity.engines", "ENGINES"),
    "Puzzle": ("parity.puzzles.base", "Puzzle"),
    "Result": ("parity.api", "Result"),
    "solve": ("parity.api", "solve"),
    "solve_many": ("parity.api", "solve_many"),
    "count": ("parity.api", "count"),
    "count_result": ("parity.api", "count_result"),
    "solutions": ("parity.api", "solutions"),
    "count_up_to_symmetry": ("parity.api", "count_up_to_symmetry"),
    "crosscheck": ("parity.check", "crosscheck"),
}
_SUBPACKAGES = {"boards", "linalg", "cnf", "puzzles", "errors", "engines", "api", "check", "strategies"}


def _families() -> dict[str, tuple[str, str]]:
    """Puzzle class name -> (module, name), from the registry's list of built-in families."""
    from .puzzles.registry import BUILTIN_FAMILIES

    return {cls: (module, cls) for module, cls, _ in BUILTIN_FAMILIES.values()}


def __getattr__(name: str):
    if name == "__all__":
        return [*_NAMES, *_families()]
    lazy = _LAZY.get(name) or (_families().get(name) if name[:1].isupper() else None)
    if lazy is not None:
        module, attribute = lazy
        value = getattr(importlib.import_module(module), attribute)
        globals()[name] = value
        return value
    if name in _SUBPACKAGES:
        return importlib.import_module(f"parity.{name}")
    raise AttributeError(f"module 'parity' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_NAMES, *_families()})
