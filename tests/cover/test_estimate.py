"""Knuth's estimate of an exact-cover search, and the search cut into subtrees, against a plain Algorithm X written
here that counts its nodes."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parity.cover import CoverProblem
from parity.cover.estimate import branches, estimate, node_rate, restricted


def algorithm_x(problem: CoverProblem) -> tuple[int, int]:
    """(nodes, covers) of Algorithm X on ``problem`` (no colours): at each node the first primary item, in the
    problem's order, with the fewest options compatible with those chosen; every call is a node."""
    primary = list(problem.primary)
    options = [set(items) for items in problem.items]

    def search(open_items: list, usable: list[int]) -> tuple[int, int]:
        if not open_items:
            return 1, 1
        fewest = min(open_items, key=lambda item: (sum(1 for o in usable if item in options[o]),
                                                    primary.index(item)))
        nodes, covers = 1, 0
        for o in [o for o in usable if fewest in options[o]]:
            left = [i for i in open_items if i not in options[o]]
            below = search(left, [u for u in usable if not options[u] & options[o]])
            nodes += below[0]
            covers += below[1]
        return nodes, covers

    return search(primary, [o for o in range(len(options)) if options[o] & set(primary)])


def random_problem(rng: random.Random, items: int = 7, count: int = 14, secondary: int = 0) -> CoverProblem:
    names = [f"i{k}" for k in range(items)]
    extra = [f"s{k}" for k in range(secondary)]
    rows = [rng.sample(names + extra, rng.randint(1, 3)) for _ in range(count)]
    rows = [row for row in rows if set(row) & set(names)] or [[names[0]]]
    return CoverProblem(rows, primary=names, secondary=extra)


def test_the_mean_of_many_probes_is_within_a_few_standard_errors():
    problem = random_problem(random.Random(5), items=9, count=30)
    nodes, covers = algorithm_x(problem)
    assert covers == problem.count()
    found = estimate(problem, probes=4000, seed=3)
    assert abs(found["nodes"] - nodes) <= 4 * found["nodes_error"] + 1e-9
    assert abs(found["solutions"] - covers) <= 4 * found["solutions_error"] + 1e-9
    assert found["probes"] == 4000 and found["exact"] is False


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 2))
def test_unbiased_on_random_problems(seed, secondary):
    problem = random_problem(random.Random(seed), secondary=secondary)
    nodes, covers = algorithm_x(problem)
    found = estimate(problem, probes=1500, seed=seed)
    # four standard errors, and a little room where every probe happened to agree
    assert abs(found["nodes"] - nodes) <= 4 * found["nodes_error"] + 0.35 * nodes * (found["nodes_error"] == 0)
    assert abs(found["solutions"] - covers) <= 4 * found["solutions_error"] + 0.35 * max(covers, 1) * \
        (found["solutions_error"] == 0)


def test_a_tree_whose_levels_branch_alike_is_measured_exactly():
    # items a0..a4, each with 3 options of its own: every probe gives 1 + 3 + 9 + 27 + 81 + 243 nodes
    problem = CoverProblem([[f"a{k}", f"x{k}{j}"] for k in range(5) for j in range(3)],
                           primary=[f"a{k}" for k in range(5)], secondary=[f"x{k}{j}" for k in range(5) for j in range(3)])
    assert algorithm_x(problem) == (364, 243)
    for seed in range(3):
        found = estimate(problem, probes=5, seed=seed)
        assert (found["nodes"], found["nodes_error"], found["solutions"], found["solutions_error"]) == (364, 0, 243, 0)


def test_one_item_with_choices_is_measured_exactly():
    # a single item branches (4 ways); everything else is forced below it
    problem = CoverProblem([["a", "b"], ["a", "c"], ["a", "d"], ["a", "e"], ["b", "c", "d", "e"], ["c", "d", "e"],
                            ["b", "d", "e"], ["b", "c", "e"], ["b", "c", "d"]])
    nodes, covers = algorithm_x(problem)
    found = estimate(problem, probes=3, seed=11)
    assert (found["nodes"], found["solutions"]) == (nodes, covers) and found["nodes_error"] == 0


def test_colours_are_honoured():
    problem = CoverProblem([["a", ("s", "red")], ["b", ("s", "red")], ["b", ("s", "blue")], ["c", "s"], ["c"]],
                           primary=["a", "b", "c"], secondary=["s"])
    assert estimate(problem, probes=500, seed=1)["solutions"] == pytest.approx(problem.count(), rel=0.2)


def test_seeded_and_reproducible():
    problem = random_problem(random.Random(9), items=8, count=20)
    assert estimate(problem, probes=50, seed=4) == estimate(problem, probes=50, seed=4)


def test_time_from_a_rate():
    problem = random_problem(random.Random(9), items=8, count=20)
    found = estimate(problem, probes=50, seed=4, rate=1000.0)
    assert found["seconds"] == pytest.approx(found["nodes"] / 1000.0)
    rated = node_rate(CoverProblem([[f"a{i}", "x"] for i in range(9)] + [[f"a{i}"] for i in range(9)] + [["x"]]),
                      CoverProblem.count, nodes=50, seconds=0.2)
    assert rated["rate"] > 0 and rated["samples"] >= 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 3))
def test_the_pieces_partition_the_covers(seed, depth):
    problem = random_problem(random.Random(seed), items=7, count=18, secondary=1)
    paths = branches(problem, depth)
    assert len(set(paths)) == len(paths)
    assert sum(restricted(problem, path).count() for path in paths) == problem.count()
    every = sorted(tuple(c) for path in paths for c in (restricted(problem, path).decode(x)
                                                         for x in restricted(problem, path).covers()))
    assert every == sorted(tuple(problem.decode(c)) for c in problem.covers())


def test_bad_arguments():
    problem = CoverProblem([["a"]])
    with pytest.raises(ValueError):
        estimate(problem, probes=0)
    with pytest.raises(ValueError):
        branches(problem, depth=-1)
    with pytest.raises(ValueError):
        restricted(CoverProblem([["a"], ["a"]]), [0, 1])
