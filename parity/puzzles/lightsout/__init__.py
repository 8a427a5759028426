"""The Lights Out family: Lights Out, Quinto, sigma and sigma+ games, multi-state lights.

Every node of a board holds a light with a state in ``0..p-1``.  Pressing a
node adds 1 (mod p) to the lights it toggles:

* ``rule="closed"`` (Lights Out, Quinto, "sigma+"): the node and its neighbours;
* ``rule="open"`` ("sigma"): its neighbours only;
* an explicit toggle matrix ``T`` (``T[i, j]`` = what pressing node ``j`` adds to
  light ``i``).

Pressing node ``j`` ``x_j`` times turns ``start`` into ``start + T x``, so the
presses that reach ``target`` are the solutions of ``T x = target - start`` over
GF(p) [1]_ [2]_.

References
----------
.. [1] K. Sutner, "Linear cellular automata and the Garden-of-Eden",
   The Mathematical Intelligencer 11 (1989) 49-53.
.. [2] M. Anderson and T. Feil, "Turning Lights Out with linear algebra",
   Mathematics Magazine 71 (1998) 300-303.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from collections.abc import Hashable, Mapping, MutableMapping, Sequence
from numbers import Integral
from pathlib import Path

import networkx as nx
import numpy as np

from ..._files import read_text
from ..._limits import check_memory
from ..._json import JSONText
from ...boards import board as make_board, read_strictly, rectangle
from ...errors import (
    BoardSpecError,
    EngineNotApplicableError,
    InvalidSolution,
    LimitError,
    NodeError,
    RuleError,
    StateError,
    SweepError,
    TooLargeError,
)
from ...linalg import SolutionSpace, check_field
from ...linalg.system import LinearSystem
from ..base import Puzzle, node_labels
from ..registry import BOARD_STRICT, Family, Option, SweepSpec, parse_sizes

#: boards other than grids of at most this many nodes have their symmetries broken in the most clicks search
#: (finding a board's automorphisms takes about 2 s at 400 nodes, 9 s at 900)
_SYMMETRY_NODES = 400
#: the most clicks' worst start is checked by weighing every solution up to this nullity (the coset search beyond)
_WEIGHED_NULLITY = 20

__all__ = ["LightsOut", "Presses", "RULES", "node_label", "read_state", "read_toggle_matrix", "FAMILY"]

RULES = ("closed", "open")
_NAMED_STATES = ("all-on", "all-off")
_MAX_SEED_DIGITS = 100
#: the largest CNF parity builds for a GF(p) board (its sum constraints grow like p^2 a term)
MAX_CNF_CLAUSES = 20_000_000
#: bytes a cell of a grid, cylinder or torus costs on the way from spec to JSON (toggle entries, vectors, text)
_CELL_BYTES = 400


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


class Presses(MutableMapping):
    """A Lights Out solution: node -> number of presses, kept as the press vector in the puzzle's node order.

    It reads like a dict (``presses[(0, 0)]``, ``.items()``, ``dict(presses)``,
    equality with a dict) and takes new counts for its nodes
    (``presses[(0, 0)] = 0``); every node of the board is a key, so no key is
    added or deleted.  Its ``vector`` is the array itself (a copy of the one
    given).

    Examples
    --------
    >>> presses = LightsOut("grid:2x2").presses([1, 0, 0, 1])
    >>> presses[(0, 0)], presses == {(0, 0): 1, (0, 1): 0, (1, 0): 0, (1, 1): 1}, presses.vector.tolist()
    (1, True, [1, 0, 0, 1])
    """

    __slots__ = ("nodes", "index", "vector")

    def __init__(self, nodes: Sequence[Hashable], index: Mapping[Hashable, int], vector) -> None:
        self.nodes, self.index = nodes, index
        self.vector = np.array(vector, dtype=np.int64).ravel()
        if self.vector.size != len(nodes):
            raise InvalidSolution(f"a press vector of {self.vector.size} entries for {len(nodes)} nodes")

    def __getitem__(self, node: Hashable) -> int:
        return int(self.vector[self.index[node]])

    def __setitem__(self, node: Hashable, times) -> None:
        if node not in self.index:
            raise KeyError(node)
        if isinstance(times, bool) or not isinstance(times, Integral):
            raise InvalidSolution(f"node {node!r} pressed {times!r} times; expected an integer")
        self.vector[self.index[node]] = int(times)

    def __delitem__(self, node: Hashable) -> None:
        raise TypeError("every node of the board has a press count; set it to 0 instead of deleting it")

    def __iter__(self):
        return iter(self.nodes)

    def __len__(self) -> int:
        return len(self.nodes)

    def __contains__(self, node) -> bool:
        return node in self.index

    def __eq__(self, other) -> bool:
        if isinstance(other, Presses) and other.nodes == self.nodes:
            return bool(np.array_equal(self.vector, other.vector))
        return Mapping.__eq__(self, other)

    __hash__ = None

    def __repr__(self) -> str:
        return repr(dict(self.items()))


class LightsOut(Puzzle):
    """A Lights Out puzzle on a board.

    Parameters
    ----------
    board : str or networkx.Graph
        A board spec (``"grid:5x5"``) or a graph.
    rule : {"closed", "open"} or array_like
        Which lights a press toggles (see the module docs), or an explicit
        ``n x n`` toggle matrix over the nodes in ``list(G)`` order.
    field : int
        Number of light states, a prime ``p`` (2 for on/off).
    start, target : str, mapping, sequence or path
        ``"all-on"`` (every light 1), ``"all-off"``, ``"random:SEED"``, a
        mapping node -> state, a sequence in node order, or a state file (see
        :func:`~parity.puzzles.lightsout.read_state`).  The default asks to switch every light off.

    Examples
    --------
    The 3 x 3 board has one solution: press the corners and the centre.

    >>> puzzle = LightsOut("grid:3x3")
    >>> space = puzzle.solution_space()
    >>> space.count
    1
    >>> print(puzzle.picture(puzzle.presses(space.particular)))
    # . #
    . # .
    # . #

    Five three-state lights in a row: all-on can be switched off in 3 ways,
    this start cannot be switched off at all:

    >>> LightsOut("grid:1x5", field=3).solution_space().count
    3
    >>> LightsOut("grid:1x5", field=3, start=[1, 2, 0, 0, 1]).solution_space().count
    0
    """

    family = "lightsout"
    encodings = ("linear", "cnf")
    weight_name = "presses"

    def __init__(
        self,
        board: str | nx.Graph,
        rule: str | Sequence | np.ndarray = "closed",
        field: int = 2,
        start: str | Mapping | Sequence | os.PathLike = "all-on",
        target: str | Mapping | Sequence | os.PathLike = "all-off",
    ) -> None:
        # the grid, cylinder or torus the spec names, known by its size: no graph is built for it until one is
        # asked for (the board property), and presses, lights and pictures are arrays on it
        self.rectangle = rectangle(board)
        if self.rectangle is not None:
            self._board = None
            self.nodes = self.rectangle.cells
            check_memory(_CELL_BYTES * len(self.nodes), f"Lights Out on {self.rectangle.name}")
            self.index = self.nodes.positions
        else:
            self._board = make_board(board)
            self.nodes = list(self._board)
            if not self.nodes:
                raise BoardSpecError("the board has no nodes")
            self.index = {v: i for i, v in enumerate(self.nodes)}
        self.field = check_field(field)
        self.toggle_matrix: np.ndarray | None = None
        if isinstance(rule, str):
            if rule not in RULES:
                raise RuleError(f"unknown rule {rule!r}; use one of {', '.join(RULES)} or a toggle matrix")
            self.rule = rule
        else:
            self.rule = "matrix"
            self.toggle_matrix = self._check_matrix(rule)
        self.start = self.state(start, "start")
        self.target = self.state(target, "target")

    @property
    def board(self) -> nx.Graph:
        """The board as a networkx graph (for a grid, cylinder or torus spec, built on first use)."""
        if self._board is None:
            self._board = self.rectangle.graph()
        return self._board

    @property
    def has_board(self) -> bool:
        return True

    @property
    def board_name(self) -> str:
        return self.rectangle.name if self.rectangle is not None else super().board_name

    # -- states -------------------------------------------------------------
    def state(self, spec, what: str = "state") -> np.ndarray:
        """Turn a state spec (see the class docs) into a vector in node order."""
        n, p = len(self.nodes), self.field
        if isinstance(spec, str) and spec in _NAMED_STATES:
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
            raise StateError(f"{what} is empty; use {', '.join(_NAMED_STATES)}, random:SEED or a state file")
        if isinstance(spec, (str, os.PathLike)):
            if not Path(spec).exists():
                raise StateError(
                    f"{what} {str(spec)!r} is neither {', '.join(_NAMED_STATES)}, random:SEED nor an existing file"
                )
            return read_state(spec, self.nodes, p)
        if isinstance(spec, Mapping):
            state = [0] * n
            for v, value in spec.items():
                if v not in self.index:
                    raise StateError(f"{what}: no node {v!r} on this board")
                state[self.index[v]] = _as_state_value(value, f"{what}: node {v!r}")
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

    def _check_matrix(self, matrix) -> np.ndarray:
        n, p = len(self.nodes), self.field
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
        return np.array([[int(x) % p for x in row] for row in rows], dtype=np.int64)

    # -- the linear encoding ------------------------------------------------
    def toggles(self, node: Hashable) -> dict[Hashable, int]:
        """What one press of ``node`` adds to each light it changes, read off the rule.

        Examples
        --------
        >>> sorted(LightsOut("grid:2x2").toggles((0, 0)).items())
        [((0, 0), 1), ((0, 1), 1), ((1, 0), 1)]
        """
        if node not in self.index:
            raise NodeError(f"no node {node!r} on this board")
        if self.rule == "matrix":
            column = self.toggle_matrix[:, self.index[node]]
            return {self.nodes[i]: int(column[i]) for i in np.flatnonzero(column)}
        effect = {w: 1 for w in self.board[node] if w != node}
        if self.rule == "closed":
            effect[node] = 1
        return effect

    def build_linear(self) -> LinearSystem:
        """The encoding ``T x = target - start`` over GF(p), unknowns and equations in node order.

        Its ``decode`` turns a press vector into presses (node -> times).
        """
        n = len(self.nodes)
        if self.rule == "matrix":
            rows, cols = np.nonzero(self.toggle_matrix)
            values = self.toggle_matrix[rows, cols]
        elif self.rectangle is not None:  # written from the stencil, no graph
            rhs = (self.target - self.start) % self.field
            return LinearSystem.from_stencil(self._stencil(), rhs, self.field, self.nodes, decode=self.presses)
        else:
            edges = self._edges()
            rows = np.concatenate([edges[:, 0], edges[:, 1]])
            cols = np.concatenate([edges[:, 1], edges[:, 0]])
            if self.rule == "closed":
                rows = np.concatenate([rows, np.arange(n)])
                cols = np.concatenate([cols, np.arange(n)])
            values = np.ones(rows.size, dtype=np.int64)
        rhs = (self.target - self.start) % self.field
        return LinearSystem((n, n), rows, cols, values, rhs, self.field, self.nodes, self.nodes, decode=self.presses,
                            stencil=self._stencil())

    def _stencil(self) -> tuple | None:
        """``(kind, m, n, closed)`` for a grid, cylinder or torus board with cells in row order (see ``LinearSystem``)."""
        if self.rule == "matrix":
            return None
        if self.rectangle is not None:
            R = self.rectangle
            return (R.kind, R.rows, R.cols, self.rule == "closed")
        kind = self.board.graph.get("kind")
        if kind not in ("grid", "cylinder", "torus"):
            return None
        shape = self._grid_shape()
        if shape is None or self.nodes != [(r, c) for r in range(shape[0]) for c in range(shape[1])]:
            return None
        return (kind, int(shape[0]), int(shape[1]), self.rule == "closed")

    def cnf(self, xor_chunk: int = 4):
        """The CNF encoding (cached for the default ``xor_chunk``); see :meth:`build_cnf`."""
        return self.encoding("cnf") if xor_chunk == 4 else self.build_cnf(xor_chunk)

    def build_cnf(self, xor_chunk: int = 4):
        """The CNF encoding: one variable a node over GF(2), a one-hot digit a node over GF(p).

        Over GF(2) every light gives an XOR constraint (kept native for
        CryptoMiniSat, Tseitin-encoded in chunks of ``xor_chunk`` for other
        solvers).  Over GF(p) every light gives a sum mod p of one-hot digits.
        Variables are named by the node objects themselves (``("press", node)``),
        so nodes that print alike never share a variable.  The primary
        variables are the press variables (the indicators over GF(p)), so
        models projected on them are exactly the solutions; ``decode`` turns a
        model into presses (node -> times).

        Examples
        --------
        >>> from parity.cnf import backend
        >>> formula = LightsOut("grid:4x4").cnf()
        >>> backend("sat").count(formula)
        16
        """
        from ...cnf import CNF
        from ...linalg.forcing import forcing_set

        system = self.linear()
        # the rows of T as {column: coefficient}, from the sparse entries (no n x n matrix for large boards)
        rows: list[dict[int, int]] = [{} for _ in self.nodes]
        for i, j, value in zip(system.rows.tolist(), system.cols.tolist(), system.values.tolist()):
            rows[i][j] = (rows[i].get(j, 0) + value) % self.field
        rows = [{j: c for j, c in sorted(row.items()) if c} for row in rows]
        p = self.field
        # the sum constraints over GF(p) cost about p^2 clauses a term: refuse before building
        clauses = sum(len(row) * p * p for row in rows) if p > 2 else 0
        if clauses > MAX_CNF_CLAUSES:
            raise TooLargeError(
                f"the CNF encoding of {self.describe()} needs about {clauses:.2g} clauses, more than the "
                f"{MAX_CNF_CLAUSES:,} parity builds; use a linear engine (gf2, galois)"
            )
        check_memory(200.0 * (clauses + 4 * len(rows)), f"the CNF encoding of {self.describe()}")
        meaning: dict[int, tuple[int, int]] = {}  # variable -> (node number, presses), filled below

        def decode(model) -> dict[Hashable, int]:
            x = [0] * len(self.nodes)
            for lit in model:
                if lit > 0 and lit in meaning:
                    j, value = meaning[lit]
                    x[j] = value
            return self.presses(x)

        formula = CNF(xor_chunk=xor_chunk, decode=decode)
        if p == 2:
            presses = [formula.var(("press", v)) for v in self.nodes]
            for i in range(len(self.nodes)):
                formula.add_xor([presses[j] for j in rows[i]], int(system.rhs[i]))
            formula.primary = list(presses)
            meaning.update({var: (j, 1) for j, var in enumerate(presses)})
        else:
            digits = [formula.one_hot(("press", v), range(p)) for v in self.nodes]
            for i in range(len(self.nodes)):
                terms = [{(c * value) % p: var for value, var in digits[j].items()} for j, c in rows[i].items()]
                formula.sum_equals(terms, int(system.rhs[i]), modulus=p)
            formula.primary = [var for digit in digits for var in digit.values()]
            meaning.update({var: (j, value) for j, digit in enumerate(digits) for value, var in digit.items()})

        # a forcing set of the presses: counting projected on it counts every solution (see linalg.forcing)
        forced = forcing_set([list(row) for row in rows], len(self.nodes))
        if p == 2:
            formula.support = [presses[c] for c in forced]
        else:
            formula.support = [var for c in forced for var in digits[c].values()]
        return formula

    def solution_space(self, engine: str | None = None) -> SolutionSpace:
        """Every press vector that solves the puzzle, via a linear engine (``gf2``, ``galois``).

        The space holds raw vectors in node order (turn one into presses with
        :meth:`presses`); :func:`parity.solutions` hands out verified presses.

        Raises
        ------
        EngineNotApplicableError
            For an engine that does not solve linear systems (the same error
            :func:`parity.solve` gives for an engine that does not apply).
        """
        from ...engines import choose

        chosen, system = choose(self, engine, "solve")
        if chosen.accepts != "linear":  # only when the caller named a non-linear engine
            raise EngineNotApplicableError(
                f"engine {chosen.name!r} answers through the {chosen.accepts} encoding; a solution space needs a "
                "linear engine (gf2, galois)"
            )
        return chosen.space(system)

    # -- puzzle terms -------------------------------------------------------
    def presses(self, x) -> Presses:
        """A press vector in node order as presses (node -> number of presses; see
        :class:`~parity.puzzles.lightsout.Presses`)."""
        return Presses(self.nodes, self.index, x)

    def apply(self, presses: Mapping[Hashable, int], start=None) -> dict[Hashable, int]:
        """The lights after pressing, simulated from ``start`` (default: the puzzle's; no linear algebra).

        Each press adds to the node's own light (closed rule) and to its
        neighbours' along the board's edges; a toggle matrix adds its column.
        """
        lights = self._lights(self._press_vector(presses), start)
        return dict(zip(self.nodes, lights.tolist()))

    def _press_vector(self, presses: Mapping[Hashable, int]) -> np.ndarray:
        """``presses`` as a vector in node order, mod p; a press on a node not on the board is refused."""
        if isinstance(presses, Presses) and (presses.nodes is self.nodes or presses.nodes == self.nodes):
            return presses.vector % self.field
        x = np.zeros(len(self.nodes), dtype=np.int64)
        for node, times in presses.items():
            if node not in self.index:
                raise InvalidSolution(f"press on {node!r}, which is not on the board")
            x[self.index[node]] = (x[self.index[node]] + int(times)) % self.field
        return x

    def _lights(self, x: np.ndarray, start=None) -> np.ndarray:
        """The lights (a vector in node order, mod p) after the presses ``x`` from ``start`` (default: the puzzle's).

        On a grid, cylinder or torus the board's own neighbour sum (:meth:`Rectangle.neighbour_sum`) spreads the
        presses; on other boards the graph's edges do; a toggle matrix adds its columns.
        """
        begin = self.start if start is None else start
        if self.rule == "matrix":  # Python integers: a column of a large-prime matrix times presses overflows int64
            lights = np.array([int(v) for v in begin], dtype=object)
            for j in np.flatnonzero(x):
                lights += self.toggle_matrix[:, j].astype(object) * int(x[j])
            return np.array([int(v) % self.field for v in lights], dtype=np.int64)
        lights = np.array(begin, dtype=np.int64)
        if self.rule == "closed":
            lights += x
        if self.rectangle is not None:
            shape = self.rectangle.shape
            lights += self.rectangle.neighbour_sum(x.reshape(shape)).ravel()
        else:
            edges = self._edges()
            np.add.at(lights, edges[:, 0], x[edges[:, 1]])
            np.add.at(lights, edges[:, 1], x[edges[:, 0]])
        return lights % self.field

    def _edges(self) -> np.ndarray:
        """The board's edges (loops left out) as index pairs, read once."""
        if getattr(self, "_edge_array", None) is None:
            index = self.index
            pairs = [(index[u], index[v]) for u, v in self.board.edges() if u != v]
            self._edge_array = np.array(pairs, dtype=np.int64).reshape(-1, 2)
        return self._edge_array

    def _check_presses(self, presses) -> None:
        if not isinstance(presses, Mapping):
            raise InvalidSolution(f"a solution is a mapping node -> presses, got {type(presses).__name__}")
        if isinstance(presses, Presses):  # integers by construction: only their range is checked
            vector = presses.vector
            bad = np.flatnonzero((vector < 0) | (vector >= self.field))
            if bad.size:
                node, times = presses.nodes[int(bad[0])], int(vector[bad[0]])
                raise InvalidSolution(f"node {node!r} pressed {times!r} times; expected an integer 0..{self.field - 1}")
            return
        for node, times in presses.items():
            exact = type(times) is int or (not isinstance(times, bool) and isinstance(times, Integral))
            if not exact or not 0 <= int(times) < self.field:
                raise InvalidSolution(f"node {node!r} pressed {times!r} times; expected an integer 0..{self.field - 1}")

    def verify(self, presses: Mapping[Hashable, int]) -> None:
        """Check a solution against the rules; raise :class:`InvalidSolution` if it fails.

        Examples
        --------
        >>> puzzle = LightsOut("grid:3x3")
        >>> puzzle.verify({(0, 0): 1})
        Traceback (most recent call last):
        ...
        parity.errors.InvalidSolution: after the presses 6 lights differ from the target, e.g. at (0, 2)
        """
        self._check_presses(presses)
        wrong = np.flatnonzero(self._lights(self._press_vector(presses)) != self.target)
        if wrong.size:
            raise InvalidSolution(f"after the presses {wrong.size} lights differ from the target, "
                                  f"e.g. at {self.nodes[int(wrong[0])]!r}")

    def verify_quiet(self, presses: Mapping[Hashable, int]) -> None:
        """Check that ``presses`` change no light (a quiet pattern); raise :class:`InvalidSolution` if not."""
        self._check_presses(presses)
        changed = np.flatnonzero(self._lights(self._press_vector(presses), start=np.zeros(len(self.nodes), dtype=np.int64)))
        if changed.size:
            raise InvalidSolution(f"the pattern changes {changed.size} lights, e.g. at {self.nodes[int(changed[0])]!r}")

    def quiet_patterns(self, engine: str | None = None) -> list[dict[Hashable, int]]:
        """A basis of the quiet patterns: press sets that change no light (the null space), each verified.

        Examples
        --------
        >>> [sum(q.values()) for q in LightsOut("grid:5x5").quiet_patterns()]
        [16, 12]
        """
        patterns = [self.presses(v) for v in self.solution_space(engine).basis]
        for pattern in patterns:
            self.verify_quiet(pattern)
        return patterns

    def is_solvable(self, start=None, engine: str | None = None) -> bool:
        """Whether ``start`` (default: the puzzle's) can be switched to the target.

        Examples
        --------
        >>> LightsOut("grid:4x4").is_solvable({(0, 0): 1})
        False
        """
        if start is None:
            return self.solution_space(engine).solvable
        board = self.rectangle.name if self.rectangle is not None else self.board
        other = LightsOut(board, self.toggle_matrix if self.rule == "matrix" else self.rule, self.field, start, self.target)
        return other.solution_space(engine).solvable

    def minimum_presses(self, max_nullity: int = 30, engine: str | None = None) -> tuple[int, dict[Hashable, int]] | None:
        """The least number of presses that solves the puzzle, and one such solution (exact, verified).

        Every solution is visited (a compiled Gray-code walk for GF(2)), so this
        raises :class:`~parity.errors.NullityTooLargeError` when the search
        would take more than ``2 ** max_nullity`` steps; over GF(p > 2) a visit
        counts as 64 steps, so the default allows about 2^24 solutions there.
        Returns None when there is no solution.

        Examples
        --------
        >>> LightsOut("grid:5x5").minimum_presses()[0]
        15
        """
        from ..._limits import check_max_nullity

        max_nullity = check_max_nullity(max_nullity)
        space = self.solution_space(engine)
        if not space.solvable:
            return None
        weight, x = space.minimum_weight(max_nullity=max_nullity)
        presses = self.presses(x)
        self.verify(presses)
        if self.weight(presses) != weight:
            raise InvalidSolution(f"the minimum search claimed {weight} presses, the solution has {self.weight(presses)}")
        return weight, presses

    def most_clicks(self, max_nullity: int | None = None, engine: str | None = None, time_limit: float | None = None,
                    progress=None, method: str | None = None) -> dict:
        """The most presses any solvable start needs, solved optimally, with the worst start and a proof (exact).

        The Most Clicks question of the Lights Out literature: over all
        starts that can reach the puzzle's target, the largest of their
        minimum numbers of presses.  It is the covering radius of the code
        of quiet patterns (Goldwasser and Klostermeyer), found by
        :func:`parity.codes.covering_radius`: an integer program
        over the board's regions (cells grouped by the quiet patterns they
        are in), solved by cutting planes with the board's symmetries
        broken.  The answer is checked twice: the worst start's presses are
        simulated on the board, and its minimum is recomputed by
        :meth:`minimum_presses` (every solution weighed) for a new puzzle
        with that start, or by the coset search where the nullity is above
        20.  Boards of at most ``SYNDROME_BITS`` (22) in rank are answered
        by a search over their cosets instead (``method="syndromes"``; the
        integer program is ``method="program"``).  The puzzle's own start
        plays no part.  Over GF(p > 2) a press of a light
        counts as many times as it is pressed, and every one of the ``p^k``
        codewords is given to the integer program at once
        (:func:`parity.codes.covering_radius_gfp`).

        Returns
        -------
        dict
            ``most_clicks`` (int), ``worst_start`` (node -> light),
            ``presses`` (a lightest solution of the worst start), ``nullity``,
            ``proof`` (method, solver, rounds, regions, the codewords whose
            distances give the bound, and how the worst start was checked).

        Raises
        ------
        NullityTooLargeError
            Beyond ``max_nullity`` (default
            :data:`parity.codes.cosets.MAX_NULLITY`), with the bounds that
            counting proves (:func:`parity.codes.counting_bounds`)
            in its message and as its ``bounds``.
        TimeLimitReached
            When ``time_limit`` seconds are spent, with the bounds reached.

        Examples
        --------
        >>> answer = LightsOut("grid:4x4").most_clicks()
        >>> answer["most_clicks"], sum(answer["presses"].values()), answer["proof"]["checked_by"]
        (7, 7, 'every solution weighed')
        >>> LightsOut("grid:5x5").most_clicks()["most_clicks"]  # 26k^2 - 12k + 1 for n = 6k - 1
        15
        >>> LightsOut("grid:4x4", field=3).most_clicks()["most_clicks"]  # three-state lights, nullity 2
        16
        """
        from ..._limits import check_max_nullity
        from ...errors import NullityTooLargeError
        from ...codes import MAX_NULLITY, WORD_BITS, covering_radius

        if self.field != 2:
            return self._most_clicks_gfp(engine, time_limit, max_nullity, progress, method)
        max_nullity = MAX_NULLITY if max_nullity is None else check_max_nullity(max_nullity)
        space = self.solution_space(engine)
        if space.nullity > max_nullity:  # beyond the search: what counting alone proves goes with the refusal
            raise _with_counting_bounds(NullityTooLargeError(
                f"the Most Clicks search would weigh 2^{space.nullity} codewords, more than the bound "
                f"2^{max_nullity} (raise max_nullity to try anyway)"), space.basis, 2)
        if space.nullity > WORD_BITS:  # (the regions' signatures are machine words)
            raise _with_counting_bounds(NullityTooLargeError(
                f"the Most Clicks search takes nullity {WORD_BITS} at most, the board has {space.nullity}"),
                space.basis, 2)
        zeros = np.zeros(len(self.nodes), dtype=np.int64)
        plain = self._restarted(zeros, zeros)  # its symmetries keep the rule alone
        made = []  # the rule's symmetries, made only if the integer program runs

        def symmetries():
            made.append(plain._rule_symmetries())
            return made[0]

        found = covering_radius(space.basis, max_nullity=max_nullity, time_limit=time_limit, progress=progress,
                                symmetries=symmetries, method=method)
        start, worst = self._worst_start(plain, found.worst)
        if space.nullity <= _WEIGHED_NULLITY:
            least, presses = worst.minimum_presses(max_nullity=_WEIGHED_NULLITY, engine=engine)
            checked = "every solution weighed"
        else:
            from ...codes import coset_minimum

            again = worst.solution_space(engine)
            least, lightest = coset_minimum(again.particular, again.basis, max_nullity=space.nullity)
            presses = worst.presses(lightest.astype(np.int64))
            worst.verify(presses)
            checked = "the coset search on the worst start's own solutions"
        symmetric = len(made[0]) if made and made[0] is not None else 0
        proof = {**found.proof(), "checked_by": checked, "symmetries": symmetric,
                 "seconds": round(found.seconds, 6)}
        return self._clicks_answer(found.radius, start, worst, least, presses, space.nullity, proof)

    def _worst_start(self, plain: "LightsOut", word: np.ndarray) -> tuple[np.ndarray, "LightsOut"]:
        """The start that the presses ``word`` turn into the target (``plain``: this board from all-off to
        all-off), and that start's puzzle, the word checked to solve it (simulated on the board)."""
        x = word.astype(np.int64)
        start = (self.target - plain._lights(x)) % self.field
        worst = self._restarted(start)
        worst.verify(worst.presses(x))
        return start, worst

    def _clicks_answer(self, radius: int, start: np.ndarray, worst: "LightsOut", least: int, presses, nullity: int,
                       proof: dict) -> dict:
        """:meth:`most_clicks`' answer, once the worst start's fewest presses, found again, agree with the radius."""
        if least != radius or worst.weight(presses) != radius:
            raise InvalidSolution(f"the worst start found needs {least} presses, not the {radius} claimed")
        return {"most_clicks": radius, "worst_start": dict(zip(self.nodes, start.tolist())),
                "presses": {v: int(t) for v, t in presses.items() if t}, "nullity": nullity, "proof": proof}

    def _most_clicks_gfp(self, engine: str | None, time_limit: float | None, max_nullity: int | None, progress,
                         method: str | None) -> dict:
        """:meth:`most_clicks` over GF(p > 2): the integer program over every codeword at once
        (:func:`parity.codes.covering_radius_gfp`), its worst start checked as over GF(2)."""
        from ..._limits import check_max_nullity
        from ...errors import NullityTooLargeError, TimeLimitReached
        from ...codes import covering_radius_gfp

        p = self.field
        if method not in (None, "program"):
            raise LimitError(f"over GF({p}) the most clicks are found by the integer program (method 'program'), "
                             f"not {method!r}")
        bound = None if max_nullity is None else check_max_nullity(max_nullity)
        space = self.solution_space(engine)
        try:
            if bound is not None and space.nullity > bound:
                raise NullityTooLargeError(f"the board's nullity over GF({p}) is {space.nullity}, beyond max_nullity "
                                           f"{bound}")
            found = covering_radius_gfp(space.basis, p, time_limit=time_limit)
        except TimeLimitReached as stopped:
            if progress is not None:
                progress(1, *stopped.bounds)
            raise
        except NullityTooLargeError as beyond:  # what counting alone proves goes with the refusal
            raise _with_counting_bounds(beyond, space.basis, p) from None
        zeros = np.zeros(len(self.nodes), dtype=np.int64)
        start, worst = self._worst_start(self._restarted(zeros, zeros), found.worst)
        least, presses = worst.minimum_presses(engine=engine)
        proof = {**found.proof(), "method": f"integer program over the code's regions, every codeword (GF({p}))",
                 "checked_by": "every solution weighed", "symmetries": 0, "seconds": round(found.seconds, 6)}
        return self._clicks_answer(found.radius, start, worst, least, presses, space.nullity, proof)

    def _rule_symmetries(self) -> np.ndarray | None:
        """Node permutations (rows) that keep the board and rule: a grid's dihedral ones, a torus's translations
        with them and a hexagon's twelve turns and mirrors made directly, other boards' automorphisms where they are quick to find (at most
        ``_SYMMETRY_NODES`` nodes), else None."""
        kind = self.rectangle.name.partition(":")[0] if self.rectangle is not None and self.rule != "matrix" else None
        if kind in ("grid", "torus"):
            m, n = self.rectangle.shape
            r, c = np.divmod(np.arange(m * n), n)
            if kind == "grid":  # the turns and mirrors that keep the rectangle in place
                images = [(r, c), (m - 1 - r, c), (r, n - 1 - c), (m - 1 - r, n - 1 - c)]
                if m == n:
                    images += [(c, r), (n - 1 - c, r), (c, m - 1 - r), (n - 1 - c, m - 1 - r)]
                shifts = [(0, 0)]
            else:  # a torus: every translation, each with the turns and mirrors
                images = [(r, c), (-r, c), (r, -c), (-r, -c)] + ([(c, r), (-c, r), (c, -r), (-c, -r)] if m == n else [])
                shifts = [(dr, dc) for dr in range(m) for dc in range(n)]
            where = np.array([self.index[(int(a), int(b))] for a, b in zip(r, c)], dtype=np.int64)
            perms = np.empty((len(images) * len(shifts), m * n), dtype=np.int64)
            for g, (a, b) in enumerate(images):
                for s, (dr, dc) in enumerate(shifts):
                    perms[g * len(shifts) + s, where] = where[((a + dr) % m) * n + (b + dc) % n]
            return perms if kind == "grid" else np.unique(perms, axis=0)  # (a thin torus repeats some)
        if self.rule != "matrix" and self.board.graph.get("kind") == "hex":
            made = self._hex_symmetries()
            if made is not None:
                return made
        if len(self.nodes) <= _SYMMETRY_NODES:
            try:
                return self.symmetries().perms
            except LimitError:  # too many to list (a star, an edgeless board): the search goes on without them
                return None
        return None

    def _hex_symmetries(self) -> np.ndarray | None:
        """The twelve turns and mirrors of a hexagon of hexagonal cells (``hex:n``, axial coordinates ``(q, r)``)
        made directly, each checked to keep the board's edges; None when the board is not a whole hexagon."""
        try:
            q, r = np.array(self.nodes, dtype=np.int64).T
        except (TypeError, ValueError):  # (not pairs of integers)
            return None
        perms = []
        for turn in range(6):
            for mirror in (False, True):
                a, b = (r, q) if mirror else (q, r)
                for _ in range(turn):  # a sixth of a turn: (q, r) -> (-r, q + r)
                    a, b = -b, a + b
                try:
                    perms.append([self.index[(int(x), int(y))] for x, y in zip(a, b)])
                except KeyError:  # a cell that goes off the board
                    return None
        perms = np.array(perms, dtype=np.int64)
        n = len(self.nodes)
        edges = np.array([(self.index[u], self.index[v]) for u, v in self.board.edges], dtype=np.int64).reshape(-1, 2)
        keys = np.sort(np.minimum(edges[:, 0], edges[:, 1]) * n + np.maximum(edges[:, 0], edges[:, 1]))
        for g in perms:
            moved = np.minimum(g[edges[:, 0]], g[edges[:, 1]]) * n + np.maximum(g[edges[:, 0]], g[edges[:, 1]])
            if not np.array_equal(np.sort(moved), keys):
                return None
        return np.unique(perms, axis=0)

    def _restarted(self, start: np.ndarray, target: np.ndarray | None = None) -> "LightsOut":
        """The same board and rule from another start (and target; default: this one), vectors in node order."""
        board = self.rectangle.name if self.rectangle is not None else self.board
        rule = self.toggle_matrix if self.rule == "matrix" else self.rule
        target = self.target if target is None else target
        return LightsOut(board, rule, self.field, dict(zip(self.nodes, start.tolist())),
                         dict(zip(self.nodes, target.tolist())))

    def weight(self, presses: Mapping[Hashable, int]) -> int:
        """The number of presses (a press of a multi-state light counts as many times as it is pressed)."""
        if isinstance(presses, Presses):
            return int(presses.vector.sum())
        return int(sum(int(t) for t in presses.values()))

    # -- output -------------------------------------------------------------
    def _grid_shape(self) -> tuple[int, int] | None:
        if self.rectangle is not None:
            return self.rectangle.shape
        shape = self.board.graph.get("shape")
        if shape is not None and len(shape) == 2 and len(self.nodes) == shape[0] * shape[1] and all(
            (r, c) in self.index for r in range(shape[0]) for c in range(shape[1])
        ):
            return shape
        return None

    def picture(self, presses: Mapping[Hashable, int]) -> str:
        """Presses drawn row by row for rectangular boards (``#`` pressed, ``.`` not; digits for p > 2).

        Other boards are listed as ``node: presses`` lines for the pressed nodes.
        """
        def mark(times: int) -> str:
            if self.field == 2:
                return "#" if times else "."
            return str(times) if times else "."

        shape = self._grid_shape()
        if shape is not None and self.field <= 10:  # one character a cell: the rows are written by numpy
            return self._grid_text(self._press_vector(presses).reshape(shape))
        if shape is not None:
            return "\n".join(" ".join(mark(presses.get((r, c), 0)) for c in range(shape[1])) for r in range(shape[0]))
        labels = node_labels(self.nodes)
        return "\n".join(f"{labels[v]}: {t}" for v, t in presses.items() if t and v in labels) or "(no presses)"

    def _grid_text(self, X: np.ndarray) -> str:
        """The presses ``X[r, c]`` (at most 10 light states) as :meth:`picture` draws them, a row a line."""
        glyphs = np.frombuffer(b".#" if self.field == 2 else b".123456789", dtype=np.uint8)
        text = np.full((X.shape[0], 2 * X.shape[1]), ord(" "), dtype=np.uint8)
        text[:, 0::2] = glyphs[X]
        text[:, -1] = ord("\n")
        return text.tobytes().decode("ascii")[:-1]

    def symmetries(self, recolour: bool = False):
        """The board's automorphisms that keep this puzzle: start, target and rule are mapped onto themselves.

        Presses are not colours: ``recolour`` is refused.

        Examples
        --------
        >>> LightsOut("grid:4x4").symmetries().order, LightsOut("grid:4x4", start={(0, 0): 1}).symmetries().order
        (8, 2)
        """
        from ...symmetry import Symmetries, automorphisms, orientation

        if recolour:
            raise LimitError("presses are not interchangeable colours; --recolour does not apply to Lights Out")
        nodes, perms = automorphisms(self.board)
        order = np.array([self.index[v] for v in nodes])  # automorphism positions -> puzzle node order
        place = np.empty(len(nodes), dtype=np.int64)
        place[order] = np.arange(len(nodes))
        mine = order[perms[:, place]]  # element g sends self.nodes[i] to self.nodes[mine[g, i]]
        keep = (self.start[mine] == self.start).all(axis=1) & (self.target[mine] == self.target).all(axis=1)
        if self.toggle_matrix is not None:
            T = self.toggle_matrix
            keep &= np.array([(T[np.ix_(g, g)] == T).all() for g in mine])
        rotations = orientation(self.board, nodes, perms)
        return Symmetries(tuple(self.nodes), mine[keep], rotations=None if rotations is None else rotations[keep],
                          name=f"the {int(keep.sum())} symmetries of {self.board_name} that keep the puzzle")

    def draw(self, presses: Mapping[Hashable, int], ax) -> None:
        """The board with its start lights (filled: on; over GF(p) the shade is the state) and the presses (dots).

        Nodes sit at their ``pos`` (grids, polyhedra); other boards get a fixed
        layout.  A press count above 1 (over GF(p)) is written beside its dot.
        """
        import networkx as nx
        from matplotlib.patches import RegularPolygon

        G = self.board
        pos = nx.get_node_attributes(G, "pos")
        if len(pos) != G.number_of_nodes() or any(len(p) != 2 for p in pos.values()):
            pos = nx.kamada_kawai_layout(G) if 0 < G.number_of_nodes() <= 400 else nx.circular_layout(G)
        lengths = [((pos[u][0] - pos[v][0]) ** 2 + (pos[u][1] - pos[v][1]) ** 2) ** 0.5 for u, v in G.edges()]
        size = 0.42 * (min(lengths) if lengths else 1.0)
        square = self._grid_shape() is not None
        for u, v in G.edges():
            ax.plot([pos[u][0], pos[v][0]], [pos[u][1], pos[v][1]], color="0.75", linewidth=0.6, zorder=0)
        for i, v in enumerate(self.nodes):
            state = int(self.start[i])
            shade = (1.0, 0.83, 0.2) if state else (0.25, 0.25, 0.3)
            if self.field > 2 and state:
                shade = (1.0, 0.83 * state / (self.field - 1) + 0.1, 0.2)
            ax.add_patch(RegularPolygon(pos[v], 4 if square else 6, radius=size * (1.35 if square else 1.1),
                                        orientation=0.785398 if square else 0.0, facecolor=shade,
                                        edgecolor="black", linewidth=0.5, zorder=1))
            times = int(presses.get(v, 0))
            if times:
                ax.plot(*pos[v], marker="o", markersize=max(2.0, 140.0 / max(1, len(self.nodes)) ** 0.5),
                        color="crimson", zorder=2)
                if times > 1:
                    ax.annotate(str(times), pos[v], xytext=(4, 4), textcoords="offset points", fontsize=7, zorder=3)
        ax.set_title(f"{self.board_name}: {self.weight(presses)} presses (dots) from the lights shown")
        ax.set_aspect("equal")
        ax.autoscale_view()
        ax.axis("off")

    def to_json(self, presses: Mapping[Hashable, int]) -> dict:
        """``presses`` (label -> times, every node), ``press_count``, and ``press_grid`` rows for rectangles.

        On a grid, cylinder or torus (with at most 10 light states) the presses come as JSON text written by
        numpy (``parity._json.JSONText``), the same text ``json.dumps`` writes for the dict of labels.
        """
        if self.rectangle is not None and self.field <= 10:  # the press vector read once for all three
            X = self._press_vector(presses).reshape(self.rectangle.shape)
            return {"press_count": int(X.sum()), "presses": _press_json(X),
                    "press_grid": self._grid_text(X).splitlines()}
        labels = node_labels(self.nodes)
        payload = {"press_count": self.weight(presses),
                   "presses": {labels[v]: int(presses.get(v, 0)) for v in self.nodes}}
        if self._grid_shape() is not None:
            payload["press_grid"] = self.picture(presses).splitlines()
        return payload

    def summary(self, presses: Mapping[Hashable, int]) -> str:
        count = self.weight(presses)
        return f"{count} press{'' if count == 1 else 'es'}"

    def parameters(self) -> dict:
        return {"rule": self.rule, "field": self.field}

    def describe(self) -> str:
        """One line naming the board, rule and field."""
        return f"{self.board_name}, {self.rule} rule over GF({self.field})"

    def __repr__(self) -> str:
        return f"LightsOut({self.board_name!r}, rule={self.rule!r}, field={self.field})"


def _press_json(X: np.ndarray) -> JSONText:
    """The presses ``X[r, c]`` (digits 0..9) as the JSON object ``{"0,0": 1, "0,1": 0, ...}``, written row by row
    into bytes: what ``json.dumps`` writes for the dict of labels, without four million Python strings.

    Examples
    --------
    >>> _press_json(np.array([[1, 0], [0, 1]])).text
    '{"0,0": 1, "0,1": 0, "1,0": 0, "1,1": 1}'
    """
    rows, cols = X.shape
    # the row r is  r,0": V, "r,1": V, " ... r,{cols-1}": V, "  with the r written before each column's piece
    pieces = [f',{c}": 0, "'.encode() for c in range(cols)]
    lengths = np.array([len(piece) for piece in pieces], dtype=np.int64)
    before = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    value_at = lengths - 4  # the value sits 4 bytes before the end of its piece
    digits = (np.asarray(X) + ord("0")).astype(np.uint8)
    out = []
    for r in range(rows):
        head = str(r).encode()
        line = np.frombuffer(head + head.join(pieces), dtype=np.uint8).copy()
        line[len(head) * (1 + np.arange(cols)) + before + value_at] = digits[r]
        out.append(line.tobytes())
    return JSONText('{"' + b"".join(out)[:-3].decode("ascii") + "}")


#: the keys of ``parity solve lightsout --most-clicks``'s answer that a search stopped by its time limit still
#: carries (null where nothing is known; ``bounds``: the bounds the search reached, once it reached any)
MOST_CLICKS_KEYS = ("most_clicks", "worst_start", "press_count", "presses", "nullity", "proof", "bounds")


def most_clicks_answer(puzzle: LightsOut, engine: str | None = None, max_nullity: int = 30, minimize: bool = False,
                       unique: bool = False, proof=None, time_limit: float | None = None) -> tuple[dict, str]:
    """``parity solve lightsout --most-clicks``: :meth:`LightsOut.most_clicks` as the command's JSON and text.

    JSON: the puzzle's header, ``engine`` (``covering``), ``most_clicks``,
    ``worst_start`` (label -> light), the worst start's lightest presses
    (``press_count``, ``presses``, ``press_grid`` as ``solve`` writes them),
    ``nullity``, ``proof`` and ``seconds``.  Stopped by ``--time-limit``
    the answer is ``UNKNOWN`` and still carries ``MOST_CLICKS_KEYS``: null,
    but for ``bounds``, the bounds the search reached (``lower_bound``,
    ``upper_bound``) once it reached any.

    Examples
    --------
    >>> payload, text = most_clicks_answer(LightsOut("grid:4x4"))
    >>> payload["most_clicks"], payload["press_count"], len(payload["worst_start"])
    (7, 7, 16)
    >>> print(text)
    grid:4x4: every solvable start is solved in at most 7 presses; this one needs 7 (nullity 4, ...)
    start:
    ...
    presses:
    ...
    """
    if unique or minimize or proof is not None:
        raise LimitError("--most-clicks answers its own question; --min-presses, --unique and --proof do not apply "
                         "to it")
    started = time.perf_counter()
    child = sys.modules.get("parity._child")  # what a time limit's answer says was being done, and how far it got
    if child is not None:
        child.note("engine", "covering")

    def reached(rounds: int, lower: int, upper: int) -> None:
        if child is not None:
            child.note("bounds", {"lower_bound": lower, "upper_bound": upper, "of": "presses (the most clicks)"})

    answer = puzzle.most_clicks(max_nullity=max_nullity, engine=engine, progress=reached, time_limit=time_limit)
    labels = node_labels(puzzle.nodes)
    start = np.array([answer["worst_start"][v] for v in puzzle.nodes], dtype=np.int64)
    seconds = time.perf_counter() - started
    payload = {**puzzle.header(), "engine": "covering", "status": "SAT", "most_clicks": answer["most_clicks"],
               "worst_start": {labels[v]: int(t) for v, t in answer["worst_start"].items()},
               **puzzle.to_json(answer["presses"]), "nullity": answer["nullity"], "proof": answer["proof"],
               "seconds": round(seconds, 6)}
    how = answer["proof"]
    most = answer["most_clicks"]
    presses = f"{most} press{'' if most == 1 else 'es'}"
    searched = "a word at the parity bound, found by a walk" if "parity bound" in how["method"] else \
        "its cosets searched by syndromes" if how["rounds"] == 0 else \
        f"{how['rounds']} integer program{'' if how['rounds'] == 1 else 's'} over {how['regions']} " \
        f"region{'' if how['regions'] == 1 else 's'}"
    lines = [f"{puzzle.board_name}: every solvable start is solved in at most {presses}; this one needs {most} "
             f"(nullity {answer['nullity']}, {searched}, checked by {how['checked_by']})"]
    shape = puzzle._grid_shape()
    if shape is not None:
        lines += ["start:", puzzle._grid_text(start.reshape(shape)), "presses:", puzzle.picture(answer["presses"])]
    else:
        lines += ["start (lights on): " + (", ".join(labels[v] for v, t in answer["worst_start"].items() if t) or
                                           "none"), "presses:", puzzle.picture(answer["presses"])]
    return payload, "\n".join(lines)


def random_lightsout(rng: random.Random) -> LightsOut:
    """A random Lights Out instance: graph, rule, field, start and target; unsolvable ones included."""
    from ...boards import random_graph

    if rng.random() < 0.25:  # a rectangular board, so the structured routes (chase's rows, poly) are checked too
        G = f"{rng.choice(['grid', 'cylinder', 'torus'])}:{rng.randint(1, 4)}x{rng.randint(1, 4)}"
    else:
        G = random_graph(rng, 1, 16)
    field = rng.choice([2, 2, 2, 3])
    start = rng.choice(["all-on", f"random:{rng.randrange(10**6)}"])
    target = rng.choice(["all-off", "all-off", f"random:{rng.randrange(10**6)}"])
    return LightsOut(G, rule=rng.choice(["closed", "open"]), field=field, start=start, target=target)


def _build(board_spec: str, rule: str = "closed", field: int = 2, start: str = "all-on", target: str = "all-off",
           strict: bool = False) -> LightsOut:
    if not rule.strip():  # Path("") is the current directory: say what is really wrong
        raise RuleError(f"rule is empty; use one of {', '.join(RULES)} or a toggle-matrix file")
    if rule not in RULES:
        path = Path(rule)
        if not path.exists():
            raise RuleError(f"rule {rule!r} is neither closed, open nor a toggle-matrix file")
        rule = read_toggle_matrix(path)
    if strict:
        board_spec = read_strictly(board_spec)
    return LightsOut(board_spec, rule=rule, field=field, start=start, target=target)


def _check(board_spec: str, rule: str = "closed", field: int = 2, **_) -> None:
    """The options' form, before anything is built (see :attr:`Family.check`)."""
    from ...boards import check_spec
    from ...linalg.gfp import check_field

    check_spec(board_spec)
    check_field(field)
    if rule not in RULES and not Path(rule).exists():
        raise RuleError(f"rule {rule!r} is neither closed, open nor a toggle-matrix file")


def lightsout_tasks(sizes: str, rectangles: bool = False, kind: str = "grid", rule: str = "closed",
                    field: int = 2, min_presses: bool = False, most_clicks: bool | float = False) -> list[dict]:
    """The tasks of ``parity sweep lightsout``: n x n boards, or every m x n with m <= n (``rectangles``).

    A bad kind, rule or field is refused here, before any task runs.

    Examples
    --------
    >>> [(t["m"], t["n"]) for t in lightsout_tasks("1..3", rectangles=True)]
    [(1, 1), (1, 2), (2, 2), (1, 3), (2, 3), (3, 3)]
    """
    if kind not in ("grid", "torus", "cylinder"):
        raise SweepError(f"kind must be grid, torus or cylinder, got {kind!r}")
    side = parse_sizes(sizes)
    LightsOut(f"{kind}:1x1", rule=rule, field=field)  # a bad rule or field is refused now, not stored as failed rows
    pairs = [(m, n) for n in side for m in side if m <= n] if rectangles else [(n, n) for n in side]
    extra = {"min_presses": True} if min_presses else {}
    if most_clicks:  # (a number: the seconds a board's search may take)
        extra.update(most_clicks=True, most_clicks_seconds=float(60 if most_clicks is True else most_clicks))
    return [{"kind": kind, "m": m, "n": n, "rule": rule, "field": field, **extra} for m, n in pairs]


FAMILY = Family(
    name="lightsout",
    puzzle=LightsOut,
    summary="Lights Out, Quinto, sigma games and multi-state lights on any board.",
    options=(
        Option("board_spec", ("--board",), "Board spec: grid:5x5, torus:6x6, hex:3, dodecahedron, FILE ...", required=True),
        Option("rule", ("--rule",), "closed (press toggles node and neighbours), open (neighbours only), or a "
               "toggle-matrix FILE.", default="closed"),
        Option("field", ("--field",), "Number of light states, a prime p.", default=2, type=int),
        Option("start", ("--start",), "all-on, all-off, random:SEED or a state FILE.", default="all-on"),
        Option("target", ("--target",), "Target state, same forms as --start.", default="all-off"),
        BOARD_STRICT,
    ),
    build=_build,
    check=_check,
    random_instance=random_lightsout,
    solve_options=(
        Option("minimize", ("--min-presses",), "Return a solution with the fewest presses (exact search over all "
               "solutions; linear engines).", default=False, type=bool, answers=("min_presses", "bounds")),
        Option("most_clicks", ("--most-clicks",), "Answer another question: the most presses any solvable start "
               "needs, solved optimally, with the worst start and a proof (over GF(p > 2) a light pressed twice counts "
               "two; JSON most_clicks, worst_start, proof).", default=False, type=bool,
               asks="parity.puzzles.lightsout:most_clicks_answer", answers=MOST_CLICKS_KEYS),
        Option("max_nullity", ("--max-nullity",), "Refuse a minimum search of more than 2^N steps (a solution over GF(2); over GF(p>2) a solution counts 64).", default=30,
               type=int),
    ),
    sweeps=(
        SweepSpec(
            "lightsout",
            "Lights Out by board size: nullity and number of solutions from all-on, one task per board.",
            (
                Option("sizes", ("--sizes",), "Board sides: N, A..B, or a comma list (1..30,40).", required=True),
                Option("rectangles", ("--rectangles",), "Every m x n with m <= n, not only squares.", default=False,
                       type=bool),
                Option("kind", ("--kind",), "grid, torus or cylinder.", default="grid"),
                Option("rule", ("--rule",), "closed or open.", default="closed"),
                Option("field", ("--field",), "Number of light states, a prime p.", default=2, type=int),
            ),
            tasks="parity.puzzles.lightsout:lightsout_tasks",
            task="parity.sweep.builtin:lightsout_task",  # it counts through the front door, a floor above families
        ),
    ),
)


def _with_counting_bounds(error: Exception, basis: np.ndarray, p: int) -> Exception:
    """A refusal of the Most Clicks search, the bounds that counting proves
    (:func:`parity.codes.counting_bounds`) added to its message and as its ``bounds`` (its ``reason``:
    the refusal without them)."""
    from ...codes import counting_bounds

    try:
        low, high = counting_bounds(basis, p)
    except LimitError:  # (too long to count exactly: the refusal as it was)
        return error
    found = type(error)(f"{error}; counting alone says from {low} to {high} presses")
    found.bounds, found.reason = (low, high), str(error)
    return found
