"""Presses shown: rows of text (:func:`picture`), a drawing (:func:`draw`) and JSON (:func:`to_json`).

The functions take the puzzle (a :class:`~parity.puzzles.LightsOut`) and its
presses; the puzzle's methods of the same names call them.  On a grid,
cylinder or torus with at most 10 light states the rows and the JSON are
written by numpy, a byte a cell, so a board of millions of cells is shown
without a Python string a cell.

Examples
--------
>>> from parity.puzzles import LightsOut
>>> puzzle = LightsOut("grid:2x3")
>>> print(picture(puzzle, {(0, 0): 1, (1, 2): 1}))
# . .
. . #
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

import numpy as np

from ..._json import JSONText
from ..base import node_labels

__all__ = ["picture", "grid_text", "draw", "to_json"]


def picture(puzzle, presses: Mapping[Hashable, int]) -> str:
    """Presses drawn row by row for rectangular boards (``#`` pressed, ``.`` not; digits for p > 2).

    Other boards are listed as ``node: presses`` lines for the pressed nodes.
    """
    def mark(times: int) -> str:
        if puzzle.field == 2:
            return "#" if times else "."
        return str(times) if times else "."

    shape = puzzle._grid_shape()
    if shape is not None and puzzle.field <= 10:  # one character a cell: the rows are written by numpy
        return grid_text(puzzle._press_vector(presses).reshape(shape), puzzle.field)
    if shape is not None:
        return "\n".join(" ".join(mark(presses.get((r, c), 0)) for c in range(shape[1])) for r in range(shape[0]))
    labels = node_labels(puzzle.nodes)
    return "\n".join(f"{labels[v]}: {t}" for v, t in presses.items() if t and v in labels) or "(no presses)"


def grid_text(X: np.ndarray, field: int) -> str:
    """The presses (or lights) ``X[r, c]`` of a board with at most 10 light states as :func:`picture` draws them,
    a row a line: ``.`` for 0, ``#`` for 1 over GF(2), digits over GF(p).

    Examples
    --------
    >>> print(grid_text(np.array([[1, 0], [0, 1]]), 2))
    # .
    . #
    """
    glyphs = np.frombuffer(b".#" if field == 2 else b".123456789", dtype=np.uint8)
    text = np.full((X.shape[0], 2 * X.shape[1]), ord(" "), dtype=np.uint8)
    text[:, 0::2] = glyphs[X]
    text[:, -1] = ord("\n")
    return text.tobytes().decode("ascii")[:-1]


def draw(puzzle, presses: Mapping[Hashable, int], ax) -> None:
    """The board with its start lights (filled: on; over GF(p) the shade is the state) and the presses (dots).

    Nodes sit at their ``pos`` (grids, polyhedra); other boards get a fixed
    layout.  A press count above 1 (over GF(p)) is written beside its dot.
    """
    from matplotlib.patches import RegularPolygon

    from ..._display import plain_text, positions

    G = puzzle.board
    pos = positions(G)
    lengths = [((pos[u][0] - pos[v][0]) ** 2 + (pos[u][1] - pos[v][1]) ** 2) ** 0.5 for u, v in G.edges()]
    size = 0.42 * (min(lengths) if lengths else 1.0)
    square = puzzle._grid_shape() is not None
    for u, v in G.edges():
        ax.plot([pos[u][0], pos[v][0]], [pos[u][1], pos[v][1]], color="0.75", linewidth=0.6, zorder=0)
    for i, v in enumerate(puzzle.nodes):
        state = int(puzzle.start[i])
        shade = (1.0, 0.83, 0.2) if state else (0.25, 0.25, 0.3)
        if puzzle.field > 2 and state:
            shade = (1.0, 0.83 * state / (puzzle.field - 1) + 0.1, 0.2)
        ax.add_patch(RegularPolygon(pos[v], 4 if square else 6, radius=size * (1.35 if square else 1.1),
                                    orientation=0.785398 if square else 0.0, facecolor=shade,
                                    edgecolor="black", linewidth=0.5, zorder=1))
        times = int(presses.get(v, 0))
        if times:
            ax.plot(*pos[v], marker="o", markersize=max(2.0, 140.0 / max(1, len(puzzle.nodes)) ** 0.5),
                    color="crimson", zorder=2)
            if times > 1:
                ax.annotate(str(times), pos[v], xytext=(4, 4), textcoords="offset points", fontsize=7, zorder=3)
    ax.set_title(plain_text(f"{puzzle.board_name}: {puzzle.weight(presses)} presses (dots) from the lights shown"))
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.axis("off")


def to_json(puzzle, presses: Mapping[Hashable, int]) -> dict:
    """``presses`` (label -> times, every node), ``press_count``, and ``press_grid`` rows for rectangles.

    On a grid, cylinder or torus (with at most 10 light states) the presses come as JSON text written by
    numpy (``parity._json.JSONText``), the same text ``json.dumps`` writes for the dict of labels.
    """
    if puzzle.rectangle is not None and puzzle.field <= 10:  # the press vector read once for all three
        X = puzzle._press_vector(presses).reshape(puzzle.rectangle.shape)
        return {"press_count": int(X.sum()), "presses": _press_json(X),
                "press_grid": grid_text(X, puzzle.field).splitlines()}
    labels = node_labels(puzzle.nodes)
    payload = {"press_count": puzzle.weight(presses),
               "presses": {labels[v]: int(presses.get(v, 0)) for v in puzzle.nodes}}
    if puzzle._grid_shape() is not None:
        payload["press_grid"] = picture(puzzle, presses).splitlines()
    return payload


def _press_json(X: np.ndarray) -> JSONText:
    """The presses ``X[r, c]`` (digits 0..9) as the JSON object ``{"0,0": 1, "0,1": 0, ...}``, written row by row
    into bytes: what ``json.dumps`` writes for the dict of labels, without four million Python strings.

    Examples
    --------
    >>> _press_json(np.array([[1, 0], [0, 1]])).text
    '{"0,0": 1, "0,1": 0, "1,0": 0, "1,1": 1}'
    """
    rows, cols = X.shape
    # the row r is  r,0": V, "r,1": V, " ... r,{cols-1}": V, "  with the r written before each column's piece
    pieces = [f',{c}": 0, "'.encode() for c in range(cols)]
    lengths = np.array([len(piece) for piece in pieces], dtype=np.int64)
    before = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    value_at = lengths - 4  # the value sits 4 bytes before the end of its piece
    digits = (np.asarray(X) + ord("0")).astype(np.uint8)
    out = []
    for r in range(rows):
        head = str(r).encode()
        line = np.frombuffer(head + head.join(pieces), dtype=np.uint8).copy()
        line[len(head) * (1 + np.arange(cols)) + before + value_at] = digits[r]
        out.append(line.tobytes())
    return JSONText('{"' + b"".join(out)[:-3].decode("ascii") + "}")
