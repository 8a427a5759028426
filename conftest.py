"""Shared test set-up: hypothesis profiles, and a count of the checks against external programs.

``ci`` (chosen when the CI variable is set) is derandomized with a bounded
number of examples and no deadline, so CI runs are repeatable; ``dev`` (the
default) draws more examples; ``long`` is for thorough local runs
(``HYPOTHESIS_PROFILE=long pytest``).

A test that checks parity against another program (picosat, M4RI) carries
``@pytest.mark.peer(NAME)`` (or adds the marker while it runs) and skips,
naming the program, when that program is absent.  The terminal summary ends
with one line saying, per program, how many of its tests ran and how many
were skipped and why, so a run where every peer was absent says so.
"""

import importlib.util
import os
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", derandomize=True, max_examples=60, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

# a long command off a terminal says how far it got every so often on stderr (parity/cli/progress.py); the tests
# read stderr exactly, so no such line comes within a test's time unless the test asks for one
os.environ.setdefault("PARITY_PROGRESS_SECONDS", "3600")

# not test modules: the Sphinx configuration and the research scripts
collect_ignore = ["docs/conf.py", "experiments"]


EXPERIMENTS = Path(__file__).resolve().parent / "experiments"


def _experiment(name: str):
    """The research script ``experiments/NAME.py`` loaded as a module (its ``_common`` helpers importable)."""
    if str(EXPERIMENTS) not in sys.path:
        sys.path.insert(0, str(EXPERIMENTS))
    spec = importlib.util.spec_from_file_location(name, EXPERIMENTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def experiment():
    """Load a research script of ``experiments/`` as a module: ``experiment("most_clicks")``."""
    return _experiment


def pytest_configure(config):
    config.addinivalue_line("markers", "peer(name): checks parity against the external program NAME (skipped, "
                                       "naming it, when it is absent; counted in the summary's peers line)")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    marker = item.get_closest_marker("peer")
    if marker is not None:  # carried by the report, so the count works across xdist workers too
        report = outcome.get_result()
        report.user_properties = [*report.user_properties, ("peer", marker.args[0])]


def _skip_reason(report) -> str:
    reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
    return reason.removeprefix("Skipped: ")


def pytest_terminal_summary(terminalreporter):
    ran: Counter = Counter()
    skipped: dict[str, Counter] = {}
    for reports in terminalreporter.stats.values():
        for report in reports:
            name = dict(getattr(report, "user_properties", ())).get("peer")
            if name is None:
                continue
            if report.skipped:
                skipped.setdefault(name, Counter())[_skip_reason(report)] += 1
            elif report.when == "call":
                ran[name] += 1
    if not ran and not skipped:
        return
    parts = []
    for name in sorted(set(ran) | set(skipped)):
        said = []
        if ran[name]:
            said.append(f"ran ({ran[name]} test{'s' * (ran[name] != 1)})")
        for reason, n in sorted(skipped.get(name, {}).items()):
            said.append(f"skipped ({n} test{'s' * (n != 1)}: {reason})")
        parts.append(f"{name} " + ", ".join(said))
    terminalreporter.write_line("peers: " + "; ".join(parts))
