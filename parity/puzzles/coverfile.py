"""Exact cover problems as a family: a file in Knuth's format is a puzzle whose solutions are its covers.

``parity solve|count cover FILE`` reads the problem (items line with ``|``
before the secondary items, one option per line, ``item:colour`` for
colours); the ``dlx`` engine answers by default, the CNF engines (``sat``,
``cms``, ``ganak``) read the same problem, and every cover is checked item
by item.  ``--ordered`` says the primary items are listed in the order a
search should fill them (as ``parity export polyomino --format cover``
writes a board's cells): the ``scan`` engine then answers by default.
``parity check cover`` cross-checks the engines on random problems, some
with secondary items and colours, some with options of secondary items
alone (never part of a cover, by Knuth's convention: see
:class:`~parity.cover.CoverProblem`), some with a planted cover, half of
those without colours marked ordered.

Examples
--------
>>> import parity as pt
>>> from parity.cover import parse_cover
>>> puzzle = CoverFile(parse_cover("a b c\\na b\\nc\\na\\nb c\\n"))
>>> pt.count(puzzle), pt.count(puzzle, engine="sat")
(2, 2)
"""

from __future__ import annotations

import random

from ..errors import InvalidSolution
from .base import Puzzle
from .registry import Family, Option

__all__ = ["CoverFile", "random_cover", "FAMILY"]


class CoverFile(Puzzle):
    """An exact cover problem, from a file in Knuth's format or given as a :class:`~parity.cover.CoverProblem`."""

    family = "cover"
    encodings = ("cover", "cnf")

    def __init__(self, source, name: str | None = None, xor: bool = False, ordered: bool = False) -> None:
        from ..cover import CoverProblem, read_cover

        self.xor = bool(xor)
        self.ordered = bool(ordered)
        if isinstance(source, CoverProblem):
            self.problem, self.name = source, name or "problem"
        else:
            from pathlib import Path

            self.problem, self.name = read_cover(source), name or Path(source).name

    @property
    def board_name(self) -> str:
        return self.name

    def header(self) -> dict:
        return {"family": self.family, "file": self.name, "items": len(self.problem.primary),
                "secondary_items": len(self.problem.secondary), "options": len(self.problem.options)}

    def build_cover(self):
        from ..cover import CoverProblem

        return CoverProblem(self.problem.options, self.problem.primary, self.problem.secondary,
                            ordered=self.ordered, decode=sorted)

    def build_cnf(self):
        """The CNF of the problem; with ``xor`` in the GF(2) form (an XOR per item, pairwise at-most-one)."""
        return self.cnf_from_cover(xor=self.xor)

    def verify(self, chosen) -> None:
        """Every primary item covered exactly once; secondary items at most once, or by options of one colour."""
        if not isinstance(chosen, list):
            raise InvalidSolution("a cover is a list of option numbers")
        self.problem.check(chosen)

    def to_json(self, chosen) -> dict:
        return {"cover": chosen, "chosen": [[str(e if not isinstance(e, tuple) else f"{e[0]}:{e[1]}") for e in
                                               self.problem.options[i]] for i in chosen]}

    def summary(self, chosen) -> str:
        return f"{len(chosen)} options"

    def picture(self, chosen) -> str:
        lines = []
        for i in chosen:
            words = [str(e) if not isinstance(e, tuple) else f"{e[0]}:{e[1]}" for e in self.problem.options[i]]
            lines.append(f"option {i}: {' '.join(words)}")
        return "\n".join(lines) or "(no options: nothing to cover)"

    def describe(self) -> str:
        form = ", CNF in XOR form" if self.xor else ""
        return f"exact cover {self.name} ({len(self.problem.primary)} items, {len(self.problem.options)} options{form})"


def random_cover(rng: random.Random) -> CoverFile:
    """A random small problem: a planted cover half the time, secondary items and colours sometimes, and
    sometimes options of secondary items alone (which no cover holds)."""
    from ..cover import CoverProblem

    n = rng.randint(1, 7)
    items = [f"p{i}" for i in range(n)]
    secondary = [f"s{i}" for i in range(rng.randint(0, 2))]
    colours = ["red", "blue"]
    options = []
    if rng.random() < 0.5:  # plant a cover: a random partition of the items
        shuffled = rng.sample(items, n)
        while shuffled:
            k = rng.randint(1, len(shuffled))
            options.append(shuffled[:k])
            shuffled = shuffled[k:]
    for _ in range(rng.randint(1, 8)):
        option = rng.sample(items, rng.randint(1, min(3, n)))
        for s in secondary:
            if rng.random() < 0.4:
                option.append((s, rng.choice(colours)) if rng.random() < 0.5 else s)
        options.append(option)
    for _ in range(rng.randint(0, 2) if secondary else 0):  # options of secondary items alone: never chosen
        shown = rng.sample(secondary, rng.randint(1, len(secondary)))
        options.append([(s, rng.choice(colours)) if rng.random() < 0.5 else s for s in shown])
    rng.shuffle(options)
    xor = rng.random() < 0.5  # half the time the CNF engines see the GF(2) form of the items
    problem = CoverProblem(options, primary=items, secondary=secondary)
    ordered = not problem.colored and rng.random() < 0.5  # and half the problems without colours go to scan too
    return CoverFile(problem, name=f"random:{n}x{len(options)}{':xor' if xor else ''}{':ordered' if ordered else ''}",
                     xor=xor, ordered=ordered)


def _check(path: str, **_) -> None:
    """The file is there (see :attr:`Family.check`)."""
    from .._files import check_file
    from ..errors import EncodingError

    check_file(path, EncodingError, "cover file")


FAMILY = Family(
    name="cover",
    puzzle=CoverFile,
    summary="An exact cover problem in Knuth's format (items, '|' before secondary items, one option per line).",
    options=(Option("path", (), "A file in Knuth's exact-cover format.", required=True),
             Option("xor", ("--xor",), "CNF in the GF(2) form: an XOR per item (native for cms) and pairwise "
                    "at-most-one.", default=False, type=bool),
             Option("ordered", ("--ordered",), "The primary items are listed in the order a search should fill them "
                    "(as parity export writes a board's cells): the scan engine answers.", default=False, type=bool)),
    build=lambda path, xor=False, ordered=False: CoverFile(path, xor=xor, ordered=ordered),
    random_instance=random_cover,
    check=_check,
)
