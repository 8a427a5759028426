"""The extras: ``import parity`` and the core's commands load none of them, and each command that needs one says in
one line which to install, where its package is missing.

A missing package is made the way Python itself sees one: ``sys.modules[NAME] = None`` makes every import of it
fail with ModuleNotFoundError, in a process of its own (nothing here uninstalls anything).
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import parity
from parity._extras import EXTRAS

ROOT = Path(__file__).resolve().parents[1]


def run_without(modules, code: str, tmp_path) -> subprocess.CompletedProcess:
    """``code`` run by a fresh Python in which ``modules`` cannot be imported."""
    prelude = "import sys\n" + "".join(f"sys.modules[{m!r}] = None\n" for m in modules)
    return subprocess.run([sys.executable, "-c", prelude + code], capture_output=True, text=True, cwd=tmp_path,
                          timeout=300)


def cli_without(modules, args, tmp_path) -> subprocess.CompletedProcess:
    return run_without(modules, f"from parity.cli import main\nsys.argv = ['parity', *{list(args)!r}]\nmain()",
                       tmp_path)


def test_import_parity_and_a_core_count_load_no_extra(tmp_path):
    code = ("import parity as pt\n"
            "assert pt.count(pt.LightsOut(pt.board('grid:5x5'))) == 4\n"
            "from parity.cli import main\n"
            f"print([m for m in {sorted(EXTRAS)!r} if m in sys.modules])\n")
    result = run_without([], code, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_every_module_imports_without_the_extras(tmp_path):
    """No module of the package imports an extra's package when it is imported: only the work that needs it does."""
    names = sorted(m.name for m in pkgutil.walk_packages(parity.__path__, "parity.")
                   if not m.name.endswith("__main__"))
    code = "import importlib\n" + "".join(f"importlib.import_module({n!r})\n" for n in names) + "print('ok')\n"
    result = run_without(list(EXTRAS), code, tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip() == "ok"


@pytest.mark.parametrize("module, args, extra", [
    ("matplotlib", ["draw", "lightsout", "--board", "grid:3x3", "-o", "x.svg"], "draw"),
    ("matplotlib", ["pieces", "polyominoes", "--order", "3", "-o", "pieces.svg"], "draw"),
    ("distributed", ["sweep", "lightsout", "--sizes", "1..2", "--store", "s.sqlite", "--scheduler",
                     "tcp://127.0.0.1:9"], "dask"),
    ("pyganak", ["count", "coloring", "--board", "petersen", "--colors", "3", "--engine", "ganak"], "counters"),
])
def test_a_command_without_its_extra_says_which_to_install(module, args, extra, tmp_path):
    result = cli_without([module], args, tmp_path)
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert f"pip install 'parity[{extra}]'" in lines[0] and module in lines[0]
    if module in ("matplotlib", "distributed"):  # refused before the picture or the store is made
        assert not (tmp_path / args[-1]).exists() and not (tmp_path / "s.sqlite").exists()


def test_a_cross_check_leaves_out_an_engine_whose_extra_is_missing(tmp_path):
    """'Every engine that applies' is every engine installed: ganak without pyganak is left out, and said to be;
    named, it is refused in one line."""
    result = cli_without(["pyganak"], ["check", "lightsout", "--examples", "3"], tmp_path)
    assert result.returncode == 0 and "all engines agree" in result.stdout, (result.stdout, result.stderr)
    assert "ganak left out" in result.stdout and "parity[counters]" in result.stdout
    named = cli_without(["pyganak"], ["check", "lightsout", "--examples", "2", "--engines", "ganak,d4"], tmp_path)
    assert named.returncode == 2 and named.stderr.count("\n") == 1 and "parity[counters]" in named.stderr


def test_drawing_without_matplotlib_is_refused_before_the_work(tmp_path):
    """The picture's extra is asked for before the puzzle is solved: no engine is chosen (none noted)."""
    result = cli_without(["matplotlib"], ["draw", "polyform", "--puzzle", "pentominoes-6x10", "-o", "x.png",
                                          "--json"], tmp_path)
    assert result.returncode == 2 and json.loads(result.stdout).get("engine") is None


def test_json_names_the_error_too(tmp_path):
    result = cli_without(["pyganak"], ["count", "coloring", "--board", "petersen", "--colors", "3", "--engine",
                                       "ganak", "--json"], tmp_path)
    assert result.returncode == 2
    answer = json.loads(result.stdout)
    assert answer["error"] == "MissingExtraError" or answer.get("type") == "MissingExtraError", answer
    assert "parity[counters]" in json.dumps(answer)


def test_the_covering_radius_program_without_highspy_says_research(tmp_path):
    code = ("import parity as pt\n"
            "try:\n"
            "    pt.LightsOut(pt.board('grid:4x4')).most_clicks(method='program')\n"
            "except pt.errors.MissingExtraError as error:\n"
            "    print(error)\n")
    result = run_without(["highspy"], code, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "pip install 'parity[research]'" in result.stdout and "highspy" in result.stdout


def test_the_report_without_matplotlib_is_written_without_its_pictures(tmp_path):
    result = cli_without(["matplotlib"], ["reproduce", "--quick", "--seed", "001", "--out", "report"], tmp_path)
    assert result.returncode == 0, result.stderr
    notes = [line for line in result.stderr.splitlines() if line.startswith("note:")]
    assert len(notes) == 1 and "pip install 'parity[draw]'" in notes[0]
    report = (tmp_path / "report" / "report.md").read_text()
    assert "![" not in report and not list((tmp_path / "report").glob("*.png"))
    assert "pip install 'parity[draw]'" in report  # the report says why it has no pictures


def test_a_result_in_a_notebook_without_matplotlib_shows_as_text(tmp_path):
    code = ("import parity as pt\n"
            "result = pt.solve(pt.LightsOut(pt.board('grid:3x3')))\n"
            "print(result._repr_svg_() is None)\n")
    result = run_without(["matplotlib"], code, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "True"


def test_the_extras_are_declared_as_the_code_asks_for_them():
    """Each module :data:`parity._extras.EXTRAS` names comes with its extra (and with ``all``), not with the core."""
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    core = {d.split(">")[0].split("=")[0].split("[")[0].strip() for d in project["dependencies"]}
    extras = project["optional-dependencies"]
    for module, (distribution, extra) in EXTRAS.items():
        assert distribution not in core, distribution
        assert any(d.startswith(distribution) for d in extras[extra]), (distribution, extra)
        assert extra in extras["all"][0], extra
    assert set(EXTRAS.values()) >= {(d.split(">")[0], e) for e in ("draw", "dask", "research", "counters")
                                    for d in extras[e]}
