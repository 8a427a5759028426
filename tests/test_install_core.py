"""The core install, as a new user makes it: a fresh virtual environment, ``pip install .`` with no extra.  It holds
fewer than 30 packages in under 420 MB (llvmlite, numba's compiler, is 173 MB of it), counts a Lights Out board,
and a command that needs an extra says which in one line.  Slow (it installs numba and numpy from the package
index or its cache: a minute or two)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_the_core_install_is_small_and_says_what_each_extra_adds(tmp_path):
    venv = tmp_path / "core"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python, parity = venv / "bin" / "python", venv / "bin" / "parity"
    install = subprocess.run([str(python), "-m", "pip", "install", "-q", str(ROOT)], capture_output=True, text=True)
    assert install.returncode == 0, install.stderr[-3000:]
    listed = subprocess.run([str(python), "-m", "pip", "list", "--format=freeze"], capture_output=True, text=True,
                            check=True).stdout.split()
    names = {line.split("==")[0].lower() for line in listed}
    assert len(names) < 30, sorted(names)
    assert not names & {"matplotlib", "distributed", "dask", "highspy", "pyganak"}, sorted(names)
    size = int(subprocess.run(["du", "-sm", str(venv)], capture_output=True, text=True, check=True).stdout.split()[0])
    assert size < 420, f"{size} MB"
    count = subprocess.run([str(parity), "count", "lightsout", "--board", "grid:5x5"], capture_output=True,
                           text=True, cwd=tmp_path)
    assert count.returncode == 0 and "4 solutions" in count.stdout, count.stderr
    draw = subprocess.run([str(parity), "draw", "lightsout", "--board", "grid:5x5", "-o", "x.svg"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert draw.returncode == 2 and draw.stderr.strip().count("\n") == 0
    assert "pip install 'parity[draw]'" in draw.stderr
