"""Compiled kernels: loaded from numba's cache, or compiled once with a note that says so.

Numba compiles a kernel module the first time it is imported after
installing (``cache=True`` then keeps the machine code, next to the module
in ``__pycache__``, or in the user's cache directory when the package
directory is not writable, or under ``NUMBA_CACHE_DIR``).  Compiling takes
seconds, so a command that is about to compile says so once on stderr
(:data:`NOTES`, switched on by the command line), and :func:`load_kernels`
is where every engine brings its kernels in, before its work is timed.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

__all__ = ["load_kernels", "kernels_cached", "KERNELS", "NOTES"]

#: kernel modules, with what compiling them costs on a 2-core machine the first time (seconds)
KERNELS = {
    "parity.linalg._gf2_kernels": ("GF(2) elimination", 9.0),
    "parity.linalg._chase_kernels": ("light chasing", 3.5),
    "parity.linalg._gfp_kernels": ("GF(p) elimination", 2.6),
    "parity.linalg._word_kernels": ("word", 0.2),
    "parity.cover._scan_kernels": ("scan", 0.5),
    "parity.puzzles.icosoku._kernels": ("Icosoku search", 2.0),
    "xcover.dancing_cells": ("dancing cells (xcover)", 8.5),
}
#: say on stderr when a command is about to compile for a second or more (the command line turns this on)
NOTES = False
_SAID: set[str] = set()


def _cache_dir(source: Path) -> Path:
    """Where numba keeps the compiled kernels of the module in ``source``: under ``NUMBA_CACHE_DIR`` when it is
    set, else beside the module when its folder is writable, else in the user's cache directory."""
    from numba.core import config
    from numba.core.caching import UserWideCacheLocator
    from numba.misc.appdirs import AppDirs

    sub = UserWideCacheLocator.get_suitable_cache_subpath(str(source))
    if config.CACHE_DIR:
        return Path(config.CACHE_DIR) / sub
    if os.access(source.parent, os.W_OK):
        return source.parent / "__pycache__"
    return Path(AppDirs(appname="numba", appauthor=False).user_cache_dir) / sub


def kernels_cached(name: str) -> bool:
    """Whether numba's cache holds compiled kernels of module ``name`` (an index file of one of them, in any
    place numba looks), found without importing the module."""
    top, _, rest = name.partition(".")
    spec = importlib.util.find_spec(top)  # a top-level spec imports nothing (a submodule's imports its package)
    if spec is None or spec.origin is None:
        return False
    source = Path(spec.origin).parent.joinpath(*rest.split(".")).with_suffix(".py") if rest else Path(spec.origin)
    folder = _cache_dir(source)
    return folder.is_dir() and any(folder.glob(f"{source.stem}.*.nbi"))


def load_kernels(name: str) -> ModuleType:
    """Import the kernel module ``name`` (compiled, or read from numba's cache), with a one-line note on stderr
    the first time a command compiles it (when :data:`NOTES` is on and compiling takes a second or more)."""
    if name in sys.modules:
        return sys.modules[name]
    what, seconds = KERNELS.get(name, (name, 1.0))
    if NOTES and seconds >= 1.0 and name not in _SAID and not kernels_cached(name):
        _SAID.add(name)
        print(f"parity: compiling the {what} kernels once, about {seconds:g} s (later runs read them from "
              "numba's cache)", file=sys.stderr, flush=True)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numba's type-safety notes while compiling a package's kernels (xcover's)
        return importlib.import_module(name)
