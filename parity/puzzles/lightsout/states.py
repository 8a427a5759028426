"""Light states and toggle matrices as a user gives them: named, random, a mapping, a sequence or a file.

A state is a vector in the puzzle's node order with entries in ``0..p-1``
(:func:`state_vector`); a state file holds digits in node order or a JSON
object of node labels (:func:`read_state`, labels by :func:`node_label`); a
toggle matrix is rows of integers, from a file (:func:`read_toggle_matrix`)
or given (:func:`toggle_matrix`).

Examples
--------
>>> state_vector("all-on", [(0, 0), (0, 1)], {(0, 0): 0, (0, 1): 1}, 2).tolist()
[1, 1]
>>> toggle_matrix([[1, 1], [0, 1]], 2, 2).tolist()
[[1, 1], [0, 1]]
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Hashable, Mapping, Sequence
from numbers import Integral
from pathlib import Path

import numpy as np

from ..._files import read_text
from ...errors import RuleError, StateError
from ..base import node_labels

__all__ = ["NAMED_STATES", "node_label", "read_state", "read_toggle_matrix", "state_vector", "toggle_matrix"]

#: the states named by a word
NAMED_STATES = ("all-on", "all-off")
_MAX_SEED_DIGITS = 100


def node_label(v: Hashable) -> str:
    """A node as text: ``(2, 3)`` -> ``"2,3"``, ``7`` -> ``"7"`` (see :func:`~parity.puzzles.base.node_labels`).

    Examples
    --------
    >>> node_label((2, 3)), node_label(7)
    ('2,3', '7')
    """
    return node_labels([v])[v]


def _as_state_value(value, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise StateError(f"{where} has state {value!r}, expected an integer")
    return int(value)


def read_state(path: str | os.PathLike, nodes: Sequence[Hashable], field: int) -> np.ndarray:
    """Read a light state from a file.

    Two formats: a text file of digits in node order (row by row for grids;
    spaces and line breaks are ignored, ``#`` starts a comment), or a JSON object
    mapping node labels (``"2,3"``) to states, missing nodes being 0.

    Raises
    ------
    StateError
        Naming the file and what is wrong with it.
    """
    path = Path(path)
    text = read_text(path, StateError, "state file")
    if text.lstrip().startswith("{"):
        try:
            mapping = json.loads(text)
        except json.JSONDecodeError as exc:
            raise StateError(f"state file {path}: bad JSON at line {exc.lineno}: {exc.msg}") from None
        labels = {label: i for i, label in enumerate(node_labels(nodes).values())}
        state = [0] * len(nodes)
        for key, value in mapping.items():
            if key not in labels:
                raise StateError(f"state file {path}: no node {key!r} on this board")
            state[labels[key]] = _as_state_value(value, f"state file {path}: node {key!r}")
        return _check_range(state, field, f"state file {path}")
    digits = [ch for line in text.splitlines() for ch in line.split("#", 1)[0] if not ch.isspace()]
    bad = next((ch for ch in digits if ch not in "0123456789"), None)
    if bad is not None:
        raise StateError(f"state file {path}: unexpected character {bad!r}; expected digits 0..{min(field, 10) - 1}")
    if len(digits) != len(nodes):
        raise StateError(f"state file {path} has {len(digits)} lights, the board has {len(nodes)}")
    return _check_range([int(ch) for ch in digits], field, f"state file {path}")


def _check_range(state: Sequence[int], field: int, where: str) -> np.ndarray:
    bad = next((v for v in state if not 0 <= v < field), None)
    if bad is not None:
        raise StateError(f"{where}: light states must lie in 0..{field - 1} for GF({field}), got {bad}")
    return np.array(state, dtype=np.int64)


def read_toggle_matrix(path: str | os.PathLike) -> list[list[int]]:
    """Read a toggle matrix: one row of integers per line, ``#`` starts a comment.

    Raises
    ------
    RuleError
        Naming the file and what is wrong (unreadable, empty, not integers, ragged).
    """
    text = read_text(path, RuleError, "toggle-matrix file")
    rows = [line.split("#", 1)[0].split() for line in text.splitlines()]
    rows = [row for row in rows if row]
    if not rows:
        raise RuleError(f"toggle-matrix file {path} has no rows")
    try:
        matrix = [[int(word) for word in row] for row in rows]
    except ValueError:
        raise RuleError(f"toggle-matrix file {path}: expected rows of integers") from None
    if len({len(row) for row in matrix}) != 1:
        raise RuleError(f"toggle-matrix file {path}: rows have different lengths")
    return matrix


def state_vector(spec, nodes: Sequence[Hashable], index: Mapping[Hashable, int], field: int,
                 what: str = "state") -> np.ndarray:
    """A state spec as a vector in node order over GF(``field``): ``"all-on"``, ``"all-off"``, ``"random:SEED"``,
    a state file (:func:`read_state`), a mapping node -> state (missing nodes 0) or a sequence in node order.

    Parameters
    ----------
    spec : str, mapping, sequence or path
        The state.
    nodes : sequence
        The board's nodes, in the puzzle's order.
    index : mapping
        Node -> its position in ``nodes``.
    field : int
        The number of light states, a prime.
    what : str
        What the state is (``start``, ``target``), for the messages.

    Raises
    ------
    StateError
        Naming ``what`` and what is wrong with it.
    """
    n, p = len(nodes), field
    if isinstance(spec, str) and spec in NAMED_STATES:
        return np.full(n, 1 if spec == "all-on" else 0, dtype=np.int64)
    if isinstance(spec, str) and spec.startswith("random:"):
        seed = spec.partition(":")[2]
        if not (seed.isascii() and seed.isdigit()):
            raise StateError(f"{what} {spec!r}: expected random:SEED with a non-negative integer seed")
        if len(seed) > _MAX_SEED_DIGITS:  # int() refuses more than 4300 digits; no seed needs so many
            raise StateError(f"{what} random:{seed[:12]}...: the seed has {len(seed)} digits; use at most "
                             f"{_MAX_SEED_DIGITS}")
        rng = random.Random(int(seed))
        return np.array([rng.randrange(p) for _ in range(n)], dtype=np.int64)
    if isinstance(spec, str) and not spec.strip():
        raise StateError(f"{what} is empty; use {', '.join(NAMED_STATES)}, random:SEED or a state file")
    if isinstance(spec, (str, os.PathLike)):
        if not Path(spec).exists():
            raise StateError(
                f"{what} {str(spec)!r} is neither {', '.join(NAMED_STATES)}, random:SEED nor an existing file"
            )
        return read_state(spec, nodes, p)
    if isinstance(spec, Mapping):
        state = [0] * n
        for v, value in spec.items():
            if v not in index:
                raise StateError(f"{what}: no node {v!r} on this board")
            state[index[v]] = _as_state_value(value, f"{what}: node {v!r}")
        return _check_range(state, p, what)
    if isinstance(spec, np.ndarray):
        if spec.dtype == bool or not np.issubdtype(spec.dtype, np.integer):
            raise StateError(f"{what} must hold integers, got an array of {spec.dtype}")
        spec = spec.tolist()
    if isinstance(spec, (str, bytes)) or not isinstance(spec, Sequence):
        raise StateError(f"{what} must be a named state, a mapping or {n} integers, got {type(spec).__name__}")
    if len(spec) != n:
        raise StateError(f"{what} must be {n} integers (one per node), got {len(spec)}")
    return _check_range([_as_state_value(v, f"{what}: entry {i}") for i, v in enumerate(spec)], p, what)


def toggle_matrix(matrix, n: int, field: int) -> np.ndarray:
    """A toggle matrix given as rows of integers (or an array), checked to be ``n x n`` and reduced mod ``field``.

    Raises
    ------
    RuleError
        For a matrix of another shape, or entries that are not integers.
    """
    if isinstance(matrix, np.ndarray):
        if matrix.dtype != bool and not np.issubdtype(matrix.dtype, np.integer):
            raise RuleError("toggle matrix entries must be integers")
        matrix = matrix.tolist()
    try:
        rows = [list(row) for row in matrix]
    except TypeError:
        raise RuleError("a toggle matrix is a list of rows of integers") from None
    if len(rows) != n or any(len(row) != n for row in rows):
        shape = f"{len(rows)} rows of lengths {sorted({len(row) for row in rows})}"
        raise RuleError(f"toggle matrix must have shape ({n}, {n}) for the board's {n} nodes, got {shape}")
    if any(not isinstance(x, Integral) for row in rows for x in row):
        raise RuleError("toggle matrix entries must be integers")
    return np.array([[int(x) % field for x in row] for row in rows], dtype=np.int64)
