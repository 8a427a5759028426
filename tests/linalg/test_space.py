"""SolutionSpace: index order, lazy iteration, exact arithmetic for large p, minimum weight and its guard.

Solutions are checked by substituting into ``A x = b`` with Python integers
and against brute force over every vector, never against the library itself.
"""

import itertools
import tracemalloc

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parity.errors import LimitError, NoSolutionError, NullityTooLargeError
from parity.linalg import SolutionSpace, solve


def satisfies(A, b, x, p) -> bool:
    """``A x = b`` mod p, in Python integers (no overflow)."""
    A, b, x = np.asarray(A).tolist(), np.asarray(b).tolist(), [int(v) for v in x]
    return len(x) == len(A[0]) and all(
        (sum(int(a) * v for a, v in zip(row, x)) - int(bi)) % p == 0 for row, bi in zip(A, b)
    )


def brute_solutions(A, b, p) -> list[tuple[int, ...]]:
    return [x for x in itertools.product(range(p), repeat=np.asarray(A).shape[1]) if satisfies(A, b, x, p)]


@st.composite
def small_systems(draw, fields=(2, 3, 5), max_cols=6):
    p = draw(st.sampled_from(fields))
    rows = draw(st.integers(1, 5))
    cols = draw(st.integers(1, max_cols if p < 5 else 5))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    r = draw(st.integers(0, min(rows, cols)))
    A = (rng.integers(0, p, (rows, r)) @ rng.integers(0, p, (r, cols))) % p
    b = (A @ rng.integers(0, p, cols)) % p if draw(st.booleans()) else rng.integers(0, p, rows)
    return p, A, b


# -- task: space[i] is the i-th solution of iter(space), for every field -----------------------------


@given(small_systems())
def test_index_order_is_iteration_order(system):
    p, A, b = system
    space = solve(A, b, field=p)
    walked = [x.tolist() for x in space]
    assert [space[i].tolist() for i in range(space.count)] == walked
    assert [space[-i - 1].tolist() for i in range(space.count)] == walked[::-1]
    assert sorted(map(tuple, walked)) == brute_solutions(A, b, p)  # every solution once


@pytest.mark.parametrize("p", [2, 3, 5])
def test_index_order_exhaustively_on_a_free_system(p):
    # x0 + x1 + x2 + x3 = 1: nullity 3, p^3 solutions
    A, b = np.array([[1, 1, 1, 1]]), np.array([1])
    space = solve(A, b, field=p)
    walked = [x.tolist() for x in space]
    assert len(walked) == p**3 == space.count
    assert [space[i].tolist() for i in range(p**3)] == walked
    assert all(satisfies(A, b, x, p) for x in walked) and len(set(map(tuple, walked))) == p**3
    with pytest.raises(IndexError):
        space[p**3]
    with pytest.raises(IndexError):
        space[-(p**3) - 1]


def test_gray_code_indexing_over_gf2():
    space = solve(np.array([[1, 1, 1]]), np.array([0]))
    # the walk adds basis[ctz(s)] at step s, so consecutive solutions differ in one basis vector
    walked = list(space)
    for x, y in zip(walked, walked[1:]):
        assert ((x + y) % 2).tolist() in space.basis.tolist()
    assert space[3].tolist() == walked[3].tolist()


# -- task: iteration never materialises range(p) or p^nullity vectors -------------------------------


def test_first_solution_of_a_huge_space_is_immediate():
    p = 1_000_003  # prime; the old itertools.product(range(p), repeat=3) held 3 x 10^6 ints
    A, b = np.array([[1, 1, 1, 1]]), np.array([5])
    space = SolutionSpace(p, 4, 1, [5, 0, 0, 0], [[p - 1, 1, 0, 0], [p - 1, 0, 1, 0], [p - 1, 0, 0, 1]], [1, 2, 3])
    tracemalloc.start()
    walk = iter(space)
    first = [next(walk) for _ in range(5)]
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 1 << 20  # nothing of size p was built
    assert all(satisfies(A, b, x, p) for x in first)
    assert [x.tolist() for x in first] == [space[i].tolist() for i in range(5)]
    # the walk carries into the next digits exactly like the index does
    q = 101
    space = SolutionSpace(q, 4, 1, [5, 0, 0, 0], [[q - 1, 1, 0, 0], [q - 1, 0, 1, 0], [q - 1, 0, 0, 1]], [1, 2, 3])
    walk = iter(space)
    walked = [next(walk).tolist() for _ in range(q * q + 2)]
    assert all(walked[i] == space[i].tolist() for i in (q - 1, q, q + 1, q * q - 1, q * q, q * q + 1))


# -- task: exact arithmetic up to p = 2^31 - 1 -----------------------------------------------------


def test_large_prime_field_is_exact():
    p = 2**31 - 1
    rng = np.random.default_rng(31)
    A = rng.integers(0, p, (3, 6))
    b = rng.integers(0, p, 3)
    space = solve(A, b, field=p)
    assert space.nullity == 3 and satisfies(A, b, space.particular, p)
    for i in [1, 5, p - 1, p, p**2 + 12345, 12345678901234567, space.count - 1, -1]:
        x = space[i]
        assert satisfies(A, b, x, p), i
        assert x in space
        wrong = x.copy()
        wrong[0] = (wrong[0] + 1) % p
        assert not satisfies(A, b, wrong, p) and wrong not in space
    # membership of a solution built by hand with Python integers, with coefficients near p
    combination = [int(v) for v in space.particular]
    for k, vector in enumerate(space.basis.tolist()):
        combination = [(c + (p - 1 - k) * v) % p for c, v in zip(combination, vector)]
    assert satisfies(A, b, combination, p) and np.array(combination) in space


def test_membership_refuses_what_is_not_a_vector_of_integers():
    space = solve(np.array([[1, 1, 0], [0, 1, 1]]), np.array([1, 0]))
    assert [0, 1, 1] in space and [0, 1, 3] in space  # entries are read mod p
    assert [0.0, 1.0, 1.5] not in space and ["0", "1", "1"] not in space and [0, 1] not in space
    assert [[0, 1, 1]] not in space and [0, 1, None] not in space


# -- task: minimum weight, exact and vectorised over GF(p), with an honest guard ---------------------


@given(small_systems(fields=(3, 5, 7), max_cols=5))
def test_minimum_weight_over_gfp_is_the_brute_force_minimum(system):
    p, A, b = system
    space = solve(A, b, field=p)
    brute = brute_solutions(A, b, p)
    if not brute:
        with pytest.raises(NoSolutionError):
            space.minimum_weight()
        return
    weight, x = space.minimum_weight()
    assert weight == min(sum(y) for y in brute) == int(x.sum())
    assert satisfies(A, b, x, p)
    # the first solution of least weight in iteration order
    assert x.tolist() == next(y.tolist() for y in space if int(y.sum()) == weight)


@given(st.integers(0, 2**32 - 1), st.sampled_from([3, 5, 7]), st.integers(1, 4), st.integers(1, 8))
def test_gfp_search_in_small_chunks(seed, p, nullity, ncols):
    """A chunk far below p^nullity: the table of low digits plus a mixed-radix count of the others."""
    from parity.linalg.space import _min_weight_gfp

    rng = np.random.default_rng(seed)
    particular = rng.integers(0, p, ncols)
    basis = rng.integers(0, p, (nullity, ncols))
    points = [
        [(int(a) + sum(c * int(v[j]) for c, v in zip(coefficients, basis))) % p for j, a in enumerate(particular)]
        for coefficients in itertools.product(range(p), repeat=nullity)
    ]
    for chunk in (1, ncols * p, ncols * p * p + 1, 1 << 20):  # tables of 1, p, p^2 rows, and all
        weight, x = _min_weight_gfp(particular, basis, p, chunk=chunk)
        assert weight == min(sum(y) for y in points) == int(x.sum()) and x.tolist() in points


def test_custom_weight_is_minimised():
    A, b = np.array([[1, 1, 0], [0, 1, 1]]), np.array([1, 2])
    space = solve(A, b, field=3)
    weight, x = space.minimum_weight(weight=lambda y: -int(y.sum()))
    assert weight == min(-sum(y) for y in brute_solutions(A, b, 3)) and satisfies(A, b, x, 3)


@pytest.mark.parametrize("field", [2, 3])
def test_minimum_weight_of_an_unsolvable_system(field):
    space = solve(np.array([[1, 1], [1, 1]]), np.array([1, 0]), field=field)
    with pytest.raises(NoSolutionError, match="no solution"):
        space.minimum_weight()


def test_guard_counts_gfp_visits_as_64_gf2_steps():
    space = solve(np.zeros((1, 18), dtype=int), np.zeros(1, dtype=int), field=3)
    with pytest.raises(NullityTooLargeError, match=r"3\^18 = 387420489 solutions over GF\(3\).*2\^30 GF\(2\) steps \(about 16777216"):
        space.minimum_weight()
    with pytest.raises(NullityTooLargeError):  # 3^13 * 64 > 2^24
        solve(np.zeros((1, 13), dtype=int), np.zeros(1, dtype=int), field=3).minimum_weight(max_nullity=24)
    assert solve(np.zeros((1, 8), dtype=int), np.zeros(1, dtype=int), field=3).minimum_weight()[0] == 0
    # GF(2) visits by the compiled walk count one step each: 2^24 solutions pass the default guard
    with pytest.raises(NullityTooLargeError, match=r"2\^31"):
        solve(np.zeros((1, 31), dtype=int), np.zeros(1, dtype=int)).minimum_weight()
    # a weight function is called in Python: 64 steps a visit over GF(2) too
    with pytest.raises(NullityTooLargeError):
        solve(np.zeros((1, 25), dtype=int), np.zeros(1, dtype=int)).minimum_weight(weight=lambda y: 0)
    with pytest.raises(LimitError):
        space.minimum_weight(max_nullity="30")
