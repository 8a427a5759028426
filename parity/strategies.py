"""Hypothesis strategies for property tests (needs the ``test`` extra).

They draw from the same generators as ``parity check`` (``parity.check``
and each family's ``random_instance`` in the registry), through hypothesis'
seeded ``randoms()``, so failing examples shrink and replay.  A new family
is drawn from as soon as it is registered.
"""

from __future__ import annotations

from hypothesis import strategies as st

from .boards import random_graph
from .errors import LimitError
from .puzzles.registry import family as get_family

__all__ = ["graphs", "instances"]


def graphs(min_nodes: int = 1, max_nodes: int = 18) -> st.SearchStrategy:
    """Random graphs from every generator of ``parity.check.GRAPH_GENERATORS``."""
    return st.randoms(use_true_random=False).map(lambda rng: random_graph(rng, min_nodes, max_nodes))


def instances(family: str) -> st.SearchStrategy:
    """Random instances of a registered family (``"lightsout"``, ``"cnf"``, ...).

    The family is looked up when the first example is drawn, so a test module
    may register its family in a fixture.
    """

    def make(rng):
        generator = get_family(family).random_instance
        if generator is None:
            raise LimitError(f"family {family!r} has no random instances")
        return generator(rng)

    return st.randoms(use_true_random=False).map(make)
