"""Solutions as files from the command line: ``export --format puzzler`` writes Polyform Puzzler's solution file,
``verify`` reads one back, verifies every solution and compares the file with the puzzle's count."""

from __future__ import annotations

import json
import re

import pytest

from parity.puzzles import Polyomino
from parity.testing import run_cli


def test_a_puzzle_exported_as_a_polyform_puzzler_file_verifies_complete(tmp_path):
    path = tmp_path / "pentominoes-3x20.txt"
    code, out, err = run_cli("export", "polyomino", "--puzzle", "pentominoes-3x20", "--format", "puzzler", "-o", path,
                             "--json")
    assert code == 0, err
    assert json.loads(out)["solutions"] == 2  # the FAQ's "2 solutions" of 3 x 20, one per orbit
    text = path.read_text()
    assert text.startswith("Solving pentominoes-3x20") and text.count("\nsolution ") == 2
    code, out, err = run_cli("verify", "polyomino", "--puzzle", "pentominoes-3x20", path, "--complete", "--json")
    data = json.loads(out)
    assert code == 0 and data["valid"] and data["complete"]
    assert (data["solutions"], data["distinct_up_to_symmetry"], data["count_up_to_symmetry"]) == (2, 2, 2)
    assert data["count"] == 8


def test_a_file_that_misses_solutions_or_holds_a_wrong_one_exits_1(tmp_path):
    path = tmp_path / "all.txt"
    assert run_cli("export", "polyomino", "--puzzle", "pentominoes-3x20", "--format", "puzzler", "-o", path).code == 0
    first = path.read_text().split("solution 2:")[0]
    part = tmp_path / "part.txt"
    part.write_text(first)
    code, out, err = run_cli("verify", "polyomino", "--puzzle", "pentominoes-3x20", part, "--complete")
    assert code == 1 and "the puzzle has 2 up to symmetry: the file misses 1" in out
    code, out, err = run_cli("verify", "polyomino", "--puzzle", "pentominoes-3x20", part)
    assert code == 0 and ": 1 solution of" in out and "1 up to symmetry" in out
    wrong = tmp_path / "wrong.txt"
    lines = first.splitlines()
    wrong.write_text("\n".join(lines[:3] + [lines[4], lines[3]] + lines[5:]).replace(" I\n", " Q\n"))
    code, out, err = run_cli("verify", "polyomino", "--puzzle", "pentominoes-3x20", wrong, "--json")
    data = json.loads(out)
    assert code == 1 and not data["valid"]
    assert data["problem"].startswith(f"{wrong}:5: solution 1: 'Q' is no piece of this set (its pieces: I L Y P U V")


def test_files_that_cannot_be_read_and_families_that_read_none_are_refused_in_one_line(tmp_path):
    for args, words in ((["polyomino", "--puzzle", "pentominoes-3x20", tmp_path / "nope.txt"], "no such file"),
                        (["lightsout", "x.txt"], "lightsout puzzles read no files of solutions")):
        code, out, err = run_cli("verify", *args)
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1
    for limit in ("-1", "nan", "x"):
        code, out, err = run_cli("verify", "polyomino", "--puzzle", "pentominoes-3x20", tmp_path / "nope.txt",
                                 "--complete", "--time-limit", limit)
        assert code == 2 and len(err.strip().splitlines()) == 1, (limit, err)
    code, out, err = run_cli("export", "lightsout", "--board", "grid:3x3", "--format", "puzzler", "-o",
                             tmp_path / "x.txt")
    assert code == 2 and "no file of solutions" in err and len(err.strip().splitlines()) == 1


def test_tilings_and_puzzles_of_no_solution_round_trip(tmp_path):
    for args, held in ((["--pieces", "dominoes", "--board", "rect:4x4", "--copies", "any"], 9),
                       (["--pieces", "tetrominoes", "--board", "rect:5x4"], 0)):
        path = tmp_path / "file.txt"
        code, out, err = run_cli("export", "polyomino", *args, "--format", "puzzler", "-o", path, "--json")
        assert code == 0 and json.loads(out)["solutions"] == held, err
        code, out, err = run_cli("verify", "polyomino", *args, path, "--complete", "--json")
        data = json.loads(out)
        assert code == 0 and data["complete"] and data["distinct_up_to_symmetry"] == data["count_up_to_symmetry"] == held
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    code, out, err = run_cli("verify", "polyomino", "--pieces", "tetrominoes", "--board", "rect:5x4", empty)
    assert code == 2 and "not a Polyform Puzzler solution file" in err and len(err.strip().splitlines()) == 1


@pytest.fixture(scope="module")
def pentominoes_3x20(tmp_path_factory):
    """The exported file of the 3 x 20 pentominoes (two solutions) and its lines."""
    path = tmp_path_factory.mktemp("puzzler") / "all.txt"
    assert run_cli("export", "polyomino", "--puzzle", "pentominoes-3x20", "--format", "puzzler", "-o", path).code == 0
    return path.read_text()


def _verified(path, *options):
    return run_cli("verify", "polyomino", "--puzzle", "pentominoes-3x20", path, *options)


def _api_error(text, path):
    """What the library says of the same text (the error the command line turns into its answer)."""
    from parity.errors import InvalidSolution

    with pytest.raises(InvalidSolution) as caught:
        Polyomino("pentominoes", "rect:20x3").read_solutions(text, str(path))
    return caught.value


def test_a_cut_empty_or_garbled_file_exits_2_naming_the_file_and_the_line(tmp_path, pentominoes_3x20):
    from parity.errors import SolutionFileError

    lines = pentominoes_3x20.splitlines(keepends=True)
    assert lines[2] == "solution 1:\n" and lines[15] == "\n"  # the first record's coordinate lines are lines 4..15
    cases = {"mid-line": ("".join(lines[:7]) + lines[7][:9], 8, "the file ends inside the record"),
             "mid-solution": ("".join(lines[:10]), 10, "the file ends inside the record"),
             "no name": ("".join(lines[:6]) + lines[6].rsplit(" ", 1)[0] + "\n" + "".join(lines[7:]), 7,
                         "expected cells as x,y"),
             "empty": ("", None, "the file is empty"),
             "garbage": ("hello world\n12 34 56\n", None, "no 'solution N:' record"),
             "a garbled record": ("".join(lines[:5]) + "%%%%\n" + "".join(lines[6:]), 6, "expected cells as x,y")}
    for case, (text, line, words) in cases.items():
        path = tmp_path / f"{case.replace(' ', '-')}.txt"
        path.write_text(text)
        code, out, err = _verified(path)
        where = f"{path}:{line}: " if line else f"{path}: "
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, (case, code, err)
        assert where in err and words in err, (case, err)
        error = _api_error(text, path)  # the library raises the same, as a SolutionFileError
        assert isinstance(error, SolutionFileError) and str(error) in err, (case, error)


def test_a_well_written_wrong_solution_exits_1_with_the_rule_in_the_files_coordinates(tmp_path, pentominoes_3x20):
    from parity.errors import SolutionFileError

    lines = pentominoes_3x20.splitlines(keepends=True)
    points = [line.split()[:-1] for line in lines[3:15]]  # each piece's x,y points as the file writes them
    names = [line.split()[-1] for line in lines[3:15]]
    x = points[1][0].split(",")[0]
    cases = {  # line 5 (the second piece) replaced
        "overlap": (" ".join(points[0]) + f" {names[1]}", f"cell {points[0][0]} is covered by {names[1]} and by "
                                                          f"{names[0]} (line 4)"),
        "two copies": (" ".join(points[1]) + f" {names[0]}", f"piece {names[0]!r} is placed twice (first on line 4)"),
        "no piece of the set": (" ".join(points[1]) + " Q", "'Q' is no piece of this set (its pieces: I L Y P U V T "
                                                            "N F W Z X)"),
        "off the board": (" ".join(p.split(",")[0] + ",7" for p in points[1]) + f" {names[1]}",  # y is 0..2
                          f"{x},7 (piece {names[1]}) is not a cell of the board"),
        "another's shape": (" ".join(points[1]) + f" {names[2]}\n" + " ".join(points[2]) + f" {names[1]}",
                            f"piece {names[2]} is placed as a shape that is not one of its orientations: "
                            f"{' '.join(points[1])}")}
    for case, (replaced, words) in cases.items():
        path = tmp_path / f"{case.replace(' ', '-')}.txt"
        skipped = 6 if case == "another's shape" else 5
        path.write_text("".join(lines[:4]) + replaced + "\n" + "".join(lines[skipped:]))
        code, out, err = _verified(path, "--json")
        data = json.loads(out)
        assert code == 1 and not data["valid"] and err == "", (case, err)
        assert data["problem"] == f"{path}:5: solution 1: {words}", (case, data["problem"])
        assert not re.search(r"\(\d+, \d+\)", data["problem"])  # no (row, column) of parity's own
        error = _api_error(path.read_text(), path)
        assert not isinstance(error, SolutionFileError) and str(error) == data["problem"]
        code, out, err = _verified(path)
        assert code == 1 and out.startswith(f"{path}:5: solution 1: {words}: not a file of solutions of ")
    short = tmp_path / "short.txt"  # a record that misses a piece: said at its header
    short.write_text("".join(lines[:4]) + "".join(lines[5:]))
    code, out, err = _verified(short)
    assert code == 1 and out.startswith(f"{short}:3: solution 1: the record places 11 of the 12 pieces; {names[1]} "
                                        f"not placed")
