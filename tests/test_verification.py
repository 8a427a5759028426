"""Every answer is checked against the puzzle's own rules, not only against the encoding it came from.

An encoding can be right and its decoder wrong (or the encoding can admit
answers the rules forbid).  The puzzles here are built to be wrong in that
way: ``MisdecodedLightsOut`` decodes every press vector with the first
node's press flipped, so each raw answer satisfies ``T x = b`` but the
decoded presses leave a light on; ``MisplacedTrominoes`` offers each piece
the other piece's placements too, so some exact covers place a piece as a
shape it does not have.  Every route that hands out solutions (``solve``,
``solutions``, minimising, the cross-check harness, ``parity check``, the
orbit count) must refuse them; and with the decoder's check skipped,
:func:`parity.solve` must still refuse on its own.
"""

from __future__ import annotations

import random

import pytest

import parity as pt
from parity import api
from parity.check import check_family, crosscheck
from parity.errors import InvalidSolution
from parity.puzzles import Family, LightsOut, Option, register, unregister
from parity.puzzles.polyomino import Polyomino
from parity.testing import run_cli

#: the rules' complaint about a press pattern that leaves lights wrong
LIGHTS_WRONG = "lights differ from the target"


class MisdecodedLightsOut(LightsOut):
    """Lights Out whose decoders (linear and CNF) flip the press on the first node."""

    family = "misdecoded-lightsout"

    def presses(self, x):
        presses = super().presses(x)
        first = self.nodes[0]
        presses[first] = (presses[first] + 1) % self.field
        return presses


def _random_misdecoded(rng: random.Random) -> MisdecodedLightsOut:
    # all lights on under the closed rule can always be switched off (Sutner), so every instance has solutions
    return MisdecodedLightsOut(f"grid:{rng.randint(2, 4)}x{rng.randint(2, 4)}")


MISDECODED = Family(
    name="misdecoded-lightsout",
    puzzle=MisdecodedLightsOut,
    summary="Lights Out with a decoder that flips one press.",
    options=(Option("board_spec", ("--board",), "Board spec.", required=True),),
    build=lambda board_spec: MisdecodedLightsOut(board_spec),
    random_instance=_random_misdecoded,
)


@pytest.fixture
def registered():
    register(MISDECODED)
    yield
    unregister("misdecoded-lightsout")


@pytest.fixture
def unchecked_decoding(monkeypatch):
    """The decode step hands its solution over without checking it (as an untrusted child process might)."""
    monkeypatch.setattr(api, "decode_verified", lambda puzzle, encoding, raw: encoding.decode(raw))


def test_the_raw_answers_are_right_and_the_decoded_ones_wrong():
    puzzle = MisdecodedLightsOut("grid:3x3")
    system = puzzle.linear()
    x = next(iter(pt.engines.get_engine("gf2").solutions(system)))
    assert system.satisfied_by(x)
    with pytest.raises(InvalidSolution, match=LIGHTS_WRONG):
        puzzle.verify(puzzle.presses(x))
    LightsOut("grid:3x3").verify(LightsOut("grid:3x3").presses(x))


@pytest.mark.parametrize("engine", ["gf2", "galois", "sat", "cms"])
def test_solve_refuses_a_misdecoded_solution(engine):
    with pytest.raises(InvalidSolution, match=LIGHTS_WRONG):
        pt.solve(MisdecodedLightsOut("grid:3x3"), engine)


@pytest.mark.parametrize("engine", ["gf2", "sat"])
def test_solutions_refuses_a_misdecoded_solution(engine):
    listed = pt.solutions(MisdecodedLightsOut("grid:4x4"), engine=engine)
    with pytest.raises(InvalidSolution, match=LIGHTS_WRONG):
        next(listed)


def test_minimising_refuses_a_misdecoded_solution():
    puzzle = MisdecodedLightsOut("grid:4x4")
    with pytest.raises(InvalidSolution, match=LIGHTS_WRONG):
        puzzle.minimum_presses()
    with pytest.raises(InvalidSolution, match=LIGHTS_WRONG):
        pt.solve(puzzle, minimize=True)


@pytest.mark.parametrize("time_limit", [None, 60])
def test_solve_checks_again_when_the_decode_step_did_not(unchecked_decoding, time_limit):
    # with a time limit the work runs in a forked child: the parent checks what comes back
    with pytest.raises(InvalidSolution, match=LIGHTS_WRONG):
        pt.solve(MisdecodedLightsOut("grid:3x3"), "gf2", time_limit=time_limit)


def test_the_cross_check_reports_every_misdecoded_listing():
    report = crosscheck(MisdecodedLightsOut("grid:3x3"))
    assert not report.agree
    listers = {a.engine for a in report.answers if a.engine in ("gf2", "galois", "sat", "cms")}
    assert listers == {"gf2", "galois", "sat", "cms"}
    for name in listers:
        assert any(p.startswith(f"{name}: ") and LIGHTS_WRONG in p for p in report.problems), report.problems


def test_check_family_and_the_check_command_report_the_disagreement(registered):
    summary = check_family("misdecoded-lightsout", 3, seed=0)
    assert not summary["agree"] and len(summary["disagreements"]) == 3
    assert all(any(LIGHTS_WRONG in p for p in d["problems"]) for d in summary["disagreements"])
    code, out, _ = run_cli("check", "misdecoded-lightsout", "--examples", "2")
    assert code == 1 and "2 DISAGREEMENTS" in out


class MisplacedTrominoes(Polyomino):
    """The I and L trominoes on a 3 x 2 board, each also offered the other's placements.

    Two L trominoes tile the board, so some exact covers of the offered
    placements put the I where only an L fits.
    """

    def __init__(self) -> None:
        super().__init__({"I": [(0, 0), (0, 1), (0, 2)], "L": [(0, 0), (1, 0), (1, 1)]}, "rect:3x2")

    def placements(self):
        honest = super().placements()
        swapped = [("L" if name == "I" else "I", cells) for name, cells in honest]
        return honest + swapped


def test_the_orbit_count_refuses_a_cover_that_breaks_the_rules():
    # the I takes a whole row of the 3 x 2 board and leaves no room for the L: no packing
    honest = Polyomino({"I": [(0, 0), (0, 1), (0, 2)], "L": [(0, 0), (1, 0), (1, 1)]}, "rect:3x2")
    assert pt.count(honest) == 0
    assert honest.orbit_count()["count_up_to_symmetry"] == 0  # the pruned orbit count is the route for this board
    puzzle = MisplacedTrominoes()
    with pytest.raises(InvalidSolution, match="not one of its orientations"):
        puzzle.orbit_count()
    with pytest.raises(InvalidSolution, match="not one of its orientations"):
        pt.count_result(puzzle, up_to_symmetry=True)
