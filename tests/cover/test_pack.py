"""The pack engine against dancing links, brute force and published counts, on random and named boards."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parity as pt
import parity.testing  # noqa: F401  (run_cli)
from parity.cover import CoverProblem, write_cover
from parity.cover.pack import pack_count, pack_covers, pack_refusal
from parity.errors import EngineNotApplicableError
from parity.puzzles import Polyomino
from parity.puzzles.coverfile import CoverFile
from parity.puzzles.polyomino import polyominoes, random_packing

SQUARE_NEAR = ((0, 1), (1, 0), (0, -1), (-1, 0))


@st.composite
def holey_boards(draw):
    """A square board of up to 12 cells with holes, and pieces of 2 to 4 cells (the last may be smaller) whose
    area is the board's."""
    h, w = draw(st.integers(1, 3)), draw(st.integers(2, 4))
    cells = [(r, c) for r in range(h) for c in range(w) if not draw(st.booleans()) or (r, c) == (0, 0)]
    area, pieces, k = len(cells), {}, 0
    while area > 0:
        size = min(area, draw(st.integers(2, 4)))
        shapes = polyominoes(size)
        pieces[f"p{k}"] = list(shapes[draw(st.integers(0, len(shapes) - 1))])
        area -= size
        k += 1
    return Polyomino(pieces, cells, one_sided=draw(st.booleans()))


def _same_covers(puzzle):
    problem = puzzle.encoding("cover")
    assert pack_refusal(problem) is None
    listed = list(pack_covers(problem))
    assert len(listed) == len(set(map(tuple, listed))) == pack_count(problem)
    assert sorted(listed) == sorted(problem.covers())  # dancing links, another program
    for cover in listed:
        puzzle.verify(problem.decode(cover))


@given(holey_boards())
def test_pack_lists_and_counts_what_dancing_links_does_on_boards_with_holes(puzzle):
    _same_covers(puzzle)


@given(st.integers(0, 2**32 - 1))
def test_pack_agrees_with_dancing_links_on_the_cross_checks_random_packings(seed):
    puzzle = random_packing(random.Random(seed))  # four lattices, one-sided pieces, tilings
    if pack_refusal(puzzle.encoding("cover")) is None:
        _same_covers(puzzle)
    else:  # boxes with large layers are left to dlx, and so are the options that leave a piece out
        assert not puzzle.encoding("cover").ordered or puzzle.omit_one_of


@pytest.mark.parametrize("pieces, board, expected", [
    ("pentominoes", "rect:20x3", 8), ("pentominoes", "rect:15x4", 1472), ("pentominoes", "rect:12x5", 4040),
    ("tetrahexes", "hex-coin", None), ("soma", "box:3x3x3", 11520), ("hexiamonds", "tri-hexagon:10x4", None),
])
def test_pack_counts_the_published_boards(pieces, board, expected):
    # 2, 368 and 1010 pentomino rectangles up to their 4 symmetries; Soma's 240 up to its 48
    puzzle = Polyomino(pieces, board)
    counted = pt.count(puzzle, engine="pack")
    assert counted == pt.count(puzzle, engine="scan")
    if expected is not None:
        assert counted == expected


def test_pack_on_boards_of_several_words():
    # a strip of 70 cells (two words) in bars of 5 and 7: 14 fives, 7 fives and 5 sevens in C(12, 5) orders, or
    # 10 sevens; every region of fewer than 5 cells is cut off
    strip = Polyomino({"five": [(0, i) for i in range(5)], "seven": [(0, i) for i in range(7)]}, "rect:70x1",
                      copies="any")
    _same_covers(strip)
    assert pt.count(strip, engine="pack") == 1 + 792 + 1
    # 400 cells in seven words: one domino tiling, verified by the front door
    result = pt.solve(Polyomino("dominoes", "rect:20x20", copies="any"), engine="pack")
    assert result.engine == "pack" and len(result.solution) == 200


def test_region_cuts_need_connected_pieces():
    # a piece of two cells that do not touch: a region of one cell can still be filled through the gap, so the
    # region test is off and the count is dancing links' (the 1 x 4 board: the gapped piece and a domino)
    puzzle = Polyomino({"gap": [(0, 0), (0, 2)], "dot": [(0, 0)], "one": [(0, 0)]}, "rect:4x1")
    problem = puzzle.encoding("cover")
    assert pack_count(problem) == problem.count() == pt.count(puzzle, engine="sat") > 0


def test_pack_lists_across_batches(monkeypatch):
    from parity.cover import pack

    monkeypatch.setattr(pack, "BATCH", 3)
    puzzle = Polyomino("one-sided-tetrominoes", "rect:7x4")
    _same_covers(puzzle)


def test_pack_refusals_are_one_line(tmp_path):
    line = {0: [1], 1: [0]}
    assert "neighbours" in pack_refusal(CoverProblem([[0, 1]], ordered=True))
    assert "neighbours" in pack_refusal(CoverProblem([[0, 1]], neighbours=line))
    coloured = CoverProblem([[0, ("x", "red")], [1, ("x", "red")]], secondary=["x"], ordered=True, neighbours=line)
    assert "colours" in pack_refusal(coloured)
    two = CoverProblem([[0, "a", "b"], [1]], primary=[0, 1, "a", "b"], ordered=True, neighbours=line)
    assert "one piece" in pack_refusal(two)
    bare = CoverProblem([[0], [1], ["a"]], primary=[0, 1, "a"], ordered=True, neighbours=line)
    assert "covers none" in pack_refusal(bare)
    many = CoverProblem([[0, *range(2, 70)], [1]], ordered=True, neighbours=line)
    assert "at most 64" in pack_refusal(many)
    with pytest.raises(EngineNotApplicableError, match="neighbours"):
        pt.count(CoverFile(CoverProblem([["a"]]), ordered=True), engine="pack")
    path = tmp_path / "p.dlx"
    write_cover(CoverProblem([["a", "b"], ["a"], ["b"]]), path)
    run = pt.testing.run_cli("count", "cover", str(path), "--engine", "pack", "--ordered")
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1 and "neighbours" in run.err
    with pytest.raises(pt.errors.EncodingError, match="not a primary item"):
        CoverProblem([[0]], neighbours={5: [0]})
    with pytest.raises(pt.errors.EncodingError, match="must map"):
        CoverProblem([[0]], neighbours=[(0, 1)])


def test_the_command_line_names_pack_and_the_orbit_count():
    run = pt.testing.run_cli("count", "polyomino", "--board", "rect:15x4", "--json")
    answer = json.loads(run.out)
    assert run.code == 0 and answer["engine"] == "pack" and answer["count"] == 1472
    assert answer["count_method"] == "orbits" and answer["exact"] is True
    run = pt.testing.run_cli("count", "polyomino", "--board", "rect:15x4", "--engine", "dlx", "--json")
    assert json.loads(run.out)["count"] == 1472 and "count_method" not in json.loads(run.out)


def test_an_orbit_count_reports_compiling_as_loading_once(monkeypatch):
    # kernels compiled while the engine loads count as loading, once: the work and the loading add up to no more
    # than the whole call (a first run after installing compiles the pack kernels there)
    import time

    from parity import _compiled
    from parity.engines import ENGINES

    load = type(ENGINES["pack"]).load

    def compiling(self, problem):
        started = time.perf_counter()
        time.sleep(0.3)
        _compiled._SPENT[0] += time.perf_counter() - started  # as a kernel compiled now would
        load(self, problem)

    monkeypatch.setattr(type(ENGINES["pack"]), "load", compiling)
    for up in (False, True):
        result = pt.count_result(Polyomino("pentominoes", "rect:15x4"), up_to_symmetry=up)
        assert result.engine == "pack" and result.stats["count_method"] == "orbits"
        assert result.load_seconds >= 0.3 and result.seconds > 0
        assert result.seconds + result.load_seconds <= result.total_seconds + 1e-3


def _kernels_agree(puzzle, probe: int, monkeypatch) -> None:
    from parity.cover import pack

    problem = puzzle.encoding("cover")
    if pack_refusal(problem) is not None or pack.pack_words(problem) > 2:
        return
    monkeypatch.setattr(pack, "REGION_PROBE", probe)
    fast = [list(rows[:size]) for found, batch, sizes in pack._runs(problem, 40)
            for rows, size in zip(batch, sizes[:found])]
    general = [list(rows[:size]) for found, batch, sizes in pack._runs(problem, 40, general=True)
               for rows, size in zip(batch, sizes[:found])]
    assert fast == general  # the same covers in the same order (pruning only drops branches without one)
    assert sum(found for found, _, _ in pack._runs(problem, 0)) == len(general)


@given(st.integers(0, 2**32 - 1), st.sampled_from([1, 2, 7, 1 << 16]))
def test_the_two_word_kernel_lists_what_the_general_one_does(seed, probe):
    # random packings on four lattices (one and two words), the region test kept or dropped after a few probes
    import _pytest.monkeypatch

    with _pytest.monkeypatch.MonkeyPatch.context() as monkeypatch:
        _kernels_agree(random_packing(random.Random(seed)), probe, monkeypatch)


@pytest.mark.parametrize("pieces, board", [("pentominoes", "rect:15x4"), ("tetrahexes", "hex-coin"),
                                           ("one-sided-tetrominoes", "rect:7x4"), ("hexiamonds", "tri-hexagon:10x4")])
@pytest.mark.parametrize("probe", [3, 1 << 16])
def test_the_two_word_kernel_on_named_boards(pieces, board, probe, monkeypatch):
    _kernels_agree(Polyomino(pieces, board), probe, monkeypatch)
