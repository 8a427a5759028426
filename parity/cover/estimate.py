"""The top of an exact cover's search tree: Knuth's estimate of its size, and its cut into subtrees.

Algorithm X branches on the primary item with the fewest options left and
tries each of them.  Knuth's estimate [1]_ walks that tree from the root to
a leaf at random, one probe at a time: at each node it takes the same item
the search would, notes its number of options ``d`` and follows one of them
at random.  The products ``d1``, ``d1 d2``, ... of a probe add up to an
unbiased estimate of the number of nodes (``1 + d1 + d1 d2 + ...``), and the
product at a leaf that covers every item to one of the number of covers; the
mean of many probes converges, and its standard error says how far it may
be.  A tree whose every node at a depth branches alike (a single choice of
item, the same number of options) is measured exactly by any one probe.

The same walk cuts a search into independent pieces: :func:`branches` lists
the partial covers at the first ``depth`` levels that branch (an item with
one option left is taken on the way, as the search takes it), and
:func:`restricted` turns one of them into a problem of its own, whose covers
are those of the whole that hold it.  The covers of the pieces are the
covers of the whole, each once.

Examples
--------
>>> problem = CoverProblem([["a"], ["a"], ["b"], ["b"], ["b"], ["c"]])  # 2 * 3 * 1 covers
>>> found = estimate(problem, probes=10, seed=1)
>>> found["solutions"], found["nodes"], found["nodes_error"]  # 1 + 1 + 1 * 2 + 1 * 2 * 3 nodes
(6.0, 10.0, 0.0)
>>> branches(problem, depth=1)  # c's one option taken on the way, then a's two
[(5, 0), (5, 1)]
>>> restricted(problem, [3]).count()
2

References
----------
.. [1] D. E. Knuth, "Estimating the efficiency of backtrack programs", Mathematics of Computation 29 (1975),
   121-136.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from .._child import run_in_child
from ..errors import TimeLimitReached
from . import CoverProblem
from ._entries import _split

__all__ = ["estimate", "node_rate", "branches", "restricted", "SearchTree", "search_tree"]

#: a subtree of about this many nodes is timed to measure an engine's rate (large enough that a call's fixed cost
#: is small beside its search)
RATE_NODES = 200_000


class SearchTree:
    """The search tree of Algorithm X on ``problem``: items and options as bits, for walking it quickly.

    A node is the set of primary items covered and the options still
    compatible with the options chosen (Python integers used as bit sets);
    :meth:`choice` gives the item the search branches on there and its
    options.  Colours on secondary items are honoured (options that agree on
    an item's colour may share it).

    Parameters
    ----------
    problem : parity.cover.CoverProblem

    Examples
    --------
    >>> tree = SearchTree(CoverProblem([["a", "b"], ["a"], ["b"]]))
    >>> covered, live = tree.root()
    >>> item, options = tree.choice(covered, live)
    >>> tree.problem.primary[item], tree.members(options)
    ('a', [0, 1])
    """

    def __init__(self, problem: CoverProblem) -> None:
        self.problem = problem
        primary = {item: k for k, item in enumerate(problem.primary)}
        self.full = (1 << len(primary)) - 1
        self.covers_of = [0] * len(primary)  # item -> the options that hold it (bits)
        self.covering = [0] * len(problem.options)  # option -> the primary items it covers (bits)
        plain: dict = {}  # secondary item -> options holding it without a colour
        coloured: dict = {}  # secondary item -> colour -> options giving it that colour
        entries = [[_split(e) for e in option] for option in problem.options]
        for number, option in enumerate(entries):
            bit = 1 << number
            for item, colour in option:
                if item in primary:
                    self.covers_of[primary[item]] |= bit
                    self.covering[number] |= 1 << primary[item]
                elif colour is None:
                    plain[item] = plain.get(item, 0) | bit
                else:
                    coloured.setdefault(item, {})
                    coloured[item][colour] = coloured[item].get(colour, 0) | bit
        every = {item: plain.get(item, 0) | sum(coloured.get(item, {}).values())
                 for item in {*plain, *coloured}}
        self.clash = []  # option -> the options it rules out, itself included (bits)
        for number, option in enumerate(entries):
            ruled = 1 << number
            for item, colour in option:
                if item in primary:
                    ruled |= self.covers_of[primary[item]]
                elif colour is None:
                    ruled |= every[item]
                else:
                    ruled |= every[item] & ~coloured[item][colour]
            self.clash.append(ruled)
        #: the options that can be chosen at the root (an option without a primary item never is)
        self.usable = sum(1 << n for n in range(len(problem.options)) if self.covering[n])

    def root(self) -> tuple[int, int]:
        """The root node: nothing covered, every usable option live."""
        return 0, self.usable

    def choose(self, covered: int, live: int, option: int) -> tuple[int, int]:
        """The node below ``(covered, live)`` where ``option`` is chosen."""
        return covered | self.covering[option], live & ~self.clash[option]

    def choice(self, covered: int, live: int) -> tuple[int | None, int]:
        """The primary item the search branches on at a node, the first of those with the fewest options left
        (in the problem's order), and those options (bits); ``(None, 0)`` where every item is covered."""
        best, found, fewest = None, 0, -1
        open_items = self.full & ~covered
        while open_items:
            low = open_items & -open_items
            k = low.bit_length() - 1
            open_items ^= low
            options = live & self.covers_of[k]
            d = options.bit_count()
            if fewest < 0 or d < fewest:
                best, found, fewest = k, options, d
                if d == 0:
                    break
        return best, found

    @staticmethod
    def members(options: int) -> list[int]:
        """The option numbers in a bit set, in order."""
        out = []
        while options:
            low = options & -options
            out.append(low.bit_length() - 1)
            options ^= low
        return out

    def probe(self, rng: random.Random, start: tuple[int, int] | None = None) -> tuple[int, int]:
        """One random walk from the root (or from the node ``start``, ``(covered, live)``) to a leaf:
        ``(1 + d1 + d1 d2 + ..., d1 d2 ... dk)``, the second 0 unless the leaf is a cover."""
        covered, live = self.root() if start is None else start
        nodes, product = 1, 1
        while True:
            item, options = self.choice(covered, live)
            if item is None:
                return nodes, product
            d = options.bit_count()
            if d == 0:
                return nodes, 0
            product *= d
            nodes += product
            covered, live = self.choose(covered, live, self.members(options)[rng.randrange(d)])


def search_tree(problem: CoverProblem) -> SearchTree:
    """The :class:`SearchTree` of ``problem``, built once and kept with it (a problem is not changed once built)."""
    if "_search_tree" not in problem.__dict__:
        problem.__dict__["_search_tree"] = SearchTree(problem)
    return problem.__dict__["_search_tree"]


def _mean_and_error(values: list[int]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (0 for one value), as floats."""
    n = len(values)
    total = sum(values)
    mean = total / n
    if n < 2:
        return float(mean), 0.0
    spread = sum((v - mean) ** 2 for v in values) / (n - 1)
    return float(mean), math.sqrt(spread / n)


def estimate(problem: CoverProblem, probes: int = 1000, seed: int = 0, *, time_limit: float | None = None,
             rate: float | None = None) -> dict:
    """Knuth's random-probe estimate of the search tree of Algorithm X on ``problem`` (fewest options first).

    Parameters
    ----------
    problem : parity.cover.CoverProblem
    probes : int
        How many root-to-leaf walks (at least one).
    seed : int
        Seed of the walks' random choices: the same seed gives the same estimate.
    time_limit : float, optional
        Stop probing after this many seconds (after one probe at least).
    rate : float, optional
        Nodes a second of the engine that would run the search (:func:`node_rate`): then ``seconds`` estimates
        its time.

    Returns
    -------
    dict
        ``nodes`` and ``nodes_error`` (the mean number of nodes and its standard error), ``solutions`` and
        ``solutions_error`` (the same of the number of covers), ``probes`` (made), ``seed``, ``seconds`` (the
        nodes over ``rate``, None without one) and ``exact``: False.

    Examples
    --------
    >>> problem = CoverProblem([["a", "b"], ["c", "d"], ["a", "c"], ["b", "d"], ["a"], ["b"], ["c"], ["d"]])
    >>> found = estimate(problem, probes=2000, seed=7)
    >>> round(found["solutions"]), found["solutions_error"] < 1
    (7, True)
    """
    if isinstance(probes, bool) or not isinstance(probes, int) or probes < 1:
        raise ValueError(f"probes must be a positive whole number, got {probes!r}")
    tree = search_tree(problem)
    rng = random.Random(seed)
    started = time.perf_counter()
    nodes, solutions = [], []
    while len(nodes) < probes:
        size, covers = tree.probe(rng)
        nodes.append(size)
        solutions.append(covers)
        if time_limit is not None and time.perf_counter() - started > time_limit:
            break
    mean_nodes, nodes_error = _mean_and_error(nodes)
    mean_solutions, solutions_error = _mean_and_error(solutions)
    return {"nodes": mean_nodes, "nodes_error": nodes_error, "solutions": mean_solutions,
            "solutions_error": solutions_error, "probes": len(nodes), "seed": seed,
            "seconds": None if not rate else mean_nodes / rate, "exact": False}


def node_rate(problem: CoverProblem, count, seed: int = 0, seconds: float = 2.0, nodes: int = RATE_NODES) -> dict:
    """The speed of the engine that would count ``problem``, in nodes of Algorithm X's tree a second.

    Random subproblems of about ``nodes`` nodes (found by walking down from the
    root until :func:`estimate` puts the subtree there) are counted by
    ``count`` (the engine's ``count``, loaded: the engine that
    :func:`parity.engines.choose_for` takes for ``problem``, as a family's own
    count asks), timed; the rate is their estimated nodes over their seconds.  An engine that fills the board in another order than the
    fewest options (``pack``, ``scan``) searches another tree: the rate then
    converts Algorithm X's nodes into that engine's seconds, which is what
    :func:`estimate` needs of it.

    Parameters
    ----------
    problem : parity.cover.CoverProblem
    count : callable
        ``count(problem)`` counts a problem's covers (its value is not read).
    seed : int
        Seed of the walks down to the subproblems.
    seconds : float
        Time subproblems until this many seconds are spent (none, where walking down to one takes them all:
        then the rate is None).  Each is counted
        in a child process stopped when they are spent (an estimate of a
        subtree can fall far short of it, and its count then outlasts any
        budget); a subproblem so stopped is not timed.
    nodes : int
        The size of the subproblems timed, in nodes.

    Returns
    -------
    dict
        ``rate`` (nodes a second; None where no subproblem could be timed) and ``samples`` (subproblems timed).

    Examples
    --------
    >>> problem = CoverProblem([[f"a{i}", "x"] for i in range(9)] + [[f"a{i}"] for i in range(9)] + [["x"]])
    >>> node_rate(problem, CoverProblem.count, nodes=50)["rate"] > 0
    True
    """
    tree = search_tree(problem)
    rng = random.Random(seed)
    started = time.perf_counter()
    timed_nodes, timed_seconds, samples = 0.0, 0.0, 0
    for _ in range(50):
        if time.perf_counter() - started > seconds:
            break
        covered, live = tree.root()
        chosen: list[int] = []
        while True:  # down one random path until the subtree is about the size wanted
            size = _subtree(tree, (covered, live), 16, rng) if chosen else None
            if size is not None and size <= nodes or time.perf_counter() - started > seconds:
                break
            item, options = tree.choice(covered, live)
            if item is None or not options:
                size = None
                break
            option = tree.members(options)[rng.randrange(options.bit_count())]
            chosen.append(option)
            covered, live = tree.choose(covered, live, option)
        if size is None or size < nodes / 100 or size > 10 * nodes:  # a leaf, too small to time fairly, or the
            continue  # time spent on the way down
        size = _subtree(tree, (covered, live), 400, rng)
        part = restricted(problem, chosen)
        left = seconds - (time.perf_counter() - started)
        try:  # (a quarter of the time at most: a subtree far larger than its estimate leaves time for others)
            timed_seconds += run_in_child(_timed, count, part, time_limit=max(min(left, seconds / 4), seconds / 10),
                                          what="timing the engine")
        except TimeLimitReached:  # far more than the estimate said: smaller subtrees from here on
            nodes = max(1000, nodes // 10)
            continue
        timed_nodes += size
        samples += 1
    return {"rate": timed_nodes / timed_seconds if samples and timed_seconds > 0 else None, "samples": samples}


def _subtree(tree: SearchTree, node: tuple[int, int], probes: int, rng: random.Random) -> float:
    """Knuth's estimate of the nodes below ``node`` (the mean of ``probes`` walks from it)."""
    return sum(tree.probe(rng, node)[0] for _ in range(probes)) / probes


def _timed(count, part) -> float:
    """The seconds ``count(part)`` takes."""
    began = time.perf_counter()
    count(part)
    return time.perf_counter() - began


def restricted(problem: CoverProblem, chosen: Sequence[int]) -> CoverProblem:
    """The covers of ``problem`` that hold the options ``chosen`` (numbers in ``problem``), as a problem of
    their own: those options and every option compatible with them, the items, their order and the board's
    neighbours as they were; its covers decode as ``problem``'s do, in ``problem``'s numbering.

    Examples
    --------
    >>> problem = CoverProblem([["a", "b"], ["a"], ["b"], ["c"]])
    >>> part = restricted(problem, [1])
    >>> part.options, part.count()
    ([['a'], ['b'], ['c']], 1)
    >>> part.decode([0, 1, 2])
    [['a'], ['b'], ['c']]
    """
    tree = search_tree(problem)
    covered, live = tree.root()
    for option in chosen:
        if not (live >> option) & 1:
            raise ValueError(f"option {option} clashes with the options chosen before it")
        covered, live = tree.choose(covered, live, option)
    kept = sorted({*chosen, *tree.members(live), *problem.idle})
    return CoverProblem([problem.options[i] for i in kept], primary=problem.primary, secondary=problem.secondary,
                        ordered=problem.ordered, neighbours=problem.neighbours,
                        decode=lambda picked: problem.decode(sorted(kept[i] for i in picked)))


def branches(problem: CoverProblem, depth: int = 1) -> list[tuple[int, ...]]:
    """The partial covers at the first ``depth`` branching levels of Algorithm X's tree, as tuples of option
    numbers: at each level the item with the fewest options is taken (one with a single option on the way,
    without counting a level) and each of its options tried; dead ends (an item with no option) are dropped,
    and a partial cover that covers everything before ``depth`` is kept as it is.

    The covers of ``problem`` are those of :func:`restricted` ``(problem, path)`` over the paths, each once.

    Examples
    --------
    >>> problem = CoverProblem([["a", "b"], ["a"], ["b"], ["c", "d"], ["c"], ["d"]])
    >>> branches(problem, depth=2)
    [(0, 3), (0, 4), (1, 2, 3), (1, 2, 4)]
    >>> sum(restricted(problem, p).count() for p in branches(problem, 2)) == problem.count()
    True
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth must be a whole number from 0, got {depth!r}")
    tree = search_tree(problem)
    level = [((), *tree.root())]
    for _ in range(depth):
        below = []
        for path, covered, live in level:
            while True:  # an item with one option left is taken, as the search takes it
                item, options = tree.choice(covered, live)
                if item is None or options.bit_count() != 1:
                    break
                path += (options.bit_length() - 1,)
                covered, live = tree.choose(covered, live, path[-1])
            if item is None:  # covered already
                below.append((path, covered, live))
                continue
            for option in tree.members(options):  # (none: a dead end, dropped)
                below.append((path + (option,), *tree.choose(covered, live, option)))
        level = below
    return [path for path, _, _ in level]
