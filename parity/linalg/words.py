"""Bit operations on 64-bit words, compiled: the helpers every bit-packed kernel shares.

The elimination kernels of :mod:`parity.linalg`, the exact-cover searches of
:mod:`parity.cover` and the Sudoku search call them from their own compiled
code; they are numba functions (``int64(uint64)``, cached), callable from
Python too.

Examples
--------
>>> import numpy as np
>>> ctz(np.uint64(40)), popcount(np.uint64(0b1011))
(3, 3)
"""

from __future__ import annotations

from ._word_kernels import _ctz as ctz
from ._word_kernels import _popcount as popcount

__all__ = ["ctz", "popcount"]
