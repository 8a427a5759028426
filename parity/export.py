"""Writing a puzzle's encodings for other tools: one table, format name -> (encoding kind, writer).

* ``cnf``: DIMACS with a ``c p show`` projection line (the solutions are the
  models projected on it) and a ``c var N NAME`` comment per primary variable;
  ``xor_lines=True`` writes XORs as CryptoMiniSat ``x`` lines.
* ``cover``: the exact cover in Knuth's format;
* ``puzzler``: a Polyform Puzzler solution file, one solution per orbit of
  the board's symmetries as Polyform Puzzler's files list them (polyforms);
* ``matrix``: the matrix ``A`` of ``A x = b`` in the text format M4RI's tools
  read: a line ``ROWS COLS``, then one line per row; entries are digits
  written together for p < 11 and separated by spaces for p >= 11.  With
  ``augmented=True``, ``b`` is one more column (the header then says
  ``ROWS COLS+1``).

Examples
--------
>>> import os, tempfile
>>> from parity.puzzles import LightsOut
>>> path = os.path.join(tempfile.mkdtemp(), "a.txt")
>>> export(LightsOut("grid:2x2"), "matrix", path, augmented=True)
{'format': 'matrix', 'output': '...a.txt', 'rows': 4, 'cols': 5, 'field': 2, 'augmented': True}
>>> print(open(path).read().strip())
4 5
11101
11011
10111
01111
"""

from __future__ import annotations

import os
from collections.abc import Callable

from ._files import write_text
from ._limits import check_memory
from .errors import EngineNotApplicableError, LimitError

__all__ = ["FORMATS", "export", "formats_for"]


def _var_name(name) -> str:
    """('press', (0, 1)) -> 'press (0, 1)'; (('press', 3), 2) -> 'press 3 = 2'."""
    if isinstance(name, tuple) and len(name) == 2 and isinstance(name[0], tuple) and isinstance(name[1], int):
        return f"{_var_name(name[0])} = {name[1]}"
    if isinstance(name, tuple):
        return " ".join(str(part) for part in name)
    return str(name)


def _write_cnf(puzzle, formula, path, xor_lines: bool = False, augmented: bool = False) -> dict:
    from .cnf import dimacs_text

    if augmented:
        raise LimitError("--augmented applies to the matrix format only")
    notes = (f"parity {puzzle.family} {puzzle.describe()}; solutions = models projected on the 'c p show' variables",
             *(f"var {var} {_var_name(formula.name(var))}" for var in formula.primary if formula.name(var) is not None))
    write_text(path, dimacs_text(formula, xor_lines=xor_lines, comments=notes))
    stats = formula.stats()
    # what the file holds: with x lines the XORs stay XORs, otherwise they are clauses already
    clauses = len(formula.normal_clauses()) if xor_lines else stats["clauses"]
    return {"variables": stats["variables"], "clauses": clauses, "xors": stats["xors"] if xor_lines else 0,
            "primary": stats["primary"]}


def _write_matrix(puzzle, system, path, xor_lines: bool = False, augmented: bool = False) -> dict:
    if xor_lines:
        raise LimitError("--xor-lines applies to the cnf format only")
    rows, cols = system.shape
    width = cols + (1 if augmented else 0)
    entry = 1 if system.field < 11 else len(str(system.field - 1)) + 1
    check_memory(float(rows) * width * (entry + 8), f"the {rows} x {width} matrix file")
    A = system.dense()
    separator = "" if system.field < 11 else " "
    lines = [f"{rows} {width}"]
    for i, row in enumerate(A.tolist()):
        values = row + [int(system.rhs[i])] if augmented else row
        lines.append(separator.join(str(v) for v in values))
    write_text(path, "\n".join(lines) + "\n")
    return {"rows": rows, "cols": width, "field": system.field, "augmented": augmented}


def _write_cover(puzzle, problem, path, xor_lines: bool = False, augmented: bool = False) -> dict:
    from .cover import format_cover

    if xor_lines or augmented:
        raise LimitError("--xor-lines and --augmented do not apply to the cover format")
    write_text(path, format_cover(problem))
    return {"items": len(problem.primary), "secondary_items": len(problem.secondary), "options": len(problem.options)}


def _write_solutions(puzzle, _, path, xor_lines: bool = False, augmented: bool = False) -> dict:
    if xor_lines or augmented:
        raise LimitError("--xor-lines and --augmented do not apply to a file of solutions")
    from functools import partial

    from .api import encoding_solutions

    # every solution listed through the front door and verified before anything is written
    text, held = puzzle.solutions_text(partial(encoding_solutions, puzzle))
    write_text(path, text)
    return held


#: format name -> (encoding kind, writer(puzzle, encoding, path, xor_lines, augmented) -> stats); the kind
#: ``solutions`` is no encoding but the family's file of its solutions (``puzzle.solutions_text(listed)``)
FORMATS: dict[str, tuple[str, Callable]] = {
    "cnf": ("cnf", _write_cnf),
    "matrix": ("linear", _write_matrix),
    "cover": ("cover", _write_cover),
    "puzzler": ("solutions", _write_solutions),
}


def _offers(puzzle_class, kind: str) -> bool:
    if kind == "solutions":
        return callable(getattr(puzzle_class, "solutions_text", None))
    return kind in puzzle_class.encodings


def formats_for(puzzle_class) -> list[str]:
    """The export formats a family offers (those whose encoding it has, and ``puzzler`` where it writes its
    solutions as Polyform Puzzler's files)."""
    return [name for name, (kind, _) in FORMATS.items() if _offers(puzzle_class, kind)]


def export(puzzle, fmt: str, path: str | os.PathLike, xor_lines: bool = False, augmented: bool = False) -> dict:
    """Write ``puzzle``'s encoding in format ``fmt`` to ``path``; returns what was written (JSON-ready)."""
    if fmt not in FORMATS:
        raise LimitError(f"unknown export format {fmt!r}; known: {', '.join(FORMATS)}")
    kind, writer = FORMATS[fmt]
    if not _offers(puzzle, kind):
        what = "file of solutions" if kind == "solutions" else f"{kind} encoding"
        raise EngineNotApplicableError(f"{puzzle.family} puzzles have no {what} to write as {fmt}")
    encoding = None if kind == "solutions" else puzzle.encoding(kind)
    stats = writer(puzzle, encoding, path, xor_lines=xor_lines, augmented=augmented)
    return {"format": fmt, "output": str(path), **stats}
