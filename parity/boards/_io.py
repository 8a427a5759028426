"""Reading and writing boards in standard graph formats.

GraphML and GML keep geometry: node ``pos`` is stored as the attributes ``x``
and ``y``, faces as the graph attribute ``faces`` (faces separated by ``;``,
nodes by spaces), so other tools (Gephi, yEd, igraph) read the same files.
DIMACS ``.col`` and edge lists carry the graph only.

Every file is read through :func:`parity._files.read_text` (a missing file, a
directory, a compressed or binary file each get a one-line
:class:`~parity.errors.BoardFileError`; a UTF-8 byte order mark is dropped)
and every graph read is checked to be a board: a multigraph or a self-loop in
a file is refused, not silently converted.  What other programs write and read
although it bends the format (a directed GraphML graph from yEd, a loop in a
DIMACS ``.col`` file) is read with one :class:`~parity.errors.BoardFileWarning`
saying what was read differently; ``strict`` reading refuses it instead.  Every
file is written through :func:`parity._files.write_text`, so an unwritable path
is one :class:`~parity.errors.OutputError`.
"""

from __future__ import annotations

import ast
import os
import re
import warnings
from collections.abc import Hashable
from pathlib import Path

import networkx as nx

from .._files import names_a_folder, read_text, write_text
from ..errors import BoardFileError, BoardFileWarning, OutputError, ParityError
from ._check import board_problem, check_board, check_board_size

__all__ = ["read_board", "write_board", "read_dimacs_col", "write_dimacs_col", "READERS", "WRITERS"]


def read_dimacs_col(path: str | os.PathLike, strict: bool = False) -> nx.Graph:
    """Read a graph in DIMACS ``.col`` format (``p edge N M`` then ``e u v`` lines); ``.clq`` files (the DIMACS
    clique benchmarks) are read the same way.

    Vertices are the integers ``1..N``.  Comment lines start with ``c``.  The
    number of ``e`` lines must be the ``M`` of the header (or, for files that
    list each edge in both directions, the number of distinct edges must).
    A loop (``e 95 95``, as in the DIMACS set's ``homer.col``) is dropped, as
    colouring programs drop it, with one
    :class:`~parity.errors.BoardFileWarning` for the file; ``strict`` refuses it.

    Raises
    ------
    BoardFileError
        With the file name and line number of the first malformed line (a
        loop too, if ``strict``), or the header's line when the edges do not
        add up to it.
    TooLargeError
        If ``N`` nodes would not fit in memory; checked at the header, before
        any node is made.

    Examples
    --------
    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "k3.col")
    >>> _ = open(path, "w").write("c a triangle\\np edge 3 3\\ne 1 2\\ne 2 3\\ne 1 3\\n")
    >>> sorted(read_dimacs_col(path).edges())
    [(1, 2), (1, 3), (2, 3)]
    >>> _ = open(path, "w").write("p edge 2 2\\ne 1 2\\ne 2 2\\n")
    >>> read_dimacs_col(path, strict=True)
    Traceback (most recent call last):
    ...
    parity.errors.BoardFileError: ...k3.col:3: loop on vertex 2; a board has no loops, and strict reading refuses it
    """
    text = read_text(path, BoardFileError, "DIMACS graph file")
    G = nx.Graph()
    declared: tuple[int, int] | None = None
    header_line = 0
    edge_lines = 0
    loops: dict[int, str] = {}  # vertex -> where its first loop is
    for number, raw in enumerate(text.splitlines(), start=1):
        words = raw.split()
        if not words or words[0].startswith("c"):  # 'c', and 'cc'-style lines as some generators write them
            continue
        where = f"{path}:{number}"
        if words[0] == "p":
            if declared is not None:
                raise BoardFileError(f"{where}: second 'p' line")
            if len(words) != 4 or words[1] not in ("edge", "col") or not all(_COUNT.fullmatch(w) for w in words[2:]):
                if len(words) == 4 and any(w.startswith("-") for w in words[2:]):
                    raise BoardFileError(f"{where}: the counts in {raw.strip()!r} must not be negative")
                raise BoardFileError(f"{where}: expected 'p edge N M', got {raw.strip()!r}")
            nodes, edges = _count(words[2]), _count(words[3])
            if nodes == 0:
                raise BoardFileError(f"{where}: 'p {words[1]} 0 ...' declares no vertices; a board needs at least one")
            if edges > nodes * (nodes - 1):  # a simple graph, even with every edge listed both ways
                most = nodes * (nodes - 1) // 2
                raise BoardFileError(f"{where}: {edges} edges cannot join {nodes} vertices (at most {most})")
            # an edge line takes at least 6 characters, so the file bounds the edges that can come
            check_board_size(f"{where}: p {words[1]} {words[2]} {words[3]}", nodes, min(edges, len(text) // 6 + 1))
            declared = (nodes, edges)
            header_line = number
            G.add_nodes_from(range(1, nodes + 1))
        elif words[0] == "e":
            if declared is None:
                raise BoardFileError(f"{where}: edge before the 'p edge N M' line")
            if len(words) != 3 or not all(_COUNT.fullmatch(w) for w in words[1:]):
                raise BoardFileError(f"{where}: expected 'e U V', got {raw.strip()!r}")
            u, v = _count(words[1]), _count(words[2])
            if not (1 <= u <= declared[0] and 1 <= v <= declared[0]):
                raise BoardFileError(f"{where}: vertex out of range 1..{declared[0]}")
            edge_lines += 1
            if u == v:
                if strict:
                    raise BoardFileError(f"{where}: loop on vertex {u}; a board has no loops, and {_REFUSED}")
                loops.setdefault(u, where)
                continue
            G.add_edge(u, v)
        else:
            raise BoardFileError(f"{where}: unknown line type {words[0]!r}")
    if declared is None:
        raise BoardFileError(f"{path}: no 'p edge N M' line")
    distinct = G.number_of_edges() + len(loops)
    if declared[1] not in (edge_lines, distinct):
        said = f" ({distinct} distinct)" if distinct != edge_lines else ""
        raise BoardFileError(
            f"{path}:{header_line}: header declares {declared[1]} edges, the file has {edge_lines}{said}"
        )
    if loops:
        first, where = next(iter(loops.items()))
        others = f" (loops on {len(loops)} vertices in all)" if len(loops) > 1 else ""
        warnings.warn(BoardFileWarning(f"{where}: loop on vertex {first} dropped{others}, as colouring programs drop "
                                       f"loops ({_REFUSED})"), stacklevel=2)
    return G


#: what a warning about a file read with a liberty says of strict reading, and a strict reader's error says
_REFUSED = "strict reading refuses it"


_COUNT = re.compile(r"[0-9]+")
_HUGE = 10**100  # beyond every machine; longer numbers are not parsed (int() refuses over 4300 digits)


def _count(word: str) -> int:
    """A decimal count from a file; numbers of more than 100 digits read as ``10**100``."""
    return int(word) if len(word) <= 100 else _HUGE


def write_dimacs_col(G: nx.Graph, path: str | os.PathLike) -> dict[Hashable, int]:
    """Write ``G`` in DIMACS ``.col`` format; returns the node -> vertex number map.

    The original node labels are listed in ``c node`` comment lines (with
    ``repr``, so ``1`` and ``'1'`` stay apart).

    Raises
    ------
    BoardSpecError
        If ``G`` is not a board (see :func:`~parity.boards.check_board`).
    OutputError
        If the file cannot be written.
    """
    check_board(G)
    number = {v: i for i, v in enumerate(G, start=1)}
    lines = [f"c {G.graph.get('name', 'graph')} written by parity"]
    lines.extend(f"c node {i} {v!r}" for v, i in number.items())
    lines.append(f"p edge {G.number_of_nodes()} {G.number_of_edges()}")
    lines.extend(f"e {number[u]} {number[v]}" for u, v in G.edges())
    write_text(path, "\n".join(lines) + "\n", OutputError, "DIMACS graph file")
    return number


def _checked(G: nx.Graph, path: str | os.PathLike) -> nx.Graph:
    """``G`` as read from ``path`` if it is a board; else BoardFileError saying what is wrong with the file."""
    problem = board_problem(G, in_file=True)
    if problem is not None:
        raise BoardFileError(f"{path}: {problem}")
    return G


def _parse_label(text: str) -> Hashable:
    """Node labels written as text come back as the int, tuple or (quoted) string they were.

    >>> _parse_label("(0, 1)"), _parse_label("7"), _parse_label("'7'"), _parse_label("a")
    ((0, 1), 7, '7', 'a')
    """
    try:
        value = ast.literal_eval(text)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return text
    if not isinstance(value, (int, tuple, str)):
        return text
    try:
        hash(value)  # a tuple holding a list is no node
    except TypeError:
        return text
    return value


def _node_ids(G: nx.Graph) -> dict[Hashable, str]:
    """A text id for every node that reads back as the same node, without white space where possible.

    ``(0, 1)`` is ``"(0,1)"``, ``7`` is ``"7"``; a string that would read back
    as something else (``"7"``) is quoted (``"'7'"``), so nodes that print alike
    stay apart.  Raises OutputError if two nodes still share an id.

    >>> _node_ids(nx.Graph([(1, "1"), ("1", (1, 2)), ((1, 2), "a")]))
    {1: '1', '1': "'1'", (1, 2): '(1,2)', 'a': 'a'}
    """
    ids: dict[Hashable, str] = {}
    owner: dict[str, Hashable] = {}
    for v in G:
        text = str(v)
        for candidate in ("".join(text.split()), text, repr(v), "".join(repr(v).split())):
            back = _parse_label(candidate)
            if back == v and type(back) is type(v):
                text = candidate
                break
        if text in owner:
            raise OutputError(
                f"nodes {owner[text]!r} and {v!r} would both be written as {text!r}; "
                "relabel the board first, e.g. with nx.convert_node_labels_to_integers(G)"
            )
        ids[v], owner[text] = text, v
    return ids


def _with_geometry(G: nx.Graph, path: str | os.PathLike) -> nx.Graph:
    """Relabel string node ids back to ints/tuples/strings and decode x, y and faces."""
    mapping = {v: _parse_label(v) if isinstance(v, str) else v for v in G}
    if len(set(mapping.values())) == len(mapping):
        G = nx.relabel_nodes(G, mapping)
    else:
        mapping = {v: v for v in G}
    H = nx.Graph()
    H.graph.update({k: a for k, a in G.graph.items() if k not in ("node_default", "edge_default")})
    for v, data in G.nodes(data=True):
        data = dict(data)
        if "x" in data and "y" in data:
            data["pos"] = (float(data.pop("x")), float(data.pop("y")))
        H.add_node(v, **data)
    H.add_edges_from(G.edges(data=True))
    faces = H.graph.get("faces")
    if isinstance(faces, str):
        labels = {str(text): v for text, v in mapping.items()}  # faces name nodes by their ids in the file
        decoded = []
        for face in faces.split(";"):
            names = face.split()
            missing = [n for n in names if n not in labels]
            if missing:
                raise BoardFileError(f"{path}: face {face.strip()!r} names unknown node {missing[0]!r}")
            decoded.append(tuple(labels[n] for n in names))
        H.graph["faces"] = decoded
    if "shape" in H.graph and isinstance(H.graph["shape"], str):
        H.graph["shape"] = tuple(int(s) for s in H.graph["shape"].split("x"))
    return H


def _for_export(G: nx.Graph) -> nx.Graph:
    """A copy with string node ids and scalar attributes only (what GraphML/GML allow)."""
    check_board(G)
    ids = _node_ids(G)
    H = nx.Graph()
    for key, value in G.graph.items():
        if key == "faces":
            spaced = [v for face in value for v in face if len(ids[v].split()) != 1]
            if spaced:
                raise OutputError(f"node {spaced[0]!r} of a face has white space in its label; relabel the board first")
            H.graph["faces"] = ";".join(" ".join(ids[v] for v in face) for face in value)
        elif key == "shape":
            H.graph["shape"] = "x".join(str(s) for s in value)
        elif isinstance(value, (str, int, float, bool)):
            H.graph[key] = value
    for v, data in G.nodes(data=True):
        attrs = {k: a for k, a in data.items() if isinstance(a, (str, int, float, bool))}
        if "pos" in data:
            attrs["x"], attrs["y"] = float(data["pos"][0]), float(data["pos"][1])
        H.add_node(ids[v], **attrs)
    for u, v, data in G.edges(data=True):
        H.add_edge(ids[u], ids[v], **{k: a for k, a in data.items() if isinstance(a, (str, int, float, bool))})
    return H


def _undirected(G: nx.Graph, path, strict: bool) -> nx.Graph:
    """A directed graph read as undirected, with a warning (refused if ``strict``): yEd and other editors write
    every graph as ``edgedefault="directed"``, drawn without arrows.  Two opposite arcs become one edge.  No
    warning when the file holds no board anyway (the error says why) or no edge (nothing to read differently)."""
    if not G.is_directed():
        return G
    if G.is_multigraph():  # parallel arcs: refused as the multigraph they are, whatever their direction
        return nx.MultiGraph(G)
    H = nx.Graph(G)
    if H.number_of_edges() and board_problem(H, in_file=True) is None:
        if strict:
            raise BoardFileError(f"{path}: the graph is written as directed, and {_REFUSED}")
        warnings.warn(BoardFileWarning(f"{path}: the graph is written as directed; its edges are read without "
                                       f"direction ({_REFUSED})"), stacklevel=3)
    return H


_GRAPH_TAG = re.compile(r"<(?:\w+:)?graph[\s>]")
_EDGE_DIRECTED = re.compile(r"(<(?:\w+:)?edge\b[^>]*?)\s+directed\s*=\s*[\"'](?:true|false)[\"']")


def _read_graphml(path, strict: bool = False):
    text = read_text(path, BoardFileError, "GraphML file")
    graphs = len(_GRAPH_TAG.findall(text))
    if graphs > 1:  # networkx reads the first graph only, and drops a yEd group's nested graph: never in silence
        raise BoardFileError(f"{path}: the file holds {graphs} graphs (several, or nested in group nodes); a board "
                             "is one graph: write one graph a file, without groups")
    try:
        G = nx.parse_graphml(text)
    except nx.NetworkXError as exc:
        if "directed=" not in str(exc):
            raise
        # yEd and others mark some edges directed="false" in a directed graph; edges are read without direction
        G = nx.parse_graphml(_EDGE_DIRECTED.sub(r"\1", text)).to_directed()
    _check_declared(G, text, path)
    return _with_geometry(_checked(_undirected(G, path, strict), path), path)


def _check_declared(G: nx.Graph, text: str, path) -> None:
    """Refuse a GraphML file with an edge whose end no ``<node>`` element declares (GraphML requires one; networkx
    would make the node)."""
    from xml.etree import ElementTree

    declared = {element.get("id") for element in ElementTree.fromstring(text).iter()
                if isinstance(element.tag, str) and element.tag.rpartition("}")[2] == "node"}
    undeclared = [v for v in G if v not in declared]  # made by the edges, in the order they name them
    if undeclared:
        more = f" (and {len(undeclared) - 1} more)" if len(undeclared) > 1 else ""
        raise BoardFileError(f"{path}: an edge names node {undeclared[0]!r}{more}, which no <node> element declares")


def _read_gml(path, strict: bool = False):
    """GML as networkx writes it (nodes named by ``label``) or as igraph and others do (nodes with an ``id``
    only: then the ids name them)."""
    text = read_text(path, BoardFileError, "GML file")
    lines = text.splitlines()
    try:
        G = nx.parse_gml(lines, label="label")
    except nx.NetworkXError as exc:
        if "has no 'label' attribute" not in str(exc):
            raise
        G = nx.parse_gml(lines, label="id")
    return _with_geometry(_checked(_undirected(G, path, strict), path), path)


def _read_edgelist(path, strict: bool = False):
    """One edge a line: ``U V``, or ``U V {ATTRIBUTES}`` as :func:`networkx.write_edgelist` writes it by default (a
    Python dict, kept as the edge's attributes); ``#`` starts a comment.  Any other line (one node, ``U V W``) is
    refused with its number, never read in part."""
    text = read_text(path, BoardFileError, "edge list file")
    G = nx.Graph()
    for number, raw in enumerate(text.splitlines(), start=1):
        words = raw.partition("#")[0].split()
        if not words:
            continue
        attributes = _edge_attributes(" ".join(words[2:])) if len(words) > 2 else {}
        if len(words) < 2 or attributes is None:
            raise BoardFileError(f"{path}:{number}: expected 'U V' or 'U V {{ATTRIBUTES}}' (one edge), got "
                                 f"{raw.strip()!r}")
        G.add_edge(words[0], words[1], **attributes)
    return _with_geometry(_checked(G, path), path)


def _edge_attributes(text: str) -> dict | None:
    """The attributes ``text`` writes as a Python dict with string keys (``{'weight': 2}``), or None.

    >>> _edge_attributes("{'weight': 2}"), _edge_attributes("{}"), _edge_attributes("4"), _edge_attributes("{1: 2}")
    ({'weight': 2}, {}, None, None)
    """
    if not text.startswith("{"):
        return None
    try:
        value = ast.literal_eval(text)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    return value if isinstance(value, dict) and all(isinstance(k, str) for k in value) else None


def _edgelist_text(G: nx.Graph) -> str:
    H = _for_export(G)
    spaced = [v for v in H if len(v.split()) != 1]
    if spaced:
        raise OutputError(
            f"node {spaced[0]!r} has white space in its label, which an edge list cannot hold; write GraphML"
        )
    isolated = [v for v in H if H.degree(v) == 0]
    if isolated:
        raise OutputError(f"node {isolated[0]!r} has no edges, which an edge list cannot hold; write GraphML or .col")
    return "".join(line + "\n" for line in nx.generate_edgelist(H, data=False))


READERS = {
    ".graphml": _read_graphml,
    ".gml": _read_gml,
    ".edgelist": _read_edgelist,
    ".edges": _read_edgelist,
    ".txt": _read_edgelist,
    ".col": read_dimacs_col,
    ".clq": read_dimacs_col,  # the DIMACS clique benchmarks: the same 'p edge N M' and 'e U V' lines
}

def _write_graphml(G: nx.Graph, path: str | os.PathLike) -> None:
    write_text(path, "\n".join(nx.generate_graphml(_for_export(G))) + "\n", OutputError, "GraphML file")


def _write_gml(G: nx.Graph, path: str | os.PathLike) -> None:
    write_text(path, "".join(line + "\n" for line in nx.generate_gml(_for_export(G))), OutputError, "GML file")


def _write_edgelist(G: nx.Graph, path: str | os.PathLike) -> None:
    write_text(path, _edgelist_text(G), OutputError, "edge list file")


WRITERS = {
    ".graphml": _write_graphml,
    ".gml": _write_gml,
    ".edgelist": _write_edgelist,
    ".col": write_dimacs_col,
}


def read_board(path: str | os.PathLike, strict: bool = False) -> nx.Graph:
    """Read a board from a graph file, choosing the format by the file's extension.

    Formats: GraphML (``.graphml``), GML (``.gml``), edge list (``.edgelist``,
    ``.edges``, ``.txt``: ``U V`` or ``U V {ATTRIBUTES}`` lines), DIMACS
    (``.col``, ``.clq``).

    Parameters
    ----------
    path : str or os.PathLike
        The file.
    strict : bool
        Refuse what is read otherwise with a
        :class:`~parity.errors.BoardFileWarning`: a directed GraphML or GML
        graph (read as undirected), a loop in a DIMACS file (dropped).

    Raises
    ------
    BoardFileError
        If the file is missing, is a directory, is not a text file, has an
        unknown extension, cannot be parsed (the line is named where the
        format has lines), or holds a graph that is not a board (a
        multigraph, a self-loop, no nodes, an edge to a GraphML node that
        is not declared); the message names the file.
    TooLargeError
        If the file, or the graph a ``.col`` header declares, would not fit
        in memory.
    """
    path = Path(path)
    reader = READERS.get(path.suffix.lower())
    if reader is None:
        if os.path.isdir(path):
            raise BoardFileError(f"{path}: is a directory, not a graph file")
        raise BoardFileError(f"{path}: unknown graph format {path.suffix!r}; known: {', '.join(READERS)}")
    try:
        G = reader(path, strict)
    except ParityError:
        raise
    except Exception as exc:  # networkx raises many kinds for malformed files
        message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise BoardFileError(f"{path}: cannot read {path.suffix[1:]} file: {message}") from None
    if G.number_of_nodes() == 0:
        raise BoardFileError(f"{path}: the graph has no nodes")
    G.graph.setdefault("name", path.stem)
    G.graph.setdefault("kind", "file")
    G.graph["source"] = str(path)
    return G


def write_board(G: nx.Graph, path: str | os.PathLike) -> None:
    """Write a board to a graph file in the format named by its extension.

    Geometry (``pos``, ``faces``, ``shape``) survives a GraphML or GML round trip.
    Nodes come back as the ints, tuples and strings they were, also when they
    print alike (the string ``'1'`` is written quoted).

    Raises
    ------
    BoardSpecError
        If ``G`` is not a board (see :func:`~parity.boards.check_board`).
    BoardFileError
        If the extension names no format.
    OutputError
        If the file cannot be written, or the format cannot hold the board
        (white space in a node label of an edge list, two nodes with one id).

    Examples
    --------
    >>> import tempfile, os
    >>> from parity.boards import grid
    >>> path = os.path.join(tempfile.mkdtemp(), "g.graphml")
    >>> write_board(grid(2, 3), path)
    >>> H = read_board(path)
    >>> list(H)[:2], H.nodes[(0, 1)]["pos"], H.graph["shape"]
    ([(0, 0), (0, 1)], (1.0, 0.0), (2, 3))
    """
    if not os.fsdecode(path).strip():
        raise OutputError("cannot write a board to '': the file name is empty")
    if folder := names_a_folder(os.fsdecode(path)):  # said before Path() reads 'b.col/' as 'b.col'
        raise OutputError(f"cannot write a board to {os.fsdecode(path)}: {folder}")
    path = Path(path)
    writer = WRITERS.get(path.suffix.lower())
    if writer is None:
        raise BoardFileError(f"{path}: cannot write format {path.suffix!r}; known: {', '.join(WRITERS)}")
    writer(G, path)
