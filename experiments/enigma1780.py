"""New Scientist Enigma 1780 (seed 002): the answer, its uniqueness, the seed's net rules, a picture.

Run from the repository root: ``python experiments/enigma1780.py``.
Writes ``enigma1780.json`` and ``enigma1780.png`` into ``--out``.
"""

from __future__ import annotations

import parity as pt
from _common import parser, write_json
from parity.draw import save
from parity.puzzles import Enigma1780
from parity.puzzles.enigma import OPTIONAL_CLUE, SEED_CLUES


def main() -> None:
    args = parser(__doc__.splitlines()[0]).parse_args()
    puzzle = Enigma1780()
    result = pt.solve(puzzle)
    data = {"answer": puzzle.answer(result.solution), "unique": result.stats["unique"],
            "digits": puzzle.digits(result.solution),
            "numberings_without_clues": pt.count(Enigma1780(clues=False)),
            "with_sixth_clue": pt.count(Enigma1780(clues={**SEED_CLUES, **OPTIONAL_CLUE})),
            "seed_rules_made_symmetric_satisfiable": pt.solve(Enigma1780(rules="seed")).satisfiable}
    write_json(args.out / "enigma1780.json", data)
    save(puzzle, result.solution, args.out / "enigma1780.png")
    print(f"ENIGMA = {data['answer']} (unique: {data['unique']}); {data['numberings_without_clues']} numberings "
          f"without clues; the seed's rules made symmetric admit a numbering: "
          f"{data['seed_rules_made_symmetric_satisfiable']}; wrote {args.out}")


if __name__ == "__main__":
    main()
