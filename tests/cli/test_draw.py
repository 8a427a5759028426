"""parity draw: every family that draws writes a real SVG/PNG that matplotlib and a browser read."""

import json

import pytest

from parity.testing import run_cli


@pytest.mark.parametrize("board", ["grid:5x5", "hex:2", "dodecahedron", "torus:3x4"])
def test_lightsout_draws_lights_and_presses(tmp_path, board):
    target = tmp_path / "lights.svg"
    run = run_cli("draw", "lightsout", "--board", board, "-o", target, "--json")
    assert run.code == 0, run.err
    payload = json.loads(run.out)
    svg = target.read_text()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    # one dot per press: the SVG holds the press count in its title
    assert f"{payload['press_count']} presses" in svg


def test_lightsout_png(tmp_path):
    target = tmp_path / "lights.png"
    run = run_cli("draw", "lightsout", "--board", "grid:3x3", "--field", "3", "-o", target)
    assert run.code == 0, run.err
    assert target.read_bytes().startswith(b"\x89PNG")


def test_draw_lists_only_families_that_draw():
    run = run_cli("draw", "--help")
    assert run.code == 0 and "lightsout" in run.out and "coloring" in run.out and "linear" not in run.out


def test_results_show_themselves_in_notebooks():
    import parity as pt
    from parity.puzzles import Coloring, LightsOut

    svg = pt.solve(LightsOut("grid:3x3"))._repr_svg_()
    assert svg is not None and "<svg" in svg
    assert pt.solve(Coloring("petersen", colors=2))._repr_svg_() is None  # no solution: nothing to draw
    assert pt.count_result(LightsOut("grid:3x3"))._repr_svg_() is None


@pytest.mark.parametrize("args", [["--board", "rect:20x3"], ["--pieces", "soma", "--board", "box:3x3x3"]])
def test_polyominoes_draw(tmp_path, args):
    target = tmp_path / "p.png"
    run = run_cli("draw", "polyomino", *args, "-o", target)
    assert run.code == 0, run.err
    assert target.read_bytes().startswith(b"\x89PNG")
