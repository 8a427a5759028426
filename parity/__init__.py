"""parity: lights-out and parity puzzles, solved exactly.

>>> import parity as pt
>>> puzzle = pt.LightsOut(pt.board("grid:5x5"))
>>> pt.count(puzzle)
4
>>> pt.crosscheck(puzzle).agree
True
"""

from . import boards, errors, linalg, puzzles
from .api import Result, count, solutions, solve
from .boards import board
from .check import crosscheck
from .engines import ENGINES
from .errors import ParityError
from .puzzles import LightsOut

__version__ = "0.1.0"

__all__ = [
    "board",
    "boards",
    "linalg",
    "puzzles",
    "errors",
    "ENGINES",
    "LightsOut",
    "ParityError",
    "Result",
    "solve",
    "count",
    "solutions",
    "crosscheck",
]
