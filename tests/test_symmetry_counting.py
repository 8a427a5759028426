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


# -- boards one cell wide or one cell in all: each symmetry's orbits by brute force --------------------------------
def _rectangle_maps(rows, cols):
    """The rectangle's symmetries written out as maps of its cells (r, c), and which of them are rotations.

    A one-row strip's half turn reverses it and its mirror in the long axis moves nothing; the repeats that
    this gives do not change the orbits."""
    maps = [(lambda r, c: (r, c), True), (lambda r, c: (rows - 1 - r, cols - 1 - c), True),
            (lambda r, c: (rows - 1 - r, c), False), (lambda r, c: (r, cols - 1 - c), False)]
    if rows == cols:
        maps += [(lambda r, c: (c, rows - 1 - r), True), (lambda r, c: (cols - 1 - c, r), True),
                 (lambda r, c: (c, r), False), (lambda r, c: (cols - 1 - c, rows - 1 - r), False)]
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    return [({cell: f(*cell) for cell in cells}, rotation) for f, rotation in maps]


def _orbit_count(solutions, maps, recolourings=((),)):
    """Orbits of the listed solutions (cell -> value) under the maps (cell -> cell) and value renamings (a tuple
    h renames value v to h[v]; the empty tuple renames nothing): the distinct least images."""
    least = set()
    for solution in solutions:
        cells = sorted(solution)
        images = []
        for f in maps:
            moved = {f[cell]: value for cell, value in solution.items()}
            for h in recolourings:
                images.append(tuple(h[moved[cell]] if h else moved[cell] for cell in cells))
        least.add(min(images))
    return len(least)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4), st.sampled_from(["lightsout", 2, 3]), st.booleans(), st.data())
def test_small_rectangles_up_to_symmetry_agree_with_brute_force_orbits(rows, cols, family, variant, data):
    # Lights Out over GF(2) or GF(3) from a random start (the symmetries kept are those that keep the start), or
    # proper 2- and 3-colourings (with or without renaming the colours): every solution listed by the plain engine,
    # the rectangle's own symmetries applied, the orbits counted, against --up-to-symmetry (one-row strips and the
    # single cell included)
    from itertools import permutations

    maps = _rectangle_maps(rows, cols)
    recolourings = ((),)
    if family == "lightsout":
        start = {(r, c): data.draw(st.integers(0, 1)) for r in range(rows) for c in range(cols)}
        puzzle = pt.LightsOut(f"grid:{rows}x{cols}", field=3 if variant else 2, start=start)
        maps = [(f, rotation) for f, rotation in maps if all(start[f[cell]] == start[cell] for cell in start)]
        counted = pt.count_up_to_symmetry(puzzle)
    else:
        puzzle = pt.Coloring(f"grid:{rows}x{cols}", colors=family)
        if variant:
            recolourings = tuple(permutations(range(family)))
        counted = pt.count_up_to_symmetry(puzzle, recolour=variant)
    solutions = list(pt.solutions(puzzle))
    assert counted["count_up_to_symmetry"] == _orbit_count(solutions, [f for f, _ in maps], recolourings)
    assert counted["count_up_to_rotation"] == _orbit_count(solutions, [f for f, r in maps if r], recolourings)


def _graphml(tmp_path, name, nodes):
    import networkx as nx

    G = nx.Graph()
    G.add_nodes_from(range(nodes))
    path = tmp_path / f"{name}.graphml"
    nx.write_graphml(G, path)
    return str(path)


@pytest.mark.parametrize("board", ["grid:1x1", "grid:1x4", "grid:5x1", "tri:1", "hex:1", "cylinder:1x3", "cylinder:3x1",
                                   "torus:1x5", "torus:5x1", "grid3d:1x1x3", "one-node", "three-apart"])
def test_degenerate_boards_up_to_symmetry_agree_with_their_automorphisms_by_brute_force(board, tmp_path):
    # the group computed here apart from the library: networkx's isomorphisms of the board onto itself; every
    # symmetry of a board whose nodes lie on one line (or on one point) is the identity or a half turn, so up to
    # rotation is up to symmetry wherever the board has an orientation
    from networkx.algorithms.isomorphism import GraphMatcher

    board = {"one-node": _graphml(tmp_path, "one", 1), "three-apart": _graphml(tmp_path, "apart", 3)}.get(board, board)
    G = pt.board(board)
    maps = list(GraphMatcher(G, G).isomorphisms_iter())
    for puzzle in (pt.LightsOut(G), pt.Coloring(G, colors=2), pt.Coloring(G, colors=3)):
        counted = pt.count_up_to_symmetry(puzzle)
        assert counted["symmetries"] == len(maps)
        assert counted["count_up_to_symmetry"] == _orbit_count(list(pt.solutions(puzzle)), maps)
        assert counted.get("count_up_to_rotation", counted["count_up_to_symmetry"]) == counted["count_up_to_symmetry"]


def test_a_strip_has_an_orientation_only_where_its_symmetries_move_the_picture_rigidly():
    from parity.symmetry import automorphisms, orientation

    for board, expected in [("grid:1x4", [True, True]), ("grid:1x1", [True]), ("hex:1", [True]), ("torus:1x5", None)]:
        G = pt.board(board)
        kept = orientation(G, *automorphisms(G))
        assert (kept is None and expected is None) or kept.tolist() == expected


@pytest.mark.parametrize("args", [("lightsout", "--board", "grid:1x4"), ("lightsout", "--board", "grid:1x1"),
                                  ("coloring", "--board", "grid:1x4", "--colors", "3"),
                                  ("coloring", "--board", "grid:5x1", "--colors", "3", "--recolour")])
def test_the_command_line_counts_a_strip_up_to_symmetry(args):
    import json
    from itertools import permutations

    from parity.testing import run_cli

    run = run_cli("count", *args, "--up-to-symmetry", "--json")
    assert run.code == 0, run.err
    answer = json.loads(run.out)
    family, board = args[0], args[2]
    rows, cols = map(int, board.split(":")[1].split("x"))
    puzzle = pt.LightsOut(board) if family == "lightsout" else pt.Coloring(board, colors=3)
    recolourings = tuple(permutations(range(3))) if "--recolour" in args else ((),)
    expected = _orbit_count(list(pt.solutions(puzzle)), [f for f, _ in _rectangle_maps(rows, cols)], recolourings)
    assert answer["count_up_to_symmetry"] == answer["count_up_to_rotation"] == expected


def test_a_board_whose_only_symmetry_is_the_identity_says_so():
    from parity.testing import run_cli

    run = run_cli("count", "lightsout", "--board", "grid:1x1", "--up-to-symmetry")
    assert run.code == 0 and run.out.splitlines()[1].strip().startswith("1 up to its only symmetry, the identity")
