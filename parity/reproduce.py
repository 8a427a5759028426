"""``parity reproduce``: every seed's headline results, recomputed through the library and compared.

Each check recomputes one published result (or one the library adds, named
as such) and compares it with the expected value; the report lists every
seed document with a mark per result, its time, and the pictures.  A seed
whose family has not landed yet is listed as *not yet reproduced*, never as
passing.  ``--quick`` skips the checks marked slow (the whole quick run takes
well under two minutes on two cores).

Examples
--------
>>> results = run_checks(quick=True, only=["002"])
>>> [(r.seed, r.name, r.status) for r in results][:2]
[('002', 'ENIGMA', 'ok'), ('002', 'unique', 'ok')]
"""

from __future__ import annotations

import functools
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import LimitError, OutputError

__all__ = ["SEEDS", "Check", "CheckResult", "CHECKS", "run_checks", "write_report", "reproduce"]

#: the seed documents the project was created from
SEEDS = {
    "000": "Conway's quintomino dodecahedron (a Z3 model)",
    "001": "Quinto and Lights Out (Fricke's notes)",
    "002": "New Scientist Enigma 1780 (an icosahedron puzzle)",
    "003": "Polyform Puzzler FAQ (polyforms and exact cover)",
    "004": "Icosoku (a constraint model and its open questions)",
}


@dataclass
class Check:
    """One result to reproduce: how to compute it, and what it must be."""

    seed: str
    name: str
    what: str
    compute: Callable[[], Any]
    expected: Any
    slow: bool = False
    source: str = "published"  # or "parity": a result no seed gives, checked two ways in the test suite
    about: float = 0.0  #: for a slow check, the seconds it takes on two cores (said before it starts)


@dataclass
class CheckResult:
    seed: str
    name: str
    what: str
    expected: Any
    got: Any = None
    status: str = "ok"  # ok, MISMATCH, error, skipped, missing
    seconds: float = 0.0
    note: str = ""
    source: str = "published"


def _quinto_3x3():
    import parity as pt
    from parity.puzzles import LightsOut

    puzzle = LightsOut("grid:3x3")
    solution = pt.solve(puzzle).solution
    return "".join("abcdefghi"[3 * r + c] for (r, c), t in sorted(solution.items()) if t), pt.count(puzzle)


def _quinto_4x4():
    import parity as pt
    from parity.puzzles import LightsOut

    result = pt.count_result(LightsOut("grid:4x4"), up_to_symmetry=True)
    return result.count, result.stats["count_up_to_symmetry"]


def _quinto_5x5():
    import parity as pt
    from parity.puzzles import LightsOut

    puzzle = LightsOut("grid:5x5")
    return pt.count(puzzle), pt.solve(puzzle, minimize=True).stats["minimum_weight"]


def _nullities(n: int):
    from .data.oeis import A159257
    from .sweep.table import lightsout_table

    got = [row["nullity"] for row in lightsout_table(f"1..{n}")]
    return got if got != A159257[:n] else "A159257[1..%d]" % n


def _quintomino_pieces():
    from .puzzles.quintomino import LETTERS, quintominoes

    return " ".join(f"{letter}={''.join(map(str, q))}" for letter, q in zip(LETTERS, quintominoes()))


def _quintomino_counts():
    import parity as pt
    from parity.puzzles import Quintomino

    plain = pt.count_result(Quintomino(), up_to_symmetry=True)
    both = pt.count_result(Quintomino(), up_to_symmetry=True, recolour=True)
    return plain.count, plain.stats["count_up_to_symmetry"], both.stats["count_up_to_symmetry"]


def _quintomino_seed_model():
    import parity as pt
    from parity.puzzles import Quintomino

    return pt.count(Quintomino(rotations_only=True))


def _enigma():
    import parity as pt
    from parity.puzzles import Enigma1780

    result = pt.solve(Enigma1780())
    return Enigma1780().answer(result.solution), result.stats["unique"]


def _enigma_free():
    import parity as pt
    from parity.puzzles import Enigma1780

    return pt.count(Enigma1780(clues=False))


def _icosoku_types():
    from parity.puzzles.icosoku import TILE_TYPES, tile_set

    tiles = tile_set("original")[1]
    return len(TILE_TYPES), sum(tiles.values()), len(tiles), sum(int(d) * n for t, n in tiles.items() for d in t)


def _icosoku_q1():
    import parity as pt
    from parity.puzzles import Icosoku

    return pt.solve(Icosoku(pegs=None, tiles="adts"), engine="sat").satisfiable


def _icosoku_sample():
    import numpy as np

    import parity as pt
    from parity.puzzles import Icosoku

    rng = np.random.default_rng(2024)
    return sum(pt.solve(Icosoku(pegs=rng.permutation(12) + 1)).satisfiable for _ in range(100))


def _piece_tables():
    """The sizes of every family's free and one-sided piece sets, orders 1..5 (the FAQ's tables)."""
    from .pieces import FAMILIES, piece_set

    return {family: [[len(piece_set(family, n, one_sided)) for n in range(1, 6)] for one_sided in (False, True)]
            for family in FAMILIES}


def _published_piece_tables():
    from .pieces import PUBLISHED

    return {family: [free[:5], sided[:5]] for family, (free, _, sided, _) in PUBLISHED.items()}


def _catalogued() -> dict:
    """The catalogue's puzzles whose count is published (one row each)."""
    from .data.catalogue import PUZZLES

    return {name: entry for name, entry in PUZZLES.items() if entry["count"] is not None}


def _catalogue(name: str):
    """A catalogued puzzle counted up to the board's symmetries (or rotations), as its entry says."""
    import parity as pt
    from parity.puzzles.polyomino import FAMILY, catalogue_entry

    stats = pt.count_result(FAMILY.build(puzzle=name), up_to_symmetry=True).stats
    return stats["count_up_to_rotation" if catalogue_entry(name)["up_to"] == "rotation" else "count_up_to_symmetry"]


def _piece_counts():
    from .puzzles.polyomino import polyominoes

    return len(polyominoes(5)), len(polyominoes(5, one_sided=True)), len(polyominoes(6))


CHECKS: list[Check] = [
    Check("000", "pieces", "the 12 quintominoes, derived", _quintomino_pieces,
          "A=12345 B=12354 C=12435 D=12453 E=12534 F=12543 G=13245 H=13254 J=13425 K=13524 L=14235 M=14325"),
    Check("000", "counts", "labelled solutions; up to 120 symmetries; up to 14400 with recolouring",
          _quintomino_counts, (7200, 60, 3), source="parity"),
    Check("000", "seed model", "solutions of the seed's rotations-only model", _quintomino_seed_model, 10,
          source="parity"),
    Check("001", "3x3", "the one solution (buttons clicked) and the count", _quinto_3x3, ("acegi", 1)),
    Check("001", "4x4", "solutions; patterns up to rotations and mirrors", _quinto_4x4, (16, 5)),
    Check("001", "5x5", "solutions; fewest clicks", _quinto_5x5, (4, 15)),
    Check("001", "A159257", "nullity of n x n Lights Out, n = 1..130 (the OEIS b-file)", lambda: _nullities(130),
          "A159257[1..130]"),
    Check("002", "ENIGMA", "the six covered digits", lambda: _enigma()[0], "324125"),
    Check("002", "unique", "the numbering is the only one", lambda: _enigma()[1], True),
    Check("002", "no clues", "numberings without clues", _enigma_free, 240, source="parity"),
    Check("003", "pieces", "pentominoes, one-sided pentominoes, hexominoes", _piece_counts, (12, 18, 35)),
    Check("003", "piece tables", "free and one-sided sets of the seven families, orders 1..5", _piece_tables,
          _published_piece_tables()),
    Check("004", "types", "tile types up to rotation; the game's tiles, their types and dots", _icosoku_types,
          (24, 20, 14, 78)),
    Check("004", "Q1", "an all-different tiling (ADTS) exists for some arrangement", _icosoku_q1, True),
    Check("004", "sample", "100 random arrangements, each solvable with the game's tiles", _icosoku_sample, 100,
          source="parity"),
    *(Check("003", name, f"{entry['pieces']} on {entry['board']}, up to {entry['up_to']} ({entry['source']})",
            (lambda name=name: _catalogue(name)), entry["count"], slow=entry.get("slow", False),
            about=25.0 if entry.get("slow") else 0.0)
      for name, entry in _catalogued().items()),
]

#: results of seeds whose families have not landed: listed in the report, never counted as passing
PENDING = [
]


def run_checks(quick: bool = False, only: Sequence[str] | None = None,
               progress: Callable[[CheckResult], None] | None = None,
               starting: Callable[[Check, int, int], None] | None = None, workers: int = 1) -> list[CheckResult]:
    """Run every check (``quick``: not the slow ones; ``only``: these seeds); one result per check, in the order
    of :data:`CHECKS`.

    ``workers`` processes run the checks side by side (1: one after another in this process); each check is
    handed to a worker when one is free.  ``starting(check, k, total)`` is called when the ``k``-th of
    ``total`` checks starts (a slow one says how long it takes), ``progress(result)`` when it is done.
    """
    return _run(quick, only, progress, starting, workers)[0]


def reproduce(out: str | Path, quick: bool = False, only: Sequence[str] | None = None, pictures: bool = True,
              note: str | None = None, progress: Callable[[CheckResult], None] | None = None,
              starting: Callable[[Check, int, int], None] | None = None,
              workers: int = 1) -> tuple[list[CheckResult], Path]:
    """:func:`run_checks` and :func:`write_report` in one: the checks and the pictures are handed to the same
    ``workers`` processes, so that drawing overlaps the checks; the results and the report's path."""
    folder = report_folder(out)
    results, drawn = _run(quick, only, progress, starting, workers, draw_into=folder if pictures else None)
    return results, write_report(results, folder, pictures=False, note=note, drawn=drawn)


def _run(quick: bool, only: Sequence[str] | None, progress, starting, workers: int,
         draw_into: Path | None = None) -> tuple[list[CheckResult], dict[str, str]]:
    """The results of :func:`run_checks`, and the seed pictures drawn into ``draw_into`` (seed -> file name;
    none when it is None), all as tasks of one pool."""
    if only is not None:
        unknown = [s for s in only if s not in SEEDS]
        if unknown:
            raise LimitError(f"unknown seed {unknown[0]!r}; seeds: {', '.join(SEEDS)}")
    chosen = [k for k, check in enumerate(CHECKS) if only is None or check.seed in only]
    tasks = [("check", k) for k in chosen if not (quick and CHECKS[k].slow)]
    if draw_into is not None:  # last: each worker has loaded what the checks needed when it draws
        tasks += [("picture", seed, draw_into) for seed in SEEDS]
    results: dict[int, CheckResult] = {}
    drawn: dict[str, str] = {}
    started = [0]

    def start(k: int) -> None:
        started[0] += 1
        if starting is not None:
            starting(CHECKS[k], started[0], len(chosen))

    def done(k: int, result: CheckResult) -> None:
        results[k] = result
        if progress is not None:
            progress(result)

    for task, value in _side_by_side(_task, tasks, workers, lambda task: task[0] == "check" and start(task[1])):
        if task[0] == "check":
            done(task[1], value)
        else:
            drawn[task[1]] = value
    for k in chosen:
        if k not in results:  # skipped: slow, and --quick
            start(k)
            check = CHECKS[k]
            done(k, CheckResult(check.seed, check.name, check.what, check.expected, source=check.source,
                                status="skipped", note="slow; run without --quick"))
    ordered = [results[k] for k in chosen]
    for seed, name, what, needs in PENDING:
        if only is None or seed in only:
            ordered.append(CheckResult(seed, name, what, None, status="missing", note=f"needs {needs}"))
    return ordered, {seed: drawn[seed] for seed in SEEDS if seed in drawn}


def _task(task: tuple) -> Any:
    """One task of :func:`_run`: ``("check", k)`` runs check number ``k``, ``("picture", seed, folder)`` draws
    a seed's picture."""
    return _run_check(task[1]) if task[0] == "check" else _picture(task[1], task[2])


def _run_check(k: int) -> CheckResult:
    """The result of check number ``k`` of :data:`CHECKS` (a failure is a result, not an exception)."""
    check = CHECKS[k]
    result = CheckResult(check.seed, check.name, check.what, check.expected, source=check.source)
    started = time.perf_counter()
    try:
        result.got = check.compute()
        result.status = "ok" if result.got == check.expected else "MISMATCH"
    except Exception as exc:  # a failure is a result of the report, not a crash of it
        result.status = "error"
        result.note = " ".join(f"{type(exc).__name__}: {exc}".split())
    result.seconds = time.perf_counter() - started
    return result


def _side_by_side(function: Callable[[Any], Any], items: Sequence, workers: int,
                  start: Callable[[Any], None] | None = None):
    """``(item, function(item))`` for every item, ``workers`` processes computing side by side (1: in this
    process, in order); each item is handed out when a worker is free (``start(item)`` then), and the pairs come
    as they are done.  The items and the answers cross between processes, so they are small and picklable
    (a check's number, not the check)."""
    if workers < 1:
        raise LimitError(f"workers must be at least 1, got {workers}")
    if workers == 1 or len(items) < 2:
        for item in items:
            if start is not None:
                start(item)
            yield item, function(item)
        return
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    waiting = list(reversed(items))
    with ProcessPoolExecutor(max_workers=min(workers, len(items))) as pool:
        running = {}
        try:
            while waiting or running:
                while waiting and len(running) < workers:
                    item = waiting.pop()
                    if start is not None:
                        start(item)
                    running[pool.submit(function, item)] = item
                finished, _ = wait(running, return_when=FIRST_COMPLETED)
                for future in finished:
                    yield running.pop(future), future.result()
        except BaseException:  # an interrupt (or a worker lost): nothing more is started
            for future in running:
                future.cancel()
            raise


def _picture(seed: str, out: Path) -> str:
    """Draw seed ``seed``'s picture into the folder ``out``; its file name."""
    import parity as pt
    from parity.draw import save
    from parity.puzzles import Enigma1780, Icosoku, LightsOut, Polyomino, Quintomino

    puzzle, name = {"000": (Quintomino, "quintomino.png"), "001": (lambda: LightsOut("grid:5x5"), "quinto.png"),
                    "002": (Enigma1780, "enigma1780.png"),
                    "003": (lambda: Polyomino("pentominoes", board="rect:10x6"), "pentominoes-6x10.png"),
                    "004": (Icosoku, "icosoku.png")}[seed]
    puzzle = puzzle()
    save(puzzle, pt.solve(puzzle).solution, out / name)
    return name


def _pictures(out: Path, workers: int = 1) -> dict[str, str]:
    """The seed pictures, drawn into ``out`` (by ``workers`` processes side by side); seed -> file name."""
    return dict(_side_by_side(functools.partial(_picture, out=out), list(SEEDS), workers))


def report_folder(out: str | Path) -> Path:
    """The folder ``out``, created if missing and checked to be writable: called before any check runs, so that a
    bad ``--out`` is refused at once rather than after the work.

    Raises
    ------
    OutputError
        ``out`` is a file, or cannot be created or written.
    """
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise OutputError(f"{str(out)!r} is a file, not a folder: the report needs a folder (--out)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create {str(out)!r}: {exc.strerror or exc}") from None
    try:  # a file written and removed: permissions alone do not tell (root may write where nothing can be kept)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".parity-probe-"):
            pass
    except OSError as exc:
        raise OutputError(f"cannot write into {str(out)!r}: {exc.strerror or exc}") from None
    return folder


def write_report(results: list[CheckResult], out: str | Path, pictures: bool = True, note: str | None = None,
                 workers: int = 1, drawn: dict[str, str] | None = None) -> Path:
    """Write ``report.md`` (and the pictures, drawn by ``workers`` processes side by side) into the folder
    ``out``; returns the report's path.  ``note`` is a line the report carries under its summary (why it has no
    pictures, say); ``drawn`` names pictures already in the folder (seed -> file name), drawn by
    :func:`reproduce`."""
    folder = report_folder(out)
    drawn = dict(drawn or {})
    if pictures:
        drawn.update(_pictures(folder, workers))
    marks = {"ok": "✔", "MISMATCH": "✘", "error": "✘", "skipped": "–", "missing": "…"}
    lines = ["# parity reproduce", "",
             f"{sum(r.status == 'ok' for r in results)} of {len(results)} results reproduced; "
             f"{sum(r.status in ('MISMATCH', 'error') for r in results)} disagree; "
             f"{sum(r.status == 'skipped' for r in results)} skipped; "
             f"{sum(r.status == 'missing' for r in results)} not yet reproduced.", ""]
    if note:
        lines += [f"*{note}*", ""]
    for seed, title in SEEDS.items():
        lines += [f"## Seed {seed}: {title}", ""]
        mine = [r for r in results if r.seed == seed]
        if mine:
            lines += ["| | result | expected | got | seconds | |", "|---|---|---|---|---|---|"]
            for r in mine:
                source = "" if r.source == "published" else " (computed here, checked two ways)"
                got = "" if r.status in ("skipped", "missing") else f"`{r.got}`"
                expected = "" if r.expected is None else f"`{r.expected}`"
                lines.append(f"| {marks[r.status]} | {r.name}: {r.what}{source} | {expected} | {got} | "
                             f"{r.seconds:.2f} | {r.note} |")
            lines.append("")
        if seed in drawn:
            lines += [f"![seed {seed}]({drawn[seed]})", ""]
    path = folder / "report.md"
    try:
        path.write_text("\n".join(lines), encoding="utf-8")
    except OSError as exc:
        raise OutputError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    return path
