"""Named polyform puzzles: a board, a piece set, and the published number of solutions where there is one.

Each entry of :data:`PUZZLES` is ``name: {...}`` with

* ``pieces``: a named piece set (:data:`parity.puzzles.polyomino.sets.PIECE_SETS`),
  which carries the convention (free or one-sided; solids turn but never
  reflect);
* ``board``: a board spec of the polyomino family;
* ``count``: the published number of solutions up to the board's symmetries
  (``up_to``: ``"symmetry"``, every symmetry of the board, reflections
  included; ``"rotation"``: rotations only), or None where none is
  published;
* ``omit_one_of``: the pieces of which exactly one is left out (Polyform
  Puzzler's puzzles with a piece omitted), where the set does not fit whole;
* ``source``: where the count is published; ``complete``: False where the
  source marks its count incomplete;
* ``slow``: True where counting takes more than a few seconds on two cores.

``parity count polyform --puzzle NAME`` builds the puzzle; ``parity
reproduce`` counts every entry whose count is published and compares.

Polyform Puzzler's puzzles of its seven families, every one by the name of its
script (``bin/FAMILY/NAME.py``: ominoes, iamonds, hexes, cubes, sticks, trigs,
twigs), are :data:`PUZZLER_OMINOES`, :data:`PUZZLER_IAMONDS`,
:data:`PUZZLER_HEXES`, :data:`PUZZLER_CUBES`, :data:`PUZZLER_STICKS`,
:data:`PUZZLER_TRIGS` and :data:`PUZZLER_TWIGS` (all of them :data:`PUZZLER`),
read from ``puzzler_FAMILY.json`` (written by
``experiments/puzzler_catalogue.py`` from Puzzler's definitions): entries of
the same form, the board a ``rect:WxH`` or ``box:WxHxD`` or the cells (or
segments) themselves (``board_label`` names them), ``source`` the line of
Puzzler's docs (or the script) that publishes the count.  Those not yet built are
:data:`PUZZLER_NOT_YET`, each with its reason.

Examples
--------
>>> PUZZLER_OMINOES["pentominoes-8x8"]["count"], PUZZLER_OMINOES["pentominoes-8x8"]["source"]
(65, "Polyform Puzzler's docs/pentominoes.txt:103")
>>> PUZZLER_NOT_YET["pentacubes-corner-crystal"]
'a piece added to the set (customize_piece_data) and kept to some cells of the board (build_matrix)'
>>> PUZZLER["pentominoes-3x20-loop"]["wrap"], len(PUZZLER["polytrigs-23-three-congruent-1-combined-1"]["parts"])
('columns', 3)
>>> PUZZLER["hexiamonds-4x10-long-hex"]["count"], PUZZLER_FAMILY_OF["tetrahexes-coin"]
(856, 'hexes')
"""

import json
from pathlib import Path

#: where the counts come from
FAQ = "Polyform Puzzler FAQ (D. Goodger), seed 003"
PP_POLYSTICKS = "Polyform Puzzler, 'Polysticks: Puzzles & Solutions' (D. Goodger)"
HASELGROVE = "C. B. Haselgrove and J. Haselgrove, 'A computer program for pentominoes', Eureka 23 (1960)"

#: the named puzzles, name -> entry (see the module's notes)
PUZZLES = {
    "pentominoes-3x20": {"pieces": "pentominoes", "board": "rect:20x3", "count": 2, "up_to": "symmetry",
                         "source": FAQ},
    "pentominoes-4x15": {"pieces": "pentominoes", "board": "rect:15x4", "count": 368, "up_to": "symmetry",
                         "source": HASELGROVE},
    "pentominoes-5x12": {"pieces": "pentominoes", "board": "rect:12x5", "count": 1010, "up_to": "symmetry",
                         "source": HASELGROVE},
    "pentominoes-6x10": {"pieces": "pentominoes", "board": "rect:10x6", "count": 2339, "up_to": "symmetry",
                         "source": FAQ},
    "one-sided-pentominoes-3x30": {"pieces": "one-sided-pentominoes", "board": "rect:30x3", "count": 46,
                                   "up_to": "symmetry", "source": FAQ},
    "hexiamonds-4x10-elongated-hexagon": {"pieces": "hexiamonds", "board": "tri-hexagon:10x4", "count": 856,
                                          "up_to": "symmetry", "source": FAQ},
    "tetrahexes-coin": {"pieces": "tetrahexes", "board": "hex-coin", "count": 4, "up_to": "symmetry",
                        "source": FAQ},
    "soma-3x3x3": {"pieces": "soma", "board": "box:3x3x3", "count": 240, "up_to": "symmetry", "source": FAQ},
    "tetracubes-2x2x8": {"pieces": "tetracubes", "board": "box:2x2x8", "count": 224, "up_to": "rotation",
                         "source": FAQ},
    "solid-pentominoes-3x4x5": {"pieces": "solid-pentominoes", "board": "box:3x4x5", "count": 3940,
                                "up_to": "symmetry", "source": FAQ, "slow": True},
    # Polyform Puzzler's set of the 25 pentacubes that fit in a 3 x 3 x 3 box (all but I5, L5, N5, Y5) fills the
    # 5 x 5 x 5 cube; no count is published (one packing takes about a second)
    "pentacubes-3x3x3-5x5x5": {"pieces": "pentacubes-3x3x3", "board": "box:5x5x5", "count": None,
                               "up_to": "rotation", "source": None},
    # the 16 tetrasticks have 34 segments one way and 30 the other; the 6 x 6 grid of points holds 30 and 30, so one
    # of the five lopsided pieces (two more segments one way than the other) is left out
    "tetrasticks-6x6": {"pieces": "tetrasticks", "board": "sticks-rect:5x5", "omit_one_of": "H,J,L,N,Y",
                        "count": 1795, "up_to": "symmetry", "source": PP_POLYSTICKS, "slow": True},
}


#: Polyform Puzzler's puzzles as parity's data (written by experiments/puzzler_catalogue.py), a file per family
PUZZLER_FILES = {family: Path(__file__).with_name(f"puzzler_{family}.json") for family in ("ominoes", "iamonds",
                                                                                          "hexes", "cubes", "sticks",
                                                                                          "trigs", "twigs")}
#: the polyomino puzzles' file
PUZZLER_FILE = PUZZLER_FILES["ominoes"]
#: the lattice of each family's pieces and boards
_LATTICES = {"ominoes": "square", "iamonds": "triangle", "hexes": "hex", "cubes": "cubic", "sticks": "sticks",
             "trigs": "trigs", "twigs": "twigs"}


#: each family's file as read, family -> name -> record (read once: the entries and the published counts of the
#: puzzles not yet built both come from it)
_RECORDS = {family: json.loads(path.read_text())["puzzles"] for family, path in PUZZLER_FILES.items()}


def _part(part):
    """A part of a board as the file holds it (its cells, or its cells and the pieces it takes), cells as tuples."""
    if isinstance(part, dict):
        return {"cells": [tuple(cell) for cell in part["cells"]], "pieces": part["pieces"]}
    return [tuple(cell) for cell in part]


def _puzzler_entries(family: str) -> tuple[dict, dict]:
    """(name -> entry, name -> reason not yet built) from the family's file (:data:`PUZZLER_FILES`): each board's
    ASCII art read as cells, on the square lattice ``#`` on line ``r``, column ``c`` the cell ``(r, c)`` (a full
    rectangle as ``rect:WxH``), on the triangle and hexagon lattices in their skewed coordinates (as
    :func:`parity.boards.read_shape` reads them; a board cut in parts as its cells); ``omit_one_of`` ``all``: any
    one piece of the set; ``wrap``, ``parts`` and ``choose`` as :class:`~parity.puzzles.polyomino.Polyomino` takes
    them."""
    built, not_yet = {}, {}
    for name, puzzle in _RECORDS[family].items():
        if puzzle["status"] != "ok":
            not_yet[name] = puzzle["status"].removeprefix("not yet: ")
            continue
        art = puzzle["board"]
        if family in ("sticks", "trigs", "twigs") or isinstance(art[0][0], int):  # segments, a board cut in parts:
            # the cells themselves
            cells = board = [tuple(cell) for cell in art]
            whole = False
        elif family == "cubes":  # layers, the lowest first, each with its highest row on top
            whole = all(set(row) == {"#"} for layer in art for row in layer)
            bottom = len(art[0]) - 1
            cells = [(c, bottom - r, z) for z, layer in enumerate(art) for r, row in enumerate(layer)
                     for c, mark in enumerate(row) if mark == "#"]
            board = f"box:{len(art[0][0])}x{len(art[0])}x{len(art)}" if whole else cells
        else:
            whole = family == "ominoes" and all(set(row) == {"#"} for row in art)
            marks = [(r, c) for r, row in enumerate(art) for c, mark in enumerate(row) if mark == "#"]
            bottom = len(art) - 1  # (the skewed lattices' art: the bottom line is y = 0)
            cells = {"square": marks, "hex": [(c, bottom - r) for r, c in marks],
                     "triangle": [(c // 2, bottom - r, c % 2) for r, c in marks]}[_LATTICES[family]]
            board = f"rect:{len(art[0])}x{len(art)}" if whole else cells
        built[name] = {"pieces": puzzle["pieces"], "board": board, "board_label": board if whole else f"{name} board",
                       "count": puzzle["count"], "up_to": puzzle["up_to"],
                       "source": puzzle["source"] and f"Polyform Puzzler's {puzzle['source']}",
                       **({"omit_one_of": puzzle["omit_one_of"]} if puzzle.get("omit_one_of") else {}),
                       **({"wrap": puzzle["wrap"]} if puzzle.get("wrap") else {}),
                       **({"parts": [_part(part) for part in puzzle["parts"]]} if puzzle.get("parts") else {}),
                       **({"choose": puzzle["choose"]} if puzzle.get("choose") else {}),
                       **({"slow": True} if puzzle.get("slow") else {})}
    return built, not_yet


#: Polyform Puzzler's puzzles by family (ominoes, iamonds, hexes, cubes, sticks, trigs, twigs): family -> (name ->
#: entry, as :data:`PUZZLES`'s; name -> the reason it is not yet built)
PUZZLER_BY_FAMILY = {family: _puzzler_entries(family) for family in PUZZLER_FILES}
#: Polyform Puzzler's polyomino puzzles that parity builds, name -> entry
PUZZLER_OMINOES = PUZZLER_BY_FAMILY["ominoes"][0]
#: Polyform Puzzler's polyiamond puzzles that parity builds, name -> entry
PUZZLER_IAMONDS = PUZZLER_BY_FAMILY["iamonds"][0]
#: Polyform Puzzler's polyhex puzzles that parity builds, name -> entry
PUZZLER_HEXES = PUZZLER_BY_FAMILY["hexes"][0]
#: Polyform Puzzler's polycube puzzles that parity builds, name -> entry
PUZZLER_CUBES = PUZZLER_BY_FAMILY["cubes"][0]
#: Polyform Puzzler's polystick, polytrig and polytwig puzzles that parity builds, name -> entry
PUZZLER_STICKS, PUZZLER_TRIGS, PUZZLER_TWIGS = (PUZZLER_BY_FAMILY[f][0] for f in ("sticks", "trigs", "twigs"))
#: all of them, name -> entry
PUZZLER = {name: entry for built, _ in PUZZLER_BY_FAMILY.values() for name, entry in built.items()}
#: those not yet built, of every family, name -> the reason
PUZZLER_NOT_YET = {name: reason for _, not_yet in PUZZLER_BY_FAMILY.values() for name, reason in not_yet.items()}
#: the published count of each puzzle not yet built, and where it is published: name -> (count or None, source)
PUZZLER_NOT_YET_PUBLISHED = {
    name: (puzzle["count"], puzzle["source"] and f"Polyform Puzzler's {puzzle['source']}")
    for records in _RECORDS.values() for name, puzzle in records.items() if name in PUZZLER_NOT_YET}
#: the family of each of Polyform Puzzler's names, built or not
PUZZLER_FAMILY_OF = {name: family for family, (built, not_yet) in PUZZLER_BY_FAMILY.items()
                     for name in [*built, *not_yet]}

#: parity's own counts of the catalogue's puzzles, from its catalogue sweeps (written by
#: experiments/catalogue_counts.py from the sweeps' stores)
COUNTS_FILE = Path(__file__).with_name("puzzler_counts.json")
_COUNTS: dict = {}


def sweep_counts() -> dict:
    """What parity's catalogue sweeps found for each named puzzle they reached, name -> record: ``count`` (up to
    the entry's ``up_to``; None past the budget, with Knuth's ``estimate`` instead), ``count_all``, ``engine``,
    ``seconds`` (the task's whole time on the machine :func:`sweep_machine` names), ``budget``, ``solved`` (True:
    a packing found and verified; False: none exists; None: not found within the budget).  Read once.

    Examples
    --------
    >>> record = sweep_counts()["pentominoes-3x20"]
    >>> record["count"], record["count_all"], record["solved"]
    (2, 8, True)
    """
    if not _COUNTS:
        _COUNTS.update(json.loads(COUNTS_FILE.read_text()) if COUNTS_FILE.exists() else {"puzzles": {}})
    return _COUNTS["puzzles"]


def sweep_machine() -> str | None:
    """The machine the counts of :func:`sweep_counts` were timed on."""
    sweep_counts()
    return _COUNTS.get("machine")
