"""Generated piece sets against the published counts; the segment lattices' geometry; ``parity pieces``."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parity.boards.lattices import STICKS, TRIGS, TWIGS
from parity.errors import LimitError
from parity.pieces import FAMILIES, PUBLISHED, describe_set, piece_set, published
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
    with pytest.raises(LimitError, match="order of polytwigs is 1..7"):
        published("polytwigs", 8)
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
                                                  ("polysticks", 8, "order"), ("polysticks", True, "order"),
                                                  ("polytrigs", 7, "1..6")])
def test_bad_requests_are_refused(family, order, match):
    with pytest.raises(LimitError, match=match):
        piece_set(family, order)


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
