"""The board a spec names: a networkx Graph that shows itself.

:class:`Board` is :class:`networkx.Graph` and nothing else but two methods of display: its ``repr`` names the board
and its size, and in a notebook it is drawn (IPython's ``_repr_svg_``).  :func:`~parity.boards.board` hands one out
for every spec; a graph passed in comes back as it was passed.

Examples
--------
>>> from parity.boards import board
>>> board("grid:5x5")
<board grid:5x5: 25 cells, 40 edges>
>>> import networkx as nx
>>> isinstance(board("petersen"), nx.Graph)
True
"""

from __future__ import annotations

import networkx as nx

__all__ = ["Board", "as_board"]


class Board(nx.Graph):
    """A board: a :class:`networkx.Graph` (every method as networkx has it) with a ``repr`` that names it and a
    picture for notebooks (nodes at their places, edges between them; matplotlib needed, ``parity[draw]``)."""

    def __repr__(self) -> str:
        name = self.graph.get("name")
        what = f"board {name}" if name else "board"
        return f"<{what}: {self.number_of_nodes()} cells, {self.number_of_edges()} edges>"

    def _repr_svg_(self) -> str | None:
        from .._display import graph_svg

        name = self.graph.get("name")
        return graph_svg(self, title=f"{name}: {self.number_of_nodes()} cells" if name else None)


def as_board(G: nx.Graph) -> nx.Graph:
    """``G`` itself as a :class:`Board` where it is a plain :class:`networkx.Graph` (no copy: its class is set),
    else ``G`` as it is (a subclass a caller made keeps its class)."""
    if type(G) is nx.Graph:
        G.__class__ = Board
    return G
