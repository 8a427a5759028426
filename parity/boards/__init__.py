"""Boards: networkx graphs with geometry, built from specs, constructors or files.

>>> from parity.boards import board
>>> G = board("grid:5x5")
>>> G.number_of_nodes(), G.graph["shape"]
(25, (5, 5))

Names load with the module that defines them, on first use: a packing reads
its region as cells (``region``), and a command checks a ``grid:5x5`` spec
(``check_spec``, ``rectangle``), without importing networkx, which the graph
boards need.
"""

from __future__ import annotations

import importlib

#: the modules behind the package's names, each with the names it exports (its ``__all__``; a test keeps them equal)
_MODULES = {
    "_board": ("Board", "as_board"),
    "_check": ("check_board",),
    "_forms": ("MAX_SPEC_LENGTH",),
    "_geometry": ("signed_area", "oriented_faces"),
    "_grids": ("grid", "torus", "cylinder", "hex_grid", "tri_grid", "grid3d", "sudoku_board"),
    "_io": ("read_board", "write_board", "read_dimacs_col", "write_dimacs_col", "READERS", "WRITERS"),
    "_precheck": ("check_spec",),
    "_polyhedra": ("planar_faces", "schlegel_positions", "tetrahedron", "cube", "octahedron", "dodecahedron",
                   "icosahedron", "petersen", "PLATONIC_SOLIDS"),
    "_random": ("GRAPH_GENERATORS", "random_graph"),
    "_rectangles": ("Rectangle", "Cells", "rectangle", "RECTANGLE_KINDS"),
    "_regions": ("REGIONS", "REGION_FORMS", "region", "region_graph", "read_shape", "check_cells",
                 "check_on_lattice"),
    "_spec": ("board", "read_strictly", "catalogue", "catalogue_path", "BOARD_KINDS"),
}
_HOME = {name: module for module, names in _MODULES.items() for name in names}

__all__ = list(_HOME)


def __getattr__(name: str):
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # found once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOME})
