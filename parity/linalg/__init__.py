"""Exact linear algebra over GF(2) and GF(p).

``field=2`` uses the ``gf2`` engine: small systems are eliminated with rows
as Python integers, larger ones by bit-packed numba kernels (loaded only
then: importing this package loads neither numba nor galois).  Any other
prime below ``2**31`` uses the ``gfp`` engine, numba kernels on rows stored
from their first to their last non-zero entry.  ``galois`` (the galois
library) is the reference both are tested against.  All return the same
:class:`SolutionSpace`, and the ``engine`` argument picks one explicitly
(``gfp`` and ``galois`` work over every prime field, GF(2) included).

>>> import numpy as np
>>> from parity.linalg import solve
>>> A = np.array([[1, 1, 0], [1, 1, 1], [0, 1, 1]])
>>> space = solve(A, [1, 0, 1])
>>> space.count, space.particular.tolist()
(1, [1, 0, 1])
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..errors import UnknownEngineError
from .gf2 import Echelon, null_space_gf2, pack, pack_entries, rank_gf2, rref_gf2, solve_gf2, unpack
from .gfp import GFpEchelon, check_field, null_space_gfp, rank_gfp, rref_gfp, solve_gfp
from .space import SolutionSpace

__all__ = [
    "SolutionSpace",
    "Echelon",
    "Elimination",
    "ELIMINATIONS",
    "GF2",
    "GFP",
    "GALOIS",
    "elimination",
    "rank",
    "rref",
    "null_space",
    "solve",
    "check_field",
    "pack",
    "pack_entries",
    "unpack",
    "rank_gf2",
    "rref_gf2",
    "null_space_gf2",
    "solve_gf2",
    "rank_gfp",
    "rref_gfp",
    "null_space_gfp",
    "solve_gfp",
]


class Elimination:
    """One elimination algorithm over prime fields, as the functions below and the linear engines use it.

    ``handles(p)`` says which primes it works over; ``solve_system`` solves
    a :class:`~parity.linalg.system.LinearSystem` from its entries where the
    algorithm can (no dense ``n x n`` intermediate), else from its dense
    matrix.  The engines ``gf2``, ``gfp`` and ``galois``
    (:data:`parity.engines.ENGINES`) each hold one of :data:`ELIMINATIONS`.
    """

    def __init__(self, name: str, fields: Callable[[int], bool], rank, rref, null_space, solve,
                 solve_system=None) -> None:
        self.name, self.handles = name, fields
        self.rank, self.rref, self.null_space, self.solve = rank, rref, null_space, solve
        self.solve_system = solve_system or (lambda system: solve(system.dense(), system.rhs, system.field))

    def __repr__(self) -> str:
        return f"<elimination {self.name}>"


def _gf2_from_entries(system) -> SolutionSpace:
    """Pack straight from the entries (odd values only): no dense matrix."""
    odd = (system.values % 2).astype(bool)
    packed = pack_entries(system.shape[0], system.shape[1], system.rows[odd], system.cols[odd])
    return Echelon(packed, system.rhs % 2, ncols=system.shape[1]).space()


def _gfp_from_entries(system) -> SolutionSpace:
    from .gfp import solve_entries

    return solve_entries(system.shape, system.rows, system.cols, system.values, system.rhs, system.field)


#: GF(2) only: rows as Python integers when small, bit-packed numba kernels when large
GF2 = Elimination("gf2", lambda p: p == 2, lambda A, p: rank_gf2(A), lambda A, p: rref_gf2(A),
                  lambda A, p: null_space_gf2(A), lambda A, b, p: solve_gf2(A, b), _gf2_from_entries)
#: every prime below 2**31: numba kernels on rows stored from their first to their last non-zero entry
GFP = Elimination("gfp", lambda p: True, lambda A, p: GFpEchelon(A, p=p).rank,
                  lambda A, p: GFpEchelon(A, p=p).reduced_form(), lambda A, p: GFpEchelon(A, p=p).null_basis(),
                  lambda A, b, p: GFpEchelon(A, b, p=p).space(), _gfp_from_entries)
#: every prime, through the galois library (the reference the other two are tested against)
GALOIS = Elimination("galois", lambda p: True, rank_gfp, rref_gfp, null_space_gfp, solve_gfp)

#: the elimination algorithms; the functions below take one of them, or its name, as ``engine``
ELIMINATIONS: tuple[Elimination, ...] = (GF2, GFP, GALOIS)


def elimination(field: int, engine: Elimination | str | None = None) -> Elimination:
    """The elimination for ``field``: ``engine`` (an :class:`Elimination` or its name), by default ``gf2`` over
    GF(2) and ``gfp`` over other primes.

    Examples
    --------
    >>> elimination(2).name, elimination(3).name, elimination(5, "galois").name
    ('gf2', 'gfp', 'galois')
    """
    field = check_field(field)
    if engine is None:
        chosen = GF2 if field == 2 else GFP
    elif isinstance(engine, Elimination):
        chosen = engine
    else:
        chosen = next((e for e in ELIMINATIONS if e.name == engine), None)
        if chosen is None:
            raise UnknownEngineError(f"unknown linear engine {engine!r}; known: "
                                     f"{', '.join(e.name for e in ELIMINATIONS)}")
    if not chosen.handles(field):
        raise UnknownEngineError(f"engine {chosen.name!r} does not work over GF({field}); use 'gfp' or 'galois'")
    return chosen


def rank(A, field: int = 2, engine: Elimination | str | None = None) -> int:
    """Rank of ``A`` over GF(field).

    Examples
    --------
    >>> rank([[1, 1], [1, 1]]), rank([[1, 1], [1, 2]], field=3)
    (1, 2)
    """
    return elimination(field, engine).rank(A, field)


def rref(A, field: int = 2, engine: Elimination | str | None = None) -> tuple[np.ndarray, list[int]]:
    """Reduced row echelon form (non-zero rows) and pivot columns over GF(field).

    Examples
    --------
    >>> R, pivots = rref([[1, 1], [1, 2]], field=3)
    >>> R.tolist(), pivots
    ([[1, 0], [0, 1]], [0, 1])
    """
    return elimination(field, engine).rref(A, field)


def null_space(A, field: int = 2, engine: Elimination | str | None = None) -> np.ndarray:
    """A basis of the right null space ``{x : A x = 0}``, one row per free column.

    Examples
    --------
    >>> null_space([[1, 1, 1]], field=2).tolist()
    [[1, 1, 0], [1, 0, 1]]
    """
    return elimination(field, engine).null_space(A, field)


def solve(A, b, field: int = 2, engine: Elimination | str | None = None) -> SolutionSpace:
    """Every solution of ``A x = b`` over GF(field), as a :class:`SolutionSpace`.

    Examples
    --------
    >>> solve([[1, 1], [0, 1]], [0, 1], field=5).particular.tolist()
    [4, 1]
    """
    return elimination(field, engine).solve(A, b, field)
