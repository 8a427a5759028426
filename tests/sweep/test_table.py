"""parity table lightsout: the published OEIS values, brute-force minima, every format."""

import itertools
import json
import re

import networkx as nx
import pytest

from parity.testing import run_cli
from parity.data.oeis import A159257
from parity.sweep.table import format_table


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


def test_board_free_rows_one_board_at_a_time_and_swept_match_the_published_tables():
    from parity.data.oeis import A165738
    from parity.sweep.table import BATCH_FROM, lightsout_table

    one_by_one = lightsout_table(f"1..{BATCH_FROM - 1}")  # below the batch: one gcd a board
    assert [r["nullity"] for r in one_by_one] == A159257[:BATCH_FROM - 1]
    assert [r["nullity"] for r in lightsout_table("1..90", kind="torus")] == A165738
    sparse = lightsout_table(",".join(str(n) for n in range(2, 131, 2)))  # a sweep up to 130, every other side
    assert [(r["n"], r["nullity"]) for r in sparse] == [(n, A159257[n - 1]) for n in range(2, 131, 2)]


def test_board_free_rows_agree_with_elimination_on_the_board():
    import parity as pt
    from parity.sweep.table import lightsout_table

    for kind in ("grid", "cylinder", "torus"):
        for row in lightsout_table("1..9", rectangles=True, kind=kind):
            puzzle = pt.LightsOut(f"{kind}:{row['m']}x{row['n']}")
            result = pt.count_result(puzzle, engine="gf2")  # the graph built, its matrix eliminated
            assert (row["nullity"], row["count"]) == (result.stats["nullity"], result.count), (kind, row)


def test_a_board_free_table_resumes_from_its_store(tmp_path):
    from parity.sweep import Store
    from parity.sweep.table import lightsout_rows, lightsout_table

    stored = tmp_path / "t.sqlite"
    rows = lightsout_rows("1..200", store=stored)
    first = [next(rows) for _ in range(3)]
    rows.close()  # stopped after three rows: what was computed is kept
    with Store(stored) as store:
        kept = store.counts("lightsout")["done"]
        engines = {row["engine"] for row in store.rows("lightsout")}
    assert kept >= 3 and engines == {"poly"}
    whole = lightsout_table("1..200", store=stored)
    assert whole[:3] == first and [r["nullity"] for r in whole[:130]] == A159257


def test_csv_and_bfile_rows_stream_as_the_table_formats_them(tmp_path):
    from parity.sweep.table import format_table, lightsout_rows, lightsout_table, stream_lines

    for fmt, rectangles in (("csv", True), ("csv", False), ("bfile", False)):
        rows = lightsout_table("1..7", rectangles=rectangles, kind="cylinder")
        streamed = list(stream_lines(lightsout_rows("1..7", rectangles=rectangles, kind="cylinder"), fmt,
                                     rectangles=rectangles))
        assert streamed == format_table(rows, fmt).splitlines()
    out = tmp_path / "b.txt"
    run = run_cli("table", "lightsout", "--sizes", "1..130", "--format", "bfile", "-o", out)
    assert run.code == 0 and out.read_text().splitlines() == [f"{n} {a}" for n, a in enumerate(A159257, start=1)]
    assert "wrote" in run.err


def test_board_free_minimum_presses_agree_with_the_built_board():
    import parity as pt
    from parity.sweep.table import lightsout_table

    for kind in ("grid", "cylinder", "torus"):
        for row in lightsout_table("1..6", rectangles=True, kind=kind, min_presses=True):
            puzzle = pt.LightsOut(f"{kind}:{row['m']}x{row['n']}")
            found = pt.solve(puzzle, minimize=True, engine="gf2")  # the graph built, every solution weighed
            assert row["min_presses"] == found.stats["minimum_weight"], (kind, row)
            assert row["min_presses_method"].startswith(f"all 2^{row['nullity']} solutions weighed")
    beyond = lightsout_table("20", kind="torus", min_presses=True)[0]  # nullity 32 (A165738): not searched, and said so
    assert beyond["min_presses"] is None and "beyond" in beyond["min_presses_method"]


def test_a_table_that_cannot_be_written_is_one_line(tmp_path):
    import os

    import pytest

    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    for fmt in ("bfile", "csv", "text"):  # streamed rows and a table written at the end
        run = run_cli("table", "lightsout", "--sizes", "1..5", "--format", fmt, "-o", "/dev/full")
        assert run.code == 2 and run.err.count("\n") == 1 and "No space left" in run.err, (fmt, run.err)
    run = run_cli("table", "lightsout", "--sizes", "1..5", "--format", "bfile", "-o", tmp_path / "no" / "b.txt")
    assert run.code == 2 and run.err.count("\n") == 1 and "cannot write" in run.err


def test_csv_keeps_the_bounds_of_a_board_whose_search_stopped():
    # what a second of search reaches depends on the machine: each table is checked against the truth (Boyles'
    # table: 7 and 15; the 19 x 19 board's worst start known needs 162 presses, 177 are proved enough), not the
    # tables against each other
    truth = {4: (7, 7), 5: (15, 15), 19: (162, 177)}
    args = ("table", "lightsout", "--sizes", "4,5,19", "--most-clicks", "--board-seconds", "1")
    rows = run_cli(*args, "--format", "csv").out.splitlines()
    assert rows[0] == "n,nullity,count,most_clicks,most_clicks_lower,most_clicks_upper"
    assert [row.split(",")[:3] for row in rows[1:]] == [["4", "4", "16"], ["5", "2", "4"], ["19", "16", "65536"]]
    for row in rows[1:]:
        n, _, _, value, lower, upper = row.split(",")
        low, high = truth[int(n)]
        if value:  # found: the bounds are the value
            assert low <= int(value) <= high and lower == upper == value
        elif lower:  # stopped with bounds
            assert int(lower) <= high and low <= int(upper)
        else:  # stopped before any
            assert upper == ""
    table = json.loads(run_cli(*args, "--format", "json").out)["rows"]
    assert format_table(table, "csv").splitlines()[0] == rows[0]
    for row, line in zip(table, format_table(table, "csv").splitlines()[1:]):  # the CSV of the JSON rows
        bounds = row.get("most_clicks_bounds")
        value = row["most_clicks"]
        expected = [value, value] if value is not None else (bounds or ["", ""])
        assert line.split(",")[3:] == ["" if value is None else str(value), *map(str, expected)]
    text = run_cli(*args).out.splitlines()[3].split()
    assert text[:3] == ["19", "16", "65536"] and (len(text) == 3 or re.fullmatch(r"\d+(\.\.\d+)?", text[3]))


def test_a_swept_table_gives_its_rows_as_the_sweep_finishes_them(tmp_path):
    import parity as pt
    from parity.sweep import Store
    from parity.sweep.table import lightsout_rows

    stored = tmp_path / "t.sqlite"
    rows = lightsout_rows("1..40", rule="open", store=stored)  # the open rule: tasks of a sweep, in chunks
    first = next(rows)
    with Store(stored) as store:
        assert store.counts("lightsout")["done"] < 40  # the first row came before the sweep ended
    rows.close()  # stopped: the claims of the chunks given up are released, what was finished is kept
    with Store(stored) as store:
        assert store.claims() == [] and store.counts("lightsout")["done"] >= 1
    whole = list(lightsout_rows("1..40", rule="open", store=stored))
    assert whole[0] == first and [r["n"] for r in whole] == list(range(1, 41))
    for row in whole[:12]:  # the board built and eliminated, without the chase the sweep's tasks use
        result = pt.count_result(pt.LightsOut(f"grid:{row['n']}x{row['n']}", rule="open"), engine="gf2")
        assert (row["nullity"], row["count"]) == (result.stats["nullity"], result.count), row


# -- the table's contract: a family's table needs nothing of the command line --------------------------------
TOY_MODULE = '''
def tasks(sizes):
    from parity.puzzles.registry import parse_sizes
    return [{"m": n, "n": n} for n in parse_sizes(sizes)]

def rows(sizes, perimeter=False, *, store=None, workers=0, scheduler=None, progress=None, time_limit=None):
    for task in tasks(sizes):
        n = task["n"]
        yield {"m": n, "n": n, "area": n * n, **({"perimeter": 4 * n} if perimeter else {})}
'''


@pytest.fixture
def toy_table(tmp_path, monkeypatch):
    """A family registered at run time whose sweep offers a table of squares' areas (and, asked, perimeters)."""
    from parity.puzzles import LightsOut
    from parity.puzzles.registry import Family, Option, SweepSpec, TableSpec, register, unregister

    (tmp_path / "toy_squares.py").write_text(TOY_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    table = TableSpec("Areas of squares.", (Option("perimeter", ("--perimeter",), "Add the perimeter.",
                                                   default=False, type=bool),),
                      columns=("area",), extras=("perimeter",), rows="toy_squares:rows")
    sweep = SweepSpec("squares", "Squares by side.", (Option("sizes", ("--sizes",), "Sides.", required=True),),
                      tasks="toy_squares:tasks", task="parity.sweep.builtin:square", table=table)
    class Squares(LightsOut):
        family = "toy-squares"

    register(Family("toy-squares", Squares, "Toy.", (), build=Squares, sweeps=(sweep,)))
    yield
    unregister("toy-squares")


def test_a_family_s_table_is_a_command_without_a_line_of_the_command_line(toy_table):
    code, out, err = run_cli("table", "squares", "--sizes", "2..4")
    assert code == 0, err
    assert out.split() == ["n", "area", "2", "4", "3", "9", "4", "16"]
    code, out, _ = run_cli("table", "squares", "--sizes", "1..3", "--format", "bfile", "--value", "perimeter")
    assert (code, out.splitlines()) == (0, ["1 4", "2 8", "3 12"])  # the b-file's column is asked for by --value
    code, out, _ = run_cli("table", "squares", "--sizes", "5", "--perimeter", "--json")
    assert json.loads(out) == {"table": "squares", "complete": True,
                               "rows": [{"m": 5, "n": 5, "area": 25, "perimeter": 20}]}
    code, _, err = run_cli("table", "squares", "--sizes", "5", "--value", "nullity")
    assert code == 2 and "no column 'nullity'" in err and "area" in err


def test_a_huge_count_is_short_in_text_and_whole_in_csv_and_json():
    # the 2559 x 2559 board has nullity 2048 (the JSON's nullity): its count has 617 digits
    code, out, _ = run_cli("table", "lightsout", "--sizes", "2559", "--json")
    row = json.loads(out)["rows"][0]
    assert code == 0 and row["nullity"] == 2048 and row["count"] == 2**2048
    code, text, _ = run_cli("table", "lightsout", "--sizes", "2558..2559")
    whole = str(2**2048)
    assert code == 0 and max(len(line) for line in text.splitlines()) < 40
    assert text.splitlines()[-1].split() == ["2559", "2048", f"{whole[0]}.{whole[1:4]}e+{len(whole) - 1}"]
    code, csv_text, _ = run_cli("table", "lightsout", "--sizes", "2559", "--format", "csv")
    assert csv_text.splitlines()[1] == f"2559,2048,{whole}"


def test_the_fewest_presses_column_takes_any_bound_and_refuses_nonsense():
    from parity.data.oeis import A075464

    code, out, _ = run_cli("table", "lightsout", "--sizes", "3..5", "--min-presses", "--max-nullity", "0", "--json")
    rows = json.loads(out)["rows"]  # a bound of 0: only boards with one solution are searched
    assert code == 0 and [row["min_presses"] for row in rows] == [A075464[2], None, None]
    for bad in ("-3", "65", "many"):
        code, out, err = run_cli("table", "lightsout", "--sizes", "3", "--min-presses", "--max-nullity", bad)
        assert code == 2 and out == "" and err.count("\n") == 1 and "--max-nullity" in err, (bad, err)
