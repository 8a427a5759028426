"""What a board is, checked where boards enter; what a board will cost, checked before it is built.

A board is a simple undirected graph with at least one node: no directions,
no parallel edges, no self-loops.  :func:`~parity.boards.check_board` refuses everything else
with a message that says what to do.  Node labels may be any hashable objects,
also ones that print alike (``1``, ``"1"`` and ``(1,)`` are three nodes): the
library keys everything by the node objects themselves.

Sizes are checked before a board is built: a networkx graph costs roughly
:data:`NODE_BYTES` a node and :data:`EDGE_BYTES` an edge (measured on CPython
3.11 with networkx 3: about 265 bytes a bare integer node, 600 a tuple node
with a ``pos``, 210 to 440 an edge as the adjacency dictionaries grow; the
constants are deliberately round and err on the large side).
"""

from __future__ import annotations

import math

import networkx as nx

from .._limits import check_memory, human_bytes, machine_memory
from ..errors import BoardSpecError, TooLargeError

__all__ = ["check_board"]

#: bytes a board node costs in networkx (node and adjacency dicts, label, ``pos``), rounded up
NODE_BYTES = 500
#: bytes a board edge costs in networkx (two adjacency entries and the shared attribute dict), rounded up
EDGE_BYTES = 300
_ABSURD = 2**80  # one yobibyte: above this, "about" would only print a very long number


def _count(n: int) -> str:
    return f"{n:,}" if n < 10**15 else f"about 10^{round(math.log10(n))}"


def check_board_size(what: str, nodes: int, edges: int) -> None:
    """Raise :class:`TooLargeError` before building a board of ``nodes`` and ``edges`` that memory cannot hold.

    Examples
    --------
    >>> check_board_size("board grid:3x3", 9, 12)
    >>> check_board_size("board grid:100000x100000", 10**10, 2 * 10**10)
    Traceback (most recent call last):
    ...
    parity.errors.TooLargeError: board grid:100000x100000 (10,000,000,000 nodes, 20,000,000,000 edges) needs about 10.0 TiB of memory; ...
    """
    what = f"{what} ({_count(nodes)} nodes, {_count(edges)} edges)"
    needed = nodes * NODE_BYTES + edges * EDGE_BYTES
    if needed > _ABSURD:
        raise TooLargeError(
            f"{what} needs more than {human_bytes(_ABSURD)} of memory; this machine has {human_bytes(machine_memory())}"
        )
    check_memory(needed, what)


def board_problem(G: object, in_file: bool = False) -> str | None:
    """Why ``G`` is not a board, with what to do about it; None if it is one.

    ``in_file`` words the advice for a graph read from a file rather than
    passed in.
    """
    subject = "the graph" if in_file else "board"
    if not isinstance(G, nx.Graph):
        return f"a board must be a networkx.Graph, got {type(G).__name__}"
    if G.is_directed():
        fix = "write it as an undirected graph" if in_file else "pass G.to_undirected()"
        return f"{subject} is a directed graph; parity boards are simple undirected graphs: {fix}"
    if G.is_multigraph():
        fix = "merge or remove the parallel edges" if in_file else "pass nx.Graph(G) to merge parallel edges"
        return f"{subject} is a multigraph; parity boards are simple undirected graphs: {fix}"
    if G.number_of_nodes() == 0:
        return f"{subject} has no nodes; a board needs at least one node"
    loops = list(nx.selfloop_edges(G))
    if loops:
        fix = "remove the loop edges" if in_file else "remove them with G.remove_edges_from(list(nx.selfloop_edges(G)))"
        return (
            f"{subject} has {len(loops)} self-loop{'s' if len(loops) > 1 else ''} (the first at node {loops[0][0]!r}); "
            f"parity boards are simple undirected graphs (a node always toggles itself): {fix}"
        )
    return None


def check_board(G: nx.Graph) -> nx.Graph:
    """``G`` itself if it is a board: a simple undirected graph with at least one node.

    Puzzles call this on every graph they are given, so a directed graph, a
    multigraph or a self-loop is refused at the door rather than giving wrong
    answers later.  Node labels may be any hashable objects, also ones that
    print alike (``1``, ``"1"`` and ``(1,)`` are three different nodes).

    Parameters
    ----------
    G : networkx.Graph
        The candidate board.

    Returns
    -------
    networkx.Graph
        ``G``, unchanged (not a copy).

    Raises
    ------
    BoardSpecError
        If ``G`` is not a ``networkx.Graph``, is directed, is a multigraph,
        has a self-loop or has no nodes; the message says what to do.

    See Also
    --------
    board : builds boards from specs and checks graphs with this function.

    Examples
    --------
    >>> G = nx.Graph([(1, "1"), ("1", (1,))])
    >>> check_board(G) is G
    True
    >>> check_board(nx.DiGraph([(0, 1)]))
    Traceback (most recent call last):
    ...
    parity.errors.BoardSpecError: board is a directed graph; parity boards are simple undirected graphs: pass G.to_undirected()
    >>> check_board(nx.Graph([(0, 0), (0, 1)]))
    Traceback (most recent call last):
    ...
    parity.errors.BoardSpecError: board has 1 self-loop (the first at node 0); ...
    """
    problem = board_problem(G)
    if problem is not None:
        raise BoardSpecError(problem)
    return G
