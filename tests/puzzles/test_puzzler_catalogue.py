"""Polyform Puzzler's polyomino puzzles by name (parity/data/puzzler_ominoes.json): every name builds or says why
not, every board's area is its pieces', every piece set has the published number of pieces, and every published
count is reproduced (the quick ones here, the rest under ``-m slow``) or its disagreement is the one recorded."""

from __future__ import annotations

import json

import pytest

import parity as pt
from parity.data.catalogue import PUZZLER_FILE, PUZZLER_NOT_YET, PUZZLER_OMINOES
from parity.data.oeis import A000105, A000988
from parity.errors import LimitError
from parity.puzzles.polyomino import FAMILY, PIECE_SETS, catalogue_entry

DATA = json.loads(PUZZLER_FILE.read_text())["puzzles"]
PUBLISHED = [name for name, entry in PUZZLER_OMINOES.items() if entry["count"] is not None]
FAST = [name for name in PUBLISHED if not DATA[name].get("slow")]
SLOW = [name for name in PUBLISHED if DATA[name].get("slow")]

#: sets that are no whole orders: their sizes by their definitions (Coffin's Cornucopia: the 17 hexominoes with no
#: symmetry and no 2 x 2 square; the pentominoes and one tetromino or monomino; the hexominoes and a second N)
SELECTED = {"cornucopia": 17, "pentominoes-plus-square-tetromino": 13, "pentominoes-plus-monomino": 13,
            "hexominoes-plus": 36}


def test_every_name_builds_or_says_why_not():
    assert len(DATA) == 113 and set(DATA) == set(PUZZLER_OMINOES) | set(PUZZLER_NOT_YET)
    assert not set(PUZZLER_OMINOES) & set(PUZZLER_NOT_YET) and len(PUZZLER_OMINOES) >= 109
    for name, reason in PUZZLER_NOT_YET.items():
        assert reason and DATA[name]["status"] == f"not yet: {reason}"
        with pytest.raises(LimitError, match="not yet built in parity"):
            catalogue_entry(name)


@pytest.mark.parametrize("name", sorted(PUZZLER_OMINOES))
def test_the_board_is_the_pieces_area(name):
    puzzle = FAMILY.build(puzzle=name)
    entry = DATA[name]
    assert len(puzzle.cells) == entry["cells"] == sum(row.count("#") for row in entry["board"])
    left_out = {len(puzzle.pieces[n]) for n in puzzle.omit_one_of}
    assert len(left_out) <= 1, name
    assert sum(len(cells) for cells in puzzle.pieces.values()) - sum(left_out) == len(puzzle.cells), name
    assert puzzle.describe().startswith(name) and puzzle.header()["puzzle"] == name


@pytest.mark.parametrize("pieces", sorted({entry["pieces"] for entry in PUZZLER_OMINOES.values()}))
def test_piece_sets_have_the_published_sizes(pieces):
    order, one_sided, _ = PIECE_SETS[pieces]
    orders = order if isinstance(order, tuple) else (order,)
    expected = SELECTED.get(pieces, sum((A000988 if one_sided else A000105)[n - 1] for n in orders))
    built = FAMILY.build(pieces=pieces, board_spec="rect:1x1", copies="any")
    assert len(built.pieces) == expected
    assert len({min(built.lattice.orientations(cells, built.one_sided)) for cells in built.pieces.values()}) == (
        expected - (pieces == "hexominoes-plus"))  # (the Sextillions hold the short N twice)


def _check_count(name):
    stats = pt.count_result(FAMILY.build(puzzle=name), up_to_symmetry=True).stats
    entry = DATA[name]
    if entry.get("agrees") is False:  # a disagreement explained in the data (a convention, Puzzler's own slip)
        assert entry["note"] and stats["count_up_to_symmetry"] == entry["found"]
    else:
        assert stats["count_up_to_symmetry"] == entry["count"] == PUZZLER_OMINOES[name]["count"]


@pytest.mark.parametrize("name", FAST)
def test_published_count(name):
    _check_count(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", SLOW)
def test_published_count_slow(name):
    _check_count(name)


def test_published_counts_name_their_source():
    for name in PUBLISHED:
        source = PUZZLER_OMINOES[name]["source"]
        assert source.startswith("Polyform Puzzler's docs/") or source.startswith("Polyform Puzzler's bin/"), name
    assert PUZZLER_OMINOES["polyominoes-2345-x-1"]["count"] == 178_355_676


def test_a_puzzler_puzzle_on_the_command_line():
    from parity.testing import run_cli

    code, out, err = run_cli("count", "polyform", "--puzzle", "pentominoes-cross-1", "--up-to-symmetry", "--json")
    data = json.loads(out)
    assert code == 0 and (data["published"], data["count_up_to_symmetry"]) == (14, 14)
    code, out, err = run_cli("count", "polyform", "--puzzle", "pentominoes-3x20-tube")
    assert code == 2 and "not yet built" in err and "tube" in err
    code, out, err = run_cli("count", "polyform", "--puzzle", "pentominoes-crss-1")
    assert code == 2 and "did you mean pentominoes-cross-1" in err
