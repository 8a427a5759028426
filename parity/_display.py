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
import numbers
from collections.abc import Callable, Iterable, Mapping, Sequence

from ._extras import require
from .errors import MissingExtraError

__all__ = ["positions", "draw_graph", "plain_text", "digits_of", "pyplot", "svg", "svg_grid", "graph_svg", "html_table", "html_rows", "escape", "MAX_ROWS", "MAX_CELLS"]

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


def _figure(size: tuple[float, float]):
    """A matplotlib Figure made without pyplot (None without matplotlib): drawing for a notebook's display must
    not touch pyplot's backend, which a user's ``%matplotlib inline`` has set."""
    try:
        require("matplotlib", "drawing")
    except MissingExtraError:
        return None
    from matplotlib.figure import Figure

    return Figure(figsize=size)


def _svg_of(fig) -> str:
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", bbox_inches="tight")
    text = buffer.getvalue()
    return text[text.index("<svg"):] if "<svg" in text else text  # the element alone, to sit inside HTML


def svg(draw: Callable, size: tuple[float, float] = (4.5, 4.5)) -> str | None:
    """The SVG of ``draw(ax)`` on a new figure (None without matplotlib)."""
    fig = _figure(size)
    if fig is None:
        return None
    draw(fig.subplots())
    return _svg_of(fig)


def svg_grid(draws: Sequence[Callable], titles: Sequence[str] = (), across: int = 4,
             size: float = 2.8) -> str | None:
    """The SVG of several small pictures in rows, ``draws[i](ax)`` each under ``titles[i]`` (None without
    matplotlib, or with nothing to draw)."""
    if not draws:
        return None
    across = max(1, min(across, len(draws)))
    down = math.ceil(len(draws) / across)
    fig = _figure((size * across, size * down))
    if fig is None:
        return None
    for k, ax in enumerate(fig.subplots(down, across, squeeze=False).flat):
        if k < len(draws):
            draws[k](ax)
            ax.set_title(titles[k] if k < len(titles) else "", fontsize=8)
        ax.set_axis_off()
    return _svg_of(fig)


def positions(G) -> dict:
    """Each node's place in the plane: its ``pos`` (a 3-D one seen from above, its layers offset), else a fixed
    layout (networkx's spring layout, seeded; a circle past 400 nodes)."""
    import networkx as nx

    pos = nx.get_node_attributes(G, "pos")
    if len(pos) == G.number_of_nodes() and all(_numbers(p) for p in pos.values()):
        return {v: (p[0] + 0.35 * p[2], p[1] + 0.35 * p[2]) if len(p) == 3 else (p[0], p[1]) for v, p in pos.items()}
    if G.number_of_nodes() <= 400:
        return nx.spring_layout(G, seed=0) if G.number_of_nodes() > 1 else {v: (0.0, 0.0) for v in G}
    return nx.circular_layout(G)


def _numbers(p) -> bool:
    """Whether a node's ``pos`` is a place: two or three finite numbers (a GraphML file may hold text)."""
    try:
        return len(p) in (2, 3) and all(isinstance(x, numbers.Real) and math.isfinite(x) for x in p)
    except TypeError:
        return False


def plain_text(text: str) -> str:
    """``text`` as matplotlib shows it literally: a ``$`` would start mathematical text.

    Examples
    --------
    >>> print(plain_text("price $5 and $6"))
    price \\$5 and \\$6
    """
    return str(text).replace("$", r"\$")


def draw_graph(G, ax, values: Mapping | None = None, title: str | None = None) -> None:
    """``G`` on ``ax``: edges as thin lines, nodes as dots at their places (filled where ``values`` is not 0)."""
    from matplotlib.collections import LineCollection

    pos = positions(G)
    segments = [(pos[u], pos[v]) for u, v in G.edges()]
    if segments:
        ax.add_collection(LineCollection(segments, colors="0.6", linewidths=0.6, zorder=0))
    nodes = list(G.nodes())
    size = max(4.0, 60.0 / max(1, len(nodes)) ** 0.5)
    on = [v for v in nodes if values is not None and values.get(v)]
    off = [v for v in nodes if v not in set(on)]
    if off:
        ax.plot([pos[v][0] for v in off], [pos[v][1] for v in off], "o", markersize=size, color="0.3", zorder=1)
    if on:
        ax.plot([pos[v][0] for v in on], [pos[v][1] for v in on], "o", markersize=size, color="crimson", zorder=2)
    if title:
        ax.set_title(plain_text(title), fontsize=9)
    ax.set_aspect("equal")
    ax.set_axis_off()


def graph_svg(G, title: str | None = None) -> str | None:
    """The SVG of the graph ``G`` drawn by :func:`draw_graph` (None without matplotlib, or past 5000 nodes)."""
    if G.number_of_nodes() > 5000:
        return None
    return svg(lambda ax: draw_graph(G, ax, title=title))


def digits_of(value: int) -> int:
    """The number of decimal digits of ``abs(value)``, without writing it out (Python refuses to write an integer
    of more than 4300 digits unless told otherwise).

    Examples
    --------
    >>> digits_of(0), digits_of(-999), digits_of(10 ** 5000)
    (1, 3, 5001)
    """
    value = abs(value)
    if value < 10:
        return 1
    count = int(value.bit_length() * 0.30102999566398120) + 1  # log10(2): right or one too many
    return count if value >= 10 ** (count - 1) else count - 1


def _cell(value) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, int) and not isinstance(value, bool):
        count = digits_of(value)
        if count > MAX_CELLS:
            head = abs(value) // 10 ** (count - 12)
            tail = f"{abs(value) % 10 ** 6:06d}"
            return f"{'-' if value < 0 else ''}{head}…{tail} ({count} digits)"
    return "" if value is None else str(value)


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
