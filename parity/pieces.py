"""Piece sets to look at: every polyform of an order on each lattice, generated and checked against the published
counts.

Seven families, each a lattice of :mod:`parity.boards.lattices`: polyominoes
(squares), polycubes (cubes), polyiamonds (triangles), polyhexes (hexagons)
and the three made of unit segments, polysticks (the square grid), polytrigs
(the triangular grid) and polytwigs (the hexagonal grid).  A set is grown
cell by cell (:func:`parity.puzzles.polyomino.polyominoes`, segments joined
at their end points) and kept one piece per class under the lattice's
symmetries: rotations and reflections (*free*), or rotations only
(*one-sided*; polycubes are always taken up to rotations, since a solid
cannot be turned over in space).

:data:`PUBLISHED` holds the sizes of the sets as Polyform Puzzler's FAQ lists
them with their OEIS entries, and ``parity.data.oeis`` the longer data
sections of some of those entries (the polyominoes' to order 28);
``parity pieces`` says whether the generated set matches where a size is
published.  A set is generated at any order whose pieces fit in the
machine's memory (:func:`expected_size`), not only to the tables' extent.

Examples
--------
>>> [len(piece_set("polysticks", n)) for n in range(1, 6)]
[1, 2, 5, 16, 55]
>>> len(piece_set("polytwigs", 5, one_sided=True)), published("polytwigs", 5, one_sided=True)
(19, (19, 'A197460'))
>>> sorted(piece_set("polyominoes", 4))
['I', 'L', 'O', 'S', 'T']
"""

from __future__ import annotations

import numpy as np

from .boards.lattices import CUBIC, Lattice, Segments, lattice_named
from .data import oeis
from .errors import LimitError

__all__ = ["FAMILIES", "PUBLISHED", "piece_set", "published", "expected_size", "describe_set", "draw_pieces",
           "welded"]

#: family -> its lattice
FAMILIES = {"polyominoes": "square", "polycubes": "cubic", "polyiamonds": "triangle", "polyhexes": "hex",
            "polysticks": "sticks", "polytrigs": "trigs", "polytwigs": "twigs"}

#: family -> (free sizes from order 1, their OEIS entry, one-sided sizes, their entry), as Polyform Puzzler's FAQ
#: tabulates them ("How many of each type of polyform are there?"); polycubes are counted up to rotations only
PUBLISHED = {
    "polyominoes": ([1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655], "A000105",
                    [1, 1, 2, 7, 18, 60, 196, 704, 2500, 9189], "A000988"),
    "polyiamonds": ([1, 1, 1, 3, 4, 12, 24, 66, 160, 448, 1186], "A000577",
                    [1, 1, 1, 4, 6, 19, 43, 120, 307, 866, 2336], "A006534"),
    "polyhexes": ([1, 1, 3, 7, 22, 82, 333, 1448], "A000228", [1, 1, 3, 10, 33, 147, 620, 2821], "A006535"),
    "polycubes": ([1, 1, 2, 8, 29, 166, 1023, 6922], "A000162", [1, 1, 2, 8, 29, 166, 1023, 6922], "A000162"),
    "polysticks": ([1, 2, 5, 16, 55, 222, 950], "A019988", [1, 2, 7, 25, 99, 416, 1854], "A151537"),
    "polytrigs": ([1, 3, 12, 60, 375, 2613], "A159867", [1, 3, 19, 104, 719, 5123], "A151539"),
    "polytwigs": ([1, 1, 3, 4, 12, 27, 78], "A197459", [1, 1, 4, 6, 19, 49, 143], "A197460"),
}

#: (family, order, welded) -> (free, one-sided) sizes of the welded (branching) or unwelded pieces, as published
WELDED = {("polysticks", 4, True): (6, 10), ("polysticks", 4, False): (10, 15)}
WELDED_SOURCE = "Polyform Puzzler, Polysticks: Puzzles & Solutions"

#: bytes of memory a set takes per cell of its pieces while ``parity pieces`` lists it (the set, its names, its JSON
#: or its lines of text: about 270 measured at orders 11 to 13 of the polyominoes, with room to spare), for the check
#: of :func:`expected_size` pieces against the machine's memory
BYTES_PER_CELL = 400


def _family(family: str) -> Lattice:
    if not isinstance(family, str) or family not in FAMILIES:
        import difflib

        near = difflib.get_close_matches(str(family), list(FAMILIES), n=2, cutoff=0.7)
        guess = f"did you mean {' or '.join(near)}? " if near else ""
        raise LimitError(f"unknown piece family {family!r}; {guess}known: {', '.join(FAMILIES)}")
    return lattice_named(FAMILIES[family])


def _order(family: str, order) -> int:
    if isinstance(order, bool) or not isinstance(order, (int, np.integer)) or order < 1:
        raise LimitError(f"the order of {family} is a whole number of cells from 1, got {order!r}")
    return int(order)


def _sizes(family: str, one_sided: bool) -> tuple[list[int], str]:
    """The published sizes of a family's sets from order 1 and their OEIS entry: Polyform Puzzler's table, or the
    entry's longer data section where ``parity.data.oeis`` holds one."""
    free, free_source, sided, sided_source = PUBLISHED[family]
    sizes, source = (sided, sided_source) if one_sided else (free, free_source)
    longer = getattr(oeis, source, None)
    return (longer if longer is not None and len(longer) > len(sizes) else sizes), source


def published(family: str, order: int, one_sided: bool = False) -> tuple[int, str] | None:
    """The published size of a set and the OEIS entry it comes from, or None where none is published (the
    polyominoes' are known to order 28, the polysticks' to order 7, ...).

    Examples
    --------
    >>> published("polytrigs", 5), published("polyominoes", 11), published("polytrigs", 7)
    ((375, 'A159867'), (17073, 'A000105'), None)
    """
    _family(family)
    order = _order(family, order)
    sizes, source = _sizes(family, one_sided)
    return (sizes[order - 1], source) if order <= len(sizes) else None


def expected_size(family: str, order: int, one_sided: bool = False) -> tuple[int, bool]:
    """How many pieces a set has, and whether that is exact: its published size where there is one, else an
    estimate from the last two published sizes ``a, b``: ``b (b / a)^k`` for ``k`` orders past them.  The estimate
    is rough (for the sizes published, one or two orders past order 7 it comes within 0.6 to 1.15 times the true
    size): enough to tell a set that fits in memory from one that cannot.  It stops at ``10^30``: no memory holds
    a set that large.

    Examples
    --------
    >>> expected_size("polyominoes", 11)
    (17073, True)
    >>> expected_size("polysticks", 9)  # the table of A019988 ends at order 7 with 222, 950: 950 (950 / 222)^2
    (17397, False)
    """
    import math

    _family(family)
    order = _order(family, order)
    sizes, _ = _sizes(family, one_sided)
    if order <= len(sizes):
        return sizes[order - 1], True
    digits = math.log10(sizes[-1]) + (order - len(sizes)) * math.log10(sizes[-1] / sizes[-2])
    return round(10 ** min(digits, 30)), False


def _check_size(family: str, order: int, one_sided: bool) -> None:
    """Raise TooLargeError, before any piece is grown, when the set would not fit in this machine's memory."""
    from ._limits import check_memory

    count, exact = expected_size(family, order, one_sided)
    said = f"{count:,}" if count < 10 ** 15 else f"10^{len(str(count)) - 1}{' or more' if count == 10 ** 30 else ''}"
    check_memory(count * order * BYTES_PER_CELL, f"the set of {family} of order {order} ("
                                                 f"{f'{said} pieces' if exact else f'about {said} pieces, extrapolated'})")


def welded(family: str, cells) -> bool:
    """Whether a piece of segments has a junction (three or more of its segments at one point): Polyform
    Puzzler's *welded* pieces, which branch; the others (paths and loops) are *unwelded*.

    Examples
    --------
    >>> welded("polysticks", [(0, 0, 0), (1, 0, 0), (1, 0, 1)]), welded("polysticks", [(0, 0, 0), (1, 0, 1)])
    (True, False)
    """
    lattice = _family(family)
    if not isinstance(lattice, Segments):
        raise LimitError(f"welded and unwelded pieces are made of segments (polysticks, polytrigs, polytwigs), "
                         f"not {family}")
    ends: dict = {}
    for cell in cells:
        cell = tuple(cell)
        if lattice.refuses(cell) is not None:
            raise LimitError(f"{cell} is not a segment of the {lattice.name} lattice: {lattice.refuses(cell)}")
        for p in lattice.ends(cell):
            ends[p] = ends.get(p, 0) + 1
    if not ends:
        raise LimitError("a piece has at least one segment")
    return max(ends.values()) >= 3


def piece_set(family: str, order: int, one_sided: bool = False, welded_only: bool | None = None) -> dict[str, tuple]:
    """Every piece of ``order`` cells (segments) of a family, by name: conventional names where there are
    some (the pentominoes' letters, Polyform Puzzler's for small polyiamonds and polyhexes), else the family's
    letter, the order and a number (``S4_7``: the seventh tetrastick).

    With ``welded_only`` True only the *welded* pieces of a family of
    segments (those with a junction, :func:`welded`), with False only the
    others.

    The set is grown whatever its order, as far as this machine's memory
    holds it (:func:`expected_size` pieces, each :data:`BYTES_PER_CELL` a cell);
    the time grows as the set: polyominoes of order 11 (17,073) take seconds,
    of order 13 (238,591) about a minute.

    Raises
    ------
    LimitError
        If the family is unknown, the order is not a whole number from 1, or
        ``welded_only`` is asked of a family of cells.
    TooLargeError
        If the set would not fit in this machine's memory (checked before any
        piece is grown).
    """
    from .puzzles.polyomino import piece_names, polyominoes

    lattice = _family(family)
    order = _order(family, order)
    if welded_only is not None and not isinstance(lattice, Segments):
        raise LimitError(f"welded and unwelded pieces are made of segments (polysticks, polytrigs, polytwigs), "
                         f"not {family}")
    _check_size(family, order, one_sided)
    named = piece_names(polyominoes(order, one_sided=one_sided, lattice=lattice), one_sided, lattice)
    if welded_only is not None:  # Polyform Puzzler's welded (branching) or unwelded pieces, named as in the whole set
        named = {name: shape for name, shape in named.items() if welded(family, shape) == bool(welded_only)}
    return named


def describe_set(family: str, order: int, one_sided: bool = False, welded_only: bool | None = None) -> dict:
    """The set as JSON: ``family``, ``lattice``, ``order``, ``one_sided``, ``welded`` (None: all pieces),
    ``count``, ``pieces`` (name and cells), ``published`` and ``source`` (None where no size is published) and
    ``matches``."""
    pieces = piece_set(family, order, one_sided, welded_only)
    if welded_only is None:
        known = published(family, order, one_sided)  # (None beyond the published sizes)
    else:
        sizes = WELDED.get((family, order, bool(welded_only)))
        known = None if sizes is None else (sizes[bool(one_sided)], WELDED_SOURCE)
    solid = family == "polycubes"  # a solid turns in space but is never reflected: mirror images kept apart
    return {"family": family, "lattice": FAMILIES[family], "order": order, "one_sided": bool(one_sided) or solid,
            "welded": welded_only,
            "count": len(pieces), "published": known[0] if known else None, "source": known[1] if known else None,
            "matches": None if known is None else known[0] == len(pieces),
            "pieces": [{"name": name, "cells": [list(c) for c in cells]} for name, cells in pieces.items()]}


def _cube_faces(cell) -> list[list[tuple[float, float]]]:
    """A cube ``(x, y, z)`` in an oblique view (``y`` to the right, ``z`` up, ``x`` away from the eye, drawn up
    and to the right): its near, top and right faces."""
    x, y, z = cell

    def at(u, v, w):
        return (u + 0.45 * w, v + 0.45 * w)

    near = [at(y, z, x), at(y + 1, z, x), at(y + 1, z + 1, x), at(y, z + 1, x)]
    top = [at(y, z + 1, x), at(y + 1, z + 1, x), at(y + 1, z + 1, x + 1), at(y, z + 1, x + 1)]
    right = [at(y + 1, z, x), at(y + 1, z, x + 1), at(y + 1, z + 1, x + 1), at(y + 1, z + 1, x)]
    return [near, top, right]


def _shaded(colour, factor: float):
    return tuple(min(1.0, c * factor) for c in colour[:3]) + (1.0,)


def draw_pieces(family: str, pieces: dict[str, tuple], path: str, title: str | None = None) -> str:
    """Every piece in its own small frame, in rows, to ``path`` (``.svg`` or ``.png``): cells as filled polygons,
    segments as sticks with their end points, cubes as their layers seen from above, offset by height."""
    from ._files import write_reason
    from .draw import check_output, pyplot
    from .errors import OutputError

    target = check_output(path)
    lattice = _family(family)
    plt = pyplot()
    from matplotlib import colormaps
    from matplotlib.patches import Polygon

    def shape(cell) -> list[tuple[float, float]]:
        return [p for face in _cube_faces(cell) for p in face] if lattice is CUBIC else lattice.outline(cell)

    extents = {}
    for name, cells in pieces.items():
        points = [p for cell in cells for p in shape(cell)]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        extents[name] = ((min(xs), max(xs)), (min(ys), max(ys)))
    span = max(max(hi - lo for lo, hi in e) for e in extents.values()) + 0.6
    names = list(pieces)
    across = max(1, min(10, int(len(names) ** 0.5 + 0.999)))
    down = (len(names) + across - 1) // across
    fig, axes = plt.subplots(down, across, figsize=(1.3 * across, 1.3 * down + 0.4), squeeze=False)
    palette = colormaps["tab20"]
    try:
        for k, ax in enumerate(axes.flat):
            ax.axis("off")
            ax.set_aspect("equal")
            if k >= len(names):
                continue
            name, colour = names[k], palette(k % 20)
            cx, cy = (sum(v) / 2 for v in extents[name])
            for cell in sorted(pieces[name], key=lambda c: (-c[0], c[2], c[1]) if lattice is CUBIC else 0):
                if isinstance(lattice, Segments):
                    (x0, y0), (x1, y1) = shape(cell)
                    ax.plot([x0, x1], [y0, y1], color=colour, linewidth=4, solid_capstyle="round")
                    ax.plot([x0, x1], [y0, y1], "o", color="black", markersize=2.5)
                elif lattice is CUBIC:  # the near, top and right faces, far cubes first
                    for face, shade in zip(_cube_faces(cell), (1.0, 1.25, 0.75)):
                        ax.add_patch(Polygon(face, closed=True, facecolor=_shaded(colour, shade), edgecolor="black",
                                             linewidth=0.5))
                else:
                    ax.add_patch(Polygon(shape(cell), closed=True, facecolor=colour, edgecolor="white", linewidth=1.0))
            ax.set_xlim(cx - span / 2, cx + span / 2)  # one scale for every piece
            ax.set_ylim(cy - span / 2, cy + span / 2)
            ax.set_title(name, fontsize=7)
        if title:
            fig.suptitle(title, fontsize=9)
        suffix = target.suffix.lower()
        try:
            fig.savefig(target, format=suffix[1:], bbox_inches="tight", dpi=150 if suffix == ".png" else None)
        except OSError as exc:
            raise OutputError(f"cannot write {str(path)!r}: {write_reason(exc, target)}") from None
    finally:
        plt.close(fig)
    return str(path)
