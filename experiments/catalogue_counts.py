"""Write parity/data/puzzler_counts.json: what parity's catalogue sweeps found for Polyform Puzzler's puzzles.

Run from the repository root, after a sweep of the catalogue::

    parity sweep polyform-catalogue --budget 10 --store catalogue.sqlite
    python experiments/catalogue_counts.py catalogue.sqlite [more.sqlite ...]

Each finished row of the ``polyform-catalogue`` sweep in the stores becomes
an entry ``name: {...}`` of the file, merged with what the file holds from
earlier runs:

* ``count``: the count up to the convention of the catalogue's entry
  (``up_to``: the board's symmetries, or its rotations where Puzzler's
  published count tells mirror images apart), ``count_all`` every packing,
  ``engine`` and ``seconds`` (the task's whole time, on the machine named by
  ``machine``), ``budget`` (the seconds the count was allowed);
* past its budget, ``count`` None and ``estimate``: Knuth's estimate of the
  packings (``solutions``, ``solutions_error``), of the search's nodes and
  of the engine's seconds at its measured rate (``estimate_seconds``);
* ``solved``: True where a packing was found and verified (it stays in the
  store; ``parity sweep check STORE`` verifies it again), False where the
  engine proved there is none, None where the budget ran out first.

A store may also hold ``parity sweep polyform-split --puzzle NAME`` runs:
a puzzle whose split count is complete gets that count, exact
(``engine``, ``split``: the number of pieces, ``seconds``: the pieces'
seconds added up, one worker's time; ``budget`` None).

An exact count replaces an estimate, never the other way round; of two
estimates the one made with the larger budget is kept.  Rows whose puzzle
is no longer in the catalogue are dropped (the file is of the catalogue as
it is).  Published counts are not copied: the catalogue holds them, and the
docs' catalogue page (``docs/_catalogue.py``) sets the two side by side.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "parity" / "data" / "puzzler_counts.json"


def machine() -> str:
    """The machine the counts were timed on, in a few words."""
    import os

    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {len(os.sched_getaffinity(0)) if hasattr(os, 'sched_getaffinity') else os.cpu_count()} cores"


def entry_of(row: dict) -> dict | None:
    """The file's entry for one row of the store (None for a row that failed)."""
    if row["status"] != "done":
        return None
    result, params = row["result"], row["params"]
    entry = {"up_to": result.get("up_to", "symmetry"), "count": result.get("count"),
             "count_all": result.get("count_all"), "engine": result.get("engine"),
             "seconds": None if row.get("seconds") is None else round(row["seconds"], 2),
             "budget": params.get("budget"), "solved": result.get("solved"),
             "solve_engine": result.get("solve_engine"), "solve_seconds": result.get("solve_seconds")}
    guess = result.get("estimate")
    if guess is not None:
        entry["estimate"] = {key: guess.get(key) for key in ("solutions", "solutions_error", "nodes", "nodes_error",
                                                               "probes")}
        entry["estimate"]["estimate_seconds"] = guess.get("seconds")
    return entry


def split_entries(store, catalogue: dict) -> dict[str, dict]:
    """The entries of the puzzles whose ``polyform-split`` count in ``store`` is complete (each depth and convention
    the store holds; the first complete one of a puzzle is kept)."""
    from parity.puzzles.polyomino.sweep import SPLIT_SWEEP, split_result

    runs = {}
    for row in store.rows(SPLIT_SWEEP):
        params = row["params"]
        runs.setdefault((params["puzzle"], params["depth"], params["plain"], params.get("engine")), []).append(row)
    out = {}
    for (name, depth, plain, engine), rows in runs.items():
        if name in out or name not in catalogue or plain:
            continue
        total, _ = split_result(store, name, depth, plain, engine)
        if not total["complete"]:
            continue
        up_to = catalogue[name]["up_to"]
        out[name] = {"up_to": up_to, "count": total["count_up_to_rotation" if up_to == "rotation" else
                                                   "count_up_to_symmetry"],
                     "count_all": total["count"], "engine": total["engine"],
                     "seconds": round(sum(r["seconds"] or 0 for r in rows if r["status"] == "done"), 2),
                     "budget": None, "split": total["tasks"], "solved": None,
                     "solve_engine": None, "solve_seconds": None}
    return out


def better(old: dict | None, new: dict) -> dict:
    """The entry to keep of two for one puzzle: an exact count over an estimate, then the larger budget; a packing
    found by either is kept."""
    if old is None:
        return new
    exact_old, exact_new = old.get("count") is not None, new.get("count") is not None
    keep = old if exact_old and not exact_new else new if exact_new and not exact_old else \
        new if (new.get("budget") or 0) >= (old.get("budget") or 0) else old
    other = new if keep is old else old
    if keep.get("solved") is None and other.get("solved") is not None:
        keep = {**keep, **{k: other.get(k) for k in ("solved", "solve_engine", "solve_seconds")}}
    return keep


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stores", nargs="+", help="SQLite stores of parity sweep polyform-catalogue or "
                        "polyform-split")
    parser.add_argument("--out", default=str(OUT), help="the file to write (merged with what it holds)")
    args = parser.parse_args(argv)
    from parity.data.catalogue import PUZZLER, PUZZLES
    from parity.puzzles.polyomino.sweep import CATALOGUE_SWEEP
    from parity.sweep import Store

    out = Path(args.out)
    held = json.loads(out.read_text()) if out.exists() else {"puzzles": {}}
    known = {name: entry for name, entry in held["puzzles"].items() if name in PUZZLER or name in PUZZLES}
    counts = {name: entry for name, entry in known.items()
              if PUZZLER.get(name, PUZZLES.get(name))["up_to"] == entry.get("up_to", "symmetry")}  # (a convention
    # changed since: the entry goes, and a row of the stores under the new one takes its place; a packing it found
    # and verified stays found whatever the convention, below)
    seen = 0
    for path in args.stores:
        with Store(path, create=False) as store:
            for row in store.rows(CATALOGUE_SWEEP):
                name = row["params"]["puzzle"]
                entry = entry_of(row)
                if entry is None or (name not in PUZZLER and name not in PUZZLES):
                    continue
                if PUZZLER.get(name, PUZZLES.get(name))["up_to"] != entry["up_to"]:
                    continue  # counted under a convention the catalogue has since changed
                counts[name] = better(counts.get(name), entry)
                seen += 1
            for name, entry in split_entries(store, {**PUZZLES, **PUZZLER}).items():
                counts[name] = better(counts.get(name), entry)
                seen += 1
    for name, entry in known.items():
        if name in counts and counts[name].get("solved") is None and entry.get("solved") is not None:
            counts[name] = {**counts[name], **{k: entry.get(k) for k in ("solved", "solve_engine", "solve_seconds")}}
    data = {"source": "parity sweep polyform-catalogue (experiments/catalogue_counts.py)",
            "machine": held.get("machine") or machine(), "puzzles": dict(sorted(counts.items()))}
    out.write_text(json.dumps(data, indent=1) + "\n")
    exact = sum(entry["count"] is not None for entry in counts.values())
    solved = sum(entry.get("solved") is True for entry in counts.values())
    print(f"{seen} rows read: {len(counts)} puzzles in {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}, "
          f"{exact} counted exactly, {len(counts) - exact} estimated, {solved} solved")


if __name__ == "__main__":
    sys.exit(main())
