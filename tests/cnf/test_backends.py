"""Back ends against brute force and each other; budgets give UNKNOWN, not a hang."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parity.cnf import CNF, backend, models
from parity.errors import EngineNotApplicableError, UnknownEngineError

SOLVERS = ["sat", "sat:glucose4", "sat:minisat22", "cms"]


@st.composite
def random_formulas(draw):
    n = draw(st.integers(1, 10))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    f = CNF()
    for _ in range(n):
        f.fresh()
    for _ in range(draw(st.integers(0, 30))):
        width = int(rng.integers(1, 4))
        chosen = rng.choice(np.arange(1, n + 1), size=min(width, n), replace=False)
        f.add([int(v) if rng.random() < 0.5 else -int(v) for v in chosen])
    for _ in range(draw(st.integers(0, 3))):
        chosen = rng.choice(np.arange(1, n + 1), size=int(rng.integers(1, n + 1)), replace=False)
        f.add_xor([int(v) for v in chosen], int(rng.integers(0, 2)))
    f.primary = sorted(int(v) for v in rng.choice(np.arange(1, n + 1), size=int(rng.integers(0, n + 1)), replace=False))
    return f


@given(random_formulas())
def test_every_engine_counts_like_brute_force(f):
    expected = f.brute_force_models()
    for name in SOLVERS:
        listed = list(models(f, engine=name))
        assert sorted(listed) == expected, name  # no duplicates, no misses
    assert backend("ganak").count(f) == len(expected)
    d4 = backend("d4")
    if d4.refusal(f) is None:  # every variable primary or an XOR link: D4's count of models is the answer
        assert d4.count(f) == len(expected)
    else:  # a projection: D4 would count the free variables' assignments too, so it refuses
        with pytest.raises(EngineNotApplicableError, match="auxiliary variables"):
            d4.count(f)
    f.primary = list(range(1, f.nvars + 1))  # no projection: D4 takes every formula
    assert d4.refusal(f) is None and d4.count(f) == len(f.brute_force_models())


@given(random_formulas())
def test_solve_returns_a_model_or_unsat(f):
    expected = f.brute_force_models()
    for name in SOLVERS:
        result = backend(name).solve(f)
        assert result.status == ("SAT" if expected else "UNSAT")
        if expected:
            values = {abs(l): l > 0 for l in result.model}
            assert all(any(values[abs(l)] == (l > 0) for l in c) for c in f.clauses)
            assert all(sum(values[v] for v in xs) % 2 == parity for xs, parity in f.xors)


def test_assumptions():
    f = CNF()
    a, b = f.var("a"), f.var("b")
    f.add([a, b])
    for name in SOLVERS:
        assert backend(name).solve(f, assumptions=[-a]).model[b - 1] == b
        assert backend(name).solve(f, assumptions=[-a, -b]).status == "UNSAT"


def _pigeonhole(holes):
    f = CNF()
    p = [[f.var((i, j)) for j in range(holes)] for i in range(holes + 1)]
    for row in p:
        f.add(row)
    for j in range(holes):
        for a in range(holes + 1):
            for b in range(a + 1, holes + 1):
                f.add([-p[a][j], -p[b][j]])
    return f


@pytest.mark.parametrize("name", SOLVERS)
def test_budgets_give_unknown(name):
    hard = _pigeonhole(11)
    assert backend(name).solve(hard, time_limit=0.3).status == "UNKNOWN"
    assert backend(name).solve(hard, conflicts=200).status == "UNKNOWN"


def test_cadical_time_limit_runs_in_a_child_and_still_answers():
    f = CNF()
    a = f.var("a")
    f.add([a])
    result = backend("sat").solve(f, time_limit=5)
    assert result.status == "SAT" and result.model == [1] and result.stats.get("child_process")


def test_enumeration_limit_and_generator():
    f = CNF()
    x = [f.var(i) for i in range(6)]
    f.primary = x
    assert len(list(models(f, limit=10))) == 10
    assert len(list(models(f, engine="cms"))) == 64


def test_projection_blocks_on_primary_only():
    f = CNF()
    a, b, c = f.var("a"), f.var("b"), f.var("c")
    f.add([a, b, c])
    f.primary = [a]
    assert sorted(models(f)) == [[-1], [1]]
    assert backend("ganak").count(f) == 2


def test_ganak_is_marked_probabilistic_and_cannot_list():
    ganak = backend("ganak")
    assert ganak.exact_count is False and not ganak.can_enumerate
    assert all(backend(n).exact_count for n in SOLVERS)
    with pytest.raises(EngineNotApplicableError, match="does not list"):
        next(ganak.models(CNF()))


def test_unknown_engines():
    with pytest.raises(UnknownEngineError, match="unknown PySAT solver 'nosuch'"):
        backend("sat:nosuch")
    with pytest.raises(UnknownEngineError, match="unknown engine 'cms:x'"):
        backend("cms:x")
    with pytest.raises(UnknownEngineError, match="not a SAT engine"):
        backend("gf2")
    for broken in ("kissat404", "cryptosat", "minisatgh"):  # T8: listed by PySAT but they crash or are missing
        with pytest.raises(UnknownEngineError, match="unknown PySAT solver"):
            backend(f"sat:{broken}")
