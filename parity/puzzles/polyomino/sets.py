"""Piece sets by name (:data:`PIECE_SETS`), custom sets checked, and the named puzzles of the catalogue.

Examples
--------
>>> PIECE_SETS["hexiamonds"]
(6, False, 'triangle')
>>> sorted(_solid_set("soma"))
['A', 'B', 'L', 'P', 'T', 'V', 'Z']

Polyform Puzzler's sets of mixed orders and selections:

>>> PIECE_SETS["polyominoes-1234"]
((1, 2, 3, 4), False, 'square')
>>> pieces, one_sided, _ = _piece_set("polyominoes-1234", None)
>>> sorted(pieces), one_sided
(['I4', 'L4', 'O4', 'P1_1', 'P2_1', 'P3_1', 'P3_2', 'S4', 'T4'], False)
>>> len(_piece_set("cornucopia", None)[0]), len(_piece_set("hexominoes-plus", None)[0])
(17, 36)
>>> sorted(_solid_set("polycubes-1234"))
['A4', 'B4', 'D', 'I3', 'I4', 'L4', 'M', 'O4', 'P4', 'S4', 'T4', 'V3']
>>> [len(_solid_set(name)) for name in ("non-convex-pentacubes", "pentacubes-plus", "polycubes-12345")]
[28, 30, 41]
"""

from __future__ import annotations

from collections.abc import Mapping

from ...boards import check_cells, check_on_lattice, read_shape
from ...boards.lattices import CUBIC, SQUARE, Lattice, lattice_named
from ...errors import LimitError
from .names import CONVENTIONAL_NAMES, HEXACUBE_NAMES, SOLID_NAMES, piece_names
from .shapes import normalize, orientations, polyominoes

__all__ = ["PIECE_SETS", "PUZZLER_SETS", "OWN_SET_NAMES", "SELECTIONS", "SECOND_COPIES", "catalogue_entry", "catalogue",
           "CATALOGUE_FAMILIES"]

#: Named piece sets, each ``name: (order, one_sided, lattice)``; the solid sets are picked from the polycubes.
PIECE_SETS = {
    "monominoes": (1, False, "square"), "dominoes": (2, False, "square"), "trominoes": (3, False, "square"),
    "tetrominoes": (4, False, "square"), "pentominoes": (5, False, "square"), "hexominoes": (6, False, "square"),
    "one-sided-tetrominoes": (4, True, "square"), "one-sided-pentominoes": (5, True, "square"),
    "tetracubes": (4, True, "cubic"), "pentacubes": (5, True, "cubic"), "pentacubes-3x3x3": (5, True, "cubic"),
    "soma": (4, True, "cubic"),
    "solid-pentominoes": (5, True, "cubic"),
    # Polyform Puzzler's solid sets: the pentacubes less the I (the non-convex ones), with a second L3, the flat
    # hexominoes, and the polycubes of mixed orders (each piece once; mirror images are two pieces)
    "non-convex-pentacubes": (5, True, "cubic"), "pentacubes-plus": (5, True, "cubic"),
    "solid-hexominoes": (6, True, "cubic"), "solid-hexominoes-plus": (6, True, "cubic"),
    "polycubes-1234": ((1, 2, 3, 4), True, "cubic"), "polycubes-234": ((2, 3, 4), True, "cubic"),
    "polycubes-12345": ((1, 2, 3, 4, 5), True, "cubic"), "polycubes-2345": ((2, 3, 4, 5), True, "cubic"),
    "polycubes-12345p6": ((1, 2, 3, 4, 5, 6), True, "cubic"),
    "diamonds": (2, False, "triangle"), "triamonds": (3, False, "triangle"),
    "tetriamonds": (4, False, "triangle"), "pentiamonds": (5, False, "triangle"),
    "hexiamonds": (6, False, "triangle"), "heptiamonds": (7, False, "triangle"),
    "one-sided-hexiamonds": (6, True, "triangle"),
    "trihexes": (3, False, "hex"), "tetrahexes": (4, False, "hex"), "pentahexes": (5, False, "hex"),
    "one-sided-tetrahexes": (4, True, "hex"),
    "tristicks": (3, False, "sticks"), "tetrasticks": (4, False, "sticks"), "one-sided-tetrasticks": (4, True, "sticks"),
    "pentasticks": (5, False, "sticks"), "ditrigs": (2, False, "trigs"), "tritrigs": (3, False, "trigs"),
    "tetratwigs": (4, False, "twigs"), "pentatwigs": (5, False, "twigs"),
    # Polyform Puzzler's segment sets: one-sided sets and mixed orders
    "polysticks-123": ((1, 2, 3), False, "sticks"), "polysticks-1234": ((1, 2, 3, 4), False, "sticks"),
    "one-sided-polysticks-1234": ((1, 2, 3, 4), True, "sticks"),
    "one-sided-tritrigs": (3, True, "trigs"), "tetratrigs": (4, False, "trigs"),
    "polytrigs-12": ((1, 2), False, "trigs"), "polytrigs-23": ((2, 3), False, "trigs"),
    "one-sided-polytrigs-23": ((2, 3), True, "trigs"), "polytrigs-123": ((1, 2, 3), False, "trigs"),
    "one-sided-polytrigs-123": ((1, 2, 3), True, "trigs"), "polytrigs-1234": ((1, 2, 3, 4), False, "trigs"),
    "one-sided-tetratwigs": (4, True, "twigs"), "one-sided-pentatwigs": (5, True, "twigs"),
    "hexatwigs": (6, False, "twigs"), "one-sided-hexatwigs": (6, True, "twigs"),
    "polytwigs-12": ((1, 2), False, "twigs"), "polytwigs-123": ((1, 2, 3), False, "twigs"),
    "one-sided-polytwigs-123": ((1, 2, 3), True, "twigs"), "polytwigs-1234": ((1, 2, 3, 4), False, "twigs"),
    "one-sided-polytwigs-1234": ((1, 2, 3, 4), True, "twigs"), "polytwigs-45": ((4, 5), False, "twigs"),
    "one-sided-polytwigs-45": ((4, 5), True, "twigs"), "polytwigs-12345": ((1, 2, 3, 4, 5), False, "twigs"),
    "one-sided-polytwigs-12345": ((1, 2, 3, 4, 5), True, "twigs"),
    "polytwigs-123456": ((1, 2, 3, 4, 5, 6), False, "twigs"),
    "one-sided-polytwigs-123456": ((1, 2, 3, 4, 5, 6), True, "twigs"),
    # Polyform Puzzler's square-lattice sets: mixed orders (a tuple of orders; a piece's name carries its order
    # where the order's own names do not: I4, L4, ..), selections (SELECTIONS) and a piece twice (SECOND_COPIES)
    "one-sided-hexominoes": (6, True, "square"),
    "polyominoes-123": ((1, 2, 3), False, "square"), "polyominoes-1234": ((1, 2, 3, 4), False, "square"),
    "one-sided-polyominoes-1234": ((1, 2, 3, 4), True, "square"), "polyominoes-234": ((2, 3, 4), False, "square"),
    "one-sided-polyominoes-234": ((2, 3, 4), True, "square"),
    "polyominoes-12345": ((1, 2, 3, 4, 5), False, "square"),
    "one-sided-polyominoes-12345": ((1, 2, 3, 4, 5), True, "square"),
    "polyominoes-2345": ((2, 3, 4, 5), False, "square"), "polyominoes-45": ((4, 5), False, "square"),
    "polyominoes-123456": ((1, 2, 3, 4, 5, 6), False, "square"),
    "pentominoes-plus-monomino": ((1, 5), False, "square"),
    "pentominoes-plus-square-tetromino": ((4, 5), False, "square"),
    "cornucopia": (6, False, "square"), "hexominoes-plus": (6, False, "square"),
    # Polyform Puzzler's polyiamond and polyhex sets: one-sided sets and mixed orders
    "one-sided-heptiamonds": (7, True, "triangle"),
    "polyiamonds-12345": ((1, 2, 3, 4, 5), False, "triangle"),
    "one-sided-polyiamonds-12345": ((1, 2, 3, 4, 5), True, "triangle"),
    "polyiamonds-123456": ((1, 2, 3, 4, 5, 6), False, "triangle"),
    "one-sided-polyiamonds-123456": ((1, 2, 3, 4, 5, 6), True, "triangle"),
    "polyiamonds-1234567": ((1, 2, 3, 4, 5, 6, 7), False, "triangle"),
    "hexahexes": (6, False, "hex"), "one-sided-pentahexes": (5, True, "hex"),
    "polyhexes-34": ((3, 4), False, "hex"), "polyhexes-1234": ((1, 2, 3, 4), False, "hex"),
    "one-sided-polyhexes-1234": ((1, 2, 3, 4), True, "hex"), "polyhexes-12345": ((1, 2, 3, 4, 5), False, "hex"),
    "one-sided-polyhexes-12345": ((1, 2, 3, 4, 5), True, "hex"),
}


def _data_sets() -> dict[str, dict]:
    """Polyform Puzzler's piece sets that no rule of parity's makes (its custom sets, quasi-polyforms and the
    selections its puzzles make), as data: ``parity/data/puzzler_pieces.json``, written by
    ``experiments/puzzler_catalogue.py`` from Puzzler's definitions."""
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "data" / "puzzler_pieces.json"
    return json.loads(path.read_text())["sets"] if path.exists() else {}


#: Polyform Puzzler's piece sets given as data, each name -> {"lattice", "one_sided", "pieces" (name -> cells)}
PUZZLER_SETS = _data_sets()
#: the names of parity's own sets (those :data:`PIECE_SETS` holds beside Puzzler's sets given as data)
OWN_SET_NAMES = tuple(PIECE_SETS)
PIECE_SETS.update({name: (tuple(sorted({len(cells) for cells in data["pieces"].values()})), data["one_sided"],
                          data["lattice"]) for name, data in PUZZLER_SETS.items()})


def _asymmetric_without_square(name: str, cells) -> bool:
    """Coffin's Cornucopia: no symmetry at all (eight distinct orientations) and no 2 x 2 square."""
    inside = set(cells)
    square = any({(r + 1, c), (r, c + 1), (r + 1, c + 1)} <= inside for r, c in inside)
    return len(SQUARE.orientations(cells)) == 8 and not square


#: sets that keep some of the pieces of their orders: name -> keep(piece name, cells)
SELECTIONS = {
    "cornucopia": _asymmetric_without_square,  # the 17 hexominoes of Coffin's Cornucopia
    "pentominoes-plus-square-tetromino": lambda name, cells: len(cells) == 5 or name == "O4",
}

#: sets that hold a piece twice: name -> (the piece as ASCII art, the second copy's name); Kadon's Sextillions are
#: the hexominoes with a second short N (Polyform Puzzler's S16)
SECOND_COPIES = {"hexominoes-plus": ("###.\n.###", "S16")}


def _solid_set(name: str) -> dict[str, tuple]:
    """The solid piece sets: every tetracube (the flat ones by their tetromino letters, then A, B, P) or pentacube
    (Polyform Puzzler's names, :data:`~parity.puzzles.polyomino.names.PENTACUBE_NAMES`; ``pentacubes-3x3x3`` the 25 that fit in a 3 x 3 x 3 box);
    Soma (V, L, T, Z, A, B, P: the corner tricube and the six tetracubes that are neither straight nor square);
    the twelve pentominoes as flat solids."""
    if name == "solid-pentominoes":
        return {k: normalize((r, c, 0) for r, c in v) for k, v in piece_names(polyominoes(5), False).items()}
    if name == "pentacubes":  # named as Polyform Puzzler names them (see _name_table)
        return piece_names(polyominoes(5, lattice=CUBIC), True, CUBIC)
    if name == "pentacubes-3x3x3":  # the 25 that fit in a 3 x 3 x 3 box: all but I5, L5, N5 and Y5
        return {n: p for n, p in _solid_set("pentacubes").items()
                if all(max(c[i] for c in p) - min(c[i] for c in p) < 3 for i in range(3))}
    if name == "non-convex-pentacubes":  # all but the straight one, the only convex pentacube
        return {n: p for n, p in _solid_set("pentacubes").items() if n != "I5"}
    if name == "pentacubes-plus":  # Kadon's Super Deluxe Quintillions: a second L35, J35 (Polyform Puzzler's name)
        pentacubes = _solid_set("pentacubes")
        return {**pentacubes, "J35": pentacubes["L35"]}
    if name.startswith("solid-hexominoes"):  # the 35 hexominoes as flat solids (Kadon's Sextillions: a second N)
        flat, _, _ = _piece_set("hexominoes-plus" if name.endswith("-plus") else "hexominoes", None)
        return {k: normalize((r, c, 0) for r, c in v) for k, v in flat.items()}
    order = PIECE_SETS.get(name, (None,))[0]
    if isinstance(order, tuple):  # the polycubes of mixed orders, by Polyform Puzzler's names
        small = {1: lambda: {"M": ((0, 0, 0),)}, 2: lambda: {"D": ((0, 0, 0), (1, 0, 0))},
                 3: lambda: {"I3": ((0, 0, 0), (1, 0, 0), (2, 0, 0)), "V3": ((0, 0, 0), (1, 0, 0), (0, 1, 0))},
                 4: lambda: {f"{k}4": v for k, v in _solid_set("tetracubes").items()},
                 5: lambda: _solid_set("pentacubes"),
                 # (Polyform Puzzler's five hexacubes beside the orders 1 to 5: four not flat, and the 2 x 3 block)
                 6: lambda: {**{k: ((0, 0, 0), *v) for k, v in HEXACUBE_NAMES.items()},
                             "O06": tuple((x, y, 0) for x in range(2) for y in range(3))}}
        return {k: normalize(v) for n in order for k, v in small[n]().items()}  # (only the orders asked for)
    letters = {min(CUBIC.orientations(cells)): letter for letter, cells in SOLID_NAMES.items()}
    for letter, (art, _) in CONVENTIONAL_NAMES[("square", 4)].items():
        flat = [(r, c, 0) for r, c in read_shape(art, letter)]
        letters[min(CUBIC.orientations(flat))] = "Z" if name == "soma" and letter == "S" else letter
    pieces = polyominoes(4, dimension=3)
    if name == "soma":
        pieces = [normalize(SOLID_NAMES["V"])] + [p for p in pieces if letters[min(orientations(p))] not in "IO"]
    return {letters[min(orientations(p))]: p for p in pieces}


def _piece_set(name: str, one_sided: bool | None) -> tuple[dict[str, tuple], bool, Lattice]:
    order, sided, lattice_name = PIECE_SETS[name]
    lattice = lattice_named(lattice_name)
    if name in PUZZLER_SETS:  # (as Puzzler's class has them: a one-sided set holds each mirror image)
        return ({k: tuple(tuple(c) for c in v) for k, v in PUZZLER_SETS[name]["pieces"].items()}, sided, lattice)
    if lattice is CUBIC:
        return _solid_set(name), True, lattice  # solids turn but never reflect
    sided = sided if one_sided is None else bool(one_sided)
    if not isinstance(order, tuple):
        pieces = piece_names(polyominoes(order, one_sided=sided, lattice=lattice), sided, lattice)
    else:  # mixed orders: a name that does not end in its order's digit gets it (the tetrominoes' I4, L4, ..; a
        # mirror image's mark aside: the tetriamond I4's is I4')
        pieces = {}
        for n in order:
            named = piece_names(polyominoes(n, one_sided=sided, lattice=lattice), sided, lattice)
            pieces.update({(k if n == 5 or k.rstrip("'")[-1].isdigit() else f"{k}{n}"): v for k, v in named.items()})
    keep = SELECTIONS.get(name)
    if keep is not None:
        pieces = {k: v for k, v in pieces.items() if keep(k, v)}
    if name in SECOND_COPIES:
        art, copy = SECOND_COPIES[name]
        shape = min(lattice.orientations(read_shape(art, copy, lattice), sided))
        pieces[copy] = next(v for v in pieces.values() if min(lattice.orientations(v, sided)) == shape)
    return pieces, sided, lattice


def _coordinates(n: int) -> str:
    return f"{n} coordinate{'s' if n != 1 else ''}"


def _custom_pieces(pieces, lattice: Lattice | None) -> tuple[Lattice, dict[str, tuple]]:
    """(lattice, name -> normalised cells) of a custom piece set, every piece checked; LimitError names the piece.

    Without ``lattice`` two coordinates mean the square lattice and three the
    cubic one.
    """
    if not isinstance(pieces, Mapping):
        try:  # a sequence of (name, cells) pairs, as dict() takes them
            pieces = dict(pieces)
        except (TypeError, ValueError):
            raise LimitError(f"pieces: expected a named set ({', '.join(OWN_SET_NAMES)}, ...) or a mapping name -> cells, "
                             f"got {pieces!r}") from None
    shapes = {str(name): check_cells(cells, f"pieces: piece {str(name)!r}") for name, cells in pieces.items()}
    if not shapes or not all(shapes.values()):
        raise LimitError("a custom piece set needs at least one piece, each of at least one cell")
    first, cells = next(iter(shapes.items()))
    dimension = len(cells[0]) if lattice is None else lattice.dimension
    for name, cells in shapes.items():
        for cell in cells:
            if len(cell) != dimension:
                whose = f"the cells of piece {first!r}" if lattice is None else f"the {lattice.name} lattice's cells"
                raise LimitError(f"pieces: piece {name!r} has a cell of {_coordinates(len(cell))} where {whose} "
                                 f"have {dimension}")
    if lattice is None:
        if dimension not in (2, 3):
            raise LimitError(f"pieces: cells of {_coordinates(dimension)}; the square and hexagon lattices take 2, "
                             "the cubic and triangle lattices 3")
        lattice = SQUARE if dimension == 2 else CUBIC
    for name, cells in shapes.items():
        check_on_lattice(cells, lattice, f"pieces: piece {name!r}")
    return lattice, {name: lattice.normalize(cells) for name, cells in shapes.items()}


def catalogue_entry(name: str) -> dict:
    """The named puzzle ``name`` of the catalogue (:data:`parity.data.catalogue.PUZZLES`, then Polyform Puzzler's
    :data:`~parity.data.catalogue.PUZZLER`: the puzzles of its seven families), or LimitError naming
    the puzzles there are (or why one of Puzzler's is not yet built).

    Examples
    --------
    >>> catalogue_entry("pentominoes-6x10")["count"]
    2339
    >>> catalogue_entry("pentominoes-cross-1")["source"]
    "Polyform Puzzler's docs/pentominoes.txt:193"
    >>> catalogue_entry("hexiamonds-4x10-long-hex")["pieces"]
    'hexiamonds'
    """
    from ...data.catalogue import PUZZLER, PUZZLER_NOT_YET, PUZZLES

    if isinstance(name, str) and name in PUZZLES:
        return PUZZLES[name]
    if isinstance(name, str) and name in PUZZLER:
        return PUZZLER[name]
    if isinstance(name, str) and name in PUZZLER_NOT_YET:
        raise LimitError(f"{name}: Polyform Puzzler's puzzle is not yet built in parity: {PUZZLER_NOT_YET[name]}")
    import difflib

    near = difflib.get_close_matches(str(name), list(dict.fromkeys([*PUZZLES, *PUZZLER])), n=3)  # (each name once)
    if near:  # the nearest names alone: 'parity catalogue' lists them all
        raise LimitError(f"unknown puzzle {name!r}; did you mean {' or '.join(near)}? ('parity catalogue' lists "
                         "the puzzles)")
    raise LimitError(f"unknown puzzle {name!r}; the catalogue has: {', '.join(PUZZLES)}, and Polyform Puzzler's "
                     f"{len(PUZZLER)} puzzles of its seven families (parity.data.catalogue.PUZZLER)"
                     + (f"; did you mean {' or '.join(near)}?" if near else ""))


#: the lattices' pieces as Polyform Puzzler groups its puzzles (``parity catalogue --family``)
CATALOGUE_FAMILIES = {"square": "ominoes", "triangle": "iamonds", "hex": "hexes", "cubic": "cubes",
                      "sticks": "sticks", "trigs": "trigs", "twigs": "twigs"}


def catalogue(family: str | None = None) -> list[dict]:
    """Every named puzzle of the catalogue, one row each (``parity catalogue``): its name, its family (as Polyform
    Puzzler groups them: ominoes, iamonds, hexes, cubes, sticks, trigs, twigs), piece set, board, the symmetries its
    count is up to, the published count (None where none is) and where it is published; a puzzle not yet built
    says why (``built`` False, ``reason``).  A built puzzle that parity's catalogue sweeps counted also has
    ``counted``, parity's count under the same convention (:func:`parity.data.catalogue.sweep_counts`; None where
    no sweep counted it within its budget), ``solved`` (True: a packing found and verified; False: the engine
    proved there is none; None: neither within the sweep's budget, whose seconds are then ``searched``, and
    ``nodes`` the size of the search as Knuth's estimate gives it, where it does).

    Examples
    --------
    >>> rows = catalogue("cubes")
    >>> [(row["name"], row["published"]) for row in rows][:2]
    [('soma-3x3x3', 240), ('tetracubes-2x2x8', 224)]
    >>> catalogue("ominos")
    Traceback (most recent call last):
    ...
    parity.errors.LimitError: unknown family 'ominos'; the catalogue's families: ominoes, iamonds, hexes, cubes, sticks, trigs, twigs
    """
    from ...data.catalogue import (PUZZLER, PUZZLER_FAMILY_OF, PUZZLER_NOT_YET, PUZZLER_NOT_YET_PUBLISHED, PUZZLES,
                                   sweep_counts)

    families = list(CATALOGUE_FAMILIES.values())
    if family is not None and family not in families:
        raise LimitError(f"unknown family {family!r}; the catalogue's families: {', '.join(families)}")
    rows = []
    for name, entry in [*PUZZLES.items(), *((k, v) for k, v in PUZZLER.items() if k not in PUZZLES)]:
        kind = CATALOGUE_FAMILIES[PIECE_SETS[entry["pieces"]][2]]
        board = entry.get("board_label", entry["board"])
        swept = sweep_counts().get(name, {})
        guess = swept.get("estimate") or {}
        rows.append({"name": name, "family": kind, "built": True, "pieces": entry["pieces"],
                     "omit_one_of": entry.get("omit_one_of"), "choose": entry.get("choose"), "board": board,
                     "up_to": entry["up_to"], "published": entry["count"], "source": entry["source"],
                     "counted": swept.get("count"), "solved": swept.get("solved"),
                     "searched": swept.get("budget") if swept and swept.get("solved") is None else None,
                     "nodes": guess.get("nodes")})
    rows += [{"name": name, "family": PUZZLER_FAMILY_OF[name], "built": False, "reason": reason,
              "published": PUZZLER_NOT_YET_PUBLISHED[name][0], "source": PUZZLER_NOT_YET_PUBLISHED[name][1]}
             for name, reason in PUZZLER_NOT_YET.items()]
    return [row for row in rows if family is None or row["family"] == family]
