"""OEIS A075464, the fewest presses that turn the all-on n x n board off (closed rule), regenerated with
certificates, as a b-file; long boards in a resumable search.

Run from the repository root::

    python experiments/min_presses.py --max 78 --max-nullity 32 --out experiments/data
    python experiments/min_presses.py --only 61 --max-nullity 40 --seconds 3600   # part of a long board, resumed
    python experiments/min_presses.py --check --out experiments/data
    python experiments/min_presses.py --bounds 79 --rows 12 --strip 8 --search 600 --out experiments/data  # beyond

Each board's solutions are ``x + span(quiet patterns)`` (the ``chase`` engine);
the lightest is found by the coset search of :mod:`parity.codes.cosets`
(one Walsh-Hadamard transform over the ``2^nullity`` combinations of the
quiet patterns, cut into parts of ``2^20``).  A board whose search takes
longer than ``--seconds`` keeps its progress (the parts done and the best so
far) in ``min_presses_progress.json`` and goes on from there at the next run.

``min_presses.jsonl`` holds a line per board: ``a(n)``, the nullity, how it
was found, and the lightest presses (hex, bit ``r n + c``), the certificate
that ``a(n)`` presses suffice; ``min_presses.bfile`` the consecutive terms
from n = 1.  Every term is compared with the published ones (n <= 54, the
entry's data) as it is found.  ``--check`` re-verifies every line: the
presses simulated on the board clear it and are ``a(n)`` many, and where the
nullity is at most 20 the minimum is recomputed by the Gray-code walk over
every solution (an independent route).

``--bounds N`` is for boards beyond the search (n = 79 has nullity 64): the
lightest solution among those a subgroup of the square's symmetries keeps,
then ``--search`` seconds of large-neighbourhood search from the lightest
solution known (random subspaces of ``--dimension`` of the quiet patterns
weighed whole), an upper bound whose presses are checked on the board; and
the lower bound of :mod:`parity.puzzles.lightsout.bounds` (top and bottom
blocks of ``--rows`` rows, the rows between in strips of at most ``--strip``
rows), into ``min_presses_bounds.jsonl``.  ``--check`` re-verifies those
too (the presses simulated; a known term between the bounds).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from _common import bits_hex, hex_bits, load_jsonl
from parity.codes import codeword, coset_search, regions
from parity.data.oeis import A075464
from parity.linalg import poly
from parity.puzzles import LightsOut

DATA = Path(__file__).resolve().parent / "data"
#: the low part of a coefficient vector, weighed in one transform
LOW_BITS = 20


def lightest(n: int, seconds: float, progress_path: Path) -> dict | None:
    """The n x n board's entry, or None when ``seconds`` were spent first (its progress kept)."""
    puzzle = LightsOut(f"grid:{n}x{n}")
    space = puzzle.solution_space("chase")
    k = space.nullity
    region = regions(space.basis)
    ones = region.ones(space.particular)
    highs = 1 << max(0, k - LOW_BITS)
    saved = json.loads(progress_path.read_text()) if progress_path.exists() else {}
    state = saved.get(str(n), {"done": 0, "weight": None, "c": None, "seconds": 0.0})
    step = max(1, min(highs, 1 << 4, highs >> 12)) if highs < 1 << 16 else highs >> 12  # parts of a long board: 4096
    started = time.perf_counter()
    while state["done"] < highs:
        part = (state["done"], min(highs, state["done"] + step))
        weight, c, _ = coset_search(region, ones, low_bits=LOW_BITS, highs=part)
        if state["weight"] is None or weight < state["weight"]:
            state["weight"], state["c"] = weight, c
        state["done"] = part[1]
        if highs > step:  # a long board: its progress written after every part
            state["seconds"] += time.perf_counter() - started
            started = time.perf_counter()
            saved[str(n)] = state
            progress_path.write_text(json.dumps(saved, indent=1))
            if state["seconds"] > seconds and state["done"] < highs:
                print(f"{n:3d}  nullity {k}: {state['done']} of {highs} parts weighed, best so far "
                      f"{state['weight']} (kept in {progress_path.name})", flush=True)
                return None
    if str(n) in saved:  # done: the board's line goes to the table, its progress is no longer needed
        del saved[str(n)]
        progress_path.write_text(json.dumps(saved, indent=1))
    x = (space.particular.astype(np.uint8) ^ codeword(space.basis, state["c"])).astype(np.int64)
    presses = puzzle.presses(x)
    puzzle.verify(presses)  # simulated on the board: all lights off
    weight = puzzle.weight(presses)
    if weight != state["weight"]:
        raise AssertionError(f"{n} x {n}: the lightest solution has {weight} presses, not {state['weight']}")
    return {"n": n, "a": weight, "nullity": k, "presses": bits_hex(x),
            "method": f"coset search over all 2^{k} solutions (Walsh-Hadamard, {highs} part{'s' if highs > 1 else ''})",
            "seconds": round(state["seconds"] + time.perf_counter() - started, 2)}


def check(out: Path) -> int:
    checked = 0
    for n, e in sorted(load_jsonl(out / "min_presses.jsonl").items()):
        puzzle = LightsOut(f"grid:{n}x{n}")
        presses = puzzle.presses(hex_bits(e["presses"], n * n))
        puzzle.verify(presses)
        assert puzzle.weight(presses) == e["a"], f"{n}: the presses are {puzzle.weight(presses)}, not {e['a']}"
        if e["nullity"] <= 20:
            assert puzzle.minimum_presses(max_nullity=20)[0] == e["a"], f"{n}: the Gray-code walk disagrees"
        if n <= len(A075464):
            assert e["a"] == A075464[n - 1], f"{n}: {e['a']}, published {A075464[n - 1]}"
        checked += 1
    bounded = check_bounds(out)
    print(f"{checked} terms re-verified (presses simulated; the Gray-code walk where the nullity is at most 20; "
          f"the published terms for n <= {len(A075464)}); {bounded} boards' bounds re-verified (presses simulated)")
    return checked


def write_bounds(out: Path, kept: dict) -> None:
    """``min_presses_bounds.txt``: a line of bounds a board, each with how it was found."""
    import textwrap

    lines = ["   n  nullity  lower  upper"]
    for _, e in sorted(kept.items()):
        lines.append(f"{e['n']:4d}  {e['nullity']:7d}  {e['lower']:5d}  {e['upper']:5d}")
        for side in ("lower", "upper"):
            lines += textwrap.wrap(f"{side}: {e[side + '_method']}", 100, initial_indent="      ",
                                   subsequent_indent="        ")
    (out / "min_presses_bounds.txt").write_text("\n".join(lines) + "\n")


def check_bounds(out: Path, recompute: bool = False) -> int:
    """Every kept bound: its presses simulated on the board are ``upper``, ``lower <= upper``, a term of the
    b-file lies between them, and with ``recompute`` the lower bound is worked out again."""
    from parity.puzzles.lightsout.bounds import lower_bound

    terms = load_jsonl(out / "min_presses.jsonl")
    checked = 0
    for n, e in sorted(load_jsonl(out / "min_presses_bounds.jsonl").items()):
        puzzle = LightsOut(f"grid:{n}x{n}")
        presses = puzzle.presses(hex_bits(e["presses"], n * n))
        puzzle.verify(presses)
        assert puzzle.weight(presses) == e["upper"] >= e["lower"], f"{n}: the bounds' presses are not {e['upper']}"
        if n in terms:
            assert e["lower"] <= terms[n]["a"] <= e["upper"], f"{n}: a(n) = {terms[n]['a']} is not within the bounds"
        if recompute:
            again = lower_bound(n, e.get("rows", 12), e.get("strip", 0))
            assert again["lower"] == e["lower"], f"{n}: the lower bound is {again['lower']}, not {e['lower']}"
        checked += 1
    return checked


def bound(n: int, rows: int, out: Path, strip: int = 7, search: float = 0.0, dimension: int = 30) -> dict:
    from parity.puzzles.lightsout.bounds import lower_bound, neighbourhood_upper_bound, symmetric_upper_bound

    started = time.perf_counter()
    upper = symmetric_upper_bound(n)
    kept = load_jsonl(out / "min_presses_bounds.jsonl")
    before = kept.get(n)
    if before and before["upper"] < upper["upper"]:  # a lighter solution kept from an earlier search
        upper = {"upper": before["upper"], "x": hex_bits(before["presses"], n * n), "method": before["upper_method"]}
    if search > 0:  # from the lightest solution known
        found = neighbourhood_upper_bound(n, search, dimension=dimension, start=upper["x"])
        if found["upper"] < upper["upper"]:
            upper = dict(found, method=f"{found['method']}; the start: {upper['method']}")
    lower = lower_bound(n, rows, strip)
    entry = {"n": n, "nullity": poly.grid_nullity(n, n), "lower": lower["lower"], "upper": upper["upper"],
             "rows": rows, "strip": strip,
             "presses": bits_hex(upper["x"].astype(np.int64)), "lower_method": lower["method"],
             "upper_method": upper["method"], "seconds": round(time.perf_counter() - started, 1)}
    kept[n] = entry
    (out / "min_presses_bounds.jsonl").write_text("".join(json.dumps(e) + "\n" for _, e in sorted(kept.items())))
    write_bounds(out, kept)
    print(f"{n}: {entry['lower']} <= a({n}) <= {entry['upper']}  ({entry['seconds']} s)")
    return entry


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=DATA, help="folder of the b-file and its certificates "
                   "(default: experiments/data/)")
    p.add_argument("--max", type=int, default=78, help="largest n (default 78)")
    p.add_argument("--only", type=int, default=None, help="just this n")
    p.add_argument("--max-nullity", type=int, default=32, help="boards of larger nullity are left for later (default 32)")
    p.add_argument("--seconds", type=float, default=600.0, help="a board's search this run before its progress is "
                   "kept (default 600)")
    p.add_argument("--check", action="store_true", help="re-verify every term instead of searching")
    p.add_argument("--bounds", type=int, default=None, help="bound a(N) instead (a board beyond the search)")
    p.add_argument("--rows", type=int, default=12, help="with --bounds: rows of a block of the lower bound")
    p.add_argument("--strip", type=int, default=7, help="with --bounds: the middle rows cut into strips of at most "
                   "this many rows (default 7)")
    p.add_argument("--search", type=float, default=0.0, help="with --bounds: seconds of large-neighbourhood search "
                   "for a lighter solution (default 0: the symmetric solutions only)")
    p.add_argument("--dimension", type=int, default=30, help="with --search: the dimension of each subspace weighed "
                   "(default 30)")
    args = p.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    if args.bounds is not None:
        if args.bounds < 2 or not 1 <= args.rows <= args.bounds // 2:
            p.error(f"--bounds needs a board of side at least 2 and 1 <= --rows <= side / 2, got {args.bounds} "
                    f"and {args.rows}")
        bound(args.bounds, args.rows, args.out, args.strip, args.search, args.dimension)
        return
    if args.check:
        check(args.out)
        return
    path, progress = args.out / "min_presses.jsonl", args.out / "min_presses_progress.json"
    entries = load_jsonl(path)
    sides = [args.only] if args.only else range(1, args.max + 1)
    for n in sides:
        nullity = poly.grid_nullity(n, n)
        if n in entries or nullity > args.max_nullity:
            continue
        entry = lightest(n, args.seconds, progress)
        if entry is None:
            continue
        if n <= len(A075464) and entry["a"] != A075464[n - 1]:
            raise SystemExit(f"{n}: {entry['a']} presses, but A075464 says {A075464[n - 1]}")
        entries[n] = entry
        with open(path, "a") as handle:
            handle.write(json.dumps(entry) + "\n")
        print(f"{n:3d}  nullity {nullity:3d}  a(n) = {entry['a']}  ({entry['seconds']} s)", flush=True)
    terms = []
    for n in range(1, max(entries, default=0) + 1):
        if n not in entries:
            break
        terms.append(f"{n} {entries[n]['a']}")
    (args.out / "min_presses.bfile").write_text("\n".join(terms) + "\n")
    print(f"b-file: n = 1..{len(terms)}; {len(entries)} boards known; matches A075464 on n <= "
          f"{min(len(terms), len(A075464))}")


if __name__ == "__main__":
    main()
