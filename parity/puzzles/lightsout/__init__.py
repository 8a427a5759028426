"""The Lights Out family: Lights Out, Quinto, sigma and sigma+ games, multi-state lights.

Every node of a board holds a light with a state in ``0..p-1``.  Pressing a
node adds 1 (mod p) to the lights it toggles:

* ``rule="closed"`` (Lights Out, Quinto, "sigma+"): the node and its neighbours;
* ``rule="open"`` ("sigma"): its neighbours only;
* an explicit toggle matrix ``T`` (``T[i, j]`` = what pressing node ``j`` adds to
  light ``i``).

Pressing node ``j`` ``x_j`` times turns ``start`` into ``start + T x``, so the
presses that reach ``target`` are the solutions of ``T x = target - start`` over
GF(p) [1]_ [2]_.

The family is a package, a module an idea: ``puzzle`` (the rules:
:class:`LightsOut`, its encodings and its check), ``presses`` (a solution,
:class:`Presses`), ``states`` (the states and toggle matrices a user gives,
from files too), ``pictures`` (presses as text, a drawing, JSON),
``clicks`` (the fewest presses and the Most Clicks), ``certificates`` (the
Most Clicks tables: boards searched under a budget into certificates,
merged, re-checked and kept in files), ``bounds`` (bounds on
the fewest presses of large square boards), ``sweep`` (``parity sweep
lightsout``, and the rows of ``parity table lightsout``) and ``family``
(what the command line and the registry read).

References
----------
.. [1] K. Sutner, "Linear cellular automata and the Garden-of-Eden",
   The Mathematical Intelligencer 11 (1989) 49-53.
.. [2] M. Anderson and T. Feil, "Turning Lights Out with linear algebra",
   Mathematics Magazine 71 (1998) 300-303.
"""

from __future__ import annotations

from .certificates import check_certificate, check_table, merge_certificates, search_board
from .clicks import MOST_CLICKS_KEYS, most_clicks_answer
from .family import FAMILY, random_lightsout
from .pictures import _press_json  # noqa: F401  (the JSON writer's own test reads it here)
from .presses import Presses
from .puzzle import MAX_CNF_CLAUSES, RULES, LightsOut
from .states import node_label, read_state, read_toggle_matrix
from .sweep import lightsout_tasks

__all__ = ["LightsOut", "Presses", "RULES", "MAX_CNF_CLAUSES", "node_label", "read_state", "read_toggle_matrix",
           "MOST_CLICKS_KEYS", "most_clicks_answer", "lightsout_tasks", "random_lightsout", "FAMILY", "search_board",
           "merge_certificates", "check_certificate", "check_table"]
