"""Conway's quintomino dodecahedron (seed 000): every solution, the counts up to symmetry, a picture.

Run from the repository root: ``python experiments/quintomino.py``.
Writes ``quintomino.json`` (counts, and one representative per class up to
symmetry and recolouring) and ``quintomino.png`` into ``--out``.
"""

from __future__ import annotations

import numpy as np

import parity as pt
from _common import parser, write_json
from parity.draw import save
from parity.puzzles import Quintomino
from parity.api import count_up_to_symmetry


def main() -> None:
    args = parser(__doc__.splitlines()[0]).parse_args()
    puzzle = Quintomino()
    listed = list(pt.solutions(puzzle))
    plain = count_up_to_symmetry(puzzle)
    both = count_up_to_symmetry(puzzle, recolour=True)
    sym = puzzle.symmetries(recolour=True)
    classes = {}
    seen: set = set()
    for s in listed:  # one representative per class: the first solution of each orbit, orbits marked as found
        row = tuple(s[e] for e in puzzle.items)
        if row in seen:
            continue
        S = np.array(row)
        for perm in sym.perms:
            moved = np.empty_like(S)
            moved[perm] = S  # the solid symmetry's image
            for h in sym.value_perms:
                seen.add(tuple((h[moved - 1] + 1).tolist()))
        classes[row] = s
    data = {"labelled": len(listed), "up_to_symmetry": plain["count_up_to_symmetry"],
            "up_to_rotation": plain["count_up_to_rotation"], "with_recolouring": both["count_up_to_symmetry"],
            "with_recolouring_rotations": both["count_up_to_rotation"],
            "rotations_only_model": pt.count(Quintomino(rotations_only=True)),
            "representatives": [puzzle.to_json(s) for s in classes.values()]}
    assert len(classes) == data["with_recolouring"], "orbits walked and Burnside disagree"
    write_json(args.out / "quintomino.json", data)
    save(puzzle, listed[0], args.out / "quintomino.png")
    print(f"{data['labelled']} labelled solutions; {data['up_to_symmetry']} up to the solid's symmetries; "
          f"{data['with_recolouring']} up to symmetries and recolouring ({data['with_recolouring_rotations']} up to "
          f"rotations); the seed's rotations-only model admits {data['rotations_only_model']}; wrote {args.out}")


if __name__ == "__main__":
    main()
