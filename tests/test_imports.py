"""The house's floors: no import runs in a circle, and none runs from a lower floor to a higher one.

Every ``import`` and ``from ... import`` in the package is read (those inside
functions too: a lazy import is still a dependency), rooms are the
subpackages and the top-level modules, and each room has a floor.  A room
may import only rooms on lower floors.
"""

from __future__ import annotations

import ast
from pathlib import Path

import parity

PACKAGE = Path(parity.__file__).parent

#: room -> floor (a room imports only rooms on lower floors)
FLOORS = {
    "errors": 0, "_json": 0, "_compiled": 0, "_limits": 1, "_extras": 1, "_display": 2, "_files": 2, "_child": 2, "data": 0,
    "boards": 3, "linalg": 3, "draw": 3, "cnf": 3, "symmetry": 4,
    "cover": 4, "counting": 4, "codes": 4, "engines": 5, "puzzles": 6, "api": 7, "pieces": 7,
    "check": 8, "export": 8, "sweep": 8,
    "parity": 8.5,  # the facade: pt.solve, pt.board, pt.crosscheck ... named lazily from the floors below
    "strategies": 9, "reproduce": 9, "cli": 10, "testing": 11, "__main__": 11,
}

#: modules kept under an old name for older scripts, which re-export a room that moved up a floor (no circle)
OLD_NAMES = {"parity.linalg.covering": "parity.codes"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def room(module: str) -> str:
    parts = module.split(".")
    return "parity" if len(parts) == 1 else parts[1]


def imports() -> dict[str, set[str]]:
    """Module -> the parity modules it imports (a name imported from a package that is a module counts as it)."""
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    edges: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in modules.items():
        package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package[: len(package) - (node.level - 1)]
                    target = ".".join(base + ([node.module] if node.module else []))
                elif node.module and node.module.split(".")[0] == "parity":
                    target = node.module
                else:
                    continue
                subs = {f"{target}.{a.name}" for a in node.names} & set(modules)
                edges[module] |= subs
                if len(subs) < len(node.names) and target in modules:
                    edges[module].add(target)
            elif isinstance(node, ast.Import):
                edges[module] |= {a.name for a in node.names if a.name in modules}
    return edges


def test_every_room_has_a_floor():
    assert {room(m) for m in imports()} <= set(FLOORS)


def test_no_import_runs_up_a_floor():
    upward = sorted((a, b) for a, targets in imports().items() for b in targets
                    if room(a) != room(b) and FLOORS[room(b)] >= FLOORS[room(a)]
                    and not b.startswith(OLD_NAMES.get(a, "-")))
    assert upward == []


def test_no_import_runs_in_a_circle():
    edges = imports()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for module in edges:
        if module not in index:
            visit(module)
    assert circles == []


def test_the_walk_sees_lazy_imports():
    # the front door imports the engine table inside functions only at times; the walk must still see it
    edges = imports()
    assert "parity.engines" in edges["parity.api"] and "parity.linalg.minweight" in edges["parity.linalg.space"]


#: the rooms every other room may take private names from: the ground floor's helpers
SHARED_HELPERS = {"errors", "_json", "_compiled", "_limits", "_files", "_child", "_extras", "_display"}


def test_no_private_name_is_imported_across_rooms():
    """A package takes from another only what that package makes public: no ``_name`` and no ``_module`` of another
    package (the ground floor's helpers excepted); what another
    package needs is given a public name.  Within ``puzzles``, a family's package is a package like any other."""
    modules = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    packages = {m for m, p in modules.items() if p.name == "__init__.py"}
    crossings = []
    for module, path in modules.items():
        package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        mine = ".".join(package)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            if node.level:
                target = ".".join(package[: len(package) - (node.level - 1)] + ([node.module] if node.module else []))
            elif node.module and node.module.split(".")[0] == "parity":
                target = node.module
            else:
                continue
            for alias in node.names:
                where = f"{target}.{alias.name}" if f"{target}.{alias.name}" in modules else target
                there = where if where in packages else where.rpartition(".")[0]
                if room(where) in SHARED_HELPERS or there == mine:
                    continue
                private = [part for part in where.split(".")[1:] if part.startswith("_") and part != "__init__"]
                if alias.name.startswith("_") and not alias.name.startswith("__") and where == target:
                    private.append(alias.name)
                if private:
                    crossings.append(f"{module} takes {', '.join(private)} from {target}")
    assert not crossings, crossings


#: the most lines a module of the package may have: past it, a module holds more than one idea
MOST_LINES = 1000


def test_no_module_is_over_a_thousand_lines():
    """A module that grows past :data:`MOST_LINES` is cut into a package of modules, one idea each."""
    long = {module_name(p): n for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}, f"modules over {MOST_LINES} lines: {long}"


def test_a_board_known_by_its_size_loads_no_graph_library():
    """Lights Out on a grid, cylinder or torus is counted from the board's size: networkx (a seventh of a small
    command's time) is never imported, nor the graph readers."""
    import subprocess
    import sys

    code = ("import sys, parity as pt; r = pt.count_result(pt.LightsOut('grid:5x5')); assert r.count == 4; "
            "print(sorted(m for m in sys.modules if m == 'networkx' or m.startswith('parity.boards._spec')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
