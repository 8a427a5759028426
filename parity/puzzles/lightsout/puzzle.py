"""The Lights Out puzzle: a board, a rule, a field, a start and a target; its encodings and its own check.

:class:`LightsOut` builds the linear system ``T x = target - start``
(:meth:`~LightsOut.build_linear`) and the CNF (:meth:`~LightsOut.build_cnf`),
and checks presses by replaying them on the lights
(:meth:`~LightsOut.verify`); the fewest presses and the Most Clicks are
worked out in :mod:`.clicks`, the pictures in :mod:`.pictures`, the states
and toggle matrices a user gives are read in :mod:`.states`.
"""

from __future__ import annotations

import os
from collections.abc import Hashable, Mapping, Sequence
from numbers import Integral
from typing import TYPE_CHECKING

import numpy as np

from ..._limits import check_memory
from ...boards import rectangle
from ...errors import (BoardSpecError, EngineNotApplicableError, InvalidSolution, LimitError, NodeError, RuleError,
                       TooLargeError)
from ...linalg import SolutionSpace, check_field
from ...linalg.system import LinearSystem
from ..base import Puzzle
from . import clicks, pictures
from .presses import Presses
from .states import state_vector, toggle_matrix

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["LightsOut", "RULES", "MAX_CNF_CLAUSES"]

RULES = ("closed", "open")
#: the largest CNF parity builds for a GF(p) board (its sum constraints grow like p^2 a term)
MAX_CNF_CLAUSES = 20_000_000
#: bytes a cell of a grid, cylinder or torus costs on the way from spec to JSON (toggle entries, vectors, text)
_CELL_BYTES = 400


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
        :func:`~parity.puzzles.lightsout.states.read_state`).  The default asks to switch every light off.

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
            self.index = self.nodes.positions
        else:
            from ...boards import board as make_board  # a graph's modules, for a board not known by its size

            self._board = make_board(board)
            self.nodes = list(self._board)
            if not self.nodes:
                raise BoardSpecError("the board has no nodes")
            self.index = {v: i for i, v in enumerate(self.nodes)}
        self.field = check_field(field)
        self.toggle_matrix: np.ndarray | None = None
        # every light the same at the start and at the end, on a board known by its size: the states are vectors
        # only when something asks for them, so that a count by the board-free route needs no memory per cell
        uniform = all(isinstance(spec, str) and spec in ("all-on", "all-off") for spec in (start, target))
        self._uniform = (start, target) if self.rectangle is not None and isinstance(rule, str) and uniform else None
        if self.rectangle is not None and self._uniform is None:
            self._memory_checked()
        if isinstance(rule, str):
            if rule not in RULES:
                raise RuleError(f"unknown rule {rule!r}; use one of {', '.join(RULES)} or a toggle matrix")
            self.rule = rule
        else:
            self.rule = "matrix"
            self.toggle_matrix = toggle_matrix(rule, len(self.nodes), self.field)
        self._start = None if self._uniform else self.state(start, "start")
        self._target = None if self._uniform else self.state(target, "target")

    def _memory_checked(self) -> None:
        """Refuse a board known by its size that would not fit in memory once its cells are listed."""
        if self.rectangle is not None and not self.__dict__.get("_checked"):
            check_memory(_CELL_BYTES * len(self.nodes), f"Lights Out on {self.rectangle.name}")
            self._checked = True

    @property
    def start(self) -> np.ndarray:
        """The start as a vector in node order (made on first use where every light starts the same)."""
        if self._start is None:
            self._start = self._uniform_state(0, "start")
        return self._start

    @property
    def target(self) -> np.ndarray:
        """The target as a vector in node order (made on first use where every light ends the same)."""
        if self._target is None:
            self._target = self._uniform_state(1, "target")
        return self._target

    def _uniform_state(self, which: int, what: str) -> np.ndarray:
        """The start (``which`` 0) or target (1) kept as one spec, written out as a vector once it fits."""
        self._memory_checked()
        return self.state(self._uniform[which], what)

    def uniform_change(self) -> int | None:
        """What every light must change by (``target - start``, the same for every light), where the start and
        the target are each every light on or every light off on a board known by its size; else None."""
        if self._uniform is None:
            return None
        value = {"all-on": 1, "all-off": 0}
        return (value[self._uniform[1]] - value[self._uniform[0]]) % self.field

    @property
    def board(self) -> nx.Graph:
        """The board as a networkx graph (for a grid, cylinder or torus spec, built on first use)."""
        if self._board is None:
            from ...boards import as_board

            self._board = as_board(self.rectangle.graph())
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
        return state_vector(spec, self.nodes, self.index, self.field, what)

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
            change = self.uniform_change()
            rhs = (self.target - self.start) % self.field if change is None else change
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
        space = chosen.space(system)
        if len(self.nodes) <= 2500:  # a notebook draws its basis vectors as presses on the board, all lights off
            space.drawer = self._draw_pattern
        return space

    def _draw_pattern(self, vector, ax) -> None:
        """A vector of the solution space drawn as presses on the board with every light off (a quiet pattern, for
        a space of the all-off start)."""
        zeros = np.zeros(len(self.nodes), dtype=np.int64)
        plain = self._restarted(zeros, zeros)
        plain.draw(plain.presses(vector), ax)

    # -- puzzle terms -------------------------------------------------------
    def presses(self, x) -> Presses:
        """A press vector in node order as presses (node -> number of presses; see
        :class:`~parity.puzzles.lightsout.presses.Presses`)."""
        return Presses(self.nodes, self.index, x)

    def apply(self, presses: Mapping[Hashable, int], start=None) -> dict[Hashable, int]:
        """The lights after pressing, simulated from ``start`` (default: the puzzle's; no linear algebra).

        Each press adds to the node's own light (closed rule) and to its
        neighbours' along the board's edges; a toggle matrix adds its column.
        """
        lights = self._lights(self._press_vector(presses), start)
        return dict(zip(self.nodes, lights.tolist()))

    def start_cleared_by(self, presses) -> dict[Hashable, int]:
        """The start that ``presses`` turn into the puzzle's target (all off by default), simulated on the board.

        The converse of :meth:`apply`: the start ``target - T x``, whatever
        the puzzle's own start.  It is how a word found by the codes'
        searches (:func:`parity.codes.far_word`, a covering radius's worst
        word) becomes a start that needs that word's presses.

        Parameters
        ----------
        presses : Mapping or array_like
            Node -> number of presses, or a press vector in node order.

        Returns
        -------
        dict
            Node -> light.

        Examples
        --------
        >>> puzzle = LightsOut("grid:2x2")
        >>> start = puzzle.start_cleared_by({(0, 0): 1})
        >>> sorted(node for node, light in start.items() if light)  # the pressed light and its neighbours
        [(0, 0), (0, 1), (1, 0)]
        >>> set(LightsOut("grid:2x2", start=start).apply({(0, 0): 1}).values())
        {0}
        """
        if isinstance(presses, Mapping):
            x = self._press_vector(presses)
        else:
            x = np.asarray(presses, dtype=np.int64).ravel() % self.field
            if x.shape[0] != len(self.nodes):
                raise InvalidSolution(f"a press vector of {x.shape[0]} entries, the board has {len(self.nodes)} nodes")
        lights = self._lights(x, start=np.zeros(len(self.nodes), dtype=np.int64))
        return dict(zip(self.nodes, ((self.target - lights) % self.field).tolist()))

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

    def minimum_presses(self, max_nullity: int = 30,
                        engine: str | None = None) -> tuple[int, dict[Hashable, int]] | None:
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
        return clicks.minimum_presses(self, max_nullity, engine)

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
        return clicks.most_clicks(self, max_nullity, engine, time_limit, progress, method)

    def _rule_symmetries(self) -> np.ndarray | None:
        """Node permutations (rows) that keep the board and rule, or None (see
        :func:`~parity.puzzles.lightsout.clicks.rule_symmetries`)."""
        return clicks.rule_symmetries(self)

    def _hex_symmetries(self) -> np.ndarray | None:
        """The twelve turns and mirrors of a ``hex:n`` board, or None (see
        :func:`~parity.puzzles.lightsout.clicks.hex_symmetries`)."""
        return clicks.hex_symmetries(self)

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
        return pictures.picture(self, presses)

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

    def unsolved(self) -> dict | None:
        """No presses: the board with its start lights, for a notebook's picture of the puzzle (None past 2500
        cells, where a picture says little)."""
        return {} if len(self.nodes) <= 2500 else None

    def draw(self, presses: Mapping[Hashable, int], ax) -> None:
        """The board with its start lights (filled: on; over GF(p) the shade is the state) and the presses (dots).

        Nodes sit at their ``pos`` (grids, polyhedra); other boards get a fixed
        layout.  A press count above 1 (over GF(p)) is written beside its dot.
        """
        pictures.draw(self, presses, ax)

    def to_json(self, presses: Mapping[Hashable, int]) -> dict:
        """``presses`` (label -> times, every node), ``press_count``, and ``press_grid`` rows for rectangles.

        On a grid, cylinder or torus (with at most 10 light states) the presses come as JSON text written by
        numpy (``parity._json.JSONText``), the same text ``json.dumps`` writes for the dict of labels.
        """
        return pictures.to_json(self, presses)

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
