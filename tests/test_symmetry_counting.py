"""Counting up to symmetry without listing: Burnside's lemma over quotient problems, against listing, brute force
and the published count of lozenge tilings of a hexagon up to symmetry."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parity as pt
from parity.cover import CoverProblem
from parity.errors import EncodingError
from parity.puzzles.polyomino import random_packing

COLOURINGS = [("grid:3x3", 3, {}), ("grid:2x4", 4, {}), ("cube", 3, {}), ("petersen", 3, {}), ("grid:3x3", 3, {(1, 1): 0}),
              ("torus:3x4", 3, {}), ("octahedron", 4, {}), ("grid:4x4", 2, {})]


@pytest.mark.parametrize("board, colors, clues", COLOURINGS)
def test_colourings_up_to_symmetry_by_quotient_graphs_agree_with_listing(board, colors, clues):
    puzzle = pt.Coloring(board, colors=colors, clues=clues)
    counted = pt.count_up_to_symmetry(puzzle, method="burnside")
    listed = pt.count_up_to_symmetry(puzzle, method="listing")
    assert counted["symmetry_method"] in ("burnside-counting", "burnside-rank")
    assert listed["symmetry_method"] == "burnside-enumeration"
    assert {k: v for k, v in counted.items() if not k.startswith("symmetry_")} == \
        {k: v for k, v in listed.items() if not k.startswith("symmetry_")}


def test_faces_and_edges_are_coloured_up_to_symmetry_by_quotients_too():
    for puzzle in (pt.Coloring("cube", 3, element="faces"), pt.Coloring("tetrahedron", 3, element="edges")):
        counted = pt.count_up_to_symmetry(puzzle)
        assert counted["symmetry_method"] == "burnside-counting"
        assert counted["count_up_to_symmetry"] == pt.count_up_to_symmetry(puzzle, method="listing")["count_up_to_symmetry"]


@settings(max_examples=25)
@given(st.integers(0, 2**32 - 1))
def test_packings_up_to_symmetry_by_quotient_covers_agree_with_listing(seed):
    puzzle = random_packing(random.Random(seed))
    if puzzle.copies == "any":  # tilings are checked against brute force below
        return
    counted = pt.count_up_to_symmetry(puzzle, method="burnside")
    listed = pt.count_up_to_symmetry(puzzle, method="listing")
    assert counted["count_up_to_symmetry"] == listed["count_up_to_symmetry"]
    assert counted.get("count_up_to_rotation") == listed.get("count_up_to_rotation")


def _tiling_orbits(puzzle):
    """Tilings up to symmetry by brute force: every tiling listed, each turned into a set of cell sets and
    mapped by every symmetry; the orbits are the distinct least images."""
    sym = puzzle.symmetries()
    cells = list(sym.items)
    where = {c: i for i, c in enumerate(cells)}
    orbits, turned = set(), set()
    for tiling in pt.solutions(puzzle):
        blocks = [frozenset(where[tuple(c)] for c in piece) for piece in tiling.values()]
        images = [frozenset(frozenset(int(g[i]) for i in block) for block in blocks) for g in sym.perms]
        key = lambda t: sorted(sorted(b) for b in t)  # noqa: E731
        orbits.add(str(min(key(t) for t in images)))
        turned.add(str(min(key(t) for t, r in zip(images, sym.rotations) if r)))
    return len(orbits), len(turned)


DIHEX = {"D": [(0, 0), (1, 0)]}
DICUBE = {"D": [(0, 0, 0), (1, 0, 0)]}


@pytest.mark.parametrize("pieces, board, lattice", [
    ("dominoes", "rect:4x4", None), ("dominoes", "rect:3x4", None), ("trominoes", "rect:3x6", None),
    ("tetrominoes", "rect:4x4", None), ("one-sided-tetrominoes", "rect:4x4", None),
    ("diamonds", "tri-hexagon:2", None), (DIHEX, "hex-parallelogram:3x2", "hex"), (DICUBE, "box:2x2x3", "cubic"),
])
def test_tilings_up_to_symmetry_agree_with_brute_force(pieces, board, lattice):
    puzzle = pt.Polyomino(pieces, board, copies="any", **({"lattice": lattice} if lattice else {}))
    counted = pt.count_up_to_symmetry(puzzle)
    assert counted["symmetry_method"] == "burnside-counting"
    assert (counted["count_up_to_symmetry"], counted["count_up_to_rotation"]) == _tiling_orbits(puzzle)


def test_lozenge_tilings_of_a_hexagon_up_to_symmetry_are_the_published_ones():
    # OEIS A066931: tilings of a hexagon of side n by unit lozenges (the diamond, two triangles), up to the
    # hexagon's 12 symmetries: 1, 6, 113, 20174 for n = 1..4; the tilings themselves are MacMahon's A008793
    published = [1, 6, 113, 20174]
    for n, expected in enumerate(published, start=1):
        result = pt.count_result(pt.Polyomino("diamonds", f"tri-hexagon:{n}", copies="any"), up_to_symmetry=True)
        assert result.stats["count_up_to_symmetry"] == expected
        assert result.count == [2, 20, 980, 232848][n - 1]


def test_the_command_line_counts_tilings_up_to_symmetry():
    from parity.testing import run_cli

    run = run_cli("count", "polyomino", "--pieces", "dominoes", "--copies", "any", "--board", "rect:6x6",
                  "--up-to-symmetry", "--json")
    assert run.code == 0, run.err
    import json

    answer = json.loads(run.out)
    assert answer["count"] == 6728 and answer["symmetry_method"] == "burnside-counting"
    assert answer["count_up_to_symmetry"] == _tiling_orbits(pt.Polyomino("dominoes", "rect:6x6", copies="any"))[0]


def test_a_quotient_refuses_a_map_that_is_no_symmetry():
    square = CoverProblem([[0, 1], [2, 3], [0, 2], [1, 3]])
    with pytest.raises(EncodingError, match="not its image"):
        square.quotient({0: 1, 1: 0}, [0, 1, 2, 3])  # a swap of two cells that the options do not follow
    with pytest.raises(EncodingError, match="same item"):
        square.quotient({0: 1, 1: 1}, [0, 1, 2, 3])
    with pytest.raises(EncodingError, match="moves 2 options"):
        square.quotient({}, [0, 1])
    coloured = CoverProblem([["a", ("s", "red")]], secondary=["s"])
    with pytest.raises(EncodingError, match="coloured"):
        coloured.quotient({}, [0])


# -- which symmetries make two solutions the same ----------------------------------------------------------------
def test_conventions_give_the_counts_each_table_uses():
    # Polyform Puzzler counts a symmetry only where it maps every piece to itself: the tetracubes' mirror pair A, B
    # leaves the rotations (1390 in 2 x 4 x 4, against 695 up to all 16 symmetries); the solid pentominoes, each
    # its own mirror image in space, keep all 8 symmetries of the 2 x 3 x 10 box (the seed's 12)
    tetracubes = pt.Polyomino("tetracubes", "box:2x4x4")
    assert pt.count_up_to_symmetry(tetracubes)["count_up_to_symmetry"] == 695
    fixed = pt.count_up_to_symmetry(tetracubes, symmetry="fixed-pieces")
    assert (fixed["count_up_to_symmetry"], fixed["symmetries"], fixed["symmetry"]) == (1390, 8, "fixed-pieces")
    assert pt.count_up_to_symmetry(tetracubes, symmetry="rotations")["count_up_to_symmetry"] == 1390
    solids = pt.Polyomino("solid-pentominoes", "box:2x3x10")
    assert pt.count_up_to_symmetry(solids, symmetry="fixed-pieces")["count_up_to_symmetry"] == 12
    lights = pt.count_up_to_symmetry(pt.LightsOut("grid:4x4"), symmetry="rotations")
    assert (lights["count_up_to_symmetry"], lights["symmetries"]) == (6, 4)


def test_a_convention_is_counted_alike_by_quotients_and_by_listing():
    puzzle = pt.Polyomino("tetracubes", "box:2x2x8")
    for kind in ("rotations", "fixed-pieces"):
        counted = pt.count_up_to_symmetry(puzzle, method="burnside", symmetry=kind)
        listed = pt.count_up_to_symmetry(puzzle, method="listing", symmetry=kind)
        assert counted["symmetry_method"] == "burnside-counting" and listed["symmetry_method"] == "burnside-enumeration"
        assert counted["count_up_to_symmetry"] == listed["count_up_to_symmetry"]
    assert pt.count_up_to_symmetry(puzzle, symmetry="rotations")["count_up_to_symmetry"] == 224  # the seed's


def test_a_convention_that_does_not_apply_is_one_clear_error():
    from parity.errors import LimitError
    from parity.testing import run_cli

    with pytest.raises(LimitError, match="symmetry must be one of all, rotations, fixed-pieces"):
        pt.count_up_to_symmetry(pt.LightsOut("grid:3x3"), symmetry="mirrors")
    with pytest.raises(LimitError, match="no orientation"):
        pt.count_up_to_symmetry(pt.Coloring("petersen", colors=3), symmetry="rotations")
    with pytest.raises(LimitError, match="does not go with recolouring"):
        pt.count_up_to_symmetry(pt.Coloring("cube", 3, element="faces"), recolour=True, symmetry="fixed-pieces")
    run = run_cli("count", "polyomino", "--pieces", "tetracubes", "--board", "box:2x4x4", "--symmetry",
                  "fixed-pieces", "--json")
    assert run.code == 0, run.err
    import json

    answer = json.loads(run.out)
    assert (answer["count_up_to_symmetry"], answer["symmetry"]) == (1390, "fixed-pieces")
    run = run_cli("count", "coloring", "--board", "petersen", "--colors", "3", "--symmetry", "rotations")
    assert run.code == 2 and run.err.count("\n") == 1 and "no orientation" in run.err


@pytest.mark.parametrize("value", ["mirrors", "", "ALL", "1" * 300])
def test_the_command_line_refuses_a_symmetry_it_does_not_know_in_one_line(value):
    from parity.testing import run_cli

    run = run_cli("count", "lightsout", "--board", "grid:3x3", "--symmetry", value)
    assert run.code == 2 and run.err.count("\n") == 1 and "--symmetry" in run.err
