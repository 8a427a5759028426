"""Pictures of a packing: a letter for each piece, the board as rows of letters, and a drawing with matplotlib.

Each function takes the :class:`~parity.puzzles.polyomino.Polyomino` it
draws; its methods ``letters``, ``grid`` and ``draw`` call them.

Examples
--------
>>> from parity.puzzles.polyomino import Polyomino
>>> puzzle = Polyomino("trominoes", "rect:3x2")
>>> piece_letters(puzzle)
{'P3_1': 'A', 'P3_2': 'B'}
>>> letter_rows(puzzle, {"P3_1": ((0, 0), (0, 1), (0, 2)), "P3_2": ((1, 0), (1, 1), (1, 2))})
['AAA', 'BBB']
"""

from __future__ import annotations

from collections.abc import Mapping

from ...boards.lattices import CUBIC, HEX, SQUARE, TRIANGLE, Segments
from ..base import Puzzle

__all__ = ["piece_letters", "letter_rows", "draw_packing"]

#: the characters given to pieces (or copies) whose names do not tell them apart
POOL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def piece_letters(puzzle: Puzzle, solution: Mapping[str, tuple] | None = None) -> dict[str, str]:
    """One character per piece for letter grids: its name when that is one character, else its first letter
    (lower case for a mirror image ``name'``) when those differ, else A-Z, a-z, 0-9.  With copies of the
    pieces, one character per copy of ``solution``, neighbouring copies told apart (a greedy colouring)."""
    if puzzle.copies == "any" and solution is not None:
        owner = {tuple(cell): name for name, cells in solution.items() for cell in cells}
        letter: dict[str, str] = {}
        for name, cells in solution.items():
            near = {letter.get(owner.get(n)) for c in cells for n in puzzle.lattice.neighbours(tuple(c))}
            letter[name] = next((ch for ch in POOL if ch not in near), "?")
        return letter
    names = list(puzzle.pieces)
    if all(len(n) == 1 for n in names):
        return {n: n for n in names}
    firsts = {n: n[0].lower() if n.endswith("'") else n[0] for n in names}
    if len(set(firsts.values())) == len(names):
        return firsts
    return {n: POOL[k % len(POOL)] for k, n in enumerate(names)}


def letter_rows(puzzle: Puzzle, solution: Mapping[str, tuple]) -> list[str]:
    """The solution as rows of the letters of ``puzzle.letters(solution)``, ``.`` for a hole.

    Boxes: one block of rows per layer, separated by blank lines.  Hexagon
    and triangle boards: one line per row ``y``, the top line the highest,
    each line indented by its ``y`` so the rows slant as the lattice does
    (triangles: two characters per unit, upward then downward).  Segments:
    Polyform Puzzler's coordinate lines
    (:func:`~parity.puzzles.polyomino.puzzler.solution_lines`).
    """
    if isinstance(puzzle.lattice, Segments):  # segments: Polyform Puzzler's coordinate lines
        from .puzzler import solution_lines

        return solution_lines(puzzle, solution).splitlines()
    letter = puzzle.letters(solution)
    where = {tuple(cell): letter[name] for name, cells in solution.items() for cell in cells}
    if puzzle.lattice is CUBIC:
        sizes = [max(cell[i] for cell in puzzle.cells) + 1 for i in range(3)]
        rows = []
        for x in range(sizes[0]):
            if x:
                rows.append("")
            rows += ["".join(where.get((x, y, z), ".") for z in range(sizes[2])) for y in range(sizes[1])]
        return rows
    if puzzle.lattice in (HEX, TRIANGLE):
        xs = [c[0] for c in puzzle.cells]
        ys = [c[1] for c in puzzle.cells]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        rows = []
        for y in range(y1, y0 - 1, -1):
            if puzzle.lattice is HEX:
                line = " " * (y - y0) + " ".join(where.get((x, y), ".") for x in range(x0, x1 + 1))
            else:
                line = " " * (y - y0) + "".join(where.get((x, y, z), ".") for x in range(x0, x1 + 1)
                                                for z in (0, 1))
            rows.append(line.rstrip())
        return rows
    height = max(r for r, _ in puzzle.cells) + 1
    width = max(c for _, c in puzzle.cells) + 1
    return ["".join(where.get((r, c), ".") for c in range(width)) for r in range(height)]


def palette(count: int) -> list:
    """``count`` colours for pieces, neighbours in the list far apart: tab20's ten strong colours first, then their
    ten light ones, then tab20b's (so that the pieces of a set of twelve, placed side by side, differ in hue or in
    lightness, where tab20 in its own order puts two shades of one hue next to each other)."""
    from matplotlib import colormaps

    strong = colormaps["tab20"]
    colours = [strong(k) for k in range(0, 20, 2)] + [strong(k) for k in range(1, 20, 2)]
    colours += [colormaps["tab20b"](k) for k in range(20)]
    return [colours[k % len(colours)] for k in range(count)]


def _edge(a, b) -> frozenset:
    """A side of a cell as the set of its two ends, rounded so that the neighbour's copy of it is equal."""
    return frozenset((round(p[0], 6), round(p[1], 6)) for p in (a, b))


def draw_packing(puzzle: Puzzle, solution: Mapping[str, tuple], ax) -> None:
    """The board's cells in light grey, each piece on them in its own colour with its name, outlined where it meets
    another piece or the board's edge (thin lines between the cells of one piece), on the matplotlib axes ``ax``;
    a box is drawn layer by layer, side by side; pieces of segments as sticks."""
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Polygon

    from ..._display import plain_text

    names = list(puzzle.pieces)
    solid = puzzle.lattice is CUBIC
    depth = max(c[2] for c in puzzle.cells) + 2 if solid else 0
    sticks = isinstance(puzzle.lattice, Segments)
    colours = palette(max(len(names), len(solution)))

    def outline(cell):
        if solid:  # layer x drawn at horizontal offset x * (depth of a layer + 1)
            x, y, z = cell
            return SQUARE.outline((y, z + x * depth))
        return puzzle.lattice.outline(cell)

    if not sticks:  # the board itself, so that an empty board (a puzzle not yet solved) and its holes show
        for cell in puzzle.cells:
            ax.add_patch(Polygon(outline(cell), closed=True, facecolor="0.93", edgecolor="0.75", linewidth=0.4))
    else:  # the board's segments, thin and grey under the sticks
        ax.add_collection(LineCollection([outline(cell) for cell in puzzle.cells], colors="0.8", linewidths=1.0))
    borders = []
    for placed, (name, cells) in enumerate(solution.items()):
        k = names.index(name if puzzle.copies == "once" else name.rpartition("#")[0])
        if sticks and puzzle.copies == "any":
            k = placed  # sticks side by side read as one: each placed piece its own colour
        colour = colours[k % len(colours)]
        centres, sides = [], {}
        for cell in cells:
            corners = outline(cell)
            centres.append([sum(c[i] for c in corners) / len(corners) for i in (0, 1)])
            if sticks:  # a segment as a stick, a little short of its ends so that touching pieces part
                (x0, y0), (x1, y1) = corners
                dx, dy = (x1 - x0) * 0.06, (y1 - y0) * 0.06
                ax.plot([x0 + dx, x1 - dx], [y0 + dy, y1 - dy], color=colour, linewidth=5, solid_capstyle="round")
                continue
            ax.add_patch(Polygon(corners, closed=True, facecolor=colour, edgecolor=(0, 0, 0, 0.25), linewidth=0.4))
            for a, b in zip(corners, corners[1:] + corners[:1]):
                key = _edge(a, b)
                sides[key] = None if key in sides else (a, b)  # a side two of its cells share is inside it
        borders += [side for side in sides.values() if side is not None]
        # the label on the piece's cell nearest its centre of mass
        mx, my = (sum(c[i] for c in centres) / len(centres) for i in (0, 1))
        lx, ly = min(centres, key=lambda c: (c[0] - mx) ** 2 + (c[1] - my) ** 2)
        ax.text(lx, ly, name, ha="center", va="center", fontsize=8, color="black")
    if borders:  # every piece's outline, thick: where two pieces meet, and along the board's edge
        ax.add_collection(LineCollection(borders, colors="black", linewidths=1.6, capstyle="round"))
    joined = f", {puzzle._wrap_name()} joined: pieces run across the edges" if puzzle.wrap else ""
    cut = f", cut in {len(puzzle.parts)} part{'s' * (len(puzzle.parts) != 1)}" if puzzle.parts else ""
    ax.set_title(plain_text(f"{puzzle.set_name} on {puzzle.board_label}" + (" (its layers side by side)" if solid
                                                                            else "") + joined + cut))
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.axis("off")
