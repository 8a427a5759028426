"""Packings by any k pieces of a set (``choose``): the counts against each selection's own puzzle, counted apart
by another route, and Polyform Puzzler's published count of its two-pentacube chair."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parity as pt
import parity.testing  # noqa: F401  (run_cli)
from parity.api import count_up_to_symmetry
from parity.cover import CoverProblem
from parity.errors import InvalidSolution, LimitError
from parity.puzzles import Polyomino
from parity.puzzles.polyomino import FAMILY
from parity.puzzles.polyomino.sets import _piece_set, catalogue_entry


def _by_selections(pieces: dict, cells, k: int, one_sided: bool, lattice: str) -> tuple[int, int]:
    """Every packing and the packings up to symmetry summed over every selection of k pieces, each selection a
    puzzle of its own: its packings counted by dancing links, its orbits by Burnside's lemma over its listed
    packings (not the least images the choose puzzle keeps)."""
    every = orbits = 0
    for chosen in itertools.combinations(sorted(pieces), k):
        part = Polyomino({name: pieces[name] for name in chosen}, cells, one_sided=one_sided, lattice=lattice)
        found = pt.count(part, engine="dlx")
        every += found
        if found:
            orbits += count_up_to_symmetry(part, method="listing")["count_up_to_symmetry"]
    return every, orbits


@pytest.mark.parametrize("pieces, board, k", [
    ("one-sided-tetrominoes", "rect:4x4", 4), ("pentominoes", "rect:5x4", 4), ("tetrominoes", "rect:4x2", 2),
    ("trominoes", "rect:3x2", 2), ("tetracubes", "box:2x2x2", 2),
])
def test_counts_are_the_sums_over_every_selection(pieces, board, k):
    puzzle = Polyomino(pieces, board, choose=k)
    counted = pt.count_result(puzzle, up_to_symmetry=True)
    shapes, one_sided, lattice = _piece_set(pieces, None)
    every, orbits = _by_selections(shapes, puzzle.cells, k, one_sided, lattice.name)
    assert counted.count == every == pt.count(puzzle, engine="dlx") == pt.count(puzzle, engine="sat")
    assert counted.stats["count_up_to_symmetry"] == orbits


@st.composite
def chosen_packings(draw):
    """Three to five pieces of one size (2 or 3 cells) and a board of k of them, cut from a small rectangle."""
    size = draw(st.sampled_from([2, 3]))
    shapes = list(_piece_set({2: "dominoes", 3: "trominoes"}[size], None)[0].values())
    n = draw(st.integers(3, 5))
    pieces = {f"p{i}": draw(st.sampled_from(shapes)) for i in range(n)}
    k = draw(st.integers(1, min(n, 4)))
    w = draw(st.integers(1, 4))
    cells = [(r, c) for r in range(k * size) for c in range(w)][:k * size]
    return Polyomino(pieces, cells, one_sided=draw(st.booleans()), choose=k)


@settings(max_examples=25)
@given(chosen_packings())
def test_random_selections_against_each_selection_counted_apart(puzzle):
    counted = pt.count_result(puzzle, up_to_symmetry=True)
    every, orbits = _by_selections(puzzle.pieces, puzzle.cells, puzzle.choose, puzzle.one_sided, "square")
    assert counted.count == every and counted.stats["count_up_to_symmetry"] == orbits


def test_the_chair_of_two_pentacubes_is_puzzlers_17():
    # Polyform Puzzler: each solution uses two of the 29 pentacubes, and only 17 pairs (of 406) make the chair
    puzzle = FAMILY.build(puzzle="pentacubes-2x3x2-chair")
    assert puzzle.choose == 2 and len(puzzle.cells) == 10
    counted = pt.count_result(puzzle, up_to_symmetry=True)
    assert counted.stats["count_up_to_symmetry"] == catalogue_entry("pentacubes-2x3x2-chair")["count"] == 17
    assert counted.stats["selections"] == 17
    assert counted.count == pt.count(puzzle, engine="dlx") == pt.count(puzzle, engine="sat") == 20
    result = pt.solve(puzzle)
    assert len(result.solution) == 2


def test_the_cover_problem_holds_pieces_as_secondary_items():
    puzzle = Polyomino("trominoes", "rect:3x2", choose=2)
    problem = puzzle.encoding("cover")
    assert isinstance(problem, CoverProblem) and set(puzzle.pieces) <= set(problem.secondary)
    assert not set(puzzle.pieces) & set(problem.primary)


def test_a_solution_places_k_pieces_each_once():
    puzzle = Polyomino("one-sided-tetrominoes", "rect:4x4", choose=4)
    good = pt.solve(puzzle).solution
    puzzle.verify(good)
    name = next(iter(good))
    with pytest.raises(InvalidSolution, match="4 of the 7 pieces"):
        puzzle.verify({name: good[name]})
    with pytest.raises(InvalidSolution):
        puzzle.verify({**good, "nope": good[name]})


@pytest.mark.parametrize("kwargs, message", [
    ({"pieces": "pentominoes", "board": "rect:5x2", "choose": 0}, "from 1 to 12"),
    ({"pieces": "pentominoes", "board": "rect:5x2", "choose": True}, "whole number"),
    ({"pieces": "pentominoes", "board": "rect:5x2", "choose": "2"}, "whole number"),
    ({"pieces": "pentominoes", "board": "rect:5x2", "choose": 13}, "from 1 to 12"),
    ({"pieces": "pentominoes", "board": "rect:5x3", "choose": 2}, "cover 10, and the board has 15"),
    ({"pieces": "polyominoes-1234", "board": "rect:4x2", "choose": 2}, "one size"),
    ({"pieces": "pentominoes", "board": "rect:5x2", "choose": 2, "copies": "any"}, "copies='any'"),
    ({"pieces": "pentominoes", "board": "rect:5x2", "choose": 2, "omit_one_of": "X"}, "omit_one_of"),
])
def test_choose_refuses_in_one_line(kwargs, message):
    with pytest.raises(LimitError, match=message):
        Polyomino(**kwargs)


def test_the_command_line_takes_choose_and_refuses_another_convention():
    run = pt.testing.run_cli("count", "polyomino", "--pieces", "one-sided-tetrominoes", "--board", "rect:4x4",
                             "--choose", "4", "--up-to-symmetry", "--json")
    answer = json.loads(run.out)
    assert run.code == 0 and answer["choose"] == 4 and answer["count_up_to_symmetry"] == 6
    assert "selection" in answer["up_to_text"]
    run = pt.testing.run_cli("count", "polyomino", "--pieces", "trominoes", "--board", "rect:3x2", "--choose", "2",
                             "--up-to-symmetry", "--symmetry", "rotations")
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1 and "selection by selection" in run.err
    run = pt.testing.run_cli("count", "polyomino", "--pieces", "trominoes", "--board", "rect:3x2", "--choose", "x")
    assert run.code == 2
    run = pt.testing.run_cli("count", "polyform", "--puzzle", "pentacubes-2x3x2-chair", "--choose", "2")
    assert run.code == 2 and "--choose" in run.err


def test_the_chair_written_as_puzzlers_file_reads_back(tmp_path):
    path = tmp_path / "chair.txt"
    run = pt.testing.run_cli("export", "polyform", "--puzzle", "pentacubes-2x3x2-chair", "--format", "puzzler",
                             "-o", str(path))
    assert run.code == 0, run.err
    assert path.read_text().count("solution ") == 17
    run = pt.testing.run_cli("verify", "polyform", "--puzzle", "pentacubes-2x3x2-chair", str(path))
    assert run.code == 0 and "17 distinct, 17 up to symmetry" in run.out
