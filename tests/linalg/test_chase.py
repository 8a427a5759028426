"""The chase engine against elimination (gf2, galois) and brute force: the same space, exactly."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import parity as pt
from parity.errors import BoardSpecError, EngineNotApplicableError, RuleError, ShapeError
from parity.linalg import _chase_kernels
from parity.linalg.chase import chase_board, chase_system, forcing_plan, stencil_entries, structured_stencil
from parity.linalg.forcing import forcing_set, is_forcing_set
from parity.linalg.system import LinearSystem
from parity.puzzles import LightsOut


def same_space(a, b) -> bool:
    if (a.particular is None) != (b.particular is None):
        return False
    return (
        a.rank == b.rank
        and a.free == b.free
        and np.array_equal(a.basis, b.basis)
        and (a.particular is None or np.array_equal(a.particular, b.particular))
    )


def reference(system):
    return system.solve("gf2" if system.field == 2 else "galois")


STRUCTURED = ["grid:1x1", "grid:1x6", "grid:6x1", "grid:2x2", "grid:4x4", "grid:5x5", "grid:3x8", "grid:8x3",
              "grid:9x9", "cylinder:4x5", "cylinder:5x4", "cylinder:3x2", "cylinder:1x7", "torus:3x3", "torus:5x5",
              "torus:4x6", "torus:6x4", "torus:2x5", "torus:5x2", "torus:1x4", "torus:7x3"]


@pytest.mark.parametrize("spec", STRUCTURED)
@pytest.mark.parametrize("rule", ["closed", "open"])
@pytest.mark.parametrize("field", [2, 3, 5])
def test_structured_boards_match_elimination(spec, rule, field):
    for start in ("all-on", "random:7"):
        system = LightsOut(spec, rule=rule, field=field, start=start).linear()
        assert structured_stencil(system) is not None
        assert same_space(chase_system(system).space, reference(system)), (spec, rule, field, start)


GENERIC = ["hex:2", "hex:3", "tri:5", "grid3d:3x3x3", "grid3d:2x3x4", "cube", "dodecahedron", "icosahedron",
           "petersen"]


@pytest.mark.parametrize("spec", GENERIC)
@pytest.mark.parametrize("rule", ["closed", "open"])
def test_other_boards_over_gf2_match_elimination(spec, rule):
    for start in ("all-on", "random:11"):
        system = LightsOut(spec, rule=rule, start=start).linear()
        assert structured_stencil(system) is None
        assert same_space(chase_system(system).space, reference(system)), (spec, rule, start)


def brute_count(system) -> int:
    A, b, p = system.dense(), system.rhs, system.field
    return sum(1 for x in itertools.product(range(p), repeat=system.shape[1]) if np.all((A @ x - b) % p == 0))


@pytest.mark.parametrize("spec,field", [("grid:3x4", 2), ("torus:3x4", 2), ("cylinder:3x4", 2), ("hex:2", 2),
                                        ("grid:2x4", 3), ("torus:3x3", 2), ("cube", 2)])
def test_counts_against_brute_force(spec, field):
    for rule in ("closed", "open"):
        for start in ("all-on", "random:5"):
            system = LightsOut(spec, rule=rule, field=field, start=start).linear()
            assert chase_system(system).space.count == brute_count(system)


@given(st.integers(4, 40), st.floats(0.05, 0.6), st.integers(0, 10**6), st.booleans())
def test_random_graphs(n, density, seed, closed):
    G = nx.gnp_random_graph(n, density, seed=seed)
    puzzle = LightsOut(G, rule="closed" if closed else "open", start=f"random:{seed}")
    system = puzzle.linear()
    if pt.engines.get_engine("chase").refuses(system):
        return
    space = chase_system(system).space
    assert same_space(space, reference(system))
    if space.solvable:
        assert system.satisfied_by(space.particular)
        assert all(system.satisfied_by((space.particular + v) % 2) for v in space.basis)


@given(st.integers(1, 30), st.integers(1, 30), st.sampled_from(["grid", "cylinder", "torus"]),
       st.sampled_from(["closed", "open"]), st.integers(0, 1000))
def test_chase_board_satisfies_its_equations(m, n, kind, rule, seed):
    rng = np.random.default_rng(seed)
    b = rng.integers(0, 2, size=(m, n))
    chased = chase_board(m, n, kind=kind, rule=rule, rhs=b)
    rows, cols = stencil_entries(kind, m, n, rule == "closed")
    system = LinearSystem((m * n, m * n), rows, cols, np.ones(rows.size, dtype=np.int64), b.ravel(), 2)
    assert same_space(chased.space, system.solve("gf2"))


def test_larger_grids_agree_with_gf2():
    for m, n in [(120, 120), (97, 140), (63, 64), (65, 129)]:
        system = LightsOut(f"grid:{m}x{n}").linear()
        assert same_space(chase_system(system).space, system.solve("gf2")), (m, n)


def test_greedy_forcing_kernel_matches_the_python_rule():
    for spec in ["grid:6x7", "hex:3", "tri:6", "grid3d:3x4x2", "dodecahedron"]:
        for rule in ("closed", "open"):
            system = LightsOut(spec, rule=rule).linear()
            plan = forcing_plan(system)
            equations = [[] for _ in range(system.shape[0])]
            for r, c in zip(system.rows, system.cols):
                equations[r].append(int(c))
            assert plan.forcing.tolist() == forcing_set(equations, system.shape[1])
            assert is_forcing_set(equations, system.shape[1], plan.forcing.tolist())
            assert len(plan.forced) + len(plan.forcing) == system.shape[1]


def test_a_mislabelled_stencil_is_chased_like_any_system():
    system = LightsOut("grid:5x5").linear()
    system.stencil = ("torus", 5, 5, True)  # wrong: the entries are a grid's
    assert structured_stencil(system) is None
    assert same_space(chase_system(system).space, reference(system))


def test_split_of_the_time_is_reported():
    chased = chase_board(40, 30)
    assert set(chased.seconds) == {"chase", "residual", "rebuild"}
    assert chased.forcing == 30 and chased.residual == (30, 30)


def test_refusals():
    dense = LinearSystem((200, 200), *np.nonzero(np.ones((200, 200), dtype=int)),
                         np.ones(40000, dtype=np.int64), np.zeros(200, dtype=np.int64), 2)
    with pytest.raises(EngineNotApplicableError, match="forcing set"):
        chase_system(dense)
    gf3 = LightsOut("hex:2", field=3).linear()
    with pytest.raises(EngineNotApplicableError, match="GF\\(3\\)"):
        chase_system(gf3)


def test_bad_arguments():
    with pytest.raises(BoardSpecError):
        chase_board(0)
    with pytest.raises(BoardSpecError):
        chase_board(3, kind="hex")
    with pytest.raises(RuleError):
        chase_board(3, rule="sideways")
    with pytest.raises(ShapeError):
        chase_board(3, 4, rhs=[1, 0, 1])


def test_engine_choice_and_answers():
    big = LightsOut("grid:70x70")  # 4900 unknowns: chase by default
    result = pt.solve(big)
    assert result.engine == "chase"
    assert result.stats["forcing_set"] == 70
    assert pt.count(big) == pt.count(big, engine="gf2") == 1
    small = LightsOut("grid:5x5")
    assert pt.solve(small).engine == "gf2"
    assert pt.count(small, engine="chase") == 4
    minimum = pt.solve(small, engine="chase", minimize=True)
    assert minimum.stats["minimum_weight"] == 15
    hexes = LightsOut("hex:3", start="random:2")
    assert sorted(map(str, pt.solutions(hexes, engine="chase"))) == sorted(map(str, pt.solutions(hexes, engine="gf2")))


def test_kernel_adjacent_on_word_boundaries():
    for n in (1, 2, 3, 63, 64, 65, 127, 128, 130):
        for wrap in (False, True):
            for j in range(n):
                v = np.zeros(n, dtype=np.uint8)
                v[j] = 1
                from parity.linalg.gf2 import pack, unpack

                out = np.zeros_like(pack(v[None, :])[0])
                _chase_kernels.adjacent(pack(v[None, :])[0], out, n, wrap and n > 2)
                expected = np.zeros(n, dtype=np.uint8)
                for k in (j - 1, j + 1):
                    if 0 <= k < n:
                        expected[k] ^= 1
                    elif wrap and n > 2:
                        expected[k % n] ^= 1
                assert unpack(out[None, :], n)[0].tolist() == expected.tolist(), (n, wrap, j)


def test_exact_over_the_largest_prime():
    p = 2**31 - 1
    system = LightsOut("torus:5x5", field=p, start="random:4").linear()
    assert same_space(chase_system(system).space, system.solve("gfp"))


def test_rhs_that_is_not_a_board_is_refused():
    for rhs in ("111111111", 1.5, [[1, 1, 1], [1, 1], [1, 1, 1, 1]]):
        with pytest.raises(ShapeError):
            chase_board(3, rhs=rhs)
    with pytest.raises(BoardSpecError):
        chase_board(True)


def test_a_count_builds_no_basis():
    counted = chase_board(64, rule="open", basis=False)
    full = chase_board(64, rule="open")
    assert counted.space is None
    assert (counted.nullity, counted.solvable) == (full.space.nullity, full.space.solvable)
    assert pt.count_result(LightsOut("grid:64x64", rule="open"), engine="chase").stats["nullity"] == counted.nullity


def test_a_small_system_is_eliminated_in_python_until_the_elimination_kernels_are_compiled(tmp_path):
    # the chase imports the GF(2) kernel module for its own kernels; its residual system must not compile the
    # elimination kernels the first time (seconds) when Python takes milliseconds: a fresh process, empty cache
    import os
    import subprocess
    import sys

    code = ("import numpy as np; from parity.linalg import gf2; gf2._kernels(); "
            "A = np.random.default_rng(0).integers(0, 2, (300, 300)); E = gf2.Echelon(A, A[:, 0]); "
            "print(E.method, gf2._elimination_ready(), E.consistent)")  # (b is a column of A: consistent)
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert run.stdout.split() == ["python", "False", "True"]
