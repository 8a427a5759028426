"""Icosoku (seed 004): the sweeps' stores re-verified and summarised, and the paper's open questions.

Run from the repository root after the sweeps::

    parity sweep icosoku-pegs --tiles original --store experiments/results/icosoku-original.sqlite
    parity sweep icosoku-pegs --tiles adts --store experiments/results/icosoku-adts.sqlite
    python experiments/icosoku.py [--q3] [--q4 N] [--q6 PROBES [--ganak SECONDS]]

It re-checks every stored tiling from the rules (:func:`parity.puzzles.icosoku.sweep.verify_rows`) and writes
``icosoku.csv`` (one line per store) and ``icosoku-questions.json`` into ``--out``.  ``--q3`` also writes
the tile file of each 20-combination that admits an ADTS (``q4-combo-N.txt``); Q4 in full is a sweep of
each (``--rotations-only`` where the combination is not closed under mirroring), summarised like the
others::

    parity sweep icosoku-pegs --tiles experiments/results/q4-combo-1.txt \\
        --store experiments/results/icosoku-q4-1.sqlite
    python experiments/icosoku.py --stores experiments/results/icosoku-q4-*.sqlite
"""

from __future__ import annotations

import json
import sqlite3
import time
from itertools import combinations
from math import factorial
from pathlib import Path

import numpy as np

from _common import parser, write_csv


def summarise(path: Path) -> dict:
    from parity.puzzles.icosoku.sweep import CLASSES, verify_rows

    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        rows = [{"params": json.loads(p), "result": json.loads(r)}
                for p, s, r in db.execute("SELECT params, status, result FROM tasks") if s == "done"]
    started = time.perf_counter()
    report = verify_rows(rows)
    seconds = sum(r["result"]["seconds"] for r in rows)
    tiles = rows[0]["params"]["tiles"] if rows else "?"
    rotations_only = bool(rows and rows[0]["params"].get("rotations_only"))
    return {"tiles": tiles, "rotations_only": rotations_only, "tasks": len(rows), "classes": report["classes"],
            "of": 2 * CLASSES if rotations_only else CLASSES,
            "solved": report["solved"], "unsolved": report["unsolved"],
            "by_sat": sum(r["result"].get("by_sat", 0) for r in rows), "core_seconds": round(seconds, 1),
            "ms_per_class_per_core": round(1000 * seconds / max(report["classes"], 1), 4),
            "verify_seconds": round(time.perf_counter() - started, 1)}


def _adts_solver():
    from pysat.solvers import Solver

    from parity.puzzles import Icosoku

    puzzle = Icosoku(pegs=None, tiles="adts")
    formula = puzzle.encoding("cnf")
    return puzzle, formula, Solver(name="cadical195", bootstrap_with=formula.clauses_with_xors())


def q1_and_q3() -> dict:
    """Q1: an ADTS exists.  Q3: which 20 of the 24 types admit an ADTS for some arrangement (pegs free)."""
    from parity.puzzles.icosoku import TILE_TYPES

    puzzle, formula, solver = _adts_solver()
    usable = {t: formula.var(("type", t)) for t in TILE_TYPES}
    dots = {t: sum(int(d) for d in t) for t in TILE_TYPES}
    started = time.perf_counter()
    q1 = solver.solve()
    if q1:
        puzzle.verify(formula.decode(solver.get_model()))
    combos = list(combinations(TILE_TYPES, 20))
    by_dots = [c for c in combos if sum(dots[t] for t in c) == 78]
    admitting = []
    for combo in by_dots:
        left_out = [t for t in TILE_TYPES if t not in combo]
        if solver.solve(assumptions=[-usable[t] for t in left_out]):
            tiling = formula.decode(solver.get_model())
            puzzle.verify(tiling)
            admitting.append(combo)
    return {"q1_adts_exists": bool(q1), "combinations": len(combos), "with_78_dots": len(by_dots),
            "admit_an_adts": len(admitting), "admitting": ["".join(f"{t} " for t in c).strip() for c in admitting],
            "seconds": round(time.perf_counter() - started, 1)}


def q4(admitting: list[str], samples: int, seed: int) -> dict:
    """Q4/Q5: combinations whose ADTSs might cover every arrangement, refuted by sampled arrangements."""
    from pysat.solvers import Solver

    from parity.puzzles import Icosoku
    from parity.puzzles.icosoku._kernels import first_tilings
    from parity.puzzles.icosoku import _tables

    rng = np.random.default_rng(seed)
    arrangements = np.array([rng.permutation(12) + 1 for _ in range(samples)], dtype=np.int64)
    survivors, refuted_after, refutations = [], [], {}
    started = time.perf_counter()
    for combo in admitting:
        puzzle = Icosoku(tiles=",".join(combo.split()))
        face_v, _, pat, pat_type, counts, orders = _tables(puzzle.faces, tuple(sorted(puzzle.tiles.items())))
        out = np.zeros((samples, 20), np.int64)
        status = np.zeros(samples, np.int64)
        first_tilings(face_v, orders, pat, pat_type, counts, arrangements, 200_000, out, status)
        free = Icosoku(pegs=None, tiles=puzzle.tiles)
        formula = free.encoding("cnf")
        with Solver(name="cadical195", bootstrap_with=formula.clauses_with_xors()) as solver:
            for i in np.flatnonzero(status == -1):  # the search's budget ran out: CaDiCaL decides
                status[i] = int(solver.solve(assumptions=free.peg_assumptions(formula, arrangements[i].tolist())))
                if status[i]:
                    Icosoku(pegs=arrangements[i].tolist(), tiles=puzzle.tiles).verify(formula.decode(solver.get_model()))
            failed = np.flatnonzero(status == 0)
            if len(failed):  # the refutation is the solver's too, not the search's alone
                assert not solver.solve(assumptions=free.peg_assumptions(formula, arrangements[failed[0]].tolist()))
        if len(failed):
            refuted_after.append(int(failed[0]) + 1)
            refutations[combo] = [int(x) for x in arrangements[failed[0]]]
        else:
            survivors.append(combo)
    return {"samples": samples, "refuted": len(refuted_after), "survivors": survivors,
            "median_samples_to_refute": float(np.median(refuted_after)) if refuted_after else None,
            "refuted_by": refutations,
            "seconds": round(time.perf_counter() - started, 1)}


def q6(probes: int, seed: int, ganak_seconds: float) -> dict:
    """Q6: how many ADTSs (pegs free, all 20 tiles different), and how many up to the icosahedron's symmetries.

    Knuth's estimate over random arrangements (:meth:`Icosoku.estimate_tilings`); with ``ganak_seconds``
    Ganak also tries the exact count on the free-peg CNF within that time.  Burnside: an ADTS's twelve
    vertex sums are 1..12, all different, and every symmetry but the identity moves some vertex, so none
    fixes an ADTS; the classes up to rotation are the total over 60, up to rotation and reflection over 120
    (the 24 types are closed under turning a tile over).
    """
    from parity.puzzles import Icosoku

    started = time.perf_counter()
    estimate = Icosoku(pegs=None, tiles="adts").estimate_tilings(probes=probes, seed=seed)
    out = {"probes": probes, "estimate": estimate.value, "stderr": estimate.stderr, "dead_ends": estimate.zero,
           "per_arrangement": estimate.value / factorial(12),
           "up_to_rotation": estimate.value / 60, "up_to_rotation_and_reflection": estimate.value / 120,
           "seconds": round(time.perf_counter() - started, 1)}
    if ganak_seconds:
        import parity as pt
        from parity.errors import ParityError

        started = time.perf_counter()
        try:
            result = pt.count_result(Icosoku(pegs=None, tiles="adts"), engine="ganak", time_limit=ganak_seconds)
            out["ganak"] = {"adts": result.count, "exact": result.stats.get("exact")}
        except ParityError as exc:
            out["ganak"] = {"adts": None, "stopped": str(exc)}
        out["ganak"]["seconds"] = round(time.perf_counter() - started, 1)
    return out


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--stores", nargs="*", type=Path,
                   default=[Path("experiments/results/icosoku-original.sqlite"),
                            Path("experiments/results/icosoku-adts.sqlite")])
    p.add_argument("--q3", action="store_true", help="Q1 and Q3 over the 20-combinations with 78 dots")
    p.add_argument("--q4", type=int, default=0, help="Q4/Q5: sampled arrangements per admitting combination")
    p.add_argument("--q6", type=int, default=0, help="Q6: Knuth probes over random arrangements")
    p.add_argument("--ganak", type=float, default=0, help="Q6: seconds for Ganak's exact count too")
    p.add_argument("--seed", type=int, default=1, help="seed of the sampled arrangements")
    args = p.parse_args()
    rows = []
    for store in args.stores:
        if store.exists():
            row = {"store": str(store), **summarise(store)}
            rows.append(row)
            print(json.dumps(row), flush=True)
    if rows:
        write_csv(args.out / "icosoku.csv", rows)
    answers: dict = {}
    if args.q3 or args.q4:
        answers["q1_q3"] = q1_and_q3()
        print(json.dumps({k: v for k, v in answers["q1_q3"].items() if k != "admitting"}), flush=True)
        args.out.mkdir(parents=True, exist_ok=True)
        for i, combo in enumerate(answers["q1_q3"]["admitting"], 1):  # tile files for the Q4 sweeps
            (args.out / f"q4-combo-{i}.txt").write_text("\n".join(combo.split()) + "\n")
    if args.q4:
        answers["q4"] = q4(answers["q1_q3"]["admitting"], args.q4, args.seed)
        print(json.dumps(answers["q4"]), flush=True)
    if args.q6:
        answers["q6"] = q6(args.q6, args.seed, args.ganak)
        print(json.dumps(answers["q6"]), flush=True)
    if answers:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "icosoku-questions.json").write_text(json.dumps(answers, indent=1) + "\n")


if __name__ == "__main__":
    main()
