"""Chromatic numbers of the small DIMACS colouring benchmarks, next to plain CaDiCaL on the same CNF.

Usage (from the repository root)::

    python experiments/benchmarks/bench_coloring.py                      # myciel3-7, queen5_5-12_12
    python experiments/benchmarks/bench_coloring.py --names myciel4 queen6_6 --timeout 60
    python experiments/benchmarks/bench_coloring.py --names queen10_10 --timeout 400 --merge

The instances are the DIMACS benchmark graphs, made here (Mycielski graphs by
networkx's construction, queen graphs by the queen's moves), written in
DIMACS ``.col`` format and read back as boards, so the run goes through the
file route a user of the public files takes; their vertex and edge counts are
checked against the published table, and every chromatic number against the
published value.

Two columns per graph, in one run:

* ``parity``: ``parity solve coloring --board FILE --chromatic`` through
  the API, the default engine (``chromatic``): clique and Mycielski lower
  bounds, DSatur and tabu upper bounds, SAT calls on strengthened formulas
  with one colour fewer until the solver refuses, every colouring verified.
  ``engine s`` is the engine's work (the rest: reading the file, loading).
  An instance not settled within the time limit is shown with the bounds the
  engine reaches in a few seconds (the interval it would search).
* ``cadical``: the anchor, plain CaDiCaL 1.9.5 (PySAT) on the plain one-hot
  CNF of the same graph, written to DIMACS and read back: the time to find a
  chi-colouring plus the time to refuse chi - 1 colours, the least work that
  proves a chromatic number with the plain encoding and a known answer.

Results go to ``experiments/benchmarks/results/coloring.json``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import tempfile
import time
from itertools import combinations
from pathlib import Path

import networkx as nx

import parity as pt
from parity.boards import write_board
from parity.export import export
from parity.puzzles import Coloring

RESULTS = Path(__file__).resolve().parent / "results"

#: name -> (vertices, edges as the DIMACS file counts them, chromatic number): the published table
PUBLISHED = {
    "myciel3": (11, 20, 4),
    "myciel4": (23, 71, 5),
    "myciel5": (47, 236, 6),
    "queen5_5": (25, 320, 5),
    "queen6_6": (36, 580, 7),
    "queen7_7": (49, 952, 7),
    "queen8_8": (64, 1456, 9),
    "myciel6": (95, 755, 7),
    "myciel7": (191, 2360, 8),
    "queen9_9": (81, 2112, 10),
    "queen10_10": (100, 2940, 11),
    "queen11_11": (121, 3960, 11),
    "queen12_12": (144, 5192, 12),
}


def queen_graph(n: int) -> nx.Graph:
    """Squares of an n x n board, joined when a queen on one attacks the other."""
    G = nx.Graph()
    cells = [(r, c) for r in range(n) for c in range(n)]
    G.add_nodes_from(range(len(cells)))
    for (a, (r0, c0)), (b, (r1, c1)) in combinations(enumerate(cells), 2):
        if r0 == r1 or c0 == c1 or abs(r0 - r1) == abs(c0 - c1):
            G.add_edge(a, b)
    return G


def make(name: str) -> nx.Graph:
    if name.startswith("myciel"):
        G = nx.mycielski_graph(int(name[6:]) + 1)  # myciel3 is the Groetzsch graph, networkx's mycielski_graph(4)
    else:
        G = queen_graph(int(name.split("_")[1]))
    G.graph["name"] = name
    return G


def _cadical_child(path: str, send) -> None:
    from pysat.formula import CNF
    from pysat.solvers import Solver

    formula = CNF(from_file=path)
    started = time.perf_counter()
    with Solver(name="cadical195", bootstrap_with=formula.clauses) as solver:
        status = solver.solve()
    send.send((status, time.perf_counter() - started))


def cadical(path: str, timeout: float) -> tuple[bool | None, float | None]:
    """Plain CaDiCaL on a DIMACS file in a child process (stopped after ``timeout`` seconds)."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_cadical_child, args=(path, send))
    child.start()
    try:
        return receive.recv() if receive.poll(timeout) else (None, None)
    finally:
        if child.is_alive():
            child.kill()
        child.join()


def bounds(board) -> list[int]:
    """The interval the engine searches when it cannot settle an instance: its lower bound, and the colours of its
    DSatur colouring after tabu search."""
    from parity.cnf.chromatic import dsatur, lower_bound, tabu_descent

    floor = lower_bound(board)[0]
    return [floor, len(set(tabu_descent(board, dsatur(board)[1], floor, []).values()))]


def row(name: str, folder: Path, timeout: float, anchor_timeout: float) -> dict:
    vertices, edges, chi = PUBLISHED[name]
    path = folder / f"{name}.col"
    write_board(make(name), path)
    board = pt.board(str(path))
    assert (board.number_of_nodes(), 2 * board.number_of_edges()) == (vertices, edges) or \
        (board.number_of_nodes(), board.number_of_edges()) == (vertices, edges), name
    started = time.perf_counter()
    result = pt.solve(Coloring(board, colors=None, chromatic=True), time_limit=timeout)
    parity_s = time.perf_counter() - started
    found = result.stats.get("minimum_weight")
    out = {"name": name, "vertices": vertices, "edges": board.number_of_edges(), "published": chi,
           "chromatic": found, "proof": (result.stats.get("proof") or {}).get("method"), "parity_s": parity_s,
           "engine_s": result.seconds, "engine": result.engine, "timeout": timeout, "anchor_timeout": anchor_timeout,
           "steps": len(result.stats.get("steps", []))}
    if found is None:
        out["bounds"] = bounds(board)
    if found is not None and found != chi:
        raise SystemExit(f"{name}: found chromatic number {found}, published {chi}")
    anchor = 0.0
    for k, expected in ((chi, True), (chi - 1, False)):
        cnf_path = folder / f"{name}-{k}.cnf"
        export(Coloring(board, colors=k), "cnf", str(cnf_path))
        status, seconds = cadical(str(cnf_path), anchor_timeout)
        out[f"cadical_{k}_s"] = seconds
        if status is None:
            anchor = None
            break
        assert status is expected, (name, k, status)
        anchor += seconds
    out["cadical_s"] = anchor
    out["ratio"] = None if anchor is None or found is None else parity_s / anchor
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--names", nargs="+", default=list(PUBLISHED), choices=list(PUBLISHED))
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per solver run")
    parser.add_argument("--anchor-timeout", type=float, default=None, help="seconds per CaDiCaL run (default: --timeout)")
    parser.add_argument("--merge", action="store_true",
                        help="keep the rows of other instances in the results file (runs with different time limits)")
    args = parser.parse_args()
    rows = []
    print(f"{'graph':<10} {'V':>4} {'E':>5} {'chi':>4} {'found':>6} {'proof':>9} {'parity s':>9} {'engine s':>9} "
          f"{'CaDiCaL s':>10} {'ratio':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.names:
            r = row(name, Path(tmp), args.timeout, args.anchor_timeout or args.timeout)
            rows.append(r)
            fmt = lambda x: "timeout" if x is None else f"{x:.3f}"  # noqa: E731
            ratio = "-" if r["ratio"] is None else f"{r['ratio']:.2f}"
            found = str(r["chromatic"]) if r["chromatic"] is not None else "{}..{}".format(*r["bounds"])
            print(f"{name:<10} {r['vertices']:>4} {r['edges']:>5} {r['published']:>4} {found:>6} {str(r['proof']):>9} "
                  f"{fmt(r['parity_s'] if r['chromatic'] is not None else None):>9} "
                  f"{fmt(r['engine_s'] if r['chromatic'] is not None else None):>9} "
                  f"{fmt(r['cadical_s']):>10} {ratio:>6}",
                  flush=True)
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / "coloring.json"
    if args.merge and path.exists():  # rows of instances run here replace theirs; the others stay
        ran = {r["name"] for r in rows}
        rows = [r for r in json.loads(path.read_text()) if r["name"] not in ran] + rows
        rows.sort(key=lambda r: list(PUBLISHED).index(r["name"]))
    path.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
