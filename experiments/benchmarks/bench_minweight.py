"""The fewest presses of the all-on n x n board: the coset search (Walsh-Hadamard over the quiet patterns'
combinations) beside the Gray-code walk over every solution, and a peer program when it is built.

Usage (from the repository root)::

    python experiments/benchmarks/bench_minweight.py [--sizes 16,19,30,32,33,47] [--peer 'PROGRAM {n}']

Columns, seconds on this machine, one run each (the engines warm):

* ``coset``: :func:`parity.codes.coset_minimum` on the board's
  solution space (``k 2^k`` additions on both cores);
* ``walk``: :func:`parity.linalg.minweight.min_weight_gf2`, the compiled
  Gray-code walk that was the route before (``2^k`` steps of ``n^2 / 64``
  word additions and popcounts), skipped beyond ``--walk-nullity``;
* ``peer``: ``--peer``'s command with ``{n}`` replaced, timed as a whole
  process (for instance Zhao Hui Du's C program from the OEIS entry A075464,
  built with ``gcc -O3 -msse4.2``; the project does not ship it), its last
  integer read as its answer and compared.

Both of parity's columns must agree with each other and with the published
A075464 terms; results go to ``experiments/benchmarks/results/minweight.json``.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
import time
from pathlib import Path

from parity.data.oeis import A075464
from parity.codes import coset_minimum
from parity.linalg.minweight import min_weight_gf2
from parity.puzzles import LightsOut

RESULTS = Path(__file__).resolve().parent / "results"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="16,19,30,32,33,47", help="board sides (default 16,19,30,32,33,47)")
    p.add_argument("--walk-nullity", type=int, default=24, help="the walk only up to this nullity (default 24)")
    p.add_argument("--peer", default=None, help="a peer's command, {n} for the side")
    args = p.parse_args()
    space = LightsOut("grid:5x5").solution_space("chase")
    coset_minimum(space.particular, space.basis)  # the kernels loaded before any timing
    min_weight_gf2(space.particular, space.basis, method="packed")
    rows = []
    print(f"{'n':>4} {'nullity':>7} {'a(n)':>6} {'coset s':>9} {'walk s':>9} {'walk/coset':>10} {'peer s':>9}")
    for n in map(int, args.sizes.split(",")):
        space = LightsOut(f"grid:{n}x{n}").solution_space("chase")
        started = time.perf_counter()
        weight, _ = coset_minimum(space.particular, space.basis)
        row = {"n": n, "nullity": space.nullity, "a": weight, "coset_s": time.perf_counter() - started}
        if n <= len(A075464) and weight != A075464[n - 1]:
            raise SystemExit(f"{n}: the coset search finds {weight}, A075464 says {A075464[n - 1]}")
        if space.nullity <= args.walk_nullity:
            started = time.perf_counter()
            walked, _ = min_weight_gf2(space.particular, space.basis, method="packed")
            row["walk_s"] = time.perf_counter() - started
            if walked != weight:
                raise SystemExit(f"{n}: the walk finds {walked}, the coset search {weight}")
        if args.peer:
            started = time.perf_counter()
            out = subprocess.run(shlex.split(args.peer.format(n=n)), capture_output=True, text=True, check=True).stdout
            row["peer_s"] = time.perf_counter() - started
            said = re.findall(r"\d+", out)
            row["peer_agrees"] = bool(said) and int(said[-1]) == weight
        rows.append(row)
        walk = f"{row['walk_s']:9.3f} {row['walk_s'] / row['coset_s']:9.1f}x" if "walk_s" in row else f"{'-':>9} {'-':>10}"
        peer = f"{row['peer_s']:9.3f}" if "peer_s" in row else f"{'-':>9}"
        print(f"{n:4d} {row['nullity']:7d} {weight:6d} {row['coset_s']:9.3f} {walk} {peer}", flush=True)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "minweight.json").write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
