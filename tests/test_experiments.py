"""Every experiment script runs on its own, answers --help, and writes its results where it is told."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(p for p in (ROOT / "experiments").glob("*.py") if not p.name.startswith("_"))
SMALL = {"quinto_counts.py": ["--sizes", "1..6"], "nullity_plot.py": ["--max", "60"],
         "crossvalidation.py": ["--examples", "3"], "most_clicks.py": ["--max-side", "6"],
         "min_presses.py": ["--max", "12"], "grid_colourings.py": ["--max", "11"]}
WRITES = {"quinto_counts.py": ["quinto_counts.csv", "quinto_nullity.png"], "nullity_plot.py": ["nullity.bfile", "nullity.png"],
          "quintomino.py": ["quintomino.json", "quintomino.png"], "enigma1780.py": ["enigma1780.json", "enigma1780.png"],
          "crossvalidation.py": ["crossvalidation.json"], "polyforms.py": ["polyforms.csv"],
          "most_clicks.py": ["most_clicks.txt", "most_clicks.bfile", "most_clicks.jsonl"],
          "min_presses.py": ["min_presses.bfile", "min_presses.jsonl"],
          "grid_colourings.py": ["grid_colourings.bfile", "grid_colourings.jsonl",
                                 "grid_colourings.txt"]}


def test_every_script_is_listed():
    assert {p.name for p in SCRIPTS} >= set(WRITES), "an experiment without a test"


@pytest.mark.parametrize("script", [p for p in SCRIPTS if p.name in WRITES], ids=lambda p: p.name)
def test_script_runs_and_writes(script, tmp_path):
    run = subprocess.run([sys.executable, str(script), "--help"], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "--out" in run.stdout
    run = subprocess.run([sys.executable, str(script), "--out", str(tmp_path), *SMALL.get(script.name, [])],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    for name in WRITES[script.name]:
        assert (tmp_path / name).stat().st_size > 0, name
