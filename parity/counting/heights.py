"""The 3-colourings of a grid, counted by a compiled sweep over its columns: big grids, exactly.

A proper 3-colouring of a column of ``m`` cells is its first colour and
``m - 1`` steps of +1 or -1 modulo 3 (a *height function*), so the
:mod:`~parity.counting.frontier` program, which keeps partitions of the
frontier in Python dictionaries, can be replaced for this one question by a
table of ``3 * 2^(m-2)`` counts indexed by the steps, updated one cell at a
time by a numba kernel (each new count is the sum of at most two old ones);
swapping two colours pairs the states off with equal counts, so the table
keeps one of each pair, ``3 * 2^(m-3)`` counts.
Counts are kept modulo primes just below a machine word and joined by the
Chinese remainder theorem; enough primes are taken that their product
exceeds a bound on the count (the grid cut into strips two columns wide,
each coloured in at most ``6 * 3^(m-1)`` ways), so the result is exact.

Two routes reach the same number by different arithmetic, for results no
one has published:

* ``"sweep"``: every column, modulo primes below ``2^62``;
* ``"halves"``: the counts per last-column state after the first ``a``
  columns (``f_a``) and after ``b`` columns, with ``a + b - 1 = n``; the
  grid's mirror image makes the right part's counts the same ``f_b``, so
  the total is ``sum_s f_a(s) f_b(s)``, modulo primes below ``2^31`` (a
  product fits a word).  It sweeps half the columns and multiplies.

Examples
--------
>>> grid_colourings(3, 3)  # OEIS A078099: 246 3-colourings of the 3 x 3 grid
246
>>> grid_colourings(4, 7) == grid_colourings(4, 7, route="halves") == grid_colourings(7, 4)
True
>>> grid_colourings(10, 10) // 3  # OEIS A068253(10)
169426507164530254380
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence

import numpy as np

from ..errors import ParityError
from ..linalg.gfp import crt, word_primes

__all__ = ["grid_colourings", "colouring_parts", "colouring_residues", "grid_shape", "grid_size_refusal", "count_bound", "word_primes", "ROUTES", "MOST_ROWS", "MOST_COLUMNS"]

#: the ways to the count (see the module's notes)
ROUTES = ("sweep", "halves")
#: the most rows of the shorter side (two halved tables of 3 * 2^27 counts per prime take 6.4 GB; each row more
#: doubles the table and adds two rows of passes over it)
MOST_ROWS = 30
#: the most cells of the longer side
MOST_COLUMNS = 100_000
#: the most bytes one table takes; more primes than fit are swept in turns
TABLE_BYTES = 2 << 30


def count_bound(m: int, n: int) -> int:
    """A number above the 3-colourings of the ``m x n`` grid with the first cell's colour fixed: cut into
    strips of two columns, each coloured in at most ``2 * 3^(m-1)`` ways once its first cell's colour is
    known (``6 * 3^(m-1)`` ways in all, each column after the first three ways to go on from the one before),
    and into strips of two rows likewise.

    Examples
    --------
    >>> count_bound(3, 3) >= 246 // 3
    True
    """
    rows, columns = min(m, n), max(m, n)  # strips along the longer side: the smaller bound
    return (2 * 3 ** (rows - 1)) * (6 * 3 ** (rows - 1)) ** ((columns + 1) // 2 - 1) + 1


def grid_shape(G) -> tuple[int, int] | None:
    """``(m, n)`` when ``G`` is the ``m x n`` grid graph as the boards build it (nodes ``(row, column)``, an edge
    between cells one step apart and no other), else None.

    Examples
    --------
    >>> import networkx as nx
    >>> grid_shape(nx.grid_2d_graph(3, 5)), grid_shape(nx.cycle_graph(4))
    ((3, 5), None)
    """
    nodes = list(G)
    if not nodes or not all(isinstance(v, tuple) and len(v) == 2 and all(type(x) is int for x in v) for v in nodes):
        return None
    m, n = 1 + max(v[0] for v in nodes), 1 + max(v[1] for v in nodes)
    if min(min(v) for v in nodes) < 0 or len(nodes) != m * n or len(set(nodes)) != m * n:
        return None
    if G.is_directed() or G.is_multigraph() or G.number_of_edges() != m * (n - 1) + n * (m - 1):
        return None
    if not all(abs(u[0] - v[0]) + abs(u[1] - v[1]) == 1 for u, v in G.edges()):
        return None
    return m, n


def _check(m, n) -> tuple[int, int]:
    for name, value in (("rows", m), ("columns", n)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
            raise ParityError(f"a grid's {name} are a positive whole number, got {value!r}")
    m, n = int(m), int(n)
    refusal = grid_size_refusal(m, n)
    if refusal:
        raise ParityError(refusal)
    return m, n


def grid_size_refusal(m: int, n: int) -> str | None:
    """Why the sweep does not count the ``m x n`` grid (a side past :data:`MOST_ROWS`, or past ``MOST_COLUMNS``),
    or None."""
    if min(m, n) > MOST_ROWS:
        return (f"the {m} x {n} grid's shorter side has more than {MOST_ROWS} cells: its table would hold "
                f"3 x 2^{min(m, n) - 3} counts per prime")
    if max(m, n) > MOST_COLUMNS:
        return (f"the {m} x {n} grid's longer side has more than {MOST_COLUMNS:,} cells (a sweep a column, and a "
                "count of as many digits)")
    return None


def _kernels():
    from .._compiled import load_kernels

    return load_kernels("parity.counting._heights_kernels")


class _Sweep:
    """The table of counts modulo ``primes`` for an ``m``-row grid (``m >= 2``), swept column by column."""

    def __init__(self, m: int, primes: list[int], threads: int, progress, steps: int, halved: bool = True) -> None:
        self.m, self.threads, self.progress, self.steps = m, threads, progress, steps
        #: only the states whose top bit is clear, the others read at their colour-swapped images (m >= 3)
        self.halved = halved and m >= 3
        self.shift = 1 if self.halved else 0
        self.primes = np.array(primes, dtype=np.int64)
        rows = 3 << (m - 2 - self.shift)
        if self.halved:  # a row of counts a prime, and an entry of zeros at the end (a state's missing sources);
            # 32-bit counts where the primes allow (half the memory to stream)
            kind = np.int32 if max(primes) < 1 << 31 else np.int64
            self.buffers = [np.empty((len(primes), rows + 1), dtype=kind) for _ in range(2)]
            for buffer in self.buffers:
                buffer[:, rows] = 0
        else:
            self.buffers = [np.empty((rows, len(primes)), dtype=np.int64) for _ in range(2)]
        self.table = self._view(0, 1 << (m - 1 - self.shift))
        self.table[:] = 1  # the first column: every sequence of steps, row 0's colour fixed
        self.current = 0
        self.done = 0

    def _view(self, which: int, size: int) -> np.ndarray:
        """The first ``size`` states of buffer ``which``, a row a state and a column a prime."""
        buffer = self.buffers[which]
        return buffer[:, :size].T if self.halved else buffer[:size]

    def weight(self) -> int:
        """The states each row of the table stands for: 2 when halved (a state and its image), else 1."""
        return 1 << self.shift

    def column(self) -> None:
        """Place one more column, row by row."""
        K = _kernels()
        from .._compiled import compiled

        step = compiled(K.place_half if self.halved else K.place)
        m, shift = self.m, self.shift
        for p in range(m):
            size = (1 << (m - 1 - shift)) if p == m - 1 else (3 << (m - 2 - shift))
            new = self._view(1 - self.current, size)
            # the halved kernel reads the whole buffers (their entries of zeros too)
            old, into = ((self.buffers[self.current], self.buffers[1 - self.current]) if self.halved
                         else (self.table, new))
            parts = max(1, min(self.threads, size >> 16))
            bounds = [size * i // parts for i in range(parts + 1)]
            if parts == 1:
                step(old, into, m, p, self.primes, 0, size)
            else:  # the kernel releases the GIL: one thread a core
                workers = [threading.Thread(target=step, args=(old, into, m, p, self.primes, bounds[i],
                                                                 bounds[i + 1])) for i in range(parts)]
                for w in workers:
                    w.start()
                for w in workers:
                    w.join()
            self.table, self.current = new, 1 - self.current
            self.done += 1
            if self.progress is not None:
                self.progress(self.done, self.steps)


def grid_colourings(m: int, n: int, route: str = "sweep", threads: int = 2,
                    progress: Callable[[int, int], None] | None = None) -> int:
    """The number of proper 3-colourings of the ``m x n`` grid graph, exactly.

    Parameters
    ----------
    m, n : int
        The grid's rows and columns (the shorter side sets the table's size:
        ``3 * 2^(min(m, n) - 3)`` counts per prime).
    route : {"sweep", "halves"}
        Which way to the count (see the module's notes); both give the same
        number by different arithmetic.
    threads : int
        Threads that share each step of the sweep.
    progress : callable, optional
        Called as ``progress(done, total)`` after each cell row placed.

    Raises
    ------
    ParityError
        If a side is not a positive integer, the shorter side is over
        :data:`MOST_ROWS`, or the route is unknown.

    Examples
    --------
    >>> [grid_colourings(n, n) // 3 for n in range(1, 6)]  # OEIS A068253
    [1, 6, 82, 2604, 193662]
    """
    m, n = _check(m, n)
    if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) or threads < 1:
        raise ParityError(f"threads is a positive whole number, got {threads!r}")
    threads = int(threads)
    if progress is not None and not callable(progress):
        raise ParityError(f"progress is a function called as progress(done, total), got {progress!r}")
    if route not in ROUTES:
        raise ParityError(f"unknown route {route!r}; known: {', '.join(ROUTES)}")
    m, n = min(m, n), max(m, n)  # the shorter side is the frontier
    if m == 1:
        return 3 * 2 ** (n - 1)
    turns = colouring_parts(m, n, route)
    total_steps = sum(_steps(m, n, route) for _ in turns)
    residues: list[int] = []
    done = 0
    for chosen in turns:
        def report(step: int, _total: int, done=done) -> None:
            if progress is not None:
                progress(done + step, total_steps)

        residues += colouring_residues(m, n, route, chosen, threads, report)
        done += _steps(m, n, route)
    return 3 * crt(residues, [q for chosen in turns for q in chosen])


def _route_primes(m: int, n: int, route: str) -> list[int]:
    """The primes the count is taken modulo on ``route``: enough that their product passes :func:`count_bound`."""
    below = 1 << 62 if route == "sweep" else 1 << 31
    return word_primes(max(1, math.ceil(count_bound(m, n).bit_length() / (below.bit_length() - 2))), below)


def _steps(m: int, n: int, route: str) -> int:
    """The cell rows one group of primes places: ``(columns - 1) * m``."""
    columns = n if route == "sweep" else (n + 2) // 2
    return (columns - 1) * m


def colouring_parts(m: int, n: int, route: str = "sweep", per_part: int | None = None) -> list[list[int]]:
    """The primes of :func:`grid_colourings`' count of the ``m x n`` grid in groups, each counted apart by
    :func:`colouring_residues` (one table swept for the group), the residues joined by the Chinese remainder
    theorem: the independent parts a long count is cut into (``parity sweep grid-colourings``).  ``per_part``
    primes a group (default: as many as one table of ``TABLE_BYTES`` holds).

    Examples
    --------
    >>> parts = colouring_parts(5, 5, per_part=1)
    >>> len(parts), all(len(p) == 1 for p in parts)
    (1, True)
    >>> crt(colouring_residues(5, 5, "sweep", parts[0]), parts[0])  # a third of them (a corner's colour fixed)
    193662
    """
    m, n = _check(m, n)
    if route not in ROUTES:
        raise ParityError(f"unknown route {route!r}; known: {', '.join(ROUTES)}")
    m, n = min(m, n), max(m, n)
    if m == 1:
        raise ParityError("a grid of one row is counted by a formula, 3 * 2^(n - 1): it has no parts")
    if per_part is not None and (isinstance(per_part, bool) or not isinstance(per_part, int) or per_part < 1):
        raise ParityError(f"per_part is a positive whole number of primes, got {per_part!r}")
    primes = _route_primes(m, n, route)
    most = max(1, TABLE_BYTES // (8 * (3 << max(0, m - 3))))
    size = most if per_part is None else min(per_part, most)
    return [primes[i:i + size] for i in range(0, len(primes), size)]


def colouring_residues(m: int, n: int, route: str, primes: Sequence[int], threads: int = 2,
                       progress: Callable[[int, int], None] | None = None, halved: bool = True) -> list[int]:
    """A third of the proper 3-colourings of the ``m x n`` grid (a corner's colour fixed: OEIS A068253 on the
    squares) modulo each of ``primes`` (a group of :func:`colouring_parts`), by ``route``.

    With ``halved`` (the default) the table keeps one state of each pair that
    swapping two colours exchanges (half the memory and time); ``halved=False``
    sweeps every state, the reference the tests hold it to.

    Examples
    --------
    >>> q = word_primes(1, 1 << 31)
    >>> colouring_residues(6, 6, "halves", q) == colouring_residues(6, 6, "halves", q, halved=False)
    True

    Raises
    ------
    ParityError
        For a prime that is not one of the route's (below ``2^62`` on ``sweep``, ``2^31`` on ``halves``).
    """
    m, n = _check(m, n)
    m, n = min(m, n), max(m, n)
    below = 1 << 62 if route == "sweep" else 1 << 31
    chosen = [int(q) for q in primes]
    if not chosen or any(not 2 < q < below for q in chosen):
        raise ParityError(f"the {route} route counts modulo primes below 2^{below.bit_length() - 1}")
    total = _steps(m, n, route)
    sweep = _Sweep(m, chosen, threads, (lambda step, _total: progress(step, total)) if progress else
                   (lambda step, _total: None), total, halved)
    columns = n if route == "sweep" else (n + 2) // 2
    if route == "sweep":
        for _ in range(columns - 1):
            sweep.column()
        out = np.zeros(len(chosen), dtype=np.int64)
        _kernels().add_up(sweep.table, sweep.primes, out)
        return [int(x) * sweep.weight() % q for x, q in zip(out.tolist(), chosen)]
    a, b = columns, n + 1 - columns  # f_a with a = ceil((n+1)/2); b = n + 1 - a is a or a - 1
    for _ in range(b - 1):
        sweep.column()
    f_b = sweep.table.copy() if a != b else None
    for _ in range(a - b):
        sweep.column()
    f_a = sweep.table
    out = np.zeros(len(chosen), dtype=np.int64)
    _kernels().dot(f_a, f_a if f_b is None else f_b, sweep.primes, 0, f_a.shape[0], out)
    return [int(x) * sweep.weight() % q for x, q in zip(out.tolist(), chosen)]  # (a state and its image alike)
