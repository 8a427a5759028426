"""The ``parity`` command (see ``parity --help``)."""

from .main import cli, main

__all__ = ["cli", "main"]
