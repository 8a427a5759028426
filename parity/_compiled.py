"""Compiled kernels: loaded from numba's cache, or compiled once with a note that says so.

Numba compiles a kernel the first time it is needed after installing
(``cache=True`` then keeps the machine code, next to the module in
``__pycache__``, or in the user's cache directory when the package
directory is not writable, or under ``NUMBA_CACHE_DIR``).  Compiling takes
seconds, so:

* parity's kernels are declared with :func:`kernel`: an explicit signature,
  compiled (or read from the cache) one by one when first called, not when
  their module is imported, so a command compiles only what it runs;
* a command about to compile says so once per module on stderr
  (:data:`NOTES`, switched on by the command line);
* the time spent compiling or reading kernels is counted (:func:`spent`),
  so that the front door reports it as loading (``load_seconds``), never as
  an engine's work (``seconds``), even when a kernel is first needed in the
  middle of that work.

:func:`load_kernels` is where engines bring in a kernel module, and third
parties' kernels (xcover's), before their work is timed.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import sys
import time
from pathlib import Path
from types import ModuleType

__all__ = ["load_kernels", "import_alone", "kernels_cached", "kernel", "LazyKernel", "loaded", "compiled", "spent", "KERNELS", "NOTES"]

#: kernel modules, with what compiling them costs on a 2-core machine the first time (seconds)
KERNELS = {
    "parity.linalg._gf2_kernels": ("GF(2) elimination", 0.0),  # declared with kernel(): noted one by one
    "parity.linalg._chase_kernels": ("light chasing", 0.0),
    "parity.linalg._gfp_kernels": ("GF(p) elimination", 0.0),
    "parity.linalg._word_kernels": ("word", 0.2),
    "parity.codes._kernels": ("coset search", 0.0),
    "parity.cnf._colour_kernels": ("colouring local search", 0.0),
    "parity.counting._heights_kernels": ("grid 3-colouring sweep", 0.0),
    "parity.puzzles._sudoku_kernels": ("Sudoku search", 0.0),
    "parity.cover._scan_kernels": ("scan", 0.5),
    "parity.cover._pack_kernels": ("pack", 0.0),  # declared with kernel(): noted one by one
    "parity.puzzles.icosoku._kernels": ("Icosoku search", 2.0),
    "xcover.dancing_cells": ("dancing cells (xcover)", 10.0),
}
#: say on stderr when a command is about to compile for a second or more (the command line turns this on)
NOTES = False
_SAID: set[str] = set()
_SPENT = [0.0]


def spent() -> float:
    """Seconds this process has spent compiling or reading :func:`kernel` kernels so far."""
    return _SPENT[0]


class LazyKernel:
    """A numba kernel with explicit signatures, compiled (or read from numba's cache) when first called.

    Until then it costs nothing: importing its module compiles nothing.  The
    kernels it calls are made first (numba must see them compiled), and once
    made it replaces itself in its module, so later calls go to the numba
    dispatcher directly.  A call with argument types outside the signatures
    raises TypeError, as an eagerly compiled kernel would.
    """

    def __init__(self, py, signatures, options: dict) -> None:
        self.py, self.signatures = py, signatures
        self.options = {key: value for key, value in options.items() if key != "cache"}  # always cached
        self._dispatcher = None
        functools.update_wrapper(self, py)

    def cached(self) -> bool:
        """Whether numba's cache holds this kernel (its index file), without loading it."""
        code = self.py.__code__
        name = self.py.__qualname__.replace("<", "").replace(">", "")
        return _indexed(Path(code.co_filename), f"{name}-{code.co_firstlineno}.py*.nbi")

    def dispatcher(self):
        """The compiled kernel (compiled or read from the cache now, the first time)."""
        if self._dispatcher is None:
            names = self.py.__globals__
            for used in self.py.__code__.co_names:  # the kernels it calls, made first
                callee = names.get(used)
                if isinstance(callee, LazyKernel):
                    callee.dispatcher()
            started = time.perf_counter()
            module = self.py.__module__
            if NOTES and module not in _SAID and not self.cached():
                _say_compiling(module, "{what} kernels once, a few seconds")
            from numba import njit

            self._dispatcher = njit(self.signatures, cache=True, **self.options)(self.py)
            for name, value in list(names.items()):  # the module's names now call numba directly
                if value is self:
                    names[name] = self._dispatcher
            _SPENT[0] += time.perf_counter() - started
        return self._dispatcher

    def __call__(self, *args):
        return self.dispatcher()(*args)

    def __repr__(self) -> str:
        state = "compiled" if self._dispatcher is not None else "not compiled yet"
        return f"<kernel {self.py.__qualname__}, {state}>"


def loaded(function) -> bool:
    """Whether a kernel is compiled in this process (a :class:`LazyKernel` not yet called is not).

    Examples
    --------
    >>> from parity.linalg import _word_kernels
    >>> loaded(_word_kernels._ctz)  # compiled on import
    True
    """
    return not isinstance(function, LazyKernel) or function._dispatcher is not None


def compiled(function):
    """The compiled kernel: a :class:`LazyKernel` is compiled, or read from numba's cache, now."""
    return function.dispatcher() if isinstance(function, LazyKernel) else function


def kernel(signatures, **options):
    """``numba.njit(signatures, cache=True, **options)``, compiled when first called (see :class:`LazyKernel`).

    Examples
    --------
    The inverse of 3 mod 7, by a GF(p) kernel declared as
    ``@kernel("int64(int64, int64)", nogil=True)``: compiled, or read from
    numba's cache, on its first call in a process:

    >>> from parity.linalg import _gfp_kernels
    >>> _gfp_kernels.inverse(3, 7)
    5
    """
    def wrap(py):
        return LazyKernel(py, signatures, options)

    return wrap


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
    return _indexed(source, "*.nbi")


def _indexed(source: Path, pattern: str) -> bool:
    """Whether numba's cache folder for the module in ``source`` holds an index file ``{module}.{pattern}``."""
    folder = _cache_dir(source)
    return folder.is_dir() and any(folder.glob(f"{source.stem}.{pattern}"))


def _say_compiling(module: str, words: str) -> None:
    """The one line on stderr, once per module, that a command is about to compile its kernels (``words`` says
    which and how long, ``{what}`` standing for the module's name in :data:`KERNELS`)."""
    _SAID.add(module)
    words = words.format(what=KERNELS.get(module, (module, 0.0))[0])
    print(f"parity: compiling {words} (later runs read them from numba's cache)", file=sys.stderr, flush=True)


def load_kernels(name: str) -> ModuleType:
    """Import the kernel module ``name`` (compiled, or read from numba's cache), with a one-line note on stderr
    the first time a command compiles it (when :data:`NOTES` is on and compiling takes a second or more)."""
    if name in sys.modules:
        return sys.modules[name]
    seconds = KERNELS.get(name, (name, 1.0))[1]
    if NOTES and seconds >= 1.0 and name not in _SAID and not kernels_cached(name):
        _say_compiling(name, f"the {{what}} kernels once, about {seconds:g} s")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numba's type-safety notes while compiling a package's kernels (xcover's)
        return import_alone(name)


def import_alone(name: str) -> ModuleType:
    """Import the submodule ``name`` without running its package's ``__init__`` (when the package is not
    imported yet).

    xcover's ``__init__`` imports both of its kernels, each compiled when its module is imported; the ``dlx``
    engine needs one of them (``xcover.dancing_cells``), and compiling the other (its ZDD variant) made the
    engine's first use after installing twice as long.  The package stands in ``sys.modules`` unexecuted while
    its submodule is imported, and is taken out after, so that a later ``import xcover`` runs its
    ``__init__`` as usual (which finds the submodule already imported).

    Examples
    --------
    >>> import_alone("json.decoder").__name__
    'json.decoder'
    """
    if name in sys.modules:
        if sys.modules[name] is None:
            raise ImportError(f"import of {name} halted; None in sys.modules")
        return sys.modules[name]
    top, _, rest = name.partition(".")
    if not rest or top in sys.modules:
        return importlib.import_module(name)
    spec = importlib.util.find_spec(top)
    if spec is None or spec.submodule_search_locations is None:
        return importlib.import_module(name)  # raises ImportError
    sys.modules[top] = importlib.util.module_from_spec(spec)  # its __init__ not run
    try:
        return importlib.import_module(name)
    finally:
        del sys.modules[top]
