"""Hypothesis strategies for property tests (needs the ``test`` extra).

They draw from the same generators as ``parity check`` (:mod:`parity.check`),
through hypothesis' seeded ``randoms()``, so failing examples shrink and
replay.  Other families plug in by adding a generator to
``parity.check.FAMILIES``; :func:`instances` then draws from it.
"""

from __future__ import annotations

from hypothesis import strategies as st

from .check import FAMILIES, random_graph

__all__ = ["graphs", "instances"]


def graphs(min_nodes: int = 1, max_nodes: int = 18) -> st.SearchStrategy:
    """Random graphs from every generator of :data:`parity.check.GRAPH_GENERATORS`."""
    return st.randoms(use_true_random=False).map(lambda rng: random_graph(rng, min_nodes, max_nodes))


def instances(family: str) -> st.SearchStrategy:
    """Random instances of a registered family (``"lightsout"``, ...)."""
    make = FAMILIES[family]
    return st.randoms(use_true_random=False).map(make)
