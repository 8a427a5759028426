"""Polyominoes: generated pieces against the published tables, counts against the seed, engines against each other."""

import json
import re

import pytest
from hypothesis import given, settings

import parity as pt
from parity.check import crosscheck
from parity.strategies import instances
from parity.errors import InvalidSolution, LimitError
from parity.puzzles import Polyomino
from parity.puzzles.polyomino import polyominoes


def test_piece_counts_from_the_seed():
    # free polyominoes 1, 1, 2, 5, 12, 35, 108; one-sided tetrominoes 7, pentominoes 18 (OEIS A000105, A000988)
    assert [len(polyominoes(n)) for n in range(1, 8)] == [1, 1, 2, 5, 12, 35, 108]
    assert [len(polyominoes(n, one_sided=True)) for n in range(1, 7)] == [1, 1, 2, 7, 18, 60]
    assert sorted(Polyomino("pentominoes").pieces) == sorted("FILNPTUVWXYZ")


def test_3x20_pentominoes_two_up_to_symmetry():
    puzzle = Polyomino("pentominoes", "rect:20x3")
    result = pt.count_result(puzzle, up_to_symmetry=True)
    assert (result.count, result.stats["count_up_to_symmetry"]) == (8, 2)
    assert pt.count(puzzle, engine="sat") == 8


L3 = [(0, 0), (1, 0), (1, 1)]


@pytest.mark.parametrize("pieces, board, expected", [
    ("trominoes", "rect:3x2", 0),  # the straight tromino fills a row, the L cannot fill the other
    ("dominoes", "rect:2x1", 1),
    ("tetrominoes", "rect:5x4", 0),  # the classic parity argument: the T covers 3 of one colour
    ({"a": L3, "b": L3}, "rect:3x2", 4),  # two L-trominoes tile 2 x 3 in two ways, and the pieces swap
])
def test_small_packings_every_engine(pieces, board, expected):
    puzzle = Polyomino(pieces, board)
    for engine in ("scan", "dlx", "sat", "cms", "ganak"):
        assert pt.count(puzzle, engine=engine) == expected, engine


def test_6x10_pentominoes_the_seeds_count():
    result = pt.count_result(Polyomino("pentominoes", "rect:10x6"), up_to_symmetry=True)
    assert (result.count, result.stats["count_up_to_symmetry"]) == (9356, 2339)


def test_ascii_boards_and_verification(tmp_path):
    board = tmp_path / "ring.txt"
    board.write_text("###\n#.#\n###\n")  # 8 cells: no pair of tetrominoes? dominoes fill it
    puzzle = Polyomino({"a": [(0, 0), (0, 1)], "b": [(0, 0), (0, 1)], "c": [(0, 0), (0, 1)], "d": [(0, 0), (0, 1)]},
                       str(board))
    assert pt.count(puzzle) == pt.count(puzzle, engine="sat") == 2 * 24  # two domino tilings of the ring, 4! labellings
    solution = pt.solve(puzzle).solution
    broken = dict(solution)
    broken["a"] = ((5, 5), (5, 6))
    with pytest.raises(InvalidSolution):
        puzzle.verify(broken)


def test_errors():
    with pytest.raises(LimitError, match="cover 60 cells and the board has 50"):
        Polyomino("pentominoes", "rect:10x5")
    with pytest.raises(LimitError, match="unknown piece set"):
        Polyomino("heptaminoes")
    run = pt.testing.run_cli("count", "polyomino", "--board", "rect:0x3")
    assert run.code == 2 and "rect:WxH" in run.err


import parity.testing  # noqa: E402


def test_polycube_counts_and_sets():
    from parity.puzzles.polyomino.sets import _solid_set

    # polycubes up to rotation: 1, 1, 2, 8, 29 (OEIS A000162); Soma: 7 pieces, 27 cells
    assert [len(polyominoes(n, dimension=3)) for n in range(1, 6)] == [1, 1, 2, 8, 29]
    soma = _solid_set("soma")
    assert len(soma) == 7 and sum(len(p) for p in soma.values()) == 27
    assert len(_solid_set("solid-pentominoes")) == 12


def test_a_small_box_every_engine():
    # two L-tricubes (a chiral-free piece) fill a 1 x 2 x 3 box; the count by brute force of placements below
    L3 = [(0, 0, 0), (0, 1, 0), (0, 1, 1)]
    puzzle = Polyomino({"a": L3, "b": L3}, "box:1x2x3")
    counts = {engine: pt.count(puzzle, engine=engine) for engine in ("dlx", "sat", "cms")}  # boxes: no scan
    cells = {(0, y, z) for y in range(2) for z in range(3)}
    from parity.puzzles.polyomino import orientations

    fits = set()
    for o in orientations(L3):
        for dy in range(2):
            for dz in range(3):
                placed = frozenset((x, y + dy, z + dz) for x, y, z in o)
                if placed <= cells:
                    fits.add(placed)
    brute = sum(1 for a in fits for b in fits if not a & b)  # ordered pairs: piece a, then piece b
    assert set(counts.values()) == {brute} and brute > 0


def test_soma_and_tetracubes_the_seeds_counts():
    soma = pt.count_result(Polyomino("soma", "box:3x3x3"), up_to_symmetry=True)
    assert (soma.count, soma.stats["count_up_to_symmetry"]) == (11520, 240)  # mirror images identified
    tetra = pt.count_result(Polyomino("tetracubes", "box:2x2x8"), up_to_symmetry=True)
    assert tetra.stats["count_up_to_rotation"] == 224  # the seed counts this one up to rotations of the box


@pytest.mark.slow
def test_solid_pentominoes_the_seeds_count():
    from parity.api import count_up_to_symmetry

    assert count_up_to_symmetry(Polyomino("solid-pentominoes", "box:3x4x5"))["count_up_to_symmetry"] == 3940


@pytest.mark.parametrize("pieces, board", [("pentominoes", "rect:20x3"), ("pentominoes", "rect:15x4"),
                                           ("one-sided-tetrominoes", "rect:7x4"), ("tetrominoes", "rect:10x2"),
                                           ({"a": [(0, 0), (0, 1)], "b": [(0, 0), (0, 1)]}, "rect:2x2")])
def test_pruned_orbit_counts_equal_burnside_over_every_solution(pieces, board):
    from parity.api import count_up_to_symmetry

    puzzle = Polyomino(pieces, board) if not isinstance(pieces, dict) else Polyomino(pieces, board)
    pruned = count_up_to_symmetry(puzzle)
    counted = count_up_to_symmetry(puzzle, method="burnside")  # each symmetry's fixed packings: a quotient counted
    full = count_up_to_symmetry(puzzle, method="listing")
    assert counted["symmetry_method"] == "burnside-counting" and full["symmetry_method"] == "burnside-enumeration"
    assert (pruned["count_up_to_symmetry"], pruned["count_up_to_rotation"]) == \
        (full["count_up_to_symmetry"], full["count_up_to_rotation"]) == \
        (counted["count_up_to_symmetry"], counted["count_up_to_rotation"])
    # the same pruned search counts every solution too, and agrees with a count of the whole problem by dlx
    assert pruned["count"] == pt.count(puzzle, engine="dlx")
    result = pt.count_result(puzzle, up_to_symmetry=True)
    assert result.count == pruned["count"] and result.stats["count_method"] == "orbits"


def test_one_sided_pentominoes_3x30_the_seeds_46():
    from parity.api import count_up_to_symmetry

    assert count_up_to_symmetry(Polyomino("one-sided-pentominoes", "rect:30x3"))["count_up_to_symmetry"] == 46


def test_polyiamonds_and_polyhexes_against_the_published_tables():
    # free polyiamonds A000577, one-sided A006534; free polyhexes A000228, one-sided A006535
    assert [len(polyominoes(n, lattice="triangle")) for n in range(1, 9)] == [1, 1, 1, 3, 4, 12, 24, 66]
    assert [len(polyominoes(n, lattice="triangle", one_sided=True)) for n in range(1, 8)] == [1, 1, 1, 4, 6, 19, 43]
    assert [len(polyominoes(n, lattice="hex")) for n in range(1, 7)] == [1, 1, 3, 7, 22, 82]
    assert [len(polyominoes(n, lattice="hex", one_sided=True)) for n in range(1, 6)] == [1, 1, 3, 10, 33]
    assert len(Polyomino("hexiamonds", "tri-hexagon:10x4").pieces) == 12
    assert len(Polyomino("tetrahexes", "hex-coin").pieces) == 7


def test_lattice_symmetries_are_isometries_of_the_neighbour_graph():
    # each of the twelve maps of the triangle and hexagon lattices keeps adjacency, and they are all different
    from parity.boards.lattices import HEX, TRIANGLE

    for lattice, patch in [(HEX, [(x, y) for x in range(-2, 3) for y in range(-2, 3)]),
                           (TRIANGLE, [(x, y, z) for x in range(-2, 3) for y in range(-2, 3) for z in (0, 1)])]:
        images = set()
        for f in lattice.maps:
            for cell in patch:
                assert {f(*n) for n in lattice.neighbours(cell)} == set(lattice.neighbours(f(*cell)))
            images.add(tuple(f(*cell) for cell in patch))
        assert len(images) == 12


def test_tetrahex_coin_the_seeds_count():
    puzzle = Polyomino("tetrahexes", "hex-coin")
    result = pt.count_result(puzzle, up_to_symmetry=True)
    assert result.stats["count_up_to_symmetry"] == 4  # the seed's count
    assert result.count == pt.count(puzzle, engine="sat") == 16  # no coin tiling is its own image
    for s in pt.solutions(puzzle, limit=3):
        puzzle.verify(s)


def test_hexiamonds_elongated_hexagon_the_seeds_count():
    result = pt.count_result(Polyomino("hexiamonds", "tri-hexagon:10x4"), up_to_symmetry=True)
    assert (result.count, result.stats["count_up_to_symmetry"]) == (3424, 856)


def _brute_count(puzzle) -> int:
    """Exact covers by plain backtracking over the placements: the first uncovered cell, every piece that fits."""
    placements = [(name, frozenset(cells)) for name, cells in puzzle.placements()]

    def go(free: frozenset, unused: frozenset) -> int:
        if not free:
            return 1
        cell = min(free)
        return sum(go(free - cells, unused - {name}) for name, cells in placements
                   if name in unused and cell in cells and cells <= free)
    return go(frozenset(puzzle.cells), frozenset(puzzle.pieces))


ARC = [(1, 0), (0, 1), (-1, 1)]  # the bent trihex


@pytest.mark.parametrize("pieces, board, lattice, by_hand", [
    ({"a": [(0, 0, 0), (0, 0, 1), (1, 0, 0)], "b": [(0, 0, 0), (0, 0, 1), (1, 0, 0)]}, "tri-hexagon:1", "triangle", 6),
    ({"m": [(0, 0)], "a": ARC, "b": ARC}, "hex-hexagon:2", "hex", None),
    ({"a": [(0, 0), (1, 0)], "b": [(0, 0), (1, 0)], "c": [(0, 0), (0, 1), (1, 0)]}, "hex-parallelogram:7x1",
     "hex", 0),
])
def test_small_triangle_and_hexagon_packings_every_engine(pieces, board, lattice, by_hand):
    # two triiamonds halve a hexagon of six triangles along any of its 3 diagonals, in 2 labellings
    puzzle = Polyomino(pieces, board, lattice=lattice)
    counts = {engine: pt.count(puzzle, engine=engine) for engine in ("scan", "dlx", "sat", "cms", "ganak")}
    assert set(counts.values()) == {_brute_count(puzzle)}, counts
    if by_hand is not None:
        assert counts["dlx"] == by_hand
    pruned = puzzle.orbit_count()
    if pruned is not None:
        from parity.api import count_up_to_symmetry

        assert pruned["count_up_to_symmetry"] == count_up_to_symmetry(puzzle, method="burnside")["count_up_to_symmetry"]
        assert pruned["count"] == counts["dlx"]  # every solution, from the pruned search alone


def test_triangle_and_hexagon_ascii_boards(tmp_path):
    # the bottom line is y = 0; two characters per triangle unit (upward, then downward)
    art = tmp_path / "diamond.txt"
    art.write_text("##\n##\n")
    tri = Polyomino({"a": [(0, 0, 0), (0, 0, 1)], "b": [(0, 0, 0), (0, 0, 1)]}, str(art), lattice="triangle")
    assert tri.cells == [(0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1)]
    # the four triangles form a parallelogram; two diamonds (of 3 orientations) tile it one way only, labelled 2 ways
    assert pt.count(tri) == pt.count(tri, engine="sat") == 2
    # on the hexagon lattice the same art is a rhombus of four hexagons: two domino tilings (by hand), labelled 2 ways
    hexes = Polyomino({"a": [(0, 0), (1, 0)], "b": [(0, 0), (1, 0)]}, str(art), lattice="hex")
    assert pt.count(hexes) == pt.count(hexes, engine="ganak") == 4


def test_lattice_mismatch_and_bad_specs():
    from parity.errors import BoardSpecError

    with pytest.raises(BoardSpecError, match="hex-lattice board"):
        Polyomino("pentominoes", "hex-hexagon:3")
    with pytest.raises(BoardSpecError, match="even number of rows"):
        Polyomino("hexiamonds", "tri-hexagon:10x3")
    run = pt.testing.run_cli("count", "polyomino", "--pieces", "tetrahexes", "--board", "hex-coin", "--json")
    assert run.code == 0 and '"count": 16' in run.out
    run = pt.testing.run_cli("count", "polyomino", "--pieces", "tetrahexes", "--board", "tri-hexagon:x")
    assert run.code == 2 and "tri-hexagon" in run.err


def test_pictures_of_every_lattice(tmp_path):
    pytest.importorskip("matplotlib")
    for pieces, board in [("tetrahexes", "hex-coin"), ("hexiamonds", "tri-hexagon:10x4")]:
        out = tmp_path / f"{pieces}.svg"
        run = pt.testing.run_cli("draw", "polyomino", "--pieces", pieces, "--board", board, "-o", str(out))
        assert run.code == 0, run.err
        assert out.read_text().count("<path") >= len(Polyomino(pieces, board).cells)


# --- conventional names, checked against the pieces' geometry worked out here from the documented coordinates ---

HEX_RING = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]  # the six axial steps, 60 degrees apart


def _hex_edges(cells) -> list[tuple]:
    cells = set(cells)
    return [(a, b) for a in cells for b in cells if a < b and (b[0] - a[0], b[1] - a[1]) in HEX_RING]


def _tetrahex_kind(cells) -> str:
    """bar, bee, pistol, propeller, arch, zigzag or bend, from the adjacencies and the turns along a path."""
    edges = _hex_edges(cells)
    degree = {c: sum(c in e for e in edges) for c in cells}
    if len(edges) == 5:
        return "bee"  # a rhombus of four hexagons
    if len(edges) == 4:
        return "pistol"  # a triangle of three and one more
    if max(degree.values()) == 3:
        return "propeller"
    path = [next(c for c in cells if degree[c] == 1)]
    while len(path) < 4:
        path.append(next(b if a == path[-1] else a for a, b in edges
                         if path[-1] in (a, b) and ({a, b} - {path[-1]}).pop() not in path))
    steps = [HEX_RING.index((q[0] - p[0], q[1] - p[1])) for p, q in zip(path, path[1:])]
    turns = [((t - s + 3) % 6) - 3 for s, t in zip(steps, steps[1:])]  # -1, 0 or +1 (60 degrees)
    if turns == [0, 0]:
        return "bar"
    if 0 in turns:
        return "bend"
    return "arch" if turns[0] == turns[1] else "zigzag"


def _mirror_symmetric(shape, turn, flip) -> bool:
    """Whether a flipped shape is a turned and shifted copy of the shape (points as integer pairs)."""
    def normal(s):
        low = [min(p[i] for cell in s for p in cell) for i in (0, 1)]
        return frozenset(frozenset((p[0] - low[0], p[1] - low[1]) for p in cell) for cell in s)

    target = normal(shape)
    image = [[flip(p) for p in cell] for cell in shape]
    for _ in range(6):
        if normal(image) == target:
            return True
        image = [[turn(p) for p in cell] for cell in image]
    return False


def test_tetrahex_names_match_their_shapes():
    axial_turn, axial_flip = (lambda p: (-p[1], p[0] + p[1])), (lambda p: (p[1], p[0]))
    pieces = Polyomino("tetrahexes", "hex-coin").pieces
    kinds = {name: _tetrahex_kind(cells) for name, cells in pieces.items()}
    assert kinds == {"I4": "bar", "O4": "bee", "P4": "pistol", "Y4": "propeller", "U4": "arch", "S4": "zigzag",
                     "J4": "bend"}
    symmetric = {n for n, cells in pieces.items() if _mirror_symmetric([[c] for c in cells], axial_turn, axial_flip)}
    assert symmetric == {"I4", "O4", "U4", "Y4"}
    assert sorted(Polyomino("one-sided-tetrahexes", "hex-parallelogram:10x4").pieces) == sorted(
        ["I4", "O4", "U4", "Y4", "J4", "J4'", "P4", "P4'", "S4", "S4'"])


def _corners(cell) -> list[tuple[int, int]]:
    # z = 0: the upward triangle (x, y), (x+1, y), (x, y+1); z = 1: the downward one (x+1, y), (x, y+1), (x+1, y+1)
    x, y, z = cell
    return [(x, y), (x + 1, y), (x, y + 1)] if z == 0 else [(x + 1, y), (x, y + 1), (x + 1, y + 1)]


def test_hexiamond_names_match_their_shapes():
    pieces = Polyomino("hexiamonds", "tri-hexagon:10x4").pieces
    assert sorted(pieces) == sorted(["I6", "P6", "J6", "E6", "V6", "H6", "S6", "X6", "C6", "G6", "F6", "O6"])
    shapes = {name: [_corners(c) for c in cells] for name, cells in pieces.items()}
    # the hexagon: six triangles around one point
    around_a_point = {n for n, s in shapes.items() if set.intersection(*(set(c) for c in s))}
    assert around_a_point == {"O6"}
    # the bar: all six triangles between two neighbouring parallel lattice lines (x, y or x + y constant)
    lines = [lambda p: p[0], lambda p: p[1], lambda p: p[0] + p[1]]
    in_a_strip = {n for n, s in shapes.items()
                  if any(len({min(f(p) for p in c) for c in s}) == 1 for f in lines)}
    assert in_a_strip == {"I6"}
    # mirror images: the five symmetric hexiamonds of the usual pictures
    turn, flip = (lambda p: (-p[1], p[0] + p[1])), (lambda p: (p[1], p[0]))
    symmetric = {n for n, s in shapes.items() if _mirror_symmetric(s, turn, flip)}
    assert symmetric == {"E6", "V6", "X6", "C6", "O6"}
    one_sided = Polyomino("one-sided-hexiamonds", "tri-parallelogram:19x3").pieces
    assert len(one_sided) == 19 and {n[:-1] for n in one_sided if n.endswith("'")} == set(pieces) - symmetric


def test_tetromino_names_and_letter_grids():
    assert sorted(Polyomino("tetrominoes", "rect:4x5").pieces) == sorted("IOTSL")
    one_sided = Polyomino("one-sided-tetrominoes", "rect:7x4").pieces
    assert sorted(one_sided) == sorted("IOTSZLJ")
    # L as in Tetris: a column of three with a foot to the right, J its mirror image; turns only, no flips
    def turns(cells):
        out = []
        for _ in range(4):
            low = [min(c[i] for c in cells) for i in (0, 1)]
            out.append(sorted((r - low[0], c - low[1]) for r, c in cells))
            cells = [(c, -r) for r, c in cells]
        return out
    assert [(0, 0), (1, 0), (2, 0), (2, 1)] in turns(one_sided["L"])
    assert [(0, 1), (1, 1), (2, 0), (2, 1)] in turns(one_sided["J"])
    assert [(0, 1), (0, 2), (1, 0), (1, 1)] in turns(one_sided["S"])
    # letter grids: first letters, a mirror image in lower case
    puzzle = Polyomino("one-sided-pentominoes", "rect:30x3")
    letters = puzzle.letters()
    assert letters["F"] == "F" and letters["F'"] == "f" and len(set(letters.values())) == 18
    assert set(Polyomino("hexiamonds", "tri-hexagon:10x4").letters().values()) == set("IPJEVHSXCGFO")


def _rotations_3d(cells) -> set:
    """Every turned copy of a solid, shifted to touch 0 (the 24 signed permutation matrices of determinant 1)."""
    from itertools import permutations, product

    out = set()
    for perm in permutations(range(3)):
        for signs in product((1, -1), repeat=3):
            matrix = [[signs[i] if perm[i] == j else 0 for j in range(3)] for i in range(3)]
            det = (matrix[0][0] * (matrix[1][1] * matrix[2][2] - matrix[1][2] * matrix[2][1])
                   - matrix[0][1] * (matrix[1][0] * matrix[2][2] - matrix[1][2] * matrix[2][0])
                   + matrix[0][2] * (matrix[1][0] * matrix[2][1] - matrix[1][1] * matrix[2][0]))
            if det != 1:
                continue
            turned = [tuple(sum(matrix[i][j] * c[j] for j in range(3)) for i in range(3)) for c in cells]
            low = [min(c[i] for c in turned) for i in range(3)]
            out.add(frozenset(tuple(c[i] - low[i] for i in range(3)) for c in turned))
    return out


def test_soma_and_tetracube_names_match_their_shapes():
    soma = Polyomino("soma", "box:3x3x3").pieces
    assert sorted(soma) == sorted("VLTZABP")
    tetracubes = Polyomino("tetracubes", "box:2x2x8").pieces
    assert sorted(tetracubes) == sorted("IOTSLABP")
    for name in "LTABP":
        assert _rotations_3d(soma[name]) == _rotations_3d(tetracubes[name])
    assert _rotations_3d(soma["Z"]) == _rotations_3d(tetracubes["S"])
    touching = lambda a, b: sum(abs(u - v) for u, v in zip(a, b)) == 1  # noqa: E731
    flat = {n for n, cells in tetracubes.items() if any(len({c[i] for c in cells}) == 1 for i in range(3))}
    assert flat == set("IOTSL")
    # P: one cube touches the other three, not in a plane; A and B: mirror images, neither a turn of the other
    assert any(sum(touching(c, d) for d in tetracubes["P"]) == 3 for c in tetracubes["P"])
    mirrored_a = [(x, y, -z) for x, y, z in tetracubes["A"]]
    assert _rotations_3d(mirrored_a) == _rotations_3d(tetracubes["B"]) != _rotations_3d(tetracubes["A"])
    # A as defined: arms of the corner along x and y, its fourth cube over the x arm
    assert frozenset({(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 0, 1)}) in _rotations_3d(tetracubes["A"])
    assert len(soma["V"]) == 3


@pytest.mark.parametrize("pieces, symmetric", [
    ("tetriamonds", {"C4", "T4"}), ("pentiamonds", {"C5", "I5"}),
    ("heptiamonds", {"C7", "D7", "I7", "M7", "V7"}),  # Polyform Puzzler's lists of mirror-symmetric pieces
])
def test_polyiamond_names_match_their_shapes(pieces, symmetric):
    from parity.puzzles.polyomino.sets import _piece_set

    named = _piece_set(pieces, None)[0]
    shapes = {name: [_corners(c) for c in cells] for name, cells in named.items()}
    turn, flip = (lambda p: (-p[1], p[0] + p[1])), (lambda p: (p[1], p[0]))
    assert {n for n, s in shapes.items() if _mirror_symmetric(s, turn, flip)} == symmetric
    lines = [lambda p: p[0], lambda p: p[1], lambda p: p[0] + p[1]]
    bars = {n for n, s in shapes.items() if any(len({min(f(p) for p in c) for c in s}) == 1 for f in lines)}
    assert bars == {n for n in named if n.startswith("I")}
    one_sided = _piece_set(pieces, True)[0]
    assert len(one_sided) == 2 * len(named) - len(symmetric)
    if pieces == "tetriamonds":  # T4, the triangle of side 2: its middle triangle shares an edge with the others
        hub = {n for n, s in shapes.items() if any(sum(len(set(a) & set(b)) == 2 for b in s) == 3 for a in s)}
        assert hub == {"T4"}


@settings(max_examples=25)
@given(instances("polyomino"))
def test_the_harness_cross_checks_random_packings(puzzle):
    # scan (plane boards), dlx, sat, cms and ganak agree and every packing verifies; orbits by pruning equal Burnside
    from parity.api import count_up_to_symmetry

    report = crosscheck(puzzle)
    assert report.agree and report.checked, report.problems
    pruned = puzzle.orbit_count()
    if pruned is not None:
        burnside = count_up_to_symmetry(puzzle, method="burnside")
        for key in ("count_up_to_symmetry", "count_up_to_rotation", "symmetries", "rotations"):
            assert pruned[key] == burnside[key], key


def test_copies_of_one_shape_are_renamed_among_themselves_by_reflections():
    # two single triangles fill a rhombus in 2 labelled ways, one up to its 4 symmetries; a reflection must
    # send each copy of a shape to a copy of its mirror image (here itself), not every copy to the last one
    from parity.api import count_up_to_symmetry

    puzzle = Polyomino({"a": [(0, 0, 0)], "b": [(0, 0, 0)]}, [(0, 0, 0), (0, 0, 1)], lattice="triangle")
    assert pt.count(puzzle) == 2
    assert count_up_to_symmetry(puzzle, method="burnside")["count_up_to_symmetry"] == 1
    assert puzzle.orbit_count()["count_up_to_symmetry"] == 1


@pytest.mark.parametrize("engine", ["scan", "dlx"])
def test_no_packing_comes_with_the_checkerboard_proof(engine):
    # the five tetrominoes cannot fill 5 x 4: the T covers 3 cells of one colour; the engines find that argument
    # as a GF(2) certificate (scan before searching, dlx after its search failed), checked here against every
    # placement from scratch
    puzzle = Polyomino("tetrominoes", "rect:5x4")
    result = pt.solve(puzzle, engine)
    assert result.status == "UNSAT"
    assert pt.count_result(puzzle, engine).stats["proof"] == result.stats["proof"]
    items = set(result.stats["proof"]["items"])
    assert len(items) % 2 == 1
    for name, cells in puzzle.placements():
        met = (name in items) + sum(f"{r},{c}" in items for r, c in cells)
        assert met % 2 == 0, (name, cells)
    run = pt.testing.run_cli("solve", "polyomino", "--pieces", "tetrominoes", "--board", "rect:5x4", "--json")
    assert run.code == 0 and json.loads(run.out)["proof"]["method"] == "gf2"


def test_the_hexominoes_fill_no_rectangle_of_their_area():
    # Golomb: the 35 hexominoes tile no rectangle; no search could finish, but a checkerboard colouring refutes
    # 14 x 15 (and every other), and the pack engine finds that certificate before it searches
    puzzle = Polyomino("hexominoes", "rect:15x14")
    result = pt.count_result(puzzle)
    assert (result.engine, result.count) == ("pack", 0)
    items = set(result.stats["proof"]["items"])
    assert len(items) % 2 == 1
    for name, cells in puzzle.placements():
        assert ((name in items) + sum(f"{r},{c}" in items for r, c in cells)) % 2 == 0


# -- nonsense in, one clear error out ----------------------------------------------------------------------------
DOMINO = [(0, 0), (0, 1)]


@pytest.mark.parametrize("pieces, board, options, words", [
    ({"a": [(0, 0)], "b": [(0, 0, 0)]}, DOMINO, {}, "piece 'b' has a cell of 3 coordinates where the cells of piece "
                                                     "'a' have 2"),
    ({"a": [("x", "y")]}, [("x", "y")], {}, "piece 'a' has the cell ('x', 'y'), whose coordinate 'x' is not a whole"),
    ({"a": [(0.5, 0), (0, 1)]}, DOMINO, {}, "coordinate 0.5 is not a whole number"),
    ({"a": [(True, 0), (0, 1)]}, DOMINO, {}, "coordinate True"),
    ({"a": [(0, 0), (0, 0)]}, DOMINO, {}, "piece 'a' lists the cell (0, 0) twice"),
    ({"a": "ab"}, DOMINO, {}, "piece 'a' must be a sequence of cells"),
    ({"a": None}, DOMINO, {}, "piece 'a' must be a sequence of cells"),
    ({"a": [0, 1]}, DOMINO, {}, "piece 'a' has a cell 0"),
    ({"a": [None]}, DOMINO, {}, "piece 'a' has a cell None"),
    ({"a": [(0, 0, 0, 0)]}, [(0, 0, 0, 0)], {}, "cells of 4 coordinates"),
    ({"a": [(0,)]}, [(0,)], {}, "cells of 1 coordinate;"),
    (None, DOMINO, {}, "pieces: expected a named set"),
    (5, DOMINO, {}, "pieces: expected a named set"),
    ({}, DOMINO, {}, "at least one piece"),
    ({"a": []}, DOMINO, {}, "at least one piece"),
    ("heptaminoes", DOMINO, {}, "unknown piece set"),
    ({"a": [(0, 0)]}, [(0, 0)], {"lattice": "triangle"}, "of 2 coordinates where the triangle lattice's cells have 3"),
    ({"a": [(0, 0, 2)]}, [(0, 0, 2)], {"lattice": "triangle"}, "its last coordinate is 2"),
    ({"a": [(0, 0)]}, [(0, 0)], {"lattice": "hexagonal"}, "unknown lattice 'hexagonal'"),
    ({"a": [(0, 0)]}, [(0, 0)], {"lattice": {}}, "unknown lattice {}"),
    ({"a": [(0, 0)]}, [(0, 0)], {"one_sided": "no"}, "one_sided"),
    ("pentominoes", "rect:10x6", {"lattice": "hex"}, "the set pentominoes lies on the square lattice"),
])
def test_custom_pieces_nonsense_raises_a_limit_error(pieces, board, options, words):
    with pytest.raises(LimitError, match=re.escape(words)):
        Polyomino(pieces, board, **options)


@pytest.mark.parametrize("board, words", [
    (None, "board: expected one of rect:WxH"),
    (5, "board: expected one of rect:WxH"),
    ([(0, 0.5), (0, 1)], "board has the cell (0, 0.5), whose coordinate 0.5 is not a whole number"),
    ([(0, 0), (0, 1, 0)], "board: the cell (0, 1, 0) has 3 coordinates where the pieces' cells have 2"),
    ([(0,), (1,)], "board: the cell (0,) has 1 coordinate where"),
    ([(0, 0), (0, 0)], "board lists the cell (0, 0) twice"),
    ([(0, 0), "ab"], "board has a cell 'ab'"),
    ("nonexist.txt", "board: no such file: nonexist.txt"),
    ("abc", "board 'abc': expected one of rect:WxH"),
])
def test_board_nonsense_raises_a_board_spec_error(board, words):
    from parity.errors import BoardSpecError

    with pytest.raises(BoardSpecError, match=re.escape(words)):
        Polyomino({"a": DOMINO}, board)


def test_cells_far_out_and_numpy_integers_are_no_nonsense():
    import numpy as np

    # one domino on two cells: a single placement, by hand, wherever the cells lie
    for board in ([(-5, 0), (-5, 1)], [(10**30, 7), (10**30, 8)], np.array([[3, 4], [4, 4]], dtype=np.int64)):
        puzzle = Polyomino({"a": np.array(DOMINO)}, board)
        assert pt.count(puzzle) == pt.count(puzzle, engine="sat") == 1
        assert all(type(v) is int for cell in puzzle.cells for v in cell)


def test_cli_missing_board_file_is_one_line(tmp_path):
    for board, words in [("nonexist.txt", ["no such file: nonexist.txt"]),
                         (str(tmp_path / "boards" / "ring.txt"), ["no such file:", "ring.txt"]),
                         ("abc", ["expected one of rect:WxH", "no such file: abc"]),
                         (str(tmp_path), ["is a directory"])]:
        run = pt.testing.run_cli("solve", "polyomino", "--board", board)
        assert run.code == 2 and run.out == "" and run.err.count("\n") == 1, run
        assert all(word in run.err for word in words), run.err


def test_every_catalogue_entry_builds_and_names_itself():
    from parity.data.catalogue import PUZZLES
    from parity.puzzles.polyomino.family import _build
    from parity.puzzles.registry import family

    assert family("polyform").name == "polyomino"
    for name, entry in PUZZLES.items():
        puzzle = _build(puzzle=name)
        assert puzzle.board_label == entry["board"] and puzzle.set_name == entry["pieces"], name
        assert puzzle.header()["puzzle"] == name and puzzle.describe().startswith(name)
        assert entry["up_to"] in ("symmetry", "rotation") and (entry["count"] is None or entry["source"])
        # a packing: the pieces' cells are the board's cells, less one piece left out where the entry says so
        left_out = len(puzzle.pieces[puzzle.omit_one_of[0]]) if puzzle.omit_one_of else 0
        assert sum(len(cells) for cells in puzzle.pieces.values()) - left_out == len(puzzle.cells), name


def test_a_catalogued_puzzle_from_the_command_line():
    from parity.testing import run_cli

    code, out, err = run_cli("count", "polyform", "--puzzle", "tetrahexes-coin", "--up-to-symmetry", "--json")
    data = json.loads(out)
    assert code == 0 and (data["puzzle"], data["published"], data["count"]) == ("tetrahexes-coin", 4, 16)
    assert data["count_up_to_symmetry"] == data["published"]
    WITHOUT = "without --board, --pieces, --omit-one-of, --wrap and --choose"  # noqa: N806
    for args, words in ((["--puzzle", "nope"], "unknown puzzle 'nope'; the catalogue has: pentominoes-3x20"),
                        (["--puzzle", "soma-3x3x3", "--board", "rect:5x4"], WITHOUT),
                        (["--puzzle", "tetrahexes-coin", "--board", "rect:10x6"], WITHOUT),
                        (["--puzzle", "tetrahexes-coin", "--pieces", "pentominoes"], WITHOUT),
                        (["--puzzle", "tetrahexes-coin", "--omit-one-of", "I4"], WITHOUT),
                        (["--puzzle", "tetrahexes-coin", "--copies", "any"], "without --copies")):
        code, out, err = run_cli("count", "polyform", *args)
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1


def test_one_piece_left_out_of_each_packing():
    # three labelled dominoes, one left out, on the 2 x 2 square: 3 choices x 2 tilings x 2 labellings = 12,
    # and the square's symmetries take each choice's four packings into one another: 3 orbits
    dominoes = {name: [(0, 0), (0, 1)] for name in "abc"}
    puzzle = Polyomino(dominoes, "rect:2x2", omit_one_of="abc")
    for engine in ("dlx", "scan", "sat", "cms"):
        assert pt.count(puzzle, engine=engine) == 12, engine
    assert pt.count_result(puzzle, up_to_symmetry=True).stats["count_up_to_symmetry"] == 3
    for solution in pt.solutions(puzzle):
        assert len(solution) == 2
        left = ({"a", "b", "c"} - set(solution)).pop()
        assert puzzle.summary(solution).endswith(f", {left} left out")
        assert puzzle.to_json(solution)["left_out"] == left and puzzle.to_json(solution)["puzzler"][-1] == f"! {left}"
    report = crosscheck(puzzle)
    assert report.agree and report.checked, report.problems


def test_one_piece_left_out_counts_as_the_puzzles_without_it_added():
    # the independent route: one puzzle per piece that may be left out, counted apart
    pieces = {"I3": [(0, 0), (0, 1), (0, 2)], "V3": [(0, 0), (0, 1), (1, 0)], "a": [(0, 0), (0, 1)],
              "b": [(0, 0), (0, 1), (1, 1)]}
    puzzle = Polyomino(pieces, "rect:4x2", omit_one_of=["I3", "b"])
    together = pt.count_result(puzzle, up_to_symmetry=True)
    apart = [pt.count_result(Polyomino({n: c for n, c in pieces.items() if n != out}, "rect:4x2"), up_to_symmetry=True)
             for out in ("I3", "b")]
    assert together.count == sum(r.count for r in apart) == 16
    for key in ("count_up_to_symmetry", "count_up_to_rotation"):
        assert together.stats[key] == sum(r.stats[key] for r in apart)
        assert together.stats[key] == pt.count_up_to_symmetry(puzzle, method="listing")[key]
    assert together.stats["symmetry_method"].startswith("pruned: piece V3")  # a piece every packing places


def test_leaving_a_piece_out_is_checked():
    dominoes = {name: [(0, 0), (0, 1)] for name in "abc"}
    for omit, words in (("abz", "'z' is not a piece of the set"), ("", "name at least one piece"),
                        (",", "name at least one piece")):
        with pytest.raises(LimitError, match=words):
            Polyomino(dominoes, "rect:2x2", omit_one_of=omit)
    with pytest.raises(LimitError, match="needs one of 4 cells, and a has 2"):
        Polyomino(dominoes, [(0, 0), (0, 1)], omit_one_of="a")
    with pytest.raises(LimitError, match="copies='any'"):
        Polyomino(dominoes, "rect:2x2", copies="any", omit_one_of="a")
    puzzle = Polyomino(dominoes, "rect:2x2", omit_one_of="ab")
    with pytest.raises(InvalidSolution, match="exactly one of a, b"):
        puzzle.verify({"a": ((0, 0), (0, 1)), "b": ((1, 0), (1, 1))})  # c may not be left out
    assert puzzle.parameters()["omit_one_of"] == ["a", "b"] and "less one of a, b" in puzzle.describe()


def test_one_of_several_pieces_left_out_from_the_command_line():
    from parity.testing import run_cli

    code, out, err = run_cli("count", "polyomino", "--pieces", "tetrominoes", "--board", "rect:4x4",
                             "--omit-one-of", "IOTSL", "--json")
    assert code == 0 and json.loads(out)["count"] == 0 and json.loads(out)["omit_one_of"] == list("IOTSL")
    code, out, err = run_cli("count", "polyomino", "--pieces", "tetrominoes", "--board", "rect:4x4",
                             "--omit-one-of", "Q")
    assert code == 2 and "'Q' is not a piece of the set" in err and len(err.strip().splitlines()) == 1


def test_the_pentacubes_carry_polyform_puzzlers_names_and_its_mirror_pairs():
    # Polyform Puzzler's data (its 17 solid shapes and the pentominoes as flat solids) fall into the 29 rotation
    # classes that parity grows, one each; its mirror pairs (L/J, N/S) are mirror images here too
    from parity.boards.lattices import CUBIC
    from parity.puzzles.polyomino.sets import _piece_set

    pieces = _piece_set("pentacubes", None)[0]
    flat = {f"{letter}5" for letter in "FILNPTUVWXYZ"}
    solid = {"L15", "L25", "L35", "L45", "J15", "J25", "J45", "N15", "N25", "S15", "S25", "T15", "T25", "V15", "V25",
             "Q5", "A5"}
    assert set(pieces) == flat | solid
    assert all(len({c[2] for c in pieces[name]}) == 1 or len({c[0] for c in pieces[name]}) == 1
               or len({c[1] for c in pieces[name]}) == 1 for name in flat)

    def rotations(cells):
        return min(CUBIC.orientations(cells))

    for left, right in (("L15", "J15"), ("L25", "J25"), ("L45", "J45"), ("N15", "S15"), ("N25", "S25")):
        mirrored = [(x, y, -z) for x, y, z in pieces[left]]
        assert rotations(mirrored) == rotations(pieces[right]) != rotations(pieces[left])


def test_placements_checked_together_as_one_by_one():
    # the array check refuses what the one-by-one check refuses, on every lattice
    for pieces, board in (("pentominoes", "rect:10x6"), ("soma", "box:3x3x3"), ("hexiamonds", "tri-hexagon:10x4"),
                          ("tetrasticks", "sticks-rect:4x4"), ("pentatwigs", "twigs-parallelogram:5x4")):
        try:
            puzzle = Polyomino(pieces, board)
        except LimitError:
            puzzle = Polyomino(pieces, board, copies="any")
        placements = puzzle.placements()
        puzzle.check_placements(placements)
        name, cells = placements[len(placements) // 2]
        other = next(n for n in puzzle.pieces if sorted(puzzle.pieces[n]) != sorted(puzzle.pieces[name])
                     and len(puzzle.pieces[n]) == len(cells))
        with pytest.raises(InvalidSolution, match=f"piece {other} is placed as a shape"):
            puzzle.check_placements([*placements[:3], (other, cells)])
    far = Polyomino({"a": DOMINO}, [(10**30, 7), (10**30, 8)])
    far.check_placements(far.placements())


def test_a_mistyped_piece_set_gets_the_nearest_names_and_help_lists_every_set():
    from parity.puzzles.polyomino.sets import OWN_SET_NAMES
    from parity.testing import run_cli

    with pytest.raises(LimitError, match=r"unknown piece set 'hexomino'; did you mean hexominoes"):
        Polyomino("hexomino", "rect:10x6")
    code, out, _ = run_cli("count", "polyomino", "--help")
    flat = " ".join(out.split())
    assert code == 0 and all(name in flat.replace("- ", "-") for name in OWN_SET_NAMES)
    assert "Polyform Puzzler's sets of its puzzles" in flat  # (those given as data: parity catalogue names them)
