"""The least Hamming weight over a GF(2) solution space: a Gray-code walk (Python integers, or the kernel).

:meth:`parity.linalg.SolutionSpace.minimum_weight` calls it for GF(2) spaces.
"""

from __future__ import annotations

import numpy as np

from . import _gf2_ints
from ._bits import _PYTHON_BUDGET_S, _kernels, _kernels_loaded, pack

__all__ = ["min_weight_gf2"]


def _walk_in_python(steps: int, ncols: int) -> bool:
    """Whether a Gray-code walk of ``steps`` steps is cheaper in Python than starting the kernels.

    Measured: a step costs about 120 ns + 0.07 ns a column in Python (so 2^20 steps over 25 columns take
    0.13 s); the same budget as elimination applies, and once loaded the kernels always walk.
    """
    return not _kernels_loaded() and steps * (120e-9 + 0.07e-9 * ncols) <= _PYTHON_BUDGET_S


def min_weight_gf2(
    particular: np.ndarray, basis: np.ndarray, chunk: int = 1 << 22, method: str | None = None
) -> tuple[int, np.ndarray]:
    """Minimum Hamming weight over ``particular + span(basis)`` by a Gray-code walk.

    The walk is the order of :meth:`SolutionSpace.__iter__`, and the first
    point of least weight is returned.  ``method`` is ``"packed"`` (the
    ``gray_min_weight`` kernel, ``chunk`` steps a call), ``"python"`` (Python
    integers) or ``None`` (by the number of steps).
    """
    ncols, nullity = particular.shape[0], basis.shape[0]
    total = 1 << nullity
    if method is None:
        method = "python" if _walk_in_python(total, ncols) else "packed"
    if method == "python":
        to_int = lambda bits: _gf2_ints.rows_from_packed(pack(bits[None, :]))[0]  # noqa: E731
        best_weight, best_code = _gf2_ints.min_weight_walk(to_int(particular), [to_int(v) for v in basis])
    else:
        K = _kernels()
        x = pack(particular[None, :])[0].copy()
        packed_basis = pack(basis) if nullity else np.zeros((0, x.shape[0]), dtype=np.uint64)
        best_weight = int(particular.sum())
        best_code = 0
        step = 1
        code = np.full(1, -1, dtype=np.int64)
        while step < total:
            steps = min(chunk, total - step)
            code[0] = -1
            weight = int(K.gray_min_weight(x, packed_basis, steps, code, step))
            if weight < best_weight:
                best_weight, best_code = weight, int(code[0])
            step += steps
    coefficients = np.array([(best_code >> k) & 1 for k in range(nullity)], dtype=np.int64)
    best = (particular.astype(np.int64) + coefficients @ basis.astype(np.int64)) % 2
    assert int(best.sum()) == best_weight and best.shape == (ncols,)
    return best_weight, best

