"""Write docs/catalogue.rst, the page of Polyform Puzzler's puzzles in parity, from parity's data.

``docs/conf.py`` calls :func:`write_page` when the docs are built (as it
writes ``cli_reference.rst`` from the commands' help), so the page is never
edited by hand and never out of date: for each family of
:data:`parity.data.catalogue.PUZZLER_BY_FAMILY` (a new family's file shows up
with no edit here) how many puzzles Polyform Puzzler ships, how many parity
builds and how many published counts it reproduces, then every name with its
pieces, board cells, published count and source, parity's count where it was
measured (the ``seconds``, ``agrees`` and ``found`` of the family's
``parity/data/puzzler_FAMILY.json``, written by
``experiments/puzzler_catalogue.py --time``), and the reason where the puzzle
is not yet built.  Each family with a built puzzle gets a picture of one
solution (:data:`PICTURES`, else the quickest puzzle whose count agrees),
drawn by :func:`parity.draw.figure` into ``docs/_static/catalogue/``.

Examples
--------
>>> rows = family_rows("ominoes")
>>> row = next(row for row in rows if row["name"] == "pentominoes-8x8")
>>> row["published"], row["source"], row["parity"], row["agreement"]
(65, 'docs/pentominoes.txt:103', 65, 'yes')
>>> summary = family_summary(rows)
>>> summary["ships"] == len(rows), summary["builds"] <= summary["ships"]
(True, True)
>>> "pentominoes-8x8" in page_text({})
True
"""

from __future__ import annotations

import io
import json
import time
from pathlib import Path

from parity.data.catalogue import PUZZLER_BY_FAMILY, PUZZLER_FILES, PUZZLES, sweep_counts, sweep_machine
from parity.puzzles.polyomino import CATALOGUE_FAMILIES

__all__ = ["TITLES", "PICTURES", "PICTURE_SECONDS", "family_rows", "family_summary", "picture_puzzle", "page_text",
           "draw", "write_page"]

#: each family's heading; a family not named here is headed by its own name
TITLES = {"ominoes": "Polyominoes", "iamonds": "Polyiamonds", "hexes": "Polyhexes", "cubes": "Polycubes",
          "sticks": "Polysticks", "trigs": "Polytrigs", "twigs": "Polytwigs"}
#: the puzzle drawn for a family (one solution, found in a second or two); a family not named here gets the built
#: puzzle whose published count parity reproduced fastest
PICTURES = {"ominoes": "pentominoes-6x10", "iamonds": "hexiamonds-4x10-long-hex",
            "hexes": "polyhexes-1234-hexagon-ring-1"}
#: the most seconds a picture's solution may take; past it the family has no picture
PICTURE_SECONDS = 20.0
#: where the pictures go, under the docs' source folder
PICTURE_FOLDER = Path("_static") / "catalogue"
#: the page, under the docs' source folder
PAGE = "catalogue.rst"


def _measured(family: str) -> dict:
    """name -> the family file's record of that puzzle (``{}`` where the family has no file of its own)."""
    path = PUZZLER_FILES.get(family)
    if path is None or not Path(path).exists():
        return {}
    return json.loads(Path(path).read_text())["puzzles"]


def _file_source(family: str) -> str | None:
    """The family file's note of where its puzzles were read (Puzzler's repository, commit and folder)."""
    path = PUZZLER_FILES.get(family)
    if path is None or not Path(path).exists():
        return None
    return json.loads(Path(path).read_text()).get("source")


def family_rows(family: str) -> list[dict]:
    """One row per name of Polyform Puzzler's ``family``, built or not, in the order of the family's file.

    Parameters
    ----------
    family : str
        A key of :data:`parity.data.catalogue.PUZZLER_BY_FAMILY` (``ominoes``, ``iamonds``, ``hexes``, ...).

    Returns
    -------
    list of dict
        ``name``, ``built``, ``pieces``, ``cells`` (None where the file has
        no board), ``published`` and ``up_to`` (the published count and the
        symmetries it is up to; None where none is published), ``source``
        (the line of Puzzler's docs or script), ``parity`` (parity's count up
        to the board's symmetries where it was measured, else None),
        ``seconds`` (how long that count took), ``agreement`` (``yes``,
        ``no``, ``not counted`` where the count took longer than the run that
        measured the others allowed, ``not measured`` where the data has
        no measurement yet, ``""`` where there is nothing to compare), ``note`` (why a count differs),
        ``reason`` (why a puzzle is not yet built) and ``swept`` (what parity's catalogue sweep found, the record
        of :func:`parity.data.catalogue.sweep_counts`, or None where no sweep reached the puzzle).
    """
    built, not_yet = PUZZLER_BY_FAMILY[family]
    measured = _measured(family)
    names = [*measured, *(name for name in [*built, *not_yet] if name not in measured)]
    rows = []
    for name in names:
        record = measured.get(name, {})
        entry = built.get(name, {})
        published = record.get("count", entry.get("count"))
        agrees = record.get("agrees")
        if agrees is True:
            parity, agreement = published, "yes"
        elif agrees is False:
            parity, agreement = record.get("found"), "no"
        else:
            parity = None
            agreement = ("" if name not in built or published is None
                         else "not counted" if "seconds" in record else "not measured")
            swept = sweep_counts().get(name) if name in built else None
            if swept is not None and published is not None:  # a sweep reached what the family's run did not
                if swept["count"] is not None:
                    parity, agreement = swept["count"], "yes" if swept["count"] == published else "no"
                elif swept.get("estimate"):
                    parity, agreement = _estimate_text(swept["estimate"]), "not counted"
        rows.append({"name": name, "built": name in built, "pieces": record.get("pieces", entry.get("pieces")),
                     "cells": record.get("cells"), "published": published,
                     "up_to": record.get("up_to", entry.get("up_to")) if published is not None else None,
                     "source": record.get("source", entry.get("source")), "parity": parity,
                     "seconds": record.get("seconds"), "agreement": agreement, "note": record.get("note"),
                     "reason": not_yet.get(name), "swept": sweep_counts().get(name) if name in built else None})
    return rows


def family_summary(rows: list[dict]) -> dict:
    """How many of a family's puzzles Puzzler ships, parity builds, have a published count, and of the published
    counts of the puzzles built how many parity reproduces, finds different, did not count within the time the run
    that measured them allowed, and has not yet measured."""
    published = [row for row in rows if row["built"] and row["published"] is not None]
    swept = [row["swept"] for row in rows if row["swept"] is not None]
    return {"ships": len(rows), "builds": sum(row["built"] for row in rows),
            "new_counts": sum(row["published"] is None and row["swept"] is not None
                              and row["swept"]["count"] is not None for row in rows),
            "solved": sum(record.get("solved") is not None for record in swept),
            "published": sum(row["published"] is not None for row in rows), "published_built": len(published),
            "reproduced": sum(row["agreement"] == "yes" for row in published),
            "differ": sum(row["agreement"] == "no" for row in published),
            "not_counted": sum(row["agreement"] == "not counted" for row in published),
            "not_measured": sum(row["agreement"] == "not measured" for row in published)}


def picture_puzzle(family: str, rows: list[dict] | None = None) -> str | None:
    """The puzzle drawn for ``family``: :data:`PICTURES`'s where it is built, else the built puzzle whose published
    count parity reproduced in the fewest seconds, else the built puzzle of fewest cells; None where none is built."""
    rows = family_rows(family) if rows is None else rows
    built = [row for row in rows if row["built"]]
    if PICTURES.get(family) in {row["name"] for row in built}:
        return PICTURES[family]
    agreeing = [row for row in built if row["agreement"] == "yes" and row["seconds"] is not None]
    if agreeing:
        return min(agreeing, key=lambda row: (row["seconds"], row["name"]))["name"]
    if built:
        return min(built, key=lambda row: (row["cells"] if row["cells"] is not None else float("inf"),
                                           row["name"]))["name"]
    return None


def _escape(text) -> str:
    """``text`` as reStructuredText that reads as written (no emphasis, references or substitutions)."""
    text = str(text)
    for mark in "\\*`|_":
        text = text.replace(mark, "\\" + mark)
    return text


def _number(value) -> str:
    return "" if value is None else f"{value:,}" if isinstance(value, int) else str(value)


def _section(title: str, char: str) -> list[str]:
    return [title, char * len(title), ""]


def _table(header: list[str], rows: list[list[str]], widths: list[int]) -> list[str]:
    lines = [".. list-table::", "   :header-rows: 1", f"   :widths: {' '.join(map(str, widths))}", ""]
    for row in [header, *rows]:
        lines.append(f"   * - {row[0]}".rstrip())
        lines += [f"     - {cell}".rstrip() for cell in row[1:]]
    return [*lines, ""]


def _family_lines(family: str, pictures: dict[str, str]) -> list[str]:
    rows = family_rows(family)
    summary = family_summary(rows)
    title = TITLES.get(family, family)
    lines = _section(title, "-")
    said = [f"parity reproduces {summary['reproduced']}"]
    if summary["differ"]:
        said.append(f"finds {summary['differ']} different (the notes below the table say why)")
    if summary["not_counted"]:
        said.append(f"did not count {summary['not_counted']} in the time the run that measured them allowed")
    if summary["not_measured"]:
        said.append(f"has not yet measured {summary['not_measured']}")
    said = ", ".join(said[:-1]) + " and " + said[-1] if len(said) > 1 else said[0]
    lines += [f"Polyform Puzzler ships {summary['ships']} puzzles in ``bin/{family}/``; parity builds "
              f"{summary['builds']}.  "
              f"{summary['published']} have a published count, {summary['published_built']} of them among the "
              f"puzzles built: {said}.", ""]
    where = _file_source(family)
    if where:
        lines += [f"Read from {_escape(where)}.", ""]
    if family in pictures:
        name = pictures[family]
        lines += [f".. figure:: {(PICTURE_FOLDER / f'{family}.svg').as_posix()}", "   :width: 80%",
                  f"   :alt: one solution of {name}", "",
                  f"   One solution of ``{name}``, as ``parity draw polyform --puzzle {name} -o {family}.svg`` draws "
                  "it.", ""]
    header = ["Name", "Pieces", "Cells", "Published", "Up to", "Source", "parity", "Seconds", "Agrees"]
    table = []
    for row in rows:
        agreement = (f"not yet built: {_escape(row['reason'])}" if not row["built"]
                     else "no (see below)" if row["agreement"] == "no" else row["agreement"])
        table.append([f"``{row['name']}``", _escape(row["pieces"] or ""), _number(row["cells"]),
                      _number(row["published"]), row["up_to"] or "", _escape(row["source"] or ""),
                      _number(row["parity"]), _number(row["seconds"]), agreement])
    lines += _table(header, table, [24, 14, 6, 9, 8, 14, 9, 7, 18])
    notes = [row for row in rows if row["note"]]
    if notes:
        lines += ["Where parity's count and the published one differ, or the data says more:", ""]
        lines += [f"* ``{row['name']}``: {_escape(row['note'])}" for row in notes] + [""]
    return lines + _new_count_lines(rows, title)


def _estimate_text(guess: dict) -> str:
    """Knuth's estimate as the page shows it: the packings with their error and the time, or where no probe
    reached a packing, the size of the search."""
    took = "" if guess.get("estimate_seconds") is None else f", about {guess['estimate_seconds']:.3g} s"
    if not guess.get("solutions"):
        nodes = guess.get("nodes")
        return "" if not nodes else f"a search of ~{nodes:.2g} nodes, no probe reached a packing{took}"
    error = f" ± {guess['solutions_error']:.2g}" if guess.get("solutions_error") else ""
    return f"~{guess['solutions']:.3g}{error} packings{took}"


def _new_count_lines(rows: list[dict], title: str) -> list[str]:
    """The family's puzzles with no published count that a catalogue sweep reached: parity's count (how it was
    obtained: engine, seconds, the budget it had), or past the budget Knuth's estimate, and whether a packing was
    found."""
    reached = [row for row in rows if row["published"] is None and row["swept"] is not None]
    if not reached:
        return []
    counted = [row for row in reached if row["swept"]["count"] is not None]
    lines = _section(f"{title}: counts Puzzler never published", "~")
    lines += [f"{len(counted)} of the {len(reached)} puzzles without a published count that the catalogue sweep "
              "reached were counted within its budget; the others have Knuth's estimate of their search.  *Up to* "
              "is the catalogue's convention; *All* counts every packing; *Solved*: ``yes``, a packing was found "
              "and verified within the budget, ``none``, the engine proved there is none.", ""]
    table = []
    for row in reached:
        record = row["swept"]
        solved = {True: "yes", False: "none"}.get(record.get("solved"), "")
        estimate = _estimate_text(record["estimate"]) if record.get("estimate") else ""
        table.append([f"``{row['name']}``", _number(record["count"]) or estimate, record.get("up_to") or "",
                      _number(record.get("count_all")), _escape(record.get("engine") or ""),
                      _number(record.get("seconds")), _number(record.get("budget")), solved])
    return lines + _table(["Name", "parity's count", "Up to", "All", "Engine", "Seconds", "Budget", "Solved"], table,
                          [26, 22, 8, 12, 8, 7, 7, 6])


def page_text(pictures: dict[str, str]) -> str:
    """The page: an overview of every family, then a section for each (its table; its picture where ``pictures``,
    family -> puzzle name, has one), then the families not yet in parity's data and parity's own named puzzles.

    Parameters
    ----------
    pictures : dict
        family -> the name of the puzzle whose picture is at ``_static/catalogue/FAMILY.svg``.

    Returns
    -------
    str
        The reStructuredText of ``docs/catalogue.rst``.
    """
    lines = [".. This page is generated from parity's data when the docs are built (docs/_catalogue.py, called by "
             "docs/conf.py).", ""]
    lines += _section("Polyform Puzzler's puzzles in parity", "=")
    lines += ["Polyform Puzzler (D. Goodger) names each of its puzzles by its script, ``bin/FAMILY/NAME.py``; "
              "``parity count polyform --puzzle NAME`` builds the puzzle of that name, and ``parity catalogue`` "
              "lists them.  This page is written from the data (``parity/data/puzzler_FAMILY.json``, read by "
              ":mod:`parity.data.catalogue`) each time the docs are built.  Counts are up to the board's "
              "symmetries (*Up to*: ``symmetry``, every symmetry of the board, reflections included; ``rotation``, "
              "rotations only), as published; *parity* is parity's count where it was measured, *Seconds* how long "
              "that count took on the machine that measured it (each in a process of its own, start-up "
              "included).  In the table of families, *Published (built)* counts the published counts of the "
              "puzzles parity builds; *Not counted*, those of them parity has no count for yet (its count took "
              "longer than the run that measured the others allowed, or the family is not yet measured).  "
              ":doc:`tutorials/puzzler` shows how to use them.",
              ""]
    overview = []
    for family in PUZZLER_BY_FAMILY:
        summary = family_summary(family_rows(family))
        overview.append([TITLES.get(family, family), str(summary["ships"]), str(summary["builds"]),
                         str(summary["published_built"]), str(summary["reproduced"]), str(summary["differ"]),
                         str(summary["not_counted"] + summary["not_measured"]), str(summary["new_counts"]),
                         str(summary["solved"])])
    lines += _table(["Family", "Puzzler ships", "parity builds", "Published (built)", "Reproduced", "Differ",
                     "Not counted", "New counts", "Solved"], overview, [14, 10, 10, 12, 10, 8, 10, 10, 8])
    lines += ["*New counts*: puzzles with no published count that parity's catalogue sweep counted (each family's "
              "last table gives them, with how each was obtained); *Solved*: puzzles for which the sweep found and "
              "verified a packing, or proved there is none.  The sweep is ``parity sweep polyform-catalogue "
              "--budget SECONDS --store FILE``; ``experiments/catalogue_counts.py FILE`` writes its rows into "
              f"``parity/data/puzzler_counts.json``, whose seconds were measured on {_escape(sweep_machine() or '-')}; "
              "``parity sweep check FILE`` verifies every packing in the store again.", ""]
    missing = [family for family in CATALOGUE_FAMILIES.values() if family not in PUZZLER_BY_FAMILY]
    if missing:
        named = ", ".join(TITLES.get(family, family).lower() for family in missing)
        lines += [f"Puzzler's other families ({named}) are not yet in parity's data of its puzzles; parity's own "
                  "named puzzles of those families are at the end of this page.", ""]
    for family in PUZZLER_BY_FAMILY:
        lines += _family_lines(family, pictures)
    lines += _section("parity's own named puzzles", "-")
    lines += ["The puzzles of :data:`parity.data.catalogue.PUZZLES`, the seed's and others, with their published "
              "counts; ``parity reproduce`` counts them and compares.", ""]
    own = [[f"``{name}``", _escape(entry["pieces"]), f"``{entry['board']}``", _number(entry["count"]),
            entry["up_to"] if entry["count"] is not None else "", _escape(entry["source"] or "")]
           for name, entry in PUZZLES.items()]
    lines += _table(["Name", "Pieces", "Board", "Published", "Up to", "Source"], own, [24, 16, 14, 9, 8, 29])
    return "\n".join(lines).rstrip("\n") + "\n"


def draw(name: str, path: Path, time_limit: float = PICTURE_SECONDS) -> bool:
    """Solve the named puzzle and draw its solution as an SVG at ``path`` (rewritten only where the picture
    differs, so that a rebuild leaves it alone); False where no solution came within ``time_limit`` seconds.

    The SVG carries no date and fixed ids, so the same solution always gives
    the same file.
    """
    import matplotlib

    import parity as pt
    from parity.draw import figure, pyplot
    from parity.puzzles.polyomino import FAMILY

    puzzle = FAMILY.build(puzzle=name)
    result = pt.solve(puzzle, time_limit=time_limit)
    if result.status == "UNKNOWN" or not result.satisfiable:
        return False
    fig = figure(puzzle, result.solution, (6.0, 4.0))
    out = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "parity"}):
        try:
            fig.savefig(out, format="svg", bbox_inches="tight", metadata={"Date": None})
        finally:
            pyplot().close(fig)
    text = out.getvalue()
    if not path.exists() or path.read_text() != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return True


def write_page(srcdir: str | Path, pictures: bool = True, log=None) -> Path:
    """Write ``catalogue.rst`` (and, with ``pictures``, each family's picture) under the docs' ``srcdir``; the page
    is rewritten only where its text changes.  Returns the page's path.

    Parameters
    ----------
    srcdir : str or path
        The docs' source folder.
    pictures : bool
        Draw a solution for each family with a built puzzle (a few seconds in all); without, the page has none.
    log : callable, optional
        Called with a line for each picture drawn (the build's log).
    """
    srcdir = Path(srcdir)
    drawn = {}
    if pictures:
        for family in PUZZLER_BY_FAMILY:
            name = picture_puzzle(family)
            if name is None:
                continue
            started = time.monotonic()
            if draw(name, srcdir / PICTURE_FOLDER / f"{family}.svg"):
                drawn[family] = name
                if log is not None:
                    log(f"catalogue: drew {name} for {family} ({time.monotonic() - started:.1f} s)")
    target = srcdir / PAGE
    text = page_text(drawn)
    if not target.exists() or target.read_text() != text:
        target.write_text(text)
    return target
