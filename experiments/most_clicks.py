"""The Most Clicks table of n x n Lights Out (closed rule): the most presses any solvable start needs, with
certificates, as an OEIS-style b-file; on the square grids, the square tori, the hexagons of hexagonal cells
(``hex:n``, side n), or the square grids of three-state lights (``gf3``: GF(3), a light pressed twice counts two).

Run from the repository root::

    python experiments/most_clicks.py --max-side 256 --max-nullity 32 --out experiments/data
    python experiments/most_clicks.py --check --out experiments/data
    python experiments/most_clicks.py --kind torus --max-side 40 --out experiments/data   # most_clicks_torus.*
    python experiments/most_clicks.py --kind hex --max-side 40 --max-nullity 12 --out experiments/data  # _hex.*
    python experiments/most_clicks.py --kind gf3 --max-side 30 --max-nullity 9 --out experiments/data   # _gf3.*
    python experiments/most_clicks.py --again --sides 209,220 --seconds 1500   # chosen boards searched again
    python experiments/most_clicks.py --far 60                     # (and --kind hex, torus) walks (nullity up to 34)
    python experiments/most_clicks.py --far 300 --again --seed 1   # walks again from the worst starts so far
    python experiments/most_clicks.py --symmetric 60 --sides 19    # programs over symmetric words, nullity <= 20
    python experiments/most_clicks.py --transfer                   # bounds carried between the three tables
    python experiments/most_clicks.py --counting                   # bounds on the boards no search reaches

Every board of nullity 0 needs as many presses as it has lights at most
(``n^2``; ``3n^2 - 3n + 1`` on the hexagon of side n; twice ``n^2`` with
three-state lights): its one start whose only solution presses every light
(twice).  Every other board up to
``--max-side`` whose nullity is at most ``--max-nullity`` is searched by
:meth:`parity.puzzles.LightsOut.most_clicks` for ``--seconds`` (nullity up to
12) or ``--seconds-beyond`` (above): an exact answer, or the bounds reached
when the time is spent.  Each board's certificate is a line of
``most_clicks.jsonl`` (kept between runs: a board already there is not
searched again): the worst start found (as hex, bit ``r n + c`` for the
light at row ``r``, column ``c``; three-state lights as a digit a light in
the same order), the presses it needs, and the proof of the
bound (solver, regions, codewords, rounds).  ``most_clicks.txt`` is the
whole table with the bounds, ``most_clicks.bfile`` the consecutive exact
terms from n = 1.

``--check`` re-verifies every certificate without the search: each worst
start (bit ``i`` the light of the board's ``i``-th cell: row-major on squares,
the cells sorted on hexagons) is rebuilt, its presses simulated on the board, and its minimum
recomputed by every solution weighed (nullity up to 20) or the coset search,
and must equal the entry's lower bound; boards of nullity 2 are checked
against Boyles' formula ``26k^2 - 12k + 1`` (n = 6k - 1).  Where the worst
start reaches the parity bound (:func:`parity.codes.parity_bound`,
recomputed from the board), the entry is exact by that theorem alone, a
second proof beside the integer program's; the check says how many.

``--again`` searches the boards whose search stopped once more, keeping the
higher lower bound (with its worst start) and the lower upper bound.
``--far SECONDS`` walks every open board of nullity up to ``--max-nullity``
(past 24 on a sample of the codewords, each round a search of the ``2^k``
codewords: 20 s at nullity 36) far from its code
(:func:`parity.codes.far_word`) and keeps a start that needs more
presses (with ``--again``, each walk goes on from the board's worst start
so far, with ``--seed``'s random choices; with ``--all-on``, from a solution
of the all-on start); ``--symmetric SECONDS`` does the same with the integer program
over the words that a subgroup of the board's turns and mirrors (and a
torus's translations) keeps (:func:`parity.codes.symmetric_word`),
up to ``--subgroups`` subgroups a board of nullity up to 20 (on three-state
lights, the boards searched before, nullity up to 9); ``--transfer`` caps the stopped boards by the parity bound and
carries upper bounds between boards whose regions embed
(:func:`parity.codes.transferred_bound`), the source, its bound
and the map kept as the proof, which ``--check`` re-derives; and the other
way, worst starts up to the larger boards of a family
(:func:`parity.codes.carried_word`), each solved again before it
is kept.  ``--counting`` gives every board of the table (up to ``--max-side``) that
has no entry yet, whatever its nullity, the bounds that its region sizes alone
prove (:func:`parity.codes.counting_bounds`): the sphere-covering
bound below (no start named) and the parity bound above (on three-state
lights, the averaging bound); ``--check`` re-derives both.
"""

from __future__ import annotations

import argparse
import functools
import time
from pathlib import Path

import numpy as np

from _common import hex_bits  # noqa: F401  (the tests read a start's bits with it)
from parity.codes import (MAX_NULLITY, MAX_SYMMETRIC, WORD_BITS, carried_word, embedding, far_word, orbits,
                          symmetric_word, symmetric_word_gfp, transferred_bound)
from parity.errors import InvalidCertificate, LimitError, NullityTooLargeError
from parity.puzzles import LightsOut
from parity.puzzles.lightsout.certificates import (SPHERE_COVERING, TABLES, TWO_STATE, append_certificate,
                                                   board_cells, board_counting_bounds, board_field, board_nullity,
                                                   board_regions, board_spec, check_table, decode_start, encode_start,
                                                   least_presses, load_certificates, merge_certificates,
                                                   read_published_table, rewrite_certificates, search_board,
                                                   start_cleared_by, table_board)
from parity.puzzles.lightsout.certificates import write_tables as _write_tables
from parity.puzzles.lightsout.clicks import rule_symmetries

DATA = Path(__file__).resolve().parent / "data"
#: Boyles' published Most Clicks table of the square grids (experiments/data/published/README.md says whence)
PUBLISHED = DATA / "published" / "min_clicks_answers.txt"


def write_tables(out: Path, entries: dict, sides: int, kind: str) -> None:
    """The table's files (the library's :func:`write_tables`), the square grids' with the published values beside
    parity's."""
    published = read_published_table(PUBLISHED.read_text()) if kind == "grid" and PUBLISHED.exists() else None
    _write_tables(out, entries, sides, kind, published=published)

#: the tables: their boards' nullity (called with n, n) and the name of their files
KINDS = {kind: (lambda n, _, kind=kind: board_nullity(n, kind), name) for kind, name in TABLES.items()}
#: how the tables name the counting bound below
SPHERE = SPHERE_COVERING
#: the library's names under this script's older ones
cells, merged, regions_of = board_cells, merge_certificates, board_regions

#: the three-state boards' program over symmetric words weighs every one of the 3^k codewords
MAX_SYMMETRIC_GF3 = 9


def far(out: Path, kind: str, seconds: float, sides: set | None, max_side: int, max_nullity: int,
        how: str = "walk", subgroups: int = 16, seed: int = 0, again: bool = False, all_on: bool = False) -> int:
    """Raise the lower bounds of a two-state table's open boards by a word far from their code.

    Every board up to ``max_side`` of nullity 1 to ``max_nullity`` (and, for
    the symmetric words, at most ``MAX_SYMMETRIC``) that is not exact,
    searched or not before, gets a word: with ``how="walk"`` the local search
    over its regions, :func:`parity.codes.far_word`, for
    ``seconds`` (from the default start, or with ``again`` from the entry's
    worst start, so that a board is never left worse, or with ``all_on``, where
    there is none, from a solution of the all-on start where it is solvable;
    random choices by ``seed``); with ``how="symmetric"`` the integer program over the words a
    subgroup of the board's symmetries keeps,
    :func:`parity.codes.symmetric_word`, for ``seconds`` a
    subgroup, over at most ``subgroups`` of them (:func:`subgroups_of`);
    the three-state table's searched boards too
    (:func:`parity.codes.symmetric_word_gfp`, nullity up to 9).  A
    start farther than its entry's worst start replaces it, after its
    minimum is recomputed by :func:`least_presses`.  A board the integer
    program never searched gets an entry with the parity bound above.
    Returns how many lower bounds rose.
    """
    if kind not in TWO_STATE and how == "walk":
        raise SystemExit(f"--far walks the two-state tables ({', '.join(TWO_STATE)}), not {kind}")
    path = out / f"{TABLES[kind]}.jsonl"
    entries = load_certificates(path)
    raised = 0
    sides_shown = _sides(out, kind, max_side)
    p = board_field(kind)
    most = WORD_BITS if how == "walk" else MAX_SYMMETRIC if p == 2 else MAX_SYMMETRIC_GF3
    for n in range(1, min(max_side, sides_shown) + 1):  # (the table's own length at most)
        e = entries.get(n)
        if (sides is not None and n not in sides) or (e is not None and e["most_clicks"] is not None):
            continue
        nullity = board_nullity(n, kind)
        if not 0 < nullity <= min(max_nullity, most) or (e is None and p != 2):  # (no parity bound)
            continue
        puzzle = table_board(n, kind)
        started = time.perf_counter()
        basis = puzzle.solution_space().basis
        if how == "walk":
            start, begun = None, ""
            if again and e is not None and "worst_start" in e:
                start, begun = _worst_word(n, kind, e["worst_start"]), ", from the worst start before"
            elif all_on:
                lit = LightsOut(board_spec(n, kind), start="all-on").solution_space()
                if lit.solvable:
                    start, begun = lit.particular, ", from a solution of the all-on start"
            distance, word = far_word(basis, seconds=seconds, seed=seed, start=start,
                                      max_nullity=max(nullity, MAX_NULLITY))
            method = f"local search over the regions (far_word), {seconds:g} s, seed {seed}{begun}"
        else:
            distance, word, method = -1, None, None
            perms = rule_symmetries(puzzle)
            for generators in subgroups_of(perms, subgroups):
                chosen = perms[list(generators)]
                try:
                    found, made, optimal = symmetric_word(basis, chosen, seconds) if p == 2 else \
                        symmetric_word_gfp(basis, p, chosen, seconds)
                except NullityTooLargeError:  # a small subgroup's program, too large to build: the next one
                    continue
                if found > distance:
                    distance, word = found, made
                    method = (f"the integer program over the words that symmetries {', '.join(map(str, generators))} "
                              f"of the board keep (symmetric_word{'' if p == 2 else '_gfp'}"
                              f"{', optimal' if optimal else ''}), {seconds:g} s")
        if e is None:
            e = {"n": n, "nullity": nullity, "most_clicks": None, "lower": 0,
                 "upper": board_counting_bounds(n, kind)[1], "seconds": 0.0,
                 "proof": {"stopped": "not searched by the integer program", "upper_by": "the parity bound"}}
        if distance > e["upper"]:
            raise SystemExit(f"{board_spec(n, kind)}: the word found is {distance} from the code, above the entry's "
                             f"upper bound {e['upper']}")
        if distance > e["lower"]:
            start = start_cleared_by(n, word, kind)
            assert least_presses(n, start, kind) == distance, f"{board_spec(n, kind)}: the far word's start"
            e.update(lower=distance, worst_start=encode_start(start, kind))
            e["proof"] = dict(e["proof"], lower_by=method)
            if distance == e["upper"]:
                e["most_clicks"] = distance
            raised += 1
        e["seconds"] = round(e["seconds"] + time.perf_counter() - started, 2)
        entries[n] = e
        append_certificate(path, e)
        write_tables(out, entries, sides_shown, kind)
        print(f"{board_spec(n, kind)}: {e['lower']}..{e['upper']}", flush=True)
    rewrite_certificates(path, entries)
    write_tables(out, entries, sides_shown, kind)
    return raised


def subgroups_of(perms: np.ndarray | None, most: int) -> list[tuple[int, ...]]:
    """Subgroups of a board's symmetries (``perms``, rows: :func:`parity.puzzles.lightsout.clicks.rule_symmetries`),
    each as the rows that generate it: the whole group, then those one or two of its elements generate, one for
    each way they split the cells into orbits, fewest orbits (the smallest program) first, at most ``most`` of
    them.  Groups of more than 48 elements (the tori) give only the subgroups one element generates."""
    if perms is None or len(perms) < 2:
        return []
    order = len(perms)
    whole = tuple(range(order))
    pairs = [(i,) for i in range(1, order)]
    if order <= 48:
        pairs += [(i, j) for i in range(1, order) for j in range(i + 1, order)]
    seen, found = set(), []
    for generators in [whole, *pairs]:
        orbit = orbits(perms[list(generators)], perms.shape[1])
        key = orbit.tobytes()
        if key not in seen and orbit.max() + 1 < perms.shape[1]:
            seen.add(key)
            found.append((int(orbit.max()) + 1, len(found), generators))
    return [generators for _, _, generators in sorted(found)[:most]]


def upper_name(kind: str) -> str:
    """How the tables name the bound above of :func:`parity.puzzles.lightsout.certificates.board_counting_bounds`."""
    return "the parity bound" if board_field(kind) == 2 else "the averaging bound"


def counted(out: Path, kind: str, max_side: int) -> int:
    """Give every board of the table (up to ``max_side``; a new table as long) of nullity 1 or more that has no
    entry the counting bounds (the sphere-covering bound below, the parity or averaging bound above), however
    large its nullity; the searches' entries are left alone.  Returns how many entries were made."""
    path = out / f"{TABLES[kind]}.jsonl"
    entries = load_certificates(path)
    sides_shown = _sides(out, kind, max_side)
    made = 0
    for n in range(1, min(max_side, sides_shown) + 1):
        nullity = board_nullity(n, kind)
        if nullity == 0 or n in entries:
            continue
        started = time.perf_counter()
        lower, upper = board_counting_bounds(n, kind)
        entries[n] = {"n": n, "nullity": nullity, "most_clicks": lower if lower == upper else None,
                      "lower": lower, "upper": upper, "seconds": round(time.perf_counter() - started, 2),
                      "proof": {"stopped": "not searched", "upper_by": upper_name(kind), "lower_by": SPHERE}}
        made += 1
        print(f"{board_spec(n, kind)}: {lower}..{upper} (nullity {nullity}, counting)", flush=True)
    rewrite_certificates(path, entries)
    write_tables(out, entries, sides_shown, kind)
    return made


def transfer(out: Path, quiet: bool = False) -> int:
    """Lower the upper bounds of the stopped boards of every two-state table: the parity bound, then embeddings.

    A stopped board searched before its program was capped by the parity bound
    (:func:`parity.codes.parity_bound`) gets it.  A board whose regions embed in another's of the same nullity
    (:func:`parity.codes.embedding`: every region fits in one of the
    same parity, no smaller) needs at most the other's upper bound carried
    over (:func:`parity.codes.transferred_bound`); when that meets
    its worst start, it is exact.  Boards of any of the three kinds are each
    other's sources, and the passes go on while a bound falls (a bound carried
    in may carry on).  Each entry lowered keeps its source, the source's
    bound and the embedding as its proof; the tables are written again.
    Then :func:`carry_starts` raises lower bounds the other way.  Returns how many bounds moved.
    """
    tables = {kind: load_certificates(out / f"{TABLES[kind]}.jsonl") for kind in TWO_STATE}
    boards = [(kind, n) for kind in TWO_STATE for n in sorted(tables[kind])]
    embeddable = [(kind, n) for kind, n in boards if tables[kind][n]["nullity"] <= WORD_BITS]  # (regions' signatures)
    lowered, changed = 0, True
    for kind, n in boards:  # first the parity bound, where a search stopped before it capped the program
        e = tables[kind][n]
        if e["most_clicks"] is None:
            bound = board_counting_bounds(n, kind)[1]
            if bound < e["upper"]:
                e["upper"] = bound
                stopped = e["proof"]["lower_from"] if "from" in e["proof"] else e["proof"]  # (a carried bound gone)
                e["proof"] = dict(stopped, upper_by="the parity bound")
                if bound == e["lower"]:
                    e["most_clicks"] = bound
                lowered += 1
                if not quiet:
                    print(f"{board_spec(n, kind)}: {e['lower']}..{bound} (the parity bound)", flush=True)
    while changed:
        changed = False
        for kind, n in embeddable:
            e = tables[kind][n]
            if e["most_clicks"] is not None:
                continue
            for source_kind, m in embeddable:
                source = tables[source_kind][m]
                if (source_kind, m) == (kind, n) or source["nullity"] != e["nullity"]:
                    continue
                try:
                    mapping = _embedding(n, kind, m, source_kind)
                except LimitError:  # a search that gave up: no bound either way
                    continue
                if mapping is None:
                    continue
                bound = transferred_bound(board_regions(n, kind), board_regions(m, source_kind), source["upper"],
                                          mapping)
                if bound >= e["upper"]:
                    continue
                e["upper"] = bound
                e["proof"] = {"method": "embedding of the regions", "from": board_spec(m, source_kind),
                              "kind": source_kind, "n": m, "from_upper": source["upper"],
                              "embedding": [int(g) for g in mapping], "lower_from": e["proof"]}
                if bound == e["lower"]:
                    e["most_clicks"] = bound
                lowered += 1
                changed = True
                if not quiet:
                    shown = bound if e["most_clicks"] is not None else f"{e['lower']}..{bound}"
                    print(f"{board_spec(n, kind)}: {shown} (from {board_spec(m, source_kind)}, at most "
                          f"{source['upper']})", flush=True)
    lowered += carry_starts(tables, embeddable, quiet)
    for kind in TWO_STATE:
        if tables[kind]:
            rewrite_certificates(out / f"{TABLES[kind]}.jsonl", tables[kind])
            write_tables(out, tables[kind], _sides(out, kind), kind)
    return lowered


def carry_starts(tables: dict, boards: list, quiet: bool = False) -> int:
    """Raise the lower bounds of the stopped boards by other boards' worst starts carried through an embedding.

    The converse of the upper bounds above: a board whose regions embed in
    this one's gives a word as far from this board's code in terms of ``F``
    (:func:`parity.codes.carried_word`), so a smaller board of a
    family, where the walk does better, lifts the larger ones.  The start
    the carried word makes is solved again by :func:`least_presses` (its
    own solution space) before it is kept.  Returns how many rose.
    """
    raised = 0
    for kind, n in boards:
        e = tables[kind][n]
        if e["most_clicks"] is not None:
            continue
        large = board_regions(n, kind)
        M0 = int(large.sizes[large.signatures == 0].sum())
        for source_kind, m in boards:
            source = tables[source_kind][m]
            if (source_kind, m) == (kind, n) or source["nullity"] != e["nullity"] or "worst_start" not in source:
                continue
            try:
                mapping = _embedding(m, source_kind, n, kind)
            except LimitError:
                continue
            if mapping is None:
                continue
            small = board_regions(m, source_kind)
            ones = _worst_ones(m, source_kind, source["worst_start"])
            b0, m0 = int(ones[small.signatures == 0].sum()), int(small.sizes[small.signatures == 0].sum())
            predicted = source["lower"] - b0 + M0 + (int(large.sizes.sum()) - M0 - int(small.sizes.sum()) + m0) // 2
            if predicted <= e["lower"]:
                continue
            start = start_cleared_by(n, large.word(carried_word(small, large, ones, mapping)), kind)
            weight = least_presses(n, start, kind)
            assert weight == predicted, f"{board_spec(n, kind)}: the start carried from {board_spec(m, source_kind)} " \
                f"needs {weight}"
            e.update(lower=weight, worst_start=encode_start(start, kind))
            e["proof"] = dict(e["proof"], lower_by=f"a worst start of {board_spec(m, source_kind)} carried by an "
                              "embedding of the regions", lower_embedding=[int(g) for g in mapping])
            if weight == e["upper"]:
                e["most_clicks"] = weight
            raised += 1
            if not quiet:
                print(f"{board_spec(n, kind)}: {e['lower']}..{e['upper']} (a start of {board_spec(m, source_kind)} "
                      f"carried, {source['lower']} presses there)", flush=True)
    return raised


@functools.lru_cache(maxsize=None)
def _worst_ones(n: int, kind: str, worst_start: str) -> np.ndarray:
    """How many presses a solution of the board's worst start puts in each region (any solution: the coset's
    region counts differ only by a codeword), solved once however many boards it is carried to."""
    return board_regions(n, kind).ones(_worst_word(n, kind, worst_start))


def _worst_word(n: int, kind: str, worst_start: str) -> np.ndarray:
    """A solution of the board's worst start (the presses, in the board's cell order)."""
    start = decode_start(worst_start, n, kind)
    puzzle = LightsOut(board_spec(n, kind), start=dict(zip(board_cells(n, kind), start.tolist())))
    return puzzle.solution_space().particular


def _sides(out: Path, kind: str, otherwise: int = 0) -> int:
    """How many sides the kind's table shows (its rows), to write it again as long; ``otherwise`` (or its
    largest entry) when there is no table yet."""
    table = out / f"{TABLES[kind]}.txt"
    if table.exists():
        return len(table.read_text().splitlines()) - 1
    return max([otherwise, *load_certificates(out / f"{TABLES[kind]}.jsonl")])


@functools.lru_cache(maxsize=None)
def _embedding(n: int, kind: str, m: int, source_kind: str):
    return embedding(board_regions(n, kind), board_regions(m, source_kind))


def check(out: Path, kind: str = "grid", largest: int | None = None) -> int:
    """Re-verify every certificate of the kind's table
    (:func:`parity.puzzles.lightsout.certificates.check_table`), say what was worked out again, and return how
    many worst starts were rebuilt."""
    found = check_table(out, kind, largest)
    print(f"{found.checked} certificates re-verified (worst start rebuilt, its minimum recomputed)" +
          (f"; {found.at_parity_bound} of them reach the parity bound, which proves them exact without the integer "
           "program" if board_field(kind) == 2 else "") +
          (f"; {found.carried} upper bounds carried over from another board re-derived" if found.carried else "") +
          (f"; {found.counted} sphere-covering bounds re-derived" if found.counted else ""))
    return found.checked


def _seconds(text: str) -> float:
    """A positive number of seconds (an argparse type: anything else is refused with the option's name)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"a positive number of seconds, not {text!r}")
    return value


def _whole_number(text: str, least: int, most: int | None = None) -> int:
    """``text`` as a whole number from ``least`` (to ``most``), else argparse's one-line refusal."""
    if not text.strip().isdecimal() or not least <= int(text) <= (most if most is not None else int(text)):
        raise argparse.ArgumentTypeError(f"a whole number from {least}{'' if most is None else f' to {most}'}, "
                                         f"not {text!r}")
    return int(text)


def _count(text: str) -> int:
    """A whole number from 1 (an argparse type)."""
    return _whole_number(text, 1)


def _count0(text: str) -> int:
    """A whole number from 0 below 2^32 (an argparse type: a seed)."""
    return _whole_number(text, 0, (1 << 32) - 1)


def _side_list(text: str) -> set[int]:
    """Sides separated by commas (an argparse type)."""
    try:
        sides = {int(n) for n in text.split(",")}
    except ValueError:
        sides = set()
    if not sides or min(sides) < 1:
        raise argparse.ArgumentTypeError(f"sides are whole numbers from 1, separated by commas, not {text!r}")
    return sides


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=DATA, help="folder of the table and its certificates "
                   "(default: experiments/data/)")
    p.add_argument("--max-side", type=int, default=256, help="largest n (default 256)")
    p.add_argument("--max-nullity", type=int, default=32, help="boards of larger nullity are left out (default 32)")
    p.add_argument("--seconds", type=float, default=150.0, help="a board's search, nullity up to 12 (default 150)")
    p.add_argument("--seconds-beyond", type=float, default=30.0, help="a board's search beyond (default 30)")
    p.add_argument("--kind", choices=sorted(KINDS), default="grid",
                   help="square grids (default), square tori, hexagons of hexagonal cells, or square grids of "
                   "three-state lights (gf3)")
    p.add_argument("--check", action="store_true", help="re-verify every certificate instead of searching")
    p.add_argument("--sides", type=_side_list, default=None,
                   help="search only these sides (comma-separated), with --again those stopped before")
    p.add_argument("--far", type=_seconds, default=None, metavar="SECONDS", help="raise the lower bounds of the "
                   "open boards of nullity up to --max-nullity by a local search over their regions for SECONDS "
                   "each, instead of searching")
    p.add_argument("--symmetric", type=_seconds, default=None, metavar="SECONDS", help="raise the lower bounds of "
                   "the open boards of nullity up to 20 by the integer program over the words that subgroups of the "
                   "board's symmetries keep, SECONDS a subgroup, instead of searching")
    p.add_argument("--all-on", action="store_true", help="with --far, walk from a solution of the all-on start "
                   "(where it is solvable) instead of the default start; with --again, where a board has no worst "
                   "start yet")
    p.add_argument("--seed", type=_count0, default=None, help="with --far, the walk's random choices (default 0)")
    p.add_argument("--subgroups", type=_count, default=16, help="with --symmetric, how many subgroups a board "
                   "(the fewest orbits first; default 16)")
    p.add_argument("--transfer", action="store_true", help="carry upper bounds between the boards of the "
                   "two-state tables (grid, torus, hex) whose regions embed, instead of searching")
    p.add_argument("--counting", action="store_true", help="give every board of the table (up to --max-side) with "
                   "no entry, whatever its nullity, the bounds its region sizes prove (sphere-covering below, parity "
                   "or, on three-state lights, averaging above), instead of searching")
    p.add_argument("--again", action="store_true", help="search the boards whose search stopped once more (for "
                   "--seconds or --seconds-beyond again), keeping the better of each bound; with --far, walk on from "
                   "each board's worst start so far")
    args = p.parse_args()
    if args.seed is not None and args.far is None:
        p.error("--seed picks the random choices of --far's walks; give --far too")
    if args.all_on and args.far is None:
        p.error("--all-on picks where --far's walks start; give --far too")
    args.out.mkdir(parents=True, exist_ok=True)
    if args.check:
        try:
            check(args.out, args.kind)
        except InvalidCertificate as wrong:
            raise SystemExit(f"most_clicks.py: {wrong}") from None
        return
    if args.far is not None:
        raised = far(args.out, args.kind, args.far, args.sides, args.max_side, args.max_nullity,
                     seed=args.seed or 0, again=args.again, all_on=args.all_on)
        print(f"{raised} lower bounds raised; tables in {args.out}")
        return
    if args.symmetric is not None:
        raised = far(args.out, args.kind, args.symmetric, args.sides, args.max_side, args.max_nullity, "symmetric",
                     args.subgroups)
        print(f"{raised} lower bounds raised; tables in {args.out}")
        return
    if args.transfer:
        print(f"{transfer(args.out)} bounds moved (upper lowered, lower raised); tables in {args.out}")
        return
    if args.counting:
        print(f"{counted(args.out, args.kind, args.max_side)} boards bounded by counting; tables in {args.out}")
        return
    path = args.out / f"{TABLES[args.kind]}.jsonl"
    entries = load_certificates(path)
    # a run that only searches boards again (or chosen ones) keeps the table as long as it is; another makes it
    # --max-side long, or keeps it longer
    shown = _sides(args.out, args.kind, args.max_side) if args.again or args.sides else \
        max(args.max_side, _sides(args.out, args.kind, args.max_side))
    for n in range(1, args.max_side + 1):
        if (args.sides is not None and n not in args.sides) or (args.again and n not in entries):
            continue
        counted_only = n in entries and entries[n]["proof"].get("stopped") == "not searched"  # (--counting's)
        if n in entries and not counted_only and not (args.again and entries[n]["most_clicks"] is None):
            continue
        nullity = board_nullity(n, args.kind)
        if nullity == 0 or nullity > args.max_nullity:
            continue
        entry = search_board(n, args.seconds if nullity <= 12 else args.seconds_beyond, args.kind, nullity)
        if n in entries:
            entry = merge_certificates(entries[n], entry)
        entries[n] = entry
        append_certificate(path, entry)  # one line a board, written at once: an interrupted run loses one board
        write_tables(args.out, entries, shown, args.kind)  # the tables as far as the run has got
        value = entry["most_clicks"] if entry["most_clicks"] is not None else f"{entry['lower']}..{entry['upper']}"
        print(f"{n:4d}  nullity {nullity:3d}  most clicks {value}  ({entry['seconds']} s)", flush=True)
    if args.again:  # one line a board again, the later searches' lines folded in
        rewrite_certificates(path, entries)
    write_tables(args.out, entries, shown, args.kind)
    searched = [e for e in entries.values() if e["proof"].get("stopped") != "not searched"]
    exact = sum(e["most_clicks"] is not None for e in searched)
    print(f"{exact} of {len(searched)} boards searched answered exactly; tables in {args.out}")


if __name__ == "__main__":
    main()
