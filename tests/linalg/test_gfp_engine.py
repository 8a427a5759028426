"""GF(p) through galois: solution spaces checked by substitution and by brute force."""

import itertools

import galois
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parity.errors import FieldError, UnknownEngineError
from parity.linalg import null_space, rank, rref, solve


@st.composite
def systems(draw, fields=(2, 3, 5), max_size=9):
    p = draw(st.sampled_from(fields))
    rows = draw(st.integers(1, max_size))
    cols = draw(st.integers(1, max_size))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    r = draw(st.integers(0, min(rows, cols)))
    A = (rng.integers(0, p, (rows, r)) @ rng.integers(0, p, (r, cols))) % p
    if draw(st.booleans()):
        b = (A @ rng.integers(0, p, cols)) % p
    else:
        b = rng.integers(0, p, rows)
    return p, A, b


@given(systems())
def test_solution_space_is_every_solution(system):
    p, A, b = system
    space = solve(A, b, field=p)
    assert space.rank == np.linalg.matrix_rank(galois.GF(p)(A))
    if p ** A.shape[1] <= 4096:  # brute force: every vector of GF(p)^n
        brute = [x for x in itertools.product(range(p), repeat=A.shape[1]) if not ((A @ np.array(x) - b) % p).any()]
        assert space.count == len(brute)
        assert sorted(tuple(x.tolist()) for x in space) == sorted(brute)
    for x in itertools.islice(space, 50):
        assert not ((A @ x - b) % p).any() and x in space


@given(systems())
def test_null_space_and_membership(system):
    p, A, b = system
    N = null_space(A, field=p)
    assert N.shape[0] == A.shape[1] - rank(A, field=p)
    assert not ((A @ N.T) % p).any()
    space = solve(A, b, field=p)
    if space.solvable and space.nullity:
        x = (space.particular + N[0]) % p
        assert x in space
        z = space.particular.copy()
        changed = [c for c in range(A.shape[1]) if c not in space.free]
        if changed and A[:, changed[0]].any():
            z[changed[0]] = (z[changed[0]] + 1) % p
            assert z not in space


@given(systems(fields=(2,)))
def test_both_engines_agree_over_gf2(system):
    _, A, b = system
    ours, theirs = solve(A, b, engine="gf2"), solve(A, b, engine="galois")
    assert (ours.count, ours.rank) == (theirs.count, theirs.rank)
    assert rref(A, engine="gf2")[1] == rref(A, engine="galois")[1]


def test_indexing_enumerates_the_space():
    space = solve(np.array([[1, 1, 1]]), np.array([1]), field=3)
    assert space.count == 9
    assert sorted(tuple(space[i].tolist()) for i in range(9)) == sorted(tuple(x.tolist()) for x in space)
    with pytest.raises(IndexError):
        space[9]


def test_unsolvable_space():
    space = solve(np.array([[1, 2], [2, 4]]), np.array([1, 1]), field=5)
    assert not space.solvable and space.count == 0 and list(space) == [] and np.zeros(2) not in space


@pytest.mark.parametrize("p", [1, 4, 9, 2.5, "x"])
def test_non_prime_fields_are_rejected(p):
    with pytest.raises(FieldError):
        solve(np.eye(2, dtype=int), np.zeros(2, dtype=int), field=p)


def test_gf2_engine_refuses_other_fields():
    with pytest.raises(UnknownEngineError, match="does not work over GF"):
        solve(np.eye(2, dtype=int), np.zeros(2, dtype=int), field=3, engine="gf2")
    with pytest.raises(UnknownEngineError, match="known: gf2, gfp, galois"):
        solve(np.eye(2, dtype=int), np.zeros(2, dtype=int), engine="m4ri")


def test_minimum_weight_matches_brute_force_over_gf3():
    A = np.array([[1, 1, 0, 0], [0, 1, 1, 0]])
    space = solve(A, np.array([1, 2]), field=3)
    weight, x = space.minimum_weight()
    assert weight == min(int(y.sum()) for y in space) and x in space
