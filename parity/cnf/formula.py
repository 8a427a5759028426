"""A small modelling layer on PySAT: named variables, clauses, XORs, cardinality, one-hot integers, sums.

>>> from parity.cnf import CNF
>>> f = CNF()
>>> a, b, c = f.var("a"), f.var("b"), f.var("c")
>>> f.add_xor([a, b, c], 1)
>>> f.exactly(1, [a, b, c])
>>> f.primary = [a, b, c]
>>> sorted(tuple(m) for m in f.brute_force_models())
[(-1, -2, 3), (-1, 2, -3), (1, -2, -3)]
"""

from __future__ import annotations

import itertools
import operator
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .._limits import check_memory
from ..errors import EncodingError

__all__ = ["CNF", "ENCODINGS", "xor_clauses", "VARIABLE_BYTES", "CLAUSE_BYTES"]

#: bytes a variable costs in the :class:`pysat.formula.IDPool` (two dict entries and its name; measured about 225
#: on CPython 3.11), rounded up; readers check ``variables * VARIABLE_BYTES`` against memory before making them
VARIABLE_BYTES = 250
#: bytes a short clause costs as a Python list of ints (measured about 185 for three literals), rounded up
CLAUSE_BYTES = 200


@dataclass(frozen=True, slots=True)
class _Auxiliary:
    """The name of an auxiliary variable: equal to no name a user can pass to :meth:`CNF.var`."""

    index: int


def _integer(value: object, what: str) -> int:
    """``value`` as an int if it is an integer (Python or NumPy), not a bool; else EncodingError."""
    if type(value) is int:
        return value
    if isinstance(value, bool):
        raise EncodingError(f"{what} must be an integer, got the bool {value!r}")
    try:
        return operator.index(value)
    except TypeError:
        raise EncodingError(f"{what} must be an integer, got {value!r}") from None


def _literals(values: Iterable[object], what: str) -> list[int]:
    """Non-zero integer literals (0 ends a DIMACS line, so it is no literal); else EncodingError."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise EncodingError(f"{what} must be a sequence of integer literals, got {values!r}")
    literals = [_integer(value, f"a literal of {what}") for value in values]
    if 0 in literals:
        raise EncodingError(f"{what} cannot contain the literal 0 (variables are numbered from 1)")
    return literals


def _enc_types() -> dict[str, int]:
    from pysat.card import EncType

    return {name: getattr(EncType, name) for name in vars(EncType) if not name.startswith("_")}


#: Cardinality encodings by name (``pysat.card.EncType``); ``"native"`` needs a solver with native AtMostK.
ENCODINGS: tuple[str, ...] = (
    "pairwise", "seqcounter", "sortnetwrk", "cardnetwrk", "bitwise", "ladder", "totalizer", "mtotalizer", "kmtotalizer",
)


def xor_clauses(literals: Sequence[int], parity: int) -> list[list[int]]:
    """The ``2 ** (n - 1)`` clauses saying that the XOR of ``literals`` is ``parity``.

    Examples
    --------
    >>> xor_clauses([1, 2], 1)
    [[1, 2], [-1, -2]]
    """
    clauses = []
    for signs in itertools.product((0, 1), repeat=len(literals)):
        if sum(signs) % 2 != parity % 2:  # forbid every assignment of the wrong parity
            clauses.append([-lit if s else lit for lit, s in zip(literals, signs)])
    return clauses



def _model_tuple(model) -> tuple[int, ...]:
    """A model as a tuple of ints: the decoding of a formula that stands for nothing else."""
    return tuple(int(lit) for lit in model)

class CNF:
    """A formula under construction: clauses, XOR constraints and the primary variables.

    Variables are positive integers handed out by a :class:`pysat.formula.IDPool`;
    :meth:`var` names them (any hashable name, used as it is: ``1``, ``"1"``
    and ``(1,)`` name three variables), :meth:`name` reads a name back.
    Literals are non-zero integers (Python or NumPy; not bools, floats or
    strings); anything else raises :class:`~parity.errors.EncodingError`.
    XOR constraints are kept as they are, for back ends that take them natively
    (CryptoMiniSat), and turned into clauses by :meth:`clauses_with_xors`
    (Tseitin, cut into chunks of ``xor_chunk`` literals).  ``primary`` lists the
    variables that define a solution: enumeration and counting project on them.

    Parameters
    ----------
    xor_chunk : int
        Longest XOR, in literals, encoded in one piece (``2 ** (k - 1)`` clauses);
        longer ones are cut with auxiliary variables that are *defined* by the
        chunk, so the auxiliary variables never change the number of models.
    cardinality : str
        Default encoding of :meth:`at_most`, :meth:`at_least`, :meth:`exactly`
        (a name of ``pysat.card.EncType``).
    decode : callable, optional
        A model (signed literals of every variable) -> a solution in puzzle
        terms; by default the model itself, as a tuple of ints.  A puzzle
        gives it here, at construction; it may read tables the puzzle fills
        in as it makes the variables.
    """

    def __init__(self, xor_chunk: int = 4, cardinality: str = "seqcounter", decode=None) -> None:
        from pysat.formula import IDPool

        if xor_chunk < 2:
            raise EncodingError(f"xor_chunk must be at least 2, got {xor_chunk}")
        self.pool = IDPool()
        self.clauses: list[list[int]] = []
        self.xors: list[tuple[list[int], int]] = []
        self.primary: list[int] = []
        self.xor_chunk = xor_chunk
        self.cardinality = self._encoding(cardinality)
        self._xor_cache: tuple[int, list[list[int]]] | None = None
        # (the clause list read, how many of its clauses, their normal forms): normal_clauses() adds the new ones
        self._normal: tuple[list, int, list[list[int]]] = (self.clauses, 0, [])
        self._links: set[int] = set()  # the variables that clauses_with_xors defines as XORs of others
        #: turns a model (signed literals of every variable) into a solution in puzzle terms
        self.decode = decode if decode is not None else _model_tuple
        #: an optional independent support, variables that determine every primary variable in every model,
        #: so that counts projected on it equal counts projected on ``primary`` (set by puzzles that can
        #: certify it, e.g. with a forcing set); model counters use it as their sampling set
        self.support: list[int] | None = None

    # -- variables ----------------------------------------------------------
    def var(self, name: Hashable) -> int:
        """The variable called ``name`` (created on first use); the name object is the key, never its text.

        Examples
        --------
        >>> f = CNF()
        >>> f.var(1), f.var("1"), f.var((1,)), f.var("1")
        (1, 2, 3, 2)
        """
        try:
            return self.pool.id(name)
        except TypeError:
            raise EncodingError(f"a variable name must be hashable, got {name!r}") from None

    def name(self, var: int) -> Hashable:
        """The name of variable ``var`` (None for an unnamed auxiliary)."""
        name = self.pool.obj(abs(_integer(var, "a variable")))
        return None if isinstance(name, _Auxiliary) else name

    def fresh(self) -> int:
        """A new auxiliary variable, distinct from every named one (whatever the names are).

        Examples
        --------
        >>> f = CNF()
        >>> a = f.var(("aux", 2))
        >>> f.fresh() != a, f.name(f.fresh())
        (True, None)
        """
        return self.pool.id(_Auxiliary(self.pool.top + 1))

    @property
    def nvars(self) -> int:
        return self.pool.top

    # -- constraints --------------------------------------------------------
    def add(self, clause: Iterable[int]) -> None:
        """Add one clause (a disjunction of non-zero integer literals).

        Examples
        --------
        >>> CNF().add([1, 0])
        Traceback (most recent call last):
        ...
        parity.errors.EncodingError: a clause cannot contain the literal 0 (variables are numbered from 1)
        """
        clause = _literals(clause, "a clause")
        self._grow(clause)
        self.clauses.append(clause)

    def extend(self, clauses: Iterable[Iterable[int]]) -> None:
        for clause in clauses:
            self.add(clause)

    def _grow(self, literals: Iterable[int]) -> None:
        top = max((abs(lit) for lit in literals), default=0)
        if top - self.pool.top > 1_000_000:
            missing = f"literal {top} (variables {self.pool.top + 1}..{top})"
            check_memory((top - self.pool.top) * VARIABLE_BYTES, missing)
        while self.pool.top < top:  # literals from outside the pool still count as variables
            self.fresh()

    def add_false(self) -> None:
        """Make the formula unsatisfiable (``v`` and ``not v`` for a fresh ``v``; no solver sees an empty clause)."""
        v = self.fresh()
        self._links.add(v)  # in no model, so it leaves no model undetermined (D4 may count the formula: 0)
        self.clauses.extend([[v], [-v]])

    def add_xor(self, literals: Sequence[int], parity: int) -> None:
        """XOR of ``literals`` equals ``parity`` (0 or 1); kept native until a back end needs clauses.

        Examples
        --------
        >>> CNF().add_xor([0, 1], 1)
        Traceback (most recent call last):
        ...
        parity.errors.EncodingError: an XOR cannot contain the literal 0 (variables are numbered from 1)
        """
        literals = _literals(literals, "an XOR")
        if isinstance(parity, bool):
            parity = int(parity)
        parity = _integer(parity, "the parity of an XOR")
        if parity not in (0, 1):
            raise EncodingError(f"the parity of an XOR must be 0 or 1, got {parity}")
        self._grow(literals)
        # negations fold into the parity; repeated variables cancel in pairs
        parity = (parity + sum(1 for lit in literals if lit < 0)) % 2
        odd: dict[int, int] = {}
        for lit in literals:
            odd[abs(lit)] = odd.get(abs(lit), 0) ^ 1
        variables = sorted(v for v, o in odd.items() if o)
        if not variables:
            if parity:
                self.add_false()  # 0 = 1
            return
        self.xors.append((variables, parity))
        self._xor_cache = None

    def _encoding(self, encoding: str | None) -> int:
        table = _enc_types()
        name = encoding or "seqcounter"
        if name == "native":  # PySAT keeps these apart from the clauses, so they would be lost
            raise EncodingError(
                f"cardinality encoding 'native' needs a solver's own AtMostK, which a CNF cannot hold; "
                f"use one of {', '.join(ENCODINGS)}"
            )
        if not isinstance(name, str) or name not in table:
            raise EncodingError(f"unknown cardinality encoding {name!r}; known: {', '.join(table)}")
        return table[name]

    def _card(self, kind: str, literals: Sequence[int], bound: int, encoding: str | None) -> None:
        from pysat.card import CardEnc, UnsupportedBound

        literals = _literals(literals, f"a cardinality constraint ({kind})")
        bound = _integer(bound, f"the bound of a cardinality constraint ({kind})")
        enc = self.cardinality if encoding is None else self._encoding(encoding)
        self._grow(literals)
        if kind == "atmost" and bound >= len(literals):
            return
        if kind == "atleast" and bound <= 0:
            return
        if bound < 0 or (kind != "atmost" and bound > len(literals)):
            self.add_false()
            return
        try:
            made = getattr(CardEnc, kind)(lits=literals, bound=bound, vpool=self.pool, encoding=enc)
        except UnsupportedBound:  # pairwise, bitwise and ladder encode bounds of 1 only
            name = next(n for n, value in _enc_types().items() if value == enc)
            raise EncodingError(
                f"cardinality encoding {name!r} cannot encode {kind} {bound} of {len(literals)} literals; "
                "use seqcounter or totalizer"
            ) from None
        self.clauses.extend([list(c) for c in made.clauses])

    def at_most(self, k: int, literals: Sequence[int], encoding: str | None = None) -> None:
        """At most ``k`` of ``literals`` are true (a negative ``k`` cannot be met: the formula becomes unsatisfiable).

        Raises
        ------
        EncodingError
            If ``k`` or a literal is not an integer, a literal is 0, or the
            encoding is unknown or cannot express the bound.

        Examples
        --------
        >>> CNF().at_most(1.5, [1, 2])
        Traceback (most recent call last):
        ...
        parity.errors.EncodingError: the bound of a cardinality constraint (atmost) must be an integer, got 1.5
        """
        self._card("atmost", literals, k, encoding)

    def at_least(self, k: int, literals: Sequence[int], encoding: str | None = None) -> None:
        """At least ``k`` of ``literals`` are true."""
        self._card("atleast", literals, k, encoding)

    def exactly(self, k: int, literals: Sequence[int], encoding: str | None = None) -> None:
        """Exactly ``k`` of ``literals`` are true."""
        self._card("equals", literals, k, encoding)

    def one_hot(self, name: Hashable, values: Iterable[int]) -> dict[int, int]:
        """An integer variable ``name`` taking one of ``values``: value -> its indicator variable.

        Examples
        --------
        >>> f = CNF()
        >>> digit = f.one_hot("d", range(3))
        >>> f.primary = list(digit.values())
        >>> len(f.brute_force_models())
        3
        """
        if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
            raise EncodingError(f"the values of integer variable {name!r} must be integers, got {values!r}")
        numbers = [_integer(value, f"a value of integer variable {name!r}") for value in values]
        twice = [value for value, count in Counter(numbers).items() if count > 1]
        if twice:
            raise EncodingError(f"integer variable {name!r} lists the value {twice[0]} twice")
        indicators = {value: self.var((name, value)) for value in numbers}
        if not indicators:
            raise EncodingError(f"integer variable {name!r} has no values")
        self.exactly(1, list(indicators.values()), encoding="pairwise" if len(indicators) <= 6 else None)
        return indicators

    def sum_equals(self, terms: Sequence[Mapping[int, int]], total: int | Sequence[int], modulus: int | None = None) -> None:
        """The one-hot integers ``terms`` add up to ``total`` (a value or a set of allowed values).

        Partial sums are one-hot integers over their reachable values, linked by
        one clause per (partial sum, term value) pair, so the encoding is exact:
        every solution of the constraint extends to exactly one assignment of the
        auxiliary variables.  With ``modulus`` the sum is taken mod ``modulus``
        (linear equations over GF(p)).

        Examples
        --------
        >>> f = CNF()
        >>> a, b = f.one_hot("a", range(1, 4)), f.one_hot("b", range(1, 4))
        >>> f.sum_equals([a, b], 4)
        >>> f.primary = list(a.values()) + list(b.values())
        >>> len(f.brute_force_models())
        3
        """
        if isinstance(total, Iterable) and not isinstance(total, (str, bytes)):
            allowed = {_integer(t, "an allowed total") for t in total}
        else:
            allowed = {_integer(total, "the total")}
        if modulus is not None:
            modulus = _integer(modulus, "the modulus")
            if modulus < 1:
                raise EncodingError(f"the modulus must be a positive integer, got {modulus}")
        terms = [
            {_integer(value, "a term's value"): _literals([var], "a term's indicator")[0] for value, var in t.items()}
            for t in terms
        ]
        reduce = (lambda v: v % modulus) if modulus else (lambda v: v)
        if modulus:
            allowed = {t % modulus for t in allowed}
        # S0 = 0; S_i = S_{i-1} + t_i
        previous = {0: None}  # value -> indicator (None: constant true)
        for index, term in enumerate(terms):
            values = sorted({reduce(a + b) for a in previous for b in term})
            last = index == len(terms) - 1
            if last:
                values = [v for v in values if v in allowed]
            current = {v: self.fresh() for v in values}
            if current:
                self.exactly(1, list(current.values()), encoding="pairwise" if len(current) <= 6 else None)
            for a, a_var in previous.items():
                for b, b_var in term.items():
                    s = reduce(a + b)
                    premise = ([-a_var] if a_var is not None else []) + [-b_var]
                    self.add(premise + ([current[s]] if s in current else []))
            previous = current
        if not terms:
            if 0 not in allowed:
                self.add_false()
            return
        if not previous:
            self.add_false()

    # -- output -------------------------------------------------------------
    def normal_clauses(self) -> list[list[int]]:
        """The clauses as back ends see them: each repeated literal once, tautologies (``v`` and ``-v`` in one
        clause) dropped.

        The models are the same, over the same variables (``nvars`` counts a variable that only a dropped
        clause named), but no solver meets what some crash on (D4 on a repeated literal, MapleSAT on a formula
        with no clause: the PySAT back end answers that one itself).  ``clauses`` keeps the clauses as they were
        given, for checking a model against them.

        Examples
        --------
        >>> f = CNF()
        >>> f.extend([[1, -2, -2, -3], [3, -5, 6, -3], [3]])
        >>> f.normal_clauses(), f.nvars
        ([[1, -2, -3], [3]], 6)
        """
        read, done, normal = self._normal
        if read is not self.clauses or done > len(self.clauses):  # the list was replaced or cut: start again
            done, normal = 0, []
        for clause in self.clauses[done:]:
            literals = set(clause)
            if len(literals) == len(clause):
                if not any(-lit in literals for lit in clause):
                    normal.append(clause)
            elif not any(-lit in literals for lit in literals):
                normal.append(list(dict.fromkeys(clause)))
        self._normal = (self.clauses, len(self.clauses), normal)
        return normal

    def clauses_with_xors(self) -> list[list[int]]:
        """Every constraint as clauses (:meth:`normal_clauses`, then the XORs Tseitin-encoded in chunks of
        ``xor_chunk`` literals)."""
        if self._xor_cache is not None and self._xor_cache[0] == len(self.xors):
            return self.normal_clauses() + self._xor_cache[1]
        extra: list[list[int]] = []
        for variables, parity in self.xors:
            rest = list(variables)
            while len(rest) > self.xor_chunk:
                head, rest = rest[: self.xor_chunk - 1], rest[self.xor_chunk - 1 :]
                link = self.fresh()  # link = XOR(head): a definition, so models are not multiplied
                self._links.add(link)
                extra.extend(xor_clauses(head + [link], 0))
                rest = [link] + rest
            extra.extend(xor_clauses(rest, parity))
        self._xor_cache = (len(self.xors), extra)
        return self.normal_clauses() + extra

    def undefined_auxiliaries(self) -> list[int]:
        """The variables outside ``primary`` that are not defined by the others (the XORs' link variables are):
        a counter of every model, not projected, counts each solution once only when there are none.

        Examples
        --------
        >>> f = CNF(xor_chunk=3)
        >>> f.add_xor([f.var(k) for k in "abcde"], 1)
        >>> f.primary = [f.var(k) for k in "abcde"]
        >>> f.undefined_auxiliaries()
        []
        >>> f.at_most(1, f.primary, encoding="seqcounter")
        >>> len(f.undefined_auxiliaries()) > 0
        True
        """
        self.clauses_with_xors()  # (makes the link variables)
        primary = set(self.primary)
        return [v for v in range(1, self.nvars + 1) if v not in primary and v not in self._links]

    def satisfied_by(self, model) -> bool:
        """True if the assignment (signed literals) satisfies every clause and XOR; missing variables are false.

        Examples
        --------
        >>> f = CNF()
        >>> f.add_xor([f.var("a"), f.var("b")], 1)
        >>> f.satisfied_by([1, -2]), f.satisfied_by([1, 2])
        (True, False)
        """
        value = {abs(lit): lit > 0 for lit in model}
        return all(any(value.get(abs(lit), False) == (lit > 0) for lit in clause) for clause in self.clauses) and all(
            sum(value.get(v, False) for v in variables) % 2 == parity for variables, parity in self.xors
        )

    def brute_force_models(self, limit_vars: int = 20) -> list[list[int]]:
        """Every model projected on ``primary`` by trying all assignments (tiny formulas only; for tests)."""
        clauses = self.clauses_with_xors()
        n = self.nvars
        if n > limit_vars:
            raise EncodingError(f"brute force over {n} variables refused (limit {limit_vars})")
        projected = set()
        for bits in itertools.product((False, True), repeat=n):
            if all(any((lit > 0) == bits[abs(lit) - 1] for lit in clause) for clause in clauses):
                projected.add(tuple(v if bits[v - 1] else -v for v in self.primary))
        return [list(p) for p in sorted(projected)]

    def stats(self) -> dict[str, int]:
        clauses = self.clauses_with_xors()
        return {"variables": self.nvars, "clauses": len(clauses), "xors": len(self.xors), "primary": len(self.primary)}

    def __repr__(self) -> str:
        return f"CNF(variables={self.nvars}, clauses={len(self.clauses)}, xors={len(self.xors)}, primary={len(self.primary)})"
