"""New Scientist Enigma 1780 ("Pure hedronism", the last Enigma): digits 1-5 on the icosahedron's triangles.

Every triangle of an icosahedron gets a digit 1 to 5 so that the five
triangles around each vertex are all different; some digits are given, and
six triangles are covered by the letters E, N, I, G, M, A: what do they hide?
Triangles around a vertex differ exactly when any two triangles sharing a
vertex differ, so the puzzle is a 5-colouring of the faces of the
icosahedron with faces that share a corner in conflict
(:class:`~parity.puzzles.Coloring` with ``element="faces"``,
``adjacency="vertex"``), on the catalogue's ``icosahedron-net`` whose faces
are numbered as the net's cells: face ``k`` is cell ``(k % 5, k // 5)``.

The clues are the seed's: cells (0,0)=2, (0,1)=5, (0,3)=1, (4,0)=4, (4,3)=2
(and (4,2)=3, which the seed's program leaves out: it is not needed, the
five others already force one solution).  The letters cover the middle band
of the net, E N I G M A on faces 6, 11, 7, 12, 8, 13 (the published diagram,
as transcribed on the Enigmatic Code site, whose net numbers the triangles
as the catalogue does).

Examples
--------
>>> import parity as pt
>>> result = pt.solve(Enigma1780())
>>> result.stats["unique"], Enigma1780().answer(result.solution)
(True, '324125')
>>> pt.count(Enigma1780(clues=False))
240
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from ..errors import LimitError
from .coloring import Coloring
from .registry import Family, Option

__all__ = ["Enigma1780", "SEED_CLUES", "OPTIONAL_CLUE", "ENIGMA_FACES", "seed_relation", "random_enigma", "FAMILY"]

#: the seed's clues: net cell (i, j) -> digit
SEED_CLUES = {(0, 0): 2, (0, 1): 5, (0, 3): 1, (4, 0): 4, (4, 3): 2}
#: the clue the seed's program comments out
OPTIONAL_CLUE = {(4, 2): 3}
#: the faces under the letters E, N, I, G, M, A
ENIGMA_FACES = (6, 11, 7, 12, 8, 13)


def cell_face(i: int, j: int) -> int:
    """The face number of net cell ``(i, j)`` (column ``i`` of 5, row ``j`` of 4)."""
    return i + 5 * j


def seed_relation() -> dict[int, set[int]]:
    """The seed's hand-written net rules (its ``i_0`` .. ``i_3``) as face -> faces it calls connected.

    Examples
    --------
    >>> sorted(seed_relation()[0])  # the seed says (0,0) meets (1,2) and not (0,2)
    [1, 2, 3, 4, 5, 6, 9, 11, 14]
    """
    def m(i: int) -> int:
        return i % 5

    rules = {
        0: lambda i: [(m(i + 1), 0), (m(i + 2), 0), (m(i + 3), 0), (m(i + 4), 0), (m(i - 1), 1), (m(i - 1), 2),
                      (m(i), 1), (m(i + 1), 2), (m(i + 1), 1)],
        1: lambda i: [(m(i - 1), 0), (m(i - 1), 1), (m(i - 1), 2), (m(i - 1), 3), (m(i), 0), (m(i), 2), (m(i), 3),
                      (m(i + 1), 0), (m(i + 1), 1)],
        2: lambda i: [(m(i), 0), (m(i), 1), (m(i), 3), (m(i - 1), 2), (m(i - 1), 3), (m(i + 1), 0), (m(i + 1), 1),
                      (m(i + 1), 2), (m(i + 1), 3)],
        3: lambda i: [(m(i + 1), 3), (m(i + 2), 3), (m(i + 3), 3), (m(i + 4), 3), (m(i - 1), 2), (m(i), 1),
                      (m(i), 2), (m(i + 1), 1), (m(i + 1), 2)],
    }
    return {cell_face(i, j): {cell_face(*b) for b in rules[j](i)} for j in range(4) for i in range(5)}


class Enigma1780(Coloring):
    """Enigma 1780 on the icosahedron's faces (see the module docs).

    Parameters
    ----------
    clues : bool or mapping
        True: the seed's five clues; False: none (count every numbering);
        or a mapping net cell ``(i, j)`` -> digit.
    rules : {"geometry", "seed"}
        ``geometry`` (default): faces that share a vertex differ, from the
        board.  ``seed``: the seed's hand-written net rules instead, made
        symmetric (a pair either rule names must differ).
    """

    family = "enigma1780"
    solve_defaults = {"unique": True}

    def __init__(self, clues: bool | Mapping = True, rules: str = "geometry") -> None:
        given = SEED_CLUES if clues is True else ({} if clues is False else dict(clues))
        faces = {}
        for (i, j), digit in given.items():
            if not (0 <= i < 5 and 0 <= j < 4) or digit not in range(1, 6):
                raise LimitError(f"clue {(i, j)}={digit!r}: cells are (0..4, 0..3), digits 1..5")
            faces[cell_face(i, j)] = digit - 1
        super().__init__("icosahedron-net", colors=5, element="faces", adjacency="vertex", clues=faces)
        if rules not in ("geometry", "seed"):
            raise LimitError(f"rules must be 'geometry' or 'seed', got {rules!r}")
        self.rules = rules
        if rules == "seed":
            self.conflicts.remove_edges_from(list(self.conflicts.edges()))
            self.conflicts.add_edges_from((a, b) for a, near in seed_relation().items() for b in near if a != b)

    # -- puzzle terms -------------------------------------------------------------------------------------
    def digits(self, colouring: Mapping[int, int]) -> list[int]:
        """The digit of each face, in face order."""
        return [colouring[f] + 1 for f in range(20)]

    def answer(self, colouring: Mapping[int, int]) -> str:
        """The six digits under E, N, I, G, M, A."""
        return "".join(str(colouring[f] + 1) for f in ENIGMA_FACES)

    def to_json(self, colouring: Mapping[int, int]) -> dict:
        return {"answer": self.answer(colouring), "digits": self.digits(colouring),
                "net": [self.digits(colouring)[5 * j:5 * j + 5] for j in range(4)]}

    def summary(self, colouring: Mapping[int, int]) -> str:
        return f"ENIGMA = {self.answer(colouring)}"

    def picture(self, colouring: Mapping[int, int]) -> str:
        """The net row by row: the top cap, the band (pointing down and up in turn), the bottom cap.

        A letter after a digit marks the six ENIGMA triangles.
        """
        d = self.digits(colouring)
        letters = dict(zip(ENIGMA_FACES, "ENIGMA"))

        def cell(f: int) -> str:
            return f"{d[f]}{letters.get(f, ' ')}"

        top = "  ".join(cell(f) for f in range(5))
        band = "".join(f"{cell(5 + i)}{cell(10 + i)}" for i in range(5))
        bottom = "  ".join(cell(15 + i) for i in range(5))
        return "\n".join(line.rstrip() for line in (f"top     {top}", f"band    {band}", f"bottom    {bottom}"))

    def parameters(self) -> dict:
        extra = {"rules": "seed"} if self.rules == "seed" else {}
        return {"clues": len(self.clues), **extra}

    def describe(self) -> str:
        rules = ", the seed's net rules" if self.rules == "seed" else ""
        return f"Enigma 1780 ({len(self.clues)} clues{rules})"

    def __repr__(self) -> str:
        return f"Enigma1780(clues={len(self.clues)}, rules={self.rules!r})"

    def draw(self, colouring: Mapping[int, int], ax) -> None:
        """The net: five triangles up on top, the band of ten, five down below; clues bold, ENIGMA marked."""
        from matplotlib.patches import Polygon

        h = 3 ** 0.5 / 2
        letters = dict(zip(ENIGMA_FACES, "ENIGMA"))
        corners = {}
        for i in range(5):
            corners[i] = [(i, 2 * h), (i + 1, 2 * h), (i + 0.5, 3 * h)]                   # top cap, pointing up
            corners[5 + i] = [(i, 2 * h), (i + 1, 2 * h), (i + 0.5, h)]                   # band, pointing down
            corners[10 + i] = [(i + 0.5, h), (i + 1.5, h), (i + 1, 2 * h)]                # band, pointing up
            corners[15 + i] = [(i + 0.5, h), (i + 1.5, h), (i + 1, 0)]                    # bottom cap, down
        shades = ["#f4cccc", "#fce5cd", "#fff2cc", "#d9ead3", "#cfe2f3"]
        for f, points in corners.items():
            ax.add_patch(Polygon(points, closed=True, facecolor=shades[colouring[f]], edgecolor="black",
                                 linewidth=0.8))
            x = sum(p[0] for p in points) / 3
            y = sum(p[1] for p in points) / 3
            clue = f in self.clues
            ax.text(x, y, str(colouring[f] + 1), ha="center", va="center", fontsize=13,
                    fontweight="bold" if clue else "normal", color="black" if clue else "0.25")
            if f in letters:
                ax.text(x, y - 0.22 if f < 10 else y + 0.22, letters[f], ha="center", va="center", fontsize=8,
                        color="darkred")
        ax.set_title(f"Enigma 1780: ENIGMA = {self.answer(colouring)} (clues in bold)")
        ax.set_xlim(-0.2, 5.7)
        ax.set_ylim(-0.2, 3 * h + 0.2)
        ax.set_aspect("equal")
        ax.axis("off")


def random_enigma(rng: random.Random) -> Enigma1780:
    """Random clues for ``parity check``: up to four cells of the net with random digits (240 numberings without
    clues, none for many clue sets that clash)."""
    cells = rng.sample([(i, j) for i in range(5) for j in range(4)], rng.randint(0, 4))
    return Enigma1780(clues={cell: rng.randint(1, 5) for cell in cells})


def _build(no_clues: bool = False, seed_rules: bool = False) -> Enigma1780:
    return Enigma1780(clues=not no_clues, rules="seed" if seed_rules else "geometry")


FAMILY = Family(
    name="enigma1780",
    puzzle=Enigma1780,
    summary="New Scientist Enigma 1780: digits 1-5 on the icosahedron's triangles, all different around each vertex.",
    options=(
        Option("no_clues", ("--no-clues",), "Drop the clues (count every numbering).", default=False, type=bool),
        Option("seed_rules", ("--seed-rules",), "Use the seed's hand-written net rules instead of the board's "
               "geometry.", default=False, type=bool),
    ),
    build=_build,
    random_instance=random_enigma,
)
