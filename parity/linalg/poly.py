"""Exact nullity of Lights Out on grids, cylinders and tori from polynomial gcds over GF(2).

Over GF(2) let ``f_0 = 1``, ``f_1 = x`` and ``f_{k+1} = x f_k + f_{k-1}``:
``f_k`` is the characteristic polynomial of the adjacency matrix ``A_k`` of
the path on ``k`` nodes.  The Lights Out matrix of the ``m x n`` grid is
``A_m (x) I + I (x) A_n`` (open rule: a press toggles the neighbours) plus
``I`` (closed rule: the cell too), and its nullity is the dimension of the
space of matrices ``Z`` with ``A_m Z = Z (A_n + c I)``, ``c = 1`` for the closed
rule and ``0`` for the open one.  By Frobenius' theorem that dimension is
``sum deg gcd(d_i(x), e_j(x + c))`` over the invariant factors ``d_i`` of
``A_m`` and ``e_j`` of ``A_n``.  A path's adjacency matrix is cyclic (its only
invariant factor is ``f_k``); a cycle's adjacency matrix ``S + S^-1`` has two
(see :func:`cycle_invariant_factors`).

Nothing here builds a matrix, and each board needs at most one gcd.  Over
GF(2) the doubling formulas ``f_{2k+1} = x f_k^2`` and
``f_{2k} = (f_k + f_{k-1})^2`` show that every invariant factor above is
``x^a psi_K^A``, with ``psi_K = f_j + f_{j-1}`` (``K = 2j + 1`` odd) squarefree
and ``A`` a power of two; ``K`` is the odd part of ``k + 1`` for a path on
``k`` nodes and of ``k`` for a cycle.  So the whole sum follows from
``deg gcd(psi_K(x), psi_L(x + c))`` and the multiplicities of ``x`` and
``x + 1``, which have closed forms.  The polynomials are python-flint's
``nmod_poly`` (a machine word a coefficient); ``psi_K`` comes by doubling
from ``f_j, f_{j-1}`` in ``O(log j)`` squarings.  python-flint is imported
when a function first runs, not with this module.

>>> from parity.linalg.poly import cylinder_nullity, grid_nullity, square_nullities, torus_nullity
>>> grid_nullity(5, 5), grid_nullity(4, 4, rule="open"), torus_nullity(5, 5)
(2, 4, 8)
>>> cylinder_nullity(4, 5), square_nullities(6)
(4, [0, 0, 0, 4, 2, 0])
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Iterator
from typing import NamedTuple

from .._limits import check_memory
from ..errors import BoardSpecError, RuleError

__all__ = [
    "RULE_SHIFTS",
    "grid_nullity",
    "cylinder_nullity",
    "torus_nullity",
    "square_nullities",
    "iter_square_nullities",
    "path_polynomial",
    "cycle_invariant_factors",
]

#: the shift ``c`` of each rule: the closed rule's matrix is the open rule's plus ``c I``
RULE_SHIFTS: dict[str, int] = {"closed": 1, "open": 0}

#: bytes a unit of polynomial degree costs at the peak of a gcd (flint keeps a word a
#: coefficient and several polynomials alive at once); measured 234 at degree 5e5 and 2e6
_BYTES_PER_DEGREE = 256


# --------------------------------------------------------------------------- inputs


def _size(value: object, label: str, where: str, smallest: int = 1) -> int:
    """``value`` as an int if it is an integer ``>= smallest`` (``True`` is not a size)."""
    kind = "a positive integer" if smallest == 1 else f"an integer >= {smallest}"
    if isinstance(value, bool):
        raise BoardSpecError(f"{where}: {label} must be {kind}, got {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise BoardSpecError(f"{where}: {label} must be {kind}, got {value!r}") from None
    if number < smallest:
        raise BoardSpecError(f"{where}: {label} must be {kind}, got {number}")
    return number


def _shift_argument(shift: object, where: str) -> int:
    if isinstance(shift, bool) or shift not in (0, 1):
        raise BoardSpecError(f"{where}: shift must be 0 or 1, got {shift!r}")
    return int(shift)


def _shift(rule: object) -> int:
    if not isinstance(rule, str) or rule not in RULE_SHIFTS:
        raise RuleError(f"unknown rule {rule!r}; use one of {', '.join(RULE_SHIFTS)}")
    return RULE_SHIFTS[rule]


def _check_degree(degree: int, what: str) -> None:
    """Refuse, before any work, polynomials of ``degree`` that memory cannot hold."""
    check_memory(_BYTES_PER_DEGREE * degree, f"{what} (polynomials of degree {degree:,})")


# --------------------------------------------------------------------------- polynomials


@functools.lru_cache(maxsize=1)
def _flint():
    from ..errors import EngineUnavailableError

    try:
        import flint
    except ImportError:  # pragma: no cover - python-flint is a dependency
        raise EngineUnavailableError("the poly route needs python-flint: pip install python-flint") from None
    return flint


def _two_adic(k: int) -> int:
    """``v_2(k)`` for ``k >= 1``."""
    return (k & -k).bit_length() - 1


def _poly(coefficients):
    """A polynomial over GF(2) from its coefficients, constant term first."""
    return _flint().nmod_poly(coefficients, 2)


def _generator(shift: int):
    """``x + shift`` over GF(2)."""
    return _poly([shift & 1, 1])


def _path_pair(k: int, shift: int):
    """``(f_k(x + shift), f_{k-1}(x + shift))`` by doubling, for ``k >= 0`` (``f_{-1} = 0``).

    With ``M = [[x, 1], [1, 0]]``, ``M^k = [[f_k, f_{k-1}], [f_{k-1}, f_{k-2}]]``;
    squaring it gives ``f_{2k} = f_k^2 + f_{k-1}^2`` and
    ``f_{2k-1} = f_{k-1} (f_k + f_{k-2}) = x f_{k-1}^2`` over GF(2).
    """
    gen = _generator(shift)
    high, low = _poly([1]), _poly([])  # f_0, f_{-1}
    for bit in bin(k)[2:] if k else "":
        # k -> 2k: f_{2k} = (f_k + f_{k-1})^2, f_{2k-1} = x f_{k-1}^2
        high, low = (high + low) ** 2, gen * low**2
        if bit == "1":
            # 2k -> 2k + 1: f_{2k+1} = x f_{2k} + f_{2k-1}
            high, low = gen * high + low, high
    return high, low


def path_polynomial(n: int, shift: int = 0):
    """``f_n(x + shift)`` over GF(2): the characteristic polynomial of the path on ``n`` nodes.

    Parameters
    ----------
    n : int
        Number of nodes of the path (``n >= 0``; ``f_0 = 1``).
    shift : {0, 1}
        Substitute ``x + 1`` for ``x`` when 1 (the characteristic polynomial of
        ``A_n + I``, the closed rule's row).

    Returns
    -------
    ``flint.nmod_poly``
        A polynomial over GF(2) of degree ``n``.

    Raises
    ------
    BoardSpecError
        If ``n`` is not a non-negative integer or ``shift`` is not 0 or 1.

    Examples
    --------
    >>> path_polynomial(5)
    x^5 + x
    >>> path_polynomial(3), path_polynomial(3, shift=1)
    (x^3, x^3 + x^2 + x + 1)
    """
    n = _size(n, "n", "path_polynomial", smallest=0)
    shift = _shift_argument(shift, "path_polynomial")
    _check_degree(n, f"path_polynomial({n})")
    return _path_pair(n, shift)[0]


class _Factored(NamedTuple):
    """The polynomial ``x^power psi_odd(x)^exponent``, ``odd`` an odd number, ``psi_odd`` squarefree."""

    power: int
    odd: int
    exponent: int


def _psi(odd: int, shift: int):
    """``psi_K(x + shift)`` for odd ``K = 2j + 1``: ``f_j + f_{j-1}``, the square root of ``f_{K-1}``."""
    high, low = _path_pair(odd // 2, shift)
    return high + low


def _path_factored(k: int) -> _Factored:
    """``f_k = x^(2^w - 1) psi_K^(2^(w + 1))`` with ``k + 1 = 2^w K``, ``K`` odd."""
    w = _two_adic(k + 1)
    return _Factored((1 << w) - 1, (k + 1) >> w, 2 << w)


def _cycle_factored(k: int) -> list[_Factored]:
    """The invariant factors of the adjacency matrix of the ``k``-cycle as the boards build it.

    Odd ``k``: ``psi_k`` and ``x psi_k``; even ``k = 2^v K``: twice
    ``x^(2^(v-1)) psi_K^(2^v)``; ``k = 1, 2`` are not wrapped (paths).
    """
    if k <= 2:  # a direction of length 1 or 2 is not wrapped: the board is a path there
        return [_path_factored(k)]
    if k % 2:
        return [_Factored(0, k, 1), _Factored(1, k, 1)]
    v = _two_adic(k)
    return [_Factored(1 << (v - 1), k >> v, 1 << v)] * 2


def _expand(factor: _Factored, shift: int):
    """The polynomial ``factor`` at ``x + shift``."""
    return _generator(shift) ** factor.power * _psi(factor.odd, shift) ** factor.exponent


def _valuations(factor: _Factored, shift: int) -> tuple[int, int]:
    """How often ``x`` and ``x + 1`` divide ``factor`` at ``x + shift``.

    ``psi_K(0) = 1`` and ``psi_K(1) = 0`` exactly when 3 divides ``K`` (once:
    ``psi_K`` is squarefree); a shift by 1 swaps the two primes.
    """
    at_x, at_x1 = factor.power, factor.exponent if factor.odd % 3 == 0 else 0
    return (at_x1, at_x) if shift else (at_x, at_x1)


def _psi_gcd_degree(K: int, L: int, shift: int) -> int:
    """``deg gcd(psi_K(x), psi_L(x + shift))``.

    The roots of ``psi_K`` are ``t + 1/t`` for the ``K``-th roots of unity
    ``t != 1``, one for each pair ``t, 1/t``; without a shift the common roots
    are those of ``psi_gcd(K, L)``.  With the shift, one gcd over GF(2).
    """
    if not shift:
        return (math.gcd(K, L) - 1) // 2
    if K == 1 or L == 1:
        return 0
    return _psi(K, 0).gcd(_psi(L, shift)).degree()


def _check_psi(left: list[_Factored], right: list[_Factored], shift: int, what: str) -> None:
    """Refuse, before any work, a gcd of ``psi_K`` and ``psi_L`` that memory cannot hold (the open rule needs none)."""
    K, L = left[0].odd, right[0].odd
    if shift and K > 1 and L > 1:
        _check_degree(max(K, L) // 2, what)


def _nullity(left: list[_Factored], right: list[_Factored], shift: int, psi_degree: int | None = None) -> int:
    """``sum deg gcd(d(x), e(x + shift))`` over ``d`` in ``left``, ``e`` in ``right``.

    Every ``d`` is ``x^a psi_K^A`` and every ``e`` is ``x^b psi_L^B`` with the
    same ``K`` and ``L`` on each side.  With ``h = gcd(psi_K(x), psi_L(x + c))``
    (squarefree), a prime other than ``x`` and ``x + 1`` divides
    ``gcd(d, e(x + c))`` ``min(A, B)`` times if it divides ``h`` and not at all
    otherwise; ``x`` and ``x + 1`` are counted from their exact multiplicities.
    ``psi_degree`` is ``deg h`` when the caller knows it.
    """
    K, L = left[0].odd, right[0].odd
    if psi_degree is None:
        psi_degree = _psi_gcd_degree(K, L, shift)
    # x never divides psi_K(x); x + 1 divides both psi_K(x) and psi_L(x + c) only when c = 0 and 3 | K, L
    psi_degree -= 1 if not shift and K % 3 == 0 and L % 3 == 0 else 0
    total = 0
    for d in left:
        d_x, d_x1 = _valuations(d, 0)
        for e in right:
            e_x, e_x1 = _valuations(e, shift)
            total += min(d.exponent, e.exponent) * psi_degree + min(d_x, e_x) + min(d_x1, e_x1)
    return total


def cycle_invariant_factors(k: int, shift: int = 0) -> list:
    """The invariant factors over GF(2) of the adjacency matrix of the cycle on ``k`` nodes (plus ``shift I``).

    For ``k >= 3`` the adjacency matrix is ``S + S^-1`` with ``S`` the cyclic
    shift.  As a module over ``GF(2)[y]``, ``y = t + t^-1``, the ring
    ``GF(2)[t, t^-1] / (t^k - 1)`` on which ``S`` is multiplication by ``t`` is
    ``GF(2)[y]^2`` (basis ``1, t``) modulo the rows of ``t^k - 1`` and
    ``t^(k+1) - t``.  From ``t^k = f_{k-1}(y) t + f_{k-2}(y)`` these rows are
    ``(f_{k-2} + 1, f_{k-1})`` and ``(f_{k-1}, f_k + 1)``; their Smith form is
    ``d_1 = gcd(f_{k-2} + 1, f_{k-1})`` and ``d_2 = y f_{k-1} / d_1`` (the
    determinant is ``f_k + f_{k-2} = y f_{k-1}``).  Counting the roots
    ``y = t + 1/t`` of both with their multiplicities gives closed forms: with
    ``psi_K`` the square root of ``f_{K-1}`` for odd ``K`` (squarefree, its
    roots ``t + 1/t`` for the ``K``-th roots of unity ``t != 1``),

    * odd ``k``: ``psi_k`` and ``x psi_k``;
    * even ``k = 2^v K``, ``K`` odd: ``x^(2^(v-1)) psi_K^(2^v)`` twice.

    For ``k = 1, 2`` the boards do not wrap (no loops, no double edges), so the
    "cycle" is the path and its single invariant factor is ``f_k``.

    Parameters
    ----------
    k : int
        Length of the cycle (``k >= 1``).
    shift : {0, 1}
        Substitute ``x + 1`` for ``x`` (the factors of ``C_k + I``) when 1.

    Returns
    -------
    list
        The non-constant invariant factors (``flint.nmod_poly``), each
        dividing the next; their degrees add up to ``k``.

    Examples
    --------
    >>> cycle_invariant_factors(3)
    [x + 1, x^2 + x]
    >>> cycle_invariant_factors(4)
    [x^2, x^2]
    >>> cycle_invariant_factors(6)
    [x^3 + x, x^3 + x]
    >>> cycle_invariant_factors(5, shift=1)
    [x^2 + x + 1, x^3 + 1]
    """
    k = _size(k, "k", "cycle_invariant_factors")
    shift = _shift_argument(shift, "cycle_invariant_factors")
    _check_degree(k, f"cycle_invariant_factors({k})")
    factors = [_expand(factor, shift) for factor in _cycle_factored(k)]
    return [d for d in factors if d.degree() > 0]


# --------------------------------------------------------------------------- grids


def grid_nullity(m: int, n: int, rule: str = "closed") -> int:
    """Nullity of Lights Out on the ``m x n`` grid over GF(2), without building the matrix.

    The nullity is ``deg gcd(f_m(x), f_n(x + c))`` with ``f_k`` the
    characteristic polynomial of the path on ``k`` nodes and ``c = 1`` for the
    closed rule, ``0`` for the open rule; the number of solutions of a
    solvable start is ``2 ** nullity``.

    Parameters
    ----------
    m, n : int
        Rows and columns (positive).
    rule : {"closed", "open"}
        ``closed``: a press toggles the cell and its neighbours; ``open``: the
        neighbours only.

    Returns
    -------
    int
        The nullity of the ``mn x mn`` Lights Out matrix.

    Raises
    ------
    BoardSpecError
        If ``m`` or ``n`` is not a positive integer.
    RuleError
        If ``rule`` is not ``closed`` or ``open``.
    TooLargeError
        If the polynomials would not fit in memory (checked before any work).

    See Also
    --------
    square_nullities : every ``n x n`` board up to a size, in one sweep.
    torus_nullity, cylinder_nullity : the wrapped boards.

    Notes
    -----
    Over GF(2), ``f_{2k+1} = x f_k^2`` and ``f_{2k} = (f_k + f_{k-1})^2``, so
    ``f_k = x^(2^w - 1) psi_K^(2^(w+1))`` where ``k + 1 = 2^w K`` with ``K``
    odd and ``psi_K = f_j + f_{j-1}``, ``K = 2j + 1``, is squarefree (its
    roots are ``t + 1/t`` for the ``K``-th roots of unity ``t != 1``).  The
    gcd is therefore one of ``psi_K(x)`` and ``psi_L(x + c)``, of degrees
    ``(K - 1) / 2`` and ``(L - 1) / 2``, with the multiplicities of ``x`` and
    ``x + 1`` added from closed forms; for the open rule it is
    ``psi_gcd(K, L)`` and no polynomial is built at all.

    References
    ----------
    .. [1] K. Sutner, "Linear cellular automata and the Garden-of-Eden",
       The Mathematical Intelligencer 11(2), 49-53 (1989).
    .. [2] K. Sutner, "sigma-automata and Chebyshev polynomials", Theoretical
       Computer Science 230, 49-73 (2000).

    Examples
    --------
    >>> [grid_nullity(n, n) for n in range(1, 12)]
    [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6]
    >>> grid_nullity(3, 4, rule="open")
    0
    >>> grid_nullity(10**5, 10**5)  # 10^10 cells
    0
    >>> grid_nullity(0, 3)
    Traceback (most recent call last):
    ...
    parity.errors.BoardSpecError: grid_nullity: m must be a positive integer, got 0
    """
    m, n = _size(m, "m", "grid_nullity"), _size(n, "n", "grid_nullity")
    shift = _shift(rule)
    left, right = [_path_factored(m)], [_path_factored(n)]
    _check_psi(left, right, shift, f"grid_nullity({m}, {n})")
    return _nullity(left, right, shift)


def _self_shift_degrees(J: int) -> Iterator[int]:
    """``deg gcd(psi_K(x), psi_K(x + 1))`` for ``K = 2j + 1``, ``j = 0 .. J``, in one sweep (a generator).

    ``T(z) = psi_K(x) psi_K(x + 1)`` is unchanged by ``x -> x + 1``, so it is a
    polynomial in ``z = x^2 + x``, of degree ``j``; its roots are ``y^2 + y``
    for the roots ``y`` of ``psi_K`` (squarefree), and ``y``, ``y + 1`` give
    the same root.  So the pairs of roots ``y, y + 1`` of ``psi_K`` are the
    double roots of ``T``: with ``T = U(z)^2 + z V(z)^2`` (even and odd
    coefficients; ``T' = V^2`` in characteristic 2) the wanted degree is
    ``deg gcd(T, T') = 2 deg gcd(U, V)``, a gcd at a quarter of ``K``.

    ``T = a + b + c`` with ``a = f_j g_j``, ``b = f_j g_{j-1} + f_{j-1} g_j``,
    ``c = f_{j-1} g_{j-1}`` (``g_j = f_j(x + 1)``).  Writing
    ``f_{j-1} g_j = p(z) + x q(z)`` (``GF(2)[x]`` is free over ``GF(2)[z]`` with
    basis ``1, x``) gives ``b = q`` and the recurrence ``a' = z a + c + p``,
    ``c' = a``, ``p' = a + p + q``, ``q' = a + q`` from ``a = 1, c = p = q = 0``
    at ``j = 0``.  Each polynomial is kept as its even and odd halves, so
    multiplying by ``z`` is a shift of one half.
    """
    w, one, zero = _generator(0), _poly([1]), _poly([])
    a_even, a_odd, c_even, c_odd, p_even, p_odd, q_even, q_odd = one, zero, zero, zero, zero, zero, zero, zero
    yield 0
    for _ in range(J):
        a_even, a_odd, c_even, c_odd, p_even, p_odd, q_even, q_odd = (
            w * a_odd + c_even + p_even,  # z a: the odd half moves up into the even half
            a_even + c_odd + p_odd,
            a_even,
            a_odd,
            a_even + p_even + q_even,
            a_odd + p_odd + q_odd,
            a_even + q_even,
            a_odd + q_odd,
        )
        U, V = a_even + q_even + c_even, a_odd + q_odd + c_odd
        yield 2 * U.gcd(V).degree()


def square_nullities(N: int, rule: str = "closed") -> list[int]:
    """Nullities of Lights Out on every ``n x n`` grid for ``n = 1 .. N``.

    The board ``n x n`` needs ``deg gcd(psi_K(x), psi_K(x + c))`` for ``K``
    the odd part of ``n + 1`` (see :func:`grid_nullity`), so the sweep needs
    it for every odd ``K = 2j + 1 <= N + 1``.  For the closed rule these come
    from one recurrence over ``j`` (a few shifts and adds a step) and one gcd
    of degree about ``j / 2`` a step: the product ``psi_K(x) psi_K(x + 1)`` is
    a polynomial in ``x^2 + x`` whose double roots are the common roots.  The
    open rule needs no gcd (``n x n`` has nullity ``n``).

    Parameters
    ----------
    N : int
        Largest board side (positive).
    rule : {"closed", "open"}
        As in :func:`grid_nullity`.

    Returns
    -------
    list of int
        ``result[n - 1]`` is the nullity of the ``n x n`` board.

    Raises
    ------
    BoardSpecError
        If ``N`` is not a positive integer.
    RuleError
        If ``rule`` is not ``closed`` or ``open``.
    TooLargeError
        If the polynomials would not fit in memory (checked before any work).

    Examples
    --------
    >>> square_nullities(20)
    [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0]
    >>> square_nullities(6, rule="open")
    [1, 2, 3, 4, 5, 6]
    """
    N = _size(N, "N", "square_nullities")
    check_memory(200.0 * N, f"square_nullities({N}) (a list of {N:,} nullities)")  # the list and its bookkeeping
    return list(iter_square_nullities(N, rule))


def iter_square_nullities(N: int, rule: str = "closed") -> Iterator[int]:
    """The nullities of :func:`square_nullities` one by one, ``n = 1 .. N``, each as soon as it is known.

    The ``n x n`` board needs the sweep's gcds up to ``j = n // 2`` only, so a
    table can print its rows while the sweep goes on.  The arguments are
    checked when the first nullity is asked for.

    Examples
    --------
    >>> list(iter_square_nullities(5))
    [0, 0, 0, 4, 2]
    """
    N = _size(N, "N", "square_nullities")
    shift = _shift(rule)
    if shift:
        _check_degree(N // 2, f"square_nullities({N})")
    # psi_degrees[j] = deg gcd(psi_K(x), psi_K(x + c)) for K = 2j + 1; without a shift it is psi_K itself
    sweep = _self_shift_degrees(N // 2) if shift else iter(range(N // 2 + 1))
    psi_degrees: list[int] = []
    for n in range(1, N + 1):
        side = _path_factored(n)
        while len(psi_degrees) <= side.odd // 2:
            psi_degrees.append(next(sweep))
        yield _nullity([side], [side], shift, psi_degrees[side.odd // 2])


# --------------------------------------------------------------------------- cylinders and tori


def cylinder_nullity(m: int, n: int, rule: str = "closed") -> int:
    """Nullity of Lights Out on the ``m x n`` cylinder: ``m`` rows, each a cycle of ``n`` cells.

    The board is :func:`parity.boards.cylinder` (``cylinder:MxN``): a row of
    length 1 or 2 is not wrapped.  The nullity is
    ``sum_j deg gcd(f_m(x), e_j(x + c))`` over the invariant factors ``e_j``
    of the cycle's adjacency matrix (:func:`cycle_invariant_factors`).

    Parameters
    ----------
    m, n : int
        Rows and the length of each row (positive).
    rule : {"closed", "open"}
        As in :func:`grid_nullity`.

    Returns
    -------
    int
        The nullity of the ``mn x mn`` Lights Out matrix.

    Raises
    ------
    BoardSpecError
        If ``m`` or ``n`` is not a positive integer.
    RuleError
        If ``rule`` is not ``closed`` or ``open``.
    TooLargeError
        If the polynomials would not fit in memory (checked before any work).

    Examples
    --------
    >>> cylinder_nullity(4, 5), cylinder_nullity(5, 4), cylinder_nullity(3, 3, rule="open")
    (4, 4, 1)
    """
    m, n = _size(m, "m", "cylinder_nullity"), _size(n, "n", "cylinder_nullity")
    shift = _shift(rule)
    left, right = [_path_factored(m)], _cycle_factored(n)
    _check_psi(left, right, shift, f"cylinder_nullity({m}, {n})")
    return _nullity(left, right, shift)


def torus_nullity(m: int, n: int, rule: str = "closed") -> int:
    """Nullity of Lights Out on the ``m x n`` torus (both directions wrapped).

    The board is :func:`parity.boards.torus` (``torus:MxN``): a direction of
    length 1 or 2 is not wrapped.  The adjacency matrix is
    ``C_m (x) I + I (x) C_n``; a cycle's adjacency matrix is not cyclic (it has
    two invariant factors), so the nullity is the sum of
    ``deg gcd(d_i(x), e_j(x + c))`` over the invariant factors ``d_i`` of
    ``C_m`` and ``e_j`` of ``C_n`` (four gcds).

    Parameters
    ----------
    m, n : int
        Rows and columns (positive).
    rule : {"closed", "open"}
        As in :func:`grid_nullity`.

    Returns
    -------
    int
        The nullity of the ``mn x mn`` Lights Out matrix.

    Raises
    ------
    BoardSpecError
        If ``m`` or ``n`` is not a positive integer.
    RuleError
        If ``rule`` is not ``closed`` or ``open``.
    TooLargeError
        If the polynomials would not fit in memory (checked before any work).

    Examples
    --------
    >>> [torus_nullity(n, n) for n in range(1, 11)]
    [0, 0, 4, 0, 8, 8, 0, 0, 4, 16]
    >>> torus_nullity(4, 4, rule="open")
    8
    """
    m, n = _size(m, "m", "torus_nullity"), _size(n, "n", "torus_nullity")
    shift = _shift(rule)
    left, right = _cycle_factored(m), _cycle_factored(n)
    _check_psi(left, right, shift, f"torus_nullity({m}, {n})")
    return _nullity(left, right, shift)
