"""``parity catalogue``: every named puzzle once, with what builds it, against the catalogue's data and by building
a sample."""

from __future__ import annotations

import json

import parity as pt
from parity.data.catalogue import PUZZLER, PUZZLER_NOT_YET, PUZZLES
from parity.puzzles.polyomino import catalogue
from parity.puzzles.registry import family
from parity.testing import run_cli


def test_every_name_once_with_its_published_count():
    code, out, err = run_cli("catalogue", "--json")
    assert code == 0, err
    rows = json.loads(out)["puzzles"]
    names = [row["name"] for row in rows]
    assert len(names) == len(set(names)) == len({*PUZZLES, *PUZZLER, *PUZZLER_NOT_YET})
    for row in rows:
        if row["built"]:
            entry = PUZZLES.get(row["name"]) or PUZZLER[row["name"]]
            assert row["published"] == entry["count"] and row["pieces"] == entry["pieces"]
        else:
            assert row["reason"] == PUZZLER_NOT_YET[row["name"]]


def test_a_family_s_rows_build_the_puzzle_they_name():
    rows = catalogue("cubes")
    assert rows and all(row["family"] == "cubes" for row in rows)
    soma = next(row for row in rows if row["name"] == "soma-3x3x3")
    puzzle = family("polyomino").build(puzzle="soma-3x3x3")
    assert len(puzzle.cells) == 27 and soma["published"] == 240
    strip = next(row for row in catalogue("ominoes") if row["name"] == "pentominoes-3x20")
    counted = pt.count_result(family("polyomino").build(puzzle="pentominoes-3x20"), up_to_symmetry=True)
    assert counted.stats["count_up_to_symmetry"] == strip["published"] == 2


def test_an_unknown_family_is_one_line():
    code, _, err = run_cli("catalogue", "--family", "ominos")
    assert code == 2 and err.count("\n") == 1 and "ominoes, iamonds" in err
