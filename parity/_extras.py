"""The optional parts of parity and the extras that install them.

``pip install .`` installs the core: what the mission names (numpy, numba, galois, networkx, python-sat) and what
every family's default engines need (python-flint for the polynomial route, pycryptosat and d4solver for the
CNF's default counts, xcover for ``dlx``, click for the command line).  The rest comes with an extra:

``draw``
    matplotlib: every picture (``parity draw``, :func:`parity.draw.save`, the report's pictures, notebooks'
    rich display).
``dask``
    distributed: sweeps and split counts on a Dask cluster (``--scheduler``); local processes need nothing.
``research``
    highspy (HiGHS): the integer programs of the covering radius and the Most Clicks tables.
``counters``
    pyganak: the ``ganak`` model counter (on request; ``d4`` and ``cms`` count by default).
``all``
    every extra above.

:func:`require` imports a module of an extra, or raises :class:`~parity.errors.MissingExtraError` with the
one line that says what to install; ``import parity`` imports none of them.

Examples
--------
>>> require("json", "reading JSON").__name__      # a module that is there is returned
'json'
>>> EXTRAS["matplotlib"]
('matplotlib', 'draw')
"""

from __future__ import annotations

import importlib

from .errors import MissingExtraError

__all__ = ["EXTRAS", "require", "missing_message"]

#: module -> (the distribution that provides it, the extra that installs it)
EXTRAS = {
    "matplotlib": ("matplotlib", "draw"),
    "distributed": ("distributed", "dask"),
    "highspy": ("highspy", "research"),
    "pyganak": ("pyganak", "counters"),
}


def missing_message(module: str, what: str) -> str:
    """The one line said when ``module`` (of an extra) is missing and ``what`` needs it.

    Examples
    --------
    >>> missing_message("matplotlib.pyplot", "drawing")
    "drawing needs matplotlib, which parity's extra 'draw' installs: pip install 'parity[draw]'"
    """
    top = module.split(".")[0]
    distribution, extra = EXTRAS.get(top, (top, None))
    if extra is None:
        return f"{what} needs {distribution}: pip install {distribution}"
    return f"{what} needs {distribution}, which parity's extra {extra!r} installs: pip install 'parity[{extra}]'"


def require(module: str, what: str):
    """``module`` imported, or :class:`~parity.errors.MissingExtraError` saying in one line which extra installs it
    (``what`` says what needed it, in the singular: "drawing", "--scheduler", ...).

    Examples
    --------
    >>> import sys
    >>> saved = sys.modules.get("highspy", False)
    >>> sys.modules["highspy"] = None                 # as if it were not installed
    >>> try:
    ...     require("highspy", "the covering radius")
    ... except Exception as error:
    ...     print(type(error).__name__, error)
    ... finally:
    ...     _ = sys.modules.pop("highspy") if saved is False else sys.modules.__setitem__("highspy", saved)
    MissingExtraError the covering radius needs highspy, which parity's extra 'research' installs: pip install 'parity[research]'
    """
    try:
        return importlib.import_module(module)
    except ImportError as error:
        missing = (getattr(error, "name", None) or module).split(".")[0]
        if missing != module.split(".")[0]:
            raise  # the module is there but something it imports is broken: that is not a missing extra
        raise MissingExtraError(missing_message(module, what)) from None
