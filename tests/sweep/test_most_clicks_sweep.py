"""The Most Clicks searches as a resumable sweep, one board a task: the values against Boyles' published table
(read from the copy of his file), a larger run taking up what the store holds, and a tampered certificate caught
by the re-check."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from parity.puzzles.lightsout.certificates import read_published_table
from parity.testing import run_cli

PUBLISHED = Path(__file__).resolve().parents[2] / "experiments" / "data" / "published" / "min_clicks_answers.txt"


def test_most_clicks_sweep_gives_the_published_values_and_resumes(tmp_path):
    path = tmp_path / "clicks.sqlite"
    first = run_cli("sweep", "most-clicks", "--sizes", "1..5", "--seconds", "60", "--store", path, "--workers", "0",
                    "--json")
    assert first.code == 0, first.err
    run = run_cli("sweep", "most-clicks", "--sizes", "1..11", "--seconds", "60", "--store", path, "--workers", "2",
                  "--json")
    assert run.code == 0, run.err
    payload = json.loads(run.out)
    assert payload["skipped"] == 2 and payload["result"]["complete"]  # 4 and 5 were in the store
    published = read_published_table(PUBLISHED.read_text())
    boards = {row["n"]: row["most_clicks"] for row in payload["result"]["boards"]}
    assert boards == {n: published[n][0] for n in (4, 5, 9, 11)} == {4: 7, 5: 15, 9: 37, 11: 65}
    check = run_cli("sweep", "check", path, "--json")
    assert check.code == 0 and json.loads(check.out)["valid"]
    with sqlite3.connect(path) as db:  # a worst start that needs fewer presses than the certificate says
        rowid, result = db.execute("SELECT rowid, result FROM tasks WHERE params LIKE '%\"n\": 9%'").fetchone()
        entry = json.loads(result)
        entry["worst_start"] = "1"
        db.execute("UPDATE tasks SET result = ? WHERE rowid = ?", (json.dumps(entry), rowid))
    check = run_cli("sweep", "check", path)
    assert check.code == 1 and "grid:9x9" in check.out
