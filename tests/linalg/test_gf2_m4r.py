"""The Four Russians kernel, the hand-over from the bucketed kernel and the reverse Cuthill-McKee order.

Every elimination path must give the unique answers (rank, pivot columns,
consistency, the particular solution with free unknowns 0, the basis with one
vector per free column, the reduced echelon form) of the plain-Python
``python`` method and of the textbook reference; the kernels are also checked
against their plain-Python twins, and the column order against networkx's.
"""

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parity.errors import UnknownEngineError
from parity.linalg import Echelon, pack, pack_entries, unpack
from parity.linalg._gf2_ints import rows_from_packed
from parity.linalg._gf2_reference import (
    m4r_echelon_reference,
    null_space_reference,
    reverse_cuthill_mckee_reference,
    rref_reference,
)
from parity.testing import echelon_answers

ROUTES = [("m4r", "given"), ("bucket", "given"), ("packed", None), ("bucket", "rcm"), ("m4r", "rcm"), ("packed", "rcm")]


def _shuffled_band(rng, rows, cols):
    A = np.zeros((rows, cols), dtype=np.uint8)
    for i in range(rows):
        lo = max(0, i * cols // rows - 3)
        A[i, lo : lo + 7] = rng.random(len(range(lo, min(cols, lo + 7)))) < 0.6
    return A[rng.permutation(rows)][:, rng.permutation(cols)]


@st.composite
def matrices(draw, max_rows=300, max_cols=700):
    """0/1 matrices: dense, low rank, sparse, a shuffled band, or sparse on the left and dense on the right."""
    rows = draw(st.integers(1, max_rows))
    cols = draw(st.integers(1, max_cols))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    kind = draw(st.sampled_from(["dense", "low-rank", "sparse", "shuffled band", "sparse then dense"]))
    if kind == "dense":
        A = rng.integers(0, 2, (rows, cols))
    elif kind == "low-rank":
        r = draw(st.integers(0, min(rows, cols, 80)))
        A = (rng.integers(0, 2, (rows, r)) @ rng.integers(0, 2, (r, cols))) % 2
    elif kind == "sparse":
        A = rng.random((rows, cols)) < draw(st.sampled_from([0.003, 0.01, 0.05]))
    elif kind == "shuffled band":
        A = _shuffled_band(rng, rows, cols)
    else:
        A = rng.random((rows, cols)) < 0.01
        A[:, cols // 2 :] = rng.integers(0, 2, (rows, cols - cols // 2))
    return np.asarray(A, dtype=np.uint8)


def _rhs(A, seed, planted):
    rng = np.random.default_rng(seed)
    if planted:  # a right-hand side known to be solvable
        return (A.astype(np.int64) @ rng.integers(0, 2, A.shape[1])) % 2
    return rng.integers(0, 2, A.shape[0])


@given(matrices(), st.integers(0, 2**32 - 1), st.booleans())
def test_every_route_gives_the_answers_of_the_python_method(A, seed, planted):
    b = _rhs(A, seed, planted)
    expected = echelon_answers(Echelon(A, b, method="python"))
    for method, order in ROUTES:
        E = Echelon(A, b, method=method, order=order)
        assert E.method == method
        assert echelon_answers(E) == expected, (method, order)
    if planted:
        assert expected["consistent"]


@given(matrices(max_rows=120, max_cols=150))
def test_four_russians_against_the_textbook_reference(A):
    E = Echelon(A, method="m4r")
    R, pivots = rref_reference(A)
    assert E.pivots == pivots and E.rref().tolist() == R.tolist()
    assert E.null_basis().tolist() == null_space_reference(A).tolist()


def _kernel_run(packed, rhs, ncols, active, start_word):
    from parity.linalg import _gf2_kernels as K

    M, rhs = packed.copy(), rhs.astype(np.uint8).copy()
    pivot_row = np.full(ncols, -7, dtype=np.int64)
    row_end = np.zeros(M.shape[0], dtype=np.int64)
    rank = K.m4r_echelon(M, rhs, ncols, pivot_row, row_end, np.asarray(active, dtype=np.int64), start_word)
    return M, rhs, pivot_row, row_end, rank


@given(matrices(max_rows=200, max_cols=1100), st.integers(0, 2**32 - 1), st.data())
def test_four_russians_kernel_matches_its_twin_bit_for_bit(A, seed, data):
    """Whole matrices and, as after a hand-over, a subset of rows zero before a later start word."""
    rng = np.random.default_rng(seed)
    rows, ncols = A.shape
    words = (ncols + 63) // 64
    start_word = data.draw(st.integers(0, words - 1))
    A = A.copy()
    A[:, : 64 * start_word] = 0
    active = sorted(rng.choice(rows, size=data.draw(st.integers(0, rows)), replace=False).tolist())
    packed = pack(A)
    rhs = rng.integers(0, 2, rows)
    M, new_rhs, pivot_row, row_end, rank = _kernel_run(packed, rhs, ncols, active, start_word)
    twin = m4r_echelon_reference(rows_from_packed(packed), rhs.tolist(), ncols, active, start_word)
    rows_twin, rhs_twin, pivots_twin = twin
    assert rows_from_packed(M) == rows_twin and new_rhs.tolist() == rhs_twin
    assert pivot_row[64 * start_word :].tolist() == pivots_twin
    assert (pivot_row[: 64 * start_word] == -7).all()  # columns before the start are left alone
    assert rank == sum(p >= 0 for p in pivots_twin)
    for c in np.flatnonzero(pivot_row >= 0):  # each pivot row ends where row_end says
        r = pivot_row[c]
        assert M[r, row_end[r] - 1] != 0 and not M[r, row_end[r] :].any()
    # and the rank is the true rank of the active rows
    assert rank == Echelon(A[active], method="python").rank if active else rank == 0


@pytest.mark.parametrize(
    "rows, ncols, start_word, rank",
    [(300, 1100, 0, 300), (200, 1030, 9, 120), (150, 700, 3, 150), (70, 2049, 17, 40), (600, 257, 1, 200)],
)
def test_four_russians_twin_across_tiles_and_panels(rows, ncols, start_word, rank):
    """Several tiles (512 columns) and panels (256), a last panel of fewer strips, a late start, low rank."""
    rng = np.random.default_rng(rows + ncols)
    A = (rng.integers(0, 2, (rows, rank)) @ rng.integers(0, 2, (rank, ncols))) % 2
    A[:, : 64 * start_word] = 0
    active = np.flatnonzero(rng.random(rows) < 0.8).tolist()
    packed, rhs = pack(A), rng.integers(0, 2, rows)
    M, new_rhs, pivot_row, _, found = _kernel_run(packed, rhs, ncols, active, start_word)
    twin = m4r_echelon_reference(rows_from_packed(packed), rhs.tolist(), ncols, active, start_word)
    assert (rows_from_packed(M), new_rhs.tolist(), pivot_row[64 * start_word :].tolist()) == twin
    assert found == Echelon(A[active], method="bucket").rank


def test_bits_past_the_last_column_are_ignored():
    rng = np.random.default_rng(3)
    for ncols in (1, 63, 65, 130, 700):
        A = rng.integers(0, 2, (90, ncols)).astype(np.uint8)
        b = rng.integers(0, 2, 90)
        expected = echelon_answers(Echelon(A, b, method="python"))
        dirty = pack(A)
        if ncols % 64:
            dirty[:, -1] |= np.uint64(~((1 << (ncols % 64)) - 1) & (2**64 - 1))
        for method, order in ROUTES:
            assert echelon_answers(Echelon(dirty.copy(), b, ncols=ncols, method=method, order=order)) == expected


def test_the_bucketed_kernel_hands_over_where_the_matrix_turns_dense():
    """A sparse banded left half (cheap in buckets) and a dense right half (cheap by Four Russians)."""
    rng = np.random.default_rng(11)
    rows, cols = 1200, 1400
    A = np.zeros((rows, cols), dtype=np.uint8)
    for i in range(700):
        A[i, i] = 1
        A[i, i + 1 : i + 3] = rng.integers(0, 2, 2)
    A[:, 700:] = rng.integers(0, 2, (rows, 700))
    b = rng.integers(0, 2, rows)
    E = Echelon(A, b, method="packed")
    assert E.dense_from is not None and 0 < E.dense_from < cols and E.dense_from % 64 == 0
    assert E.dense_from <= 768  # the dense half starts at column 700
    assert Echelon(A, b, method="bucket").dense_from is None and Echelon(A, b, method="m4r").dense_from == 0
    assert echelon_answers(E) == echelon_answers(Echelon(A, b, method="python"))


@pytest.mark.parametrize("n", [1000, 1500])
def test_large_dense_matrices_agree_with_the_bucketed_kernel(n):
    rng = np.random.default_rng(n)
    A = rng.integers(0, 2, (n, n + 37)).astype(np.uint8)
    A[-3:] = A[:3] ^ A[3:6]  # planted dependencies: rank at most n - 3
    b = rng.integers(0, 2, n)
    dense, bucket = Echelon(A, b, method="m4r"), Echelon(A, b, method="bucket")
    assert dense.rank == bucket.rank <= n - 3 and dense.pivots == bucket.pivots
    assert dense.consistent == bucket.consistent
    assert np.array_equal(dense.null_basis_packed(), bucket.null_basis_packed())
    if dense.consistent:
        assert np.array_equal(dense.particular(), bucket.particular())


@pytest.mark.parametrize("method, order", ROUTES)
@pytest.mark.parametrize("shape", [(0, 0), (3, 0), (0, 3), (1, 64), (64, 1), (2, 65), (5, 513)])
def test_empty_and_boundary_shapes(method, order, shape):
    A = np.zeros(shape, dtype=np.uint8)
    E = Echelon(A, np.zeros(shape[0], dtype=np.uint8), method=method, order=order)
    assert E.rank == 0 and E.consistent and E.free == list(range(shape[1]))
    assert E.particular().tolist() == [0] * shape[1]
    assert E.null_basis().tolist() == np.eye(shape[1], dtype=int).tolist()
    assert E.rref().shape == (0, shape[1])
    if shape[0]:
        assert not Echelon(A, np.ones(shape[0], dtype=np.uint8), method=method, order=order).consistent


def test_unknown_order_is_refused():
    with pytest.raises(UnknownEngineError, match="unknown column order 'amd'; known: given, rcm"):
        Echelon([[1]], order="amd")


# -- reverse Cuthill-McKee ----------------------------------------------------------------------------


def _csr(graph: nx.Graph):
    nodes = sorted(graph)
    neighbours = [sorted(graph[v]) for v in nodes]
    indptr = np.cumsum([0] + [len(a) for a in neighbours]).astype(np.int64)
    indices = np.array([u for a in neighbours for u in a], dtype=np.int64)
    return neighbours, indptr, indices


def _bandwidth(graph: nx.Graph, order) -> int:
    position = {v: k for k, v in enumerate(order)}
    return max((abs(position[u] - position[v]) for u, v in graph.edges), default=0)


@given(st.integers(1, 60), st.floats(0.0, 0.3), st.integers(0, 2**32 - 1))
def test_rcm_kernel_matches_its_twin(n, p, seed):
    from parity.linalg import _gf2_kernels as K

    graph = nx.gnp_random_graph(n, p, seed=seed)
    neighbours, indptr, indices = _csr(graph)
    order = K.reverse_cuthill_mckee(indptr, indices).tolist()
    assert order == reverse_cuthill_mckee_reference(neighbours)
    assert sorted(order) == list(range(n))


@pytest.mark.parametrize(
    "graph",
    [
        nx.grid_2d_graph(30, 30),
        nx.triangular_lattice_graph(20, 20),
        nx.hexagonal_lattice_graph(12, 12),
        nx.random_regular_graph(3, 400, seed=5),
    ],
    ids=["grid", "triangular", "hexagonal", "3-regular"],
)
def test_rcm_narrows_a_shuffled_board_as_much_as_networkx(graph):
    from parity.linalg import _gf2_kernels as K

    graph = nx.convert_node_labels_to_integers(graph)
    shuffled = nx.relabel_nodes(graph, dict(zip(graph, np.random.default_rng(1).permutation(len(graph)).tolist())))
    _, indptr, indices = _csr(shuffled)
    ours = _bandwidth(shuffled, K.reverse_cuthill_mckee(indptr, indices).tolist())
    theirs = _bandwidth(shuffled, list(nx.utils.reverse_cuthill_mckee_ordering(shuffled)))
    assert ours <= 1.25 * theirs
    assert ours < _bandwidth(shuffled, sorted(shuffled)) / 3


def _lights_out_matrix(graph: nx.Graph, seed: int) -> np.ndarray:
    """The closed-neighbourhood matrix of ``graph`` with its nodes in a random order."""
    nodes = list(graph)
    np.random.default_rng(seed).shuffle(nodes)
    index = {v: k for k, v in enumerate(nodes)}
    A = np.eye(len(nodes), dtype=np.uint8)
    for u, v in graph.edges:
        A[index[u], index[v]] = A[index[v], index[u]] = 1
    return A


@pytest.mark.parametrize(
    "graph",
    [
        nx.grid_2d_graph(5, 5),
        nx.grid_2d_graph(24, 24),
        nx.hexagonal_lattice_graph(9, 9),
        nx.triangular_lattice_graph(12, 18),
    ],
    ids=["grid 5x5", "grid 24x24", "hexagonal", "triangular"],
)
def test_reordered_lights_out_boards_give_the_canonical_answers(graph):
    A = _lights_out_matrix(graph, 7)
    for seed in range(3):
        b = _rhs(A, seed, planted=seed == 0)
        expected = echelon_answers(Echelon(A, b, method="python"))
        for method in ("packed", "bucket"):
            E = Echelon(A, b, method=method, order="rcm")
            assert E.column_order is not None and sorted(E.column_order.tolist()) == list(range(A.shape[1]))
            assert echelon_answers(E) == expected


def test_the_order_is_chosen_from_the_matrix():
    grid = nx.grid_2d_graph(30, 30)
    natural = np.eye(900, dtype=np.uint8)
    index = {v: k for k, v in enumerate(sorted(grid))}
    for u, v in grid.edges:
        natural[index[u], index[v]] = natural[index[v], index[u]] = 1
    assert Echelon(natural, method="packed").column_order is None  # row-major grid: already banded
    shuffled = _lights_out_matrix(grid, 3)
    E = Echelon(shuffled, method="packed")
    assert E.column_order is not None  # the shuffled board is narrowed
    assert Echelon(shuffled, method="packed", order="given").column_order is None
    assert Echelon(shuffled, method="m4r").column_order is None  # the dense kernel ignores the band
    dense = np.random.default_rng(0).integers(0, 2, (900, 900))
    assert Echelon(dense, method="packed").column_order is None
    assert echelon_answers(E) == echelon_answers(Echelon(shuffled, method="python"))


def test_an_expander_is_left_in_its_order_after_one_search():
    """A random 3-regular graph has no narrow band: one breadth-first search tells, before any ordering."""
    from parity.linalg import _gf2_kernels as K

    A = _lights_out_matrix(nx.random_regular_graph(3, 3000, seed=2), 0)
    packed = pack(A)
    lead, row_end = np.empty(3000, dtype=np.int64), np.empty(3000, dtype=np.int64)
    K.row_extents(packed, 3000, lead, row_end)
    order, before, estimate = K.rcm_columns(packed, 3000, lead, row_end, 10**6, 0.1)
    assert order.size == 0 and estimate >= 0.1 * before
    order, before, after = K.rcm_columns(packed, 3000, lead, row_end, 10**6, 0.0)  # ordered anyway: not much narrower
    assert sorted(order.tolist()) == list(range(3000)) and 0.1 * before <= after < before
    assert Echelon(A, method="packed").column_order is None


def test_a_packed_board_read_in_any_node_order_is_reordered_and_answered_in_its_own_order():
    import parity as pt

    board = pt.board("hex:20")  # 1,141 cells
    A = _lights_out_matrix(board, 4)
    rows, cols = np.nonzero(A)
    b = np.random.default_rng(5).integers(0, 2, A.shape[0])
    E = Echelon(pack_entries(*A.shape, rows, cols), b, ncols=A.shape[1])
    assert E.method == "packed" and E.column_order is not None
    bucket = Echelon(A, b, method="bucket", order="given")
    assert (E.rank, E.pivots, E.consistent) == (bucket.rank, bucket.pivots, bucket.consistent)
    assert E.rank < A.shape[0]  # hex:20 has nullity 2
    assert np.array_equal(E.null_basis(), bucket.null_basis())
    if E.consistent:
        assert np.array_equal(E.particular(), bucket.particular())


@given(st.integers(1, 40), st.integers(1, 40), st.floats(0.0, 0.3), st.integers(0, 2**32 - 1), st.booleans())
def test_rcm_columns_orders_the_graph_of_the_matrix(rows, cols, p, seed, square_symmetric):
    """The matrix's own graph when square with a symmetric pattern, else rows and columns; spans before and after."""
    from parity.linalg import _gf2_kernels as K

    rng = np.random.default_rng(seed)
    if square_symmetric:
        cols = rows
        A = rng.random((rows, rows)) < p
        A = (A | A.T | np.eye(rows, dtype=bool)).astype(np.uint8)
    else:
        A = (rng.random((rows, cols)) < p).astype(np.uint8)
    if rows == cols and (A == A.T).all():
        neighbours = [[u for u in np.flatnonzero(A[v]).tolist() if u != v] for v in range(rows)]
        expected = reverse_cuthill_mckee_reference(neighbours)
    else:
        neighbours = [[rows + c for c in np.flatnonzero(A[r]).tolist()] for r in range(rows)]
        neighbours += [np.flatnonzero(A[:, c]).tolist() for c in range(cols)]
        expected = [v - rows for v in reverse_cuthill_mckee_reference(neighbours) if v >= rows]
    packed = pack(A)
    lead, row_end = np.empty(rows, dtype=np.int64), np.empty(rows, dtype=np.int64)
    K.row_extents(packed, cols, lead, row_end)
    order, before, after = K.rcm_columns(packed, cols, lead, row_end, A.size + 1, 0.0)
    assert order.tolist() == expected
    position = np.argsort(order)

    def squared_spans(columns_of_row):
        return sum((max(c) // 64 - min(c) // 64 + 1) ** 2 for c in columns_of_row if len(c))

    assert before == squared_spans([np.flatnonzero(row) for row in A])
    assert after == squared_spans([position[np.flatnonzero(row)] for row in A])
    if A.sum() > 0:
        assert K.rcm_columns(packed, cols, lead, row_end, int(A.sum()) - 1, 0.0)[0].size == 0  # too many entries
    K.permute_columns(packed, cols, position, lead, row_end)
    assert unpack(packed, cols).tolist() == A[:, order].tolist()
    check_lead, check_end = np.empty(rows, dtype=np.int64), np.empty(rows, dtype=np.int64)
    K.row_extents(packed, cols, check_lead, check_end)
    assert lead.tolist() == check_lead.tolist() and row_end.tolist() == check_end.tolist()
