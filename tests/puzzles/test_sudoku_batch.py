"""Many Sudokus in one call: ``pt.solve_many``, the batch search and its checker against the one-puzzle route and
``Sudoku.verify``, and ``parity solve sudoku --file FILE -o OUT`` against the puzzles it read."""

from __future__ import annotations

import json
import random
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import parity as pt
from parity.errors import InvalidSolution, ParityError, StateError
from parity.puzzles import Sudoku
from parity.puzzles.sudoku import check_grids, random_sudoku, read_grids, search_grids
from parity.testing import run_cli


def _puzzles(seed: int, n: int) -> list[Sudoku]:
    rng = random.Random(seed)
    return [random_sudoku(rng) for _ in range(n)]


def _text(puzzle: Sudoku) -> str:
    return "".join(puzzle.symbols[puzzle.givens[(r, c)] - 1] if (r, c) in puzzle.givens else "."
                   for r in range(puzzle.side) for c in range(puzzle.side))


def test_solve_many_agrees_with_solve_one_puzzle_at_a_time():
    puzzles = _puzzles(5, 120)  # 4 x 4 and 9 x 9, with one, many or no solution
    many = list(pt.solve_many(iter(puzzles)))  # (a generator is enough)
    assert len(many) == len(puzzles)
    kinds = set()
    for puzzle, batch in zip(puzzles, many):
        one = pt.solve(puzzle, "dlx", unique=True)  # another engine, one puzzle at a time
        assert batch.puzzle is puzzle and batch.engine == "search"
        assert batch.status == one.status
        if one.solution is not None:
            puzzle.verify(batch.solution)
            assert batch.stats["unique"] == one.stats["unique"]
            if one.stats["unique"]:
                assert batch.solution == one.solution
        kinds.add((puzzle.side, one.status, one.stats.get("unique")))
    assert {(4, "SAT", True), (4, "SAT", False), (9, "SAT", True), (4, "UNSAT", None)} <= kinds


def test_solve_many_keeps_the_order_across_batches_and_families(monkeypatch):
    import parity.api

    monkeypatch.setattr(parity.api, "BATCH", 7)  # several batches, a run of another family inside one
    puzzles = _puzzles(9, 10)
    mixed = puzzles[:4] + [pt.LightsOut("grid:3x3")] + puzzles[4:]
    results = list(pt.solve_many(mixed))
    assert [r.puzzle for r in results] == mixed
    assert results[4].engine != "search" and sum(results[4].solution.values()) == 5
    with pytest.raises(ParityError, match="nosuchengine"):  # a named engine: each puzzle through solve
        list(pt.solve_many([puzzles[0]], engine="nosuchengine"))


@given(st.integers(0, 2**32 - 1), st.integers(0, 3))
def test_the_batch_check_is_verify_on_every_grid(seed, how):
    """Grids spoiled at random (a cell changed, two cells swapped, a given overwritten, or left as they are):
    check_grids refuses exactly the grids verify refuses."""
    rng = random.Random(seed)
    puzzle = random_sudoku(rng)
    result = pt.solve(puzzle, "dlx")
    if result.solution is None:
        return
    grid = [row[:] for row in result.solution]
    n = puzzle.side
    if how == 1:
        r, c = rng.randrange(n), rng.randrange(n)
        grid[r][c] = rng.randint(1, n)
    elif how == 2:
        (r1, c1), (r2, c2) = rng.sample([(r, c) for r in range(n) for c in range(n)], 2)
        grid[r1][c1], grid[r2][c2] = grid[r2][c2], grid[r1][c1]
    elif how == 3 and puzzle.givens:
        # the digits renamed: a valid grid, givens lost unless the renaming fixes them
        perm = rng.sample(range(1, n + 1), n)
        grid = [[perm[d - 1] for d in row] for row in grid]
    givens = np.zeros((1, n * n), dtype=np.int64)
    for (r, c), d in puzzle.givens.items():
        givens[0, r * n + c] = d
    try:
        puzzle.verify(grid)
        verdict = None
    except InvalidSolution as exc:
        verdict = str(exc)
    try:
        check_grids(n, givens, np.array(grid).reshape(1, -1), np.array([1]))
        batch = None
    except InvalidSolution as exc:
        batch = str(exc)
    assert (verdict is None) == (batch is None), (verdict, batch)
    if batch is not None:
        assert batch.startswith("grid 1: ")


def test_search_grids_finds_what_the_one_grid_search_finds():
    puzzles = [p for p in _puzzles(3, 60) if p.side == 9]
    givens = np.array([[p.givens.get((r, c), 0) for r in range(9) for c in range(9)] for p in puzzles])
    solved, found, nodes = search_grids(9, givens)
    for k, puzzle in enumerate(puzzles):
        search = puzzle.encoding("search")
        assert int(found[k]) == min(search.count(), 2)
        if found[k]:
            assert solved[k].reshape(9, 9).tolist() == search.first()
    assert nodes >= 0


@pytest.mark.parametrize("text, words", [
    ("", "no Sudoku in it"),
    ("# only a comment\n\n", "no Sudoku in it"),
    ("1234\n", "puzzles:1: a Sudoku of side 4, 9, 16 or 25 has 16, 81, 256 or 625 cells on its line"),
    ("1 2 3 4\n", "puzzles:1: a Sudoku of side 4, 9, 16 or 25 has 16, 81, 256 or 625 cells on its line, written "
                  "without spaces; got 1 character"),
    (", x\n", "puzzles:1: no grid before the comma"),
    ("." * 1296 + "\n", "puzzles:1: a Sudoku of side 4, 9, 16 or 25"),
    ("1.....1..1.....1\n" + "." * 81 + "\n", "puzzles:2: 81 characters where the first grid (line 1) has 16"),
    ("1.....1..1.....1\n1.....1..1.....5\n", "puzzles:2: cell 4,4: '5' is not a digit of a 4 x 4 Sudoku"),
    ("1.....1..1.....é\n", "puzzles:1: cell 4,4: 'é' is not a digit"),
])
def test_read_grids_refuses_with_the_line(text, words):
    with pytest.raises(StateError, match=re.escape(words)):
        read_grids(text)


def test_read_grids_reads_comments_columns_and_lower_case():
    side, givens, lines = read_grids("# a header\n" + "." * 255 + "g\n\n" + "a" + "." * 255 + ",solution here\n")
    assert side == 16 and lines == [2, 4] and givens[0, 255] == 16 and givens[1, 0] == 10


def test_the_file_route_from_the_command_line(tmp_path):
    puzzles = _puzzles(11, 40)
    nine = [p for p in puzzles if p.side == 9]
    source = tmp_path / "grids.txt"
    source.write_text("# nine by nine\n" + "\n".join(_text(p) for p in nine) + "\n")
    out = tmp_path / "answers.jsonl"
    code, stdout, err = run_cli("solve", "sudoku", "--file", str(source), "-o", str(out), "--json")
    assert code == 0, err
    summary = json.loads(stdout)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert out.read_text() == "".join(json.dumps(r) + "\n" for r in records)  # the lines json.dumps writes
    assert summary["puzzles"] == len(records) == len(nine)
    assert [r["line"] for r in records] == list(range(2, len(nine) + 2))
    for puzzle, record in zip(nine, records):
        one = pt.solve(puzzle, "dlx", unique=True)
        assert record["solved"] == (one.solution is not None)
        if record["solved"]:
            grid = [[int(d) for d in record["solution"][r * 9:(r + 1) * 9]] for r in range(9)]
            puzzle.verify(grid)
            assert record["unique"] == one.stats["unique"]
    assert summary["solved"] == sum(r["solved"] for r in records)
    assert summary["unique"] == sum(r["unique"] for r in records)


@pytest.mark.parametrize("args, words", [
    (["--file", "{src}"], "name the file with -o OUT"),
    (["-o", "{out}"], "give --file FILE too"),
    ([], "give the PUZZLE, or --file FILE -o OUT"),
    (["--file", "{src}", "-o", "{out}", "--engine", "dlx"], "give it without --engine"),
    (["--file", "{src}", "-o", "{out}", "--unique"], "give it without --unique"),
    (["--file", "{src}", "-o", "{src}"], "is the file of puzzles itself"),
    (["--file", "{src}", "-o", "{tmp}"], "it is a folder"),
    (["--file", "{tmp}/none.txt", "-o", "{out}"], "no such file"),
    (["--file", "{bad}", "-o", "{out}"], "bad.txt:2: cell 1,1"),
    (["1" * 16, "--file", "{src}", "-o", "{out}"], "give it without PUZZLE"),
])
def test_the_file_route_refuses_in_one_line(tmp_path, args, words):
    src, bad = tmp_path / "grids.txt", tmp_path / "bad.txt"
    src.write_text("1.....1..1.....1\n")
    bad.write_text("1.....1..1.....1\nx.....1..1.....1\n")
    names = {"src": str(src), "out": str(tmp_path / "out.jsonl"), "tmp": str(tmp_path), "bad": str(bad)}
    code, out, err = run_cli("solve", "sudoku", *[a.format(**names) for a in args])
    assert code == 2 and len(err.strip().splitlines()) == 1 and words in err, err
    assert not (tmp_path / "out.jsonl").exists()


#: a 25 x 25 grid with 60% of its cells empty and many solutions: the search for two of them takes minutes
SLOW_25 = "12....789AB..E....JK.M....7.....D.....J..MN.P1.....CD..G....L..O......6.89....JK..N.P.23...78..B..EFLM....23.56...ABCD.F.HIJK.34.67...BC.E..H.J...NO..7.....D.FG....LM..P.23...C.EF..IJKL.....2.45.7.9A..I.KLM.O....4.67....C.EFGM....2....78..B..EFG..J..3..6.8..B......I....NO....9A....FGH..K.M.O...3..6....GH..K...O.1234.678.AB.I..L.NO...3.....9.B..E.G..O..234....9.........J.LM...7..A..D....I...MNO....9...DE..H..K..NO...34567.E..H..KLMN...2.45.789A.CD..............89.BC...G..O...34..7.9...DE.GHI..L....78.A.......I...M.......A....F.H..KL...P.2.......FG.I.K.M.O.12345.78.ABCDE.....P123...78.A......H..P.2..56.....CD...H..K.M.."


def test_a_batch_stops_at_its_time_limit_and_keeps_what_it_wrote(tmp_path):
    source, out = tmp_path / "slow.txt", tmp_path / "out.jsonl"
    source.write_text(SLOW_25 + "\n")
    code, stdout, err = run_cli("solve", "sudoku", "--file", str(source), "-o", str(out), "--time-limit", "1",
                                "--json")
    data = json.loads(stdout)
    assert code == 0 and data["status"] == "UNKNOWN" and data["puzzles_written"] == 0, err
    assert out.read_text() == ""


def test_a_hard_link_to_the_puzzles_is_not_written_over(tmp_path):
    import os

    source = tmp_path / "grids.txt"
    source.write_text("1.....1..1.....1\n")
    os.link(source, tmp_path / "same.txt")
    code, out, err = run_cli("solve", "sudoku", "--file", str(source), "-o", str(tmp_path / "same.txt"))
    assert code == 2 and "is the file of puzzles itself" in err and source.read_text() == "1.....1..1.....1\n"


def test_solve_many_answers_what_came_before_an_error_and_refuses_what_is_no_puzzle():
    def grids():
        yield Sudoku("1..." "..1." ".1.." "...1")
        yield Sudoku("1234" "3412" "2143" "432.")
        raise RuntimeError("the producer failed")

    answered = []
    with pytest.raises(RuntimeError, match="the producer failed"):
        for result in pt.solve_many(grids()):
            answered.append(result)
    assert [r.stats["unique"] for r in answered] == [False, True]
    with pytest.raises(ParityError, match="solve_many takes puzzles .*got str"):
        list(pt.solve_many(["1..." "..1." ".1.." "...1"]))


def test_the_file_route_writes_sixteen_by_sixteen_grids_in_their_letters(tmp_path):
    source = tmp_path / "sixteen.txt"
    source.write_text("." * 256 + "\n" + "11" + "." * 254 + "\n")
    out = tmp_path / "answers.jsonl"
    code, _, err = run_cli("solve", "sudoku", "--file", str(source), "-o", str(out))
    assert code == 0, err
    first, second = (json.loads(line) for line in out.read_text().splitlines())
    assert out.read_text() == json.dumps(first) + "\n" + json.dumps(second) + "\n"
    assert second == {"line": 2, "solved": False, "unique": False}
    grid = [["123456789ABCDEFG".index(ch) + 1 for ch in first["solution"][r * 16:(r + 1) * 16]] for r in range(16)]
    Sudoku("." * 256).verify(grid)
    assert first["solved"] and not first["unique"] and set(first["solution"]) == set("123456789ABCDEFG")
