"""Random boards for the cross-check harness and the families' random instances: small graphs of many kinds.

Examples
--------
>>> import random
>>> G = random_graph(random.Random(1), 3, 6)
>>> 3 <= G.number_of_nodes() <= 6 and ":" in G.graph["name"]
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

import networkx as nx

__all__ = ["GRAPH_GENERATORS", "random_graph"]


def _gnp(rng: random.Random, n: int) -> nx.Graph:
    return nx.gnp_random_graph(n, rng.uniform(0.05, 0.5), seed=rng.randrange(2**31))


def _tree(rng: random.Random, n: int) -> nx.Graph:
    return nx.random_labeled_tree(n, seed=rng.randrange(2**31))


def _regular(rng: random.Random, n: int) -> nx.Graph:
    d = rng.randint(1, 4)
    n = max(n, d + 1)
    return nx.random_regular_graph(d, n + (n * d) % 2, seed=rng.randrange(2**31))


def _grid(rng: random.Random, n: int) -> nx.Graph:
    rows = rng.randint(1, max(1, int(n**0.5) + 1))
    return nx.grid_2d_graph(rows, max(1, n // rows))


def _barabasi(rng: random.Random, n: int) -> nx.Graph:
    return nx.barabasi_albert_graph(max(n, 3), rng.randint(1, 2), seed=rng.randrange(2**31))


def _small_world(rng: random.Random, n: int) -> nx.Graph:
    return nx.connected_watts_strogatz_graph(max(n, 5), 4, 0.3, seed=rng.randrange(2**31))


#: random graph generators by name, each a function of a random.Random and a node count
GRAPH_GENERATORS: dict[str, Callable[[random.Random, int], nx.Graph]] = {
    "gnp": _gnp,
    "tree": _tree,
    "regular": _regular,
    "grid": _grid,
    "barabasi-albert": _barabasi,
    "watts-strogatz": _small_world,
}


def random_graph(rng: random.Random, min_nodes: int = 1, max_nodes: int = 18) -> nx.Graph:
    """A random graph from a random generator of ``GRAPH_GENERATORS``, named after how it was made."""
    kind = rng.choice(sorted(GRAPH_GENERATORS))
    n = rng.randint(min_nodes, max_nodes)
    G = nx.Graph(GRAPH_GENERATORS[kind](rng, n))
    G.graph["name"] = f"{kind}:{G.number_of_nodes()}"
    return G
