"""OEIS A068253, a third of the proper 3-colourings of the n x n grid, past its published terms: every term by
two routes that share no arithmetic, as a b-file.

Run from the repository root::

    python experiments/grid_colourings.py --max 26 --out experiments/data
    python experiments/grid_colourings.py --check --out experiments/data
    python experiments/grid_colourings.py --max 27 --routes sweep --threads 16   # one route, on a larger machine

Each term is counted by :func:`parity.counting.heights.grid_colourings`
twice: the ``sweep`` route takes every column modulo primes below ``2^62``,
the ``halves`` route half the columns modulo primes below ``2^31`` and joins
the two halves by a sum of products (see its module).  A term enters the
b-file only when both routes give it; the published terms (the entry's data
section, n <= 14) are compared as they are found.  ``grid_colourings.jsonl``
keeps a line per (n, route) as soon as it is counted (``grid_colourings.txt``
the seconds each took), so a long run stopped
part way goes on from the routes not yet done.

``--check`` re-verifies the table: every term has both routes and they
agree, the published terms match, and the terms up to ``--recount`` (default
16) are counted again here, the smallest also by parity's general frontier
program (partitions of the frontier in Python, no shared code).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from _common import load_jsonl
from parity.counting.heights import ROUTES, grid_colourings
from parity.data.oeis import A068253

DATA = Path(__file__).resolve().parent / "data"


def _key(n: int, route: str) -> str:
    return f"{n}:{route}"


def load(out: Path) -> dict:
    return load_jsonl(out / "grid_colourings.jsonl", key="key")


def count(n: int, route: str, threads: int = 2) -> dict:
    started = time.perf_counter()
    last = [0.0]

    def progress(done: int, total: int) -> None:
        if time.perf_counter() - last[0] > 30:
            last[0] = time.perf_counter()
            print(f"    n = {n} ({route}): {done}/{total} rows placed, {last[0] - started:.0f} s", file=sys.stderr,
                  flush=True)

    a = grid_colourings(n, n, route=route, threads=threads, progress=progress) // 3
    return {"key": _key(n, route), "n": n, "route": route, "a": str(a),
            "seconds": round(time.perf_counter() - started, 2), "threads": threads,
            "cores": len(os.sched_getaffinity(0)), "kernel": "halved"}


def terms(entries: dict) -> dict[int, int]:
    """The terms both routes agree on (n -> a(n)); a disagreement stops everything."""
    found: dict[int, int] = {}
    for n in sorted({e["n"] for e in entries.values()}):
        values = {entries[_key(n, r)]["a"] for r in ROUTES if _key(n, r) in entries}
        if len(values) > 1:
            raise SystemExit(f"n = {n}: the routes disagree: {sorted(values)}")
        if all(_key(n, r) in entries for r in ROUTES):
            found[n] = int(values.pop())
    return found


def write(out: Path, entries: dict) -> dict[int, int]:
    found = terms(entries)
    lines = []
    for n in range(1, max(found, default=0) + 1):
        if n not in found:
            break
        lines.append(f"{n} {found[n]}")
    (out / "grid_colourings.bfile").write_text("\n".join(lines) + "\n")
    table = ["   n  digits  counts a prime  sweep (s)  halves (s)"]
    elsewhere = earlier = False
    for n in sorted(found):
        if n >= 10:
            cells = []
            for r, width in zip(ROUTES, (9, 10)):
                e = entries[_key(n, r)]
                mark = "*" if e.get("threads", 2) != 2 else ""
                if e.get("kernel") != "halved":
                    mark += "+"
                elsewhere |= "*" in mark
                earlier |= "+" in mark
                cells.append(f"{e['seconds']:{width}.2f}{mark}")
            table.append(f"{n:4d}  {len(str(found[n])):6d}  {3 << (n - 3):14,d}  {cells[0]}  {cells[1]}".rstrip())
    if elsewhere:
        table.append("* counted with a number of threads other than two (its line in grid_colourings.jsonl says "
                     "how many threads and cores)")
    if earlier:
        table.append("+ counted before the table was halved, by the kernel that keeps every state (3 * 2^(n-2) "
                     "counts a prime)")
    (out / "grid_colourings.txt").write_text("\n".join(table) + "\n")
    return found


def check(out: Path, recount: int = 16, threads: int = 2) -> int:
    from parity.counting.frontier import ColoringProblem, count_colourings

    import networkx as nx

    entries = load(out)
    found = terms(entries)
    for n, a in found.items():
        if n <= len(A068253):
            assert a == A068253[n - 1], f"{n}: {a}, published {A068253[n - 1]}"
    for n in range(1, recount + 1):
        for route in ROUTES:
            a = grid_colourings(n, n, route=route, threads=threads) // 3
            assert n not in found or a == found[n], f"{n} ({route}): counted {a}, the table says {found[n]}"
        if n <= 7:
            assert count_colourings(ColoringProblem(nx.grid_2d_graph(n, n), 3)) == 3 * a, f"{n}: frontier disagrees"
    print(f"{len(found)} terms, each given by both routes; the published n <= {len(A068253)} match; n <= {recount} "
          f"counted again (n <= 7 also by the frontier program)")
    return len(found)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=DATA, help="folder of the b-file and its lines "
                   "(default: experiments/data/)")
    p.add_argument("--max", type=int, default=20, help="largest n (default 20)")
    p.add_argument("--check", action="store_true", help="re-verify the table instead of counting")
    p.add_argument("--recount", type=int, default=16, help="with --check: count again up to this n (default 16)")
    p.add_argument("--routes", default=",".join(ROUTES), help=f"the routes to count by, comma-separated (default "
                   f"{','.join(ROUTES)}; a term enters the b-file once every route has given it)")
    p.add_argument("--threads", type=int, default=2, help="threads a count (or --check's recount) uses "
                   "(default 2: one a core here)")
    args = p.parse_args()
    routes = [r.strip() for r in args.routes.split(",") if r.strip()]
    unknown = [r for r in routes if r not in ROUTES]
    if unknown or not routes:
        p.error(f"--routes takes {' and '.join(ROUTES)}, got {args.routes!r}")
    if args.threads < 1:
        p.error(f"--threads is a positive whole number, got {args.threads}")
    args.out.mkdir(parents=True, exist_ok=True)
    if args.check:
        if routes != list(ROUTES):
            p.error("--check verifies every route: drop --routes")
        check(args.out, args.recount, args.threads)
        return
    path = args.out / "grid_colourings.jsonl"
    entries = load(args.out)
    for n in range(1, args.max + 1):
        for route in routes:
            if _key(n, route) in entries:
                continue
            entry = count(n, route, args.threads)
            if n <= len(A068253) and int(entry["a"]) != A068253[n - 1]:
                raise SystemExit(f"{n} ({route}): {entry['a']}, but A068253 says {A068253[n - 1]}")
            entries[entry["key"]] = entry
            with open(path, "a") as handle:
                handle.write(json.dumps(entry) + "\n")
            print(f"{n:3d}  {route:6s}  a(n) = {entry['a']}  ({entry['seconds']} s)", flush=True)
        write(args.out, entries)
    found = write(args.out, entries)
    print(f"b-file: n = 1..{len(found)}, both routes agreeing; the published n <= {len(A068253)} match")


if __name__ == "__main__":
    main()
