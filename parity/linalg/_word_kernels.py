"""Numba kernels on single 64-bit words, shared by the GF(2) kernels, the ``scan`` engine and the Sudoku search
(private).

They live apart so that a kernel module needing one of them compiles (or
reads from numba's cache) only these, not every GF(2) kernel.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_ONE = np.uint64(1)
_ZERO = np.uint64(0)
_M32 = np.uint64(0xFFFFFFFF)
_M16 = np.uint64(0xFFFF)
_M8 = np.uint64(0xFF)
_M4 = np.uint64(0xF)
_M2 = np.uint64(0x3)
_S32 = np.uint64(32)
_S16 = np.uint64(16)
_S8 = np.uint64(8)
_S4 = np.uint64(4)
_S2 = np.uint64(2)
_S1 = np.uint64(1)


@njit("int64(uint64)", cache=True, nogil=True)
def _ctz(x):
    """Index of the lowest set bit of a non-zero word."""
    n = 0
    if (x & _M32) == _ZERO:
        n += 32
        x >>= _S32
    if (x & _M16) == _ZERO:
        n += 16
        x >>= _S16
    if (x & _M8) == _ZERO:
        n += 8
        x >>= _S8
    if (x & _M4) == _ZERO:
        n += 4
        x >>= _S4
    if (x & _M2) == _ZERO:
        n += 2
        x >>= _S2
    if (x & _ONE) == _ZERO:
        n += 1
    return n


@njit("int64(uint64)", cache=True, nogil=True)
def _parity(x):
    """Parity (popcount mod 2) of a word."""
    x ^= x >> _S32
    x ^= x >> _S16
    x ^= x >> _S8
    x ^= x >> _S4
    x ^= x >> _S2
    x ^= x >> _S1
    return np.int64(x & _ONE)


@njit("int64(uint64)", cache=True, nogil=True)
def _popcount(v):
    """Number of set bits of a word (the SWAR method)."""
    v = v - ((v >> _S1) & np.uint64(0x5555555555555555))
    v = (v & np.uint64(0x3333333333333333)) + ((v >> _S2) & np.uint64(0x3333333333333333))
    v = (v + (v >> _S4)) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((v * np.uint64(0x0101010101010101)) >> np.uint64(56))
