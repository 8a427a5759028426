"""Helpers for tests and notebooks: the ``parity`` command run in this process, and eliminations compared.

>>> from parity.testing import run_cli
>>> code, out, err = run_cli("count", "lightsout", "--board", "grid:4x4")
>>> code, err
(0, '')
>>> print(out, end="")
grid:4x4, closed rule over GF(2): 16 solutions (rank 12, nullity 4; engine gf2, ... s)
>>> run_cli("count", "lightsout", "--board", "grid:0")[0]
2
"""

from __future__ import annotations

import contextlib
import io
from typing import NamedTuple

__all__ = ["CliRun", "run_cli", "echelon_answers"]


class CliRun(NamedTuple):
    """What one run of the command gave: its exit status and what it printed."""

    code: int
    out: str
    err: str


def run_cli(*args) -> CliRun:
    """Run ``parity ARGS...`` in this process (arguments are turned into strings) and capture its output."""
    from .cli import main

    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main([str(a) for a in args])
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    return CliRun(code, out.getvalue(), err.getvalue())


def echelon_answers(E) -> dict:
    """Everything a :class:`~parity.linalg.Echelon` answers, as plain lists (to compare two eliminations).

    Examples
    --------
    >>> from parity.linalg import Echelon
    >>> echelon_answers(Echelon([[1, 1]], [1]))["particular"]
    [1, 0]
    """
    particular = E.particular()
    return {
        "rank": E.rank,
        "pivots": E.pivots,
        "free": E.free,
        "consistent": E.consistent,
        "particular": None if particular is None else particular.tolist(),
        "null_basis": E.null_basis().tolist(),
        "null_basis_packed": E.null_basis_packed().tolist(),
        "rref": E.rref().tolist(),
    }
