"""The board's symmetries acting on packings: which lattice maps keep the board and the piece set, the packings
each one fixes, and a packing's least image.

A rotation keeps every piece; a reflection turns each piece into its mirror
image, so it is a symmetry of the puzzle only when the set holds every
piece's mirror image (free pieces are their own; a one-sided or solid set
holds chiral pairs), and it renames the pieces accordingly.  Each function
takes the :class:`~parity.puzzles.polyomino.Polyomino` it works on; its
methods ``symmetries``, ``fixed_encoding`` and ``solution_key`` call them.

Examples
--------
>>> from parity.puzzles.polyomino import Polyomino
>>> len(board_symmetries(Polyomino("pentominoes", "rect:10x6")).perms)
4

A one-sided S, whose mirror image the set does not hold, keeps the two
rotations of a 3 x 2 rectangle and loses its two reflections:

>>> pieces = {"S": [(0, 1), (0, 2), (1, 0), (1, 1)], "I": [(0, 0), (0, 1)]}
>>> [len(board_symmetries(Polyomino(pieces, "rect:3x2", one_sided=s)).perms) for s in (False, True)]
[4, 2]
"""

from __future__ import annotations

from collections.abc import Mapping

from ...boards.lattices import Segments
from ...errors import InvalidSolution, LimitError
from ..base import Puzzle

__all__ = ["board_symmetries", "fixed_cover", "least_image", "SYMMETRY_WORK"]

#: the most cell images (lattice maps x turns round the joined edges x cells) the symmetries of a board whose
#: edges are joined are worked out from; past it, counting up to symmetry is refused
SYMMETRY_WORK = 20_000_000


def board_symmetries(puzzle: Puzzle):
    """The lattice symmetries that map the board of ``puzzle`` onto itself, acting on the cells of a solution
    and renaming the pieces (a :class:`~parity.symmetry.Symmetries`): every rotation, and each reflection under
    which the set holds every piece's mirror image as often as the piece (and which leaves out only pieces that
    may be left out)."""
    import numpy as np

    from ...symmetry import Symmetries

    lattice = puzzle.lattice
    maps, turns = lattice.maps, lattice.rotations
    names = list(puzzle.pieces)
    classes = {name: min(lattice.orientations(shape, one_sided=True)) for name, shape in puzzle.pieces.items()}
    by_class: dict[tuple, list[str]] = {}  # pieces of one shape (copies), in set order
    for name, c in classes.items():
        by_class.setdefault(c, []).append(name)
    board = set(puzzle.cells)
    index = {cell: i for i, cell in enumerate(puzzle.cells)}
    low = [min(cell[i] for cell in puzzle.cells) for i in range(lattice.translated)]
    perms, rotations, renames = [], [], []
    for k, f, image in _images(puzzle, maps, low):
        if set(image) != board:
            continue
        if puzzle.wrap and not _keeps_seams(puzzle, image, index):
            continue
        if puzzle.parts and not _keeps_parts(puzzle, image, index):
            continue
        if k < turns or not puzzle.one_sided:
            rename = list(range(len(names)))
        else:  # a reflection: each piece becomes its mirror image, which the set must hold as often
            rename = _mirror_renaming(puzzle, f, by_class)
            if rename is None:
                continue
            if any(names[rename[names.index(n)]] not in puzzle.omit_one_of for n in puzzle.omit_one_of):
                continue  # it would leave out a piece that may not be left out
        if puzzle.parts and not _keeps_part_pieces(puzzle, image, index, rename):
            continue
        perms.append([index[cell] for cell in image])
        rotations.append(k < turns)
        renames.append(rename)
    if puzzle.copies == "any":
        view = _no_cell_view
    else:
        def view(solution):
            return {tuple(cell): name for name, cells in solution.items() for cell in cells}
    return Symmetries(tuple(puzzle.cells), np.array(perms, dtype=np.int64), values=tuple(names),
                      rotations=np.array(rotations, dtype=bool), coupled=np.array(renames, dtype=np.int64),
                      name=f"the symmetries of {puzzle.board_label}", view=view)


def _images(puzzle: Puzzle, maps, low):
    """``(k, f, image)`` for each lattice map ``f`` (number ``k``): the board's cells moved by ``f`` and then
    translated so that their least coordinates are the board's; on a board whose edges are joined, each turn
    round the loops as well (every translation along the joined axes, coordinates taken round the seam)."""
    from itertools import product

    t = puzzle.lattice.translated
    turns = 1
    for _, _, period in puzzle.wrap:
        turns *= period
    if len(maps) * turns * len(puzzle.cells) > SYMMETRY_WORK:
        raise LimitError(f"the board's symmetries: {len(maps)} lattice maps each with {turns} turns round its "
                         f"joined edges, on {len(puzzle.cells)} cells, are more than parity works through "
                         f"({SYMMETRY_WORK:,} cell images); count without --up-to-symmetry")
    for k, f in enumerate(maps):
        moved = [f(*cell) for cell in puzzle.cells]
        shift = [min(cell[i] for cell in moved) for i in range(t)]
        image = [tuple(v - s + m for v, s, m in zip(cell, shift, low)) + cell[t:] for cell in moved]
        if not puzzle.wrap:
            yield k, f, image
            continue
        for turn in product(*(range(period) for _, _, period in puzzle.wrap)):
            step = [0] * len(low)
            for (axis, _, _), d in zip(puzzle.wrap, turn):
                step[axis] = d
            yield k, f, [puzzle.wrapped(tuple(v + d for v, d in zip(cell, step)) + cell[len(step):])
                         for cell in image]


def _keeps_seams(puzzle: Puzzle, image, index) -> bool:
    """Whether the cells' images are neighbours wherever the cells are, across the seams too (a map that sends
    a joined axis onto one that is not breaks the loop)."""
    near = puzzle.neighbours()
    return all(image[index[n]] in near[image[i]] for i, cell in enumerate(puzzle.cells) for n in near[cell])


def _keeps_parts(puzzle: Puzzle, image, index) -> bool:
    """Whether the map sends each of the board's parts onto a part."""
    parts = {part for part, _ in puzzle.parts}
    return all(frozenset(image[index[c]] for c in part) in parts for part, _ in puzzle.parts)


def _keeps_part_pieces(puzzle: Puzzle, image, index, rename) -> bool:
    """Whether each part goes to a part that takes the images of its pieces (a reflection renames chiral ones)."""
    names = list(puzzle.pieces)
    takes = {part: pieces for part, pieces in puzzle.parts}
    for part, pieces in puzzle.parts:
        there = takes[frozenset(image[index[c]] for c in part)]
        if (pieces is None) != (there is None):
            return False
        if pieces is not None and {names[rename[names.index(n)]] for n in pieces} != there:
            return False
    return True


def _mirror_renaming(puzzle: Puzzle, reflection, by_class: dict[tuple, list[str]]) -> list[int] | None:
    """Where a reflection sends each piece (as indices into the set): the i-th copy of a shape to the i-th
    copy of its mirror image (to itself for a shape that is its own mirror image); None when the set does
    not hold each mirror image as often as the shape."""
    names = list(puzzle.pieces)
    rename = list(range(len(names)))
    for shape, copies in by_class.items():
        mirror = min(puzzle.lattice.orientations([reflection(*c) for c in shape], one_sided=True))
        images = by_class.get(mirror, [])
        if len(images) != len(copies):
            return None
        for name, image in zip(copies, images):
            rename[names.index(name)] = names.index(image)
    return rename


def _no_cell_view(solution):
    """A tiling is not a piece on each cell (two copies of a piece side by side would read as one)."""
    raise LimitError("a tiling is counted up to symmetry from the tilings each symmetry fixes, not by listing")


def fixed_cover(puzzle: Puzzle, sym, g: int):
    """The packings (or tilings) of ``puzzle`` that element ``g`` of ``sym`` (its symmetries) fixes, as the
    quotient of its cover problem (:meth:`parity.cover.CoverProblem.quotient`): each placement goes where the
    symmetry sends it, each piece to its image, and a point that two segments in line pass through where they
    go."""
    problem = puzzle.encoding("cover")  # built once, with the index of its options
    placements, where = puzzle.__dict__["_options"]
    names = list(puzzle.pieces)
    perm, rename = sym.perms[g], sym.coupled[g]
    cell_to = {cell: sym.items[int(perm[i])] for i, cell in enumerate(sym.items)}
    piece_to = {name: names[int(rename[k])] for k, name in enumerate(names)}
    try:
        option_map = [where[(piece_to[name], frozenset(cell_to[c] for c in cells))] for name, cells in placements]
    except KeyError:  # pragma: no cover - a symmetry of the board maps placements onto placements
        raise AssertionError(f"symmetry {g} sends a placement off the list of placements") from None
    # the options that leave a piece out follow the placements, and go where their piece goes
    option_map += [len(placements) + puzzle.omit_one_of.index(piece_to[name]) for name in puzzle.omit_one_of]
    item_map = {**cell_to, **(piece_to if puzzle.copies == "once" else {})}
    if puzzle.omit_one_of:
        item_map["!"] = "!"
    if isinstance(puzzle.lattice, Segments):  # a point two segments in line pass through goes where they go
        board = set(puzzle.cells)
        for a in puzzle.cells:
            for b in puzzle.lattice.neighbours(a):
                through = puzzle.crossings([a, b]) if b in board else []
                if through:
                    item_map[through[0]] = puzzle.crossings([cell_to[a], cell_to[b]])[0]
    return problem.quotient(item_map, option_map)


def least_image(puzzle: Puzzle, solution: Mapping[str, tuple], up_to_symmetry: bool = True) -> tuple:
    """The least image of ``solution`` under the board's symmetries (``up_to_symmetry=False``: the solution
    itself, written the same way); a tiling as its pieces' cell sets with their shapes' names, the copies'
    numbers left out.

    Raises
    ------
    InvalidSolution
        If ``solution`` is no mapping of the puzzle's pieces (or copies) to cells of the board.
    """
    from ...symmetry import canonical

    if not isinstance(solution, Mapping):
        raise InvalidSolution("a solution maps each placed piece to its cells")
    names = list(puzzle.pieces)
    base = {name: (str(name).rpartition("#")[0] if puzzle.copies == "any" else name) for name in solution}
    cell_at = {cell: i for i, cell in enumerate(puzzle.cells)}
    try:
        blocks = [(names.index(base[name]), sorted(cell_at[tuple(c)] for c in cells))
                  for name, cells in solution.items()]
    except (ValueError, KeyError, TypeError):
        raise InvalidSolution("a solution maps the puzzle's pieces to cells of its board") from None
    if puzzle.copies == "once" and not up_to_symmetry:
        return tuple(sorted((k, tuple(cells)) for k, cells in blocks))
    if getattr(puzzle, "choose", None):  # each selection of pieces up to its own puzzle's symmetries
        puzzle.verify(solution)
        groups = puzzle.__dict__.setdefault("_selection_symmetries", {})  # selection -> its puzzle's group
        chosen = tuple(sorted(solution))
        if chosen not in groups:
            groups[chosen] = puzzle.selection_puzzle(chosen).symmetries()
        return canonical(groups[chosen], solution)
    sym = puzzle.symmetries()
    if puzzle.copies == "once":
        return canonical(sym, solution)
    images = range(len(sym.perms)) if up_to_symmetry else [0]  # (element 0 is the identity)
    return min(tuple(sorted((int(sym.coupled[g][k]), tuple(sorted(int(sym.perms[g][i]) for i in cells)))
                            for k, cells in blocks)) for g in images)
