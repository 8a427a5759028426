"""The compiled frontier count of tilings and packings: equal to the memo in Python (its plain reference), to
dancing links on small boards, to OEIS A004003 past 64 and past 128 bits (the Chinese remainder route), and to
OEIS's tetromino and tromino tilings of rectangles by board size."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parity as pt
from parity.cover import CoverProblem
from parity.cover._profile_kernels import profile_run
from parity.cover.memo import memo_count
from parity.cover.profile import count_bound, profile_count, profile_refusal, profile_tables
from parity.engines.cover import MemoEngine
from parity.errors import TooLargeError
from parity.puzzles.polyomino import random_packing

from test_memo import profile_dp  # (the broken-profile DP written out for dominoes)

# OEIS A004003: domino tilings of the 2n x 2n board, n = 0..9 (n = 9 is past 2**128)
A004003 = [1, 2, 36, 6728, 12988816, 258584046368, 53060477521960000, 112202208776036178000000,
           2444888770250892795802079170816, 548943583215388338077567813208427340288]


# OEIS A230031: tetromino tilings of the k x n rectangle (any shapes, any number), rows k = 4, 6, 8, n = 0..8
A230031 = {4: [1, 1, 4, 23, 117, 454, 2003, 9157, 40899],
           6: [1, 0, 9, 0, 2003, 0, 178939, 0, 22483347],
           8: [1, 1, 25, 997, 40899, 800290, 22483347, 657253434, 19077209438]}
# OEIS A233339, A233340, A233343: tromino tilings of the 4 x 3n, 5 x 3n and 7 x 3n rectangles, n = 0..
TROMINOES = {4: [1, 23, 939, 41813, 1895145, 86208957, 3924499731, 178682349823, 8135650498647, 370429531112741,
                 16866286184557689, 767950873073579951, 34966119230441665595],
             5: [1, 62, 8342, 1269900, 198253934, 31111319376, 4887323351972, 767919868804309,
                 120664440361104580, 18960353496615710993, 2979300461790704311162, 468147088780110777732830,
                 73561466714064126023807694, 11558951424929920406557632356, 1816295465197137076501207582877],
             7: [1, 441, 614581, 1064557805, 1949314526229, 3619365754064658, 6743148875847013949,
                 12573396789552627635974, 23449283563696481324707977, 43734844458505039459034141789]}


def _tiling(pieces: str, width: int, height: int):
    return pt.Polyomino(pieces, f"rect:{width}x{height}", copies="any").encoding("cover")


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["dominoes", "trominoes", "tetrominoes", "pentominoes", "one-sided-tetrominoes", "monominoes"]),
       st.integers(1, 7), st.integers(1, 6))
def test_the_frontier_count_is_the_memo_s(pieces, width, height):
    problem = _tiling(pieces, width, height)
    assert profile_count(problem) == memo_count(problem)


@pytest.mark.parametrize("pieces, board", [("tetrominoes", "rect:4x4"), ("trominoes", "rect:6x3"),
                                           ("pentominoes", "rect:5x5"), ("trihexes", "hex-parallelogram:3x2"),
                                           ("tetriamonds", "tri-parallelogram:2x2"), ("dominoes", "rect:5x4")])
def test_the_frontier_count_is_the_number_of_tilings_dancing_links_lists(pieces, board):
    problem = pt.Polyomino(pieces, board, copies="any").encoding("cover")
    assert profile_refusal(problem) is None
    assert profile_count(problem) == problem.count()


@pytest.mark.parametrize("n", range(1, 10))
def test_domino_tilings_of_squares_are_oeis_a004003(n):
    assert profile_count(_tiling("dominoes", 2 * n, 2 * n)) == A004003[n]


@pytest.mark.parametrize("k", sorted(A230031))
def test_tetromino_tilings_by_board_size_are_oeis_a230031(k):
    assert [profile_count(_tiling("tetrominoes", n, k)) if n else 1 for n in range(9)] == A230031[k]


@pytest.mark.parametrize("k", sorted(TROMINOES))
def test_tromino_tilings_by_board_size_are_oeis_a233339_a233340_a233343(k):
    """Past 2**64 on the longer boards (5 x 42: 1.8e30)."""
    assert [profile_count(_tiling("trominoes", 3 * n, k)) if n else 1 for n in range(len(TROMINOES[k]))] == \
        TROMINOES[k]


@pytest.mark.parametrize("m, n", [(3, 17), (9, 10), (11, 12)])
def test_domino_tilings_of_rectangles_agree_with_a_profile_dp(m, n):
    assert profile_count(_tiling("dominoes", n, m)) == profile_dp(m, n)


def test_a_count_past_128_bits_is_reported_wrapped_and_joined_to_residues():
    problem = _tiling("dominoes", 18, 18)  # 5.5e38 tilings
    start, masks, _ = profile_tables(problem)
    assert count_bound(problem, start) >= A004003[9] > 2 ** 128
    lo, hi, status, _ = profile_run(start, masks, len(problem.primary), np.uint64(0), 10 ** 9,
                                    np.uint64(2 ** 63 - 1), np.uint64(0))
    assert status == 1 and int(lo) + (int(hi) << 64) == A004003[9] % 2 ** 128
    assert profile_count(problem) == A004003[9]  # its residues modulo 2**128 and a prime, joined


def test_what_the_frontier_count_refuses_and_its_bound():
    assert "primary items only" in profile_refusal(CoverProblem([["a", "s"], ["b"]], secondary=["s"], ordered=True))
    assert "ordered" in profile_refusal(CoverProblem([["a"], ["b"]]))
    far = CoverProblem([["a", 99]] + [[k] for k in range(100)], primary=["a", *range(100)], ordered=True)
    assert "spans more than 63" in profile_refusal(far)
    # a packing: each piece an item outside the order, its bit above the cells ahead, which then number fewer
    assert profile_refusal(pt.Polyomino("pentominoes", "rect:10x6").encoding("cover")) is None
    assert "spans more than 28 cells" in profile_refusal(pt.Polyomino("hexominoes", "rect:15x14").encoding("cover"))
    assert "one piece each" in profile_refusal(pt.Polyomino("pentominoes", "rect:11x5",
                                                            omit_one_of="XI").encoding("cover"))  # (the '!' item)
    with pytest.raises(TooLargeError, match="states"):
        profile_count(_tiling("dominoes", 8, 8), limit=10)
    assert profile_count(CoverProblem([], primary=[], ordered=True)) == 1
    assert profile_count(CoverProblem([["a"]], primary=["a", "b"], ordered=True)) == 0


def test_the_memo_engine_counts_large_tilings_compiled_and_small_ones_in_python(monkeypatch):
    import parity.cover.profile as profile

    compiled = []
    original = profile.profile_count
    monkeypatch.setattr(profile, "profile_count", lambda problem: compiled.append(problem) or original(problem))
    small = pt.Polyomino("dominoes", "rect:4x4", copies="any")
    large = pt.Polyomino("tetrominoes", "rect:8x8", copies="any")  # past PYTHON_FIRST subproblems
    assert MemoEngine.compiled(small.encoding("cover")) and MemoEngine.compiled(large.encoding("cover"))
    assert pt.count(small, engine="memo") == 36 and compiled == []
    assert pt.count(large, engine="memo") == 19077209438 and compiled == [large.encoding("cover")]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_packings_counted_along_the_frontier_with_their_pieces_placed_in_the_state(seed):
    # each piece an item of its own: the pieces placed ride in the state's top bits; against the memo in Python
    # (the reference) and dancing links, on the cross-check's random packings that the count takes
    puzzle = random_packing(random.Random(seed))
    problem = puzzle.encoding("cover")
    if profile_refusal(problem) is not None:
        return
    assert profile_count(problem) == memo_count(problem) == problem.count()


@pytest.mark.parametrize("pieces, board, expected", [
    ("pentominoes", "rect:10x6", 9356), ("pentominoes", "rect:20x3", 8), ("tetrominoes", "rect:5x4", 0),
    ("one-sided-tetrominoes", "rect:7x4", None),
])
def test_packings_by_the_frontier_count_and_their_published_counts(pieces, board, expected):
    # 2339 and 2 pentomino rectangles up to their 4 symmetries: 9356 and 8 packings
    puzzle = pt.Polyomino(pieces, board)
    counted = profile_count(puzzle.encoding("cover"))
    assert counted == pt.count(puzzle, engine="pack")
    assert expected is None or counted == expected
