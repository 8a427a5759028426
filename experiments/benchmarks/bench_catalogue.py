"""One polyform count split across workers, and the catalogue swept puzzle by puzzle.

Usage (from the repository root)::

    python experiments/benchmarks/bench_catalogue.py [--puzzle polyhexes-1234-5x8] [--depth 1] [--workers 1 2]
        [--family F] [--budget 60] [--skip-split] [--skip-catalogue]

The split: ``parity sweep polyform-split --puzzle NAME`` run as printed, into
a fresh store each time, at each number of workers; its wall time (the
command's, start-up and the tasks' listing included), the speed-up of the
last over the first, and the count the pieces add up to, which must equal
:func:`~parity.puzzles.polyomino.orbits.count_orbits`'s (checked against the
published count too).  The catalogue: ``parity sweep polyform-catalogue
--published-only --quick`` (every family, or one) with a budget a puzzle,
on two workers; the puzzles counted, those that agree with the published
count, those that do not, those past the budget (estimated) and the total
time.  The machine's load average before each run
is printed beside it: another person's counts on the same cores slow the
runs.  Results go to ``experiments/benchmarks/results/catalogue.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"


def run(*args: str) -> tuple[float, dict]:
    """``parity ARGS --json`` in a child process: its wall time and its JSON."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "parity", *args, "--json"], capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if done.returncode:
        raise SystemExit(done.stderr)
    return seconds, json.loads(done.stdout)


def split(puzzle: str, depth: int, workers: list[int]) -> dict:
    from parity.puzzles.polyomino import catalogue_entry

    timings = []
    for count in workers:
        with tempfile.TemporaryDirectory() as scratch:
            load = os.getloadavg()[0]
            seconds, payload = run("sweep", "polyform-split", "--puzzle", puzzle, "--depth", str(depth), "--store",
                                   os.path.join(scratch, "split.sqlite"), "--workers", str(count))
        result = payload["result"]
        timings.append({"workers": count, "seconds": round(seconds, 2), "load_before": round(load, 2),
                        "tasks": result["tasks"], "count_up_to_symmetry": result["count_up_to_symmetry"]})
        print(f"split {puzzle} (depth {depth}) on {count} worker(s): {seconds:.1f} s, {result['tasks']} tasks, "
              f"{result['count_up_to_symmetry']} up to symmetry (load before: {load:.2f})", flush=True)
    published = catalogue_entry(puzzle)["count"]
    counts = {t["count_up_to_symmetry"] for t in timings}
    assert len(counts) == 1, counts  # every run adds its pieces up to the same count
    print(f"count up to symmetry {counts.pop()}, published {published}", flush=True)
    speedup = timings[0]["seconds"] / timings[-1]["seconds"]
    print(f"speed-up {workers[-1]} over {workers[0]} worker(s): {speedup:.2f}x", flush=True)
    return {"puzzle": puzzle, "depth": depth, "runs": timings, "speedup": round(speedup, 2), "published": published}


def catalogue(family: str | None, budget: float) -> dict:
    with tempfile.TemporaryDirectory() as scratch:
        load = os.getloadavg()[0]
        seconds, payload = run("table", "polyform-catalogue", *(("--family", family) if family else ()),
                               "--published-only", "--quick", "--budget", str(budget), "--store",
                               os.path.join(scratch, "c.sqlite"), "--workers", "2")
    rows = payload["rows"]
    counted = [r for r in rows if r["count"] is not None]
    totals = {"family": family, "budget": budget, "puzzles": len(rows), "counted": len(counted),
              "agree": sum(1 for r in counted if r["agreement"] == "yes"),
              "disagree": [r["name"] for r in counted if r["agreement"] == "no"],
              "estimated": len(rows) - len(counted), "seconds": round(seconds, 1), "load_before": round(load, 2)}
    print(f"catalogue {family or 'all families'} (quick, published), --budget {budget:g}: {totals['puzzles']} puzzles, {totals['counted']} counted, "
          f"{totals['agree']} agree, disagree: {', '.join(totals['disagree']) or 'none'}, {totals['estimated']} "
          f"estimated, {seconds:.1f} s (load before: {load:.2f})", flush=True)
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzle", default="polyhexes-1234-5x8")
    parser.add_argument("--depth", type=int, default=1)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--family", default=None)
    parser.add_argument("--budget", type=float, default=60.0)
    parser.add_argument("--skip-split", action="store_true")
    parser.add_argument("--skip-catalogue", action="store_true")
    args = parser.parse_args()
    target = RESULTS / "catalogue.json"
    out = json.loads(target.read_text()) if target.exists() else {}  # (a part not run keeps its last figures)
    if not args.skip_split:
        out["split"] = split(args.puzzle, args.depth, args.workers)
    if not args.skip_catalogue:
        out["catalogue"] = catalogue(args.family, args.budget)
    RESULTS.mkdir(exist_ok=True)
    target.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
