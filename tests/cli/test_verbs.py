"""The generic verbs at their edges: time limits, check with too few engines, export to stdout, bare commands."""

import json
import subprocess
import sys

import pytest

import parity as pt
from parity.testing import run_cli
from parity.errors import LimitError


def run(capsys, *args):
    """The CLI in this process: (exit status, stdout, stderr)."""
    return run_cli(*args)


def test_the_time_limit_covers_building_the_encoding(capsys):
    # the CNF of a 200 x 200 board takes many seconds to build: the limit must cut that short too
    code, out, _ = run(capsys, "solve", "lightsout", "--board", "grid:200x200", "--engine", "sat", "--time-limit", "1",
                       "--json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "UNKNOWN" and data["engine"] == "sat"


@pytest.mark.parametrize("engines, words", [("gf2", "none of the engines gf2 works on cnf"), (",", "no engine named")])
def test_check_needs_engines_that_apply(capsys, engines, words):
    code, out, err = run(capsys, "check", "cnf", "--examples", "2", "--engines", engines)
    assert code == 2 and out == "" and words in err and len(err.splitlines()) == 1


def test_one_engine_named_twice_is_not_a_cross_check(capsys):
    code, out, _ = run(capsys, "check", "cnf", "--examples", "3", "--engines", "sat,sat", "--json")
    data = json.loads(out)
    assert data["checked"] == 0 and data["unchecked_instances"] == 3 and data["engines"]["sat"]["agree"] == 0
    with pytest.raises(LimitError):
        pt.crosscheck(pt.LightsOut("grid:2x2"), engines=[])
    assert [a.engine for a in pt.crosscheck(pt.LightsOut("grid:2x2"), engines="gf2").answers] == ["gf2"]


def test_export_to_stdout_pipes_the_file():
    done = subprocess.run([sys.executable, "-m", "parity", "export", "lightsout", "--board", "grid:2x2", "-o", "-"],
                          capture_output=True, text=True)
    assert done.returncode == 0 and "p cnf 4 16" in done.stdout.splitlines()
    assert done.stderr.startswith("wrote /dev/stdout")


def test_export_json_keeps_input_and_output_apart_and_names_only_named_variables(capsys, tmp_path):
    source, target = tmp_path / "in.cnf", tmp_path / "out.cnf"
    source.write_text("p cnf 2 1\n1 2 0\n")
    code, out, _ = run(capsys, "export", "cnf", source, "-o", target, "--json")
    data = json.loads(out)
    assert data["file"] == str(source) and data["output"] == str(target)
    assert "None" not in target.read_text()


def test_bare_commands_print_their_help(capsys):
    code, out, err = run(capsys)
    assert code == 0 and out.startswith("Usage: parity") and err == ""
    code, out, _ = run(capsys, "solve")
    assert code == 0 and "lightsout" in out


def test_a_long_command_off_a_terminal_says_how_far_it_got():
    """Off a terminal (a pipe here) the cross-check writes plain progress lines on stderr, each saying how many
    instances of how many are done; stdout still holds the one JSON object."""
    import os

    env = {**os.environ, "PARITY_PROGRESS_SECONDS": "0"}
    done = subprocess.run([sys.executable, "-m", "parity", "check", "lightsout", "--examples", "4", "--json"],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0 and json.loads(done.stdout)["instances"] == 4
    lines = [line for line in done.stderr.splitlines() if line.startswith("parity: cross-checking lightsout: ")]
    assert lines, done.stderr  # (beside them, a first run may say it compiles kernels)
    assert [line.split(": ")[2].split(" ")[0] for line in lines][-1] in ("3/4", "4/4")


def test_a_long_count_off_a_terminal_says_it_is_still_working():
    """A count is one piece of work: off a terminal, a line on stderr every PARITY_PROGRESS_SECONDS says it is
    still working and which engine works; stdout holds the answer alone."""
    import os

    env = {**os.environ, "PARITY_PROGRESS_SECONDS": "0.2"}
    done = subprocess.run([sys.executable, "-m", "parity", "count", "polyform", "--puzzle", "hexiamonds-4x9",
                           "--engine", "dlx", "--json"], capture_output=True, text=True, env=env)
    assert done.returncode == 0 and json.loads(done.stdout)["count"] == 148  # 74 up to symmetry (Puzzler)
    lines = [line for line in done.stderr.splitlines() if line.startswith("parity: count polyomino: working")]
    assert lines, done.stderr
    assert all(line.endswith(" s") for line in lines)


@pytest.mark.parametrize("value", ["soon", "-1", "nan", ""])
def test_a_progress_interval_that_is_no_number_of_seconds_is_one_line(value):
    import os

    env = {**os.environ, "PARITY_PROGRESS_SECONDS": value}
    done = subprocess.run([sys.executable, "-m", "parity", "check", "lightsout", "--examples", "2"],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"parity: error: PARITY_PROGRESS_SECONDS must be a number of seconds, 0 or more, got {value!r}\n"
