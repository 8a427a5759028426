"""The wheel carries the catalogue, so catalogue names work after `pip install .` too."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_wheel_contains_the_catalogue(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    wheel = next(tmp_path.glob("parity-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    catalogue = {p.name for p in (ROOT / "graphs").iterdir()}
    assert {f"parity/graphs/{name}" for name in catalogue} <= names
