"""DIMACS CNF files, with the model-counting projection line ``c p show ... 0``.

Written files are plain DIMACS that any SAT solver or model counter reads.
XOR constraints are written as clauses (Tseitin), or, with ``xor_lines=True``,
as CryptoMiniSat's ``x`` lines.  The projection (primary variables) goes on a
``c p show v1 v2 ... 0`` line, the convention of the model counting
competition; readers also accept the older ``c ind ... 0``, before or after the
``p cnf`` line.

Files are read through :func:`parity._files.read_text` (a UTF-8 byte order
mark is dropped; a missing, compressed or binary file is one
:class:`~parity.errors.DimacsError`) and written through
:func:`parity._files.write_text` (an unwritable path is one
:class:`~parity.errors.OutputError`).
"""

from __future__ import annotations

import os
import re
import warnings
from pathlib import Path

from .._files import read_text, write_text
from .._limits import check_memory
from ..errors import DimacsError, DimacsWarning, OutputError
from .formula import CLAUSE_BYTES, CNF, VARIABLE_BYTES

__all__ = ["write_dimacs", "read_dimacs", "dimacs_text"]


def dimacs_text(cnf: CNF, xor_lines: bool = False, comments: tuple[str, ...] = ()) -> str:
    """The formula as DIMACS text.

    Examples
    --------
    >>> f = CNF()
    >>> a, b = f.var("a"), f.var("b")
    >>> f.add([a, b]); f.primary = [a, b]
    >>> print(dimacs_text(f))
    p cnf 2 1
    c p show 1 2 0
    1 2 0
    <BLANKLINE>
    """
    clauses = cnf.normal_clauses() if xor_lines else cnf.clauses_with_xors()
    lines = [f"c {line}" for line in comments]
    count = len(clauses) + (len(cnf.xors) if xor_lines else 0)
    lines.append(f"p cnf {cnf.nvars} {count}")
    if cnf.primary:
        lines.append("c p show " + " ".join(str(v) for v in cnf.primary) + " 0")
    lines.extend(" ".join(str(lit) for lit in clause) + " 0" for clause in clauses)
    if xor_lines:
        for variables, parity in cnf.xors:
            first = variables[0] if parity else -variables[0]  # x-line parity is 1; a negated literal flips it
            lines.append("x" + " ".join(str(v) for v in [first, *variables[1:]]) + " 0")
    return "\n".join(lines) + "\n"


def write_dimacs(cnf: CNF, path: str | os.PathLike, xor_lines: bool = False, comments: tuple[str, ...] = ()) -> None:
    """Write ``cnf`` to ``path`` in DIMACS format (see :func:`dimacs_text`).

    Raises
    ------
    OutputError
        If the file cannot be written (an empty name, a missing directory, a
        full disk, ...); the message names the file and the reason.
    """
    write_text(path, dimacs_text(cnf, xor_lines, comments), OutputError, "DIMACS file")


def read_dimacs(path: str | os.PathLike, strict: bool = False) -> CNF:
    """Read a DIMACS CNF file; ``c p show`` (or ``c ind``) lines give the primary variables.

    Without a projection line every declared variable is primary.  CryptoMiniSat
    ``x`` lines are read as XOR constraints.  Projection lines may come before
    the ``p cnf`` line; their variables are checked against the declared
    count once it is known.

    The reader is as tolerant as the solvers people use (PySAT, CaDiCaL,
    Ganak): every line whose first word starts with ``c`` is a comment
    (``cc ...`` in circuit benchmarks), a line ``%`` ends the file (SATLIB),
    and a header whose clause count differs from the file's is read as it is,
    with a :class:`~parity.errors.DimacsWarning`; ``strict`` refuses it.

    Raises
    ------
    DimacsError
        With the file name and line number of the first problem: a malformed
        or negative header, a literal or projection variable above the
        declared count, a clause count that differs from the header, ...
    TooLargeError
        If the declared variables would not fit in memory; checked at the
        header, before any variable is made.

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "f.cnf")
    >>> _ = open(path, "w").write("c p show 1 9 0\\np cnf 3 1\\n1 2 0\\n")
    >>> read_dimacs(path)
    Traceback (most recent call last):
    ...
    parity.errors.DimacsError: ...f.cnf:1: projection variable 9 exceeds the 3 declared variables
    """
    path = Path(path)
    text = read_text(path, DimacsError, "DIMACS file")
    cnf = CNF()
    declared: tuple[int, int] | None = None
    header_line = 0
    primary: list[int] = []
    shown: list[tuple[int, list[int]]] = []  # (line number, variables) of every projection line
    pending: list[int] = []
    pending_xor: list[int] | None = None
    clauses = 0

    def literal(word: str, number: int) -> int:
        if not _LITERAL.fullmatch(word):
            raise DimacsError(f"{path}:{number}: {word!r} is not an integer literal")
        if len(word) > 30:  # beyond every count (and int() refuses over 4300 digits)
            digits = len(word.lstrip("-"))
            raise DimacsError(f"{path}:{number}: literal {word[:12]}... has {digits} digits, beyond any variable count")
        lit = int(word)
        if declared is not None and abs(lit) > declared[0]:
            raise DimacsError(f"{path}:{number}: literal {lit} exceeds the {declared[0]} declared variables")
        return lit

    for number, raw in enumerate(text.splitlines(), start=1):
        words = raw.split()
        if not words or words[0] == "%":
            if words and words[0] == "%":
                break  # SATLIB files end with '%'
            continue
        if words[0].startswith("c"):  # no literal starts with a letter: 'cc', 'c1' and 'c' all open comments
            if words[0] == "c" and (words[1:3] == ["p", "weight"] or words[1:3] in (["t", "wmc"], ["t", "pwmc"])):
                # the model counting competition's weighted files: counting their models would answer another
                # question than the one they ask
                raise DimacsError(f"{path}:{number}: {raw.strip()[:40]!r} asks for a weighted model count; parity "
                                  "counts models (unweighted): drop the weights to count them")
            if words[0] == "c" and (words[1:3] == ["p", "show"] or words[1:2] == ["ind"]):
                start = 3 if words[1] == "p" else 2
                values = [literal(w, number) for w in words[start:]]
                if values and values[-1] == 0:
                    values = values[:-1]
                if any(v <= 0 for v in values):
                    raise DimacsError(f"{path}:{number}: projection variables must be positive")
                shown.append((number, values))
            continue
        if words[0] == "p":
            if declared is not None:
                raise DimacsError(f"{path}:{number}: second 'p' line")
            if len(words) != 4 or words[1] != "cnf" or not all(_COUNT.fullmatch(w) for w in words[2:]):
                if len(words) == 4 and words[1] == "cnf" and all(_COUNT.fullmatch(w.lstrip("-")) for w in words[2:]):
                    raise DimacsError(f"{path}:{number}: the counts in {raw.strip()!r} must not be negative")
                raise DimacsError(f"{path}:{number}: expected 'p cnf VARIABLES CLAUSES', got {raw.strip()!r}")
            variables, declared_clauses = _count(words[2]), _count(words[3])
            if variables == 0:
                raise DimacsError(f"{path}:{number}: 'p cnf 0 ...' declares no variables; a formula needs at least one")
            # a clause takes at least two characters ('0' and a separator), so the file bounds the clauses to come
            clause_room = min(declared_clauses, len(text) // 2 + 1)
            check_memory(variables * VARIABLE_BYTES + clause_room * CLAUSE_BYTES, f"{path}:{number}: {raw.strip()}")
            declared = (variables, declared_clauses)
            header_line = number
            for line, values in shown:  # projection lines before the header, checked now that the count is known
                above = [v for v in values if v > variables]
                if above:
                    raise DimacsError(
                        f"{path}:{line}: projection variable {above[0]} exceeds the {variables} declared variables"
                    )
            while cnf.nvars < declared[0]:
                cnf.fresh()
            continue
        if declared is None:
            raise DimacsError(f"{path}:{number}: clause before the 'p cnf' line")
        if words[0].startswith("x"):
            first = words[0][1:]
            pending_xor = []
            words = ([first] if first else []) + words[1:]
            target = pending_xor
        else:
            target = pending_xor if pending_xor is not None else pending
        for word in words:
            lit = literal(word, number)
            if lit == 0:
                if pending_xor is not None:
                    parity = 1 + sum(1 for v in pending_xor if v < 0)
                    cnf.add_xor([abs(v) for v in pending_xor], parity % 2)
                    pending_xor = None
                    target = pending
                else:
                    cnf.add(pending) if pending else cnf.add_false()
                    pending = []
                    target = pending
                clauses += 1
            else:
                target.append(lit)
    if declared is None:
        raise DimacsError(f"{path}: no 'p cnf VARIABLES CLAUSES' line")
    if pending or pending_xor:
        raise DimacsError(f"{path}: the last clause is not closed by 0")
    if clauses != declared[1]:
        said = f"{path}:{header_line}: header declares {declared[1]} clauses, the file has {clauses}"
        if strict:
            raise DimacsError(said)
        warnings.warn(DimacsWarning(f"{said}; read as it is (strict reading refuses it)"), stacklevel=2)
    for _, values in shown:
        primary.extend(values)
    cnf.primary = sorted(set(primary)) if shown else list(range(1, declared[0] + 1))
    return cnf


_COUNT = re.compile(r"[0-9]+")
_LITERAL = re.compile(r"-?[0-9]+")


def _count(word: str) -> int:
    """A count from a header; numbers of more than 100 digits read as ``10**100`` (beyond every machine)."""
    return int(word) if len(word) <= 100 else 10**100
