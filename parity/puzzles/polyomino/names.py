"""The names of pieces: the conventional ones, matched to the generated shapes, and numbers for the rest.

Examples
--------
>>> from parity.puzzles.polyomino.shapes import polyominoes
>>> sorted(piece_names(polyominoes(4), one_sided=False))
['I', 'L', 'O', 'S', 'T']
"""

from __future__ import annotations

from ...boards import read_shape
from ...boards.lattices import CUBIC, SQUARE, Lattice

__all__ = ["piece_names", "PENTOMINO_NAMES", "CONVENTIONAL_NAMES", "SEGMENT_NAMES", "SOLID_NAMES",
           "PENTACUBE_NAMES", "HEXACUBE_NAMES"]

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


#: Conventional names of other small polyforms, each piece drawn as ASCII art in its lattice's coordinates (see
#: :func:`~parity.boards.read_shape`): the usual letters for the tetrominoes (``L`` and ``S`` as in Tetris, their mirror images
#: ``J`` and ``Z``), and for polyiamonds and polyhexes the letters of Polyform Puzzler, which carry the order.
#: Polyiamonds of orders 4 to 7 (``I4 C4 T4``, ``I5 C5 L5 P5``, the twelve hexiamonds, ``A7`` .. ``Z7``).
#: Hexiamonds: ``I6`` bar, ``P6`` sphinx, ``J6`` crook, ``E6`` crown, ``V6`` lobster, ``H6`` signpost, ``S6``
#: snake, ``X6`` butterfly, ``C6`` chevron, ``G6`` hook, ``F6`` yacht, ``O6`` hexagon.  Tetrahexes: ``I4`` bar,
#: ``O4`` bee, ``Y4`` propeller, ``P4`` pistol, ``U4`` arch, ``J4`` (one bend) and ``S4`` (a zigzag).  Each entry is
#: ``name: (art, name of the mirror image or None)``; a mirror image without a name of its own is ``name'``.
CONVENTIONAL_NAMES = {
    ("square", 4): {"I": ("####", None), "O": ("##\n##", None), "T": ("###\n.#", None),
                    "S": (".##\n##", "Z"), "L": ("#\n#\n##", "J")},
    ("triangle", 4): {"I4": ("####", None), "C4": ("###\n...#", None), "T4": ("#\n###", None)},
    ("triangle", 5): {"I5": ("#####", None), "C5": ("###\n.#.#", None), "L5": ("..#\n####", None),
                      "P5": ("#\n####", None)},
    ("triangle", 6): {"I6": ("######", None), "P6": ("..#\n#####", None), "J6": ("#####\n.#", None),
                      "E6": ("#####\n...#", None), "V6": ("##\n####", None), "H6": ("####\n...##", None),
                      "S6": ("..#\n####\n.#", None), "X6": ("#\n####\n...#", None), "C6": ("..##\n####", None),
                      "G6": (".##\n####", None), "F6": ("#.#\n####", None), "O6": ("###\n.###", None)},
    ("triangle", 7): {"I7": ("#######", None), "P7": ("#\n######", None), "E7": ("..#\n######", None),
                      "L7": ("....#\n######", None), "H7": ("..##\n#####", None), "G7": (".##\n#####", None),
                      "M7": ("#.#\n#####", None), "T7": ("#\n#####\n.#", None), "X7": ("#\n#####\n...#", None),
                      "Q7": ("#\n#####\n.....#", None), "R7": ("#####\n##", None), "J7": ("#####\n.##", None),
                      "F7": ("#####\n.#.#", None), "C7": ("#####\n.#...#", None), "Y7": ("#####\n..##", None),
                      "Z7": ("####\n...###", None), "B7": ("##\n####\n...#", None), "A7": ("####\n.#.##", None),
                      "W7": ("..#\n####\n...##", None), "D7": ("#\n###\n.###", None), "U7": ("#.##\n####", None),
                      "V7": ("#\n.##\n####", None), "N7": ("..##\n####\n.#", None), "S7": (".##\n####\n.#", None)},
    ("hex", 3): {"I3": ("###", None), "V3": (".#\n##", None), "A3": ("#\n##", None)},
    ("hex", 4): {"I4": ("####", None), "J4": ("..#\n###", None), "P4": (".#\n###", None),
                 "S4": (".##\n##", None), "U4": ("#.#\n.##", None), "Y4": (".#\n##\n..#", None),
                 "O4": ("##\n##", None)},
}

#: Polyform Puzzler's names of the pieces of segments, each piece as its segments in Polyform Puzzler's ``(x, y,
#: z)`` coordinates (z: the segment's direction, see :mod:`parity.boards.lattices`); in one-sided sets the mirror
#: image of a piece takes its name in lower case, as in Polyform Puzzler's solution files.
SEGMENT_NAMES = {
    ("sticks", 3): {"I3": ((0, 0, 0), (1, 0, 0), (2, 0, 0)), "L3": ((0, 0, 0), (1, 0, 0), (2, 0, 1)),
                    "T3": ((0, 0, 0), (1, 0, 0), (1, 0, 1)), "Z3": ((0, 1, 0), (1, 0, 1), (1, 0, 0)),
                    "U3": ((0, 0, 1), (0, 0, 0), (1, 0, 1))},
    ("sticks", 4): {
        "I": ((0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0)), "L": ((0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 1)),
        "Y": ((0, 0, 0), (1, 0, 0), (2, 0, 0), (2, 0, 1)), "V": ((0, 0, 0), (1, 0, 0), (2, 0, 1), (2, 1, 1)),
        "T": ((0, 0, 0), (1, 0, 0), (1, 0, 1), (1, 1, 1)), "X": ((0, 1, 0), (1, 1, 0), (1, 0, 1), (1, 1, 1)),
        "U": ((0, 0, 0), (1, 0, 0), (0, 0, 1), (2, 0, 1)), "N": ((0, 0, 0), (1, 0, 0), (2, 0, 1), (2, 1, 0)),
        "J": ((0, 0, 0), (1, 0, 0), (2, 0, 1), (1, 1, 0)), "H": ((0, 0, 0), (1, 0, 0), (1, 0, 1), (1, 1, 0)),
        "F": ((0, 0, 0), (1, 0, 0), (0, 0, 1), (1, 0, 1)), "Z": ((0, 0, 1), (0, 1, 0), (1, 1, 0), (2, 1, 1)),
        "R": ((0, 0, 1), (0, 1, 0), (1, 1, 0), (1, 1, 1)), "W": ((0, 0, 0), (1, 0, 1), (1, 1, 0), (2, 1, 1)),
        "P": ((0, 0, 1), (0, 1, 0), (1, 0, 1), (1, 0, 0)), "O": ((0, 0, 0), (1, 0, 1), (0, 1, 0), (0, 0, 1)),
    },
    ("trigs", 2): {"I2": ((0, 0, 0), (1, 0, 0)), "L2": ((0, 0, 0), (1, 0, 1)), "V2": ((0, 0, 0), (1, 0, 2))},
    ("trigs", 3): {"I3": ((0, 0, 0), (1, 0, 0), (2, 0, 0)), "L3": ((0, 0, 0), (1, 0, 0), (2, 0, 1)),
                   "J3": ((0, 0, 0), (1, 0, 0), (2, 0, 2)), "T3": ((0, 0, 0), (1, 0, 0), (1, 0, 1)),
                   "S3": ((0, 0, 0), (1, 0, 1), (1, 1, 0)), "C3": ((0, 0, 0), (1, 0, 1), (1, 1, 2)),
                   "U3": ((0, 0, 0), (1, 0, 1), (0, 1, 0)), "P3": ((0, 0, 0), (1, 0, 1), (2, 0, 2)),
                   "E3": ((0, 0, 0), (1, 0, 1), (1, 0, 2)), "Y3": ((0, 1, 0), (1, 1, 1), (2, 0, 2)),
                   "Z3": ((0, 0, 0), (1, 0, 2), (0, 1, 0)), "O3": ((0, 0, 0), (1, 0, 2), (0, 0, 1))},
    ("twigs", 3): {"Y3": ((0, 0, 0), (0, 0, 1), (0, 0, 2)), "S3": ((0, 1, 0), (1, 0, 0), (1, 0, 1)),
                   "C3": ((0, 0, 0), (0, 0, 1), (0, 1, 2))},
    ("twigs", 4): {
        "Y4": ((0, 1, 0), (1, 0, 0), (1, 0, 1), (1, 0, 2)), "W4": ((0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1)),
        "P4": ((0, 1, 0), (0, 1, 1), (1, 0, 1), (1, 0, 2)), "C4": ((0, 0, 0), (0, 0, 1), (0, 1, 2), (1, 0, 2)),
    },
    ("twigs", 5): {"C5": ((0, 0, 0), (0, 0, 1), (0, 1, 2), (1, 0, 1), (1, 0, 2)),
                   "H5": ((0, 1, 0), (0, 1, 1), (0, 1, 2), (0, 2, 2), (1, 0, 1)),
                   "I5": ((0, 2, 0), (0, 2, 1), (1, 1, 0), (1, 1, 1), (2, 0, 1)),
                   "L5": ((0, 1, 0), (0, 1, 1), (0, 1, 2), (1, 0, 0), (1, 0, 1)),
                   "P5": ((0, 0, 1), (0, 1, 0), (0, 1, 2), (1, 0, 0), (1, 0, 1)),
                   "R5": ((0, 1, 0), (0, 1, 1), (0, 1, 2), (1, 0, 1), (1, 0, 2)),
                   "S5": ((0, 1, 0), (0, 1, 2), (1, 0, 0), (1, 0, 1), (2, 0, 2)),
                   "T5": ((0, 2, 0), (1, 1, 0), (1, 1, 1), (1, 1, 2), (2, 0, 1)),
                   "U5": ((0, 1, 0), (1, 1, 0), (1, 1, 2), (2, 0, 0), (2, 0, 1)),
                   "W5": ((0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (2, 0, 2)),
                   "X5": ((0, 1, 0), (0, 1, 1), (0, 1, 2), (1, 0, 1), (1, 1, 2)),
                   "Y5": ((0, 0, 1), (0, 1, 0), (0, 1, 1), (0, 1, 2), (1, 0, 1))},
}


#: The corner tricube ``V`` and the three tetracubes that are not flat, each a corner of three cubes (arms along x
#: and y) with a fourth cube on top, over the corner for ``P`` (the branch), over the x arm for ``A`` and over the
#: y arm for ``B`` (the two screws, mirror images of each other).  With the flat ``L``, ``T`` and ``Z`` they are
#: Soma's pieces.
SOLID_NAMES = {"V": ((0, 0, 0), (1, 0, 0), (0, 1, 0)), "P": ((0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)),
               "A": ((0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 0, 1)), "B": ((0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 1, 1))}

#: Polyform Puzzler's names of the seventeen pentacubes that are not flat (Kadon's "Superquints" names; the twelve
#: flat ones are the pentominoes' letters with a 5: ``F5`` .. ``Z5``), each as its cubes; mirror pairs are two
#: pieces (``L15`` and ``J15``), as solids turn but never reflect.
PENTACUBE_NAMES = {
    "L15": ((-1, 0, 0), (1, 0, 0), (1, 1, 0), (-1, 0, 1)), "L25": ((-1, 0, 0), (1, 0, 0), (1, 1, 0), (0, 0, 1)),
    "L35": ((-1, 0, 0), (1, 0, 0), (1, 1, 0), (1, 0, 1)), "L45": ((-1, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1)),
    "J15": ((-1, 0, 0), (1, 0, 0), (1, 1, 0), (-1, 0, -1)), "J25": ((-1, 0, 0), (1, 0, 0), (1, 1, 0), (0, 0, -1)),
    "J45": ((-1, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, -1)), "N15": ((-1, 0, 0), (0, 1, 0), (1, 1, 0), (-1, 0, -1)),
    "N25": ((-1, 0, 0), (0, 1, 0), (1, 1, 0), (0, 0, -1)), "S15": ((-1, 0, 0), (0, 1, 0), (1, 1, 0), (-1, 0, 1)),
    "S25": ((-1, 0, 0), (0, 1, 0), (1, 1, 0), (0, 0, 1)), "T15": ((-1, -1, 0), (-1, 0, 0), (-1, 1, 0), (-1, 0, 1)),
    "T25": ((-1, -1, 0), (-1, 0, 0), (-1, 1, 0), (0, 0, 1)), "V15": ((-1, 0, 0), (0, 1, 0), (-1, 0, 1), (-1, -1, 1)),
    "V25": ((-1, 0, 0), (0, 1, 0), (0, 1, 1), (1, 1, 1)), "Q5": ((1, 0, 0), (0, 1, 0), (1, 1, 0), (0, 0, 1)),
    "A5": ((1, 0, 0), (1, 1, 0), (0, 0, 1), (1, 1, 1)),
}

#: Polyform Puzzler's names of the four hexacubes that are not flat in its set of the polycubes of orders 1 to 5 and
#: five hexacubes (the fifth is the flat 2 x 3 block, ``O06``), each as its cubes but the origin's, as above
HEXACUBE_NAMES = {
    "Ba6": ((0, 1, 0), (1, 1, 0), (1, 1, 1), (1, 0, 1), (0, 0, 1)),
    "Nt6": ((1, 2, 0), (1, 1, 0), (0, 1, 0), (1, 1, 1), (0, 1, -1)),
    "Qe6": ((0, 1, 0), (1, 1, 0), (1, 0, 0), (1, 0, 1), (0, 1, -1)),
    "Tp6": ((-1, 1, 0), (0, 1, 0), (1, 1, 0), (0, 0, 1), (0, 0, -1)),
}


def _name_table(lattice: Lattice, order: int) -> dict[tuple, tuple[str, str | None, tuple]]:
    """``least orientation: (name, mirror name, the one-sided class that carries the plain name)``."""
    if lattice is SQUARE and order == 5:
        return {least: (name, None, least) for least, name in PENTOMINO_NAMES.items()}
    table = {}
    for name, (art, mirror) in CONVENTIONAL_NAMES.get((lattice.name, order), {}).items():
        cells = read_shape(art, name, lattice)
        table[min(lattice.orientations(cells))] = (name, mirror, min(lattice.orientations(cells, one_sided=True)))
    if lattice is CUBIC and order == 5:  # Polyform Puzzler's pentacubes: the solid ones, then the flat ones
        shapes = {n: [(0, 0, 0), *cells] for n, cells in PENTACUBE_NAMES.items()}
        shapes.update({f"{letter}5": [(r, c, 0) for r, c in flat] for flat, letter in PENTOMINO_NAMES.items()})
        for name, cells in shapes.items():
            least = min(lattice.orientations(cells))
            table[least] = (name, None, least)
    for name, cells in SEGMENT_NAMES.get((lattice.name, order), {}).items():
        cells = lattice.normalize(cells)
        table[min(lattice.orientations(cells))] = (name, name.lower(), min(lattice.orientations(cells, one_sided=True)))
    return table


def piece_names(shapes: list, one_sided: bool, lattice: Lattice = SQUARE) -> dict[str, tuple]:
    """Names for generated pieces: the conventional ones where there are (:data:`PENTOMINO_NAMES`,
    :data:`CONVENTIONAL_NAMES`, :data:`SEGMENT_NAMES`, :data:`PENTACUBE_NAMES`), else ``P6_3``-style (``C`` for polycubes, ``T`` for polyiamonds, ``H`` for
    polyhexes, ``S``, ``G``, ``W`` for polysticks, polytrigs, polytwigs); in a one-sided
    set a trailing ``'`` marks the mirror image of a piece whose mirror has no name of its own."""
    table = _name_table(lattice, len(shapes[0]))
    prefix = {"square": "P", "cubic": "C", "triangle": "T", "hex": "H", "sticks": "S", "trigs": "G",
              "twigs": "W"}[lattice.name]
    names = {}
    for k, s in enumerate(shapes):
        entry = table.get(min(lattice.orientations(s))) if table else None  # (no names to look up past order 7)
        if entry is None:
            name = f"{prefix}{len(s)}_{k + 1}"
        else:
            plain, mirror, plain_class = entry
            flipped = one_sided and min(lattice.orientations(s, one_sided=True)) != plain_class
            name = (mirror or f"{plain}'") if flipped else plain
        while name in names:
            name += "'"
        names[name] = s
    return names
