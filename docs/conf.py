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
