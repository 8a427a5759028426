"""Every speed figure README.md and the docs quote, measured from the command printed beside it.

Usage (from the repository root, with the project installed)::

    python experiments/benchmarks/claims.py [--repeat 5] [--only SUBSTRING] [--json] [--slow]

:data:`CLAIMS` lists each figure with the words around it (which find its
line), the command printed beside it, what the figure times and whether it
is about the first use after installing.  Each command runs as a whole
process from a folder of its own (the files its example makes first are made
there, untimed):

* a warm claim runs once unmeasured (numba's cache filled, the files in the
  page cache), then ``--repeat`` times; the median counts;
* a first-use claim runs once with ``NUMBA_CACHE_DIR`` set to an empty
  temporary folder, so that parity's kernels and xcover's are compiled as
  after installing (the caches others use are left alone);
* Python's bytecode is read as an installed package reads it, even where
  ``PYTHONDONTWRITEBYTECODE`` is set (:func:`as_installed`).

What is measured is what the figure says: ``wall``, the process's wall
time; ``engine``, the engine time the command prints (``(engine pack,
0.049 s)``); ``json:KEY``, a key of its JSON answer; or a regular
expression on what it prints (a line of ``parity check``'s table).  A figure
stands for every time that rounds to it (``0.26 s``: up to 0.265 s), and a
claim is flagged when the measure is over 1.5 times that (a time the command
prints counts at the least it stands for: ``0.001 s`` as 0.0005 s).  The
table gives where the figure is quoted, the command run (with ``[engine]``,
``[KEY]`` or ``[printed]`` when the measure is not the wall time), claimed,
measured and their ratio; the exit status is 1 when a claim is flagged or
its command fails.

:data:`NOT_RUN` lists the figures beside a command that no command here
measures (a peer's time, the time before a change, a figure with no command
of its own), each with the reason; ``tests/test_claims.py`` checks that every
figure the docs print beside a command is in one list or the other, and that
every listed quote and command is still in the text.  Claims quoted at over a
minute run only with ``--slow``.  Run it before a change that touches a route
or a figure (docs/benchmarks.rst, "Claims").
"""

from __future__ import annotations

import argparse
import bisect
import itertools
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PARITY = shutil.which("parity") or str(Path(sys.executable).parent / "parity")
#: a claim is flagged when its measure is over this many times its figure
LIMIT = 1.5
#: claims quoted at more seconds than this run only with --slow
SLOW_S = 60.0
#: the first of the 95 hard puzzles of the "top95" collection (as bench_startup.py runs it)
TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
#: the 17-clue puzzle of the tests (tests/puzzles/test_sudoku.py), from Gordon Royle's list
SEVENTEEN = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"


@dataclass(frozen=True)
class Claim:
    """One speed figure as quoted, and how to measure it."""

    #: the file that quotes it, from the repository root
    file: str
    #: the words around the figure as printed (line breaks and runs of blanks may differ): they find its line
    quote: str
    #: the figure as printed: "0.26 s", "12 minutes", "0.013 s"
    figure: str
    #: the command as printed beside it (found in ``printed_in``, else in ``file``)
    command: str
    #: "wall", "engine" (the engine time the command prints), "json:KEY", or a regular expression with one group
    measure: str = "wall"
    #: about the first use after installing (run once on empty caches), else warm
    first_use: bool = False
    #: what runs, where the printed command needs completing (``note`` says from where); else the command
    run: str | None = None
    #: shell commands run first in the claim's folder, untimed (the example's own earlier lines)
    setup: tuple[str, ...] = ()
    #: the file that prints the command, when it is not ``file``
    printed_in: str | None = None
    note: str = ""

    @property
    def argv(self) -> list[str]:
        words = shlex.split(self.run or self.command)
        return [{"parity": PARITY, "python": sys.executable}.get(words[0], words[0]), *words[1:]]


@dataclass(frozen=True)
class NotRun:
    """A figure beside a command that no command here measures, and why."""

    file: str
    quote: str
    figure: str
    reason: str


def _engine(output: str) -> str:
    """The engine time a command prints: ``(engine pack, 0.049 s)``, ``(rank 23, nullity 2; engine gf2, 0.001 s)``."""
    found = re.findall(r"\bengine [^()]*?([\d.]+) s\)", output)
    if not found:
        raise ValueError("the command printed no engine time")
    return found[-1]


_CHECK = "parity check lightsout --examples 200"
_SWEEP = "parity sweep lightsout --sizes 1..{} --store runs.sqlite --workers 2"
_TILES = "000, 001, 002, 003, 011, 012, 013, 021, 022, 023, 031, 032, 033, 111, 112, 113, 122, 123, 133, 222"
_CUSTOM = (f'parity sweep icosoku-pegs --tiles "{_TILES}" --rotations-only --sample 2 --classes 5 '
           "--store combo.sqlite --workers 0")
_SUDOKU = f"parity solve sudoku {TOP95_1} --unique"
_BIG = "parity solve lightsout --board grid:2000x2000 --json"

CLAIMS: list[Claim] = [
    # -- README.md: "Speed" ------------------------------------------------------------------------------------
    Claim("README.md", "`parity --help` 0.15 s", "0.15 s", "parity --help"),
    Claim("README.md", "grid:5x5` 0.39 s", "0.39 s", "parity count lightsout --board grid:5x5"),
    Claim("README.md", "with a proof of uniqueness 0.47 s", "0.47 s", "parity solve sudoku", run=_SUDOKU,
          note="the puzzle and --unique as docs/benchmarks.rst's start-up table prints them"),
    Claim("README.md", "with a proof of uniqueness 0.47 s (the first run too)", "0.47 s", "parity solve sudoku",
          first_use=True, run=_SUDOKU,
          note="the puzzle and --unique as docs/benchmarks.rst's start-up table prints them"),
    Claim("README.md", "a 60 MB answer) 3.3 s", "3.3 s", _BIG),
    Claim("README.md", "weighs 2^32 solutions in about 3 s", "3 s",
          "parity solve lightsout --board grid:39x39 --min-presses"),
    Claim("README.md", "--sizes 1..25000` 45 s", "45 s", "parity table lightsout --sizes 1..25000"),
    Claim("README.md", "`parity reproduce --quick` 7 s", "7 s", "parity reproduce --quick"),
    Claim("README.md", "(first run 14 s", "14 s", "parity reproduce --quick", first_use=True),
    Claim("README.md", "take 0.3 s of engine", "0.3 s", "parity count polyomino --board rect:10x6", "engine"),
    Claim("README.md", "about 1.3 s for the whole `parity count polyomino --board rect:10x6` command", "1.3 s",
          "parity count polyomino --board rect:10x6"),
    Claim("README.md", "command, 5 s the first time", "5 s", "parity count polyomino --board rect:10x6",
          first_use=True),
    Claim("README.md", "refuted in 5 s by a checkerboard certificate", "5 s",
          "parity count polyomino --pieces hexominoes --board rect:15x14", printed_in="docs/cover.rst",
          note="the command docs/cover.rst prints for the same refutation"),
    # -- docs/benchmarks.rst -----------------------------------------------------------------------------------
    Claim("docs/benchmarks.rst", "counts them in 109 s as a whole command", "109 s",
          "parity count polyomino --pieces tetrominoes --board rect:12x12 --copies any"),
    Claim("docs/benchmarks.rst", "quiet (engine 108.7 s, 2026-11-29)", "108.7 s",
          "parity count polyomino --pieces tetrominoes --board rect:12x12 --copies any", measure="engine"),
    Claim("docs/benchmarks.rst", "--format bfile -o FILE`` takes 47 s as a whole process", "47 s",
          "parity table lightsout --sizes 1..25000 --format bfile -o FILE",
          run="parity table lightsout --sizes 1..25000 --format bfile -o table.b"),
    Claim("docs/benchmarks.rst", "``python -c \"import parity\"`` 0.031", "0.031", 'python -c "import parity"'),
    Claim("docs/benchmarks.rst", "``parity --help`` 0.175", "0.175", "parity --help"),
    Claim("docs/benchmarks.rst", "``parity count lightsout --board grid:5x5`` 0.407", "0.407",
          "parity count lightsout --board grid:5x5"),
    Claim("docs/benchmarks.rst", "``parity solve sudoku <top95 #1> --unique`` 0.502", "0.502",
          "parity solve sudoku <top95 #1> --unique", run=_SUDOKU),
    Claim("docs/benchmarks.rst", "0.502 0.35 0.46 (5)", "0.46", "parity solve sudoku <top95 #1> --unique",
          first_use=True, run=_SUDOKU),
    Claim("docs/benchmarks.rst", "(pentominoes, 10 x 6) 1.932", "1.932", "parity count polyomino",
          run="parity count polyomino --pieces pentominoes --board rect:10x6 --json",
          note="pieces and board as the row says (bench_startup.py runs the same)"),
    Claim("docs/benchmarks.rst", "engine + 0.5 \\- 0.546", "0.546", "parity count polyomino", "json:seconds",
          run="parity count polyomino --pieces pentominoes --board rect:10x6 --json",
          note="pieces and board as the row says (bench_startup.py runs the same)"),
    Claim("docs/benchmarks.rst", "``parity reproduce --quick`` 7.098", "7.098", "parity reproduce --quick"),
    Claim("docs/benchmarks.rst", "7.098 5 13.66 (15)", "13.66", "parity reproduce --quick", first_use=True),
    Claim("docs/benchmarks.rst", "(:meth:`~parity.engines.DlxEngine.suits`): 0.5 s, first run or not", "0.5 s",
          "parity solve sudoku", run=_SUDOKU, note="the puzzle of the start-up table above it"),
    Claim("docs/benchmarks.rst", "(:meth:`~parity.engines.DlxEngine.suits`): 0.5 s, first run or not", "0.5 s",
          "parity solve sudoku", first_use=True, run=_SUDOKU, note="the puzzle of the start-up table above it"),
    Claim("docs/benchmarks.rst", "the command loads for 5.9 s the first time", "5.9 s", "parity count polyomino",
          "json:load_seconds", first_use=True, run="parity count polyomino --json",
          note="the figure is the loading (load_seconds) of the first run"),
    Claim("docs/benchmarks.rst", "one a core by default): 12.9 s on one core", "12.9 s", "parity reproduce --quick",
          run="parity reproduce --quick --workers 1", note="the command on one core (--workers 1)"),
    Claim("docs/benchmarks.rst", "12.9 s on one core, 7.1 s on two", "7.1 s", "parity reproduce --quick"),
    Claim("docs/benchmarks.rst", "14 s the first time, 7 s warm on two cores", "14 s", "parity reproduce --quick",
          first_use=True),
    Claim("docs/benchmarks.rst", "14 s the first time, 7 s warm on two cores", "7 s", "parity reproduce --quick"),
    Claim("docs/benchmarks.rst", "and now loads in 3.6 s", "3.6 s",
          "parity count lightsout --board grid:300x300 --engine chase", "json:load_seconds", first_use=True,
          run="parity count lightsout --board grid:300x300 --engine chase --json",
          note="the figure is the loading (load_seconds) of the first run"),
    Claim("docs/benchmarks.rst", "``--engine gf2`` on 200 x 200 loads in 6.9 s", "6.9 s",
          "parity count lightsout --board grid:300x300 --engine chase", "json:load_seconds", first_use=True,
          run="parity count lightsout --board grid:200x200 --engine gf2 --json",
          note="the sentence's command with --engine gf2 on 200 x 200; the loading of the first run"),
    # -- docs/chase.rst and docs/lightsout.rst: 2000 x 2000 --------------------------------------------------
    Claim("docs/chase.rst", "--json`` takes about 3.3 s", "3.3 s", _BIG),
    Claim("docs/chase.rst", "(2.8 s as text)", "2.8 s", _BIG, run="parity solve lightsout --board grid:2000x2000",
          note="the same command without --json"),
    Claim("docs/chase.rst", "of which the chase is 0.3 s", "0.3 s", _BIG, "json:seconds"),
    Claim("docs/chase.rst", "loading its kernels 0.9 s", "0.9 s", _BIG, "json:load_seconds"),
    Claim("docs/lightsout.rst", "takes about 3.3 s on a 2-core machine", "3.3 s",
          "parity solve lightsout --board grid:2000x2000 --json"),
    Claim("docs/lightsout.rst", "and the text answer 2.8 s", "2.8 s", _BIG,
          run="parity solve lightsout --board grid:2000x2000", note="the same command without --json"),
    # -- console examples: the engine time each prints -------------------------------------------------------
    Claim("docs/cli.rst", "nullity 2; engine ..., 0.001 s", "0.001 s", "parity count linear A.txt --augmented",
          "engine", setup=("parity export lightsout --board grid:5x5 --format matrix --augmented -o A.txt",)),
    Claim("docs/cli.rst", "nullity 3; engine ..., 0.001 s", "0.001 s", "parity count linear A.txt", "engine",
          setup=("parity export lightsout --board grid:5x5 --format matrix --augmented -o A.txt",)),
    Claim("docs/cnf.rst", "(engine cms, 0.011 s)", "0.011 s", "parity count cnf lights.cnf", "engine",
          setup=("parity export lightsout --board grid:4x4 --format cnf -o lights.cnf",)),
    Claim("docs/cnf.rst", "(engine ganak, probabilistic exact, 0.096 s)", "0.096 s",
          "parity count cnf lights.cnf --engine ganak", "engine",
          setup=("parity export lightsout --board grid:4x4 --format cnf -o lights.cnf",)),
    Claim("docs/coloring.rst", "(engine frontier, 0.000 s)", "0.000 s",
          "parity count coloring --board petersen --colors 3", "engine"),
    Claim("docs/coloring.rst", "(engine ganak, probabilistic exact, 0.498 s)", "0.498 s",
          "parity count coloring --board dodecahedron --faces --colors 4 --engine ganak", "engine"),
    Claim("docs/cover.rst", "(engine dlx, 0.001 s)", "0.001 s", "parity count cover small.dlx", "engine",
          setup=(r"printf 'a b c | x\na x:red\nb x:red\nc\nb c x\na b c\n' > small.dlx",)),
    Claim("docs/cover.rst", "(engine ganak, probabilistic exact, 0.020 s)", "0.020 s",
          "parity count cover small.dlx --engine ganak", "engine",
          setup=(r"printf 'a b c | x\na x:red\nb x:red\nc\nb c x\na b c\n' > small.dlx",)),
    Claim("docs/cover.rst", "(engine pack, 0.152 s)", "0.152 s",
          "parity count polyomino --board rect:20x3 --up-to-symmetry", "engine"),
    Claim("docs/cover.rst", "items in about 5 s", "5 s",
          "parity count polyomino --pieces hexominoes --board rect:15x14"),
    Claim("docs/cover.rst", "17-clue puzzle takes 0.5 s as a whole command", "0.5 s", "parity solve sudoku",
          run=f"parity solve sudoku {SEVENTEEN}", note="the tests' 17-clue puzzle, which the paragraph names"),
    Claim("docs/cover.rst", "17-clue puzzle takes 0.5 s as a whole command, the first time after installing too",
          "0.5 s", "parity solve sudoku", first_use=True, run=f"parity solve sudoku {SEVENTEEN}",
          note="the tests' 17-clue puzzle, which the paragraph names"),
    Claim("docs/index.rst", "nullity 2; engine gf2, 0.007 s", "0.007 s", "parity count lightsout --board grid:5x5",
          "engine"),
    Claim("docs/quickstart.rst", "nullity 2; engine gf2, 0.007 s", "0.007 s",
          "parity count lightsout --board grid:5x5", "engine"),
    Claim("docs/symmetry.rst", "(engine memo, 0.104 s)", "0.104 s",
          "parity count polyomino --pieces diamonds --copies any --board tri-hexagon:4 --up-to-symmetry", "engine"),
    Claim("docs/symmetry.rst", "(engine memo, 0.426 s)", "0.426 s",
          "parity count polyomino --pieces dominoes --copies any --board rect:12x12 --up-to-symmetry", "engine"),
    Claim("docs/symmetry.rst", "take 1.1 s from the command line", "1.1 s",
          "parity count polyomino --pieces dominoes --copies any --board rect:12x12 --up-to-symmetry"),
    Claim("docs/symmetry.rst", "nullity 4; engine gf2, 0.025 s", "0.025 s",
          "parity count lightsout --board grid:4x4 --up-to-symmetry", "engine"),
    Claim("docs/symmetry.rst", "(engine frontier, 0.094 s)", "0.094 s",
          "parity count coloring --board dodecahedron --faces --colors 4 --up-to-symmetry --recolour", "engine"),
    Claim("docs/tutorials/enigma1780.rst", "(engine frontier, 0.001 s)", "0.001 s",
          "parity count enigma1780 --no-clues", "engine"),
    Claim("docs/tutorials/polyforms.rst", "(engine pack, 0.115 s)", "0.115 s",
          "parity count polyomino --pieces tetrahexes --board hex-coin --up-to-symmetry", "engine"),
    Claim("docs/tutorials/polyforms.rst", "(engine pack, 0.553 s)", "0.553 s",
          "parity count polyomino --pieces hexiamonds --board tri-hexagon:10x4 --up-to-symmetry", "engine"),
    Claim("docs/tutorials/quintomino.rst", "(pieces may be turned over): 7200 solutions (engine search, 0.426 s) 60 up",
          "0.426 s", "parity count quintomino --up-to-symmetry", "engine"),
    Claim("docs/tutorials/quintomino.rst", "(pieces may be turned over): 7200 solutions (engine search, 0.665 s) 3 up",
          "0.665 s", "parity count quintomino --up-to-symmetry --recolour", "engine"),
    # -- console examples: times a command prints in its own words --------------------------------------------
    *(Claim("docs/crosscheck.rst", f"{engine} agreed on {agreed}, verified {verified} solutions, {figure}", figure,
            _CHECK, rf"(?m)^\s*{engine}\s+agreed on .*, ([\d.]+) s")
      for engine, agreed, verified, figure in [
          ("gfp", "200/200", 960, "0.48 s"), ("galois", "200/200", 960, "5.92 s"), ("sat", "200/200", 960, "0.61 s"),
          ("cms", "200/200", 960, "2.09 s"), ("ganak", "200/200", 0, "0.82 s"), ("gf2", "155/155", 301, "0.22 s"),
          ("chase", "166/166", 306, "0.40 s"), ("d4", "158/158", 0, "9.02 s"), ("poly", "10/10", 0, "0.05 s")]),
    Claim("docs/sweep.rst", "6 ran (6 done, 0 failed) in 1.0 s", "1.0 s", _SWEEP.format(6), r"in ([\d.]+) s;"),
    Claim("docs/sweep.rst", "2 ran (2 done, 0 failed) in 1.0 s", "1.0 s", _SWEEP.format(8), r"in ([\d.]+) s;",
          setup=(_SWEEP.format(6),)),
    Claim("docs/tutorials/icosoku.rst", "in 0.7 s; slice.sqlite", "0.7 s",
          "parity sweep icosoku-pegs --tiles original --sample 2 --classes 5 --store slice.sqlite --workers 0",
          r"in ([\d.]+) s;"),
    Claim("docs/tutorials/icosoku.rst", "in 0.8 s; combo.sqlite", "0.8 s", _CUSTOM, r"in ([\d.]+) s;"),
    # -- prose --------------------------------------------------------------------------------------------------
    Claim("docs/tutorials/polysticks.rst", "which takes about 45 s on two cores", "45 s",
          "parity reproduce --seed 003"),
    # the help of --quick, written in the command line's source (docs/cli_reference.rst is generated from it)
    Claim("parity/cli/tools.py", "(about 7 s on two cores; 14 s the first", "7 s", "parity reproduce --quick",
          printed_in="README.md", note="the help of --quick"),
    Claim("parity/cli/tools.py", "(about 7 s on two cores; 14 s the first", "14 s", "parity reproduce --quick",
          printed_in="README.md", first_use=True, note="the help of --quick"),
    Claim("docs/icosoku_results.rst", "16 minutes on one core, ``python experiments/icosoku.py --q6 10000000``",
          "16 minutes", "python experiments/icosoku.py --q6 10000000",
          run=f"python {ROOT / 'experiments' / 'icosoku.py'} --q6 10000000"),
]

_MEMO = "parity count polyform --puzzle {} --engine {} --up-to-symmetry"

CLAIMS += [
    # -- docs/tutorials/polyforms.rst: many packings, counted by the frontier ------------------------------------
    Claim("docs/tutorials/polyforms.rst", "2339 took 0.46 s by ``pack``", "0.46 s",
          "parity count polyform --puzzle pentominoes-6x10 --up-to-symmetry", measure="engine",
          run=_MEMO.format("pentominoes-6x10", "pack"), note="the engine the count chooses, named"),
    Claim("docs/tutorials/polyforms.rst", "and 3.6 s by ``memo`` in", "3.6 s",
          "parity count polyform --puzzle pentominoes-6x10 --up-to-symmetry", measure="engine",
          run=_MEMO.format("pentominoes-6x10", "memo"), note="--engine memo, as the paragraph says"),
    Claim("docs/tutorials/polyforms.rst", "the same count took 2.0 s by ``memo``", "2.0 s",
          _MEMO.format("polyhexes-1234-triangle", "memo"), measure="engine"),
    Claim("docs/tutorials/polyforms.rst", "and 8.7 s by ``pack`` (engine seconds)", "8.7 s",
          _MEMO.format("polyhexes-1234-triangle", "memo"), measure="engine",
          run=_MEMO.format("polyhexes-1234-triangle", "pack"), note="the same count by pack, as the paragraph says"),
    Claim("docs/tutorials/polyforms.rst", "100,083,934 packings took 17 s by ``memo``", "17 s",
          _MEMO.format("polyhexes-1234-irregular-hexagon-5", "memo"), measure="engine"),
    Claim("docs/tutorials/polyforms.rst", "162,086 the frontier count gives in 93 s", "93 s",
          _MEMO.format("cornucopia-17x6", "memo"), measure="engine"),
]

NOT_RUN: list[NotRun] = [
    NotRun("docs/tutorials/puzzler.rst", "no packing found in 15 s", "15 s",
           "the catalogue sweep's budget, stored in the data, not a time"),
    NotRun("docs/tutorials/polyforms.rst", "took 416 s cut", "416 s",
           "the split count's pieces' seconds added up on one worker (its store), not a command's time"),
    NotRun("README.md", "solver takes 0.1 s on the same machine", "0.1 s", "a peer's time (the Rust driver of bench_cover.py)"),
    NotRun("README.md", "the route before, 3.7 s", "3.7 s", "the engine before the change (scan), not the command"),
    NotRun("docs/benchmarks.rst", "kernel's loading once, about 0.7 s", "0.7 s", "a file of tdoku's published top1465 set, which the project does not ship"),
    NotRun("docs/benchmarks.rst", "then about 9 us a puzzle", "9 us", "a file of tdoku's published top1465 set, which the project does not ship"),
    NotRun("docs/benchmarks.rst", "took 1.58 s as a whole", "1.58 s", "a file of tdoku's published top1465 set, which the project does not ship"),
    NotRun("docs/benchmarks.rst", "0.63 s of it in the search", "0.63 s", "a file of tdoku's published top1465 set, which the project does not ship"),
    NotRun("docs/benchmarks.rst", "tdoku needing 13.2 us a", "13.2 us", "a file of tdoku's published top1465 set, which the project does not ship, and tdoku's own time"),
    NotRun("docs/benchmarks.rst", "take about 50 us each, 3.8x", "50 us", "a file of tdoku's published top1465 set, which the project does not ship: the rate past start-up"),
    NotRun("docs/benchmarks.rst", "take about 50 us each, 3.8x", "3.8x", "a file of tdoku's published top1465 set, which the project does not ship: that rate against tdoku's"),
    NotRun("docs/benchmarks.rst", "It took 494 s before (on the AMD machine", "494 s", "the time before the change"),
    NotRun("docs/benchmarks.rst", "about 11x the 10 s", "10 s", "the target, not a time"),
    NotRun("docs/benchmarks.rst", "about 11x the 10 s", "11x", "the time above against the target"),
    NotRun("docs/benchmarks.rst", "every n x n board up to 300 takes 0.037 s", "0.037 s",
           "the polynomial route in a warm process (bench_poly.py), not the command"),
    NotRun("docs/benchmarks.rst", "against 112 s to build each board", "112 s", "the route through boards, in process"),
    NotRun("docs/benchmarks.rst", "with ``gf2`` (3019x)", "3019x", "the ratio of the two in-process routes above"),
    NotRun("docs/benchmarks.rst", "gave no answer in 900 s", "900 s", "a cap on the old route, not a time"),
    NotRun("docs/benchmarks.rst", "took 8.6 s the first time (0.44 s warm)", "8.6 s", "the time before the change"),
    NotRun("docs/benchmarks.rst", "took 8.6 s the first time (0.44 s warm)", "0.44 s", "the time before the change"),
    NotRun("docs/benchmarks.rst", "loaded for 9.4 s the first time", "9.4 s", "the time before the change"),
    NotRun("docs/benchmarks.rst", "took 23 s the first time and 18 s warm", "23 s", "the time before the change"),
    NotRun("docs/benchmarks.rst", "took 23 s the first time and 18 s warm", "18 s", "the time before the change"),
    NotRun("docs/benchmarks.rst", "each time (14 s)", "14 s", "the time before the change"),
    NotRun("docs/benchmarks.rst", "took 12 s to load", "12 s", "the time before the change"),
    NotRun("docs/chase.rst", "it took 35 s for 1000 x 1000", "35 s", "the time before the change"),
    NotRun("docs/benchmarks.rst", "its checks take 12 s of processor time", "12 s", "processor time, not the wall time"),
    NotRun("docs/benchmarks.rst", "two cores cannot bring it to 5 s", "5 s", "the target, not a time"),
    NotRun("docs/benchmarks.rst", "then 24 s on the quiet machine", "24 s", "the time before the change"),
]


# -- the figures the docs print beside a command -----------------------------------------------------------
VERBS = "check|count|draw|engines|export|pieces|reproduce|solve|sweep|table|verify|--help|-h|--version"
#: a time (0.26 s, 12 minutes, 0.3 ms) or a ratio (0.40x, 3019x); not a board size (5x5, grid:5x)
FIGURE = re.compile(r"(?<![\w.,:/-])\d[\d,]*(?:\.\d+)?(?:\s?(?:ms|us|µs|seconds?|minutes?|min|h|s)\b|x(?!\w))")
#: a command in backquotes (``parity count ...``, `parity --help`, ``python experiments/...``), over line breaks
LITERAL = re.compile(rf"(``?)((?:parity (?:{VERBS})(?![\w-])|python3? experiments/)[^`]*?)\1")
#: a console prompt that runs a command; the lines below it, as indented, are what it printed
PROMPT = re.compile(r"^(\s*)\$ (?:parity|python3? experiments/)")
#: where a sentence ends: after . ! ? or : before a capital, a backquote or a bracket, or at a blank line
SENTENCE_END = re.compile(r"(?<=[.!?:])\s+(?=[A-Z*`(])|\n\s*\n|\n(?=\s*[-*] )")


def figures_beside_commands(text: str) -> list[tuple[int, str]]:
    """``(line, figure)`` for every figure printed beside a command: on a console example's lines (the prompt and
    what it printed), or in a sentence of prose that holds a command in backquotes."""
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    found, console = [], set()
    number = 0
    while number < len(lines):
        prompt = PROMPT.match(lines[number])
        if not prompt:
            number += 1
            continue
        indent, block = len(prompt.group(1)), [number]
        number += 1
        while (number < len(lines) and lines[number].strip() and not PROMPT.match(lines[number])
               and len(lines[number]) - len(lines[number].lstrip()) >= indent):
            block.append(number)
            number += 1
        console.update(block)
        found += [(k + 1, _spaced(m.group(0))) for k in block for m in FIGURE.finditer(lines[k])]
    bounds = sorted({0, len(text), *(m.end() for m in SENTENCE_END.finditer(text))})
    for start, end in itertools.pairwise(bounds):
        sentence = text[start:end]
        if not LITERAL.search(sentence):
            continue
        for m in FIGURE.finditer(sentence):
            line = bisect.bisect_right(starts, start + m.start()) - 1
            if line not in console:
                found.append((line + 1, _spaced(m.group(0))))
    return sorted(set(found))


def _spaced(words: str) -> str:
    return " ".join(words.split())


def quoted_lines(text: str, quote: str) -> list[range]:
    """The lines (1-based ranges) where ``quote`` is printed, line breaks and runs of blanks read as one blank."""
    flat, line_of, line = [], [], 1
    previous_blank = False
    for char in text:
        blank = char.isspace()
        if not (blank and previous_blank):
            flat.append(" " if blank else char)
            line_of.append(line)
        previous_blank = blank
        line += char == "\n"
    flat_text, wanted = "".join(flat), _spaced(quote)
    return [range(line_of[m.start()], line_of[m.start() + len(wanted) - 1] + 1)
            for m in re.finditer(re.escape(wanted), flat_text)]


def where(entry: Claim | NotRun) -> str:
    """``file:line`` of the entry's quote (its first line), ``file:?`` when the text no longer holds it."""
    spans = quoted_lines((ROOT / entry.file).read_text(encoding="utf-8"), entry.quote)
    return f"{entry.file}:{spans[0].start if spans else '?'}"


# -- measuring ---------------------------------------------------------------------------------------------
def seconds(figure: str) -> tuple[float, float]:
    """A figure as seconds, and half of what its last printed digit stands for (``"0.26 s"`` -> 0.26, 0.005)."""
    match = re.fullmatch(r"([\d,]+(?:\.(\d+))?)\s*(ms|us|µs|seconds?|minutes?|min|h|s)?", figure)
    if match is None:
        raise ValueError(f"not a time: {figure!r}")
    value = float(match.group(1).replace(",", ""))
    half = 0.5 * 10.0 ** -len(match.group(2) or "")
    scale = {"ms": 1e-3, "us": 1e-6, "µs": 1e-6, "minute": 60.0, "minutes": 60.0, "min": 60.0, "h": 3600.0}.get(
        match.group(3), 1.0)
    return value * scale, half * scale


#: where the commands keep their bytecode when the caller's environment says not to write it (see as_installed)
BYTECODE = Path(tempfile.gettempdir()) / "parity-bench-bytecode"


def as_installed(env: dict[str, str]) -> dict[str, str]:
    """``env`` with Python's bytecode read as an installed package reads it.

    pip compiles a package's modules when it installs them, and Python
    writes the bytecode of an editable install the first time it imports
    it.  Where ``PYTHONDONTWRITEBYTECODE`` is set, as on some build machines,
    every command would compile parity's modules from source instead (about
    0.1 s of a 0.3 s command); here the bytecode is written, under
    :data:`BYTECODE` so that the checkout is left as it is, and the untimed
    first run of each command writes it.
    """
    env = dict(env)
    if env.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
        env.setdefault("PYTHONPYCACHEPREFIX", str(BYTECODE))
    return env


def _environment(cache: str | None) -> dict[str, str]:
    env = as_installed(os.environ)
    env["PATH"] = f"{Path(PARITY).parent}{os.pathsep}{env.get('PATH', '')}"
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = cache
    return env


def _run_once(claim: Claim, cache: str | None) -> tuple[float, str]:
    """One run of the claim's command in a fresh folder (its setup run first, untimed): wall time and stdout."""
    from _timing import best  # (this script's folder is on the path when it runs; the tests read the lists only)

    with tempfile.TemporaryDirectory(prefix="parity-claim-") as folder:
        env = _environment(cache)
        for line in claim.setup:
            subprocess.run(["bash", "-c", line], cwd=folder, env=env, check=True, capture_output=True)
        wall, done = best(lambda: subprocess.run(claim.argv, cwd=folder, env=env, capture_output=True, text=True,
                                                 check=False), 1)
    if done.returncode != 0:
        raise RuntimeError(f"exit status {done.returncode}: {done.stderr.strip().splitlines()[-1:]}")
    return wall, done.stdout


def _measure(claim: Claim, wall: float, output: str) -> float:
    """The claim's measure of one run; a time the command printed counts at the least it stands for (``0.001`` at
    0.0005), as the figure counts at the most."""
    if claim.measure == "wall":
        return wall
    if claim.measure.startswith("json:"):
        return float(json.loads(output)[claim.measure[5:]])
    if claim.measure == "engine":
        printed = _engine(output)
    else:
        match = re.search(claim.measure, output)
        if match is None:
            raise ValueError(f"the output does not match {claim.measure!r}")
        printed = match.group(1)
    value, half = seconds(printed)
    return max(0.0, value - half)


class Runs:
    """The runs of each command, shared by the claims that quote the same one."""

    def __init__(self, repeat: int) -> None:
        self.repeat, self._runs = repeat, {}

    def of(self, claim: Claim) -> list[tuple[float, str]]:
        key = (tuple(claim.argv), claim.setup, claim.first_use)
        if key not in self._runs:
            if claim.first_use:
                with tempfile.TemporaryDirectory(prefix="parity-numba-cache-") as cache:
                    self._runs[key] = [_run_once(claim, cache)]
            else:
                _run_once(claim, None)  # numba's cache filled, the files in the page cache
                self._runs[key] = [_run_once(claim, None) for _ in range(self.repeat)]
        return self._runs[key]


def measure(claim: Claim, runs: Runs) -> dict:
    """The claim's row: where, command, claimed, measured (median), ratio, flag."""
    claimed, half = seconds(claim.figure.removesuffix("x"))
    row = {"where": where(claim), "command": claim.command, "run": claim.run, "measure": claim.measure,
           "first_use": claim.first_use, "claimed": claim.figure, "measured": None, "ratio": None, "flag": "",
           "note": claim.note}
    try:
        values = [_measure(claim, wall, output) for wall, output in runs.of(claim)]
    except (RuntimeError, ValueError, KeyError, json.JSONDecodeError) as exc:
        row["flag"] = f"FAILED: {exc}"
        return row
    row["measured"] = statistics.median(values)
    row["ratio"] = row["measured"] / (claimed + half)
    if row["ratio"] > LIMIT:
        row["flag"] = f"OVER {LIMIT}x"
    return row


def _show(rows: list[dict], skipped: list[Claim]) -> None:
    def what(row: dict) -> str:
        measure = row["measure"]
        kind = "" if measure == "wall" else f" [{measure.removeprefix('json:')}]"
        kind = kind if measure in ("wall", "engine") or measure.startswith("json:") else " [printed]"
        return f"{row['run'] or row['command']}{kind}{' (first use)' if row['first_use'] else ''}"

    header = ("where", "command", "claimed", "measured", "ratio", "flag")
    table = [(r["where"], what(r), r["claimed"], "-" if r["measured"] is None else f"{r['measured']:.4g} s",
              "-" if r["ratio"] is None else f"{r['ratio']:.2f}", r["flag"]) for r in rows]
    widths = [min(70, max(len(h), *(len(t[k]) for t in table))) for k, h in enumerate(header)]
    print("  ".join(h.ljust(w) for h, w in zip(header, widths)))
    for t in table:
        print("  ".join(c.ljust(w) for c, w in zip(t, widths)))
    for claim in skipped:
        print(f"not run (quoted over {SLOW_S:g} s; --slow runs it): {where(claim)} {claim.command} {claim.figure}")
    flagged = [r for r in rows if r["flag"]]
    print(f"{len(rows)} claims measured, {len(flagged)} flagged; {len(NOT_RUN)} figures beside commands not run "
          "(NOT_RUN says why)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each warm command (the median counts)")
    parser.add_argument("--only", metavar="SUBSTRING", help="only claims whose file, quote or command holds it")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    parser.add_argument("--slow", action="store_true", help=f"also the claims quoted at over {SLOW_S:g} s")
    args = parser.parse_args()
    chosen = [c for c in CLAIMS if args.only is None or any(args.only in text for text in
                                                            (c.file, c.quote, c.command, c.run or ""))]
    skipped = [c for c in chosen if not args.slow and seconds(c.figure)[0] > SLOW_S]
    runs = Runs(args.repeat)
    rows = []
    for claim in chosen:
        if claim in skipped:
            continue
        rows.append(measure(claim, runs))
        if not args.json:
            print(f"  {rows[-1]['where']}: {rows[-1]['claimed']} -> "
                  f"{'-' if rows[-1]['measured'] is None else round(rows[-1]['measured'], 4)} {rows[-1]['flag']}",
                  file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps({"repeat": args.repeat, "limit": LIMIT, "claims": rows,
                          "skipped": [asdict(c) for c in skipped], "not_run": [asdict(n) for n in NOT_RUN]}))
    else:
        _show(rows, skipped)
    return 1 if any(r["flag"] for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
