"""Back ends against brute force and each other; budgets give UNKNOWN, not a hang."""

import itertools
import json
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import parity as pt
from parity.cnf import CNF, backend, models
from parity.cnf.backends import DEFAULT_SOLVER, PYSAT_SOLVERS
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


# -- what native back ends crash on never reaches them ------------------------------------------------------------
#: every counting engine, each PySAT solver among them: all run in this test's own process, so a native crash would
#: end the test run (D4 died of SIGSEGV on a repeated literal, MapleSAT on a formula with no clause)
EVERY_COUNTER = ["sat", "cms", "ganak", "d4", *(f"sat:{s}" for s in PYSAT_SOLVERS if s != DEFAULT_SOLVER)]


@st.composite
def untidy_dimacs(draw):
    """DIMACS text as people write it: repeated literals, tautologies, empty clauses, variables no clause names."""
    n = draw(st.integers(1, 6))
    literal = st.builds(lambda v, s: v * s, st.integers(1, n), st.sampled_from((1, -1)))
    clauses = draw(st.lists(st.lists(literal, min_size=0, max_size=5), max_size=7))
    clauses = [c for c in clauses if c or draw(st.integers(0, 9)) == 0]  # an empty clause now and then
    text = f"p cnf {n} {len(clauses)}\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in clauses)
    return n, clauses, text


def _brute_count(n, clauses):
    return sum(all(any((lit > 0) == bits[abs(lit) - 1] for lit in c) for c in clauses)
               for bits in itertools.product((False, True), repeat=n))


@given(untidy_dimacs())
def test_untidy_files_are_counted_by_every_engine_in_process(tmp_path_factory, drawn):
    n, clauses, text = drawn
    path = tmp_path_factory.mktemp("cnf") / "untidy.cnf"
    path.write_text(text)
    puzzle = pt.CnfFile(path)
    expected = _brute_count(n, clauses)
    for name in EVERY_COUNTER:
        assert pt.count(puzzle, engine=name) == expected, name
    result = pt.solve(puzzle, engine="sat:maplesat")
    assert result.satisfiable == bool(expected)  # a model found is verified against the clauses as written


def test_the_crashing_files_of_the_report_through_the_api_and_the_command(tmp_path):
    repeated = tmp_path / "repeated.cnf"
    repeated.write_text("p cnf 3 2\n1 -2 -2 -3 0\n3 0\n")
    tautology = tmp_path / "tautology.cnf"
    tautology.write_text("p cnf 6 2\n3 -5 6 -3 0\n1 2 0\n")
    empty = tmp_path / "empty.cnf"
    empty.write_text("p cnf 2 0\n")
    assert pt.count(pt.CnfFile(repeated)) == _brute_count(3, [[1, -2, -2, -3], [3]]) == 3
    assert pt.count(pt.CnfFile(tautology)) == _brute_count(6, [[1, 2]]) == 48
    assert pt.count(pt.CnfFile(empty), engine="sat:maplesat") == 4
    assert pt.solve(pt.CnfFile(empty), engine="sat:maplesat").solution == (-1, -2)
    for path, expected, engine in ((repeated, 3, "d4"), (empty, 4, "sat:maplesat")):
        done = subprocess.run([sys.executable, "-m", "parity", "count", "cnf", str(path), "--engine", engine,
                               "--json"], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["count"] == expected


def test_a_clause_list_replaced_by_hand_is_normalised_again():
    f = CNF()
    f.extend([[1, 1], [2, -2]])
    assert f.normal_clauses() == [[1]]
    f.clauses = [[-1, -1, 2]]
    assert f.normal_clauses() == [[-1, 2]]
    f.add([2, 2])
    assert f.normal_clauses() == [[-1, 2], [2]] and f.clauses == [[-1, -1, 2], [2, 2]]


def test_no_clause_with_clashing_assumptions_is_unsat():
    f = CNF()
    f.var("a")
    assert backend("sat:maplesat").solve(f, assumptions=[1, -1]).status == "UNSAT"
    assert backend("sat:maplesat").solve(f, assumptions=[1]).model == [1]


def test_d4_counts_a_projection_whose_hidden_variables_no_clause_names(tmp_path):
    """60 variables shown 40 of them, one clause (x1 or x2): the 20 hidden ones are in no clause, so D4's count of
    every model is 2^20 times the count of solutions, and D4 answers by default (the enumeration of 3 * 2^38
    projections took the default before)."""
    path = tmp_path / "projected.cnf"
    path.write_text("p cnf 60 1\nc p show " + " ".join(map(str, range(1, 41))) + " 0\n1 2 0\n")
    result = pt.count_result(pt.CnfFile(path))
    assert result.engine == "d4" and result.count == 3 * 2**38 == pt.count(pt.CnfFile(path), engine="ganak")
    hidden = tmp_path / "hidden.cnf"  # a hidden variable a clause names: a real projection, which D4 refuses
    hidden.write_text("p cnf 4 1\nc p show 1 2 0\n1 2 -3 0\n")
    assert backend("d4").refusal(pt.CnfFile(hidden).formula) is not None
    assert pt.count(pt.CnfFile(hidden)) == 4 == pt.count(pt.CnfFile(hidden), engine="cms")
