"""Boards: networkx graphs with geometry, built from specs, constructors or files.

>>> from parity.boards import board
>>> G = board("grid:5x5")
>>> G.number_of_nodes(), G.graph["shape"]
(25, (5, 5))
"""

from ._check import *  # noqa: F401,F403
from ._check import __all__ as _check_all
from ._geometry import *  # noqa: F401,F403
from ._geometry import __all__ as _geometry_all
from ._grids import *  # noqa: F401,F403
from ._grids import __all__ as _grids_all
from ._io import *  # noqa: F401,F403
from ._io import __all__ as _io_all
from ._polyhedra import *  # noqa: F401,F403
from ._polyhedra import __all__ as _polyhedra_all
from ._random import *  # noqa: F401,F403
from ._rectangles import *  # noqa: F401,F403
from ._rectangles import __all__ as _rectangles_all
from ._regions import *  # noqa: F401,F403
from ._regions import __all__ as _regions_all
from ._random import __all__ as _random_all
from ._spec import *  # noqa: F401,F403
from ._spec import __all__ as _spec_all

__all__ = [*_check_all, *_geometry_all, *_grids_all, *_polyhedra_all, *_io_all, *_spec_all, *_random_all, *_regions_all,
           *_rectangles_all]
