"""Reading and writing boards in standard graph formats.

GraphML and GML keep geometry: node ``pos`` is stored as the attributes ``x``
and ``y``, faces as the graph attribute ``faces`` (faces separated by ``;``,
nodes by spaces), so other tools (Gephi, yEd, igraph) read the same files.
DIMACS ``.col`` and edge lists carry the graph only.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Hashable
from pathlib import Path

import networkx as nx

from ..errors import BoardFileError

__all__ = ["read_board", "write_board", "read_dimacs_col", "write_dimacs_col", "READERS", "WRITERS"]


def read_dimacs_col(path: str | os.PathLike) -> nx.Graph:
    """Read a graph in DIMACS ``.col`` format (``p edge N M`` then ``e u v`` lines).

    Vertices are the integers ``1..N``.  Comment lines start with ``c``.

    Raises
    ------
    BoardFileError
        With the file name and line number of the first malformed line.

    Examples
    --------
    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "k3.col")
    >>> _ = open(path, "w").write("c a triangle\\np edge 3 3\\ne 1 2\\ne 2 3\\ne 1 3\\n")
    >>> sorted(read_dimacs_col(path).edges())
    [(1, 2), (1, 3), (2, 3)]
    """
    G = nx.Graph()
    declared: tuple[int, int] | None = None
    with _open(path) as lines:
        for number, raw in enumerate(lines, start=1):
            words = raw.split()
            if not words or words[0] == "c":
                continue
            where = f"{path}:{number}"
            if words[0] == "p":
                if declared is not None:
                    raise BoardFileError(f"{where}: second 'p' line")
                if len(words) != 4 or words[1] not in ("edge", "col") or not all(w.isdigit() for w in words[2:]):
                    raise BoardFileError(f"{where}: expected 'p edge N M', got {raw.strip()!r}")
                declared = (int(words[2]), int(words[3]))
                G.add_nodes_from(range(1, declared[0] + 1))
            elif words[0] == "e":
                if declared is None:
                    raise BoardFileError(f"{where}: edge before the 'p edge N M' line")
                if len(words) != 3 or not all(w.isdigit() for w in words[1:]):
                    raise BoardFileError(f"{where}: expected 'e U V', got {raw.strip()!r}")
                u, v = int(words[1]), int(words[2])
                if not (1 <= u <= declared[0] and 1 <= v <= declared[0]):
                    raise BoardFileError(f"{where}: vertex out of range 1..{declared[0]}")
                if u == v:
                    raise BoardFileError(f"{where}: loop on vertex {u}")
                G.add_edge(u, v)
            else:
                raise BoardFileError(f"{where}: unknown line type {words[0]!r}")
    if declared is None:
        raise BoardFileError(f"{path}: no 'p edge N M' line")
    return G


def write_dimacs_col(G: nx.Graph, path: str | os.PathLike) -> dict[Hashable, int]:
    """Write ``G`` in DIMACS ``.col`` format; returns the node -> vertex number map.

    The original node labels are listed in ``c node`` comment lines.
    """
    number = {v: i for i, v in enumerate(G, start=1)}
    with open(path, "w", encoding="utf-8") as out:
        out.write(f"c {G.graph.get('name', 'graph')} written by parity\n")
        for v, i in number.items():
            out.write(f"c node {i} {v}\n")
        out.write(f"p edge {G.number_of_nodes()} {G.number_of_edges()}\n")
        for u, v in G.edges():
            out.write(f"e {number[u]} {number[v]}\n")
    return number


class _open:
    """Open a text file, turning OS and encoding errors into BoardFileError."""

    def __init__(self, path: str | os.PathLike):
        self.path = path

    def __enter__(self):
        try:
            self.handle = open(self.path, encoding="utf-8")
        except OSError as exc:
            raise BoardFileError(f"cannot open {self.path}: {exc.strerror}") from None
        return self.handle

    def __exit__(self, kind, value, traceback):
        self.handle.close()
        if isinstance(value, UnicodeDecodeError):
            raise BoardFileError(f"{self.path}: not a text file") from None
        return False


def _parse_label(text: str) -> Hashable:
    """Node labels written as text come back as the int or tuple they were."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text
    return value if isinstance(value, (int, tuple)) else text


def _with_geometry(G: nx.Graph, path: str | os.PathLike) -> nx.Graph:
    """Relabel string node ids back to ints/tuples and decode x, y and faces."""
    mapping = {v: _parse_label(v) if isinstance(v, str) else v for v in G}
    if len(set(mapping.values())) == len(mapping):
        G = nx.relabel_nodes(G, mapping)
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
        labels = {str(v): v for v in H}
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
    H = nx.Graph()
    for key, value in G.graph.items():
        if key == "faces":
            H.graph["faces"] = ";".join(" ".join(str(v) for v in face) for face in value)
        elif key == "shape":
            H.graph["shape"] = "x".join(str(s) for s in value)
        elif isinstance(value, (str, int, float, bool)):
            H.graph[key] = value
    for v, data in G.nodes(data=True):
        attrs = {k: a for k, a in data.items() if isinstance(a, (str, int, float, bool))}
        if "pos" in data:
            attrs["x"], attrs["y"] = float(data["pos"][0]), float(data["pos"][1])
        H.add_node(str(v), **attrs)
    for u, v, data in G.edges(data=True):
        H.add_edge(str(u), str(v), **{k: a for k, a in data.items() if isinstance(a, (str, int, float, bool))})
    return H


def _read_graphml(path):
    return _with_geometry(nx.read_graphml(path), path)


def _read_gml(path):
    return _with_geometry(nx.read_gml(path, label="label"), path)


def _read_edgelist(path):
    G = nx.read_edgelist(path, nodetype=str, data=False)
    return _with_geometry(G, path)


READERS = {
    ".graphml": _read_graphml,
    ".gml": _read_gml,
    ".edgelist": _read_edgelist,
    ".edges": _read_edgelist,
    ".txt": _read_edgelist,
    ".col": read_dimacs_col,
}

WRITERS = {
    ".graphml": lambda G, path: nx.write_graphml(_for_export(G), path),
    ".gml": lambda G, path: nx.write_gml(_for_export(G), path),
    ".edgelist": lambda G, path: nx.write_edgelist(_for_export(G), path, data=False),
    ".col": write_dimacs_col,
}


def read_board(path: str | os.PathLike) -> nx.Graph:
    """Read a board from a graph file, choosing the format by the file's extension.

    Formats: GraphML (``.graphml``), GML (``.gml``), edge list (``.edgelist``,
    ``.edges``, ``.txt``), DIMACS (``.col``).

    Raises
    ------
    BoardFileError
        If the file is missing, has an unknown extension or cannot be parsed;
        the message names the file.
    """
    path = Path(path)
    reader = READERS.get(path.suffix.lower())
    if reader is None:
        raise BoardFileError(f"{path}: unknown graph format {path.suffix!r}; known: {', '.join(READERS)}")
    if not path.is_file():
        raise BoardFileError(f"{path}: no such file")
    try:
        G = reader(path)
    except BoardFileError:
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
    path = Path(path)
    writer = WRITERS.get(path.suffix.lower())
    if writer is None:
        raise BoardFileError(f"{path}: cannot write format {path.suffix!r}; known: {', '.join(WRITERS)}")
    writer(G, path)
