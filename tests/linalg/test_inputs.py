"""What users hand to parity.linalg: degenerate matrices, bad entries, fields, sizes; and what importing costs."""

import itertools
import os
import subprocess
import sys
from pathlib import Path

import galois
import numpy as np
import pytest

import parity
from parity.errors import FieldError, ParityError, ShapeError, TooLargeError
from parity.linalg import check_field, null_space, rank, rref, solve
from parity.linalg.gfp import MAX_FIELD, is_prime
from parity.linalg.system import LinearSystem

ENGINES = ["gf2", "galois"]


# -- degenerate matrices get the right answer from both engines -------------------------------------


@pytest.mark.parametrize("engine", ENGINES)
def test_empty_systems_have_the_right_solutions(engine):
    # 0 x 0: one solution, the empty vector
    space = solve(np.zeros((0, 0), dtype=int), [], engine=engine)
    assert space.count == 1 and [x.tolist() for x in space] == [[]] and space[0].tolist() == []
    assert np.zeros(0, dtype=int) in space and space.minimum_weight()[0] == 0
    # 3 x 0: the equations read 0 = b_i
    assert solve(np.zeros((3, 0), dtype=int), [0, 0, 0], engine=engine).count == 1
    assert solve([[], [], []], [0, 0, 0], engine=engine).count == 1
    unsolvable = solve(np.zeros((3, 0), dtype=int), [0, 1, 0], engine=engine)
    assert unsolvable.count == 0 and not unsolvable.solvable and list(unsolvable) == []
    # 0 x 3: no equations, every vector
    free = solve(np.zeros((0, 3), dtype=int), [], engine=engine)
    assert free.count == 8 and sorted(x.tolist() for x in free) == [list(x) for x in itertools.product((0, 1), repeat=3)]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("shape", [(0, 0), (0, 3), (3, 0)])
def test_rank_rref_and_null_space_of_empty_matrices(engine, shape):
    A = np.zeros(shape, dtype=int)
    assert rank(A, engine=engine) == 0
    R, pivots = rref(A, engine=engine)
    assert R.shape == (0, shape[1]) and pivots == []
    assert np.asarray(null_space(A, engine=engine)).tolist() == np.eye(shape[1], dtype=int).tolist()


BAD_MATRICES = [
    ([[1, 0], [1]], "ragged"),
    ([[1, 1.7]], r"integers, got 1.7 at \(0, 1\)"),
    (np.array([[1.0, 0.5]]), r"integers, got 0.5"),
    ([[1, None]], "integers, got None"),
    ([["1", "0"]], "integers, got '1'"),
    ([[1j, 0]], "integers"),
    ([1, 0, 1], r"matrix \(2-D\), got an array of shape \(3,\)"),
    ([], r"shape \(0,\)"),
    (7, r"shape \(\)"),
    (np.zeros((2, 2, 2), dtype=int), r"shape \(2, 2, 2\)"),
]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("A, message", BAD_MATRICES)
def test_bad_matrices_raise_shape_errors(engine, A, message):
    for call in (
        lambda: rank(A, engine=engine),
        lambda: rref(A, engine=engine),
        lambda: null_space(A, engine=engine),
        lambda: solve(A, [0, 0], engine=engine),
    ):
        with pytest.raises(ShapeError, match=message):
            call()


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    "b, message",
    [
        ([0, 1, 0], r"b has shape \(3,\)"),
        ([[0], [1]], r"vector \(1-D\)"),
        ([0.5, 1], "integers, got 0.5"),
        ([0, "x"], "integers"),
    ],
)
def test_bad_right_hand_sides_raise_shape_errors(engine, b, message):
    with pytest.raises(ShapeError, match=message):
        solve([[1, 0], [0, 1]], b, engine=engine)


@pytest.mark.parametrize("engine", ENGINES)
def test_huge_and_negative_integers_are_reduced_exactly(engine):
    A = [[2**70 + 1, -1], [3**50, 2**64]]  # mod 2: [[1, 1], [1, 0]]
    assert rank(A, engine=engine) == 2
    assert solve(A, [1, -3], engine=engine).particular.tolist() == [1, 0]
    reduced = galois.GF(3)([[2**70 % 3, 1], [1, 2**70 % 3]])
    assert rank([[2**70, 1], [1, 2**70]], field=3) == int(np.linalg.matrix_rank(reduced))


# -- fields --------------------------------------------------------------------------------------


@pytest.mark.parametrize("p", [2.5, 7.0, "7", True, None, [7]])
def test_field_must_be_a_whole_number(p):
    with pytest.raises(FieldError, match="whole number"):
        check_field(p)


@pytest.mark.parametrize("p", [2**31, 2**31 + 11, 2**61 - 1, 2**63 - 25, 2**63, 2**64 + 13, 10**40])
def test_fields_beyond_two_to_the_31_are_refused(p):
    with pytest.raises(FieldError, match=r"too large: parity works over GF\(p\) for primes p < 2\^31"):
        check_field(p)
    with pytest.raises(FieldError):
        solve([[1]], [1], field=p)


def test_largest_field_and_numpy_integers_are_accepted():
    assert check_field(2**31 - 1) == MAX_FIELD - 1 and check_field(np.int64(7)) == 7
    assert isinstance(check_field(np.int64(7)), int)
    for p in (0, 1, -7, 4, 2**31 - 3):
        with pytest.raises(FieldError, match="not a prime"):
            check_field(p)


def test_primality_without_galois_agrees_with_trial_division_and_galois():
    def trial(n):
        return n >= 2 and all(n % d for d in range(2, int(n**0.5) + 1))

    assert [n for n in range(5000) if is_prime(n)] == [n for n in range(5000) if trial(n)]
    rng = np.random.default_rng(5)
    samples = [int(n) for n in rng.integers(2, 2**62, 300)]
    samples += [int(n) | 1 for n in rng.integers(2**31 - 10**6, 2**31, 300)]  # odd numbers near the largest field
    strong_pseudoprimes = [2047, 1373653, 25326001, 3215031751, 2152302898747, 3474749660383, 341550071728321]
    carmichael = [561, 1105, 1729, 2465, 2821, 6601, 8911, 41041, 825265, 321197185]
    for n in samples + strong_pseudoprimes + carmichael + [2**31 - 1, 2**61 - 1, 2**64 - 59, 2**64 + 13, 10**18 + 9]:
        assert is_prime(n) == galois.is_prime(n), n
    with pytest.raises(FieldError, match="too large for an exact primality test"):
        is_prime(318665857834031151167461)  # a strong pseudoprime to every base up to 37


def test_check_field_needs_no_galois():
    code = "import sys; from parity.linalg import check_field; check_field(2**31 - 1); print('galois' in sys.modules)"
    assert run_fresh(code).strip() == "False"


# -- sizes are checked before memory is spent -------------------------------------------------------


@pytest.mark.parametrize("field, engine", [(2, None), (2, "galois"), (3, None)])
def test_huge_sparse_system_is_refused_at_once(field, engine):
    entries = np.array([0, 5, 17, 9_999_999])
    values, rhs = np.ones(4, dtype=np.int64), np.zeros(10**7, dtype=np.int64)
    system = LinearSystem((10**7, 10**7), entries, entries, values, rhs, field)
    with pytest.raises(TooLargeError, match=f"a 10000000 x 10000000 system over GF\\({field}\\)"):
        system.solve(engine)
    with pytest.raises(TooLargeError):
        system.dense()


def test_packing_checks_its_size_first():
    from parity.linalg import pack_entries

    with pytest.raises(TooLargeError, match="a 1000000 x 1000000000 system over GF\\(2\\)"):
        pack_entries(10**6, 10**9, [0], [0])
    with pytest.raises(ShapeError, match="outside"):
        pack_entries(2, 2, [0], [2])
    with pytest.raises(ShapeError, match="whole number"):
        pack_entries(2.5, 2, [0], [0])


def test_errors_are_all_parity_errors():
    for A in [[[1, 0], [1]], [[0.5]], [1, 2]]:
        with pytest.raises(ParityError):
            solve(A, [0], field=3)


# -- start-up: importing and solving a small system loads neither numba nor galois -------------------


def run_fresh(code: str) -> str:
    """Run ``code`` in a new interpreter importing this very parity package."""
    root = str(Path(parity.__file__).resolve().parents[1])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_import_and_small_solve_load_neither_numba_nor_galois():
    code = """
import sys
import parity.linalg
print(sorted(m for m in ("numba", "galois") if m in sys.modules))
from parity.puzzles import LightsOut
space = LightsOut("grid:5x5").solution_space()
print(space.count, sorted(m for m in ("numba", "galois") if m in sys.modules))
print(LightsOut("grid:5x5").minimum_presses()[0], sorted(m for m in ("numba", "galois") if m in sys.modules))
"""
    assert run_fresh(code).split("\n")[:3] == ["[]", "4 []", "15 []"]


def test_importtime_shows_no_numba_or_galois():
    root = str(Path(parity.__file__).resolve().parents[1])
    env = dict(os.environ, PYTHONPATH=root)
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import parity.linalg"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0
    imported = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")]
    assert "parity.linalg" in imported
    assert not [m for m in imported if m.split(".")[0] in ("numba", "galois")]


def test_large_system_still_uses_the_kernels():
    code = """
import sys
from parity.puzzles import LightsOut
from parity.linalg import Echelon, pack_entries
system = LightsOut("grid:100x100").linear()
E = Echelon(pack_entries(10**4, 10**4, system.rows, system.cols), system.rhs, ncols=10**4)
print(E.method, "numba" in sys.modules)
"""
    assert run_fresh(code).split("\n")[0] == "packed True"
