"""The ``linear`` family: A x = b over GF(p) read from a matrix text file.

References are independent of the engines: every vector of GF(p)^n tried
(brute force, n <= 10), the export writer (``parity.export``) for the file
format, Lights Out's own counts, and M4RI's rank when its anchor builds.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import subprocess
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import parity as pt
from parity.check import crosscheck
from parity.errors import FieldError, InvalidSolution, MatrixFileError, ParityError, ShapeError, TooLargeError
from parity.export import export
from parity.puzzles import LightsOut
from parity.puzzles.linearfile import LinearFile, random_linear, read_matrix
from parity.puzzles.registry import family
from parity.strategies import instances

ANCHOR = Path(os.environ.get("PARITY_ANCHORS", Path(__file__).resolve().parents[3] / "shared" / "anchors")) / "m4ri.sh"


# -- references ----------------------------------------------------------------------------------------------
def brute_force(A: np.ndarray, b: np.ndarray, p: int) -> set[tuple[int, ...]]:
    """Every x in GF(p)^n with A x = b, found by trying them all."""
    n = A.shape[1]
    X = np.array(list(itertools.product(range(p), repeat=n)), dtype=np.int64).reshape(p**n, n)
    ok = np.all((A.astype(np.int64) @ X.T) % p == b.reshape(-1, 1) % p, axis=0)
    return {tuple(int(v) for v in x) for x in X[ok]}


def write(path: Path, columns: np.ndarray, p: int, spaced: bool = False) -> Path:
    """A matrix file written by hand (not by parity's writer): digits together, or separated by blanks."""
    separator = " " if spaced or p >= 11 else ""
    rows = [separator.join(str(int(v)) for v in row) for row in columns]
    path.write_text(f"{columns.shape[0]} {columns.shape[1]}\n" + "".join(row + "\n" for row in rows))
    return path


@st.composite
def systems(draw, fields=(2, 3), max_unknowns=10):
    p = draw(st.sampled_from(fields))
    n = draw(st.integers(0, max_unknowns if p == 2 else min(max_unknowns, 7)))
    m = draw(st.integers(0, 8))
    entries = draw(st.lists(st.integers(0, p - 1), min_size=m * (n + 1), max_size=m * (n + 1)))
    columns = np.array(entries, dtype=np.int64).reshape(m, n + 1)
    return p, columns


# -- solutions against brute force ---------------------------------------------------------------------------
@given(systems(), st.booleans())
def test_counts_solutions_and_minimum_match_brute_force(system, spaced):
    p, columns = system
    A, b = columns[:, :-1], columns[:, -1]
    expected = brute_force(A, b, p)
    with tempfile.TemporaryDirectory() as folder:
        puzzle = LinearFile(write(Path(folder) / "A.txt", columns, p, spaced), field=p, augmented=True)
        engines = ["gf2", "galois"] if p == 2 else ["galois"]
        for engine in engines:
            assert pt.count(puzzle, engine=engine) == len(expected), engine
            result = pt.solve(puzzle, engine=engine)
            assert result.satisfiable == bool(expected)
            if expected:
                assert result.solution in expected
            assert set(pt.solutions(puzzle, engine=engine)) == expected
        if expected:
            minimum = pt.solve(puzzle, minimize=True)
            assert minimum.stats["minimum_weight"] == min(sum(x) for x in expected)  # entries as integers 0..p-1
            assert minimum.solution in expected
        # the same file read without --augmented: b is a column of A, and the right-hand side is 0
        homogeneous = LinearFile(puzzle.file, field=p)
        assert pt.count(homogeneous) == len(brute_force(columns, np.zeros(len(columns), dtype=np.int64), p))


@given(systems(max_unknowns=6))
def test_verify_accepts_exactly_the_brute_force_solutions(system):
    p, columns = system
    A, b = columns[:, :-1], columns[:, -1]
    expected = brute_force(A, b, p)
    puzzle = LinearFile(columns, field=p, augmented=True)
    for x in itertools.product(range(p), repeat=A.shape[1]):
        if x in expected:
            puzzle.verify(x)
        else:
            with pytest.raises(InvalidSolution, match="breaks row"):
                puzzle.verify(x)


def test_verify_refuses_malformed_vectors():
    puzzle = LinearFile([[1, 2, 0]], field=3)
    puzzle.verify((0, 0, 1))
    for x, words in [((0, 0), "2 entries"), ((0, 0, 3), "0..2"), ((0, 0, -1), "0..2"), ((0, 0, True), "0..2"),
                     ((0, 0, 1.0), "0..2")]:
        with pytest.raises(InvalidSolution, match=words):
            puzzle.verify(x)


def test_verify_is_exact_over_the_largest_fields():
    p = 2**31 - 1
    x = (p - 1,) * 40  # A x = 40 (p-1)^2 = 40 mod p, a sum that overflows int64 unless reduced on the way
    LinearFile([[p - 1] * 40 + [40]], field=p, augmented=True).verify(x)
    with pytest.raises(InvalidSolution, match="gives 40 there, b is 39"):
        LinearFile([[p - 1] * 40 + [39]], field=p, augmented=True).verify(x)


# -- the file format -----------------------------------------------------------------------------------------
@given(st.sampled_from([2, 3, 7, 11, 13, 101]), st.integers(0, 6), st.integers(1, 7), st.booleans(), st.randoms())
def test_what_export_writes_reads_back(p, m, n, augmented, rng):
    columns = np.array([[rng.randrange(p) for _ in range(n)] for _ in range(m)], dtype=np.int64).reshape(m, n)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "A.txt"
        source = LinearFile(columns, field=p, augmented=augmented)
        written = export(source, "matrix", path, augmented=augmented)  # with augmented, the writer appends b
        assert (written["rows"], written["cols"]) == (m, n)
        assert read_matrix(path, p).tolist() == columns.tolist()


def test_both_gf2_forms_and_m4ri_style_blanks_read_alike(tmp_path):
    together = tmp_path / "together.txt"
    together.write_text("2 4\n1011\n0110\n")
    apart = tmp_path / "apart.txt"
    apart.write_text("\n2   4\r\n1 0 1 1\r\n\n 0 1\t1 0 \r\n\n")
    assert read_matrix(together).tolist() == read_matrix(apart).tolist() == [[1, 0, 1, 1], [0, 1, 1, 0]]
    bom = tmp_path / "bom.txt"
    bom.write_bytes(b"\xef\xbb\xbf2 4\n1011\n0110\n")
    assert read_matrix(bom).tolist() == [[1, 0, 1, 1], [0, 1, 1, 0]]
    assert LinearFile(bom).shape == (2, 4)


def test_fields_from_eleven_on_separate_entries(tmp_path):
    path = tmp_path / "A.txt"
    path.write_text("2 3\n10 0 12\n0 1 1\n")
    assert read_matrix(path, 13).tolist() == [[10, 0, 12], [0, 1, 1]]
    path.write_text("1 3\n1012\n")
    with pytest.raises(MatrixFileError, match="1 entry, the header says 3 .over GF.13. entries are separated"):
        read_matrix(path, 13)


BAD_FILES = [
    # (text, field, augmented, error, words in the message)
    ("", 2, False, MatrixFileError, "is empty"),
    ("\n\n", 2, False, MatrixFileError, "is empty"),
    ("3\n101\n", 2, False, MatrixFileError, "'ROWS COLS'"),
    ("2 3 4\n101\n", 2, False, MatrixFileError, "'ROWS COLS'"),
    ("-2 3\n101\n", 2, False, MatrixFileError, "'ROWS COLS'"),
    ("two 3\n", 2, False, MatrixFileError, "'ROWS COLS'"),
    ("2 3\n101\n11\n", 2, False, MatrixFileError, "line 3: the row has 2 entries, the header says 3"),
    ("2 3\n101\n1101\n", 2, False, MatrixFileError, "line 3: the row has 4 entries"),
    ("1 3\n1 1\n", 2, False, MatrixFileError, "line 2: the row has 2 entries"),
    ("1 3\n10 1 1\n", 7, False, MatrixFileError, "4 entries, the header says 3 (below GF(11) every entry is one"),
    ("2 3\n101\n", 2, False, MatrixFileError, "has 1 row, its header says 2"),
    ("2 3\n101\n111\n000\n", 2, False, MatrixFileError, "line 4 is one too many"),
    ("2 3\n101\n121\n", 2, False, FieldError, "line 3, column 2: entry 2 is outside 0..1"),
    ("2 3\n101\n1x1\n", 2, False, MatrixFileError, "line 3, column 2: entry 'x' is not a whole number"),
    ("1 3\n1é1\n", 2, False, MatrixFileError, "column 2: entry 'é'"),
    ("1 3\n103\n", 3, False, FieldError, "entry 3 is outside 0..2 (GF(3))"),
    ("1 3\n1 0 13\n", 13, False, FieldError, "column 3: entry 13 is outside 0..12"),
    ("1 3\n1 0 -1\n", 13, False, MatrixFileError, "entry '-1' is not a whole number"),
    ("1 3\n1 0 99999999999999999999\n", 13, False, FieldError, "column 3: entry 99999999999999999999 is outside"),
    ("1 3\n1 +1 0\n", 13, False, MatrixFileError, "entry '+1'"),
    ("2 0\n", 2, True, MatrixFileError, "no last column for b"),
    ("2 0\n1\n", 2, False, MatrixFileError, "rows have 0 entries"),
    ("100000000 100000000\n", 2, False, TooLargeError, "100000000 x 100000000 matrix"),
]


@pytest.mark.parametrize("text, field, augmented, error, words", BAD_FILES)
def test_malformed_files_give_one_clear_error(tmp_path, text, field, augmented, error, words):
    path = tmp_path / "bad.txt"
    path.write_text(text)
    puzzle = LinearFile(path, field=field, augmented=augmented)  # nothing is read yet
    with pytest.raises(error) as caught:
        pt.count(puzzle)
    message = str(caught.value)
    assert words in message and "\n" not in message and isinstance(caught.value, ParityError)


def test_unreadable_files_name_the_file_and_the_reason(tmp_path):
    for path, words in [(tmp_path / "missing.txt", "no such file"), (tmp_path, "is a directory")]:
        with pytest.raises(MatrixFileError, match=f"cannot read matrix file .*: {words}"):
            pt.count(LinearFile(path))
    packed = tmp_path / "A.txt.gz"
    packed.write_bytes(b"\x1f\x8b\x08\x00garbage")
    with pytest.raises(MatrixFileError, match="gzip-compressed"):
        _ = LinearFile(packed).shape


def test_the_field_is_checked_at_once():
    for p, words in [(4, "not a prime"), (1, "not a prime"), (2**31 + 11, "too large")]:
        with pytest.raises(FieldError, match=words):
            LinearFile("never-read.txt", field=p)


def test_matrices_in_memory_are_checked_like_files():
    with pytest.raises(ShapeError, match="2-D"):
        LinearFile([1, 0, 1])
    with pytest.raises(ShapeError, match="2-D"):
        LinearFile([[1, 0], [1]])
    with pytest.raises(ShapeError, match="whole numbers"):
        LinearFile([[1, 0.5]])
    with pytest.raises(FieldError, match="entry 2 is outside 0..1"):
        LinearFile(np.array([[1, 2]]))
    assert pt.count(LinearFile(np.zeros((0, 3), dtype=int))) == 8


# -- the contract --------------------------------------------------------------------------------------------
def test_the_file_is_read_when_the_encoding_is_built(tmp_path):
    path = tmp_path / "A.txt"
    puzzle = LinearFile(path, augmented=True)  # the file does not exist yet: nothing is read
    path.write_text("2 3\n111\n011\n")
    assert puzzle._columns is None
    result = pt.count_result(puzzle)
    assert result.count == 1 and puzzle._columns is not None
    data = result.to_json()
    assert data["family"] == "linear" and data["rows"] == 2 and data["unknowns"] == 2 and data["augmented"] is True
    assert 0 <= data["seconds"] <= data["total_seconds"]


def test_answers_and_pictures():
    puzzle = LinearFile([[1, 1, 0, 1], [0, 1, 1, 0]], augmented=True, name="small")
    result = pt.solve(puzzle)
    x = result.solution
    assert result.to_json()["x"] == list(x) and result.to_json()["weight"] == sum(x)
    assert puzzle.picture(x) == "x = " + "".join(map(str, x))
    assert puzzle.describe() == "A x = b from small (2 x 3 over GF(2))"
    assert LinearFile([[12, 1]], field=13).picture((1, 1)) == "x = 1 1"
    wide = LinearFile(np.zeros((1, 300), dtype=int))
    assert "300 entries" in wide.picture(pt.solve(wide).solution)
    assert repr(puzzle).startswith("LinearFile('small'")


def test_time_limits_carry_the_engine_time_back(tmp_path):
    path = tmp_path / "A.txt"
    path.write_text("3 4\n1101\n0111\n1010\n")
    expected = brute_force(read_matrix(path)[:, :3], read_matrix(path)[:, 3], 2)
    limited = pt.count_result(LinearFile(path, augmented=True), time_limit=60)  # counted in a child process
    assert limited.count == len(expected) == 2
    assert 0 < limited.seconds <= limited.total_seconds
    solved = pt.solve(LinearFile(path, augmented=True), time_limit=60)
    assert solved.solution in expected and 0 < solved.seconds <= solved.total_seconds


def test_an_unfinished_search_is_unknown_with_both_times(tmp_path):
    path = tmp_path / "wide.txt"
    path.write_text("1 62\n" + "1" * 62 + "\n")  # a minimum search over 2^60 solutions never ends
    result = pt.solve(LinearFile(path, augmented=True), time_limit=0.5, minimize=True, max_nullity=64)
    assert result.status == "UNKNOWN"
    data = result.to_json()
    assert data["seconds"] == data["total_seconds"] > 0


@given(instances("linear"))
def test_random_instances_are_cross_checked_by_two_engines(puzzle):
    report = crosscheck(puzzle, limit=2**10 + 1)  # every solution listed: at most 10 unknowns
    assert report.agree and report.checked, report.problems
    A, b = puzzle.matrix()
    assert {a.count for a in report.answered if a.complete} == {len(brute_force(A, b, 2))}


def test_the_registry_knows_the_family():
    entry = family("linear")
    assert entry.puzzle is LinearFile and entry.random_instance is random_linear
    assert [o.flags for o in entry.options] == [(), ("--field",), ("--augmented",)]


# -- Lights Out through a file -------------------------------------------------------------------------------
@pytest.mark.parametrize("board, field", [("grid:4x4", 2), ("grid:5x5", 2), ("grid:6x6", 3), ("torus:3x3", 2),
                                          ("grid:3x4", 5), ("petersen", 13)])
def test_lights_out_exported_then_read_counts_alike(tmp_path, board, field):
    lights = LightsOut(board, field=field)
    path = tmp_path / "A.txt"
    export(lights, "matrix", path, augmented=True)
    assert pt.count(LinearFile(path, field=field, augmented=True)) == pt.count(lights)
    export(lights, "matrix", path)
    assert pt.count(LinearFile(path, field=field)) == field ** lights.solution_space().nullity


# -- M4RI, when its anchor builds ----------------------------------------------------------------------------
def _m4ri(path: Path) -> dict:
    if not ANCHOR.exists():
        pytest.skip(f"m4ri: no M4RI anchor at {ANCHOR}")
    try:
        run = subprocess.run(["bash", str(ANCHOR), "file", str(path)], capture_output=True, text=True, timeout=600,
                             check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        pytest.skip(f"m4ri: the M4RI anchor did not run: {exc}")
    if run.returncode != 0:
        pytest.skip(f"m4ri: the M4RI anchor failed: {run.stderr.strip()[:200]}")
    return json.loads(run.stdout.strip().splitlines()[-1])


@pytest.mark.peer("m4ri")
@pytest.mark.parametrize("board", ["grid:5x5", "grid:9x9", "torus:6x6"])
def test_rank_and_nullity_agree_with_m4ri(tmp_path, board):
    path = tmp_path / "A.txt"
    export(LightsOut(board), "matrix", path)
    reference = _m4ri(path)
    result = pt.count_result(LinearFile(path), engine="gf2")
    assert (result.stats["rank"], result.stats["nullity"]) == (reference["rank"], reference["nullity"])


@pytest.mark.peer("m4ri")
def test_rank_agrees_with_m4ri_on_a_random_rectangle(tmp_path):
    rng = np.random.default_rng(7)
    columns = (rng.random((90, 130)) < 0.05).astype(np.int64)
    path = write(tmp_path / "R.txt", columns, 2)
    reference = _m4ri(path)
    result = pt.count_result(LinearFile(path), engine="gf2")
    assert (result.stats["rank"], result.stats["nullity"]) == (reference["rank"], reference["nullity"])


def test_augmented_must_be_a_boolean():
    from parity.errors import MatrixFileError

    with pytest.raises(MatrixFileError, match="True or False"):
        LinearFile([[1, 1]], augmented="no")


# -- the fast reader against the line-by-line one ------------------------------------------------------------
def _layouts(columns: np.ndarray, field: int) -> dict[str, str]:
    """The same matrix written in the layouts people write: together or spaced, LF or CRLF, with trailing blanks."""
    together = ["".join(str(int(v)) for v in row) for row in columns]
    spaced = [" ".join(str(int(v)) for v in row) for row in columns]
    header = f"{columns.shape[0]} {columns.shape[1]}"
    return {
        "export": header + "\n" + "".join(row + "\n" for row in together),
        "no last newline": header + "\n" + "\n".join(together),
        "crlf": header + "\r\n" + "".join(row + "\r\n" for row in together),
        "spaced": header + "\n" + "".join(row + "\n" for row in spaced),
        "spaced crlf": header + "\r\n" + "".join(row + "\r\n" for row in spaced),
        "trailing blanks": header + "\n" + "".join(row + "\n" for row in together) + "  \n\n\t\n",
        "blank lines first": "\n\n  " + header + "  \n" + "".join(row + "\n" for row in together),
        # read line by line (beyond one row or one column): blanks at row ends, a blank line between rows, tabs
        "row ends": header + "\n" + "".join(row + " \n" for row in together),
        "blank line inside": header + "\n" + together[0] + "\n\n" + "".join(row + "\n" for row in together[1:]),
        "tabs": header + "\n" + "".join("\t".join(row) + "\n" for row in together),
    }


FIXED_WIDTH = {"export", "no last newline", "crlf", "spaced", "spaced crlf", "trailing blanks", "blank lines first"}


@pytest.mark.parametrize("shape", [(1, 1), (1, 9), (1, 200), (9, 1), (200, 1), (5, 5), (7, 64), (3, 65), (40, 129)])
@pytest.mark.parametrize("field, fill", [(2, 0.5), (2, 0.0), (2, 1.0), (3, 0.5), (7, 0.3)])
def test_the_fast_reader_reads_what_the_line_reader_reads(tmp_path, shape, field, fill):
    from parity.puzzles.linearfile import _fixed_width_rows, _rows_by_lines

    rng = np.random.default_rng(shape[0] * 1000 + shape[1])
    columns = np.where(rng.random(shape) < fill, rng.integers(1, field, shape), 0)  # all zeros at fill 0
    path = tmp_path / "A.txt"
    for layout, text in _layouts(columns, field).items():
        path.write_bytes(text.encode())
        by_lines = _rows_by_lines(text, field, path)
        body = text.lstrip().partition("\n")[2]
        fast = _fixed_width_rows(body, *shape, field)
        assert fast is not None or layout not in FIXED_WIDTH, layout  # (one row or column blurs the others)
        assert fast is None or np.array_equal(fast, columns), layout
        read = read_matrix(path, field)
        assert read.dtype == by_lines.dtype == np.uint8 and read.shape == shape, layout
        assert np.array_equal(read, by_lines) and np.array_equal(read, columns), layout
        if field == 2:  # and the count, by the packed engine and by galois on the entries
            puzzle = LinearFile(path)
            assert pt.count(puzzle, engine="gf2") == pt.count(LinearFile(path), engine="galois")


@pytest.mark.parametrize("text", ["2 3\n101\n121\n", "2 3\n101\n1x1\n", "2 3\n1 0 1\n1 2 1\n",
                                  "2 3\r\n101\r\n1\x0b1\r\n", "2 3\n101\n1\r1\n", "2 3\n1011\n01\n",
                                  "3 3\n101\n111\n", "1 3\n1é1\n"])
def test_a_bad_file_in_the_fast_layout_gets_the_line_readers_error(tmp_path, text):
    from parity.puzzles.linearfile import _rows_by_lines

    path = tmp_path / "bad.txt"
    path.write_bytes(text.encode())
    with pytest.raises(ParityError) as by_lines:
        _rows_by_lines(text, 2, path)
    with pytest.raises(type(by_lines.value), match="^" + re.escape(str(by_lines.value)) + "$"):
        read_matrix(path)


def test_a_dense_file_is_eliminated_packed_without_listing_entries(tmp_path):
    from parity.linalg.system import PackedSystem

    rng = np.random.default_rng(3)
    columns = rng.integers(0, 2, (300, 301))
    path = write(tmp_path / "D.txt", columns, 2)
    puzzle = LinearFile(path, augmented=True)
    system = puzzle.linear()
    assert isinstance(system, PackedSystem)
    result = pt.solve(puzzle, engine="gf2")
    assert "_entries" not in system.__dict__  # gf2 eliminated the packed rows; nothing was unpacked
    assert pt.count(puzzle, engine="gf2") == pt.count(LinearFile(path, augmented=True), engine="galois")
    if result.satisfiable:
        puzzle.verify(result.solution)
