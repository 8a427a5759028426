"""Board specs (``grid:5x5``, ``hex:3``, ``dodecahedron``, a catalogue name or a file path)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import networkx as nx

from ..errors import BoardFileError, BoardSpecError, CatalogueError
from ._check import check_board
from ._grids import cylinder, grid, grid3d, hex_grid, sudoku_board, tri_grid, torus
from ._io import READERS, read_board
from ._polyhedra import PLATONIC_SOLIDS, petersen
from ._regions import REGIONS, region_graph

__all__ = ["board", "read_strictly", "check_spec", "catalogue", "catalogue_path", "BOARD_KINDS", "MAX_SPEC_LENGTH"]

#: longest spec that is not a file path (a file name component has at most 255 bytes on common file systems)
MAX_SPEC_LENGTH = 255
_MAX_PATH_LENGTH = 4096  # PATH_MAX on Linux


def _dims(count: int) -> Callable[[str, str], tuple[int, ...]]:
    pattern = re.compile(r"^\d+(?:x\d+){%d}$" % (count - 1)) if count > 1 else re.compile(r"^\d+$")

    def parse(kind: str, text: str) -> tuple[int, ...]:
        if not pattern.match(text):
            shape = "x".join("N" for _ in range(count))
            raise BoardSpecError(f"board {kind}:{text}: expected {kind}:{shape} with positive integers")
        sizes = tuple(int(t) for t in text.split("x"))
        if min(sizes) < 1:
            raise BoardSpecError(f"board {kind}:{text}: sizes must be at least 1")
        return sizes

    return parse


def _rect(kind: str, text: str) -> tuple[int, ...]:
    """``5`` means ``5x5``; ``4x7`` means 4 rows, 7 columns."""
    return _dims(1)(kind, text) * 2 if "x" not in text else _dims(2)(kind, text)


def _sudoku_side(kind: str, text: str) -> tuple[int, ...]:
    """``sudoku:N`` with ``N`` a square (4, 9, 16, ...)."""
    (side,) = _dims(1)(kind, text)
    if round(side**0.5) ** 2 != side:
        raise BoardSpecError(f"board {kind}:{text}: the side of a Sudoku is a square (4, 9, 16, ...)")
    return (side,)


def _region(kind: str) -> Callable[..., nx.Graph]:
    """The constructor of a region kind: sizes -> the graph of its cells (see :mod:`parity.boards._regions`)."""
    _, lattice, _, cells = REGIONS[kind]

    def make(*sizes: int) -> nx.Graph:
        G = region_graph(cells(*sizes), lattice, kind + (":" + "x".join(map(str, sizes)) if sizes else ""))
        G.graph["kind"] = kind
        return G

    return make


#: the one table of board kinds: name -> (argument parser or None for argument-free boards, constructor); the
#: regions of a lattice (``rect:``, ``box:``, ``hex-hexagon:`` ...) are boards too, cells joined to neighbours
BOARD_KINDS: dict[str, tuple[Callable[[str, str], tuple[int, ...]] | None, Callable[..., nx.Graph]]] = {
    "grid": (_rect, grid),
    "torus": (_rect, torus),
    "cylinder": (_rect, cylinder),
    "hex": (_dims(1), hex_grid),
    "tri": (_dims(1), tri_grid),
    "grid3d": (_dims(3), grid3d),
    "sudoku": (_sudoku_side, sudoku_board),
    "petersen": (None, petersen),
    **{name: (None, make) for name, make in PLATONIC_SOLIDS.items()},
    **{kind: (parse, _region(kind)) for kind, (_, _, parse, _) in REGIONS.items()},
}


def _catalogue_dirs() -> list[Path]:
    dirs = []
    packaged = resources.files("parity") / "graphs"
    if packaged.is_dir():
        dirs.append(Path(str(packaged)))
    source_tree = Path(__file__).resolve().parents[2] / "graphs"
    if source_tree.is_dir():
        dirs.append(source_tree)
    return dirs


def catalogue() -> dict[str, Path]:
    """The named boards of the instance catalogue, name -> file.

    Examples
    --------
    >>> "dodecahedron-conway" in catalogue()
    True
    """
    found: dict[str, Path] = {}
    for folder in _catalogue_dirs():
        for path in sorted(folder.iterdir()):
            if path.suffix.lower() in READERS and path.stem not in found:
                found[path.stem] = path
    return found


def catalogue_path(name: str) -> Path:
    """The file of catalogue board ``name``; raises :class:`CatalogueError` if there is none."""
    names = catalogue()
    if name not in names:
        raise CatalogueError(f"no catalogue board {name!r}; known: {', '.join(sorted(names)) or 'none'}")
    return names[name]


def board(spec: str | nx.Graph, strict: bool = False) -> nx.Graph:
    """Build a board from a spec.

    Parameters
    ----------
    spec : str or networkx.Graph
        ``grid:RxC`` (or ``grid:N``), ``torus:RxC``, ``cylinder:RxC``,
        ``hex:R``, ``tri:N``, ``grid3d:AxBxC``, ``sudoku:N`` (side 4, 9, ...), ``tetrahedron``, ``cube``,
        ``octahedron``, ``dodecahedron``, ``icosahedron``, ``petersen``, a
        region of a lattice (``rect:WxH``, ``box:AxBxC``,
        ``tri-parallelogram:WxH``, ``tri-hexagon:S``, ``hex-parallelogram:WxH``,
        ``hex-hexagon:S``, ``hex-coin``: cells joined to their neighbours), a name
        from the catalogue (``graphs/``), or a path to a ``.graphml``,
        ``.gml``, ``.edgelist`` or DIMACS ``.col`` (or ``.clq``) file.  A graph is checked
        (see Notes) and returned as it is.
    strict : bool
        Refuse a graph file that is read otherwise with a
        :class:`~parity.errors.BoardFileWarning` (a loop in a DIMACS file,
        a directed GraphML graph; see :func:`~parity.boards.read_board`).

    Returns
    -------
    networkx.Graph
        With geometry where the board has it (node ``pos``; ``faces``;
        ``shape`` for rectangles) and ``G.graph["name"]``.

    Raises
    ------
    BoardSpecError
        If the spec names no board kind, catalogue entry or file, is longer
        than ``MAX_SPEC_LENGTH`` characters (4096 for a path), or is a
        graph that is not a board (see Notes).
    BoardFileError
        If the spec is a file that cannot be read or holds no board (or, if
        ``strict``, is read with a liberty).
    TooLargeError
        If the board would not fit in memory; checked from the size in the
        spec (or the header of a ``.col`` file) before anything is built.

    See Also
    --------
    check_board : the check applied to a graph.

    Notes
    -----
    A board is a simple undirected graph with at least one node: a directed
    graph (``nx.DiGraph``), a multigraph (``nx.MultiGraph``) or a graph with
    a self-loop is refused, whether it is passed in or read from a file, with
    a message that says how to convert it.  Node labels may be any hashable
    objects, also ones that print alike: ``1``, ``"1"`` and ``(1,)`` are three
    different nodes, and everything downstream keys by the node objects.

    Examples
    --------
    >>> board("grid:4x7").graph["shape"]
    (4, 7)
    >>> board("hex:3").number_of_nodes()
    19
    >>> board("cube:3")
    Traceback (most recent call last):
    ...
    parity.errors.BoardSpecError: board 'cube:3': cube takes no size
    >>> board(nx.DiGraph([(0, 1)]))
    Traceback (most recent call last):
    ...
    parity.errors.BoardSpecError: board is a directed graph; parity boards are simple undirected graphs: pass G.to_undirected()
    """
    if isinstance(spec, nx.Graph):
        return check_board(spec)
    return _maker(spec, strict)()


def read_strictly(spec: str | nx.Graph) -> str | nx.Graph:
    """The board a spec names read now with ``strict=True`` (see :func:`board`), where the spec names a graph file
    or a catalogue name; any other spec comes back as it is, to be built where it is used (Lights Out keeps
    ``grid:3000x3000`` as its size, without a graph).  The families whose ``--board`` takes a file use it for
    their ``--strict``.

    Examples
    --------
    >>> read_strictly("grid:3000x3000")
    'grid:3000x3000'
    >>> read_strictly("petersen-graph").number_of_edges()
    15
    """
    if isinstance(spec, str) and spec.strip().partition(":")[0] not in BOARD_KINDS:
        return board(spec, strict=True)
    return spec


def check_spec(spec: str | nx.Graph) -> None:
    """Raise what :func:`board` would raise about the spec's form (kind, size syntax, a missing file or catalogue
    name), without building the board: a command checks its options before a time limit starts.

    Examples
    --------
    >>> check_spec("grid:3000x3000")
    >>> check_spec("grid:5x")
    Traceback (most recent call last):
    ...
    parity.errors.BoardSpecError: board grid:5x: expected grid:NxN with positive integers
    """
    if not isinstance(spec, nx.Graph):
        _maker(spec)


def _maker(spec, strict: bool = False) -> Callable[[], nx.Graph]:
    """What builds the board ``spec`` names, once the spec's form is checked (errors as :func:`board`'s); files
    are read ``strict``-ly if asked."""
    if not isinstance(spec, str) or not spec.strip():
        raise BoardSpecError(f"a board spec must be a non-empty string, got {spec!r}")
    spec = spec.strip()
    is_path = "/" in spec or os.sep in spec
    if len(spec) > (_MAX_PATH_LENGTH if is_path else MAX_SPEC_LENGTH):
        raise BoardSpecError(
            f"board spec {spec[:40]!r}... is {len(spec)} characters long; a spec is at most {MAX_SPEC_LENGTH} "
            f"characters (a file path at most {_MAX_PATH_LENGTH}): use a size such as grid:5x5, a catalogue name or a file path"
        )
    if "\x00" in spec:
        raise BoardSpecError(f"board spec {spec!r} contains a NUL character")
    kind, colon, args = spec.partition(":")
    if kind in BOARD_KINDS:
        parse, make = BOARD_KINDS[kind]
        if parse is None:
            if args or colon:
                raise BoardSpecError(f"board {spec!r}: {kind} takes no size")
            return make
        if not args:
            raise BoardSpecError(f"board {spec!r}: {kind} needs a size, e.g. {kind}:{_EXAMPLES[kind]}")
        sizes = parse(kind, args)
        if kind in REGIONS:  # named as the spec says it (tri-hexagon:3 is tri-hexagon:6x6)
            return lambda: _named(make(*sizes), spec)
        return lambda: make(*sizes)
    path = Path(spec)
    if path.suffix.lower() in READERS or os.path.lexists(path):
        if not os.path.lexists(path):  # said now, as reading would say it
            raise BoardFileError(f"cannot read graph file {spec}: no such file")
        return lambda: read_board(path, strict)
    if spec in catalogue():
        def named() -> nx.Graph:
            G = read_board(catalogue_path(spec), strict)
            G.graph["name"] = spec
            return G

        return named
    raise BoardSpecError(
        f"unknown board {spec!r}: use one of {', '.join(k + (':' + _EXAMPLES[k] if k in _EXAMPLES else '') for k in BOARD_KINDS)}, "
        f"a catalogue name ({', '.join(sorted(catalogue())) or 'none'}) or a graph file"
    )


def _named(G: nx.Graph, name: str) -> nx.Graph:
    G.graph["name"] = name
    return G


_EXAMPLES = {"grid": "5x5", "torus": "6x6", "cylinder": "5x8", "hex": "3", "tri": "4", "grid3d": "3x3x3",
             "rect": "10x6", "box": "3x4x5", "tri-parallelogram": "6x3", "tri-hexagon": "3", "hex-parallelogram": "4x4",
             "hex-hexagon": "3", "sudoku": "9"}
