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
# a lattice cell, ``tuple[int, ...]`` (parity.boards.lattices.Cell): named in signatures that autodoc shows as written
# when an annotation names networkx, which the module imports only when it builds a graph
nitpick_ignore.append(("py:class", "Cell"))


# -- the command-line reference, generated from the click commands ---------------------------------------
def _write_cli_reference(app) -> None:
    """Write docs/cli_reference.rst from the ``--help`` of every verb and every family command."""
    from pathlib import Path

    import click

    from parity.cli.main import cli

    def section(title: str, char: str) -> list[str]:
        return [title, char * len(title), ""]

    def help_text(command, path: list[str]) -> str:
        with click.Context(command, info_name=" ".join(path)) as ctx:
            return command.get_help(ctx)

    lines = [".. This page is generated from the click commands when the docs are built (docs/conf.py).", ""]
    lines += section("Command-line reference", "=")
    lines += ["Every command and every family's options, exactly as ``--help`` prints them.", ""]
    root = click.Context(cli, info_name="parity")
    for name in cli.list_commands(root):
        command = cli.get_command(root, name)
        lines += section(f"parity {name}", "-")
        lines += [".. code-block:: text", ""]
        lines += ["   " + line for line in help_text(command, ["parity", name]).splitlines()] + [""]
        if isinstance(command, click.Group):
            sub_root = click.Context(command, info_name=f"parity {name}", parent=root)
            for sub in command.list_commands(sub_root):
                subcommand = command.get_command(sub_root, sub)
                if subcommand is None:
                    continue
                lines += section(f"parity {name} {sub}", "~")
                lines += [".. code-block:: text", ""]
                lines += ["   " + line for line in help_text(subcommand, ["parity", name, sub]).splitlines()] + [""]
    target = Path(app.srcdir) / "cli_reference.rst"
    text = "\n".join(lines) + "\n"
    if not target.exists() or target.read_text() != text:
        target.write_text(text)


# -- the catalogue of Polyform Puzzler's puzzles, generated from parity's data (docs/_catalogue.py) -----------
def _write_catalogue(app) -> None:
    """Write docs/catalogue.rst and each family's picture (docs/_static/catalogue/) from parity's data."""
    import importlib.util
    from pathlib import Path

    from sphinx.util import logging

    spec = importlib.util.spec_from_file_location("_catalogue", Path(app.srcdir) / "_catalogue.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.write_page(app.srcdir, log=logging.getLogger(__name__).info)


def setup(app) -> None:
    app.connect("builder-inited", _write_cli_reference)
    app.connect("builder-inited", _write_catalogue)
