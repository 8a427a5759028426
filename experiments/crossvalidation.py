"""Engine cross-validation summary: every family's random instances through every engine that applies.

Run from the repository root: ``python experiments/crossvalidation.py --examples 100``.
Writes ``crossvalidation.json`` into ``--out``; exit status 1 on any disagreement.
"""

from __future__ import annotations

import sys

from _common import parser, write_json
from parity.check import check_family
from parity.puzzles.registry import family, names


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--examples", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    summaries = {}
    for name in names():
        if family(name).random_instance is None:
            continue
        summary = check_family(name, args.examples, args.seed)
        summaries[name] = summary
        engines = ", ".join(f"{e} {s['agree']}/{s['instances']}" for e, s in summary["engines"].items())
        print(f"{name}: {summary['checked']} checked, {'all agree' if summary['agree'] else 'DISAGREEMENTS'} ({engines})")
    write_json(args.out / "crossvalidation.json", summaries)
    sys.exit(0 if all(s["agree"] for s in summaries.values()) else 1)


if __name__ == "__main__":
    main()
