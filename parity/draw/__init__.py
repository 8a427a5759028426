"""Pictures of solutions: SVG or PNG files through matplotlib.

A family draws a solution on a matplotlib Axes (:meth:`~parity.puzzles.Puzzle.draw`);
:func:`save` makes the figure around it and writes the file, its format
chosen by the file's suffix.  ``parity draw FAMILY ... -o FILE`` solves the
puzzle (the solution verified as always) and calls :func:`save`.

matplotlib is imported here, on first use, with its non-interactive ``Agg``
backend, so that drawing works without a display and importing parity
stays cheap.

Examples
--------
>>> import os, tempfile
>>> import parity as pt
>>> from parity.puzzles import Coloring
>>> puzzle = Coloring("petersen", colors=3)
>>> path = save(puzzle, pt.solve(puzzle).solution, os.path.join(tempfile.mkdtemp(), "petersen.svg"))
>>> open(path).read(200).count("<svg")
1
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import ParityError, StateError

__all__ = ["FORMATS", "figure", "save", "check_output"]

#: file suffixes :func:`save` writes
FORMATS = (".svg", ".png")


def _pyplot():
    import matplotlib

    if matplotlib.get_backend().lower() not in ("agg", "svg", "pdf", "cairo"):
        matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def figure(puzzle, solution, size: tuple[float, float] = (6.0, 6.0)):
    """A new matplotlib Figure with ``puzzle.draw(solution, ax)`` on it (for notebooks and scripts).

    Examples
    --------
    >>> import parity as pt
    >>> from parity.puzzles import Coloring
    >>> puzzle = Coloring("cube", colors=2)
    >>> len(figure(puzzle, pt.solve(puzzle).solution).axes)
    1
    """
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=size)
    try:
        puzzle.draw(solution, ax)
    except BaseException:
        plt.close(fig)
        raise
    return fig


def check_output(path: str | os.PathLike) -> Path:
    """``path`` as a picture file :func:`save` can write (a suffix of :data:`FORMATS`, an existing folder), or
    :class:`~parity.errors.StateError`; checked before the puzzle is solved."""
    target = Path(path)
    if target.suffix.lower() not in FORMATS:
        raise StateError(f"cannot draw to {str(path)!r}: the file name must end in {' or '.join(FORMATS)}")
    if target.parent and not target.parent.exists():
        raise StateError(f"cannot draw to {str(path)!r}: folder {str(target.parent)!r} does not exist")
    return target


def save(puzzle, solution, path: str | os.PathLike, size: tuple[float, float] = (6.0, 6.0)) -> str:
    """Draw ``solution`` and write it to ``path`` (``.svg`` or ``.png``); returns the path written.

    Raises
    ------
    StateError
        If the suffix is not one of :data:`FORMATS` or the file cannot be written.
    """
    target = check_output(path)
    suffix = target.suffix.lower()
    fig = figure(puzzle, solution, size)
    plt = _pyplot()
    try:
        fig.savefig(target, format=suffix[1:], bbox_inches="tight", dpi=150 if suffix == ".png" else None)
    except OSError as exc:
        raise StateError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    except ParityError:
        raise
    finally:
        plt.close(fig)
    return str(path)
