"""The CNF route on n x n Lights Out, next to the GF(2) engine: formula size and time per engine.

Usage (from the repository root)::

    python experiments/benchmarks/bench_cnf.py                  # n = 5..25, Ganak capped at 300 s, solvers at 120 s
    python experiments/benchmarks/bench_cnf.py --sizes 5 10 15 --ganak-timeout 60

For each n: the CNF's variables and clauses (XORs Tseitin-encoded in chunks of
4), one solution with CaDiCaL (``sat``) and with CryptoMiniSat using native
XORs (``cms``), the exact count with Ganak (``ganak``, run in a child process
so that a cap can stop it), and the GF(2) engine's solution space.  Every count
is compared with ``2 ** nullity``.  Results go to
``experiments/benchmarks/results/cnf.json``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from pathlib import Path

from parity.cnf import backend
from parity.puzzles import LightsOut

RESULTS = Path(__file__).resolve().parent / "results"


def _ganak_child(n: int, send) -> None:
    formula = LightsOut(f"grid:{n}x{n}").cnf()
    started = time.perf_counter()
    count = backend("ganak").count(formula)
    send.send((count, time.perf_counter() - started))


def ganak_count(n: int, timeout: float) -> tuple[int | None, float | None]:
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_ganak_child, args=(n, send))
    child.start()
    try:
        if receive.poll(timeout):
            return receive.recv()
        return None, None
    finally:
        if child.is_alive():
            child.kill()
        child.join()


def row(n: int, ganak_timeout: float, solve_timeout: float) -> dict:
    puzzle = LightsOut(f"grid:{n}x{n}")
    started = time.perf_counter()
    space = puzzle.solution_space()
    gf2_s = time.perf_counter() - started
    formula = puzzle.cnf()
    stats = formula.stats()
    out = {"n": n, "variables": stats["variables"], "clauses": stats["clauses"], "nullity": space.nullity,
           "count": space.count, "gf2_s": gf2_s}
    for name in ("sat", "cms"):
        result = backend(name).solve(formula, time_limit=solve_timeout)
        if result.status == "UNKNOWN":
            out[f"{name}_s"] = None
            continue
        assert result.status == "SAT"
        presses = formula.decode(result.model)
        puzzle.verify(presses)  # the rules themselves, by simulation
        assert [presses[v] for v in puzzle.nodes] in space, f"{name} returned a non-solution"
        out[f"{name}_s"] = result.seconds
    count, seconds = ganak_count(n, ganak_timeout)
    if count is not None:
        assert count == space.count, f"ganak counted {count}, expected {space.count}"
    out["ganak_s"] = seconds
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=list(range(5, 26)))
    parser.add_argument("--ganak-timeout", type=float, default=300.0)
    parser.add_argument("--solve-timeout", type=float, default=120.0, help="cap on each sat/cms solve")
    args = parser.parse_args()
    rows = []
    print(f"{'n':>3}{'vars':>8}{'clauses':>9}{'nullity':>8}{'count':>10}{'gf2 s':>9}{'sat s':>9}{'cms s':>9}{'ganak s':>10}")
    for n in args.sizes:
        r = row(n, args.ganak_timeout, args.solve_timeout)
        rows.append(r)

        def cell(key, cap, width):
            return f"{r[key]:{width}.4f}" if r[key] is not None else f"{'>' + str(int(cap)):>{width}}"

        print(f"{n:>3}{r['variables']:>8}{r['clauses']:>9}{r['nullity']:>8}{r['count']:>10}{r['gf2_s']:9.4f}"
              f"{cell('sat_s', args.solve_timeout, 9)}{cell('cms_s', args.solve_timeout, 9)}"
              f"{cell('ganak_s', args.ganak_timeout, 10)}", flush=True)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "cnf.json").write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
