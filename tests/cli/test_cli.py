"""The command line contract: one JSON object on stdout, exit 2 and one line for user errors."""

import json
import subprocess
import sys

import pytest

from parity.testing import run_cli


def run(capsys, *args):
    """The CLI in this process: (exit status, stdout, stderr)."""
    return run_cli(*args)


def test_count_5x5_json(capsys):
    code, out, err = run(capsys, "count", "lightsout", "--board", "grid:5x5", "--json")
    data = json.loads(out)
    assert code == 0 and err == ""
    assert data["count"] == 4 and data["nullity"] == 2 and data["rank"] == 23
    assert {"count", "nullity", "rank", "board", "engine", "seconds", "family", "satisfiable"} <= set(data)
    assert isinstance(data["count"], int)


def test_count_is_an_exact_integer_for_huge_counts(capsys):
    code, out, _ = run(capsys, "count", "lightsout", "--board", "grid:19x19", "--json")
    assert json.loads(out)["count"] == 2**16


def test_solve_json_has_presses_and_grid(capsys):
    code, out, _ = run(capsys, "solve", "lightsout", "--board", "grid:5x5", "--min-presses", "--json")
    data = json.loads(out)
    assert data["min_presses"] == 15 == data["press_count"] == sum(data["presses"].values())
    assert len(data["press_grid"]) == 5 and sum(row.count("#") for row in data["press_grid"]) == 15
    assert set(data["presses"]) == {f"{r},{c}" for r in range(5) for c in range(5)}


def test_solve_text_draws_the_grid(capsys):
    code, out, _ = run(capsys, "solve", "lightsout", "--board", "grid:3x3")
    assert code == 0
    assert out.splitlines()[1:] == ["# . #", ". # .", "# . #"]


def test_unsolvable_is_not_an_error(capsys, tmp_path):
    start = tmp_path / "corner.txt"
    start.write_text("1000\n0000\n0000\n0000\n")
    code, out, _ = run(capsys, "solve", "lightsout", "--board", "grid:4x4", "--start", str(start), "--json")
    data = json.loads(out)
    assert code == 0 and data["satisfiable"] is False and data["count"] == 0


@pytest.mark.parametrize(
    "args, words",
    [
        (["count", "lightsout", "--board", "grid:5x"], "expected grid:NxN"),
        (["count", "lightsout", "--board", "grid:5x5", "--field", "4"], "not a prime"),
        (["count", "lightsout", "--board", "nothing.graphml"], "no such file"),
        (["count", "lightsout", "--board", "grid:3x3", "--start", "blue"], "neither all-on"),
        (["count", "lightsout", "--board", "grid:3x3", "--engine", "magic"], "unknown engine 'magic'"),
        (["count", "lightsout", "--board", "grid:3x3", "--field", "3", "--engine", "gf2"], "does not apply"),
        (["count", "lightsout", "--board", "grid:3x3", "--rule", "knight"], "neither closed, open"),
        (["count", "lightsout"], "Missing option '--board'"),
        (["count", "kakuro"], "unknown puzzle family 'kakuro'"),
    ],
)
def test_user_errors_exit_2_with_one_line(capsys, args, words):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err


@pytest.mark.parametrize(
    "args, words, option",
    [
        (["count", "lightsout", "--board", "grid:5x", "--json"], "expected grid:NxN", "--board"),
        (["count", "lightsout", "--board", "grid:5x5", "--field", "4", "--json"], "not a prime", "--field"),
        (["count", "lightsout", "--board", "grid:3x3", "--engine", "magic", "--json"], "unknown engine", "--engine"),
        (["count", "lightsout", "--board", "grid:3x3", "--field", "x", "--json"], "not a valid integer", "--field"),
        (["count", "lightsout", "--json"], "Missing option '--board'", "--board"),
        (["count", "lightsout", "--board", "grid:3x3", "--bord", "x", "--json"], "No such option", "--bord"),
        (["count", "cnf", "missing.cnf", "--json"], "no such file", "PATH"),
        (["count", "lightsout", "--board", "grid:3x3", "--time-limit", "-1", "--json"], "time limit", "--time-limit"),
        (["count", "coloring", "--board", "petersen", "--colors", "0", "--json"], "colours", "--colors"),
        (["count", "coloring", "--board", "petersen", "--clues", "none.json", "--json"], "clue file", "--clues"),
        (["solve", "lightsout", "--board", "grid:3x3", "--min-presses", "--max-nullity", "99", "--json"],
         "--max-nullity must be", "--max-nullity"),
        (["solve", "coloring", "--board", "petersen", "--colors", "2", "--proof", "/nonexistent/p.drat", "--json"],
         "no such directory", "--proof"),
        (["count", "lightsout", "--board", "grid:3x3", "--start", "nonsense", "--json"], "neither all-on", None),
    ],
)
def test_refusals_with_json_say_so_in_one_json_object_too(capsys, args, words, option):
    code, out, err = run(capsys, *args)
    assert code == 2 and len(err.strip().splitlines()) == 1 and words in err and "Traceback" not in err
    answer = json.loads(out)  # one object, nothing else on stdout
    assert answer["status"] == "ERROR" and answer["exit_status"] == 2 and answer["option"] == option
    assert err.strip() == f"parity: error: {answer['message']}" and answer["error"]


def test_a_json_flag_after_the_end_of_options_asks_nothing(capsys):
    code, out, err = run(capsys, "count", "lightsout", "--board", "grid:3x3", "--", "--json")
    assert code == 2 and out == "" and "unexpected extra argument" in err


def test_minimum_search_too_large_is_a_user_error(capsys, tmp_path):
    isolated = tmp_path / "isolated.col"
    isolated.write_text("p edge 40 0\n")
    code, out, err = run(capsys, "solve", "lightsout", "--board", str(isolated), "--rule", "open", "--start", "all-off",
                         "--min-presses", "--max-nullity", "20")
    assert code == 2 and out == "" and "2^40" in err and len(err.splitlines()) == 1
    code, out, _ = run(capsys, "count", "lightsout", "--board", str(isolated), "--rule", "open", "--start", "all-off", "--json")
    assert json.loads(out)["count"] == 2**40


def test_toggle_matrix_file(capsys, tmp_path):
    matrix = tmp_path / "t.txt"
    matrix.write_text("1 1 0\n1 1 1\n0 1 1\n")
    code, out, _ = run(capsys, "count", "lightsout", "--board", "grid:1x3", "--rule", str(matrix), "--json")
    assert json.loads(out)["count"] == 1


def test_installed_console_script():
    result = subprocess.run(
        [sys.executable, "-m", "parity", "count", "lightsout", "--board", "grid:4x4", "--json"],
        capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["count"] == 16
    bad = subprocess.run([sys.executable, "-m", "parity", "count", "lightsout", "--board", "grid:0"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_count_through_the_cnf_engines(capsys):
    for engine, exact in (("sat", True), ("cms", True), ("ganak", False), ("sat:glucose4", True)):
        code, out, _ = run(capsys, "count", "lightsout", "--board", "grid:5x5", "--engine", engine, "--json")
        data = json.loads(out)
        assert data["count"] == 4 and data["engine"] == engine and data["exact"] is exact


def test_solve_through_sat_is_verified_and_drawn(capsys):
    code, out, _ = run(capsys, "solve", "lightsout", "--board", "grid:3x3", "--engine", "cms")
    assert out.splitlines()[1:] == ["# . #", ". # .", "# . #"]


def test_export_and_count_a_cnf_file(capsys, tmp_path):
    path = tmp_path / "g.cnf"
    code, out, _ = run(capsys, "export", "lightsout", "--board", "grid:4x4", "--format", "cnf", "-o", str(path), "--json")
    assert json.loads(out)["primary"] == 16
    assert any(line.startswith("c p show ") for line in path.read_text().splitlines())
    for engine in ("ganak", "sat", "cms"):
        code, out, _ = run(capsys, "count", "cnf", str(path), "--engine", engine, "--json")
        assert json.loads(out)["count"] == 16
    code, out, _ = run(capsys, "solve", "cnf", str(path), "--json")
    data = json.loads(out)
    assert data["status"] == "SAT" and len(data["model"]) == 16


def test_export_matrix_for_m4ri(capsys, tmp_path):
    path = tmp_path / "a.txt"
    run(capsys, "export", "lightsout", "--board", "grid:3x3", "--format", "matrix", "-o", str(path))
    lines = path.read_text().splitlines()
    assert lines[0] == "9 9" and lines[1] == "110100000"


def test_bad_cnf_file_is_a_user_error(capsys, tmp_path):
    path = tmp_path / "bad.cnf"
    path.write_text("p cnf 2 1\n1 5 0\n")
    code, out, err = run(capsys, "count", "cnf", str(path))
    assert code == 2 and "bad.cnf:2" in err and len(err.splitlines()) == 1


def test_solve_cnf_time_limit_unknown(capsys, tmp_path):
    path = tmp_path / "php.cnf"
    holes = 11
    var = lambda i, j: i * holes + j + 1  # noqa: E731
    clauses = [[var(i, j) for j in range(holes)] for i in range(holes + 1)]
    clauses += [[-var(a, j), -var(b, j)] for j in range(holes) for a in range(holes + 1) for b in range(a + 1, holes + 1)]
    path.write_text(f"p cnf {(holes + 1) * holes} {len(clauses)}\n" + "".join(" ".join(map(str, c)) + " 0\n" for c in clauses))
    code, out, _ = run(capsys, "solve", "cnf", str(path), "--engine", "sat:glucose4", "--time-limit", "0.3", "--json")
    assert json.loads(out)["status"] == "UNKNOWN" and json.loads(out)["satisfiable"] is None
