"""The polyform sweeps: the catalogue counted puzzle by puzzle, and one count cut into subproblems for many workers.

``parity sweep polyform-catalogue`` makes a task of each named puzzle that
parity builds (:func:`catalogue_tasks`): :func:`parity.sweep.polyform.catalogue_task` counts it up
to the board's symmetries (:func:`~parity.puzzles.polyomino.orbits.count_orbits`,
the count ``parity count polyform --puzzle NAME --up-to-symmetry`` gives) in
a child process stopped after the task's budget; past it the row carries
Knuth's estimate of the search instead (:func:`parity.cover.estimate.estimate`:
its nodes, its packings, and the seconds the engine would take at the rate
measured on parts of it), marked not exact.  ``parity table
polyform-catalogue`` writes one row a puzzle (:func:`catalogue_row`).

``parity sweep polyform-split --puzzle NAME`` counts one puzzle in pieces
(:func:`split_tasks`): the lead piece's representative placements first, as
:func:`~parity.puzzles.polyomino.orbits.count_orbits` cuts the count, then
``depth`` levels of Algorithm X's branching in each pruned problem
(:func:`parity.cover.estimate.branches`).  Each piece is a task
(:func:`split_task`), counted by the fastest exact counter that takes it or
listed where its packings weigh less than one orbit; :func:`split_result`
adds the pieces in the store exactly (Fractions) into the numbers
``count_orbits`` gives.  With ``plain`` the count of every packing is cut the
same way, from the whole problem.

Examples
--------
>>> tasks = split_tasks("pentominoes-3x20", depth=0)  # the lead piece's 9 representative placements
>>> len(tasks), tasks[0]["puzzle"]
(9, 'pentominoes-3x20')
>>> parts = [split_task(t) for t in tasks]
>>> total = add_parts(tasks, parts)
>>> total["count_up_to_symmetry"], total["count"], total["exact"]
(2, 8, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from ...errors import LimitError, ParityError

__all__ = ["CATALOGUE_SWEEP", "SPLIT_SWEEP", "catalogue_tasks", "catalogue_row", "catalogue_estimate", "built_puzzle",
           "lead_of", "pieces", "count_piece", "split_tasks", "split_task", "split_check", "split_result", "add_parts",
           "RECHECK_SECONDS"]

#: the sweeps' names (in a store and on the command line)
CATALOGUE_SWEEP = "polyform-catalogue"
SPLIT_SWEEP = "polyform-split"

#: the seconds a catalogue task's estimate may spend probing, and timing the engine, past the budget
ESTIMATE_SECONDS = 10.0

#: the catalogue's puzzles built in this process (a worker runs many tasks of one puzzle): name -> puzzle
_BUILT: dict[str, object] = {}


def built_puzzle(name: str):
    """The catalogue's puzzle ``name``, built once in this process (the last one asked for is kept)."""
    from .family import _build

    if name not in _BUILT:
        _BUILT.clear()
        _BUILT[name] = _build(puzzle=name)
    return _BUILT[name]


def lead_of(puzzle):
    """The puzzle's lead piece (``parity.puzzles.polyomino.orbits.lead_piece``), worked out once, and the
    split's cover problems kept with it (placement -> (placements, problem))."""
    from .orbits import lead_piece

    if "_split" not in puzzle.__dict__:
        puzzle.__dict__["_split"] = (lead_piece(puzzle), {})
    return puzzle.__dict__["_split"]


# -- the catalogue --------------------------------------------------------------------------------------------------

def _check_engine(engine: str | None) -> None:
    """Refuse an engine that does not count cover problems (a one-line error naming those that do)."""
    if engine is None:
        return
    from ...engines import get_engine

    if get_engine(engine).accepts != "cover":
        raise LimitError(f"--engine {engine} does not count cover problems; name one of dlx, pack, scan, memo")


def catalogue_tasks(family: str | None = None, budget: float = 60.0, published_only: bool = False,
                    quick: bool = False, puzzles: str | None = None, engine: str | None = None) -> list[dict]:
    """The tasks of ``parity sweep polyform-catalogue``: a puzzle each, the named puzzles parity builds (of one
    family as Polyform Puzzler groups them, or all; with ``published_only`` those with a published count; with
    ``quick`` those the catalogue does not mark slow, counted in a few seconds; with ``puzzles``, a
    comma-separated list of names, just those, say the ones an earlier sweep left uncounted, again with a larger
    budget; with ``engine``, the engine that counts, say ``memo`` for puzzles of many packings).

    Examples
    --------
    >>> catalogue_tasks("hexes", budget=5, published_only=True)[0]
    {'puzzle': 'tetrahexes-coin', 'budget': 5.0}
    >>> catalogue_tasks(budget=600, puzzles="tetrahexes-coin, pentominoes-6x10")
    [{'puzzle': 'pentominoes-6x10', 'budget': 600.0}, {'puzzle': 'tetrahexes-coin', 'budget': 600.0}]
    >>> catalogue_tasks(puzzles="tetrahexes-coins")
    Traceback (most recent call last):
    ...
    parity.errors.LimitError: unknown puzzle 'tetrahexes-coins'; did you mean tetrahexes-coin or ...?...
    """
    from ..._limits import check_time_limit
    from .sets import catalogue, catalogue_entry

    budget = check_time_limit(budget, "--budget")
    _check_engine(engine)
    wanted = None
    if puzzles is not None:
        wanted = {name.strip() for name in str(puzzles).split(",") if name.strip()}
        if not wanted:
            raise LimitError("--puzzles names no puzzle; give names of the catalogue, comma-separated")
        for name in sorted(wanted):
            catalogue_entry(name)  # an unknown or unbuilt name says so
    rows = [row for row in catalogue(family) if row["built"] and (row["published"] is not None or not published_only)
            and not (quick and catalogue_entry(row["name"]).get("slow"))
            and (wanted is None or row["name"] in wanted)]
    if wanted and not rows:
        raise LimitError(f"--puzzles: none of {', '.join(sorted(wanted))} is among the puzzles that --family, --quick "
                         "and --published-only keep")
    return [{"puzzle": row["name"], "budget": budget, **({"engine": engine} if engine is not None else {})}
            for row in rows]


def catalogue_estimate(puzzle, lead, seconds: float = ESTIMATE_SECONDS, seed: int = 0, probes: int | None = None
                       ) -> dict:
    """Knuth's estimate of the search that counts ``puzzle`` up to symmetry: the problem with the lead piece at
    its representative placements (the whole problem where no piece prunes), probed for about half of
    ``seconds`` (or exactly ``probes`` times, whatever the time: the same estimate on any machine, under any
    load), the engine that counts it timed on parts of it for the rest.

    Returns
    -------
    dict
        ``nodes``, ``solutions`` (the packings with the lead piece at a representative placement: the count up
        to symmetry but for the few packings that are their own images), their standard errors, ``probes``,
        ``seconds`` (the engine's time at its measured rate; None where no part could be timed), ``rate``,
        ``engine``, ``exact``: False.
    """
    from ...cover.estimate import estimate, node_rate
    from ...engines import choose_for

    problem = puzzle.encoding("cover") if lead is None else lead[5](set(lead[2]))[1]
    counter = choose_for(problem, "cover", None, "count")
    counter.load(problem)
    rated = node_rate(problem, counter.count, seed=seed, seconds=seconds / 2)
    if probes is None:
        found = estimate(problem, probes=100_000, seed=seed, time_limit=seconds / 2, rate=rated["rate"])
    else:
        found = estimate(problem, probes=probes, seed=seed, rate=rated["rate"])
    return {**found, "rate": rated["rate"], "engine": counter.name}


def catalogue_row(row: Mapping) -> dict:
    """A row of ``parity table polyform-catalogue`` from its task's row in the store: ``name``, ``count``,
    ``published``, ``agreement`` (yes, no, or None where none is published or nothing was counted), ``solved``
    (yes: a verified packing is in the store; none: the engine proved there is none; None: not found within the
    budget), ``engine``,
    ``seconds``, and for a puzzle past its budget ``estimate`` (the packings estimated, as text) with the
    estimate's numbers; a task that failed says so in ``engine``.

    Examples
    --------
    >>> catalogue_row({"params": {"puzzle": "p"}, "status": "done", "seconds": 1.25, "engine": "pack",
    ...                "result": {"count": 4, "published": 4, "agrees": True, "exact": True}})["agreement"]
    'yes'
    """
    name = row["params"]["puzzle"]
    if row["status"] != "done":
        return {"name": name, "count": None, "published": None, "agreement": None, "solved": None, "engine": "failed",
                "seconds": row.get("seconds"), "estimate": None, "exact": False, "error": row.get("error")}
    result = row["result"]
    agrees = result.get("agrees")
    out = {"name": name, "count": result["count"], "published": result["published"],
           "agreement": None if agrees is None else "yes" if agrees else "no",
           "solved": {True: "yes", False: "none"}.get(result.get("solved")), "engine": result.get("engine"),
           "seconds": None if row.get("seconds") is None else round(row["seconds"], 3), "estimate": None,
           "exact": result["exact"]}
    guess = result.get("estimate")
    if guess is not None:
        error = f" +- {guess['solutions_error']:.2g}" if guess["solutions_error"] else ""
        took = "" if guess["seconds"] is None else f", about {guess['seconds']:.3g} s"
        out["estimate"] = (f"~{guess['solutions']:.3g}{error}{took}" if guess["solutions"]
                           else f"~{guess['nodes']:.2g} nodes, no packing reached{took}")
        out.update({f"estimate_{key}": guess[key] for key in ("nodes", "nodes_error", "solutions",
                                                              "solutions_error", "seconds", "probes")})
    return out


# -- one count cut into pieces -----------------------------------------------------------------------------------

def _root(puzzle, rep: int | None):
    """The cover problem a split's pieces come from: with the lead piece at placement ``rep`` (the pruned
    problem of :func:`~parity.puzzles.polyomino.orbits.lead_piece`), or the whole problem (``rep`` None)."""
    lead, roots = lead_of(puzzle)
    if rep not in roots:
        roots[rep] = (None, puzzle.encoding("cover")) if rep is None else lead[5]({rep})
    return roots[rep]


def pieces(puzzle, depth: int = 1, plain: bool = False) -> list[tuple[int | None, tuple[int, ...]]]:
    """The pieces a count of ``puzzle`` is cut into: ``(rep, path)``, the lead piece's placement (None for the
    whole problem) and the options chosen below it (:func:`parity.cover.estimate.branches`).

    Up to symmetry (the default), the first cut is the lead piece's
    representative placements, then ``depth`` branching levels of Algorithm X
    in each.  The pieces come largest first (by the options left to them), so
    that the workers that run them finish together.  With ``plain`` (every packing counted), or where the board has
    no symmetry but the identity, the cuts are ``depth`` levels of the whole
    problem.

    Raises
    ------
    LimitError
        A depth out of 0..8, or a count up to symmetry where no piece is fixed by every symmetry (then only
        ``plain`` splits).

    Examples
    --------
    >>> from parity.puzzles.polyomino import Polyomino
    >>> puzzle = Polyomino("pentominoes", "rect:20x3")
    >>> cut = pieces(puzzle, depth=0)
    >>> len(cut), sum(count_piece(puzzle, rep, path)["count"] for rep, path in cut)
    (9, 8)
    """
    from ...cover.estimate import branches, search_tree

    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= 8:
        raise LimitError(f"--depth must be a whole number from 0 to 8, got {depth!r}")
    lead = lead_of(puzzle)[0]
    if not plain and lead is None and len(puzzle.symmetries().perms) > 1:
        raise LimitError("no piece is fixed by every symmetry of the board, so the count up to symmetry does not "
                         "split by placements; give --plain to split the count of every packing")
    reps = [None] if plain or lead is None else lead[2]
    cut = []
    for rep in reps:
        problem = _root(puzzle, rep)[1]
        tree = search_tree(problem)
        for path in branches(problem, depth):
            covered, live = tree.root()
            for option in path:
                covered, live = tree.choose(covered, live, option)
            cut.append((live.bit_count(), rep, path))
    # the pieces with the most options left first: a long piece started last would keep the other workers waiting
    cut.sort(key=lambda piece: -piece[0])
    return [(rep, path) for _, rep, path in cut]


def count_piece(puzzle, rep: int | None, path, plain: bool = False, engine: str | None = None) -> dict:
    """One piece of a split count (see :func:`pieces`): its packings counted (``covers``) by the fastest exact
    counter that takes it, and what they add to the count up to symmetry and of the rotations (``orbits``,
    ``rotation_orbits``, Fractions as text) and to the count of every packing (``count``).

    A piece whose lead placement only the identity fixes adds 1, ``|G| / |H|``
    and ``|G|`` a packing, counted, not listed (once every placement of its
    problem is checked to be its piece); one with a larger stabiliser lists
    its packings, verifies each and weighs it (:func:`~parity.puzzles.polyomino.orbits.solution_weights`).
    """
    from ...cover.estimate import restricted
    from ...engines import choose_for
    from .orbits import solution_weights

    lead, roots = lead_of(puzzle)
    subset, root = _root(puzzle, rep)
    part = restricted(root, list(path))
    counter = choose_for(part, "cover", engine, "count")
    if plain or rep is None:
        covers = int(counter.count(part).count)
        return {"covers": covers, "count": covers, "engine": counter.name}
    sym, _, _, keys, image, _ = lead
    G, H = len(sym.perms), int(sym.rotations.sum())
    stabiliser = [g for g in range(G) if image(g, keys[rep]) == keys[rep]]
    if len(stabiliser) == 1 and counter.exact:
        if ("checked", rep) not in roots:  # every option a placement of its piece: every cover is a packing
            puzzle.check_placements(subset)
            roots["checked", rep] = True
        covers = int(counter.count(part).count)
        return {"covers": covers, "orbits": str(covers), "rotation_orbits": str(Fraction(G * covers, H)),
                "count": G * covers, "engine": counter.name}
    from ...engines import get_engine

    # (an engine named that counts without listing leaves these packings to the default lister)
    lister = choose_for(part, "cover", engine if engine is None or get_engine(engine).can_enumerate else None,
                        "solutions")
    orbits, turned, every, covers = Fraction(0), Fraction(0), 0, 0
    for chosen in lister.solutions(part):
        solution = part.decode(chosen)
        puzzle.verify(solution)
        up, round_, all_ = solution_weights(puzzle, lead, solution)
        orbits, turned, every, covers = orbits + up, turned + round_, every + all_, covers + 1
    return {"covers": covers, "orbits": str(orbits), "rotation_orbits": str(turned), "count": every,
            "engine": lister.name}


def split_tasks(puzzle: str, depth: int = 1, plain: bool = False, engine: str | None = None) -> list[dict]:
    """The tasks of ``parity sweep polyform-split``: the count of the catalogue's puzzle ``puzzle`` cut into
    pieces (:func:`pieces`), each a task (``puzzle``, ``rep``: the lead piece's placement or None, ``path``: the
    options chosen below it, ``depth``, ``plain``, and ``engine`` where one is named: the engine that counts each
    piece, say ``dlx`` where the first-open-cell search of ``pack`` lags, as on the polysticks).

    Raises
    ------
    LimitError
        An unknown puzzle, a depth out of 0..8, or a count up to symmetry that does not split.
    """
    built = built_puzzle(puzzle)
    _check_engine(engine)
    try:
        cut = pieces(built, depth, plain)
    except LimitError as refused:
        raise LimitError(f"{puzzle}: {refused}") from None
    plain = plain or cut[0][0] is None if cut else plain
    named = {"engine": engine} if engine is not None else {}  # (a store's tasks without it: the default engine)
    return [{"puzzle": puzzle, "rep": rep, "path": list(path), "depth": depth, "plain": plain, **named}
            for rep, path in cut]


def split_task(params: Mapping) -> dict:
    """One task of ``parity sweep polyform-split``: its piece counted (:func:`count_piece`)."""
    return count_piece(built_puzzle(params["puzzle"]), params["rep"], params["path"], params["plain"],
                       params.get("engine"))


#: a split count's pieces that took at most this many seconds are counted again by ``parity sweep check``
RECHECK_SECONDS = 1.0


def split_check(row: Mapping) -> list[str]:
    """What re-checking a ``polyform-split`` task's row finds wrong (nothing, when it holds): its piece must be
    one of the pieces its puzzle is cut into now, its numbers whole and consistent, and a piece that took at most
    :data:`RECHECK_SECONDS` is counted again by dancing links (by ``pack`` where the split named ``dlx``: another
    engine than the piece's) to the same numbers.

    Examples
    --------
    >>> params = split_tasks("pentominoes-3x20", depth=0)[0]
    >>> row = {"params": params, "status": "done", "seconds": 0.01, "result": split_task(params)}
    >>> split_check(row)
    []
    >>> row["result"]["covers"] += 1
    >>> print(*split_check(row))  # doctest: +ELLIPSIS
    pentominoes-3x20, the piece of lead placement 1218 and options []: stored ..., counted again by dlx {...}
    """
    params, result = row["params"], row.get("result") or {}
    if row.get("status") != "done":
        return []
    name = params.get("puzzle")
    key = (name, params.get("depth"), params.get("plain"), params.get("engine"))
    cuts = _CUTS.get(key)
    if cuts is None:
        try:
            cuts = _CUTS[key] = [dict(task) for task in split_tasks(*key)]
        except ParityError as exc:
            return [f"{name}: {exc}"]
    where = f"{name}, the piece of lead placement {params.get('rep')} and options {params.get('path')}"
    if dict(params) not in cuts:
        return [f"{where}: not a piece of the puzzle's cut at depth {params.get('depth')}"]
    problems = []
    if not isinstance(result.get("covers"), int) or result["covers"] < 0 or not isinstance(result.get("count"), int):
        problems.append(f"{where}: the stored covers and count are not whole numbers: {result!r:.80}")
    elif (row.get("seconds") or 0) <= RECHECK_SECONDS:
        other = "pack" if params.get("engine") == "dlx" else "dlx"  # another engine than the piece's
        again = count_piece(built_puzzle(name), params["rep"], params["path"], params["plain"], engine=other)
        mine = {k: v for k, v in result.items() if k != "engine"}
        theirs = {k: v for k, v in again.items() if k != "engine"}
        if mine != theirs:
            problems.append(f"{where}: stored {mine}, counted again by {other} {theirs}")
    return problems


_CUTS: dict[tuple, list[dict]] = {}


def add_parts(tasks: Sequence[Mapping], parts: Sequence[Mapping | None]) -> dict:
    """The count that the pieces ``parts`` (the results of ``tasks``, None where not finished) add up to, exact:
    ``count`` (every packing), and up to symmetry ``count_up_to_symmetry``, ``count_up_to_rotation``; None
    where a piece is missing (``complete`` False)."""
    done = [p for p in parts if p is not None]
    complete = len(done) == len(tasks)
    plain = bool(tasks) and tasks[0]["plain"]
    out = {"puzzle": tasks[0]["puzzle"] if tasks else None, "tasks": len(tasks), "done": len(done),
           "complete": complete, "exact": True,
           "engine": "+".join(dict.fromkeys(p["engine"] for p in done)) or None,
           "count": sum(p["count"] for p in done) if complete else None}
    if not plain:
        orbits = sum((Fraction(p["orbits"]) for p in done), Fraction(0))
        turned = sum((Fraction(p["rotation_orbits"]) for p in done), Fraction(0))
        if complete and (orbits.denominator != 1 or turned.denominator != 1):
            raise AssertionError(f"orbit counts {orbits} and {turned} are not whole numbers")
        out["count_up_to_symmetry"] = int(orbits) if complete else None
        out["count_up_to_rotation"] = int(turned) if complete else None
    return out


def split_result(store, puzzle: str, depth: int = 1, plain: bool = False, engine: str | None = None
                 ) -> tuple[dict, str]:
    """What the finished pieces of ``parity sweep polyform-split --puzzle NAME`` in ``store`` (a
    :class:`parity.sweep.Store`) add up to (:func:`add_parts`), with the published count, and a line saying it."""
    from .sets import catalogue_entry

    tasks = split_tasks(puzzle, depth, plain, engine)
    total = add_parts(tasks, store.results(SPLIT_SWEEP, tasks))
    total.update(depth=depth, plain=bool(tasks and tasks[0]["plain"]), published=catalogue_entry(puzzle)["count"])
    if not total["complete"]:
        return total, (f"{puzzle}: {total['done']} of {total['tasks']} pieces counted; run the sweep again to "
                       "finish")
    if total["plain"]:
        return total, f"{puzzle}: {total['count']} packings (exact, {total['tasks']} pieces, {total['engine']})"
    return total, (f"{puzzle}: {total['count_up_to_symmetry']} up to symmetry, {total['count_up_to_rotation']} up "
                   f"to rotation, {total['count']} in all (exact, {total['tasks']} pieces, {total['engine']})")
