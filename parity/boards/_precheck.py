"""A board spec checked before anything is built: :func:`check_spec`, which reads a ``grid:5x5`` without networkx."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._forms import SIZES, read_sizes, split_spec

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["check_spec"]


def check_spec(spec: str | nx.Graph) -> None:
    """Raise what :func:`~parity.boards.board` would raise about the spec's form (kind, size syntax, a missing file
    or catalogue name), without building the board: a command checks its options before a time limit starts.

    A built-in kind with a size (``grid:``, ``torus:``, ``hex:`` ...) is read here, without networkx; any other
    spec, or a graph, as :func:`~parity.boards.board` reads it.

    Examples
    --------
    >>> check_spec("grid:3000x3000")
    >>> check_spec("grid:5x")
    Traceback (most recent call last):
    ...
    parity.errors.BoardSpecError: board grid:5x: expected grid:NxN with positive integers
    """
    if isinstance(spec, str):
        spec, kind, _, args = split_spec(spec)
        if kind in SIZES:
            read_sizes(spec, kind, args, SIZES[kind])
            return
    from ._spec import _check_form

    _check_form(spec)
