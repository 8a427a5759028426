"""Any matrix as a family: ``A x = b`` over GF(p), read from a text file.

``parity solve linear FILE`` and ``parity count linear FILE`` read the matrix
text format that ``parity export ... --format matrix`` writes and M4RI's tools
read:

* the first line is ``ROWS COLS``;
* then one row per line.  Over GF(p) with p < 11 every entry is one digit
  (``0``..``p-1``); the digits of a row may be written together (``10110``,
  what the export writes) or apart (``1 0 1 1 0``): blanks inside a row are
  ignored, as M4RI ignores them.  For p >= 11 entries are whole numbers
  separated by blanks (``12 0 7``).  Blank lines are skipped.
* with ``augmented=True`` (``--augmented``) the last column is the right-hand
  side ``b``; otherwise ``b = 0`` and the solutions are the null space of ``A``.

The file is read when the linear encoding is built, so its reading is part of
the ``total_seconds`` of an answer and not of ``seconds`` (the elimination
alone, like M4RI's ``kernel_s``).  A solution is the vector ``x`` (a tuple of
ints), checked by :meth:`LinearFile.verify` against the entries of the file,
without the engine or the encoding.

Examples
--------
>>> import os, tempfile
>>> import parity as pt
>>> path = os.path.join(tempfile.mkdtemp(), "A.txt")
>>> _ = open(path, "w").write("2 4\\n1101\\n0111\\n")
>>> puzzle = LinearFile(path, augmented=True)
>>> puzzle.describe()
'A x = b from A.txt (2 x 3 over GF(2))'
>>> pt.count(puzzle), pt.solve(puzzle).solution
(2, (0, 1, 0))
>>> LinearFile(path, field=3).shape
(2, 4)
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from numbers import Integral
from pathlib import Path

import numpy as np

from .._files import read_text
from .._limits import check_memory
from ..errors import FieldError, InvalidSolution, MatrixFileError, ShapeError
from .base import Puzzle
from .registry import Family, Option

__all__ = ["LinearFile", "read_matrix", "random_linear", "FAMILY"]

#: fields below this write (and read) one digit an entry; from here on entries are separated by blanks
DIGIT_FIELDS = 11
#: solutions with at most this many unknowns are drawn as a string of entries; longer ones get a note
PICTURE_UNKNOWNS = 256
_WHAT = "matrix file"


# -- reading the text format -------------------------------------------------------------------------------
def _header(line: str, where: str) -> tuple[int, int]:
    """``'4 5'`` -> ``(4, 5)``, else a one-line MatrixFileError."""
    if not line.strip():
        raise MatrixFileError(f"{where} is empty; it must start with a 'ROWS COLS' line")
    words = line.split()
    if len(words) != 2 or not all(w.isascii() and w.isdigit() and len(w) < 20 for w in words):
        shown = line.strip()
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        raise MatrixFileError(f"{where}: the first line must be 'ROWS COLS' (two whole numbers), got {shown!r}")
    return int(words[0]), int(words[1])


def _first_line(path: Path) -> str:
    """The first non-blank line of the file, read without reading the rest (for the header)."""
    try:
        with open(path, "rb") as handle:
            for _ in range(1000):
                raw = handle.readline(4096)
                if not raw:
                    break
                line = raw.removeprefix(b"\xef\xbb\xbf").decode("ascii")
                if line.strip():
                    return line
            else:
                raise ValueError("no header in the first lines")
    except (OSError, ValueError):  # unreadable, binary, compressed, odd: the house's reader says what is wrong
        text = read_text(path, MatrixFileError, _WHAT)
        return next((line for line in text.splitlines() if line.strip()), "")
    return ""


def _checked_shape(rows: int, cols: int, field: int, what: str) -> None:
    """Refuse a matrix that would not fit in memory (the text, the entries and the linear system's copy)."""
    per_entry = 3 if field < DIGIT_FIELDS else 16
    # rows and columns cost memory of their own too (the right-hand side, one unknown a column), even when the
    # other dimension is 0
    check_memory(float(rows) * float(cols) * per_entry + 64.0 * (float(rows) + float(cols)), what)


def _entries(count: int) -> str:
    return f"{count} entr{'y' if count == 1 else 'ies'}"


def _bad_entry(token: str, field: int, where: str):
    """The error for one entry that is not a number 0..p-1."""
    if token.isascii() and token.isdigit():
        return FieldError(f"{where}: entry {token} is outside 0..{field - 1} (GF({field}))")
    return MatrixFileError(f"{where}: entry {token!r} is not a whole number 0..{field - 1}")


def _digit_rows(lines: list[tuple[int, str]], cols: int, field: int, name: str) -> np.ndarray:
    """Rows of one digit an entry (blanks inside a row ignored) -> uint8 matrix."""
    rows = []
    for number, line in lines:
        if len(line) != cols or " " in line or "\t" in line:
            tokens = line.split()
            line = "".join(tokens)
            if len(line) != cols:
                multi_digit = len(tokens) > 1 and any(len(t) > 1 for t in tokens)
                hint = " (below GF(11) every entry is one digit)" if multi_digit else ""
                raise MatrixFileError(f"{name} line {number}: the row has {_entries(len(line))}, the header says "
                                      f"{cols}{hint}")
        rows.append(line)
    text = "".join(rows)
    if not text.isascii():
        at = next(k for k, char in enumerate(text) if not char.isascii())
        number = lines[at // cols][0]
        raise _bad_entry(text[at], field, f"{name} line {number}, column {at % cols + 1}")
    digits = np.frombuffer(text.encode("ascii"), dtype=np.uint8) - np.uint8(48)  # '0' -> 0; others wrap above 9
    bad = np.flatnonzero(digits >= field)
    if bad.size:
        at = int(bad[0])
        raise _bad_entry(text[at], field, f"{name} line {lines[at // cols][0]}, column {at % cols + 1}")
    return digits.reshape(len(rows), cols)


def _number_rows(lines: list[tuple[int, str]], cols: int, field: int, name: str) -> np.ndarray:
    """Rows of whole numbers separated by blanks -> int64 matrix."""
    matrix = np.zeros((len(lines), cols), dtype=np.int64)
    width = 10  # no entry below 2^31 has more digits (longer ones would overflow int64)
    for i, (number, line) in enumerate(lines):
        tokens = line.split()
        if len(tokens) != cols:
            hint = f" (over GF({field}) entries are separated by blanks)" if len(tokens) == 1 and cols > 1 else ""
            raise MatrixFileError(f"{name} line {number}: the row has {_entries(len(tokens))}, the header says "
                                  f"{cols}{hint}")
        joined = "".join(tokens)
        if not (joined.isascii() and joined.isdigit()) or max(map(len, tokens), default=0) > width:
            column, token = next((k, t) for k, t in enumerate(tokens)
                                 if not (t.isascii() and t.isdigit()) or len(t) > width or int(t) >= field)
            raise _bad_entry(token, field, f"{name} line {number}, column {column + 1}")
        matrix[i] = np.array(tokens, dtype=np.int64)
        if cols and matrix[i].max() >= field:
            column = int(np.argmax(matrix[i] >= field))
            raise _bad_entry(tokens[column], field, f"{name} line {number}, column {column + 1}")
    return matrix


def _fixed_width_rows(body: str, rows: int, cols: int, field: int) -> np.ndarray | None:
    """The digit rows of ``body`` (the text after the header) read at once, or None when its layout is another.

    The layout read here is the one ``parity export --format matrix`` writes and
    most tools write: every row ``cols`` digits, together or one blank
    apart, ended by a newline (``\\n`` or ``\\r\\n``), with nothing between
    rows; the end of the text may have blanks and blank lines.  The bytes are
    viewed as a ``rows x width`` array, so a row costs nothing in Python.  Any
    other layout, and any file with a bad entry, gives None: the line-by-line
    reader (:func:`_rows_by_lines`) then reads it, or says what is wrong.
    """
    if rows == 0 or cols == 0 or not body.isascii():
        return None
    data = body.rstrip().encode("ascii")
    for ending in (b"\n", b"\r\n"):
        for spaced in (False, True):
            width = (2 * cols - 1 if spaced else cols) + len(ending)
            if len(data) + len(ending) != rows * width:
                continue
            grid = np.frombuffer(data + ending, dtype=np.uint8).reshape(rows, width)
            if not (grid[:, width - len(ending):] == np.frombuffer(ending, dtype=np.uint8)).all():
                continue
            if spaced and not (grid[:, 1:width - len(ending):2] == ord(" ")).all():
                continue
            digits = grid[:, 0:width - len(ending):2 if spaced else 1] - np.uint8(48)  # others wrap above 9
            return digits if (digits < field).all() else None
    return None


def read_matrix(path: str | os.PathLike, field: int = 2) -> np.ndarray:
    """The matrix in a text file (``ROWS COLS``, then one row per line), entries checked to lie in ``0..field-1``.

    Every column is returned, the right-hand side too when the file is augmented.

    Parameters
    ----------
    path : str or os.PathLike
    field : int
        The prime p; entries are one digit each below 11 (written together or
        apart), whole numbers separated by blanks from 11 on.

    Returns
    -------
    numpy.ndarray
        ``uint8`` for p < 11, else ``int64``; shape ``(ROWS, COLS)``.

    Raises
    ------
    MatrixFileError
        A missing or unreadable file, a bad header, a row of the wrong length,
        too many or too few rows, an entry that is not a number.
    FieldError
        A field that is not a prime below 2^31, or an entry outside ``0..p-1``.
    TooLargeError
        A matrix that would not fit in memory (checked from the header, before
        the rows are read).

    Examples
    --------
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "A.txt")
    >>> _ = open(path, "w").write("2 3\\n12 0 7\\n0 1 12\\n")
    >>> read_matrix(path, field=13).tolist()
    [[12, 0, 7], [0, 1, 12]]
    >>> read_matrix(path, field=11)
    Traceback (most recent call last):
    ...
    parity.errors.FieldError: ...A.txt line 2, column 1: entry 12 is outside 0..10 (GF(11))
    """
    from ..linalg import check_field

    field = check_field(field)
    path = Path(path)
    text = read_text(path, MatrixFileError, _WHAT)
    if field < DIGIT_FIELDS:  # the usual layout at once; the line-by-line reader for the rest, and for errors
        head, _, body = text.lstrip().partition("\n")
        if head.strip():
            rows, cols = _header(head, f"{_WHAT} {path}")
            _checked_shape(rows, cols, field, f"the {rows} x {cols} matrix in {path}")
            matrix = _fixed_width_rows(body, rows, cols, field)
            if matrix is not None:
                return matrix
    return _rows_by_lines(text, field, path)


def _rows_by_lines(text: str, field: int, path: Path) -> np.ndarray:
    """The matrix in ``text`` (the file ``path``) read line by line: any layout the format allows, and the error
    for any it does not."""
    where = f"{_WHAT} {path}"
    lines = [(number, line.strip()) for number, line in enumerate(text.split("\n"), start=1)]
    lines = [(number, line) for number, line in lines if line]
    rows, cols = _header(lines[0][1] if lines else "", where)
    _checked_shape(rows, cols, field, f"the {rows} x {cols} matrix in {path}")
    body = lines[1:]
    if cols == 0:  # rows of no entries are blank lines, which are skipped
        if body:
            raise MatrixFileError(f"{where} line {body[0][0]}: the header says the rows have 0 entries")
        return np.zeros((rows, 0), dtype=np.uint8 if field < DIGIT_FIELDS else np.int64)
    if len(body) != rows:
        extra = f"; line {body[rows][0]} is one too many" if len(body) > rows else ""
        raise MatrixFileError(f"{where} has {len(body)} row{'s' if len(body) != 1 else ''}, its header says "
                              f"{rows}{extra}")
    read_rows = _digit_rows if field < DIGIT_FIELDS else _number_rows
    return read_rows(body, cols, field, where)


def _matrix_from_values(values, field: int) -> np.ndarray:
    """An in-memory matrix (nested lists or an array) checked like a file: 2-D, integers in ``0..p-1``."""
    try:
        array = values if isinstance(values, np.ndarray) else np.array(values, dtype=object)
    except ValueError:  # ragged nesting
        array = np.empty(0, dtype=object)
    if array.ndim != 2:
        raise ShapeError(f"a linear system's matrix must be 2-D, rows of equal length; got {type(values).__name__} "
                         f"of shape {array.shape}")
    whole = array.dtype.kind in "iu" or all(isinstance(v, Integral) and not isinstance(v, bool) for v in array.flat)
    if not whole:
        raise ShapeError("a linear system's matrix must hold whole numbers")
    outside = [int(v) for v in array[(array < 0) | (array >= field)].flat] if array.size else []
    if outside:
        raise FieldError(f"entry {outside[0]} is outside 0..{field - 1} (GF({field}))")
    return array.astype(np.uint8 if field < DIGIT_FIELDS else np.int64)


def _vector(x) -> tuple[int, ...]:
    """An engine's solution vector as the puzzle's solution: a tuple of ints."""
    return tuple(int(v) for v in np.asarray(x).tolist())


# -- the family --------------------------------------------------------------------------------------------
class LinearFile(Puzzle):
    """``A x = b`` over GF(p) from a matrix text file (or from a matrix in memory).

    Parameters
    ----------
    source : path or array_like
        A matrix text file (see the module docs), or the matrix itself (rows of
        entries ``0..p-1``).  A file is read when the linear encoding is first
        built, and its header when the shape is first asked for.
    field : int
        The prime p (below 2^31).
    augmented : bool
        The last column is the right-hand side ``b``; otherwise ``b = 0``.
    name : str, optional
        How the instance is named in answers (default: the file name).

    Raises
    ------
    FieldError
        If ``field`` is not a prime below 2^31 (at once); reading the file
        raises the errors of :func:`read_matrix`.
    """

    family = "linear"
    encodings = ("linear",)
    weight_name = "weight"

    def __init__(self, source, field: int = 2, augmented: bool = False, name: str | None = None) -> None:
        from ..linalg import check_field

        self.field = check_field(field)
        if not isinstance(augmented, (bool, np.bool_)):  # "no" would be truthy
            raise MatrixFileError(f"augmented must be True or False, got {augmented!r}")
        self.augmented = bool(augmented)
        if isinstance(source, (str, os.PathLike)):
            self.file: str | None = str(source)
            self._columns: np.ndarray | None = None
            self._header: tuple[int, int] | None = None
        else:
            self.file = None
            self._columns = _matrix_from_values(source, self.field)
            self._header = self._columns.shape
        self.name = name or (Path(self.file).name if self.file is not None else "matrix")
        if self.file is not None and Path(self.file).exists() and not Path(self.file).is_file():
            self.columns()  # a pipe or device can be read once: read it whole now, not the header now, the rest later
        if self._header is not None:
            self._check_augmented(self._header[1])

    def _check_augmented(self, cols: int) -> None:
        if self.augmented and cols < 1:
            where = f"{_WHAT} {self.file}" if self.file is not None else "the matrix"
            raise MatrixFileError(f"{where} has no columns, so it has no last column for b (--augmented)")

    # -- the matrix ---------------------------------------------------------
    @property
    def shape(self) -> tuple[int, int]:
        """``(ROWS, COLS)`` of the whole matrix (the file's header; b's column included when augmented)."""
        if self._header is None:
            header = _header(_first_line(Path(self.file)), f"{_WHAT} {self.file}")
            self._check_augmented(header[1])
            self._header = header
        return self._header

    @property
    def unknowns(self) -> int:
        """How many unknowns the system has (the columns of ``A``)."""
        return self.shape[1] - self.augmented

    def columns(self) -> np.ndarray:
        """Every column of the matrix, read from the file on first use and kept (``[A | b]`` when augmented)."""
        if self._columns is None:
            columns = read_matrix(self.file, self.field)
            self._check_augmented(columns.shape[1])
            self._header = columns.shape
            self._columns = columns
        return self._columns

    def matrix(self) -> tuple[np.ndarray, np.ndarray]:
        """``(A, b)``: the coefficient matrix and the right-hand side (zeros unless augmented)."""
        columns = self.columns()
        if self.augmented:
            return columns[:, :-1], columns[:, -1].astype(np.int64)
        return columns, np.zeros(columns.shape[0], dtype=np.int64)

    # -- the encoding -------------------------------------------------------
    def build_linear(self):
        """The :class:`~parity.linalg.system.LinearSystem` ``A x = b``; reads the file if not yet read.

        Over GF(2) it is a :class:`~parity.linalg.system.PackedSystem`: ``A``
        packed 64 columns to a word straight from the entries read, which the
        ``gf2`` engine eliminates as they are (a dense file lists no entries).
        """
        from ..linalg import pack
        from ..linalg.system import LinearSystem, PackedSystem

        A, b = self.matrix()
        if self.field == 2:
            return PackedSystem(pack(A), A.shape[1], b, range(A.shape[1]), range(A.shape[0]), decode=_vector)
        check_memory(24.0 * float(np.count_nonzero(A)), f"the entries of the {A.shape[0]} x {A.shape[1]} system")
        rows, cols = np.nonzero(A)
        values = A[rows, cols].astype(np.int64)
        return LinearSystem(A.shape, rows, cols, values, b, self.field, range(A.shape[1]), range(A.shape[0]),
                            decode=_vector)

    # -- puzzle terms -------------------------------------------------------
    def verify(self, x: Sequence[int]) -> None:
        """Check ``A x = b`` over GF(p) from the matrix's own entries (not from the engine or the encoding).

        Raises
        ------
        InvalidSolution
            If ``x`` has the wrong length, an entry outside ``0..p-1``, or
            breaks an equation (the message names the first row it breaks).

        Examples
        --------
        >>> puzzle = LinearFile([[1, 1, 0], [0, 1, 1]], augmented=True)
        >>> puzzle.verify((1, 1))
        >>> puzzle.verify((0, 1))
        Traceback (most recent call last):
        ...
        parity.errors.InvalidSolution: x breaks row 1: A x gives 1 there, b is 0
        """
        A, b = self.matrix()
        p, n = self.field, A.shape[1]
        if len(x) != n:
            raise InvalidSolution(f"x has {len(x)} entries; the system has {n} unknowns")
        if not all(isinstance(v, Integral) and not isinstance(v, bool) and 0 <= v < p for v in x):
            raise InvalidSolution(f"x must hold whole numbers 0..{p - 1}")
        vector = np.array([int(v) for v in x], dtype=np.int64)
        # partial sums of at most `terms` products stay below 2^63 before each reduction mod p
        terms = max(1, (2**63 - 1 - p) // max(1, (p - 1) ** 2))
        block = max(1, 2**22 // max(1, n))  # rows at a time, so a large A is widened to int64 a slice at a time
        for start in range(0, A.shape[0], block):
            rows = A[start:start + block].astype(np.int64)
            totals = np.zeros(rows.shape[0], dtype=np.int64)
            for first in range(0, n, terms):
                totals = (totals + rows[:, first:first + terms] @ vector[first:first + terms]) % p
            wrong = np.flatnonzero(totals != b[start:start + block] % p)
            if wrong.size:
                i = start + int(wrong[0])
                given = int(totals[wrong[0]])
                raise InvalidSolution(f"x breaks row {i + 1}: A x gives {given} there, b is {int(b[i])}")

    def weight(self, x: Sequence[int]) -> int:
        """The sum of the entries of ``x`` as integers ``0..p-1`` (over GF(2): its ones).

        What ``--min-weight`` minimises: the total the linear engines minimise
        (see :meth:`~parity.linalg.SolutionSpace.minimum_weight`).
        """
        return sum(int(v) for v in x)

    def to_json(self, x: Sequence[int]) -> dict:
        return {"x": [int(v) for v in x], "weight": self.weight(x)}

    def summary(self, x: Sequence[int]) -> str:
        return f"x with {sum(1 for v in x if v)} non-zero of {len(x)} entries"

    def picture(self, x: Sequence[int]) -> str:
        """``x = 0110...`` for short vectors (entries separated by blanks from GF(11) on), else a note.

        Examples
        --------
        >>> LinearFile([[1, 1]]).picture((1, 1))
        'x = 11'
        >>> LinearFile([[0] * 300]).picture((0,) * 300)
        'x has 300 entries, 0 non-zero (--json prints them)'
        """
        if len(x) > PICTURE_UNKNOWNS:
            return f"x has {len(x)} entries, {sum(1 for v in x if v)} non-zero (--json prints them)"
        separator = "" if self.field < DIGIT_FIELDS else " "
        return "x = " + separator.join(str(int(v)) for v in x)

    def parameters(self) -> dict:
        rows, _ = self.shape
        return {"file": self.file or self.name, "field": self.field, "augmented": self.augmented, "rows": rows,
                "unknowns": self.unknowns}

    def describe(self) -> str:
        rows, _ = self.shape
        side = "b" if self.augmented else "0"
        return f"A x = {side} from {self.name} ({rows} x {self.unknowns} over GF({self.field}))"

    @property
    def board_name(self) -> str:
        return self.name


# -- the adapter -------------------------------------------------------------------------------------------
def random_linear(rng: random.Random) -> LinearFile:
    """A random small system over GF(2) (up to 8 x 10, any density), solvable or not, with or without ``b``.

    GF(2) so that ``parity check linear`` compares two engines (``gf2`` and ``galois``) on every instance.
    """
    rows, unknowns = rng.randint(0, 8), rng.randint(1, 10)
    density = rng.random()
    columns = np.zeros((rows, unknowns + 1), dtype=np.int64)
    entries = [int(rng.random() < density) for _ in range(rows * unknowns)]
    columns[:, :unknowns] = np.array(entries, dtype=np.int64).reshape(rows, unknowns)
    kind = rng.choice(["homogeneous", "random b", "solvable b"])
    if kind == "homogeneous":
        return LinearFile(columns[:, :unknowns], 2, name=f"random-linear:{rows}x{unknowns}")
    if kind == "random b":
        columns[:, unknowns] = [rng.randint(0, 1) for _ in range(rows)]
    else:
        x = np.array([rng.randint(0, 1) for _ in range(unknowns)], dtype=np.int64)
        columns[:, unknowns] = columns[:, :unknowns] @ x % 2
    return LinearFile(columns, 2, augmented=True, name=f"random-linear:{rows}x{unknowns}+b")


def _build(path: str | os.PathLike, field: int = 2, augmented_input: bool = False) -> LinearFile:
    return LinearFile(path, field=field, augmented=augmented_input)


def _check(path: str, **_) -> None:
    """The file is there (see :attr:`Family.check`)."""
    from .._files import check_file

    check_file(path, MatrixFileError, _WHAT)


FAMILY = Family(
    name="linear",
    puzzle=LinearFile,
    summary="A x = b over GF(p) from a matrix text file ('ROWS COLS', then one row per line).",
    options=(
        Option("path", (), "A matrix text file: 'ROWS COLS', then one row per line.", required=True),
        Option("field", ("--field",), "The prime p of GF(p).", default=2, type=int),
        Option("augmented_input", ("--augmented",), "The last column of the file is the right-hand side b "
               "(otherwise b = 0).", default=False, type=bool),
    ),
    build=_build,
    random_instance=random_linear,
    check=_check,
    solve_options=(
        Option("minimize", ("--min-weight",), "Return a solution of least weight: the sum of its entries as "
               "integers 0..p-1, over GF(2) its ones (exact search over all solutions).", default=False, type=bool),
        Option("max_nullity", ("--max-nullity",), "Refuse a minimum search of more than 2^N solutions.", default=30,
               type=int),
    ),
)
