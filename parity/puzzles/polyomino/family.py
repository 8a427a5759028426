"""The polyomino family on the command line: its options, its builder, and small random packings for the
cross-check."""

from __future__ import annotations

import random

from ...boards.lattices import CUBIC, HEX, SQUARE, TRIANGLE
from ...errors import LimitError
from ..registry import Family, Option, SweepSpec, TableSpec
from .puzzle import Polyomino
from .sets import OWN_SET_NAMES, PIECE_SETS, _piece_set, catalogue_entry
from .shapes import polyominoes

__all__ = ["random_packing", "FAMILY"]


def random_packing(rng: random.Random) -> Polyomino:
    """A small random packing for the cross-check: a board of at most 8 cells on one of the four lattices of
    cells, or the 4 to 7 segments of one or two squares (polysticks), cut
    into connected pieces of 2 to 4 cells (so at least one packing exists), and a quarter of the time one piece
    swapped for another shape of its size (which may leave none); plane pieces one-sided half the time; a
    fifth of the time two of the pieces to use any number of times (a tiling); and otherwise now and then one
    piece more, the size of another, exactly one of the two left out (``omit_one_of``)."""
    from ...boards.lattices import STICKS

    lattice = rng.choice([SQUARE, TRIANGLE, HEX, CUBIC, STICKS])
    if lattice is STICKS:  # the segments of 1 x 1, 2 x 1 or 1 x 2 squares
        w, h = rng.choice([(1, 1), (2, 1), (1, 2)])
        cells = sorted([(x, y, 0) for x in range(w) for y in range(h + 1)] + [(x, y, 1) for x in range(w + 1)
                                                                              for y in range(h)])
    elif lattice is SQUARE:
        w, h = rng.randint(2, 4), 2
        cells = [(r, c) for r in range(h) for c in range(w)]
    elif lattice is TRIANGLE:
        w, h = rng.randint(1, 2), 2
        cells = [(x, y, z) for x in range(w) for y in range(h) for z in (0, 1)]
    elif lattice is HEX:
        w, h = rng.randint(2, 4), 2
        cells = [(x, y) for x in range(w) for y in range(h)]
    else:
        w, h = rng.randint(1, 2), 2
        cells = [(x, y, z) for x in range(w) for y in range(h) for z in range(2)]
    open_cells, pieces = set(cells), {}
    while open_cells:  # grow a region from a random open cell to a random size, through open neighbours
        region = [rng.choice(sorted(open_cells))]
        open_cells.discard(region[0])
        target = rng.randint(2, 4)
        while len(region) < target:
            frontier = sorted({n for c in region for n in lattice.neighbours(c) if n in open_cells})
            if not frontier:
                break
            region.append(rng.choice(frontier))
            open_cells.discard(region[-1])
        pieces[f"p{len(pieces)}"] = region
    if rng.random() < 0.25:  # swap one piece for another shape of its size
        name = rng.choice(sorted(pieces))
        pieces[name] = list(rng.choice(polyominoes(len(pieces[name]), lattice=lattice)))
    one_sided = lattice is not CUBIC and rng.random() < 0.5
    if rng.random() < 0.2:
        return Polyomino(dict(list(pieces.items())[:2]), cells, one_sided=one_sided, lattice=lattice.name,
                         copies="any")
    omit = None
    if rng.random() < 0.15:  # one piece more, the size of another: exactly one of the two is left out
        name = rng.choice(sorted(pieces))
        pieces["q"] = list(rng.choice(polyominoes(len(pieces[name]), lattice=lattice)))
        omit = (name, "q")
    return Polyomino(pieces, cells, one_sided=one_sided, lattice=lattice.name, omit_one_of=omit)


def _build(board_spec: str | None = None, pieces: str | None = None, copies: str = "once",
           puzzle: str | None = None, omit_one_of: str | None = None, wrap: str | None = None,
           choose: int | None = None) -> Polyomino:
    parts = None
    if puzzle is not None:
        entry = catalogue_entry(puzzle)
        if any(given is not None for given in (board_spec, pieces, omit_one_of, wrap, choose)):
            raise LimitError(f"--puzzle {puzzle} names its board and pieces; give it without --board, --pieces, "
                             "--omit-one-of, --wrap and --choose")
        if copies != "once":
            raise LimitError(f"--puzzle {puzzle} places each piece once; give it without --copies")
        board_spec, pieces, omit_one_of = entry["board"], entry["pieces"], entry.get("omit_one_of")
        wrap, parts, choose = entry.get("wrap"), entry.get("parts"), entry.get("choose")
    board_spec = "rect:10x6" if board_spec is None else board_spec
    pieces = "pentominoes" if pieces is None else pieces
    if omit_one_of == "all":  # (Polyform Puzzler's entries: any one piece of the set left out)
        omit_one_of = list(_piece_set(pieces, None)[0])
    built = Polyomino(pieces, board_spec, copies=copies, omit_one_of=omit_one_of, wrap=wrap, parts=parts,
                      choose=choose)
    if puzzle is not None:
        built.catalogue = puzzle  # named in what the puzzle says of itself, with the published count
        built.board_label = entry.get("board_label", built.board_label)  # a board given as cells, by its name
    return built


FAMILY = Family(
    name="polyomino",
    puzzle=Polyomino,
    summary="Polyform packing as exact cover: each piece of a set once, the board covered exactly.",
    options=(
        Option("board_spec", ("--board",), "rect:WxH, box:AxBxC (solid pieces), tri-parallelogram:WxH, "
               "tri-hexagon:WxH or :S (polyiamonds), hex-parallelogram:WxH, hex-hexagon:S, hex-coin (polyhexes), "
               "sticks-rect:WxH, sticks-triangle:S, sticks-diamond:MxN (polysticks), trigs-parallelogram:WxH, "
               "trigs-triangle:S, trigs-hexagon:S (polytrigs), twigs-parallelogram:WxH, twigs-hexagon:S "
               "(polytwigs), or a FILE of ASCII art ('#' cell, '.' hole).  Default: rect:10x6.",
               default=None),
        Option("pieces", ("--pieces",), "Piece set (default pentominoes): " + ", ".join(OWN_SET_NAMES) + ", and Polyform "
               "Puzzler's sets of its puzzles (parity catalogue).",
               default=None),
        Option("copies", ("--copies",), "once (each piece exactly once) or any (each piece any number of times: "
               "tilings, as by dominoes).", default="once"),
        Option("puzzle", ("--puzzle",), "A named puzzle of the catalogue (its board and pieces), e.g. "
               "pentominoes-6x10, soma-3x3x3, hexiamonds-4x10-elongated-hexagon (see the polyforms tutorial).",
               default=None),
        Option("wrap", ("--wrap",), "Join the board's opposite edges, pieces running across: columns (the "
               "first column next to the last: a loop), rows (the top row next to the bottom: a tube), both (a "
               "torus), layers (a box's top and bottom).", default=None),
        Option("omit_one_of", ("--omit-one-of",), "Pieces of which exactly one is left out of each packing, "
               "comma-separated (or one-letter names run together: HJLNY), e.g. the five lopsided tetrasticks.",
               default=None),
        Option("choose", ("--choose",), "Any this many pieces of the set, each at most once, in place of every "
               "piece (pieces of one size; the board that many pieces' cells); up to symmetry, each selection of "
               "pieces counts as a puzzle of its own.", default=None, type=int),
    ),
    build=_build,
    random_instance=random_packing,
    aliases=("polyform", "polycube", "polyiamond", "polyhex"),
    sweeps=(
        SweepSpec(
            "polyform-catalogue",
            "The named polyform puzzles solved once and counted up to symmetry, one task each; past the budget, "
            "Knuth's estimate.",
            (
                Option("family", ("--family",), "Only this family of the catalogue: ominoes, iamonds, hexes, cubes, "
                       "sticks, trigs, twigs (default: all).", default=None),
                Option("budget", ("--budget",), "Seconds a puzzle's first packing, then its count, may each take; "
                       "past them the row holds an estimate of the search (nodes, packings, seconds), not a count.", default=60.0, type=float),
                Option("published_only", ("--published-only",), "Only the puzzles whose count is published.",
                       default=False, type=bool),
                Option("quick", ("--quick",), "Only the puzzles counted in a few seconds (those the catalogue does "
                       "not mark slow).", default=False, type=bool),
                Option("puzzles", ("--puzzles",), "Only these puzzles, comma-separated names (say those an earlier "
                       "sweep left uncounted, again with a larger --budget).", default=None),
                Option("engine", ("--engine",), "The engine that counts (default: the fastest that applies); memo "
                       "counts packings by their frontier, far faster where they are many.", default=None),
            ),
            tasks="parity.puzzles.polyomino.sweep:catalogue_tasks",
            task="parity.sweep.polyform:catalogue_task",
            check="parity.sweep.polyform:catalogue_check",
            table=TableSpec(
                "The named polyform puzzles: the count up to symmetry, the published count and whether they agree.",
                (),
                columns=("count", "published", "agreement", "solved", "engine", "seconds", "estimate"),
                extras=(),
                row="parity.puzzles.polyomino.sweep:catalogue_row",
                index=("name",),
            ),
        ),
        SweepSpec(
            "polyform-split",
            "One named polyform puzzle counted up to symmetry in independent pieces, summed exactly.",
            (
                Option("puzzle", ("--puzzle",), "A named puzzle of the catalogue (e.g. pentominoes-6x10).",
                       required=True),
                Option("depth", ("--depth",), "Cut each of the lead piece's placements this many branching levels "
                       "further (more, smaller tasks).", default=1, type=int),
                Option("plain", ("--plain",), "Count every packing, not up to symmetry (cut from the whole "
                       "problem).", default=False, type=bool),
                Option("engine", ("--engine",), "The engine that counts each piece (default: the fastest exact "
                       "counter that takes it); dlx where the first-open-cell search of pack lags, as on the "
                       "polysticks.", default=None),
            ),
            tasks="parity.puzzles.polyomino.sweep:split_tasks",
            task="parity.puzzles.polyomino.sweep:split_task",
            check="parity.puzzles.polyomino.sweep:split_check",
            result="parity.puzzles.polyomino.sweep:split_result",
        ),
    ),
)
