"""The summary line that counts the checks against external programs (the root conftest.py's peers line).

A test run in a scratch folder, with the project's conftest.py, holds one
peer check that runs, one whose program is absent (skipped, naming it),
one that adds the marker while it runs, and a plain test that is not
counted; the last line of the summary must say exactly that.
"""

from pathlib import Path

pytest_plugins = ["pytester"]

ROOT_CONFTEST = Path(__file__).resolve().parents[1] / "conftest.py"

CHECKS = '''
import pytest


@pytest.mark.peer("here")
def test_here_runs():
    assert True


@pytest.mark.peer("here")
@pytest.mark.parametrize("n", [1, 2])
def test_here_runs_twice(n):
    assert n


@pytest.mark.peer("absent")
@pytest.mark.skipif(True, reason="absent is not installed")
def test_absent_is_skipped():
    pass


def test_found_while_running(request):
    request.node.add_marker(pytest.mark.peer("late"))
    pytest.skip("late is not installed")


def test_plain():
    pass
'''


def test_the_summary_says_which_peers_ran_and_which_were_skipped(pytester):
    pytester.makeconftest(ROOT_CONFTEST.read_text())
    pytester.makepyfile(test_checks=CHECKS)
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=4, skipped=2)
    peers = [line for line in result.outlines if line.startswith("peers: ")]
    assert peers == ["peers: absent skipped (1 test: absent is not installed); here ran (3 tests); "
                     "late skipped (1 test: late is not installed)"]


def test_no_peer_checks_no_line(pytester):
    pytester.makeconftest(ROOT_CONFTEST.read_text())
    pytester.makepyfile(test_plain="def test_plain():\n    pass\n")
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
    assert not [line for line in result.outlines if line.startswith("peers")]
