"""A linear system over GF(2) held packed: the same system as one of entries, for every engine, and no entry
listed by the gf2 engine; a dense matrix goes to the kernels without an attempt in Python."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parity.engines import get_engine
from parity.errors import ShapeError
from parity.linalg import Echelon, pack
from parity.linalg.system import LinearSystem, PackedSystem


def _both(A: np.ndarray, b: np.ndarray) -> tuple[PackedSystem, LinearSystem]:
    rows, cols = np.nonzero(A)
    entries = LinearSystem(A.shape, rows, cols, np.ones(rows.size, dtype=np.int64), b, 2)
    return PackedSystem(pack(A), A.shape[1], b), entries


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 12), st.integers(0, 140), st.sampled_from([0.0, 0.1, 0.5, 1.0]), st.integers(0, 2**32 - 1))
def test_a_packed_system_is_the_system_of_its_entries(m, n, fill, seed):
    rng = np.random.default_rng(seed)
    A = (rng.random((m, n)) < fill).astype(np.uint8)
    b = rng.integers(0, 2, m)
    packed, entries = _both(A, b)
    assert packed.shape == entries.shape and packed.entry_count == int(A.sum())
    assert (packed.rows.tolist(), packed.cols.tolist()) == (entries.rows.tolist(), entries.cols.tolist())
    assert np.array_equal(packed.dense(), entries.dense()) and packed.values.tolist() == [1] * int(A.sum())
    for engine in ("gf2", "gfp", "galois"):
        mine, theirs = packed.solve(engine), entries.solve(engine)
        assert (mine.solvable, mine.rank, mine.count) == (theirs.solvable, theirs.rank, theirs.count), engine
        if mine.solvable:
            assert np.array_equal(mine.particular, theirs.particular) and packed.satisfied_by(mine.particular)


def test_the_gf2_engine_lists_no_entry_and_others_unpack_them():
    rng = np.random.default_rng(5)
    A = rng.integers(0, 2, (70, 90)).astype(np.uint8)
    system, entries = _both(A, np.zeros(70, dtype=np.int64))
    before = system.packed.copy()
    answer = get_engine("gf2").count(system)
    assert "_entries" not in system.__dict__ and np.array_equal(system.packed, before)  # eliminated on a copy
    assert answer.count == get_engine("galois").count(system).count == get_engine("gf2").count(entries).count
    assert "_entries" not in system.__dict__  # galois took the dense matrix, unpacked from the words
    assert get_engine("gfp").count(system).count == answer.count
    assert "_entries" in system.__dict__  # gfp asked for the entries


def test_bad_packed_matrices_are_refused():
    with pytest.raises(ShapeError, match="uint64 words, 2 a row"):
        PackedSystem(np.zeros((2, 1), dtype=np.uint64), 65, [0, 0])
    with pytest.raises(ShapeError, match="uint64"):
        PackedSystem(np.zeros((2, 1), dtype=np.int64), 3, [0, 0])
    with pytest.raises(ShapeError, match="b has shape"):
        PackedSystem(pack([[1, 0, 1]]), 3, [0, 1])


def test_a_dense_matrix_goes_to_the_kernels_without_a_python_attempt(monkeypatch):
    from parity.linalg import _gf2_ints as ints
    from parity.linalg import gf2

    monkeypatch.setattr(gf2, "_kernels_loaded", lambda: False)  # as in a fresh process
    attempts = []
    reduce_rows = ints.reduce_rows
    monkeypatch.setattr(ints, "reduce_rows", lambda *args: attempts.append(args) or reduce_rows(*args))
    rng = np.random.default_rng(2)
    dense = rng.integers(0, 2, (1500, 1500)).astype(np.uint8)  # 1500 * 1500 / 2 row operations: past the budget
    assert Echelon(dense).method == "packed" and attempts == []
    sparse = np.eye(1500, dtype=np.uint8)  # as large, nothing to do: tried in Python, and done there
    assert Echelon(sparse).method == "python" and len(attempts) == 1
    small = rng.integers(0, 2, (200, 200)).astype(np.uint8)  # dense but within the budget
    assert Echelon(small).method == "python" and len(attempts) == 2
