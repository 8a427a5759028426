"""Polynomial nullity of Lights Out grids, cylinders and tori (``parity.linalg.poly``).

Checked against independent routes, never against the module itself:

* the matrix engine: ``LightsOut(board, rule).solution_space().nullity`` on the
  boards ``grid:MxN``, ``cylinder:MxN``, ``torus:MxN`` built by parity.boards;
* published values of the ``n x n`` closed-rule nullity and the classical
  ``gcd(m + 1, n + 1) - 1`` for the open rule on ``m x n`` grids;
* a plain polynomial route written here: ``f_n`` by the three-term
  recurrence (no doubling), one gcd of the full polynomials for a grid, and
  for a cycle the Smith form of its 2 x 2 presentation matrix (no closed
  forms), summed over pairs of invariant factors.
"""

import math
import subprocess
import sys

import flint
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parity.data.oeis import A159257, A165738
from parity.errors import BoardSpecError, ParityError, RuleError, TooLargeError
from parity.linalg.poly import (
    cycle_invariant_factors,
    cylinder_nullity,
    grid_nullity,
    path_polynomial,
    square_nullities,
    torus_nullity,
)
from parity.puzzles import LightsOut

FUNCTIONS = {"grid": grid_nullity, "cylinder": cylinder_nullity, "torus": torus_nullity}



def matrix_nullity(kind: str, m: int, n: int, rule: str) -> int:
    return LightsOut(f"{kind}:{m}x{n}", rule=rule).solution_space().nullity


# --------------------------------------------------------------------------- a plain polynomial route

X = flint.nmod_poly([0, 1], 2)


def plain_path(n: int, shift: int = 0):
    """``f_n(x + shift)`` by the recurrence ``f_{k+1} = (x + shift) f_k + f_{k-1}``."""
    gen = X + shift
    high, low = flint.nmod_poly([1], 2), flint.nmod_poly([], 2)
    for _ in range(n):
        high, low = gen * high + low, high
    return high


def plain_cycle_factors(k: int, shift: int = 0) -> list:
    """Invariant factors of the k-cycle's adjacency (+ shift I).

    The Smith form of the presentation matrix [[f_{k-2}+1, f_{k-1}], [f_{k-1}, f_k+1]]:
    the gcd of the entries, then the determinant divided by it.
    """
    if k <= 2:  # the boards do not wrap a direction of length 1 or 2
        return [plain_path(k, shift)]
    f0, f1, f2 = plain_path(k - 2, shift), plain_path(k - 1, shift), plain_path(k, shift)
    first = (f0 + 1).gcd(f1).gcd(f2 + 1)
    determinant = (f0 + 1) * (f2 + 1) + f1 * f1
    return [first, determinant // first]


def plain_sum(left: list, right: list) -> int:
    return sum(d.gcd(e).degree() for d in left for e in right)


def plain_nullity(kind: str, m: int, n: int, rule: str) -> int:
    shift = 1 if rule == "closed" else 0
    rows = [plain_path(m)] if kind in ("grid", "cylinder") else plain_cycle_factors(m)
    cols = [plain_path(n, shift)] if kind == "grid" else plain_cycle_factors(n, shift)
    return plain_sum(rows, cols)


# --------------------------------------------------------------------------- published values


def test_published_square_values():
    assert square_nullities(len(A159257)) == A159257
    assert [grid_nullity(n, n) for n in range(1, len(A159257) + 1)] == A159257
    # every start solvable (nullity 0) for n = 1, 2, 3, 6, 7, 8; the first non-zero values
    sizes = (1, 2, 3, 6, 7, 8, 4, 5, 9, 11, 14, 16, 17, 19)
    assert [grid_nullity(n, n) for n in sizes] == [0] * 6 + [4, 2, 8, 6, 4, 8, 2, 16]


def test_published_torus_values():
    assert [torus_nullity(n, n) for n in range(1, len(A165738) + 1)] == A165738


def test_open_rule_is_gcd_of_sides_plus_one():
    for m, n in [(1, 1), (5, 11), (99, 199), (10**6, 10**6), (2**40 - 1, 3 * 2**39 - 1), (10**12, 10**9 + 5)]:
        assert grid_nullity(m, n, rule="open") == math.gcd(m + 1, n + 1) - 1
    assert square_nullities(50, rule="open") == list(range(1, 51))


# --------------------------------------------------------------------------- the matrix engine


@pytest.mark.parametrize("rule", ["closed", "open"])
@pytest.mark.parametrize("kind", list(FUNCTIONS))
def test_every_board_up_to_12_matches_the_matrix(kind, rule):
    function = FUNCTIONS[kind]
    for m in range(1, 13):
        for n in range(1, 13):
            assert function(m, n, rule=rule) == matrix_nullity(kind, m, n, rule), (kind, rule, m, n)


def test_square_sweep_matches_the_matrix():
    expected = [matrix_nullity("grid", n, n, "closed") for n in range(1, 31)]
    assert square_nullities(30) == expected


@pytest.mark.slow
@pytest.mark.parametrize("rule", ["closed", "open"])
@pytest.mark.parametrize("kind", list(FUNCTIONS))
def test_every_board_up_to_30_matches_the_matrix(kind, rule):
    function = FUNCTIONS[kind]
    for m in range(1, 31):
        for n in range(1, 31):
            assert function(m, n, rule=rule) == matrix_nullity(kind, m, n, rule), (kind, rule, m, n)


@given(
    st.sampled_from(list(FUNCTIONS)),
    st.integers(1, 40),
    st.integers(1, 40),
    st.sampled_from(["closed", "open"]),
)
def test_random_boards_up_to_40_match_the_matrix(kind, m, n, rule):
    assert FUNCTIONS[kind](m, n, rule=rule) == matrix_nullity(kind, m, n, rule)


# --------------------------------------------------------------------------- the plain polynomial route


def test_path_polynomials_match_the_recurrence():
    for n in range(0, 300):
        for shift in (0, 1):
            assert path_polynomial(n, shift) == plain_path(n, shift), (n, shift)


def test_cycle_invariant_factors_match_the_smith_form():
    for k in range(1, 300):
        for shift in (0, 1):
            plain = [d for d in plain_cycle_factors(k, shift) if d.degree() > 0]
            got = cycle_invariant_factors(k, shift)
            assert got == plain, (k, shift)
            assert sum(d.degree() for d in got) == k
            assert all((b % a).is_zero() for a, b in zip(got, got[1:]))


@given(
    st.sampled_from(list(FUNCTIONS)),
    st.integers(1, 400),
    st.integers(1, 400),
    st.sampled_from(["closed", "open"]),
)
def test_random_boards_up_to_400_match_the_plain_route(kind, m, n, rule):
    assert FUNCTIONS[kind](m, n, rule=rule) == plain_nullity(kind, m, n, rule)


def test_square_sweep_matches_the_plain_route():
    N = 600
    got = square_nullities(N)
    high, low = flint.nmod_poly([1], 2), flint.nmod_poly([], 2)  # f_n(x)
    high1, low1 = flint.nmod_poly([1], 2), flint.nmod_poly([], 2)  # f_n(x + 1)
    for n in range(1, N + 1):
        high, low = X * high + low, high
        high1, low1 = (X + 1) * high1 + low1, high1
        assert got[n - 1] == high.gcd(high1).degree(), n


def test_large_boards_match_the_plain_route():
    # sizes whose odd parts of n + 1 differ, share factors, or are 1
    for m, n in [(1000, 999), (1023, 1535), (1200, 1200), (2047, 3000), (1500, 1501)]:
        assert grid_nullity(m, n) == plain_nullity("grid", m, n, "closed"), (m, n)
    for m, n in [(1000, 998), (1024, 768), (999, 1001)]:
        assert torus_nullity(m, n) == plain_nullity("torus", m, n, "closed"), (m, n)
        assert cylinder_nullity(m, n) == plain_nullity("cylinder", m, n, "closed"), (m, n)


# --------------------------------------------------------------------------- inputs


@pytest.mark.parametrize("function", [grid_nullity, cylinder_nullity, torus_nullity])
@pytest.mark.parametrize("bad", [0, -3, 2.5, "4", True, None])
def test_sizes_must_be_positive_integers(function, bad):
    with pytest.raises(BoardSpecError, match=r"must be a positive integer"):
        function(bad, 4)
    with pytest.raises(BoardSpecError, match=r"must be a positive integer"):
        function(4, bad)


@pytest.mark.parametrize("bad", [0, -1, 3.0, False])
def test_square_sweep_size_is_checked(bad):
    with pytest.raises(BoardSpecError, match=r"N must be a positive integer"):
        square_nullities(bad)


@pytest.mark.parametrize("function", [grid_nullity, cylinder_nullity, torus_nullity, square_nullities])
@pytest.mark.parametrize("bad", ["toggle", "Closed", None, 1])
def test_rule_must_be_closed_or_open(function, bad):
    args = (4,) if function is square_nullities else (4, 4)
    with pytest.raises(RuleError, match=r"^unknown rule .*; use one of closed, open$"):
        function(*args, rule=bad)


def test_error_messages_are_one_line_parity_errors():
    for call in (lambda: grid_nullity(0, 1), lambda: torus_nullity(3, 3, rule="x"), lambda: path_polynomial(-1)):
        with pytest.raises(ParityError) as info:
            call()
        assert "\n" not in str(info.value)


def test_numpy_integers_are_sizes():
    assert grid_nullity(np.int64(5), np.int32(5)) == 2
    assert isinstance(grid_nullity(np.int64(5), 5), int)


def test_huge_closed_boards_are_refused_before_any_work():
    with pytest.raises(TooLargeError, match=r"grid_nullity\(1000000000000, 1000000000000\)"):
        grid_nullity(10**12, 10**12)
    with pytest.raises(TooLargeError):
        square_nullities(10**13)


def test_huge_boards_without_a_gcd_are_answered():
    # f_k for k + 1 a power of two is a power of x: no polynomial is built
    assert grid_nullity(2**60 - 1, 2**60 - 1) == 0
    assert grid_nullity(2**60 - 1, 2**60 - 1, rule="open") == 2**60 - 1
    # C_k for k = 2^v: (S + S^-1)^(2^(v-1)) = S^-(2^(v-1)) (S^(2^v) + 1) = 0, two nilpotent blocks of size 2^(v-1)
    # each way, so the open torus has 4 pairs of x^(2^(v-1)): nullity 2^(v+1)
    assert torus_nullity(2**50, 2**50, rule="open") == 2**51


def test_importing_the_module_does_not_import_flint():
    code = "import sys, parity.linalg.poly; print('flint' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_a_sweep_too_long_to_hold_is_refused_before_it_starts():
    from parity.errors import TooLargeError
    from parity.linalg.poly import square_nullities

    for rule in ("open", "closed"):
        with pytest.raises(TooLargeError):
            square_nullities(10**9, rule)
