"""Tables written with -o: beside the target, moved over it when complete; an interrupted table keeps its finished
rows in TARGET.partial and leaves the old file byte for byte as it was."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import click
import pytest

import parity as pt
from parity.data.oeis import A075464, A159257
from parity.errors import OutputError
from parity.sweep.export import export_rows
from parity.sweep.output import TableFile
from parity.testing import run_cli

OLD = b"n,nullity,count\n1,999,999\nthe old table, which an interrupted run must leave as it is\n"


def gf2_nullity(n: int) -> int:
    """The nullity of the closed-rule n x n toggle matrix, by Gaussian elimination on Python integers (rows as
    bit masks): no parity code involved."""
    rows = []
    for r in range(n):
        for c in range(n):
            mask = 0
            for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    mask |= 1 << ((r + dr) * n + c + dc)
            rows.append(mask)
    rank = 0
    for bit in range(n * n):
        pivot = next((i for i in range(rank, len(rows)) if rows[i] >> bit & 1), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        for i in range(len(rows)):
            if i != rank and rows[i] >> bit & 1:
                rows[i] ^= rows[rank]
        rank += 1
    return n * n - rank


def check_row(n: int, nullity: int, count: int, min_presses: str | None = None) -> None:
    """One finished row against values found without the table: brute force for small n, the published A159257
    and A075464, and elimination on the built board beyond them."""
    if n <= 10:
        assert nullity == gf2_nullity(n), n
    if n <= len(A159257):
        assert nullity == A159257[n - 1], n
    else:  # (reached only when the test process was held up for seconds): the board built and eliminated
        result = pt.count_result(pt.LightsOut(f"grid:{n}x{n}"), engine="gf2")
        assert nullity == result.stats["nullity"], n
    assert count == 2**nullity
    if min_presses is not None:
        if nullity - 6 > 20:  # beyond the search's default bound of 2^20 steps (from nullity 20 the transform's
            assert min_presses == "", n  # 2^k combinations cost 2^(k-6)): left empty
        elif n <= len(A075464):
            assert int(min_presses) == A075464[n - 1], n


def _environment() -> dict:
    """The subprocess imports the same parity as this test."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(pt.__file__)))
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}


def _rows_in_partial(path) -> int:
    """Complete data lines of a CSV table being written (header excluded)."""
    try:
        text = path.read_text()
    except FileNotFoundError:
        return 0
    return max(0, text.count("\n") - 1)


def _rows_in_store(path) -> int:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as db:
            return db.execute("SELECT COUNT(*) FROM tasks WHERE status = 'done'").fetchone()[0]
    except sqlite3.OperationalError:  # not created yet
        return 0


def _stop(proc: subprocess.Popen, sig: int) -> tuple[str, str]:
    """Send ``sig`` to a running command and read what it wrote; one that does not end in two minutes is killed."""
    try:
        if proc.poll() is None:
            proc.send_signal(sig)
        return proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


@pytest.mark.parametrize("fmt, sig", [("csv", signal.SIGINT), ("json", signal.SIGTERM), ("bfile", signal.SIGINT)])
def test_an_interrupted_table_keeps_its_rows_and_the_old_file(tmp_path, fmt, sig):
    target = tmp_path / f"table.{fmt}"
    target.write_bytes(OLD)
    partial = tmp_path / f"table.{fmt}.partial"
    store = tmp_path / "work.sqlite"
    # every n x n board with its fewest presses: the rows up to 130 take a few seconds, the next ones far longer,
    # so the table is still running when its first rows are there
    args = ["table", "lightsout", "--sizes", "1..2000", "--min-presses", "--format", fmt, "-o", target]
    if fmt == "json":  # written at the end only: the store shows when rows are finished
        args += ["--store", store]
    proc = subprocess.Popen([sys.executable, "-m", "parity", *map(str, args)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=_environment())
    try:
        deadline = time.monotonic() + 300  # (generous: a loaded machine, kernels compiled the first time)
        seen = (lambda: _rows_in_store(store)) if fmt == "json" else (lambda: _rows_in_partial(partial))
        while seen() < 12 and proc.poll() is None and time.monotonic() < deadline:  # a dozen rows
            time.sleep(0.02)
        assert proc.poll() is None, f"the table ended before it was interrupted: {proc.communicate()}"
        assert target.read_bytes() == OLD  # while the table is written, too
    finally:
        out, err = _stop(proc, sig)
    assert proc.returncode == 130, err
    assert out == "" and "Traceback" not in err
    assert target.read_bytes() == OLD
    if fmt == "json":
        rows = json.loads(partial.read_text())["rows"]
        cells = [(r["n"], r["nullity"], r["count"], "" if r["min_presses"] is None else str(r["min_presses"]))
                 for r in rows]
    else:
        text = partial.read_text()
        assert text.endswith("\n")  # complete lines only
        lines = text.splitlines()
        if fmt == "csv":
            assert lines[0] == "n,nullity,count,min_presses"
            cells = [(int(n), int(k), int(c), p) for n, k, c, p in (line.split(",") for line in lines[1:])]
        else:
            cells = [(int(n), int(k), 2 ** int(k), None) for n, k in (line.split(" ") for line in lines)]
    assert len(cells) >= 12 and [n for n, *_ in cells] == list(range(1, len(cells) + 1))  # a prefix, in order
    for row in cells:
        check_row(*row)
    assert err.splitlines()[-1] == (f"parity: interrupted; the {len(cells)} rows finished are in {partial}; "
                                    f"{target} is as it was")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("table.")) == \
        sorted([target.name, partial.name])  # nothing else left beside it


def test_an_interrupt_before_any_row_leaves_nothing_behind(tmp_path):
    target = tmp_path / "t.csv"
    # the open rule runs as a sweep: its first rows come with its first chunk; the store's first commit is later
    proc = subprocess.Popen([sys.executable, "-m", "parity", "table", "lightsout", "--rule", "open", "--sizes",
                             "1..3000", "--format", "csv", "-o", str(target)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=_environment())
    try:
        partial = tmp_path / "t.csv.partial"
        deadline = time.monotonic() + 300
        while not partial.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        rows = _rows_in_partial(partial)
    finally:
        out, err = _stop(proc, signal.SIGINT)
    assert proc.returncode == 130, err
    if rows == 0 and "rows finished" not in err:  # (the usual case: no chunk had come back)
        assert err.splitlines()[-1] == "parity: interrupted"
        assert not target.exists() and not partial.exists()
    else:
        assert err.splitlines()[-1].endswith(f"{target} was not created")


@pytest.mark.parametrize("route", ["table", "export"])
def test_an_interrupt_while_the_file_is_being_opened_leaves_nothing_behind(tmp_path, monkeypatch, route):
    """The moment the race above can hit: the partial file created, its TableFile not yet in the caller's hands."""
    original = TableFile.__init__

    def opened_then_interrupted(self, *args, **kwargs):
        original(self, *args, **kwargs)
        assert os.path.exists(self.path)
        raise KeyboardInterrupt

    monkeypatch.setattr(TableFile, "__init__", opened_then_interrupted)
    target = tmp_path / "t.csv"
    with pytest.raises((KeyboardInterrupt, click.exceptions.Abort)):  # (click passes it on as Abort)
        if route == "export":
            row = {"sweep": "s", "params": {"n": 1}, "result": {"count": 1}, "status": "done", "engine": "e",
                   "seconds": 0.1, "error": None}
            export_rows([row], target)
        else:
            from parity.cli import cli
            cli.main(args=["table", "lightsout", "--sizes", "1..3", "--format", "csv", "-o", str(target)],
                     prog_name="parity", standalone_mode=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_complete_table_replaces_the_old_file(tmp_path):
    for fmt in ("csv", "text", "json", "bfile"):
        target = tmp_path / f"t.{fmt}"
        target.write_bytes(OLD)
        os.chmod(target, 0o640)
        run = run_cli("table", "lightsout", "--sizes", "1..130", "--format", fmt, "-o", target)
        assert run.code == 0 and run.err == f"wrote {target} (130 rows)\n", (fmt, run.err)
        assert target.read_text() == run_cli("table", "lightsout", "--sizes", "1..130", "--format", fmt).out
        assert os.stat(target).st_mode & 0o777 == 0o640  # the old file's permissions kept
        assert not (tmp_path / f"t.{fmt}.partial").exists()
    bfile = (tmp_path / "t.bfile").read_text().splitlines()
    assert bfile == [f"{n} {a}" for n, a in enumerate(A159257, start=1)]


def test_a_link_is_followed_and_kept(tmp_path):
    real = tmp_path / "real.csv"
    real.write_bytes(OLD)
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    assert run_cli("table", "lightsout", "--sizes", "4,5", "--format", "csv", "-o", link).code == 0
    assert link.is_symlink() and real.read_text() == "n,nullity,count\n4,4,16\n5,2,4\n"


def test_a_failed_table_leaves_the_old_file(tmp_path, monkeypatch):
    from parity.sweep import table

    target = tmp_path / "t.csv"
    target.write_bytes(OLD)

    def broken(*args, **kwargs):
        yield {"m": 1, "n": 1, "nullity": 0, "count": 1}
        raise OutputError("a failure part way")

    monkeypatch.setattr(table, "lightsout_rows", broken)
    run = run_cli("table", "lightsout", "--sizes", "1..5", "--format", "csv", "-o", target)
    assert run.code == 2 and run.err == "parity: error: a failure part way\n"
    assert target.read_bytes() == OLD and not (tmp_path / "t.csv.partial").exists()


@pytest.mark.parametrize("where, words", [
    ("", "the file name is empty"),
    ("folder", "Is a directory"),
    ("missing/t.csv", "No such file or directory"),
])
def test_nonsense_targets_are_one_line(tmp_path, where, words):
    (tmp_path / "folder").mkdir()
    target = "" if where == "" else tmp_path / where
    for fmt in ("csv", "text"):
        run = run_cli("table", "lightsout", "--sizes", "1..3", "--format", fmt, "-o", target)
        assert run.code == 2 and run.out == "" and run.err.count("\n") == 1, (where, run.err)
        assert run.err.startswith("parity: error: cannot write") and words in run.err, run.err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]  # nothing left behind


def test_a_device_is_written_as_it_is(tmp_path):
    if not os.path.exists("/dev/null"):
        pytest.skip("no /dev/null here")
    run = run_cli("table", "lightsout", "--sizes", "1..3", "--format", "csv", "-o", "/dev/null")
    assert run.code == 0 and os.path.exists("/dev/null") and not os.path.exists("/dev/null.partial")


def test_an_export_replaces_its_file_only_when_complete(tmp_path):
    target = tmp_path / "e.csv"
    target.write_bytes(OLD)
    rows = [{"sweep": "s", "params": {"n": n}, "status": "done", "result": {"square": n * n}, "engine": None,
             "seconds": 0.0, "error": None} for n in range(3)]
    poisoned = rows + [{"sweep": "s", "params": {"n": 3}, "status": "done", "result": {"square": Unwritable()},
                        "engine": None, "seconds": 0.0, "error": None}]
    with pytest.raises(OutputError, match="cannot be written"):
        export_rows(poisoned, target)
    assert target.read_bytes() == OLD and not (tmp_path / "e.csv.partial").exists()
    assert export_rows(rows, target)["rows"] == 3
    assert target.read_text().splitlines()[1:] == ["s,0,0,done,,0.0,", "s,1,1,done,,0.0,", "s,2,4,done,,0.0,"]


class Unwritable:
    """A value whose text cannot be written: the export fails after it has begun writing."""

    def __str__(self):
        raise OSError("this value cannot be written")


def test_table_file_keep_and_discard(tmp_path):
    target = tmp_path / "t.txt"
    target.write_bytes(OLD)
    out = TableFile(target)
    out.write("1 0\n")
    assert out.path == str(target) + ".partial" and target.read_bytes() == OLD
    out.discard()
    assert not os.path.exists(out.path) and target.read_bytes() == OLD
    with pytest.raises(ZeroDivisionError), TableFile(target) as out:
        out.write("1 0\n")
        1 / 0
    assert target.read_bytes() == OLD and not os.path.exists(out.path)
    (tmp_path / "t.txt.partial").symlink_to(tmp_path / "elsewhere")  # an old partial name that is a link
    with TableFile(target) as out:
        out.write("1 0\n")
    assert target.read_text() == "1 0\n" and not (tmp_path / "elsewhere").exists()
