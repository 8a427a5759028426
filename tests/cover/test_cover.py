"""Exact cover: every engine against brute force, Knuth's format both ways, the GF(2) certificate."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

import parity as pt
from parity.check import crosscheck
from parity.cover import CoverProblem, format_cover, gf2_certificate, parse_cover, read_cover, write_cover
from parity.cover.memo import memo_count
from parity.cover.scan import scan_count, scan_covers
from parity.errors import EncodingError
from parity.puzzles.coverfile import CoverFile
from parity.strategies import instances


def brute_force(problem: CoverProblem) -> int:
    """Every subset of options tried against the definition, written out here (no DLX, no CNF, no library check):
    each primary item in exactly one chosen option, each secondary item in at most one or only in options of one
    colour, and every chosen option holding a primary item (Knuth's convention)."""
    def entry(e):
        return (e[0], e[1]) if isinstance(e, tuple) else (e, None)

    total = 0
    for k in range(len(problem.options) + 1):
        for chosen in itertools.combinations(range(len(problem.options)), k):
            uses = [entry(e) for i in chosen for e in problem.options[i]]
            holds_primary = all(any(entry(e)[0] in problem.primary for e in problem.options[i]) for i in chosen)
            exact = all(sum(item == p for item, _ in uses) == 1 for p in problem.primary)
            fair = all(len({colour for item, colour in uses if item == s}) <= 1
                       and (sum(item == s for item, _ in uses) <= 1
                            or all(colour is not None for item, colour in uses if item == s))
                       for s in problem.secondary)
            total += holds_primary and exact and fair
    return total


@st.composite
def problems(draw):
    n = draw(st.integers(1, 5))
    secondary = draw(st.integers(0, 2))
    items = [f"p{i}" for i in range(n)]
    extra = [f"s{i}" for i in range(secondary)]
    options = []
    for _ in range(draw(st.integers(1, 7))):
        option = draw(st.lists(st.sampled_from(items), min_size=1, max_size=3, unique=True))
        for s in extra:
            choice = draw(st.sampled_from([None, "plain", "red", "blue"]))
            if choice == "plain":
                option.append(s)
            elif choice:
                option.append((s, choice))
        options.append(option)
    if extra:  # options of secondary items alone, which no cover holds
        for shown in draw(st.lists(st.lists(st.sampled_from(extra), min_size=1, max_size=2, unique=True), max_size=2)):
            options.append([s if draw(st.booleans()) else (s, draw(st.sampled_from(["red", "blue"]))) for s in shown])
    return CoverProblem(options, primary=items, secondary=extra)


@given(problems())
def test_every_engine_counts_like_brute_force(problem):
    expected = brute_force(problem)
    for xor in (False, True):  # the CNF with exactly-one per item, and its GF(2) form (XOR + pairwise)
        puzzle = CoverFile(problem, xor=xor)
        for engine in ("dlx", "sat", "cms", "ganak"):
            assert pt.count(puzzle, engine=engine) == expected, (engine, xor)
    if not problem.colored:  # the scan and memo engines take no colours
        assert sorted(scan_covers(problem)) == sorted(problem.covers())
        assert scan_count(problem) == expected
        ordered = CoverProblem(problem.options, problem.primary, problem.secondary, ordered=True)
        assert memo_count(problem) == memo_count(ordered) == expected  # fewest options first, and listed order
    if expected:
        assert gf2_certificate(problem) is None  # a cover exists, so A x = 1 is solvable


@given(instances("cover"))
def test_the_harness_cross_checks_covers(puzzle):
    report = crosscheck(puzzle)
    assert report.agree and report.checked, report.problems


def test_knuths_format_round_trip(tmp_path):
    text = "| comment\na b c | x y\na x:red\nb x:red y\nc\nb c\na b c y:1\n"
    problem = parse_cover(text)
    path = tmp_path / "p.dlx"
    write_cover(problem, path)
    again = read_cover(path)
    assert (again.primary, again.secondary, again.options) == (problem.primary, problem.secondary, problem.options)
    assert format_cover(again) == format_cover(problem)
    assert problem.count() == brute_force(problem)


def test_gf2_certificate_proves_no_cover():
    # covering five items with options of two: every option meets the item set evenly, and five is odd
    problem = CoverProblem([[f"i{a}", f"i{b}"] for a, b in itertools.combinations(range(5), 2)])
    certificate = gf2_certificate(problem)
    assert certificate is not None and len(certificate["items"]) % 2 == 1
    assert all(sum(1 for e in option if e in certificate["items"]) % 2 == 0 for option in problem.options)
    assert problem.count() == 0 == brute_force(problem)


@given(problems())
def test_a_gf2_certificate_exists_exactly_when_a_x_equals_1_has_no_solution(problem):
    # independent of the certificate's own elimination: the system solved by the GF(2) engine's Echelon form
    from parity.linalg import Echelon

    rows = [[int(item in option) for option in problem.items] for item in problem.primary]
    certificate = gf2_certificate(problem)
    if not problem.primary or not problem.options:
        return
    solvable = Echelon(rows, [1] * len(rows)).consistent
    assert (certificate is None) == solvable
    if certificate is not None:
        chosen = certificate["items"]
        assert len(chosen) % 2 == 1 and len(set(chosen)) == len(chosen) and set(chosen) <= set(problem.primary)
        assert all(sum(item in chosen for item in option) % 2 == 0 for option in problem.items)
        assert brute_force(problem) == 0


@pytest.mark.parametrize("text, message", [
    ("", "no items line"), ("a b\na c\n", "not a declared item"), ("a | x\na:red\n", "only secondary items"),
    ("a b\na a\n", "names an item twice"), ("a | a\na\n", "both primary and secondary"), ("a | | b\na\n", "more than one"),
    ("a a:red\na\n", "holds no ':'"), ("a | x\na x:\n", "a colour is written"), ("a | x\na x:red:blue\n", "a colour is written"),
])
def test_bad_files_are_one_line_errors(text, message, tmp_path):
    with pytest.raises(EncodingError, match=message):
        parse_cover(text)
    path = tmp_path / "bad.txt"
    path.write_text(text)
    run = pt.testing.run_cli("count", "cover", path)
    assert run.code == 2 and message in run.err


import parity.testing  # noqa: E402  (run_cli, for the CLI checks above)


def test_export_in_knuths_format_and_read_back(tmp_path):
    out = tmp_path / "p.dlx"
    run = pt.testing.run_cli("export", "polyomino", "--board", "rect:20x3", "--format", "cover", "-o", out, "--json")
    assert run.code == 0, run.err
    assert json.loads(run.out)["options"] > 0
    assert pt.count(CoverFile(str(out))) == 8  # the 3 x 20 pentomino packings, read back from the file
    sudoku = tmp_path / "s.dlx"
    hardest = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    assert pt.testing.run_cli("export", "sudoku", hardest, "--format", "cover", "-o", sudoku).code == 0
    assert pt.count(CoverFile(str(sudoku))) == 1


import json  # noqa: E402


def test_the_documented_entry_point_counts_the_same(monkeypatch):
    # should a release of xcover move its kernel, the engine falls back to xcover.covers on named items
    import sys

    from parity.puzzles import Polyomino

    problem = Polyomino("pentominoes", "rect:20x3").encoding("cover")
    direct = sorted(problem.covers())
    import xcover  # the package whole (its documented entry point), then its kernel's module hidden

    assert xcover.covers
    monkeypatch.setitem(sys.modules, "xcover.dancing_cells", None)  # makes the kernel's import fail
    assert sorted(problem.covers()) == direct and len(direct) == 8


def test_scan_lists_across_batches_the_telephone_numbers(monkeypatch):
    # the options "one item" and "two items" over n items: the covers are the involutions of n things,
    # OEIS A000085 (1, 2, 4, 10, 26, 76, 232, 764); batches of 3 make the kernel stop and resume many times
    from parity.cover import scan

    monkeypatch.setattr(scan, "BATCH", 3)
    telephone = [1, 2, 4, 10, 26, 76, 232, 764]
    for n, expected in enumerate(telephone, start=1):
        items = [f"i{k}" for k in range(n)]
        problem = CoverProblem([list(c) for r in (1, 2) for c in itertools.combinations(items, r)])
        listed = list(scan_covers(problem))
        assert len(listed) == len(set(map(tuple, listed))) == scan_count(problem) == expected
        assert sorted(listed) == sorted(problem.covers())


def test_scan_edges_and_refusals(tmp_path):
    from parity.errors import EngineNotApplicableError

    assert list(scan_covers(CoverProblem([["x"]], primary=[], secondary=["x"]))) == [[]]  # nothing to cover
    assert scan_count(CoverProblem([["a", "x"], ["x"]], primary=["a"], secondary=["x"])) == 1  # x-only: never chosen
    assert scan_count(CoverProblem([["a"]], primary=["a", "b"])) == 0  # b has no option
    coloured = CoverProblem([["a", ("x", "red")], ["b", ("x", "red")]], secondary=["x"])
    with pytest.raises(EngineNotApplicableError, match="colours"):
        pt.count(CoverFile(coloured, ordered=True), engine="scan")
    assert pt.count(CoverFile(coloured, ordered=True)) == 1  # dlx takes colours
    path = tmp_path / "c.dlx"
    write_cover(coloured, path)
    run = pt.testing.run_cli("count", "cover", str(path), "--engine", "scan", "--ordered")
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1 and "colours" in run.err
    # a problem not marked ordered is refused: a fixed order may take exponentially longer than dlx
    plain = tmp_path / "p.dlx"
    plain.write_text("a b c\na b\nc\na\nb c\n")
    run = pt.testing.run_cli("count", "cover", str(plain), "--engine", "scan")
    assert run.code == 2 and len(run.err.strip().splitlines()) == 1 and "not marked as ordered" in run.err
    run = pt.testing.run_cli("solve", "cover", str(plain), "--ordered", "--json")
    assert run.code == 0 and json.loads(run.out)["engine"] == "scan"
    run = pt.testing.run_cli("count", "cover", str(plain), "--ordered", "--json")  # options span 2 of 3 items: scan
    assert run.code == 0 and json.loads(run.out)["engine"] == "scan" and json.loads(run.out)["count"] == 2


def test_the_default_cover_engine(monkeypatch):
    from parity import engines
    from parity.engines import choose
    from parity.engines import cover as cover_engines
    from parity.puzzles import Polyomino, Sudoku

    # a board's cells with their neighbours: packed on bitboards
    assert choose(Polyomino("pentominoes", "rect:20x3"), question="count")[0].name == "pack"
    small = CoverFile(CoverProblem([["a", "b"], ["a"], ["b"]]))
    monkeypatch.setattr(cover_engines, "_DLX_LOADED", True)
    assert choose(small, question="solve")[0].name == "dlx"  # a fixed order can be slow: not scan
    monkeypatch.setattr(cover_engines, "_DLX_LOADED", False)  # a fresh process: one small problem is SAT's, then dlx's
    monkeypatch.setattr(engines.ENGINES["dlx"], "declined", 0)
    assert [choose(small, question="solve")[0].name for _ in range(4)] == ["sat", "sat", "sat", "dlx"]
    # a Sudoku has its own compiled search, which declines one grid the same way while its kernel is not loaded
    from parity._compiled import LazyKernel
    from parity.puzzles import _sudoku_kernels, sudoku

    monkeypatch.setattr(_sudoku_kernels, "search9", LazyKernel(lambda: None, "void()", {}))  # not compiled yet
    monkeypatch.setattr(sudoku.SudokuSearch, "_declined", [0])
    monkeypatch.setattr(engines.ENGINES["dlx"], "declined", 0)
    assert [choose(Sudoku("." * 81), question="solve")[0].name for _ in range(4)] == ["sat", "sat", "sat", "search"]
    assert choose(CoverFile(CoverProblem([["a"]])), question="count")[0].name == "dlx"
    assert choose(CoverFile(CoverProblem([["a"]]), ordered=True), question="solve")[0].name == "scan"
    assert choose(CoverFile(CoverProblem([["a"]]), ordered=True), question="count")[0].name == "scan"
    assert choose(Polyomino("tetrahexes", "hex-coin"), question="count")[0].name == "pack"  # piece items: far apart
    # counting tilings remembers subproblems; packings, whose piece items make every subproblem distinct, are listed
    assert choose(Polyomino("dominoes", "rect:20x20", copies="any"), question="count")[0].name == "memo"
    assert choose(Polyomino("dominoes", "rect:20x20", copies="any"), question="solve")[0].name == "pack"
    assert choose(Polyomino("soma", "box:3x3x3"), question="count")[0].name == "pack"  # small layers: scanned
    assert choose(Polyomino("solid-pentominoes", "box:3x4x5"), question="count")[0].name == "dlx"  # fewest options
    assert "scan" not in {engine.name for engine, _ in pt.engines.applicable(Sudoku("." * 81))}


def test_an_exported_packing_counts_through_scan(tmp_path):
    # parity export writes a board's cells in fill order, so --ordered hands the file to the scan engine
    out = tmp_path / "p.dlx"
    assert pt.testing.run_cli("export", "polyomino", "--board", "rect:15x4", "--format", "cover", "-o", out).code == 0
    counts = {engine: pt.count(CoverFile(str(out), ordered=True), engine=engine) for engine in ("scan", "dlx")}
    assert counts == {"scan": 1472, "dlx": 1472}  # 368 up to symmetry times the rectangle's 4 symmetries


def test_an_option_of_secondary_items_alone_is_never_chosen_by_any_engine(tmp_path):
    # 'a | x' with options {a} and {x}: the one cover is {a}; {a, x} holds an option without a primary item
    path = tmp_path / "idle.dlx"
    path.write_text("a | x\na\nx\n")
    for engine in ("dlx", "scan", "sat", "cms", "ganak"):
        flags = ["--ordered"] if engine == "scan" else []
        for form in ([], ["--xor"]):
            run = pt.testing.run_cli("count", "cover", str(path), "--engine", engine, *flags, *form, "--json")
            assert run.code == 0 and json.loads(run.out)["count"] == 1, (engine, form, run.err)
    for engine in ("dlx", "sat", "cms"):
        run = pt.testing.run_cli("solve", "cover", str(path), "--engine", engine, "--unique", "--json")
        answer = json.loads(run.out)
        assert answer["unique"] is True and answer["cover"] == [0], engine
    problem = read_cover(path)
    assert problem.idle == [1] and brute_force(problem) == 1
    assert not problem.satisfied_by([0, 1])


def test_a_problem_without_primary_items_has_the_empty_cover_and_is_not_written():
    problem = CoverProblem([["x"], [("y", "red")]], primary=[], secondary=["x", "y"])
    assert brute_force(problem) == 1 and list(problem.covers()) == [[]]
    for engine in ("dlx", "sat", "cms"):
        assert pt.count(CoverFile(problem), engine=engine) == 1, engine
    with pytest.raises(EncodingError, match="without primary items"):
        format_cover(problem)


@pytest.mark.parametrize("options", [None, "abc", 5, ["ab"], [["a"], None], {"a": 1}])
def test_options_that_are_not_lists_of_items_are_refused(options):
    with pytest.raises(EncodingError, match="must be a list"):
        CoverProblem(options)


def test_primary_and_secondary_given_as_strings_are_refused():
    with pytest.raises(EncodingError, match="primary must be a list of items"):
        CoverProblem([["a"]], primary="a")
    with pytest.raises(EncodingError, match="secondary must be a list of items"):
        CoverProblem([["a"]], secondary="x")


def test_a_problem_without_options_is_refuted_by_any_one_item():
    problem = CoverProblem([], primary=["a", "b"])
    assert brute_force(problem) == 0 and problem.count() == 0
    assert gf2_certificate(problem)["items"] == ["a"]
    for engine in ("dlx", "sat", "cms"):
        assert pt.count(CoverFile(problem), engine=engine) == 0, engine


def test_xcover_style_comment_lines_are_read(tmp_path):
    # xcover's example files open with '//' comment lines before the items line
    from parity.cover import read_cover

    path = tmp_path / "langford2.txt"
    path.write_text("// Langford pairs for n = 3, Knuth's encoding\n// items: digits, then positions\n"
                    "1 2 3 s1 s2 s3 s4 s5 s6\n"
                    "1 s1 s3\n1 s2 s4\n1 s3 s5\n1 s4 s6\n2 s1 s4\n2 s2 s5\n2 s3 s6\n3 s1 s5\n3 s2 s6\n")
    problem = read_cover(path)
    assert problem.primary[:3] == ["1", "2", "3"] and problem.count() == 2  # 312132 and its mirror 231213


def test_dancing_cells_load_without_xcovers_other_kernel():
    # xcover's __init__ imports (and compiles) its ZDD kernel too; the dlx engine loads its one kernel alone, and a
    # later `import xcover` still gets the whole package
    import subprocess
    import sys

    code = ("import sys; from parity.engines.cover import _warm_dlx; _warm_dlx(); "
            "print('xcover.dancing_cells_zdd' in sys.modules, 'xcover' in sys.modules); "
            "import xcover; print(callable(xcover.covers), 'xcover.dancing_cells_zdd' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.split() == ["False", "False", "True", "True"]


@pytest.mark.parametrize("options, kwargs, message", [
    ([["a", "b"], ["a", "c"]], {"primary": ["a", "b"]}, "option 1 names 'c', which is not a declared item"),
    ([["a"], []], {}, "option 1 is empty"),
    ([["a"], ["b", "b"]], {}, "option 1 names an item twice"),
    ([["a"], [("a", "red")]], {}, "option 1 colours the primary item 'a'"),
    ([["a"], "b"], {}, "option 1 must be a list of items (not a string)"),
    ([[(0, 1), (0, 2)], [(0, 3), "P"]], {"primary": [(0, 1), (0, 2), "P"]}, "option 1 names (0, 3)"),
])
def test_a_problem_built_from_lists_names_the_option_that_is_wrong(options, kwargs, message):
    with pytest.raises(EncodingError, match=message.replace("(", r"\(").replace(")", r"\)")):
        CoverProblem(options, **kwargs)


def test_cells_are_items_and_an_item_with_a_colour_is_a_pair_with_a_name():
    cells = CoverProblem([[(0, 1), (0, 2)], [(0, 3), "P"]])  # pairs of numbers: items, not colours
    assert not cells.colored and cells.items == [[(0, 1), (0, 2)], [(0, 3), "P"]]
    coloured = CoverProblem([["a", ("x", "red")], ["b", ("x", "red")]], secondary=["x"])
    assert coloured.colored and coloured.items == [["a", "x"], ["b", "x"]] and coloured.count() == 1


def test_an_orbit_equal_to_a_coloured_pair_hides_neither_and_unhashable_entries_meet_the_checks_in_order():
    from parity.cover._entries import Orbit

    for options in ([["a", Orbit(("x", "red"))], ["a", ("x", "red")]], [["a", ("x", "red")], ["a", Orbit(("x", "red"))]]):
        problem = CoverProblem(options, secondary=["x"])  # the pair is a colour wherever it stands; the Orbit an item
        assert problem.colored and ("x" in problem.items[0]) != ("x" in problem.items[1])
    with pytest.raises(EncodingError, match="option 0 colours the primary item 'x'"):
        CoverProblem([[Orbit(("x", "red")), ("x", "red")]])
    with pytest.raises(EncodingError, match="option 0 is empty"):  # before the list that cannot be an item
        CoverProblem([[], [["a"]]], primary=["a"])
