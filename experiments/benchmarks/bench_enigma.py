"""Enigma 1780 with its uniqueness proof, next to the seed's own backtracking algorithm.

Usage (from the repository root)::

    python experiments/benchmarks/bench_enigma.py [--repeat 20]

``parity``: ``solve(Enigma1780())``, which finds the numbering and proves it
is the only one (the engine's time, and the whole call with building the CNF,
decoding and verifying); ``count``: every numbering without clues.  The
anchor is the seed's algorithm written afresh from its description (fill the
first empty cell of the net with each digit its rules allow, recursively),
which finds one numbering and proves nothing about uniqueness; its search
over all numberings (without stopping at the first) is timed too.  Target:
the solve with its proof under 0.5 s.  Results go to
``experiments/benchmarks/results/enigma.json``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import parity as pt
from _timing import best
from parity.puzzles import Enigma1780
from parity.puzzles.enigma import ENIGMA_FACES, SEED_CLUES, cell_face, seed_relation

RESULTS = Path(__file__).resolve().parent / "results"


def seed_algorithm(first_only: bool = True):
    relation = seed_relation()
    start = [0] * 20
    for (i, j), d in SEED_CLUES.items():
        start[cell_face(i, j)] = d
    found = []

    def solve(net):
        if 0 not in net:
            found.append(net)
            return first_only
        a = net.index(0)
        for v in sorted({1, 2, 3, 4, 5} - {net[b] for b in relation[a]}):
            if solve(net[:a] + [v] + net[a + 1:]):
                return True
        return False

    solve(start)
    return found



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    pt.solve(Enigma1780())  # load the solver once
    whole_s, result = best(lambda: pt.solve(Enigma1780()), args.repeat)
    assert Enigma1780().answer(result.solution) == "324125" and result.stats["unique"]
    engine_s = min(pt.solve(Enigma1780()).seconds for _ in range(args.repeat))
    count_s, count = best(lambda: pt.count(Enigma1780(clues=False)), args.repeat)
    assert count == 240
    seed_s, found = best(seed_algorithm, args.repeat)
    assert "".join(str(found[0][f]) for f in ENIGMA_FACES) == "324125"
    seed_all_s, every = best(lambda: seed_algorithm(first_only=False), args.repeat)
    out = {"parity_engine_s": engine_s, "parity_whole_s": whole_s, "count_no_clues_s": count_s,
           "seed_first_s": seed_s, "seed_all_s": seed_all_s, "seed_all_found": len(every)}
    print(f"parity solve + uniqueness: engine {engine_s * 1000:.2f} ms, whole call {whole_s * 1000:.1f} ms "
          f"(target 500 ms)")
    print(f"seed's algorithm: first numbering {seed_s * 1000:.2f} ms, whole search {seed_all_s * 1000:.1f} ms "
          f"({len(every)} found); ratio parity whole / seed whole search {whole_s / seed_all_s:.2f}")
    print(f"every numbering without clues: {count_s * 1000:.1f} ms (240)")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "enigma.json").write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
