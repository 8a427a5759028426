"""Icosoku peg sweeps: every arrangement of the pegs up to symmetry, one tiling (or a proof of none) for each.

Arrangements up to the icosahedron's symmetries: the group acts on the twelve
vertices, and a tiling of an arrangement turned by a symmetry is the turned
tiling, when the tile set holds the mirror image of every tile it has (the
original set and ``adts`` do) also for reflections; other sets are swept up
to rotations only.  One representative per
class is enumerated without listing the others: peg 1 goes on vertex 0 (the
group is transitive), peg 2 on the least vertex of each orbit of the
stabiliser of vertex 0 (a neighbour, a vertex of the second ring, the
antipode), and the other ten pegs in every order, kept when the arrangement
is lexicographically least among its images under the symmetries that fix
both vertices.  That gives ``12! / 120 = 3,991,680`` classes under the full
group (``12! / 60`` under rotations), cut into tasks by the vertices of pegs
3 and 4 (270 tasks of at most 40,320 classes).

Each task solves its classes with one incremental CaDiCaL solver on the
family's CNF, the pegs as assumptions (the solver is built once per worker
process), and stores for every class the tiling that solves it as 20 pattern
numbers ``16 a + 4 b + c``; :func:`verify_rows` re-checks them from the board
and the tile set alone.

Examples
--------
>>> cases = peg_cases()
>>> sum(len(block_arrangements({"case": c, "v3": v3, "v4": v4}))
...     for c, v3, v4 in block_keys(cases)) == 479001600 // 120
True
"""

from __future__ import annotations

import base64
import itertools
import math
import time
import zlib
from collections.abc import Mapping
from functools import lru_cache

import numpy as np

from ...errors import SweepError

__all__ = ["peg_group", "peg_cases", "block_keys", "block_arrangements", "icosoku_task", "icosoku_tasks",
           "verify_rows", "pack_tilings", "unpack_tilings", "canonical_arrangement", "sweep_tiles"]


@lru_cache(maxsize=2)
def peg_group(rotations_only: bool = False) -> np.ndarray:
    """The icosahedron's symmetries on its vertices (120, or the 60 rotations): row g maps vertex i to g[i]."""
    from . import _board
    from ...symmetry import automorphisms, orientation

    G, _ = _board()
    nodes, perms = automorphisms(G)
    if rotations_only:
        perms = perms[orientation(G, nodes, perms)]
    labels = np.array(nodes, dtype=np.int64)
    out = np.empty_like(perms)
    out[:, labels] = labels[perms]  # vertex nodes[i] goes to nodes[perms[g, i]]
    return out


@lru_cache(maxsize=2)
def peg_cases(rotations_only: bool = False) -> tuple:
    """(vertex of peg 2, the symmetries fixing vertices 0 and it) for each orbit of the stabiliser of vertex 0."""
    group = peg_group(rotations_only)
    stab0 = group[group[:, 0] == 0]
    cases, seen = [], set()
    for r in range(1, 12):
        if r in seen:
            continue
        seen.update(int(x) for x in stab0[:, r])
        fixing = stab0[stab0[:, r] == r]
        cases.append((r, fixing))
    return tuple(cases)


def block_keys(cases=None) -> list[tuple[int, int, int]]:
    """(case, vertex of peg 3, vertex of peg 4) of every task."""
    cases = peg_cases() if cases is None else cases
    keys = []
    for c, (r, _) in enumerate(cases):
        rest = [v for v in range(12) if v not in (0, r)]
        keys += [(c, v3, v4) for v3 in rest for v4 in rest if v4 != v3]
    return keys


@lru_cache(maxsize=1)
def _orders_of_eight() -> np.ndarray:
    return np.array(list(itertools.permutations(range(8))), dtype=np.int8)


def block_arrangements(params: Mapping, rotations_only: bool = False) -> np.ndarray:
    """The representatives of one task, one row of pegs (vertices 0..11) each, in a fixed order.

    ``params["limit"]`` (when given and positive) keeps only the first that many: a slice for quick runs.
    """
    cases = peg_cases(rotations_only)
    c, v3, v4 = int(params["case"]), int(params["v3"]), int(params["v4"])
    if not 0 <= c < len(cases):
        raise SweepError(f"icosoku task: no case {c}")
    r, fixing = cases[c]
    rest = [v for v in range(12) if v not in (0, r, v3, v4)]
    if len(rest) != 8 or v3 == v4:
        raise SweepError(f"icosoku task: pegs 3 and 4 on vertices {v3} and {v4} clash with pegs 1 and 2")
    orders = _orders_of_eight()
    arr = np.empty((len(orders), 12), dtype=np.int64)
    arr[:, 0], arr[:, r], arr[:, v3], arr[:, v4] = 1, 2, 3, 4
    arr[:, rest] = orders.astype(np.int64) + 5
    keep = np.ones(len(arr), dtype=bool)
    for h in fixing:
        inverse = np.argsort(h)
        image = arr[:, inverse]  # (h . arr)[h(i)] = arr[i]
        differ = image != arr
        moved = differ.any(axis=1)
        first = differ.argmax(axis=1)
        rows = np.arange(len(arr))
        keep &= ~moved | (arr[rows, first] < image[rows, first])
    limit = int(params.get("limit", 0) or 0)
    return arr[keep][:limit] if limit > 0 else arr[keep]


def canonical_arrangement(pegs, rotations_only: bool = False) -> tuple[int, ...]:
    """The enumerated representative of an arrangement's class (by trying every symmetry)."""
    pegs = np.asarray(pegs, dtype=np.int64)
    group = peg_group(rotations_only)
    cases = dict(peg_cases(rotations_only))
    best = None
    for g in group:
        image = np.empty(12, dtype=np.int64)
        image[g] = pegs
        if image[0] != 1 or int(np.flatnonzero(image == 2)[0]) not in cases:
            continue
        key = tuple(int(x) for x in image)
        best = key if best is None or key < best else best
    return best


def pack_tilings(rows: np.ndarray) -> str:
    """Tilings (rows of 20 pattern numbers 0..63) as compressed text for the store."""
    return base64.b64encode(zlib.compress(np.asarray(rows, dtype=np.uint8).tobytes(), 6)).decode("ascii")


def unpack_tilings(text: str) -> np.ndarray:
    return np.frombuffer(zlib.decompress(base64.b64decode(text)), dtype=np.uint8).reshape(-1, 20)


_SOLVERS: dict = {}


def _solver(tiles: str):
    """One incremental solver per tile set and process, with the puzzle, its CNF and the face variables."""
    if tiles not in _SOLVERS:
        from pysat.solvers import Solver

        from . import Icosoku

        puzzle = Icosoku(pegs=None, tiles=tiles)
        formula = puzzle.encoding("cnf")
        solver = Solver(name="cadical195", bootstrap_with=formula.clauses_with_xors())
        face_vars = np.array([[formula.var(("face", f, p)) for p in range(64)] for f in range(20)], dtype=np.int64)
        peg_vars = np.array([[formula.var((("peg", v), n)) for n in range(16)] for v in range(12)], dtype=np.int64)
        _SOLVERS[tiles] = (solver, face_vars, peg_vars)
    return _SOLVERS[tiles]


@lru_cache(maxsize=4)
def _search_tables(tiles: str):
    from . import Icosoku, _tables

    puzzle = Icosoku(tiles=tiles)
    face_v, _, pat, pat_type, counts, orders = _tables(puzzle.faces, tuple(sorted(puzzle.tiles.items())))
    numbers = (16 * pat[:, 0] + 4 * pat[:, 1] + pat[:, 2]).astype(np.uint8)
    return face_v, orders, pat, pat_type, counts, numbers


def icosoku_task(params: Mapping) -> dict:
    """Solve every class of one task; the tilings are kept, the unsolvable arrangements listed.

    The compiled search (:class:`~parity.puzzles.icosoku.IcosokuSearch`) tries
    each arrangement within a budget of placements from up to twelve starts;
    the few it leaves undecided go to an incremental CaDiCaL solver on the CNF.
    """
    from ._kernels import BUDGET, first_tilings

    tiles = params.get("tiles", "original")
    rotations_only = bool(params.get("rotations_only", False))
    started = time.perf_counter()
    arrangements = block_arrangements(params, rotations_only)
    face_v, orders, pat, pat_type, counts, numbers = _search_tables(tiles)
    found = np.zeros((len(arrangements), 20), dtype=np.int64)
    status = np.zeros(len(arrangements), dtype=np.int64)
    first_tilings(face_v, orders, pat, pat_type, counts, arrangements, BUDGET, found, status)
    tilings = numbers[found]
    tilings[status != 1] = 255
    undecided = np.flatnonzero(status == -1)
    if len(undecided):
        solver, face_vars, peg_vars = _solver(tiles)
        columns = np.arange(12)
        for i in undecided:
            if solver.solve(assumptions=peg_vars[columns, arrangements[i]].tolist()):
                model = np.asarray(solver.get_model(), dtype=np.int64)
                tilings[i] = (model[face_vars - 1] > 0).argmax(axis=1)
                status[i] = 1
            else:
                status[i] = 0
    unsolved = [[int(x) for x in arrangements[i]] for i in np.flatnonzero(status == 0)]
    return {"tiles": tiles, "classes": len(arrangements), "solved": len(arrangements) - len(unsolved),
            "unsolved": unsolved, "tilings": pack_tilings(tilings), "by_sat": len(undecided),
            "engine": "search+sat:cadical195", "seconds": round(time.perf_counter() - started, 3)}


def sweep_tiles(tiles: str, rotations_only: bool = False) -> str:
    """The tile set as a task parameter: ``original``, ``adts``, or any other set (a file, a list) written out as
    its list of tiles, so the store does not depend on the file.  A set that lacks the mirror image of one of
    its tiles is swept up to rotations only."""
    from ...errors import ParityError
    from . import tile_set, tile_type

    try:
        name, counts = tile_set(tiles)
    except ParityError as exc:
        raise SweepError(str(exc)) from None
    if not rotations_only:
        for t, n in counts.items():
            image = tile_type(tuple(int(d) for d in t[::-1]))
            if counts.get(image, 0) != n:
                raise SweepError(f"tiles {name}: {n} of {t} but {counts.get(image, 0)} of its mirror image "
                                 f"{image}, so turning an arrangement over is no symmetry; sweep with "
                                 "--rotations-only")
    if tiles in ("original", "adts"):
        return tiles
    return ", ".join(t if n == 1 else f"{t} x{n}" for t, n in counts.items())


def icosoku_tasks(tiles: str = "original", rotations_only: bool = False, sample: int = 0,
                  classes: int = 0) -> list[dict]:
    """The tasks of ``parity sweep icosoku-pegs``; ``sample`` > 0 keeps that many tasks, evenly spread, and
    ``classes`` > 0 that many classes of each (a slice for quick runs and tests).

    ``tiles`` is ``original``, ``adts``, a tile file or a list of tiles (see
    :func:`~parity.puzzles.icosoku.tile_set`).

    Examples
    --------
    >>> tasks = icosoku_tasks("012 x3, 021 x3, 111 x14", sample=2)
    >>> len(tasks), tasks[0]["tiles"]
    (2, '012 x3, 021 x3, 111 x14')
    """
    tiles = sweep_tiles(tiles, rotations_only)
    keys = block_keys(peg_cases(rotations_only))
    if sample:
        if sample < 0:
            raise SweepError("--sample must be a positive number of tasks")
        step = max(1, len(keys) // sample)
        keys = keys[::step][:sample]
    if classes < 0:
        raise SweepError("--classes must be a positive number of classes per task")
    extra = {"rotations_only": True} if rotations_only else {}
    if classes:
        extra["limit"] = classes
    return [{"tiles": tiles, "case": c, "v3": v3, "v4": v4, **extra} for c, v3, v4 in keys]


def verify_rows(rows, tiles_spec: str | None = None) -> dict:
    """Re-check stored tilings from the rules: each tiling's tiles come from the set and the dots around every
    vertex equal its peg.  Rows are the store's (``params``, ``result``) dicts.  Returns counts; raises
    :class:`~parity.errors.InvalidSolution` at the first bad row."""
    from collections import Counter

    from ...errors import InvalidSolution
    from . import _board, tile_set, tile_type

    _, faces = _board()
    faces = np.array(faces, dtype=np.int64)
    incidence = np.zeros((20, 3, 12), dtype=np.int64)
    for f in range(20):
        for k in range(3):
            incidence[f, k, faces[f, k]] = 1
    digits = np.array([[p // 16, p // 4 % 4, p % 4] for p in range(64)], dtype=np.int64)
    type_of = [tile_type(tuple(d)) for d in digits]
    checked = solved = 0
    allowed_cache: dict = {}
    for row in rows:
        params, result = row["params"], row["result"]
        tiles = tiles_spec or params.get("tiles", "original")
        if tiles not in allowed_cache:
            allowed_cache[tiles] = tile_set(tiles)[1]
        allowed = allowed_cache[tiles]
        arrangements = block_arrangements(params, bool(params.get("rotations_only", False)))
        tilings = unpack_tilings(result["tilings"]).astype(np.int64)
        if len(tilings) != len(arrangements) or result["classes"] != len(arrangements):
            raise InvalidSolution(f"task {params}: {len(tilings)} tilings for {len(arrangements)} classes")
        unsolved = {tuple(u) for u in result["unsolved"]}
        ok = tilings[:, 0] != 255
        for pegs in arrangements[~ok]:
            if tuple(int(x) for x in pegs) not in unsolved:
                raise InvalidSolution(f"task {params}: an arrangement has neither a tiling nor a place in 'unsolved'")
        dots = digits[tilings[ok]]  # (n, 20, 3)
        sums = np.einsum("nfk,fkv->nv", dots, incidence)
        bad = np.flatnonzero((sums != arrangements[ok]).any(axis=1))
        if len(bad):
            raise InvalidSolution(f"task {params}: the dots around the vertices {sums[bad[0]].tolist()} are not the "
                                  f"pegs {arrangements[ok][bad[0]].tolist()}")
        for tiling in tilings[ok]:
            used = Counter(type_of[p] for p in tiling)
            if any(n > allowed.get(t, 0) for t, n in used.items()):
                raise InvalidSolution(f"task {params}: a tiling uses tiles the set {tiles} does not have")
        checked += len(arrangements)
        solved += int(ok.sum())
    return {"classes": checked, "solved": solved, "unsolved": checked - solved}


#: 12! / 120: arrangements of the pegs up to the icosahedron's 120 symmetries
CLASSES = math.factorial(12) // 120
