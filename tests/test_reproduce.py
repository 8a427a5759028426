"""parity reproduce: every seed in the report, every quick result agreeing, a disagreement exits 1."""

import json

import parity.reproduce as reproduce
from parity.testing import run_cli


def test_quick_run_reproduces_every_landed_result(tmp_path):
    run = run_cli("reproduce", "--quick", "--out", tmp_path / "report", "--json")
    assert run.code == 0, run.err
    payload = json.loads(run.out)
    assert payload["agree"]
    statuses = {(r["seed"], r["name"]): r["status"] for r in payload["results"]}
    assert statuses[("002", "ENIGMA")] == statuses[("001", "A159257")] == statuses[("000", "counts")] == "ok"
    assert {seed for seed, _ in statuses} == set(reproduce.SEEDS)  # every seed appears, landed or not
    assert all(status in ("ok", "skipped", "missing") for status in statuses.values())
    text = (tmp_path / "report" / "report.md").read_text()
    for seed in reproduce.SEEDS:
        assert f"## Seed {seed}" in text
    for picture in ("quintomino.png", "quinto.png", "enigma1780.png"):
        assert (tmp_path / "report" / picture).read_bytes().startswith(b"\x89PNG")


def test_a_disagreement_exits_1(tmp_path, monkeypatch):
    wrong = reproduce.Check("002", "ENIGMA", "the six covered digits", lambda: "324125", "999999")
    broken = reproduce.Check("001", "boom", "raises", lambda: 1 / 0, 1)
    monkeypatch.setattr(reproduce, "CHECKS", [wrong, broken])
    run = run_cli("reproduce", "--out", tmp_path, "--no-pictures")
    assert run.code == 1
    assert "seed 002 ENIGMA: MISMATCH" in run.err and "seed 001 boom: ERROR" in run.err
    assert "ZeroDivisionError" in (tmp_path / "report.md").read_text()


def test_unknown_seed_is_a_user_error(tmp_path):
    run = run_cli("reproduce", "--seed", "042", "--out", tmp_path)
    assert run.code == 2 and "unknown seed '042'" in run.err
