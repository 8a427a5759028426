"""Polyform counts (seed 003): pentominoes, hexiamonds, tetrahexes, Soma and tetracube boxes, with and without symmetry.

Run from the repository root: ``python experiments/polyforms.py`` (``--full`` adds 6 x 10, Soma and the
tetracube box: a minute or two).  Writes ``polyforms.csv`` into ``--out``.
"""

from __future__ import annotations

import time

import parity as pt
from _common import parser, write_csv
from parity.puzzles import Polyomino

QUICK = [("pentominoes", "rect:20x3"), ("pentominoes", "rect:15x4"), ("tetrahexes", "hex-coin"),
         ("hexiamonds", "tri-hexagon:10x4")]
FULL = [("pentominoes", "rect:10x6"), ("soma", "box:3x3x3"), ("tetracubes", "box:2x2x8")]


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--full", action="store_true", help="also the long runs")
    args = p.parse_args()
    rows = []
    for pieces, board in QUICK + (FULL if args.full else []):
        started = time.perf_counter()
        result = pt.count_result(Polyomino(pieces, board), up_to_symmetry=True)
        row = {"pieces": pieces, "board": board, "count": result.count,
               "up_to_symmetry": result.stats["count_up_to_symmetry"],
               "up_to_rotation": result.stats.get("count_up_to_rotation"), "symmetries": result.stats["symmetries"],
               "seconds": round(time.perf_counter() - started, 3)}
        rows.append(row)
        print(f"{pieces} on {board}: {row['count']} solutions, {row['up_to_symmetry']} up to symmetry, "
              f"{row['up_to_rotation']} up to rotations ({row['seconds']} s)", flush=True)
    write_csv(args.out / "polyforms.csv", rows)


if __name__ == "__main__":
    main()
