"""The tutorial notebook (docs/notebooks/tour.ipynb) runs from top to bottom in a real Jupyter kernel, and each
object shows itself as the notebook says: pictures and HTML where parity gives them, the numbers right."""

from __future__ import annotations

from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parents[1] / "docs" / "notebooks" / "tour.ipynb"


def test_the_tutorial_notebook_runs_and_shows_each_object(tmp_path):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not cell.get("outputs") for cell in notebook.cells if cell.cell_type == "code"), \
        "the notebook is kept without outputs: the tests make them"
    nbclient.NotebookClient(notebook, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(tmp_path)}}).execute()
    shown = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        assert not [o for o in cell.outputs if o.output_type == "error"], cell.source
        data = {}
        for output in cell.outputs:
            data.update(output.get("data", {}))
        shown.append((cell.source, data))

    def output(start: str) -> dict:
        return next(data for source, data in shown if source.startswith(start))

    assert "<svg" in output('import parity as pt\n\nboard = pt.board("grid:5x5")')["image/svg+xml"]
    assert output('board.number_of_nodes()')["text/plain"] == "(25, 40, (5, 5))"
    assert "<svg" in output("puzzle = pt.LightsOut")["text/html"]
    space = output("space = puzzle.solution_space()")["text/html"]
    assert "<th>nullity</th><td>2</td>" in space and "<svg" in space
    assert "<th>count</th><td>4</td>" in output("pt.count_result(puzzle)")["text/html"]
    assert output('result.count, result.stats["minimum_weight"]')["text/plain"] == "(4, 15)"
    table = output("from parity.sweep.table import lightsout_table")["text/html"]
    assert table.count("<tr>") == 13  # the head and n = 1..12
    assert output('[row["nullity"] for row in table]')["text/plain"] == "[0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0]"
    assert "<svg" in output("pt.solve(pentominoes)")["text/html"]
