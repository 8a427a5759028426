"""Light chasing: solve a linear system from a few unknowns that force all the others (the ``chase`` engine).

On an ``m x n`` Lights Out grid the presses of the first row decide
everything: row ``r + 1`` must switch off what rows ``r - 1`` and ``r``
left on in row ``r``.  Chasing the first row *symbolically* (each press a
combination of the ``n`` first-row unknowns) leaves ``n`` equations, those of
the last row, in ``n`` unknowns: an ``n x n`` system instead of an
``mn x mn`` one.  Solving it and chasing again with numbers gives the
whole solution and the whole null space.

Two routes:

* **Structured boards** (rectangular grids, cylinders and tori under the
  closed or open rule, any prime field; :func:`chase_board`).  Row
  ``r`` of presses is ``P_r y + c_r`` with ``P_{r+1} = -T P_r - P_{r-1}``:
  every ``P_r`` is a polynomial in the row's own toggle matrix ``T``, so it
  is fixed by its first column and filled in ``O(n^2)`` operations instead of
  the ``O(m n^2)`` of a symbolic chase.  The residual system is ``n x n``
  (``2n x 2n`` on a torus, whose first two rows are the forcing set).  No
  graph is built, so boards of 10^8 cells fit in memory.
* **Any system over GF(2)** (:func:`chase_system`).  A forcing set is found
  greedily (:mod:`parity.linalg.forcing`), each forced unknown becomes a
  bit-packed combination of the forcing set, and the equations not used for
  forcing form the residual system.

Both rebuild the solution and one null vector per free column in the form
every engine of parity returns (free variables 0 in the particular solution;
each basis vector 1 in its own free column and 0 in the others), so answers
do not depend on the engine.

Examples
--------
>>> from parity.linalg.chase import chase_board
>>> chased = chase_board(5, 5)
>>> chased.space.nullity, chased.forcing, chased.space.particular[:5].tolist()
(2, 5, [0, 1, 1, 0, 1])
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from operator import index as as_index

import numpy as np

from ..errors import BoardSpecError, EngineNotApplicableError, RuleError, ShapeError
from ._inputs import check_size, field_array
from .gf2 import Echelon, pack, unpack
from .gfp import check_field
from .space import SolutionSpace, combine

__all__ = ["Chased", "STENCILS", "chase_board", "chase_system", "stencil_entries", "forcing_plan"]

#: The board kinds with a structured chase.  Their rows are paths (grid) or cycles (cylinder, torus), stacked
#: in order, and the torus also wraps the last row onto the first.  A direction of length 1 or 2 never wraps.
STENCILS = ("grid", "cylinder", "torus")

#: The generic chase gains nothing once the forcing set is this fraction of the unknowns.
MAX_FORCING_FRACTION = 0.25


@dataclass
class Chased:
    """What a chase found: every solution, and where the time went.

    Attributes
    ----------
    space : ~parity.linalg.SolutionSpace or None
        All solutions, in the reduced form shared by every engine (None when
        only the count was asked for, ``basis=False``).
    forcing : int
        Size of the forcing set (the unknowns of the residual system).
    residual : tuple of int
        Shape of the residual system.
    seconds : dict
        ``chase`` (building the residual system), ``residual`` (eliminating
        it), ``rebuild`` (chasing the solution and the null vectors with
        numbers and putting the basis in reduced form).
    nullity : int
        Dimension of the null space (the residual system's: chasing is one to one).
    solvable : bool
        Whether there is a solution at all.
    """

    space: SolutionSpace | None
    forcing: int
    residual: tuple[int, int]
    seconds: dict = dataclass_field(default_factory=dict)
    nullity: int = 0
    solvable: bool = True


# -- structured boards ---------------------------------------------------------------------------


def _size(value, name: str) -> int:
    if isinstance(value, bool):
        raise BoardSpecError(f"{name} must be a positive integer, got {value!r}")
    try:
        size = as_index(value)
    except TypeError:
        raise BoardSpecError(f"{name} must be a positive integer, got {value!r}") from None
    if size < 1:
        raise BoardSpecError(f"{name} must be a positive integer, got {size}")
    return size


def _wraps(kind: str, m: int, n: int) -> tuple[bool, bool]:
    """(rows wrap into cycles, the last row wraps onto the first) for a board of ``kind``."""
    return kind in ("cylinder", "torus") and n > 2, kind == "torus" and m > 2


def stencil_entries(kind: str, m: int, n: int, closed: bool) -> tuple[np.ndarray, np.ndarray]:
    """Row and column indices of the toggle matrix of an ``m x n`` board of ``kind`` (cells in row-major order).

    Examples
    --------
    >>> rows, cols = stencil_entries("grid", 1, 3, closed=False)
    >>> sorted(zip(rows.tolist(), cols.tolist()))
    [(0, 1), (1, 0), (1, 2), (2, 1)]
    """
    wrap_rows, wrap_cols = _wraps(kind, m, n)
    here = np.arange(m * n, dtype=np.int64).reshape(m, n)
    pairs = [(here[:, :-1], here[:, 1:]), (here[:-1, :], here[1:, :])]  # right and down neighbours
    if wrap_rows:
        pairs.append((here[:, -1:], here[:, :1]))
    if wrap_cols:
        pairs.append((here[-1:, :], here[:1, :]))
    size = 2 * sum(a.size for a, _ in pairs) + (m * n if closed else 0)
    rows, cols = np.empty(size, dtype=np.int64), np.empty(size, dtype=np.int64)
    k = 0
    if closed:
        rows[: m * n] = cols[: m * n] = here.ravel()
        k = m * n
    for a, b in pairs:  # written into place: a board of millions of cells makes no temporary copies
        for u, v in ((a, b), (b, a)):
            rows[k : k + u.size] = u.ravel()
            cols[k : k + u.size] = v.ravel()
            k += u.size
    return rows, cols


def _polynomial_columns(m_steps: tuple[int, ...], n: int, closed: bool, wrap: bool, p: int) -> list[np.ndarray]:
    """First columns of ``P_s`` for each ``s`` in ``m_steps`` (``P_{-1} = 0``, ``P_0 = I``, ``P_{r+1} = -T P_r - P_{r-1}``)."""
    wanted = {s: None for s in m_steps}
    prev = np.zeros(n, dtype=np.int64)
    cur = np.zeros(n, dtype=np.int64)
    cur[0] = 1
    for r in range(max(m_steps) + 1):
        if r in wanted:
            wanted[r] = cur.copy()
        nxt = -(_t_times(cur, closed, wrap)) - prev
        prev, cur = cur, nxt % p
    return [wanted[s] for s in m_steps]


def _t_times(v: np.ndarray, closed: bool, wrap: bool) -> np.ndarray:
    """``T v`` for the row toggle matrix ``T`` (path or cycle adjacency, plus the identity when closed); rows of ``v`` too."""
    out = v.copy() if closed else np.zeros_like(v)
    if wrap:
        return out + np.roll(v, 1, axis=-1) + np.roll(v, -1, axis=-1)
    out[..., 1:] += v[..., :-1]
    out[..., :-1] += v[..., 1:]
    return out


def _fill(column: np.ndarray, wrap: bool, p: int) -> np.ndarray:
    """The matrix ``P`` (a polynomial in the row toggle matrix) from its first column."""
    n = column.shape[0]
    if wrap:  # circulant: column j is column 0 turned down by j
        i = np.arange(n)
        return column[(i[:, None] - i[None, :]) % n]
    P = np.zeros((n, n), dtype=np.int64)
    P[:, 0] = column
    for j in range(n - 1):  # e_{j+1} = A e_j - e_{j-1} for the path adjacency A
        nxt = _t_times(P[:, j], False, False)
        if j:
            nxt -= P[:, j - 1]
        P[:, j + 1] = nxt % p
    return P


def _chase_rows(rhs: np.ndarray, before: np.ndarray, first: np.ndarray, closed: bool, wrap: bool, p: int) -> np.ndarray:
    """Rows ``p_0 .. p_m`` from ``p_{-1} = before`` and ``p_0 = first`` (either may hold several vectors)."""
    m = rhs.shape[0]
    out = np.empty((m + 1, *first.shape), dtype=np.int64)
    prev, cur = before, first
    out[0] = cur
    for r in range(m):
        nxt = (rhs[r] - _t_times(cur, closed, wrap) - prev) % p
        out[r + 1] = nxt
        prev, cur = cur, nxt
    return out


def _canonical(particular, basis: np.ndarray, p: int) -> tuple[np.ndarray | None, np.ndarray, list[int]]:
    """The reduced basis (1 in its own free column, 0 in the others) and the particular solution 0 on the free columns.

    The free columns of ``A`` are the pivots of the null space's echelon form
    taken from the last column backwards, so reducing the basis with its
    columns reversed gives the one basis every engine returns.
    """
    from . import rref

    ncols = basis.shape[1]
    if basis.shape[0] == 0:
        return particular, np.zeros((0, ncols), dtype=np.int64), []
    R, pivots = rref(basis[:, ::-1], field=p)
    R = np.asarray(R, dtype=np.int64)[:, ::-1]
    free = [ncols - 1 - c for c in pivots]
    order = np.argsort(free)
    R, free = R[order], [free[i] for i in order]
    if particular is not None:  # exact for every p < 2**31: products are reduced before they add up
        particular = (np.asarray(particular, dtype=np.int64) - combine(particular[free], R, p)) % p
    return particular, R, free


def _solve_residual(R: np.ndarray, rhs: np.ndarray, p: int):
    """Particular solution (or None) and null basis of the dense residual system."""
    from . import solve

    small = solve(R, rhs, field=p) if p != 2 else Echelon(pack(R), rhs % 2, ncols=R.shape[1]).space()
    return small.particular, small.basis


def chase_board(
    m: int,
    n: int | None = None,
    *,
    kind: str = "grid",
    rule: str = "closed",
    field: int = 2,
    rhs=None,
    basis: bool = True,
) -> Chased:
    """Every solution of Lights Out on an ``m x n`` grid, cylinder or torus, by light chasing.

    Parameters
    ----------
    m, n : int
        Rows and columns (``n`` defaults to ``m``).
    kind : {"grid", "cylinder", "torus"}
        The board, as :func:`parity.boards.grid` (``cylinder``: each row is
        a cycle; ``torus``: the columns are cycles too).
    rule : {"closed", "open"}
        A press toggles the cell and its neighbours, or the neighbours only.
    field : int
        The prime ``p`` (2 for on/off lights).
    rhs : array_like, optional
        What the presses must add to each light, an ``m x n`` array (or ``m n``
        entries in row-major order) of ``0..p-1``; default all ones (switch a
        fully lit board off over GF(2)).
    basis : bool
        Build the null space basis and the solution space (default); False
        stops at the rank and solvability (``space`` is None), which is all a
        count needs and saves ``nullity x cells`` entries of memory.

    Returns
    -------
    Chased
        ``space`` has one unknown per cell in row-major order.

    Raises
    ------
    BoardSpecError, RuleError, FieldError, ShapeError
        For a bad size, rule, field or right-hand side.
    TooLargeError
        If the board would not fit in memory (checked before allocating).

    Examples
    --------
    The 4 x 4 board has 16 ways to switch everything off, and so has the 3 x 3 torus:

    >>> chase_board(4).space.count, chase_board(3, kind="torus").space.count
    (16, 16)
    """
    m = _size(m, "m")
    n = m if n is None else _size(n, "n")
    if kind not in STENCILS:
        raise BoardSpecError(f"unknown board kind {kind!r} for chasing; use one of {', '.join(STENCILS)}")
    if rule not in ("closed", "open"):
        raise RuleError(f"unknown rule {rule!r}; use closed or open")
    p = check_field(field)
    # the answer as int64 entries, its unpacked and packed forms, and the chase's rows (GF(p): int64 temporaries)
    check_size((24.0 if p == 2 else 100.0) * m * n, f"a {m} x {n} board")
    if rhs is None:
        b = np.ones((m, n), dtype=np.uint8 if p == 2 else np.int64)  # a view would do, but rows are sliced
    else:
        try:
            ndim = np.ndim(rhs)
        except ValueError:  # ragged nesting
            ndim = -1
        if isinstance(rhs, (str, bytes)) or ndim not in (1, 2):
            raise ShapeError(f"rhs must be an m x n array or m n entries of 0..{p - 1}, got {type(rhs).__name__}")
        b = field_array(rhs, p, ndim, "rhs")
        if b.size != m * n:
            raise ShapeError(f"rhs has {b.size} entries, expected {m * n} for a {m} x {n} board")
        b = b.reshape(m, n)
    closed = rule == "closed"
    transpose = kind in ("grid", "torus") and m < n  # chase along the long side: the residual system is smaller
    if transpose:
        m, n, b = n, m, b.T.copy()
    chased = _chase_structured(kind, m, n, closed, p, b, basis)
    if transpose and chased.space is not None:
        space = chased.space
        flip = np.arange(m * n).reshape(m, n).T.ravel()  # cell (r, c) of the original is (c, r) here
        particular = None if space.particular is None else space.particular[flip]
        particular, basis, free = _canonical(particular, space.basis[:, flip], p)
        chased.space = SolutionSpace(p, m * n, space.rank, particular, basis, free)
    return chased


def load() -> None:
    """Bring in the chasing and GF(2) kernel modules (each kernel compiles, or is read from numba's cache, on its
    first call)."""
    from .._compiled import load_kernels

    load_kernels("parity.linalg._chase_kernels")
    load_kernels("parity.linalg._gf2_kernels")


def _chase_structured(kind: str, m: int, n: int, closed: bool, p: int, b: np.ndarray, want_basis: bool) -> Chased:
    wrap_rows, wrap_cols = _wraps(kind, m, n)
    seconds = {}
    if p == 2 and not wrap_rows and not wrap_cols:
        load()  # loading compiled kernels is not part of the chase
        return _chase_grid_gf2(m, n, closed, b, time.perf_counter(), want_basis)
    started = time.perf_counter()
    b = b.astype(np.int64)
    zero = np.zeros(n, dtype=np.int64)
    if wrap_cols:  # unknowns y = p_0 and z = p_{-1} = p_{m-1}
        Pm2, Pm1, Pm = (_fill(col, wrap_rows, p) for col in _polynomial_columns((m - 2, m - 1, m), n, closed, wrap_rows, p))
        c = _chase_rows(b, zero, zero, closed, wrap_rows, p)
        eye = np.eye(n, dtype=np.int64)
        # p_{m-1} = P_{m-1} y - P_{m-2} z + c_{m-1} must equal z, and p_m = P_m y - P_{m-1} z + c_m must equal y
        R = np.block([[Pm1, (-Pm2 - eye)], [Pm - eye, -Pm1]]) % p
        target = np.concatenate([-c[m - 1], -c[m]]) % p
    else:
        (Pm,) = (_fill(col, wrap_rows, p) for col in _polynomial_columns((m,), n, closed, wrap_rows, p))
        c = _chase_rows(b, zero, zero, closed, wrap_rows, p)
        R, target = Pm, (-c[m]) % p
    seconds["chase"] = time.perf_counter() - started
    started = time.perf_counter()
    y, Y = _solve_residual(R, target, p)
    seconds["residual"] = time.perf_counter() - started
    started = time.perf_counter()

    def rebuild(start: np.ndarray, rhs: np.ndarray) -> np.ndarray:
        first, before = (start[..., :n], start[..., n:]) if wrap_cols else (start, np.zeros_like(start))
        rows = _chase_rows(rhs, before, first, closed, wrap_rows, p)
        return np.moveaxis(rows[:m], 0, -2).reshape(*start.shape[:-1], m * n)

    if not want_basis:
        return _counted(R.shape[1], R.shape, seconds, started, y, Y)
    _check_basis(len(Y), m * n, 40.0)
    particular = None if y is None else rebuild(y, b)
    basis = rebuild(Y, np.zeros((m, 1, n), dtype=np.int64)) if len(Y) else np.zeros((0, m * n), dtype=np.int64)
    return _finished(p, particular, basis, R.shape[1], R.shape, seconds, started)


def _check_basis(nullity: int, cells: int, per_entry: float) -> None:
    """Refuse, before it is built, a null space basis that would not fit in memory."""
    check_size(per_entry * nullity * cells, f"a null space basis of {nullity} vectors of {cells} cells")


def _counted(forcing: int, shape, seconds: dict, started: float, y, Y) -> Chased:
    """What a count needs: nullity and solvability, no solution space."""
    seconds["rebuild"] = time.perf_counter() - started
    return Chased(None, forcing, tuple(shape), seconds, nullity=len(Y), solvable=y is not None)


def _finished(p: int, particular, basis: np.ndarray, forcing: int, shape, seconds: dict, started: float) -> Chased:
    """The rebuilt solution and basis in reduced form, as a solution space."""
    cells = basis.shape[1]
    particular, basis, free = _canonical(particular, basis, p)
    seconds["rebuild"] = time.perf_counter() - started
    space = SolutionSpace(p, cells, cells - len(free), particular, basis, free)
    return Chased(space, forcing, tuple(shape), seconds, nullity=len(free), solvable=particular is not None)


def _chase_grid_gf2(m: int, n: int, closed: bool, b: np.ndarray, started: float, want_basis: bool = True) -> Chased:
    """The grid over GF(2) with bit-packed rows: ``O(mn/64)`` chasing and an ``n x n`` residual system."""
    from . import _chase_kernels as K

    seconds = {}
    W = (n + 63) // 64
    check_size(8.0 * (m + 1) * W * 3 + 8.0 * n * W, f"chasing a {m} x {n} board")
    seed = np.zeros(W, dtype=np.uint64)
    seed[0] = 1
    R = np.zeros((n, W), dtype=np.uint64)
    K.first_columns(R[:1], seed, n, m, closed)
    K.fill_path(R, n)
    rhs = pack(b)
    rows = np.empty((m + 1, W), dtype=np.uint64)
    K.chase(rhs, np.zeros((2, W), dtype=np.uint64), n, closed, False, rows)
    target = unpack(rows[m : m + 1], n)[0]
    seconds["chase"] = time.perf_counter() - started
    started = time.perf_counter()
    E = Echelon(R, target, ncols=n)  # (in Python when small and the elimination kernels are not compiled yet)
    y = E.particular()
    Y = E.null_basis()
    seconds["residual"] = time.perf_counter() - started
    started = time.perf_counter()
    start = np.zeros((2, W), dtype=np.uint64)

    def rebuild(first: np.ndarray, rhs: np.ndarray) -> np.ndarray:
        start[1] = pack(first[None, :])[0]
        K.chase(rhs, start, n, closed, False, rows)
        if rows[m].any():
            raise AssertionError("light chasing left lights on in the last row")  # the residual system forbids it
        return unpack(rows[:m], n).ravel()

    if not want_basis:
        return _counted(n, (n, n), seconds, started, y, Y)
    _check_basis(len(Y), m * n, 24.0)
    particular = None if y is None else rebuild(y, rhs)
    zero = np.zeros_like(rhs)
    basis = np.array([rebuild(v, zero) for v in Y], dtype=np.uint8).reshape(len(Y), m * n)
    return _finished(2, particular, basis, n, (n, n), seconds, started)


# -- any system over GF(2) ----------------------------------------------------------------------


@dataclass
class _Plan:
    ptr: np.ndarray
    cols: np.ndarray
    rhs: np.ndarray
    forcing: np.ndarray
    forced: np.ndarray
    by: np.ndarray
    residual: np.ndarray


def _odd_entries(system) -> tuple[np.ndarray, np.ndarray]:
    """The system's equations as CSR (``ptr``, ``cols``) over GF(2): entries adding up to an odd value."""
    rows_n, ncols = system.shape
    odd = (np.asarray(system.values) % 2).astype(bool)
    keys = np.asarray(system.rows, dtype=np.int64)[odd] * ncols + np.asarray(system.cols, dtype=np.int64)[odd]
    keys, counts = np.unique(keys, return_counts=True)
    keys = keys[counts % 2 == 1]
    rows, cols = np.divmod(keys, ncols)
    ptr = np.zeros(rows_n + 1, dtype=np.int64)
    np.add.at(ptr, rows + 1, 1)
    return np.cumsum(ptr), cols


def forcing_plan(system) -> _Plan:
    """The greedy forcing set of a GF(2) system, the order of forcing and the equations left over (cached)."""
    plan = getattr(system, "_forcing_plan", None)
    if plan is not None:
        return plan
    from . import _chase_kernels as K

    rows_n, ncols = system.shape
    check_size(8.0 * (6 * ncols + 4 * rows_n + 4 * len(system.rows)), f"a forcing set of {ncols} unknowns")
    ptr, cols = _odd_entries(system)
    flat = K.greedy_forcing(ptr, cols, ncols)
    f = int(flat[0])
    forcing = flat[1 : 1 + f].copy()
    pairs = flat[1 + f :].reshape(-1, 2)
    used = np.zeros(system.shape[0], dtype=bool)
    used[pairs[:, 1]] = True
    plan = _Plan(ptr, cols, (np.asarray(system.rhs) % 2).astype(np.uint8), forcing, pairs[:, 0].copy(),
                 pairs[:, 1].copy(), np.flatnonzero(~used))
    system._forcing_plan = plan
    return plan


def chase_refusal(system) -> str | None:
    """Why the chase does not apply to ``system`` (None when it does)."""
    if structured_stencil(system) is not None:
        return None
    if system.field != 2:
        return (f"engine 'chase' works over GF({system.field}) on grids, cylinders and tori only; "
                f"use 'gfp' or 'galois'")
    if system.shape[1] == 0:
        return "engine 'chase' needs at least one unknown"
    plan = forcing_plan(system)
    if len(plan.forcing) > max(64, MAX_FORCING_FRACTION * system.shape[1]):
        return (f"engine 'chase' does not apply: the smallest forcing set found has {len(plan.forcing)} of "
                f"{system.shape[1]} unknowns; use 'gf2'")
    return None


def structured_stencil(system) -> tuple[str, int, int, bool] | None:
    """The board behind ``system`` when it is exactly a grid, cylinder or torus toggle matrix (else None).

    A puzzle names the board in ``system.stencil``; the entries are checked
    against it, so a mislabelled system is chased like any other.
    """
    stencil = getattr(system, "stencil", None)
    if stencil is None:
        return None
    checked = getattr(system, "_stencil_checked", None)
    if checked is not None and checked[0] == stencil:  # checked before (or built from it), and not relabelled since
        return stencil if checked[1] else None
    kind, m, n, closed = stencil
    rows, cols = stencil_entries(kind, m, n, closed)
    N = m * n
    ok = system.shape == (N, N) and np.all(np.asarray(system.values) % system.field == 1)
    if ok and not (np.array_equal(system.rows, rows) and np.array_equal(system.cols, cols)):  # not in stencil order
        expected = rows * N + cols  # no entry twice: a direction of length 1 or 2 does not wrap
        given = np.asarray(system.rows, dtype=np.int64) * N + np.asarray(system.cols, dtype=np.int64)
        ok = given.size == expected.size and np.array_equal(np.sort(given), np.sort(expected))
    system._stencil_checked = (stencil, bool(ok))
    return stencil if ok else None


def chase_system(system, basis: bool = True) -> Chased:
    """Every solution of a :class:`~parity.linalg.system.LinearSystem` by chasing.

    A system that is exactly a grid, cylinder or torus (see
    :func:`structured_stencil`) takes the structured route, over any field;
    any other system over GF(2) is chased from a greedy forcing set.

    Raises
    ------
    EngineNotApplicableError
        Over GF(p > 2) on other boards, or when no small forcing set is found.

    Examples
    --------
    >>> from parity.puzzles import LightsOut
    >>> chase_system(LightsOut("hex:3").linear()).space.count
    8
    """
    reason = chase_refusal(system)
    if reason:
        raise EngineNotApplicableError(reason)
    stencil = structured_stencil(system)
    if stencil is not None:
        kind, m, n, closed = stencil
        return chase_board(m, n, kind=kind, rule="closed" if closed else "open", field=system.field,
                           rhs=np.asarray(system.rhs), basis=basis)
    return _chase_generic(system, basis)


def _chase_generic(system, want_basis: bool = True) -> Chased:
    from . import _chase_kernels as K

    started = time.perf_counter()
    plan = forcing_plan(system)
    N = system.shape[1]
    f = len(plan.forcing)
    W = f // 64 + 1  # the forcing set's bits and a constant
    check_size(8.0 * N * W, f"chasing {N} unknowns from a forcing set of {f}")
    sym = np.zeros((N, W), dtype=np.uint64)
    sym[plan.forcing, np.arange(f) // 64] = np.left_shift(np.uint64(1), (np.arange(f) % 64).astype(np.uint64))
    K.propagate(sym, plan.forced, plan.by, plan.ptr, plan.cols, plan.rhs, f)
    out = np.empty((len(plan.residual), W), dtype=np.uint64)
    K.residual(sym, plan.residual, plan.ptr, plan.cols, plan.rhs, f, out)
    const = ((out[:, f // 64] >> np.uint64(f % 64)) & np.uint64(1)).astype(np.uint8)
    coefficients = out[:, : max(1, (f + 63) // 64)].copy()
    if f % 64:
        coefficients[:, -1] &= np.uint64((1 << (f % 64)) - 1)
    elif f == 0:
        coefficients[:] = 0
    del sym
    seconds = {"chase": time.perf_counter() - started}
    started = time.perf_counter()
    E = Echelon(coefficients, const, ncols=f)
    y, Y = E.particular(), E.null_basis()
    seconds["residual"] = time.perf_counter() - started
    started = time.perf_counter()
    if not want_basis:
        return _counted(f, (len(plan.residual), f), seconds, started, y, Y)
    _check_basis(len(Y), N, 24.0)
    V = 1 + len(Y)  # bit 0 the particular solution, bit 1 + k null vector k
    values = np.zeros((N, (V + 63) // 64), dtype=np.uint64)
    start = np.zeros((f, V), dtype=np.uint8)
    if y is not None:
        start[:, 0] = y
    if len(Y):
        start[:, 1:] = Y.T
    values[plan.forcing] = pack(start)
    K.propagate(values, plan.forced, plan.by, plan.ptr, plan.cols, plan.rhs, 0)
    bits = unpack(values, V)
    particular = None if y is None else bits[:, 0]
    basis = bits[:, 1:].T.copy()
    return _finished(2, particular, basis, f, (len(plan.residual), f), seconds, started)
