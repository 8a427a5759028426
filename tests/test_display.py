"""Rich display in notebooks: what each object's ``_repr_svg_`` or ``_repr_html_`` returns is parsed (the SVG as
XML, the HTML by Python's HTML parser) and its numbers are checked against known values: the 5 x 5 board's
nullity 2 and 4 solutions (Anderson and Feil, 1998), the n x n nullities of OEIS A075462, and the press
patterns drawn are the board's quiet patterns (pressing one changes no light, simulated cell by cell)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import networkx as nx
import numpy as np
import pytest

import parity as pt
from parity._display import html_table
from parity.sweep.table import Table, lightsout_table

SVG = "{http://www.w3.org/2000/svg}"


class Page(HTMLParser):
    """The tables' cells (header, value) of an HTML fragment, its svg elements, its text."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.cells: list[tuple[str, str]] = []
        self.rows: list[list[str]] = []
        self.svgs = 0
        self.text: list[str] = []
        self._where: str | None = None
        self._header = ""
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        if tag == "svg":
            self.svgs += 1
        if tag == "tr":
            self.rows.append([])
        if tag in ("th", "td"):
            self._where = tag

    def handle_endtag(self, tag):
        if tag in ("th", "td"):
            self._where = None

    def handle_data(self, data):
        self.text.append(data)
        if self._where == "th":
            self._header = data
        elif self._where == "td":
            self.cells.append((self._header, data))
            if self.rows:
                self.rows[-1].append(data)

    def value(self, name: str) -> str:
        return dict(self.cells)[name]


def svg_elements(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    return root


def test_a_board_shows_its_name_and_size_and_is_drawn():
    board = pt.board("grid:5x5")
    assert repr(board) == "<board grid:5x5: 25 cells, 40 edges>"
    assert isinstance(board, nx.Graph) and nx.is_isomorphic(board, nx.grid_2d_graph(5, 5))
    root = svg_elements(board._repr_svg_())
    assert len(root.findall(f".//{SVG}path")) > 0
    # a graph the caller built comes back as it was passed
    G = nx.petersen_graph()
    assert pt.board(G) is G and type(G) is nx.Graph


def test_a_lights_out_puzzle_shows_its_start():
    page = Page(pt.LightsOut(pt.board("grid:5x5"), start="all-on")._repr_html_())
    assert page.value("board") == "grid:5x5" and page.value("rule") == "closed" and page.value("field") == "2"
    assert page.svgs == 1


def test_a_solution_space_shows_its_numbers_and_its_quiet_patterns():
    puzzle = pt.LightsOut(pt.board("grid:5x5"))
    space = puzzle.solution_space()
    page = Page(space._repr_html_())
    assert page.value("nullity") == "2" and page.value("solutions") == "4" and page.value("rank") == "23"
    assert page.svgs == 1
    drawn = []  # what the picture draws: each basis vector, which must press no light on (a quiet pattern)
    space.drawer = lambda vector, ax: drawn.append(np.array(vector))
    Page(space._repr_html_())
    assert len(drawn) == 2
    off = np.zeros(len(puzzle.nodes), dtype=np.int64)
    for vector in drawn:
        presses = puzzle.presses(vector)
        assert sum(presses.values()) > 0
        assert set(puzzle.apply(presses, start=off).values()) == {0}


def test_a_count_and_a_solution_show_their_answers():
    puzzle = pt.LightsOut(pt.board("grid:5x5"), start="all-on")
    page = Page(pt.count_result(puzzle)._repr_html_())
    assert page.value("count") == "4" and page.value("exact") == "True" and page.value("engine")
    assert page.svgs == 0
    result = pt.solve(puzzle, minimize=True)
    page = Page(result._repr_html_())
    assert page.value("status") == "SAT" and page.svgs == 1
    assert "15 presses" in "".join(page.text)  # the 5 x 5 board's all-on start: 15 presses at the least
    assert svg_elements(result._repr_svg_()) is not None


def test_a_packing_is_drawn_with_its_pieces_outlined():
    result = pt.solve(pt.Polyomino("pentominoes", board="rect:10x6"))
    root = svg_elements(result._repr_svg_())
    assert len(root.findall(f".//{SVG}path")) >= 60  # the board's 60 cells at least
    page = Page(pt.Polyomino("pentominoes", board="rect:10x6")._repr_html_())
    assert page.value("pieces") == "pentominoes" and page.svgs == 1


def test_a_table_shows_its_rows():
    table = lightsout_table("1..12")
    assert isinstance(table, Table) and isinstance(table, list)
    page = Page(table._repr_html_())
    header = page.rows[0]
    assert header == [] or header  # the head row holds th cells
    nullities = [int(row[list(table[0]).index("nullity")]) for row in page.rows[1:]]
    assert nullities == [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0]  # OEIS A075462


def test_a_long_table_and_a_huge_number_are_shortened_on_screen_only():
    huge = 2 ** 2000
    rows = [{"n": k, "count": huge} for k in range(100)]
    page = Page(html_table(rows))
    assert len(page.rows) == 1 + 60 + 1 and "40 more rows" in "".join(page.text)
    shown = page.rows[1][1]
    digits = str(huge)
    assert shown.startswith(digits[:12]) and shown.endswith(f"{digits[-6:]} ({len(digits)} digits)")
    assert rows[0]["count"] == huge


@pytest.mark.parametrize("spec", ["petersen-graph", "grid3d:2x2x3"])
def test_boards_without_flat_positions_are_drawn(spec, tmp_path):
    """A board read from a file has no positions and a 3-D grid has three coordinates: both are laid out in
    the plane without scipy (networkx's spring layout; kamada-kawai needs scipy, which parity does not install)."""
    from parity.draw import save

    puzzle = pt.LightsOut(pt.board(spec))
    path = save(puzzle, pt.solve(puzzle).solution, tmp_path / "board.svg")
    assert svg_elements(open(path).read()) is not None
    assert re.search(r"<svg", pt.board(spec)._repr_svg_())
