"""A Lights Out solution: node -> number of presses, kept as the press vector in the puzzle's node order."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, MutableMapping, Sequence
from numbers import Integral

import numpy as np

from ...errors import InvalidSolution

__all__ = ["Presses"]


class Presses(MutableMapping):
    """A Lights Out solution: node -> number of presses, kept as the press vector in the puzzle's node order.

    It reads like a dict (``presses[(0, 0)]``, ``.items()``, ``dict(presses)``,
    equality with a dict) and takes new counts for its nodes
    (``presses[(0, 0)] = 0``); every node of the board is a key, so no key is
    added or deleted.  Its ``vector`` is the array itself (a copy of the one
    given).

    Examples
    --------
    >>> from parity.puzzles import LightsOut
    >>> presses = LightsOut("grid:2x2").presses([1, 0, 0, 1])
    >>> presses[(0, 0)], presses == {(0, 0): 1, (0, 1): 0, (1, 0): 0, (1, 1): 1}, presses.vector.tolist()
    (1, True, [1, 0, 0, 1])
    """

    __slots__ = ("nodes", "index", "vector")

    def __init__(self, nodes: Sequence[Hashable], index: Mapping[Hashable, int], vector) -> None:
        self.nodes, self.index = nodes, index
        self.vector = np.array(vector, dtype=np.int64).ravel()
        if self.vector.size != len(nodes):
            raise InvalidSolution(f"a press vector of {self.vector.size} entries for {len(nodes)} nodes")

    def __getitem__(self, node: Hashable) -> int:
        return int(self.vector[self.index[node]])

    def __setitem__(self, node: Hashable, times) -> None:
        if node not in self.index:
            raise KeyError(node)
        if isinstance(times, bool) or not isinstance(times, Integral):
            raise InvalidSolution(f"node {node!r} pressed {times!r} times; expected an integer")
        self.vector[self.index[node]] = int(times)

    def __delitem__(self, node: Hashable) -> None:
        raise TypeError("every node of the board has a press count; set it to 0 instead of deleting it")

    def __iter__(self):
        return iter(self.nodes)

    def __len__(self) -> int:
        return len(self.nodes)

    def __contains__(self, node) -> bool:
        return node in self.index

    def __eq__(self, other) -> bool:
        if isinstance(other, Presses) and other.nodes == self.nodes:
            return bool(np.array_equal(self.vector, other.vector))
        return Mapping.__eq__(self, other)

    __hash__ = None

    def __repr__(self) -> str:
        return repr(dict(self.items()))
