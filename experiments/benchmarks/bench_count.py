"""Counting without listing: each counter beside the engines that count by listing, on the same instances.

Usage (from the repository root)::

    python experiments/benchmarks/bench_count.py                 # every instance, listing capped at 20 s
    python experiments/benchmarks/bench_count.py --cap 5 --quick
    python experiments/benchmarks/bench_count.py --symmetry-only    # counts up to symmetry alone
    python experiments/benchmarks/bench_count.py --tilings [--big]  # tilings by any pieces alone
    python experiments/benchmarks/bench_count.py --heights          # the grid 3-colouring sweep's two tables

Instances and columns, one run:

* colourings of the n x n grid with 3 colours (and with 4), of DIMACS
  graphs: ``frontier`` (the dynamic program over a path decomposition)
  against ``cms`` (CryptoMiniSat listing every model) and ``ganak``
  (probabilistic exact model counting);
* 3-colourings of the n x n grid: ``heights`` (the compiled sweep of
  height functions, the default there) against ``frontier``;
* domino tilings of the 2n x 2n board and pentomino packings: ``memo``
  (each distinct subproblem counted once) against ``scan`` and ``dlx``
  (listing every cover);
* a Lights Out table of every n x n board: the board-free polynomial route
  against counting each board built as a graph (``gf2``);
* counts up to symmetry: Burnside's lemma over quotient problems, each
  counted (``burnside-counting``), against Burnside over every solution
  listed (``listing``).

With ``--heights``: the grid 3-colouring sweep's halved table (one state of
each colour-swapped pair, read in runs) against the table of every state it
replaced (``colouring_residues(..., halved=False)``, the tests' reference),
each route of the n x n grid for n = 18, 20, 22, one thread, the same
residues asserted; results to ``results/heights.json``.

With ``--tilings``: tilings of rectangles by any number of trominoes,
tetrominoes and pentominoes, the compiled frontier count
(:func:`parity.cover.profile.profile_count`, what ``memo`` runs on a large
tiling) against the memo in Python (:func:`parity.cover.memo.memo_count`,
its plain reference), the engine's time alone, and the whole command
``parity count polyomino --copies any ...`` for the largest; ``--big`` adds
the 12 x 12 board's tetromino tilings.  Results to
``results/tilings.json``.

Every count is compared between the engines that finished (and the tilings
with OEIS A004003); a listing that does not finish within the cap is shown
as ``>cap``, and the ratio is then a lower bound.  Each engine runs in a
child process so that the cap can stop it.  Results go to
``experiments/benchmarks/results/count.json`` (the counts up to symmetry to
``count_symmetry.json``) and the plot of time against the count to
``docs/_static/count.png``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"
PLOT = Path(__file__).resolve().parents[2] / "docs" / "_static" / "count.png"
A004003 = [1, 2, 36, 6728, 12988816, 258584046368, 53060477521960000, 112202208776036178000000]


def _make(kind: str, spec: str):
    import parity as pt

    if kind == "colouring":
        board, colours = spec.rsplit("/", 1)
        if board.startswith("myciel"):
            import networkx as nx

            # DIMACS myciel3 is networkx's mycielski_graph(4) (the Groetzsch graph, 11 vertices)
            G = nx.convert_node_labels_to_integers(nx.mycielski_graph(int(board[6:]) + 1))
            return pt.Coloring(G, colors=int(colours))
        return pt.Coloring(board, colors=int(colours))
    pieces, board = spec.split("/")
    return pt.Polyomino(pieces, board, copies="any" if pieces == "dominoes" else "once")


def _child(kind: str, spec: str, engine: str, send) -> None:
    import parity as pt

    try:
        result = pt.count_result(_make(kind, spec), engine=engine)
    except pt.ParityError as exc:  # too large for this engine: said, not waited for
        send.send((None, None, str(exc)))
        return
    send.send((int(result.count), result.seconds, result.load_seconds))


def _tiling_orbits(puzzle) -> int:
    """Tilings up to symmetry by listing: every tiling as a set of cell sets, mapped by every symmetry; the orbits
    are the distinct least images (a tiling is not one piece a cell, so Burnside over listed solutions does not
    apply to it)."""
    import parity as pt

    sym = puzzle.symmetries()
    where = {c: i for i, c in enumerate(sym.items)}
    seen = set()
    for tiling in pt.solutions(puzzle):
        blocks = [[where[tuple(c)] for c in piece] for piece in tiling.values()]
        seen.add(min(tuple(sorted(tuple(sorted(int(g[i]) for i in b)) for b in blocks)) for g in sym.perms))
    return len(seen)


def _child_symmetry(kind: str, spec: str, method: str, send) -> None:
    import parity as pt

    try:
        started = time.perf_counter()
        puzzle = _make(kind, spec)
        if method == "listing" and getattr(puzzle, "copies", "once") == "any":
            counted = {"count_up_to_symmetry": _tiling_orbits(puzzle), "symmetry_method": "listing"}
        else:
            counted = pt.count_up_to_symmetry(puzzle, method=method)
        seconds = time.perf_counter() - started
    except pt.ParityError as exc:
        send.send((None, None, str(exc)))
        return
    send.send((counted["count_up_to_symmetry"], seconds, counted["symmetry_method"]))


def timed(kind: str, spec: str, engine: str, cap: float, target=_child) -> tuple[int | None, float | None]:
    """(count, the engine's seconds) or (None, None) when the cap was reached."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=target, args=(kind, spec, engine, send))
    child.start()
    try:
        if receive.poll(cap):
            count, seconds, note = receive.recv()
            if count is None:
                print(f"  ({engine} on {spec}: {note})")
            return count, seconds
        return None, None
    finally:
        if child.is_alive():
            child.kill()
        child.join()


def instances(quick: bool) -> list[tuple[str, str, str, list[str]]]:
    """(kind, spec, the counter, the listing engines beside it)."""
    grids = range(3, 8) if quick else range(3, 11)
    rows = [("colouring", f"grid:{n}x{n}/3", "frontier", ["cms", "ganak"]) for n in grids]
    rows += [("colouring", f"grid:{n}x{n}/4", "frontier", ["cms", "ganak"]) for n in (3, 4, 5, 6)]
    rows += [("colouring", "myciel3/4", "frontier", ["cms", "ganak"]), ("colouring", "myciel4/5", "frontier", ["cms"])]
    # the compiled sweep of grid 3-colourings (the default there) beside the frontier program it replaces
    rows += [("colouring", f"grid:{n}x{n}/3", "heights", ["frontier"]) for n in ((8, 10) if quick else (8, 10, 12, 14))]
    sides = range(1, 5) if quick else range(1, 8)
    rows += [("cover", f"dominoes/rect:{2 * n}x{2 * n}", "memo", ["scan", "dlx"]) for n in sides]
    rows += [("cover", f"pentominoes/{board}", "memo", ["scan"]) for board in ("rect:15x4", "rect:12x5", "rect:10x6")]
    return rows


def symmetry_rows(quick: bool, cap: float) -> list[dict]:
    """Counts up to symmetry: Burnside over quotient problems, counted (``burnside``), against Burnside over every
    solution listed (``listing``)."""
    cases = [("colouring", "grid:4x4/3"), ("colouring", "grid:5x5/3"), ("colouring", "grid:10x10/3"),
             ("cover", "dominoes/rect:6x6"), ("cover", "dominoes/rect:8x8"), ("cover", "dominoes/rect:12x12")]
    if quick:
        cases = cases[:2] + cases[3:5]
    if not cases:
        return []
    rows = []
    print(f"{'up to symmetry':<34} {'count':>28} {'burnside':>9} {'s':>8}   listing (s, ratio)")
    for kind, spec in cases:
        count, seconds = timed(kind, spec, "burnside", 600.0, _child_symmetry)
        other, other_s = timed(kind, spec, "listing", cap, _child_symmetry)
        if other is not None:
            assert other == count, (spec, other, count)
        rows.append({"instance": f"{spec} up to symmetry", "kind": kind, "count": count, "counter": "burnside",
                     "counter_s": seconds, "listing": {"listing": other_s}})
        shown = (f">{cap:g}, >{cap / seconds:.0f}x" if other_s is None else
                 f"{other_s:.3f}, {_ratio(other_s / max(seconds, 1e-6))}")
        print(f"{spec:<34} {count:>28} {'counting':>9} {seconds:>8.4f}   {shown}")
    return rows


def table_row(sizes: int) -> dict:
    """The Lights Out table of every n x n board up to ``sizes``: the board-free route against building each board."""
    import parity as pt
    from parity.sweep.table import lightsout_table

    started = time.perf_counter()
    rows = lightsout_table(f"1..{sizes}")
    free = time.perf_counter() - started
    started = time.perf_counter()
    built = [pt.count_result(pt.LightsOut(pt.board(f"grid:{n}x{n}")), engine="gf2").stats["nullity"]
             for n in range(1, sizes + 1)]  # each board built as a networkx graph
    board = time.perf_counter() - started
    assert built == [r["nullity"] for r in rows]
    return {"instance": f"lightsout table 1..{sizes}", "counter": "poly (board-free)", "counter_s": free,
            "listing": {"gf2 per built board": board}, "count": None}


def _ratio(value: float) -> str:
    return f"{value:.0f}x" if value >= 10 else f"{value:.2g}x"


def _child_tiling(pieces: str, board: str, how: str, send) -> None:
    import parity as pt
    from parity.cover.memo import memo_count
    from parity.cover.profile import profile_count, profile_load

    problem = pt.Polyomino(pieces, board, copies="any").encoding("cover")
    profile_load()  # (loaded before the clock starts, as an engine's load is timed apart)
    started = time.perf_counter()
    count = (profile_count if how == "compiled" else memo_count)(problem)
    send.send((count, time.perf_counter() - started, None))


def tilings(big: bool, cap: float) -> list[dict]:
    """Tilings by any pieces: the compiled frontier count beside the memo in Python, and the whole command."""
    import subprocess
    import sys

    boards = [("trominoes", "rect:12x8"), ("tetrominoes", "rect:6x6"), ("tetrominoes", "rect:8x8"),
              ("pentominoes", "rect:10x6"), ("pentominoes", "rect:10x8"), ("tetrominoes", "rect:10x10")]
    boards += [("tetrominoes", "rect:12x12")] if big else []
    rows = []
    print(f"{'tiling':<26} {'count':>36} {'compiled s':>11} {'python s':>10} {'ratio':>8}")
    for pieces, board in boards:
        count, seconds = timed(pieces, board, "compiled", 3600.0, target=_child_tiling)
        other, other_s = timed(pieces, board, "python", cap, target=_child_tiling)
        if other is not None:
            assert other == count, (pieces, board, other, count)
        ratio = f"{other_s / seconds:.0f}x" if other_s is not None else f">{cap / seconds:.0f}x"
        print(f"{pieces + '/' + board:<26} {count:>36} {seconds:>11.3f} "
              f"{'>' + format(cap, 'g') if other_s is None else format(other_s, '.3f'):>10} {ratio:>8}")
        rows.append({"instance": f"{pieces}/{board}", "count": count, "compiled_s": seconds, "python_s": other_s})
    pieces, board = boards[-1]
    command = [sys.executable, "-m", "parity", "count", "polyomino", "--pieces", pieces, "--board", board,
               "--copies", "any", "--json"]
    started = time.perf_counter()
    run = subprocess.run(command, capture_output=True, text=True, check=True)
    whole = time.perf_counter() - started
    payload = json.loads(run.stdout)
    assert payload["count"] == rows[-1]["count"] and payload["engine"] == "memo", payload
    print(f"parity count polyomino --pieces {pieces} --board {board} --copies any: {whole:.2f} s whole process "
          f"(engine {payload['seconds']:.2f} s)")
    rows.append({"command": " ".join(command[2:]), "seconds": whole, "engine_s": payload["seconds"]})
    return rows


def heights(sides=(18, 20, 22)) -> list[dict]:
    """The halved table of the grid 3-colouring sweep against the table of every state, route by route."""
    from parity.counting.heights import colouring_parts, colouring_residues

    def every_prime(n: int, route: str) -> list[int]:
        return [q for group in colouring_parts(n, n, route) for q in group]

    for route in ("sweep", "halves"):  # (the kernels loaded before the clock)
        for halved in (True, False):
            colouring_residues(4, 4, route, every_prime(4, route), halved=halved)
    rows = []
    print(f"{'grid':<8} {'route':<7} {'primes':>6} {'halved s':>9} {'every state s':>14} {'ratio':>6}")
    for n in sides:
        for route in ("sweep", "halves"):
            primes = every_prime(n, route)
            times, answers = [], []
            for halved in (True, False):
                started = time.perf_counter()
                answers.append(colouring_residues(n, n, route, primes, threads=1, halved=halved))
                times.append(time.perf_counter() - started)
            assert answers[0] == answers[1], (n, route)
            print(f"{n}x{n:<5} {route:<7} {len(primes):>6} {times[0]:>9.2f} {times[1]:>14.2f} "
                  f"{times[1] / times[0]:>5.1f}x")
            rows.append({"n": n, "route": route, "primes": len(primes), "halved_s": times[0], "every_s": times[1]})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=float, default=20.0, help="seconds for each engine that counts by listing")
    parser.add_argument("--quick", action="store_true", help="smaller instances only")
    parser.add_argument("--only", default=None, help="just the instances whose counter is this or whose name holds it (printed only)")
    parser.add_argument("--symmetry-only", action="store_true",
                        help="only the counts up to symmetry (results/count_symmetry.json)")
    parser.add_argument("--tilings", action="store_true",
                        help="only the tilings by any pieces, compiled against Python (results/tilings.json)")
    parser.add_argument("--big", action="store_true", help="with --tilings, the 12 x 12 tetromino tilings too")
    parser.add_argument("--heights", action="store_true",
                        help="only the grid 3-colouring sweep's halved table against every state (results/heights.json)")
    args = parser.parse_args()
    if args.heights:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "heights.json").write_text(json.dumps(heights(), indent=1) + "\n")
        return
    if args.tilings:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "tilings.json").write_text(json.dumps(tilings(args.big, args.cap), indent=1) + "\n")
        return
    if args.symmetry_only:
        RESULTS.mkdir(exist_ok=True)
        rows = symmetry_rows(args.quick, args.cap)
        (RESULTS / "count_symmetry.json").write_text(json.dumps(rows, indent=1) + "\n")
        return
    out = []
    print(f"{'instance':<34} {'count':>28} {'counter':>9} {'s':>8}   listing engines (s, ratio)")
    for kind, spec, counter, listing in instances(args.quick):
        if args.only and args.only not in spec and args.only != counter:
            continue
        count, seconds = timed(kind, spec, counter, 600.0)
        if count is None:
            continue
        entry = {"instance": spec, "kind": kind, "count": count, "counter": counter, "counter_s": seconds,
                 "listing": {}}
        if spec.startswith("dominoes/"):
            side = int(spec.split(":")[1].split("x")[0])
            assert count == A004003[side // 2], spec
        shown = []
        for engine in listing:
            other, other_s = timed(kind, spec, engine, args.cap)
            if other is not None:
                assert other == count, (spec, engine, other, count)
            entry["listing"][engine] = other_s
            ratio = "" if other_s is None else f", {_ratio(other_s / max(seconds, 1e-6))}"
            shown.append(f"{engine} {'>' + format(args.cap, 'g') if other_s is None else format(other_s, '.3f')}"
                         f"{ratio if other_s is not None else ', >' + format(args.cap / max(seconds, 1e-6), '.0f') + 'x'}")
        print(f"{spec:<34} {count:>28} {counter:>9} {seconds:>8.4f}   {'; '.join(shown)}")
        out.append(entry)
    if args.only:  # a part of the table: printed, the saved results and the plot left as they are
        return
    symmetric = symmetry_rows(args.quick, args.cap)
    table = table_row(100 if args.quick else 300)
    print(f"{table['instance']:<34} {'':>28} {'poly':>9} {table['counter_s']:>8.4f}   gf2 per built board "
          f"{table['listing']['gf2 per built board']:.3f}, "
          f"{table['listing']['gf2 per built board'] / table['counter_s']:.0f}x")
    out.append(table)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "count_symmetry.json").write_text(json.dumps(symmetric, indent=1) + "\n")
    (RESULTS / "count.json").write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {RESULTS / 'count.json'}")
    plot(out, args.cap)


def plot(out: list[dict], cap: float) -> None:
    """Time against the number of solutions: the counters' points, and the listing engines' (capped ones at the
    cap, hollow)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    marks = {"heights": ("D", "tab:purple"), "frontier": ("o", "tab:blue"), "memo": ("s", "tab:green"), "cms": ("^", "tab:red"),
             "ganak": ("v", "tab:orange"), "scan": ("D", "tab:purple"), "dlx": ("x", "tab:brown")}
    seen = set()
    for entry in out:
        if entry.get("count") is None:
            continue
        points = [(entry["counter"], entry["counter_s"])] + list(entry["listing"].items())
        for engine, seconds in points:
            marker, colour = marks[engine]
            capped = seconds is None
            style = {"color": colour} if marker == "x" else {"facecolors": "none" if capped else colour,
                                                               "edgecolors": colour}
            ax.scatter(max(entry["count"], 1), cap if capped else max(seconds, 1e-5), marker=marker,
                       label=None if engine in seen else engine, s=30, **style)
            seen.add(engine)
    ax.axhline(cap, color="grey", linewidth=0.8, linestyle=":")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("number of solutions")
    ax.set_ylabel("seconds (hollow: stopped at the cap)")
    ax.set_title("Counting without listing: frontier and memo against listing engines")
    ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(PLOT, dpi=110)
    print(f"wrote {PLOT}")


if __name__ == "__main__":
    main()
