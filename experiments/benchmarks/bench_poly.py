"""Polynomial nullity speed: ``parity.linalg.poly`` next to the matrix engine and M4RI, in one run.

Usage (from the repository root)::

    python experiments/benchmarks/bench_poly.py            # the full table (sweep to 25,000, a 10^6 x 10^6 grid)
    python experiments/benchmarks/bench_poly.py --quick    # small sizes only

It times

* ``square_nullities(N)``: the nullity of every ``n x n`` closed-rule board for
  ``n <= N`` (target: N = 25,000 in under 60 s), and beside it, for a smaller
  N, the plain sweep (``f_n`` by the recurrence and one gcd of
  ``f_n(x), f_n(x + 1)`` for every n) that the polynomial module improves on;
* ``grid_nullity(n, n)`` for ``n = 10^6`` (target: under 10 s), split into
  building ``psi_K(x), psi_K(x + 1)`` by doubling and their gcd, next to the
  plain gcd of ``f_n(x)`` and ``f_n(x + 1)`` of full degree; a torus and a
  cylinder of the same size;
* the matrix route ``LightsOut("grid:NxN").solution_space()`` (board, matrix,
  elimination) and M4RI (``../shared/anchors/m4ri.sh lightsout N``, elimination
  only; skipped with a note if the anchor cannot be built) on small boards,
  where every route answers and the nullities must agree.

Ratios are printed; absolute times on shared machines are noisy.  Results go to
``experiments/benchmarks/results/poly.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import time
from pathlib import Path

from parity.linalg import poly
from parity.puzzles import LightsOut

ROOT = Path(__file__).resolve().parents[2]
ANCHOR = Path(os.environ.get("PARITY_ANCHORS", ROOT.parent / "shared" / "anchors")) / "m4ri.sh"
RESULTS = Path(__file__).resolve().parent / "results"


def timed(function):
    started = time.perf_counter()
    value = function()
    return value, time.perf_counter() - started


def best_of(function, repeat: int) -> tuple[object, float]:
    runs = [timed(function) for _ in range(repeat)]
    return runs[0][0], min(seconds for _, seconds in runs)


def m4ri(n: int) -> tuple[float | None, int | None]:
    if not ANCHOR.exists():
        return None, None
    result = subprocess.run(["bash", str(ANCHOR), "lightsout", str(n)], capture_output=True, text=True)
    if result.returncode != 0:
        return None, None
    row = json.loads(result.stdout.strip().splitlines()[-1])
    return row["kernel_s"], row["nullity"]


def plain_sweep(N: int) -> list[int]:
    """Every ``n x n`` nullity by the recurrence and one full-degree gcd per n (the textbook route)."""
    import flint

    x = flint.nmod_poly([0, 1], 2)
    high, low = flint.nmod_poly([1], 2), flint.nmod_poly([], 2)
    high1, low1 = flint.nmod_poly([1], 2), flint.nmod_poly([], 2)
    nullities = []
    for _ in range(N):
        high, low = x * high + low, high
        high1, low1 = (x + 1) * high1 + low1, high1
        nullities.append(high.gcd(high1).degree())
    return nullities


def sweep_split(N: int) -> tuple[float, float]:
    """Seconds of the closed-rule sweep to ``N`` spent in its recurrence and in its gcds (the same steps as
    ``poly._self_shift_degrees``, timed apart)."""
    w, one, zero = poly._generator(0), poly._poly([1]), poly._poly([])
    a_even, a_odd, c_even, c_odd, p_even, p_odd, q_even, q_odd = one, zero, zero, zero, zero, zero, zero, zero
    recurrence_s = gcd_s = 0.0
    for _ in range(N // 2):
        started = time.perf_counter()
        a_even, a_odd, c_even, c_odd, p_even, p_odd, q_even, q_odd = (
            w * a_odd + c_even + p_even, a_even + c_odd + p_odd, a_even, a_odd,
            a_even + p_even + q_even, a_odd + p_odd + q_odd, a_even + q_even, a_odd + q_odd,
        )
        U, V = a_even + q_even + c_even, a_odd + q_odd + c_odd
        middle = time.perf_counter()
        U.gcd(V).degree()
        recurrence_s, gcd_s = recurrence_s + middle - started, gcd_s + time.perf_counter() - middle
    return recurrence_s, gcd_s


def sweep_rows(N: int, plain_N: int) -> list[dict]:
    rows = []
    nullities, seconds = timed(lambda: poly.square_nullities(N))
    rows.append({"case": f"square_nullities({N})", "seconds": seconds, "nonzero": sum(1 for v in nullities if v),
                 "largest": max(nullities), "target_s": 60.0 if N == 25000 else None})
    fast, fast_s = timed(lambda: poly.square_nullities(plain_N))
    plain, plain_s = timed(lambda: plain_sweep(plain_N))
    assert fast == plain, "the plain sweep and square_nullities disagree"
    recurrence_s, gcd_s = sweep_split(plain_N)
    rows.append({"case": f"square_nullities({plain_N})", "seconds": fast_s, "plain_s": plain_s,
                 "recurrence_s": recurrence_s, "sweep_gcd_s": gcd_s})
    return rows


def single_rows(n: int) -> list[dict]:
    import flint  # noqa: F401  (imported here so that the import is not timed below)

    rows = []
    K = n + 1 >> poly._two_adic(n + 1)
    (psi_x, psi_x1), build_s = timed(lambda: (poly._psi(K, 0), poly._psi(K, 1)))
    common, gcd_s = timed(lambda: psi_x.gcd(psi_x1))
    nullity, total_s = timed(lambda: poly.grid_nullity(n, n))
    row = {"case": f"grid_nullity({n}, {n})", "seconds": total_s, "nullity": nullity, "psi_degree": psi_x.degree(),
           "doubling_s": build_s, "gcd_s": gcd_s, "target_s": 10.0 if n == 10**6 else None}
    f_x, f_x1 = poly.path_polynomial(n, 0), poly.path_polynomial(n, 1)
    plain, row["plain_gcd_s"] = timed(lambda: f_x.gcd(f_x1).degree())
    assert plain == nullity, "the full-degree gcd and grid_nullity disagree"
    rows.append(row)
    wrapped = (("torus_nullity", poly.torus_nullity, n + 1), ("cylinder_nullity", poly.cylinder_nullity, n))
    for name, function, m in wrapped:
        value, seconds = timed(lambda: function(m, n + 1))
        rows.append({"case": f"{name}({m}, {n + 1})", "seconds": seconds, "nullity": value})
    return rows


def matrix_rows(sizes: list[int], m4ri_max: int, repeat: int) -> list[dict]:
    rows = []
    for n in sizes:
        space, matrix_s = best_of(lambda: LightsOut(f"grid:{n}x{n}").solution_space(), repeat)
        nullity, poly_s = best_of(lambda: poly.grid_nullity(n, n), repeat)
        assert space.nullity == nullity, "the matrix engine and grid_nullity disagree"
        row = {"case": f"grid {n}x{n}", "nullity": nullity, "matrix_s": matrix_s, "seconds": poly_s}
        if n <= m4ri_max:
            row["m4ri_s"], m4ri_nullity = m4ri(n)
            if m4ri_nullity is not None:
                assert m4ri_nullity == nullity, "M4RI and grid_nullity disagree"
        rows.append(row)
    return rows


def ratio(a, b) -> str:
    if not (a and b):
        return f"{'-':>11}"
    return f"{a / b:10.1f}x" if a / b < 100 else f"{a / b:10.0f}x"


def show(rows: list[dict]) -> None:
    fmt = lambda value: f"{value:10.4g}" if value is not None else f"{'-':>10}"  # noqa: E731
    print(f"{'case':<34}{'poly s':>10}{'target s':>10}{'plain s':>10}{'matrix s':>10}{'M4RI s':>10}"
          f"{'plain/poly':>11}{'matrix/poly':>12}{'M4RI/poly':>11}")
    for r in rows:
        plain = r.get("plain_s", r.get("plain_gcd_s"))
        print(f"{r['case']:<34}{fmt(r['seconds'])}{fmt(r.get('target_s'))}{fmt(plain)}{fmt(r.get('matrix_s'))}"
              f"{fmt(r.get('m4ri_s'))}{ratio(plain, r['seconds'])}{ratio(r.get('matrix_s'), r['seconds']):>12}"
              f"{ratio(r.get('m4ri_s'), r['seconds'])}")
    for r in rows:
        if "gcd_s" in r:
            print(f"{r['case']}: psi_K of degree {r['psi_degree']:,} by doubling {r['doubling_s']:.2f} s, "
                  f"their gcd {r['gcd_s']:.2f} s")
        if "sweep_gcd_s" in r:
            print(f"{r['case']}: recurrence {r['recurrence_s']:.3f} s, gcds {r['sweep_gcd_s']:.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if not ANCHOR.exists():
        print(f"note: no M4RI anchor at {ANCHOR}; M4RI columns stay empty")
    if args.quick:
        N, plain_N, single, sizes, m4ri_max = 2000, 500, 10**5, [20, 50, 100], 100
    else:
        N, plain_N, single, sizes, m4ri_max = 25000, 4000, 10**6, [50, 100, 200, 300], 200
    poly.grid_nullity(5, 5)  # load python-flint once, outside the timings
    rows = matrix_rows(sizes, m4ri_max, args.repeat) + single_rows(single) + sweep_rows(N, plain_N)
    show(rows)
    RESULTS.mkdir(exist_ok=True)
    document = {"machine": {"cpus": os.cpu_count(), "python": platform.python_version()}, "rows": rows}
    (RESULTS / ("poly-quick.json" if args.quick else "poly.json")).write_text(json.dumps(document, indent=1) + "\n")


if __name__ == "__main__":
    main()
