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

from .._files import names_a_folder, write_reason
from ..errors import OutputError, ParityError

__all__ = ["FORMATS", "figure", "save", "check_output", "pyplot"]

#: file suffixes :func:`save` writes
FORMATS = (".svg", ".png")


def pyplot():
    """matplotlib's ``pyplot``, on a backend that draws to files (Agg unless a file backend is set already), for
    every picture parity draws; imported on first use, so that a command without pictures never loads matplotlib."""
    from .._display import pyplot as _pyplot

    return _pyplot()


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
    plt = pyplot()
    fig, ax = plt.subplots(figsize=size)
    try:
        puzzle.draw(solution, ax)
    except BaseException:
        plt.close(fig)
        raise
    return fig


def check_output(path: str | os.PathLike) -> Path:
    """``path`` as a picture file :func:`save` can write, or :class:`~parity.errors.OutputError` naming it; checked
    before the puzzle is solved.

    The name must end in one of :data:`FORMATS` and name a file, not a folder
    (``x.svg/`` names one, and so does an existing folder), in a folder that
    exists.

    Examples
    --------
    >>> check_output("x.svg/")
    Traceback (most recent call last):
    ...
    parity.errors.OutputError: cannot draw to 'x.svg/': the name ends in '/', so it names a folder, not a file
    >>> check_output("/no/such/folder/x.svg")
    Traceback (most recent call last):
    ...
    parity.errors.OutputError: cannot draw to '/no/such/folder/x.svg': folder '/no/such/folder' does not exist
    """
    name = os.fsdecode(path)
    said = f"cannot draw to {name!r}"
    if not name.strip():
        raise OutputError(f"{said}: the file name is empty")
    if folder := names_a_folder(name):  # Path() would read 'x.svg/' as 'x.svg'
        raise OutputError(f"{said}: {folder}")
    target = Path(name)
    if target.suffix.lower() not in FORMATS:
        raise OutputError(f"{said}: the file name must end in {' or '.join(FORMATS)}")
    if os.path.isdir(target):
        raise OutputError(f"{said}: it is a folder, not a file")
    if not target.parent.exists():
        raise OutputError(f"{said}: folder {str(target.parent)!r} does not exist")
    if not target.parent.is_dir():
        raise OutputError(f"{said}: {str(target.parent)!r} is a file, not a folder")
    return target


def save(puzzle, solution, path: str | os.PathLike, size: tuple[float, float] = (6.0, 6.0)) -> str:
    """Draw ``solution`` and write it to ``path`` (``.svg`` or ``.png``); returns the path written.

    Raises
    ------
    OutputError
        If ``path`` is no picture file name (see :func:`check_output`) or the
        file cannot be written.
    """
    target = check_output(path)
    suffix = target.suffix.lower()
    fig = figure(puzzle, solution, size)
    plt = pyplot()
    try:
        fig.savefig(target, format=suffix[1:], bbox_inches="tight", dpi=150 if suffix == ".png" else None)
    except ParityError:
        raise
    except OSError as exc:
        raise OutputError(f"cannot write {os.fsdecode(path)!r}: {write_reason(exc, target)}") from None
    finally:
        plt.close(fig)
    return str(path)
