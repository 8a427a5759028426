"""Conway's quintomino dodecahedron: one solution, all 7200, and both counts up to symmetry, next to SAT.

Usage (from the repository root)::

    python experiments/benchmarks/bench_quintomino.py [--repeat 3]

In one run, best of ``--repeat``:

* ``search``: the family's own search engine: one solution, all 7200 listed
  (each verified), and the counts up to the solid's 120 symmetries and up to
  14,400 symmetries with recolouring (Burnside over the listed solutions);
* ``sat``: the CNF route, CaDiCaL through PySAT: one solution, and every
  solution by blocking-clause enumeration (the way a general SAT model, like
  the seed's Z3 one, lists solutions).

The issue's target: everything in the first list under 2 s in all.  Results
go to ``experiments/benchmarks/results/quintomino.json``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import parity as pt
from _timing import best
from parity.puzzles import Quintomino
from parity.api import count_up_to_symmetry

RESULTS = Path(__file__).resolve().parent / "results"



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    out = {}
    one_s, _ = best(lambda: pt.solve(Quintomino(), "search"), args.repeat)
    all_s, listed = best(lambda: list(pt.solutions(Quintomino(), engine="search")), args.repeat)
    sym_s, sym = best(lambda: count_up_to_symmetry(Quintomino()), args.repeat)
    both_s, both = best(lambda: count_up_to_symmetry(Quintomino(), recolour=True), args.repeat)
    assert len(listed) == 7200 and sym["count_up_to_symmetry"] == 60 and both["count_up_to_symmetry"] == 3
    total = all_s + sym_s + both_s
    sat_one_s, _ = best(lambda: pt.solve(Quintomino(), "sat"), args.repeat)
    sat_all_s, count = best(lambda: pt.count(Quintomino(), "sat"), 1)
    assert count == 7200
    out = {"search_one_s": one_s, "search_all_s": all_s, "up_to_symmetry_s": sym_s, "with_recolouring_s": both_s,
           "search_total_s": total, "sat_one_s": sat_one_s, "sat_all_s": sat_all_s,
           "counts": {"labelled": 7200, "up_to_symmetry": 60, "up_to_rotation": sym["count_up_to_rotation"],
                      "with_recolouring": 3, "with_recolouring_rotations": both["count_up_to_rotation"]}}
    print(f"one solution        search {one_s:.4f} s   sat {sat_one_s:.4f} s")
    print(f"all 7200 (verified) search {all_s:.3f} s   sat {sat_all_s:.2f} s   ratio {all_s / sat_all_s:.4f}")
    print(f"up to 120 symmetries     {sym_s:.3f} s  -> 60 ({sym['count_up_to_rotation']} up to rotations)")
    print(f"up to 14400 (recolour)   {both_s:.3f} s  -> 3 ({both['count_up_to_rotation']} up to rotations)")
    print(f"all of it: {total:.3f} s (target 2 s)")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "quintomino.json").write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
