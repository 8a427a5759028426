"""Refutations that other programs can check: a SAT call that writes its DRAT proof.

A solver that answers "unsatisfiable" asks to be trusted.  With a proof it
does not: :func:`refute` runs a PySAT solver with proof logging on a plain
formula (no assumptions: the bound being refuted is part of the clauses), and
when the answer is UNSAT writes two files, the formula in DIMACS CNF and the
solver's DRAT proof of it, which any DRAT checker (``drat-trim``, the
verified ``drup`` checker, ``dratify``) confirms without trusting parity or
the solver.

Examples
--------
>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> status, model, info = refute([[1, 2], [-1, 2], [1, -2], [-1, -2]], 2, proof=os.path.join(folder, "p.drat"))
>>> status, model, sorted(os.listdir(folder)), info["cnf"].endswith("p.drat.cnf")
('UNSAT', None, ['p.drat', 'p.drat.cnf'], True)
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from .._files import write_text
from ..errors import EngineNotApplicableError, OutputError

__all__ = ["refute", "proof_paths", "PROOF_SOLVER"]

SAT, UNSAT = "SAT", "UNSAT"

#: the solver that writes proofs by default (CaDiCaL 1.9.5 through PySAT)
PROOF_SOLVER = "cadical195"


def proof_paths(proof: str | os.PathLike) -> tuple[Path, Path]:
    """The proof file and, beside it, the formula it refutes (the proof's name with ``.cnf`` added).

    Raises
    ------
    OutputError
        If one of the two files exists without the other: a file parity did not write (a user's own formula,
        say) is never overwritten; a pair written before is.

    Examples
    --------
    >>> [p.name for p in proof_paths("out/myciel5.drat")]
    ['myciel5.drat', 'myciel5.drat.cnf']
    """
    path = Path(proof)
    formula = path.with_name(path.name + ".cnf")
    for mine, other in ((formula, path), (path, formula)):
        if mine.exists() and not other.exists():
            raise OutputError(f"{mine} exists and is not part of a proof written by parity; give the proof another "
                              "name", option="--proof")
    return path, formula


def _dimacs(clauses: list[list[int]], nvars: int) -> str:
    """DIMACS CNF with no comment lines: some checkers (the verified ``drup``) take the first line for the header."""
    lines = [f"p cnf {nvars} {len(clauses)}"]
    lines.extend(" ".join(map(str, clause)) + " 0" for clause in clauses)
    return "\n".join(lines) + "\n"


def refute(clauses: list[list[int]], nvars: int, solver: str = PROOF_SOLVER,
           proof: str | os.PathLike | None = None) -> tuple[str, list[int] | None, dict]:
    """Solve ``clauses``; with ``proof``, an UNSAT answer also writes the DRAT proof and the formula.

    Returns ``(status, model, info)``: the model when SAT (every variable up
    to ``nvars``, those in no clause false); ``info`` holds the
    seconds and, when a proof was written, its path, the formula's path and
    the proof's number of lines (``proof_lines``).

    Raises
    ------
    EngineNotApplicableError
        If the solver writes no proofs.
    OutputError
        If the files cannot be written.
    """
    from pysat.solvers import Solver

    from .backends import _full

    started = time.perf_counter()
    try:
        oracle = Solver(name=solver, bootstrap_with=clauses, with_proof=proof is not None)
    except NotImplementedError:
        raise EngineNotApplicableError(f"PySAT's {solver} writes no proofs; use cadical195 or glucose4") from None
    with oracle:
        answer = oracle.solve()
        model = _full(oracle.get_model(), nvars) if answer else None
        lines = oracle.get_proof() if proof is not None and not answer else None
    if lines is not None and "0" in lines:  # a proof ends with the empty clause; what a solver logs after it is noise
        lines = lines[:lines.index("0") + 1]
    info: dict = {"seconds": round(time.perf_counter() - started, 6)}
    if lines is not None:
        path, formula = proof_paths(proof)
        try:
            write_text(formula, _dimacs(clauses, nvars), OutputError, "formula file")
            write_text(path, "\n".join(lines) + "\n", OutputError, "proof file")
        except OutputError as exc:  # the files are the proof's, named on the command line by --proof
            exc.option = "--proof"
            raise
        info.update({"drat": str(path), "cnf": str(formula), "proof_lines": len(lines)})
    return (SAT if answer else UNSAT), model, info
