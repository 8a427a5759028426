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


def _cube_symmetries() -> tuple[list, list]:
    """The 48 symmetries of the cube as signed permutations of (x, y, z); the 24 rotations first."""
    from itertools import permutations, product

    rotations, reflections = [], []
    for perm in permutations(range(3)):
        parity_of_perm = sum(1 for i in range(3) for j in range(i + 1, 3) if perm[i] > perm[j]) % 2
        for signs in product((1, -1), repeat=3):
            det = (-1) ** parity_of_perm * signs[0] * signs[1] * signs[2]
            f = (lambda p, s: lambda *v: tuple(s[i] * v[p[i]] for i in range(3)))(perm, signs)
            (rotations if det > 0 else reflections).append(f)
    return rotations, reflections


_CUBE_ROTATIONS, _CUBE_REFLECTIONS = _cube_symmetries()
#: the 48 symmetries of the cubic lattice; the first 24 are rotations
CUBE_SYMMETRIES = tuple(_CUBE_ROTATIONS + _CUBE_REFLECTIONS)


def lattice_symmetries(dimension: int) -> tuple:
    """The point symmetries of the square (8) or cubic (48) lattice, rotations first."""
    return SQUARE_SYMMETRIES if dimension == 2 else CUBE_SYMMETRIES


def _rotations(dimension: int) -> int:
    return 4 if dimension == 2 else 24


def normalize(cells) -> tuple[Cell, ...]:
    """The cells shifted to touch 0 in every coordinate, sorted."""
    cells = [tuple(cell) for cell in cells]
    low = [min(cell[i] for cell in cells) for i in range(len(cells[0]))]
    return tuple(sorted(tuple(v - m for v, m in zip(cell, low)) for cell in cells))


def orientations(cells, one_sided: bool = False) -> list[tuple[Cell, ...]]:
    """The distinct orientations of a shape: rotations, and reflections unless ``one_sided``.

    Solid (3-D) pieces are one-sided by nature: a rigid motion never reflects them.
    """
    cells = [tuple(cell) for cell in cells]
    dimension = len(cells[0])
    maps = lattice_symmetries(dimension)
    if one_sided or dimension == 3:
        maps = maps[:_rotations(dimension)]
    return sorted({normalize(f(*cell) for cell in cells) for f in maps})


def polyominoes(order: int, one_sided: bool = False, dimension: int = 2) -> list[tuple[Cell, ...]]:
    """Every polyomino (``dimension=3``: polycube) of ``order`` cells, one per class.

    Free polyominoes up to rotations and reflections, one-sided ones up to
    rotations; polycubes up to rotations (a chiral pair is two pieces).
    Grown cell by cell from the smaller ones; each kept in its least orientation.

    Examples
    --------
    >>> [len(polyominoes(n, dimension=3)) for n in range(1, 6)]
    [1, 1, 2, 8, 29]
    """
    if isinstance(order, bool) or not isinstance(order, int) or not 1 <= order <= 10:
        raise LimitError(f"polyomino order must be 1..10, got {order!r}")
    if dimension not in (2, 3):
        raise LimitError(f"dimension must be 2 or 3, got {dimension!r}")
    shapes = {(tuple([0] * dimension),)}
    steps = [tuple(d if i == k else 0 for i in range(dimension)) for k in range(dimension) for d in (1, -1)]
    for _ in range(order - 1):
        grown = set()
        for shape in shapes:
            cells = set(shape)
            for cell in shape:
                for step in steps:
                    new = tuple(a + b for a, b in zip(cell, step))
                    if new not in cells:
                        grown.add(min(orientations(cells | {new})))
        shapes = grown
    if one_sided and dimension == 2:
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


#: named piece sets: name -> (order, one_sided) for polyominoes; the solid sets are built by :func:`_solid_set`
PIECE_SETS = {
    "monominoes": (1, False), "dominoes": (2, False), "trominoes": (3, False), "tetrominoes": (4, False),
    "pentominoes": (5, False), "hexominoes": (6, False),
    "one-sided-tetrominoes": (4, True), "one-sided-pentominoes": (5, True),
    "tetracubes": (4, "solid"), "pentacubes": (5, "solid"), "soma": (4, "solid"), "solid-pentominoes": (5, "solid"),
}


def _solid_set(name: str) -> dict[str, tuple]:
    """The solid piece sets: every tetracube or pentacube; Soma (the L tricube and the six tetracubes that are
    neither straight nor square); the twelve pentominoes as flat solids."""
    if name == "solid-pentominoes":
        return {k: normalize((r, c, 0) for r, c in v) for k, v in _named(polyominoes(5), False).items()}
    order = 4 if name in ("tetracubes", "soma") else 5
    pieces = polyominoes(order, dimension=3)
    if name == "soma":
        flat_bad = {normalize((0, 0, i) for i in range(4)), normalize([(0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1)])}
        pieces = [p for p in pieces if min(orientations(p)) not in {min(orientations(b)) for b in flat_bad}]
        pieces = [normalize([(0, 0, 0), (0, 0, 1), (0, 1, 0)])] + pieces
    return {f"{'SC'[order == 5] if name != 'soma' else 'S'}{k + 1}": p for k, p in enumerate(pieces)}


def read_shape(text: str, name: str = "board") -> list[Cell]:
    """Cells from ASCII art: ``#`` (or any letter) a cell, ``.`` or a blank a hole."""
    cells = [(r, c) for r, line in enumerate(text.splitlines()) for c, ch in enumerate(line) if ch not in ". \t"]
    if not cells:
        raise BoardSpecError(f"{name}: no cells ('#' marks a cell, '.' a hole)")
    return cells


def _board_cells(spec: str) -> tuple[str, list[Cell]]:
    if isinstance(spec, str) and spec.startswith("box:"):
        size = spec[4:].lower().split("x")
        if len(size) != 3 or not all(s.isdigit() and 0 < int(s) <= 100 for s in size):
            raise BoardSpecError(f"board {spec}: expected box:AxBxC with whole numbers 1..100")
        a, b, c = map(int, size)
        return spec, [(x, y, z) for x in range(a) for y in range(b) for z in range(c)]
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
            if sided == "solid":
                self.one_sided = True  # solids turn but never reflect
                self.pieces = _solid_set(pieces)
            else:
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
                anchor = orient[0]
                for base in self.cells:  # the orientation's first cell on each board cell
                    placed = tuple(tuple(v - a + b for v, a, b in zip(cell, anchor, base)) for cell in orient)
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
        shapes = self.__dict__.get("_shapes")
        if shapes is None:  # each piece's orientations, worked out once from the piece itself
            shapes = self.__dict__["_shapes"] = {n: set(orientations(s, self.one_sided)) for n, s in self.pieces.items()}
        for name, cells in solution.items():
            if normalize(cells) not in shapes[name]:
                raise InvalidSolution(f"piece {name} is placed as a shape that is not one of its orientations")
            for cell in cells:
                if cell in covered:
                    raise InvalidSolution(f"cell {cell} is covered by {covered[cell]} and {name}")
                covered[cell] = name
        if set(covered) != set(self.cells):
            raise InvalidSolution("the pieces do not cover the board exactly")

    def grid(self, solution: Mapping[str, tuple]) -> list[str]:
        """The solution as letter rows (for boxes: one block of rows per layer, separated by blank lines)."""
        where = {tuple(cell): name[0] for name, cells in solution.items() for cell in cells}
        if len(self.cells[0]) == 3:
            sizes = [max(cell[i] for cell in self.cells) + 1 for i in range(3)]
            rows = []
            for x in range(sizes[0]):
                if x:
                    rows.append("")
                rows += ["".join(where.get((x, y, z), ".") for z in range(sizes[2])) for y in range(sizes[1])]
            return rows
        height = max(r for r, _ in self.cells) + 1
        width = max(c for _, c in self.cells) + 1
        return ["".join(where.get((r, c), ".") for c in range(width)) for r in range(height)]

    def draw(self, solution: Mapping[str, tuple], ax) -> None:
        """Each piece in its own colour with its name; a box is drawn layer by layer, side by side."""
        from matplotlib import colormaps
        from matplotlib.patches import Rectangle

        names = list(self.pieces)
        palette = colormaps["tab20"]
        solid = len(self.cells[0]) == 3
        for k, name in enumerate(names):
            cells = solution[name]
            for cell in cells:
                if solid:  # layer x drawn at horizontal offset x * (width + 1)
                    x, y, z = cell
                    col, row = z + x * (max(c[2] for c in self.cells) + 2), y
                else:
                    row, col = cell
                ax.add_patch(Rectangle((col, -row - 1), 1, 1, facecolor=palette(k % 20), edgecolor="white",
                                       linewidth=1.5))
            first = min(cells)
            if solid:
                col, row = first[2] + first[0] * (max(c[2] for c in self.cells) + 2), first[1]
            else:
                row, col = first
            ax.text(col + 0.5, -row - 0.5, name, ha="center", va="center", fontsize=8, color="black")
        ax.set_title(f"{self.set_name} on {self.board_label}" + (" (its layers side by side)" if solid else ""))
        ax.set_aspect("equal")
        ax.autoscale_view()
        ax.axis("off")

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

    def orbit_count(self, engine: str | None = None) -> dict | None:
        """Solutions up to the board's symmetries by pruning one piece's placements (see :func:`_orbit_count`)."""
        return _orbit_count(self, engine)

    def symmetries(self, recolour: bool = False):
        """The lattice symmetries that map the board onto itself, acting on the cells of a solution.

        A rotation keeps every piece; a reflection turns each piece into its
        mirror image, so it is a symmetry of the puzzle only when the set holds
        every piece's mirror image (free pieces are their own; a one-sided or
        solid set holds chiral pairs), and it renames the pieces accordingly.
        Pieces are not colours: ``recolour`` does not apply.
        """
        import numpy as np

        from ..symmetry import Symmetries

        if recolour:
            raise LimitError("pieces are not interchangeable colours; --recolour does not apply to polyominoes")
        dimension = len(self.cells[0])
        maps = lattice_symmetries(dimension)
        turns = _rotations(dimension)
        names = list(self.pieces)
        classes = {name: min(orientations(shape, one_sided=True)) for name, shape in self.pieces.items()}
        by_class = {c: name for name, c in classes.items()}
        board = set(self.cells)
        index = {cell: i for i, cell in enumerate(self.cells)}
        low = [min(cell[i] for cell in self.cells) for i in range(dimension)]
        perms, rotations, renames = [], [], []
        for k, f in enumerate(maps):
            moved = [f(*cell) for cell in self.cells]
            shift = [min(cell[i] for cell in moved) for i in range(dimension)]
            image = [tuple(v - s + m for v, s, m in zip(cell, shift, low)) for cell in moved]
            if set(image) != board:
                continue
            if k < turns or not self.one_sided:
                rename = list(range(len(names)))
            else:  # a reflection: each piece becomes its mirror, which must be in the set
                mirrored = [by_class.get(min(orientations([f(*c) for c in self.pieces[n]], one_sided=True)))
                            for n in names]
                if any(m is None for m in mirrored):
                    continue
                rename = [names.index(m) for m in mirrored]
            perms.append([index[cell] for cell in image])
            rotations.append(k < turns)
            renames.append(rename)
        return Symmetries(tuple(self.cells), np.array(perms, dtype=np.int64), values=tuple(names),
                          rotations=np.array(rotations, dtype=bool), coupled=np.array(renames, dtype=np.int64),
                          name=f"the symmetries of {self.board_label}",
                          view=lambda solution: {tuple(cell): name for name, cells in solution.items()
                                                 for cell in cells})


def _orbit_count(puzzle: Polyomino, engine: str | None = None) -> dict | None:
    """Orbits of solutions counted from the solutions in which one piece sits at a representative placement.

    Pick a piece ``P`` that every symmetry maps to itself, and one placement
    ``r`` from each orbit of its placements.  A solution orbit ``O`` holds
    ``|Stab(r)| / |Stab(s)|`` solutions whose ``P`` sits at ``r`` (``s`` any of
    them), so the orbits number the sum over those solutions of
    ``|Stab(s)| / |Stab(r)|``: exact also when a solution is its own mirror
    image.  The orbits of the rotation subgroup ``H`` (index 1 or 2, normal)
    follow from the same solutions: each contributes
    ``|G| |Stab_H(s)| / (|H| |Stab_G(r)|)``.  Returns None when no piece is
    fixed by every symmetry (then Burnside over every solution decides).
    """
    from fractions import Fraction

    import numpy as np

    from ..cover import CoverProblem

    if engine not in (None, "dlx"):
        return None
    sym = puzzle.symmetries()
    names = list(puzzle.pieces)
    index = {cell: i for i, cell in enumerate(puzzle.cells)}
    fixed = [k for k in range(len(names)) if (sym.coupled[:, k] == k).all()]
    if not fixed or len(sym.perms) == 1:
        return None
    placements = puzzle.placements()
    by_piece: dict[int, list[int]] = {}
    for i, (name, cells) in enumerate(placements):
        by_piece.setdefault(names.index(name), []).append(i)
    keys = [frozenset(index[c] for c in cells) for _, cells in placements]

    def image(g: int, key: frozenset) -> frozenset:
        return frozenset(int(sym.perms[g, i]) for i in key)

    best = None
    for k in fixed:  # the fixed piece with the fewest representative placements
        seen, reps = set(), []
        for i in by_piece.get(k, []):
            if keys[i] in seen:
                continue
            reps.append(i)
            seen.update(image(g, keys[i]) for g in range(len(sym.perms)))
        if best is None or len(reps) < len(best[1]):
            best = (k, reps)
    k, reps = best
    allowed = set(reps)
    kept = [i for i in range(len(placements)) if names.index(placements[i][0]) != k or i in allowed]
    problem = CoverProblem([[placements[i][0], *placements[i][1]] for i in kept],
                           primary=[*names, *puzzle.cells])
    G = len(sym.perms)
    rotations = sym.rotations
    H = int(rotations.sum())
    total, turned = Fraction(0), Fraction(0)
    for chosen in problem.covers():
        solution = {placements[kept[i]][0]: placements[kept[i]][1] for i in chosen}
        puzzle.verify(solution)
        where = np.empty(len(puzzle.cells), dtype=np.int64)
        for name, cells in solution.items():
            for c in cells:
                where[index[c]] = names.index(name)
        r = frozenset(index[c] for c in solution[names[k]])
        stab_r = [g for g in range(G) if image(g, r) == r]
        stab_s = [g for g in stab_r if (sym.coupled[g][where] == where[sym.perms[g]]).all()]
        total += Fraction(len(stab_s), len(stab_r))
        turned += Fraction(G * sum(1 for g in stab_s if rotations[g]), H * len(stab_r))
    if total.denominator != 1 or turned.denominator != 1:
        raise AssertionError(f"orbit counts {total} and {turned} are not whole numbers")
    return {"count_up_to_symmetry": int(total), "symmetries": G, "count_up_to_rotation": int(turned),
            "rotations": H, "symmetry_method": f"pruned: piece {names[k]} at {len(reps)} representative placements"}


def _build(board_spec: str = "rect:10x6", pieces: str = "pentominoes") -> Polyomino:
    return Polyomino(pieces, board_spec)


FAMILY = Family(
    name="polyomino",
    puzzle=Polyomino,
    summary="Polyomino packing as exact cover: each piece of a set once, the board covered exactly.",
    options=(
        Option("board_spec", ("--board",), "rect:WxH, box:AxBxC (solid pieces) or a FILE of ASCII art ('#' cell, "
               "'.' hole).",
               default="rect:10x6"),
        Option("pieces", ("--pieces",), "Piece set: pentominoes, one-sided-pentominoes, tetrominoes, hexominoes, ...",
               default="pentominoes"),
    ),
    build=_build,
)
