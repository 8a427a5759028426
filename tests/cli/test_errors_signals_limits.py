"""Errors, signals and limits: each input and what it must give.

Labels (W: wrong answers, H: hangs and huge inputs, T: tracebacks, U: unclear
messages) group the cases.  Errors are checked the same way everywhere: exit
status 2, exactly one line on stderr that names the problem, no traceback,
nothing on stdout.  Signals and real time limits are tested on the real
command (``python -m parity``) in a subprocess, including that no child
process of the command survives it.
"""

from __future__ import annotations

import gzip
import json
import os
import signal
import subprocess
import sys
import time

import networkx as nx
import pytest

import parity as pt
from parity import linalg
from parity.testing import run_cli
from parity.cnf import CNF, backend
from parity.errors import (
    BoardSpecError,
    DimacsError,
    EncodingError,
    FieldError,
    LimitError,
    NodeError,
    NoSolutionError,
    NullityTooLargeError,
    ParityError,
    RuleError,
    ShapeError,
    StateError,
)
from parity.puzzles import LightsOut
from parity.puzzles.cnffile import CnfFile

ENGINES = ["gf2", "galois", "sat", "sat:glucose4", "cms", "ganak"]


# -- helpers -----------------------------------------------------------------------------------------------
def run(capsys, *args):
    """The CLI in this process: (exit status, stdout, stderr)."""
    return run_cli(*args)


def assert_user_error(code, out, err, *words):
    assert code == 2, err
    assert out == ""
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1 and err.startswith("parity: error: "), err
    for word in words:
        assert word in err, err


def user_error(capsys, *args, words=()):
    """Run the CLI, expect a one-line user error naming ``words`` (a size error names the memory it would need,
    which proves the check came before the allocation)."""
    code, out, err = run(capsys, *args)
    assert_user_error(code, out, err, *words)
    return err


def json_answer(capsys, *args):
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def pigeonhole(path, pigeons=12, holes=11):
    """PHP(pigeons, holes) in DIMACS: unsatisfiable, and hard for CDCL solvers from 12 into 11."""
    var = lambda i, j: i * holes + j + 1  # noqa: E731
    clauses = [[var(i, j) for j in range(holes)] for i in range(pigeons)]
    clauses += [[-var(a, j), -var(b, j)] for j in range(holes) for a in range(pigeons) for b in range(a + 1, pigeons)]
    body = "".join(" ".join(map(str, c)) + " 0\n" for c in clauses)
    path.write_text(f"p cnf {pigeons * holes} {len(clauses)}\n{body}")
    return path


def command(*args):
    return [sys.executable, "-m", "parity", *map(str, args)]


def _environment() -> dict:
    """The subprocess imports the same parity as this test (not another install on the path)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(pt.__file__)))
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}


def _children_by_parent() -> dict[int, list[int]]:
    table: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            table.setdefault(int(fields[1]), []).append(int(entry))
    return table


def descendants(pid: int) -> list[int]:
    """Every live descendant of ``pid``, read from /proc."""
    table, found, todo = _children_by_parent(), [], [pid]
    while todo:
        for child in table.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def running(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def interrupt(args, sig, tmp_path, whole_group=False, wait=1.5):
    """Start ``parity ARGS``, let it work, send ``sig``; check exit 130, one line, empty stdout, no survivor."""
    proc = subprocess.Popen(command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=tmp_path, start_new_session=whole_group, env=_environment())
    try:
        time.sleep(wait)
        assert proc.poll() is None, f"the command ended before the signal: {proc.communicate()}"
        children = descendants(proc.pid)
        assert children, "the work should run in a child process"
        if whole_group:  # what a terminal's Ctrl-C does: every process of the group gets the signal
            os.killpg(proc.pid, sig)
        else:
            proc.send_signal(sig)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    deadline = time.monotonic() + 5
    while any(running(c) for c in children) and time.monotonic() < deadline:
        time.sleep(0.05)
    survivors = [c for c in children if running(c)]
    for pid in survivors:  # do not leave them to the next test
        os.kill(pid, signal.SIGKILL)
    assert proc.returncode == 130, err
    assert err == "parity: interrupted\n"
    assert out == ""
    assert survivors == []


# -- W: wrong answers --------------------------------------------------------------------------------------
@pytest.fixture
def colliding_labels(tmp_path):
    path = tmp_path / "labels.edgelist"
    path.write_text("1 (1,)\n(1,) 2\n")
    return path


@pytest.mark.parametrize("engine", ENGINES)
def test_W1_labels_never_collide(capsys, colliding_labels, engine):
    G = nx.Graph([(1, "1"), ("1", 2)])
    assert pt.count(LightsOut(G), engine=engine) == pt.count(LightsOut(G), engine="gf2") == 1
    data = json_answer(capsys, "count", "lightsout", "--board", colliding_labels, "--engine", engine)
    assert data["count"] == 1
    if engine != "ganak":  # ganak only counts
        result = pt.solve(LightsOut(G), engine=engine)
        assert len(result.solution) == 3 and len(result.to_json()["presses"]) == 3
        data = json_answer(capsys, "solve", "lightsout", "--board", colliding_labels, "--engine", engine)
        assert len(data["presses"]) == 3 and data["press_count"] == 1


@pytest.mark.parametrize("graph, words", [
    (nx.MultiGraph([(0, 1), (0, 1), (1, 2)]), "multigraph"),
    (nx.DiGraph([(0, 1)]), "directed"),
], ids=["multigraph", "digraph"])
def test_W2_multigraphs_and_digraphs_refused(graph, words):
    with pytest.raises(BoardSpecError, match=words):
        LightsOut(graph)


@pytest.mark.parametrize("header", ["c p show 1 9 0", "c ind 1 9 0", "c p show 1 3000000000 0", "c ind 3000000000 0"])
def test_W3_projection_before_header_checked(capsys, tmp_path, header):
    path = tmp_path / "early.cnf"
    path.write_text(f"{header}\np cnf 3 2\n1 2 0\n3 0\n")
    big = header.split()[-2]
    with pytest.raises(DimacsError, match=f"early.cnf:1: projection variable {big} exceeds the 3 declared"):
        CnfFile(path)
    user_error(capsys, "count", "cnf", path, words=("early.cnf:1", big))


def test_W4_huge_field_refused():
    with pytest.raises(FieldError, match="too large"):
        LightsOut("grid:1x3", field=2**61 - 1)
    # the largest fields accepted give exact answers (no int64 overflow)
    puzzle = LightsOut("grid:1x3", field=2**31 - 1, start="random:3")
    assert pt.count(puzzle) == 1
    pt.solve(puzzle)  # verified by the rules, in Python integers


def test_W5_single_engine_check_reports_unchecked(capsys):
    code, out, err = run(capsys, "check", "lightsout", "--examples", "6", "--seed", "1", "--engines", "gf2")
    headline = out.splitlines()[0]
    assert code == 0 and "6 unchecked" in headline and "agree" not in headline and "nothing checked" in headline
    assert "not checked" in out
    summary = json_answer(capsys, "check", "lightsout", "--examples", "6", "--seed", "1", "--engines", "gf2")
    assert summary["checked"] == 0 and summary["unchecked_instances"] == 6


# -- H: hangs and memory -----------------------------------------------------------------------------------
@pytest.mark.parametrize("case", ["grid", "hex", "col", "cnf"])
def test_H1_huge_inputs_refused_at_once(capsys, tmp_path, case):
    if case == "col":
        path = tmp_path / "huge.col"
        path.write_text("p edge 99999999999 0\n")
        args = ("count", "lightsout", "--board", path)
    elif case == "cnf":
        path = tmp_path / "huge.cnf"
        path.write_text("p cnf 99999999999 0\n")
        args = ("count", "cnf", path)
    else:  # (a grid's count needs no memory per cell: its solution does)
        args = ({"grid": "solve", "hex": "count"}[case], "lightsout", "--board",
                {"grid": "grid:100000x100000", "hex": "hex:1000000"}[case])
    user_error(capsys, *args, words=("needs about", "of memory"))


def test_H1_a_huge_grid_is_counted_by_the_polynomial_route_with_no_memory_per_cell(capsys):
    # 10^10 cells: the count of the closed rule's all-on start is 2^nullity, the nullity a gcd of polynomials
    data = json_answer(capsys, "count", "lightsout", "--board", "grid:100000x100000")
    assert data["engine"] == "poly" and data["exact"] is True and data["rank"] + data["nullity"] == 10 ** 10
    assert data["count"] == 2 ** data["nullity"]


def test_H2_ganak_count_stops_at_its_time_limit(capsys, tmp_path):
    path = pigeonhole(tmp_path / "php.cnf")
    data = json_answer(capsys, "count", "cnf", path, "--engine", "ganak", "--time-limit", "2")
    assert data["status"] == "UNKNOWN" and data["satisfiable"] is None and data["engine"] == "ganak"


@pytest.mark.parametrize("engine", ["sat", "cms"])
def test_H3_count_takes_a_time_limit(capsys, tmp_path, engine):
    path = tmp_path / "free.cnf"
    path.write_text("p cnf 70 1\n1 2 0\n")  # 3 * 2^68 models to enumerate
    data = json_answer(capsys, "count", "cnf", path, "--engine", engine, "--time-limit", "1")
    assert data["status"] == "UNKNOWN" and "count" not in data


@pytest.mark.parametrize("row, args, sig, whole_group", [
    ("H4", ("count", "cnf", "php.cnf", "--engine", "ganak"), signal.SIGINT, False),
    ("H5", ("solve", "cnf", "php.cnf", "--time-limit", "30"), signal.SIGTERM, False),
    ("T9", ("solve", "cnf", "php.cnf"), signal.SIGINT, False),
    ("T10", ("solve", "cnf", "php.cnf", "--engine", "cms", "--json"), signal.SIGINT, False),
    ("H4", ("count", "cnf", "php.cnf", "--engine", "ganak", "--time-limit", "30", "--json"), signal.SIGINT, True),
    ("T10", ("solve", "cnf", "php.cnf", "--engine", "cms", "--json"), signal.SIGINT, True),
], ids=["H4-sigint-ganak", "H5-sigterm-time-limit", "T9-sigint-solve", "T10-sigint-cms-json", "H4-ctrl-c-group",
        "T10-ctrl-c-group-cms"])
def test_H4_H5_T9_T10_interrupts_stop_everything(tmp_path, row, args, sig, whole_group):
    pigeonhole(tmp_path / "php.cnf")
    interrupt(args, sig, tmp_path, whole_group=whole_group)


@pytest.mark.parametrize("field, engine", [(65537, "sat"), (2**61 - 1, "cms"), (65537, "cms")])
def test_H6_fields_too_large_for_cnf_refused_at_once(capsys, field, engine):
    user_error(capsys, "solve", "lightsout", "--board", "grid:1x2", "--field", field, "--engine", engine,
               words=(str(field),))


def test_H7_minimum_search_guard_counts_the_real_cost(capsys, tmp_path):
    path = tmp_path / "isolated.col"
    path.write_text("p edge 18 0\n")
    with pytest.raises(NullityTooLargeError, match=r"3\^18"):
        pt.solve(LightsOut(str(path), rule="open", start="all-off", field=3), minimize=True)
    user_error(capsys, "solve", "lightsout", "--board", path, "--rule", "open", "--start", "all-off", "--field", "3",
               "--min-presses", words=("3^18", "raise --max-nullity"))  # the option, on the command line


def test_H8_solutions_over_a_huge_field():
    with pytest.raises(FieldError, match="too large"):
        list(pt.solutions(LightsOut("grid:1x3", rule="open", field=2**61 - 1), limit=3))
    # the largest accepted field lists lazily
    assert len(list(pt.solutions(LightsOut("grid:1x3", rule="open", field=2**31 - 1), limit=3))) == 3


# -- T: tracebacks -----------------------------------------------------------------------------------------
def _files(tmp_path):
    (tmp_path / "big.rule").write_text("9223372036854775808 1 0\n1 1 1\n0 1 1\n")
    (tmp_path / "rule.d").mkdir()
    (tmp_path / "binary.rule").write_bytes(bytes(range(256)))
    (tmp_path / "square.state").write_text("²000\n")
    (tmp_path / "power.state").write_text('{"0,0": 2**70}\n')
    (tmp_path / "huge.state").write_text('{"0,0": 1180591620717411303424}\n')


T_ERRORS = {
    "T1-field-2^63": (["count", "lightsout", "--board", "grid:3x3", "--field", str(2**63 + 29)], ["too large"]),
    "T1-field-huge": (["count", "lightsout", "--board", "grid:3x3", "--field", "9" * 40], ["too large"]),
    "T2-rule-directory": (["count", "lightsout", "--board", "grid:1x3", "--rule", "rule.d"], ["is a directory"]),
    "T2-rule-binary": (["count", "lightsout", "--board", "grid:1x3", "--rule", "binary.rule"], ["not a text file"]),
    "T3-state-superscript": (["count", "lightsout", "--board", "grid:2x2", "--start", "square.state"], ["'²'"]),
    "T3-state-power": (["count", "lightsout", "--board", "grid:2x2", "--start", "power.state"], ["bad JSON"]),
    "T3-state-2^70": (["count", "lightsout", "--board", "grid:2x2", "--start", "huge.state"], ["0..1"]),
    "T4-random-superscript": (["count", "lightsout", "--board", "grid:2x2", "--start", "random:²"], ["random:SEED"]),
    "T4-random-long-seed": (["count", "lightsout", "--board", "grid:2x2", "--start", "random:" + "9" * 5000],
                            ["5000 digits"]),
    "T5-spec-over-255": (["count", "lightsout", "--board", "grid:" + "1" * 300 + "x2"], ["at most 255"]),
    "T6-output-missing-dir": (["export", "lightsout", "--board", "grid:2x2", "-o", "/nonexistent/x.cnf"],
                              ["no such directory"]),
    "T6-output-empty": (["export", "lightsout", "--board", "grid:2x2", "-o", ""], ["file name is empty"]),
    "T6-output-full": (["export", "lightsout", "--board", "grid:2x2", "-o", "/dev/full"], ["no space left"]),
    **{f"T7-time-limit-{v}": (["count", "lightsout", "--board", "grid:2x2", "--time-limit", v], ["time limit"])
       for v in ("nan", "inf", "1e300", "-1")},
    "T7-solve-time-limit-nan": (["solve", "lightsout", "--board", "grid:2x2", "--time-limit", "nan"], ["time limit"]),
    "T7-max-nullity-huge": (["solve", "lightsout", "--board", "grid:5x5", "--min-presses", "--max-nullity", 10**23],
                            ["--max-nullity"]),
    **{f"T8-{solver}-{board}": (["solve", "lightsout", "--board", board, "--engine", f"sat:{solver}"],
                                [f"unknown PySAT solver {solver!r}"])
       for solver in ("kissat404", "cryptosat", "minisatgh") for board in ("grid:3x3", "petersen")},
}


@pytest.mark.parametrize("case", list(T_ERRORS))
def test_T1_T8_one_line_errors(capsys, tmp_path, monkeypatch, case):
    if case == "T6-output-full" and not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    _files(tmp_path)
    monkeypatch.chdir(tmp_path)
    args, words = T_ERRORS[case]
    user_error(capsys, *args, words=words)


def test_T2_rule_with_integers_beyond_int64_works(capsys, tmp_path):
    _files(tmp_path)
    data = json_answer(capsys, "count", "lightsout", "--board", "grid:1x3", "--rule", tmp_path / "big.rule")
    assert data["count"] == 1  # entries are reduced mod p exactly: 2^63 is 0 over GF(2)


def test_T7_sat_back_ends_check_their_time_limits():
    f = CNF()
    f.add([f.var("a")])
    for name in ("sat", "sat:glucose4", "cms"):
        with pytest.raises(LimitError, match="time limit"):
            backend(name).solve(f, time_limit=float("nan"))
    f.primary = [1]
    with pytest.raises(LimitError, match="time limit"):
        backend("ganak").count(f, time_limit=-1)


def _cases_T11():
    def start(value):
        return lambda: LightsOut("grid:2x2", start={(0, 0): value})

    def primary_minus_one(name):
        def make():
            f = CNF()
            f.add([f.var("a")])
            f.primary = [-1]
            return backend(name).count(f)
        return make

    import numpy as np

    return {
        "empty-graph": (lambda: LightsOut(nx.Graph()), BoardSpecError, "no nodes"),
        "solve-0x0": (lambda: linalg.solve(np.zeros((0, 0), dtype=int), np.zeros(0, dtype=int)).count, None, 1),
        "solve-3x0": (lambda: linalg.solve(np.zeros((3, 0), dtype=int), np.zeros(3, dtype=int)).count, None, 1),
        "solve-3x0-unsolvable": (lambda: linalg.solve(np.zeros((3, 0), dtype=int), np.ones(3, dtype=int)).count,
                                 None, 0),
        "solve-empty-lists": (lambda: linalg.solve([], []), ShapeError, "matrix"),
        "start-x": (start("x"), StateError, "'x'"),
        "start-None": (start(None), StateError, "None"),
        "start-2^70": (start(2**70), StateError, str(2**70)),
        "start-1.7": (start(1.7), StateError, "1.7"),
        "ragged-rule": (lambda: LightsOut("grid:1x3", rule=[[1, 1, 0], [1, 1], [0, 1, 1]]), RuleError, "shape"),
        "flat-rule": (lambda: LightsOut("grid:1x3", rule=[1, 2, 3]), RuleError, "rows"),
        "minimum-unsolvable": (lambda: LightsOut("grid:4x4", start={(0, 0): 1}).solution_space().minimum_weight(),
                               NoSolutionError, "no solution"),
        "picture-empty": (lambda: LightsOut("grid:2x2").picture({}), None, ". .\n. ."),
        "picture-empty-petersen": (lambda: LightsOut("petersen").picture({}), None, "(no presses)"),
        "toggles-missing-node": (lambda: LightsOut("grid:2x2").toggles((9, 9)), NodeError, "(9, 9)"),
        "xor-literal-0": (lambda: CNF().add_xor([0, 1], 1), EncodingError, "literal 0"),
        **{f"primary-minus-one-{name}": (primary_minus_one(name), EncodingError, "primary variable -1")
           for name in ("sat", "cms", "ganak")},
        "max-nullity-api": (lambda: LightsOut("grid:5x5").minimum_presses(max_nullity=10**23), LimitError,
                            "max_nullity"),
    }


T11 = _cases_T11()


@pytest.mark.parametrize("case", list(T11))
def test_T11_api_errors_are_parity_errors(case):
    make, error, expected = T11[case]
    if error is None:
        assert make() == expected
        return
    assert issubclass(error, ParityError)
    with pytest.raises(error) as caught:
        make()
    assert expected in str(caught.value)


# -- U: unclear messages -----------------------------------------------------------------------------------
def _u_files(tmp_path):
    (tmp_path / "empty.rule").write_text("")
    (tmp_path / "bom.cnf").write_bytes(b"\xef\xbb\xbfp cnf 2 1\n1 2 0\n")
    (tmp_path / "x.graphml").mkdir()
    (tmp_path / "f.cnf.gz").write_bytes(gzip.compress(b"p cnf 2 1\n1 2 0\n"))
    (tmp_path / "f.cnf").write_bytes(gzip.compress(b"p cnf 2 1\n1 2 0\n"))  # compressed, under a plain name
    (tmp_path / "short.col").write_text("p edge 3 2\ne 1 2\n")
    (tmp_path / "long.col").write_text("p edge 3 1\ne 1 2\ne 2 3\n")


U_ERRORS = {
    "U1-empty-start": (["count", "lightsout", "--board", "grid:2x2", "--start", ""], ["start is empty"]),
    "U1-empty-rule": (["count", "lightsout", "--board", "grid:2x2", "--rule", ""], ["rule is empty"]),
    "U2-empty-rule-file": (["count", "lightsout", "--board", "grid:2x2", "--rule", "empty.rule"], ["has no rows"]),
    "U4-directory-board": (["count", "lightsout", "--board", "x.graphml"], ["is a directory"]),
    "U5-gzip-dimacs": (["count", "cnf", "f.cnf.gz"], ["not a text file", "gzip"]),
    "U5-gzip-plain-name": (["count", "cnf", "f.cnf"], ["not a text file", "gzip"]),
    "U6-examples-negative": (["check", "lightsout", "--examples", "-3"], ["--examples", "-3"]),
    "U6-limit-negative": (["check", "lightsout", "--limit", "-1"], ["--limit", "-1"]),
    "U6-export-engine": (["export", "lightsout", "--board", "grid:2x2", "-o", "x.cnf", "--engine", "nosuch"],
                         ["--engine"]),
    "U7-col-fewer-edges": (["count", "lightsout", "--board", "short.col"], ["declares 2 edges, the file has 1"]),
    "U7-col-more-edges": (["count", "lightsout", "--board", "long.col"], ["declares 1 edges, the file has 2"]),
    "U7-petersen-size": (["count", "lightsout", "--board", "petersen:3"], ["takes no size"]),
}


@pytest.mark.parametrize("case", list(U_ERRORS))
def test_U1_U7_messages_name_the_problem(capsys, tmp_path, monkeypatch, case):
    _u_files(tmp_path)
    monkeypatch.chdir(tmp_path)
    args, words = U_ERRORS[case]
    user_error(capsys, *args, words=words)


def test_U3_dimacs_with_a_bom_is_read(capsys, tmp_path):
    _u_files(tmp_path)
    assert json_answer(capsys, "count", "cnf", tmp_path / "bom.cnf")["count"] == 3


def test_U7_empty_size_after_a_sizeless_board(capsys):
    user_error(capsys, "count", "lightsout", "--board", "petersen:", words=("takes no size",))


def test_H7_an_absurd_bound_is_refused_by_the_space_itself():
    from parity.errors import LimitError, NullityTooLargeError
    from parity.linalg import solve

    space = solve([[0, 0, 0]], [0], field=3)
    with pytest.raises(NullityTooLargeError, match="3\\^3"):
        space.minimum_weight(max_nullity=4)
    assert space.minimum_weight(max_nullity=10**23)[0] == 0  # a huge bound is allowed and instant
    with pytest.raises(LimitError):
        space.minimum_weight(max_nullity=-1)


def test_an_engine_a_family_chooses_for_itself_is_told_to_whoever_may_stop_the_work():
    """A packing counted by orbits chooses its counter itself (``choose_for`` on a pruned problem): that engine too is
    noted, so an answer made when a time limit stops the count names it (it said "before an engine was chosen")."""
    from parity._child import run_in_child

    puzzle = pt.Polyomino("pentominoes", "rect:20x3")
    noted: dict = {}
    engine = run_in_child(lambda: pt.count_result(puzzle).engine, on_note=noted.__setitem__)
    assert engine in ("pack", "scan", "dlx", "memo") and noted["engine"] == engine
    noted.clear()
    assert run_in_child(lambda: pt.count_result(pt.LightsOut("grid:4x4")).engine, on_note=noted.__setitem__) == \
        noted["engine"]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupt_that_lands_in_a_finaliser_is_not_lost(sig):
    """A stop signal's handler raises where the main thread is; inside a finaliser (numba's and llvmlite's objects
    have them) Python only reports the exception, and the command went on: it must stop all the same."""
    program = f"""
import os, signal, time
import importlib
cli = importlib.import_module("parity.cli.main")
previous = cli._install_stop_handlers()

class Finalised:
    def __del__(self):
        os.kill(os.getpid(), {int(sig)})
        for _ in range(10000):  # the handler runs here, inside the finaliser
            pass

try:
    Finalised()
    deadline = time.monotonic() + 30  # the signal given again comes within this, however loaded the machine
    while time.monotonic() < deadline:
        pass
    print("went on")
except cli._Interrupted:
    print("stopped")
finally:
    cli._restore_stop_handlers(previous)
"""
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert done.stdout.strip() == "stopped", (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
