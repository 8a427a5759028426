"""What every solving command answers: engines that count but find nothing refuse in one line, time limits bound the
whole command (the board included), and every key of the JSON holds one type in every answer.

The real command (``python -m parity``) runs in a subprocess wherever time is measured.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

import parity as pt
from parity.errors import EngineNotApplicableError
from parity.testing import run_cli


def one_line_error(run, *words):
    assert run.code == 2 and run.out == "", run
    assert run.err.startswith("parity: error: ") and run.err.count("\n") == 1, run.err
    for word in words:
        assert word in run.err, (word, run.err)


@pytest.fixture
def cover_file(tmp_path):
    path = tmp_path / "two.dlx"
    path.write_text("a b\na\nb\na b\n")
    return str(path)


# -- a counter is not a solver ----------------------------------------------------------------------------
DRAWN = [("lightsout", "--board", "grid:3x3"), ("coloring", "--board", "petersen", "--colors", "3"),
         ("polyomino", "--board", "rect:4x5", "--pieces", "tetrominoes")]


@pytest.mark.parametrize("verb, family", [*(("solve", f) for f in [*DRAWN, ("enigma1780",)]),
                                          *(("draw", f) for f in DRAWN)])
def test_ganak_finds_no_solution_and_says_so_in_one_line(verb, family, tmp_path):
    extra = ("-o", str(tmp_path / "x.svg")) if verb == "draw" else ()
    one_line_error(run_cli(verb, *family, "--engine", "ganak", *extra), "ganak", "finds none", "sat or cms")


def test_ganak_refuses_to_solve_a_cover_file_and_a_sudoku(cover_file):
    one_line_error(run_cli("solve", "cover", cover_file, "--engine", "ganak"), "finds none")
    one_line_error(run_cli("solve", "cover", cover_file, "--engine", "ganak", "--unique"), "finds none")
    grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    one_line_error(run_cli("solve", "sudoku", grid, "--engine", "ganak"), "finds none")


def test_the_api_raises_where_ganak_is_asked_for_a_solution():
    puzzle = pt.LightsOut("grid:3x3")
    for call in (lambda: pt.solve(puzzle, engine="ganak"), lambda: pt.solve(puzzle, engine="ganak", unique=True),
                 lambda: pt.solve(puzzle, engine="ganak", time_limit=10)):
        with pytest.raises(EngineNotApplicableError, match="finds none"):
            call()
    with pytest.raises(EngineNotApplicableError, match="does not list"):
        list(pt.solutions(puzzle, engine="ganak"))
    assert pt.count(puzzle, engine="ganak") == 1 == pt.count(puzzle, engine="gf2")  # counting is its job


def test_an_engine_that_answers_sat_without_a_solution_is_an_error(monkeypatch):
    from parity.engines import ENGINES, Answer
    from parity.errors import InvalidSolution

    monkeypatch.setattr(type(ENGINES["cms"]), "solve", lambda self, formula, **_: Answer("SAT", None, None, {}))
    with pytest.raises(InvalidSolution, match="without a solution"):
        pt.solve(pt.LightsOut("grid:3x3"), engine="cms")


# -- time limits bound the whole command -----------------------------------------------------------------------
def command(*args, timeout=120):
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "parity", *args], capture_output=True, text=True, timeout=timeout)
    return done, time.monotonic() - started


@pytest.mark.parametrize("args", [
    ("count", "lightsout", "--board", "hex:1000"),  # a grid is known by its size; a hexagonal board is a graph
    ("count", "coloring", "--board", "grid:1500x1500", "--colors", "2"),
    ("solve", "lightsout", "--board", "hex:1000"),
    ("draw", "lightsout", "--board", "grid:1500x1500", "-o", "never.svg"),
])
def test_a_time_limit_covers_building_the_board(args):
    # building this board alone takes about a minute: the answer must come at the limit, and say so honestly
    done, wall = command(*args, "--time-limit", "2", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["status"] == "UNKNOWN" and answer["satisfiable"] is None
    assert answer["board"] == args[3] and answer["family"] == args[1]
    stopped_in_the_api = pt.Result(pt.LightsOut("grid:3x3"), None, "UNKNOWN").to_json()  # as the API makes it
    assert set(stopped_in_the_api) - {"rule", "field"} <= set(answer)  # the same keys as any UNKNOWN answer
    assert 2 <= answer["total_seconds"] <= wall < 15, (answer, wall)


def test_an_unknown_answer_names_the_engine_at_work():
    # a board too wide for the frontier counter: the count goes to the CNF's model counter, which needs far longer;
    # the engine is chosen in the child, and a loaded machine may spend the limit before it is (engine null then)
    from parity._child import run_in_child
    from parity.engines import choose

    done, _ = command("count", "coloring", "--board", "torus:10x10", "--colors", "4", "--time-limit", "3", "--json")
    answer = json.loads(done.stdout)
    assert answer["status"] == "UNKNOWN" and answer["engine"] in (None, "d4") and answer["colors"] == 4
    result = pt.count_result(pt.Coloring("torus:10x10", colors=4), time_limit=1)
    assert result.status == "UNKNOWN" and result.engine in (None, "d4")
    noted: dict = {}  # what the child tells as soon as it has chosen, whatever the time
    chosen = run_in_child(lambda: choose(pt.Coloring("torus:10x10", colors=4), question="count")[0].name,
                          on_note=noted.__setitem__)
    assert chosen == noted["engine"] == "d4"
    listed = pt.count_result(pt.Coloring("torus:10x10", colors=4), engine="cms", time_limit=1)
    assert listed.status == "UNKNOWN" and listed.engine == "cms"  # named: known before any work


def test_total_seconds_of_a_command_includes_building_the_board():
    answer = json.loads(run_cli("count", "lightsout", "--board", "hex:150", "--engine", "chase", "--json").out)
    assert answer["status"] == "SAT" and answer["seconds"] < answer["total_seconds"]
    built = time.perf_counter()
    pt.board("hex:150")
    building = time.perf_counter() - built
    assert answer["total_seconds"] >= 0.5 * building  # the board's 67,951 nodes are counted in the whole


# -- parameters are checked before any work ---------------------------------------------------------------
@pytest.mark.parametrize("bad, words", [
    (("--field", "4"), ("field order 4", "not a prime")),
    (("--rule", "weird"), ("unknown rule 'weird'",)),
    (("--kind", "moebius"), ("kind must be",)),
])
def test_a_sweep_with_a_bad_parameter_stops_before_any_task(tmp_path, bad, words):
    store = tmp_path / "x.sqlite"
    one_line_error(run_cli("sweep", "lightsout", "--sizes", "2", *bad, "--store", store, "--workers", "0"), *words)
    assert not store.exists()  # no failed row kept for good
    one_line_error(run_cli("table", "lightsout", "--sizes", "1..3", *bad), *words)


def test_reproduce_refuses_a_file_as_its_folder_at_once(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("")
    started = time.perf_counter()
    one_line_error(run_cli("reproduce", "--quick", "--out", afile), "is a file, not a folder")
    one_line_error(run_cli("reproduce", "--quick", "--out", "/proc/self"), "cannot write into")  # even for root
    assert time.perf_counter() - started < 5  # refused before the checks run (they take half a minute)


# -- every command takes --json; every command that solves takes --time-limit ------------------------------
def leaf_commands():
    import click

    from parity.cli.main import cli

    ctx = click.Context(cli)

    def walk(command, path):
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                yield from walk(command.get_command(ctx, name), [*path, name])
        else:
            yield " ".join(path), {flag for param in command.params for flag in getattr(param, "opts", [])}

    return dict(walk(cli, []))


def test_every_command_takes_json_and_every_command_that_solves_a_time_limit():
    commands = leaf_commands()
    assert len(commands) > 40 and "table lightsout" in commands and "draw lightsout" in commands
    assert [name for name, flags in commands.items() if "--json" not in flags] == []
    solving = [name for name in commands if name.split()[0] in ("solve", "count", "draw", "check", "table", "sweep")
               and name not in ("sweep show", "sweep export", "sweep check")]  # (they read a store, run nothing)
    assert [name for name in solving if "--time-limit" not in commands[name]] == []


def test_table_json_is_one_object_and_a_time_limit_gives_the_rows_finished(tmp_path):
    from parity.data.oeis import A159257

    run = run_cli("table", "lightsout", "--sizes", "1..12", "--json")
    answer = json.loads(run.out)
    assert answer["complete"] is True and [r["nullity"] for r in answer["rows"]] == A159257[:12]
    store = tmp_path / "t.sqlite"
    # the open rule builds each board (the closed rule's polynomial route would finish 3000 boards in a second)
    done, wall = command("table", "lightsout", "--sizes", "1..3000", "--rule", "open", "--time-limit", "2", "--json",
                         "--store", str(store))
    partial = json.loads(done.stdout)
    assert done.returncode == 0 and partial["complete"] is False and wall < 15
    assert all(r["nullity"] == r["n"] for r in partial["rows"])  # the open rule's n x n nullity is n (the rows done)
    assert "time limit" in done.stderr


def test_a_sweep_stops_at_its_time_limit_and_resumes(tmp_path):
    store = str(tmp_path / "s.sqlite")
    done, wall = command("sweep", "lightsout", "--sizes", "1..3000", "--rule", "open", "--store", store,
                         "--time-limit", "3", "--workers", "1", "--chunk-size", "1", "--json")
    first = json.loads(done.stdout)
    assert done.returncode == 0 and first["stopped"] is True and wall < 15 and 0 <= first["done"] < 3000
    assert first["in_store"]["done"] == first["done"]
    again = json.loads(run_cli("sweep", "lightsout", "--sizes", "1..20", "--rule", "open", "--store", store,
                               "--workers", "0", "--json").out)
    assert again["stopped"] is False and again["skipped"] == min(20, first["done"])
    assert type(first["skipped"]) is type(again["skipped"]) is int


# -- one JSON type per key ---------------------------------------------------------------------------------
SUDOKU = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
FIXED = {  # families without random instances, and answers worth having in every family: UNSAT, solved, counted
    "quintomino": [{}],
    "enigma1780": [{}],
    "sudoku": [{"puzzle": SUDOKU}, {"puzzle": "11" + "." * 79}],
    "icosoku": [{}, {"pegs": "1,2,3,4,5,6,7,8,9,10,11,11"}, {"pegs": "free", "tiles": "adts"}],
    "polyomino": [{"board_spec": "rect:4x5", "pieces": "tetrominoes"}, {"board_spec": "rect:3x20"}],
}


def json_type(value) -> str:
    return {bool: "boolean", int: "integer", float: "number", str: "string", list: "array", dict: "object",
            type(None): "null"}[type(value)]


def answers(name: str):
    """JSON answers about several instances of a family: solved, counted, and stopped by a time limit."""
    import random

    from parity.puzzles.registry import family

    entry = family(name)
    rng = random.Random(11)
    puzzles = [entry.random_instance(rng) for _ in range(6)] if entry.random_instance else []
    for options in FIXED.get(name, []):
        built = {o.name: o.default for o in entry.options if not o.required}
        puzzles.append(entry.build(**{**built, **options}))
    for puzzle in puzzles:
        yield pt.solve(puzzle, time_limit=20).to_json()
        yield pt.count_result(puzzle, time_limit=20).to_json()
        yield pt.count_result(puzzle, time_limit=0.001).to_json()  # UNKNOWN, or answered within a millisecond


@pytest.mark.parametrize("name", ["lightsout", "cnf", "coloring", "linear", "quintomino", "enigma1780", "polyomino",
                                  "cover", "sudoku", "icosoku"])
def test_every_key_holds_one_json_type_in_every_answer(name):
    seen: dict = {}
    statuses = set()
    for payload in answers(name):
        payload = json.loads(json.dumps(payload))  # as the command prints it
        statuses.add(payload["status"])
        for key, value in payload.items():
            if value is None and payload["status"] == "UNKNOWN" and key in ("satisfiable", "engine"):
                continue  # not known: the one documented null
            seen.setdefault(key, {}).setdefault(json_type(value), payload["status"])
    assert "SAT" in statuses
    mixed = {key: types for key, types in seen.items() if len(types) > 1}
    assert mixed == {}


def test_a_time_limit_gives_the_same_answer_on_formulas_with_long_xors():
    # a child process writes the long XORs as clauses with link variables; the parent must know them to re-check
    import random

    from parity.puzzles.cnffile import random_cnf

    rng = random.Random(11)
    for _ in range(6):
        puzzle = random_cnf(rng)
        solved = pt.solve(puzzle, time_limit=20)  # first, before anything here writes the XORs as clauses
        counted = pt.count(puzzle, time_limit=20)
        expected = len(puzzle.formula.brute_force_models())
        assert counted == expected == pt.count(puzzle, engine="sat")
        assert solved.satisfiable is (expected > 0)


# -- loading an engine is not its work ---------------------------------------------------------------------
def test_loading_an_engine_is_timed_apart_from_its_work(monkeypatch, cover_file):
    from parity.engines import DlxEngine

    warm = DlxEngine.load
    monkeypatch.setattr(DlxEngine, "load", lambda self, problem: (warm(self, problem), time.sleep(0.4)))  # compiling
    answer = json.loads(run_cli("count", "cover", cover_file, "--engine", "dlx", "--json").out)
    assert answer["count"] == 2 and answer["load_seconds"] >= 0.4 > answer["seconds"]
    assert answer["total_seconds"] >= answer["load_seconds"] + answer["seconds"]
    result = pt.solve(CoverFile_of(cover_file), engine="dlx", time_limit=30)  # timed in the child, carried back
    assert result.load_seconds >= 0.4 > result.seconds


def CoverFile_of(path):
    from parity.puzzles.coverfile import CoverFile

    return CoverFile(path)


@pytest.mark.slow
@pytest.mark.parametrize("engine", ["dlx", "scan"])
def test_a_first_run_that_compiles_reports_the_compiling_as_loading(tmp_path, cover_file, engine):
    # an empty numba cache: the kernels are compiled in this run, as on the first run after installing
    import os

    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    args = [sys.executable, "-m", "parity", "count", "cover", cover_file, "--engine", engine, "--json",
            *(["--ordered"] if engine == "scan" else [])]
    done = subprocess.run(args, capture_output=True, text=True, env=env, timeout=600)
    answer = json.loads(done.stdout)
    compiled = list((tmp_path / "cache").rglob("*.nbi"))  # the kernels this run compiled, written to its cache
    assert answer["count"] == 2 and compiled, (answer, done.stderr)
    # compiling (seconds) is loading; finding two covers (microseconds) is the work
    assert answer["load_seconds"] > answer["seconds"], answer


# -- options refused before the work, whatever the time limit -----------------------------------------------
@pytest.mark.parametrize("args, words", [
    (("count", "lightsout", "--board", "grid:5x"), ("grid:5x",)),
    (("count", "lightsout", "--board", "grid:5x5", "--field", "4"), ("not a prime",)),
    (("count", "lightsout", "--board", "grid:5x5", "--rule", "weird"), ("rule 'weird'",)),
    (("count", "coloring", "--board", "nonexist.col"), ("no such file",)),
    (("count", "cnf", "nonexist.cnf"), ("DIMACS file", "no such file")),
    (("count", "linear", "nonexist.txt"), ("matrix file", "no such file")),
    (("count", "cover", "nonexist.dlx"), ("cover file", "no such file")),
    (("count", "lightsout", "--board", "grid:5x5", "--engine", "nope"), ("unknown engine 'nope'",)),
    (("count", "lightsout", "--board", "grid:5x5", "--engine", "dlx"), ("does not apply to lightsout",)),
    (("solve", "lightsout", "--board", "grid:3000x3000", "--engine", "ganak"), ("finds none",)),
    (("draw", "lightsout", "--board", "grid:3000x3000", "-o", "x.jpg"), ("must end in",)),
    (("draw", "lightsout", "--board", "grid:3000x3000", "-o", "/nonexistent/x.svg"), ("does not exist",)),
])
def test_bad_options_are_refused_before_the_work_even_under_a_tiny_time_limit(args, words):
    for limit in (("--time-limit", "0.001"), ()):
        started = time.perf_counter()
        one_line_error(run_cli(*args, *limit), *words)
        assert time.perf_counter() - started < 5  # not after building a board of nine million cells


def test_a_time_limit_longer_than_a_poll_can_wait_is_kept():
    answer = json.loads(run_cli("count", "lightsout", "--board", "grid:3x3", "--time-limit", "3000000", "--json").out)
    assert answer["count"] == 1
    assert pt.solve(pt.LightsOut("grid:3x3"), time_limit=3e6).status == "SAT"


def test_draw_times_the_picture_too(tmp_path):
    answer = json.loads(run_cli("draw", "lightsout", "--board", "grid:30x30", "-o", tmp_path / "l.png", "--json").out)
    started = time.perf_counter()
    pt.draw.save(pt.LightsOut("grid:30x30"), pt.solve(pt.LightsOut("grid:30x30")).solution, tmp_path / "again.png")
    assert answer["total_seconds"] >= 0.5 * (time.perf_counter() - started)


def test_table_formats_are_checked_before_the_work_and_a_bfile_stops_at_the_first_unknown_term():
    started = time.perf_counter()
    one_line_error(run_cli("table", "lightsout", "--sizes", "1..400", "--rectangles", "--format", "bfile"), "b-file")
    one_line_error(run_cli("table", "lightsout", "--sizes", "1..400", "--value", "bogus"), "no column 'bogus'")
    assert time.perf_counter() - started < 5
    run = run_cli("table", "lightsout", "--sizes", "37..40", "--value", "min_presses", "--format", "bfile")
    assert run.code == 0 and [line.split()[0] for line in run.out.splitlines()] == ["37", "38"]  # 39: nullity 32
    assert all(len(line.split()) == 2 for line in run.out.splitlines())  # every line a term
    assert "ends before n = 39" in run.err
