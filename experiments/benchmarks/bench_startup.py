"""Start-up cost of the ``parity`` command and of ``import parity``, next to a bare interpreter.

Usage (from the repository root, with the project installed)::

    python experiments/benchmarks/bench_startup.py [--runs 7] [--cold] [--first-use]

Each command runs ``--runs`` times in a fresh process; the median wall time is
printed with its target and its ratio to ``python -c pass``; with ``--cold``
a command with a first-run target is also timed once right after numba's
caches (parity's and xcover's) are emptied, as after installing; commands
that answer in JSON also give the engine's own seconds and its loading (the interpreter's
own start, the floor every Python command pays).  It also lists which heavy
modules each command imported (numba, galois, pysat, pycryptosat, pyganak),
read from ``python -X importtime``.  With ``--first-use`` it also prints the
first-use table: one command per engine, run once with ``NUMBA_CACHE_DIR``
set to an empty folder (its kernels compiled, as after installing), then
``--runs`` times warm on that cache; what the first run costs beyond a warm
one is the engine's first use.  Commands run with Python's bytecode as an
installed package has it (``claims.as_installed``).  Results go to
``experiments/benchmarks/results/startup.json``.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import statistics
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from claims import as_installed  # (this script's folder is on the path when it runs)

ROOT = Path(__file__).resolve().parents[2]
PARITY = shutil.which("parity") or str(Path(sys.executable).parent / "parity")
HEAVY = ("numba", "galois", "pysat", "pycryptosat", "pyganak", "networkx", "numpy")

#: the first of the 95 hard puzzles of the "top95" collection
TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

#: (name, command, warm target s, cold target s)
CASES = [
    ("python -c pass", [sys.executable, "-c", "pass"], None, None),
    ("python -c 'import numpy'", [sys.executable, "-c", "import numpy"], None, None),
    ("python -c 'import parity'", [sys.executable, "-c", "import parity"], 0.3, None),
    ("parity --help", [PARITY, "--help"], 0.3, None),
    ("parity count lightsout --board grid:5x5", [PARITY, "count", "lightsout", "--board", "grid:5x5"], 0.25, None),
    ("parity solve sudoku <top95 #1> --unique", [PARITY, "solve", "sudoku", TOP95_1, "--unique", "--json"], 0.35, 5.0),
    ("parity count polyomino (pentominoes, 10 x 6)",
     [PARITY, "count", "polyomino", "--pieces", "pentominoes", "--board", "rect:10x6", "--json"], None, None),
    ("parity reproduce --quick", [PARITY, "reproduce", "--quick", "--out", "/tmp/parity-bench-report"], 5.0, 15.0),
]

#: (engine, command) of the first-use table: a small question each, so that a warm run is mostly loading
_PENTOMINOES_20X3 = [PARITY, "count", "polyomino", "--pieces", "pentominoes", "--board", "rect:20x3", "--engine"]
FIRST_USE = [
    ("gf2", [PARITY, "count", "lightsout", "--board", "grid:200x200", "--engine", "gf2"]),
    ("gfp", [PARITY, "count", "lightsout", "--board", "grid:40x40", "--field", "3", "--engine", "gfp"]),
    ("chase", [PARITY, "count", "lightsout", "--board", "grid:300x300", "--engine", "chase"]),
    ("poly", [PARITY, "count", "lightsout", "--board", "grid:300x300", "--engine", "poly"]),
    ("pack", [*_PENTOMINOES_20X3, "pack"]),
    ("dlx (xcover)", [*_PENTOMINOES_20X3, "dlx"]),
    ("scan", [*_PENTOMINOES_20X3, "scan"]),
    ("memo", [*_PENTOMINOES_20X3, "memo"]),
    ("memo, compiled: tetromino tilings", [PARITY, "count", "polyomino", "--pieces", "tetrominoes", "--board",
                                           "rect:8x8", "--copies", "any"]),
    ("search: sudoku", [PARITY, "solve", "sudoku", TOP95_1, "--unique"]),
    ("search: icosoku", [PARITY, "solve", "icosoku"]),
    ("search: quintomino", [PARITY, "count", "quintomino"]),
    ("frontier", [PARITY, "count", "coloring", "--board", "grid:4x4", "--colors", "3", "--engine", "frontier"]),
    ("heights", [PARITY, "count", "coloring", "--board", "grid:6x6", "--colors", "3", "--engine", "heights"]),
    ("colouring local search", [PARITY, "solve", "coloring", "--board", "petersen", "--edges", "--chromatic"]),
    ("codes transform (least_weight)", [PARITY, "solve", "lightsout", "--board", "torus:30x30", "--min-presses"]),
]
#: the first use of an engine after installing should cost at most this many seconds (issue 48)
FIRST_USE_TARGET = 3.0

#: where numba keeps compiled kernels in this checkout and for xcover; --cold empties them before a case's first run
CACHES = [ROOT / "parity", Path(importlib.util.find_spec("xcover").origin).parent]


def _empty_caches() -> None:
    for folder in CACHES:
        for path in folder.rglob("*.nb[ic]"):
            path.unlink()


ENV = as_installed(os.environ)


def _wall(command: list[str], env: dict[str, str] = ENV) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    return time.perf_counter() - started


def first_use(runs: int) -> list[dict]:
    """The first-use table: each engine's command on an empty numba cache, then warm on the cache it filled."""
    rows = []
    for engine, command in FIRST_USE:
        with tempfile.TemporaryDirectory(prefix="parity-first-use-") as cache:
            env = {**ENV, "NUMBA_CACHE_DIR": cache}
            first = _wall(command, env)
            warm = statistics.median(_wall(command, env) for _ in range(runs))
        row = {"engine": engine, "command": " ".join(["parity", *command[1:]]), "first_seconds": round(first, 3),
               "warm_seconds": round(warm, 3), "first_use_seconds": round(first - warm, 3)}
        rows.append(row)
        verdict = "" if first - warm < FIRST_USE_TARGET else f"  over {FIRST_USE_TARGET} s"
        print(f"{engine:<32} first {first:6.2f} s  warm {warm:6.2f} s  first use {first - warm:6.2f} s{verdict}",
              flush=True)
    return rows


def _imported(command: list[str]) -> list[str]:
    """Heavy top-level modules a command imports (python -X importtime of the same entry point)."""
    if command[0] == PARITY:
        code = "import sys; from parity.cli import main; sys.argv = ['parity', *sys.argv[1:]]; main()"
        command = [sys.executable, "-X", "importtime", "-c", code, *command[1:]]
    else:
        command = [sys.executable, "-X", "importtime", *command[1:]]
    stderr = subprocess.run(command, capture_output=True, text=True, env=ENV).stderr
    names = {line.rsplit("|", 1)[-1].strip() for line in stderr.splitlines() if line.startswith("import time:")}
    return sorted(name for name in HEAVY if name in names)


def _engine(command: list[str]) -> tuple[float, float] | None:
    """(seconds, load_seconds) from a command's JSON answer, when it gives one."""
    if "--json" not in command:
        return None
    answer = json.loads(subprocess.run(command, check=True, capture_output=True, text=True, env=ENV).stdout)
    return answer["seconds"], answer["load_seconds"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--cold", action="store_true",
                        help="also time each command's first run after emptying numba's caches (parity's, xcover's)")
    parser.add_argument("--first-use", action="store_true",
                        help="also print the first-use table: each engine's command on an empty numba cache")
    parser.add_argument("--only-first-use", action="store_true", help="print the first-use table alone")
    args = parser.parse_args()
    rows = []
    floor = None
    for name, command, target, cold_target in [] if args.only_first_use else CASES:
        cold = None
        if args.cold and cold_target is not None:
            _empty_caches()
            cold = _wall(command)  # compiles what the command needs, once
        _wall(command)  # warm the file cache and numba's on-disk cache
        median = statistics.median(_wall(command) for _ in range(args.runs))
        floor = floor or median
        row = {"command": name, "median_seconds": round(median, 4), "target_seconds": target,
               "ratio_to_bare_python": round(median / floor, 2), "heavy_imports": _imported(command)}
        engine = _engine(command)
        if engine is not None:
            row["engine_seconds"], row["load_seconds"] = engine
            row["over_engine_seconds"] = round(median - engine[0], 3)  # what the user waits beyond the work
        if cold is not None:
            row["cold_seconds"], row["cold_target_seconds"] = round(cold, 3), cold_target
        rows.append(row)
        verdict = "" if target is None else ("  meets target" if median < target else "  MISSES target")
        extra = "" if engine is None else (f"  engine {engine[0]:.3f} s, load {engine[1]:.3f} s, "
                                           f"{row['over_engine_seconds']:.3f} s over the engine")
        if cold is not None:
            extra += f"  cold {cold:.2f} s (target {cold_target} s{'' if cold < cold_target else ', MISSED'})"
        print(f"{name:<45} {median:7.3f} s  ({row['ratio_to_bare_python']:5.1f}x bare python)"
              f"{'' if target is None else f'  target {target} s'}{verdict}{extra}  "
              f"imports: {', '.join(row['heavy_imports']) or '-'}")
    out = ROOT / "experiments" / "benchmarks" / "results" / "startup.json"
    written = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}  # the table not run is kept
    if not args.only_first_use:
        written.update(runs=args.runs, results=rows)
    if args.first_use or args.only_first_use:
        print(f"first use of each engine after installing (target {FIRST_USE_TARGET} s):")
        written["first_use"] = first_use(args.runs)
    out.write_text(json.dumps(written, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
