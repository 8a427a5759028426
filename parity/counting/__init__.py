"""Counters that know the problem: exact counts by dynamic programming instead of by listing.

:mod:`parity.counting.frontier` counts the proper colourings of a graph by
sweeping its vertices in an order with a short frontier (a path
decomposition), so grids, tori and any graph of small width are counted
exactly however many colourings they have, and gives the chromatic
polynomial of small graphs.  The encoding it reads is a
:class:`ColoringProblem`: the conflict graph, the number of colours, the
clues.
"""

from .frontier import ColoringProblem, chromatic_polynomial, count_colourings, frontier_order, frontier_width

__all__ = ["ColoringProblem", "count_colourings", "chromatic_polynomial", "frontier_order", "frontier_width"]
