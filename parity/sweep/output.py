"""Tables written to a file without harming the file they replace.

A table goes first into ``TARGET.partial`` beside its target (same folder,
so the move is one rename on one file system) and is moved over the target
(:func:`os.replace`) only when it is complete: a reader of the target sees
the old table or the new one, never half of one.  A run stopped part way
(Ctrl-C, SIGTERM, SIGKILL, a power cut) leaves the old target untouched, and
a stopped run can keep the rows it finished in ``TARGET.partial``
(:meth:`TableFile.keep`).  A target that exists and is not a plain file
(``/dev/stdout``, a named pipe, ``/dev/full``) is written directly: there is
nothing to replace.

Examples
--------
>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "t.csv")
>>> _ = open(path, "w").write("the old table\\n")
>>> with TableFile(path) as out:
...     out.write("n,nullity\\n1,0\\n")
...     print(open(path).read(), end="")  # still the old table while the new one is written
the old table
>>> print(open(path).read(), end="")
n,nullity
1,0
>>> out = TableFile(path)
>>> out.write("n,nullity\\n2,0\\n")
>>> out.keep() == path + ".partial", open(path).read()
(True, 'n,nullity\\n1,0\\n')
"""

from __future__ import annotations

import os
import shutil
import stat

from ..errors import OutputError

__all__ = ["TableFile", "PARTIAL"]

#: what the file being written adds to its target's name
PARTIAL = ".partial"


class TableFile:
    """A table file written beside ``path`` and moved over it when complete.

    Used as a context manager it moves the table into place when the block
    ends normally and removes it when the block raises; :meth:`keep` keeps
    what was written instead.

    Parameters
    ----------
    path : str or os.PathLike
        The target.  Its folder must exist; a symbolic link is followed (the
        file it names is replaced, the link stays).
    binary : bool
        Open for bytes (``handle`` takes bytes) instead of text.

    Raises
    ------
    OutputError
        ``cannot write 'PATH': REASON`` when the file cannot be created (a
        missing folder, no permission, an empty name).
    """

    def __init__(self, path: str | os.PathLike, binary: bool = False) -> None:
        self.target = os.fspath(path)
        if not self.target.strip():
            raise OutputError(f"cannot write {self.target!r}: the file name is empty")
        real = os.path.realpath(self.target)
        try:
            kind = os.stat(real).st_mode
        except OSError:
            kind = None  # a new file
        #: whether the target was there before (then it is left as it was until :meth:`commit`)
        self.existed = kind is not None
        self.direct = kind is not None and not stat.S_ISREG(kind)  # a device or a pipe: written as it is
        self._real = real
        self.path = real if self.direct else real + PARTIAL  # the file written now
        mode = "b" if binary else ""
        options = {} if binary else {"encoding": "utf-8", "newline": ""}
        try:
            try:
                if not self.direct and os.path.lexists(self.path):
                    os.unlink(self.path)  # an earlier run's partial table (or a link: never written through)
                self.handle = open(self.path, ("w" if self.direct else "x") + mode, **options)
            except PermissionError:
                if kind is None or not os.access(real, os.W_OK):
                    raise
                # a file one may write in a folder one may not: nothing can go beside it, so it is written in place
                self.direct, self.path = True, real
                self.handle = open(self.path, "w" + mode, **options)
        except OSError as exc:
            raise OutputError(f"cannot write {self.target!r}: {exc.strerror or exc}") from None
        except ValueError as exc:  # a NUL in the name
            raise OutputError(f"cannot write {self.target!r}: {exc}") from None
        if not self.direct and kind is not None:
            try:
                shutil.copymode(real, self.path)  # the new table keeps the old one's permissions
            except OSError:
                pass

    def write(self, text: str | bytes) -> None:
        """Write ``text`` and flush it (so that a kill keeps it), or an OutputError naming the target."""
        try:
            self.handle.write(text)
            self.handle.flush()
        except OSError as exc:
            raise OutputError(f"cannot write {self.target!r}: {exc.strerror or exc}") from None

    def commit(self) -> None:
        """The table is complete: synced to disk and moved over the target."""
        try:
            self.handle.flush()
            if not self.direct:
                os.fsync(self.handle.fileno())
            self.handle.close()
            if not self.direct:
                os.replace(self.path, self._real)
        except OSError as exc:
            self.discard()
            raise OutputError(f"cannot write {self.target!r}: {exc.strerror or exc}") from None

    def lines(self) -> int | None:
        """The complete lines written so far, read back from the file (so an interrupt that comes between a
        write and its caller's count cannot make the two disagree); None for a device or a pipe."""
        if self.direct:
            return None
        try:
            if not self.handle.closed:
                self.handle.flush()
            with open(self.path, "rb") as written:
                return written.read().count(b"\n")
        except OSError:
            return None

    def keep(self) -> str | None:
        """Stop here and keep what was written in ``TARGET.partial`` (the target untouched); its name, or None
        where the target itself was being written (a device or a pipe)."""
        self._close()
        if self.direct:
            return None
        beside = self.target + PARTIAL  # the name as the user gave it, unless that is not where the file is (a link)
        return beside if os.path.realpath(beside) == self.path else self.path

    def discard(self) -> None:
        """Stop here and remove what was written (the target untouched)."""
        self._close()
        if not self.direct:
            try:
                os.unlink(self.path)
            except OSError:
                pass

    @staticmethod
    def forget(path: str | os.PathLike) -> None:
        """Remove an empty ``TARGET.partial`` of ``path``: what an interrupt leaves when it comes while the
        file is being opened, before its :class:`TableFile` is in hand (an empty file keeps nothing)."""
        partial = os.path.realpath(os.fspath(path)) + PARTIAL
        try:
            if os.path.isfile(partial) and not os.path.islink(partial) and os.path.getsize(partial) == 0:
                os.unlink(partial)
        except (OSError, ValueError):
            pass

    def _close(self) -> None:
        try:
            self.handle.close()
        except OSError:
            pass

    def __enter__(self) -> TableFile:
        return self

    def __exit__(self, kind, error, trace) -> None:
        if self.handle.closed:  # kept, discarded or committed already
            return
        if kind is None:
            self.commit()
        else:
            self.discard()
