"""Conway's quintomino dodecahedron: the derived pieces, two counting routes, orbits found by walking generators."""

import json

import numpy as np
import pytest

import parity as pt
from parity.cnf import backend, models
from parity.errors import InvalidSolution
from parity.puzzles import Quintomino
from parity.puzzles.quintomino import LETTERS, canonical_cycle, quintominoes
from parity.testing import run_cli

#: the seed's table (Conway's notation), typed from the document
SEED_TABLE = {"A": "12345", "B": "12354", "C": "12435", "D": "12453", "E": "12534", "F": "12543",
              "G": "13245", "H": "13254", "J": "13425", "K": "13524", "L": "14235", "M": "14325"}


def test_the_derived_pieces_are_the_seeds_table():
    derived = {letter: "".join(map(str, piece)) for letter, piece in zip(LETTERS, quintominoes())}
    assert derived == SEED_TABLE
    # every cyclic order of five colours is one of them, read one way or the other
    assert all(canonical_cycle(p) in quintominoes() for p in [(5, 4, 3, 2, 1), (2, 4, 1, 3, 5)])


def test_rotations_only_the_seeds_model_search_and_sat_agree():
    puzzle = Quintomino(rotations_only=True)
    listed = list(pt.solutions(puzzle, engine="search"))
    assert len(listed) == 10 == pt.count(puzzle, engine="sat") == pt.count(puzzle, engine="cms")
    assert len({tuple(sorted(s.items())) for s in listed}) == 10
    assert pt.count(puzzle, engine="search") == 10


def _face_0_fixed(puzzle):
    """The CNF encoding with face 0 reading 1, 2, 3, 4, 5: the question the search answers before recolouring."""
    formula = puzzle.build_cnf()  # a fresh formula, not the cached one
    colour_var = {}
    for var in formula.primary:
        ((edge, c),) = formula.decode([var]).items()
        colour_var[(edge, c)] = var
    for j, edge in enumerate(puzzle.faces[0]):
        formula.add([colour_var[(edge, j + 1)]])
    return formula


def _as_tuple(puzzle, colouring):
    return tuple(colouring[e] for e in puzzle.items)


@pytest.mark.parametrize("engine", ["sat", "cms"])
def test_face_fixed_solutions_by_a_cnf_engine_are_the_searchs(engine):
    # the search fixes face 0 to read 1..5 and puts the 120 recolourings back; a SAT solver lists the
    # solutions of the CNF encoding with the same face fixed, and they must be the very same colourings
    puzzle = Quintomino()
    formula = _face_0_fixed(puzzle)
    by_cnf = set()
    for model in models(formula, engine=engine):
        colouring = formula.decode(model)
        puzzle.verify(colouring)
        by_cnf.add(_as_tuple(puzzle, colouring))
    searched = [s for s in pt.solutions(puzzle, engine="search") if puzzle.reading(s, 0) == (1, 2, 3, 4, 5)]
    assert len(by_cnf) == 60
    assert {_as_tuple(puzzle, s) for s in searched} == by_cnf and len(searched) == 60
    assert backend(engine).count(formula) == 60
    assert pt.count(puzzle, engine="search") == 120 * 60


@pytest.mark.slow
def test_all_labelled_solutions_by_sat_enumeration():
    puzzle = Quintomino()
    by_sat = {_as_tuple(puzzle, s) for s in pt.solutions(puzzle, engine="sat")}
    assert len(by_sat) == 7200 == pt.count(puzzle, engine="sat")
    assert {_as_tuple(puzzle, s) for s in pt.solutions(puzzle, engine="search")} == by_sat


def orbit_count(solutions, generators):
    """Connected components of the solutions under the generators (walked one step at a time, no Burnside)."""
    index = {s: i for i, s in enumerate(solutions)}
    parent = list(range(len(solutions)))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for s in solutions:
        for move in generators:
            a, b = find(index[s]), find(index[move(s)])
            if a != b:
                parent[a] = b
    return len({find(i) for i in range(len(solutions))})


def test_counts_up_to_symmetry_against_orbits_walked_by_generators():
    puzzle = Quintomino()
    sym = puzzle.symmetries()
    solutions = [tuple(s[e] for e in puzzle.items) for s in pt.solutions(puzzle)]
    assert len(solutions) == len(set(solutions)) == 7200

    def solid(g):
        perm = sym.perms[g]
        inverse = np.argsort(perm)
        return lambda s: tuple(s[int(inverse[j])] for j in range(len(s)))

    def recolour(a, b):
        swap = {a: b, b: a}
        return lambda s: tuple(swap.get(c, c) for c in s)

    everything = [solid(g) for g in range(len(sym.perms))]
    rotations = [solid(g) for g in range(len(sym.perms)) if sym.rotations[g]]
    colours = [recolour(1, 2), recolour(2, 3), recolour(3, 4), recolour(4, 5)]
    stats = pt.count_result(puzzle, up_to_symmetry=True).stats
    assert (stats["count_up_to_symmetry"], stats["count_up_to_rotation"]) == \
        (orbit_count(solutions, everything), orbit_count(solutions, rotations)) == (60, 120)
    both = pt.count_result(puzzle, up_to_symmetry=True, recolour=True).stats
    assert (both["count_up_to_symmetry"], both["count_up_to_rotation"]) == \
        (orbit_count(solutions, everything + colours), orbit_count(solutions, rotations + colours)) == (3, 4)


def test_verify_reads_the_faces_itself():
    puzzle = Quintomino()
    solution = pt.solve(puzzle).solution
    puzzle.verify(solution)
    broken = dict(solution)
    a, b = puzzle.faces[0][:2]
    broken[a], broken[b] = broken[b], broken[a]  # two edges of face 0 swap colours: some face breaks
    with pytest.raises(InvalidSolution):
        puzzle.verify(broken)
    with pytest.raises(InvalidSolution, match="30 edges"):
        puzzle.verify({0: 1})


def test_cli(tmp_path):
    run = run_cli("count", "quintomino", "--up-to-symmetry", "--recolour", "--json")
    payload = json.loads(run.out)
    assert (payload["count"], payload["count_up_to_symmetry"], payload["symmetries"]) == (7200, 3, 14400)
    run = run_cli("solve", "quintomino", "--json")
    payload = json.loads(run.out)
    assert sorted(payload["faces"].values()) == list(LETTERS) and len(payload["edges"]) == 30
    target = tmp_path / "q.svg"
    assert run_cli("draw", "quintomino", "-o", target).code == 0 and "<svg" in target.read_text()
