"""Generated piece sets against the published counts; the segment lattices' geometry; ``parity pieces``."""

from __future__ import annotations

import json
import math
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parity.boards.lattices import LATTICES, SQUARE, STICKS, TRIGS, TWIGS
from parity.data import oeis
from parity.errors import LimitError, TooLargeError
from parity.pieces import FAMILIES, PUBLISHED, describe_set, expected_size, piece_set, published
from parity.puzzles.polyomino import polyominoes
from parity.testing import run_cli

#: orders generated in the fast suite (the next order of each in the slow one)
FAST = {"polyominoes": 7, "polycubes": 5, "polyiamonds": 8, "polyhexes": 6, "polysticks": 6, "polytrigs": 5,
        "polytwigs": 7}


@pytest.mark.parametrize("family", FAMILIES)
def test_free_and_one_sided_sets_match_the_published_sizes(family):
    free, _, sided, _ = PUBLISHED[family]
    for order in range(1, FAST[family] + 1):
        assert len(piece_set(family, order)) == free[order - 1], (family, order)
        assert len(piece_set(family, order, one_sided=True)) == sided[order - 1], (family, order)


@pytest.mark.slow
@pytest.mark.parametrize("family", FAMILIES)
def test_the_next_order_too(family):
    order = FAST[family] + 1
    free, _, sided, _ = PUBLISHED[family]
    if order <= len(free):
        assert len(piece_set(family, order)) == free[order - 1]
        assert len(piece_set(family, order, one_sided=True)) == sided[order - 1]


def _length(lattice, cell) -> float:
    (a, b), (c, d) = lattice.outline(cell)
    return math.hypot(c - a, d - b)


@pytest.mark.parametrize("lattice, degree", [(STICKS, 4), (TRIGS, 6), (TWIGS, 3)])
def test_segments_are_unit_long_and_meet_as_the_grid_says(lattice, degree):
    for x in range(-2, 3):
        for y in range(-2, 3):
            for z in range(len(lattice._directions)):
                cell = (x, y, z)
                assert math.isclose(_length(lattice, cell), 1.0)
                for p in lattice.ends(cell):
                    assert len(lattice.at(p)) == degree and cell in lattice.at(p)
                # neighbours share an end point in the plane, and nothing else does
                ends = {tuple(round(v, 9) for v in lattice.position(p)) for p in lattice.ends(cell)}
                for other in lattice.neighbours(cell):
                    assert ends & {tuple(round(v, 9) for v in lattice.position(p)) for p in lattice.ends(other)}
                assert len(lattice.neighbours(cell)) == 2 * (degree - 1)


@given(st.sampled_from([STICKS, TRIGS, TWIGS]), st.integers(-5, 5), st.integers(-5, 5), st.integers(0, 2),
       st.integers(0, 11))
def test_every_symmetry_maps_segments_to_segments_isometrically(lattice, x, y, z, k):
    z %= len(lattice._directions)
    k %= len(lattice.maps)
    f = lattice.maps[k]
    cell = (x, y, z)
    image = f(*cell)
    assert lattice.refuses(image) is None and math.isclose(_length(lattice, image), 1.0)
    for other in lattice.neighbours(cell):  # neighbours stay neighbours
        assert f(*other) in lattice.neighbours(image)


def test_the_published_table_and_its_gaps():
    assert published("polysticks", 7) == (950, "A019988")
    assert published("polysticks", 7, one_sided=True) == (1854, "A151537")
    assert published("polytwigs", 8) is None  # past Polyform Puzzler's table, and no longer OEIS data here
    assert published("polyominoes", 28) == (153511100594603, "A000105")
    for bad in ("3", 2.0, True):
        with pytest.raises(LimitError):
            published("polyominoes", bad)
    assert len(piece_set("polyominoes", np.int64(4))) == 5
    welded = piece_set("polysticks", 4, welded_only=True)
    assert all(welded[name] == shape for name, shape in piece_set("polysticks", 4).items() if name in welded)
    for cells, words in (([], "at least one segment"), ([(0, 0, 5)], "not a segment")):
        with pytest.raises(LimitError, match=words):
            from parity.pieces import welded as is_welded
            is_welded("polysticks", cells)
    assert describe_set("polycubes", 3)["one_sided"] is True  # solids keep mirror images apart
    found = describe_set("polytwigs", 3, one_sided=True)
    assert (found["count"], found["published"], found["matches"]) == (4, 4, True)
    assert all(len(p["cells"]) == 3 for p in found["pieces"])


@pytest.mark.parametrize("family, order, match", [("nope", 3, "unknown piece family"), ("polysticks", 0, "order"),
                                                  ("polysticks", -8, "order"), ("polysticks", True, "order"),
                                                  ("polytrigs", 7.0, "whole number"), ("polytrigs", "7", "order")])
def test_bad_requests_are_refused(family, order, match):
    with pytest.raises(LimitError, match=match):
        piece_set(family, order)


@pytest.mark.parametrize("family, order, words", [
    ("polyominoes", 20, "the set of polyominoes of order 20 (2,870,671,950 pieces) needs about"),  # A000105
    ("polyominoes", 40, "pieces, extrapolated) needs about"), ("polysticks", 30, "(about 10^17 pieces, extrapolated)"),
    ("polycubes", 10**6, "(about 10^30 or more pieces, extrapolated)")])
def test_sets_that_cannot_fit_in_memory_are_refused_before_any_piece_is_grown(family, order, words):
    # (a set of that size would take hours to grow: the refusal comes first)
    with pytest.raises(TooLargeError, match=re.escape(words)) as caught:
        piece_set(family, order)
    assert "of memory; this machine has" in str(caught.value)
    code, out, err = run_cli("pieces", family, "--order", order)
    assert code == 2 and out == "" and words in err and len(err.strip().splitlines()) == 1


def test_sizes_past_the_published_ones_are_estimated_roughly():
    # pretend each published entry stopped at an order from 7 on: the next two sizes come out within 0.6 .. 1.15 times
    for source in ("A000105", "A000988", "A000577", "A006534", "A000228", "A006535", "A000162"):
        sizes = getattr(oeis, source)
        for known in range(7, len(sizes)):
            for ahead in (1, 2):
                if known + ahead <= len(sizes):
                    estimate = sizes[known - 1] * (sizes[known - 1] / sizes[known - 2]) ** ahead
                    assert 0.6 <= estimate / sizes[known + ahead - 1] <= 1.15, (source, known, ahead)
    assert expected_size("polyominoes", 29) == (round(oeis.A000105[-1] ** 2 / oeis.A000105[-2]), False)
    assert expected_size("polytwigs", 7, one_sided=True) == (143, True)
    assert expected_size("polycubes", 10 ** 6) == (10 ** 30, False)


def test_the_faqs_table_is_the_start_of_the_longer_oeis_data():
    # two typings of the same entries, from two sources, agree where both reach
    longer = set()
    for family, (free, free_source, sided, sided_source) in PUBLISHED.items():
        for sizes, source in ((free, free_source), (sided, sided_source)):
            terms = getattr(oeis, source, None)
            if terms is not None:
                assert terms[:len(sizes)] == sizes, (family, source)
                if len(terms) > len(sizes):
                    longer.add(source)
    assert len(longer) == 7
    # free + chiral = one-sided, term by term, where the chiral ones are known (A030228: 2, 6, 25, 88, 335, 1215)
    assert [b - a for a, b in zip(oeis.A000105[3:9], oeis.A000988[3:9])] == [2, 6, 25, 88, 335, 1215]


def _least_square(cells) -> tuple:
    """A free polyomino's canonical form, written here apart from the library: the least of its eight images under
    the square's symmetries, each moved to touch 0 and sorted."""
    images = []
    for flip in (False, True):
        for turns in range(4):
            image = [(c, r) if flip else (r, c) for r, c in cells]
            for _ in range(turns):
                image = [(c, -r) for r, c in image]
            low_r, low_c = min(r for r, _ in image), min(c for _, c in image)
            images.append(tuple(sorted((r - low_r, c - low_c) for r, c in image)))
    return min(images)


def _connected(cells) -> bool:
    cells = set(cells)
    seen, todo = set(), [next(iter(cells))]
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        todo.extend(n for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if n in cells)
    return seen == cells


def _grown_classes(shapes) -> set:
    """Every polyomino one cell larger than one of ``shapes``, by its canonical form (each polyomino of n + 1 cells
    holds one of n: the set of n + 1 cells is closed when the set of n is)."""
    return {_least_square(set(shape) | {new}) for shape in shapes for r, c in shape
            for new in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if new not in shape}


def test_the_hendecominoes_are_17073_free_pieces_none_equal_to_another():
    # OEIS A000105: 17073 free polyominoes of 11 cells, one order past Polyform Puzzler's table
    pieces = piece_set("polyominoes", 11)
    assert len(pieces) == 17073
    assert all(len(set(cells)) == 11 and _connected(cells) for cells in pieces.values())
    forms = [_least_square(cells) for cells in pieces.values()]
    assert len(set(forms)) == 17073  # no two the same under the eight symmetries
    assert all(form == tuple(cells) for form, cells in zip(forms, pieces.values()))  # each in its least orientation
    assert sorted(pieces.values()) == list(pieces.values()) and list(pieces)[:2] == ["P11_1", "P11_2"]
    assert len(piece_set("polyominoes", 11, one_sided=True)) == 33896  # OEIS A000988


def test_a_set_holds_every_piece_grown_from_the_set_one_order_smaller():
    for order in range(2, 10):
        assert _grown_classes(polyominoes(order - 1)) == set(polyominoes(order)), order


@pytest.mark.slow
def test_the_hendecominoes_are_every_piece_grown_from_the_decominoes():
    assert _grown_classes(polyominoes(10)) == set(polyominoes(11))


def _reference(order: int, one_sided: bool, lattice) -> list:
    """The pieces grown one cell at a time in plain Python, each shape's classes by its orientations: the first
    generator of this library, kept to check the one that works on arrays."""
    shapes = {(lattice.origin,)}
    for _ in range(order - 1):
        shapes = {min(lattice.orientations(set(shape) | {new})) for shape in shapes for cell in shape
                  for new in lattice.neighbours(cell) if new not in shape}
    if one_sided and lattice.reflects:
        return sorted({min(lattice.orientations(o, one_sided=True)) for s in shapes for o in lattice.orientations(s)})
    return sorted(shapes)


@pytest.mark.parametrize("lattice", LATTICES)
def test_the_generator_on_arrays_gives_the_plain_generators_pieces_in_its_order(lattice):
    lattice = LATTICES[lattice]
    for order in range(1, 5 if lattice.name in ("cubic", "trigs") else 6):
        for one_sided in (False, True):
            assert polyominoes(order, one_sided, lattice=lattice) == _reference(order, one_sided, lattice)


def test_orders_past_the_faqs_table_are_generated_and_compared_where_a_size_is_published():
    # polyhexes of order 9: A000228 and A006535 go on past the FAQ's table; polytwigs of order 8: nothing published
    assert (len(piece_set("polyhexes", 9)), len(piece_set("polyhexes", 9, one_sided=True))) == (6572, 12942)
    code, out, err = run_cli("pieces", "polyhexes", "--order", "9", "--json")
    found = json.loads(out)
    assert code == 0 and (found["count"], found["published"], found["source"], found["matches"]) == (
        6572, 6572, "A000228", True)
    code, out, err = run_cli("pieces", "polytwigs", "--order", "8")
    assert code == 0 and out.splitlines()[0] == f"{len(out.splitlines()) - 1} polytwigs of order 8, free"
    code, out, err = run_cli("pieces", "polytwigs", "--order", "8", "--json")
    found = json.loads(out)
    assert code == 0 and (found["published"], found["source"], found["matches"]) == (None, None, None)
    assert found["count"] == len(found["pieces"]) == len({tuple(map(tuple, p["cells"])) for p in found["pieces"]})


def test_the_command_lists_counts_and_draws(tmp_path):
    code, out, err = run_cli("pieces", "polysticks", "--order", "4", "--json")
    assert code == 0 and err == "", err
    found = json.loads(out)
    assert (found["count"], found["published"], found["source"]) == (16, 16, "A019988")
    picture = tmp_path / "tetrasticks.svg"
    code, out, err = run_cli("pieces", "polytrigs", "--order", "3", "--one-sided", "-o", picture)
    assert code == 0 and out.startswith("19 polytrigs of order 3, one-sided (matches the published 19")
    assert picture.read_text().count("<svg") == 1
    for args, words in ((["nope", "--order", "2"], "unknown piece family"), (["polyhexes", "--order", "0"], "order"),
                        (["polyhexes", "--order", "2", "-o", tmp_path / "x.txt"], "must end in")):
        code, out, err = run_cli("pieces", *args)
        assert code == 2 and out == "" and words in err and len(err.strip().splitlines()) == 1


def test_welded_pieces_are_the_branching_ones_as_published():
    # Polyform Puzzler: 6 welded tetrasticks (they branch), 10 one-sided; the rest are paths or the square
    for one_sided, sizes in ((False, (6, 10)), (True, (10, 15))):
        welded = piece_set("polysticks", 4, one_sided, welded_only=True)
        plain = piece_set("polysticks", 4, one_sided, welded_only=False)
        assert (len(welded), len(plain)) == sizes
        assert len(welded) + len(plain) == len(piece_set("polysticks", 4, one_sided))
    code, out, err = run_cli("pieces", "polysticks", "--order", "4", "--welded", "--one-sided")
    assert code == 0 and out.startswith("10 polysticks of order 4, one-sided, welded (matches the published 10")
    code, out, err = run_cli("pieces", "polyominoes", "--order", "4", "--welded")
    assert code == 2 and "made of segments" in err


def test_a_shape_s_orientations_come_back_in_the_numbers_they_were_asked_in():
    shape = [(0, 0), (1, 0), (2, 0), (2, 1)]
    wide = SQUARE.orientations([tuple(map(np.int64, cell)) for cell in shape])  # (not kept: not plain ints)
    plain = SQUARE.orientations(shape)
    assert plain == wide and len(plain) == 8 and json.loads(json.dumps(plain)) == [list(map(list, o)) for o in plain]
    assert SQUARE.orientations(cell for cell in shape) == plain  # a generator too
    assert SQUARE.orientations(shape) is not plain  # a fresh list each time
