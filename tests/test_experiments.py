"""Every experiment script runs on its own, answers --help, and writes its results where it is told."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(p for p in (ROOT / "experiments").glob("*.py") if not p.name.startswith("_"))
SMALL = {"quinto_counts.py": ["--sizes", "1..6"], "nullity_plot.py": ["--max", "60"],
         "crossvalidation.py": ["--examples", "3"], "most_clicks.py": ["--max-side", "6"],
         "min_presses.py": ["--max", "12"], "grid_colourings.py": ["--max", "11"]}
WRITES = {"quinto_counts.py": ["quinto_counts.csv", "quinto_nullity.png"], "nullity_plot.py": ["nullity.bfile", "nullity.png"],
          "quintomino.py": ["quintomino.json", "quintomino.png"], "enigma1780.py": ["enigma1780.json", "enigma1780.png"],
          "crossvalidation.py": ["crossvalidation.json"], "polyforms.py": ["polyforms.csv"],
          "most_clicks.py": ["most_clicks.txt", "most_clicks.bfile", "most_clicks.jsonl"],
          "min_presses.py": ["min_presses.bfile", "min_presses.jsonl"],
          "grid_colourings.py": ["grid_colourings.bfile", "grid_colourings.jsonl",
                                 "grid_colourings.txt"]}


def test_every_script_is_listed():
    assert {p.name for p in SCRIPTS} >= set(WRITES), "an experiment without a test"


@pytest.mark.parametrize("script", [p for p in SCRIPTS if p.name in WRITES], ids=lambda p: p.name)
def test_script_runs_and_writes(script, tmp_path):
    run = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "--out" in run.stdout
    run = subprocess.run([sys.executable, str(script), "--out", str(tmp_path), *SMALL.get(script.name, [])],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    for name in WRITES[script.name]:
        assert (tmp_path / name).stat().st_size > 0, name


def run_script(name: str, *args: str) -> subprocess.CompletedProcess:
    run = subprocess.run([sys.executable, str(ROOT / "experiments" / name), *args], capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr
    return run


def test_most_clicks_walks_to_the_parity_bound_and_carries_bounds_between_boards(tmp_path):
    """--far from an empty folder: the 4 x 4 and 5 x 5 boards' walks reach the parity bound (7, 15: Boyles'
    values), which makes them exact.  --transfer: the 49 x 49 board, stopped at 1397..1398, is settled by the
    109 x 109 board's 7037 (its integer program's) carried over; --check re-derives the bound and recomputes
    the worst starts."""
    import json

    run_script("most_clicks.py", "--far", "1", "--max-side", "5", "--out", str(tmp_path))
    walked = {e["n"]: e for e in map(json.loads, (tmp_path / "most_clicks.jsonl").read_text().splitlines())}
    assert {n: e["most_clicks"] for n, e in walked.items()} == {4: 7, 5: 15}
    assert all("local search" in e["proof"]["lower_by"] for e in walked.values())
    assert len((tmp_path / "most_clicks.txt").read_text().splitlines()) == 1 + 5  # a row a side, no more
    published = {e["n"]: e for e in map(json.loads, (ROOT / "experiments" / "data" / "most_clicks.jsonl")
                                        .read_text().splitlines())}
    stopped = dict(published[49], most_clicks=None, upper=1398, proof={"stopped": "time limit of 20 s"})
    assert "from" not in published[109]["proof"]
    (tmp_path / "most_clicks.jsonl").write_text(json.dumps(stopped) + "\n" + json.dumps(published[109]) + "\n")
    (tmp_path / "most_clicks.txt").unlink()
    said = run_script("most_clicks.py", "--transfer", "--out", str(tmp_path)).stdout
    assert "grid:49x49: 1397 (from grid:109x109" in said
    carried = [json.loads(line) for line in (tmp_path / "most_clicks.jsonl").read_text().splitlines()][0]
    assert carried["most_clicks"] == 1397 and carried["proof"]["from"] == "grid:109x109"
    assert "1 upper bounds carried over" in run_script("most_clicks.py", "--check", "--out", str(tmp_path)).stdout


def test_most_clicks_walks_again_from_the_worst_start_so_far(tmp_path):
    """--far --again: the 9 x 9 board's entry holds the dark start (0 presses); the walk goes on from its
    solution with --seed's random choices, and the start it keeps needs more (at most 37, Boyles' answer), as
    --check recomputes."""
    import json

    stopped = {"n": 9, "nullity": 8, "most_clicks": None, "lower": 0, "upper": 40, "seconds": 1.0,
               "worst_start": "0", "proof": {"stopped": "time limit of 1 s"}}
    (tmp_path / "most_clicks.jsonl").write_text(json.dumps(stopped) + "\n")
    run_script("most_clicks.py", "--far", "2", "--again", "--seed", "3", "--sides", "9", "--max-side", "9",
               "--out", str(tmp_path))
    walked = json.loads((tmp_path / "most_clicks.jsonl").read_text().splitlines()[-1])
    assert 0 < walked["lower"] <= 37 and walked["most_clicks"] is None
    assert walked["proof"]["lower_by"].endswith("seed 3, from the worst start before")
    assert "1 certificates re-verified" in run_script("most_clicks.py", "--check", "--out", str(tmp_path)).stdout


def test_most_clicks_programs_over_symmetric_words_raise_lower_bounds(tmp_path):
    """--symmetric from an empty folder: the words that the board's turns and mirrors keep reach 7, 15 and 37 on
    the 4 x 4, 5 x 5 and 9 x 9 boards (Boyles' values; the first two are the parity bound, which makes them exact,
    the third is below it: its entry stays open); --check recomputes the worst starts."""
    import json

    run_script("most_clicks.py", "--symmetric", "5", "--max-side", "9", "--out", str(tmp_path))
    found = {e["n"]: e for e in map(json.loads, (tmp_path / "most_clicks.jsonl").read_text().splitlines())}
    assert {n: (e["lower"], e["most_clicks"]) for n, e in found.items()} == {4: (7, 7), 5: (15, 15), 9: (37, None)}
    assert all("symmetric_word" in e["proof"]["lower_by"] for e in found.values())
    assert "program over symmetric words" in (tmp_path / "most_clicks.txt").read_text()
    assert "3 certificates re-verified" in run_script("most_clicks.py", "--check", "--out", str(tmp_path)).stdout


def test_most_clicks_programs_over_symmetric_three_state_words(tmp_path):
    """--symmetric on the three-state table: the 8 x 8 board's entry, stopped at 0..60, gets a start its turns
    and mirrors keep that needs 60 presses (its answer, found by the whole program), which closes it."""
    import json

    stopped = {"n": 8, "nullity": 4, "most_clicks": None, "lower": 0, "upper": 60, "seconds": 1.0,
               "proof": {"stopped": "time limit of 1 s"}}
    (tmp_path / "most_clicks_gf3.jsonl").write_text(json.dumps(stopped) + "\n")
    run_script("most_clicks.py", "--kind", "gf3", "--symmetric", "5", "--max-side", "8", "--out", str(tmp_path))
    found = json.loads((tmp_path / "most_clicks_gf3.jsonl").read_text().splitlines()[-1])
    assert found["most_clicks"] == 60 and "symmetric_word_gfp" in found["proof"]["lower_by"]
    said = run_script("most_clicks.py", "--kind", "gf3", "--check", "--out", str(tmp_path)).stdout
    assert "1 certificates re-verified" in said


def test_most_clicks_carries_worst_starts_up_a_family(tmp_path):
    """--transfer the other way: the 9 x 9 board's worst start (37 presses), carried to the 49 x 49 board's
    regions, makes a start there that needs 1397 presses, that board's answer, solved again on its own board;
    --check recomputes it."""
    import json

    published = {e["n"]: e for e in map(json.loads, (ROOT / "experiments" / "data" / "most_clicks.jsonl")
                                        .read_text().splitlines())}
    stopped = {"n": 49, "nullity": 8, "most_clicks": None, "lower": 0, "upper": 1398, "seconds": 1.0,
               "proof": {"stopped": "time limit of 1 s"}}
    (tmp_path / "most_clicks.jsonl").write_text(json.dumps(published[9]) + "\n" + json.dumps(stopped) + "\n")
    said = run_script("most_clicks.py", "--transfer", "--out", str(tmp_path)).stdout
    assert "grid:49x49: 1397..1398 (a start of grid:9x9 carried, 37 presses there)" in said, said
    carried = {e["n"]: e for e in map(json.loads, (tmp_path / "most_clicks.jsonl").read_text().splitlines())}[49]
    assert carried["lower"] == 1397 and "grid:9x9 carried" in carried["proof"]["lower_by"]
    assert "2 certificates re-verified" in run_script("most_clicks.py", "--check", "--out", str(tmp_path)).stdout


def test_most_clicks_tables_keep_their_length_through_stopped_boards(tmp_path):
    """A search whose boards stop (the tori of nullity 16 in a twentieth of a second) writes a row a side up to
    --max-side and goes on to the next board."""
    run_script("most_clicks.py", "--kind", "torus", "--max-side", "12", "--seconds", "0.05", "--seconds-beyond",
               "0.05", "--out", str(tmp_path))
    rows = (tmp_path / "most_clicks_torus.txt").read_text().splitlines()[1:]
    assert [int(row.split()[0]) for row in rows] == list(range(1, 13))


def test_most_clicks_counting_bounds_every_board_and_the_searches_replace_them(tmp_path):
    """From an empty folder, --counting bounds every board of nullity 1 or more up to 20: the sphere-covering
    bound (worked out here from the board's untouched cells and nullity) below and Boyles' values (4, 5, 9, 17:
    7, 15, 37, 199) inside; --check re-derives them; a plain search of the boards up to 5 afterwards replaces
    their bounds by 7 and 15."""
    from math import comb

    run_script("most_clicks.py", "--counting", "--max-side", "20", "--out", str(tmp_path))
    rows = {int(row.split()[0]): row.split() for row in (tmp_path / "most_clicks.txt").read_text().splitlines()[1:]}
    assert len(rows) == 20
    bounded = {n: tuple(map(int, row[2].split(".."))) for n, row in rows.items() if ".." in row[2]}
    assert set(bounded) == {4, 5, 9, 11, 14, 16, 17, 19}
    for n, value in {4: 7, 5: 15, 9: 37, 17: 199}.items():
        assert bounded[n][0] <= value <= bounded[n][1]
    from parity.puzzles import LightsOut

    basis = LightsOut("grid:19x19").solution_space().basis
    untouched = int((basis.sum(axis=0) == 0).sum())
    length, k = 361 - untouched, basis.shape[0]
    radius = next(r for r in range(length + 1) if sum(comb(length, i) for i in range(r + 1)) << k >= 1 << length)
    assert bounded[19][0] == untouched + radius == 142
    assert "sphere-covering bounds re-derived" in run_script("most_clicks.py", "--check", "--out", str(tmp_path)).stdout
    # a plain search (no --again) takes the boards that only counting has bounded
    searched = run_script("most_clicks.py", "--max-side", "5", "--out", str(tmp_path)).stdout
    assert "2 of 2 boards searched answered exactly" in searched
    assert [row.split()[2] for row in (tmp_path / "most_clicks.txt").read_text().splitlines()[4:6]] == ["7", "15"]
    assert "; 6 sphere-covering bounds" in run_script("most_clicks.py", "--check", "--out", str(tmp_path)).stdout
    # three-state lights: the 4 x 4 board (nullity 2 over GF(3), 16 at most) between 12 and the averaging bound 16
    run_script("most_clicks.py", "--counting", "--kind", "gf3", "--max-side", "5", "--out", str(tmp_path))
    row = (tmp_path / "most_clicks_gf3.txt").read_text().splitlines()[4]
    assert row.split()[2] == "12..16" and "the averaging bound above" in row
    checked = run_script("most_clicks.py", "--check", "--kind", "gf3", "--out", str(tmp_path)).stdout
    assert "sphere-covering bounds re-derived" in checked
    # a walk from the all-on start's solution on a board that only counting bounded (11 x 11: the all-on start
    # needs 55, counting says 54): the start it keeps is at least that far (--check solves it again)
    run_script("most_clicks.py", "--far", "1", "--all-on", "--sides", "11", "--out", str(tmp_path))
    entry = {e["n"]: e for e in map(json.loads, (tmp_path / "most_clicks.jsonl").read_text().splitlines())}[11]
    assert 55 <= entry["lower"] <= 65 and "all-on" in entry["proof"]["lower_by"]
    assert "; 5 sphere-covering bounds" in run_script("most_clicks.py", "--check", "--out", str(tmp_path)).stdout


def test_most_clicks_walks_only_two_state_tables(tmp_path):
    run = subprocess.run([sys.executable, str(ROOT / "experiments" / "most_clicks.py"), "--kind", "gf3", "--far", "1",
                          "--out", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert run.returncode != 0 and "two-state tables" in run.stderr and "Traceback" not in run.stderr


@pytest.mark.parametrize("args, words", [(["--far", "-5"], "positive number of seconds"),
                                         (["--far", "abc"], "positive number of seconds"),
                                         (["--symmetric", "0"], "positive number of seconds"),
                                         (["--symmetric", "1", "--subgroups", "0"], "whole number from 1"),
                                         (["--sides", "x,1"], "whole numbers from 1"),
                                         (["--sides", "0"], "whole numbers from 1"),
                                         (["--far", "1", "--seed", "-1"], "whole number from 0"),
                                         (["--far", "1", "--seed", "\u00b2"], "whole number from 0"),
                                         (["--symmetric", "1", "--seed", "2"], "give --far too"),
                                         (["--all-on"], "give --far too")])
def test_most_clicks_refuses_nonsense_options_in_one_line(args, words, tmp_path):
    run = subprocess.run([sys.executable, str(ROOT / "experiments" / "most_clicks.py"), *args, "--out", str(tmp_path)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and words in run.stderr and "Traceback" not in run.stderr


def test_most_clicks_keeps_no_start_below_a_counting_bound_it_keeps(experiment):
    """A search again of a board that counting bounded, whose lower bound is below counting's: the entry keeps the
    higher bound and drops the search's start, which needs fewer presses (--check would refuse it)."""
    script = experiment("most_clicks")
    before = {"n": 19, "nullity": 16, "most_clicks": None, "lower": 142, "upper": 180, "seconds": 0.1,
              "proof": {"stopped": "not searched", "upper_by": "the parity bound", "lower_by": script.SPHERE}}
    now = {"n": 19, "nullity": 16, "most_clicks": None, "lower": 120, "upper": 178, "seconds": 1.0,
           "worst_start": "ab", "proof": {"stopped": "time limit of 1 s", "solver": "HiGHS"}}
    entry = script.merged(before, now)
    assert (entry["lower"], entry["upper"], entry["proof"]["lower_by"]) == (142, 178, script.SPHERE)
    assert "worst_start" not in entry
    # the other way: an earlier search's start (found by its program: no lower_by) above a stopped search's counting
    # bound keeps its start and is not labelled counting's; of equal bounds, the one with a start stays
    searched = {**now, "lower": 150, "worst_start": "cd"}
    stopped = {**before, "proof": {**before["proof"], "stopped": "time limit of 2 s", "solver": "HiGHS"}}
    for low in (142, 150):
        entry = script.merged(searched, {**stopped, "lower": low})
        assert (entry["lower"], entry["worst_start"], "lower_by" in entry["proof"]) == (150, "cd", False)


@pytest.mark.parametrize("args, words", [(["--routes", "foo"], "--routes takes sweep and halves"),
                                         (["--routes", " , "], "--routes takes sweep and halves"),
                                         (["--threads", "0"], "--threads is a positive whole number"),
                                         (["--threads", "many"], "invalid int value"),
                                         (["--check", "--routes", "sweep"], "drop --routes")])
def test_grid_colourings_refuses_nonsense_options_in_one_line(args, words, tmp_path):
    run = subprocess.run([sys.executable, str(ROOT / "experiments" / "grid_colourings.py"), *args,
                          "--out", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and words in run.stderr and "Traceback" not in run.stderr, run.stderr
    assert not (tmp_path / "grid_colourings.jsonl").exists()  # refused before any count


def test_grid_colourings_joins_routes_counted_apart(tmp_path):
    """One route, then the other with more threads: the terms enter the b-file once both agree, and the table marks
    the counts made with other than two threads."""
    from parity.data.oeis import A068253

    run_script("grid_colourings.py", "--max", "10", "--routes", "sweep", "--out", str(tmp_path))
    assert (tmp_path / "grid_colourings.bfile").read_text().strip() == ""  # each term waits for its second route
    run_script("grid_colourings.py", "--max", "10", "--routes", "halves", "--threads", "3", "--out", str(tmp_path))
    terms = [line.split() for line in (tmp_path / "grid_colourings.bfile").read_text().splitlines()]
    assert terms == [[str(n), str(a)] for n, a in enumerate(A068253[:10], 1)]
    lines = [json.loads(line) for line in (tmp_path / "grid_colourings.jsonl").read_text().splitlines()]
    assert {(e["route"], e["threads"]) for e in lines} == {("sweep", 2), ("halves", 3)}
    table = (tmp_path / "grid_colourings.txt").read_text().splitlines()
    assert table[1].split()[0] == "10" and table[1].endswith("*") and not table[1].split()[-2].endswith("*")
    assert table[-1].startswith("* counted with a number of threads other than two")
