"""The packing puzzle: :class:`Polyomino`, each piece of a set placed once so that the pieces cover a board
exactly; its placements, its exact cover, its checker and what it says of a solution."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ...boards import REGION_FORMS, check_cells, check_on_lattice, region, region_graph
from ...boards.lattices import CUBIC, Lattice, Segments, lattice_named
from ...errors import BoardSpecError, InvalidSolution, LimitError
from ..base import Puzzle
from .orbits import count_orbits, orbit_representatives, packing_of, selection_orbits, selections
from .pictures import draw_packing, letter_rows, piece_letters
from .placements import placements_on, wrapped_cell
from .sets import OWN_SET_NAMES, PIECE_SETS, _coordinates, _custom_pieces, _piece_set, catalogue_entry
from .shapes import Cell
from .symmetries import board_symmetries, fixed_cover, least_image

__all__ = ["Polyomino", "SMALL_LAYER"]

if TYPE_CHECKING:
    from ...cover import CoverProblem

#: a box whose layers hold at most this many cells is filled by ``scan`` (see :meth:`Polyomino.cover_problem`)
SMALL_LAYER = 9


#: the six directions from a point of the triangular grid (axial steps), counter-clockwise from 0 degrees
_TRIG_STAR = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]


class Polyomino(Puzzle):
    """Place each piece once so that the pieces cover the board's cells exactly.

    Parameters
    ----------
    pieces : str or mapping
        A named set (:data:`PIECE_SETS`) or name -> cells, each cell a tuple
        of whole numbers in the lattice's coordinates (see
        :mod:`parity.boards.lattices`).
    board : str, path or sequence of cells
        A spec of :data:`REGION_FORMS` (``rect:WxH``, ...), a file of ASCII
        art, or the cells themselves.
    one_sided : bool, optional
        Pieces may not be turned over (implied by the one-sided sets).
    lattice : str, optional
        ``square``, ``cubic``, ``triangle`` or ``hex``, for custom pieces;
        default: two coordinates a cell mean square, three cubic.  A named
        set brings its own.
    copies : {"once", "any"}
        ``once``: each piece exactly once (a packing).  ``any``: each piece
        any number of times, none included (a tiling: dominoes on a board);
        a solution then names the copies ``I#1``, ``I#2``, ...
    omit_one_of : iterable of str, optional
        Pieces of which exactly one is left out of each packing (any one of
        them), as in Polyform Puzzler's puzzles that leave out one piece:
        each must have as many cells as the pieces have more than the board.
        In the cover problem this is Polyform Puzzler's own device: an item
        ``!`` and one option ``! NAME`` per such piece.
    wrap : str, optional
        Join the board's opposite edges, so that pieces run off one edge and
        on at the other: ``columns`` (the first column next to the last: a
        loop), ``rows`` (the top row next to the bottom: a tube) or ``both``
        (a torus); on a box also ``layers``.  The period along a joined axis
        is the board's extent there, from its first cell to its last (at
        least 3): columns of holes at the edge of an ASCII-art board are not
        the board's, and the loop joins the cells that are.  The board's symmetries
        then include its turns round the loop.
    parts : sequence, optional
        The board cut into parts that each piece must lie within, as Polyform
        Puzzler's puzzles that build their matrix shape by shape: each part
        its cells, or a mapping ``{"cells": [...], "pieces": [...]}`` naming
        the only pieces it takes.  The parts cover the board, none twice.
        The symmetries kept are those that send each part onto a part that
        takes the same pieces.
    choose : int, optional
        Any ``choose`` pieces of the set, each at most once, in place of every
        piece (Polyform Puzzler's puzzles made of a few pieces of a large
        set, such as its two-pentacube chair): the pieces must all have one
        size, and the board ``choose`` times that many cells.  In the cover
        problem the pieces are secondary items.  Each selection of pieces is
        a puzzle of its own when counting up to symmetry, as Polyform Puzzler
        counts: a packing and its image are the same only when they use the
        same pieces (:meth:`orbit_count`).

    Raises
    ------
    LimitError
        For pieces that are no named set and no mapping of names to cells,
        a cell that is not a tuple of whole numbers, cells of different
        lengths or no cell of the lattice, a cell listed twice; and when the
        pieces' area differs from the board's.
    BoardSpecError
        For a board spec of none of the forms, a missing file (``no such
        file:``), board cells that are not cells of the pieces' lattice.

    Examples
    --------
    >>> Polyomino({"a": [(0, 0)], "b": [(0, 0, 0)]}, [(0, 0), (0, 1)])
    Traceback (most recent call last):
    ...
    parity.errors.LimitError: pieces: piece 'b' has a cell of 3 coordinates where the cells of piece 'a' have 2

    Fifteen of the sixteen tetrasticks, one of the five lopsided ones left
    out, fill the 60 segments of the 5 x 5 grid of squares (not the 31 of
    3 x 4):

    >>> Polyomino("tetrasticks", "sticks-rect:5x5", omit_one_of="HJLNY").describe()
    'tetrasticks less one of H, J, L, N, Y on sticks-rect:5x5'
    >>> Polyomino("tetrasticks", "sticks-rect:3x4", omit_one_of="HJLNY")
    Traceback (most recent call last):
    ...
    parity.errors.LimitError: omit_one_of: the pieces cover 64 cells and the board has 31; leaving one piece out needs one of 33 cells, and H has 4

    The five tetrominoes on a 4 x 5 board whose short ends are joined (a
    loop of 5 columns): 7 packings up to the loop's 20 symmetries, as Polyform
    Puzzler's ``tetrominoes-5x4-tube`` publishes; on the flat board, none:

    >>> from parity.api import count_up_to_symmetry
    >>> count_up_to_symmetry(Polyomino("tetrominoes", "rect:5x4", wrap="columns"))["count_up_to_symmetry"]
    7
    >>> count_up_to_symmetry(Polyomino("tetrominoes", "rect:5x4"))["count_up_to_symmetry"]
    0
    """

    family = "polyomino"
    encodings = ("cover", "cnf")

    def __init__(self, pieces="pentominoes", board="rect:10x6", one_sided: bool | None = None,
                 lattice: str | None = None, copies: str = "once", omit_one_of=None, wrap: str | None = None,
                 parts=None, choose: int | None = None) -> None:
        if copies not in ("once", "any"):
            raise LimitError(f"copies: once (each piece once) or any (each piece any number of times), got {copies!r}")
        self.copies = copies
        if one_sided is not None and one_sided not in (True, False):
            raise LimitError(f"one_sided: True, False or None (the set's own), got {one_sided!r}")
        if lattice is not None and not isinstance(lattice, Lattice):
            lattice = lattice_named(lattice)
        if isinstance(pieces, str):
            if pieces not in PIECE_SETS:
                import difflib

                near = difflib.get_close_matches(pieces, list(PIECE_SETS), n=2, cutoff=0.7)
                if near:  # the nearest names alone: the whole list is in --help
                    raise LimitError(f"unknown piece set {pieces!r}; did you mean {' or '.join(near)}? (--help "
                                     "lists the sets)")
                raise LimitError(f"unknown piece set {pieces!r}; known: {', '.join(OWN_SET_NAMES)}, "
                                 "and Polyform Puzzler's sets of its puzzles (parity catalogue)")
            self.set_name = pieces
            self.pieces, self.one_sided, self.lattice = _piece_set(pieces, one_sided)
            if lattice is not None and lattice is not self.lattice:
                raise LimitError(f"lattice: the set {pieces} lies on the {self.lattice.name} lattice, not on the "
                                 f"{lattice.name} lattice")
        else:
            self.set_name = "custom"
            self.one_sided = bool(one_sided)
            self.lattice, self.pieces = _custom_pieces(pieces, lattice)
        if self.lattice is CUBIC:
            self.one_sided = True
        if isinstance(board, (str, os.PathLike)):
            self.board_label, cells, board_lattice = region(board, self.lattice)
            if board_lattice is not self.lattice:
                raise BoardSpecError(f"board {board}: a {board_lattice.name}-lattice board for pieces on the "
                                     f"{self.lattice.name} lattice")
        else:
            if isinstance(board, (bytes, Mapping)) or not isinstance(board, Iterable):
                raise BoardSpecError(f"board: expected one of {', '.join(REGION_FORMS)} or a sequence of cells, got "
                                     f"{board!r}")
            self.board_label, cells = "cells", check_cells(board, "board", BoardSpecError)
            for cell in cells:
                if len(cell) != self.lattice.dimension:
                    raise BoardSpecError(f"board: the cell {cell} has {_coordinates(len(cell))} where the pieces' "
                                         f"cells have {self.lattice.dimension}")
            check_on_lattice(cells, self.lattice, "board", BoardSpecError)
        self.cells = sorted(set(cells))
        if not self.cells:
            raise BoardSpecError("board: no cells")
        self._board = None
        area = sum(len(s) for s in self.pieces.values())
        self.omit_one_of = self._omittable(omit_one_of, area)
        self.choose = self._chosen(choose, omit_one_of, parts)
        if copies == "once" and not self.omit_one_of and not self.choose and area != len(self.cells):
            raise LimitError(f"the pieces cover {area} cells and the board has {len(self.cells)}: no exact cover")
        self.wrap = self._wrapping(wrap)
        self.parts = self._parts(parts)

    def _wrapping(self, wrap) -> tuple[tuple[int, int, int], ...]:
        """The joined axes as ``(axis, low, period)``: ``rows`` is axis 0 of a square cell ``(row, column)``,
        ``columns`` axis 1; on a box ``layers`` is axis 2."""
        if wrap is None:
            return ()
        axes = {"rows": (0,), "columns": (1,), "both": (0, 1), "layers": (2,)}
        if not isinstance(wrap, str) or wrap not in axes:
            raise LimitError(f"wrap: rows, columns, both or layers (the board's edges to join), got {wrap!r:.60}")
        if self.lattice.name not in ("square", "cubic") or (wrap == "layers" and self.lattice is not CUBIC):
            room = "a box" if wrap == "layers" else "a board of squares or a box"
            raise LimitError(f"wrap: {wrap} joins the edges of {room}, not of a board of the {self.lattice.name} "
                             "lattice")
        out = []
        for axis in axes[wrap]:
            low = min(cell[axis] for cell in self.cells)
            period = max(cell[axis] for cell in self.cells) - low + 1
            if period < 3:
                extent = ("rows tall", "columns wide", "layers deep")[axis]
                raise LimitError(f"wrap: the board is {period} {extent}; joining its edges makes a loop, which needs "
                                 "at least 3")
            out.append((axis, low, period))
        return tuple(out)

    def wrapped(self, cell) -> tuple[int, ...]:
        """``cell`` with its coordinates along the joined axes brought onto the board (itself on a flat board).

        Examples
        --------
        >>> Polyomino("tetrominoes", "rect:5x4", wrap="columns").wrapped((0, 5))
        (0, 0)
        """
        return wrapped_cell(cell, self.wrap)

    def _parts(self, parts) -> tuple[tuple[frozenset, frozenset | None], ...]:
        """The parts as ``(cells, pieces)`` (``pieces`` None: any piece), checked: cells of the board, each cell
        in exactly one part, pieces of the set, each piece with a part that takes it."""
        if parts is None:
            return ()
        if isinstance(parts, (str, bytes, Mapping)) or not isinstance(parts, Iterable):
            raise LimitError(f"parts: a list of parts, each its cells or {{'cells': ..., 'pieces': ...}}, got "
                             f"{parts!r:.60}")
        out, seen = [], {}
        for k, part in enumerate(parts):
            pieces = None
            if isinstance(part, Mapping):
                if set(part) - {"cells", "pieces"} or "cells" not in part:
                    raise LimitError(f"parts: part {k} is a mapping with the keys 'cells' and (optionally) "
                                     f"'pieces', got {sorted(part)}")
                pieces = part.get("pieces")
                part = part["cells"]
                if pieces is not None:
                    if isinstance(pieces, (bytes, Mapping)) or not isinstance(pieces, Iterable):
                        raise LimitError(f"parts: part {k}'s pieces: a list of names, got {pieces!r:.60}")
                    pieces = frozenset([pieces] if isinstance(pieces, str) else map(str, pieces))
                    if not pieces:
                        raise LimitError(f"parts: part {k} takes no piece; leave 'pieces' out for a part that "
                                         "takes any")
                    unknown = sorted(pieces - set(self.pieces))
                    if unknown:
                        raise LimitError(f"parts: part {k} names {unknown[0]!r}, not a piece of the set")
            cells = check_cells(part, f"parts: part {k}", LimitError)
            for cell in cells:
                if cell in seen:
                    raise LimitError(f"parts: the cell {cell} is in part {seen[cell]} and in part {k}; the parts "
                                     "cut the board, none overlap")
                seen[cell] = k
            out.append((frozenset(cells), pieces))
        stray = next((c for c in seen if c not in set(self.cells)), None)
        if stray is not None:
            raise LimitError(f"parts: the cell {stray} of part {seen[stray]} is not a cell of the board")
        if len(seen) != len(self.cells):
            missing = next(c for c in self.cells if c not in seen)
            raise LimitError(f"parts: the board's cell {missing} is in no part; the parts cover the board")
        homeless = next((n for n in self.pieces if all(p is not None and n not in p for _, p in out)), None)
        if homeless is not None:
            raise LimitError(f"parts: no part takes piece {homeless!r}")
        return tuple(out)

    def part_of(self, piece: str, cells) -> int | None:
        """The part that holds all of ``cells`` and takes ``piece``, or None (on a board of one part: 0).

        Examples
        --------
        >>> puzzle = Polyomino({"I": [(0, 0), (0, 1)]}, "rect:4x1", copies="any",
        ...                    parts=[[(0, 0), (0, 1)], [(0, 2), (0, 3)]])
        >>> puzzle.part_of("I", [(0, 0), (0, 1)]), puzzle.part_of("I", [(0, 1), (0, 2)])
        (0, None)
        """
        if not self.parts:
            return 0
        table = self.__dict__.get("_part_at")
        if table is None:
            table = self.__dict__["_part_at"] = {c: k for k, (part, _) in enumerate(self.parts) for c in part}
        at = {table.get(tuple(cell)) for cell in cells}
        if len(at) != 1:
            return None
        k = at.pop()
        takes = None if k is None else self.parts[k][1]
        return k if k is not None and (takes is None or piece in takes) else None

    def _chosen(self, choose, omit_one_of, parts) -> int | None:
        """The number of pieces a packing places (``choose``), checked: a whole number from 1 to the set's size,
        pieces of one size, and a board of that many pieces' cells."""
        if choose is None:
            return None
        if isinstance(choose, bool) or not isinstance(choose, int) or not 1 <= choose <= len(self.pieces):
            raise LimitError(f"choose: a whole number of pieces from 1 to {len(self.pieces)} (the set's), got "
                             f"{choose!r:.60}")
        if self.copies != "once" or omit_one_of is not None or parts is not None:
            other = "copies='any'" if self.copies != "once" else "omit_one_of" if omit_one_of is not None else "parts"
            raise LimitError(f"choose places any {choose} pieces of the set; it does not go with {other}")
        sizes = sorted({len(cells) for cells in self.pieces.values()})
        if len(sizes) > 1:
            raise LimitError(f"choose: the pieces must all have one size (any {choose} of them then cover "
                             f"{choose} times it), and the set has pieces of {sizes[0]} and {sizes[-1]} cells")
        if choose * sizes[0] != len(self.cells):
            raise LimitError(f"choose: {choose} pieces of {sizes[0]} cells cover {choose * sizes[0]}, and the board "
                             f"has {len(self.cells)}")
        return choose

    def _omittable(self, names, area: int) -> tuple[str, ...]:
        """The pieces of which one is left out, checked: pieces of the set, each the size of the surplus.

        A text names them separated by commas or spaces; a text that is one word is a piece's name when the set
        has that piece, else a run of one-letter names (``HJLNY``).
        """
        if names is None:
            return ()
        if isinstance(names, str):
            words = [w for w in re.split(r"[,\s]+", names) if w]
            if len(words) == 1 and words[0] not in self.pieces and any(ch in self.pieces for ch in words[0]):
                words = list(words[0])
            names = words
        elif isinstance(names, (bytes, Mapping)) or not isinstance(names, Iterable):
            raise LimitError(f"omit_one_of: names of pieces (a text, or a list of names), got {names!r:.60}")
        names = tuple(dict.fromkeys(str(n).strip() for n in names))
        if not names or "" in names:
            raise LimitError("omit_one_of: name at least one piece, of which exactly one is left out")
        if self.copies != "once":
            raise LimitError("omit_one_of leaves out one piece of a packing; with copies='any' no piece is needed")
        unknown = [n for n in names if n not in self.pieces]
        if unknown:
            raise LimitError(f"omit_one_of: {unknown[0]!r} is not a piece of the set ({', '.join(self.pieces)})")
        if "!" in self.pieces:
            raise LimitError("omit_one_of: a piece named '!' is the name of the item that leaves a piece out; "
                             "rename it")
        surplus = area - len(self.cells)
        if surplus <= 0:
            raise LimitError(f"omit_one_of: the pieces cover {area} cells and the board has {len(self.cells)}: "
                             f"{'they fill it exactly' if surplus == 0 else 'they cannot fill it'}, and no piece "
                             "is left over to leave out")
        wrong = [n for n in names if len(self.pieces[n]) != surplus]
        if wrong:
            raise LimitError(f"omit_one_of: the pieces cover {area} cells and the board has {len(self.cells)}; leaving "
                             f"one piece out needs one of {surplus} cells, and {wrong[0]} has "
                             f"{len(self.pieces[wrong[0]])}")
        return names

    @property
    def board(self):
        """The board as a graph: its cells, each joined to its neighbours on the lattice (made on first use)."""
        if self._board is None:
            self._board = region_graph(self.cells, self.lattice, self.board_label)
            if self.wrap:  # the seams
                self._board.add_edges_from((c, n) for c, near in self.neighbours().items() for n in near)
        return self._board

    @property
    def board_name(self) -> str:
        return self.board_label

    def header(self) -> dict:
        return {"family": self.family, "board": self.board_label, **self.parameters()}

    def placements(self) -> list[tuple[str, tuple[Cell, ...]]]:
        """Every (piece, cells) that fits on the board (worked out once, by
        :func:`~parity.puzzles.polyomino.placements.placements_on`; a new list each call)."""
        if "_placements" not in self.__dict__:
            placed = placements_on(self.cells, self.pieces, self.lattice, self.one_sided, self.wrap)
            if self.parts:  # each piece within one part that takes it
                placed = [(name, cells) for name, cells in placed if self.part_of(name, cells) is not None]
            self.__dict__["_placements"] = placed
        return list(self.__dict__["_placements"])

    def _solution(self, chosen: list[int], placements) -> dict[str, tuple]:
        if self.copies == "once":  # (the options past the placements leave a piece out)
            return {placements[i][0]: placements[i][1] for i in chosen if i < len(placements)}
        copies: dict[str, int] = {}
        solution = {}
        for i in chosen:  # the copies of each piece numbered in the order of their cells
            name, cells = placements[i]
            copies[name] = copies.get(name, 0) + 1
            solution[f"{name}#{copies[name]}"] = cells
        return solution

    def layer(self) -> int:
        """The cells of one layer of :meth:`fill_order`: the board's extents multiplied, all but the longest.

        Examples
        --------
        >>> Polyomino("soma", "box:3x3x3").layer(), Polyomino("pentominoes", "rect:10x6").layer()
        (9, 6)
        """
        k = self.lattice.translated
        extent = sorted(max(c[i] for c in self.cells) - min(c[i] for c in self.cells) + 1 for i in range(k))
        layer = 1
        for size in extent[:-1]:
            layer *= size
        return layer

    def fill_order(self) -> list[Cell]:
        """The board's cells in scan-line order, the order the ``scan`` engine fills them.

        Lines run along the board's shorter extents: the coordinate of the
        longest extent changes slowest (columns of 6 on a 10 x 6 rectangle),
        so the open front of the search stays short.
        """
        k = self.lattice.translated
        extent = [max(c[i] for c in self.cells) - min(c[i] for c in self.cells) for i in range(k)]
        axes = sorted(range(k), key=lambda i: -extent[i])
        return sorted(self.cells, key=lambda cell: (*(cell[i] for i in axes), *cell[k:]))

    def cover_problem(self, placements, first: str | None = None, decode=None) -> CoverProblem:
        """The exact cover of ``placements``: an item per cell (in :meth:`fill_order`) and per piece (none when
        pieces are used any number of times).

        A plane board is marked ``ordered``: the ``scan`` engine fills its
        items in their listed order, ``first`` (a piece with few placements
        left) before any cell.  A box is left to ``dlx`` unless its layers are
        small: in three dimensions the open front of a scan is a whole layer,
        and the fewest-options rule wins from layers of 10 cells on (solid
        pentominoes in 2 x 5 x 6: 4.4 s against 25 s; in 3 x 4 x 5: 34 s
        against 87 s), where on layers of at most 9 (Soma's 3 x 3 x 3, the
        tetracubes' 2 x 2 x 8 and 2 x 4 x 4) ``scan`` is twice as fast and
        needs no compiled dancing cells.
        """
        from ...cover import CoverProblem

        head = [] if first is None else [first]
        ordered = self.lattice is not CUBIC or self.layer() <= SMALL_LAYER
        neighbours = self.neighbours() if ordered else None
        # pieces of segments may not cross: the items each placement takes at its points (secondary items)
        claims = [self.crossings(cells) for _, cells in placements]
        points = sorted({item for taken in claims for item in taken})
        if self.copies == "any":
            return CoverProblem([[*cells, *taken] for (_, cells), taken in zip(placements, claims)], ordered=ordered,
                                primary=self.fill_order(), secondary=points, decode=decode, neighbours=neighbours)
        if self.choose:  # any `choose` pieces: each at most once, a secondary item
            return CoverProblem([[name, *cells, *taken] for (name, cells), taken in zip(placements, claims)],
                                ordered=ordered, primary=self.fill_order(), secondary=[*self.pieces, *points],
                                decode=decode, neighbours=neighbours)
        omit = [["!", name] for name in self.omit_one_of]  # Polyform Puzzler's item '!': one piece left out
        pieces = [n for n in self.pieces if n != first] + (["!"] if omit else [])
        return CoverProblem([*([name, *cells, *taken] for (name, cells), taken in zip(placements, claims)), *omit],
                            ordered=ordered, primary=[*head, *self.fill_order(), *pieces],
                            secondary=points, decode=decode, neighbours=neighbours)

    def crossings(self, cells) -> list[str]:
        """The secondary items a piece of segments takes at the grid points it turns or runs through, so that no
        two pieces cross (they may touch), as Polyform Puzzler writes them.

        On the square grid, the points a piece passes straight through (two of its segments in line there),
        ``"x,yi"``: no two pieces may both pass through a point.  On the triangular grid, six directions meet at
        a point (``k`` = 0 .. 5, counter-clockwise from 0 degrees); where two of a piece's segments at a point
        are 120 or 180 degrees apart with none of its own between, it takes the directions from the one to the
        other, ends included, ``"x,y,ki"``: another piece that would run between them, or wrap round one of them,
        takes one of those too, so two pieces clash exactly when they cross.  Empty for pieces of cells, and on
        the hexagonal grid, where three directions meet and no two pieces can cross.

        Examples
        --------
        >>> Polyomino("tristicks", "sticks-rect:4x4", copies="any").crossings([(0, 0, 0), (1, 0, 0), (1, 0, 1)])
        ['1,0i']
        >>> Polyomino("ditrigs", "trigs-triangle:3", copies="any").crossings([(0, 0, 0), (1, 0, 1)])
        ['1,0,1i', '1,0,2i', '1,0,3i']
        """
        lattice = self.lattice
        if not isinstance(lattice, Segments):
            return []
        away: dict = {}
        for cell in cells:
            a, b = lattice.ends(tuple(cell))
            away.setdefault(a, set()).add((b[0] - a[0], b[1] - a[1]))
            away.setdefault(b, set()).add((a[0] - b[0], a[1] - b[1]))
        if lattice.name != "trigs":
            return sorted(f"{p[0]},{p[1]}i" for p, ways in away.items() if any((-u, -v) in ways for u, v in ways))
        taken = set()
        for (x, y), ways in away.items():
            turns = sorted(_TRIG_STAR.index(way) for way in ways)
            for i, k in enumerate(turns):
                gap = (turns[(i + 1) % len(turns)] - k) % 6 or 6
                if gap in (2, 3):  # a bend of 120 degrees or a straight run: the directions between are its own
                    taken.update(f"{x},{y},{(k + j) % 6}i" for j in range(gap + 1))
        return sorted(taken)

    def neighbours(self) -> dict[Cell, list[Cell]]:
        """Each cell of the board -> its neighbours on the board (the ``pack`` engine grows regions through them).

        On a board whose edges are joined (``wrap``) the cells across the seam are neighbours too.

        Examples
        --------
        >>> Polyomino("trominoes", "rect:3x2").neighbours()[(0, 0)]
        [(0, 1), (1, 0)]
        >>> Polyomino("tetrominoes", "rect:5x4", wrap="columns").neighbours()[(0, 0)]
        [(0, 1), (0, 4), (1, 0)]
        """
        near = self.__dict__.get("_neighbours")
        if near is None:
            board = set(self.cells)
            near = self.__dict__["_neighbours"] = {
                cell: sorted({self.wrapped(n) for n in self.lattice.neighbours(cell)} & board - {cell})
                for cell in self.cells}
        return near

    def build_cover(self):
        placements = self.placements()
        # the options, and their index (piece, cells) -> option number in which the symmetries' quotients find images
        index = {(name, frozenset(cells)): i for i, (name, cells) in enumerate(placements)}
        self.__dict__["_options"] = placements, index
        return self.cover_problem(placements, decode=lambda chosen: self._solution(chosen, placements))

    build_cnf = Puzzle.cnf_from_cover

    def verify(self, solution: Mapping[str, tuple]) -> None:
        """Each piece once (or copies of the pieces, with ``copies="any"``), each a congruent copy of its piece,
        and every cell of the board covered once."""
        if not isinstance(solution, Mapping):
            raise InvalidSolution("a solution maps each placed piece to its cells")
        if self.copies == "once" and self.omit_one_of:
            left = [n for n in self.pieces if n not in solution]
            if not set(solution) <= set(self.pieces) or len(left) != 1 or left[0] not in self.omit_one_of:
                raise InvalidSolution(f"a solution places every piece once but exactly one of "
                                      f"{', '.join(self.omit_one_of)}")
        elif self.choose:
            if not set(solution) <= set(self.pieces) or len(solution) != self.choose:
                raise InvalidSolution(f"a solution places {self.choose} of the {len(self.pieces)} pieces, each once")
        elif self.copies == "once" and set(solution) != set(self.pieces):
            raise InvalidSolution(f"a solution places each of the {len(self.pieces)} pieces once")
        if self.copies == "any":
            unknown = [name for name in solution if str(name).rpartition("#")[0] not in self.pieces]
            if unknown:
                raise InvalidSolution(f"{unknown[0]!r} names no copy of a piece (copies are named PIECE#k)")
        try:  # (cells as lists, as JSON writes them, are cells too)
            solution = {name: tuple(tuple(cell) for cell in cells) for name, cells in solution.items()}
        except TypeError:
            raise InvalidSolution("a solution maps each placed piece to a list of cells, each a list of "
                                  "coordinates") from None
        covered: dict = {}
        for name, cells in solution.items():
            self.check_placement(name if self.copies == "once" else name.rpartition("#")[0], cells, name)
            for cell in cells:
                if cell in covered:
                    raise InvalidSolution(f"cell {cell} is covered by {covered[cell]} and {name}")
                covered[cell] = name
        if set(covered) != set(self.cells):
            raise InvalidSolution("the pieces do not cover the board exactly")
        for name, cells in solution.items():
            piece = name if self.copies == "once" else name.rpartition("#")[0]
            if self.part_of(piece, cells) is None:
                raise InvalidSolution(f"piece {name} is not within one part of the board that takes it")
        crossed: dict = {}
        for name, cells in solution.items():
            for point in self.crossings(cells):
                if point in crossed:
                    where = ",".join(point[:-1].split(",")[:2])
                    raise InvalidSolution(f"{crossed[point]} and {name} cross at the point {where}: pieces may "
                                          "not cross")
                crossed[point] = name

    def check_placement(self, piece: str, cells, label: str | None = None) -> None:
        """Raise :class:`~parity.errors.InvalidSolution` unless ``cells`` are piece ``piece`` in one of its
        orientations (``label``: the name to report, a copy's ``PIECE#k``), checked against the piece itself.

        Examples
        --------
        >>> Polyomino("trominoes", "rect:3x2").check_placement("P3_1", [(0, 0), (1, 1), (0, 2)])
        Traceback (most recent call last):
        ...
        parity.errors.InvalidSolution: piece P3_1 is placed as a shape that is not one of its orientations
        """
        shapes = self.__dict__.get("_shapes")
        if shapes is None:  # each piece's orientations, worked out once from the piece itself
            shapes = self.__dict__["_shapes"] = {n: set(self.lattice.orientations(s, self.one_sided))
                                                 for n, s in self.pieces.items()}
        label = piece if label is None else label
        if self.wrap:  # a piece across a seam, as one shape
            cells = self._wrapped_shape(piece, cells, label)
        try:
            shape = self.lattice.normalize(cells)
        except (TypeError, ValueError) as exc:
            raise InvalidSolution(f"piece {label} is not placed as cells of the board: {exc}") from None
        if shape not in shapes[piece]:
            raise InvalidSolution(f"piece {label} is placed as a shape that is not one of its orientations")

    def _wrapped_shape(self, piece: str, cells, label: str):
        """On a board whose edges are joined: one of the piece's orientations that, moved and taken round the
        seams, lands on exactly ``cells`` (the piece's own cells across the seam), else InvalidSolution."""
        try:
            cells = [tuple(int(v) for v in cell) for cell in cells]
        except (TypeError, ValueError) as exc:
            raise InvalidSolution(f"piece {label} is not placed as cells of the board: {exc}") from None
        target = frozenset(self.wrapped(c) for c in cells)
        if len(target) != len(cells) or any(len(c) != self.lattice.dimension for c in cells):
            raise InvalidSolution(f"piece {label} is not placed as distinct cells of the board")
        seen = self.__dict__.setdefault("_wrapped_shapes", {})  # (piece, cells) -> its orientation there, or None
        if (piece, target) not in seen:
            seen[piece, target] = next(
                (orient for orient in self.lattice.orientations(self.pieces[piece], self.one_sided) for cell in target
                 if {self.wrapped(tuple(v + c - a for v, c, a in zip(o, cell, orient[0]))) for o in orient} == target),
                None)
        if seen[piece, target] is None:
            raise InvalidSolution(f"piece {label} is placed as a shape that is not one of its orientations")
        return seen[piece, target]

    def check_placements(self, placements) -> None:
        """:meth:`check_placement` for many ``(piece, cells)`` at once: each piece's placements normalised and
        compared with its orientations as arrays (cells as numbers, sorted), not one by one."""
        import numpy as np

        if self.wrap:  # (pieces across a seam: one at a time)
            for name, cells in placements:
                self.check_placement(name, cells)
            return
        k = self.lattice.translated
        rows: dict[str, list] = {}
        for name, cells in placements:
            rows.setdefault(name, []).append(cells)
        for name, placed in rows.items():
            size = len(self.pieces[name])
            try:
                cells = np.array(placed, dtype=np.int64)
            except (TypeError, ValueError, OverflowError):
                cells = None
            if cells is None or cells.ndim != 3 or cells.shape[1] != size or cells.shape[2] != self.lattice.dimension:
                for one in placed:  # ragged or odd: one at a time, each with its own message
                    self.check_placement(name, one)
                continue
            cells[:, :, :k] -= cells[:, :, :k].min(axis=1, keepdims=True)
            orientations = np.array(self.lattice.orientations(self.pieces[name], self.one_sided), dtype=np.int64)
            top = max(int(cells.max()), int(orientations.max())) + 1
            if cells.min() < 0 or top ** cells.shape[2] >= 2 ** 62:
                for one in placed:
                    self.check_placement(name, one)
                continue
            weights = top ** np.arange(cells.shape[2] - 1, -1, -1, dtype=np.int64)
            known = {bytes(np.sort(o @ weights)) for o in orientations}
            for number, key in enumerate(np.sort(cells @ weights, axis=1)):
                if bytes(key) not in known:
                    self.check_placement(name, placed[number])  # raises, with the piece's name
                    raise InvalidSolution(f"piece {name} is placed as a shape that is not one of its orientations")

    def letters(self, solution=None) -> dict[str, str]:
        """One character per piece (or per copy of ``solution``) for letter grids
        (:func:`~parity.puzzles.polyomino.pictures.piece_letters`)."""
        return piece_letters(self, solution)

    def grid(self, solution: Mapping[str, tuple]) -> list[str]:
        """The solution as letter rows (:func:`~parity.puzzles.polyomino.pictures.letter_rows`)."""
        return letter_rows(self, solution)

    def unsolved(self) -> dict | None:
        """No piece placed: the empty board, for a notebook's picture of the puzzle (None past 5000 cells)."""
        return {} if len(self.cells) <= 5000 else None

    def draw(self, solution: Mapping[str, tuple], ax) -> None:
        """Each piece in its own colour with its name; a box is drawn layer by layer, side by side
        (:func:`~parity.puzzles.polyomino.pictures.draw_packing`)."""
        draw_packing(self, solution, ax)

    def to_json(self, solution: Mapping[str, tuple]) -> dict:
        """The placements, the picture's rows, Polyform Puzzler's coordinate lines (``puzzler``; see
        :mod:`parity.puzzles.polyomino.puzzler`) and the piece left out (``left_out``), if one is."""
        from .puzzler import solution_lines

        lines = solution_lines(self, solution).splitlines()
        grid = lines if isinstance(self.lattice, Segments) else self.grid(solution)  # (a segment board's grid)
        left = self.left_out(solution)
        return {"placements": {name: [list(cell) for cell in cells] for name, cells in solution.items()},
                "grid": grid, "puzzler": lines + ([f"! {left}"] if left else []), **({"left_out": left} if left else {})}

    def left_out(self, solution) -> str | None:
        """The piece a packing leaves out (one of :attr:`omit_one_of`), or None."""
        return next((n for n in self.omit_one_of if n not in solution), None)

    def summary(self, solution) -> str:
        left = self.left_out(solution)
        return f"{len(solution)} pieces placed" + (f", {left} left out" if left else "")

    def solutions_text(self, listed) -> tuple[str, dict]:
        """A Polyform Puzzler solution file of the puzzle (:func:`~parity.puzzles.polyomino.puzzler.solution_file`):
        one solution per orbit of the board's symmetries, as Polyform Puzzler's files list them (the least of
        each orbit's images, by :meth:`solution_key` for a tiling); and what it holds (``solutions``, ``up_to``,
        ``symmetries``).  ``listed(problem)`` gives every solution of a cover problem of the puzzle, verified
        (:func:`parity.api.encoding_solutions`): the whole problem's, or, where a piece prunes the search, the
        problem with that piece at one placement per orbit of its placements (every orbit has a packing there).

        Examples
        --------
        >>> from functools import partial
        >>> from parity.api import encoding_solutions
        >>> puzzle = Polyomino("pentominoes", "rect:20x3")
        >>> text, held = puzzle.solutions_text(partial(encoding_solutions, puzzle))
        >>> held, text.count("solution ")
        ({'solutions': 2, 'up_to': 'symmetry', 'symmetries': 4}, 2)
        """
        import time

        from .puzzler import solution_file

        started = time.perf_counter()
        if self.choose:  # each selection a puzzle of its own: its packings' orbits, the least image of each
            from ...symmetry import canonical

            kept = []
            for part, packings in selections(self, listed(self.encoding("cover"))):
                sym = part.symmetries()
                kept += [packing_of(part, sym, least) for least in sorted({canonical(sym, s) for s in packings})]
            text = "".join(solution_file(self, kept, seconds=time.perf_counter() - started))
            return text, {"solutions": len(kept), "up_to": "symmetry", "symmetries": "by selection"}
        kept = orbit_representatives(self, listed)
        held = {"up_to": "symmetry", "symmetries": len(self.symmetries().perms)}
        named = self.__dict__.get("catalogue")
        if named and catalogue_entry(named).get("up_to") == "rotation" and self.copies == "once":
            kept = self._rotation_orbits(kept)  # a puzzle whose published count tells mirror images apart
            held = {"up_to": "rotation", "symmetries": int(self.symmetries().rotations.sum())}
        text = "".join(solution_file(self, kept, seconds=time.perf_counter() - started))
        return text, {"solutions": len(kept), **held}

    def _rotation_orbits(self, kept: list[dict]) -> list[dict]:
        """One packing per orbit of the board's rotations, from one per orbit of all its symmetries: each orbit
        of all symmetries is one orbit of the rotations, or two (a packing and its mirror image, which no rotation
        gives); each kept as the least of its orbit, in order."""
        from ...symmetry import canonical

        sym = self.symmetries()
        if sym.rotations is None or sym.rotations.all():
            return kept
        rotations = sym.restricted("rotations")
        mirror = int(next(g for g in range(len(sym.perms)) if not sym.rotations[g]))
        least = set()
        for solution in kept:
            image = sym.act(mirror, solution)
            least.add(canonical(rotations, solution))
            least.add(canonical(rotations, packing_of(self, sym, [image[item] for item in sym.items])))
        return [packing_of(self, sym, key) for key in sorted(least)]

    def read_solutions(self, text: str, source: str | None = None) -> list[dict]:
        """Every solution a Polyform Puzzler solution file holds, each verified
        (:func:`~parity.puzzles.polyomino.puzzler.read_solution_file`; ``source``, the file's name, starts each
        message: ``FILE:LINE: solution N: ...``)."""
        from .puzzler import read_solution_file

        return read_solution_file(self, text, source)

    def solution_key(self, solution, up_to_symmetry: bool = True) -> tuple:
        """The least image of ``solution`` under the board's symmetries: two solutions have the same key exactly
        when a symmetry takes one to the other (``up_to_symmetry=False``: exactly when they are the same
        packing).  A tiling is its pieces' cell sets with their shapes' names, the copies' numbers left out.

        Raises
        ------
        InvalidSolution
            If ``solution`` is no mapping of the puzzle's pieces (or copies) to cells of the board.
        """
        return least_image(self, solution, up_to_symmetry)

    def picture(self, solution) -> str:
        return "\n".join(self.grid(solution))

    def parameters(self) -> dict:
        named = self.__dict__.get("catalogue")
        known = catalogue_entry(named) if named else None
        return {"pieces": self.set_name, **({"one_sided": True} if self.one_sided else {}),
                **({"copies": "any"} if self.copies == "any" else {}),
                **({"omit_one_of": list(self.omit_one_of)} if self.omit_one_of else {}),
                **({"wrap": self._wrap_name()} if self.wrap else {}),
                **({"parts": len(self.parts)} if self.parts else {}),
                **({"choose": self.choose} if self.choose else {}),
                **({"puzzle": named, "published": known["count"], "published_up_to": known["up_to"]} if named else {})}

    def describe(self) -> str:
        many = " (any number of each)" if self.copies == "any" else ""
        named = self.__dict__.get("catalogue")
        known = catalogue_entry(named) if named else None
        said = (f"{named} (published: {known['count']} up to {known['up_to']}), " if known and known["count"] is not None
                else f"{named}: " if named else "")
        less = (f" less one of {', '.join(self.omit_one_of)}" if self.omit_one_of
                else f" (any {self.choose})" if self.choose else "")
        joined = f" ({self._wrap_name()} joined)" if self.wrap else ""
        cut = f" cut in {len(self.parts)} part{'s' * (len(self.parts) != 1)}" if self.parts else ""
        return f"{said}{self.set_name}{many}{less} on {self.board_label}{joined}{cut}"

    def _wrap_name(self) -> str:
        axes = tuple(axis for axis, _, _ in self.wrap)
        return {(0,): "rows", (1,): "columns", (0, 1): "both", (2,): "layers"}[axes]

    def orbit_count(self, engine: str | None = None) -> dict | None:
        """Solutions up to the board's symmetries by pruning one piece's placements (see
        :func:`~parity.puzzles.polyomino.orbits.count_orbits`); None for tilings (pieces used any number of times),
        which no piece's placements prune, and for an engine named that only counts (``memo``: the pruned count
        lists the packings whose lead placement a symmetry fixes, so Burnside's lemma counts instead, the identity's
        packings by that engine and each other symmetry's quotient by the fastest counter)."""
        if self.copies == "any":
            return None
        if self.choose:
            return selection_orbits(self, engine)
        return count_orbits(self, engine)

    def selection_puzzle(self, chosen) -> "Polyomino":
        """The puzzle of the pieces ``chosen`` alone on this board (a selection of a puzzle of any k pieces: its
        own symmetries are those that keep those pieces).

        Examples
        --------
        >>> Polyomino("one-sided-tetrominoes", "rect:4x4", choose=4).selection_puzzle(["I", "O", "T", "L"]).describe()
        'custom on cells'
        """
        wrap = {"wrap": self._wrap_name()} if self.wrap else {}
        return Polyomino({name: self.pieces[name] for name in chosen}, self.cells, one_sided=self.one_sided,
                         lattice=self.lattice.name, **wrap)

    def orbit_refusal(self) -> str | None:
        """Why a puzzle of any k pieces is counted up to symmetry by :meth:`orbit_count` alone: each selection of
        pieces is a puzzle of its own, which no one group's orbits give (None for other puzzles)."""
        if not self.choose:
            return None
        return (f"a packing of any {self.choose} pieces is counted up to symmetry selection by selection (each "
                "selection of pieces a puzzle of its own), by the default method and all the board's symmetries; "
                "--method and --symmetry take a puzzle of one selection")

    def symmetries(self, recolour: bool = False):
        """The lattice symmetries that map the board onto itself, acting on the cells of a solution
        (:func:`~parity.puzzles.polyomino.symmetries.board_symmetries`; worked out once).

        A rotation keeps every piece; a reflection turns each piece into its
        mirror image, so it is a symmetry of the puzzle only when the set holds
        every piece's mirror image (free pieces are their own; a one-sided or
        solid set holds chiral pairs), and it renames the pieces accordingly.
        Pieces are not colours: ``recolour`` does not apply.
        """
        if recolour:
            raise LimitError("pieces are not interchangeable colours; --recolour does not apply to polyominoes")
        if "_symmetries" not in self.__dict__:  # worked out once (the group is read, never changed)
            self.__dict__["_symmetries"] = board_symmetries(self)
        return self.__dict__["_symmetries"]

    def fixed_encoding(self, sym, g: int):
        """The packings (or tilings) that element ``g`` of :meth:`symmetries` fixes, as the quotient of the cover
        problem (:func:`~parity.puzzles.polyomino.symmetries.fixed_cover`): a smaller cover problem that is
        counted, not listed.

        Examples
        --------
        >>> puzzle = Polyomino({"I": [(0, 0), (0, 1)]}, [(r, c) for r in range(4) for c in range(4)], copies="any")
        >>> sym = puzzle.symmetries()
        >>> fixed = [puzzle.fixed_encoding(sym, g).count() for g in range(len(sym.perms))]
        >>> fixed, sum(fixed) // len(fixed)  # 36 domino tilings of the 4 x 4, 9 up to symmetry
        ([36, 2, 8, 2, 12, 0, 12, 0], 9)
        """
        return fixed_cover(self, sym, g)
