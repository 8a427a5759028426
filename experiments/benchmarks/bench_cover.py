"""Exact cover: all 9356 solutions of the 6 x 10 pentomino rectangle through parity's engines and xcover directly,
and the pentomino boards beside a bitboard solver.

Usage (from the repository root)::

    python experiments/benchmarks/bench_cover.py [--repeat 2] [--cnf-limit 60] [--bitboard DRIVER]
    python experiments/benchmarks/bench_cover.py --bitboard DRIVER --bitboard-only

``--bitboard`` runs sugyan/pentomino (a Rust bitboard solver: the board in
one word, the first empty cell, unused pieces only, isolated-cell pruning,
X in one quadrant) through ``anchors/pentomino_driver.rs`` on 6 x 10, 3 x 20
and the 8 x 8 board with its centre 2 x 2 removed, all solutions and one
per symmetry class, beside parity's default (the ``pack`` engine, through
the X-pruned orbit count): the engine's time from the JSON, the whole
``pt.count_result`` call, and the ``parity count`` command as a user types
it (whole process, warm).  To build the driver: fetch the public source,
copy the driver to ``pentomino-solver/src/bin/driver.rs``, build with
``RUSTFLAGS="-C target-cpu=native" cargo build --release -p
pentomino-solver`` (opt-level 3, LTO; its three small crates from the
registry, or ``num-traits``' ``FromPrimitive`` written as a few lines where
the registry cannot be reached), and pass ``target/release/driver``.

One matrix, built once from the generated pentominoes: ``xcover``: the
package called directly on it (the anchor, dancing cells with the
fewest-options rule); ``scan``: ``parity.count`` with its default engine for
packings, which fills the cells in scan-line order with items as bits
(:mod:`parity.cover.scan`), timed as the engine's own work and as the whole
call, which also generates the pieces and builds the matrix; ``dlx``: the
engine that runs xcover's kernel; ``up to symmetry``: the 2339 count up to
the rectangle's 4 symmetries by pruning the X pentomino to one placement per
orbit (and, for comparison, by Burnside over all 9356 listed solutions);
``sat``: the CNF route enumerating with CaDiCaL, stopped after
``--cnf-limit`` seconds.  Then the hardest and a 17-clue Sudoku, solved
with their uniqueness proved, beside xcover on the same matrix.  Results go to
``experiments/benchmarks/results/cover.json``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
import warnings
from pathlib import Path

import parity as pt
from _timing import best
from parity.puzzles import Polyomino
from parity.api import count_up_to_symmetry
from parity.cover.dlx import xcover_input

RESULTS = Path(__file__).resolve().parent / "results"


def _sat_child(send):
    started = time.perf_counter()
    send.send((pt.count(Polyomino("pentominoes", "rect:10x6"), engine="sat"), time.perf_counter() - started))


def _engine_seconds(engine: str, repeat: int) -> float:
    return min(pt.count_result(Polyomino("pentominoes", "rect:10x6"), engine=engine).seconds for _ in range(repeat))


#: Arto Inkala's "hardest" Sudoku and a 17-clue one from Gordon Royle's list
SUDOKUS = {"hardest": "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
           "17 clues": "000000010400000000020000000000050407008000300001090000300400200050100000000806000"}


def _sudoku(repeat: int) -> dict:
    """Each published Sudoku solved with its uniqueness proved (parity's default, dlx) beside xcover listing
    every cover of the same matrix (which proves uniqueness too), in this warm process."""
    import xcover

    from parity.puzzles import Sudoku

    rows = {}
    for name, givens in SUDOKUS.items():
        options, primary, _ = xcover_input(Sudoku(givens).encoding("cover"))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            direct_s, covers = best(lambda: sum(1 for _ in xcover.covers(options, primary=primary)), repeat)
        solve_s, result = best(lambda: pt.solve(Sudoku(givens)), repeat)
        assert covers == 1 and result.stats["unique"]
        rows[name] = {"xcover_s": direct_s, "solve_s": solve_s}
        print(f"Sudoku, {name}: solved and proved unique in {solve_s * 1000:.1f} ms (whole call); xcover listing "
              f"every cover of the same matrix {direct_s * 1000:.1f} ms")
    return rows


#: the boards the bitboard solver knows, as parity's board specs (the 8 x 8 one as ASCII art)
HOLE = "\n".join("".join("." if r in (3, 4) and c in (3, 4) else "#" for c in range(8)) for r in range(8)) + "\n"
BITBOARD = {"6x10": "rect:10x6", "3x20": "rect:20x3", "8x8": None}


def _bitboard(driver: str | None, repeat: int) -> dict:
    """Each board all solutions and up to symmetry: parity's default engine (JSON seconds), the whole call, the
    command in a fresh process (warm: its kernels cached), and the bitboard solver's own time in one run."""
    import os
    import subprocess
    import sys
    import tempfile

    rows = {}
    with tempfile.TemporaryDirectory() as folder:
        hole = os.path.join(folder, "8x8-hole.txt")
        with open(hole, "w") as handle:
            handle.write(HOLE)
        for name, spec in BITBOARD.items():
            spec = spec or hole
            for unique in (False, True):
                def call():
                    return pt.count_result(Polyomino("pentominoes", spec), up_to_symmetry=unique)

                call()  # kernels loaded
                call_s, result = best(call, repeat)
                engine_s = min(call().seconds for _ in range(repeat))
                count = result.stats["count_up_to_symmetry"] if unique else result.count
                command = [sys.executable, "-m", "parity", "count", "polyomino", "--board", spec, "--json",
                           *(["--up-to-symmetry"] if unique else [])]
                subprocess.run(command, capture_output=True, check=True)  # warm
                command_s, _ = best(lambda: subprocess.run(command, capture_output=True, check=True), repeat)
                row = {"count": count, "engine": result.engine, "engine_s": engine_s, "call_s": call_s,
                       "command_s": command_s}
                if driver:
                    text = subprocess.run([driver, name, "1" if unique else "0", str(max(3, repeat))],
                                          capture_output=True, text=True, check=True).stdout.split()
                    if int(text[0]) != count:
                        raise AssertionError(f"{name}: the bitboard solver finds {text[0]}, parity {count}")
                    row.update(bitboard_s=float(text[1]), engine_ratio=engine_s / float(text[1]),
                               call_ratio=call_s / float(text[1]))
                key = f"{name}{' up to symmetry' if unique else ''}"
                rows[key] = row
                peer = f"bitboard {row['bitboard_s'] * 1000:8.2f} ms  engine {row['engine_ratio']:5.1f}x  call " \
                       f"{row['call_ratio']:5.1f}x" if driver else "bitboard not built (--bitboard DRIVER)"
                print(f"{key:20} {count:5d}  {result.engine}: engine {engine_s * 1000:7.2f} ms, call "
                      f"{call_s * 1000:7.2f} ms, command {command_s * 1000:6.0f} ms;  {peer}")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--cnf-limit", type=float, default=60.0)
    parser.add_argument("--bitboard", default=None, help="the bitboard solver's driver (see the module docstring)")
    parser.add_argument("--bitboard-only", action="store_true", help="only the rows beside the bitboard solver")
    args = parser.parse_args()
    if args.bitboard_only:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "cover_bitboard.json").write_text(json.dumps(_bitboard(args.bitboard, args.repeat), indent=1))
        return
    import xcover

    problem = Polyomino("pentominoes", "rect:10x6").encoding("cover")
    options, primary, secondary = xcover_input(problem)
    pt.count(Polyomino("pentominoes", "rect:20x3"))  # load the compiled kernels before timing
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        direct_s, direct = best(lambda: sum(1 for _ in xcover.covers(options, primary=primary)), args.repeat)
    call_s, count = best(lambda: pt.count(Polyomino("pentominoes", "rect:10x6")), args.repeat)
    scan_s = _engine_seconds("scan", args.repeat)
    dlx_s = _engine_seconds("dlx", args.repeat)
    assert direct == count == 9356
    sym_s, sym = best(lambda: count_up_to_symmetry(Polyomino("pentominoes", "rect:10x6")), args.repeat)
    assert sym["count_up_to_symmetry"] == 2339 and sym["symmetry_method"].startswith("pruned")
    burnside_s, full = best(lambda: count_up_to_symmetry(Polyomino("pentominoes", "rect:10x6"), method="burnside"), 1)
    assert full["count_up_to_symmetry"] == 2339
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_sat_child, args=(send,))
    child.start()
    sat = receive.recv() if receive.poll(args.cnf_limit) else (None, None)
    child.kill()
    child.join()
    out = {"options": len(options), "xcover_s": direct_s,
           "scan_engine_s": scan_s, "scan_ratio": scan_s / direct_s, "call_s": call_s, "call_ratio": call_s / direct_s,
           "dlx_engine_s": dlx_s, "dlx_ratio": dlx_s / direct_s,
           "up_to_symmetry_s": sym_s, "up_to_symmetry_ratio": sym_s / direct_s, "burnside_s": burnside_s,
           "sat_s": sat[1], "sat_count": sat[0]}
    print(f"{len(options)} options; all 9356: xcover {direct_s:.2f} s; parity scan engine {scan_s:.2f} s "
          f"({scan_s / direct_s:.2f}x), whole call with building the matrix {call_s:.2f} s ({call_s / direct_s:.2f}x); "
          f"dlx engine {dlx_s:.2f} s ({dlx_s / direct_s:.2f}x); 2339 up to symmetry {sym_s:.2f} s pruned "
          f"({sym_s / direct_s:.2f}x of xcover's all), {burnside_s:.2f} s by Burnside over every solution; "
          f"CNF with CaDiCaL: {'no answer in %.0f s' % args.cnf_limit if sat[0] is None else '%.1f s' % sat[1]}")
    out["sudoku"] = _sudoku(args.repeat)
    out["bitboard"] = _bitboard(args.bitboard, args.repeat)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "cover.json").write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
