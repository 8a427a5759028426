"""The catalogue page (docs/catalogue.rst, written by docs/_catalogue.py when the docs are built) says what parity's
data says: every name of every family of Polyform Puzzler's puzzles, the counts of each family's summary, each row's
published count and parity's.  Text only: the pictures are drawn by the docs build."""

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from parity.data.catalogue import PUZZLER_BY_FAMILY, PUZZLER_FILES, PUZZLES, sweep_counts

ROOT = Path(__file__).resolve().parents[1]
_SPEC = importlib.util.spec_from_file_location("catalogue_page", ROOT / "docs" / "_catalogue.py")
page = sys.modules.setdefault("catalogue_page", importlib.util.module_from_spec(_SPEC))
_SPEC.loader.exec_module(page)

TEXT = page.page_text({})
FAMILIES = list(PUZZLER_BY_FAMILY)


def _records(family: str) -> dict:
    return json.loads(PUZZLER_FILES[family].read_text())["puzzles"]


@pytest.mark.parametrize("family", FAMILIES)
def test_every_name_of_the_data_is_listed(family):
    built, not_yet = PUZZLER_BY_FAMILY[family]
    rows = page.family_rows(family)
    assert [row["name"] for row in rows] == list(_records(family))
    assert {row["name"] for row in rows} == {*built, *not_yet}
    for name in [*built, *not_yet]:
        assert f"   * - ``{name}``" in TEXT, name


def _verdict(name: str, record: dict) -> str:
    if record.get("agrees") is not None:
        return "yes" if record["agrees"] else "no"
    swept = sweep_counts().get(name)
    if swept is not None and swept["count"] is not None:
        return "yes" if swept["count"] == record["count"] else "no"
    if swept is not None and swept.get("estimate") or "seconds" in record:
        return "not counted"
    return "not measured"


@pytest.mark.parametrize("family", FAMILIES)
def test_the_summary_counts_match_the_data(family):
    built, not_yet = PUZZLER_BY_FAMILY[family]
    records = _records(family)
    summary = page.family_summary(page.family_rows(family))
    assert summary["ships"] == len(records) == len(built) + len(not_yet)
    assert summary["builds"] == len(built)
    assert summary["published"] == sum(record["count"] is not None for record in records.values())
    assert summary["published_built"] == sum(entry["count"] is not None for entry in built.values())
    # the family's run's verdict, else what a catalogue sweep reached (its exact count, or its estimate)
    verdicts = [_verdict(name, records[name]) for name, entry in built.items() if entry["count"] is not None]
    assert summary["reproduced"] == verdicts.count("yes")
    assert summary["differ"] == verdicts.count("no")
    assert summary["not_counted"] == verdicts.count("not counted")
    assert summary["not_measured"] == verdicts.count("not measured")
    assert (summary["reproduced"] + summary["differ"] + summary["not_counted"] + summary["not_measured"]
            == summary["published_built"])
    said = (f"Polyform Puzzler ships {len(records)} puzzles in ``bin/{family}/``; parity builds {len(built)}.  "
            f"{summary['published']} have a published count, {summary['published_built']} of them among the puzzles "
            f"built: parity reproduces {summary['reproduced']}")
    assert " ".join(said.split()) in " ".join(TEXT.split())


@pytest.mark.parametrize("family", FAMILIES)
def test_each_row_says_what_the_data_says(family):
    records = _records(family)
    _, not_yet = PUZZLER_BY_FAMILY[family]
    for row in page.family_rows(family):
        record = records[row["name"]]
        assert row["published"] == record["count"] and row["source"] == record["source"]
        assert row["cells"] == record.get("cells")
        if record.get("agrees") is True:
            assert (row["parity"], row["agreement"]) == (record["count"], "yes")
        elif record.get("agrees") is False:
            assert (row["parity"], row["agreement"]) == (record["found"], "no")
            assert row["note"] and page._escape(row["note"]) in TEXT
        else:  # what a catalogue sweep found, where it reached the puzzle
            swept = sweep_counts().get(row["name"]) if row["built"] and record["count"] is not None else None
            if swept is None:
                assert row["parity"] is None
            elif swept["count"] is not None:
                assert row["parity"] == swept["count"]
                assert row["agreement"] == ("yes" if swept["count"] == record["count"] else "no")
            else:  # the estimate, written from the stored numbers
                guess = swept["estimate"]
                assert row["agreement"] == "not counted" and row["parity"].startswith(
                    f"~{guess['solutions']:.3g}" if guess["solutions"] else f"a search of ~{guess['nodes']:.2g} nodes")
        if row["name"] in not_yet:
            assert not row["built"] and row["reason"] == not_yet[row["name"]]
            assert f"not yet built: {page._escape(row['reason'])}" in TEXT


def test_a_row_of_the_table():
    rows = [row for row in page.family_rows("ominoes") if row["name"] == "polyominoes-1234-7x4-plus-one"]
    assert [(row["published"], row["up_to"], row["parity"], row["agreement"]) for row in rows] == \
        [(1522, "symmetry", 3044, "no")]
    at = TEXT.index("   * - ``polyominoes-1234-7x4-plus-one``")
    cells = [line.removeprefix("     - ") for line in TEXT[at:].splitlines()[1:9]]
    assert cells[:7] == ["polyominoes-1234", "29", "1,522", "symmetry", "docs/polyominoes.txt:124", "3,044", "0.77"]
    assert cells[7] == "no (see below)"


def test_a_new_family_file_shows_up_with_no_edit(monkeypatch):
    ominoes = PUZZLER_BY_FAMILY["ominoes"]
    monkeypatch.setitem(PUZZLER_BY_FAMILY, "newfamily", ominoes)
    monkeypatch.setitem(PUZZLER_FILES, "newfamily", PUZZLER_FILES["ominoes"])
    text = page.page_text({})
    assert "newfamily" in text and "``bin/newfamily/``" in text
    assert page.picture_puzzle("newfamily") is not None


def test_pictures_and_parity_s_own_puzzles():
    for family in FAMILIES:
        name = page.picture_puzzle(family)
        assert name is None or name in PUZZLER_BY_FAMILY[family][0]
    text = page.page_text({"ominoes": "pentominoes-6x10"})
    assert ".. figure:: _static/catalogue/ominoes.svg" in text and "One solution of ``pentominoes-6x10``" in text
    assert ".. figure::" not in TEXT
    for name in PUZZLES:
        assert f"   * - ``{name}``" in TEXT


def test_text_is_escaped():
    assert page._escape("customize_piece_data *x* `y` |z|") == r"customize\_piece\_data \*x\* \`y\` \|z\|"
