"""The bit-packed GF(2) engine against galois and against the plain-Python reference."""

import galois
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parity.linalg import (
    Echelon,
    null_space_gf2,
    pack,
    pack_entries,
    rank_gf2,
    rref_gf2,
    solve,
    solve_gf2,
    unpack,
)
from parity.linalg._gf2_reference import null_space_reference, rref_reference

GF2 = galois.GF(2)


@st.composite
def binary_matrices(draw, max_rows=140, max_cols=140):
    """Random 0/1 matrices of every density, with planted low rank and duplicate rows."""
    rows = draw(st.integers(1, max_rows))
    cols = draw(st.integers(1, max_cols))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    kind = draw(st.sampled_from(["dense", "sparse", "low-rank", "banded"]))
    if kind == "dense":
        A = rng.random((rows, cols)) < 0.5
    elif kind == "sparse":
        A = rng.random((rows, cols)) < 0.03
    elif kind == "low-rank":
        r = draw(st.integers(0, min(rows, cols)))
        A = (rng.integers(0, 2, (rows, r)) @ rng.integers(0, 2, (r, cols))) % 2
    else:
        A = np.zeros((rows, cols), dtype=bool)
        for i in range(rows):
            lo = max(0, i * cols // rows - 3)
            A[i, lo : lo + 7] = rng.random(len(range(lo, min(cols, lo + 7)))) < 0.6
    return A.astype(np.uint8)


@given(binary_matrices())
def test_rank_and_null_space_agree_with_galois(A):
    G = GF2(A)
    assert rank_gf2(A) == np.linalg.matrix_rank(G)
    N = null_space_gf2(A)
    assert N.shape == (A.shape[1] - rank_gf2(A), A.shape[1])
    assert not ((A.astype(np.int64) @ N.T.astype(np.int64)) % 2).any()
    # same space as galois' null space: equal row spaces
    reference = np.asarray(G.null_space())
    assert np.array_equal(np.asarray(GF2(N).row_reduce()) if N.size else N, reference if reference.size else N)


@given(binary_matrices())
def test_rref_agrees_with_galois_and_reference(A):
    R, pivots = rref_gf2(A)
    reference = np.asarray(GF2(A).row_reduce())[: len(pivots)]
    assert np.array_equal(R, reference)
    R2, pivots2 = rref_reference(A)
    assert pivots == pivots2 and np.array_equal(R, R2)


@given(binary_matrices(max_rows=60, max_cols=60))
def test_null_basis_is_the_reference_basis(A):
    assert np.array_equal(null_space_gf2(A), null_space_reference(A))


@given(binary_matrices(), st.integers(0, 2**32 - 1), st.booleans())
def test_solve_agrees_with_galois_solution_space(A, seed, planted):
    rng = np.random.default_rng(seed)
    if planted:  # a right-hand side known to be solvable
        b = (A.astype(np.int64) @ rng.integers(0, 2, A.shape[1])) % 2
    else:
        b = rng.integers(0, 2, A.shape[0])
    ours = solve_gf2(A, b)
    theirs = solve(A, b, engine="galois")
    assert ours.count == theirs.count and ours.rank == theirs.rank
    assert ours.solvable == theirs.solvable
    if planted:
        assert ours.solvable
    if ours.solvable:
        assert np.array_equal(ours.particular, theirs.particular)
        assert np.array_equal(ours.basis, theirs.basis)
        assert not ((A.astype(np.int64) @ ours.particular - b) % 2).any()
    else:  # a certificate: y A = 0 and y b = 1 exists exactly when unsolvable
        left = np.asarray(GF2(A.T).null_space()).astype(np.int64)
        assert ((left @ b) % 2).any()


@given(binary_matrices(max_rows=70, max_cols=70))
def test_pack_round_trip(A):
    assert np.array_equal(unpack(pack(A), A.shape[1]), A)
    rows, cols = np.nonzero(A)
    assert np.array_equal(pack_entries(A.shape[0], A.shape[1], rows, cols), pack(A))


def test_pack_entries_cancels_pairs():
    assert unpack(pack_entries(1, 3, [0, 0, 0], [1, 1, 2]), 3).tolist() == [[0, 0, 1]]


def test_column_boundaries():
    # pivots and free columns on both sides of word boundaries
    for cols in (63, 64, 65, 127, 128, 129, 200):
        A = np.eye(cols, dtype=np.uint8)
        A[:, -1] = 1
        A[-1, -1] = 0
        assert rank_gf2(A) == cols - 1
        N = null_space_gf2(A)
        assert N.shape == (1, cols) and not ((A.astype(int) @ N[0]) % 2).any()


def test_negative_and_bool_entries():
    assert rank_gf2(np.array([[-1, 1], [1, 1]])) == 1
    assert rank_gf2(np.array([[True, False], [False, True]])) == 2


def test_echelon_on_packed_input():
    E = Echelon(pack([[1, 1], [1, 1]]), [1, 0], ncols=2)
    assert E.rank == 1 and not E.consistent


def test_shape_errors():
    from parity.errors import ShapeError

    with pytest.raises(ShapeError, match="b has shape"):
        solve_gf2([[1, 0]], [1, 0])
    with pytest.raises(ShapeError, match="expected a matrix"):
        rank_gf2([1, 0, 1])
    with pytest.raises(ShapeError, match="integers"):
        rank_gf2([[0.5]])
