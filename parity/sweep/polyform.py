"""The catalogue sweep's task (``parity sweep polyform-catalogue``): each named polyform puzzle solved once and
counted up to symmetry through the front door, and the check that re-verifies a stored row.

It lives above the front door (``parity.api``), which it calls, as a
sweep's task may (see :class:`~parity.puzzles.registry.SweepSpec`); the
tasks, the estimate past the budget and the table's rows are the polyomino
family's (:mod:`parity.puzzles.polyomino.sweep`).

Examples
--------
>>> row = catalogue_task({"puzzle": "tetrahexes-coin", "budget": 60})
>>> row["count"], row["published"], row["agrees"], row["exact"], row["solved"]
(4, 4, True, True, True)
"""

from __future__ import annotations

import time
from collections.abc import Mapping

from ..errors import SweepError, TimeLimitReached
from ..puzzles.polyomino.sweep import ESTIMATE_SECONDS, built_puzzle, catalogue_estimate, lead_of

__all__ = ["catalogue_task", "catalogue_check"]


def _orbits(puzzle, engine: str | None = None) -> dict:
    """The puzzle's packings up to its symmetries, as ``parity count --up-to-symmetry`` counts them
    (:func:`parity.count_up_to_symmetry`: the lead piece's placements pruned where a piece is fixed by every
    symmetry, else Burnside's lemma over the packings each symmetry fixes, each a smaller problem counted), with
    the engine that counted."""
    from ..api import count_up_to_symmetry

    counted = count_up_to_symmetry(puzzle, engine=engine)
    return {**counted, "engine": counted.get("engine") or "+".join(counted.get("symmetry_engines", ())) or None}


def catalogue_task(params: Mapping) -> dict:
    """One puzzle of the catalogue counted up to its symmetries within ``params["budget"]`` seconds (in a child
    process, stopped when they are spent), compared with the published count; past the budget, Knuth's
    estimate (:func:`~parity.puzzles.polyomino.sweep.catalogue_estimate`, for ``params["estimate_seconds"]``,
    ``ESTIMATE_SECONDS`` by default, or ``params["estimate_probes"]`` probes) instead of a count, ``exact`` False.

    Examples
    --------
    >>> row = catalogue_task({"puzzle": "tetrahexes-coin", "budget": 60})
    >>> row["count"], row["published"], row["agrees"], row["exact"]
    (4, 4, True, True)
    """
    import multiprocessing

    from .._child import run_in_child
    from ..puzzles.polyomino.sets import catalogue_entry

    if multiprocessing.current_process().daemon:
        raise SweepError("the budget stops each count in a child process, which this worker may not start (a Dask "
                         "worker is a daemon unless told otherwise): start the workers with "
                         "DASK_DISTRIBUTED__WORKER__DAEMON=False")
    name = params["puzzle"]
    entry = catalogue_entry(name)
    puzzle = built_puzzle(name)
    rotation = entry.get("up_to") == "rotation"
    out = {"puzzle": name, "up_to": entry.get("up_to", "symmetry"), "published": entry["count"],
           **_solved_once(puzzle, params.get("budget"))}
    if out["solved"] is False:  # the engine proved that no packing exists: that is the count
        return {**out, "count": 0, "agrees": None if entry["count"] is None else entry["count"] == 0, "exact": True,
                "engine": out["solve_engine"], "count_seconds": 0.0, "count_all": 0}
    started = time.perf_counter()
    try:
        counted = run_in_child(_orbits, puzzle, params.get("engine"), time_limit=params.get("budget"),
                               what="counting")
    except TimeLimitReached:
        guess = catalogue_estimate(puzzle, lead_of(puzzle)[0], params.get("estimate_seconds", ESTIMATE_SECONDS),
                                   probes=params.get("estimate_probes"))
        if rotation and guess["solutions"] is not None:  # (each orbit about |G| / |H| orbits of the rotations)
            sym = puzzle.symmetries()
            factor = len(sym.perms) / int(sym.rotations.sum())
            guess.update(solutions=guess["solutions"] * factor, solutions_error=guess["solutions_error"] * factor)
        return {**out, "count": None, "agrees": None, "exact": False, "engine": guess.pop("engine"),
                "count_seconds": time.perf_counter() - started, "estimate": guess}
    count = counted["count_up_to_rotation" if rotation else "count_up_to_symmetry"]
    return {**out, "count": count, "agrees": None if entry["count"] is None else count == entry["count"],
            "exact": True, "engine": counted.get("engine"), "count_seconds": time.perf_counter() - started,
            "count_all": counted.get("count")}


def _solved_once(puzzle, budget: float | None) -> dict:
    """One packing of ``puzzle`` found within ``budget`` seconds by :func:`parity.solve` (the route of ``parity
    solve polyform``, every solution verified by the puzzle's checker there): ``solved`` True with its
    ``solution`` (the placements, as ``parity solve --json`` gives them), False where the engine proved that none
    exists, None where the budget was spent first; ``solve_engine`` and ``solve_seconds``."""
    from ..api import solve

    started = time.perf_counter()
    result = solve(puzzle, time_limit=budget)
    solved = {"SAT": True, "UNSAT": False}.get(result.status)
    placements = puzzle.to_json(result.solution)["placements"] if solved else None
    return {"solved": solved, "solution": placements, "solve_engine": result.engine,
            "solve_seconds": round(time.perf_counter() - started, 3)}


def catalogue_check(row: Mapping) -> list[str]:
    """What re-checking a catalogue task's row in the store finds wrong (nothing, when it holds): its packing
    verified again by the puzzle's own checker, its published count and agreement against the catalogue as it is
    now, and the packing, the count and the engine's proof of no packing consistent with one another.

    Examples
    --------
    >>> row = {"params": {"puzzle": "pentominoes-3x20"}, "status": "done",
    ...        "result": catalogue_task({"puzzle": "pentominoes-3x20", "budget": 60})}
    >>> catalogue_check(row)
    []
    >>> row["result"]["solution"]["X"] = row["result"]["solution"]["I"]
    >>> catalogue_check(row)  # doctest: +ELLIPSIS
    ['pentominoes-3x20: the stored packing is wrong: ...']
    """
    from ..errors import InvalidSolution, ParityError
    from ..puzzles.polyomino.sets import catalogue_entry

    name, result = row["params"]["puzzle"], row.get("result") or {}
    if row.get("status") != "done":
        return []
    problems = []
    try:
        entry = catalogue_entry(name)
    except ParityError as exc:
        return [f"{name}: {exc}"]
    if result.get("published") != entry["count"]:
        problems.append(f"{name}: stored with the published count {result.get('published')}, the catalogue now "
                        f"says {entry['count']}")
    count = result.get("count")
    if count is not None and result.get("published") is not None and result.get("agrees") != (
            count == result["published"]):
        problems.append(f"{name}: the count {count} and the published {result['published']} are stored as "
                        f"{'agreeing' if result.get('agrees') else 'not agreeing'}")
    solution = result.get("solution")
    if result.get("solved") and solution is None:
        problems.append(f"{name}: marked solved, but no packing is stored")
    if solution is not None:
        try:
            built_puzzle(name).verify({piece: [tuple(cell) for cell in cells] for piece, cells in solution.items()})
        except (InvalidSolution, AttributeError, TypeError, ValueError) as exc:
            problems.append(f"{name}: the stored packing is wrong: {exc}")
    if count == 0 and solution is not None:
        problems.append(f"{name}: counted 0 packings, yet a packing is stored")
    if result.get("solved") is False and count not in (0, None):
        problems.append(f"{name}: the engine proved no packing exists, yet the count is {count}")
    return problems
