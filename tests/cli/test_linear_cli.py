"""``parity solve|count|check linear FILE``: any matrix from the command line.

Counts are checked against ``parity count lightsout`` on the same boards
(the file written by ``parity export ... --format matrix``), solutions against
the file's entries by plain integer arithmetic here, and errors the way
tests/cli/test_errors_signals_limits.py checks them: status 2, one line on stderr,
nothing on stdout (the same message as a JSON object with ``--json``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parity.testing import run_cli


def json_answer(*args) -> dict:
    code, out, err = run_cli(*args, "--json")
    assert code == 0, err
    return json.loads(out)


def assert_user_error(args, *words) -> str:
    code, out, err = run_cli(*args)
    assert code == 2, err
    assert "Traceback" not in err
    if "--json" in map(str, args):  # the refusal in JSON on stdout too
        assert json.loads(out)["message"] == err.strip().removeprefix("parity: error: ")
    else:
        assert out == ""
    assert len(err.splitlines()) == 1 and err.startswith("parity: error: "), err
    for word in words:
        assert word in err, err
    return err


def entries(path: Path, field: int) -> list[list[int]]:
    """The rows of a matrix file, read here by hand (digits together below 11, blanks from 11 on)."""
    lines = path.read_text().split("\n")[1:]
    return [[int(v) for v in (line.split() if field >= 11 else line)] for line in lines if line.strip()]


def satisfies(rows: list[list[int]], x: list[int], field: int) -> bool:
    """A x = b for the augmented rows [A | b], in Python integers."""
    return all((sum(a * v for a, v in zip(row[:-1], x)) - row[-1]) % field == 0 for row in rows)


# over GF(p > 2) every command compiles galois' kernels afresh in its child process: seconds a case
SLOW = pytest.mark.slow


@pytest.mark.parametrize("board, field", [
    ("grid:3x3", 2), ("grid:4x4", 2), ("grid:5x5", 2), ("grid:6x6", 2),
    pytest.param("grid:2x3", 3, marks=SLOW), pytest.param("grid:4x4", 3, marks=SLOW),
    pytest.param("grid:3x3", 5, marks=SLOW), pytest.param("grid:2x2", 13, marks=SLOW),
])
def test_export_then_count_linear_agrees_with_count_lightsout(tmp_path, board, field):
    lights = json_answer("count", "lightsout", "--board", board, "--field", field)
    augmented, plain = tmp_path / "Ab.txt", tmp_path / "A.txt"
    assert run_cli("export", "lightsout", "--board", board, "--field", field, "--format", "matrix", "--augmented",
                   "-o", augmented).code == 0
    assert run_cli("export", "lightsout", "--board", board, "--field", field, "--format", "matrix",
                   "-o", plain).code == 0
    data = json_answer("count", "linear", augmented, "--field", field, "--augmented")
    assert data["count"] == lights["count"] and data["satisfiable"] == lights["satisfiable"]
    assert (data["rank"], data["nullity"]) == (lights["rank"], lights["nullity"])
    homogeneous = json_answer("count", "linear", plain, "--field", field)
    assert homogeneous["count"] == field ** lights["nullity"]


@pytest.mark.parametrize("field", [2, pytest.param(3, marks=SLOW), pytest.param(13, marks=SLOW)])
def test_solve_linear_gives_a_solution_of_the_file(tmp_path, field):
    path = tmp_path / "A.txt"
    run_cli("export", "lightsout", "--board", "grid:4x5", "--field", field, "--format", "matrix", "--augmented",
            "-o", path)
    data = json_answer("solve", "linear", path, "--field", field, "--augmented")
    assert data["family"] == "linear" and data["field"] == field and data["augmented"] is True
    assert (data["rows"], data["unknowns"]) == (20, 20)
    assert data["status"] == "SAT" and len(data["x"]) == 20
    assert satisfies(entries(path, field), data["x"], field)
    assert 0 <= data["seconds"] <= data["total_seconds"]


def test_text_answers_name_rank_nullity_count_and_draw_x(tmp_path):
    path = tmp_path / "A.txt"
    run_cli("export", "lightsout", "--board", "grid:5x5", "--format", "matrix", "--augmented", "-o", path)
    code, out, err = run_cli("count", "linear", path, "--augmented")
    assert code == 0 and err == ""
    assert out.startswith("A x = b from A.txt (25 x 25 over GF(2)): 4 solutions (rank 23, nullity 2; engine ")
    code, out, err = run_cli("solve", "linear", path, "--augmented", "--min-weight")
    headline, picture = out.splitlines()
    assert headline.startswith("A x = b from A.txt (25 x 25 over GF(2)): x with 15 non-zero of 25 entries")
    assert headline.endswith("(the minimum over all 4 solutions)")
    x = [int(c) for c in picture.removeprefix("x = ")]
    assert len(x) == 25 and sum(x) == 15 and satisfies(entries(path, 2), x, 2)


def test_an_unsolvable_file_is_an_answer_not_an_error(tmp_path):
    path = tmp_path / "A.txt"
    path.write_text("2 3\n11 1\n11 0\n")  # x + y = 1 and x + y = 0; blanks inside a GF(2) row are ignored
    data = json_answer("solve", "linear", path, "--augmented")
    assert data["satisfiable"] is False and data["status"] == "UNSAT" and "x" not in data
    code, out, _ = run_cli("solve", "linear", path, "--augmented")
    assert code == 0 and "no solution (rank 1; engine " in out


def test_a_time_limit_still_reports_both_times(tmp_path):
    path = tmp_path / "A.txt"
    path.write_text("2 3\n110\n011\n")
    data = json_answer("count", "linear", path, "--time-limit", "60")
    assert data["count"] == 2 and 0 <= data["seconds"] <= data["total_seconds"]
    wide = tmp_path / "wide.txt"
    wide.write_text("1 62\n" + "1" * 62 + "\n")  # a minimum search over 2^60 solutions never ends
    data = json_answer("solve", "linear", wide, "--augmented", "--min-weight", "--max-nullity", "64",
                       "--time-limit", "0.5")
    assert data["status"] == "UNKNOWN" and data["seconds"] == data["total_seconds"] > 0


def test_every_family_reports_engine_and_total_seconds():
    for args in (("count", "lightsout", "--board", "grid:3x3"), ("solve", "lightsout", "--board", "grid:3x3")):
        data = json_answer(*args)
        assert 0 <= data["seconds"] <= data["total_seconds"]


def test_check_linear_cross_checks_gf2_against_galois():
    data = json_answer("check", "linear", "--examples", "20", "--seed", "3")
    assert data["agree"] and data["checked"] == 20 and data["unchecked_instances"] == 0
    assert {"gf2", "galois"} <= set(data["engines"])
    assert all(entry["agree"] == entry["instances"] == 20 for entry in data["engines"].values())


def test_the_family_is_listed_and_documented():
    code, out, _ = run_cli("count", "--help")
    assert code == 0 and "linear" in out
    code, out, _ = run_cli("solve", "linear", "--help")
    assert code == 0 and all(flag in out for flag in ("PATH", "--field", "--augmented", "--min-weight"))


@pytest.mark.parametrize("text, args, words", [
    (None, (), ("cannot read matrix file", "no such file")),
    ("", (), ("is empty",)),
    ("3\n101\n", (), ("'ROWS COLS'",)),
    ("2 3\n101\n11\n", (), ("line 3", "2 entries, the header says 3")),
    ("2 3\n101\n", (), ("has 1 row, its header says 2",)),
    ("2 3\n101\n121\n", (), ("line 3, column 2", "entry 2 is outside 0..1")),
    ("1 3\n1 0 3\n", ("--field", "3"), ("entry 3 is outside 0..2",)),
    ("1 2\n1 1\n", ("--field", "4"), ("field order 4 is not a prime",)),
    ("1 2\n1 1\n", ("--field", "0"), ("field order 0 is not a prime",)),
    ("100000000 100000000\n", (), ("100000000 x 100000000 matrix", "memory")),
    ("2 0\n", ("--augmented",), ("no last column for b",)),
])
@pytest.mark.parametrize("verb", ["count", "solve"])
def test_malformed_input_is_one_line_and_status_2(tmp_path, text, args, words, verb):
    path = tmp_path / "A.txt"
    if text is not None:
        path.write_text(text)
    assert_user_error((verb, "linear", path, *args), *words)
    assert_user_error((verb, "linear", path, *args, "--json"), *words)


def test_a_directory_is_refused(tmp_path):
    assert_user_error(("count", "linear", tmp_path), "is a directory")


def test_export_linear_keeps_an_augmented_file_augmented(tmp_path):
    path, again = tmp_path / "Ab.txt", tmp_path / "again.txt"
    path.write_text("2 3\n111\n011\n")
    code, _, err = run_cli("export", "linear", path, "--augmented", "--format", "matrix", "-o", again)
    assert code == 0 and err == ""
    assert again.read_text() == path.read_text()
    plain = tmp_path / "A.txt"
    path.write_text("2 2\n11\n01\n")
    assert run_cli("export", "linear", path, "--format", "matrix", "-o", plain).code == 0
    assert plain.read_text() == path.read_text()


def test_counts_beyond_python_s_printing_limit_are_printed_in_full(tmp_path):
    path = tmp_path / "free.txt"
    path.write_text("0 15000\n")
    run = run_cli("count", "linear", path, "--json")
    assert run.code == 0 and json.loads(run.out)["count"] == 2**15000
    run = run_cli("count", "linear", path)
    assert run.code == 0 and str(2**15000) in run.out


def test_a_header_with_a_zero_side_is_still_sized(tmp_path):
    for header in ("1000000000000 0\n", "0 1000000000000\n"):
        path = tmp_path / "empty.txt"
        path.write_text(header)
        run = run_cli("count", "linear", path)
        assert run.code == 2 and "memory" in run.err, run.err


def test_an_endless_device_is_refused_not_read_forever():
    import resource
    import subprocess
    import sys

    def limit_memory():
        resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))

    # NUL bytes show it is no text at its first chunk: refused at once, not after reading gigabytes
    run = subprocess.run([sys.executable, "-m", "parity", "count", "linear", "/dev/zero"], capture_output=True,
                         text=True, preexec_fn=limit_memory, timeout=120)
    assert run.returncode == 2, run.stderr
    assert run.stderr == "parity: error: cannot read matrix file /dev/zero: not a text file (it contains NUL bytes)\n"
    # an endless stream of text is read until it outgrows the memory the process may use
    endless = f"yes 1 | {sys.executable} -m parity count linear /dev/stdin"
    run = subprocess.run(["bash", "-c", endless], capture_output=True, text=True, preexec_fn=limit_memory,
                         timeout=300)
    assert run.returncode == 2, run.stderr
    assert run.stderr.startswith("parity: error: cannot read matrix file /dev/stdin: it is larger than the memory")


def test_a_pipe_is_read_once_even_under_a_time_limit(tmp_path):
    import os
    import threading

    fifo = tmp_path / "matrix.fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_text("2 3\n110\n011\n"))
    writer.start()
    run = run_cli("count", "linear", fifo, "--time-limit", "20", "--json")
    writer.join(timeout=5)
    assert run.code == 0, run.err
    assert json.loads(run.out)["count"] == 2
