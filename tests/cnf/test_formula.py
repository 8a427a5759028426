"""The modelling layer: every encoding has exactly the models it should (checked by brute force)."""

import itertools
import math

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from parity.cnf import CNF, ENCODINGS, models, xor_clauses
from parity.errors import EncodingError
from parity.linalg import solve


@given(st.integers(1, 6), st.integers(0, 1))
def test_xor_clauses_forbid_exactly_the_wrong_parity(n, parity):
    clauses = xor_clauses(list(range(1, n + 1)), parity)
    for bits in itertools.product((0, 1), repeat=n):
        satisfied = all(any((lit > 0) == bool(bits[abs(lit) - 1]) for lit in c) for c in clauses)
        assert satisfied == (sum(bits) % 2 == parity)


@st.composite
def xor_systems(draw):
    n = draw(st.integers(1, 7))
    rows = draw(st.integers(1, 4))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    A = (rng.random((rows, n)) < draw(st.floats(0.2, 0.9))).astype(np.int64)
    b = rng.integers(0, 2, rows)
    return A, b, draw(st.integers(3, 6))


@given(xor_systems())
def test_chunked_xors_keep_the_count(system):
    A, b, chunk = system
    f = CNF(xor_chunk=chunk)
    x = [f.var(("x", j)) for j in range(A.shape[1])]
    for row, parity in zip(A, b):
        f.add_xor([x[j] for j in np.flatnonzero(row)], int(parity))
    f.primary = x
    assert len(f.brute_force_models(limit_vars=22)) == solve(A, b).count
    # the links are defined by their chunk, so counting over every variable gives the same number
    f.primary = list(range(1, f.nvars + 1))
    assert len(f.brute_force_models(limit_vars=22)) == solve(A, b).count


def test_negated_and_repeated_xor_literals():
    f = CNF()
    a, b = f.var("a"), f.var("b")
    f.add_xor([a, -b, a], 0)  # a xor not b xor a = 0  <=>  b = 1
    f.primary = [a, b]
    assert f.brute_force_models() == [[-1, 2], [1, 2]]
    g = CNF()
    g.add_xor([g.var("a"), -g.var("a")], 0)  # a xor not a = 1, so = 0 is impossible
    g.primary = [1]
    assert g.brute_force_models() == []


#: the encodings PySAT builds for bounds of 0 and 1 only (and for the constraints that reduce to them)
AT_MOST_ONE_ONLY = ("pairwise", "bitwise", "ladder")
#: PySAT's names of the three constraints, as the refusal spells them
PYSAT_KIND = {"at_most": "atmost", "at_least": "atleast", "exactly": "equals"}


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("kind", ["at_most", "at_least", "exactly"])
@pytest.mark.parametrize("n, k", [(4, 0), (4, 1), (5, 2), (5, 5), (3, 4)])
def test_cardinality_encodings_count(encoding, kind, n, k):
    f = CNF()
    x = [f.var(i) for i in range(n)]
    if encoding in AT_MOST_ONE_ONLY and (n, k) == (5, 2):
        # two of five is the one bound here these encodings cannot write: a clear refusal, not wrong models
        # (k = 0, k = n and k > n are settled without them; at least 1 is one clause)
        with pytest.raises(EncodingError, match=f"cardinality encoding '{encoding}' cannot encode "
                                                f"{PYSAT_KIND[kind]} {k} of {n} literals; use seqcounter"):
            getattr(f, kind)(k, x, encoding=encoding)
        return
    getattr(f, kind)(k, x, encoding=encoding)
    f.primary = x
    found = len(f.brute_force_models()) if f.nvars <= 18 else len(list(models(f)))
    expected = {
        "at_most": sum(math.comb(n, j) for j in range(0, min(k, n) + 1)),
        "at_least": sum(math.comb(n, j) for j in range(k, n + 1)),
        "exactly": math.comb(n, k) if k <= n else 0,
    }[kind]
    assert found == expected


def test_unknown_cardinality_encoding():
    with pytest.raises(EncodingError, match="unknown cardinality encoding 'fancy'"):
        CNF().at_most(1, [1, 2], encoding="fancy")


@given(st.lists(st.lists(st.integers(0, 3), min_size=1, max_size=3, unique=True), min_size=1, max_size=3),
       st.integers(0, 9), st.sampled_from([None, 2, 3, 5]))
def test_sum_of_one_hot_integers(domains, total, modulus):
    f = CNF()
    terms = [f.one_hot(("t", i), values) for i, values in enumerate(domains)]
    f.sum_equals(terms, total, modulus=modulus)
    f.primary = [v for t in terms for v in t.values()]
    expected = sum(
        1 for combo in itertools.product(*domains)
        if (sum(combo) % modulus == total % modulus if modulus else sum(combo) == total)
    )
    try:
        models = f.brute_force_models(limit_vars=24)
    except EncodingError:  # the widest sums need more variables than every assignment can be tried for
        assume(False)
    assert len(models) == expected


def test_sum_with_allowed_set():
    f = CNF()
    a, b = f.one_hot("a", range(1, 4)), f.one_hot("b", range(1, 4))
    f.sum_equals([a, b], [2, 6])
    f.primary = [*a.values(), *b.values()]
    assert len(f.brute_force_models()) == 2


def test_literal_zero_is_rejected():
    with pytest.raises(EncodingError, match="literal 0"):
        CNF().add([1, 0])


def test_names_round_trip():
    f = CNF()
    v = f.var(("press", "0,1"))
    assert f.name(v) == ("press", "0,1") and f.name(-v) == ("press", "0,1")


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda f: f.add_xor([0, 1], 1), "an XOR cannot contain the literal 0"),
        (lambda f: f.add_xor([1.5, 2], 1), "must be an integer, got 1.5"),
        (lambda f: f.add_xor(["a"], 1), "must be an integer, got 'a'"),
        (lambda f: f.add([None, 1]), "must be an integer, got None"),
        (lambda f: f.add([True]), "got the bool True"),
        (lambda f: f.add(5), "a clause must be a sequence"),
        (lambda f: f.add("12"), "a clause must be a sequence"),
        (lambda f: f.add_xor([1, 2], 2), "parity of an XOR must be 0 or 1"),
        (lambda f: f.add_xor([1, 2], "1"), "parity of an XOR must be an integer"),
        (lambda f: f.at_most(1.5, [1, 2]), "bound .* must be an integer, got 1.5"),
        (lambda f: f.exactly("1", [1, 2]), "bound .* must be an integer"),
        (lambda f: f.at_least(1, [1, 0]), "literal 0"),
        (lambda f: f.at_most(2, [1, 2, 3, 4], encoding="pairwise"), "'pairwise' cannot encode atmost 2"),
        (lambda f: f.at_most(1, [1, 2], encoding="native"), "'native' needs a solver"),
        (lambda f: f.one_hot("d", [0, 1.5]), "a value of integer variable 'd' must be an integer"),
        (lambda f: f.one_hot("d", [0, 1, 1]), "lists the value 1 twice"),
        (lambda f: f.one_hot("d", "abc"), "must be integers, got 'abc'"),
        (lambda f: f.one_hot("d", []), "has no values"),
        (lambda f: f.sum_equals([f.one_hot("a", range(2))], 1, modulus=0), "modulus must be a positive integer"),
        (lambda f: f.sum_equals([f.one_hot("a", range(2))], 0.5), "total must be an integer"),
        (lambda f: f.var([1]), "must be hashable"),
    ],
)
def test_bad_values_are_encoding_errors(call, words):
    f = CNF()
    with pytest.raises(EncodingError, match=words):
        call(f)
    assert all(0 not in clause for clause in f.clauses_with_xors())


def test_numpy_integers_are_literals():
    f = CNF()
    f.add([np.int64(1), -np.int32(2)])
    f.add_xor([np.int64(1), 2], np.int64(1))
    f.exactly(np.int64(1), [np.int64(1), 2])
    f.primary = [1, 2]
    assert f.brute_force_models() == [[1, -2]]


def test_names_are_objects_not_text():
    f = CNF()
    names = [1, "1", (1,), ("aux", 2), ("aux", 3)]
    variables = [f.var(name) for name in names]
    assert len(set(variables)) == 5 and [f.name(v) for v in variables] == names
    extra = {f.fresh() for _ in range(4)}
    assert not extra & set(variables) and {f.name(v) for v in extra} == {None}


def test_a_huge_literal_fails_by_size():
    from parity.errors import TooLargeError

    with pytest.raises(TooLargeError, match="literal 3000000000000"):
        CNF().add([3_000_000_000_000])
