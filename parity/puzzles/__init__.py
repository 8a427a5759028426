"""Puzzle families: one module per family, each able to encode, decode and verify.

:class:`Puzzle` is the contract every family follows (see :mod:`parity.puzzles.base`);
:mod:`parity.puzzles.registry` maps family names to their command-line adapters.
Family modules are imported on first use, so ``import parity`` stays cheap.
"""

from __future__ import annotations

import importlib

from .base import Puzzle, canonical, node_labels
from .registry import Family, Option, family, names, register, unregister

__all__ = ["Puzzle", "Family", "Option", "family", "names", "register", "unregister", "node_labels", "canonical",
           "LightsOut", "CnfFile", "Coloring", "Quintomino", "Enigma1780", "Polyomino", "Sudoku", "Icosoku", "node_label", "read_state"]

_LAZY = {
    "LightsOut": "parity.puzzles.lightsout",
    "node_label": "parity.puzzles.lightsout",
    "read_state": "parity.puzzles.lightsout",
    "CnfFile": "parity.puzzles.cnffile",
    "Coloring": "parity.puzzles.coloring",
    "Quintomino": "parity.puzzles.quintomino",
    "Enigma1780": "parity.puzzles.enigma",
    "Polyomino": "parity.puzzles.polyomino",
    "Sudoku": "parity.puzzles.sudoku",
    "Icosoku": "parity.puzzles.icosoku",
}


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'parity.puzzles' has no attribute {name!r}")
