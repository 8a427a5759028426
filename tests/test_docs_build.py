"""The Sphinx site builds without warnings (its examples run as doctests in the same suite)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"


@pytest.mark.skipif(shutil.which("sphinx-build") is None and not DOCS.exists(), reason="docs extra not installed")
def test_sphinx_builds_cleanly(tmp_path):
    pytest.importorskip("sphinx")
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(DOCS), str(tmp_path / "html")],
        capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert (tmp_path / "html" / "tutorials" / "quinto.html").exists()
