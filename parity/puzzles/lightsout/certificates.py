"""The Most Clicks tables: boards searched under a time budget into certificates, merged, re-checked and kept.

A table holds the boards of one kind by their side ``n`` (:data:`TABLES`):
``grid`` (the n x n grids), ``torus`` (the n x n tori), ``hex`` (the
hexagons of hexagonal cells of side n, ``hex:n``) and ``gf3`` (the n x n
grids of three-state lights, GF(3): a light pressed twice counts two).  A
board's answer (:meth:`LightsOut.most_clicks
<parity.puzzles.LightsOut.most_clicks>`) is kept as a *certificate*, a
JSON object with the keys

``n``, ``nullity``
    The board's side and nullity.
``most_clicks``
    The answer where it is exact, else null.
``lower``, ``upper``
    The bounds proved (both the answer where it is exact).
``worst_start``
    Where one is known, a start that needs ``lower`` presses
    (:func:`encode_start`).
``seconds``
    The time spent on the board.
``proof``
    How the bounds were found: the search's proof (method, solver, rounds,
    regions, codewords), or why it stopped (``stopped``); ``upper_by``
    where the bound above is the parity bound (the averaging bound on
    three-state lights), ``lower_by`` where the bound below is not the
    search's own (a walk's start, or :data:`SPHERE_COVERING`); and a bound
    carried from another board: ``from`` (its spec), ``kind``, ``n``,
    ``from_upper`` (its bound when it was carried), ``embedding`` (the map of
    signatures, :func:`parity.codes.embedding`) and ``lower_from`` (the proof
    it replaced).

:func:`search_board` makes a board's certificate, exact or the bounds the
search reached in its time; :func:`merge_certificates` folds a board searched
again into what was known; :func:`check_certificate` re-checks one without
the search (:func:`check_table`, a whole table's file), raising
:class:`~parity.errors.InvalidCertificate` where it does not hold;
:func:`load_certificates`, :func:`append_certificate` and
:func:`rewrite_certificates` keep a table's certificates in a JSON-lines
file that an interrupt never leaves broken; :func:`write_tables` writes the
table as text and as an OEIS b-file.  ``experiments/most_clicks.py`` runs
them over whole tables, and walks that raise the bounds further (see
:doc:`/research`).

Examples
--------
>>> entry = search_board(4, seconds=60)
>>> entry["most_clicks"], entry["nullity"], entry["worst_start"]
(7, 4, '495f')
>>> decode_start(entry["worst_start"], 4).reshape(4, 4)
array([[1, 1, 1, 1],
       [1, 0, 1, 0],
       [1, 0, 0, 1],
       [0, 0, 1, 0]])
>>> check_certificate(entry).worst_start
True
>>> check_certificate(dict(entry, lower=8, upper=8, most_clicks=8))
Traceback (most recent call last):
...
parity.errors.InvalidCertificate: grid:4x4: the worst start needs 7 presses, the certificate says 8
"""

from __future__ import annotations

import functools
import json
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

import numpy as np

from ..._files import read_text, write_reason
from ...errors import BoardSpecError, InvalidCertificate, NoSolutionError, OutputError, ParityError, TimeLimitReached
from .puzzle import LightsOut

__all__ = ["TABLES", "TWO_STATE", "SPHERE_COVERING", "board_spec", "board_field", "table_board", "board_cells",
           "board_nullity", "every_light", "board_counting_bounds", "board_regions", "encode_start", "decode_start",
           "start_cleared_by", "least_presses", "search_board", "merge_certificates", "CertificateCheck",
           "check_certificate", "TableCheck", "check_table", "load_certificates", "append_certificate",
           "rewrite_certificates", "write_tables", "read_published_table", "compare_published"]

#: the name of each table's files, by the kind of its boards (``NAME.jsonl`` the certificates, ``NAME.txt`` the
#: table, ``NAME.bfile`` its consecutive exact terms)
TABLES = {"grid": "most_clicks", "torus": "most_clicks_torus", "hex": "most_clicks_hex", "gf3": "most_clicks_gf3"}

#: the tables of two-state lights, whose bounds carry from board to board through an embedding of their regions
TWO_STATE = ("grid", "torus", "hex")

#: how a certificate names the counting bound below (``proof["lower_by"]``), which names no start
SPHERE_COVERING = ("the sphere-covering bound (counting_bounds: the codewords' balls of a smaller radius cannot "
                   "cover every word)")

def _kind(kind: str) -> str:
    if kind not in TABLES:
        raise BoardSpecError(f"no Most Clicks table of kind {kind!r}; the kinds are {', '.join(TABLES)}")
    return kind


def board_field(kind: str = "grid") -> int:
    """The lights' states of a table's boards: 3 on the grids of three-state lights (``gf3``), else 2.

    Examples
    --------
    >>> board_field("gf3"), board_field("hex")
    (3, 2)
    """
    return 3 if _kind(kind) == "gf3" else 2


def board_spec(n: int, kind: str = "grid") -> str:
    """The board spec of a table's board of side ``n``.

    Examples
    --------
    >>> [board_spec(5, kind) for kind in TABLES]
    ['grid:5x5', 'torus:5x5', 'hex:5', 'grid:5x5']
    """
    return f"hex:{n}" if _kind(kind) == "hex" else f"grid:{n}x{n}" if kind == "gf3" else f"{kind}:{n}x{n}"


def table_board(n: int, kind: str = "grid") -> LightsOut:
    """A table's board of side ``n`` as a puzzle (closed rule, all lights off).

    Examples
    --------
    >>> table_board(3, "gf3")
    LightsOut('grid:3x3', rule='closed', field=3)
    """
    return LightsOut(board_spec(n, kind), field=board_field(kind))


@functools.lru_cache(maxsize=None)
def _cells(n: int, kind: str) -> tuple:
    if _kind(kind) == "hex":
        return tuple(sorted(LightsOut(board_spec(n, kind)).board))
    return tuple((i // n, i % n) for i in range(n * n))


def board_cells(n: int, kind: str = "grid") -> list[tuple[int, int]]:
    """The cells of a table's board in the order of a start's lights: row-major on the squares, sorted on the
    hexagons (axial coordinates).

    Examples
    --------
    >>> board_cells(2)
    [(0, 0), (0, 1), (1, 0), (1, 1)]
    >>> board_cells(2, "hex")[:3]
    [(-1, 0), (-1, 1), (0, -1)]
    """
    return list(_cells(n, kind))


@functools.lru_cache(maxsize=None)
def board_nullity(n: int, kind: str = "grid") -> int:
    """The nullity of a table's board of side ``n`` (over GF(3) on three-state lights).

    Examples
    --------
    >>> board_nullity(5), board_nullity(5, "torus"), board_nullity(9, "hex"), board_nullity(4, "gf3")
    (2, 8, 1, 2)
    """
    from ...linalg import poly

    if _kind(kind) == "grid":
        return poly.grid_nullity(n, n)
    if kind == "torus":
        return poly.torus_nullity(n, n)
    return table_board(n, kind).solution_space().nullity


def every_light(n: int, kind: str = "grid") -> int:
    """The most clicks of a board of nullity 0: every light pressed (twice on three-state lights), the one solution
    of the start that needs the most.

    Examples
    --------
    >>> every_light(3), every_light(3, "hex"), every_light(3, "gf3")
    (9, 19, 18)
    """
    return (3 * n * n - 3 * n + 1 if _kind(kind) == "hex" else n * n) * (board_field(kind) - 1)


@functools.lru_cache(maxsize=None)
def board_counting_bounds(n: int, kind: str = "grid") -> tuple[int, int]:
    """The bounds on a board's most clicks that its regions' sizes prove, for any nullity
    (:func:`parity.codes.counting_bounds`): the sphere-covering bound below, and above the parity bound
    (:func:`parity.codes.parity_bound`; on three-state lights, the averaging bound).

    Examples
    --------
    >>> board_counting_bounds(9)  # its most clicks are 37
    (29, 40)
    """
    from ...codes import counting_bounds

    return counting_bounds(table_board(n, kind).solution_space().basis, board_field(kind))


@functools.lru_cache(maxsize=None)
def board_regions(n: int, kind: str = "grid"):
    """The regions of a two-state board's quiet patterns (:func:`parity.codes.regions`), which embeddings carry
    bounds between.

    Examples
    --------
    >>> board_regions(5).sizes.tolist()
    [5, 8, 4, 8]
    """
    from ...codes import regions

    return regions(table_board(n, kind).solution_space().basis)


def encode_start(start, kind: str = "grid") -> str:
    """A start (its lights in :func:`board_cells` order) as a certificate writes it: hex of its bits, bit ``i``
    the ``i``-th light, on two-state lights; a digit a light on three-state lights.

    Examples
    --------
    >>> encode_start([1, 0, 0, 1, 1]), encode_start([2, 0, 1], "gf3")
    ('19', '201')
    """
    if board_field(kind) == 2:
        return format(sum(1 << i for i, light in enumerate(start) if light), "x")
    return "".join(str(int(light)) for light in start)


def decode_start(text: str, n: int, kind: str = "grid") -> np.ndarray:
    """The start of the board of side ``n`` that :func:`encode_start` wrote as ``text`` (lights in
    :func:`board_cells` order).

    Raises
    ------
    ValueError
        When ``text`` is not such a start of this board.

    Examples
    --------
    >>> decode_start("19", 3).tolist()
    [1, 0, 0, 1, 1, 0, 0, 0, 0]
    """
    count = len(_cells(n, kind))
    if board_field(kind) == 2:
        value = int(text, 16)
        if value >> count:
            raise ValueError(f"a start of more than {count} lights")
        return np.array([(value >> i) & 1 for i in range(count)], dtype=np.int64)
    if len(text) != count or not set(text) <= {"0", "1", "2"}:
        raise ValueError(f"a start of {count} digits 0, 1, 2 is asked for, not {text[:20]!r}")
    return np.array([int(digit) for digit in text], dtype=np.int64)


def start_cleared_by(n: int, presses, kind: str = "grid") -> np.ndarray:
    """The start that ``presses`` (a vector in the puzzle's node order) turn all off on the board of side ``n``,
    its lights in :func:`board_cells` order (:meth:`LightsOut.start_cleared_by
    <parity.puzzles.LightsOut.start_cleared_by>`).

    Examples
    --------
    >>> start_cleared_by(3, [1, 0, 0, 0, 0, 0, 0, 0, 0]).tolist()  # a corner pressed
    [1, 1, 0, 1, 0, 0, 0, 0, 0]
    """
    lit = table_board(n, kind).start_cleared_by(np.asarray(presses, dtype=np.int64))
    return np.array([lit[cell] for cell in _cells(n, kind)], dtype=np.int64)


def least_presses(n: int, start, kind: str = "grid") -> int:
    """The fewest presses that solve ``start`` (lights in :func:`board_cells` order) on the board of side ``n``.

    Found again from scratch, by another route than the Most Clicks search:
    the puzzle with that start is built and solved, and every solution is
    weighed where the nullity is at most 20 (the Gray-code walk), else its
    cosets searched (:func:`parity.codes.coset_minimum`) on its own
    solution space; the lightest presses are simulated on the board.

    Raises
    ------
    NoSolutionError
        When the start cannot be solved.

    Examples
    --------
    >>> least_presses(4, decode_start("495f", 4))
    7
    """
    cells = _cells(n, kind)
    p = board_field(kind)
    puzzle = LightsOut(board_spec(n, kind), field=p, start={cell: int(v) for cell, v in zip(cells, start)})
    space = puzzle.solution_space()
    if not space.solvable:
        raise NoSolutionError(f"{board_spec(n, kind)}: the start cannot be solved")
    if space.nullity <= 20:
        weight, presses = puzzle.minimum_presses(max_nullity=20 if p == 2 else 32)  # (3^9 x 64 steps)
    else:
        from ...codes import coset_minimum

        weight, x = coset_minimum(space.particular, space.basis, max_nullity=space.nullity)
        presses = puzzle.presses(x.astype(np.int64))
    puzzle.verify(presses)
    return weight


def search_board(n: int, seconds: float, kind: str = "grid", nullity: int | None = None) -> dict:
    """A board searched for ``seconds`` into its certificate: exact, or the bounds reached when the time ran out.

    The search is :meth:`LightsOut.most_clicks
    <parity.puzzles.LightsOut.most_clicks>`, whose answer is checked twice
    before it is kept.  A search stopped by the time keeps its bounds, its
    worst start so far where it has one, and where it has none and its bound
    below is above 0, that the bound is the sphere-covering bound's
    (:data:`SPHERE_COVERING`).

    Parameters
    ----------
    n : int
        The board's side.
    seconds : float
        The search's time.
    kind : str
        The table (:data:`TABLES`).
    nullity : int, optional
        The board's nullity, where the caller has it (:func:`board_nullity`).

    Returns
    -------
    dict
        The certificate (module docstring).

    Examples
    --------
    >>> entry = search_board(5, seconds=60)
    >>> entry["most_clicks"], entry["lower"], entry["upper"], entry["proof"]["solver"]
    (15, 15, 15, 'HiGHS')
    """
    from ...codes import MAX_NULLITY

    nullity = board_nullity(n, kind) if nullity is None else nullity
    puzzle = table_board(n, kind)
    started = time.perf_counter()
    entry = {"n": n, "nullity": nullity}
    try:
        answer = puzzle.most_clicks(max_nullity=max(nullity, MAX_NULLITY), time_limit=seconds)
    except TimeLimitReached as stopped:
        low, high = stopped.bounds
        entry.update(most_clicks=None, lower=low, upper=high, seconds=round(time.perf_counter() - started, 2),
                     proof={"stopped": f"time limit of {seconds:g} s", "solver": "HiGHS"})
        if stopped.worst is not None:
            entry["worst_start"] = encode_start(start_cleared_by(n, stopped.worst, kind), kind)
        elif low > 0:  # past the walks, no word yet: the bound below is counting's, which a check derives again
            entry["proof"]["lower_by"] = SPHERE_COVERING
        return entry
    start = np.array([answer["worst_start"][cell] for cell in _cells(n, kind)], dtype=np.int64)
    entry.update(most_clicks=answer["most_clicks"], lower=answer["most_clicks"], upper=answer["most_clicks"],
                 seconds=round(time.perf_counter() - started, 2), worst_start=encode_start(start, kind),
                 proof=answer["proof"])
    return entry


def merge_certificates(before: dict, now: dict) -> dict:
    """A board searched again: the certificate that keeps the best of both.

    The new certificate where it is exact; else the higher bound below (with
    the worst start that shows it; of equal bounds, the one with a start)
    and the lower bound above (a bound carried from another board keeps its
    proof, the search's beside it as ``lower_from``), exact where they meet.
    The seconds of both are added, and the proof counts the searches
    (``searches``).  So the bound below never falls, the bound above never
    rises, and an exact answer stays.

    Examples
    --------
    >>> before = {"n": 9, "nullity": 8, "most_clicks": None, "lower": 37, "upper": 40, "seconds": 2.0,
    ...           "worst_start": "811ad35315befc048708", "proof": {"stopped": "time limit of 2 s"}}
    >>> now = {"n": 9, "nullity": 8, "most_clicks": None, "lower": 35, "upper": 37, "seconds": 3.0,
    ...        "worst_start": "1", "proof": {"stopped": "time limit of 3 s"}}
    >>> merged = merge_certificates(before, now)
    >>> merged["most_clicks"], merged["worst_start"], merged["seconds"], merged["proof"]["searches"]
    (37, '811ad35315befc048708', 5.0, 2)
    """
    if now["most_clicks"] is not None:
        now["seconds"] = round(now["seconds"] + before["seconds"], 2)
        return now
    entry = dict(now)
    # the earlier bound below is kept when higher, or of equal bounds when only it has a start to show
    kept = before["lower"] > now["lower"] or (before["lower"] == now["lower"] and "worst_start" not in now)
    if kept:
        entry["lower"] = before["lower"]
        if "worst_start" in before:
            entry["worst_start"] = before["worst_start"]
        else:  # (a bound without a start, counting's: the search's start needs fewer)
            entry.pop("worst_start", None)
    entry["upper"] = min(before["upper"], now["upper"])
    entry["seconds"] = round(now["seconds"] + before["seconds"], 2)
    stopped = before["proof"].get("stopped", "")
    searched = "integer program" not in stopped and "not searched" not in stopped  # (not a walk's or counting's)
    searches = before["proof"].get("searches", before["proof"].get("lower_from", {}).get("searches", 1)) + searched
    entry["proof"] = dict(now["proof"], searches=searches)
    if kept:  # the bound below is the earlier entry's, and so is what found it (nothing named: its own search)
        entry["proof"].pop("lower_by", None)
        if "lower_by" in before["proof"]:
            entry["proof"]["lower_by"] = before["proof"]["lower_by"]
    if before["upper"] < now["upper"] and "from" in before["proof"]:  # the bound carried in still stands
        entry["proof"] = dict(before["proof"], lower_from=entry["proof"])
    if entry["upper"] == entry["lower"]:
        entry["most_clicks"] = entry["lower"]
    return entry


class CertificateCheck(NamedTuple):
    """What :func:`check_certificate` worked out again for a certificate."""

    #: the worst start rebuilt and its fewest presses found again
    worst_start: bool
    #: the worst start reaches the parity bound, so the answer is exact by that theorem alone, whatever the
    #: search's solver said
    at_parity_bound: bool
    #: a bound carried from another board, re-derived from the embedding
    carried: bool
    #: the sphere-covering bound below, re-derived
    counted: bool


def check_certificate(entry: Mapping, kind: str = "grid", source: Mapping | None = None) -> CertificateCheck:
    """Re-check a certificate without the search that made it.

    * Its claims agree: ``lower <= upper``, the answer (where there is one)
      both bounds, the nullity the board's.
    * An upper bound cited as the parity bound (the averaging bound on
      three-state lights) is that bound, worked out again from the board.
    * An upper bound carried from another board is re-derived from the
      embedding it names (:func:`parity.codes.transferred_bound`), and the
      source's bound (``source``, its certificate) is no higher than the one
      carried.
    * The worst start is rebuilt, and its fewest presses are found again
      from scratch by another route (:func:`least_presses`: every solution
      weighed, or the coset search on its own solution space, the presses
      simulated on the board); they must be the bound below.  Without a
      worst start, a bound below cited as the sphere-covering bound is
      worked out again.
    * A grid of nullity 2 has Boyles' value ``26k^2 - 12k + 1`` (n = 6k - 1).

    The upper bound of the integer program (HiGHS's optimum) is the part not
    re-derived.

    Parameters
    ----------
    entry : Mapping
        The certificate (module docstring).
    kind : str
        Its table (:data:`TABLES`).
    source : Mapping, optional
        The certificate of the board a carried bound comes from.

    Returns
    -------
    CertificateCheck
        What was worked out again.

    Raises
    ------
    InvalidCertificate
        Naming the board and what failed.

    Examples
    --------
    A search of the 9 x 9 board stopped at a start of 37 presses, the
    parity bound above:

    >>> entry = {"n": 9, "nullity": 8, "most_clicks": None, "lower": 37, "upper": 40, "seconds": 1.0,
    ...          "worst_start": "811ad35315befc048708", "proof": {"upper_by": "the parity bound"}}
    >>> check_certificate(entry)
    CertificateCheck(worst_start=True, at_parity_bound=False, carried=False, counted=False)
    >>> check_certificate(dict(entry, upper=39))
    Traceback (most recent call last):
    ...
    parity.errors.InvalidCertificate: grid:9x9: the upper bound 39 is cited as the parity bound, which is 40
    """
    try:
        n, lower, upper, exact, proof = entry["n"], entry["lower"], entry["upper"], entry["most_clicks"], entry["proof"]
    except (KeyError, TypeError) as missing:
        raise InvalidCertificate(f"a certificate without {missing} (its keys: n, nullity, most_clicks, lower, upper, "
                                 "proof)") from None
    board = board_spec(n, kind)

    def refuse(what: str):
        raise InvalidCertificate(f"{board}: {what}")

    if not lower <= upper:
        refuse(f"the bounds {lower}..{upper} are out of order")
    if exact is not None and not exact == lower == upper:
        refuse(f"the answer {exact} is not both bounds {lower}..{upper}")
    if entry.get("nullity") != board_nullity(n, kind):
        refuse(f"the nullity is {board_nullity(n, kind)}, not {entry.get('nullity')}")
    carried = "from" in proof
    if "upper_by" in proof and not carried:  # the parity bound, worked out again
        bound = board_counting_bounds(n, kind)[1]
        if bound != upper:
            refuse(f"the upper bound {upper} is cited as {proof['upper_by']}, which is {bound}")
    if carried:  # an upper bound carried over: the embedding checked, the bound recomputed
        from ...codes import transferred_bound

        if source is None:
            refuse(f"the upper bound is carried from {proof['from']}, whose certificate is needed to check it")
        if source["upper"] > proof["from_upper"]:
            refuse(f"the bound carried from {proof['from']} was {proof['from_upper']}, its certificate says "
                   f"{source['upper']}")
        try:
            bound = transferred_bound(board_regions(n, kind), board_regions(proof["n"], proof["kind"]),
                                      proof["from_upper"], np.array(proof["embedding"]))
        except ParityError as wrong:
            refuse(f"the embedding from {proof['from']} is refused: {wrong}")
        if bound != upper:
            refuse(f"the bound carried from {proof['from']} is {bound}, not {upper}")
    if "worst_start" not in entry:
        counted = proof.get("lower_by") == SPHERE_COVERING
        if counted and board_counting_bounds(n, kind)[0] != lower:
            refuse(f"the lower bound {lower} is cited as the sphere-covering bound, which is "
                   f"{board_counting_bounds(n, kind)[0]}")
        return CertificateCheck(False, False, carried, counted)
    try:
        weight = least_presses(n, decode_start(entry["worst_start"], n, kind), kind)
    except (ValueError, ParityError) as wrong:
        refuse(f"the worst start does not stand: {wrong}")
    if weight != lower:
        refuse(f"the worst start needs {weight} presses, the certificate says {lower}")
    if entry["nullity"] == 2 and kind == "grid":
        k = (n + 1) // 6
        if exact != 26 * k * k - 12 * k + 1:
            refuse(f"the answer {exact} is not Boyles' 26k^2 - 12k + 1 = {26 * k * k - 12 * k + 1} (k = {k})")
    return CertificateCheck(True, lower == board_counting_bounds(n, kind)[1], carried, False)


class TableCheck(NamedTuple):
    """How many certificates of a table :func:`check_table` re-checked, and what it worked out again."""

    #: certificates whose worst start was rebuilt and its fewest presses found again
    checked: int
    #: of them, those at the parity bound (exact by that theorem alone)
    at_parity_bound: int
    #: upper bounds carried from another board, re-derived
    carried: int
    #: sphere-covering bounds, re-derived
    counted: int


def check_table(folder: str | os.PathLike, kind: str = "grid", largest: int | None = None) -> TableCheck:
    """Re-check every certificate of a table's file, ``folder/NAME.jsonl`` (:data:`TABLES`), by
    :func:`check_certificate`; a bound carried from another table is checked against that table's file in the
    same folder.  ``largest``: the sides up to it only.

    Raises
    ------
    InvalidCertificate
        At the first certificate that does not hold, naming the board.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> append_certificate(folder / "most_clicks.jsonl", search_board(4, seconds=60))
    >>> check_table(folder)
    TableCheck(checked=1, at_parity_bound=1, carried=0, counted=0)
    """
    folder = Path(folder)
    tables = {kind: load_certificates(folder / f"{TABLES[_kind(kind)]}.jsonl")}  # each table read once
    totals = [0, 0, 0, 0]
    for n, entry in sorted(tables[kind].items()):
        if largest is not None and n > largest:
            continue
        source = None
        if "from" in entry["proof"]:
            other = _kind(entry["proof"]["kind"])
            if other not in tables:
                tables[other] = load_certificates(folder / f"{TABLES[other]}.jsonl")
            source = tables[other].get(entry["proof"]["n"])
        found = check_certificate(entry, kind, source)
        totals = [total + bool(one) for total, one in zip(totals, (found.worst_start, found.at_parity_bound,
                                                                   found.carried, found.counted))]
    return TableCheck(*totals)


def load_certificates(path: str | os.PathLike, key: str = "n") -> dict:
    """The certificates of a JSON-lines file by ``key`` (a later line replaces an earlier one); empty when the
    file is absent.

    A last line cut short (a run stopped while it was being written: no
    newline at its end, and no JSON) is left out, and the next
    :func:`append_certificate` writes over it.

    Raises
    ------
    InvalidCertificate
        When the file cannot be read, or a line other than a cut last one is
        not a JSON object with ``key``.

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "most_clicks.jsonl"
    >>> _ = path.write_text('{"n": 4, "lower": 7}\\n{"n": 5, "lo')  # stopped in its second line
    >>> load_certificates(path)
    {4: {'n': 4, 'lower': 7}}
    """
    path = Path(path)
    if not path.exists():
        return {}
    text = read_text(path, InvalidCertificate, "certificate file")
    lines = text.split("\n")
    entries = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
            entries[entry[key]] = entry
        except (ValueError, KeyError, TypeError, IndexError) as wrong:
            if number == len(lines):  # the last line, with no newline: an append cut short
                break
            what = f"no {key!r}" if isinstance(wrong, (KeyError, TypeError, IndexError)) else "not JSON"
            raise InvalidCertificate(f"certificate file {path}, line {number}: {what}") from None
    return entries


def _whole_lines_end(handle) -> int:
    """Where the last whole line of a file open for reading ends (after its newline; 0 when there is none)."""
    end = handle.seek(0, os.SEEK_END)
    position = end
    while position > 0:
        step = min(position, 1 << 16)
        handle.seek(position - step)
        block = handle.read(step)
        last = block.rfind(b"\n")
        if last >= 0:
            return position - step + last + 1
        position -= step
    return 0


def append_certificate(path: str | os.PathLike, entry: dict) -> None:
    """Add a certificate to a JSON-lines file as one line, written and synced at once.

    An interrupt loses this line at most: a line that an earlier run left
    cut short is dropped first (:func:`load_certificates` leaves it out).

    Raises
    ------
    OutputError
        When the file cannot be written.

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "most_clicks.jsonl"
    >>> _ = path.write_text('{"n": 4, "lower": 7}\\n{"n": 5, "lo')
    >>> append_certificate(path, {"n": 5, "lower": 15})
    >>> print(path.read_text(), end="")
    {"n": 4, "lower": 7}
    {"n": 5, "lower": 15}
    """
    path = Path(path)
    line = (json.dumps(entry) + "\n").encode("utf-8")
    try:
        with open(path, "a+b") as handle:
            end = handle.seek(0, os.SEEK_END)
            whole = _whole_lines_end(handle) if end else 0
            if whole != end:
                handle.truncate(whole)
            handle.write(line)
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as exc:
        raise OutputError(f"cannot write certificate file {path}: {write_reason(exc, path)}") from None


def _replace_text(path: Path, text: str) -> None:
    """Write ``text`` beside ``path`` (``PATH.part``), sync it and move it over ``path``: a reader, or a run
    stopped at any point, finds the old file whole or the new one."""
    part = path.with_name(path.name + ".part")
    try:
        with open(part, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(part, path)
    except OSError as exc:
        try:
            part.unlink()
        except OSError:
            pass
        raise OutputError(f"cannot write {path}: {write_reason(exc, path)}") from None


def rewrite_certificates(path: str | os.PathLike, entries: Mapping[int, dict]) -> None:
    """Write a table's certificates again, one line a board in order (the lines a run appended folded in).

    The file is written whole beside its old self (``PATH.part``) and moved
    over it: interrupted at any point, the old file stays as it was.

    Raises
    ------
    OutputError
        When the file cannot be written.

    Examples
    --------
    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "most_clicks.jsonl"
    >>> append_certificate(path, {"n": 5, "lower": 14})
    >>> append_certificate(path, {"n": 4, "lower": 7})
    >>> append_certificate(path, {"n": 5, "lower": 15})
    >>> rewrite_certificates(path, load_certificates(path))
    >>> print(path.read_text(), end="")
    {"n": 4, "lower": 7}
    {"n": 5, "lower": 15}
    """
    path = Path(path)
    _replace_text(path, "".join(json.dumps(entry) + "\n" for _, entry in sorted(entries.items())))


def _how(entry: dict) -> str:
    """How a table row's value was found, in a few words."""
    proof = entry["proof"]
    carried = f"at most {proof['from']}'s bound carried over" if "from" in proof else ""
    if entry["most_clicks"] is not None:
        return "exact" + (f": {carried}" if carried else ": by counting" if "worst_start" not in entry and
                          proof.get("lower_by") == SPHERE_COVERING else "")
    how = carried or (f"{proof['upper_by']} above; " if "upper_by" in proof else "") + proof.get("stopped", "")
    lower_by = proof.get("lower_by", "")
    return how + ("; worst start by a walk" if "far_word" in lower_by else
                  "; worst start by the program over symmetric words" if "symmetric_word" in lower_by else
                  "; worst start carried up" if "carried" in lower_by else
                  "; the sphere-covering bound below" if lower_by == SPHERE_COVERING else "")


def read_published_table(text: str) -> dict[int, tuple[int, int]]:
    """A Most Clicks table as Boyles publishes it (``n VALUE``, or ``n L <= ? <= U``, ``n L <= ? < U``, a note in
    brackets after it; indented lines are example boards): ``n -> (lower, upper)``, both the value where it is
    exact, a strict bound made inclusive (``< 900``: at most 899).

    Raises
    ------
    ParityError
        On a line that is none of these, naming it.

    Examples
    --------
    >>> read_published_table("heading\\n\\n4 7\\n    1 0 0 0\\n23 239 <= ? <= 305\\n30 180 <= ? < 900\\n"
    ...                      "84 3579 <= ? <= 3591 (by pulp)\\n125 3125 ? <= 11215\\n")
    {4: (7, 7), 23: (239, 305), 30: (180, 899), 84: (3579, 3591), 125: (3125, 11215)}
    """
    import re

    table: dict[int, tuple[int, int]] = {}
    exact = re.compile(r"(\d+) (\d+)\s*(\(.*\))?")
    bounds = re.compile(r"(\d+) (\d+) (?:<= )?\? (<=|<) (\d+)\s*(\(.*\))?")
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line[0].isspace() or not line[0].isdigit():
            continue  # the heading, blank lines, example boards
        if match := exact.fullmatch(line.strip()):
            value = int(match.group(2))
            table[int(match.group(1))] = (value, value)
        elif match := bounds.fullmatch(line.strip()):
            upper = int(match.group(4)) - (match.group(3) == "<")
            table[int(match.group(1))] = (int(match.group(2)), upper)
        else:
            raise ParityError(f"line {number} of the published table is neither 'n VALUE' nor 'n L <= ? <= U': "
                              f"{line.strip()!r}")
    return table


def compare_published(lower: int | None, upper: int | None, published: tuple[int, int] | None) -> str:
    """How parity's bounds on a board (``lower..upper``, equal where exact) stand to a published entry:
    ``agrees`` (the same value), ``same bounds``, ``narrower`` (inside the published bounds), ``settles`` (exact
    within them), ``disagrees`` (outside them), ``wider``, or ``-`` where either side has nothing.

    Examples
    --------
    >>> compare_published(7, 7, (7, 7)), compare_published(162, 177, (197, 197)), compare_published(261, 266, (239, 305))
    ('agrees', 'disagrees', 'narrower')
    """
    if published is None or lower is None or upper is None:
        return "-"
    low, high = published
    if upper < low or lower > high:
        return "disagrees"
    if (lower, upper) == (low, high):
        return "agrees" if low == high else "same bounds"
    if lower >= low and upper <= high:
        return "settles" if lower == upper else "narrower"
    return "wider"


def write_tables(folder: str | os.PathLike, entries: Mapping[int, dict], sides: int, kind: str = "grid",
                 published: Mapping[int, tuple[int, int]] | None = None) -> None:
    """Write a table for the sides 1 to ``sides`` from its certificates: ``NAME.txt`` and ``NAME.bfile`` in
    ``folder`` (:data:`TABLES`).

    The text has a row a side: its nullity, its most clicks (or the bounds,
    ``lower..upper``; ``?`` where it has no certificate) and how they were
    found; a board of nullity 0 needs :func:`every_light`.  With ``published``
    (:func:`read_published_table`) each row has the published value or bounds
    too, and how parity's stand to them (:func:`compare_published`).  The b-file
    (OEIS) has the exact terms from n = 1 as far as they go without a gap.
    Each file is moved into place whole.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> write_tables(folder, {4: search_board(4, seconds=60)}, 5)
    >>> print((folder / "most_clicks.txt").read_text(), end="")
       n  nul   most clicks  how
       1    0             1  nullity 0: every light
       2    0             4  nullity 0: every light
       3    0             9  nullity 0: every light
       4    4             7  exact
       5    2             ?  not searched
    >>> print((folder / "most_clicks.bfile").read_text(), end="")
    1 1
    2 4
    3 9
    4 7
    """
    folder = Path(folder)
    lines, bfile, consecutive = [], [], True
    for n in range(1, sides + 1):
        nullity = board_nullity(n, kind)
        entry = entries.get(n)
        if nullity == 0:
            value = lower = upper = every_light(n, kind)
            how = "nullity 0: every light" + (" twice" if board_field(kind) == 3 else "")
        elif entry is None:
            value, lower, upper, how = None, None, None, "not searched"
        else:
            value, lower, upper, how = entry["most_clicks"], entry["lower"], entry["upper"], _how(entry)
        consecutive = consecutive and value is not None
        if consecutive:
            bfile.append(f"{n} {value}")
        shown = str(value) if value is not None else (f"{lower}..{upper}" if lower is not None else "?")
        if published is None:
            lines.append(f"{n:4d} {nullity:4d} {shown:>13}  {how}")
            continue
        theirs = published.get(n)
        given = "-" if theirs is None else str(theirs[0]) if theirs[0] == theirs[1] else f"{theirs[0]}..{theirs[1]}"
        lines.append(f"{n:4d} {nullity:4d} {shown:>13} {given:>13}  {compare_published(lower, upper, theirs):<11} "
                     f"{how}")
    name = TABLES[_kind(kind)]
    head = "   n  nul   most clicks  how" if published is None else \
        "   n  nul   most clicks     published  compared    how"
    _replace_text(folder / f"{name}.txt", head + "\n" + "\n".join(lines) + "\n")
    _replace_text(folder / f"{name}.bfile", "\n".join(bfile) + "\n")
