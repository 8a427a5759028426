"""The ``gfp`` engine (numba kernels on row windows, numpy for small systems) against independent references.

Every answer is compared exactly, not up to a change of basis: the reduced
echelon form, the pivots, the particular solution with free unknowns 0 and the
null basis with one vector per free column are unique.  The references are
galois (``engine="galois"``), a Gauss-Jordan elimination in Python integers
written here, substitution into ``A x = b`` in Python integers, and for Lights
Out on large grids the nullity from Sutner's polynomial gcd.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parity.errors import FieldError, ShapeError, TooLargeError
from parity.linalg import GFP, elimination, null_space, rank, rref, solve
from parity.linalg.gfp import GFpEchelon, null_space_gfp, rref_gfp, solve_entries, solve_gfp
from parity.linalg.system import LinearSystem
from parity.puzzles import LightsOut

PRIMES = [2, 3, 5, 7, 11, 251, 257, 65537, 2**31 - 1]
GALOIS_PRIMES = [3, 5, 7, 11, 251, 65537, 2**31 - 1]


# -- independent references --------------------------------------------------------------------------


def reference_rref(A, b, p):
    """Gauss-Jordan on ``[A | b]`` in Python integers: the reduced rows and the pivot columns of ``A``."""
    pairs = zip(np.asarray(A).tolist(), np.asarray(b).tolist())
    rows = [[int(v) % p for v in row] + [int(bi) % p] for row, bi in pairs]
    ncols = np.asarray(A).shape[1]
    pivots, r = [], 0
    for c in range(ncols):
        k = next((i for i in range(r, len(rows)) if rows[i][c]), None)
        if k is None:
            continue
        rows[r], rows[k] = rows[k], rows[r]
        inverse = pow(rows[r][c], p - 2, p)
        rows[r] = [v * inverse % p for v in rows[r]]
        for i in range(len(rows)):
            if i != r and rows[i][c]:
                f = rows[i][c]
                rows[i] = [(v - f * w) % p for v, w in zip(rows[i], rows[r])]
        pivots.append(c)
        r += 1
    return rows, pivots


def reference_space(A, b, p):
    """(rank, pivots, reduced rows of A, particular or None, basis as lists) from :func:`reference_rref`."""
    rows, pivots = reference_rref(A, b, p)
    ncols, rank_ = np.asarray(A).shape[1], len(pivots)
    consistent = all(row[ncols] == 0 for row in rows[rank_:])
    free = [c for c in range(ncols) if c not in pivots]
    basis = []
    for f in free:
        v = [0] * ncols
        v[f] = 1
        for i, c in enumerate(pivots):
            v[c] = -rows[i][f] % p
        basis.append(v)
    particular = None
    if consistent:
        particular = [0] * ncols
        for i, c in enumerate(pivots):
            particular[c] = rows[i][ncols]
    return rank_, pivots, [row[:ncols] for row in rows[:rank_]], particular, basis


def satisfies(A, b, x, p) -> bool:
    """``A x = b`` mod p in Python integers."""
    return all(
        (sum(int(a) * int(v) for a, v in zip(row, x)) - int(bi)) % p == 0
        for row, bi in zip(np.asarray(A).tolist(), np.asarray(b).tolist())
    )


# -- random systems ----------------------------------------------------------------------------------


@st.composite
def systems(draw, primes=PRIMES, max_rows=24, max_cols=24):
    """Dense, sparse, banded and planted low-rank matrices over GF(p), with consistent or random right-hand sides."""
    p = draw(st.sampled_from(primes))
    rows, cols = draw(st.integers(0, max_rows)), draw(st.integers(0, max_cols))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    kind = draw(st.sampled_from(["dense", "sparse", "low-rank", "banded", "duplicate rows"]))
    entries = lambda shape: rng.integers(0, p, shape, dtype=np.int64)  # noqa: E731
    if kind == "dense":
        A = entries((rows, cols))
    elif kind == "sparse":
        A = entries((rows, cols)) * (rng.random((rows, cols)) < 0.1)
    elif kind == "low-rank":
        r = draw(st.integers(0, min(rows, cols)))
        product = entries((rows, r)).astype(object) @ entries((r, cols)).astype(object)  # exact for every p
        A = (np.asarray(product, dtype=object).reshape(rows, cols) % p).astype(np.int64)
    elif kind == "banded":
        A = entries((rows, cols))
        i, j = np.indices((rows, cols))
        A[np.abs(i * max(cols, 1) // max(rows, 1) - j) > 2] = 0
    else:
        A = entries((rows, cols))
        half = rows // 2
        A[rows - half :] = (A[:half] * (p - 1)) % p  # the negatives of the first rows: they cancel
    if draw(st.booleans()) and cols:
        x = entries(cols)
        b = np.array([sum(int(a) * int(v) for a, v in zip(row, x)) % p for row in A.tolist()], dtype=np.int64)
    else:
        b = entries(rows)
    return p, A.reshape(rows, cols), b.reshape(rows)


def assert_matches_reference(p, A, b):
    rank_, pivots, R, particular, basis = reference_space(A, b, p)
    for method in ("numba", "numpy"):
        E = GFpEchelon(A, b, p=p, method=method)
        assert (E.rank, E.pivots, E.consistent) == (rank_, pivots, particular is not None)
        assert E.rref().tolist() == R
        assert E.null_basis().tolist() == basis
        assert (None if E.particular() is None else E.particular().tolist()) == particular
        space = E.space()
        assert space.free == [c for c in range(A.shape[1]) if c not in pivots]
        assert space.basis.tolist() == basis
        assert (None if space.particular is None else space.particular.tolist()) == particular
    if particular is not None:
        assert satisfies(A, b, particular, p)
    for v in basis:
        assert satisfies(A, np.zeros(A.shape[0], dtype=np.int64), v, p)


@given(systems())
def test_every_answer_equals_gauss_jordan_in_python_integers(system):
    assert_matches_reference(*system)


def assert_matches_galois(p, A, b):
    ours, theirs = solve(A, b, field=p, engine="gfp"), solve_gfp(A, b, p)
    assert (ours.rank, ours.free, ours.solvable) == (theirs.rank, theirs.free, theirs.solvable)
    assert np.array_equal(ours.basis, theirs.basis)
    if theirs.solvable:
        assert np.array_equal(ours.particular, theirs.particular)
    (R, pivots), (R_galois, pivots_galois) = rref(A, field=p, engine="gfp"), rref_gfp(A, p)
    assert R.tolist() == R_galois.tolist() and pivots == pivots_galois
    assert np.array_equal(null_space(A, field=p, engine="gfp"), null_space_gfp(A, p))


@given(systems(primes=[3, 5]))
def test_every_answer_equals_galois(system):
    assert_matches_galois(*system)


@pytest.mark.slow
@given(systems(primes=GALOIS_PRIMES, max_rows=40, max_cols=40))
@settings(max_examples=300)
def test_every_answer_equals_galois_in_every_field(system):
    """galois compiles each field on first use (seconds each), hence slow."""
    assert_matches_galois(*system)


@given(systems(), st.integers(0, 2**32 - 1))
def test_entries_give_the_dense_answer(system, seed):
    """Entries in any order, split into pieces that add up (negative and huge ones too), give the same space."""
    p, A, b = system
    rng = np.random.default_rng(seed)
    rows, cols = np.nonzero(A)
    values = A[rows, cols].astype(object)
    # split every entry into two that add up to it mod p, and add a cancelling pair somewhere
    extra = rng.integers(-(2**40), 2**40, rows.size).astype(object) * p + rng.integers(0, p, rows.size)
    rows, cols = np.concatenate([rows, rows]), np.concatenate([cols, cols])
    values = np.concatenate([values - extra, extra])
    if A.size:
        r, c = int(rng.integers(0, A.shape[0])), int(rng.integers(0, A.shape[1]))
        rows, cols = np.append(rows, [r, r]), np.append(cols, [c, c])
        values = np.append(values, [2**70, -(2**70)]).astype(object)
    order = rng.permutation(rows.size)
    rank_, pivots, _, particular, basis = reference_space(A, b, p)
    for method in ("numba", "numpy"):
        space = GFpEchelon.from_entries(A.shape, rows[order], cols[order], values[order], b, p, method).space()
        assert (space.rank, space.basis.tolist()) == (rank_, basis)
        assert (None if space.particular is None else space.particular.tolist()) == particular


# -- the arithmetic: every reduction exact --------------------------------------------------------------


def small_primes():
    return [p for p in range(2, 256) if all(p % q for q in range(2, int(p**0.5) + 1))]


@pytest.mark.parametrize("p", small_primes())
def test_barrett_reduction_is_exact_for_every_update_below_256(p):
    """Every value ``a + m b`` an update can take (``a, b, m < p``): the 32-bit quotient is exact."""
    from parity.linalg._gfp_kernels import BARRETT_SHIFT, barrett_magic

    magic = barrett_magic(p)
    x = np.arange(p * p, dtype=np.int64)  # a + m b <= (p - 1) + (p - 1)^2 < p^2
    assert int(x[-1]) * magic < 2**32
    assert np.array_equal((x * magic) >> BARRETT_SHIFT, x // p)


@pytest.mark.parametrize("p", small_primes() + [257, 65521, 65537, 2**31 - 1])
def test_row_update_is_exact_on_extreme_values(p):
    """``row += m * pivot mod p`` by the kernel, against Python integers, where quotients sit next to integers."""
    from parity.linalg._gfp_kernels import _add_multiple, barrett_magic

    rng = np.random.default_rng(p)
    edge = np.array([0, 1, 2, p - 2, p - 1, p // 2, (p + 1) // 2] + rng.integers(0, p, 57).tolist()) % p
    row, pivot = np.meshgrid(edge, edge)
    row, pivot = row.ravel(), pivot.ravel()
    dtype = np.uint8 if p < 256 else np.uint32
    for m in sorted({1, 2, p - 1, p - 2, (p + 1) // 2, int(rng.integers(1, p))} - {0, p}):
        pool = np.concatenate([row, pivot]).astype(dtype)
        _add_multiple(pool, 0, row.size, 0, row.size, m, p, barrett_magic(p))
        expected = [(int(a) + m * int(c)) % p for a, c in zip(row.tolist(), pivot.tolist())]
        assert pool[: row.size].tolist() == expected


def test_largest_prime_field_with_every_entry_minus_one():
    p = 2**31 - 1
    A = np.full((30, 31), p - 1, dtype=np.int64)
    A[np.arange(30), np.arange(30)] = 1
    b = np.full(30, p - 1, dtype=np.int64)
    assert_matches_reference(p, A, b)  # galois in this field: test_every_answer_equals_galois_in_every_field


# -- Lights Out -----------------------------------------------------------------------------------------


def _trim(f: list[int]) -> list[int]:
    while f and f[-1] == 0:
        f.pop()
    return f


def _path_polynomial(n: int, variable: list[int], p: int) -> list[int]:
    """``f_n(v)`` mod p, lowest degree first: ``f_0 = 1``, ``f_1 = v``, ``f_{k+1} = v f_k - f_{k-1}``."""
    before, current = [1], list(variable)
    for _ in range(n - 1):
        product = [0] * (len(current) + len(variable) - 1)
        for i, a in enumerate(current):
            for j, b in enumerate(variable):
                product[i + j] = (product[i + j] + a * b) % p
        padded = before + [0] * (len(product) - len(before))
        before, current = current, _trim([(a - b) % p for a, b in zip(product, padded)])
    return current


def _gcd_degree(f: list[int], g: list[int], p: int) -> int:
    """Degree of ``gcd(f, g)`` over GF(p) by Euclid's algorithm (f, g not both zero)."""
    f, g = _trim(list(f)), _trim(list(g))
    while g:
        inverse = pow(g[-1], p - 2, p)
        while len(f) >= len(g):  # f -= (lead f / lead g) x^shift g
            factor, shift = f[-1] * inverse % p, len(f) - len(g)
            for i, b in enumerate(g):
                f[i + shift] = (f[i + shift] - factor * b) % p
            _trim(f)
        f, g = g, f
    return len(f) - 1


def sutner_nullity(n: int, p: int) -> int:
    """Nullity of closed-rule Lights Out on the n x n grid over GF(p): ``deg gcd(f_n(x), f_n(-x - 1))`` (Sutner).

    ``f_n`` is the characteristic polynomial of the path on n nodes; the
    matrix is ``A (x) I + I (x) A + I``, and as both ``A`` and ``-A - I`` are
    cyclic its nullity is the degree of the gcd of their characteristic
    polynomials.

    References: K. Sutner, "Linear cellular automata and the Garden-of-Eden",
    The Mathematical Intelligencer 11 (1989), 49-53.
    """
    return _gcd_degree(_path_polynomial(n, [0, 1], p), _path_polynomial(n, [p - 1, p - 1], p), p)


def test_sutner_nullity_gives_the_published_gf2_sequence():
    # OEIS A075462: nullity of the n x n Lights Out matrix over GF(2)
    assert [sutner_nullity(n, 2) for n in range(1, 21)] == [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0]


def check_lightsout(n: int, p: int, galois_too: bool, method: str = "numba"):
    system = LightsOut(f"grid:{n}x{n}", field=p).linear()
    entries = (system.shape, system.rows, system.cols, system.values, system.rhs, p)
    space = GFpEchelon.from_entries(*entries, method=method).space()
    assert space.nullity == sutner_nullity(n, p)
    assert space.solvable == (space.particular is not None)
    if space.solvable:
        assert system.satisfied_by(space.particular)
    zero = LinearSystem(system.shape, system.rows, system.cols, system.values, np.zeros(n * n, dtype=np.int64), p)
    assert all(zero.satisfied_by(v) for v in space.basis)
    if galois_too:
        theirs = system.solve("galois")
        assert np.array_equal(space.basis, theirs.basis) and space.free == theirs.free
        assert (space.particular is None) == (theirs.particular is None)
        if theirs.solvable:
            assert np.array_equal(space.particular, theirs.particular)


@pytest.mark.parametrize("method", ["numba", "numpy"])
@pytest.mark.parametrize("p", [3, 5, 7])
def test_lightsout_boards_match_galois_and_sutner(p, method):
    for n in range(1, 15):
        check_lightsout(n, p, galois_too=n <= 12 and p < 7, method=method)  # galois compiles each field (seconds)


def test_lightsout_over_gf2_matches_the_gf2_engine():
    for n in (4, 5, 9, 19, 40):
        system = LightsOut(f"grid:{n}x{n}").linear()
        ours, theirs = system.solve("gfp"), system.solve("gf2")
        assert np.array_equal(ours.basis, theirs.basis) and np.array_equal(ours.particular, theirs.particular)


@pytest.mark.slow
@pytest.mark.parametrize("p", [3, 5, 65537])
def test_large_lightsout_boards_match_sutner(p):
    for n in (30, 47, 80, 100):
        check_lightsout(n, p, galois_too=n == 30 and p == 3)


def test_thirty_by_thirty_over_gf3_matches_sutner_and_galois():
    for method in ("numba", "numpy"):
        check_lightsout(30, 3, galois_too=False, method=method)
        check_lightsout(17, 3, galois_too=True, method=method)  # nullity 12


# -- wiring, sizes and inputs ---------------------------------------------------------------------------


def test_gfp_is_the_default_above_gf2_and_galois_stays_available():
    assert elimination(3).name == "gfp" and elimination(2).name == "gf2"
    assert elimination(3, "galois").name == "galois"
    assert all(GFP.handles(p) for p in PRIMES)
    A = np.array([[1, 2, 0], [0, 1, 1]])
    assert rank(A, field=5) == rank(A, field=5, engine="galois") == 2


def test_linear_system_feeds_gfp_from_its_entries(monkeypatch):
    system = LightsOut("grid:6x6", field=3).linear()
    expected = system.solve("galois")

    def refuse():
        raise AssertionError("the gfp engine built the dense matrix")

    monkeypatch.setattr(system, "dense", refuse)
    space = system.solve()
    assert np.array_equal(space.particular, expected.particular) and np.array_equal(space.basis, expected.basis)


def test_huge_sparse_system_is_refused_before_allocation():
    entries = np.array([0, 5, 17, 9_999_999])
    values, rhs = np.ones(4, dtype=np.int64), np.zeros(10**7, dtype=np.int64)
    system = LinearSystem((10**7, 10**7), entries, entries, values, rhs, 3)
    with pytest.raises(TooLargeError, match="a 10000000 x 10000000 system over GF\\(3\\)"):
        system.solve("gfp")


def run_fresh(code: str) -> str:
    """Run ``code`` in a new interpreter importing this very parity package."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    import parity

    root = str(Path(parity.__file__).resolve().parents[1])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_small_systems_need_no_numba_and_large_ones_take_the_kernels():
    code = """
import sys
from parity.linalg.gfp import GFpEchelon
from parity.puzzles import LightsOut
def method(n):
    s = LightsOut(f"grid:{n}x{n}", field=3).linear()
    return GFpEchelon.from_entries(s.shape, s.rows, s.cols, s.values, s.rhs, 3).method
loaded = lambda: sorted(m for m in ("numba", "galois") if m in sys.modules)
print(method(5), method(30), GFpEchelon([[1, 2], [2, 1]], p=5).method, loaded())
print(method(60), loaded(), method(5))
"""
    assert run_fresh(code).split("\n")[:2] == ["numpy numpy numpy []", "numba ['numba'] numba"]


def test_unknown_method_is_refused():
    from parity.errors import UnknownEngineError

    with pytest.raises(UnknownEngineError, match="known: numpy, numba"):
        GFpEchelon([[1]], p=3, method="m4ri")


def test_empty_and_zero_matrices():
    for shape in [(0, 0), (0, 3), (3, 0), (2, 2)]:
        A = np.zeros(shape, dtype=np.int64)
        b = np.zeros(shape[0], dtype=np.int64)
        for method in ("numba", "numpy"):
            space = GFpEchelon(A, b, p=3, method=method).space()
            assert (space.rank, space.nullity, space.count) == (0, shape[1], 3 ** shape[1])
            assert GFpEchelon(A, b, p=3, method=method).rref().shape == (0, shape[1])
        R, pivots = rref(A, field=3, engine="gfp")
        assert R.shape == (0, shape[1]) and pivots == []
    assert solve(np.zeros((2, 0), dtype=np.int64), [0, 1], field=3, engine="gfp").count == 0
    assert solve_entries((2, 2), [], [], [], [0, 1], 5).count == 0


def test_inputs_are_checked():
    with pytest.raises(ShapeError, match="outside"):
        solve_entries((2, 2), [0], [2], [1], [0, 0], 3)
    with pytest.raises(ShapeError, match="differ in length"):
        solve_entries((2, 2), [0, 1], [0], [1], [0, 0], 3)
    with pytest.raises(ShapeError, match="b has shape"):
        GFpEchelon([[1, 0]], [1, 1], p=3)
    with pytest.raises(ShapeError, match="must hold integers"):
        solve_entries((2, 2), [0], [0], [1.5], [0, 0], 3)
    with pytest.raises(FieldError):
        GFpEchelon([[1]], p=9)
    with pytest.raises(FieldError):
        solve_entries((1, 1), [0], [0], [1], [0], 2**31)
