"""Sudoku: n^2 x n^2 grids, the usual 81-character format; a compiled search, exact cover and CNF.

The default route is the family's own search (:class:`SudokuSearch`, the
``search`` engine): digits as bit masks per row, column and box, naked and
hidden singles placed before every branch, the cell with fewest candidates
branched on, compiled with numba; a 9 x 9 is solved, and its uniqueness
proved, in tens of microseconds.  As exact cover, items are every cell filled
once and every digit once in every row, column and box; options are digit
``d`` in cell ``(r, c)``, only where the givens allow.  The ``dlx`` engine
solves and counts it; the CNF route reads the same problem.  ``solve``
always says whether the solution is unique.

Examples
--------
>>> import parity as pt
>>> puzzle = Sudoku("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
>>> result = pt.solve(puzzle)
>>> result.stats["unique"], "".join(map(str, result.solution[0]))
(True, '483921657')
"""

from __future__ import annotations

import functools
import math
import os
import random
from numbers import Integral
from pathlib import Path

from .._files import read_text
from ..errors import InvalidSolution, LimitError, StateError
from .base import Puzzle
from .registry import Family, Option

#: the largest side of a Sudoku: 25 x 25, its digits 1..9 and A..P (a 36 x 36 would need a 36th symbol)
MAX_SIDE = 25

__all__ = ["Sudoku", "SudokuSearch", "random_sudoku", "read_grids", "search_grids", "check_grids", "solve_file", "FAMILY"]


class Sudoku(Puzzle):
    """A Sudoku of side ``n^2`` (4, 9, 16, ...) from its givens, row by row (``.`` or ``0`` for empty).

    Digits above 9 are written ``A``, ``B``, ... (16 x 16 uses 1..9 then A..G).
    """

    family = "sudoku"
    encodings = ("search", "cover", "cnf")
    solve_defaults = {"unique": True}
    #: the engine :meth:`solve_batch` is (:func:`parity.api.solve_many` names it in each result)
    batch_engine = "search"

    def __init__(self, givens: str) -> None:
        text = "".join(str(givens).split())
        side = math.isqrt(len(text))
        box = math.isqrt(side)
        if side * side != len(text) or box * box != side or side < 1 or side > MAX_SIDE:
            many = " (a file of many puzzles, one a line, is read by --file)" if len(text) > 625 else ""
            raise StateError(f"a Sudoku of side 4, 9, 16 or 25 has 16, 81, 256 or 625 cells written row by row; got "
                             f"{_characters(len(text))}{many}")
        self.side, self.box = side, box
        digits = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:side]
        self.symbols = digits
        self.givens: dict[tuple[int, int], int] = {}
        for k, ch in enumerate(text):
            if ch in ".0":
                continue
            if ch.upper() not in digits:
                raise StateError(f"cell {k // side + 1},{k % side + 1}: {ch!r} is not a digit of a {side} x {side} "
                                 f"Sudoku (use {digits[0]}..{digits[-1]}, and . or 0 for empty)")
            self.givens[(k // side, k % side)] = digits.index(ch.upper()) + 1
        self._board = None

    @property
    def board(self):
        """The Sudoku graph (``sudoku:N``: cells joined when they share a row, column or box; made on first use)."""
        if self._board is None:
            from ..boards import board

            self._board = board(f"sudoku:{self.side}")
        return self._board

    @property
    def board_name(self) -> str:
        return f"sudoku:{self.side}x{self.side}"

    def header(self) -> dict:
        return {"family": self.family, "size": self.side, "givens": len(self.givens)}

    def _options(self):
        n, b = self.side, self.box
        options, meaning = [], []
        for r in range(n):
            for c in range(n):
                choices = [self.givens[(r, c)]] if (r, c) in self.givens else range(1, n + 1)
                for d in choices:
                    options.append([("cell", r, c), ("row", r, d), ("col", c, d), ("box", (r // b) * b + c // b, d)])
                    meaning.append((r, c, d))
        return options, meaning

    def _grid(self, chosen, meaning) -> list[list[int]]:
        grid = [[0] * self.side for _ in range(self.side)]
        for i in chosen:
            r, c, d = meaning[i]
            grid[r][c] = d
        return grid

    def build_search(self):
        """The compiled search (:class:`SudokuSearch`) on this grid's givens."""
        return SudokuSearch(self.side, self.box, self.givens)

    def build_cover(self):
        from ..cover import CoverProblem

        options, meaning = self._options()
        return CoverProblem(options, decode=lambda chosen: self._grid(chosen, meaning))

    build_cnf = Puzzle.cnf_from_cover

    def verify(self, grid) -> None:
        """Every row, column and box holds each digit once, and the givens are kept.

        Each unit's digits are gathered as bits: ``n`` cells whose bits make
        all ``n`` digits hold each once.
        """
        n, b = self.side, self.box
        if not isinstance(grid, list) or len(grid) != n or \
                any(not isinstance(row, list) or len(row) != n for row in grid):
            raise InvalidSolution(f"a solution is a {n} x {n} grid")
        rows, cols, boxes = [0] * n, [0] * n, [0] * n
        for r, row in enumerate(grid):
            band = (r // b) * b
            for c, d in enumerate(row):
                if d.__class__ is not int and (isinstance(d, bool) or not isinstance(d, Integral)) or not 1 <= d <= n:
                    raise InvalidSolution(f"cell {r + 1},{c + 1} holds {d!r}, not a digit 1..{n}")
                bit = 1 << d
                rows[r] |= bit
                cols[c] |= bit
                boxes[band + c // b] |= bit
        full = ((1 << n) - 1) << 1
        for what, masks in (("row", rows), ("column", cols), ("box", boxes)):
            for k, mask in enumerate(masks):
                if mask != full:
                    raise InvalidSolution(f"{what} {k + 1} does not hold every digit once")
        for (r, c), d in self.givens.items():
            if grid[r][c] != d:
                raise InvalidSolution(f"cell {r + 1},{c + 1} was given {d} and holds {grid[r][c]}")

    @classmethod
    def solve_batch(cls, puzzles) -> list[tuple[list[list[int]] | None, dict]]:
        """Many Sudokus in one call of the compiled search (:func:`search_grids`), each for two solutions (the
        second proves the first is not unique), every solution checked by :func:`check_grids` (the rules of
        :meth:`verify`, on all the grids at once): ``(grid, stats)`` per puzzle in order, ``grid`` None where
        there is none, ``stats`` ``{"unique": ...}``.  :func:`parity.api.solve_many` calls it.

        Examples
        --------
        >>> [(grid is not None, stats["unique"]) for grid, stats in Sudoku.solve_batch(
        ...     [Sudoku("1..." "..1." ".1.." "...1"), Sudoku("1234" "3412" "2143" "432."), Sudoku("11.." + "." * 12)])]
        [(True, False), (True, True), (False, False)]
        """
        import numpy as np

        out: list = [None] * len(puzzles)
        by_side: dict[int, list[int]] = {}
        for k, puzzle in enumerate(puzzles):
            by_side.setdefault(puzzle.side, []).append(k)
        for side, which in by_side.items():
            givens = np.zeros((len(which), side * side), dtype=np.int64)
            for row, k in enumerate(which):
                for (r, c), d in puzzles[k].givens.items():
                    givens[row, r * side + c] = d
            solved, found, _ = search_grids(side, givens)
            check_grids(side, givens, solved, found)
            for row, k in enumerate(which):
                grid = solved[row].reshape(side, side).tolist() if found[row] else None
                out[k] = (grid, {"unique": bool(found[row] == 1)})
        return out

    def to_json(self, grid) -> dict:
        return {"grid": "".join(self.symbols[d - 1] for row in grid for d in row)}

    def summary(self, grid) -> str:
        return "solved"

    def picture(self, grid) -> str:
        b = self.box
        lines = []
        for r, row in enumerate(grid):
            if r and r % b == 0:
                lines.append("-" * (2 * self.side + 2 * (b - 1) - 1))
            cells = [self.symbols[d - 1] for d in row]
            lines.append(" | ".join(" ".join(cells[i:i + b]) for i in range(0, self.side, b)))
        return "\n".join(lines)

    def describe(self) -> str:
        return f"{self.side} x {self.side} Sudoku with {len(self.givens)} givens"

    def __repr__(self) -> str:
        return f"Sudoku({self.side}x{self.side}, givens={len(self.givens)})"


def read_grids(text: str, source: str = "puzzles"):
    r"""The Sudokus of a text that holds one a line (the ``top95.txt`` form: givens row by row, ``.`` or ``0``
    for empty; what follows a comma or a space on the line is ignored, as a solution column is; blank lines and
    lines starting with ``#`` are skipped): ``(side, givens, lines)``, ``givens`` an array of one row of ``side
    * side`` cells per grid, ``lines`` each grid's line number.  Every grid has the first one's size.

    Raises
    ------
    StateError
        Naming the file (``source``) and line: a line that is no Sudoku, one of another size, a character that
        is no digit of the grid, or a text with no grid at all.

    Examples
    --------
    >>> side, givens, lines = read_grids("# two grids\n1...\n..1.\n.1..\n...1\n\n" + "12..34..21..43..,x\n")
    Traceback (most recent call last):
    ...
    parity.errors.StateError: puzzles:2: a Sudoku of side 4, 9, 16 or 25 has 16, 81, 256 or 625 cells on its line, written without spaces; got 4 characters
    >>> side, givens, lines = read_grids("1.....1..1.....1\n12..34..21..43..,x\n")
    >>> side, givens.shape, lines
    (4, (2, 16), [1, 2])
    """
    import numpy as np

    rows, lines = [], []
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        first = line.split(",", 1)[0].split(None, 1)
        if not first:
            raise StateError(f"{source}:{number}: no grid before the comma (a line holds one grid, its cells "
                             "without spaces)")
        rows.append(first[0])
        lines.append(number)
    if not rows:
        raise StateError(f"{source}: no Sudoku in it (one a line, givens row by row)")
    length = len(rows[0])
    side = math.isqrt(length)
    box = math.isqrt(side)
    if side * side != length or box * box != side or not 1 < side <= MAX_SIDE:
        raise StateError(f"{source}:{lines[0]}: a Sudoku of side 4, 9, 16 or 25 has 16, 81, 256 or 625 cells on its "
                         f"line, written without spaces; got {_characters(length)}")
    other = next((k for k, row in enumerate(rows) if len(row) != length), None)
    if other is not None:
        raise StateError(f"{source}:{lines[other]}: {_characters(len(rows[other]))} where the first grid (line "
                         f"{lines[0]}) has {length}: one size of grid a file")
    symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:side]
    table = np.full(0x110000 if any(not row.isascii() for row in rows) else 128, -1, dtype=np.int64)
    table[ord(".")] = table[ord("0")] = 0
    for d, ch in enumerate(symbols, 1):
        table[ord(ch)] = table[ord(ch.lower())] = d
    codes = np.array([ord(ch) for ch in "".join(rows)], dtype=np.int64) if len(table) > 128 else \
        np.frombuffer("".join(rows).encode("ascii"), dtype=np.uint8).astype(np.int64)
    givens = table[codes].reshape(len(rows), length)
    bad = np.argwhere(givens < 0)
    if len(bad):
        k, cell = (int(v) for v in bad[0])
        raise StateError(f"{source}:{lines[k]}: cell {cell // side + 1},{cell % side + 1}: {rows[k][cell]!r} is not "
                         f"a digit of a {side} x {side} Sudoku (use {symbols[0]}..{symbols[-1]}, and . or 0 for "
                         "empty)")
    return side, givens, lines


def _characters(n: int) -> str:
    return f"{n} character{'s' * (n != 1)}"


def search_grids(side: int, givens):
    """Every grid of ``givens`` (one row of ``side * side`` cells each, 0 for empty) searched in one call of the
    compiled kernel, for two solutions each: ``(solved, found, nodes)``, ``found[i]`` 0, 1 or 2 and
    ``solved[i]`` the first solution where there is one, ``nodes`` the branches of them all."""
    import numpy as np

    from ._sudoku_kernels import search_many

    givens = np.ascontiguousarray(givens, dtype=np.int64)
    units, peers, cell_units = _layout(side, math.isqrt(side))
    solved = np.zeros_like(givens)
    found = np.zeros(len(givens), dtype=np.int64)
    nodes = np.zeros(1, dtype=np.int64)
    search_many(side, givens, units, peers, cell_units, solved, found, nodes)
    return solved, found, int(nodes[0])


def check_grids(side: int, givens, solved, found) -> None:
    """The rules of ``Sudoku.verify`` on many grids at once: every grid with ``found`` has each digit once in
    every row, column and box, and keeps its givens; else InvalidSolution naming the first grid that does not.

    Examples
    --------
    >>> import numpy as np
    >>> givens = np.array([[1, 2, 0, 0, 3, 4, 0, 0, 2, 1, 0, 0, 4, 3, 0, 0]])
    >>> grid = np.array([[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]])
    >>> check_grids(4, givens, grid, np.array([1]))
    >>> check_grids(4, givens, np.array([0, 2, 1, 3, 4])[grid], np.array([1]))  # the 1s and 2s swapped
    Traceback (most recent call last):
    ...
    parity.errors.InvalidSolution: grid 1: cell 1,1 was given 1 and holds 2
    >>> check_grids(4, givens, np.where(grid == 3, 4, grid), np.array([1]))
    Traceback (most recent call last):
    ...
    parity.errors.InvalidSolution: grid 1: row 1 does not hold every digit once
    """
    import numpy as np

    box = math.isqrt(side)
    which = np.flatnonzero(np.asarray(found) > 0)
    grids = np.asarray(solved)[which].reshape(-1, side, side)
    given = np.asarray(givens)[which].reshape(-1, side, side)
    full = np.arange(1, side + 1)
    boxes = grids.reshape(-1, box, box, box, box).transpose(0, 1, 3, 2, 4).reshape(-1, side, side)
    for what, units in (("row", grids), ("column", grids.transpose(0, 2, 1)), ("box", boxes)):
        wrong = np.argwhere((np.sort(units, axis=2) != full).any(axis=2))
        if len(wrong):
            k, unit = (int(v) for v in wrong[0])
            raise InvalidSolution(f"grid {int(which[k]) + 1}: {what} {unit + 1} does not hold every digit once")
    lost = np.argwhere((given != 0) & (given != grids))
    if len(lost):
        k, r, c = (int(v) for v in lost[0])
        raise InvalidSolution(f"grid {int(which[k]) + 1}: cell {r + 1},{c + 1} was given {int(given[k, r, c])} and "
                              f"holds {int(grids[k, r, c])}")


@functools.lru_cache(maxsize=8)
def _layout(side: int, box: int):
    """The cells of every row, column and box; every cell's peers; every cell's three units (flat cell numbers)."""
    import numpy as np

    rows = [[r * side + c for c in range(side)] for r in range(side)]
    cols = [[r * side + c for r in range(side)] for c in range(side)]
    boxes = [[(br + i) * side + bc + j for i in range(box) for j in range(box)]
             for br in range(0, side, box) for bc in range(0, side, box)]
    units = rows + cols + boxes
    of: list[list[int]] = [[] for _ in range(side * side)]
    for u, cells in enumerate(units):
        for cell in cells:
            of[cell].append(u)
    peers = [sorted({p for u in of[cell] for p in units[u]} - {cell}) for cell in range(side * side)]
    return np.array(units, dtype=np.int64), np.array(peers, dtype=np.int64), np.array(of, dtype=np.int64)


class SudokuSearch:
    """The ``search`` encoding of a Sudoku: its givens, searched by the compiled kernel
    (:mod:`parity.puzzles._sudoku_kernels`).  A raw answer is the solved grid, rows of digits.

    Examples
    --------
    >>> search = Sudoku("1..." "..1." ".1.." "...1").encoding("search")
    >>> search.count(), search.first()[0]
    (18, [1, 2, 3, 4])
    >>> Sudoku("11.." + "." * 12).encoding("search").count()  # two 1s in a row: nothing to find
    0
    """

    kind = "search"

    def __init__(self, side: int, box: int, givens) -> None:
        import numpy as np

        self.side, self.box = side, box
        self.givens = np.zeros(side * side, dtype=np.int64)
        for (r, c), d in givens.items():
            self.givens[r * side + c] = d
        self.units, self.peers, self.cell_units = _layout(side, box)
        self._last: tuple | None = None  # (limit, found, out) of the last search: the same search is not run twice
        self.nodes = 0

    #: one solution of this many 9 x 9 (or smaller) grids goes to SAT in a process that has not loaded the kernel
    DECLINE = 3
    _declined = [0]

    @staticmethod
    def decode(raw):
        return raw

    def suits(self, question: str) -> bool:
        """Not to solve one small grid while the kernel is not loaded in this process, the first :attr:`DECLINE`
        times: loading the compiled search costs about 0.3 s (compiling it, the first time after installing, about
        4 s), where CaDiCaL answers a 9 x 9 in milliseconds (0.21 s for the whole command against 0.49 s).  A
        process that keeps asking (a loop over puzzles) loads it then, and from there on the search answers."""
        import sys

        from .._compiled import loaded

        kernels = sys.modules.get(f"{__package__}._sudoku_kernels")  # (not imported: not loaded; importing it loads
        if question != "solve" or self.side > 9 or kernels is not None and loaded(self._kernel(kernels)):  # numba)
            return True
        if self._declined[0] < self.DECLINE:
            self._declined[0] += 1
            return False
        return True

    def _kernel(self, kernels):
        """The search for this grid's side: :func:`~parity.puzzles._sudoku_kernels.search9` for the 9 x 9 (by
        digits and bands), else the general one."""
        return kernels.search9 if self.side == 9 else kernels.search

    def load(self) -> None:
        """Compile the kernel, or read it from numba's cache (the search engine calls this before timing)."""
        from .._compiled import compiled
        from . import _sudoku_kernels

        compiled(self._kernel(_sudoku_kernels))

    def _run(self, limit: int):
        import numpy as np

        from . import _sudoku_kernels

        if self._last is not None and self._last[0] == limit:
            return self._last[1:]
        out = np.zeros((max(limit, 1), self.side * self.side), dtype=np.int64)
        nodes = np.zeros(1, dtype=np.int64)
        if self.side == 9:
            found = _sudoku_kernels.search9(self.givens, out, limit, nodes)
        else:
            found = _sudoku_kernels.search(self.side, self.givens, self.units, self.peers, self.cell_units, out,
                                           limit, nodes)
        self.nodes += int(nodes[0])
        self._last = (limit, found, out)
        return found, out

    def _grid(self, row) -> list[list[int]]:
        n = self.side
        return [[int(d) for d in row[r * n:(r + 1) * n]] for r in range(n)]

    def first(self):
        """One solution, or None (the search looks for a second one too, which uniqueness then reads)."""
        found, out = self._run(2)
        return self._grid(out[0]) if found else None

    def solutions(self):
        """Every solution once, in the search's order (listed in growing batches: a batch that is not enough
        is searched again from the start and its known part skipped)."""
        given, batch = 0, 2
        while True:
            found, out = self._run(batch)
            for row in out[given:found]:
                yield self._grid(row)
            if found < batch:
                return
            given, batch = found, batch * 16

    def count(self) -> int:
        """The number of solutions, by the search (each counted once, none listed)."""
        return int(self._run(0)[0])


def random_sudoku(rng: random.Random) -> Sudoku:
    """A random small Sudoku for ``parity check``: a random solved grid with cells emptied, now and then a clue
    changed (which may leave no solution).

    The grid is the pattern ``(box * (r % box) + r // box + c) mod side`` with
    its digits, the rows within a band, the bands, the columns within a stack
    and the stacks shuffled, and transposed half the time.  Mostly 4 x 4 (any
    number of cells emptied: at most the 288 grids); 9 x 9 keeps at least 50
    clues, so that the engines that list solutions can list them all.
    """
    box = 2 if rng.random() < 0.75 else 3
    side = box * box

    def shuffled_lines() -> list[int]:
        bands = rng.sample(range(box), box)
        return [band * box + line for band in bands for line in rng.sample(range(box), box)]

    rows, cols, digits = shuffled_lines(), shuffled_lines(), rng.sample(range(1, side + 1), side)
    grid = [[digits[(box * (r % box) + r // box + c) % side] for c in cols] for r in rows]
    if rng.random() < 0.5:
        grid = [list(line) for line in zip(*grid)]
    cells = [(r, c) for r in range(side) for c in range(side)]
    emptied = rng.sample(cells, rng.randint(0, side * side if box == 2 else side * side - 50))
    for r, c in emptied:
        grid[r][c] = 0
    kept = [cell for cell in cells if grid[cell[0]][cell[1]]]
    if kept and rng.random() < 0.25:  # a clue changed: often a contradiction, sometimes another puzzle
        r, c = rng.choice(kept)
        grid[r][c] = rng.choice([d for d in range(1, side + 1) if d != grid[r][c]])
    return Sudoku("".join("123456789"[d - 1] if d else "." for line in grid for d in line))


def solve_file(file, output, batch: int = 4096, progress=None) -> tuple[dict, str]:
    """Every Sudoku of ``file`` (one a line, as :func:`read_grids` reads them) solved by the compiled search
    ``batch`` grids a call (:func:`search_grids`), uniqueness included, each solution checked
    (:func:`check_grids`), one JSON line a grid written to ``output`` as its batch ends (``line``, the line of
    the file; ``solved``; ``unique``; ``solution``, the grid row by row): ``parity solve sudoku --file FILE -o
    OUT``.  Returns ``(payload, text)``: how many were solved, unique, without a solution, and the seconds.

    A line that is no Sudoku is refused before anything is written (StateError naming the file and line); a run
    stopped part way leaves the lines of the batches it finished.
    """
    import time

    import numpy as np

    from .._child import note

    started = time.perf_counter()
    path = Path(file)
    side, givens, lines = read_grids(read_text(path, StateError, "Sudoku file"), str(file))
    codes = np.frombuffer(b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:side + 1], dtype=np.uint8)  # digit -> its letter
    total = {"puzzles": len(lines), "solved": 0, "unique": 0, "no_solution": 0, "nodes": 0}
    from .._compiled import compiled
    from ._sudoku_kernels import search_many

    tic = time.perf_counter()
    compiled(search_many)  # (compiled, or read from numba's cache: the load, apart from the search)
    load, searched = time.perf_counter() - tic, 0.0
    try:
        out = open(output, "w", encoding="utf-8")
    except OSError as exc:
        from .._files import write_reason

        raise LimitError(f"-o {output}: {write_reason(exc, Path(output))}") from None
    with out:
        for first in range(0, len(lines), batch):
            chunk = givens[first:first + batch]
            tic = time.perf_counter()
            solved, found, nodes = search_grids(side, chunk)
            searched += time.perf_counter() - tic
            check_grids(side, chunk, solved, found)  # every solution, on all the batch's grids at once
            total["nodes"] += nodes
            text = codes[solved].tobytes().decode("ascii")  # every grid's digits, written at once
            cells = side * side
            out.write("".join(
                f'{{"line": {lines[first + k]}, "solved": true, "unique": {"true" if hit == 1 else "false"}, '
                f'"solution": "{text[k * cells:(k + 1) * cells]}"}}\n' if hit else
                f'{{"line": {lines[first + k]}, "solved": false, "unique": false}}\n'
                for k, hit in enumerate(found.tolist())))  # (the lines json.dumps writes, made faster)
            out.flush()
            note("done", first + len(chunk))  # (what a run stopped by its time limit says it finished)
            total["solved"] += int((found > 0).sum())
            total["unique"] += int((found == 1).sum())
            if progress is not None:
                progress(min(first + batch, len(lines)), len(lines))
    total["no_solution"] = total["puzzles"] - total["solved"]
    seconds = time.perf_counter() - started
    payload = {"family": "sudoku", "file": str(file), "output": str(output), "status": "DONE", "size": side, **total,
               "engine": "search", "seconds": round(searched, 6), "load_seconds": round(load, 6),
               "total_seconds": round(seconds, 6)}
    text = (f"{file}: {total['puzzles']} {side} x {side} Sudokus, {total['solved']} solved ({total['unique']} "
            f"unique), {total['no_solution']} without a solution (engine search, {searched:.3f} s, "
            f"{searched / max(total['puzzles'], 1) * 1e6:.1f} us a puzzle; {seconds:.3f} s in all); wrote {output}")
    return payload, text


def _build(puzzle: str) -> Sudoku:
    if os.path.isfile(puzzle):
        return Sudoku(read_text(Path(puzzle), StateError, "Sudoku file"))
    return Sudoku(puzzle)


FAMILY = Family(
    name="sudoku",
    puzzle=Sudoku,
    summary="Sudoku (n^2 x n^2) as exact cover and CNF: the 81-character format, . or 0 for empty.",
    options=(Option("puzzle", (), "The givens row by row (81 characters for 9 x 9), or a FILE holding them.",
                    required=True),),
    build=_build,
    random_instance=random_sudoku,
    batch=solve_file,
)
