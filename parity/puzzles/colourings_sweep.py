"""``parity sweep grid-colourings``: the proper 3-colourings of the n x n grids (OEIS A068253) as resumable tasks.

A count of :func:`parity.counting.heights.grid_colourings` is taken modulo primes and joined by the Chinese
remainder theorem; its primes fall in groups that are counted apart (:func:`~parity.counting.heights.colouring_parts`),
so each group of each board and route is a task of the sweep store: it runs on local processes or a Dask cluster,
survives a kill (a finished group stays in the store; the next run does the rest), and the result joins the stored
residues exactly.  Each board is counted by both routes, ``sweep`` (every column, primes below ``2^62``) and
``halves`` (half the columns and a sum of products, primes below ``2^31``), which share no arithmetic: the joined
terms must agree, and the published terms of A068253 (n <= 14) must match.

Examples
--------
>>> tasks = colouring_tasks("4..5", per_part=1)
>>> [(t["n"], t["route"], t["part"]) for t in tasks]
[(4, 'sweep', 0), (4, 'halves', 0), (5, 'sweep', 0), (5, 'halves', 0)]
>>> colouring_task(tasks[2])["residues"]
[193662]
"""

from __future__ import annotations

import time
from collections.abc import Mapping

from ..errors import LimitError

__all__ = ["COLOURINGS_SWEEP", "colouring_tasks", "colouring_task", "colouring_check", "colouring_result",
           "join_parts"]

#: the sweep's name in a store
COLOURINGS_SWEEP = "grid-colourings"
#: the boards whose rows a re-check counts again by the general frontier program (no shared code)
RECOUNT_SIDE = 7


def _routes(routes: str) -> list[str]:
    from ..counting.heights import ROUTES

    chosen = [r.strip() for r in str(routes).split(",") if r.strip()]
    if not chosen or any(r not in ROUTES for r in chosen):
        raise LimitError(f"--routes: a comma list of {', '.join(ROUTES)}, got {routes!r}")
    return list(dict.fromkeys(chosen))


def colouring_tasks(sizes: str = "2..12", routes: str = "sweep,halves", per_part: int | None = None) -> list[dict]:
    """The tasks of ``parity sweep grid-colourings``: for each n of ``sizes`` (n >= 2; the 1 x 1 grid has its
    formula) and each of ``routes``, each group of the count's primes (``per_part`` primes a group; default as
    many as one table holds): ``{"n", "route", "part", "primes"}``."""
    from ..counting.heights import MOST_ROWS, colouring_parts
    from .registry import parse_sizes

    sides = parse_sizes(sizes)
    if sides[0] < 2 or sides[-1] > MOST_ROWS:
        raise LimitError(f"--sizes: the grid-colourings sweep counts n from 2 to {MOST_ROWS}, got {sizes!r}")
    if per_part is not None and (isinstance(per_part, bool) or not isinstance(per_part, int) or per_part < 1):
        raise LimitError(f"--per-part is a positive whole number of primes, got {per_part!r}")
    chosen = _routes(routes)
    return [{"n": n, "route": route, "part": k, "primes": primes}
            for n in sides for route in chosen
            for k, primes in enumerate(colouring_parts(n, n, route, per_part))]


def colouring_task(params: Mapping) -> dict:
    """One task: a third of the n x n grid's proper 3-colourings modulo each of its primes, by its route."""
    from ..counting.heights import colouring_residues

    started = time.perf_counter()
    residues = colouring_residues(params["n"], params["n"], params["route"], params["primes"], threads=1)
    return {"residues": residues, "primes": list(params["primes"]), "engine": "heights",
            "seconds": round(time.perf_counter() - started, 3)}


def colouring_check(row: Mapping) -> list[str]:
    """The problems a finished row shows when checked again: its residues lie below their primes and the primes
    are primes (Miller-Rabin, deterministic below 2^64); on boards up to ``RECOUNT_SIDE`` (7) the count is made
    again by parity's general frontier program (:class:`parity.puzzles.Coloring`'s count, no shared code) and each
    residue compared.  The two routes, which share no arithmetic, are compared in the joined result."""
    params, result = row["params"], row["result"]
    problems = []
    if result.get("primes") != params["primes"] or len(result["residues"]) != len(params["primes"]):
        problems.append(f"n = {params['n']} ({params['route']}, part {params['part']}): the stored residues are not "
                        "those of the task's primes")
        return problems
    from ..linalg.gfp import is_prime

    for r, q in zip(result["residues"], params["primes"]):
        if not 0 <= r < q or not is_prime(q):
            problems.append(f"n = {params['n']} ({params['route']}): residue {r} modulo {q} is not one")
    if params["n"] <= RECOUNT_SIDE and not problems:
        from . import Coloring
        from ..engines import choose_for

        puzzle = Coloring(f"grid:{params['n']}x{params['n']}", colors=3)
        counter = choose_for(puzzle.encoding("coloring"), "coloring", "frontier", "count")
        counter.load(puzzle.encoding("coloring"))
        third = int(counter.count(puzzle.encoding("coloring")).count) // 3
        for r, q in zip(result["residues"], params["primes"]):
            if third % q != r:
                problems.append(f"n = {params['n']} ({params['route']}): residue {r} modulo {q}, the frontier "
                                f"program's count gives {third % q}")
    return problems


def join_parts(tasks: list[dict], results: list[dict | None]) -> dict:
    """The terms the finished parts give: ``{n: {route: term or None}}`` (None until every part of that board and
    route is done), each term joined from the stored residues by the Chinese remainder theorem."""
    from ..linalg.gfp import crt

    groups: dict[tuple[int, str], list] = {}
    for task, result in zip(tasks, results):
        groups.setdefault((task["n"], task["route"]), []).append(result)
    terms: dict[int, dict[str, int | None]] = {}
    for (n, route), parts in groups.items():
        done = all(p is not None for p in parts)
        terms.setdefault(n, {})[route] = crt([r for p in parts for r in p["residues"]],
                                            [q for p in parts for q in p["primes"]]) if done else None
    return terms


def colouring_result(store, sizes: str = "2..12", routes: str = "sweep,halves", per_part: int | None = None
                     ) -> tuple[dict, str]:
    """What the finished tasks in ``store`` add up to: each board's term by each route (joined exactly), whether
    the routes agree, and the published term of A068253 where there is one; and a line a board saying it."""
    from ..data.oeis import A068253

    tasks = colouring_tasks(sizes, routes, per_part)
    results = store.results(COLOURINGS_SWEEP, tasks)
    terms = join_parts(tasks, results)
    rows, lines = [], []
    for n, by_route in sorted(terms.items()):
        values = {v for v in by_route.values() if v is not None}
        complete = all(v is not None for v in by_route.values())
        published = A068253[n - 1] if n <= len(A068253) else None
        agree = len(values) <= 1 and (published is None or not values or values == {published})
        row = {"n": n, **{route: value for route, value in by_route.items()}, "complete": complete,
               "agree": agree, "published": published}
        rows.append(row)
        shown = next(iter(values)) if len(values) == 1 else None
        if not complete:
            state = f"{sum(v is not None for v in by_route.values())} of {len(by_route)} routes joined so far"
        elif not agree:
            state = "DISAGREE: " + ", ".join(f"{r} {v}" for r, v in by_route.items()) + \
                (f", published {published}" if published is not None else "")
        else:
            state = f"{len(by_route)} route{'s' * (len(by_route) > 1)} agree" + \
                (", as published" if published is not None else "")
        lines.append(f"a({n}) = {shown if shown is not None else '?'}: {state}")
    done = sum(r is not None for r in results)
    summary = {"tasks": len(tasks), "done": done, "complete": done == len(tasks),
               "agree": all(r["agree"] for r in rows), "terms": rows}
    head = f"grid-colourings: {done} of {len(tasks)} parts done"
    return summary, "\n".join([head, *lines])
