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
from collections.abc import Hashable, Mapping, Sequence
from pathlib import Path

import networkx as nx
import numpy as np

from .._files import read_text
from ..boards import board as make_board
from ..errors import InvalidSolution, RuleError, StateError
from ..linalg import SolutionSpace, check_field
from ..linalg.system import LinearSystem

__all__ = ["LightsOut", "RULES", "node_label", "read_state"]

RULES = ("closed", "open")
_NAMED_STATES = ("all-on", "all-off")


def node_label(v: Hashable) -> str:
    """A node as text: ``(2, 3)`` -> ``"2,3"``, ``7`` -> ``"7"`` (keys of JSON output).

    Examples
    --------
    >>> node_label((2, 3)), node_label(7)
    ('2,3', '7')
    """
    if isinstance(v, tuple):
        return ",".join(str(part) for part in v)
    return str(v)


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
        labels = {node_label(v): i for i, v in enumerate(nodes)}
        state = np.zeros(len(nodes), dtype=np.int64)
        for key, value in mapping.items():
            if key not in labels:
                raise StateError(f"state file {path}: no node {key!r} on this board")
            if not isinstance(value, int) or isinstance(value, bool):
                raise StateError(f"state file {path}: node {key!r} has state {value!r}, expected an integer")
            state[labels[key]] = value
        return _check_range(state, field, f"state file {path}")
    digits = [ch for line in text.splitlines() for ch in line.split("#", 1)[0] if not ch.isspace()]
    bad = next((ch for ch in digits if not ch.isdigit()), None)
    if bad is not None:
        raise StateError(f"state file {path}: unexpected character {bad!r}; expected digits 0..{field - 1}")
    if len(digits) != len(nodes):
        raise StateError(f"state file {path} has {len(digits)} lights, the board has {len(nodes)}")
    return _check_range(np.array([int(ch) for ch in digits], dtype=np.int64), field, f"state file {path}")


def _check_range(state: np.ndarray, field: int, where: str) -> np.ndarray:
    if state.size and (state.min() < 0 or state.max() >= field):
        raise StateError(f"{where}: light states must lie in 0..{field - 1} for GF({field})")
    return state


class LightsOut:
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
        :func:`read_state`).  The default asks to switch every light off.

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

    def __init__(
        self,
        board: str | nx.Graph,
        rule: str | Sequence | np.ndarray = "closed",
        field: int = 2,
        start: str | Mapping | Sequence | os.PathLike = "all-on",
        target: str | Mapping | Sequence | os.PathLike = "all-off",
    ) -> None:
        self.board = make_board(board)
        self.nodes = list(self.board)
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

    # -- states -------------------------------------------------------------
    def state(self, spec, what: str = "state") -> np.ndarray:
        """Turn a state spec (see the class docs) into a vector in node order."""
        n, p = len(self.nodes), self.field
        if isinstance(spec, str) and spec in _NAMED_STATES:
            return np.full(n, 1 if spec == "all-on" else 0, dtype=np.int64)
        if isinstance(spec, str) and spec.startswith("random:"):
            seed = spec.partition(":")[2]
            if not seed.isdigit():
                raise StateError(f"{what} {spec!r}: expected random:SEED with an integer seed")
            rng = random.Random(int(seed))
            return np.array([rng.randrange(p) for _ in range(n)], dtype=np.int64)
        if isinstance(spec, (str, os.PathLike)):
            if not Path(spec).exists():
                raise StateError(
                    f"{what} {str(spec)!r} is neither {', '.join(_NAMED_STATES)}, random:SEED nor an existing file"
                )
            return read_state(spec, self.nodes, p)
        if isinstance(spec, Mapping):
            state = np.zeros(n, dtype=np.int64)
            for v, value in spec.items():
                if v not in self.index:
                    raise StateError(f"{what}: no node {v!r} on this board")
                state[self.index[v]] = int(value)
            return _check_range(state, p, what)
        state = np.asarray(spec)
        if state.shape != (n,) or not np.issubdtype(state.dtype, np.integer):
            raise StateError(f"{what} must be {n} integers (one per node), got shape {state.shape}")
        return _check_range(state.astype(np.int64), p, what)

    def _check_matrix(self, matrix) -> np.ndarray:
        T = np.asarray(matrix)
        n = len(self.nodes)
        if T.shape != (n, n):
            raise RuleError(f"toggle matrix has shape {T.shape}, the board has {n} nodes")
        if not np.issubdtype(T.dtype, np.integer) and T.dtype != bool:
            raise RuleError("toggle matrix entries must be integers")
        return T.astype(np.int64) % self.field

    # -- the linear encoding ------------------------------------------------
    def toggles(self, node: Hashable) -> dict[Hashable, int]:
        """What one press of ``node`` adds to each light it changes, read off the rule.

        Examples
        --------
        >>> sorted(LightsOut("grid:2x2").toggles((0, 0)).items())
        [((0, 0), 1), ((0, 1), 1), ((1, 0), 1)]
        """
        if self.rule == "matrix":
            column = self.toggle_matrix[:, self.index[node]]
            return {self.nodes[i]: int(column[i]) for i in np.flatnonzero(column)}
        effect = {w: 1 for w in self.board[node] if w != node}
        if self.rule == "closed":
            effect[node] = 1
        return effect

    def linear(self) -> LinearSystem:
        """The encoding ``T x = target - start`` over GF(p), unknowns and equations in node order."""
        n = len(self.nodes)
        if self.rule == "matrix":
            rows, cols = np.nonzero(self.toggle_matrix)
            values = self.toggle_matrix[rows, cols]
        else:
            edges = np.array([(self.index[u], self.index[v]) for u, v in self.board.edges() if u != v], dtype=np.int64)
            edges = edges.reshape(-1, 2)
            rows = np.concatenate([edges[:, 0], edges[:, 1]])
            cols = np.concatenate([edges[:, 1], edges[:, 0]])
            if self.rule == "closed":
                rows = np.concatenate([rows, np.arange(n)])
                cols = np.concatenate([cols, np.arange(n)])
            values = np.ones(rows.size, dtype=np.int64)
        rhs = (self.target - self.start) % self.field
        return LinearSystem((n, n), rows, cols, values, rhs, self.field, self.nodes, self.nodes)

    def cnf(self, xor_chunk: int = 4):
        """The CNF encoding: one variable a node over GF(2), a one-hot digit a node over GF(p).

        Over GF(2) every light gives an XOR constraint (kept native for
        CryptoMiniSat, Tseitin-encoded in chunks of ``xor_chunk`` for other
        solvers).  Over GF(p) every light gives a sum mod p of one-hot digits.
        The primary variables are the press variables (the indicators over
        GF(p)), so models projected on them are exactly the solutions;
        ``cnf.decoder`` turns a projected model into a press vector.

        Examples
        --------
        >>> from parity.cnf import backend
        >>> formula = LightsOut("grid:4x4").cnf()
        >>> backend("sat").count(formula)
        16
        """
        from ..cnf import CNF
        from ..linalg.forcing import forcing_set

        system = self.linear()
        # the rows of T as {column: coefficient}, from the sparse entries (no n x n matrix for large boards)
        rows: list[dict[int, int]] = [{} for _ in self.nodes]
        for i, j, value in zip(system.rows.tolist(), system.cols.tolist(), system.values.tolist()):
            rows[i][j] = (rows[i].get(j, 0) + value) % self.field
        rows = [{j: c for j, c in sorted(row.items()) if c} for row in rows]
        formula = CNF(xor_chunk=xor_chunk)
        p = self.field
        if p == 2:
            presses = [formula.var(("press", node_label(v))) for v in self.nodes]
            for i in range(len(self.nodes)):
                formula.add_xor([presses[j] for j in rows[i]], int(system.rhs[i]))
            formula.primary = list(presses)
            position = {var: j for j, var in enumerate(presses)}

            def decode(model):
                x = np.zeros(len(self.nodes), dtype=np.int64)
                for lit in model:
                    if lit > 0 and lit in position:
                        x[position[lit]] = 1
                return x
        else:
            digits = [formula.one_hot(("press", node_label(v)), range(p)) for v in self.nodes]
            for i in range(len(self.nodes)):
                terms = [{(c * value) % p: var for value, var in digits[j].items()} for j, c in rows[i].items()]
                formula.sum_equals(terms, int(system.rhs[i]), modulus=p)
            formula.primary = [var for digit in digits for var in digit.values()]
            meaning = {var: (j, value) for j, digit in enumerate(digits) for value, var in digit.items()}

            def decode(model):
                x = np.zeros(len(self.nodes), dtype=np.int64)
                for lit in model:
                    if lit > 0 and lit in meaning:
                        j, value = meaning[lit]
                        x[j] = value
                return x

        # a forcing set of the presses: counting projected on it counts every solution (see linalg.forcing)
        forced = forcing_set([list(row) for row in rows], len(self.nodes))
        if p == 2:
            formula.support = [presses[c] for c in forced]
        else:
            formula.support = [var for c in forced for var in digits[c].values()]
        formula.decoder = decode
        return formula

    def solution_space(self, engine: str | None = None) -> SolutionSpace:
        """Every press vector that solves the puzzle, via a linear engine (``gf2``, ``galois``)."""
        return self.linear().solve(engine)

    # -- puzzle terms -------------------------------------------------------
    def presses(self, x) -> dict[Hashable, int]:
        """A press vector in node order as a mapping node -> number of presses."""
        return {v: int(x[i]) for i, v in enumerate(self.nodes)}

    def apply(self, presses: Mapping[Hashable, int]) -> dict[Hashable, int]:
        """The lights after pressing, simulated press by press from ``start`` (no linear algebra)."""
        lights = {v: int(self.start[i]) for i, v in enumerate(self.nodes)}
        for node, times in presses.items():
            if node not in self.index:
                raise InvalidSolution(f"press on {node!r}, which is not on the board")
            for light, amount in self.toggles(node).items():
                lights[light] = (lights[light] + amount * int(times)) % self.field
        return lights

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
        for node, times in presses.items():
            if not 0 <= int(times) < self.field:
                raise InvalidSolution(f"node {node!r} pressed {times} times; expected 0..{self.field - 1}")
        lights = self.apply(presses)
        wrong = [v for i, v in enumerate(self.nodes) if lights[v] != self.target[i]]
        if wrong:
            raise InvalidSolution(f"after the presses {len(wrong)} lights differ from the target, e.g. at {wrong[0]!r}")

    def quiet_patterns(self, engine: str | None = None) -> list[dict[Hashable, int]]:
        """A basis of the quiet patterns: press sets that change no light (the null space).

        Examples
        --------
        >>> [sum(q.values()) for q in LightsOut("grid:5x5").quiet_patterns()]
        [16, 12]
        """
        return [self.presses(v) for v in self.solution_space(engine).basis]

    def is_solvable(self, start=None, engine: str | None = None) -> bool:
        """Whether ``start`` (default: the puzzle's) can be switched to the target.

        Examples
        --------
        >>> LightsOut("grid:4x4").is_solvable({(0, 0): 1})
        False
        """
        if start is None:
            return self.solution_space(engine).solvable
        other = LightsOut(self.board, self.toggle_matrix if self.rule == "matrix" else self.rule, self.field, start, self.target)
        return other.solution_space(engine).solvable

    def minimum_presses(self, max_nullity: int = 30, engine: str | None = None) -> tuple[int, dict[Hashable, int]] | None:
        """The least number of presses that solves the puzzle, and one such solution (exact).

        Every solution is visited (a Gray-code walk for GF(2)), so this raises
        :class:`~parity.errors.NullityTooLargeError` when there are more than
        ``2 ** max_nullity`` solutions.  Returns None when there is no solution.

        Examples
        --------
        >>> LightsOut("grid:5x5").minimum_presses()[0]
        15
        """
        space = self.solution_space(engine)
        if not space.solvable:
            return None
        weight, x = space.minimum_weight(max_nullity=max_nullity)
        return weight, self.presses(x)

    def picture(self, presses: Mapping[Hashable, int]) -> str:
        """Presses drawn row by row for rectangular boards (``#`` pressed, ``.`` not; digits for p > 2).

        Other boards are listed as ``node: presses`` lines for the pressed nodes.
        """
        def mark(times: int) -> str:
            if self.field == 2:
                return "#" if times else "."
            return str(times) if times else "."

        shape = self.board.graph.get("shape")
        if shape is not None and len(shape) == 2 and all((r, c) in self.index for r in range(shape[0]) for c in range(shape[1])):
            return "\n".join(" ".join(mark(presses[(r, c)]) for c in range(shape[1])) for r in range(shape[0]))
        return "\n".join(f"{node_label(v)}: {t}" for v, t in presses.items() if t) or "(no presses)"

    def describe(self) -> str:
        """One line naming the board, rule and field."""
        return f"{self.board.graph.get('name', 'board')}, {self.rule} rule over GF({self.field})"

    def __repr__(self) -> str:
        return f"LightsOut({self.board.graph.get('name', 'board')!r}, rule={self.rule!r}, field={self.field})"
