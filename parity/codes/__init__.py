"""Linear codes over GF(p): a code's cosets, their least weights, and its covering radius.

The solutions of a Lights Out puzzle are a coset ``x + C`` of the code ``C``
spanned by its quiet patterns: the fewest presses is the coset's least
weight, and the most presses any solvable start needs (Most Clicks) is the
covering radius of ``C``.  A module an idea: ``regions`` (a code's positions
grouped by their column of the basis, and the orbits a group makes of
them), ``cosets`` (the least weight of a coset, and the coset search on
regions), ``bounds`` (the parity and counting bounds), ``radius`` and
``radius_gfp`` (the covering radius with its certificate, over GF(2) and
GF(p)), ``walk`` (a word far from the code), ``symmetric`` (the farthest
word a group keeps) and ``embeddings`` (bounds and words carried between
codes).  Elimination is :mod:`parity.linalg`'s; this package uses it.

Examples
--------
The 5 x 5 board's two quiet patterns; the all-on start needs 15 presses, and
no start needs more:

>>> from parity.puzzles import LightsOut
>>> from parity.codes import coset_minimum, covering_radius
>>> space = LightsOut("grid:5x5").solution_space()
>>> coset_minimum(space.particular, space.basis)[0], covering_radius(space.basis).radius
(15, 15)
"""

from __future__ import annotations

from .bounds import MOST_COUNTED, MOST_COUNTED_GFP, counting_bounds, parity_bound
from .cosets import MAX_NULLITY, TRANSFORM_FROM, codeword, coset_minimum, coset_search, least_weight, least_weight_steps
from .embeddings import EMBEDDING_TRIES, carried_word, embedding, transferred_bound
from .radius import SYNDROME_BITS, CoveringRadius, covering_radius
from .radius_gfp import MOST_CODEWORDS_GFP, covering_radius_gfp
from .regions import WORD_BITS, Regions, orbits, regions
from .symmetric import MAX_SYMMETRIC, symmetric_word, symmetric_word_gfp
from .walk import MAX_FAR, far_word

__all__ = ["Regions", "regions", "orbits", "coset_minimum", "coset_search", "codeword", "least_weight", "least_weight_steps", "TRANSFORM_FROM", "parity_bound",
           "counting_bounds", "embedding", "transferred_bound", "carried_word", "far_word", "symmetric_word",
           "symmetric_word_gfp", "CoveringRadius", "covering_radius", "covering_radius_gfp", "MAX_NULLITY",
           "WORD_BITS", "MAX_FAR", "MAX_SYMMETRIC", "MOST_COUNTED", "MOST_COUNTED_GFP", "MOST_CODEWORDS_GFP",
           "EMBEDDING_TRIES", "SYNDROME_BITS"]
