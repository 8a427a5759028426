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
from parity.testing import echelon_answers

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
    with pytest.raises(ShapeError, match="must be a matrix"):
        rank_gf2([1, 0, 1])
    with pytest.raises(ShapeError, match="integers"):
        rank_gf2([[0.5]])


# -- the two elimination methods: Python integers and the numba kernels ------------------------------


@given(binary_matrices(), st.integers(0, 2**32 - 1), st.booleans())
def test_python_method_agrees_with_kernels_and_galois(A, seed, planted):
    rng = np.random.default_rng(seed)
    b = (A.astype(np.int64) @ rng.integers(0, 2, A.shape[1])) % 2 if planted else rng.integers(0, 2, A.shape[0])
    small = Echelon(A, b, method="python")
    kernel = Echelon(A, b, method="packed")
    assert (small.method, kernel.method) == ("python", "packed")
    assert echelon_answers(small) == echelon_answers(kernel)
    # galois, independently: the reduced form of [A | b] gives rank, pivots and consistency
    R = np.asarray(GF2(np.hstack([A, b[:, None].astype(np.uint8)])).row_reduce(ncols=A.shape[1])).astype(np.uint8)
    lead = [int(np.flatnonzero(row[:-1])[0]) for row in R if row[:-1].any()]
    assert small.pivots == lead and small.rank == np.linalg.matrix_rank(GF2(A))
    assert small.consistent == (not R[len(lead) :, -1].any())
    assert np.array_equal(small.rref(), R[: len(lead), :-1])
    if small.consistent:
        particular = np.zeros(A.shape[1], dtype=np.uint8)
        particular[lead] = R[: len(lead), -1]
        assert np.array_equal(small.particular(), particular)


@given(binary_matrices(max_rows=70, max_cols=70), st.integers(0, 2**32 - 1))
def test_solve_routes_agree_on_the_whole_space(A, seed):
    b = np.random.default_rng(seed).integers(0, 2, A.shape[0])
    spaces = [Echelon(A, b, method=m).space() for m in ("python", "packed")] + [solve(A, b, engine="galois")]
    for space in spaces[1:]:
        assert (space.rank, space.count, space.free) == (spaces[0].rank, spaces[0].count, spaces[0].free)
        assert (space.particular is None) == (spaces[0].particular is None)
        if space.solvable:
            assert np.array_equal(space.particular, spaces[0].particular)
            assert np.array_equal(space.basis, spaces[0].basis)


def test_packed_input_through_both_methods():
    rng = np.random.default_rng(7)
    A = (rng.random((90, 130)) < 0.05).astype(np.uint8)
    b = rng.integers(0, 2, 90)
    rows, cols = np.nonzero(A)
    small = Echelon(pack_entries(90, 130, rows, cols), b, ncols=130, method="python")
    kernel = Echelon(pack_entries(90, 130, rows, cols), b, ncols=130, method="packed")
    assert echelon_answers(small) == echelon_answers(kernel) == echelon_answers(Echelon(A, b, method="python"))


@pytest.mark.parametrize("method", ["python", "packed"])
@pytest.mark.parametrize("shape", [(0, 0), (3, 0), (0, 3), (1, 64), (64, 1), (2, 65)])
def test_empty_and_boundary_shapes(method, shape):
    A = np.zeros(shape, dtype=np.uint8)
    E = Echelon(A, np.zeros(shape[0], dtype=np.uint8), method=method)
    assert E.rank == 0 and E.consistent and E.free == list(range(shape[1]))
    assert E.particular().tolist() == [0] * shape[1]
    assert E.null_basis().tolist() == np.eye(shape[1], dtype=int).tolist()
    assert E.rref().shape == (0, shape[1])
    if shape[0]:
        assert not Echelon(A, np.ones(shape[0], dtype=np.uint8), method=method).consistent


def test_unknown_method_is_refused():
    from parity.errors import UnknownEngineError

    with pytest.raises(UnknownEngineError, match="known: python, packed"):
        Echelon([[1]], method="m4ri")


def test_budget_hands_big_systems_to_the_kernels(monkeypatch):
    import parity.linalg.gf2 as gf2
    from parity.linalg._gf2_ints import reduce_rows, rows_from_packed

    A = np.triu(np.ones((40, 40), dtype=np.uint8))  # needs 39 * 40 / 2 row operations to reduce
    assert reduce_rows(rows_from_packed(pack(A)), 40, budget=100) is None
    assert reduce_rows(rows_from_packed(pack(A)), 40, budget=10**4) is not None
    monkeypatch.setattr(gf2, "_row_budget", lambda rows, ncols: 100.0)
    E = Echelon(A)
    assert E.method == "packed" and E.rank == 40
    monkeypatch.setattr(gf2, "_row_budget", lambda rows, ncols: 10.0**4)
    assert Echelon(A).method == "python"


# -- minimum weight: the Gray-code walk, over several chunks and in Python --------------------------


def _brute_min_weight(particular, basis):
    """Plain Python: every combination of the basis, the least weight."""
    best = None
    for mask in range(2 ** len(basis)):
        x = list(particular)
        for k, vector in enumerate(basis):
            if mask >> k & 1:
                x = [(a + v) % 2 for a, v in zip(x, vector)]
        best = sum(x) if best is None else min(best, sum(x))
    return best


@pytest.mark.parametrize("chunk", [1, 7, 1000, 777, 4095, 4096, 1 << 22])
def test_gray_walk_in_chunks_matches_brute_force(chunk):
    from parity.linalg.minweight import min_weight_gf2

    rng = np.random.default_rng(chunk)
    particular = rng.integers(0, 2, 40).astype(np.uint8)
    basis = (rng.random((12, 40)) < 0.3).astype(np.uint8)
    expected = _brute_min_weight(particular.tolist(), basis.tolist())
    for method in ("packed", "python"):
        weight, x = min_weight_gf2(particular, basis, chunk=chunk, method=method)
        assert weight == expected == int(x.sum())
        # x lies in the coset: x - particular is in the row space of the basis
        assert np.linalg.matrix_rank(GF2(np.vstack([basis, (x + particular) % 2]))) == np.linalg.matrix_rank(GF2(basis))


@given(st.integers(0, 2**32 - 1), st.integers(0, 10), st.integers(1, 70))
def test_python_and_kernel_walks_return_the_same_solution(seed, nullity, ncols):
    from parity.linalg.minweight import min_weight_gf2

    rng = np.random.default_rng(seed)
    particular = rng.integers(0, 2, ncols).astype(np.uint8)
    basis = rng.integers(0, 2, (nullity, ncols)).astype(np.uint8)
    small = min_weight_gf2(particular, basis, method="python")
    kernel = min_weight_gf2(particular, basis, chunk=5, method="packed")
    assert small[0] == kernel[0] == _brute_min_weight(particular.tolist(), basis.tolist())
    assert np.array_equal(small[1], kernel[1])  # the first minimum of the same walk


def test_nullity_24_walk_crosses_chunks():
    """24 independent blocks: free column f_j with two columns g_j that the particular sets.

    Pressing f_j clears g_j, so each block costs 1 instead of 2 and the unique
    minimum, 24, is all basis vectors at once: Gray code 2^24 - 1, step
    0xAAAAAA, in the third chunk of 2^22 steps.
    """
    from parity.linalg.minweight import min_weight_gf2

    rng = np.random.default_rng(24)
    order = rng.permutation(72)  # columns shuffled, so blocks are not contiguous
    particular = np.zeros(72, dtype=np.uint8)
    basis = np.zeros((24, 72), dtype=np.uint8)
    for j in range(24):
        f, g1, g2 = order[3 * j : 3 * j + 3]
        basis[j, [f, g1, g2]] = 1
        particular[[g1, g2]] = 1
    expected = np.zeros(72, dtype=np.uint8)
    expected[order[0::3]] = 1
    weight, x = min_weight_gf2(particular, basis)
    assert weight == 24 and x.tolist() == expected.tolist()
    unit = np.eye(72, dtype=np.uint8)
    A = np.vstack([unit[[g1, g2]] + unit[f] for f, g1, g2 in order.reshape(24, 3)])  # x_g + x_f = 1
    space = solve(A, np.ones(48, dtype=np.uint8))
    assert space.nullity == 24
    weight, x = space.minimum_weight()
    assert weight == 24 and x.tolist() == expected.tolist()
