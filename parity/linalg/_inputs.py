"""Matrices and vectors from users, checked at the door (private; see parity.linalg).

Both engines read their input through :func:`field_array`, so a ragged list,
a float, ``None`` or a string is refused with the same
:class:`~parity.errors.ShapeError` whichever engine was asked, and every entry
is reduced mod p exactly (Python integers too large for int64 included).
"""

from __future__ import annotations

import numpy as np

from .._limits import check_memory
from ..errors import ShapeError

__all__ = ["field_array", "check_size"]

# Below this many bytes the memory check is skipped: every machine has that much, and the check
# (which reads the cgroup limit) costs about 30 us, more than solving a small system.
_UNCHECKED_BYTES = 1 << 26


def _first_bad(values: np.ndarray, bad: np.ndarray) -> str:
    """``'1.7 at (0, 1)'``: the first entry where ``bad`` holds, for error messages."""
    where = tuple(int(i) for i in np.argwhere(bad)[0])
    entry = values[where]
    entry = entry.item() if isinstance(entry, np.generic) else entry
    return f"{entry!r} at {where if len(where) > 1 else where[0]}"


def _is_sequence(value) -> bool:
    return isinstance(value, (list, tuple, np.ndarray))


def field_array(values, field: int, ndim: int, name: str = "A") -> np.ndarray:
    """``values`` as an ``ndim``-dimensional array of entries ``0..field-1``.

    The result is ``uint8`` over GF(2) and ``int64`` otherwise.  Booleans and
    integers of any size are accepted; ragged nesting, a wrong number of
    dimensions, and non-integer entries (floats, ``None``, strings) raise
    :class:`~parity.errors.ShapeError` naming the problem.  Empty arrays (of
    any dtype, as ``np.asarray([[], []])`` is float) are fine.

    Examples
    --------
    >>> field_array([[1, -1], [2, 2**70]], 3, 2).tolist()
    [[1, 2], [2, 1]]
    >>> field_array([[1, 0], [1]], 2, 2)
    Traceback (most recent call last):
    ...
    parity.errors.ShapeError: A is ragged: its rows differ in length
    >>> field_array([[1, 1.7]], 2, 2)
    Traceback (most recent call last):
    ...
    parity.errors.ShapeError: A must hold integers, got 1.7 at (0, 1)
    """
    what = "a vector" if ndim == 1 else "a matrix"
    if isinstance(values, np.ndarray):
        array = values
    else:
        try:
            array = np.asarray(values)
        except ValueError:  # numpy refuses ragged nesting ("inhomogeneous shape")
            raise ShapeError(f"{name} is ragged: its rows differ in length") from None
    if array.ndim != ndim:
        if array.dtype == object and array.ndim < ndim and any(_is_sequence(v) for v in array.flat):
            raise ShapeError(f"{name} is ragged: its rows differ in length")
        raise ShapeError(f"{name} must be {what} ({ndim}-D), got an array of shape {array.shape}")
    dtype = np.uint8 if field == 2 else np.int64
    if array.size == 0:
        return np.zeros(array.shape, dtype=dtype)
    if array.dtype == bool:
        return array.astype(dtype)
    if np.issubdtype(array.dtype, np.integer):
        if field == 2:  # two's complement: & 1 is mod 2 for negative entries too
            return array & np.uint8(1) if array.dtype == np.uint8 else (array & 1).astype(np.uint8)
        if array.dtype == np.uint64:
            return (array % np.uint64(field)).astype(np.int64)
        return (array.astype(np.int64, copy=False) % field).astype(np.int64, copy=False)
    if array.dtype == object:
        is_integer = np.vectorize(lambda v: isinstance(v, (int, np.integer)), otypes=[bool])(array)
        if not is_integer.all():
            if any(_is_sequence(v) for v in array.flat):
                raise ShapeError(f"{name} is ragged: its rows differ in length")
            raise ShapeError(f"{name} must hold integers, got {_first_bad(array, ~is_integer)}")
        reduced = [int(v) % field for v in array.flat]  # exact for Python ints of any size
        return np.array(reduced, dtype=dtype).reshape(array.shape)
    bad = np.ones(array.shape, dtype=bool)
    if np.issubdtype(array.dtype, np.number):  # name a fractional entry if there is one
        fractional = array != np.round(array)
        bad = fractional if fractional.any() else bad
    raise ShapeError(f"{name} must hold integers, got {_first_bad(array, bad)}")


def check_size(nbytes: float, what: str) -> None:
    """Raise :class:`~parity.errors.TooLargeError` before ``nbytes`` are allocated for ``what``, if they do not fit.

    Examples
    --------
    >>> check_size(10**7 * 10**7 / 8, "a 10000000 x 10000000 system over GF(2)")
    Traceback (most recent call last):
    ...
    parity.errors.TooLargeError: a 10000000 x 10000000 system over GF(2) needs about 11.4 TiB of memory; ...
    """
    if nbytes > _UNCHECKED_BYTES:
        check_memory(nbytes, what)
