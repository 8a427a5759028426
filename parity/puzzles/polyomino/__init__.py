"""Polyform packing: place each piece of a set once so that the pieces tile a board exactly (exact cover).

Pieces are generated, not typed: :func:`polyominoes` grows every free (or
one-sided) polyform of an order cell by cell on a lattice and keeps one per
class under the lattice's symmetries (rotations and reflections; rotations
only for one-sided pieces and for solids).  Four lattices
(:mod:`parity.boards.lattices`): squares (polyominoes), cubes (polycubes),
triangles (polyiamonds) and hexagons (polyhexes).

Named sets (:data:`PIECE_SETS`): ``monominoes`` .. ``hexominoes``,
``one-sided-tetrominoes``, ``one-sided-pentominoes``; ``tetracubes``,
``pentacubes``, ``soma``, ``solid-pentominoes``; ``diamonds`` (the lozenge), ``triamonds``, ``tetriamonds`` ..
``heptiamonds``, ``one-sided-hexiamonds``; ``trihexes``, ``tetrahexes``,
``pentahexes``, ``one-sided-tetrahexes``.  Pieces carry their conventional
names where there are some (:data:`PENTOMINO_NAMES`,
:data:`CONVENTIONAL_NAMES`: F I L N P T U V W X Y Z, Polyform Puzzler's
letters for the polyiamonds of orders 4 to 7, trihexes and tetrahexes; Soma's
V L T Z A B P), else numbers.
Boards are regions of the pieces' lattice (:data:`parity.boards.REGION_FORMS`, one table with every board kind):
``rect:WxH``, ``box:AxBxC``, ``tri-parallelogram:WxH``, ``tri-hexagon:WxH``
(``H`` rows, ``W`` triangle edges across the widest row; ``tri-hexagon:S`` the
regular hexagon of side ``S``), ``hex-parallelogram:WxH``, ``hex-hexagon:S``,
``hex-coin``, or a file of ASCII art (``#`` a cell, ``.`` a hole; see
:func:`parity.boards.read_shape`).

The exact cover has one primary item per piece and per cell and one option
per placement (a piece in one orientation at one position).  On a plane
board the ``scan`` engine solves it by default, filling the cells in
scan-line order (:meth:`Polyomino.fill_order`); in a box the ``dlx`` engine
(the only one of the two that takes boxes); ``dlx`` takes plane boards too,
and the CNF route (``sat``, ``cms``, ``ganak``) reads the same problem.

The package, a module an idea: :mod:`~parity.puzzles.polyomino.shapes`
(pieces normalised, turned and grown), :mod:`~parity.puzzles.polyomino.names`
(what pieces are called), :mod:`~parity.puzzles.polyomino.sets` (piece sets
and catalogued puzzles by name), :mod:`~parity.puzzles.polyomino.puzzle` (the
:class:`Polyomino` puzzle), which calls on
:mod:`~parity.puzzles.polyomino.placements`,
:mod:`~parity.puzzles.polyomino.symmetries`,
:mod:`~parity.puzzles.polyomino.orbits` (packings up to symmetry) and
:mod:`~parity.puzzles.polyomino.pictures`;
:mod:`~parity.puzzles.polyomino.puzzler` writes and reads Polyform Puzzler's
solution files, and :mod:`~parity.puzzles.polyomino.family` is the family's
entry in the registry.  Every public name is here too.

Examples
--------
>>> [len(polyominoes(n)) for n in range(1, 7)], len(polyominoes(5, one_sided=True))
([1, 1, 2, 5, 12, 35], 18)
>>> import parity as pt
>>> pt.count(Polyomino("pentominoes", "rect:10x6"))
9356
>>> pt.count_result(Polyomino("tetrahexes", "hex-coin"), up_to_symmetry=True).stats["count_up_to_symmetry"]
4
"""

from __future__ import annotations

from .family import FAMILY, random_packing
from .names import CONVENTIONAL_NAMES, PENTACUBE_NAMES, PENTOMINO_NAMES, SEGMENT_NAMES, SOLID_NAMES, piece_names
from .puzzle import Polyomino
from .sets import CATALOGUE_FAMILIES, PIECE_SETS, catalogue, catalogue_entry
from .shapes import normalize, orientations, polyominoes

__all__ = ["Polyomino", "random_packing", "polyominoes", "piece_names", "normalize", "orientations", "PIECE_SETS",
           "PENTOMINO_NAMES", "CONVENTIONAL_NAMES", "SEGMENT_NAMES", "SOLID_NAMES", "PENTACUBE_NAMES", "FAMILY",
           "catalogue_entry", "catalogue", "CATALOGUE_FAMILIES"]
