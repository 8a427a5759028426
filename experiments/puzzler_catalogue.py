"""Write parity/data/puzzler_ominoes.json: Polyform Puzzler's polyomino puzzles, every one by its name.

Run from the repository root::

    python experiments/puzzler_catalogue.py [--repo /work/.mirror/tiwo+puzzler/repo] [--time]

Polyform Puzzler (D. Goodger; the GitHub mirror ``tiwo/puzzler``, GPL 2) names
its puzzles by the scripts under ``bin/ominoes/``: each script runs one puzzle
class of ``puzzler/puzzles/``.  This script reads that repository (a bare git
directory, read with ``git show``) and writes parity's own data: for each name
the board as ASCII art (``#`` a cell, ``.`` a hole; Puzzler's highest row on
top), the piece set by parity's name, the pieces of which one is left out, the
aspects Puzzler allows each piece (its device for counting each solution once,
recorded, not used: parity counts up to the board's symmetries), the published
count and where it is published (``docs/FILE.txt:LINE``, else the script's
docstring), or the reason a puzzle is not yet built.

How a class is read: the class bodies of Puzzler's puzzle modules are loaded
(their definitions only, on stand-ins for Puzzler's base classes written here:
:class:`_Plane`), so that a board is whatever the class's ``coordinates()``
yields, holes, offsets and all; nothing of Puzzler's solver runs.  The
methods that shape the matrix (``build_matrix``, ``customize_piece_data``)
are read as text: placements fixed or restricted there are Puzzler's
symmetry breaking, except where a piece wraps round the board (a tube or a
loop, not yet a parity board) or an omitted piece is parked beside it (then
the parking cells leave the board and any one piece may be left out).

``--time BUDGET`` counts every entry with a published count (one at a time,
up to the board's symmetries, each in a process of its own) under a budget of
seconds and records the seconds, whether the count agrees (``found`` where it
does not; ``note`` says why, from :data:`DISAGREEMENTS`) and ``slow`` for those
past :data:`FAST` seconds; without it the timings of the file there is are
kept.
"""

from __future__ import annotations

import argparse
import ast
import importlib.abc
import importlib.util
import json
import re
import subprocess
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "parity" / "data" / "puzzler_ominoes.json"
REPO = "/work/.mirror/tiwo+puzzler/repo"

#: Puzzler's piece classes (puzzler/puzzles/polyominoes.py) -> parity's piece set
#: (parity.puzzles.polyomino.sets.PIECE_SETS)
SETS = {
    "Tetrominoes": "tetrominoes", "OneSidedTetrominoes": "one-sided-tetrominoes",
    "Pentominoes": "pentominoes", "OneSidedPentominoes": "one-sided-pentominoes",
    "Hexominoes": "hexominoes", "OneSidedHexominoes": "one-sided-hexominoes",
    "HexominoesPlus": "hexominoes-plus", "Cornucopia": "cornucopia",
    "PentominoesPlusSquareTetromino": "pentominoes-plus-square-tetromino",
    "PentominoesPlusMonomino": "pentominoes-plus-monomino",
    "Polyominoes123": "polyominoes-123", "Polyominoes1234": "polyominoes-1234",
    "OneSidedPolyominoes1234": "one-sided-polyominoes-1234", "Polyominoes234": "polyominoes-234",
    "OneSidedPolyominoes234": "one-sided-polyominoes-234", "Polyominoes12345": "polyominoes-12345",
    "OneSidedPolyominoes12345": "one-sided-polyominoes-12345", "Polyominoes2345": "polyominoes-2345",
    "Polyominoes45": "polyominoes-45", "Polyominoes123456": "polyominoes-123456",
}


#: what counting found where parity's count up to the board's symmetries is not the published one
DISAGREEMENTS = {
    "polyominoes-1234-7x4-plus-one": (
        "the monomino's cell stands apart from the 7 x 4 rectangle; Puzzler counts up to the rectangle's 4 "
        "symmetries, parity up to the 2 of the whole board (the mirror that keeps the cell), so parity's count is "
        "twice the published one (3044 = 2 x 1522)"),
    "one-sided-polyominoes-234-octagon": (
        "Puzzler fixes I4 at two placements, one in each of two of the three orbits of its 24 placements under the "
        "octagon's 8 symmetries, and misses the third (I4 on a middle row, one cell from the edge): 660 + 363 = 1023 "
        "solutions with I4 at Puzzler's two, 171 with it in the third, 1194 up to symmetry"),
}


def git(repo: str, *args: str) -> str:
    return subprocess.run(["git", "--git-dir", repo, *args], check=True, capture_output=True, text=True).stdout


# --- stand-ins for Puzzler's base classes: the board shapes its classes call, written from their descriptions -----

class _Point(tuple):
    """A cell (x, y); adding an offset moves it."""

    def __add__(self, other):
        return _Point(a + b for a, b in zip(self, other))


class _Plane:
    """What a Puzzler plane puzzle class needs to say its board: a width x height rectangle by default, and the
    shapes its classes combine (rectangles, triangles, diamonds), each moved by an offset."""

    width = height = 0
    piece_data: dict = {}

    def coordinates(self):
        return self.coordinates_rectangle(self.width, self.height)

    @classmethod
    def coordinate_offset(cls, x, y, offset):
        return _Point((x, y)) + offset if offset else _Point((x, y))

    @classmethod
    def coordinates_rectangle(cls, width, height, offset=None):
        return (cls.coordinate_offset(x, y, offset) for y in range(height) for x in range(width))

    @classmethod
    def coordinates_triangle(cls, side, offset=None):  # the right triangle x + y < side
        return (cls.coordinate_offset(x, y, offset) for y in range(side) for x in range(side) if x + y < side)

    @classmethod
    def coordinates_double_triangle(cls, side, offset=None):  # the isosceles triangle of rows 2 side - 1, .., 1
        width = 2 * side - 1
        return (cls.coordinate_offset(x, y, offset) for y in range(side) for x in range(width)
                if y <= x < width - y)

    @classmethod
    def coordinates_diamond(cls, side, offset=None):  # the square turned 45 degrees, 2 side - 1 cells across
        n = side - 1
        return (cls.coordinate_offset(x, y, offset) for y in range(2 * n + 1) for x in range(2 * n + 1)
                if n <= x + y <= 3 * n and abs(x - y) <= n)

    @classmethod
    def coordinates_aztec_diamond(cls, side, offset=None):  # rows of 2, 4, .., 2 side, .., 4, 2 cells
        return (cls.coordinate_offset(x, y, offset) for y in range(2 * side) for x in range(2 * side)
                if side - 1 <= x + y <= 3 * side - 1 and abs(x - y) <= side)


class _OneSided:
    """Marks Puzzler's one-sided sets."""


class _Loader(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves ``puzzler.puzzles.NAME`` from the repository (class definitions only run), and stand-ins for
    ``puzzler``, ``puzzler.coordsys`` and ``puzzler.puzzles``."""

    def __init__(self, repo: str) -> None:
        self.repo = repo

    def find_spec(self, fullname, path=None, target=None):
        if fullname == "puzzler" or fullname.startswith("puzzler."):
            return importlib.util.spec_from_loader(fullname, self, is_package=fullname in ("puzzler",
                                                                                             "puzzler.puzzles"))
        return None

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        name = module.__name__
        if name == "puzzler":
            module.__path__ = []
        elif name == "puzzler.coordsys":
            module.Cartesian2D = _Point
        elif name == "puzzler.puzzles":
            module.__path__ = []
            module.Puzzle2D, module.OneSidedLowercaseMixin = _Plane, _OneSided
        else:
            tree = _Python2Division().visit(ast.parse(git(self.repo, "show", f"HEAD:{name.replace('.', '/')}.py")))
            exec(compile(tree, f"{name}.py", "exec"), module.__dict__)


class _Python2Division(ast.NodeTransformer):
    """Puzzler is Python 2: ``/`` of whole numbers is floor division."""

    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Div):
            node.op = ast.FloorDiv()
        return node


# --- the published counts ------------------------------------------------------------------------------------------

def published_counts(repo: str) -> dict[str, list[tuple[int, str]]]:
    """name -> [(count, 'docs/FILE.txt:LINE'), ...]: every ```N solutions <../solutions/ominoes/NAME.txt>```
    link of Puzzler's docs (a name may be linked more than once)."""
    found: dict[str, list[tuple[int, str]]] = {}
    files = [f for f in git(repo, "ls-tree", "--name-only", "HEAD", "docs/").split() if f.endswith(".txt")]
    link = re.compile(r"`([\d,]+) solutions?\s*<\.\./solutions/ominoes/([\w-]+)\.txt>`", re.S)
    for path in files:
        text = git(repo, "show", f"HEAD:{path}")
        for match in link.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.setdefault(match.group(2), []).append((int(match.group(1).replace(",", "")), f"{path}:{line}"))
    return found


def docstring_count(text: str) -> int | None:
    match = re.search(r"([\d,]+) solutions", text or "")
    return int(match.group(1).replace(",", "")) if match else None


# --- one puzzle ----------------------------------------------------------------------------------------------------

def method_source(cls, name: str, sources: dict) -> list[str]:
    """The text of ``name`` as each class of ``cls``'s lineage defines it (Puzzler's classes only)."""
    texts = []
    for klass in cls.__mro__:
        if name in vars(klass) and klass.__module__.startswith("puzzler.puzzles."):
            tree = sources[klass.__module__]
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name == klass.__name__:
                    texts += [ast.unparse(f) for f in node.body if isinstance(f, ast.FunctionDef) and f.name == name]
    return texts


def aspects_allowed(cls, sources: dict) -> dict:
    """piece -> {'rotations': .., 'flips': ..} as Puzzler's ``customize_piece_data`` restricts them (the nearest
    definition, as Python finds it)."""
    restricted: dict = {}
    texts = method_source(cls, "customize_piece_data", sources)[:1]
    for text in texts:
        for piece, key, value in re.findall(r"self\.piece_data\['(\w+)'\]\[-1\]\['(\w+)'\] = (.+)", text):
            restricted.setdefault(piece, {})[key] = ast.literal_eval(value)
    return restricted


def board_art(cells) -> list[str]:
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    inside = set(cells)
    return ["".join("#" if (x, y) in inside else "." for x in range(min(xs), max(xs) + 1))
            for y in range(max(ys), min(ys) - 1, -1)]


def read_puzzle(name: str, repo: str, sources: dict, published: dict) -> dict:
    script = git(repo, "show", f"HEAD:bin/ominoes/{name}.py")
    tree = ast.parse(script)
    doc = ast.get_docstring(tree) or ""
    imported = [(n.module, a.name) for n in tree.body if isinstance(n, ast.ImportFrom) and n.module != "puzzler"
                for a in n.names]
    (module_name, class_name), = imported
    entry: dict = {"class": f"{module_name}.{class_name}"}
    # the published count: the docs' link to the solutions file, the script's docstring where the docs give none
    said = docstring_count(doc)
    links = published.get(name, [])
    agreeing = [link for link in links if link[0] == said] or links
    if agreeing:
        entry["count"], entry["source"] = agreeing[0]
        if said is not None and said != entry["count"]:
            entry["note"] = f"bin/ominoes/{name}.py says {said}"
    elif said is not None:
        entry["count"], entry["source"] = said, f"bin/ominoes/{name}.py:{script[:script.index(doc)].count(chr(10)) + 1}"
    else:
        entry["count"], entry["source"] = None, None
    module = importlib.import_module(module_name)
    cls = getattr(module, class_name, None)
    if cls is None:
        return {**entry, "status": f"not yet: {module_name} defines no class {class_name} (the script names a class "
                                   "the module lost)"}
    root = next((k.__name__ for k in cls.__mro__ if k.__name__ in SETS), None)
    if root is None:
        return {**entry, "status": "not yet: pieces drawn as ASCII art in the class (a custom set)"}
    entry["pieces"] = SETS[root]
    if "puzzle_art" in vars(cls) or any("puzzle_art" in vars(k) for k in cls.__mro__[1:] if k is not _Plane):
        return {**entry, "status": "not yet: a board drawn as ASCII art with custom pieces"}
    matrix = "\n".join(method_source(cls, "build_matrix", sources))
    if re.search(r"translate\(\s*\(x, y\),\s*\(", matrix):
        wrap = "a tube (top and bottom joined)" if "self.height)" in matrix else "a loop (the ends joined)"
        return {**entry, "status": f"not yet: the board is {wrap}, pieces wrap round it; parity's regions are flat"}
    cells = {tuple(c) for c in cls.coordinates(cls)}
    omitted = getattr(cls, "omitted_piece_coordinates", None)
    if omitted:  # cells where Puzzler parks the piece left out: not the board; any one piece may be left out
        cells -= {tuple(c) for c in omitted}
        entry["omit_one_of"] = "all"
    if len(cells) != len(list(cls.coordinates(cls))) - len(omitted or ()):
        return {**entry, "status": "not yet: coordinates() yields a cell twice"}
    entry["board"] = board_art(cells)
    entry["cells"] = len(cells)
    allowed = aspects_allowed(cls, sources)
    if allowed:
        entry["puzzler_aspects"] = allowed
    if matrix:
        entry["puzzler_fixes_placements"] = True
    if getattr(cls, "check_for_duplicates", False):
        entry["puzzler_checks_duplicates"] = True
    entry["up_to"] = "symmetry"
    entry["status"] = "ok"
    return entry


def _count(name: str, answer) -> None:
    import time

    import parity as pt
    from parity.puzzles.polyomino import FAMILY

    started = time.perf_counter()
    stats = pt.count_result(FAMILY.build(puzzle=name), up_to_symmetry=True).stats
    answer.put((stats["count_up_to_symmetry"], time.perf_counter() - started))


def time_counts(puzzles: dict, budget: float) -> None:
    """Count each puzzle with a published count up to the board's symmetries, one at a time in a process of its
    own, under ``budget`` seconds; record ``seconds`` and ``agrees`` (None past the budget) and mark ``slow`` those
    past :data:`FAST` seconds."""
    import multiprocessing

    for name, puzzle in puzzles.items():
        if puzzle["status"] != "ok" or puzzle["count"] is None:
            continue
        answer = multiprocessing.Queue()
        worker = multiprocessing.Process(target=_count, args=(name, answer))
        worker.start()
        worker.join(budget)
        if worker.is_alive():
            worker.terminate()
            worker.join()
            puzzle.update(seconds=None, agrees=None, slow=True)
            print(f"{name}: over {budget:g} s", flush=True)
            continue
        found, seconds = answer.get()
        puzzle.update(seconds=round(seconds, 2), agrees=found == puzzle["count"], slow=seconds > FAST)
        if found != puzzle["count"]:
            puzzle["found"] = found
        print(f"{name}: {found} ({puzzle['count']} published) in {seconds:.2f} s", flush=True)


#: a count that takes longer than this (seconds, one core) is a slow test
FAST = 4.0


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", default=REPO, help="Polyform Puzzler's git directory")
    parser.add_argument("--out", default=str(OUT))
    parser.add_argument("--time", type=float, default=None, metavar="BUDGET",
                        help="count the published puzzles, each under BUDGET seconds (else keep the timings of "
                        "the file there is)")
    args = parser.parse_args(argv)
    loader = _Loader(args.repo)
    sys.meta_path.insert(0, loader)
    names = sorted(Path(p).stem for p in git(args.repo, "ls-tree", "--name-only", "HEAD", "bin/ominoes/").split()
                   if p.endswith(".py"))
    modules = sorted({f"puzzler.puzzles.{m.stem}" for m in map(Path, git(args.repo, "ls-tree", "--name-only", "HEAD",
                                                                         "puzzler/puzzles/").split())})
    sources = {m: ast.parse(git(args.repo, "show", f"HEAD:{m.replace('.', '/')}.py")) for m in modules
               if m.split(".")[-1].startswith(("polyomino", "pentomino", "hexomino", "tetromino"))}
    published = published_counts(args.repo)
    commit = git(args.repo, "rev-parse", "HEAD").strip()
    puzzles = {name: read_puzzle(name, args.repo, sources, published) for name in names}
    for name, note in DISAGREEMENTS.items():
        puzzles[name]["note"] = note
    if args.time is not None:
        time_counts(puzzles, args.time)
    elif Path(args.out).exists():  # the timings of the last run kept
        before = json.loads(Path(args.out).read_text())["puzzles"]
        for name, puzzle in puzzles.items():
            puzzle.update({k: v for k, v in before.get(name, {}).items() if k in ("seconds", "agrees", "slow",
                                                                                 "found")})
    data = {"source": f"Polyform Puzzler (D. Goodger), github.com/tiwo/puzzler at {commit}, bin/ominoes/",
            "puzzles": puzzles}
    Path(args.out).write_text(json.dumps(data, indent=1) + "\n")
    ok = sum(p["status"] == "ok" for p in puzzles.values())
    print(f"{len(puzzles)} puzzles, {ok} built, {sum(p['count'] is not None for p in puzzles.values())} published "
          f"counts -> {args.out}")


if __name__ == "__main__":
    main()
