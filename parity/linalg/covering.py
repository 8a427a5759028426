"""Moved to :mod:`parity.codes` (a code's cosets and covering radius); this name is kept for older scripts."""

from __future__ import annotations

from ..codes import (EMBEDDING_TRIES, MAX_FAR, MAX_NULLITY, MAX_SYMMETRIC, MOST_CODEWORDS_GFP, MOST_COUNTED,
                     MOST_COUNTED_GFP, SYNDROME_BITS, WORD_BITS, CoveringRadius, Regions, carried_word, coset_minimum,
                     counting_bounds, covering_radius, covering_radius_gfp, embedding, far_word, parity_bound,
                     regions, symmetric_word, symmetric_word_gfp, transferred_bound)

__all__ = ["Regions", "regions", "coset_minimum", "parity_bound", "counting_bounds", "embedding", "transferred_bound",
           "carried_word", "far_word", "symmetric_word", "symmetric_word_gfp", "CoveringRadius", "covering_radius",
           "covering_radius_gfp", "MAX_NULLITY", "WORD_BITS", "MAX_FAR", "MAX_SYMMETRIC", "MOST_COUNTED",
           "MOST_COUNTED_GFP", "MOST_CODEWORDS_GFP", "EMBEDDING_TRIES", "SYNDROME_BITS"]
