"""Reading users' text files, with every failure turned into the caller's one-line ParityError."""

from __future__ import annotations

import os
from pathlib import Path


def read_text(path: str | os.PathLike, error: type[Exception], what: str) -> str:
    """The file's text; ``error("cannot read WHAT PATH: reason")`` if it is missing or not UTF-8 text."""
    path = Path(path)
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise error(f"cannot read {what} {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise error(f"cannot read {what} {path}: not a text file") from None
