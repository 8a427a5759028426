"""Reading users' text files and writing outputs, with every failure turned into the caller's one-line ParityError.

Readers never meet an :class:`OSError` or :class:`UnicodeDecodeError`: a
missing file, a directory, a compressed or binary file, or a file too large for
memory each become one error of the caller's class whose message names the
file and what is wrong.  A UTF-8 byte order mark (which some editors on Windows
write) is dropped.  Writers turn an unwritable path (a missing directory, an
empty name, a full disk) into :class:`~parity.errors.OutputError`.
"""

from __future__ import annotations

import codecs
import errno
import os
import re
from pathlib import Path

from ._limits import check_memory, human_bytes, machine_memory
from .errors import OutputError, ParityError, TooLargeError

__all__ = ["read_text", "write_text", "write_reason", "names_a_folder", "looks_like_path"]

#: the first bytes of compressed files people pass by mistake, with the tool that opens them
_COMPRESSED = {b"\x1f\x8b": "gzip", b"BZh": "bzip2", b"\xfd7zXZ\x00": "xz", b"(\xb5/\xfd": "zstd", b"PK\x03\x04": "zip"}


def _reason(exc: OSError, path: Path) -> str:
    """The cause of an OSError in a few lower-case words."""
    if isinstance(exc, FileNotFoundError):
        return "no such file" if os.path.isdir(path.parent) else f"no such file (no directory {path.parent})"
    if isinstance(exc, IsADirectoryError):
        return "is a directory"
    if isinstance(exc, PermissionError):
        return "permission denied"
    if exc.errno == errno.ENOSPC:
        return "no space left on the device"
    text = exc.strerror or str(exc) or type(exc).__name__
    return text[:1].lower() + text[1:]


def write_reason(exc: OSError, path: Path) -> str:
    """Why writing ``path`` failed, in a few lower-case words (for writers that do not go through
    :func:`write_text`, such as matplotlib's)."""
    if isinstance(exc, FileNotFoundError):
        return "the file cannot be created there" if os.path.isdir(path.parent) else f"no such directory {path.parent}"
    return _reason(exc, path)


def names_a_folder(name: str) -> str | None:
    """Why the output name ``name`` names a folder, not a file, or None: a name that ends in ``/`` (or ``/.``,
    ``/..``), which :class:`~pathlib.Path` would read as the file before it (``Path("x.svg/")`` is ``x.svg``).

    Examples
    --------
    >>> names_a_folder("x.svg/"), names_a_folder("x.svg")
    ("the name ends in '/', so it names a folder, not a file", None)
    """
    for separator in {"/", os.sep, os.altsep} - {None}:
        for ending in ("", ".", ".."):
            if name.endswith(separator + ending):
                return f"the name ends in {separator + ending!r}, so it names a folder, not a file"
    return None


def looks_like_path(text: str) -> bool:
    """Whether an argument that is no other accepted form names a file: it holds a folder separator or ends in a
    suffix such as ``.txt``.

    Options that take either a spec (``rect:10x6``, a list of tiles) or a
    FILE use it to say ``no such file`` for a missing file rather than list
    the spec forms.

    Examples
    --------
    >>> looks_like_path("boards/ring.txt"), looks_like_path("ring.txt"), looks_like_path("012 x3, 111")
    (True, True, False)
    """
    separators = {"/", os.sep, os.altsep} - {None}
    return any(sep in text for sep in separators) or bool(re.fullmatch(r"\.[A-Za-z][A-Za-z0-9]*", Path(text).suffix))


def _binary(data: bytes, first: bool) -> str | None:
    """Why ``data`` (the first bytes of a file, when ``first``) shows a file that is no text, or None."""
    if first:
        for magic, tool in _COMPRESSED.items():
            if data.startswith(magic):
                return f"{tool}-compressed; decompress it first"
    return "it contains NUL bytes" if b"\x00" in data else None


def _read_stream(path: Path, what: str, refuse, chunk: int = 1 << 24) -> bytes:
    """A pipe or device read to its end in chunks, refused once it outgrows memory (``/dev/zero`` never ends), or
    as soon as a chunk shows it is no text (``refuse(reason)`` raises)."""
    limit = machine_memory() // 3  # the bytes and the text side by side must fit
    parts, total = [], 0
    try:
        with open(path, "rb") as handle:
            while block := handle.read(chunk):
                if reason := _binary(block, not parts):
                    refuse(reason)
                total += len(block)
                if total > limit:
                    check_memory(3.0 * total, what)  # raises: more than the machine holds
                parts.append(block)
        return b"".join(parts)
    except MemoryError:  # a process limit (ulimit -v) lower than the machine's memory
        parts.clear()
        raise TooLargeError(f"cannot read {what}: it is larger than the memory this process may use "
                            f"({human_bytes(total)} read so far)") from None


def check_file(path: str | os.PathLike, error: type[Exception], what: str) -> None:
    """Raise what :func:`read_text` would raise for a file that is missing or a directory, without reading it
    (a command checks its options before a time limit starts).

    Examples
    --------
    >>> from parity.errors import DimacsError
    >>> check_file("/no/such/f.cnf", DimacsError, "DIMACS file")
    Traceback (most recent call last):
    ...
    parity.errors.DimacsError: cannot read DIMACS file /no/such/f.cnf: no such file (no directory /no/such)
    """
    path = Path(path)
    if not os.path.lexists(path):
        raise error(f"cannot read {what} {path}: {_reason(FileNotFoundError(), path)}")
    if path.is_dir():
        raise error(f"cannot read {what} {path}: is a directory")


def read_text(path: str | os.PathLike, error: type[Exception], what: str) -> str:
    """The text of a UTF-8 file, without a leading byte order mark.

    Parameters
    ----------
    path : str or os.PathLike
        The file.
    error : type
        The :class:`~parity.errors.ParityError` subclass to raise.
    what : str
        What the file is, for the message (``"DIMACS file"``).

    Raises
    ------
    error
        ``"cannot read WHAT PATH: REASON"`` where the reason is ``no such
        file``, ``is a directory``, ``permission denied``, ``not a text file``
        (binary, compressed or not UTF-8), ...
    TooLargeError
        If the file is larger than the machine's memory.

    Examples
    --------
    >>> import os, tempfile
    >>> from parity.errors import DimacsError
    >>> folder = tempfile.mkdtemp()
    >>> path = os.path.join(folder, "f.cnf")
    >>> _ = open(path, "wb").write(b"\\xef\\xbb\\xbfp cnf 1 0\\n")
    >>> read_text(path, DimacsError, "DIMACS file")
    'p cnf 1 0\\n'
    >>> read_text(folder, DimacsError, "DIMACS file")
    Traceback (most recent call last):
    ...
    parity.errors.DimacsError: cannot read DIMACS file ...: is a directory
    """
    path = Path(path)
    where = f"cannot read {what} {path}"

    def refuse(reason: str):
        raise error(f"{where}: not a text file ({reason})")

    try:
        if path.is_file():  # a pipe or a device has no meaningful size
            check_memory(2 * path.stat().st_size, f"{what} {path}")  # the bytes and the text, side by side
            data = path.read_bytes()
        else:
            data = _read_stream(path, f"{what} {path}", refuse)
    except OSError as exc:
        raise error(f"{where}: {_reason(exc, path)}") from None
    except TooLargeError:
        raise
    except ValueError as exc:  # an embedded NUL in the name
        if isinstance(exc, ParityError):
            raise
        raise error(f"{where}: {exc}") from None
    if reason := _binary(data, True):
        refuse(reason)
    data = data.removeprefix(codecs.BOM_UTF8)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{where}: not a text file (byte {exc.start} is not UTF-8)") from None


def write_text(
    path: str | os.PathLike, text: str, error: type[Exception] = OutputError, what: str = "output file"
) -> None:
    """Write ``text`` to ``path`` in UTF-8, or raise ``error`` naming the file and the reason.

    A file this call created is removed again when writing it fails part way
    (a full disk), so no truncated output is left behind.

    Raises
    ------
    error
        ``"cannot write WHAT PATH: REASON"``: an empty name, a missing
        directory, a directory, no permission, no space left, ...

    Examples
    --------
    >>> write_text("", "p cnf 1 0\\n")
    Traceback (most recent call last):
    ...
    parity.errors.OutputError: cannot write output file '': the file name is empty
    >>> write_text("x.cnf/", "p cnf 1 0\\n")
    Traceback (most recent call last):
    ...
    parity.errors.OutputError: cannot write output file x.cnf/: the name ends in '/', so it names a folder, not a file
    >>> write_text("/nonexistent/x.cnf", "p cnf 1 0\\n")
    Traceback (most recent call last):
    ...
    parity.errors.OutputError: cannot write output file /nonexistent/x.cnf: no such directory /nonexistent
    """
    name = os.fsdecode(path)
    if not name.strip():
        raise error(f"cannot write {what} {name!r}: the file name is empty")
    if folder := names_a_folder(name):
        raise error(f"cannot write {what} {name}: {folder}")
    path = Path(name)
    where = f"cannot write {what} {path}"
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise error(f"{where}: character {exc.start} of the text cannot be written as UTF-8") from None
    existed = os.path.lexists(path)
    try:
        with open(path, "wb") as handle:
            handle.write(data)
    except OSError as exc:
        reason = write_reason(exc, path)
        if not existed and os.path.isfile(path):
            try:
                path.unlink()
            except OSError:
                pass
        raise error(f"{where}: {reason}") from None
    except TooLargeError:
        raise
    except ValueError as exc:  # an embedded NUL in the name
        raise error(f"{where}: {exc}") from None
