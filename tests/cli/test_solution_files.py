"""Solutions as files from the command line: ``export --format puzzler`` writes Polyform Puzzler's solution file,
``verify`` reads one back, verifies every solution and compares the file with the puzzle's count."""

from __future__ import annotations

import json

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
    assert code == 1 and not data["valid"] and data["problem"].startswith("solution 1:")


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
