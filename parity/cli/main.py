"""The ``parity`` command line: generic verbs over the family registry.

``parity VERB FAMILY [options]``: every verb (``solve``, ``count``,
``check``, ``export``) takes every registered family; the family's adapter
(:class:`~parity.puzzles.registry.Family`) supplies the options that build a
puzzle, and the verb calls the library's front door (:mod:`parity.api`,
:mod:`parity.check`, :mod:`parity.export`).  No verb names a family.

Contract: ``--json`` prints exactly one JSON object on stdout; user errors exit
with status 2 and one line on stderr; "no solution" is exit 0 with
``"satisfiable": false``; a spent ``--time-limit`` is exit 0 with
``"status": "UNKNOWN"``; Ctrl-C and SIGTERM stop every child process and exit
130 with one line.

The work of a command runs in a child process (:mod:`parity._child`), so an
interrupt can always stop it, even inside a native solver.  Only click is
imported at start-up; family modules load when their command is built.
"""

from __future__ import annotations

import json
import re
import sys

import click

from ..errors import ParityError
from .family import _VERB_HELP, _FamilyGroup
from .signals import _Interrupted, _install_stop_handlers, _restore_stop_handlers
from .sweep import sweep_group
from .table import table_group
from .tools import catalogue_command, engines_command, pieces_command, reproduce_command

__all__ = ["cli", "main"]


# -- the group ---------------------------------------------------------------------------------------------
@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="parity")
def cli() -> None:
    """parity: lights-out and parity puzzles, solved exactly.

    Every verb takes a puzzle family: parity solve lightsout --board grid:5x5.
    """


for _verb in _VERB_HELP:
    cli.add_command(_FamilyGroup(_verb))
for _command in (sweep_group, table_group, reproduce_command, pieces_command, engines_command, catalogue_command):
    cli.add_command(_command)


_NO_ARGS = getattr(click.exceptions, "NoArgsIsHelpError", ())  # click >= 8.2 raises it for a bare group


def _one_line_warnings() -> None:
    """parity's warnings (input read anyway, as other tools read it) as one line each on stderr; others as Python
    prints them."""
    import warnings

    from ..errors import ParityWarning

    warnings.simplefilter("always", ParityWarning)  # each file's warning, however many a process reads
    shown = warnings.showwarning
    if getattr(shown, "parity", False):  # installed by an earlier call in this process
        return

    def show(message, category, filename, lineno, file=None, line=None):
        if issubclass(category, ParityWarning):
            print(f"parity: warning: {_one_line(str(message))}", file=sys.stderr, flush=True)
        else:
            shown(message, category, filename, lineno, file, line)

    show.parity = True
    warnings.showwarning = show


def _as_option(message: str) -> str:
    """An API error read on the command line: the parameter it names (``max_nullity``) is an option there."""
    return re.sub(r"\bmax_nullity\b", "--max-nullity", message)


def main(argv: list[str] | None = None) -> None:
    """Run the command line; user errors become one line on stderr and exit status 2."""
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)  # counts are exact: 2 ** 15000 is printed in full, not refused
    previous = _install_stop_handlers()
    from .. import _compiled

    _compiled.NOTES = True  # a command about to compile kernels says so once on stderr
    _one_line_warnings()
    as_json = _asks_json(sys.argv[1:] if argv is None else argv)
    try:
        cli.main(args=argv, prog_name="parity", standalone_mode=False)
    except ParityError as exc:
        _refuse(_as_option(_one_line(str(exc))), type(exc).__name__, exc.option, as_json)
    except _NO_ARGS as exc:  # 'parity' or 'parity solve' alone: the help, as --help would print it
        click.echo(exc.ctx.get_help() if exc.ctx is not None else cli.get_help(click.Context(cli)))
        sys.exit(0)
    except click.UsageError as exc:
        message = exc.format_message().splitlines()[0]
        where = f"{exc.ctx.command_path}: " if exc.ctx is not None else ""
        _refuse(f"{where}{message}", "UsageError", _option_of(exc), as_json)
    except (KeyboardInterrupt, click.exceptions.Abort, _Interrupted):
        click.echo("parity: interrupted", err=True)
        sys.exit(130)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        _refuse(_one_line(exc.format_message()), "UsageError", None, as_json)
    finally:
        _restore_stop_handlers(previous)


def _asks_json(argv) -> bool:
    """Whether the command line asks for JSON (``--json`` before any ``--``), read before click parses it: a
    refusal of the command line itself answers in JSON too."""
    words = [str(word) for word in argv]
    return "--json" in words[: words.index("--")] if "--" in words else "--json" in words


def _option_of(exc: click.UsageError) -> str | None:
    """The option a usage error is about (the longest of its names), or None."""
    param = getattr(exc, "param", None)
    if param is not None:
        names = [*param.opts, *param.secondary_opts]
        return max(names, key=len) if param.param_type_name == "option" else param.human_readable_name
    return getattr(exc, "option_name", None)


def _refuse(message: str, kind: str, option: str | None, as_json: bool) -> None:
    """A refusal: one line on stderr and exit status 2; with ``--json`` also one JSON object on stdout saying so
    (``"status": "ERROR"``, the message, the kind of error and the option it concerns, null where none does)."""
    click.echo(f"parity: error: {message}", err=True)
    if as_json:
        click.echo(json.dumps({"status": "ERROR", "error": kind, "message": message, "option": option,
                               "exit_status": 2}))
    sys.exit(2)


def _one_line(message: str) -> str:
    return " ".join(message.split()) or "unknown error"
