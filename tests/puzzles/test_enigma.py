"""Enigma 1780: the published answer, uniqueness, counts by an independent search, and the seed's net rules."""

import json

import pytest

import parity as pt
from parity.puzzles import Enigma1780
from parity.puzzles.enigma import ENIGMA_FACES, OPTIONAL_CLUE, SEED_CLUES, cell_face, seed_relation
from parity.testing import run_cli


def meets() -> dict[int, set[int]]:
    """Faces sharing a corner, straight from the board's face list (no conflict graph)."""
    faces = pt.board("icosahedron-net").graph["faces"]
    return {a: {b for b in range(20) if b != a and set(faces[a]) & set(faces[b])} for a in range(20)}


def search(relation, clues) -> list[list[int]]:
    """Every numbering by plain backtracking over the faces in order (the textbook way)."""
    digits = [clues.get(f, 0) for f in range(20)]
    found = []

    def go(f):
        if f == 20:
            found.append(list(digits))
            return
        if f in clues:
            if all(digits[g] != digits[f] for g in relation[f] if g < f or g in clues):
                go(f + 1)
            return
        for d in range(1, 6):
            if all(digits[g] != d for g in relation[f] if g < f or g in clues):
                digits[f] = d
                go(f + 1)
        digits[f] = 0

    go(0)
    return found


def as_faces(clues):
    return {cell_face(i, j): d for (i, j), d in clues.items()}


def test_the_published_answer_and_its_uniqueness():
    result = pt.solve(Enigma1780())
    assert result.stats["unique"] is True
    assert Enigma1780().answer(result.solution) == "324125"
    solutions = search(meets(), as_faces(SEED_CLUES))
    assert len(solutions) == 1 and "".join(str(solutions[0][f]) for f in ENIGMA_FACES) == "324125"
    for engine in ("sat", "cms", "ganak"):
        assert pt.count(Enigma1780(), engine=engine) == 1


def test_the_clue_the_seed_leaves_out_agrees_and_is_not_needed():
    six = {**SEED_CLUES, **OPTIONAL_CLUE}
    assert pt.count(Enigma1780(clues=six)) == 1
    assert Enigma1780(clues=six).answer(pt.solve(Enigma1780(clues=six)).solution) == "324125"


def test_every_numbering_without_clues():
    assert pt.count(Enigma1780(clues=False)) == len(search(meets(), {})) == 240
    assert pt.count(Enigma1780(clues=False), engine="ganak") == 240


def test_the_seeds_rules_against_the_geometry():
    seed, truth = seed_relation(), meets()
    extra = {(a, b) for a in range(20) for b in seed[a] - truth[a]}
    missing = {(a, b) for a in range(20) for b in truth[a] - seed[a]}
    # the i_0 rule names (i+1, 2) where the top triangle (i, 0) meets (i, 2); every other rule is right
    assert extra == {(cell_face(i, 0), cell_face((i + 1) % 5, 2)) for i in range(5)}
    assert missing == {(cell_face(i, 0), cell_face(i, 2)) for i in range(5)}
    assert any(a not in seed[b] for a in range(20) for b in seed[a])  # so the seed's relation is not symmetric
    # made symmetric, the seed's rules admit no numbering with its clues
    assert pt.solve(Enigma1780(rules="seed")).satisfiable is False


def seed_program(clues):
    """The seed's algorithm: fill the first empty cell, checking only the cells its own rule names."""
    relation = seed_relation()
    net = [clues.get(f, 0) for f in range(20)]

    def solve(net):
        if 0 not in net:
            return net
        a = net.index(0)
        for v in sorted({1, 2, 3, 4, 5} - {net[b] for b in relation[a]}):
            found = solve(net[:a] + [v] + net[a + 1:])
            if found:
                return found
        return None

    return solve(net)


def test_the_published_answer_does_not_depend_on_the_seeds_rule_unless_the_sixth_clue_is_in():
    found = seed_program(as_faces(SEED_CLUES))
    assert "".join(str(found[f]) for f in ENIGMA_FACES) == "324125"
    # with the (4,2)=3 clue, the i_0 rule forbids the true digit of (3,0): the seed's program finds nothing
    assert seed_program(as_faces({**SEED_CLUES, **OPTIONAL_CLUE})) is None


def test_cli(tmp_path):
    payload = json.loads(run_cli("solve", "enigma1780", "--json").out)
    assert (payload["answer"], payload["unique"]) == ("324125", True)
    assert json.loads(run_cli("count", "enigma1780", "--no-clues", "--json").out)["count"] == 240
    text = run_cli("solve", "enigma1780").out
    assert "ENIGMA = 324125 (the only solution)" in text
    target = tmp_path / "net.png"
    assert run_cli("draw", "enigma1780", "-o", target).code == 0 and target.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("bad", [{(5, 0): 1}, {(0, 0): 6}])
def test_bad_clues(bad):
    with pytest.raises(pt.errors.ParityError, match="cells are"):
        Enigma1780(clues=bad)


def test_random_clues_every_engine_against_the_plain_search():
    # the instances `parity check enigma1780` draws: every engine's count equals the textbook backtracking's
    import random

    from parity.check import crosscheck
    from parity.puzzles.enigma import random_enigma

    rng = random.Random(5)
    relation = meets()
    for _ in range(8):
        puzzle = random_enigma(rng)
        clues = {f: c + 1 for f, c in puzzle.clues.items()}
        expected = len(search(relation, clues))
        report = crosscheck(puzzle, engines=["sat", "cms"], limit=500)
        assert report.agree, report.problems
        assert {a.count for a in report.answered} == {expected}
