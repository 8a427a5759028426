"""Shared test set-up: hypothesis profiles.

``ci`` (chosen when the CI variable is set) is derandomized with a bounded
number of examples and no deadline, so CI runs are repeatable; ``dev`` (the
default) draws more examples; ``long`` is for thorough local runs
(``HYPOTHESIS_PROFILE=long pytest``).
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", derandomize=True, max_examples=60, deadline=None, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("long", max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

# not test modules: the Sphinx configuration and the research scripts
collect_ignore = ["docs/conf.py", "experiments"]
