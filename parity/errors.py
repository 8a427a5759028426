"""The exception hierarchy of parity.

Every error a user can cause is a :class:`ParityError`; the command line turns
each into a one-line message and exit status 2.  Errors are named after what is
wrong, never after a built-in exception.
"""

from __future__ import annotations

__all__ = [
    "ParityError",
    "BoardSpecError",
    "BoardFileError",
    "CatalogueError",
    "FieldError",
    "ShapeError",
    "StateError",
    "RuleError",
    "UnknownEngineError",
    "EngineUnavailableError",
    "MissingExtraError",
    "EngineNotApplicableError",
    "NullityTooLargeError",
    "InvalidSolution",
    "SolutionFileError",
    "InvalidCertificate",
    "EncodingError",
    "DimacsError",
    "MatrixFileError",
    "FamilyError",
    "TooLargeError",
    "NoSolutionError",
    "LimitError",
    "TimeLimitReached",
    "OutputError",
    "NodeError",
    "StoreError",
    "SweepError",
    "ParityWarning",
    "BoardFileWarning",
    "DimacsWarning",
]


class ParityError(Exception):
    """Base class of every error raised by parity for a user's mistake.

    ``option`` names the command-line option the error is about, where one
    does (``--board`` for a board spec), for the JSON object ``--json``
    prints with the message; None otherwise.  A subclass sets it, or a
    raiser on the instance.
    """

    option: str | None = None

    def __init__(self, *args, option: str | None = None) -> None:
        super().__init__(*args)
        if option is not None:
            self.option = option


class BoardSpecError(ParityError, ValueError):
    """A board spec such as ``grid:5x5`` could not be understood."""

    option = "--board"


class BoardFileError(ParityError, ValueError):
    """A graph file could not be read (missing, unknown format, or malformed)."""

    option = "--board"


class CatalogueError(BoardSpecError):
    """A catalogue name does not exist in ``graphs/``."""


class FieldError(ParityError, ValueError):
    """The field order is not a prime, or the entries do not fit the field."""

    option = "--field"


class ShapeError(ParityError, ValueError):
    """Matrix and vector shapes do not fit together."""


class StateError(ParityError, ValueError):
    """A start or target state of a puzzle is malformed."""


class RuleError(ParityError, ValueError):
    """A puzzle rule is unknown or an explicit toggle matrix does not fit the board."""

    option = "--rule"


class UnknownEngineError(ParityError, KeyError):
    """An engine name is not in the engine table."""

    option = "--engine"

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class EngineUnavailableError(ParityError, RuntimeError):
    """An engine needs an optional package that is not installed."""

    option = "--engine"


class MissingExtraError(EngineUnavailableError):
    """A part of parity whose packages come with one of its extras (``pip install 'parity[draw]'``: pictures;
    ``[dask]``: a Dask cluster; ``[research]``: the research tables' integer programs; ``[counters]``: the optional
    model counters) was asked for where they are not installed; the message names the extra to install."""

    option = None


class EngineNotApplicableError(ParityError, ValueError):
    """An engine cannot answer this question for this puzzle."""

    option = "--engine"


class NullityTooLargeError(ParityError, ValueError):
    """An exact search over a solution space would visit too many solutions."""

    option = "--max-nullity"


class InvalidSolution(ParityError, AssertionError):
    """A proposed solution breaks the puzzle's rules (raised by ``verify``)."""


class SolutionFileError(InvalidSolution, ValueError):
    """A text that is no file of solutions in the format asked for: its lines are not what the format says (a wrong
    solution written correctly is an :class:`InvalidSolution` only)."""

    option = "FILE"


class InvalidCertificate(ParityError, AssertionError):
    """A certificate that its re-check does not bear out (a Most Clicks table's entry whose worst start needs other
    than the presses it claims, or whose bound is not the one it cites), or a file of certificates that cannot be
    read; the message names the board or the file, and what failed."""


class EncodingError(ParityError, ValueError):
    """A constraint cannot be encoded as asked (bad literal, unknown encoding, ...)."""


class DimacsError(ParityError, ValueError):
    """A DIMACS CNF file is malformed; the message names the file and line."""

    option = "PATH"


class MatrixFileError(ParityError, ValueError):
    """A matrix text file (a ``ROWS COLS`` line, then one row a line) cannot be read or is malformed."""

    option = "PATH"


class FamilyError(ParityError, KeyError):
    """A puzzle family name is not in the family registry, or a family breaks the puzzle contract."""

    option = "FAMILY"

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class TooLargeError(ParityError, ValueError):
    """An input would need more memory (or more work) than this machine has; raised before any is spent."""


class NoSolutionError(ParityError, ValueError):
    """Something was asked of a solution of a puzzle or system that has none."""


class LimitError(ParityError, ValueError):
    """A time limit, count limit or other budget is not a sensible number (negative, NaN, infinite, ...)."""


class TimeLimitReached(ParityError, TimeoutError):
    """A run that cannot answer UNKNOWN (an enumeration) was stopped by its time limit."""


class OutputError(ParityError, OSError):
    """An output file cannot be written; the message names the file and the reason."""

    option = "--output"


class NodeError(ParityError, KeyError):
    """A node that is not on the board was named."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class StoreError(ParityError, ValueError):
    """A sweep store cannot be opened or read (not an SQLite file, another sweep's file, a locked file)."""

    option = "--store"


class SweepError(ParityError, ValueError):
    """A sweep cannot run: an unknown sweep, an unreachable Dask scheduler, bad sweep parameters."""


class ParityWarning(UserWarning):
    """Something in a user's input that parity reads anyway, as the tools that write it do; the command line
    prints it as one line on stderr (``parity: warning: ...``)."""


class BoardFileWarning(ParityWarning):
    """A graph file read with a liberty (a directed graph read as undirected, a loop in a DIMACS file dropped); the
    message says which, and strict reading refuses it."""


class DimacsWarning(ParityWarning):
    """A DIMACS CNF file that other tools read (a header whose clause count is wrong, say); the message names
    the file and line."""
