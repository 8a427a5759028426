"""Polyomino packing: place each piece of a set once so that the pieces tile a board exactly (exact cover).

Pieces are generated, not typed: :func:`polyominoes` grows every free (or
one-sided) polyomino of an order cell by cell and keeps one per class under
the square's symmetries (rotations and reflections; rotations only for
one-sided pieces).  Named sets: ``monominoes`` .. ``hexominoes``,
``one-sided-tetrominoes``, ``one-sided-pentominoes``.  Boards: ``rect:WxH``
or a file of ASCII art (``#`` a cell, ``.`` a hole).

The exact cover has one primary item per piece and per cell and one option
per placement (a piece in one orientation at one position); the ``dlx``
engine solves it, and the CNF route (``sat``, ``cms``, ``ganak``) reads the
same problem.

Examples
--------
>>> [len(polyominoes(n)) for n in range(1, 7)], len(polyominoes(5, one_sided=True))
([1, 1, 2, 5, 12, 35], 18)
>>> import parity as pt
>>> pt.count(Polyomino("pentominoes", "rect:10x6"))
9356
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from .._files import read_text
from ..errors import BoardSpecError, InvalidSolution, LimitError
from .base import Puzzle
from .registry import Family, Option

__all__ = ["Polyomino", "polyominoes", "normalize", "orientations", "PIECE_SETS", "read_shape", "FAMILY"]

Cell = tuple[int, int]

#: the eight symmetries of the square lattice, as maps (r, c) -> (r', c'); the first four are rotations
SQUARE_SYMMETRIES = (
    lambda r, c: (r, c), lambda r, c: (c, -r), lambda r, c: (-r, -c), lambda r, c: (-c, r),
    lambda r, c: (r, -c), lambda r, c: (-c, -r), lambda r, c: (-r, c), lambda r, c: (c, r),
)

#: conventional names of the twelve pentominoes, matched to the generated shapes by their canonical form
PENTOMINO_NAMES = {
    ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)): "I",
    ((0, 0), (0, 1), (0, 2), (0, 3), (1, 0)): "L",
    ((0, 0), (0, 1), (0, 2), (0, 3), (1, 1)): "Y",
    ((0, 0), (0, 1), (0, 2), (1, 2), (1, 3)): "N",
    ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1)): "P",
    ((0, 0), (0, 1), (0, 2), (1, 1), (2, 1)): "T",
    ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2)): "U",
    ((0, 0), (0, 1), (0, 2), (1, 0), (2, 0)): "V",
    ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2)): "W",
    ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1)): "X",
    ((0, 0), (0, 1), (1, 1), (1, 2), (2, 1)): "F",
    ((0, 0), (0, 1), (1, 1), (2, 1), (2, 2)): "Z",
}


def normalize(cells) -> tuple[Cell, ...]:
    """The cells shifted to touch row 0 and column 0, sorted."""
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def orientations(cells, one_sided: bool = False) -> list[tuple[Cell, ...]]:
    """The distinct orientations of a shape (rotations, and reflections unless ``one_sided``)."""
    maps = SQUARE_SYMMETRIES[:4] if one_sided else SQUARE_SYMMETRIES
    return sorted({normalize(f(r, c) for r, c in cells) for f in maps})


def polyominoes(order: int, one_sided: bool = False) -> list[tuple[Cell, ...]]:
    """Every polyomino of ``order`` cells, one per class (free: rotations and reflections; one-sided: rotations).

    Grown cell by cell from the smaller ones; each kept in its least orientation.
    """
    if isinstance(order, bool) or not isinstance(order, int) or not 1 <= order <= 10:
        raise LimitError(f"polyomino order must be 1..10, got {order!r}")
    shapes = {((0, 0),)}
    for _ in range(order - 1):
        grown = set()
        for shape in shapes:
            cells = set(shape)
            for r, c in shape:
                for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if cell not in cells:
                        grown.add(min(orientations(cells | {cell})))
        shapes = grown
    if one_sided:
        return sorted({min(orientations(o, one_sided=True)) for s in shapes for o in orientations(s)})
    return sorted(shapes)


def _named(shapes: list, one_sided: bool) -> dict[str, tuple]:
    if len(shapes[0]) == 5 and not one_sided:
        return {PENTOMINO_NAMES[min(orientations(s))]: s for s in shapes}
    names = {}
    for k, s in enumerate(shapes):
        base = PENTOMINO_NAMES.get(min(orientations(s))) if len(s) == 5 else None
        mirror = "" if s == min(orientations(s)) else "'"
        name = f"{base}{mirror}" if base else f"P{len(s)}_{k + 1}"
        while name in names:
            name += "'"
        names[name] = s
    return names


#: named piece sets: name -> (order, one_sided)
PIECE_SETS = {
    "monominoes": (1, False), "dominoes": (2, False), "trominoes": (3, False), "tetrominoes": (4, False),
    "pentominoes": (5, False), "hexominoes": (6, False),
    "one-sided-tetrominoes": (4, True), "one-sided-pentominoes": (5, True),
}


def read_shape(text: str, name: str = "board") -> list[Cell]:
    """Cells from ASCII art: ``#`` (or any letter) a cell, ``.`` or a blank a hole."""
    cells = [(r, c) for r, line in enumerate(text.splitlines()) for c, ch in enumerate(line) if ch not in ". \t"]
    if not cells:
        raise BoardSpecError(f"{name}: no cells ('#' marks a cell, '.' a hole)")
    return cells


def _board_cells(spec: str) -> tuple[str, list[Cell]]:
    if isinstance(spec, str) and spec.startswith("rect:"):
        size = spec[5:].lower().split("x")
        if len(size) != 2 or not all(s.isdigit() and 0 < int(s) <= 1000 for s in size):
            raise BoardSpecError(f"board {spec}: expected rect:WxH with whole numbers 1..1000")
        w, h = map(int, size)
        return spec, [(r, c) for r in range(h) for c in range(w)]
    if isinstance(spec, (str, os.PathLike)) and Path(spec).is_file():
        return Path(spec).name, read_shape(read_text(spec, BoardSpecError, "board file"), str(spec))
    raise BoardSpecError(f"board {spec!r}: expected rect:WxH or a file of ASCII art ('#' cell, '.' hole)")


class Polyomino(Puzzle):
    """Place each piece once so that the pieces cover the board's cells exactly.

    Parameters
    ----------
    pieces : str or mapping
        A named set (:data:`PIECE_SETS`) or name -> cells.
    board : str or sequence of cells
        ``rect:WxH``, a file of ASCII art, or the cells themselves.
    one_sided : bool
        Pieces may not be turned over (implied by the one-sided sets).
    """

    family = "polyomino"
    encodings = ("cover", "cnf")

    def __init__(self, pieces="pentominoes", board="rect:10x6", one_sided: bool | None = None) -> None:
        if isinstance(pieces, str):
            if pieces not in PIECE_SETS:
                raise LimitError(f"unknown piece set {pieces!r}; known: {', '.join(PIECE_SETS)}")
            order, sided = PIECE_SETS[pieces]
            self.set_name = pieces
            self.one_sided = sided if one_sided is None else bool(one_sided)
            self.pieces = _named(polyominoes(order, one_sided=self.one_sided), self.one_sided)
        else:
            self.set_name = "custom"
            self.one_sided = bool(one_sided)
            self.pieces = {str(k): normalize(v) for k, v in dict(pieces).items()}
        if isinstance(board, str) or isinstance(board, os.PathLike):
            self.board_label, cells = _board_cells(board)
        else:
            self.board_label, cells = "cells", [tuple(c) for c in board]
        self.cells = sorted(set(cells))
        self.board = None
        area = sum(len(s) for s in self.pieces.values())
        if area != len(self.cells):
            raise LimitError(f"the pieces cover {area} cells and the board has {len(self.cells)}: no exact cover")

    @property
    def board_name(self) -> str:
        return self.board_label

    def header(self) -> dict:
        return {"family": self.family, "board": self.board_label, **self.parameters()}

    def placements(self) -> list[tuple[str, tuple[Cell, ...]]]:
        """Every (piece, cells) that fits on the board."""
        board = set(self.cells)
        out = []
        for name, shape in self.pieces.items():
            for orient in orientations(shape, self.one_sided):
                for (r0, c0) in self.cells:  # anchor the orientation's first cell on each board cell
                    ar, ac = orient[0]
                    placed = tuple((r - ar + r0, c - ac + c0) for r, c in orient)
                    if all(cell in board for cell in placed):
                        out.append((name, tuple(sorted(placed))))
        return out

    def _solution(self, chosen: list[int], placements) -> dict[str, tuple]:
        return {placements[i][0]: placements[i][1] for i in chosen}

    def build_cover(self):
        from ..cover import CoverProblem

        placements = self.placements()
        problem = CoverProblem([[name, *cells] for name, cells in placements],
                               primary=[*self.pieces, *self.cells])
        problem.decode = lambda chosen: self._solution(chosen, placements)
        return problem

    def build_cnf(self):
        placements = self.placements()
        formula = self.encoding("cover").to_cnf()
        plain = formula.decode
        formula.decode = lambda model: self._solution(plain(model), placements)
        return formula

    def verify(self, solution: Mapping[str, tuple]) -> None:
        """Each piece once, as a congruent copy of itself, and every cell of the board covered once."""
        if not isinstance(solution, Mapping) or set(solution) != set(self.pieces):
            raise InvalidSolution(f"a solution places each of the {len(self.pieces)} pieces once")
        covered: dict = {}
        for name, cells in solution.items():
            if normalize(cells) not in orientations(self.pieces[name], self.one_sided):
                raise InvalidSolution(f"piece {name} is placed as a shape that is not one of its orientations")
            for cell in cells:
                if cell in covered:
                    raise InvalidSolution(f"cell {cell} is covered by {covered[cell]} and {name}")
                covered[cell] = name
        if set(covered) != set(self.cells):
            raise InvalidSolution("the pieces do not cover the board exactly")

    def grid(self, solution: Mapping[str, tuple]) -> list[str]:
        where = {cell: name[0] for name, cells in solution.items() for cell in cells}
        rows = max(r for r, _ in self.cells) + 1
        cols = max(c for _, c in self.cells) + 1
        return ["".join(where.get((r, c), ".") for c in range(cols)) for r in range(rows)]

    def to_json(self, solution: Mapping[str, tuple]) -> dict:
        return {"placements": {name: [list(cell) for cell in cells] for name, cells in solution.items()},
                "grid": self.grid(solution)}

    def summary(self, solution) -> str:
        return f"{len(solution)} pieces placed"

    def picture(self, solution) -> str:
        return "\n".join(self.grid(solution))

    def parameters(self) -> dict:
        return {"pieces": self.set_name, **({"one_sided": True} if self.one_sided else {})}

    def describe(self) -> str:
        return f"{self.set_name} on {self.board_label}"

    def symmetries(self, recolour: bool = False):
        """The square's symmetries that map the board onto itself (rotations only for one-sided pieces), acting on
        the solutions' cells; pieces keep their names, so ``recolour`` does not apply.
        """
        import numpy as np

        from ..symmetry import Symmetries

        if recolour:
            raise LimitError("pieces are not interchangeable colours; --recolour does not apply to polyominoes")
        board = set(self.cells)
        index = {cell: i for i, cell in enumerate(self.cells)}
        perms, rotations = [], []
        for k, f in enumerate(SQUARE_SYMMETRIES):
            moved = [f(r, c) for r, c in self.cells]
            r0, c0 = min(r for r, _ in moved), min(c for _, c in moved)
            b0, d0 = min(r for r, _ in board), min(c for _, c in board)
            image = [(r - r0 + b0, c - c0 + d0) for r, c in moved]
            if set(image) == board and (k < 4 or not self.one_sided):
                perms.append([index[cell] for cell in image])
                rotations.append(k < 4)
        return Symmetries(tuple(self.cells), np.array(perms, dtype=np.int64), rotations=np.array(rotations, dtype=bool),
                          name=f"the symmetries of {self.board_label}",
                          view=lambda solution: {cell: name for name, cells in solution.items() for cell in cells})


def _build(board_spec: str = "rect:10x6", pieces: str = "pentominoes") -> Polyomino:
    return Polyomino(pieces, board_spec)


FAMILY = Family(
    name="polyomino",
    puzzle=Polyomino,
    summary="Polyomino packing as exact cover: each piece of a set once, the board covered exactly.",
    options=(
        Option("board_spec", ("--board",), "rect:WxH or a FILE of ASCII art ('#' cell, '.' hole).",
               default="rect:10x6"),
        Option("pieces", ("--pieces",), "Piece set: pentominoes, one-sided-pentominoes, tetrominoes, hexominoes, ...",
               default="pentominoes"),
    ),
    build=_build,
)
