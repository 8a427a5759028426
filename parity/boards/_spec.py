"""Board specs (``grid:5x5``, ``hex:3``, ``dodecahedron``, a catalogue name or a file path)."""

from __future__ import annotations

import os
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import networkx as nx

from ..errors import BoardFileError, BoardSpecError, CatalogueError
from ._check import check_board
from ._forms import EXAMPLES, SIZES, read_sizes, split_spec
from ._grids import cylinder, grid, grid3d, hex_grid, sudoku_board, tri_grid, torus
from ._io import READERS, read_board
from ._polyhedra import PLATONIC_SOLIDS, petersen
from ._regions import REGIONS, region_graph

__all__ = ["board", "read_strictly", "catalogue", "catalogue_path", "BOARD_KINDS"]

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
    "grid": (SIZES["grid"], grid),
    "torus": (SIZES["torus"], torus),
    "cylinder": (SIZES["cylinder"], cylinder),
    "hex": (SIZES["hex"], hex_grid),
    "tri": (SIZES["tri"], tri_grid),
    "grid3d": (SIZES["grid3d"], grid3d),
    "sudoku": (SIZES["sudoku"], sudoku_board),
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
    from ._board import as_board

    return as_board(_maker(spec, strict)())


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


def _check_form(spec: str | nx.Graph) -> None:
    """What :func:`~parity.boards.check_spec` asks of a spec whose kind takes no size, names a region, a catalogue
    entry or a file (or is a graph)."""
    if not isinstance(spec, nx.Graph):
        _maker(spec)


def _maker(spec, strict: bool = False) -> Callable[[], nx.Graph]:
    """What builds the board ``spec`` names, once the spec's form is checked (errors as :func:`board`'s); files
    are read ``strict``-ly if asked."""
    spec, kind, colon, args = split_spec(spec)
    if kind in BOARD_KINDS:
        parse, make = BOARD_KINDS[kind]
        if parse is None:
            if args or colon:
                raise BoardSpecError(f"board {spec!r}: {kind} takes no size")
            return make
        sizes = read_sizes(spec, kind, args, parse)
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
    import difflib

    kind, colon, rest = spec.partition(":")
    near = difflib.get_close_matches(kind, [*BOARD_KINDS, *catalogue()], n=2, cutoff=0.7)
    if near:  # the nearest alone: the whole list is in --help and docs/boards.rst
        guesses = " or ".join(name + colon + rest if name in BOARD_KINDS else name for name in near)
        raise BoardSpecError(f"unknown board {spec!r}: did you mean {guesses}?")
    raise BoardSpecError(
        f"unknown board {spec!r}: use one of "
        f"{', '.join(k + (':' + EXAMPLES[k] if k in EXAMPLES else '') for k in BOARD_KINDS)}, "
        f"a catalogue name ({', '.join(sorted(catalogue())) or 'none'}) or a graph file"
    )


def _named(G: nx.Graph, name: str) -> nx.Graph:
    G.graph["name"] = name
    return G

