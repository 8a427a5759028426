"""Sphinx configuration for the parity documentation."""

project = "parity"
author = "The parity developers"
copyright = "2026, the parity developers"
release = "0.1.0"

extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.mathjax", "sphinx.ext.viewcode"]
napoleon_google_docstring = False
napoleon_numpy_docstring = True
autodoc_member_order = "bysource"
autodoc_typehints = "description"
exclude_patterns = ["_build"]
html_theme = "alabaster"
nitpicky = True
suppress_warnings = ["ref.citation", "ref.footnote"]

# Types from other libraries (no network here for intersphinx inventories) and numpydoc's plain-English
# types ("optional", "sequence", "array_like") are not cross-referenced; everything of parity's is.
napoleon_preprocess_types = True
nitpick_ignore_regex = [
    (r"py:(class|obj|data|exc)", r"(numpy|np|networkx|nx|collections\.abc|os|pathlib|random|pysat|click|hypothesis|typing|galois)(\..*)?"),
    (r"py:(class|obj)", r"(optional|sequence|sequences|array_like|mapping|path|callable|object|str|int|float|bool|dict|list|tuple|set|iterator|type|None|default.*|sequence of .*|iterable of .*|list of .*|tuple of .*|dict of .*|\(int, int\))"),
    (r"py:exc", r"(OSError|KeyboardInterrupt|ValueError|KeyError|TimeoutError|RuntimeError)"),
]
import parity.errors as _errors  # noqa: E402  the short names in Raises sections are parity.errors' classes

nitpick_ignore = [(role, name) for name in _errors.__all__ for role in ("py:exc", "py:class")]
