"""Bit-packed GF(2) rows: packing, sizes, and the numba kernels loaded on first use.

The lowest floor of the GF(2) code: :mod:`parity.linalg.gf2` (elimination) and
:mod:`parity.linalg.minweight` (the least-weight search) both build on it.
"""

from __future__ import annotations

import sys
from types import ModuleType

import numpy as np

from ._inputs import check_size, field_array

__all__ = ["pack", "unpack"]

# When the ``python`` method is tried (``method=None``), measured cold, one ``python -c`` each: Lights Out
# n x n takes 0.001 s (n = 5), 0.004 s (20), 0.02 s (40), 0.1 s (60), 0.19 s (80) and 0.8-1.1 s (100) in
# Python; through the kernels 0.35-0.6 s whatever n up to 100 (importing numba and loading the cached
# kernels).  A row operation costs about 250 ns + 0.02 ns a column.  So the ``python`` method may spend
# 0.2 s of row operations, and is not tried at all on packed matrices beyond 2^20 words (Lights Out
# beyond about 90 x 90), nor once the kernels are loaded (then they are faster from 5 x 5 on).
_PYTHON_BUDGET_S = 0.2
_PYTHON_MAX_WORDS = 1 << 20


def _kernels() -> ModuleType:
    """The numba kernels, imported on first use: numba costs about 0.4 s to start."""
    from .._compiled import load_kernels

    return load_kernels("parity.linalg._gf2_kernels")


def _kernels_loaded() -> bool:
    return "parity.linalg._gf2_kernels" in sys.modules


def _packed_bytes(rows: int, ncols: int) -> int:
    return int(rows) * max(1, (int(ncols) + 63) // 64) * 8


def _check_packed_size(rows: int, ncols: int) -> None:
    """Raise :class:`~parity.errors.TooLargeError` before a packed ``rows x ncols`` matrix is allocated."""
    check_size(_packed_bytes(rows, ncols), f"a {rows} x {ncols} system over GF(2)")


def _as_bits(A, name: str = "A", ndim: int = 2) -> np.ndarray:
    return field_array(A, 2, ndim, name)


def pack(A) -> np.ndarray:
    """Pack a 0/1 matrix into ``uint64`` words, 64 columns a word, column ``j`` at bit ``j % 64``.

    Raises
    ------
    ShapeError
        If ``A`` is not a matrix of integers.
    TooLargeError
        If the packed matrix would not fit in memory.

    Examples
    --------
    >>> pack([[1, 0, 1], [0, 0, 0]]).ravel().tolist()
    [5, 0]
    """
    A = _as_bits(A)
    rows, cols = A.shape
    _check_packed_size(rows, cols)
    W = max(1, (cols + 63) // 64)
    packed = np.zeros((rows, W * 8), dtype=np.uint8)
    if cols:
        packed[:, : (cols + 7) // 8] = np.packbits(A, axis=1, bitorder="little")
    return packed.view("<u8").astype(np.uint64, copy=False).reshape(rows, W)


def unpack(P: np.ndarray, ncols: int) -> np.ndarray:
    """Inverse of :func:`pack`: a ``(rows, ncols)`` uint8 matrix.

    Examples
    --------
    >>> unpack(pack([[1, 0, 1]]), 3).tolist()
    [[1, 0, 1]]
    """
    P = np.ascontiguousarray(P, dtype=np.uint64)
    rows = P.shape[0]
    if rows == 0 or ncols == 0:
        return np.zeros((rows, ncols), dtype=np.uint8)
    bits = np.unpackbits(P.astype("<u8").view(np.uint8).reshape(rows, -1), axis=1, bitorder="little")
    return bits[:, :ncols].copy()
