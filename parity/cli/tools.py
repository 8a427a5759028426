"""The verbs that take no family: ``reproduce`` (the seeds' headline results), ``pieces`` (every piece of an
order of a polyform family) and ``engines`` (the engine table)."""

from __future__ import annotations

import json
import sys
import time

import click


@click.command("reproduce")
@click.option("--quick", is_flag=True, help="Skip the slow checks (about 7 s on two cores; 14 s the first time after "
              "installing, which compiles kernels).")
@click.option("--out", "out", default="reproduce-report", show_default=True,
              help="Folder for report.md and its pictures.")
@click.option("--seed", "seeds", multiple=True, help="Only this seed (000..004); repeat for several.")
@click.option("--no-pictures", "no_pictures", is_flag=True, help="Write the report without drawing the pictures.")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Processes that run the checks side by side (default: one a core, four at most).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
def reproduce_command(quick: bool, out: str, seeds: tuple, no_pictures: bool, workers: int | None,
                      as_json: bool) -> None:
    """Recompute every seed's headline results, compare them with the expected values, write a report.

    Exit status 1 if any result disagrees.
    """
    from ..reproduce import report_folder, reproduce

    report_folder(out)  # a bad --out is refused before the work, not after it
    if workers is None:  # (past four, each worker's start costs more than the checks it would take on)
        import os

        workers = min(4, os.cpu_count() or 1)
    note = None
    if not no_pictures:
        from .._extras import require
        from ..errors import MissingExtraError

        try:
            require("matplotlib", "drawing the report's pictures")
        except MissingExtraError as error:  # the results are the report; its pictures are what the extra adds
            note = f"{error}; the report is written without them"
            click.echo(f"note: {note}", err=True)
            no_pictures = True

    place = {"done": 0, "total": 0}

    def starting(check, k, total) -> None:
        place["total"] = total
        if check.slow and not quick:
            click.echo(f"  seed {check.seed} {check.name}: running, about {check.about:g} s on two cores ...",
                       err=True)

    def progress(result) -> None:
        place["done"] += 1
        mark = {"ok": "ok", "MISMATCH": "MISMATCH", "error": "ERROR", "skipped": "skipped"}[result.status]
        click.echo(f"  [{place['done']}/{place['total']}] seed {result.seed} {result.name}: {mark} "
                   f"({result.seconds:.2f} s)", err=True)

    results, report = reproduce(out, quick=quick, only=list(seeds) or None, pictures=not no_pictures, note=note,
                                progress=None if as_json else progress, starting=None if as_json else starting,
                                workers=workers)
    bad = [r for r in results if r.status in ("MISMATCH", "error")]
    payload = {"report": str(report), "agree": not bad,
               "results": [{"seed": r.seed, "name": r.name, "status": r.status, "expected": r.expected,
                            "got": r.got, "seconds": round(r.seconds, 3), "note": r.note} for r in results]}
    counts = {k: sum(r.status == k for r in results) for k in ("ok", "skipped", "missing")}
    text = (f"{counts['ok']} of {len(results)} results reproduced, {len(bad)} disagree, {counts['skipped']} skipped, "
            f"{counts['missing']} not yet reproduced; report: {report}")
    click.echo(json.dumps(payload, default=str) if as_json else text)
    if bad:
        sys.exit(1)


@click.command("pieces")
@click.argument("family")
@click.option("--order", type=int, required=True, help="Cells (or segments) a piece.")
@click.option("--one-sided", "one_sided", is_flag=True, help="Mirror images kept apart (rotations only).")
@click.option("--welded/--unwelded", "welded", default=None, help="Pieces of segments: only those with a junction "
              "(three segments or more at a point), or only the others.")
@click.option("-o", "--output", default=None, help="Draw the set to this .svg or .png file.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout (count and pieces).")
def pieces_command(family: str, order: int, one_sided: bool, welded: bool | None, output: str | None,
                   as_json: bool) -> None:
    """List (count, draw) every piece of an order of a polyform family: polyominoes, polycubes, polyiamonds,
    polyhexes, polysticks, polytrigs or polytwigs; the count is compared with the published one where there is
    one (any order is generated whose set fits in memory)."""
    from ..draw import check_output
    from ..pieces import describe_set, draw_pieces

    if output is not None:
        check_output(output)  # a bad file name is refused before the set is generated
    started = time.perf_counter()
    found = describe_set(family, order, one_sided, welded)
    found["seconds"] = round(time.perf_counter() - started, 3)
    kind = "one-sided" if one_sided and family != "polycubes" else "free"
    if family == "polycubes":
        kind = "up to rotation"
    if welded is not None:
        kind += ", welded" if welded else ", unwelded"
    said = (f"{found['count']} {family} of order {order}, {kind}"
            + ("" if found["published"] is None else
               f" ({'matches' if found['matches'] else 'DIFFERS FROM'} the published {found['published']}, "
               f"{'OEIS ' if found['source'][1:].isdigit() else ''}{found['source']})"))
    if output is not None:
        pieces = {p["name"]: [tuple(c) for c in p["cells"]] for p in found["pieces"]}
        draw_pieces(family, pieces, output, title=said)
        found["picture"] = output
    if as_json:
        click.echo(json.dumps(found))
    else:
        lines = [said] + [f"{p['name']:>8}  {' '.join(','.join(map(str, c)) for c in p['cells'])}"
                          for p in found["pieces"]]
        if output is not None:
            lines.append(f"drew {output}")
        click.echo("\n".join(lines))
    if found["matches"] is False:
        sys.exit(1)


@click.command("engines")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout.")
def engines_command(as_json: bool) -> None:
    """List the engines, the encodings they work on, and the PySAT solvers for sat:SOLVER."""
    from ..cnf.backends import PYSAT_SOLVERS
    from ..engines import DEFAULT_ORDER, ENGINES

    table = {name: {"encoding": e.accepts, "exact": e.exact, "finds_solutions": e.can_solve,
                    "lists_solutions": e.can_enumerate, "counts": e.can_count, "minimises": e.can_minimize,
                    "proofs": e.can_prove} for name, e in ENGINES.items()}
    payload = {"engines": table, "pysat_solvers": list(PYSAT_SOLVERS),
               "default_order": {f"{kind} {question}": list(order) for (kind, question), order in DEFAULT_ORDER.items()}}

    def abilities(e: dict) -> str:
        words = [word for word, able in (("finds", e["finds_solutions"]), ("lists", e["lists_solutions"]),
                                         ("minimises", e["minimises"]), ("writes proofs", e["proofs"])) if able]
        if e["counts"]:
            words.append("counts" if e["exact"] else "counts (probabilistic exact)")
        return ", ".join(words)

    lines = [f"{name:<9} {e['encoding']:<8} {abilities(e)}" for name, e in table.items()]
    lines.append(f"sat:SOLVER with SOLVER one of {', '.join(PYSAT_SOLVERS)}")
    click.echo(json.dumps(payload) if as_json else "\n".join(lines))


@click.command("catalogue")
@click.option("--family", default=None, help="Only this family's puzzles: ominoes, iamonds, hexes, cubes, sticks, "
              "trigs or twigs.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object on stdout (every puzzle's row).")
def catalogue_command(family: str | None, as_json: bool) -> None:
    """List the named polyform puzzles: each name with its pieces, board, the symmetries its count is up to and the
    published count (Polyform Puzzler's puzzles by the names of its scripts); count one with
    'parity count polyform --puzzle NAME --up-to-symmetry'."""
    from ..puzzles.polyomino import catalogue

    rows = catalogue(family)
    built = [row for row in rows if row["built"]]
    if as_json:
        click.echo(json.dumps({"family": family, "puzzles": rows, "built": len(built), "not_yet": len(rows) - len(built),
                               "published": sum(row["published"] is not None for row in built)}))
        return
    width = max((len(row["name"]) for row in rows), default=4)
    lines = []
    for row in rows:
        if not row["built"]:
            said = "" if row.get("published") is None else f" (published: {row['published']})"
            lines.append(f"{row['name']:<{width}}  {row['family']:<7}  not yet: {row['reason']}{said}")
            continue
        pieces = row["pieces"] + (f" less one of {row['omit_one_of']}" if row["omit_one_of"] else
                                  f" (any {row['choose']})" if row.get("choose") else "")
        published = "-" if row["published"] is None else f"{row['published']} up to {row['up_to']}"
        counted = "" if row["counted"] is None or row["published"] is not None else f"; parity: {row['counted']}"
        if row.get("searched") is not None:  # why no packing is shown: none found within the sweep's budget
            size = f", a search of ~{row['nodes']:.2g} nodes" if row.get("nodes") else ""
            counted += f"; no packing found in {row['searched']:g} s{size}"
        elif row.get("solved") is False:
            counted += "; no packing (proved)"
        lines.append(f"{row['name']:<{width}}  {row['family']:<7}  {pieces}; {row['board']}; published: {published}"
                     + counted)
    unsolved = sum(row.get("searched") is not None for row in built)
    lines.append(f"{len(built)} puzzles, {sum(row['published'] is not None for row in built)} with a published count"
                 + (f"; {len(rows) - len(built)} not yet built" if len(rows) > len(built) else "")
                 + (f"; {unsolved} with no packing found within the catalogue sweep's budget" if unsolved else ""))
    click.echo("\n".join(lines))
