"""Boards whose edges are joined (``wrap``: loops, tubes, tori) and boards cut in parts each piece must lie within
(``parts``), against a brute force written here: its own orientations (turns and mirror images of the square),
its own placements taken round the seams, a backtracking search over the first open cell, and its own symmetries
of the board (every turn round a loop, the rectangle's reflections) for the counts up to symmetry.  Polyform
Puzzler's published counts of its loops, tubes and boards in parts are the catalogue's tests
(tests/puzzles/test_puzzler_catalogue.py); the quick ones are also here by name."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parity as pt
from parity.errors import InvalidSolution, LimitError
from parity.puzzles import Polyomino
from parity.puzzles.polyomino import FAMILY
from parity.testing import run_cli

SHAPES = {"I2": [(0, 0), (0, 1)], "I3": [(0, 0), (0, 1), (0, 2)], "L3": [(0, 0), (1, 0), (1, 1)],
          "O4": [(0, 0), (0, 1), (1, 0), (1, 1)], "T4": [(0, 0), (0, 1), (0, 2), (1, 1)],
          "S4": [(0, 1), (0, 2), (1, 0), (1, 1)], "L4": [(0, 0), (1, 0), (2, 0), (2, 1)],
          "I4": [(0, 0), (0, 1), (0, 2), (0, 3)]}


def _orientations(shape):
    """The eight turns and mirror images of a shape of squares, each moved to the origin, once each."""
    out = set()
    for swap, sr, sc in itertools.product((False, True), (1, -1), (1, -1)):
        cells = [((c, r) if swap else (r, c)) for r, c in shape]
        cells = [(sr * r, sc * c) for r, c in cells]
        r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
        out.add(frozenset((r - r0, c - c0) for r, c in cells))
    return out


def _placements(width, height, rows, columns, shapes):
    """(name, cells) of every shape at every place of a width x height board, rows and/or columns joined."""
    out = set()
    for name, shape in shapes.items():
        for orient in _orientations(shape):
            for dr, dc in itertools.product(range(-4, height), range(-4, width)):
                cells = []
                for r, c in orient:
                    r, c = r + dr, c + dc
                    r, c = (r % height if rows else r), (c % width if columns else c)
                    cells.append((r, c))
                if len(set(cells)) == len(cells) and all(0 <= r < height and 0 <= c < width for r, c in cells):
                    out.add((name, frozenset(cells)))
    return sorted(out, key=lambda p: (p[0], sorted(p[1])))  # (in an order of their own, not parity's)


def _covers(cells, placements, once):
    """Every set of placements covering ``cells`` exactly (each name at most once when ``once``; all of them used
    then is the caller's test), by the first open cell."""
    cells = sorted(cells)
    by_cell = {c: [p for p in placements if c in p[1]] for c in cells}
    found = []

    def search(open_cells, chosen, used):
        if not open_cells:
            found.append(frozenset(chosen))
            return
        first = min(open_cells)
        for name, taken in by_cell[first]:
            if taken <= open_cells and not (once and name in used):
                search(open_cells - taken, chosen + [(name, taken)], used | {name})

    search(frozenset(cells), [], frozenset())
    return found


def _board_maps(width, height, rows, columns):
    """The maps of the board's cells onto themselves that keep neighbours (across seams too): the rectangle's
    reflections (and its quarter turns on a square), each followed by every turn round the joined axes."""
    cells = [(r, c) for r in range(height) for c in range(width)]

    def near(a, b):
        dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
        dr = min(dr, height - dr) if rows else dr
        dc = min(dc, width - dc) if columns else dc
        return dr + dc == 1

    maps = []
    for swap, fr, fc in itertools.product((False, True), (False, True), (False, True)):
        if swap and width != height:
            continue
        for tr, tc in itertools.product(range(height if rows else 1), range(width if columns else 1)):
            def f(cell, swap=swap, fr=fr, fc=fc, tr=tr, tc=tc):
                r, c = (cell[1], cell[0]) if swap else cell
                r, c = (height - 1 - r if fr else r), (width - 1 - c if fc else c)
                return ((r + tr) % height, (c + tc) % width)
            image = {cell: f(cell) for cell in cells}
            if all(near(image[a], image[b]) for a in cells for b in cells if near(a, b)):
                maps.append(image)
    unique = {tuple(sorted(m.items())) for m in maps}
    return [dict(m) for m in unique]


def _shape_key(cells):
    return min(tuple(sorted(o)) for o in _orientations(cells))


def _orbits(tilings, maps, named):
    """How many classes the maps make of the tilings: each tiling's least image (a packing keeps its pieces'
    names, which a reflection keeps for free pieces; a tiling is its cell sets)."""
    keys = set()
    for tiling in tilings:
        images = []
        for m in maps:
            moved = sorted((name if named else "", tuple(sorted(m[c] for c in cells))) for name, cells in tiling)
            images.append(tuple(moved))
        keys.add(min(images))
    return len(keys)


@pytest.mark.parametrize("width, height, wrap, names", [
    (4, 3, "columns", ["I2"]), (3, 4, "rows", ["I2"]), (4, 4, "both", ["I2"]), (3, 3, "both", ["I3", "L3"]),
    (5, 3, "columns", ["I3", "L3"]), (4, 4, "columns", ["I2", "O4"]), (6, 2, "columns", ["I2", "L3"])])
def test_tilings_of_joined_boards_against_brute_force(width, height, wrap, names):
    rows, columns = wrap in ("rows", "both"), wrap in ("columns", "both")
    shapes = {n: SHAPES[n] for n in names}
    puzzle = Polyomino(shapes, f"rect:{width}x{height}", copies="any", wrap=wrap)
    placements = _placements(width, height, rows, columns, shapes)
    listed = [(n, frozenset(c)) for n, c in puzzle.placements()]
    assert len(set(listed)) == len(listed) and set(listed) == set(placements)
    tilings = _covers({(r, c) for r in range(height) for c in range(width)}, placements, once=False)
    for engine in ("dlx", "scan", "pack"):
        assert pt.count(puzzle, engine) == len(tilings), engine
    for solution in pt.solutions(puzzle):
        puzzle.verify(solution)
    maps = _board_maps(width, height, rows, columns)
    assert len(puzzle.symmetries().perms) == len(maps)
    assert pt.count_up_to_symmetry(puzzle)["count_up_to_symmetry"] == _orbits(tilings, maps, named=False)


@settings(max_examples=40)
@given(st.data())
def test_packings_of_joined_boards_against_brute_force(data):
    width, height = data.draw(st.integers(3, 4)), 3
    wrap = data.draw(st.sampled_from(["rows", "columns", "both"]))
    rows, columns = wrap in ("rows", "both"), wrap in ("columns", "both")
    area = width * height
    # free pieces of 2 to 4 squares, one of each name, and monominoes to fill the board
    sizes = {n: len(c) for n, c in SHAPES.items()}
    choice = data.draw(st.permutations(sorted(SHAPES)))
    names, total = [], 0
    for n in choice:
        if total + sizes[n] <= area:
            names.append(n)
            total += sizes[n]
    shapes = {n: SHAPES[n] for n in names}
    shapes.update({f"M{k}": [(0, 0)] for k in range(area - total)})  # monominoes, named apart, fill the rest
    puzzle = Polyomino(shapes, f"rect:{width}x{height}", wrap=wrap)
    placements = _placements(width, height, rows, columns, shapes)
    packings = [p for p in _covers({(r, c) for r in range(height) for c in range(width)}, placements, once=True)
                if len(p) == len(shapes)]
    assert pt.count(puzzle) == len(packings)
    maps = _board_maps(width, height, rows, columns)
    assert pt.count_up_to_symmetry(puzzle)["count_up_to_symmetry"] == _orbits(packings, maps, named=True)


def test_the_five_tetrominoes_on_a_loop_as_puzzler_counts_them():
    """Polyform Puzzler's tetrominoes-5x4-tube: 7 packings (docs/polyominoes.txt), by name and by hand."""
    by_name = pt.count_result(FAMILY.build(puzzle="tetrominoes-5x4-tube"), up_to_symmetry=True).stats
    by_hand = pt.count_up_to_symmetry(Polyomino("tetrominoes", "rect:5x4", wrap="columns"))
    assert by_name["count_up_to_symmetry"] == by_hand["count_up_to_symmetry"] == 7
    assert by_hand["symmetries"] == 20  # five turns round the loop, each with the rectangle's four reflections


def test_a_piece_across_the_seam_is_checked_as_one_shape():
    puzzle = Polyomino({"I": [(0, 0), (0, 1), (0, 2)]}, "rect:5x3", copies="any", wrap="columns")
    puzzle.check_placement("I", [(0, 4), (0, 0), (0, 1)])  # across the seam
    with pytest.raises(InvalidSolution, match="not one of its orientations"):
        puzzle.check_placement("I", [(0, 4), (0, 0), (0, 2)])
    with pytest.raises(InvalidSolution, match="not one of its orientations"):  # across the rows: not joined
        puzzle.check_placement("I", [(2, 0), (0, 0), (1, 1)])
    flat = Polyomino({"I": [(0, 0), (0, 1), (0, 2)]}, "rect:5x3", copies="any")
    with pytest.raises(InvalidSolution):
        flat.check_placement("I", [(0, 4), (0, 0), (0, 1)])


def test_a_three_row_tube_where_a_column_is_its_own_loop():
    """On a tube of 3 rows, a column of three is one placement however it is reached, and a U standing in two
    columns is one shape though its ends touch across the seam."""
    puzzle = Polyomino({"I": [(0, 0), (1, 0), (2, 0)]}, "rect:2x3", copies="any", wrap="rows")
    assert puzzle.placements() == [("I", ((0, 0), (1, 0), (2, 0))), ("I", ((0, 1), (1, 1), (2, 1)))]
    assert pt.count(puzzle) == 1  # both columns standing; a row of 2 takes no I of 3
    u = Polyomino({"U": [(0, 0), (0, 1), (1, 0), (2, 0), (2, 1)], "I": [(0, 0)]}, "rect:2x3", wrap="rows")
    u.check_placement("U", [(0, 0), (0, 1), (1, 0), (2, 0), (2, 1)])


@pytest.mark.parametrize("wrap, words", [
    ("sideways", "rows, columns, both or layers"), ("layers", "joins the edges of a box"),
    (3, "rows, columns, both or layers")])
def test_wrap_refuses_what_it_cannot_join(wrap, words):
    with pytest.raises(LimitError, match=words):
        Polyomino("tetrominoes", "rect:5x4", wrap=wrap)


def test_wrap_refuses_other_lattices_and_short_loops():
    with pytest.raises(LimitError, match="not of a board of the triangle lattice"):
        Polyomino("hexiamonds", "tri-parallelogram:9x4", wrap="columns")
    with pytest.raises(LimitError, match="the board is 2 rows tall; joining its edges makes a loop, which needs"):
        Polyomino({"I": [(0, 0), (0, 1)]}, "rect:4x2", copies="any", wrap="rows")


def test_wrap_from_the_command_line():
    code, out, err = run_cli("count", "polyform", "--pieces", "tetrominoes", "--board", "rect:5x4", "--wrap",
                             "columns", "--up-to-symmetry", "--json")
    assert code == 0, err
    import json

    data = json.loads(out)
    assert (data["count"], data["count_up_to_symmetry"], data["wrap"]) == (140, 7, "columns")
    code, out, err = run_cli("count", "polyform", "--pieces", "tetrominoes", "--board", "rect:5x4", "--wrap", "round")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "wrap: rows, columns, both or layers" in err
    code, out, err = run_cli("count", "polyform", "--puzzle", "pentominoes-6x10", "--wrap", "rows")
    assert code == 2 and "--wrap" in err


# -- parts ----------------------------------------------------------------------------------------------------------

def _rect_maps(width, height):
    cells = [(r, c) for r in range(height) for c in range(width)]
    maps = []
    for swap, fr, fc in itertools.product((False, True), (False, True), (False, True)):
        if swap and width != height:
            continue
        image = {}
        for r, c in cells:
            rr, cc = (c, r) if swap else (r, c)
            image[(r, c)] = (height - 1 - rr if fr else rr, width - 1 - cc if fc else cc)
        maps.append(image)
    return maps


@given(st.data())
def test_boards_in_parts_against_brute_force(data):
    width, height = data.draw(st.integers(2, 4)), data.draw(st.integers(2, 4))
    cells = [(r, c) for r in range(height) for c in range(width)]
    labels = data.draw(st.lists(st.integers(0, 2), min_size=len(cells), max_size=len(cells)))
    parts = [[c for c, k in zip(cells, labels) if k == j] for j in range(3)]
    parts = [p for p in parts if p]
    names = data.draw(st.sampled_from([["I2"], ["I2", "L3"], ["I2", "I3"]]))
    shapes = {n: SHAPES[n] for n in names}
    puzzle = Polyomino(shapes, f"rect:{width}x{height}", copies="any", parts=parts)
    part_of = {c: k for k, p in enumerate(parts) for c in p}
    inside = [p for p in _placements(width, height, False, False, shapes) if len({part_of[c] for c in p[1]}) == 1]
    tilings = _covers(set(cells), inside, once=False)
    assert pt.count(puzzle) == len(tilings)
    for solution in itertools.islice(pt.solutions(puzzle), 20):
        puzzle.verify(solution)
    keep = [m for m in _rect_maps(width, height) if {frozenset(m[c] for c in p) for p in parts} ==
            {frozenset(p) for p in parts}]
    assert len(puzzle.symmetries().perms) == len(keep)
    assert pt.count_up_to_symmetry(puzzle)["count_up_to_symmetry"] == _orbits(tilings, keep, named=False)


def test_parts_that_take_only_some_pieces():
    """Two columns of a 2 x 3 board, the left one for dominoes only, the right one for the I3 only."""
    pieces = {"a": [(0, 0), (1, 0)], "b": [(0, 0)], "c": [(0, 0), (1, 0), (2, 0)]}
    left, right = [(0, 0), (1, 0), (2, 0)], [(0, 1), (1, 1), (2, 1)]
    puzzle = Polyomino(pieces, "rect:2x3", parts=[{"cells": left, "pieces": ["a", "b"]},
                                                  {"cells": right, "pieces": ["c"]}])
    assert pt.count(puzzle) == 2  # the domino above or below the monomino; the I3 standing on the right
    solution = {"a": ((0, 0), (1, 0)), "b": ((2, 0),), "c": ((0, 1), (1, 1), (2, 1))}
    puzzle.verify(solution)
    with pytest.raises(InvalidSolution, match="not within one part of the board that takes it"):
        puzzle.verify({"c": ((0, 0), (1, 0), (2, 0)), "a": ((0, 1), (1, 1)), "b": ((2, 1),)})
    assert len(puzzle.symmetries().perms) == 2  # the left-right reflection swaps parts that take other pieces


@pytest.mark.parametrize("parts, words", [
    ([[(0, 0), (0, 1)], [(0, 1), (1, 0), (1, 1)]], "is in part 0 and in part 1"),
    ([[(0, 0), (0, 1)], [(1, 0)]], "is in no part"),
    ([[(0, 0), (0, 1), (5, 5)], [(1, 0), (1, 1)]], "is not a cell of the board"),
    ([{"cells": [(0, 0), (0, 1), (1, 0), (1, 1)], "pieces": ["Z"]}], "'Z', not a piece of the set"),
    ([{"cells": [(0, 0), (0, 1), (1, 0), (1, 1)], "pieces": ["a"]}], "no part takes piece 'b'"),
    ([{"cells": [(0, 0)], "colour": 1}], "keys 'cells' and"),
    ([{"cells": [(0, 0), (0, 1), (1, 0), (1, 1)], "pieces": []}], "part 0 takes no piece"),
    ("(0, 0)", "a list of parts")])
def test_parts_refused_with_the_reason(parts, words):
    with pytest.raises(LimitError, match=words):
        Polyomino({"a": [(0, 0), (0, 1)], "b": [(0, 0), (0, 1)]}, "rect:2x2", parts=parts)


@pytest.mark.parametrize("name, published", [("polytrigs-23-three-congruent-1-combined-1", 8),
                                              ("polytwigs-45-four-congruent-3-combined", 24),
                                              ("pentominoes-3x20-loop", 2)])
def test_puzzler_boards_in_parts_and_loops_by_name(name, published):
    stats = pt.count_result(FAMILY.build(puzzle=name), up_to_symmetry=True).stats
    assert stats["count_up_to_symmetry"] == published


def test_a_torus_too_big_for_its_symmetries_is_refused_in_one_line():
    code, out, err = run_cli("count", "polyform", "--pieces", "dominoes", "--board", "rect:100x100", "--wrap", "both",
                             "--copies", "any", "--up-to-symmetry")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "count without --up-to-symmetry" in err


def test_a_board_of_no_cells_and_cells_written_as_json_lists():
    from parity.errors import BoardSpecError

    with pytest.raises(BoardSpecError, match="board: no cells"):
        Polyomino({"I": [(0, 0), (0, 1)]}, [], copies="any", wrap="rows")
    puzzle = Polyomino("tetrominoes", "rect:5x4", wrap="columns")
    solution = pt.solve(puzzle).solution
    puzzle.verify({name: [list(cell) for cell in cells] for name, cells in solution.items()})
    with pytest.raises(InvalidSolution, match="a list of cells"):
        puzzle.verify({name: 3 for name in solution})
