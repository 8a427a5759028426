"""Write parity/data/puzzler_FAMILY.json: Polyform Puzzler's polyomino, polyiamond, polyhex and polycube puzzles.

Run from the repository root::

    python experiments/puzzler_catalogue.py [--family ominoes|iamonds|hexes|cubes] [--repo DIR] [--time BUDGET]

Polyform Puzzler (D. Goodger; the GitHub mirror ``tiwo/puzzler``, GPL 2) names
its puzzles by the scripts under ``bin/FAMILY/``: each script runs one puzzle
class of ``puzzler/puzzles/``.  This script reads that repository (a bare git
directory, read with ``git show``) and writes parity's own data: for each name
the board as ASCII art (``#`` a cell, ``.`` a hole; Puzzler's highest row on
top; on the triangle and hexagon lattices in their skewed coordinates, as
:func:`parity.boards.read_shape` reads them), the piece set by parity's name, the pieces of which one is left out, the
aspects Puzzler allows each piece (its device for counting each solution once,
recorded, not used: parity counts up to the board's symmetries), the published
count and where it is published (``docs/FILE.txt:LINE``, else the script's
docstring), or the reason a puzzle is not yet built.

How a class is read: the class bodies of Puzzler's puzzle modules are loaded
(their definitions only, on stand-ins for Puzzler's base classes written here:
:class:`_Plane`), so that a board is whatever the class's ``coordinates()``
yields, holes, offsets and all; nothing of Puzzler's solver runs.  The
methods that shape the matrix (``build_matrix``, ``customize_piece_data``)
are read as text: placements fixed or restricted there are Puzzler's
symmetry breaking, except where a piece wraps round the board (a tube or a
loop, not yet a parity board) or an omitted piece is parked beside it (then
the parking cells leave the board and any one piece may be left out).
Puzzler's coordinate systems themselves (``puzzler/coordsys.py``) are loaded
from the repository as they are, so that the polyiamond and polyhex boards
are made by Puzzler's own shapes (hexagons, trapezoids, hexagon grids, ...).

The coordinates: Puzzler's ``Triangular3D`` cell ``(x, y, z)`` (``z = 0``
the upward triangle) and its ``Hexagonal2D`` cell ``(x, y)`` (axes 60
degrees apart) are the cells of parity's ``TRIANGLE`` and ``HEX`` lattices
as they stand: the same axes, the same two triangles to a unit rhombus.
:func:`to_parity` is that one conversion; :func:`check_conversion` checks it
(every neighbour Puzzler's ``neighbors()`` gives is parity's, and back) before
anything is written, and the tests check it again on the two puzzles of
parity's own catalogue whose published counts it reproduced before
(``hexiamonds-4x10-long-hex``, ``tetrahexes-coin``).  Each piece set is
checked against the class's ``piece_data`` (the same shapes, the implied
origin cell added; a set's own ``customize_piece_data`` applied, as the
pentacubes less the I or with a second L3), each board's area against its
pieces'.

The polycube boards are layers of art (``z`` from the lowest up), a whole box
``box:WxHxD``; Puzzler's ``Puzzle3D`` shapes (boxes, open boxes, ring walls,
Aztec pyramids, triangular prisms) are written here as :class:`_Space`, its
cells are its own ``Cartesian3D`` (which its classes turn and move).  Solids
turn but never reflect: a mirror pair is two pieces.

``--time BUDGET`` counts every entry with a published count not counted before
(``--again``: every one; one at a time,
up to the board's symmetries, each in a process of its own) under a budget of
seconds and records the seconds, whether the count agrees (``found`` where it
does not; ``note`` says why, from :data:`DISAGREEMENTS`) and ``slow`` for those
past :data:`FAST` seconds; without it the timings of the file there is are
kept.  Where the published count is parity's count up to the board's
rotations and not its count up to all its symmetries (Puzzler counts a
solution and its mirror image apart), the entry's ``up_to`` is ``rotation``.
"""

from __future__ import annotations

import argparse
import ast
import copy
import importlib.abc
import importlib.util
import json
import math
import re
import subprocess
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REPO = "/work/.mirror/tiwo+puzzler/repo"

#: Puzzler's piece classes (puzzler/puzzles/polyominoes.py) -> parity's piece set
#: (parity.puzzles.polyomino.sets.PIECE_SETS)
SETS = {
    "Tetrominoes": "tetrominoes", "OneSidedTetrominoes": "one-sided-tetrominoes",
    "Pentominoes": "pentominoes", "OneSidedPentominoes": "one-sided-pentominoes",
    "Hexominoes": "hexominoes", "OneSidedHexominoes": "one-sided-hexominoes",
    "HexominoesPlus": "hexominoes-plus", "Cornucopia": "cornucopia",
    "PentominoesPlusSquareTetromino": "pentominoes-plus-square-tetromino",
    "PentominoesPlusMonomino": "pentominoes-plus-monomino",
    "Polyominoes123": "polyominoes-123", "Polyominoes1234": "polyominoes-1234",
    "OneSidedPolyominoes1234": "one-sided-polyominoes-1234", "Polyominoes234": "polyominoes-234",
    "OneSidedPolyominoes234": "one-sided-polyominoes-234", "Polyominoes12345": "polyominoes-12345",
    "OneSidedPolyominoes12345": "one-sided-polyominoes-12345", "Polyominoes2345": "polyominoes-2345",
    "Polyominoes45": "polyominoes-45", "Polyominoes123456": "polyominoes-123456",
}

#: Puzzler's polyiamond piece classes (puzzler/puzzles/polyiamonds.py) -> parity's piece set
IAMOND_SETS = {
    "Hexiamonds": "hexiamonds", "OneSidedHexiamonds": "one-sided-hexiamonds",
    "Heptiamonds": "heptiamonds", "OneSidedHeptiamonds": "one-sided-heptiamonds",
    "Polyiamonds12345": "polyiamonds-12345", "OneSidedPolyiamonds12345": "one-sided-polyiamonds-12345",
    "Polyiamonds123456": "polyiamonds-123456", "OneSidedPolyiamonds123456": "one-sided-polyiamonds-123456",
    "Polyiamonds1234567": "polyiamonds-1234567",
}

#: Puzzler's polyhex piece classes (puzzler/puzzles/polyhexes.py) -> parity's piece set
HEX_SETS = {
    "Tetrahexes": "tetrahexes", "Pentahexes": "pentahexes", "OneSidedPentahexes": "one-sided-pentahexes",
    "Hexahexes": "hexahexes", "Polyhexes34": "polyhexes-34", "Polyhexes1234": "polyhexes-1234",
    "OneSidedPolyhexes1234": "one-sided-polyhexes-1234", "Polyhexes12345": "polyhexes-12345",
    "OneSidedPolyhexes12345": "one-sided-polyhexes-12345",
}


#: Puzzler's polycube piece classes (puzzler/puzzles/polycubes.py) -> parity's piece set
CUBE_SETS = {
    "Tetracubes": "tetracubes", "SomaCubes": "soma", "SolidPentominoes": "solid-pentominoes",
    "Pentacubes": "pentacubes", "Pentacubes3x3x3": "pentacubes-3x3x3", "NonConvexPentacubes": "non-convex-pentacubes",
    "PentacubesPlus": "pentacubes-plus", "SolidHexominoes": "solid-hexominoes",
    "SolidHexominoesPlus": "solid-hexominoes-plus", "Polycubes1234": "polycubes-1234", "Polycubes234": "polycubes-234",
    "Polycubes12345": "polycubes-12345", "Polycubes2345": "polycubes-2345", "Polycubes12345p6": "polycubes-12345p6",
}


#: Puzzler's polystick, polytrig and polytwig piece classes (puzzler/puzzles/polysticks.py, polytrigs.py,
#: polytwigs.py) -> parity's piece set
STICK_SETS = {"Tetrasticks": "tetrasticks", "OneSidedTetrasticks": "one-sided-tetrasticks",
              "Polysticks123": "polysticks-123", "Polysticks1234": "polysticks-1234",
              "OneSidedPolysticks1234": "one-sided-polysticks-1234"}
TRIG_SETS = {"Tritrigs": "tritrigs", "OneSidedTritrigs": "one-sided-tritrigs", "Tetratrigs": "tetratrigs",
             "Polytrigs12": "polytrigs-12", "Polytrigs23": "polytrigs-23", "OneSidedPolytrigs23": "one-sided-polytrigs-23",
             "Polytrigs123": "polytrigs-123", "OneSidedPolytrigs123": "one-sided-polytrigs-123",
             "Polytrigs1234": "polytrigs-1234"}
TWIG_SETS = {"Tetratwigs": "tetratwigs", "OneSidedTetratwigs": "one-sided-tetratwigs", "Pentatwigs": "pentatwigs",
             "OneSidedPentatwigs": "one-sided-pentatwigs", "Hexatwigs": "hexatwigs",
             "OneSidedHexatwigs": "one-sided-hexatwigs", "Polytwigs12": "polytwigs-12",
             "Polytwigs123": "polytwigs-123", "OneSidedPolytwigs123": "one-sided-polytwigs-123",
             "Polytwigs1234": "polytwigs-1234", "OneSidedPolytwigs1234": "one-sided-polytwigs-1234",
             "Polytwigs45": "polytwigs-45", "OneSidedPolytwigs45": "one-sided-polytwigs-45",
             "Polytwigs12345": "polytwigs-12345", "OneSidedPolytwigs12345": "one-sided-polytwigs-12345",
             "Polytwigs123456": "polytwigs-123456", "OneSidedPolytwigs123456": "one-sided-polytwigs-123456"}


class Family:
    """One of Puzzler's groups of puzzles: its scripts' folder, the lattice, its piece classes, its modules."""

    def __init__(self, name: str, lattice: str, sets: dict, modules: tuple) -> None:
        self.name, self.lattice, self.sets, self.modules = name, lattice, sets, modules
        self.out = ROOT / "parity" / "data" / f"puzzler_{name}.json"


FAMILIES = {
    "ominoes": Family("ominoes", "square", SETS, ("polyomino", "pentomino", "hexomino", "tetromino")),
    "iamonds": Family("iamonds", "triangle", IAMOND_SETS, ("polyiamond", "hexiamond", "heptiamond")),
    "hexes": Family("hexes", "hex", HEX_SETS, ("polyhex", "tetrahex", "pentahex", "hexahex")),
    "cubes": Family("cubes", "cubic", CUBE_SETS, ("polycube", "pentacube", "tetracube", "somacube", "solid_",
                                                  "hexacube")),
    "sticks": Family("sticks", "sticks", STICK_SETS, ("polystick", "tetrastick", "seven_segment")),
    "trigs": Family("trigs", "trigs", TRIG_SETS, ("polytrig", "tritrig", "tetratrig", "quasi")),
    "twigs": Family("twigs", "twigs", TWIG_SETS, ("polytwig", "tetratwig", "pentatwig", "hexatwig", "quasi")),
}


#: counts past the budget of one process, found by ``parity sweep polyform-split --puzzle NAME``
#: (experiments/benchmarks/bench_catalogue.py prints them): name -> (parity's count up to the board's symmetries, or
#: its rotations where :data:`UP_TO_ROTATION` names the puzzle; the seconds of the split on one worker)
SPLIT_COUNTS = {"polyhexes-1234-4x10": (7404530, 43.8), "polyhexes-1234-5x8": (15176820, 115.0),
                "polyhexes-1234-irregular-hexagon-5": (50041967, 415.7),
                "one-sided-hexiamonds-obeirnes-hexagon": (124519, 6257.9),
                "one-sided-hexiamonds-bumpy-triangle": (968744, 2154.3)}
#: counts past the budget of one process, found by the frontier count (``parity count polyform --puzzle NAME
#: --engine memo --up-to-symmetry``): name -> (parity's count up to the board's symmetries, its seconds)
FRONTIER_COUNTS = {"cornucopia-17x6": (162086, 93.0),
                   "one-sided-polyiamonds-12345-semi-regular-hexagon-4x2": (18058852, 294.2)}

#: what counting found where parity's count up to the board's symmetries is not the published one
#: puzzles whose published count is up to the board's rotations alone, found by the catalogue sweep (their counts
#: take longer than the timing pass allows)
UP_TO_ROTATION = {name: "Puzzler keeps P5 to 3 of its 6 rotations (a one-sided set turns pieces but never flips them), which breaks the board's half-turn alone; the board's mirrors map the one-sided set onto itself (P5 onto its mirror image), so Puzzler counts a packing and its mirror image apart: its count is up to the board's rotations (found by the catalogue sweep: up to all the board's symmetries the count is half of it)" for name in (
    "one-sided-polyiamonds-12345-hexagon-1", "one-sided-polyiamonds-12345-hexagon-2",
    "one-sided-polyiamonds-12345-x-1")}
UP_TO_ROTATION["one-sided-hexiamonds-bumpy-triangle"] = (
    "Puzzler fixes I6 in one of its 3 orientations (rotations None), which breaks the triangle's 3 rotations but not "
    "its mirrors: a mirror through that orientation's axis keeps I6 where it is and maps the one-sided set onto itself "
    "(each piece onto its mirror twin), so Puzzler counts a packing and its mirror image apart: its count is up to the "
    "board's rotations (found by the split count: 968,744 up to the 3 rotations, 484,372 up to all 6 symmetries)")

DISAGREEMENTS = {
    "one-sided-polyiamonds-12345-semi-regular-hexagon-4x2": (
        "Puzzler keeps P5 to 3 of its 6 rotations, as on its hexagons; this board's rotations are the three turns "
        "of 120 degrees, which map the kept three (two of one class of P5's orientations under those turns, one of "
        "the other) onto no copy of themselves, so the count is no count up to symmetry: parity counts 108,353,112 "
        "packings, 36,117,704 up to the 3 rotations, 18,058,852 up to all 6 symmetries (the frontier count, "
        "--engine memo); with P5 in one orientation alone the packings number 20,406,460 for three orientations "
        "and 15,711,244 for the other three, and Puzzler's 56,524,164 is 2 x 20,406,460 + 15,711,244, the "
        "packings with P5 in its 3 kept orientations (tests/puzzles/test_puzzler_catalogue.py counts them again)"),
    "polyominoes-1234-7x4-plus-one": (
        "the monomino's cell stands apart from the 7 x 4 rectangle; Puzzler counts up to the rectangle's 4 "
        "symmetries, parity up to the 2 of the whole board (the mirror that keeps the cell), so parity's count is "
        "twice the published one (3044 = 2 x 1522)"),
    "one-sided-polyominoes-234-octagon": (
        "Puzzler fixes I4 at two placements, one in each of two of the three orbits of its 24 placements under the "
        "octagon's 8 symmetries, and misses the third (I4 on a middle row, one cell from the edge): 660 + 363 = 1023 "
        "solutions with I4 at Puzzler's two, 171 with it in the third, 1194 up to symmetry"),
    "tetrahexes-flower-2": (
        "Puzzler's 4 is parity's count up to the board's 2 rotations (a solution and its mirror image both "
        "counted); up to all 4 of the board's symmetries there are 2"),
    "hexiamonds-bumpy-trefoil": (
        "the docs' link says 15, the script bin/iamonds/hexiamonds-bumpy-trefoil.py says 19; parity finds 19"),
    "hexiamonds-chevron-4x9": (
        "the docs' link says 1004, the script bin/iamonds/hexiamonds-chevron-4x9.py says 142; parity finds 142"),
    "hexiamonds-iamond-hex-separated-colors": (
        "Kadon's Iamond Hex challenge: the pieces come in three colours, no two of a colour touching; parity counts "
        "the board without the colours (55, the count of hexiamonds-snowflake, the same board)"),
    **{f"polytwigs-1234-hex-{k}": (
        "Puzzler keeps hex-1's restriction of P4 (3 of its 12 aspects: right for hex-1's 4 symmetries) on a board "
        f"whose holes leave it 2; its count is no count up to the board's symmetries: parity finds {found} up to "
        "its 2") for k, found in ((3, 3264), (4, 3238), (5, 2064), (6, 2567))},
    **{name: (
        "Puzzler keeps P4 to 3 of its 12 aspects, as if the board had 4 symmetries; it has 2 (as parity finds them; "
        f"tests/puzzles/test_puzzler_catalogue.py lists the board), and parity's count up to them, {found} (by the "
        "split count), is about twice Puzzler's") for name, (found, _) in SPLIT_COUNTS.items()
        if name in ("polyhexes-1234-4x10", "polyhexes-1234-5x8")},
    "seven-segment-digits-6x5": (
        "Puzzler lets a digit be crossed at the points of the 0 (its intersection exception: one of the 0's points "
        "at a time) and counts d2 and d5, d6 and d9 as the same digit; parity's pieces never cross, and it finds "
        "no packing"),
    "soma-castle-1": (
        "the docs' link says 10 (Castle 2's count), the script bin/cubes/soma-castle-1.py says 6: parity finds 6 "
        "solutions in all, 6 up to the board's 1 rotation, 3 up to its 2 symmetries (each solution's mirror image, "
        "the A and B pieces swapped, is another); tests/puzzles/test_puzzler_catalogue.py counts the orbits by hand"),
    "solid-pentominoes-three-walls": (
        "Puzzler restricts F to 6 of its 24 aspects and drops mirror images in y; parity finds 95 up to the board's 4 "
        "symmetries (380 solutions in all, counted by hand in tests/puzzles/test_puzzler_catalogue.py too): Puzzler's "
        "restriction misses some orbits"),
    "solid-pentominoes-spinner-block": (
        "Puzzler keeps 2 of L's aspects and drops mirror images in z; parity finds 56 up to the board's 8 symmetries "
        "(448 solutions in all, counted by hand in tests/puzzles/test_puzzler_catalogue.py too)"),
    "solid-pentominoes-tower-3": (
        "the script's docstring (27 solutions) is Tower 1's, copied; the class says 'many solutions': parity finds 851 "
        "up to the board's 8 symmetries (6808 solutions in all)"),
    "hexiamonds-iamond-hex-joined-colors": (
        "Kadon's Iamond Hex challenge: the pieces come in three colours, each colour's pieces joined; parity counts "
        "the board without the colours (55, the count of hexiamonds-snowflake, the same board)"),
}


def git(repo: str, *args: str) -> str:
    return subprocess.run(["git", "--git-dir", repo, *args], check=True, capture_output=True, text=True).stdout


# --- stand-ins for Puzzler's base classes: the board shapes its classes call, written from their descriptions -----

class _Point(tuple):
    """A cell (x, y); adding an offset moves it."""

    def __add__(self, other):
        return _Point(a + b for a, b in zip(self, other))


class _Puzzle:
    """What every Puzzler puzzle class reads of its base: sizes, pieces, and the drawing units some class bodies
    compute from."""

    width = height = depth = 0
    piece_data: dict = {}
    piece_colors: dict = {}

    def build_matrix(self):  # (Puzzler's own matrix methods: some classes name them to undo a parent's)
        pass

    build_matrix_header = build_regular_matrix = build_matrix_row = format_solution = build_matrix

    def customize_piece_data(self):  # each instance its own copy of the class's pieces, as Puzzler's
        self.piece_data = copy.deepcopy(self.piece_data)
        self.piece_colors = copy.deepcopy(self.piece_colors)
    implied_0 = True
    svg_unit_length = 10
    svg_stroke_width = "1"


class _Plane(_Puzzle):
    """What a Puzzler plane puzzle class needs to say its board: a width x height rectangle by default, and the
    shapes its classes combine (rectangles, triangles, diamonds), each moved by an offset."""

    def coordinates(self):
        return self.coordinates_rectangle(self.width, self.height)

    @classmethod
    def coordinate_offset(cls, x, y, offset):
        return _Point((x, y)) + offset if offset else _Point((x, y))

    @classmethod
    def coordinates_rectangle(cls, width, height, offset=None):
        return (cls.coordinate_offset(x, y, offset) for y in range(height) for x in range(width))

    @classmethod
    def coordinates_triangle(cls, side, offset=None):  # the right triangle x + y < side
        return (cls.coordinate_offset(x, y, offset) for y in range(side) for x in range(side) if x + y < side)

    @classmethod
    def coordinates_double_triangle(cls, side, offset=None):  # the isosceles triangle of rows 2 side - 1, .., 1
        width = 2 * side - 1
        return (cls.coordinate_offset(x, y, offset) for y in range(side) for x in range(width)
                if y <= x < width - y)

    @classmethod
    def coordinates_diamond(cls, side, offset=None):  # the square turned 45 degrees, 2 side - 1 cells across
        n = side - 1
        return (cls.coordinate_offset(x, y, offset) for y in range(2 * n + 1) for x in range(2 * n + 1)
                if n <= x + y <= 3 * n and abs(x - y) <= n)

    @classmethod
    def coordinates_aztec_diamond(cls, side, offset=None):  # rows of 2, 4, .., 2 side, .., 4, 2 cells
        return (cls.coordinate_offset(x, y, offset) for y in range(2 * side) for x in range(2 * side)
                if side - 1 <= x + y <= 3 * side - 1 and abs(x - y) <= side)


class _Space(_Puzzle):
    """What a Puzzler polycube puzzle class needs to say its board: a width x height x depth box by default, and
    the solids its classes combine, each moved by an offset: boxes, open boxes (no lid), ring walls (no lid, no
    floor), Aztec pyramids (layers of Aztec diamonds, each one smaller and moved one cell in x and y) and
    triangular prisms (x + y < side)."""

    swap_yz_transform = cycle_xyz_transform = transform_solution_matrix = None  # (how Puzzler draws a solution)

    def coordinates(self):
        return self.coordinates_cuboid(self.width, self.height, self.depth)

    @classmethod
    def coordinate_offset(cls, x, y, z, offset):  # (Puzzler's own cell, which its classes turn and move)
        cell = importlib.import_module("puzzler.coordsys").Cartesian3D((x, y, z))
        return cell + offset if offset else cell

    @classmethod
    def coordinates_cuboid(cls, width, height, depth, offset=None):
        return (cls.coordinate_offset(x, y, z, offset) for z in range(depth) for y in range(height)
                for x in range(width))

    @classmethod
    def coordinates_open_box(cls, width, height, depth, offset=None):
        inside = {cls.coordinate_offset(x, y, z, offset) for z in range(1, depth) for y in range(1, height - 1)
                  for x in range(1, width - 1)}
        return sorted(set(cls.coordinates_cuboid(width, height, depth, offset)) - inside)

    @classmethod
    def coordinates_ring_wall(cls, width, height, depth, offset=None):
        inside = {cls.coordinate_offset(x, y, z, offset) for z in range(depth) for y in range(1, height - 1)
                  for x in range(1, width - 1)}
        return sorted(set(cls.coordinates_cuboid(width, height, depth, offset)) - inside)

    @classmethod
    def coordinates_aztec_pyramid(cls, side, offset=None):
        return sorted({cls.coordinate_offset(x, y, z, offset) for z in range(side)
                       for x, y in _Plane.coordinates_aztec_diamond(side - z, offset=(z, z))})

    @classmethod
    def coordinates_triangular_prism(cls, side, depth, offset=None):
        return (cls.coordinate_offset(x, y, z, offset) for z in range(depth) for y in range(side)
                for x in range(side) if x + y < side)


class _Pseudo3D(_Plane):
    """The base of Puzzler's polyiamonds (a plane cell and its orientation, ``z``); they say their boards
    themselves."""


class _OneSided:
    """Marks Puzzler's one-sided sets."""


def _comparable(coordsys) -> None:
    """Puzzler's coordinates compare in Python 2 (``__cmp__``), and a set of them combined with another stays a
    set of coordinates there; make them so in Python 3."""
    def key(other):
        return other if isinstance(other, tuple) else other.coords

    klass = coordsys.CoordinateSystem
    klass.__eq__ = lambda self, other: self.coords == key(other)
    klass.__lt__ = lambda self, other: self.coords < key(other)
    klass.__gt__ = lambda self, other: self.coords > key(other)
    klass.__le__ = lambda self, other: self.coords <= key(other)
    klass.__ge__ = lambda self, other: self.coords >= key(other)
    klass.__hash__ = lambda self: hash(self.coords)
    for operator in ("__sub__", "__or__", "__and__", "__xor__"):
        setattr(coordsys.CoordinateSet, operator,
                (lambda op: lambda self, other: self.__class__(list(getattr(set, op)(self, other))))(operator))


class _Loader(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves ``puzzler.puzzles.NAME`` from the repository (class definitions only run), and stand-ins for
    ``puzzler``, ``puzzler.coordsys`` and ``puzzler.puzzles``."""

    def __init__(self, repo: str) -> None:
        self.repo = repo

    def find_spec(self, fullname, path=None, target=None):
        if fullname == "puzzler" or fullname.startswith("puzzler."):
            return importlib.util.spec_from_loader(fullname, self, is_package=fullname in ("puzzler",
                                                                                             "puzzler.puzzles"))
        return None

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        name = module.__name__
        if name == "puzzler":
            module.__path__ = []
        elif name == "puzzler.coordsys":  # Puzzler's own, as it stands
            tree = _Python2Division().visit(ast.parse(git(self.repo, "show", "HEAD:puzzler/coordsys.py")))
            exec(compile(ast.fix_missing_locations(tree), "coordsys.py", "exec"), module.__dict__)
            _comparable(module)
        elif name == "puzzler.puzzles":
            module.__path__ = []
            module.Puzzle, module.Puzzle2D, module.OneSidedLowercaseMixin = _Puzzle, _Plane, _OneSided
            module.Puzzle3D, module.PuzzlePseudo3D = _Space, _Pseudo3D
        else:
            tree = _Python2Division().visit(ast.parse(python3(git(self.repo, "show",
                                                                  f"HEAD:{name.replace('.', '/')}.py"))))
            exec(compile(ast.fix_missing_locations(tree), f"{name}.py", "exec"), module.__dict__)


def python3(text: str) -> str:
    """Puzzler's module text as Python 3 parses it: its ``exec`` statements as calls."""
    return re.sub(r"^(\s*)exec (.+)$", r"\1exec(\2)", text, flags=re.M)


class _Python2Division(ast.NodeTransformer):
    """Puzzler is Python 2: ``/`` of whole numbers is floor division, and ``keys()`` a list."""

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Div):
            node.op = ast.FloorDiv()
        return node

    def visit_Call(self, node):
        self.generic_visit(node)
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("keys", "values", "items") and not node.args:
            return ast.copy_location(ast.Call(ast.Name("list", ast.Load()), [node], []), node)
        return node


# --- the published counts ------------------------------------------------------------------------------------------

def published_counts(repo: str, family: str = "ominoes") -> dict[str, list[tuple[int, str]]]:
    """name -> [(count, 'docs/FILE.txt:LINE'), ...]: every ```N solutions <../solutions/FAMILY/NAME.txt>```
    link of Puzzler's docs (a name may be linked more than once; the number and the word may be a line apart)."""
    found: dict[str, list[tuple[int, str]]] = {}
    files = [f for f in git(repo, "ls-tree", "--name-only", "HEAD", "docs/").split() if f.endswith(".txt")]
    link = re.compile(rf"`([\d,]+)\s+solutions?\s*<\.\./solutions/{family}/([\w-]+)\.txt>`", re.S)
    for path in files:
        text = git(repo, "show", f"HEAD:{path}")
        for match in link.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.setdefault(match.group(2), []).append((int(match.group(1).replace(",", "")), f"{path}:{line}"))
    return found


def docstring_count(text: str) -> int | None:
    match = re.search(r"([\d,]+) solutions", text or "")
    return int(match.group(1).replace(",", "")) if match else None


# --- one puzzle ----------------------------------------------------------------------------------------------------

def method_source(cls, name: str, sources: dict) -> list[str]:
    """The text of ``name`` as each class of ``cls``'s lineage defines it (Puzzler's classes only).

    A class that takes the method from another (``build_matrix = Polytrigs23.build_matrix``, as the trefoils do)
    has that class's text, and the classes above it are not read: Python never reaches them.
    """
    texts = []
    for klass in cls.__mro__:
        if name in vars(klass) and klass.__module__.startswith("puzzler.puzzles."):
            tree = sources[klass.__module__]
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name == klass.__name__:
                    texts += [ast.unparse(f) for f in node.body if isinstance(f, ast.FunctionDef) and f.name == name]
                    if any(isinstance(f, ast.Assign) and any(getattr(t, "id", None) == name for t in f.targets)
                           for f in node.body):
                        taken = vars(klass)[name]  # (Puzzler's base class's: the regular matrix, no text)
                        if not taken.__module__.startswith("puzzler.puzzles."):
                            return texts
                        owner = getattr(sys.modules[taken.__module__], taken.__qualname__.split(".")[0])
                        return texts + method_source(owner, name, sources)
    return texts


def aspects_allowed(cls, sources: dict) -> dict:
    """piece -> {'rotations': .., 'flips': ..} as Puzzler's ``customize_piece_data`` restricts them (the nearest
    definition, as Python finds it)."""
    restricted: dict = {}
    texts = method_source(cls, "customize_piece_data", sources)[:1]
    for text in texts:
        for piece, key, value in re.findall(r"self\.piece_data\['(\w+)'\]\[-1\]\['(\w+)'\] = (.+)", text):
            restricted.setdefault(piece, {})[key] = ast.literal_eval(value)
    return restricted


def to_parity(cell) -> tuple:
    """Puzzler's cell (a ``Triangular3D`` ``(x, y, z)``, a ``Hexagonal2D`` ``(x, y)`` or a square ``(x, y)``) as
    parity's cell of the same lattice: the same numbers (see the module's notes; :func:`check_conversion`)."""
    return tuple(int(v) for v in cell)


def check_conversion(coordsys) -> None:
    """Puzzler's neighbours of the triangles, hexagons and grid segments around the origin are parity's, one for
    one: the conversion :func:`to_parity` keeps the lattice's adjacency, hence its shapes and their symmetries."""
    from parity.boards.lattices import HEX, STICKS, TRIANGLE, TRIGS, TWIGS

    near = [(x, y) for x in range(-2, 3) for y in range(-2, 3)]
    for lattice, klass, cells in ((TRIANGLE, coordsys.Triangular3D, [(x, y, z) for x, y in near for z in (0, 1)]),
                                  (HEX, coordsys.Hexagonal2D, near),
                                  # the segment lattices: segments that share an end point
                                  (STICKS, coordsys.SquareGrid3D, [(x, y, z) for x, y in near for z in (0, 1)]),
                                  (TRIGS, coordsys.TriangularGrid3D, [(x, y, z) for x, y in near for z in (0, 1, 2)]),
                                  (TWIGS, coordsys.HexagonalGrid3D, [(x, y, z) for x, y in near for z in (0, 1, 2)])):
        for cell in cells:
            theirs = {to_parity(n) for n in klass(cell).neighbors()}
            assert theirs == set(lattice.neighbours(to_parity(cell))), (lattice.name, cell)


def board_art(cells, lattice: str = "square") -> list:
    """ASCII art of ``cells``, the highest row on top: column ``x`` (on the triangle lattice ``2x + z``), as
    :func:`parity.boards.read_shape` reads it on the lattice (the square lattice's art is read as (row, column));
    on the cubic lattice a list of layers, ``z`` from the lowest up, each the art of its ``(x, y)``, every layer
    over the whole box's rows and columns."""
    if lattice in ("sticks", "trigs", "twigs"):  # segments: the cells themselves, (x, y, z) as Puzzler's
        return [list(cell) for cell in sorted(cells)]
    if lattice == "cubic":
        xs, ys, zs = zip(*cells)
        inside = set(cells)
        return [["".join("#" if (x, y, z) in inside else "." for x in range(min(xs), max(xs) + 1))
                 for y in range(max(ys), min(ys) - 1, -1)] for z in range(min(zs), max(zs) + 1)]
    if lattice == "triangle":
        cells = [(2 * x + z, y) for x, y, z in cells]
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    low = min(xs) - min(xs) % 2 if lattice == "triangle" else min(xs)  # (an upward triangle's column stays even)
    inside = set(cells)
    return ["".join("#" if (x, y) in inside else "." for x in range(low, max(xs) + 1))
            for y in range(max(ys), min(ys) - 1, -1)]


def puzzler_pieces(cls, dimension: int | str, root: type | None = None) -> dict[str, tuple]:
    """Puzzler's pieces of ``cls`` as cells of parity's lattice: ``piece_data``'s cells and the origin cell they
    imply (``implied_0``; ``dimension`` ``"segments"``: a segment piece lists all its segments); with ``root``, the piece set class, the pieces as its ``customize_piece_data`` leaves
    them (NonConvexPentacubes leaves out its I, PentacubesPlus adds a second L3)."""
    data = cls.piece_data
    if root is not None:
        instance = object.__new__(cls)  # (its own copy first: some classes change their pieces in place)
        instance.piece_data, instance.piece_colors = copy.deepcopy(cls.piece_data), copy.deepcopy(cls.piece_colors)
        root.customize_piece_data(instance)
        data = instance.piece_data
    pieces = {}
    for name, (cells, _) in data.items():
        cells = [to_parity(c) for c in cells]
        if getattr(cls, "implied_0", True) and dimension != "segments":
            cells.append((0,) * dimension)
        pieces[name] = tuple(sorted(cells))
    return pieces


def same_pieces(cls, pieces: str, lattice: str) -> tuple[str | None, dict]:
    """(None, Puzzler's name -> parity's) where parity's set ``pieces`` is Puzzler's piece set of ``cls`` (each
    shape once, as a free shape; a one-sided set also holds each mirror image), else (what differs, {})."""
    from parity.boards.lattices import lattice_named
    from parity.puzzles.polyomino.sets import _piece_set

    grid = lattice_named(lattice)
    ours, one_sided, _ = _piece_set(pieces, None)
    free: dict = {}
    for name, cells in ours.items():  # (a set may hold a shape twice: Kadon's second L3 or N)
        free.setdefault(min(grid.orientations(cells)), []).append(name)
    root = next(k for k in cls.__mro__ if any(k.__name__ in family.sets for family in FAMILIES.values()))
    # (a segment piece lists every segment: the origin cell is implied on the other lattices only)
    theirs = puzzler_pieces(cls, "segments" if lattice in ("sticks", "trigs", "twigs") else grid.dimension, root)
    names = {}
    for name, cells in sorted(theirs.items()):
        shape = min(grid.orientations(cells))
        if not free.get(shape):
            return (f"Puzzler's piece {name} is no piece of parity's {pieces}" if shape not in free
                    else f"Puzzler's {pieces} holds a shape more often than parity's"), {}
        names[name] = free[shape].pop(0)
    chiral = sum(len(grid.orientations(cells, True)) != len(grid.orientations(cells)) for cells in theirs.values())
    expected = len(theirs) + (chiral if one_sided else 0)
    if len(ours) != expected:
        return f"parity's {pieces} has {len(ours)} pieces, Puzzler's {expected}", {}
    return None, names


#: the piece sets written as data (parity/data/puzzler_pieces.json): set name -> {"lattice", "one_sided", "pieces"}
OWN_SETS: dict = {}
#: where they are written
PIECES_FILE = ROOT / "parity" / "data" / "puzzler_pieces.json"


def _kebab(name: str) -> str:
    return re.sub(r"(?<=[a-z])(?=[A-Z0-9])|(?<=[0-9])(?=[A-Z])", "-", name).lower()


def own_set(cls, name: str, family: Family, selection: bool) -> str | None:
    """The pieces of ``cls`` as data, where no named set of parity's is Puzzler's (its custom sets, its
    quasi-polyforms, a puzzle's own selection of a set): Puzzler's ``piece_data`` after the class's own
    ``customize_piece_data``, each piece as cells of parity's lattice by Puzzler's name, and for a one-sided set
    each piece's mirror image beside it (Puzzler's lowercase name) where it has one.  The set is named after the
    class that defines its pieces (``QuasiDitrigsData``: ``quasi-ditrigs``), or after the puzzle where the puzzle
    selects them; None where the class's pieces need more of Puzzler than its data."""
    from parity.boards.lattices import lattice_named

    grid = lattice_named(family.lattice)
    segments = family.lattice in ("sticks", "trigs", "twigs")
    try:
        pieces = puzzler_pieces(cls, "segments" if segments else grid.dimension, root=cls)
    except Exception:  # (a class whose pieces are chosen at run time)
        return None
    one_sided = issubclass(cls, _OneSided)
    owner = next(k for k in cls.__mro__ if "piece_data" in vars(k))
    set_name = name if selection else (("one-sided-" if one_sided else "")
                                       + _kebab(owner.__name__.removesuffix("Data").removeprefix("OneSided")))
    from parity.puzzles.polyomino.sets import OWN_SET_NAMES

    if set_name in OWN_SET_NAMES:  # (a class's own pieces under the name of one of parity's sets: the puzzle's)
        set_name = name
    if one_sided:
        for piece, cells in list(pieces.items()):
            turned = set(grid.orientations(cells, True))
            mirrored = [o for o in grid.orientations(cells) if o not in turned]
            if mirrored:
                pieces[piece.lower() if piece.lower() != piece else f"{piece}'"] = mirrored[0]
    data = {"lattice": family.lattice, "one_sided": one_sided or family.lattice == "cubic",
            "pieces": {k: [list(c) for c in grid.normalize(v)] for k, v in sorted(pieces.items())}}
    if OWN_SETS.get(set_name, data) != data:  # (another class's pieces under the same name: the puzzle's own)
        set_name = name
    OWN_SETS[set_name] = data
    return set_name


def read_puzzle(name: str, repo: str, sources: dict, published: dict, family: Family = FAMILIES["ominoes"]) -> dict:
    script = git(repo, "show", f"HEAD:bin/{family.name}/{name}.py")
    tree = ast.parse(script)
    doc = ast.get_docstring(tree) or ""
    imported = [(n.module, a.name) for n in tree.body if isinstance(n, ast.ImportFrom) and n.module != "puzzler"
                for a in n.names]
    (module_name, class_name), = imported
    entry: dict = {"class": f"{module_name}.{class_name}"}
    # the published count: the docs' link to the solutions file, the script's docstring where the docs give none
    said = docstring_count(doc)
    links = published.get(name, [])
    agreeing = [link for link in links if link[0] == said] or links
    if agreeing:
        entry["count"], entry["source"] = agreeing[0]
        if said is not None and said != entry["count"]:
            entry["note"] = f"bin/{family.name}/{name}.py says {said}"
    elif said is not None:
        line = script[:script.index(doc)].count(chr(10)) + 1
        entry["count"], entry["source"] = said, f"bin/{family.name}/{name}.py:{line}"
    else:
        entry["count"], entry["source"] = None, None
    module = importlib.import_module(module_name)
    cls = getattr(module, class_name, None)
    if cls is None:
        return {**entry, "status": f"not yet: {module_name} defines no class {class_name} (the script names a class "
                                   "the module lost)"}
    root = next((k.__name__ for k in cls.__mro__ if k.__name__ in family.sets), None)
    selection = False
    if root is None:  # Puzzler's custom sets and quasi-polyforms: their pieces as data
        entry["pieces"] = own_set(cls, name, family, selection=False)
        if entry["pieces"] is None:
            return {**entry, "status": "not yet: the pieces are chosen when Puzzler runs (a custom set)"}
        root = cls.__name__
    else:
        entry["pieces"] = family.sets[root]
    if "puzzle_art" in vars(cls) or any("puzzle_art" in vars(k) for k in cls.__mro__[1:] if k is not _Plane):
        return {**entry, "status": "not yet: a board drawn as ASCII art with custom pieces"}
    # the set's own customize_piece_data (NonConvexPentacubes leaves out its I) is the set; a puzzle's changes it
    lineage = cls.__mro__[:[k.__name__ for k in cls.__mro__].index(root)]
    customize = "\n".join(method_source(cls, "customize_piece_data", sources)[:1]
                          if any("customize_piece_data" in vars(k) for k in lineage) else [])
    if re.search(r"piece_data\[[^]]+\] = ", customize):
        # a piece added or replaced (Sheldon's cubes: the Diabolical Cube's U as a P): the puzzle's own set as data,
        # where the class builds its matrix the regular way (no piece kept to some cells)
        if method_source(cls, "build_matrix", sources):
            return {**entry, "status": "not yet: a piece added to the set (customize_piece_data) and kept to some "
                                       "cells of the board (build_matrix)"}
        entry["pieces"] = own_set(cls, name, family, selection=True)
        if entry["pieces"] is None:
            return {**entry, "status": "not yet: a piece added to the set (customize_piece_data), or a piece "
                                       "replaced"}
    template = getattr(cls, "custom_class_template", None) or ""
    chosen = re.findall(r"%\((p\d+)\)r", template)
    if "components" in vars(cls) and "custom_pieces" in template and chosen:
        # a puzzle of a few pieces: components() makes a class per selection of len(chosen) pieces of the set,
        # each its custom_pieces (the two-pentacube chair): parity's choose
        entry["choose"] = len(chosen)
    elif re.search(r"del self\.piece_data|piece_data\.pop", customize):  # the puzzle's own selection of the set
        entry["pieces"] = own_set(cls, name, family, selection=True)
        if entry["pieces"] is None:
            return {**entry, "status": "not yet: a selection of the set's pieces made when Puzzler runs"}
    elif family.name != "ominoes" and entry["pieces"] not in OWN_SETS:
        differs, names = same_pieces(cls, entry["pieces"], family.lattice)
        if differs:  # the class's own pieces in place of its set's (the Diabolical Cube's six): as data
            entry["pieces"] = own_set(cls, name, family, selection=False)
            if entry["pieces"] is None:
                return {**entry, "status": f"not yet: {differs}"}
    matrix = "\n".join(method_source(cls, "build_matrix", sources))
    if re.search(r"translate\(\s*\(x, y\),\s*\(", matrix):  # a piece moved with a period: the board wraps
        # Puzzler's y (counted up) is parity's row, its x the column: (x, y) with the period (0, height) joins rows
        entry["wrap"] = "rows" if "self.height)" in matrix else "columns"
    puzzle = object.__new__(cls)  # the class's methods on an instance; nothing of Puzzler's __init__ runs
    try:
        cells = {to_parity(c) for c in puzzle.coordinates()}
    except Exception as error:  # (a board that needs more of Puzzler than its shapes)
        return {**entry, "status": f"not yet: the board's coordinates() needs more of Puzzler than its shapes "
                                   f"({type(error).__name__}: {error})"}
    parts = None
    if re.search(r"build_regular_matrix\(\s*pieces,\s*(self\.shapes\[i\]|shape)\)", matrix):
        # every piece of the set in one of Puzzler's shapes, never across two
        parts = [sorted(to_parity(c) for c in shape) for shape in puzzle.shapes]
    elif re.search(r"build_regular_matrix\(\s*\(?\s*polyhexes\.\w+\.piece_data", matrix):
        # the orders 1-4 in the inner ring, the pentahexes in the outer one (Polyhexes12345HexagonRing1)
        if (matrix.count("build_regular_matrix(") != 2 or "self.polyhex_1234_coords)" not in matrix
                or "Pentahexes.piece_data.keys()), self.pentahex_coords)" not in matrix):
            return {**entry, "status": "not yet: each order of pieces confined to its own part of the board"}
        from parity.puzzles.polyomino.sets import _piece_set

        names = _piece_set(entry["pieces"], None)[0]
        parts = [{"cells": sorted(to_parity(c) for c in puzzle.polyhex_1234_coords),
                  "pieces": sorted(n for n, shape in names.items() if len(shape) <= 4)},
                 {"cells": sorted(to_parity(c) for c in puzzle.pentahex_coords),
                  "pieces": sorted(n for n, shape in names.items() if len(shape) == 5)}]
    omitted = getattr(cls, "omitted_piece_coordinates", None)
    if omitted:  # cells where Puzzler parks the piece left out: not the board; any one piece may be left out
        shift = getattr(cls, "omitted_cover_offset", None)  # (a solid's parking place: flat cells moved there)
        if shift:
            omitted = [tuple(a + b for a, b in zip((*c, 0), shift)) for c in omitted]
        cells -= {to_parity(c) for c in omitted}
        entry["omit_one_of"] = "all"
    parked = getattr(cls, "minimal_cover_coordinates_at_origin", None)
    if parked:  # the same, where Puzzler parks the left-out hexiamond in a minimal cover of all twelve
        cover = {to_parity(c) for c in puzzle.coordinates_minimal_cover()}
        cells -= cover
        omitted = cover
        entry["omit_one_of"] = "all"
    if len(cells) != len(list(puzzle.coordinates())) - len(omitted or ()):
        return {**entry, "status": "not yet: coordinates() yields a cell twice"}
    if family.name == "cubes" and not omitted and not entry.get("choose"):
        owner = next((k for k in cls.__mro__ if k.__name__ in family.sets), cls)
        area = sum(len(piece) for piece in puzzler_pieces(cls, 3, owner).values())
        if area != len(cells):
            said = ("no packing can fill it" if area > len(cells) else
                    "Puzzler leaves the others empty; parity's packings cover the board")
            return {**entry, "status": f"not yet: Puzzler's class places {area} cubes on a board of {len(cells)} "
                                       f"({said})"}
    if parts:  # (the board as its cells, in the coordinates of its parts)
        entry["board"], entry["parts"] = [list(c) for c in sorted(cells)], [
            {**p, "cells": [list(c) for c in p["cells"]]} if isinstance(p, dict) else [list(c) for c in p]
            for p in parts]
    else:
        entry["board"] = board_art(cells, family.lattice)
    entry["cells"] = len(cells)
    allowed = aspects_allowed(cls, sources)
    if allowed:
        entry["puzzler_aspects"] = allowed
    if matrix:
        entry["puzzler_fixes_placements"] = True
    if re.search(r"build_regular_matrix\(\s*\[\w+(\[i\])?\],\s*self\.shapes\[i\]\)", matrix):
        entry["puzzler_parts"] = len(puzzle.shapes)  # the i-th of some pieces in the i-th of congruent parts
    if getattr(cls, "check_for_duplicates", False):
        entry["puzzler_checks_duplicates"] = True
    entry["up_to"] = "symmetry"
    entry["status"] = "ok"
    return entry


def _count(name: str, answer) -> None:
    import time

    import parity as pt
    from parity.puzzles.polyomino import FAMILY

    started = time.perf_counter()
    stats = pt.count_result(FAMILY.build(puzzle=name), up_to_symmetry=True).stats
    answer.put((stats["count_up_to_symmetry"], stats.get("count_up_to_rotation"), time.perf_counter() - started))


def time_counts(puzzles: dict, budget: float) -> None:
    """Count each puzzle with a published count up to the board's symmetries, one at a time in a process of its
    own, under ``budget`` seconds; record ``seconds`` and ``agrees`` (None past the budget) and mark ``slow`` those
    past :data:`FAST` seconds."""
    import multiprocessing

    for name, puzzle in puzzles.items():
        if puzzle["status"] != "ok" or puzzle["count"] is None:
            continue
        answer = multiprocessing.Queue()
        worker = multiprocessing.Process(target=_count, args=(name, answer))
        worker.start()
        worker.join(budget)
        if worker.is_alive():
            worker.terminate()
            worker.join()
            puzzle.update(seconds=None, agrees=None, slow=True)
            print(f"{name}: over {budget:g} s", flush=True)
            continue
        found, turned, seconds = answer.get()
        if found != puzzle["count"] and turned == puzzle["count"] and turned != found:
            # Puzzler counts a solution and its mirror image apart: its count is up to the board's rotations
            puzzle["up_to"], found = "rotation", turned
        puzzle.update(seconds=round(seconds, 2), agrees=found == puzzle["count"], slow=seconds > FAST)
        if found != puzzle["count"]:
            puzzle["found"] = found
        print(f"{name}: {found} ({puzzle['count']} published) in {seconds:.2f} s", flush=True)


#: a count that takes longer than this (seconds, one core) is a slow test
FAST = 4.0


def write_family(family: Family, repo: str, time_budget: float | None, again: bool = False) -> None:
    """Read the family's scripts and classes and write its file (``family.out``)."""
    names = sorted(Path(p).stem for p in git(repo, "ls-tree", "--name-only", "HEAD", f"bin/{family.name}/").split()
                   if p.endswith(".py"))
    modules = sorted({f"puzzler.puzzles.{m.stem}" for m in map(Path, git(repo, "ls-tree", "--name-only", "HEAD",
                                                                         "puzzler/puzzles/").split())})
    sources = {m: ast.parse(python3(git(repo, "show", f"HEAD:{m.replace('.', '/')}.py"))) for m in modules
               if m.split(".")[-1].startswith(family.modules)}
    published = published_counts(repo, family.name)
    commit = git(repo, "rev-parse", "HEAD").strip()
    puzzles = {name: read_puzzle(name, repo, sources, published, family) for name in names}
    for name, note in DISAGREEMENTS.items():
        if name in puzzles:
            puzzles[name]["note"] = note
    if family.out.exists() and not again:  # the timings of the last run kept (for the same board and pieces)
        before = json.loads(family.out.read_text())["puzzles"]
        for name, puzzle in puzzles.items():
            if (puzzle.get("board"), puzzle.get("pieces")) == (before.get(name, {}).get("board"),
                                                               before.get(name, {}).get("pieces")):
                puzzle.update({k: v for k, v in before.get(name, {}).items() if k in ("seconds", "agrees", "slow",
                                                                                     "found", "up_to")})
    for name, note in UP_TO_ROTATION.items():  # (found by the catalogue sweep, past the timing pass's budget)
        if name in puzzles:
            puzzles[name].update(up_to="rotation", note=note)
    for name, (found, seconds) in FRONTIER_COUNTS.items():  # (counted apart, by the frontier count)
        if name in puzzles:
            puzzles[name].update(found=found, agrees=found == puzzles[name]["count"], seconds=seconds, slow=True,
                                 up_to="symmetry", engine="memo")
            if found == puzzles[name]["count"]:
                puzzles[name].setdefault("note", "counted by the frontier: parity count polyform --puzzle NAME "
                                                 "--engine memo --up-to-symmetry")
    for name, (found, seconds) in SPLIT_COUNTS.items():  # (counted apart, by the split count)
        if name in puzzles:
            puzzles[name].update(found=found, agrees=found == puzzles[name]["count"], seconds=seconds, slow=True)
            if found == puzzles[name]["count"]:
                puzzles[name].setdefault("note", "counted in pieces by parity sweep polyform-split --puzzle NAME; "
                                                 "its seconds are the pieces' seconds added up, on one worker")
    if time_budget is not None:  # those not yet counted (all of them, again)
        time_counts({k: v for k, v in puzzles.items() if again or "agrees" not in v}, time_budget)
    for puzzle in puzzles.values():
        parts = puzzle.get("puzzler_parts")
        if parts and puzzle.get("found") == puzzle["count"] * math.factorial(parts) and "note" not in puzzle:
            puzzle["note"] = (
                f"the board is {parts} congruent parts apart; Puzzler puts the i-th of {parts} of the pieces in the "
                f"i-th part, so it counts each packing once for the {math.factorial(parts)} orders of the parts: "
                f"parity's count up to the board's symmetries is {math.factorial(parts)} times its count")
    sets = json.loads(PIECES_FILE.read_text())["sets"] if PIECES_FILE.exists() else {}
    sets = {k: v for k, v in sets.items() if v["lattice"] != family.lattice}  # (this family's written again)
    sets.update({k: v for k, v in OWN_SETS.items() if v["lattice"] == family.lattice})
    PIECES_FILE.write_text(json.dumps({"source": f"Polyform Puzzler (D. Goodger), github.com/tiwo/puzzler at {commit}: "
                                                 "the piece_data of its classes", "sets": dict(sorted(sets.items()))},
                                      indent=1) + "\n")
    data = {"source": f"Polyform Puzzler (D. Goodger), github.com/tiwo/puzzler at {commit}, bin/{family.name}/",
            "puzzles": puzzles}
    family.out.write_text(json.dumps(data, indent=1) + "\n")
    ok = sum(p["status"] == "ok" for p in puzzles.values())
    print(f"{family.name}: {len(puzzles)} puzzles, {ok} built, {sum(p['count'] is not None for p in puzzles.values())}"
          f" published counts -> {family.out.relative_to(ROOT)}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", default=REPO, help="Polyform Puzzler's git directory")
    parser.add_argument("--family", choices=sorted(FAMILIES), action="append",
                        help="the families to write (repeatable; default: all)")
    parser.add_argument("--time", type=float, default=None, metavar="BUDGET",
                        help="count the published puzzles, each under BUDGET seconds (else keep the timings of "
                        "the file there is)")
    parser.add_argument("--again", action="store_true",
                        help="with --time, count every published puzzle again (else those not counted yet)")
    args = parser.parse_args(argv)
    sys.meta_path.insert(0, _Loader(args.repo))
    check_conversion(importlib.import_module("puzzler.coordsys"))
    for name in args.family or FAMILIES:
        write_family(FAMILIES[name], args.repo, args.time, args.again)


if __name__ == "__main__":
    main()
