"""Packings up to the board's symmetries, found by pruning one piece's placements: counted
(:func:`count_orbits`) and listed, one packing an orbit (:func:`orbit_representatives`).

Each function takes the :class:`~parity.puzzles.polyomino.Polyomino` it
works on; its methods ``orbit_count`` and ``solutions_text`` call them.

Examples
--------
>>> from parity.puzzles.polyomino import Polyomino
>>> counted = count_orbits(Polyomino("pentominoes", "rect:20x3"))
>>> counted["count_up_to_symmetry"], counted["count"]
(2, 8)
"""

from __future__ import annotations

from ..base import Puzzle

__all__ = ["lead_piece", "count_orbits", "orbit_representatives", "packing_of", "solution_weights", "selections",
           "selection_orbits"]


def lead_piece(puzzle: Puzzle):
    """The piece that prunes the search for orbits: one that every symmetry maps to itself and every packing
    places, with the fewest orbits of placements; None when there is none (or no symmetry but the identity).

    Returns ``(sym, k, reps, keys, image, pruned)``: the symmetries, the piece's index, one placement (its index
    in ``puzzle.placements()``) per orbit (the first of its orbit in that order), every placement's cells as a
    frozenset of cell indices (a mapping that makes each when it is first asked for), ``image(g, key)``, and
    ``pruned(allowed)`` -> ``(placements, problem)``, the cover problem whose lead piece takes only the
    placements ``allowed``.
    """
    if getattr(puzzle, "choose", None):  # no piece is in every packing
        return None
    sym = puzzle.symmetries()
    names = list(puzzle.pieces)
    index = {cell: i for i, cell in enumerate(puzzle.cells)}
    fixed = [k for k in range(len(names)) if (sym.coupled[:, k] == k).all() and names[k] not in puzzle.omit_one_of]
    if not fixed or len(sym.perms) == 1:
        return None
    placements = puzzle.placements()
    by_piece: dict[int, list[int]] = {}
    for i, (name, cells) in enumerate(placements):
        by_piece.setdefault(names.index(name), []).append(i)
    keys = _Keys(placements, index)

    def image(g: int, key: frozenset) -> frozenset:
        return frozenset(int(sym.perms[g, i]) for i in key)

    best = None
    for k in fixed:  # the fixed piece with the fewest representative placements
        reps = _representatives(sym.perms, by_piece.get(k, []), keys, image)
        if best is None or len(reps) < len(best[1]):
            best = (k, reps)
    k, reps = best

    def pruned(allowed):
        kept = [i for i in range(len(placements)) if names.index(placements[i][0]) != k or i in allowed]
        subset = [placements[i] for i in kept]
        return subset, puzzle.cover_problem(subset, first=names[k], decode=lambda c: puzzle._solution(c, subset))

    return sym, k, reps, keys, image, pruned


class _Keys(dict):
    """Placement number -> its cells as a frozenset of cell indices, each made when first asked for."""

    def __init__(self, placements, index: dict) -> None:
        super().__init__()
        self.placements, self.index = placements, index

    def __missing__(self, i: int) -> frozenset:
        key = self[i] = frozenset(self.index[c] for c in self.placements[i][1])
        return key


def _representatives(perms, numbers: list[int], keys, image) -> list[int]:
    """The first placement of each orbit of the placements ``numbers`` (one piece's, in order) under the
    symmetries ``perms`` (of cell indices; row 0 the identity), which map them among themselves.

    As arrays: each placement's cells under every symmetry, sorted, matched to the placements' own rows, and a
    placement is first of its orbit when no image comes before it.  A piece whose placements differ in size, or
    an image that is no placement, goes placement by placement instead.
    """
    import numpy as np

    if not numbers:
        return []
    rows = [sorted(keys.index[c] for c in keys.placements[i][1]) for i in numbers]
    base = perms.shape[1] + 1
    if len({len(row) for row in rows}) == 1 and len(rows[0]) * base.bit_length() <= 62:
        cells = np.array(rows, dtype=np.int64)
        images = np.sort(perms[:, cells], axis=2)  # (symmetries, placements, cells)
        code = images @ (base ** np.arange(cells.shape[1], dtype=np.int64))  # each set of cells as one number
        order = np.argsort(code[0])  # row 0, the identity: the placements' own cells
        at = np.searchsorted(code[0], code, sorter=order).clip(0, len(numbers) - 1)
        where = order[at]
        if (code[0][where] == code).all() and len(np.unique(code[0])) == len(numbers):
            first = where.min(axis=0)
            return [numbers[p] for p in np.flatnonzero(first == np.arange(len(numbers)))]
    seen, reps = set(), []
    for i in numbers:
        if keys[i] in seen:
            continue
        reps.append(i)
        seen.update(image(g, keys[i]) for g in range(len(perms)))
    return reps


def count_orbits(puzzle: Puzzle, engine: str | None = None) -> dict | None:
    """Orbits of solutions counted from the solutions in which one piece sits at a representative placement.

    Pick a piece ``P`` that every symmetry maps to itself, and one placement
    ``r`` from each orbit of its placements.  A solution orbit ``O`` holds
    ``|Stab(r)| / |Stab(s)|`` solutions whose ``P`` sits at ``r`` (``s`` any of
    them), so the orbits number the sum over those solutions of
    ``|Stab(s)| / |Stab(r)|``: exact also when a solution is its own mirror
    image.  The orbits of the rotation subgroup ``H`` (index 1 or 2, normal)
    follow from the same solutions: each contributes
    ``|G| |Stab_H(s)| / (|H| |Stab_G(r)|)``.  So does the number of all
    solutions (``count``): the symmetries carry the solutions with ``P`` at
    ``r`` one to one onto those with ``P`` at any placement of the orbit of
    ``r``, so each found solution stands for ``|G| / |Stab(r)|`` of them.
    Where only the identity fixes ``r`` (most placements), each of those
    solutions adds exactly 1, ``|G| / |H|`` and ``|G|``: they are counted by
    the fastest exact counter (the ``pack`` engine's kernel), not listed, once
    every placement of the pruned problem is checked to be its piece; only
    the solutions at placements with a larger stabiliser are listed, verified
    and looked at one by one.  Returns None when no piece is fixed by every
    symmetry (then Burnside over every solution decides), and for an engine
    named that counts without listing (``memo``) when a symmetry fixes a
    representative: those solutions would be listed by another, one by one,
    where Burnside's lemma counts them.
    """
    from fractions import Fraction

    from ...engines import choose_for, get_engine

    if engine is not None and get_engine(engine).accepts != "cover":
        return None
    lead = lead_piece(puzzle)
    if lead is None:
        return None
    sym, k, reps, keys, image, pruned = lead
    names = list(puzzle.pieces)
    G = len(sym.perms)
    H = int(sym.rotations.sum())
    stabiliser = {keys[r]: [g for g in range(G) if image(g, keys[r]) == keys[r]] for r in reps}
    # a representative that no symmetry but the identity fixes: each packing with the piece there is alone in
    # its orbit among them and stands for |G| packings, so those packings are counted, not listed
    free = [r for r in reps if len(stabiliser[keys[r]]) == 1]
    fixed_reps = [r for r in reps if len(stabiliser[keys[r]]) > 1]
    if fixed_reps and engine is not None and not get_engine(engine).can_enumerate:
        return None  # (the packings at those placements would be listed by another engine, one by one)

    total, turned, every, used, load = Fraction(0), Fraction(0), 0, [], 0.0
    if free:
        subset, problem = pruned(set(free))
        counter = choose_for(problem, "cover", engine, "count")  # as the front door chooses
        if counter.exact:
            # every option of the problem is a placement of its piece: then every exact cover is a packing, and none
            # needs checking alone
            puzzle.check_placements(subset)
            load += _loading(counter, problem)
            found = int(counter.count(problem).count)
            total += found
            turned += Fraction(G * found, H)
            every += G * found
            used.append(counter.name)
        else:  # a probabilistic count: list them instead
            fixed_reps = reps
    if fixed_reps:
        subset, problem = pruned(set(fixed_reps))
        lister = choose_for(problem, "cover", engine, "solutions")
        load += _loading(lister, problem)
        for chosen in lister.solutions(problem):
            solution = problem.decode(chosen)
            puzzle.verify(solution)
            up, round_, all_ = solution_weights(puzzle, lead, solution, stabiliser)
            total += up
            turned += round_
            every += all_
        used.append(lister.name)
    if total.denominator != 1 or turned.denominator != 1:
        raise AssertionError(f"orbit counts {total} and {turned} are not whole numbers")
    return {"count_up_to_symmetry": int(total), "symmetries": G, "count_up_to_rotation": int(turned),
            "rotations": H, "symmetry_method": f"pruned: piece {names[k]} at {len(reps)} representative placements",
            "count": every, "engine": "+".join(dict.fromkeys(used)), "load_seconds": load}


def solution_weights(puzzle: Puzzle, lead, solution, stabiliser: dict | None = None) -> tuple:
    """What one packing with the lead piece at a representative placement ``r`` adds to the counts of
    :func:`count_orbits`: ``(|Stab(s)| / |Stab(r)|, G |Stab_H(s)| / (H |Stab(r)|), G / |Stab(r)|)``, the first
    two as Fractions, the last a whole number (the orbits, those of the rotations, every packing).

    ``lead`` is ``lead_piece``'s answer; ``stabiliser`` (placement's cells -> the symmetries that fix it) is
    filled as placements are met, when given."""
    from fractions import Fraction

    import numpy as np

    sym, k, _, _, image, _ = lead
    names, index = list(puzzle.pieces), {cell: i for i, cell in enumerate(puzzle.cells)}
    G, H = len(sym.perms), int(sym.rotations.sum())
    where = np.empty(len(puzzle.cells), dtype=np.int64)
    for name, cells in solution.items():
        for c in cells:
            where[index[c]] = names.index(name)
    key = frozenset(index[c] for c in solution[names[k]])
    stab_r = None if stabiliser is None else stabiliser.get(key)
    if stab_r is None:
        stab_r = [g for g in range(G) if image(g, key) == key]
        if stabiliser is not None:
            stabiliser[key] = stab_r
    stab_s = [g for g in stab_r if (sym.coupled[g][where] == where[sym.perms[g]]).all()]
    if G % len(stab_r):  # pragma: no cover - a stabiliser's order divides the group's
        raise AssertionError(f"a stabiliser of order {len(stab_r)} in a group of {G}")
    return (Fraction(len(stab_s), len(stab_r)),
            Fraction(G * sum(1 for g in stab_s if sym.rotations[g]), H * len(stab_r)), G // len(stab_r))


def _loading(engine, problem) -> float:
    """Load ``engine`` for ``problem``; the seconds it took besides compiling or reading kernels (which
    :func:`parity._compiled.spent` counts already)."""
    import time

    from ..._compiled import spent

    started, compiled = time.perf_counter(), spent()
    engine.load(problem)
    return time.perf_counter() - started - (spent() - compiled)


def packing_of(puzzle: Puzzle, sym, values) -> dict:
    """A packing written as ``sym`` reads it (the piece on each of ``sym.items``, in order) as piece -> its cells,
    sorted, the pieces in the puzzle's order."""
    placed: dict = {}
    for cell, name in zip(sym.items, values):
        placed.setdefault(name, []).append(cell)
    return {name: tuple(sorted(placed[name])) for name in puzzle.pieces if name in placed}


def orbit_representatives(puzzle: Puzzle, listed) -> list[dict]:
    """One solution of ``puzzle`` per orbit of the board's symmetries, the least image of each orbit, in order.

    ``listed(problem)`` gives every solution of a cover problem of the puzzle,
    verified (:func:`parity.api.encoding_solutions`).  Where a piece prunes
    the search (:func:`lead_piece`) it lists the problem with that piece at one
    placement per orbit of its placements (every orbit has a packing there)
    and keeps each orbit's least image; else it lists the whole problem and
    keeps the solutions that are the least of their orbits (by
    ``puzzle.solution_key`` for a tiling).
    """
    from ...symmetry import canonical

    sym = puzzle.symmetries()
    lead = lead_piece(puzzle) if puzzle.copies == "once" else None
    kept = []
    if lead is not None:
        _, k, reps, _, _, pruned = lead
        orbits: dict[tuple, dict] = {}  # each orbit's least image -> that image written as a packing
        for solution in listed(pruned(set(reps))[1]):
            least = canonical(sym, solution)
            if least not in orbits:
                orbits[least] = packing_of(puzzle, sym, least)
        kept = [orbits[least] for least in sorted(orbits)]
    else:
        for solution in listed(puzzle.encoding("cover")):
            if puzzle.copies == "any":
                mine = puzzle.solution_key(solution, up_to_symmetry=False) == puzzle.solution_key(solution)
            else:
                where = sym.view(solution)
                mine = tuple(where[item] for item in sym.items) == canonical(sym, solution)
            if mine:  # the least of its orbit
                kept.append(solution)
    return kept


def selections(puzzle: Puzzle, solutions) -> list[tuple[Puzzle, list[dict]]]:
    """The packings ``solutions`` of a puzzle of any k pieces (``choose``), grouped by the pieces they place: for
    each selection, in the set's order, the puzzle of those pieces alone on the board and its packings."""
    names = list(puzzle.pieces)
    groups: dict[tuple, list[dict]] = {}
    for solution in solutions:
        groups.setdefault(tuple(sorted(solution, key=names.index)), []).append(solution)
    return [(puzzle.selection_puzzle(chosen), groups[chosen])
            for chosen in sorted(groups, key=lambda chosen: [names.index(name) for name in chosen])]


def selection_orbits(puzzle: Puzzle, engine: str | None = None) -> dict:
    """Packings of a puzzle of any k pieces up to symmetry, each selection of pieces a puzzle of its own (Polyform
    Puzzler's convention): every packing listed and verified, grouped by the pieces it places
    (:func:`selections`), and each group's orbits under its own puzzle's symmetries (the board's symmetries that
    keep those pieces, a reflection only where the selection holds each piece's mirror image) counted as its
    least images; so too the orbits of the rotations.

    Examples
    --------
    Four of the seven one-sided tetrominoes fill the 4 x 4 square in 24 ways,
    with 3 selections of pieces; each selection's packings come in orbits
    of its own puzzle's symmetries:

    >>> from parity.puzzles.polyomino import Polyomino
    >>> counted = selection_orbits(Polyomino("one-sided-tetrominoes", "rect:4x4", choose=4))
    >>> counted["count"], counted["selections"], counted["count_up_to_symmetry"]
    (24, 3, 6)
    """
    from ...engines import choose_for
    from ...errors import LimitError
    from ...symmetry import MAX_SOLUTIONS, canonical
    from .symmetries import board_symmetries

    problem = puzzle.encoding("cover")
    lister = choose_for(problem, "cover", engine, "solutions")  # (an engine that only counts says so)
    load = _loading(lister, problem)

    def listed():
        for number, chosen in enumerate(lister.solutions(problem)):
            if number == MAX_SOLUTIONS:
                raise LimitError(f"a puzzle of any {puzzle.choose} pieces is counted up to symmetry from its packings "
                                 f"listed, and it has more than {MAX_SOLUTIONS}")
            solution = problem.decode(chosen)
            puzzle.verify(solution)
            yield solution

    total = turned = every = 0
    groups = selections(puzzle, listed())
    for part, packings in groups:
        sym = part.symmetries()
        rotations = sym.restricted("rotations")
        total += len({canonical(sym, solution) for solution in packings})
        turned += len({canonical(rotations, solution) for solution in packings})
        every += len(packings)
    board = board_symmetries(puzzle)
    return {"count_up_to_symmetry": total, "symmetries": len(board.perms), "count_up_to_rotation": turned,
            "rotations": int(board.rotations.sum()), "selections": len(groups),
            "up_to_text": "symmetry, each selection of pieces up to its own puzzle's symmetries",
            "symmetry_method": f"by selection: the packings of each of {len(groups)} selections of "
                               f"{puzzle.choose} pieces up to their own puzzle's symmetries",
            "count": every, "engine": lister.name, "load_seconds": load}
