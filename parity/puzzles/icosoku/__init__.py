"""Icosoku: twelve numbered pegs on an icosahedron, twenty triangular tiles with dots at their corners.

Each vertex of the icosahedron holds a peg numbered 1..12 (a permutation);
each of the 20 faces takes a tile, turned as you like but not turned over;
each tile corner carries 0..3 dots.  A solution is a tiling in which every
peg's number equals the dots at the five tile corners around it.

A corner pattern is the dots ``(a, b, c)`` at a face's vertices in clockwise
order (seen from outside).  The 64 patterns fall into 24 *tile types* up to
rotation (:data:`TILE_TYPES`, each named by its least rotation, ``"012"``);
a tile set is a multiset of types (:func:`tile_set`): the physical game's
20 tiles (``original``), or ``adts``, the paper's "all different triangular
solution", 20 pairwise different types chosen from the 24.

The board is the catalogue's icosahedron: its faces, their clockwise vertex
order and each vertex's five faces are read from the board, not typed in.
Encodings: ``search``, a compiled backtracking over the faces (the engine of
the sweeps), and ``cnf``, one-hot corner patterns with the pegs as one-hot
integers, so that one incremental solver serves a whole sweep by
assumptions (:meth:`Icosoku.peg_assumptions`).  A solution is the tuple of
the 20 faces' patterns; :meth:`Icosoku.verify` checks it from the rules.

Examples
--------
>>> len(TILE_TYPES), sum(tile_set("original")[1].values())
(24, 20)
>>> import parity as pt
>>> puzzle = Icosoku(pegs=range(1, 13))
>>> result = pt.solve(puzzle)
>>> result.satisfiable, [puzzle.vertex_sums(result.solution)[v] for v in range(12)]
(True, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
"""

from __future__ import annotations

import operator
import os
import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import numpy as np

from ..._files import looks_like_path, read_text
from ...errors import EngineNotApplicableError, InvalidSolution, LimitError
from ..base import Puzzle
from ..registry import Family, Option, SweepSpec

__all__ = ["Icosoku", "TILE_TYPES", "ORIGINAL_TILES", "tile_type", "tile_set", "patterns", "TilingEstimate",
           "random_icosoku", "FAMILY"]

Pattern = tuple[int, int, int]


def patterns() -> list[Pattern]:
    """The 64 corner patterns; pattern ``p`` is the base-4 number ``16 a + 4 b + c``."""
    return [(p // 16, p // 4 % 4, p % 4) for p in range(64)]


def tile_type(pattern: Sequence[int]) -> str:
    """The type of a corner pattern: its least rotation, as digits (``(2, 0, 1)`` is ``"012"``)."""
    a, b, c = (int(x) for x in pattern)
    return "".join(map(str, min((a, b, c), (b, c, a), (c, a, b))))


#: the 24 tile types, each as its least rotation
TILE_TYPES: tuple[str, ...] = tuple(sorted({tile_type(p) for p in patterns()}))

#: the physical game's 20 tiles (dots clockwise), 78 dots in all, as 1 + 2 + ... + 12 needs
ORIGINAL_TILES: tuple[str, ...] = ("000", "001", "002", "003", "011", "012", "012", "012", "021", "021", "021",
                                   "022", "033", "111", "123", "123", "132", "132", "222", "333")


#: the most tiles of one type a tiling can use; a larger count in a set means the same as this
FACES = 20

_TILE_LINE = re.compile(r"([0-3]{3})(?:\s+[xX](\d+))?", re.ASCII)


def _whole(value) -> int | None:
    """``value`` as an int when it is a whole number (an int or a numpy integer, not a bool), else None."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


def _tile_pattern(tile, where: str) -> Pattern:
    """A tile's corner dots from three digits 0..3 (``"012"``) or three whole numbers 0..3."""
    wrong = LimitError(f"{where}: a tile is three digits 0..3 (its dots clockwise), got {tile!r}")
    if isinstance(tile, str):
        if not re.fullmatch(r"[0-3]{3}", tile.strip(), re.ASCII):
            raise wrong
        return tuple(int(ch) for ch in tile.strip())
    if isinstance(tile, (bytes, Mapping)) or not isinstance(tile, Iterable):
        raise wrong
    dots = tuple(_whole(d) for d in tile)
    if len(dots) != 3 or any(d is None or not 0 <= d <= 3 for d in dots):
        raise wrong
    return dots


def _parse_tile_list(text: str, where: str) -> Counter:
    counts: Counter = Counter()
    for raw in text.replace(",", "\n").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = _TILE_LINE.fullmatch(line)
        if match is None:
            raise LimitError(f"{where}: expected a tile as three digits 0..3 (its dots clockwise), optionally "
                             f"followed by 'xN', got {line!r}")
        times = 1 if match[2] is None else int(match[2])
        counts[tile_type(tuple(int(ch) for ch in match[1]))] += times
    return counts


def tile_set(spec: str | os.PathLike | Mapping[str, int] | Iterable[str] = "original") -> tuple[str, dict[str, int]]:
    """(name, type -> how many) of a tile set: ``original``, ``adts``, a file or a list of tiles.

    ``adts`` allows each of the 24 types once (a tiling uses 20 of them, so
    all its tiles are different).  A file lists tiles as three digits (dots
    clockwise), one per line, optionally followed by ``xN``; ``#`` starts a
    comment.  A list is the same text with commas for line breaks, or a
    sequence of tiles (``"012"`` or ``(0, 1, 2)``), or a mapping tile ->
    how many.  A tiling has 20 faces, so a count above 20 is cut to 20.

    Raises
    ------
    LimitError
        For anything else, a file that does not exist (``no such file:``),
        a negative count, or fewer than 20 tiles.

    Examples
    --------
    >>> tile_set("012 x18, 021, 210")[1]  # 210 is 021 turned
    {'012': 18, '021': 2}
    >>> tile_set("tiles.txt")
    Traceback (most recent call last):
    ...
    parity.errors.LimitError: tiles: no such file: tiles.txt
    """
    if isinstance(spec, Mapping):
        counts: Counter = Counter()
        for tile, times in spec.items():
            n = _whole(times)
            if n is None or n < 0:
                raise LimitError(f"tiles: the count of tile {tile!r} must be a whole number 0 or more, got {times!r}")
            counts[tile_type(_tile_pattern(tile, "tiles"))] += n
        name = "custom"
    elif isinstance(spec, str) and spec == "original":
        counts, name = Counter(ORIGINAL_TILES), "original"
    elif isinstance(spec, str) and spec == "adts":
        counts, name = Counter(dict.fromkeys(TILE_TYPES, 1)), "adts"
    elif isinstance(spec, os.PathLike) or isinstance(spec, str) and (os.path.lexists(spec) or looks_like_path(spec)):
        if not os.path.lexists(spec):
            raise LimitError(f"tiles: no such file: {os.fsdecode(spec)}")
        counts, name = _parse_tile_list(read_text(spec, LimitError, "tile file"), str(spec)), Path(spec).name
    elif isinstance(spec, str):
        if not any(ch in "0123" for ch in spec):
            raise LimitError(f"tiles {spec!r}: expected original, adts, a FILE or a list of tiles like '012 x3, 111' "
                             f"(no such file: {spec})")
        counts, name = _parse_tile_list(spec, "tiles"), "custom"
    elif isinstance(spec, Iterable) and not isinstance(spec, bytes):
        counts, name = Counter(tile_type(_tile_pattern(t, "tiles")) for t in spec), "custom"
    else:
        raise LimitError(f"tiles: expected original, adts, a FILE, a list of tiles or a mapping tile -> count, "
                         f"got {spec!r}")
    counts = {t: min(counts[t], FACES) for t in TILE_TYPES if counts.get(t)}
    if sum(counts.values()) < FACES:
        raise LimitError(f"tiles {name}: {sum(counts.values())} tiles for 20 faces")
    return name, counts


@lru_cache(maxsize=None)
def _board():
    """The icosahedron from the catalogue: faces in a consistent turning sense, vertices 0..11."""
    from ...boards import icosahedron, signed_area

    G = icosahedron()
    faces = [tuple(f) for f in G.graph["faces"]]
    if sorted(G.nodes) != list(range(12)) or len(faces) != 20 or any(len(f) != 3 for f in faces):
        raise AssertionError("the catalogue's icosahedron is not 12 vertices and 20 triangles")
    # the planar embedding walks every face in one turning sense; in the Schlegel drawing the inner faces turn
    # against the outer one, and seen from outside the solid (where the drawing looks at them from inside) they
    # are clockwise when the drawing turns them counter-clockwise
    pos = {v: G.nodes[v]["pos"] for v in G}
    inner = next(f for f in faces if any(abs(pos[v][0] ** 2 + pos[v][1] ** 2 - 1) > 1e-6 for v in f))
    if signed_area([pos[v] for v in inner]) < 0:
        faces = [f[::-1] for f in faces]
    return G, tuple(faces)


def _check_pegs(pegs) -> tuple[int, ...]:
    """The twelve pegs as ints 0..15 (a comma list or a sequence), else LimitError.

    Five corners of at most 3 dots make at most 15 around a vertex; a peg
    in that range that a particular tile set cannot reach is no error but a
    puzzle without a tiling (:meth:`Icosoku.refutation`).
    """
    if isinstance(pegs, str):
        parts = [p.strip() for p in pegs.split(",")]
        if not all(re.fullmatch(r"\d+", p, re.ASCII) for p in parts):
            raise LimitError(f"--pegs: expected 12 whole numbers separated by commas, got {pegs!r}")
        pegs = [int(p) for p in parts]
    if isinstance(pegs, (bytes, Mapping)) or not isinstance(pegs, Iterable):
        raise LimitError(f"pegs: expected 12 whole numbers (vertices 0..11 in order), got {pegs!r}")
    pegs = tuple(pegs)
    numbers = [_whole(p) for p in pegs]
    if len(pegs) != 12 or None in numbers:
        wrong = next((p for p, n in zip(pegs, numbers) if n is None), None)
        what = f"{len(pegs)} values" if len(pegs) != 12 else f"{wrong!r} among them"
        raise LimitError(f"pegs: expected 12 whole numbers (vertices 0..11 in order), got {what}")
    if not all(0 <= p <= 15 for p in numbers):
        raise LimitError(f"pegs: each number must lie in 0..15 (five corners of at most 3 dots), got "
                         f"{next(p for p in numbers if not 0 <= p <= 15)}")
    return tuple(numbers)


@lru_cache(maxsize=64)
def _dot_totals(tiles: tuple[tuple[str, int], ...]) -> tuple[int, ...]:
    """The dot totals that 20 tiles of the set can carry: a bounded knapsack over the types, totals as bits."""
    reach = [0] * (FACES + 1)  # reach[k]: bit d is set when some k tiles of the types so far carry d dots
    reach[0] = 1
    for tile, count in tiles:
        dots = sum(int(d) for d in tile)
        grown = list(reach)
        for k in range(FACES):
            for m in range(1, min(count, FACES - k) + 1):
                grown[k + m] |= reach[k] << (m * dots)
        reach = grown
    return tuple(d for d in range(3 * 3 * FACES + 1) if reach[FACES] >> d & 1)


def _most(values: Iterable[int], tiles: Mapping[str, int], k: int = 5) -> int:
    """The sum of the ``k`` largest of ``values`` (one per tile type), each taken as often as the set has tiles."""
    return sum(sorted((v for v, n in zip(values, tiles.values()) for _ in range(n)), reverse=True)[:k])


def _refute(pegs: Sequence[int], tiles: Mapping[str, int], placed: bool = True) -> dict | None:
    """A proof from counting that no tiling gives the pegs ``pegs`` (their values, in any places), or None.

    ``placed``: ``pegs[v]`` is the peg of vertex ``v`` (else the values of free pegs, in no order).
    """
    tiles = dict(sorted(tiles.items()))
    total = sum(pegs)
    reachable = _dot_totals(tuple(tiles.items()))
    if total not in reachable:
        carried = (f"the tiles carry {reachable[0]}" if sum(tiles.values()) == FACES
                   else "no 20 tiles of the set carry that many")
        return {"method": "dot count", "pegs": total, "tile_dots": list(reachable),
                "reason": f"each dot lies at one vertex, so the pegs add up to the dots on the 20 tiles placed; "
                          f"the pegs make {total} and {carried}"}
    # the five faces around a vertex hold five different tiles, each with one corner at the vertex
    most = _most((max(int(d) for d in t) for t in tiles), tiles)
    least = -_most((-min(int(d) for d in t) for t in tiles), tiles)
    for vertex, peg in enumerate(pegs):
        if not least <= peg <= most:
            bound, word = (most, "at most") if peg > most else (least, "at least")
            where = f"vertex {vertex} has peg {peg}" if placed else f"a peg is {peg}"
            return {"method": "vertex bound", **({"vertex": vertex} if placed else {}), "peg": peg,
                    word.replace(" ", "_"): bound,
                    "reason": f"the five tiles around a vertex carry {word} {bound} dots at it (the five "
                              f"{'largest' if peg > most else 'smallest'} corners of different tiles in the set), "
                              f"and {where}"}
    # a peg p from five corners of 0..3 dots needs at least p - 10 corners of 3, (p - 5) / 2 of 2 or more, 5 - p of
    # 0 and (10 - p) / 2 of at most 1 (rounded up); every corner lies at one vertex, so summed over the pegs each is
    # at most what the 20 tiles richest in such corners have
    kinds = {"3": lambda d: d == 3, "2 or 3": lambda d: d >= 2, "0": lambda d: d == 0, "0 or 1": lambda d: d <= 1}
    needs = {"3": lambda p: p - 10, "2 or 3": lambda p: -(-(p - 5) // 2), "0": lambda p: 5 - p,
             "0 or 1": lambda p: -(-(10 - p) // 2)}
    for kind, holds in kinds.items():
        needed = sum(max(0, needs[kind](p)) for p in pegs)
        available = _most((sum(holds(int(d)) for d in t) for t in tiles), tiles, FACES)
        if needed > available:
            return {"method": "corner count", "corners": kind, "needed": needed, "available": available,
                    "reason": f"the pegs need at least {needed} tile corners of {kind} dots (five corners make a "
                              f"peg) and 20 tiles of the set have at most {available}"}
    return None


class TilingEstimate(NamedTuple):
    """Knuth's estimate of a number of tilings (:meth:`Icosoku.estimate_tilings`)."""

    value: float
    stderr: float
    probes: int
    zero: int


class Icosoku(Puzzle):
    """Tile the icosahedron so that every peg's number is the dots around it.

    Parameters
    ----------
    pegs : sequence of int, str or None
        The numbers of vertices 0..11 (twelve ints or a comma list).  None
        leaves them free: any arrangement of 1..12 (the paper's Q1 and Q6
        ask about those).
    tiles : str, path or mapping
        ``original``, ``adts``, a file or a list of tiles (:func:`tile_set`).
    """

    family = "icosoku"
    encodings = ("cnf", "search")

    def __init__(self, pegs=tuple(range(1, 13)), tiles="original") -> None:
        self.pegs = None if pegs is None else _check_pegs(pegs)
        if self.pegs is not None:  # the compiled search finds a tiling in milliseconds: the default for solving
            self.encodings = ("search", "cnf")
        self.tiles_name, self.tiles = tile_set(tiles)
        self.board, self.faces = _board()
        self.vertex_faces = {v: [(f, k) for f, face in enumerate(self.faces) for k in range(3) if face[k] == v]
                             for v in range(12)}

    # -- counting first ---------------------------------------------------------
    def refutation(self) -> dict | None:
        """A proof from counting alone that no tiling exists, JSON-ready, or None when counting proves nothing.

        Three necessary conditions of the rules, tried in turn; the first
        that fails is the proof (``method``, the numbers, and a ``reason``
        in words):

        * ``dot count``: each dot lies at one corner of one face, and each
          corner at one vertex, so the pegs add up to the dots on the 20
          tiles placed (78 for the game's tiles; with more than 20 tiles in
          the set, to a total that some 20 of them carry);
        * ``vertex bound``: the five faces around a vertex hold five
          different tiles, so a peg is at most the five largest corners of
          different tiles in the set, and at least the five smallest;
        * ``corner count``: a peg ``p`` made of five corners needs at least
          ``p - 10`` corners of 3 dots (and as many of 2 or more, of 0, of at
          most 1, by the same reckoning); summed over the pegs, each is at
          most what 20 tiles of the set have.

        Each condition asks for the peg values only, not their places, so
        free pegs (1..12 in some order) are refuted too.  Every encoding
        asks first: the CNF holds a contradiction, the search finds nothing
        at once, and the JSON of an answer carries the proof as ``proof``.

        Examples
        --------
        >>> Icosoku(pegs=[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11]).refutation()["reason"]
        'each dot lies at one vertex, so the pegs add up to the dots on the 20 tiles placed; the pegs make 77 and the
        tiles carry 78'
        >>> Icosoku(pegs=range(1, 13)).refutation() is None
        True
        """
        if self.pegs is None:
            return _refute(range(1, 13), self.tiles, placed=False)
        return _refute(self.pegs, self.tiles)

    def header(self) -> dict:
        """The common JSON keys, and ``proof`` when counting alone shows that no tiling exists."""
        head = super().header()
        proof = self.refutation()
        if proof is not None:
            head["proof"] = proof
        return head

    # -- the rules ------------------------------------------------------------
    def vertex_sums(self, solution: Sequence[Pattern]) -> dict[int, int]:
        """The dots around each vertex."""
        return {v: sum(int(solution[f][k]) for f, k in self.vertex_faces[v]) for v in range(12)}

    def verify(self, solution: Sequence[Pattern]) -> None:
        """Twenty patterns of 0..3 dots, tiles from the set, and each vertex's dots equal to its peg.

        With free pegs the dots around the vertices must be 1..12 in some order.
        """
        if not isinstance(solution, Sequence) or len(solution) != 20:
            raise InvalidSolution("a solution gives the dots at the corners of each of the 20 faces")
        for f, pattern in enumerate(solution):
            if len(pattern) != 3 or not all(isinstance(d, (int, np.integer)) and 0 <= d <= 3 for d in pattern):
                raise InvalidSolution(f"face {f}: corners carry 0..3 dots, got {pattern!r}")
        used = Counter(tile_type(p) for p in solution)
        for t, n in used.items():
            if n > self.tiles.get(t, 0):
                raise InvalidSolution(f"the tiling uses {n} tiles of type {t}; the set {self.tiles_name} has "
                                      f"{self.tiles.get(t, 0)}")
        sums = self.vertex_sums(solution)
        if self.pegs is None:
            if sorted(sums.values()) != list(range(1, 13)):
                raise InvalidSolution(f"the dots around the vertices are {sorted(sums.values())}, not 1..12")
            return
        for v in range(12):
            if sums[v] != self.pegs[v]:
                raise InvalidSolution(f"vertex {v}: peg {self.pegs[v]} but {sums[v]} dots around it")

    # -- encodings ------------------------------------------------------------
    def build_search(self) -> IcosokuSearch:
        """The compiled backtracking over the faces (:class:`IcosokuSearch`)."""
        if self.pegs is None:
            raise EngineNotApplicableError("engine 'search' needs the pegs; with free pegs use sat, cms or ganak")
        return IcosokuSearch(self)

    def build_cnf(self):
        """One-hot patterns per face, the tile multiset as cardinality constraints, each vertex's sum exact.

        Variables ``("face", f, p)``: face ``f`` shows pattern ``p``;
        ``("corner", f, k, a)``: corner ``k`` of face ``f`` has ``a`` dots;
        ``(("peg", v), n)``: vertex ``v`` holds ``n``; ``("type", t)``: type
        ``t`` may be used (free unless assumed false: Q3 and Q4 select tile
        subsets this way).  The corners around a vertex add up to its peg
        (:meth:`~parity.cnf.CNF.sum_equals` with the peg as a negative term).
        Fixed pegs are unit clauses here; a sweep builds the puzzle once with
        ``pegs=None`` semantics through :meth:`peg_assumptions` instead.  When
        counting refutes the puzzle (:meth:`refutation`, kept as
        ``formula.proof``) the formula also holds a variable and its negation
        as two unit clauses: a solver would otherwise have to rediscover the
        count from the cardinality constraints, which takes it minutes.
        """
        from ...cnf import CNF

        formula = CNF(decode=lambda model: self._decode(formula, model))
        pats = patterns()
        face = {f: {p: formula.var(("face", f, p)) for p in range(64)} for f in range(20)}
        usable = {t: formula.var(("type", t)) for t in TILE_TYPES}
        for f in range(20):
            formula.exactly(1, list(face[f].values()))
            for p, x in face[f].items():
                t = tile_type(pats[p])
                formula.add([-x, usable[t]] if self.tiles.get(t) else [-x])
        for t in TILE_TYPES:
            members = [face[f][p] for f in range(20) for p in range(64) if tile_type(pats[p]) == t]
            if 0 < self.tiles.get(t, 0) < 20:
                formula.at_most(self.tiles[t], members)
        corner = {}
        for f in range(20):
            for k in range(3):
                for a in range(4):
                    c = formula.var(("corner", f, k, a))
                    corner[f, k, a] = c
                    showing = [face[f][p] for p in range(64) if pats[p][k] == a]
                    formula.add([-c] + showing)
                    for x in showing:
                        formula.add([-x, c])
        values = range(16)
        peg = {v: formula.one_hot(("peg", v), values) for v in range(12)}
        for v in range(12):
            terms = [{a: corner[f, k, a] for a in range(4)} for f, k in self.vertex_faces[v]]
            formula.sum_equals(terms + [{-n: peg[v][n] for n in values}], 0)
            if self.pegs is not None:
                formula.add([peg[v][self.pegs[v]]])
        if self.pegs is None:  # any arrangement of 1..12: each number on exactly one vertex
            for n in values:
                holders = [peg[v][n] for v in range(12)]
                if 1 <= n <= 12:
                    formula.exactly(1, holders)
                else:
                    for h in holders:
                        formula.add([-h])
        formula.proof = self.refutation()
        if formula.proof is not None:  # a contradiction, which every solver (and a counter) settles at once
            refuted = formula.var(("refuted",))
            formula.add([refuted])
            formula.add([-refuted])
        formula.primary = [face[f][p] for f in range(20) for p in range(64)]
        return formula

    def _decode(self, formula, model) -> tuple[Pattern, ...]:
        true = {lit for lit in model if lit > 0}
        pats = patterns()
        out = []
        for f in range(20):
            shown = [p for p in range(64) if formula.var(("face", f, p)) in true]
            if len(shown) != 1:
                raise InvalidSolution(f"face {f}: the model shows {len(shown)} patterns")
            out.append(pats[shown[0]])
        return tuple(out)

    def peg_assumptions(self, formula, pegs: Sequence[int]) -> list[int]:
        """The assumption literals that set the pegs in a CNF built with free pegs."""
        return [formula.var((("peg", v), int(n))) for v, n in enumerate(pegs)]

    # -- counting beyond reach ----------------------------------------------------
    def estimate_tilings(self, probes: int = 100_000, seed: int = 0) -> TilingEstimate:
        """Knuth's estimate of the number of tilings, where counting them all is out of reach.

        Each probe follows one random branch of the search's tree
        (:class:`IcosokuSearch`) to its end, choosing among the patterns that
        fit each face uniformly and multiplying the choices' numbers; the mean
        over the probes is an unbiased estimate of the tilings (D. E. Knuth,
        *Estimating the efficiency of backtrack programs*, Math. Comp. 29,
        1975).  With free pegs each probe first draws an arrangement of 1..12
        at random, and the estimate is of the tilings of all 12! arrangements
        together (with ``adts``, the paper's number of ADTSs).

        Parameters
        ----------
        probes : int
            How many random branches; the standard error falls as one over
            its square root.
        seed : int
            Seed of the random choices: the same seed gives the same estimate.

        Returns
        -------
        TilingEstimate
            ``value`` and its ``stderr`` (floats: this is a statistic, not a
            count), ``probes`` and ``zero``, the probes that ended in a dead end.

        Examples
        --------
        Twelve tiles of ``111``, eight blank ones and a peg of 3 at every
        vertex: the exact count, against the estimate (most probes run into
        a dead end here, and weigh 0).

        >>> puzzle = Icosoku(pegs=[3] * 12, tiles="111 x12, 000 x8")
        >>> exact = puzzle.build_search().count()
        >>> guess = puzzle.estimate_tilings(probes=20_000, seed=1)
        >>> exact, round(guess.value, 1), round(guess.stderr, 1), guess.zero
        (25, 24.5, 0.5, 11944)
        """
        import math

        from ._kernels import knuth_probes

        if isinstance(probes, bool) or not isinstance(probes, (int, np.integer)) or probes < 2:
            raise LimitError(f"probes: at least 2, got {probes!r}")
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
            raise LimitError(f"seed: an integer, got {seed!r}")
        face_v, _, pat, pat_type, counts, orders = _tables(self.faces, tuple(sorted(self.tiles.items())))
        free = self.pegs is None
        pegs = np.arange(1, 13, dtype=np.int64) if free else np.array(self.pegs, dtype=np.int64)
        weights = np.zeros(int(probes), dtype=np.float64)
        knuth_probes(face_v, orders, pat, pat_type, counts, pegs, free, int(seed) % (1 << 32), weights)
        scale = math.factorial(12) if free else 1
        return TilingEstimate(value=scale * float(weights.mean()),
                              stderr=scale * float(weights.std(ddof=1)) / math.sqrt(len(weights)),
                              probes=int(probes), zero=int((weights == 0).sum()))

    # -- output ---------------------------------------------------------------
    def to_json(self, solution: Sequence[Pattern]) -> dict:
        sums = self.vertex_sums(solution)
        return {"vertex_sums": {str(v): int(sums[v]) for v in range(12)},
                "faces": [{"vertices": list(self.faces[f]), "dots": [int(d) for d in solution[f]],
                           "tile": tile_type(solution[f])} for f in range(20)]}

    def summary(self, solution: Sequence[Pattern]) -> str:
        kinds = len({tile_type(p) for p in solution})
        return f"20 tiles placed, {kinds} different types"

    def picture(self, solution: Sequence[Pattern]) -> str:
        sums = self.vertex_sums(solution)
        lines = ["pegs  " + " ".join(f"{v}:{sums[v]}" for v in range(12))]
        for f in range(20):
            a, b, c = self.faces[f]
            lines.append(f"face {f:>2}  vertices {a:>2} {b:>2} {c:>2}  dots {' '.join(map(str, solution[f]))}  "
                         f"tile {tile_type(solution[f])}")
        return "\n".join(lines)

    def parameters(self) -> dict:
        # with free pegs there is no "pegs" key (the solution's vertex_sums give the pegs found): one type per key
        fixed = {} if self.pegs is None else {"pegs": list(self.pegs)}
        return {**fixed, "free_pegs": self.pegs is None, "tiles": self.tiles_name}

    def describe(self) -> str:
        pegs = "free pegs" if self.pegs is None else "pegs " + ",".join(map(str, self.pegs))
        return f"icosoku, {pegs}, tiles {self.tiles_name}"

    @property
    def board_name(self) -> str:
        return "icosahedron"

    def draw(self, solution: Sequence[Pattern], ax) -> None:
        """A net of the icosahedron: each face with its dots at the corners, each vertex with its peg."""
        from matplotlib.patches import Circle, Polygon

        sums = self.vertex_sums(solution)
        net = _net(self.faces)
        for f, corners in net.items():
            ax.add_patch(Polygon(corners, closed=True, facecolor="#f4efe1", edgecolor="#555555", linewidth=1))
            cx, cy = (sum(p[i] for p in corners) / 3 for i in (0, 1))
            for k, (x, y) in enumerate(corners):
                # the dots of corner k, in a small cluster a third of the way towards the centre
                px, py = x + (cx - x) * 0.38, y + (cy - y) * 0.38
                n = int(solution[f][k])
                for j in range(n):
                    dx = (j - (n - 1) / 2) * 0.07
                    ax.add_patch(Circle((px + dx, py), 0.028, color="black"))
        placed = set()
        for f, corners in net.items():
            for k, (x, y) in enumerate(corners):
                key = (round(x, 3), round(y, 3))
                if key in placed:
                    continue
                placed.add(key)
                v = self.faces[f][k]
                ax.add_patch(Circle((x, y), 0.11, facecolor="#c0392b", edgecolor="white", zorder=3))
                ax.text(x, y, str(sums[v]), ha="center", va="center", fontsize=7, color="white", zorder=4)
        # the check a reader makes, peg by peg: the dots of its five corners, added (a peg shows up to five times
        # round the net's rim, so the sums are listed once each beside it)
        corners_of: dict[int, list[int]] = {}
        for f, face in enumerate(self.faces):
            for k, v in enumerate(face):
                corners_of.setdefault(v, []).append(int(solution[f][k]))
        lines = [f"{sums[v]:>2} = {' + '.join(map(str, corners_of[v]))}" for v in sorted(corners_of, key=sums.get)]
        right = max(x for corners in net.values() for x, _ in corners) + 0.35
        top = max(y for corners in net.values() for _, y in corners)
        ax.text(right, top, "peg = its corners' dots\n" + "\n".join(lines), ha="left", va="top", fontsize=7.5,
                family="monospace", color="0.15")
        ax.set_title(f"Icosoku ({self.tiles_name} tiles): pegs = dots around them")
        ax.set_aspect("equal")
        ax.autoscale_view()
        ax.set_xlim(right=right + 2.0)
        ax.axis("off")


def _net(faces: Sequence[tuple[int, int, int]]) -> dict[int, list[tuple[float, float]]]:
    """Unfold the faces into the plane: each face a unit triangle, neighbours across an edge, none overlapping.

    A breadth-first unfolding from each start face in turn until one places all
    twenty (the triangles of an unfolded icosahedron lie on the triangle
    lattice, so two overlap exactly when their centres coincide).
    """
    import math

    edge_faces: dict[frozenset, list[int]] = {}
    for f, face in enumerate(faces):
        for k in range(3):
            edge_faces.setdefault(frozenset((face[k], face[(k + 1) % 3])), []).append(f)
    for start in range(len(faces)):
        a, b, c = faces[start]
        # clockwise seen from outside: drawn clockwise on the page
        where = {start: {a: (0.0, 0.0), b: (0.5, math.sqrt(3) / 2), c: (1.0, 0.0)}}
        centres = {_centre(where[start].values())}
        queue = [start]
        while queue:
            f = queue.pop(0)
            for k in range(3):
                u, v = faces[f][k], faces[f][(k + 1) % 3]
                for g in edge_faces[frozenset((u, v))]:
                    if g in where:
                        continue
                    w = next(x for x in faces[g] if x not in (u, v))
                    (ux, uy), (vx, vy) = where[f][u], where[f][v]
                    (ox, oy) = where[f][next(x for x in faces[f] if x not in (u, v))]
                    mx, my = (ux + vx) / 2, (uy + vy) / 2
                    point = (2 * mx - ox, 2 * my - oy)  # the third corner mirrored across the shared edge
                    centre = _centre([(ux, uy), (vx, vy), point])
                    if centre in centres:
                        continue
                    where[g] = {u: (ux, uy), v: (vx, vy), w: point}
                    centres.add(centre)
                    queue.append(g)
        if len(where) == len(faces):
            return {f: [where[f][x] for x in faces[f]] for f in range(len(faces))}
    raise AssertionError("no breadth-first unfolding placed every face")  # pragma: no cover


def _centre(points) -> tuple[float, float]:
    points = list(points)
    return (round(sum(p[0] for p in points) / 3, 3), round(sum(p[1] for p in points) / 3, 3))


# -- the search ----------------------------------------------------------------
def _face_order(faces: Sequence[tuple[int, int, int]], start: int | None = None) -> list[int]:
    """Faces in an order that completes vertices early: next the face whose vertices are the most covered
    (``start``: begin with the five faces around that vertex)."""
    covered = Counter({start: 100} if start is not None else {})
    order: list[int] = []
    left = set(range(len(faces)))
    while left:
        f = max(sorted(left), key=lambda g: (sum(covered[v] ** 2 for v in faces[g]), -g))
        order.append(f)
        left.remove(f)
        covered.update(faces[f])
    return order


class IcosokuSearch:
    """Backtracking over the faces in a fixed order, compiled with numba.

    Each face tries every pattern whose type has a tile left; after each
    placement every vertex of the face must still be reachable: its dots so
    far at most its peg, and at least the peg less 3 dots per corner still
    open.  A complete vertex must be exact.  Patterns, not tiles, are
    enumerated, so equal tiles are never told apart.  A puzzle that counting
    refutes (:meth:`Icosoku.refutation`, kept as ``proof``) has no tilings
    without a search: the pruning above looks at one vertex at a time, so a
    total one dot off the tiles' would be found out only by exhausting the
    tree (minutes for the game's tiles).
    """

    def __init__(self, puzzle: Icosoku) -> None:
        self.puzzle = puzzle
        self.proof = puzzle.refutation()
        tables = _tables(puzzle.faces, tuple(sorted(puzzle.tiles.items())))
        self.face_v, self.order, self.pat, self.pat_type, self.counts, self.orders = tables

    @staticmethod
    def decode(raw) -> tuple:
        """A raw answer as the puzzle's solution: the tiles' patterns, face by face."""
        return tuple(raw)

    def load(self) -> None:
        """Load the compiled search (numba reads it from its cache, or compiles it once) unless none is needed."""
        if self.proof is None:
            from ..._compiled import load_kernels

            load_kernels("parity.puzzles.icosoku._kernels")

    @staticmethod
    def suits(question: str) -> bool:
        """Whether the default choice should take the search: to find a tiling (milliseconds), not to count or
        list them all, where the CNF's model counters go further."""
        return question == "solve"

    def first(self) -> tuple | None:
        """One tiling, or None when there is none.

        The compiled search starts at each of the arrangement's most extreme
        pegs in turn, each try within a budget of placements (as the peg
        sweep does, :func:`~parity.puzzles.icosoku._kernels.first_tilings`),
        and again with budgets 30 and 1000 times larger; an arrangement none
        of those tries decides is searched exhaustively.  Of 100 random
        arrangements of the game, 97 are settled within the first budget and
        all within the second (0.2 s for the 100).
        """
        if self.proof is not None:
            return None
        from ._kernels import BUDGET, first_tilings

        out = np.zeros((1, 20), dtype=np.int64)
        status = np.zeros(1, dtype=np.int64)
        pegs = np.array([self.puzzle.pegs], dtype=np.int64)
        for budget in (BUDGET, 30 * BUDGET, 1000 * BUDGET):
            first_tilings(self.face_v, self.orders, self.pat, self.pat_type, self.counts, pegs, budget, out, status)
            if status[0] == 1:
                return tuple(tuple(int(x) for x in self.pat[p]) for p in out[0])
            if status[0] == 0:
                return None
        return next(iter(self.solutions()), None)

    def _run(self, keep: int | None) -> tuple[int, np.ndarray]:
        """(tilings found, the first ``keep`` of them); ``keep`` None counts them all and keeps none.

        With ``keep`` the search stops at ``keep + 1``, so a result above
        ``keep`` says there are more than were kept.
        """
        out = np.zeros((keep or 1, 20), dtype=np.int64)
        if self.proof is not None:
            return 0, out
        from ._kernels import search

        pegs = np.array(self.puzzle.pegs, dtype=np.int64)
        limit = -1 if keep is None else keep + 1
        found = search(self.face_v, self.order, self.pat, self.pat_type, self.counts, pegs, limit, out)
        return int(found), out

    def solutions(self):
        """The tilings, up to 65,536 of them; asking for one more raises LimitError instead of stopping short."""
        found, out = self._run(1 << 16)
        for row in out[:min(found, len(out))]:
            yield tuple(tuple(int(x) for x in self.pat[p]) for p in row)
        if found > len(out):
            raise LimitError(f"more than {len(out)} tilings: count them instead of listing them")

    def count(self) -> int:
        return self._run(None)[0]


@lru_cache(maxsize=64)
def _tables(faces: tuple, tiles: tuple) -> tuple:
    counts_by_type = dict(tiles)
    types = sorted(counts_by_type)
    pats = [p for p in patterns() if tile_type(p) in counts_by_type]
    face_v = np.array(faces, dtype=np.int64)
    order = np.array(_face_order(faces), dtype=np.int64)
    orders = np.array([_face_order(faces, v) for v in range(12)], dtype=np.int64)
    pat = np.array(pats, dtype=np.int64).reshape(-1, 3)
    pat_type = np.array([types.index(tile_type(p)) for p in pats], dtype=np.int64)
    counts = np.array([counts_by_type[t] for t in types], dtype=np.int64)
    return face_v, order, pat, pat_type, counts, orders


def random_icosoku(rng: random.Random) -> Icosoku:
    """A random puzzle for the cross-check, built from a random tiling so that one exists, then often spoiled.

    Two to six tiles of one to three random types, and blank ones (``000``)
    for the other faces, go on the icosahedron, each turned at random, and
    the dots around each vertex become its peg (the blank tiles keep the
    tilings few enough for every engine to list or count in a second).  Then
    in a third of the cases one peg gains or loses a dot, so the pegs miss
    the tiles' dots (counting refutes it, :meth:`Icosoku.refutation`, and
    every engine must say so at once); in a sixth a dot moves from one peg
    to another, which keeps the total and may leave no tiling, for the
    engines to find out by search; in another sixth a spare tile joins the
    set.
    """
    _, faces = _board()
    kinds = rng.sample(TILE_TYPES[1:], rng.randint(1, 3))  # TILE_TYPES[0] is the blank tile
    placed = [rng.choice(kinds) for _ in range(rng.randint(2, 6))]
    placed += [TILE_TYPES[0]] * (len(faces) - len(placed))
    rng.shuffle(placed)
    pegs = [0] * 12
    for face, tile in zip(faces, placed):
        turn = rng.randrange(3)
        for v, dots in zip(face, tile[turn:] + tile[:turn]):
            pegs[v] += int(dots)
    tiles = Counter(placed)
    roll = rng.random()
    if roll < 1 / 3:
        v = rng.randrange(12)
        pegs[v] += 1 if pegs[v] == 0 else -1 if pegs[v] == 15 else rng.choice((-1, 1))
    elif roll < 1 / 2:
        giver = rng.choice([v for v in range(12) if pegs[v] > 0])
        taker = rng.choice([v for v in range(12) if v != giver and pegs[v] < 15])
        pegs[giver] -= 1
        pegs[taker] += 1
    elif roll < 2 / 3:
        tiles[rng.choice(TILE_TYPES)] += 1
    return Icosoku(pegs=pegs, tiles=", ".join(f"{t} x{n}" for t, n in sorted(tiles.items())))


def _build(pegs: str = "1,2,3,4,5,6,7,8,9,10,11,12", tiles: str = "original") -> Icosoku:
    return Icosoku(None if pegs == "free" else pegs, tiles)


FAMILY = Family(
    name="icosoku",
    puzzle=Icosoku,
    summary="Icosoku: tile the icosahedron so that each peg's number is the dots around it.",
    options=(
        Option("pegs", ("--pegs",), "The numbers of vertices 0..11, comma separated (or 'free': any arrangement "
               "of 1..12).", default="1,2,3,4,5,6,7,8,9,10,11,12"),
        Option("tiles", ("--tiles",), "original (the game's 20 tiles), adts (the 24 types, each at most once), a "
               "FILE of tiles ('012 x3' per line) or a comma list.", default="original"),
    ),
    build=_build,
    random_instance=random_icosoku,
    sweeps=(
        SweepSpec(
            "icosoku-pegs",
            "Icosoku: every peg arrangement up to the icosahedron's 120 symmetries (3,991,680), a tiling for each.",
            (
                Option("tiles", ("--tiles",), "original (the game's tiles), adts (all 20 tiles different), a tile FILE "
                       "or a list ('012 x3, 111').", default="original"),
                Option("rotations_only", ("--rotations-only",), "Up to the 60 rotations only (7,983,360 classes).",
                       default=False, type=bool),
                Option("sample", ("--sample",), "Only this many of the 270 tasks, evenly spread (0: all).", default=0,
                       type=int),
                Option("classes", ("--classes",), "Only the first this many classes of each task (0: all).", default=0,
                       type=int),
            ),
            tasks="parity.puzzles.icosoku.sweep:icosoku_tasks",
            task="parity.puzzles.icosoku.sweep:icosoku_task",
        ),
    ),
)
