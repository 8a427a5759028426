"""Every example in README.md and docs/ runs, and prints what the page says.

* ``console`` blocks (```` ```console ```` in Markdown, ``.. code-block:: console``
  in reStructuredText): each ``$ command`` runs in a shell, in a scratch
  folder, with this environment's ``parity`` on the PATH; its output must match
  the lines under it.  Timings are not compared (``0.012 s`` and the JSON
  ``seconds`` and ``*_seconds`` values match any number), a line ``...`` stands for any lines, and
  ``...`` inside a line for any text.  A block whose first command needs a
  program that is not installed (``picosat``) is skipped, naming it.
* ``python`` blocks run as code (a ``test_*`` function they define is called);
  ``>>>`` examples in README.md run as doctests (those in docs/ are collected by
  pytest's ``--doctest-glob``).
"""

from __future__ import annotations

import doctest
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.rst"))]
_TIME = re.compile(r"\d+\.\d+ s\b")
#: the plain shell programs pages use around parity; any other program is a peer (see the root conftest.py)
SHELL_TOOLS = ("cat", "printf", "echo", "head", "tail", "ls", "wc")


def _markdown_blocks(text: str, language: str) -> list[tuple[int, list[str]]]:
    blocks, lines, start = [], text.splitlines(), None
    for number, line in enumerate(lines):
        if start is None and line.strip() == f"```{language}":
            start = number + 1
        elif start is not None and line.strip() == "```":
            blocks.append((start + 1, lines[start:number]))
            start = None
    return blocks


def _rst_blocks(text: str, language: str) -> list[tuple[int, list[str]]]:
    blocks, lines = [], text.splitlines()
    for number, line in enumerate(lines):
        if line.strip() == f".. code-block:: {language}":
            body, k = [], number + 1
            while k < len(lines) and (not lines[k].strip() or lines[k].startswith("   ")):
                body.append(lines[k][3:])
                k += 1
            while body and not body[-1].strip():
                body.pop()
            while body and not body[0].strip():
                body.pop(0)
            blocks.append((number + 2, body))
    return blocks


def _blocks(page: Path, language: str) -> list[tuple[int, list[str]]]:
    text = page.read_text(encoding="utf-8")
    return _markdown_blocks(text, language) if page.suffix == ".md" else _rst_blocks(text, language)


def _examples(language: str):
    for page in PAGES:
        for line, body in _blocks(page, language):
            yield pytest.param(body, id=f"{page.relative_to(ROOT)}:{line}")


def _sessions(body: list[str]) -> list[tuple[str, list[str]]]:
    """Split a console block into (command, expected output lines); a command may continue on '> ' lines."""
    sessions: list[tuple[str, list[str]]] = []
    for line in body:
        if line.startswith("$ "):
            sessions.append((line[2:], []))
        elif not sessions:
            raise AssertionError(f"console block starts with output, not a '$ ' command: {line!r}")
        else:
            sessions[-1][1].append(line)
    return sessions


def _normal(line: str) -> object:
    line = line.rstrip()
    if line.startswith("{") and line.endswith("}"):
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            return _TIME.sub("<t> s", line)
        if isinstance(data, dict):
            for key in data:
                if key == "seconds" or key.endswith("_seconds"):  # timings: total_seconds, chase_seconds, ...
                    data[key] = "<t>"
        return data
    return _TIME.sub("<t> s", line)


def _joined_json(lines: list[str]) -> list[str]:
    """A JSON object wrapped over several lines on the page is one line of output."""
    out: list[str] = []
    for line in lines:
        if out and out[-1].startswith("{") and not out[-1].rstrip().endswith("}"):
            out[-1] = out[-1].rstrip() + " " + line.strip()
        else:
            out.append(line)
    return out


def _line_matches(expected: str, actual: str) -> bool:
    e, a = _normal(expected), _normal(actual)
    if isinstance(e, dict) or isinstance(a, dict):
        return e == a
    if "..." in e:
        pattern = ".*".join(re.escape(part) for part in e.split("..."))
        return re.fullmatch(pattern, a) is not None
    return e == a


def _matches(expected: list[str], actual: list[str]) -> bool:
    if not expected:
        return True
    if expected[0].strip() == "...":
        return any(_matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and _line_matches(expected[0], actual[0]) and _matches(expected[1:], actual[1:])


@pytest.mark.parametrize("body", list(_examples("console")))
def test_console_examples(body, tmp_path, request):
    environment = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
                       COLUMNS="200", NO_COLOR="1")
    environment.pop("CI", None)
    for command, expected in _sessions(body):
        program = shlex.split(command)[0]
        if program not in ("parity", *SHELL_TOOLS):  # another solver the page compares parity with
            request.node.add_marker(pytest.mark.peer(program))
        if program != "parity" and shutil.which(program) is None:
            pytest.skip(f"{program} is not installed")
        run = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=environment, capture_output=True, text=True,
                             timeout=300)
        actual = (run.stdout + run.stderr).splitlines()
        expected = _joined_json(expected)
        assert _matches(expected, actual), f"$ {command}\n--- page says\n" + "\n".join(expected) + \
            "\n--- it printed\n" + "\n".join(actual)


@pytest.mark.parametrize("body", list(_examples("python")))
def test_python_examples(body, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": "docs_example"}
    exec(compile("\n".join(body), "<docs example>", "exec"), namespace)
    for name, value in list(namespace.items()):
        if name.startswith("test_") and callable(value):
            value()


def test_readme_doctests(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False, verbose=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_every_page_has_been_searched():
    # the block finders see the blocks that are on the pages (a typo in a directive would hide one)
    assert len(list(_examples("console"))) >= 6 and len(list(_examples("python"))) >= 1
