"""CNF formulas as a family: a DIMACS file is a puzzle whose solutions are its models.

``parity solve cnf FILE`` and ``parity count cnf FILE`` go through the same
front door as every family: the solution is a full model (every variable),
verified clause by clause (and XOR by XOR) by :meth:`CnfFile.verify`; it is
reported projected on the file's ``c p show`` variables (all variables when
the file has no projection line), and counts are projected the same way.

Examples
--------
>>> import os, tempfile
>>> import parity as pt
>>> path = os.path.join(tempfile.mkdtemp(), "or.cnf")
>>> _ = open(path, "w").write("p cnf 2 1\\n1 2 0\\n")
>>> puzzle = CnfFile(path)
>>> pt.count(puzzle), pt.solve(puzzle).to_json()["model"] in ([1, 2], [-1, 2], [1, -2])
(3, True)
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from pathlib import Path

from ..errors import InvalidSolution
from .base import Puzzle
from .registry import Family, Option

__all__ = ["CnfFile", "random_cnf", "FAMILY"]


class CnfFile(Puzzle):
    """A CNF formula read from a DIMACS file (or given as a :class:`~parity.cnf.CNF`).

    Parameters
    ----------
    source : path or parity.cnf.CNF
        A DIMACS CNF file (``c p show`` / ``c ind`` lines give the projection,
        ``x`` lines are XORs) or a formula.
    name : str, optional
        How the formula is named in answers (default: the file name).
    strict : bool
        Refuse a file that solvers read but the format does not allow (a
        header whose clause count is wrong), instead of a warning.
    """

    family = "cnf"
    encodings = ("cnf",)

    def __init__(self, source, name: str | None = None, strict: bool = False) -> None:
        from ..cnf import CNF, read_dimacs

        if isinstance(source, CNF):
            self.formula = source
            self.file = None
        else:
            self.formula = read_dimacs(source, strict=strict)
            self.file = str(source)
        self.name = name or (Path(self.file).name if self.file else "formula")
        # long XORs get link variables when they are first written as clauses: made now, so that every process
        # that checks a model (this one, and a child process stopped by a time limit) knows the same variables
        self.formula.clauses_with_xors()

    def build_cnf(self):
        return self.formula  # decoded as itself: the model, a tuple of ints

    def verify(self, model: Sequence[int]) -> None:
        """Check a full model against every clause and XOR of the formula.

        Examples
        --------
        >>> from parity.cnf import CNF
        >>> f = CNF(); a, b = f.var("a"), f.var("b"); f.add([a, b]); f.primary = [a, b]
        >>> CnfFile(f).verify((-1, -2))
        Traceback (most recent call last):
        ...
        parity.errors.InvalidSolution: the model falsifies clause 1: [1, 2]
        """
        nvars = self.formula.nvars
        values = {}
        for lit in model:
            if isinstance(lit, bool) or not isinstance(lit, int) or lit == 0 or abs(lit) > nvars:
                raise InvalidSolution(f"{lit!r} is not a literal of the formula's {nvars} variables")
            values[abs(lit)] = lit > 0
        if len(values) != nvars:
            raise InvalidSolution(f"the model gives values to {len(values)} of the {nvars} variables")
        for number, clause in enumerate(self.formula.clauses, start=1):
            if not any(values[abs(lit)] == (lit > 0) for lit in clause):
                raise InvalidSolution(f"the model falsifies clause {number}: {clause}")
        for variables, parity in self.formula.xors:
            if sum(values[v] for v in variables) % 2 != parity:
                raise InvalidSolution(f"the model breaks the XOR of {variables} = {parity}")

    def projection(self, model: Sequence[int]) -> list[int]:
        """The model on the primary variables, as signed literals."""
        values = {abs(lit): lit > 0 for lit in model}
        return [v if values.get(v, False) else -v for v in self.formula.primary]

    def to_json(self, model: Sequence[int]) -> dict:
        return {"model": self.projection(model)}

    def summary(self, model: Sequence[int]) -> str:
        return f"a model, {sum(1 for lit in self.projection(model) if lit > 0)} of {len(self.formula.primary)} shown variables true"

    def picture(self, model: Sequence[int]) -> str:
        return "v " + " ".join(str(lit) for lit in self.projection(model)) + " 0"

    def parameters(self) -> dict:
        stats = self.formula.stats()
        return {"file": self.file or self.name, "projected_on": stats["primary"]}

    def describe(self) -> str:
        stats = self.formula.stats()
        xors = f", {stats['xors']} xors" if stats["xors"] else ""
        return f"{self.name} ({stats['variables']} variables, {len(self.formula.clauses)} clauses{xors})"

    @property
    def board_name(self) -> str:
        return self.name


def random_cnf(rng: random.Random) -> CnfFile:
    """A random small formula: 3-clauses and XORs over up to 12 variables, projected on a random subset.

    Around the satisfiability threshold, so both satisfiable and unsatisfiable
    formulas are drawn.
    """
    from ..cnf import CNF

    n = rng.randint(1, 12)
    formula = CNF()
    variables = [formula.var(("x", i)) for i in range(n)]
    for _ in range(rng.randint(0, int(4.2 * n))):
        chosen = rng.sample(variables, min(3, n))
        formula.add([v if rng.random() < 0.5 else -v for v in chosen])
    for _ in range(rng.randint(0, 2)):
        formula.add_xor(rng.sample(variables, rng.randint(1, n)), rng.randint(0, 1))
    formula.primary = sorted(rng.sample(variables, rng.randint(0, n)))
    return CnfFile(formula, name=f"random-cnf:{n}")


def _build(path: str | os.PathLike, strict: bool = False) -> CnfFile:
    return CnfFile(path, strict=strict)


def _check(path: str, **_) -> None:
    """The file is there (see :attr:`Family.check`)."""
    from .._files import check_file
    from ..errors import DimacsError

    check_file(path, DimacsError, "DIMACS file")


FAMILY = Family(
    name="cnf",
    puzzle=CnfFile,
    summary="A DIMACS CNF file: its models, projected on its 'c p show' variables.",
    options=(Option("path", (), "A DIMACS CNF file.", required=True),
             Option("strict", ("--strict",), "Refuse a header whose clause count is wrong (read with a warning "
                    "otherwise, as solvers do).", default=False, type=bool)),
    build=_build,
    random_instance=random_cnf,
    check=_check,
)
