"""Icosoku peg sweep: the sweep's own task (compiled search, CaDiCaL for the rest) against plain incremental CaDiCaL.

Usage (from the repository root)::

    python experiments/benchmarks/bench_icosoku.py [--tasks 6] [--classes 300] [--tiles original adts]

The same slice of canonical peg classes (``--tasks`` sweep tasks spread over
the 270, ``--classes`` classes of each) is solved twice per tile set, one
core each: ``sat``: one incremental CaDiCaL solver on the CNF, the pegs as
assumptions, every arrangement in turn (the anchor: the naive prototype the
speed target was set against); ``sweep``: :func:`parity.puzzles.icosoku.sweep.icosoku_task`,
the code the sweep runs.  Both sides' tilings are re-checked by the rules
(:func:`parity.puzzles.icosoku.sweep.verify_rows`) and must agree on which classes are
solvable.  The published anchors are rates quoted from their papers (Choco:
7,983,360 arrangements in 8.13 CPU-days; MiniZinc/ASP: 3,991,680 classes in
18 h 29 min on 4 threads); their ratios are against this machine's rate and
are only indicative.  Results go to ``experiments/benchmarks/results/icosoku.json``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

RESULTS = Path(__file__).resolve().parent / "results"
CHOCO_MS = 8.13 * 86400 * 1000 / 7_983_360
MINIZINC_MS = (18 * 3600 + 29 * 60) * 4 * 1000 / 3_991_680


def plain_sat(tasks) -> tuple[float, list[dict]]:
    """Every arrangement of the slice through one incremental CaDiCaL solver; rows shaped like the store's."""
    from pysat.solvers import Solver

    from parity.puzzles import Icosoku
    from parity.puzzles.icosoku.sweep import block_arrangements, pack_tilings

    tiles = tasks[0]["tiles"]
    started = time.perf_counter()
    formula = Icosoku(pegs=None, tiles=tiles).encoding("cnf")
    solver = Solver(name="cadical195", bootstrap_with=formula.clauses_with_xors())
    face_vars = np.array([[formula.var(("face", f, p)) for p in range(64)] for f in range(20)])
    peg_vars = np.array([[formula.var((("peg", v), n)) for n in range(16)] for v in range(12)])
    rows = []
    for params in tasks:
        arrangements = block_arrangements(params)
        tilings = np.full((len(arrangements), 20), 255, dtype=np.int64)
        unsolved = []
        for i, pegs in enumerate(arrangements):
            if solver.solve(assumptions=peg_vars[np.arange(12), pegs].tolist()):
                model = np.asarray(solver.get_model())
                tilings[i] = (model[face_vars - 1] > 0).argmax(axis=1)
            else:
                unsolved.append([int(x) for x in pegs])
        rows.append({"params": params, "result": {"classes": len(arrangements), "solved": len(arrangements) - len(unsolved),
                                                  "unsolved": unsolved, "tilings": pack_tilings(tilings)}})
    solver.delete()
    return time.perf_counter() - started, rows


def sweep_task(tasks) -> tuple[float, list[dict]]:
    from parity.puzzles.icosoku.sweep import icosoku_task

    icosoku_task({**tasks[0], "limit": 1})  # compile (cached on disk after the first run) and build tables
    started = time.perf_counter()
    rows = [{"params": params, "result": icosoku_task(params)} for params in tasks]
    return time.perf_counter() - started, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=6)
    parser.add_argument("--classes", type=int, default=300)
    parser.add_argument("--tiles", nargs="+", default=["original", "adts"], choices=["original", "adts"])
    args = parser.parse_args()
    from parity.puzzles.icosoku.sweep import CLASSES, icosoku_tasks, verify_rows

    out = {}
    for tiles in args.tiles:
        tasks = icosoku_tasks(tiles, sample=args.tasks, classes=args.classes)
        sat_s, sat_rows = plain_sat(tasks)
        sweep_s, sweep_rows = sweep_task(tasks)
        checked = [verify_rows(sat_rows), verify_rows(sweep_rows)]
        assert checked[0]["solved"] == checked[1]["solved"], checked
        classes = checked[0]["classes"]
        by_sat = sum(r["result"]["by_sat"] for r in sweep_rows)
        sweep_ms, sat_ms = 1000 * sweep_s / classes, 1000 * sat_s / classes
        row = {"classes": classes, "solved": checked[0]["solved"], "sat_s": round(sat_s, 3),
               "sweep_s": round(sweep_s, 3), "sat_ms_per_class": round(sat_ms, 4),
               "sweep_ms_per_class": round(sweep_ms, 4), "speedup_over_sat": round(sat_s / sweep_s, 2),
               "handed_to_sat": by_sat, "full_sweep_minutes_on_2_cores": round(CLASSES * sweep_ms / 2 / 60000, 1),
               "over_choco": round(CHOCO_MS / sweep_ms), "over_minizinc_per_thread": round(MINIZINC_MS / sweep_ms)}
        out[tiles] = row
        print(f"{tiles}: {classes} classes ({row['solved']} solvable); plain incremental CaDiCaL {sat_ms:.2f} ms "
              f"each, the sweep's task {sweep_ms:.3f} ms each ({row['speedup_over_sat']}x; {by_sat} handed to "
              f"CaDiCaL); full sweep at this rate {row['full_sweep_minutes_on_2_cores']} min on 2 cores; "
              f"published rates: Choco {CHOCO_MS:.0f} ms ({row['over_choco']}x), "
              f"MiniZinc/ASP {MINIZINC_MS:.0f} ms per thread ({row['over_minizinc_per_thread']}x)", flush=True)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "icosoku.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
