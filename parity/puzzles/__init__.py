"""Puzzle families: one module per family, each able to encode, decode and verify.

:class:`Puzzle` is the contract every family follows (see :mod:`parity.puzzles.base`);
:mod:`parity.puzzles.registry` maps family names to their command-line adapters.
Family modules are imported on first use, so ``import parity`` stays cheap.
"""

from __future__ import annotations

import importlib

from .base import Puzzle, canonical, node_labels
from .registry import BUILTIN_FAMILIES, Family, Option, family, names, register, unregister

#: puzzle class (and Lights Out helper) -> module, from the registry's one list of families
_LAZY = {cls: module for module, cls, _ in BUILTIN_FAMILIES.values()}
_LAZY.update({"node_label": "parity.puzzles.lightsout", "read_state": "parity.puzzles.lightsout"})

__all__ = ["Puzzle", "Family", "Option", "family", "names", "register", "unregister", "node_labels", "canonical",
           *_LAZY]


def __getattr__(name: str):
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'parity.puzzles' has no attribute {name!r}")
