"""``parity sweep min-presses``: OEIS A075464, the fewest presses that turn the all-on n x n board off, with each
board's coset search cut into parts, a part a task of the sweep store.

A board's solutions are ``x + span(quiet patterns)``; the coset search
(:func:`parity.codes.coset_search`) weighs every one of the ``2^k`` combinations in transforms of ``2^20``, and
the ``2^(k - 20)`` transforms of a board of nullity ``k`` fall in ``--parts`` ranges, each a task: on local
processes or a Dask cluster, a finished part kept whatever happens to the run.  A part gives the least weight among
its combinations and one reaching it; the result takes the least over a board's parts (exact once every part is
done) and compares it with the published terms (n <= 54).  ``parity sweep check`` re-checks each part without the
search: its presses, rebuilt from the stored combination, are simulated on the board (every light off) and are as
many as the part says.

Examples
--------
>>> [(t["n"], t["first"], t["last"]) for t in presses_tasks("4..5")]
[(4, 0, 1), (5, 0, 1)]
>>> presses_task(presses_tasks("5")[0])["weight"]  # A075464(5)
15
"""

from __future__ import annotations

from collections.abc import Mapping

from ...errors import LimitError

__all__ = ["PRESSES_SWEEP", "LOW_BITS", "presses_tasks", "presses_task", "presses_check", "presses_result"]

#: the sweep's name in a store
PRESSES_SWEEP = "min-presses"
#: the low bits of a combination weighed in one transform (``2^20`` combinations)
LOW_BITS = 20
#: the largest nullity the sweep takes (its combinations are machine words)
MOST_NULLITY = 62


def _space(n: int):
    """The all-on n x n board's solution space, as every worker makes it (the ``chase`` engine: the same basis and
    particular solution wherever it runs), its regions and the particular solution's ones in them."""
    from ...codes import regions
    from .puzzle import LightsOut

    puzzle = LightsOut(f"grid:{n}x{n}")
    space = puzzle.solution_space("chase")
    region = regions(space.basis)
    return puzzle, space, region, region.ones(space.particular)


def presses_tasks(sizes: str = "1..30", parts: int = 16, max_nullity: int = 40) -> list[dict]:
    """The tasks of ``parity sweep min-presses``: for each n of ``sizes`` whose nullity is at most ``max_nullity``,
    its ``2^(k - 20)`` transforms in up to ``parts`` ranges (one task for a board of nullity up to 20):
    ``{"n", "nullity", "first", "last"}``."""
    from .certificates import board_nullity
    from ..registry import parse_sizes

    if isinstance(parts, bool) or not isinstance(parts, int) or parts < 1:
        raise LimitError(f"--parts is a positive whole number, got {parts!r}")
    if isinstance(max_nullity, bool) or not isinstance(max_nullity, int) or not 0 <= max_nullity <= MOST_NULLITY:
        raise LimitError(f"--max-nullity is a whole number from 0 to {MOST_NULLITY}, got {max_nullity!r}")
    tasks = []
    for n in parse_sizes(sizes):
        k = board_nullity(n, "grid")
        if k > max_nullity:
            continue
        highs = 1 << max(0, k - LOW_BITS)
        cuts = min(parts, highs)
        bounds = [highs * i // cuts for i in range(cuts + 1)]
        tasks += [{"n": n, "nullity": k, "first": bounds[i], "last": bounds[i + 1]} for i in range(cuts)]
    return tasks


def presses_task(params: Mapping) -> dict:
    """One part of a board's coset search: the least weight among its combinations, and the presses that reach it
    (hex, bit ``r n + c`` for the cell at row ``r``, column ``c``)."""
    import time

    import numpy as np

    from ...codes import codeword, coset_search

    started = time.perf_counter()
    _, space, region, ones = _space(params["n"])
    weight, c, _ = coset_search(region, ones, low_bits=LOW_BITS, highs=(params["first"], params["last"]),
                                threads=1)
    x = (space.particular.astype(np.uint8) ^ codeword(space.basis, c)).astype(np.int64)
    presses = sum(1 << i for i in np.flatnonzero(x).tolist())
    return {"weight": int(weight), "combination": int(c), "presses": f"{presses:x}", "engine": "coset search",
            "seconds": round(time.perf_counter() - started, 3)}


def presses_check(row: Mapping) -> list[str]:
    """The problems a finished part shows when checked again without the search: its presses simulated on the
    board must turn every light off and be as many as its weight (an empty list when they are)."""
    from .puzzle import LightsOut

    params, result = row["params"], row["result"]
    n = params["n"]
    bits = int(result["presses"], 16)
    puzzle = LightsOut(f"grid:{n}x{n}")
    presses = {cell: (bits >> i) & 1 for i, cell in enumerate(puzzle.nodes)}
    problems = []
    if bits >> len(puzzle.nodes):
        problems.append(f"n = {n}: the presses name cells the board does not have")
    elif any(puzzle.apply(presses).values()):
        problems.append(f"n = {n} (part {params['first']}..{params['last']}): the presses leave lights on")
    elif sum(presses.values()) != result["weight"]:
        problems.append(f"n = {n}: the presses are {sum(presses.values())}, the part says {result['weight']}")
    return problems


def presses_result(store, sizes: str = "1..30", parts: int = 16, max_nullity: int = 40) -> tuple[dict, str]:
    """What the finished parts in ``store`` give: each board's fewest presses once all its parts are done (the
    least over them), or the best so far, with the published term where there is one."""
    from ...data.oeis import A075464

    tasks = presses_tasks(sizes, parts, max_nullity)
    boards: dict[int, list] = {}
    for task, result in zip(tasks, store.results(PRESSES_SWEEP, tasks)):
        boards.setdefault(task["n"], []).append((task, result))
    rows, lines = [], []
    for n, items in sorted(boards.items()):
        done = [r for _, r in items if r is not None]
        best = min(done, key=lambda r: r["weight"]) if done else None
        complete = len(done) == len(items)
        published = A075464[n - 1] if n <= len(A075464) else None
        value = best["weight"] if best else None
        agree = not complete or published is None or value == published
        rows.append({"n": n, "nullity": items[0][0]["nullity"], "parts": len(items), "done": len(done),
                     "complete": complete, "min_presses": value if complete else None, "best_so_far": value,
                     "presses": best["presses"] if best else None, "published": published, "agree": agree})
        if complete:
            state = "as published" if published == value else "DISAGREES with the published " + str(published) \
                if published is not None else "no published term"
            lines.append(f"a({n}) = {value} (nullity {items[0][0]['nullity']}, {len(items)} part"
                         f"{'s' * (len(items) > 1)}): {state}")
        else:
            lines.append(f"a({n}): {len(done)} of {len(items)} parts weighed"
                         + (f", at most {value} so far" if value is not None else ""))
    total = sum(r["parts"] for r in rows)
    finished = sum(r["done"] for r in rows)
    summary = {"tasks": total, "done": finished, "complete": finished == total,
               "agree": all(r["agree"] for r in rows), "boards": rows}
    return summary, "\n".join([f"min-presses: {finished} of {total} parts done", *lines])
