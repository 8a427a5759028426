"""parity's own counts of the catalogue's puzzles (parity/data/puzzler_counts.json, from catalogue sweeps): each
agrees with the published count or with the catalogue's explained disagreement, the quick new counts are counted
again by another route (Burnside's lemma over the packings each symmetry fixes, by Algorithm X, where the sweep
pruned the lead piece's placements), and the script that writes the file from a store merges as it says."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import parity as pt
from parity.data.catalogue import PUZZLER, PUZZLER_FILES, PUZZLES, sweep_counts
from parity.puzzles.polyomino import FAMILY
from parity.puzzles.polyomino.sweep import CATALOGUE_SWEEP
from parity.sweep.polyform import catalogue_task
from parity.sweep import Store, Sweep, run_sweep

ROOT = Path(__file__).resolve().parents[2]
COUNTS = sweep_counts()
#: each family's file as written from Puzzler's definitions (its ``found`` where a count differs)
RECORDS = {name: record for path in PUZZLER_FILES.values() for name, record in json.loads(path.read_text())[
    "puzzles"].items()}


def _script():
    spec = importlib.util.spec_from_file_location("catalogue_counts", ROOT / "experiments" / "catalogue_counts.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _entry(name: str) -> dict:
    return PUZZLER.get(name) or PUZZLES[name]


def test_the_counts_are_of_puzzles_the_catalogue_builds_under_its_conventions():
    assert COUNTS, "no counts in parity/data/puzzler_counts.json"
    for name, record in COUNTS.items():
        assert record["up_to"] == _entry(name)["up_to"], name
        assert (record["count"] is None) == ("estimate" in record), name  # a count, or an estimate of one
        if record["count"] is not None:
            assert isinstance(record["count"], int)
            # (every packing is counted on the way where the lead piece is pruned; not by Burnside's lemma)
            assert record["count_all"] is None or record["count"] <= record["count_all"], name
            assert record["solved"] is not (record["count"] == 0), name  # none proved, or one found


def test_the_counts_agree_with_the_published_ones_or_with_the_explained_difference():
    compared = 0
    for name, record in COUNTS.items():
        published = _entry(name)["count"]
        if record["count"] is None or published is None:
            continue
        compared += 1
        known = RECORDS.get(name, {})
        assert record["count"] == published or (known.get("agrees") is False and record["count"] == known["found"]
                                                and known.get("note")), name
    assert compared >= 8


def _quick_new_counts(per_family: int = 2) -> list[str]:
    """The quickest new counts (no published count) of each family, at most ``per_family`` each."""
    from parity.data.catalogue import PUZZLER_FAMILY_OF

    chosen: dict[str, list] = {}
    quick = sorted((record["seconds"], name) for name, record in COUNTS.items()
                   if record["count"] is not None and _entry(name)["count"] is None and record["seconds"] < 4
                   and (record["count_all"] or 0) < 50_000)
    for _, name in quick:
        family = PUZZLER_FAMILY_OF.get(name, "parity")
        if len(chosen.setdefault(family, [])) < per_family:
            chosen[family].append(name)
    return sorted(name for names in chosen.values() for name in names)


@pytest.mark.parametrize("name", _quick_new_counts())
def test_a_new_count_counted_again_by_burnside_s_lemma(name):
    record = COUNTS[name]
    puzzle = FAMILY.build(puzzle=name)
    symmetry = "rotations" if record["up_to"] == "rotation" else "all"
    again = pt.count_up_to_symmetry(puzzle, engine="dlx", method="burnside", symmetry=symmetry)
    assert again["symmetry_method"] == "burnside-counting"
    assert again["count_up_to_symmetry"] == record["count"]
    if record["count_all"] is not None:
        assert pt.count(puzzle, engine="dlx") == record["count_all"]


def test_the_script_writes_and_merges_the_counts(tmp_path):
    script = _script()
    store_path, out = tmp_path / "c.sqlite", tmp_path / "counts.json"
    tasks = [{"puzzle": "tetrahexes-coin", "budget": 60.0},
             {"puzzle": "pentominoes-6x10", "budget": 0.05, "estimate_seconds": 1.0}]
    with Store(store_path) as store:
        run_sweep(Sweep(CATALOGUE_SWEEP, catalogue_task, tasks), store, workers=0)
    script.main([str(store_path), "--out", str(out)])
    written = json.loads(out.read_text())["puzzles"]
    assert written["tetrahexes-coin"]["count"] == 4 and written["tetrahexes-coin"]["solved"] is True
    assert written["pentominoes-6x10"]["count"] is None and written["pentominoes-6x10"]["estimate"]["nodes"] > 1
    # an exact count replaces an estimate, and stays when an estimate comes after it
    with Store(tmp_path / "d.sqlite") as store:
        run_sweep(Sweep(CATALOGUE_SWEEP, catalogue_task, [{"puzzle": "pentominoes-6x10", "budget": 120.0}]), store,
                  workers=0)
    script.main([str(tmp_path / "d.sqlite"), "--out", str(out)])
    script.main([str(store_path), "--out", str(out)])
    written = json.loads(out.read_text())["puzzles"]
    assert written["pentominoes-6x10"]["count"] == 2339 and "estimate" not in written["pentominoes-6x10"]
    assert written["tetrahexes-coin"]["count"] == 4
