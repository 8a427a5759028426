"""A075464 as a resumable sweep: each board's coset search cut into parts, the least over them against the
published terms, a board split two ways giving one answer, and a tampered part caught by the simulation."""

from __future__ import annotations

import json
import sqlite3

from parity.data.oeis import A075464
from parity.testing import run_cli


def boards(payload: dict) -> dict[int, int]:
    return {row["n"]: row["min_presses"] for row in payload["result"]["boards"] if row["complete"]}


def test_min_presses_sweep_gives_the_published_terms(tmp_path):
    run = run_cli("sweep", "min-presses", "--sizes", "1..26", "--max-nullity", "20", "--store", tmp_path / "a.sqlite",
                  "--workers", "2", "--json")
    assert run.code == 0, run.err
    payload = json.loads(run.out)
    assert payload["result"]["complete"] and payload["result"]["agree"]
    assert boards(payload) == {n: A075464[n - 1] for n in range(1, 27)}


def test_a_board_cut_in_parts_and_a_tampered_part(tmp_path):
    """The 39 x 39 board (nullity 32: 4096 transforms) cut in 2 parts and in 3 gives the published 561; a part
    whose presses are changed is caught by the re-check, which simulates them on the board."""
    path = tmp_path / "b.sqlite"
    for parts in ("2", "3"):
        run = run_cli("sweep", "min-presses", "--sizes", "39", "--max-nullity", "32", "--parts", parts, "--store",
                      path, "--workers", "2", "--json")
        assert run.code == 0, run.err
        assert boards(json.loads(run.out)) == {39: A075464[38]} == {39: 561}
    assert run_cli("sweep", "check", path).code == 0
    with sqlite3.connect(path) as db:
        rowid, result = db.execute("SELECT rowid, result FROM tasks").fetchone()
        entry = json.loads(result)
        entry["presses"] = f"{int(entry['presses'], 16) ^ 1:x}"
        db.execute("UPDATE tasks SET result = ? WHERE rowid = ?", (json.dumps(entry), rowid))
    check = run_cli("sweep", "check", path)
    assert check.code == 1 and "leave lights on" in check.out
