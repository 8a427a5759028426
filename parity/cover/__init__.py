"""Exact cover: options over primary items (covered exactly once) and secondary items (at most once, or by colour).

A :class:`CoverProblem` is the encoding of kind ``"cover"``: the ``dlx``
engine solves, lists and counts it with dancing links/cells (the ``xcover``
package), the ``scan`` engine by filling the primary items in their listed
order with items as bits (:mod:`parity.cover.scan`, the faster for packing a
board), and the ``memo`` engine counts it without listing, each distinct
subproblem once (:mod:`parity.cover.memo`); :meth:`CoverProblem.to_cnf` turns it into CNF (each primary item in
exactly one chosen option, each secondary item in at most one, or in options
that agree on its colour), so the SAT engines and Ganak apply too; and
:func:`gf2_certificate` proves there is no cover when ``A x = 1`` (items by
options, over GF(2)) has no solution.  Knuth's text format is read and
written (:func:`read_cover`, :func:`write_cover`).

Examples
--------
>>> problem = CoverProblem([["a", "b"], ["c"], ["a"], ["b", "c"]])
>>> sorted(sorted(map(tuple, (problem.options[i] for i in cover))) for cover in problem.covers())
[[('a',), ('b', 'c')], [('a', 'b'), ('c',)]]
>>> problem.count()
2
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import chain

from .._files import read_text
from ._entries import Orbit, _split
from ..errors import EncodingError, InvalidSolution

__all__ = ["CoverProblem", "read_cover", "write_cover", "parse_cover", "format_cover", "gf2_certificate", "item_text"]



class CoverProblem:
    """An exact cover problem (with Knuth's colours for secondary items).

    Parameters
    ----------
    options : sequence of sequences
        Each option lists its items; a secondary item may be given as
        ``(item, colour)``: options that agree on its colour may share it.
    primary : sequence, optional
        The primary items (default: every item of the options not listed as secondary).
    secondary : sequence
        The secondary items.
    ordered : bool
        The primary items are listed in the order a search should fill them
        (a board's cells in scan-line order): the ``scan`` engine
        (:mod:`parity.cover.scan`) takes only such problems.
    neighbours : mapping, optional
        For a board: each cell (a primary item) -> the cells next to it.
        The ``pack`` engine (:mod:`parity.cover.pack`) packs such a problem
        on bitboards, cutting off regions of open cells that cannot be filled;
        it is the default for an ordered problem that has them.  Primary
        items that are not keys here are the pieces.

    Notes
    -----
    An exact cover is a set of options that holds every primary item exactly
    once and every secondary item at most once (or only in options that agree
    on its colour), **and whose every option holds a primary item**.  The last
    clause is Knuth's convention: Algorithms X and C choose options only
    through the primary items they cover, so an option made of secondary
    items alone is never part of a cover.  Every engine counts by this one
    definition (the CNF states it with a unit clause per such option), and
    :meth:`check` refuses a cover that holds one.  A problem without primary
    items has exactly one cover, the empty one.

    Raises
    ------
    EncodingError
        Options that are not a sequence of sequences (a string, None), an
        empty option, an item named twice in one option, an item both
        primary and secondary, an option naming an item not declared, a
        colour on a primary item, or ``neighbours`` that is not a mapping of
        primary items to sequences.
    """

    kind = "cover"

    def __init__(self, options: Sequence[Sequence], primary: Sequence | None = None, secondary: Sequence = (),
                 ordered: bool = False, decode=None, neighbours: Mapping | None = None) -> None:
        self.ordered = bool(ordered)
        self.options = [list(option) if type(option) is list or type(option) is tuple else
                        list(_sequence(option, f"option {number}"))
                        for number, option in enumerate(list(_sequence(options, "options", "options")))]
        self.secondary = list(dict.fromkeys(_sequence(secondary, "secondary")))
        entries = _distinct(self.options)  # (few: an entry is named by many options; None: look at each)
        self._colored = any(_split(e)[1] is not None for e in (entries if entries is not None else
                                                               chain.from_iterable(self.options)))  # (item, colour)
        split = [[_split(e) for e in option] for option in self.options] if self._colored else None
        #: each option's items, colours left out (the engines read these, not the entries)
        self.items = [[item for item, _ in row] for row in split] if split else [list(o) for o in self.options]
        self.primary = list(dict.fromkeys(_sequence(primary, "primary"))) if primary is not None else \
            [item for item in dict.fromkeys(x for row in self.items for x in row) if item not in set(self.secondary)]
        both = set(self.primary) & set(self.secondary)
        if both:
            raise EncodingError(f"item {next(iter(both))!r} is both primary and secondary")
        known = set(self.primary) | set(self.secondary)
        secondary = set(self.secondary)
        # (each option is looked at for items not declared only where one set test says that some are)
        strays = entries is None or not known.issuperset(chain.from_iterable(self.items) if split else entries)
        for number, (option, names) in enumerate(zip(self.options, self.items)):
            if not option:
                raise EncodingError(f"option {number} is empty")
            if len(set(names)) != len(names):
                raise EncodingError(f"option {number} names an item twice: {option!r}")
            unknown = next((item for item in names if item not in known), None) if strays else None
            if unknown is not None:
                raise EncodingError(f"option {number} names {unknown!r}, which is not a declared item")
            if self._colored:
                for item, colour in split[number]:
                    if colour is not None and item not in secondary:
                        raise EncodingError(f"option {number} colours the primary item {item!r}; only secondary "
                                            "items take colours")
        primary_items = set(self.primary)
        if neighbours is not None and not isinstance(neighbours, Mapping):
            raise EncodingError(f"neighbours must map each cell to the cells next to it, got {neighbours!r:.60}")
        #: each cell (a primary item) -> the cells next to it, or None (see the ``pack`` engine)
        self.neighbours = None if neighbours is None else \
            {cell: tuple(_sequence(near, f"the neighbours of {cell!r}")) for cell, near in neighbours.items()}
        if self.neighbours is not None:
            stray = next((cell for cell in self.neighbours if cell not in primary_items), None)
            if stray is not None:
                raise EncodingError(f"neighbours names {stray!r}, which is not a primary item")
        #: the options that hold no primary item: never part of a cover (see Notes)
        self.idle = [number for number, names in enumerate(self.items) if primary_items.isdisjoint(names)]
        #: chosen option numbers (sorted) -> a solution in puzzle terms; by default the chosen options
        self.decode = decode if decode is not None else (lambda chosen: [self.options[i] for i in chosen])

    def entries(self):
        """``(starts, flat)``: every option's items as numbers in one array (``flat[starts[j]:starts[j + 1]]``
        are option ``j``'s), the primary items numbered ``0, 1, ...`` in their order, then the secondary ones.
        Worked out once and kept with the problem (a problem is not changed once built): the engines' tests and
        tables read it instead of the options item by item.

        Examples
        --------
        >>> starts, flat = CoverProblem([["a", "x"], ["b"]], secondary=["x"]).entries()
        >>> starts.tolist(), flat.tolist()
        ([0, 2, 3], [0, 2, 1])
        """
        if "_entries" not in self.__dict__:
            import numpy as np

            number = {item: k for k, item in enumerate([*self.primary, *self.secondary])}
            lengths = np.fromiter(map(len, self.items), dtype=np.int64, count=len(self.items))
            starts = np.zeros(len(lengths) + 1, dtype=np.int64)
            np.cumsum(lengths, out=starts[1:])
            flat = np.fromiter((number[item] for items in self.items for item in items), dtype=np.int64,
                               count=int(starts[-1]))
            self.__dict__["_entries"] = (starts, flat)
        return self.__dict__["_entries"]

    @property
    def colored(self) -> bool:
        """Whether an option colours a secondary item (Knuth's XCC)."""
        return self._colored

    def covers(self, checked: bool = True) -> Iterator[list[int]]:
        """Every exact cover, as a sorted list of option indices (dancing cells: :mod:`parity.cover.dlx`).

        Each cover is checked against the problem before it is passed on
        (``checked=False`` skips that).
        """
        from .dlx import dlx_covers

        for cover in dlx_covers(self):
            if checked:
                self.check(cover)  # never pass on a wrong cover
            yield cover

    def count(self) -> int:
        """The number of exact covers (the harness and the tests compare it with listed, checked covers)."""
        from .dlx import dlx_count

        return dlx_count(self)

    # -- checks -------------------------------------------------------------------------------------------
    def satisfied_by(self, chosen: Iterable[int]) -> bool:
        """Do the options ``chosen`` cover every primary item exactly once and respect the secondary items?"""
        try:
            self.check(chosen)
        except InvalidSolution:
            return False
        return True

    def check(self, chosen: Iterable[int]) -> None:
        """Raise :class:`~parity.errors.InvalidSolution` unless ``chosen`` is an exact cover."""
        count: dict = {}
        colours: dict = {}
        idle = set(self.idle)
        for i in chosen:
            if not 0 <= i < len(self.options):
                raise InvalidSolution(f"there is no option {i}")
            if i in idle:
                raise InvalidSolution(f"option {i} holds no primary item, and such an option is never part of a cover")
            if not self._colored:  # (every entry an item)
                for item in self.items[i]:
                    count[item] = count.get(item, 0) + 1
                continue
            for entry in self.options[i]:
                item, colour = _split(entry)
                if colour is None:
                    count[item] = count.get(item, 0) + 1
                else:
                    colours.setdefault(item, set()).add(colour)
        for item in self.primary:
            if count.get(item, 0) != 1:
                raise InvalidSolution(f"primary item {item!r} is covered {count.get(item, 0)} times")
        for item in self.secondary:
            if count.get(item, 0) > 1 or (count.get(item, 0) and item in colours) or len(colours.get(item, ())) > 1:
                raise InvalidSolution(f"secondary item {item!r} is used by options that do not agree on it")

    # -- symmetry -----------------------------------------------------------------------------------------
    def quotient(self, item_map: Mapping, option_map: Sequence[int]) -> CoverProblem:
        """The covers that a symmetry fixes, as the covers of a smaller problem.

        A symmetry ``g`` sends item ``x`` to ``item_map[x]`` and option ``i``
        to option ``option_map[i]`` (whose items must be the images of option
        ``i``'s).  A cover fixed by ``g`` is a union of whole orbits of
        options, and an orbit can be part of one only when its options are
        pairwise disjoint.  So the fixed covers are exactly the covers of the
        problem whose items are the orbits of items (primary or secondary as
        their members) and whose options are those orbits of options, each
        holding the orbits of items it meets.  Counting that problem counts
        the fixed covers without listing any cover (Burnside's lemma then
        gives the covers up to symmetry).

        The quotient's primary items come in the order of their first
        member, so a problem ordered for a scan stays ordered.

        Raises
        ------
        EncodingError
            If ``g`` is not a symmetry of the problem (an option's image is not
            the option named, an item is sent outside its kind), or the
            problem has colours on secondary items.

        Examples
        --------
        Dominoes on a 2 x 2 square, cells ``0 1 / 2 3``: two tilings, and the
        half turn (``0 <-> 3``, ``1 <-> 2``) fixes both, since it maps each
        domino of a tiling to the other one:

        >>> square = CoverProblem([[0, 1], [2, 3], [0, 2], [1, 3]])
        >>> half_turn = square.quotient({0: 3, 3: 0, 1: 2, 2: 1}, [1, 0, 3, 2])
        >>> half_turn.options, half_turn.count()
        ([[(0, 3), (1, 2)], [(0, 3), (1, 2)]], 2)

        A quarter turn (``0 -> 1 -> 3 -> 2 -> 0``) swaps the two tilings and
        fixes neither:

        >>> square.quotient({0: 1, 1: 3, 3: 2, 2: 0}, [3, 2, 0, 1]).count()
        0
        """
        if self.colored:
            raise EncodingError("the quotient of a problem with coloured secondary items is not defined here")
        if len(option_map) != len(self.options):
            raise EncodingError(f"the symmetry moves {len(option_map)} options, the problem has {len(self.options)}")
        primary, secondary = set(self.primary), set(self.secondary)
        if len({item_map.get(x, x) for x in (*self.primary, *self.secondary)}) != len(primary) + len(secondary):
            raise EncodingError("the symmetry sends two items to the same item")
        for item in (*self.primary, *self.secondary):
            image = item_map.get(item, item)
            if (item in primary) != (image in primary) or not (image in primary or image in secondary):
                raise EncodingError(f"the symmetry sends item {item!r} to {image!r}, not an item of the same kind")
        for i, option in enumerate(self.options):
            j = option_map[i]
            if not 0 <= j < len(self.options) or \
                    sorted(map(repr, (item_map.get(x, x) for x in option))) != sorted(map(repr, self.options[j])):
                raise EncodingError(f"the symmetry sends option {i} to option {j}, whose items are not its image")
        orbit_of: dict = {}
        for cycle in _cycles([*self.primary, *self.secondary], lambda x: item_map.get(x, x)):
            name = Orbit(cycle)  # each orbit named by its members from the first, in listed order
            orbit_of.update(dict.fromkeys(cycle, name))
        options = []
        for cycle in _cycles(range(len(self.options)), option_map.__getitem__):
            held = [x for j in cycle for x in self.options[j]]
            if len(set(held)) == len(held):  # pairwise disjoint: the orbit can be part of a fixed cover
                options.append(list(dict.fromkeys(orbit_of[x] for x in held)))
        return CoverProblem(options, primary=list(dict.fromkeys(orbit_of[x] for x in self.primary)),
                            secondary=list(dict.fromkeys(orbit_of[x] for x in self.secondary)), ordered=self.ordered)

    # -- other encodings ----------------------------------------------------------------------------------
    def to_cnf(self, at_most_one: str | None = None, xor: bool = False):
        """The CNF: one variable per option; each primary item in exactly one chosen option, each secondary
        item in at most one (options agreeing on its colour may share it).  Its ``decode`` gives what the
        problem's own ``decode`` makes of the chosen options, so both encodings give the same solutions.

        With ``xor`` each primary item is stated in the GF(2) form instead: the
        XOR of its options is 1 (a native XOR, which CryptoMiniSat keeps as
        such), together with pairwise at-most-one clauses; odd and at most one
        is exactly one, so the formula has the same models.
        """
        from ..cnf import CNF

        chosen: list[int] = []  # the options' variables, made below

        def decode(model) -> object:
            true = set(model)
            return self.decode([i for i, v in enumerate(chosen) if v in true])

        formula = CNF(decode=decode)
        chosen.extend(formula.var(("option", i)) for i in range(len(self.options)))
        holders: dict = {}
        for i, option in enumerate(self.options):
            for entry in option:
                item, colour = _split(entry)
                holders.setdefault(item, []).append((chosen[i], colour))
        for item in self.primary:
            users = [v for v, _ in holders.get(item, [])]
            if xor:
                if not users:
                    formula.add_false()
                    continue
                formula.add_xor(users, 1)
                formula.at_most(1, users, encoding="pairwise")
            else:
                formula.exactly(1, users, encoding=at_most_one)
        for item in self.secondary:
            users = holders.get(item, [])
            plain = [v for v, c in users if c is None]
            if plain:
                formula.at_most(1, [v for v, _ in users] if len(plain) == len(users) else plain,
                                encoding=at_most_one)
            for a in range(len(users)):  # an uncoloured use excludes every other; colours must agree
                for b in range(a + 1, len(users)):
                    (va, ca), (vb, cb) = users[a], users[b]
                    if (ca is None or cb is None or ca != cb) and not (ca is None and cb is None):
                        formula.add([-va, -vb])
        for i in self.idle:  # secondary items alone: never chosen (Knuth's convention, as the searches do)
            formula.add([-chosen[i]])
        formula.primary = list(chosen)
        return formula


def _cycles(members: Iterable, step) -> Iterator[list]:
    """The cycles of the permutation ``step`` on ``members``, each from its first member in their order."""
    seen: set = set()
    for first in members:
        cycle, member = [], first
        while member not in seen:
            seen.add(member)
            cycle.append(member)
            member = step(member)
        if cycle:
            yield cycle


def _distinct(options) -> set | None:
    """The distinct entries of ``options``, or None where a set cannot stand for them: an entry that cannot be
    hashed (the checks of each option then name it first), or a tuple of another type (an ``Orbit``) that may
    equal an ``(item, colour)`` pair and hide it."""
    try:
        entries = set(chain.from_iterable(options))
    except TypeError:
        return None
    if any(type(e) is not tuple and isinstance(e, tuple) for e in entries):
        return None
    return entries


def _sequence(value, what: str, of: str = "items"):
    """``value`` if it is a sequence of entries (a list, a tuple, ...), else :class:`EncodingError` naming ``what``.

    A string is refused: ``CoverProblem("abc")`` would otherwise read as three one-item options.
    """
    if type(value) is list or type(value) is tuple:  # the common case, told without the ABC's slower check
        return value
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        raise EncodingError(f"{what} must be a list of {of}{' (not a string)' if isinstance(value, (str, bytes)) else ''}"
                            f", got {value!r:.60}")
    return value


def item_text(item) -> str:
    """An item as text: a tuple joined by commas (the cell ``(2, 3)`` is ``2,3``), anything else as ``str``."""
    return ",".join(str(part) for part in item) if isinstance(item, tuple) else str(item)


#: the largest problem (primary items times options) whose GF(2) certificate the exact-cover engines look for
#: (245 hexomino cells and pieces times 31,934 placements, 7.8 million, take about 0.1 s)
CERTIFICATE_LIMIT = 10_000_000


def gf2_certificate(problem: CoverProblem):
    """A proof that ``problem`` has no exact cover, or None when the GF(2) test cannot tell.

    Every exact cover solves ``A x = 1`` over GF(2) (``A``: primary items by
    options).  When that system has no solution, the returned dict holds a
    set of primary items (``items``) whose rows add up to ``0 = 1``: every
    option meets an even number of them, so no choice of options covers each
    of them exactly once, since that would need an odd total.

    Examples
    --------
    >>> pairs = CoverProblem([["a", "b"], ["b", "c"], ["a", "c"]])  # three items, options of two
    >>> sorted(gf2_certificate(pairs)["items"])
    ['a', 'b', 'c']
    >>> gf2_certificate(CoverProblem([["a"], ["b"]])) is None
    True
    """
    import numpy as np

    m, n = len(problem.primary), len(problem.options)
    if m == 0:
        return None
    if n == 0:  # no option at all: any one primary item is odd and met by every option (none) an even number of times
        return {"items": [problem.primary[0]], "reason": "every option meets an even number of these items, and "
                                                         "there is an odd number of them"}
    starts, flat = problem.entries()  # (the primary items numbered first, in their order)
    primary = flat < m
    A = np.zeros((m, n), dtype=np.uint8)
    A[flat[primary], np.repeat(np.arange(n), np.diff(starts))[primary]] = 1
    # Each item's row of A as one integer (bit j: option j meets it) and which items were added into it; a row
    # eliminated to nothing is a set of items every option meets an even number of times, and a proof when the
    # set is odd (the sum of their right-hand sides, all 1, is then 1: the system A x = 1 has no solution).
    packed = np.packbits(A, axis=1, bitorder="little")
    pivots: dict[int, tuple[int, int]] = {}  # lowest bit -> (row, items added into it)
    for r in range(m):
        bits, added = int.from_bytes(packed[r].tobytes(), "little"), 1 << r
        while bits:
            low = bits & -bits
            if low not in pivots:
                pivots[low] = (bits, added)
                break
            bits, added = bits ^ pivots[low][0], added ^ pivots[low][1]
        if not bits and added.bit_count() % 2:
            items = [problem.primary[k] for k in range(m) if added >> k & 1]
            return {"items": items, "reason": "every option meets an even number of these items, and there is an "
                                              "odd number of them"}
    return None


def parse_cover(text: str, name: str = "cover") -> CoverProblem:
    """A problem from Knuth's text format: the items line (``|`` before the secondary items), then one option per line.

    Lines that begin with ``|`` are comments, and so are lines that begin with ``//`` (xcover's test files);
    ``item:colour`` colours a secondary item.
    The items line therefore names at least one primary item: a problem
    without primary items cannot be written in this format, and needs none,
    since its one cover is the empty one (options of secondary items alone
    are never chosen; see :class:`CoverProblem`).

    Examples
    --------
    >>> problem = parse_cover("| a comment\\na b | x\\na x:red\\nb x:red\\nb\\n")
    >>> problem.primary, problem.secondary, problem.count()
    (['a', 'b'], ['x'], 2)
    """
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith(("|", "//"))]
    if not lines:
        raise EncodingError(f"{name}: no items line (Knuth's format: the items, '|' before secondary items, "
                            "then one option per line)")
    words = lines[0].split()
    if words.count("|") > 1:
        raise EncodingError(f"{name}: the items line has more than one '|'")
    cut = words.index("|") if "|" in words else len(words)
    primary, secondary = words[:cut], words[cut + 1:]
    named = next((word for word in primary + secondary if ":" in word), None)
    if named is not None:
        raise EncodingError(f"{name}: the items line names {named!r}; an item's name holds no ':' (that marks a "
                            "colour in an option)")
    options = []
    for number, line in enumerate(lines[1:], start=2):
        option = []
        for word in line.split():
            item, colon, colour = word.partition(":")
            if colon and (not colour or ":" in colour):
                raise EncodingError(f"{name}: option {number - 1} has {word!r}; a colour is written item:colour, "
                                    "with one ':' and a colour after it")
            option.append((item, colour) if colon else item)
        options.append(option)
    try:
        return CoverProblem(options, primary=primary, secondary=secondary)
    except EncodingError as exc:
        raise EncodingError(f"{name}: {exc}") from None


def read_cover(path: str | os.PathLike) -> CoverProblem:
    """Read a problem in Knuth's format from a file."""
    return parse_cover(read_text(path, EncodingError, "cover file"), str(path))


def format_cover(problem: CoverProblem) -> str:
    """Knuth's text format.  Items are written as text: a tuple joined by commas (a cell ``(2, 3)`` is
    ``2,3``, ``("row", 0, 5)`` is ``row,0,5``); items that would hold a blank, a colon or a leading bar are
    refused, and so are two items that would be written alike.
    """
    def word(item) -> str:
        text = item_text(item)
        if not text or any(c.isspace() for c in text) or ":" in text or text.startswith("|"):
            raise EncodingError(f"item {item!r} cannot be written in Knuth's format (blank, ':' or a leading '|')")
        return text

    if not problem.primary:
        raise EncodingError("a problem without primary items cannot be written in Knuth's format (its items line "
                            "would start with '|', which marks a comment); its one cover is the empty one")
    written = [word(i) for i in [*problem.primary, *problem.secondary]]
    if len(set(written)) != len(written):
        raise EncodingError("two items would be written alike in Knuth's format")
    head = " ".join(word(i) for i in problem.primary)
    if problem.secondary:
        head += " | " + " ".join(word(i) for i in problem.secondary)
    rows = []
    for option in problem.options:
        parts = []
        for entry in option:
            item, colour = _split(entry)
            parts.append(word(item) if colour is None else f"{word(item)}:{colour}")
        rows.append(" ".join(parts))
    return "\n".join([head, *rows]) + "\n"


def write_cover(problem: CoverProblem, path: str | os.PathLike) -> None:
    """Write ``problem`` in Knuth's format."""
    from ..errors import OutputError

    try:
        with open(path, "w") as handle:
            handle.write(format_cover(problem))
    except OSError as exc:
        raise OutputError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
