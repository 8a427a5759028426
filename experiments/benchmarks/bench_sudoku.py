"""Sudoku per puzzle in a warm process, uniqueness proved, next to tdoku when it is built.

Usage (from the repository root)::

    python experiments/benchmarks/bench_sudoku.py PUZZLES.txt
    python experiments/benchmarks/bench_sudoku.py top95.txt --tdoku /path/to/tdoku_bench

``PUZZLES.txt`` holds one 81-character puzzle a line (top95, Project Euler
96 rewritten a line each, any collection; the project ships none).  Columns,
all in one run, microseconds per puzzle:

* ``kernel``: the compiled search alone (``parity.puzzles._sudoku_kernels``),
  asked for two solutions, which proves uniqueness;
* ``api``: ``pt.solve(Sudoku(p), "search")`` whole, uniqueness included
  (building the puzzle, choosing, the search, decoding, verifying);
* ``dlx``: the same call through dancing links, the route before the search;
* ``batch``: the whole collection in one call (:func:`parity.puzzles.sudoku.search_grids`, then
  :func:`~parity.puzzles.sudoku.check_grids` on every grid), and ``solve_many``: :func:`parity.solve_many`
  over the puzzles built (a Result each), as ``parity solve sudoku --file`` and a script would;
* ``tdoku``: t-dillon/tdoku's SIMD DPLL solver with limit 2, through a driver
  that reads the puzzles on stdin, solves them ``--repeat`` times and prints
  ``... X us per puzzle`` (recipe in ../shared/anchors/README.md).

Every puzzle must have exactly one solution; results go to
``experiments/benchmarks/results/sudoku.json``.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import time
from pathlib import Path

import numpy as np

import parity as pt
from parity.puzzles import Sudoku

RESULTS = Path(__file__).resolve().parent / "results"


def per_puzzle(seconds: float, count: int) -> float:
    return 1e6 * seconds / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", help="a file of 81-character puzzles, one a line")
    parser.add_argument("--tdoku", default=None, help="the tdoku driver binary (see the module docstring)")
    parser.add_argument("--repeat", type=int, default=5, help="passes over the puzzles per column")
    args = parser.parse_args()
    puzzles = [line.strip()[:81] for line in Path(args.puzzles).read_text().splitlines() if len(line.strip()) >= 81]
    from parity.puzzles._sudoku_kernels import search

    searches = [Sudoku(p).encoding("search") for p in puzzles]
    searches[0].load()
    out, nodes = np.zeros((2, 81), dtype=np.int64), np.zeros(1, dtype=np.int64)
    started, branches = time.perf_counter(), 0
    for _ in range(args.repeat):
        for s in searches:
            if search(9, s.givens, s.units, s.peers, s.cell_units, out, 2, nodes) != 1:
                raise SystemExit("a puzzle without exactly one solution")
            branches += int(nodes[0])
    kernel = per_puzzle(time.perf_counter() - started, args.repeat * len(puzzles))
    row = {"puzzles": len(puzzles), "kernel_us": kernel, "branches": branches / (args.repeat * len(puzzles))}
    from parity.puzzles.sudoku import check_grids, read_grids, search_grids

    side, givens, _ = read_grids("\n".join(puzzles))
    search_grids(side, givens[:1])  # warm
    started = time.perf_counter()
    for _ in range(args.repeat):
        solved, found, _ = search_grids(side, givens)
        check_grids(side, givens, solved, found)
        if (found != 1).any():
            raise SystemExit("batch: a puzzle without exactly one solution")
    row["batch_us"] = per_puzzle(time.perf_counter() - started, args.repeat * len(puzzles))
    built = [Sudoku(p) for p in puzzles]
    started = time.perf_counter()
    for _ in range(args.repeat):
        if not all(r.stats["unique"] for r in pt.solve_many(built)):
            raise SystemExit("solve_many: a puzzle without exactly one solution")
    row["solve_many_us"] = per_puzzle(time.perf_counter() - started, args.repeat * len(puzzles))
    for engine in ("search", "dlx"):
        pt.solve(Sudoku(puzzles[0]), engine)  # warm
        started = time.perf_counter()
        for _ in range(args.repeat if engine == "search" else 1):
            for p in puzzles:
                if pt.solve(Sudoku(p), engine).stats["unique"] is not True:
                    raise SystemExit(f"{engine}: a puzzle without exactly one solution")
        row[f"api_{engine}_us"] = per_puzzle(time.perf_counter() - started,
                                             (args.repeat if engine == "search" else 1) * len(puzzles))
    if args.tdoku:
        text = subprocess.run([args.tdoku, str(args.repeat * 40)], input="\n".join(puzzles) + "\n",
                              capture_output=True, text=True, check=True).stdout
        row["tdoku_us"] = float(re.search(r"([0-9.]+) us per puzzle", text).group(1))
    print(f"{len(puzzles)} puzzles, uniqueness proved, microseconds per puzzle (warm process)")
    print(f"  search kernel  {kernel:9.1f}   ({row['branches']:.0f} branches a puzzle)")
    print(f"  batch          {row['batch_us']:9.1f}   (search_grids + check_grids, one call)")
    print(f"  solve_many     {row['solve_many_us']:9.1f}   (a Result each)")
    print(f"  pt.solve       {row['api_search_us']:9.1f}   (engine search)")
    print(f"  pt.solve       {row['api_dlx_us']:9.1f}   (engine dlx)")
    if "tdoku_us" in row:
        t = row["tdoku_us"]
        print(f"  tdoku          {t:9.1f}   kernel {kernel / t:.1f}x, batch {row['batch_us'] / t:.1f}x, "
              f"pt.solve {row['api_search_us'] / t:.1f}x")
    else:
        print("  tdoku          not built (--tdoku PATH)")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "sudoku.json").write_text(json.dumps(row, indent=1))


if __name__ == "__main__":
    main()
