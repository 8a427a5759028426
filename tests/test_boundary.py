"""Around the engines: what a fresh process pays to load them, said and timed apart from their work."""

import json
import os
import subprocess
import sys

import numpy as np

import parity as pt
from parity.puzzles import Icosoku, Polyomino

TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def fresh(code: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={**os.environ, **(env or {})})


def test_a_fresh_process_times_loading_apart_from_the_work():
    # dancing cells cost a fresh process about 0.3 s to load (numba and the cached kernel) and a 17-given
    # Sudoku a few milliseconds to solve: seconds must be the work alone, load_seconds the loading
    done = subprocess.run([sys.executable, "-m", "parity", "solve", "sudoku", TOP95_1, "--engine", "dlx", "--json"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["engine"] == "dlx" and answer["status"] == "SAT"
    assert answer["load_seconds"] > 0.05 > answer["seconds"]
    assert answer["seconds"] + answer["load_seconds"] <= answer["total_seconds"]


def test_one_small_cover_problem_goes_to_sat_until_a_process_keeps_asking():
    code = f"""
import parity as pt
from parity.puzzles import Sudoku
print(",".join(pt.solve(Sudoku("{TOP95_1}")).engine for _ in range(5)))
print(pt.count_result(Sudoku("{TOP95_1}")).engine)
"""
    done = fresh(code)
    assert done.returncode == 0, done.stderr
    solves, count = done.stdout.split()
    assert solves.split(",") == ["sat", "sat", "sat", "search", "search"]  # SudokuSearch.DECLINE, then its kernel
    assert count == "search"  # a count may take long: the compiled search whatever the load


def test_a_command_about_to_compile_says_so_once_and_the_cache_is_found_afterwards(tmp_path):
    # an empty NUMBA_CACHE_DIR is a fresh install for numba: nothing cached, so the note comes, once
    code = """
import sys
from parity import _compiled
_compiled.NOTES = True
before = _compiled.kernels_cached("parity.cover._scan_kernels")
_compiled.load_kernels("parity.puzzles.icosoku._kernels")
_compiled.load_kernels("parity.puzzles.icosoku._kernels")
_compiled.load_kernels("parity.cover._scan_kernels")
print(before, _compiled.kernels_cached("parity.cover._scan_kernels"))
"""
    done = fresh(code, {"NUMBA_CACHE_DIR": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True"]  # compiled on import, and now in numba's cache
    notes = [line for line in done.stderr.splitlines() if line.startswith("parity: compiling")]
    assert notes == ["parity: compiling the Icosoku search kernels once, about 2 s (later runs read them from "
                     "numba's cache)"]  # the scan kernel takes under a second: no note
    done = fresh(code, {"NUMBA_CACHE_DIR": str(tmp_path)})
    assert done.stdout.split() == ["True", "True"] and "compiling the scan" not in done.stderr


def test_an_icosoku_arrangement_is_solved_by_the_search_and_agrees_with_sat():
    rng = np.random.default_rng(7)
    for _ in range(10):
        puzzle = Icosoku(pegs=rng.permutation(12) + 1)
        found = pt.solve(puzzle)  # verified by the puzzle's own check
        assert found.engine == "search"
        assert found.satisfiable == pt.solve(puzzle, engine="sat").satisfiable
    refuted = Icosoku(pegs=[12] * 12)  # far more dots than the tiles hold
    assert pt.solve(refuted).satisfiable is False


def test_small_boxes_are_scanned_and_larger_ones_left_to_dancing_cells():
    soma = Polyomino("soma", "box:3x3x3")
    assert soma.layer() == 9 and soma.encoding("cover").ordered
    assert pt.count_result(soma).engine == "pack"
    assert pt.count(soma, engine="pack") == pt.count(soma, engine="scan") == pt.count(soma, engine="dlx") == 11520
    assert not Polyomino("solid-pentominoes", "box:2x5x6").encoding("cover").ordered


def test_kernels_compile_one_by_one_when_first_called_with_their_signatures(tmp_path):
    code = """
import numpy as np
from parity._compiled import LazyKernel
from parity.linalg import _gf2_kernels as K

lazy = lambda: sorted(n for n, v in vars(K).items() if isinstance(v, LazyKernel) and v._dispatcher is None)
before = lazy()
K.row_extents(np.zeros((2, 1), dtype=np.uint64), 3, np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.int64))
after = lazy()
print(len(before))
print(sorted(set(before) - set(after)))
try:
    K.row_extents(np.zeros((2, 1), dtype=np.int64), 3, np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.int64))
except TypeError:
    print("refused")
"""
    done = fresh(code, {"NUMBA_CACHE_DIR": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    count, made, refused = done.stdout.splitlines()
    assert int(count) >= 14  # importing the module compiled none of its kernels
    assert made == "['_lead_from', 'row_extents']"  # the one called, and the one it calls
    assert refused == "refused"  # an int64 matrix is outside the declared signature


def test_kernels_compiled_during_the_work_count_as_loading(tmp_path):
    code = """
import parity as pt
from parity import _compiled
_compiled.NOTES = True
result = pt.count_result(pt.LightsOut("grid:300x300"), engine="chase")
print(result.count, result.load_seconds > result.seconds, result.seconds < 0.5)
"""
    done = fresh(code, {"NUMBA_CACHE_DIR": str(tmp_path)})  # nothing cached: the chase's kernels compile
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1", "True", "True"]
    notes = [line for line in done.stderr.splitlines() if line.startswith("parity: compiling")]
    assert notes and notes[0].startswith("parity: compiling light chasing kernels once") and len(notes) <= 2
