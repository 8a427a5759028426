"""GF(2) engine speed: parity's bit-packed engine next to galois and M4RI, in one run.

Usage (from the repository root)::

    python experiments/benchmarks/bench_gf2.py            # the full tables (a few minutes)
    python experiments/benchmarks/bench_gf2.py --quick    # small sizes only

Four tables, each side measured in the same run:

**Lights Out** (n x n, closed rule, the full n^2 x n^2 matrix):

* ``galois``: ``GF(2)(A).null_space()`` on the dense matrix, the naive route,
  timed warm (its JIT kernels compiled by a small call first); the one-off
  compile time is printed apart (``galois warm-up``);
* ``parity route``: ``LightsOut(grid).solution_space(engine="gf2")``: building
  the matrix from the graph, elimination, particular solution and null space
  basis (named: on grids parity's default is the ``chase`` engine);
* ``parity kernel``: elimination + null space basis on the packed matrix
  (``Echelon(..., method="packed")`` and ``null_basis_packed()``, on a copy
  made before the clock starts), the same work M4RI's
  ``mzd_kernel_left_pluq`` does;
* ``M4RI``: ``../shared/anchors/m4ri.sh lightsout n`` (skipped with a note if
  the anchor cannot be built; run once for n >= 250, where it takes minutes).

**Random** N x N matrices, dense (entries 0 or 1 with even odds) and sparse
(8 entries a row on average, which fill in as they are eliminated):
``parity kernel`` as above (``dense from``: the column where the bucketed
kernel handed over to the Four Russians kernel), each kernel alone
(``method="bucket"``, the engine before the Four Russians kernel, up to N =
8000, and ``method="m4r"``), ``M4RI`` as ``m4ri.sh random N SEED`` (its own
dense random matrix, ``mzd_randomize``; dense rows only) and ``M4RI file``:
M4RI on parity's very matrix (through its file mode), whose nullity must
agree.

**Dense file**: ``parity count linear FILE --engine gf2 --json`` on a random
dense N x N matrix written in the text format (``ROWS COLS``, then a line of
0/1 a row), each run a whole process: the engine's ``seconds`` (elimination
alone, what M4RI's ``kernel_s`` times), its ``total_seconds`` (reading the
file, packing it, loading the kernels and eliminating) and the process's wall
time, next to ``m4ri.sh file FILE`` on the same file (its ``kernel_s`` and its
own process's wall time, reading included).

**Column order**: Lights Out on sparse boards with their nodes in the
board's order and shuffled, eliminated by the ``packed`` method in the given
column order and in the order ``Echelon`` picks (reverse Cuthill-McKee where
it narrows the rows); ``span`` is the mean width of a row in words, before
and after.

Ratios are printed; absolute times on shared machines are noisy, ratios much
less so.  Results go to ``experiments/benchmarks/results/gf2.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import networkx as nx
import numpy as np

import parity as pt
from parity.linalg import Echelon, pack, pack_entries
from parity.puzzles import LightsOut

ROOT = Path(__file__).resolve().parents[2]
PARITY = shutil.which("parity") or str(Path(sys.executable).parent / "parity")
ANCHOR = Path(os.environ.get("PARITY_ANCHORS", ROOT.parent / "shared" / "anchors")) / "m4ri.sh"
RESULTS = Path(__file__).resolve().parent / "results"


def best_of(function, repeat: int, setup=lambda: None) -> float:
    """The least wall time of ``function(setup())`` over ``repeat`` calls (``setup`` not timed)."""
    times = []
    for _ in range(repeat):
        argument = setup()
        started = time.perf_counter()
        function(argument)
        times.append(time.perf_counter() - started)
    return min(times)


def m4ri(*args: str) -> dict | None:
    if not ANCHOR.exists():
        return None
    result = subprocess.run(["bash", str(ANCHOR), *args], capture_output=True, text=True)
    if result.returncode != 0:
        return None
    return json.loads(result.stdout.strip().splitlines()[-1])


def m4ri_best(repeat: int, *args: str) -> tuple[float | None, int | None]:
    runs = [m4ri(*args) for _ in range(repeat)]
    runs = [r for r in runs if r]
    if not runs:
        return None, None
    return min(r["kernel_s"] for r in runs), runs[0]["nullity"]


def kernel(packed: np.ndarray, ncols: int, method: str = "packed") -> Echelon:
    """Elimination and null space basis of a packed matrix (eliminated in place: hand over a copy)."""
    echelon = Echelon(packed, None, ncols=ncols, method=method)  # the numba kernels, whatever the size
    echelon.null_basis_packed()
    return echelon


def time_kernel(packed: np.ndarray, ncols: int, repeat: int, method: str = "packed", **options) -> float:
    def run(copy):
        Echelon(copy, None, ncols=ncols, method=method, **options).null_basis_packed()

    return best_of(run, repeat, setup=packed.copy)


def lightsout_row(n: int, galois_max: int, repeat: int) -> dict:
    puzzle = LightsOut(f"grid:{n}x{n}")
    system = puzzle.linear()
    packed = pack_entries(n * n, n * n, system.rows, system.cols)
    warm = kernel(packed.copy(), n * n)  # warm the numba cache
    row = {"matrix": f"lightsout {n}", "size": n * n}
    row["parity_route_s"] = best_of(lambda _: puzzle.solution_space(engine="gf2"), repeat)
    row["parity_kernel_s"] = time_kernel(packed, n * n, repeat)
    row["nullity"] = n * n - warm.rank
    row["dense_from"] = warm.dense_from
    if n <= galois_max:
        import galois

        A = galois.GF(2)(system.dense())
        row["galois_s"] = best_of(lambda _: A.null_space(), 1)
    row["m4ri_s"], m4ri_nullity = m4ri_best(1 if n >= 250 else repeat, "lightsout", str(n))
    if m4ri_nullity is not None:
        assert m4ri_nullity == row["nullity"], "M4RI and parity disagree on the nullity"
    return row


def write_matrix(A: np.ndarray, path: str) -> None:
    """The text format of m4ri_bench's file mode: ``ROWS COLS``, then one line of 0/1 a row."""
    lines = np.full((A.shape[0], A.shape[1] + 1), ord("\n"), dtype=np.uint8)
    lines[:, :-1] = A + ord("0")
    with open(path, "wb") as handle:
        handle.write(f"{A.shape[0]} {A.shape[1]}\n".encode())
        handle.write(lines.tobytes())


def random_row(n: int, repeat: int, bucket_max: int, per_row: int | None = None, seed: int = 1) -> dict:
    """A random ``n x n`` matrix: dense, or with ``per_row`` entries a row on average."""
    rng = np.random.default_rng(seed)
    if per_row is None:
        A = rng.integers(0, 2, (n, n), dtype=np.uint8)
    else:
        A = (rng.random((n, n)) < per_row / n).astype(np.uint8)
    packed = pack(A)
    warm = kernel(packed.copy(), n)
    name = f"random {n}" if per_row is None else f"sparse {n} ({per_row} a row)"
    row = {"matrix": name, "size": n, "nullity": n - warm.rank, "dense_from": warm.dense_from}
    row["parity_kernel_s"] = time_kernel(packed, n, repeat)
    if n <= bucket_max:
        row["bucket_s"] = time_kernel(packed, n, 1 if n > 4000 else repeat, method="bucket")
    row["m4r_s"] = time_kernel(packed, n, repeat, method="m4r")
    if per_row is None:
        row["m4ri_s"], _ = m4ri_best(repeat, "random", str(n), str(seed))
    with tempfile.NamedTemporaryFile(suffix=".txt", delete=False) as handle:
        name = handle.name
    try:
        write_matrix(A, name)
        row["m4ri_file_s"], m4ri_nullity = m4ri_best(1, "file", name)
    finally:
        os.unlink(name)
    if m4ri_nullity is not None:
        assert m4ri_nullity == row["nullity"], "M4RI and parity disagree on the nullity"
    return row


def _wall(command: list[str]) -> tuple[float, str]:
    """A command's wall time as a whole process, and what it printed."""
    started = time.perf_counter()
    run = subprocess.run(command, check=True, capture_output=True, text=True)
    return time.perf_counter() - started, run.stdout


def dense_file_row(n: int, repeat: int, seed: int = 1) -> dict:
    """``parity count linear FILE --engine gf2`` on a random dense ``n x n`` file, and M4RI on the same file."""
    A = np.random.default_rng(seed).integers(0, 2, (n, n), dtype=np.uint8)
    with tempfile.NamedTemporaryFile(suffix=".txt", delete=False) as handle:
        name = handle.name
    try:
        write_matrix(A, name)
        command = [PARITY, "count", "linear", name, "--engine", "gf2", "--json"]
        _wall(command)  # the file in the page cache, numba's cache read once
        runs = []
        for _ in range(repeat):
            wall, out = _wall(command)
            runs.append((wall, json.loads(out)))
        best = min(runs, key=lambda run: run[1]["seconds"])[1]
        row = {"matrix": f"dense file {n}", "size": n, "nullity": best["nullity"], "seconds": best["seconds"],
               "total_s": min(run[1]["total_seconds"] for run in runs),
               "load_s": min(run[1]["load_seconds"] for run in runs), "process_s": min(run[0] for run in runs)}
        if ANCHOR.exists() and m4ri("file", name) is not None:
            walls = [_wall(["bash", str(ANCHOR), "file", name]) for _ in range(repeat)]
            answers = [json.loads(out.strip().splitlines()[-1]) for _, out in walls]
            row["m4ri_s"] = min(answer["kernel_s"] for answer in answers)
            row["m4ri_process_s"] = min(wall for wall, _ in walls)
            assert answers[0]["nullity"] == row["nullity"], "M4RI and parity disagree on the nullity"
    finally:
        os.unlink(name)
    return row


def order_row(name: str, graph: nx.Graph, shuffle: bool, repeat: int) -> dict:
    """Lights Out on ``graph`` (nodes in the board's order, or shuffled): given column order against the chosen one."""
    nodes = list(graph)
    if shuffle:
        np.random.default_rng(0).shuffle(nodes)
    index = {v: k for k, v in enumerate(nodes)}
    edges = np.array([(index[u], index[v]) for u, v in graph.edges], dtype=np.int64).reshape(-1, 2)
    size = len(nodes)
    rows = np.concatenate([edges[:, 0], edges[:, 1], np.arange(size)])
    cols = np.concatenate([edges[:, 1], edges[:, 0], np.arange(size)])
    packed = pack_entries(size, size, rows, cols)
    given, chosen = kernel(packed.copy(), size), Echelon(packed.copy(), None, ncols=size)
    assert (given.rank, given.pivots) == (chosen.rank, chosen.pivots)
    row = {"matrix": f"{name}{' shuffled' if shuffle else ''}", "size": size, "nullity": size - given.rank}
    given_times, chosen_times = [], []
    for _ in range(max(repeat, 5)):  # in turns, so that a busy moment slows both
        given_times.append(time_kernel(packed, size, 1, order="given"))
        chosen_times.append(time_kernel(packed, size, 1))
    row["given_s"], row["chosen_s"] = min(given_times), min(chosen_times)
    row["rcm"] = chosen.column_order is not None
    row["span_given"] = span(packed)
    row["span_chosen"] = span(chosen_matrix(packed, chosen.column_order, size)) if row["rcm"] else row["span_given"]
    return row


def span(packed: np.ndarray) -> float:
    """Mean number of words from a row's first non-zero word to its last."""
    nonzero = packed != 0
    first = nonzero.argmax(axis=1)
    last = packed.shape[1] - 1 - nonzero[:, ::-1].argmax(axis=1)
    return float(np.mean(last - first + 1))


def chosen_matrix(packed: np.ndarray, order: np.ndarray, size: int) -> np.ndarray:
    rows, cols = np.nonzero(np.unpackbits(packed.view(np.uint8), axis=1, bitorder="little")[:, :size])
    target = np.empty(size, dtype=np.int64)
    target[order] = np.arange(size)
    return pack_entries(size, size, rows, target[cols])


def ratio(a, b) -> str:
    if not (a and b):
        return "-"
    value = a / b
    if value >= 100:
        return f"{value:,.0f}x"
    return f"{value:.1f}x" if value >= 10 else f"{value:.2f}x" if value >= 0.1 else f"{value:.3f}x"


def show(title: str, rows: list[dict], columns: list[tuple[str, str]], ratios: list[tuple[str, str, str]]) -> None:
    def cell(value) -> str:
        if value is None:
            return "-"
        if isinstance(value, float):
            return f"{value:.4f}"
        return str(value)

    header = [label for label, _ in columns] + [label for label, _, _ in ratios]
    table = [[cell(r.get(key)) for _, key in columns] + [ratio(r.get(a), r.get(b)) for _, a, b in ratios] for r in rows]
    widths = [max(len(h), *(len(t[k]) for t in table)) for k, h in enumerate(header)]
    print(f"\n{title}")
    print("  ".join(h.rjust(w) for h, w in zip(header, widths)))
    for t in table:
        print("  ".join(c.rjust(w) for c, w in zip(t, widths)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    parser.add_argument("--galois-max", type=int, default=70, help="largest n timed with galois (it grows like n^6)")
    parser.add_argument(
        "--bucket-max", type=int, default=8000, help="largest random N timed with the bucketed kernel alone"
    )
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sizes = [10, 20, 30] if args.quick else [20, 30, 50, 70, 100, 150, 200, 300]
    dense = [500, 1000] if args.quick else [1000, 2000, 4000, 8000, 16384]
    sparse = [1000] if args.quick else [4000, 8000]
    files = [1000] if args.quick else [1000, 2000, 4096, 8192]
    boards = [("grid 30x30", nx.grid_2d_graph(30, 30))] if args.quick else [
        ("grid 100x100", pt.board("grid:100x100")),
        ("hex:60", pt.board("hex:60")),
        ("tri:100", pt.board("tri:100")),
        ("3-regular 10000", nx.random_regular_graph(3, 10000, seed=1)),
    ]
    if not ANCHOR.exists():
        print(f"note: no M4RI anchor at {ANCHOR}; M4RI columns stay empty")
    import galois

    started = time.perf_counter()
    galois.GF(2)(np.eye(3, dtype=np.uint8)).null_space()
    print(f"galois warm-up (JIT compile, once per process): {time.perf_counter() - started:.2f} s")
    results = {"lightsout": [], "random": [], "dense_file": [], "order": []}
    for n in sizes:
        results["lightsout"].append(lightsout_row(n, args.galois_max, args.repeat))
        print(f"  {results['lightsout'][-1]}", flush=True)
    for n in dense:
        results["random"].append(random_row(n, args.repeat, args.bucket_max))
        print(f"  {results['random'][-1]}", flush=True)
    for n in sparse:
        results["random"].append(random_row(n, args.repeat, args.bucket_max, per_row=8))
        print(f"  {results['random'][-1]}", flush=True)
    for n in files:
        results["dense_file"].append(dense_file_row(n, args.repeat))
        print(f"  {results['dense_file'][-1]}", flush=True)
    for name, graph in boards:
        for shuffle in (False, True):
            results["order"].append(order_row(name, graph, shuffle, args.repeat))
            print(f"  {results['order'][-1]}", flush=True)
    show(
        "Lights Out",
        results["lightsout"],
        [("matrix", "matrix"), ("nullity", "nullity"), ("galois s", "galois_s"), ("route s", "parity_route_s"),
         ("kernel s", "parity_kernel_s"), ("M4RI s", "m4ri_s")],
        [("galois/route", "galois_s", "parity_route_s"), ("kernel/M4RI", "parity_kernel_s", "m4ri_s"),
         ("route/M4RI", "parity_route_s", "m4ri_s")],
    )
    show(
        "Random",
        results["random"],
        [("matrix", "matrix"), ("nullity", "nullity"), ("dense from", "dense_from"), ("bucket s", "bucket_s"),
         ("m4r s", "m4r_s"), ("kernel s", "parity_kernel_s"), ("M4RI s", "m4ri_s"), ("M4RI file s", "m4ri_file_s")],
        [("kernel/M4RI", "parity_kernel_s", "m4ri_s"), ("kernel/M4RI file", "parity_kernel_s", "m4ri_file_s"),
         ("bucket/M4RI", "bucket_s", "m4ri_s")],
    )
    show(
        "Dense file (parity count linear FILE --engine gf2, whole processes)",
        results["dense_file"],
        [("matrix", "matrix"), ("nullity", "nullity"), ("seconds", "seconds"), ("load s", "load_s"),
         ("total s", "total_s"), ("process s", "process_s"), ("M4RI s", "m4ri_s"),
         ("M4RI process s", "m4ri_process_s")],
        [("seconds/M4RI", "seconds", "m4ri_s"), ("process/total", "process_s", "total_s"),
         ("process/M4RI process", "process_s", "m4ri_process_s")],
    )
    show(
        "Column order",
        results["order"],
        [("matrix", "matrix"), ("nullity", "nullity"), ("rcm", "rcm"), ("span given", "span_given"),
         ("span chosen", "span_chosen"), ("given s", "given_s"), ("chosen s", "chosen_s")],
        [("given/chosen", "given_s", "chosen_s")],
    )
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / ("gf2-quick.json" if args.quick else "gf2.json")).write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
