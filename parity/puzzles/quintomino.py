"""Conway's quintomino dodecahedron: colour the 30 edges so that the 12 faces show the 12 quintominoes once each.

A quintomino is a regular pentagon whose five edges carry five different
colours; read around the pentagon, the colours form a cyclic order, and
turning the piece over reverses it.  Up to rotation and reflection there are
``4! / 2 = 12`` of them (:func:`quintominoes` derives them; Conway's letters
A..M, without I).  The puzzle: colour the edges of a dodecahedron with five
colours so that each face shows a quintomino and the twelve faces show all
twelve.  The board is the catalogue's ``dodecahedron-conway``, with Conway's
numbering of vertices, edges and faces.

The physical puzzle's pieces can be turned over, so a face matches a
quintomino read either way round (the default).  ``rotations_only=True`` is
the seed's Z3 model: a face must show a quintomino's colours in the order
the face lists its edges, rotations only.

Examples
--------
>>> import parity as pt
>>> [q for q, letter in zip(quintominoes(), LETTERS) if letter in "AFM"]
[(1, 2, 3, 4, 5), (1, 2, 5, 4, 3), (1, 4, 3, 2, 5)]
>>> puzzle = Quintomino()
>>> sorted(set(puzzle.letters(pt.solve(puzzle).solution).values())) == list(LETTERS)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import permutations

import numpy as np

from ..boards import board as make_board
from ..errors import InvalidSolution, LimitError
from .base import Puzzle
from .registry import Family, Option

__all__ = ["Quintomino", "quintominoes", "canonical_cycle", "LETTERS", "COLOURS", "FAMILY"]

#: Conway's letters for the twelve quintominoes (no I), in the order of :func:`quintominoes`
LETTERS = "ABCDEFGHJKLM"
#: the colours of the seed's pictures: 1 red, 2 blue, 3 orange, 4 green, 5 black
COLOURS = {1: "red", 2: "blue", 3: "orange", 4: "green", 5: "black"}


def canonical_cycle(colours) -> tuple:
    """A cyclic order up to rotation and reflection: the least of its ten readings.

    Examples
    --------
    >>> canonical_cycle((3, 4, 5, 2, 1)), canonical_cycle((1, 2, 5, 4, 3)[::-1])
    ((1, 2, 5, 4, 3), (1, 2, 5, 4, 3))
    """
    seq = tuple(colours)
    readings = [r[i:] + r[:i] for r in (seq, seq[::-1]) for i in range(len(seq))]
    return min(readings)


def quintominoes() -> list[tuple]:
    """The twelve quintominoes: every cyclic order of 1..5 up to rotation and reflection, least reading each.

    Examples
    --------
    >>> len(quintominoes()), quintominoes()[:3]
    (12, [(1, 2, 3, 4, 5), (1, 2, 3, 5, 4), (1, 2, 4, 3, 5)])
    """
    return sorted({canonical_cycle((1, *rest)) for rest in permutations(range(2, 6))})


class Quintomino(Puzzle):
    """Conway's quintomino dodecahedron (see the module docs).

    Parameters
    ----------
    board : str or networkx.Graph
        A dodecahedron with numbered edges (``index``) and ``face_edges``;
        default the catalogue's ``dodecahedron-conway``.
    rotations_only : bool
        The seed's Z3 model: faces match quintominoes in their stored order, rotations only.
    """

    family = "quintomino"
    encodings = ("search", "cnf")

    def __init__(self, board="dodecahedron-conway", rotations_only: bool = False) -> None:
        self.board = make_board(board)
        index = {}
        for u, v, data in self.board.edges(data=True):
            if "index" not in data:
                raise LimitError("the quintomino board needs numbered edges (edge attribute 'index'); use "
                                 "dodecahedron-conway")
            index[frozenset((u, v))] = int(data["index"])
        face_edges = self.board.graph.get("face_edges")
        if not face_edges:
            raise LimitError("the quintomino board needs its faces by edges (graph attribute 'face_edges')")
        self.faces = [tuple(int(e) for e in part.split()) for part in str(face_edges).split(";") if part.strip()]
        if len(self.faces) != 12 or any(len(f) != 5 for f in self.faces) or len(index) != 30:
            raise LimitError("the quintomino board must be a dodecahedron: 30 edges, 12 pentagonal faces")
        self.edge_index = index
        self.items = sorted(index.values())
        self.rotations_only = bool(rotations_only)
        self.pieces = quintominoes()
        # every reading of five different colours -> the letter it shows (or None): one look-up per face
        self._letters: dict[tuple, str | None] = {}
        for reading in permutations(range(1, 6)):
            if self.rotations_only:
                turns = {reading[i:] + reading[:i] for i in range(5)}
                found = [LETTERS[k] for k, q in enumerate(self.pieces) if q in turns]
                self._letters[reading] = found[0] if found else None
            else:
                self._letters[reading] = LETTERS[self.pieces.index(canonical_cycle(reading))]

    # -- reading a colouring ------------------------------------------------------------------------------
    def reading(self, colouring: Mapping[int, int], face: int) -> tuple:
        """The colours of a face's edges in the face's own order."""
        return tuple(colouring[e] for e in self.faces[face])

    def letter_of(self, colours: tuple) -> str | None:
        """The quintomino a face reading shows (its letter), or None."""
        return self._letters.get(tuple(colours))

    def letters(self, colouring: Mapping[int, int]) -> dict[int, str | None]:
        """Face number -> the letter of the quintomino it shows."""
        return {f: self.letter_of(self.reading(colouring, f)) for f in range(12)}

    # -- the encodings ------------------------------------------------------------------------------------
    def build_search(self) -> QuintominoSearch:
        """The family's own exact search (the ``search`` engine): backtracking over the edges, face by face."""
        return QuintominoSearch(self)

    def build_cnf(self):
        """One-hot edge colours; each face all different; a face showing quintomino P sets ``shows[f][P]``,
        and each quintomino is shown by one face at most (so by exactly one: twelve faces, twelve pieces).
        """
        from ..cnf import CNF

        meaning: dict[int, tuple[int, int]] = {}  # variable -> (edge, colour), filled below

        def decode(model) -> dict[int, int]:
            return {meaning[lit][0]: meaning[lit][1] for lit in model if lit > 0 and lit in meaning}

        formula = CNF(decode=decode)
        colour = {e: formula.one_hot(("colour", e), range(1, 6)) for e in self.items}
        for face in self.faces:
            for c in range(1, 6):
                formula.at_most(1, [colour[e][c] for e in face])
        shows = {(f, k): formula.var(("shows", f, k)) for f in range(12) for k in range(12)}
        for f, face in enumerate(self.faces):
            for k, piece in enumerate(self.pieces):
                readings = [piece[i:] + piece[:i] for i in range(5)]
                if not self.rotations_only:
                    readings += [r[::-1] for r in readings]
                placements = []
                for reading in sorted(set(readings)):  # z <-> the face reads exactly this
                    z = formula.var(("reads", f, k, reading))
                    literals = [colour[e][c] for e, c in zip(face, reading)]
                    formula.add([-lit for lit in literals] + [z])
                    for lit in literals:
                        formula.add([-z, lit])
                    formula.add([-z, shows[(f, k)]])
                    placements.append(z)
                formula.add([-shows[(f, k)]] + placements)  # shows <-> one of its readings
        for k in range(12):
            formula.exactly(1, [shows[(f, k)] for f in range(12)])
        for f in range(12):
            formula.exactly(1, [shows[(f, k)] for k in range(12)])
        formula.primary = [colour[e][c] for e in self.items for c in range(1, 6)]
        meaning.update({colour[e][c]: (e, c) for e in self.items for c in range(1, 6)})
        return formula

    # -- puzzle terms -------------------------------------------------------------------------------------
    def verify(self, colouring: Mapping[int, int]) -> None:
        """Every edge coloured 1..5, every face five different colours, the twelve faces twelve quintominoes."""
        if not isinstance(colouring, Mapping) or set(colouring) != set(self.items):
            raise InvalidSolution("a solution gives a colour 1..5 to each of the 30 edges")
        for e, c in colouring.items():
            if c not in COLOURS:
                raise InvalidSolution(f"edge {e} has colour {c!r}; colours are 1..5")
        seen: dict[str, int] = {}
        for f in range(12):
            reading = self.reading(colouring, f)
            letter = self.letter_of(reading)
            if letter is None:
                how = "" if len(set(reading)) == 5 else " (a colour repeats)"
                raise InvalidSolution(f"face {f} reads {''.join(map(str, reading))}, no quintomino{how}")
            if letter in seen:
                raise InvalidSolution(f"faces {seen[letter]} and {f} both show quintomino {letter}")
            seen[letter] = f

    def to_json(self, colouring: Mapping[int, int]) -> dict:
        letters = self.letters(colouring)
        return {"edges": {str(e): int(colouring[e]) for e in self.items},
                "faces": {str(f): letters[f] for f in range(12)}}

    def summary(self, colouring: Mapping[int, int]) -> str:
        return "the twelve quintominoes, one per face"

    def picture(self, colouring: Mapping[int, int]) -> str:
        lines = []
        for f in range(12):
            reading = "".join(str(c) for c in self.reading(colouring, f))
            lines.append(f"face {f:>2}  edges {' '.join(f'{e:>2}' for e in self.faces[f])}  colours {reading}  "
                         f"-> {self.letter_of(self.reading(colouring, f))}")
        return "\n".join(lines)

    def parameters(self) -> dict:
        return {"rotations_only": True} if self.rotations_only else {}

    def describe(self) -> str:
        how = "rotations only, as the seed's model" if self.rotations_only else "pieces may be turned over"
        return f"quintomino dodecahedron ({how})"

    def symmetries(self, recolour: bool = False):
        """The dodecahedron's 120 symmetries acting on the 30 edges; with ``recolour`` the 120 permutations of
        the five colours too.  With ``rotations_only`` reflections would turn pieces over: rotations only act.
        """
        from ..symmetry import Symmetries, all_value_permutations, automorphisms, edge_action, orientation

        known = self.__dict__.setdefault("_symmetries", {})
        if recolour in known:  # (the front door asks twice: whether there are any, then for the count)
            return known[recolour]
        nodes, perms = automorphisms(self.board)
        rotations = orientation(self.board, nodes, perms)
        edges, acting = edge_action(self.board, nodes, perms)
        position = {self.edge_index[frozenset(e)]: k for k, e in enumerate(edges)}
        order = np.array([position[e] for e in self.items])
        place = np.empty(len(order), dtype=np.int64)
        place[order] = np.arange(len(order))
        mine = place[acting[:, order]]
        keep = rotations if self.rotations_only else np.ones(len(mine), dtype=bool)
        values = (1, 2, 3, 4, 5)
        known[recolour] = Symmetries(tuple(self.items), mine[keep], values=values if recolour else None,
                                     value_perms=all_value_permutations(values) if recolour else None,
                                     rotations=rotations[keep], name="the symmetries of the dodecahedron on its edges")
        return known[recolour]

    def draw(self, colouring: Mapping[int, int], ax) -> None:
        """The Schlegel diagram with coloured edges (the seed's colours) and each face's letter."""
        import networkx as nx

        pos = nx.get_node_attributes(self.board, "pos")
        for u, v, data in self.board.edges(data=True):
            c = COLOURS[colouring[int(data["index"])]]
            ax.plot([pos[u][0], pos[v][0]], [pos[u][1], pos[v][1]], color=c, linewidth=3.2, solid_capstyle="round")
        ax.scatter([p[0] for p in pos.values()], [p[1] for p in pos.values()], s=8, color="black", zorder=3)
        letters = self.letters(colouring)
        faces = self.board.graph["faces"]
        centres = [np.mean([pos[v] for v in face], axis=0) for face in faces]
        outer = int(np.argmax([np.mean([np.linalg.norm(pos[v]) for v in face]) for face in faces]))  # the rim
        for f, face in enumerate(faces):
            # faces are matched to the face-by-edges list through their edge sets
            edges = {self.edge_index[frozenset((face[i], face[(i + 1) % 5]))] for i in range(5)}
            k = next(j for j, fe in enumerate(self.faces) if set(fe) == edges)
            where = (2.2, -2.85) if f == outer else centres[f]
            label = f"{letters[k]} (outer face)" if f == outer else letters[k]
            ax.text(*where, label, ha="center", va="center", fontsize=11,
                    bbox={"facecolor": "white", "edgecolor": "0.4", "alpha": 0.85, "boxstyle": "round,pad=0.2"})
        from matplotlib.lines import Line2D

        key = [Line2D([0], [0], color=COLOURS[value], linewidth=3.2, label=str(value)) for value in sorted(COLOURS)]
        ax.legend(handles=key, title="colour: digit", loc="lower left", fontsize=9, title_fontsize=9, frameon=False)
        ax.set_title("Conway's quintomino dodecahedron")
        ax.text(0.5, -0.02, "each face's letter names its quintomino (its five edges' digits read round it); the rim "
                "bounds the outer face", transform=ax.transAxes, ha="center", va="top", fontsize=8, color="0.3")
        ax.set_aspect("equal")
        ax.axis("off")


class QuintominoSearch:
    """Every solution by backtracking, with one face's colours fixed and the 120 recolourings put back.

    A permutation of the five colours maps a solution to a solution (it
    permutes the twelve quintominoes among themselves) and moves every
    solution, since each uses all five colours; so every solution is exactly
    one recolouring of a solution whose first face reads 1, 2, 3, 4, 5 in the
    face's order.  Those are found by a plain search: edges in an order that
    completes faces early, colours that no edge of either face already has,
    and a completed face's quintomino not yet used.
    """

    def __init__(self, puzzle: Quintomino) -> None:
        self.puzzle = puzzle

    @staticmethod
    def decode(raw) -> dict[int, int]:
        """A raw answer (edge, colour pairs) as the puzzle's solution: edge -> colour."""
        return dict(raw)

    def _fixed(self) -> list[tuple]:
        """The solutions whose face 0 reads 1, 2, 3, 4, 5, as colour tuples in edge order.

        With ``rotations_only`` recolouring does not map solutions to
        solutions (a colour permutation can turn a piece's reading into its
        mirror image), so nothing is fixed and every solution is searched.
        """
        p = self.puzzle
        faces, first = p.faces, 0
        edge_faces = {e: [f for f, fe in enumerate(faces) if e in fe] for e in p.items}
        placed = [first]
        while len(placed) < len(faces):  # the face sharing most edges with those placed comes next
            placed.append(max((f for f in range(len(faces)) if f not in placed),
                              key=lambda f: (sum(len(set(faces[f]) & set(faces[g])) for g in placed), -f)))
        order = list(dict.fromkeys(e for f in placed for e in faces[f]))
        completes = [[f for f in edge_faces[e] if set(faces[f]) <= set(order[:i + 1])] for i, e in enumerate(order)]
        colour = dict.fromkeys(p.items, 0)
        used: set = set()
        if not p.rotations_only:
            for j, e in enumerate(faces[first]):
                colour[e] = j + 1
            used.add(p.letter_of(tuple(range(1, 6))))
        found: list[tuple] = []

        def place(i: int) -> None:
            if i == len(order):
                found.append(tuple(colour[e] for e in p.items))
                return
            e = order[i]
            taken = {colour[x] for f in edge_faces[e] for x in faces[f]}
            for c in range(1, 6):
                if c in taken:
                    continue
                colour[e] = c
                added = []
                for f in completes[i]:
                    letter = p.letter_of(tuple(colour[x] for x in faces[f]))
                    if letter is None or letter in used:
                        break
                    used.add(letter)
                    added.append(letter)
                else:
                    place(i + 1)
                used.difference_update(added)
                colour[e] = 0

        place(0 if p.rotations_only else len(faces[first]))
        return found

    def solutions(self):
        """Every solution (edge -> colour), each once."""
        items = self.puzzle.items
        recolourings = [tuple(range(1, 6))] if self.puzzle.rotations_only else list(permutations(range(1, 6)))
        for fixed in self._fixed():
            for perm in recolourings:
                yield {e: perm[c - 1] for e, c in zip(items, fixed)}

    def count(self) -> int:
        return (1 if self.puzzle.rotations_only else 120) * len(self._fixed())


def _build(rotations_only: bool = False) -> Quintomino:
    return Quintomino(rotations_only=rotations_only)


FAMILY = Family(
    name="quintomino",
    puzzle=Quintomino,
    summary="Conway's quintomino dodecahedron: the 12 faces show the 12 quintominoes (pieces may be turned over).",
    options=(
        Option("rotations_only", ("--rotations-only",), "The seed's Z3 model: faces match pieces in their stored "
               "order, rotations only (no turning over).", default=False, type=bool),
    ),
    build=_build,
)
