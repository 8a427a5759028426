"""Start-up cost of the ``parity`` command and of ``import parity``, next to a bare interpreter.

Usage (from the repository root, with the project installed)::

    python experiments/benchmarks/bench_startup.py [--runs 7]

Each command runs ``--runs`` times in a fresh process; the median wall time is
printed with its target and its ratio to ``python -c pass`` (the interpreter's
own start, the floor every Python command pays).  It also lists which heavy
modules each command imported (numba, galois, pysat, pycryptosat, pyganak),
read from ``python -X importtime``.  Results go to
``experiments/benchmarks/results/startup.json``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PARITY = shutil.which("parity") or str(Path(sys.executable).parent / "parity")
HEAVY = ("numba", "galois", "pysat", "pycryptosat", "pyganak", "networkx", "numpy")

CASES = [
    ("python -c pass", [sys.executable, "-c", "pass"], None),
    ("python -c 'import parity'", [sys.executable, "-c", "import parity"], 0.3),
    ("parity --help", [PARITY, "--help"], 0.3),
    ("parity count lightsout --board grid:5x5", [PARITY, "count", "lightsout", "--board", "grid:5x5"], 0.6),
]


def _wall(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - started


def _imported(command: list[str]) -> list[str]:
    """Heavy top-level modules a command imports (python -X importtime of the same entry point)."""
    if command[0] == PARITY:
        code = "import sys; from parity.cli import main; sys.argv = ['parity', *sys.argv[1:]]; main()"
        command = [sys.executable, "-X", "importtime", "-c", code, *command[1:]]
    else:
        command = [sys.executable, "-X", "importtime", *command[1:]]
    stderr = subprocess.run(command, capture_output=True, text=True).stderr
    names = {line.rsplit("|", 1)[-1].strip() for line in stderr.splitlines() if line.startswith("import time:")}
    return sorted(name for name in HEAVY if name in names)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    rows = []
    floor = None
    for name, command, target in CASES:
        _wall(command)  # warm the file cache and numba's on-disk cache
        median = statistics.median(_wall(command) for _ in range(args.runs))
        floor = floor or median
        row = {"command": name, "median_seconds": round(median, 4), "target_seconds": target,
               "ratio_to_bare_python": round(median / floor, 2), "heavy_imports": _imported(command)}
        rows.append(row)
        verdict = "" if target is None else ("  meets target" if median < target else "  MISSES target")
        print(f"{name:<45} {median:7.3f} s  ({row['ratio_to_bare_python']:5.1f}x bare python)"
              f"{'' if target is None else f'  target {target} s'}{verdict}  imports: {', '.join(row['heavy_imports']) or '-'}")
    out = ROOT / "experiments" / "benchmarks" / "results" / "startup.json"
    out.write_text(json.dumps({"runs": args.runs, "results": rows}, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
