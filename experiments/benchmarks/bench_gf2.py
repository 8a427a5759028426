"""GF(2) engine speed: parity's bit-packed engine next to galois and M4RI, in one run.

Usage (from the repository root)::

    python experiments/benchmarks/bench_gf2.py            # the full table (galois up to n = 70)
    python experiments/benchmarks/bench_gf2.py --quick    # small sizes only

For n x n Lights Out (closed rule, the full n^2 x n^2 matrix) it times

* ``galois``: ``GF(2)(A).null_space()`` on the dense matrix, the naive route,
  timed warm (its JIT kernels compiled by a small call first); the one-off
  compile time is printed apart (``galois warm-up``);
* ``parity route``: ``LightsOut(grid).solution_space()``: building the matrix
  from the graph, elimination, particular solution and null space basis;
* ``parity kernel``: elimination + null space basis on the packed matrix,
  the same work M4RI's ``mzd_kernel_left_pluq`` does;
* ``M4RI``: ``../shared/anchors/m4ri.sh`` on the same matrix (skipped with a
  note if the anchor cannot be built),

and the same on dense random square matrices (identical matrices handed to
M4RI through its file mode).  Ratios are printed; absolute times on shared
machines are noisy, ratios much less so.  Results go to
``experiments/benchmarks/results/gf2.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

from parity.linalg import Echelon, pack, pack_entries
from parity.puzzles import LightsOut

ROOT = Path(__file__).resolve().parents[2]
ANCHOR = Path(os.environ.get("PARITY_ANCHORS", ROOT.parent / "shared" / "anchors")) / "m4ri.sh"
RESULTS = Path(__file__).resolve().parent / "results"


def best_of(function, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return min(times)


def m4ri(*args: str) -> dict | None:
    if not ANCHOR.exists():
        return None
    result = subprocess.run(["bash", str(ANCHOR), *args], capture_output=True, text=True)
    if result.returncode != 0:
        return None
    return json.loads(result.stdout.strip().splitlines()[-1])


def m4ri_best(repeat: int, *args: str) -> tuple[float | None, int | None]:
    runs = [m4ri(*args) for _ in range(repeat)]
    runs = [r for r in runs if r]
    if not runs:
        return None, None
    return min(r["kernel_s"] for r in runs), runs[0]["nullity"]


def kernel(packed: np.ndarray, ncols: int) -> int:
    echelon = Echelon(packed.copy(), None, ncols=ncols, method="packed")  # the numba kernel, whatever the size
    basis = echelon.null_basis_packed()
    return basis.shape[0]


def lightsout_row(n: int, galois_max: int, repeat: int) -> dict:
    puzzle = LightsOut(f"grid:{n}x{n}")
    system = puzzle.linear()
    packed = pack_entries(n * n, n * n, system.rows, system.cols)
    kernel(packed, n * n)  # warm the numba cache
    row = {"matrix": f"lightsout {n}", "size": n * n}
    row["parity_route_s"] = best_of(lambda: puzzle.solution_space(), repeat)
    row["parity_kernel_s"] = best_of(lambda: kernel(packed, n * n), repeat)
    row["nullity"] = kernel(packed, n * n)
    if n <= galois_max:
        import galois

        A = galois.GF(2)(system.dense())
        row["galois_s"] = best_of(lambda: A.null_space(), 1)
    row["m4ri_s"], m4ri_nullity = m4ri_best(repeat, "lightsout", str(n))
    if m4ri_nullity is not None:
        assert m4ri_nullity == row["nullity"], "M4RI and parity disagree on the nullity"
    return row


def random_row(n: int, repeat: int, seed: int = 1) -> dict:
    rng = np.random.default_rng(seed)
    A = rng.integers(0, 2, (n, n), dtype=np.uint8)
    packed = pack(A)
    kernel(packed, n)
    row = {"matrix": f"random {n}", "size": n}
    row["parity_kernel_s"] = best_of(lambda: kernel(packed, n), repeat)
    row["nullity"] = kernel(packed, n)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write(f"{n} {n}\n")
        for line in A:
            handle.write("".join("01"[v] for v in line) + "\n")
        name = handle.name
    try:
        row["m4ri_s"], m4ri_nullity = m4ri_best(repeat, "file", name)
    finally:
        os.unlink(name)
    if m4ri_nullity is not None:
        assert m4ri_nullity == row["nullity"], "M4RI and parity disagree on the nullity"
    return row


def ratio(a, b) -> str:
    return f"{a / b:8.1f}x" if a and b else "       -"


def show(rows: list[dict]) -> None:
    header = f"{'matrix':<16}{'nullity':>8}{'galois s':>10}{'route s':>10}{'kernel s':>10}{'M4RI s':>10}" \
             f"{'galois/route':>14}{'kernel/M4RI':>13}{'route/M4RI':>12}"
    print(header)
    for r in rows:
        fmt = lambda key: f"{r[key]:10.4f}" if r.get(key) is not None else f"{'-':>10}"  # noqa: E731
        print(
            f"{r['matrix']:<16}{r['nullity']:>8}{fmt('galois_s')}{fmt('parity_route_s')}{fmt('parity_kernel_s')}{fmt('m4ri_s')}"
            f"{ratio(r.get('galois_s'), r.get('parity_route_s')):>14}{ratio(r.get('parity_kernel_s'), r.get('m4ri_s')):>13}"
            f"{ratio(r.get('parity_route_s'), r.get('m4ri_s')):>12}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    parser.add_argument("--galois-max", type=int, default=70, help="largest n timed with galois (it grows like n^6)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sizes = [10, 20, 30] if args.quick else [20, 30, 50, 70, 100, 150, 200]
    dense = [500, 1000] if args.quick else [1000, 2000, 4000, 8000]
    if not ANCHOR.exists():
        print(f"note: no M4RI anchor at {ANCHOR}; M4RI columns stay empty")
    import galois

    started = time.perf_counter()
    galois.GF(2)(np.eye(3, dtype=np.uint8)).null_space()
    print(f"galois warm-up (JIT compile, once per process): {time.perf_counter() - started:.2f} s")
    rows = [lightsout_row(n, args.galois_max, args.repeat) for n in sizes]
    rows += [random_row(n, args.repeat) for n in dense]
    show(rows)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / ("gf2-quick.json" if args.quick else "gf2.json")).write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
