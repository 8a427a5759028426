"""The list of speed claims (experiments/benchmarks/claims.py) is complete and current: every figure the README
and the docs print beside a command is listed (to measure, or with the reason it is not), and every listed quote
and command is still in the text.  Text only: nothing is timed here."""

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_SPEC = importlib.util.spec_from_file_location("benchmark_claims", ROOT / "experiments" / "benchmarks" / "claims.py")
claims = sys.modules.setdefault("benchmark_claims", importlib.util.module_from_spec(_SPEC))
_SPEC.loader.exec_module(claims)

#: the texts a reader reads (docs/cli_reference.rst is generated from the commands' help when the docs are built:
#: its figures are the source's, listed under parity/cli; docs/catalogue.rst, from parity's data: its seconds are
#: the data's)
DOCS = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").glob("*.rst") if p.name not in ("cli_reference.rst",
                                                                                                "catalogue.rst")),
        *sorted((ROOT / "docs" / "tutorials").glob("*.rst"))]
ENTRIES = [*claims.CLAIMS, *claims.NOT_RUN]


def _text(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_figure_beside_a_command_is_listed(path):
    name, text = str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")
    mine = [e for e in ENTRIES if e.file == name]
    spans = {e: claims.quoted_lines(text, e.quote) for e in mine}
    missing = [(line, figure) for line, figure in claims.figures_beside_commands(text)
               if not any(claims._spaced(e.figure) == figure and any(line in span for span in spans[e]) for e in mine)]
    assert missing == [], f"{name}: figures beside a command that claims.py does not list (line, figure)"


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: f"{e.file}:{e.figure}:{e.quote[:30]}")
def test_every_listed_figure_is_still_quoted(entry):
    assert claims.quoted_lines(_text(entry.file), entry.quote), f"{entry.file} no longer says {entry.quote!r}"
    assert claims._spaced(entry.figure) in claims._spaced(entry.quote)
    claims.seconds(entry.figure.removesuffix("x"))  # a figure claims.py can read


@pytest.mark.parametrize("claim", claims.CLAIMS, ids=lambda c: f"{c.file}:{c.figure}:{c.command[:30]}")
def test_every_listed_command_is_still_printed(claim):
    printed = claim.printed_in or claim.file
    assert claims.quoted_lines(_text(printed), claim.command), f"{printed} no longer prints {claim.command!r}"
    known = claim.measure in ("wall", "engine") or claim.measure.startswith("json:")
    assert known or re.compile(claim.measure).groups == 1


def test_the_scanner_finds_figures_beside_commands_and_nothing_else():
    text = ("Prose: `parity count lightsout --board\ngrid:5x5` 0.26 s, 2.7 s without one.  Another sentence, 9 s.\n"
            "\n"
            "   $ parity count x --board grid:5x\n"
            "   x on grid:5x5: 4 solutions (engine gf2, 0.001 s)\n"
            "\n"
            "``parity.linalg`` is 3 s, and ``parity table`` is 0.40x of it, on a 10x6 board.  ``parity.cnf``: 1 s.\n")
    assert claims.figures_beside_commands(text) == [(2, "0.26 s"), (2, "2.7 s"), (5, "0.001 s"), (7, "0.40x"),
                                                    (7, "3 s")]


def test_figures_read_as_seconds_with_their_rounding():
    assert claims.seconds("0.26 s") == pytest.approx((0.26, 0.005))
    assert claims.seconds("12 minutes") == pytest.approx((720.0, 30.0))
    assert claims.seconds("0.3 ms") == pytest.approx((0.0003, 0.00005))
