"""parity table lightsout: the published OEIS values, brute-force minima, every format."""

import itertools
import json

import networkx as nx

from parity.testing import run_cli
from parity.data.oeis import A159257


def test_bfile_matches_the_published_a159257():
    run = run_cli("table", "lightsout", "--sizes", "1..130", "--format", "bfile", "--workers", "2")
    assert run.code == 0, run.err
    assert run.out.splitlines() == [f"{n} {a}" for n, a in enumerate(A159257, start=1)]


def brute_force(m: int, n: int) -> tuple[int, int]:
    """Fewest presses that clear an all-on m x n board, and how many press sets do: every set tried."""
    G = nx.grid_2d_graph(m, n)
    nodes = list(G)
    index = {v: i for i, v in enumerate(nodes)}
    masks = [sum(1 << index[u] for u in [v, *G[v]]) for v in nodes]
    full = (1 << len(nodes)) - 1
    least, count = None, 0
    for k in range(len(nodes) + 1):
        for chosen in itertools.combinations(range(len(nodes)), k):
            state = full
            for i in chosen:
                state ^= masks[i]
            if state == 0:
                count += 1
                least = k if least is None else least
    return least, count


def test_min_presses_against_brute_force():
    run = run_cli("table", "lightsout", "--sizes", "1..4", "--rectangles", "--min-presses", "--format", "json")
    rows = json.loads(run.out)["rows"]
    assert len(rows) == 10
    for row in rows:
        assert (row["min_presses"], row["count"]) == brute_force(row["m"], row["n"]), row
        assert row["count"] == 2 ** row["nullity"]


def test_formats_and_errors(tmp_path):
    text = run_cli("table", "lightsout", "--sizes", "4,5").out.splitlines()
    assert text[0].split() == ["n", "nullity", "count"] and text[1].split() == ["4", "4", "16"]
    csv = run_cli("table", "lightsout", "--sizes", "2..3", "--rectangles", "--format", "csv").out.splitlines()
    assert csv == ["m,n,nullity,count", "2,2,0,1", "2,3,2,4", "3,3,0,1"]  # 2 x 3: brute force above
    counts = run_cli("table", "lightsout", "--sizes", "4..5", "--value", "count", "--format", "bfile").out
    assert counts.splitlines() == ["4 16", "5 4"]
    torus = run_cli("table", "lightsout", "--sizes", "3", "--kind", "torus", "--format", "json").out
    assert json.loads(torus)["rows"][0]["nullity"] == 4  # A165738(3)
    stored = tmp_path / "t.sqlite"
    run_cli("table", "lightsout", "--sizes", "1..6", "--store", stored)
    assert run_cli("sweep", "show", stored, "--json").code == 0  # the table's work is a sweep in the store
    for args, message in [(["--format", "xml"], "unknown table format"),
                          (["--rectangles", "--format", "bfile"], "drop --rectangles"),
                          (["--value", "colour", "--format", "bfile"], "no column")]:
        run = run_cli("table", "lightsout", "--sizes", "2..3", *args)
        assert run.code == 2 and message in run.err, (args, run.err)
