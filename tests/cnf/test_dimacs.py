"""DIMACS in and out: projection lines, XOR lines, errors with line numbers, an external solver."""

import shutil
import subprocess

import pytest

from parity.cnf import CNF, backend, read_dimacs, write_dimacs
from parity.errors import DimacsError, DimacsWarning, OutputError, TooLargeError
from parity.puzzles import LightsOut


def test_round_trip_keeps_models(tmp_path):
    formula = LightsOut("grid:4x4").cnf()
    for xor_lines in (False, True):
        path = tmp_path / f"f{xor_lines}.cnf"
        write_dimacs(formula, path, xor_lines=xor_lines)
        back = read_dimacs(path)
        assert back.primary == formula.primary
        assert backend("sat").count(back) == 16 == backend("cms").count(back)


def test_without_projection_every_variable_counts(tmp_path):
    path = tmp_path / "f.cnf"
    path.write_text("c plain\np cnf 3 1\n1 2 0\n")
    f = read_dimacs(path)
    assert f.primary == [1, 2, 3] and backend("ganak").count(f) == 6


def test_old_style_ind_line(tmp_path):
    path = tmp_path / "f.cnf"
    path.write_text("p cnf 3 1\nc ind 1 0\n1 2 3 0\n")
    assert backend("sat").count(read_dimacs(path)) == 2


def test_clause_over_several_lines(tmp_path):
    path = tmp_path / "f.cnf"
    path.write_text("p cnf 3 2\n1 2\n3 0 -1 0\n")
    assert len(read_dimacs(path).clauses) == 2


@pytest.mark.parametrize(
    "text, words",
    [
        ("p cnf 2 1\n1 3 0\n", ":2: literal 3 exceeds the 2 declared"),
        ("1 2 0\n", ":1: clause before the 'p cnf' line"),
        ("p cnf x 1\n", ":1: expected 'p cnf VARIABLES CLAUSES'"),
        ("p cnf 2 1\n1 a 0\n", ":2: 'a' is not an integer literal"),
        ("p cnf 2 1\n1 2\n", "not closed by 0"),
        ("c only comments\n", "no 'p cnf"),
        ("p cnf 2 1\nc p show -1 0\n1 0\n", ":2: projection variables must be positive"),
        ("c p show 1 9 0\np cnf 3 2\n1 2 0\n3 0\n", ":1: projection variable 9 exceeds the 3 declared"),
        ("c c\nc ind 3000000000 0\np cnf 3 2\n1 2 0\n3 0\n", ":2: projection variable 3000000000 exceeds the 3 declared"),
        ("p cnf 3 1\nc p show 1 9 0\n1 0\n", ":2: literal 9 exceeds the 3 declared"),
        ("p cnf -3 2\n", ":1: the counts in 'p cnf -3 2' must not be negative"),
        ("p cnf 3 -2\n", ":1: the counts .* must not be negative"),
        ("p cnf 0 0\n", ":1: 'p cnf 0 ...' declares no variables"),
        ("p cnf 1_0 1\n1 0\n", ":1: expected 'p cnf VARIABLES CLAUSES'"),
        ("p cnf 3 1\n1_0 0\n", ":2: '1_0' is not an integer literal"),
        ("p cnf 3 1\n" + "9" * 200 + " 0\n", ":2: literal 999999999999... has 200 digits"),
    ],
)
def test_malformed_files_name_the_line(tmp_path, text, words):
    path = tmp_path / "bad.cnf"
    path.write_text(text)
    with pytest.raises(DimacsError, match=words):
        read_dimacs(path)


def test_missing_file(tmp_path):
    with pytest.raises(DimacsError, match="cannot read DIMACS file .*none.cnf: no such file"):
        read_dimacs(tmp_path / "none.cnf")


def test_projection_before_the_header_is_kept(tmp_path):
    path = tmp_path / "f.cnf"
    path.write_text("c ind 1 0\np cnf 3 1\n1 2 3 0\n")
    f = read_dimacs(path)
    assert f.primary == [1] and backend("sat").count(f) == 2


def test_clauseless_formula_is_read(tmp_path):
    path = tmp_path / "f.cnf"
    path.write_text("p cnf 2 0\n")
    assert backend("sat").count(read_dimacs(path)) == 4


@pytest.mark.parametrize("header", ["p cnf 99999999999 0", "p cnf 99999999999 99999999999", "p cnf " + "9" * 300 + " 1"])
def test_huge_header_fails_by_size_before_variables_are_made(tmp_path, header):
    path = tmp_path / "big.cnf"
    path.write_text(header + "\n")
    with pytest.raises(TooLargeError, match=":1: p cnf .* needs about .* of memory"):
        read_dimacs(path)


def test_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "bom.cnf"
    path.write_bytes(b"\xef\xbb\xbfc made on Windows\np cnf 2 1\n1 2 0\n")
    assert backend("sat").count(read_dimacs(path)) == 3


@pytest.mark.parametrize("content, words", [(None, "gzip-compressed"), (b"p cnf 1 0\n\x00\x01", "not a text file"), (b"\xff\xfe", "not a text file")])
def test_binary_files_are_not_text(tmp_path, content, words):
    import gzip

    path = tmp_path / "f.cnf"
    path.write_bytes(gzip.compress(b"p cnf 2 1\n1 2 0\n") if content is None else content)
    with pytest.raises(DimacsError, match=words):
        read_dimacs(path)


def test_a_directory_is_named_as_such(tmp_path):
    (tmp_path / "d.cnf").mkdir()
    with pytest.raises(DimacsError, match="is a directory"):
        read_dimacs(tmp_path / "d.cnf")


@pytest.mark.parametrize(
    "target, words",
    [("", "the file name is empty"), ("/nonexistent/x.cnf", "no such directory /nonexistent"), ("/dev/full", "no space left"), (".", "is a directory")],
)
def test_unwritable_outputs_are_one_error(target, words):
    f = CNF()
    f.add([1, 2])
    if target == "/dev/full" and not __import__("os").path.exists(target):
        pytest.skip("no /dev/full here")
    with pytest.raises(OutputError, match=f"cannot write DIMACS file .*{words}"):
        write_dimacs(f, target)


@pytest.mark.peer("picosat")
@pytest.mark.skipif(shutil.which("picosat") is None, reason="picosat (Debian package picosat) is not installed")
def test_exported_4x4_has_16_solutions_in_an_external_solver(tmp_path):
    path = tmp_path / "lights.cnf"
    from parity.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["export", "lightsout", "--board", "grid:4x4", "--format", "cnf", "-o", str(path)])
        raise SystemExit(0)
    assert stop.value.code in (0, None)
    # the Tseitin links are defined by the presses, so counting all variables counts the solutions
    out = subprocess.run(["picosat", "--all", str(path)], capture_output=True, text=True).stdout
    assert "s SOLUTIONS 16" in out


# -- files as the field's tools write them (written here in their styles) ----------------------------------------
CIRCUIT = """cc written by a circuit-to-CNF tool: gate comments start with 'cc'
c an ordinary comment
p cnf 4 4
cc the AND gate 3 = 1 & 2
-3 1 0
-3 2 0
c1 a comment glued to its c
3 -1 -2 0
4 0
"""
SATLIB = """c SATLIB instances end with a '%' line and a lone 0
p cnf 3 2
 1 -2 0
 2  3 0
%
0

"""


def test_comment_lines_are_any_line_starting_with_c(tmp_path):
    path = tmp_path / "circuit.cnf"
    path.write_text(CIRCUIT)
    formula = read_dimacs(path)
    assert formula.stats()["clauses"] == 4
    assert backend("sat").count(formula) == 4  # 4 holds, 3 is the AND of 1 and 2, which are free


def test_satlib_files_end_at_the_percent_line(tmp_path):
    path = tmp_path / "uf3.cnf"
    path.write_text(SATLIB)
    assert backend("sat").count(read_dimacs(path)) == 4


def test_a_wrong_clause_count_is_read_with_a_warning_or_refused_when_strict(tmp_path):
    path = tmp_path / "miscounted.cnf"
    path.write_text("c the header promises 5 clauses\np cnf 3 5\n1 2 0\n-3 0\n")  # as Ganak's own tests have
    with pytest.warns(DimacsWarning, match=r"miscounted.cnf:2: header declares 5 clauses, the file has 2"):
        formula = read_dimacs(path)
    assert backend("sat").count(formula) == 3
    with pytest.raises(DimacsError, match=r":2: header declares 5 clauses, the file has 2"):
        read_dimacs(path, strict=True)
    import sys

    # a real command: the file is read in its child process, whose warning goes straight to stderr
    run = subprocess.run([sys.executable, "-m", "parity", "count", "cnf", str(path)], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0 and "3 solutions" in run.stdout
    assert run.stderr.splitlines() == [f"parity: warning: {path}:2: header declares 5 clauses, the file has 2; read "
                                       "as it is (strict reading refuses it)"]
    run = subprocess.run([sys.executable, "-m", "parity", "count", "cnf", str(path), "--strict"], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "header declares 5 clauses" in run.stderr


@pytest.mark.parametrize("line", ["c p weight 1 0.3 0", "c t wmc", "c t pwmc"])
def test_weighted_model_counting_files_are_refused_not_counted_unweighted(tmp_path, line):
    # the model counting competition's weighted format asks another question than a model count
    path = tmp_path / "weighted.cnf"
    path.write_text(f"p cnf 2 1\n{line}\n1 2 0\n")
    with pytest.raises(DimacsError, match=r"weighted.cnf:2: .* asks for a weighted model count"):
        read_dimacs(path)


def test_the_competition_header_of_an_unweighted_count_is_a_comment(tmp_path):
    path = tmp_path / "pmc.cnf"
    path.write_text("c t pmc\np cnf 3 2\nc p show 1 2 0\n1 2 0\n-1 3 0\n")
    assert backend("sat").count(read_dimacs(path)) == 3  # (1, 2) in {01, 10, 11}, 3 follows 1
