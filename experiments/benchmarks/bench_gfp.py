"""GF(p) engine speed: parity's ``gfp`` engine next to galois, in one run.

Usage (from the repository root)::

    python experiments/benchmarks/bench_gfp.py            # the full table (n up to 200)
    python experiments/benchmarks/bench_gfp.py --quick    # n up to 100

Part 1, the 30 x 30 Lights Out board over GF(3) (closed rule, a 900 x 900
system), ``LightsOut("grid:30x30", field=3).linear().solve(engine)``: building
the matrix, elimination, particular solution and null space basis.

* cold: each engine in a fresh ``python -c`` after ``import parity`` and
  building the system, so the time includes importing and compiling what the
  engine needs (galois: the library and its JIT kernels for GF(3); ``gfp``:
  nothing for a system this small, which its ``numpy`` method takes; ``gfp``
  with ``method="numba"``: numba and the cached kernels);
* warm: the same call again in one process, best of ``--repeat``; ``gfp``
  warm means the kernels are loaded, so it takes the ``numba`` method.

The spaces of both engines are compared (particular solution and basis
equal).  Part 2: ``gfp`` alone on n x n Lights Out over GF(3) and GF(5)
(40,000 unknowns at n = 200): nullity, time of ``system.solve("gfp")`` with the
kernels warm, and the particular solution checked by substitution.  Ratios are
printed; absolute times on shared machines are noisy.  Results go to
``experiments/benchmarks/results/gfp.json``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from parity.linalg.gfp import GFpEchelon
from parity.puzzles import LightsOut

ROOT = Path(__file__).resolve().parents[2]
RESULTS = Path(__file__).resolve().parent / "results"

COLD = """
import time
from parity.linalg.gfp import GFpEchelon
from parity.puzzles import LightsOut
system = LightsOut("grid:{n}x{n}", field={p}).linear()
started = time.perf_counter()
if {method!r} == "route":
    space = system.solve({engine!r})
else:
    space = GFpEchelon.from_entries(system.shape, system.rows, system.cols, system.values, system.rhs, {p},
                                    method={method!r}).space()
print(time.perf_counter() - started, space.nullity)
"""


def best_of(function, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return min(times)


def cold(n: int, p: int, engine: str, method: str = "route", runs: int = 3) -> float:
    """Best of ``runs`` fresh interpreters: the solve alone, imports and compilation included."""
    code = COLD.format(n=n, p=p, engine=engine, method=method)
    times = []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
        times.append(float(done.stdout.split()[0]))
    return min(times)


def same_space(a, b) -> bool:
    particular = (a.particular is None and b.particular is None) or np.array_equal(a.particular, b.particular)
    return particular and np.array_equal(a.basis, b.basis) and a.free == b.free


def versus_galois(n: int, p: int, repeat: int) -> dict:
    system = LightsOut(f"grid:{n}x{n}", field=p).linear()
    row = {"board": f"grid:{n}x{n}", "field": p, "unknowns": n * n}
    row["galois_cold_s"] = cold(n, p, "galois")
    row["gfp_cold_s"] = cold(n, p, "gfp")  # the numpy method: numba is not loaded for so small a system
    row["gfp_numba_cold_s"] = cold(n, p, "gfp", method="numba")
    theirs = system.solve("galois")  # compiles galois' kernels for GF(p)
    row["galois_warm_s"] = best_of(lambda: system.solve("galois"), repeat)
    entries = (system.shape, system.rows, system.cols, system.values, system.rhs, p)
    row["gfp_numpy_warm_s"] = best_of(lambda: GFpEchelon.from_entries(*entries, method="numpy").space(), repeat)
    GFpEchelon.from_entries(*entries, method="numba")  # loads the kernels: the default takes the numba method now
    ours = system.solve("gfp")
    assert GFpEchelon.from_entries(*entries).method == "numba"
    row["gfp_warm_s"] = best_of(lambda: system.solve("gfp"), repeat)
    assert same_space(ours, theirs), "gfp and galois disagree"
    row["nullity"] = ours.nullity
    return row


def gfp_row(n: int, p: int, repeat: int) -> dict:
    system = LightsOut(f"grid:{n}x{n}", field=p).linear()
    space = system.solve("gfp")
    if space.solvable:
        assert system.satisfied_by(space.particular)
    seconds = best_of(lambda: system.solve("gfp"), repeat)
    return {"board": f"grid:{n}x{n}", "field": p, "unknowns": n * n, "nullity": space.nullity, "gfp_s": seconds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="sizes up to n = 100")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    head = versus_galois(30, 3, args.repeat)
    print(f"30 x 30 Lights Out over GF(3), {head['unknowns']} unknowns, nullity {head['nullity']}; spaces equal")
    print(f"{'':8}{'galois s':>11}{'gfp s':>11}{'galois/gfp':>12}")
    print(f"{'cold':<8}{head['galois_cold_s']:11.4f}{head['gfp_cold_s']:11.4f}"
          f"{head['galois_cold_s'] / head['gfp_cold_s']:11.0f}x   (gfp numpy method, numba not loaded)")
    print(f"{'':8}{'':11}{head['gfp_numba_cold_s']:11.4f}"
          f"{head['galois_cold_s'] / head['gfp_numba_cold_s']:11.0f}x   (gfp numba method: numba and kernels loaded)")
    print(f"{'warm':<8}{head['galois_warm_s']:11.4f}{head['gfp_warm_s']:11.4f}"
          f"{head['galois_warm_s'] / head['gfp_warm_s']:11.0f}x   (gfp numba method, kernels loaded)")
    print(f"{'':8}{'':11}{head['gfp_numpy_warm_s']:11.4f}"
          f"{head['galois_warm_s'] / head['gfp_numpy_warm_s']:11.0f}x   (gfp numpy method)")
    sizes = [50, 100] if args.quick else [50, 100, 150, 200]
    rows = [gfp_row(n, p, args.repeat) for p in (3, 5) for n in sizes]
    print(f"\n{'board':<14}{'field':>6}{'unknowns':>10}{'nullity':>9}{'gfp s':>10}")
    for r in rows:
        print(f"{r['board']:<14}{r['field']:>6}{r['unknowns']:>10}{r['nullity']:>9}{r['gfp_s']:10.3f}")
    RESULTS.mkdir(exist_ok=True)
    name = "gfp-quick.json" if args.quick else "gfp.json"
    (RESULTS / name).write_text(json.dumps({"versus_galois": head, "gfp": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
