"""What pyproject.toml declares is what the code uses: every dependency is imported somewhere."""

import re
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

ROOT = Path(__file__).resolve().parents[1]
#: distribution name -> the module it provides, where they differ
MODULES = {"python-sat": "pysat", "pyyaml": "yaml", "python-flint": "flint", "d4solver": "py_d4"}


def test_every_declared_dependency_is_imported():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "parity").rglob("*.py"))
    for requirement in project["dependencies"]:
        name = re.split(r"[<>=!\[ ;]", requirement, maxsplit=1)[0].lower()
        module = MODULES.get(name, name.replace("-", "_"))
        assert re.search(rf"^\s*(import|from)\s+{module}\b", source, re.MULTILINE), f"{name} is declared but never imported"
