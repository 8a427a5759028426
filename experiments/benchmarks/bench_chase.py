"""Light chasing on big grids: the ``chase`` engine next to a published C++ chaser, M4RI and the gf2 engine.

Usage (from the repository root)::

    python experiments/benchmarks/bench_chase.py                      # n = 1000 .. 10,000
    python experiments/benchmarks/bench_chase.py --quick              # n = 100 .. 2000
    python experiments/benchmarks/bench_chase.py --anchor '/path/solve{n}'

For the n x n Lights Out grid (closed rule, every light on) it times, in one run:

* ``chase``: :func:`parity.linalg.chase.chase_board` in a warm process: the
  *full* answer, every press of the n^2 cells and the whole null space, in the
  reduced form every engine returns; split into chasing (building the n x n
  residual system), the residual elimination and the rebuild; the best of a
  few runs for small n.  Peak memory is read from a fresh process per size.
  The answer is checked by applying the presses to the board with numpy.
* the **anchor** (``--anchor``, a command with ``{n}`` for the size): a
  published C++ light-chasing solver (bit-packed, ``-O3 -march=native``, one
  core) that returns only the first row and only for uniquely solvable sizes;
  its output is the first row and then its own time in seconds.  Our first
  row must equal its first row.
* ``gf2`` (elimination of the n^2 x n^2 matrix, the engine before chasing) and
  M4RI (``../shared/anchors/m4ri.sh lightsout N``) where they fit.

With ``--commands`` it times instead the command a user types, ``parity
solve lightsout --board grid:NxN`` with ``--json`` and as text, whole
processes, beside the engine's seconds from the JSON
(``results/chase_command.json``).

Ratios (chase / other) are printed; results go to
``experiments/benchmarks/results/chase.json`` and, with matplotlib installed,
a log-log plot of time against cells to ``docs/_static/chase.png``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from parity.linalg.chase import chase_board

ROOT = Path(__file__).resolve().parents[2]
ANCHORS = Path(os.environ.get("PARITY_ANCHORS", ROOT.parent / "shared" / "anchors"))
RESULTS = Path(__file__).resolve().parent / "results"


def timed_chase(n: int, repeat: int) -> tuple[float, dict, object]:
    best, split, chased = float("inf"), {}, None
    for _ in range(repeat):
        started = time.perf_counter()
        chased = chase_board(n)
        elapsed = time.perf_counter() - started
        if elapsed < best:
            best, split = elapsed, dict(chased.seconds)
    return best, split, chased


def lights_left(n: int, presses: np.ndarray) -> int:
    """Apply the presses to the all-on n x n board (closed rule) with numpy; the number of lights still on."""
    x = presses.reshape(n, n).astype(np.uint8)
    lights = np.ones((n, n), dtype=np.uint8) ^ x
    lights[1:] ^= x[:-1]
    lights[:-1] ^= x[1:]
    lights[:, 1:] ^= x[:, :-1]
    lights[:, :-1] ^= x[:, 1:]
    return int(lights.sum())


def peak_memory(n: int) -> float:
    """Peak resident memory (GB) of a fresh process that chases the n x n board."""
    code = (f"import resource; from parity.linalg.chase import chase_board; chase_board({n}); "
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    result = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return int(result.stdout.split()[-1]) / 2**20


def anchor(template: str | None, n: int) -> tuple[float, str] | None:
    if not template:
        return None
    result = subprocess.run(template.format(n=n), shell=True, capture_output=True, text=True)
    if result.returncode != 0:
        return None
    first_row, seconds = result.stdout.split()[:2]
    return float(seconds), first_row


def m4ri_lightsout(n: int) -> float | None:
    script = ANCHORS / "m4ri.sh"
    if not script.exists():
        return None
    result = subprocess.run(["bash", str(script), "lightsout", str(n)], capture_output=True, text=True)
    return json.loads(result.stdout)["kernel_s"] if result.returncode == 0 else None


def gf2_lightsout(n: int) -> float:
    from parity.puzzles import LightsOut

    system = LightsOut(f"grid:{n}x{n}").linear()
    started = time.perf_counter()
    system.solve("gf2")
    return time.perf_counter() - started


def command_rows(sizes: list[int], runs: int = 3) -> list[dict]:
    """The command a user types, ``parity solve lightsout --board grid:NxN`` (``--json`` and text), timed as whole
    processes: the first run and the median of the next ones, beside the engine's own seconds from its JSON."""
    import shutil
    import statistics

    parity = shutil.which("parity") or str(Path(sys.executable).parent / "parity")
    rows = []
    print(f"{'command':<58} {'first s':>8} {'again s':>8} {'engine s':>9} {'load s':>7} {'whole/engine':>12}")
    for n in sizes:
        for as_json in (True, False):
            command = [parity, "solve", "lightsout", "--board", f"grid:{n}x{n}", *(["--json"] if as_json else [])]
            walls, answer = [], None
            for _ in range(runs):
                started = time.perf_counter()
                done = subprocess.run(command, check=True, capture_output=True, text=True)
                walls.append(time.perf_counter() - started)
                if as_json:
                    answer = json.loads(done.stdout)
            row = {"command": " ".join(["parity", *command[1:]]), "n": n, "first_s": walls[0],
                   "again_s": statistics.median(walls[1:])}
            if answer is not None:
                row.update(engine_s=answer["seconds"], load_s=answer["load_seconds"], total_s=answer["total_seconds"])
                assert answer["status"] == "SAT" and len(answer["presses"]) == n * n
            rows.append(row)
            engine = row.get("engine_s")
            print(f"{row['command']:<58} {row['first_s']:>8.2f} {row['again_s']:>8.2f} "
                  f"{'-' if engine is None else format(engine, '.3f'):>9} "
                  f"{'-' if engine is None else format(row['load_s'], '.3f'):>7} "
                  f"{'-' if engine is None else format(row['again_s'] / engine, '.0f') + 'x':>12}")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    parser.add_argument("--commands", action="store_true",
                        help="only time the command line on grids of 500, 1000 and 2000 (results/chase_command.json)")
    parser.add_argument("--anchor", help="command printing the first row and seconds, with {n} for the size")
    parser.add_argument("--sizes", type=int, nargs="*", help="board sizes n (default by --quick)")
    args = parser.parse_args()
    if args.commands:
        RESULTS.mkdir(exist_ok=True)
        rows = command_rows(args.sizes or [500, 1000, 2000])
        (RESULTS / "chase_command.json").write_text(json.dumps(rows, indent=1) + "\n")
        return
    sizes = args.sizes or ([100, 200, 500, 1000, 2000] if args.quick else [100, 200, 1000, 2000, 4000, 10000])
    chase_board(8)  # load the compiled kernels once, as a warm process would have them
    rows = []
    print(f"{'n':>6} {'cells':>12} {'nullity':>7} {'chase s':>9} {'chase':>6} {'residual':>8} {'rebuild':>7} "
          f"{'peak GB':>7} {'anchor s':>9} {'ratio':>6} {'gf2 s':>8} {'M4RI s':>8}")
    for n in sizes:
        repeat = 5 if n <= 2000 else 1
        seconds, split, chased = timed_chase(n, repeat)
        space = chased.space
        assert lights_left(n, space.particular) == 0, "the chased presses leave lights on"
        row = {"n": n, "cells": n * n, "nullity": space.nullity, "chase_s": seconds,
               "split_s": split, "peak_gb": peak_memory(n)}
        found = anchor(args.anchor, n)
        if found is not None:
            row["anchor_s"], first_row = found
            row["first_row_agrees"] = first_row == "".join(map(str, space.particular[:n].tolist()))
            assert row["first_row_agrees"], "the anchor's first row differs from ours"
        if n <= 200:
            row["gf2_s"] = gf2_lightsout(n)
            row["m4ri_s"] = m4ri_lightsout(n)
        del chased, space
        rows.append(row)
        cell = lambda key, fmt: format(row[key], fmt) if row.get(key) is not None else "-"  # noqa: E731
        ratio = f"{row['chase_s'] / row['anchor_s']:.2f}" if "anchor_s" in row else "-"
        print(f"{n:>6} {n * n:>12,} {row['nullity']:>7} {seconds:>9.4f} {split['chase']:>6.3f} {split['residual']:>8.3f} "
              f"{split['rebuild']:>7.3f} {row['peak_gb']:>7.2f} {cell('anchor_s', '>9.4f')} {ratio:>6} "
              f"{cell('gf2_s', '>8.3f')} {cell('m4ri_s', '>8.3f')}")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "chase.json").write_text(json.dumps(rows, indent=1) + "\n")
    plot(rows)


def plot(rows: list[dict]) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib not installed: no plot")
        return
    fig, ax = plt.subplots(figsize=(6, 4))
    cells = [r["cells"] for r in rows]
    ax.loglog(cells, [r["chase_s"] for r in rows], "o-", label="parity chase (full solution + null space)")
    with_anchor = [r for r in rows if "anchor_s" in r]
    if with_anchor:
        ax.loglog([r["cells"] for r in with_anchor], [r["anchor_s"] for r in with_anchor], "s--",
                  label="C++ light chasing (first row only)")
    with_gf2 = [r for r in rows if r.get("gf2_s")]
    if with_gf2:
        ax.loglog([r["cells"] for r in with_gf2], [r["gf2_s"] for r in with_gf2], "^:", label="gf2 elimination")
    with_m4ri = [r for r in rows if r.get("m4ri_s")]
    if with_m4ri:
        ax.loglog([r["cells"] for r in with_m4ri], [r["m4ri_s"] for r in with_m4ri], "v:", label="M4RI (n^2 x n^2)")
    ax.set_xlabel("cells (n x n board)")
    ax.set_ylabel("seconds, one core")
    ax.set_title("Lights Out, every light on: time to solve")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    out = ROOT / "docs" / "_static" / "chase.png"
    out.parent.mkdir(exist_ok=True)
    fig.savefig(out, dpi=110)
    print(f"plot: {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
