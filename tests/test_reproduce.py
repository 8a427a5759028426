"""parity reproduce: every seed in the report, exactly the expected quick results agreeing, a disagreement exits 1."""

import json

import pytest

from parity.errors import LimitError

import parity.reproduce as reproduce
from parity.testing import run_cli


#: every check ``reproduce --quick`` runs, (seed, name) -> the value it must reproduce (as JSON), written out
#: here rather than read from parity.reproduce: a check that goes missing, is renamed or has its expected value
#: changed fails this test
QUICK_RESULTS = {
    ("000", "pieces"): "A=12345 B=12354 C=12435 D=12453 E=12534 F=12543 G=13245 H=13254 J=13425 K=13524 "
                       "L=14235 M=14325",
    ("000", "counts"): [7200, 60, 3],
    ("000", "seed model"): 10,
    ("001", "3x3"): ["acegi", 1],
    ("001", "4x4"): [16, 5],
    ("001", "5x5"): [4, 15],
    ("001", "A159257"): "A159257[1..130]",
    ("002", "ENIGMA"): "324125",
    ("002", "unique"): True,
    ("002", "no clues"): 240,
    ("003", "pieces"): [12, 18, 35],
    ("003", "piece tables"): {
        "polyominoes": [[1, 1, 2, 5, 12], [1, 1, 2, 7, 18]], "polycubes": [[1, 1, 2, 8, 29], [1, 1, 2, 8, 29]],
        "polyiamonds": [[1, 1, 1, 3, 4], [1, 1, 1, 4, 6]], "polyhexes": [[1, 1, 3, 7, 22], [1, 1, 3, 10, 33]],
        "polysticks": [[1, 2, 5, 16, 55], [1, 2, 7, 25, 99]], "polytrigs": [[1, 3, 12, 60, 375], [1, 3, 19, 104, 719]],
        "polytwigs": [[1, 1, 3, 4, 12], [1, 1, 4, 6, 19]]},
    ("003", "pentominoes-3x20"): 2,
    ("003", "pentominoes-4x15"): 368,
    ("003", "pentominoes-5x12"): 1010,
    ("003", "pentominoes-6x10"): 2339,
    ("003", "one-sided-pentominoes-3x30"): 46,
    ("003", "hexiamonds-4x10-elongated-hexagon"): 856,
    ("003", "tetrahexes-coin"): 4,
    ("003", "soma-3x3x3"): 240,
    ("003", "tetracubes-2x2x8"): 224,
    ("004", "types"): [24, 20, 14, 78],
    ("004", "Q1"): True,
    ("004", "sample"): 100,
}
#: the checks marked slow: listed by a quick run as skipped, with their expected value, never run
QUICK_SKIPPED = {
    ("003", "solid-pentominoes-3x4x5"): 3940,
    ("003", "tetrasticks-6x6"): 1795,
}


def test_quick_run_reproduces_every_landed_result(tmp_path):
    run = run_cli("reproduce", "--quick", "--out", tmp_path / "report", "--json")
    assert run.code == 0, run.err
    payload = json.loads(run.out)
    assert payload["agree"]
    results = {(r["seed"], r["name"]): r for r in payload["results"]}
    assert len(results) == len(payload["results"]), "two checks share a seed and a name"
    assert set(results) == set(QUICK_RESULTS) | set(QUICK_SKIPPED)
    for key, value in QUICK_RESULTS.items():
        assert (results[key]["status"], results[key]["expected"], results[key]["got"]) == ("ok", value, value), key
    for key, value in QUICK_SKIPPED.items():
        assert (results[key]["status"], results[key]["expected"], results[key]["got"]) == ("skipped", value, None), key
        assert results[key]["note"] == "slow; run without --quick"
    assert {seed for seed, _ in results} == set(reproduce.SEEDS)  # every seed has a result
    text = (tmp_path / "report" / "report.md").read_text()
    for seed in reproduce.SEEDS:
        assert f"## Seed {seed}" in text
    for picture in ("quintomino.png", "quinto.png", "enigma1780.png", "pentominoes-6x10.png", "icosoku.png"):
        assert (tmp_path / "report" / picture).read_bytes().startswith(b"\x89PNG")
    assert all(f"![seed {seed}]" in text for seed in reproduce.SEEDS)  # a picture for every seed


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


def test_checks_run_side_by_side_give_the_results_of_one_process_in_the_same_order():
    alone = reproduce.run_checks(quick=True, only=["001", "002"])
    said = []
    side_by_side = reproduce.run_checks(quick=True, only=["001", "002"], workers=2, progress=said.append)
    assert [(r.seed, r.name, r.status, r.got) for r in side_by_side] == [(r.seed, r.name, r.status, r.got)
                                                                          for r in alone]
    assert [r.status for r in alone] == ["ok"] * len(alone) and len(alone) == 7
    assert sorted((r.seed, r.name) for r in said) == sorted((r.seed, r.name) for r in alone)  # each once


def test_a_failure_in_a_worker_is_a_result(monkeypatch, tmp_path):
    broken = reproduce.Check("001", "boom", "raises", lambda: 1 / 0, 1)
    fine = reproduce.Check("002", "fine", "a number", lambda: 2, 2)
    monkeypatch.setattr(reproduce, "CHECKS", [broken, fine])  # the forked workers see the same list
    results, report = reproduce.reproduce(tmp_path, pictures=False, workers=2)
    assert [(r.name, r.status) for r in results] == [("boom", "error"), ("fine", "ok")]
    assert "ZeroDivisionError" in results[0].note and report.read_text().count("ZeroDivisionError") == 1


def test_workers_below_one_are_refused(tmp_path):
    for nonsense in ("0", "-3", "two", "", "1e9999"):
        run = run_cli("reproduce", "--workers", nonsense, "--out", tmp_path)
        assert run.code == 2 and "--workers" in run.err and "\n" not in run.err.strip(), nonsense
    with pytest.raises(LimitError, match="workers must be at least 1"):
        reproduce.run_checks(only=["002"], workers=0)
