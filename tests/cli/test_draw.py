"""parity draw: every family that draws writes a real SVG/PNG that matplotlib and a browser read."""

import itertools
import json
import math
import re
from xml.etree import ElementTree

import pytest

import parity as pt
from parity.testing import run_cli


SVG = "{http://www.w3.org/2000/svg}"
#: the colour of a press dot (matplotlib's "crimson")
PRESS_COLOUR = "#dc143c"


def _read_lightsout_svg(path):
    """The centre of every light (the board's polygons, in the order drawn), the press dots, and the text labels.

    A light's centre is the middle of its polygon's bounding box (a square or a regular hexagon).
    """
    root = ElementTree.parse(path).getroot()
    groups = {g.get("id"): g for g in root.iter(f"{SVG}g") if g.get("id")}
    lights = []
    for number in itertools.count(2):  # patch_1 is the figure's background
        patch = groups.get(f"patch_{number}")
        if patch is None:
            break
        values = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", patch.find(f"{SVG}path").get("d"))]
        xs, ys = values[0::2], values[1::2]
        lights.append(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2))
    dots = [(float(u.get("x")), float(u.get("y"))) for u in root.iter(f"{SVG}use")
            if f"fill: {PRESS_COLOUR}" in (u.get("style") or "")]
    texts = [name for name in groups if name.startswith("text_")]
    return lights, dots, texts


def _same_points(found, expected, tolerance=0.01):
    """Two lists of points are the same up to order (each point of one within ``tolerance`` of one of the other)."""
    return len(found) == len(expected) and all(
        math.isclose(a[0], b[0], abs_tol=tolerance) and math.isclose(a[1], b[1], abs_tol=tolerance)
        for a, b in zip(sorted(found), sorted(expected)))


@pytest.mark.parametrize("board", ["grid:5x5", "hex:2", "dodecahedron", "torus:3x4"])
def test_lightsout_draws_lights_and_presses(tmp_path, board):
    target = tmp_path / "lights.svg"
    run = run_cli("draw", "lightsout", "--board", board, "-o", target, "--json")
    assert run.code == 0, run.err
    payload = json.loads(run.out)
    svg = target.read_text()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert f"{payload['press_count']} presses" in svg
    # one light a node, drawn in node order (the JSON's order); a dot exactly on each pressed light
    lights, dots, _ = _read_lightsout_svg(target)
    times = list(payload["presses"].values())
    assert len(lights) == len(times) == pt.board(board).number_of_nodes()
    assert _same_points(dots, [light for light, t in zip(lights, times) if t])
    assert len(dots) == payload["press_count"] > 0


def test_lightsout_over_gf3_writes_press_counts_beside_the_dots(tmp_path):
    # over GF(3) a node can be pressed twice: one dot, and the count written beside it
    target = tmp_path / "lights.svg"
    run = run_cli("draw", "lightsout", "--board", "grid:5x5", "--field", "3", "-o", target, "--json")
    assert run.code == 0, run.err
    times = list(json.loads(run.out)["presses"].values())
    lights, dots, texts = _read_lightsout_svg(target)
    assert 1 in times and 2 in times
    assert _same_points(dots, [light for light, t in zip(lights, times) if t])
    assert len(texts) == 1 + times.count(2)  # the title, and a count beside each double press


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


@pytest.mark.parametrize("output, words", [
    ("x.svg/", "the name ends in '/', so it names a folder, not a file"),  # Path() would make it x.svg
    ("x.svg/.", "the name ends in '/.', so it names a folder, not a file"),
    ("folder.svg", "it is a folder, not a file"),
    ("missing/x.svg", "folder 'missing' does not exist"),
    ("plain.txt/x.svg", "'plain.txt' is a file, not a folder"),
    ("", "the file name is empty"),
    (" ", "the file name is empty"),
    ("x.jpg", "the file name must end in .svg or .png"),
])
def test_an_output_that_is_no_picture_file_is_one_line_before_the_work(tmp_path, monkeypatch, output, words):
    from parity.draw import check_output
    from parity.errors import OutputError

    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder.svg").mkdir()
    (tmp_path / "plain.txt").write_text("not a folder\n")
    before = sorted(p.name for p in tmp_path.iterdir())
    for family in (("lightsout", "--board", "grid:2x2"), ("coloring", "--board", "petersen", "--colors", "3")):
        run = run_cli("draw", *family, "-o", output, "--time-limit", "60")
        assert (run.code, run.out, run.err) == (2, "", f"parity: error: cannot draw to {output!r}: {words}\n")
    run = run_cli("pieces", "polyominoes", "--order", "3", "-o", output)
    assert (run.code, run.out, run.err) == (2, "", f"parity: error: cannot draw to {output!r}: {words}\n")
    with pytest.raises(OutputError, match="cannot draw to"):
        check_output(output)
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing written, x.svg least of all
