"""Rich display in notebooks: the helpers behind the ``_repr_svg_`` and ``_repr_html_`` of boards, puzzles,
solution spaces, results and tables (IPython's convention: a method that returns the SVG or HTML text, or None
to fall back to the plain ``repr``).

Pictures need matplotlib (``pip install 'parity[draw]'``); without it every picture here is None and a
notebook shows the text, with the HTML tables all the same.

Examples
--------
>>> print(html_table([{"n": 5, "count": 4}, {"n": 6, "count": 1}], caption="Lights Out"))
<table class="parity"><caption>Lights Out</caption><thead><tr><th>n</th><th>count</th></tr></thead><tbody><tr><td>5</td><td>4</td></tr><tr><td>6</td><td>1</td></tr></tbody></table>
>>> graph_svg(__import__("networkx").path_graph(3)).count("<svg")
1
"""

from __future__ import annotations

import html
import io
import math
from collections.abc import Callable, Iterable, Mapping, Sequence

from ._extras import require
from .errors import MissingExtraError

__all__ = ["positions", "draw_graph", "pyplot", "svg", "svg_grid", "graph_svg", "html_table", "html_rows", "escape", "MAX_ROWS", "MAX_CELLS"]

#: rows an HTML table shows before it says how many more there are
MAX_ROWS = 60
#: digits of a number a table cell shows whole; a longer one shows its first and last digits and its length
MAX_CELLS = 40


def escape(text) -> str:
    """``text`` as HTML text."""
    return html.escape(str(text), quote=True)


def pyplot():
    """matplotlib's ``pyplot`` on a backend that draws to files (Agg unless a file backend is set already), or
    :class:`~parity.errors.MissingExtraError` naming the extra 'draw'."""
    matplotlib = require("matplotlib", "drawing")
    if matplotlib.get_backend().lower() not in ("agg", "svg", "pdf", "cairo"):
        matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _svg_of(fig, plt) -> str:
    buffer = io.StringIO()
    try:
        fig.savefig(buffer, format="svg", bbox_inches="tight")
    finally:
        plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg"):] if "<svg" in text else text  # the element alone, to sit inside HTML


def svg(draw: Callable, size: tuple[float, float] = (4.5, 4.5)) -> str | None:
    """The SVG of ``draw(ax)`` on a new figure (None without matplotlib)."""
    try:
        plt = pyplot()
    except MissingExtraError:
        return None
    fig, ax = plt.subplots(figsize=size)
    try:
        draw(ax)
    except BaseException:
        plt.close(fig)
        raise
    return _svg_of(fig, plt)


def svg_grid(draws: Sequence[Callable], titles: Sequence[str] = (), across: int = 4,
             size: float = 2.8) -> str | None:
    """The SVG of several small pictures in rows, ``draws[i](ax)`` each under ``titles[i]`` (None without
    matplotlib, or with nothing to draw)."""
    if not draws:
        return None
    try:
        plt = pyplot()
    except MissingExtraError:
        return None
    across = max(1, min(across, len(draws)))
    down = math.ceil(len(draws) / across)
    fig, axes = plt.subplots(down, across, figsize=(size * across, size * down), squeeze=False)
    try:
        for k, ax in enumerate(axes.flat):
            if k < len(draws):
                draws[k](ax)
                ax.set_title(titles[k] if k < len(titles) else "", fontsize=8)
            ax.set_axis_off()
    except BaseException:
        plt.close(fig)
        raise
    return _svg_of(fig, plt)


def positions(G) -> dict:
    """Each node's place in the plane: its ``pos`` (a 3-D one seen from above, its layers offset), else a fixed
    layout (networkx's spring layout, seeded; a circle past 400 nodes)."""
    import networkx as nx

    pos = nx.get_node_attributes(G, "pos")
    if len(pos) == G.number_of_nodes() and all(len(p) in (2, 3) for p in pos.values()):
        return {v: (p[0] + 0.35 * p[2], p[1] + 0.35 * p[2]) if len(p) == 3 else (p[0], p[1]) for v, p in pos.items()}
    if G.number_of_nodes() <= 400:
        return nx.spring_layout(G, seed=0) if G.number_of_nodes() > 1 else {v: (0.0, 0.0) for v in G}
    return nx.circular_layout(G)


def draw_graph(G, ax, values: Mapping | None = None, title: str | None = None) -> None:
    """``G`` on ``ax``: edges as thin lines, nodes as dots at their places (filled where ``values`` is not 0)."""
    pos = positions(G)
    for u, v in G.edges():
        ax.plot([pos[u][0], pos[v][0]], [pos[u][1], pos[v][1]], color="0.6", linewidth=0.6, zorder=0)
    nodes = list(G.nodes())
    size = max(4.0, 60.0 / max(1, len(nodes)) ** 0.5)
    on = [v for v in nodes if values is not None and values.get(v)]
    off = [v for v in nodes if v not in set(on)]
    if off:
        ax.plot([pos[v][0] for v in off], [pos[v][1] for v in off], "o", markersize=size, color="0.3", zorder=1)
    if on:
        ax.plot([pos[v][0] for v in on], [pos[v][1] for v in on], "o", markersize=size, color="crimson", zorder=2)
    if title:
        ax.set_title(title, fontsize=9)
    ax.set_aspect("equal")
    ax.set_axis_off()


def graph_svg(G, title: str | None = None) -> str | None:
    """The SVG of the graph ``G`` drawn by :func:`draw_graph` (None without matplotlib, or past 5000 nodes)."""
    if G.number_of_nodes() > 5000:
        return None
    return svg(lambda ax: draw_graph(G, ax, title=title))


def _cell(value) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    text = "" if value is None else str(value)
    if isinstance(value, int) and not isinstance(value, bool) and len(text) > MAX_CELLS:
        digits = text.lstrip("-")
        return f"{text[:len(text) - len(digits) + 12]}…{digits[-6:]} ({len(digits)} digits)"
    return text


def html_rows(pairs: Iterable[tuple[str, object]]) -> str:
    """A two-column HTML table of ``(name, value)`` pairs, for a result's or a space's numbers."""
    body = "".join(f"<tr><th>{escape(name)}</th><td>{escape(_cell(value))}</td></tr>" for name, value in pairs)
    return f'<table class="parity">{body}</table>'


def html_table(rows: Sequence[Mapping], columns: Sequence[str] | None = None, caption: str | None = None,
               limit: int = MAX_ROWS) -> str:
    """An HTML table of ``rows`` (dicts), ``columns`` their keys (default: those of the first row, then any
    others in order); past ``limit`` rows it says how many more there are; a number of more than
    :data:`MAX_CELLS` digits shows its ends and its length (every digit stays in the rows themselves)."""
    if columns is None:
        columns = list(dict.fromkeys(key for row in rows for key in row))
    head = "".join(f"<th>{escape(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{escape(_cell(row.get(c)))}</td>" for c in columns) + "</tr>"
                   for row in rows[:limit])
    more = len(rows) - limit
    if more > 0:
        body += f'<tr><td colspan="{len(columns)}">… and {more} more rows</td></tr>'
    title = f"<caption>{escape(caption)}</caption>" if caption else ""
    return f'<table class="parity">{title}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
