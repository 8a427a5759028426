"""The ``pack`` engine: packing a board on bitboards, the pieces not yet placed tried at the first open cell, and
regions that cannot be filled cut off at once.

The dedicated polyomino solvers (de Bruijn's and Fletcher's first-open-cell
search, the bitboard solvers after them) beat any general exact-cover
program on packings by three ideas, which this engine applies to any cover
problem that says where its cells lie (``CoverProblem(..., ordered=True,
neighbours=...)``: a board's cells in scan-line order, each with its
neighbours on the lattice):

* **the board in machine words**: a cell is a bit, so an option fits when
  its words meet no covered bit (one ``and`` a word: a word holds a 6 x 10
  board), and the first open cell is a count of trailing zeros;
* **pieces apart from cells**: the primary items that are not cells (the
  pieces) are the bits of one more word, and the options are kept by first
  cell *and* piece, so a node looks only at the placements of the pieces
  still in hand;
* **dead regions**: every option's cells are connected (checked when the
  tables are built), so a region of open cells closed off by a placement
  must be filled by options inside it; after each placement the open cells
  next to it are grown into their regions (up to :data:`REGION_LIMIT` times
  the smallest option), and a region smaller than every option, or whose
  size no sum of option sizes reaches (the sizes' greatest common divisor
  does not divide it), ends the branch there.  Options that close off such
  a region on the empty board (a pentomino that walls off a corner cell) are
  dropped before the search.  Growing regions costs more than it saves where
  they rarely close (pentominoes on squares: it cuts about 30% of the
  placements it tests), and pays several times over where they often do
  (hexiamonds on triangles: about 60%), so on a board of one or two words
  the search tests an open cell walled in at every placement and grows
  regions for the first :data:`REGION_PROBE` placements that pass that
  test, then goes on growing them only if they cut at least half of those.
  Either way every cover is found: a cut is a branch that holds none.

A board of one or two words (up to 128 cells and secondary items) is searched
with both words, the pieces placed and the pieces in hand held as machine
words at each level, so backing up undoes nothing; larger boards run the
kernel of any number of words, the reference the tests hold the first to.

A first primary item that is not a cell (a piece placed before any cell is
filled, as the symmetry-pruned counts do) is branched on first.  Colours
(Knuth's XCC) are ``dlx``'s alone; a problem without cells' neighbours is
``scan``'s.

Examples
--------
>>> from parity.cover import CoverProblem
>>> line = {0: [1], 1: [0, 2], 2: [1, 3], 3: [2]}  # four cells in a row
>>> problem = CoverProblem([["a", 0, 1], ["a", 2, 3], ["b", 1, 2], ["b", 2, 3], ["b", 0, 1]],
...                        primary=[0, 1, 2, 3, "a", "b"], ordered=True, neighbours=line)
>>> sorted(pack_covers(problem))
[[0, 3], [1, 4]]
>>> pack_count(problem)
2
"""

from __future__ import annotations

from collections.abc import Iterator
from math import gcd

import numpy as np

from .._limits import check_memory
from ..errors import EngineNotApplicableError
from .scan import listed

__all__ = ["pack_covers", "pack_count", "pack_load", "pack_refusal", "pack_words", "REGION_LIMIT", "REGION_PROBE",
           "MAX_PIECES"]

#: the most covers handed from the kernel to Python at a time
BATCH = 1024
#: a region is grown up to this many times the smallest option's cells before it is taken as fillable
REGION_LIMIT = 2
#: region tests on a board of one or two words before the search keeps them only if they cut half the placements
REGION_PROBE = 1 << 16
#: the most primary items that are not cells (pieces): they are the bits of one word
MAX_PIECES = 64


def pack_refusal(problem) -> str | None:
    """Why the pack engine cannot work on ``problem``, or None (worked out once per problem)."""
    if "_pack_refusal" not in problem.__dict__:
        problem.__dict__["_pack_refusal"] = _refusal(problem)
    return problem.__dict__["_pack_refusal"]


def _refusal(problem) -> str | None:
    if problem.colored:
        return "engine 'pack' does not take colours on secondary items (Knuth's XCC); use dlx"
    if not problem.ordered or not problem.neighbours:
        return ("engine 'pack' packs a board: it needs a problem whose cells are listed in the order to fill them "
                "and given their neighbours (CoverProblem(..., ordered=True, neighbours=...), as the polyform "
                "families build); use scan or dlx")
    cells = problem.neighbours
    pieces = [item for item in problem.primary if item not in cells]
    if len(pieces) > MAX_PIECES:
        return f"engine 'pack' keeps the pieces in one word: at most {MAX_PIECES}, and this problem has {len(pieces)}"
    starts, flat = problem.entries()  # (the primary items numbered first: cells and pieces, then the secondary)
    if not len(flat):
        return None
    is_cell = np.zeros(len(problem.primary) + len(problem.secondary), dtype=np.int64)
    is_cell[[k for k, item in enumerate(problem.primary) if item in cells]] = 1
    is_piece = np.zeros_like(is_cell)
    is_piece[:len(problem.primary)] = 1 - is_cell[:len(problem.primary)]
    several = np.flatnonzero(np.add.reduceat(is_piece[flat], starts[:-1]) > 1)
    bare = np.flatnonzero(np.maximum.reduceat(is_cell[flat], starts[:-1]) == 0)
    bare = bare[~np.isin(bare, problem.idle)]
    number = min(several[:1].tolist() + bare[:1].tolist(), default=None)  # the first option that is wrong
    if several.size and number == several[0]:
        held = [item for item in problem.items[number] if item in set(pieces)]
        return (f"engine 'pack' takes options of one piece each, and option {number} holds {len(held)} "
                f"({', '.join(map(str, held[:3]))}); use scan or dlx")
    if number is not None:
        return f"engine 'pack' takes options that cover a cell, and option {number} covers none; use scan or dlx"
    return None


def pack_words(problem) -> int:
    """The machine words the engine's bitboards take: a bit for each cell and each secondary item."""
    return max(1, (len(problem.neighbours or ()) + len(problem.secondary) + 63) // 64)


def pack_load(problem) -> None:
    """Compile, or read from numba's cache, the kernels that ``problem`` runs (its bitboards of two words or
    fewer, or more), before the engine's work is timed."""
    from .._compiled import compiled
    from . import _pack_kernels as kernels

    for name in ("keep", "connected", "search" if pack_words(problem) > 2 else "search2"):
        compiled(getattr(kernels, name))


class _Tables:
    """The kernel's arrays for one problem (see :mod:`parity.cover._pack_kernels`)."""

    def __init__(self, problem) -> None:
        reason = pack_refusal(problem)
        if reason:
            raise EngineNotApplicableError(reason)
        neighbours = problem.neighbours
        cells = [item for item in problem.primary if item in neighbours]
        pieces = [item for item in problem.primary if item not in neighbours]
        lead = pieces[0] if pieces and problem.primary[0] == pieces[0] else None
        n, G, words = len(cells), len(pieces), pack_words(problem)
        options = len(problem.options)
        check_memory(options * words * 8, "the pack engine's bitboards")
        # each entry of each option as a number: a cell or secondary item its bit, a piece -1 - its number
        bit = {item: k for k, item in enumerate([*cells, *problem.secondary])}
        code = dict(bit)
        code.update((item, -1 - k) for k, item in enumerate(pieces))
        starts, numbers = problem.entries()  # (items numbered: the primary, then the secondary)
        lengths = np.diff(starts)
        flat = np.array([code[item] for item in [*problem.primary, *problem.secondary]], dtype=np.int64)[numbers]
        owner = np.repeat(np.arange(options, dtype=np.int64), lengths)
        group = np.full(options, -1, dtype=np.int64)
        held = flat < 0
        group[owner[held]] = -1 - flat[held]
        masks = np.zeros((options, words), dtype=np.uint64)
        taken = ~held
        np.bitwise_or.at(masks, (owner[taken], flat[taken] >> 6),
                         np.left_shift(np.uint64(1), (flat[taken] & 63).astype(np.uint64)))
        mine = taken & (flat < n)
        cell_owner, cell_bit = owner[mine], flat[mine]
        ocells = np.bincount(cell_owner, minlength=options).astype(np.int64)
        first = np.full(options, n, dtype=np.int64)  # options of no cell (never chosen) sort last
        np.minimum.at(first, cell_owner, cell_bit)
        self.adjacency = [sorted(bit[c] for c in neighbours[item] if c in bit and bit[c] < n) for item in cells]
        self.astart = np.cumsum([0, *map(len, self.adjacency)]).astype(np.int64)
        self.adj = np.array([c for row in self.adjacency for c in row], dtype=np.int64)
        # each option's border: the cells next to its cells and not its own, ascending
        degree = np.diff(self.astart)
        near_owner = np.repeat(cell_owner, degree[cell_bit])
        near_cell = self.adj[np.repeat(self.astart[cell_bit], degree[cell_bit])
                             + _ramps(degree[cell_bit])] if len(cell_bit) else np.zeros(0, dtype=np.int64)
        outside = ((masks[near_owner, near_cell >> 6] >> (near_cell & 63).astype(np.uint64)) & np.uint64(1)) == 0
        pairs = np.unique(near_owner[outside] * max(1, n) + near_cell[outside])
        border_owner, border_cell = pairs // max(1, n), pairs % max(1, n)
        border_count = np.bincount(border_owner, minlength=options).astype(np.int64)
        border_start = np.concatenate([[0], np.cumsum(border_count)]).astype(np.int64)
        sizes = [int(s) for s in ocells if s]
        divisor = 0
        for s in set(sizes):
            divisor = gcd(divisor, s)
        least = min(sizes, default=1)
        limit = REGION_LIMIT * least
        params = np.array([n, G, max(1, divisor), least, limit, 0, 0, REGION_PROBE], dtype=np.int64)
        from ._pack_kernels import connected, keep

        usable = ocells > 0
        if not connected(masks, self.astart, self.adj, ocells):  # no region test without connected options
            params[4] = 0
        else:
            usable &= keep(masks, border_start, border_cell, self.astart, self.adj, params, ocells)
        leading = usable & (group == 0) if lead is not None else np.zeros(options, dtype=bool)  # the lead: piece 0
        body = np.flatnonzero(usable & ~leading)
        slot = np.where(group[body] >= 0, group[body], G)
        key = first[body] * (G + 1) + slot
        ordering = np.argsort(key, kind="stable")
        #: the placements' rows: by first cell and piece, then the lead piece's
        self.rows = np.concatenate([body[ordering], np.flatnonzero(leading)]).astype(np.int64)
        self.bucket = np.searchsorted(key[ordering], np.arange(n * (G + 1) + 1)).astype(np.int64)
        params[5], params[6] = len(body), len(self.rows)
        self.masks = np.ascontiguousarray(masks[self.rows])
        self.group = group[self.rows]
        counts = border_count[self.rows]
        self.bstart = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
        self.border = border_cell[np.repeat(border_start[self.rows], counts) + _ramps(counts)].astype(np.int64)
        self.params, self.n, self.G, self.words = params, n, G, words


def _ramps(lengths: np.ndarray) -> np.ndarray:
    """``0, 1, ..., k - 1`` for each ``k`` of ``lengths``, end to end."""
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    starts = np.repeat(np.cumsum(lengths) - lengths, lengths)
    return np.arange(total, dtype=np.int64) - starts


def _runs(problem, batch: int, general: bool = False):
    """The kernel run to its end in calls that each return up to ``batch`` covers as rows of option numbers (0: it
    only counts); the first call returns one cover, each later one twice as many up to ``batch``.  Boards of one
    or two words go to :func:`~parity.cover._pack_kernels.search2` (``general=True``: to the kernel of any number
    of words, which the tests hold it to)."""
    from ._pack_kernels import search, search2

    t = _Tables(problem)
    depth = t.n + 2
    out = np.zeros((batch, depth), dtype=np.int64)
    sizes = np.zeros(max(1, batch), dtype=np.int64)
    rows = min(1, batch)
    if t.words <= 2 and not general:  # the board in two words (or one), kept in registers
        masks = np.zeros((len(t.masks), 2), dtype=np.uint64)
        masks[:, : t.words] = t.masks
        near = np.zeros((t.n, 2), dtype=np.uint64)  # each cell's neighbours as bits
        counts = [len(row) for row in t.adjacency]
        to = np.fromiter((d for row in t.adjacency for d in row), dtype=np.int64, count=sum(counts))
        np.bitwise_or.at(near, (np.repeat(np.arange(len(counts)), counts), to >> 6),
                         np.left_shift(np.uint64(1), (to & 63).astype(np.uint64)))
        masks_lo, masks_hi = np.ascontiguousarray(masks[:, 0]), np.ascontiguousarray(masks[:, 1])
        near_lo, near_hi = np.ascontiguousarray(near[:, 0]), np.ascontiguousarray(near[:, 1])
        words = np.zeros((depth, 4), dtype=np.uint64)
        level = np.zeros((depth, 4), dtype=np.int64)
        _, _, divisor, least, limit = (int(x) for x in t.params[:5])
        region = 1 if limit > 1 and (least > 1 or divisor > 1) else 0  # else no region is too small to fill
        state = np.array([0, 0, 0, 0, 0, region], dtype=np.int64)
        while not state[2]:
            found = search2(masks_lo, masks_hi, t.group, t.bucket, t.bstart, t.border, near_lo, near_hi, t.params,
                            words, level, state, out[:rows], sizes)
            yield found, t.rows[out[:found]], sizes
            rows = min(2 * rows, batch)
        return
    board = np.zeros(t.words, dtype=np.uint64)
    used = np.zeros(1, dtype=np.uint64)
    state = np.array([0, 1, 0], dtype=np.int64)
    cell, slot, pos, chosen = (np.zeros(depth, dtype=np.int64) for _ in range(4))
    while not state[2]:
        found = search(t.masks, t.group, t.bucket, t.bstart, t.border, t.astart, t.adj, t.params, board, used,
                       state, cell, slot, pos, chosen, out[:rows], sizes)
        yield found, t.rows[out[:found]], sizes
        rows = min(2 * rows, batch)


def pack_covers(problem, checked: bool = True) -> Iterator[list[int]]:
    """Every exact cover of ``problem`` as a sorted list of option indices, each checked against the problem
    (``checked=False`` skips that)."""
    return listed(_runs(problem, BATCH), problem, checked)


def pack_count(problem) -> int:
    """The number of exact covers of ``problem``, counted in the kernel without listing them."""
    return sum(found for found, _, _ in _runs(problem, 0))
