"""Sudoku per puzzle in a warm process, uniqueness proved, next to tdoku when it is built.

Usage (from the repository root)::

    python experiments/benchmarks/bench_sudoku.py PUZZLES.txt [MORE.txt ...]
    python experiments/benchmarks/bench_sudoku.py top95.txt top1465.txt hardest1106.txt --tdoku /path/to/tdoku_bench

Each file holds one 81-character puzzle a line (lines starting with ``#``
are skipped): top95, magictour's top1465, the forum's hardest 1106 (the
sets tdoku publishes: ``puzzles3_magictour_top1465`` and
``puzzles6_forum_hardest_1106`` in its ``data.zip``), any collection; the
project ships none.  Columns,
all in one run, microseconds per puzzle:

* ``kernel``: the compiled 9 x 9 search alone (``search9`` in
  ``parity.puzzles._sudoku_kernels``), asked for two solutions, which
  proves uniqueness; timed ``--rounds`` times in turn with tdoku, the best
  of each kept (the machine's noise hits both alike);
* ``general``: the search for any side (``search``), the 9 x 9's route
  before, and the reference the tests hold ``search9`` to;
* ``api``: ``pt.solve(Sudoku(p), "search")`` whole, uniqueness included
  (building the puzzle, choosing, the search, decoding, verifying);
* ``dlx``: the same call through dancing links, the route before the search
  (the first 100 puzzles of a set, once);
* ``batch``: the whole collection in one call (:func:`parity.puzzles.sudoku.search_grids`, then
  :func:`~parity.puzzles.sudoku.check_grids` on every grid), and ``solve_many``: :func:`parity.solve_many`
  over the puzzles built (a Result each), as ``parity solve sudoku --file`` and a script would;
* ``tdoku``: t-dillon/tdoku's SIMD DPLL solver with limit 2, through a driver
  that reads the puzzles on stdin, solves them a number of times and prints
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


def best_per_puzzle(run, repeat: int, count: int, rounds: int = 1) -> float:
    """The best of ``rounds`` timings of ``run()`` done ``repeat`` times, per puzzle."""
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        for _ in range(repeat):
            run()
        best = min(best, time.perf_counter() - started)
    return per_puzzle(best, repeat * count)


def tdoku(driver: str, puzzles: list[str], repeat: int) -> float:
    text = subprocess.run([driver, str(repeat)], input="\n".join(puzzles) + "\n", capture_output=True, text=True,
                          check=True).stdout
    return float(re.search(r"([0-9.]+) us per puzzle", text).group(1))


def bench(path: str, args) -> dict:
    puzzles = [line.strip()[:81] for line in Path(path).read_text().splitlines()
               if len(line.strip()) >= 81 and not line.startswith("#")]
    from parity.puzzles import _sudoku_kernels
    from parity.puzzles.sudoku import check_grids, read_grids, search_grids

    searches = [Sudoku(p).encoding("search") for p in puzzles]
    searches[0].load()
    out, nodes = np.zeros((2, 81), dtype=np.int64), np.zeros(1, dtype=np.int64)
    general = _sudoku_kernels.search
    general(9, searches[0].givens, searches[0].units, searches[0].peers, searches[0].cell_units, out, 2, nodes)
    branches = {"kernel": 0, "general": 0}
    for s in searches:
        if _sudoku_kernels.search9(s.givens, out, 2, nodes) != 1:
            raise SystemExit(f"{path}: a puzzle without exactly one solution")
        branches["kernel"] += int(nodes[0])
        general(9, s.givens, s.units, s.peers, s.cell_units, out, 2, nodes)
        branches["general"] += int(nodes[0])
    repeat = max(1, args.work // len(puzzles))  # about --work puzzles a timing

    def kernel_pass():
        for s in searches:
            _sudoku_kernels.search9(s.givens, out, 2, nodes)

    def general_pass():
        for s in searches:
            general(9, s.givens, s.units, s.peers, s.cell_units, out, 2, nodes)

    row = {"file": Path(path).name, "puzzles": len(puzzles), "branches": branches["kernel"] / len(puzzles),
           "general_branches": branches["general"] / len(puzzles), "kernel_us": float("inf")}
    for _ in range(args.rounds):  # the kernel and tdoku in turn, the best of each
        row["kernel_us"] = min(row["kernel_us"], best_per_puzzle(kernel_pass, repeat, len(puzzles)))
        if args.tdoku:
            row["tdoku_us"] = min(row.get("tdoku_us", float("inf")), tdoku(args.tdoku, puzzles, 3 * repeat))
    row["general_us"] = best_per_puzzle(general_pass, max(1, repeat // 4), len(puzzles))
    side, givens, _ = read_grids("\n".join(puzzles))
    search_grids(side, givens[:1])  # warm

    def batch():
        solved, found, _ = search_grids(side, givens)
        check_grids(side, givens, solved, found)
        if (found != 1).any():
            raise SystemExit("batch: a puzzle without exactly one solution")

    row["batch_us"] = best_per_puzzle(batch, repeat, len(puzzles), 3)
    built = [Sudoku(p) for p in puzzles]

    def many():
        if not all(r.stats["unique"] for r in pt.solve_many(built)):
            raise SystemExit("solve_many: a puzzle without exactly one solution")

    row["solve_many_us"] = best_per_puzzle(many, repeat, len(puzzles), 3)
    for engine in ("search", "dlx"):
        pt.solve(Sudoku(puzzles[0]), engine)  # warm
        chosen = puzzles if engine == "search" else puzzles[:100]

        def api():
            for p in chosen:
                if pt.solve(Sudoku(p), engine).stats["unique"] is not True:
                    raise SystemExit(f"{engine}: a puzzle without exactly one solution")

        row[f"api_{engine}_us"] = best_per_puzzle(api, 1, len(chosen), 3 if engine == "search" else 1)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="+", help="files of 81-character puzzles, one a line")
    parser.add_argument("--tdoku", default=None, help="the tdoku driver binary (see the module docstring)")
    parser.add_argument("--rounds", type=int, default=7, help="timings of the kernel and of tdoku, in turn")
    parser.add_argument("--work", type=int, default=800, help="about this many puzzles a timing")
    args = parser.parse_args()
    rows = [bench(path, args) for path in args.puzzles]
    print("microseconds per puzzle, uniqueness proved, warm process")
    print(f"{'set':22} {'puzzles':>7} {'branches':>8} {'kernel':>8} {'tdoku':>7} {'ratio':>6} {'general':>8} "
          f"{'batch':>8} {'many':>8} {'solve':>8} {'dlx':>8}")
    for row in rows:
        t = row.get("tdoku_us")
        print(f"{row['file']:22} {row['puzzles']:7d} {row['branches']:8.1f} {row['kernel_us']:8.1f} "
              f"{t if t else float('nan'):7.1f} {row['kernel_us'] / t if t else float('nan'):5.2f}x "
              f"{row['general_us']:8.1f} {row['batch_us']:8.1f} {row['solve_many_us']:8.1f} "
              f"{row['api_search_us']:8.1f} {row['api_dlx_us']:8.0f}")
        if t:
            print(f"{'':22} batch {row['batch_us'] / t:.2f}x, solve_many {row['solve_many_us'] / t:.2f}x, "
                  f"pt.solve {row['api_search_us'] / t:.2f}x of tdoku; the general search "
                  f"{row['general_branches']:.0f} branches, {row['general_us'] / t:.1f}x")
    if not args.tdoku:
        print("tdoku not built (--tdoku PATH)")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "sudoku.json").write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
