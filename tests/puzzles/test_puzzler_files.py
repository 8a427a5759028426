"""Polyform Puzzler's solution layouts: the FAQ's own example read and verified, every lattice round-tripped."""

from __future__ import annotations

from functools import partial

import pytest

import parity as pt
from parity.api import encoding_solutions
from parity.errors import InvalidSolution, LimitError, SolutionFileError
from parity.puzzles import Polyomino
from parity.pieces import piece_set
from parity.puzzles.polyomino.puzzler import (read_solution_file, read_solution_grid, read_solution_lines,
                                              solution_art, solution_file, solution_grid, solution_lines)

#: the FAQ's 6 x 10 pentomino solution, with its labels, as the FAQ prints it
FAQ_6X10 = """\
5 N Z I I I I I U U U
4 N Z Z Z P P P U W U
3 N N T Z X P P W W L
2 V N T X X X W W F L
1 V T T T X Y F F F L
y=0 V V V Y Y Y Y F L L
x=0 1 2 3 4 5 6 7 8 9
"""


def test_the_faqs_solution_is_read_and_verified_and_its_coordinate_line_matches():
    puzzle = Polyomino("pentominoes", "rect:10x6")
    solution = read_solution_grid(puzzle, FAQ_6X10)
    lines = solution_lines(puzzle, solution).splitlines()
    assert "0,0 0,1 0,2 1,0 2,0 V" in lines  # the FAQ's own line for the V piece
    assert read_solution_lines(puzzle, "\n".join(lines)) == solution
    assert read_solution_grid(puzzle, solution_grid(puzzle, solution)) == solution
    assert solution_grid(puzzle, solution).splitlines()[-1] == "V V V Y Y Y Y F L L"


@pytest.mark.parametrize("pieces, board", [("pentominoes", "rect:20x3"), ("hexiamonds", "tri-hexagon:10x4"),
                                           ("tetrahexes", "hex-coin"), ("soma", "box:3x3x3"),
                                           ("one-sided-tetrominoes", "rect:7x4")])
def test_every_lattice_round_trips(pieces, board):
    puzzle = Polyomino(pieces, board)
    for solution in pt.solutions(puzzle, limit=3):
        assert read_solution_lines(puzzle, solution_lines(puzzle, solution)) == {
            name: tuple(sorted(cells)) for name, cells in solution.items()}


def test_bad_text_and_wrong_solutions_are_refused():
    puzzle = Polyomino("pentominoes", "rect:10x6")
    lines = solution_lines(puzzle, read_solution_grid(puzzle, FAQ_6X10)).splitlines()
    with pytest.raises(InvalidSolution, match="line 1: expected cells"):
        read_solution_lines(puzzle, "0,0 0,1 V W\n")
    with pytest.raises(InvalidSolution, match="placed twice"):
        read_solution_lines(puzzle, "\n".join(lines + lines[:1]))
    moved = FAQ_6X10.replace("y=0 V V V Y", "y=0 V V Y V")
    with pytest.raises(InvalidSolution):
        read_solution_grid(puzzle, moved)
    with pytest.raises(InvalidSolution, match="board is 10 wide"):
        read_solution_grid(puzzle, "N Z I I I I I U U U U U\n")
    with pytest.raises(InvalidSolution, match="letter grid"):
        solution_grid(Polyomino("tetrahexes", "hex-coin"), {})


def test_points_of_the_wrong_size_and_text_that_is_not_text_are_refused():
    puzzle = Polyomino("pentominoes", "rect:10x6")
    with pytest.raises(InvalidSolution, match="has 3 coordinates; this board's have 2"):
        read_solution_lines(puzzle, "0,0,0 0,1,0 0,2,0 1,0,0 2,0,0 V\n")
    with pytest.raises(InvalidSolution, match="has 2 coordinates; this board's have 3"):
        read_solution_lines(Polyomino("soma", "box:3x3x3"), "0,0 0,1 1,0 V\n")
    for text in (None, b"0,0 V"):
        with pytest.raises(InvalidSolution, match="a string"):
            read_solution_lines(puzzle, text)
        with pytest.raises(InvalidSolution, match="a string"):
            read_solution_grid(puzzle, text)


#: the FAQ's solid pentominoes solution (three layers z = 0, 1, 2 side by side), as the FAQ prints it
FAQ_SOLID = """\
U V V V N    U W T T T    U W Z L Y
U W Z V N    X W Z T Y    U F Z L Y
X W Z V N    X P P T N    X F F L Y
I I I I I    X P P P N    F F L L Y
"""

#: the FAQ's 5 x 5 welded one-sided tetrasticks solution (lower case: a flipped piece), its labels left out
FAQ_STICKS = """\
 -R-- -T-- -T-- -r--
y    R    T    r    Y
|    |    |    |    |
 -y-- -R-- -r-- -Y--
y    R    T    r    Y
|    |    |    |    |
 -H-- -H-- -h-- -h--
y    H    X    h    Y
|    |    |    |    |
 -H-- -X-- -X-- -h--
F    F    X    f    f
|    |    |    |    |
 -F-- -F-- -f-- -f--"""

#: the FAQ's first record of the 6 x 10 pentominoes file, as the FAQ prints it
FAQ_RECORD = """\
Solving Pentominoes6x10Matrix:

solution 1:
1,1 2,0 2,1 2,2 3,1 X
0,0 0,1 0,2 0,3 1,0 L
3,0 4,0 4,1 4,2 5,1 F
5,0 6,0 6,1 6,2 7,0 T
1,2 1,3 2,3 3,2 3,3 U
0,4 0,5 1,4 1,5 2,4 P
2,5 3,5 4,5 5,5 6,5 I
5,2 5,3 6,3 7,3 7,4 Z
3,4 4,3 4,4 5,4 6,4 Y
7,5 8,5 9,3 9,4 9,5 V
7,1 7,2 8,0 8,1 9,0 W
8,2 8,3 8,4 9,1 9,2 N

P P I I I I I V V V
P P P Y Y Y Y Z N V
L U U U Y Z Z Z N V
L U X U F Z T W N N
L X X X F F T W W N
L L X F F T T T W W

2339 solutions, 906813 searches, duration 0:19:10.133000
"""


def test_the_faqs_drawing_of_squares_is_drawn_again():
    puzzle = Polyomino("pentominoes", "rect:10x6")
    solution = read_solution_grid(puzzle, FAQ_6X10)
    drawn = [line.split(maxsplit=1)[1] for line in FAQ_6X10.splitlines()[:-1]]  # the labels left out
    assert solution_art(puzzle, solution).splitlines() == drawn


def test_the_faqs_solid_solution_is_read_from_its_layers_and_drawn_again():
    # the letters of each layer give the cells; the FAQ's coordinate line for U must come out, and the drawing
    # must come back as the FAQ prints it
    rows = [line.split("    ") for line in FAQ_SOLID.splitlines()]
    solution: dict = {}
    for top, layers in enumerate(rows):
        for z, layer in enumerate(layers):
            for x, name in enumerate(layer.split()):
                solution.setdefault(name, []).append((x, len(rows) - 1 - top, z))
    puzzle = Polyomino("solid-pentominoes", "box:5x4x3")
    puzzle.verify({name: tuple(sorted(cells)) for name, cells in solution.items()})
    assert "0,2,0 0,2,2 0,3,0 0,3,1 0,3,2 U" in solution_lines(puzzle, solution).splitlines()
    assert solution_art(puzzle, solution) == FAQ_SOLID.rstrip("\n")


def test_the_faqs_tetrasticks_solution_is_a_packing_of_the_welded_one_sided_set_and_is_drawn_again():
    # the segments read off the FAQ's drawing by hand: each piece's four segments, horizontal ones (z = 0) and
    # vertical ones (z = 1); verifying them checks parity's upper and lower case pieces against Polyform Puzzler's
    solution = {"R": ((0, 4, 0), (1, 3, 0), (1, 3, 1), (1, 2, 1)), "T": ((1, 4, 0), (2, 4, 0), (2, 3, 1), (2, 2, 1)),
                "r": ((3, 4, 0), (2, 3, 0), (3, 3, 1), (3, 2, 1)), "y": ((0, 3, 0), (0, 3, 1), (0, 2, 1), (0, 1, 1)),
                "Y": ((3, 3, 0), (4, 3, 1), (4, 2, 1), (4, 1, 1)), "H": ((0, 2, 0), (1, 2, 0), (0, 1, 0), (1, 1, 1)),
                "h": ((2, 2, 0), (3, 2, 0), (3, 1, 0), (3, 1, 1)), "X": ((1, 1, 0), (2, 1, 0), (2, 1, 1), (2, 0, 1)),
                "F": ((0, 0, 0), (1, 0, 0), (0, 0, 1), (1, 0, 1)), "f": ((2, 0, 0), (3, 0, 0), (3, 0, 1), (4, 0, 1))}
    welded = piece_set("polysticks", 4, one_sided=True, welded_only=True)
    assert sorted(welded) == sorted(solution)
    puzzle = Polyomino(welded, "sticks-rect:4x4", one_sided=True, lattice="sticks")
    puzzle.verify(solution)
    assert solution_art(puzzle, solution) == FAQ_STICKS


def test_the_faqs_record_is_read_from_a_whole_file():
    puzzle = Polyomino("pentominoes", "rect:10x6")
    [solution] = read_solution_file(puzzle, FAQ_RECORD)
    assert solution["X"] == tuple(sorted((5 - y, x) for x, y in [(1, 1), (2, 0), (2, 1), (2, 2), (3, 1)]))
    assert solution_art(puzzle, solution).splitlines() == FAQ_RECORD.split("\n\n")[2].splitlines()


def test_single_cells_are_drawn_as_polyform_puzzler_draws_them():
    hexagon = Polyomino({"A": [(0, 0)]}, [(0, 0)], lattice="hex")
    assert solution_art(hexagon, {"A": ((0, 0),)}) == " __\n/  \\\n\\__/"
    up = Polyomino({"A": [(0, 0, 0)]}, [(0, 0, 0)], lattice="triangle")
    assert solution_art(up, {"A": ((0, 0, 0),)}) == " /\\\n/__\\"
    stick = Polyomino({"A": [(0, 0, 0)]}, [(0, 0, 0)], lattice="sticks")
    assert solution_art(stick, {"A": ((0, 0, 0),)}) == " -A--"
    trig = Polyomino({"A1": [(0, 0, 0)]}, [(0, 0, 0)], lattice="trigs")
    assert solution_art(trig, {"A1": ((0, 0, 0),)}) == "__A1_"  # a bare corner under no slant drawn flat


@pytest.mark.parametrize("pieces, board, copies", [
    ("pentominoes", "rect:20x3", "once"), ("hexiamonds", "tri-hexagon:10x4", "once"), ("tetrahexes", "hex-coin", "once"),
    ("soma", "box:3x3x3", "once"), ("one-sided-pentominoes", "rect:30x3", "once"),
    ("tristicks", "sticks-rect:3x3", "any"), ("ditrigs", "trigs-parallelogram:2x2", "any"),
    ("tetratwigs", "twigs-parallelogram:2x2", "any")])
def test_whole_files_round_trip_on_every_lattice(pieces, board, copies):
    puzzle = Polyomino(pieces, board, copies=copies)
    solutions = list(pt.solutions(puzzle, limit=3))
    assert solutions
    text = "".join(solution_file(puzzle, solutions, title=f"{pieces} {board}", seconds=1.5))
    assert text.startswith(f"Solving {pieces} {board}:") and text.endswith(f"{len(solutions)} solutions, duration "
                                                                        "0:00:01.500000\n")
    read = read_solution_file(puzzle, text)
    assert read == [{name: tuple(sorted(cells)) for name, cells in s.items()} for s in solutions]
    for solution in solutions:  # every segment (cell) of the drawing carries its piece's name, or its outline
        art = solution_art(puzzle, solution)
        if puzzle.lattice.name in ("trigs", "twigs"):
            for name, cells in solution.items():
                assert art.count(name[:3]) >= len(cells)
        assert art.strip()


def test_a_piece_left_out_is_written_and_read_as_polyform_puzzler_does():
    dominoes = {name: [(0, 0), (0, 1)] for name in "abc"}
    puzzle = Polyomino(dominoes, "rect:2x2", omit_one_of="abc")
    solutions = list(pt.solutions(puzzle))
    text = "".join(solution_file(puzzle, solutions))
    assert "! c\n" in text and "(c omitted)\na a\n" in text
    assert read_solution_file(puzzle, text) == solutions
    with pytest.raises(InvalidSolution, match="^line 3: solution 1: piece 'a' is left out and placed"):
        read_solution_file(puzzle, "solution 1:\n0,0 1,0 a\n! a\n\n")
    with pytest.raises(InvalidSolution, match="^line 4: solution 1: '! z' leaves out a piece this set does not have"):
        read_solution_file(puzzle, "solution 1:\n0,0 1,0 a\n0,1 1,1 b\n! z\n\n")
    with pytest.raises(InvalidSolution, match="^line 1: solution 1: the record leaves out c and does not place b"):
        read_solution_file(puzzle, "solution 1:\n0,0 1,0 a\n! c\n\n")


def test_bad_solution_files_are_refused_in_one_line():
    puzzle = Polyomino("pentominoes", "rect:10x6")
    with pytest.raises(SolutionFileError, match="no 'solution N:' record"):
        read_solution_file(puzzle, FAQ_6X10)
    with pytest.raises(SolutionFileError, match="line 3: .* is no record header"):
        read_solution_file(puzzle, FAQ_RECORD.replace("solution 1:", "solution\t1:"))
    broken = FAQ_RECORD.replace("1,1 2,0 2,1 2,2 3,1 X", "1,1 2,0 2,1 2,2 3,2 X")
    with pytest.raises(InvalidSolution, match="^line 4: solution 1: piece X is placed as a shape that is not one of its "
                                              "orientations: 1,1 2,0 2,1 2,2 3,2$") as caught:
        read_solution_file(puzzle, broken)
    assert not isinstance(caught.value, SolutionFileError)  # well written, wrong: no error of the file's format
    with pytest.raises(SolutionFileError, match="a solution file's text is a string"):
        read_solution_file(puzzle, b"solution 1:")


def test_files_of_no_solution_and_the_c_solvers_headers_are_read():
    # Polyform Puzzler's C solver writes "solution 1 (1,234 searches):"; a file of no solution holds its totals
    puzzle = Polyomino("pentominoes", "rect:10x6")
    [solution] = read_solution_file(puzzle, FAQ_RECORD.replace("solution 1:", "solution 1 (1,234 searches):"))
    assert len(solution) == 12
    none = Polyomino("tetrominoes", "rect:5x4")
    text = "".join(solution_file(none, [], seconds=float("nan")))
    assert text.endswith("\n0 solutions\n") and read_solution_file(none, text) == []


def test_tilings_are_told_apart_up_to_symmetry_whatever_their_copies_numbers():
    puzzle = Polyomino("dominoes", "rect:4x4", copies="any")
    tilings = list(pt.solutions(puzzle))
    assert len(tilings) == 36 and len({puzzle.solution_key(t) for t in tilings}) == 9  # OEIS A004003, and 9 orbits
    text, held = puzzle.solutions_text(partial(encoding_solutions, puzzle))
    assert held["solutions"] == 9 and len(read_solution_file(puzzle, text)) == 9
    first = tilings[0]
    renumbered = dict(zip(reversed(list(first)), first.values()))  # the same tiling, its copies numbered apart
    assert puzzle.solution_key(renumbered, up_to_symmetry=False) == puzzle.solution_key(first, up_to_symmetry=False)
    with pytest.raises(InvalidSolution):
        puzzle.solution_key({"Q#1": ((0, 0), (0, 1))})
    with pytest.raises(InvalidSolution):
        solution_art(puzzle, None)


def test_the_file_of_a_puzzle_with_a_lead_piece_lists_one_packing_per_orbit():
    # the lead piece's representative placements give every orbit: 2 for the 3 x 20 pentominoes (the FAQ's count)
    puzzle = Polyomino("pentominoes", "rect:20x3")
    text, held = puzzle.solutions_text(partial(encoding_solutions, puzzle))
    read = read_solution_file(puzzle, text)
    assert held["solutions"] == len(read) == 2
    assert len({puzzle.solution_key(s) for s in read}) == 2
    assert all(puzzle.solution_key(s) == puzzle.solution_key(s) for s in read)


def test_pieces_to_leave_out_are_named_as_a_user_writes_them():
    hexiamonds = Polyomino("hexiamonds", "tri-parallelogram:11x3", omit_one_of="I6")
    assert hexiamonds.omit_one_of == ("I6",)
    assert Polyomino("tetrasticks", "sticks-rect:5x5", omit_one_of="H J, L").omit_one_of == ("H", "J", "L")
    assert Polyomino("tetrasticks", "sticks-rect:5x5", omit_one_of="HJLNY,").omit_one_of == tuple("HJLNY")
    for omit, words in ((5, "names of pieces"), (b"X", "names of pieces")):
        with pytest.raises(LimitError, match=words):
            Polyomino("pentominoes", "rect:11x5", omit_one_of=omit)
    with pytest.raises(LimitError, match="they fill it exactly"):
        Polyomino("pentominoes", "rect:10x6", omit_one_of="X")
    with pytest.raises(LimitError, match="they cannot fill it"):
        Polyomino("pentominoes", "rect:13x5", omit_one_of="X")
    with pytest.raises(LimitError, match="a piece named '!'"):
        Polyomino({"!": [(0, 0)], "A": [(0, 0)], "B": [(0, 0)]}, [(0, 0), (0, 1)], omit_one_of="A,B")


@pytest.mark.parametrize("pieces, board, copies", [("pentominoes", "rect:20x3", "once"),
                                                   ("dominoes", "rect:3x2", "any")])
def test_a_file_cut_anywhere_reads_its_whole_records_or_is_refused_as_cut_short(pieces, board, copies):
    # a cut file is no wrong solution: what it holds whole is read, else it is a SolutionFileError, never a verdict
    puzzle = Polyomino(pieces, board, copies=copies)
    text, held = puzzle.solutions_text(partial(encoding_solutions, puzzle))
    whole = read_solution_file(puzzle, text)
    assert len(whole) == held["solutions"] >= 2
    ends = [text.index("\n\n", text.index(f"\nsolution {n}:\n")) + 2 for n in range(1, len(whole) + 1)]
    refused = 0
    for cut in range(len(text)):
        try:
            read = read_solution_file(puzzle, text[:cut], source="cut.txt")
        except SolutionFileError as exc:
            assert str(exc).startswith("cut.txt:"), exc
            refused += 1
            continue
        assert read == whole[:sum(cut >= end for end in ends)], cut
    assert refused > len(text) // 3


def test_the_messages_name_the_line_and_the_cells_as_the_text_writes_them():
    puzzle = Polyomino("pentominoes", "rect:10x6")
    record = FAQ_RECORD.split("\n\n")[1]  # "solution 1:" and its twelve coordinate lines
    lines = record.splitlines()
    assert lines[1].endswith(" X") and lines[2].endswith(" L")
    on_x = lines[1].split()[:-1]
    text = "\n".join([lines[0], lines[1], " ".join(on_x) + " L", *lines[3:]]) + "\n\n"
    with pytest.raises(InvalidSolution, match=rf"^f.txt:3: solution 1: cell {on_x[0]} is covered by L and by X \(line 2\)$"):
        read_solution_file(puzzle, text, source="f.txt")
    with pytest.raises(InvalidSolution, match=rf"^line 2: cell {on_x[0]} is covered by L and by X \(line 1\)$"):
        read_solution_lines(puzzle, "\n".join([lines[1], " ".join(on_x) + " L", *lines[3:]]))
    for bad, words in (("0,0 0,1 V W", "line 1: expected cells"), ("0,0 0,1,2 V", "line 1: '0,1,2' has 3 coordinates")):
        with pytest.raises(SolutionFileError, match=words):
            read_solution_lines(puzzle, bad)
