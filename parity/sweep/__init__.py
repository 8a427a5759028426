"""Resumable, parallel parameter sweeps: tasks on local processes or a Dask cluster, results in SQLite.

A :class:`Sweep` is a task function and the parameters of its tasks;
:func:`run_sweep` runs what the :class:`Store` does not hold yet and commits
each finished chunk of tasks as it comes back, so a run killed at any moment
loses only the tasks in flight, and the next run goes on from there.
Several runs may share one store at once: each claims its tasks in the
store before it runs them (:meth:`Store.claim`), so every task runs once,
and the claims of a run that died are taken over.
``parity sweep NAME ... --store FILE`` runs a built-in sweep
(each family declares its own: :func:`~parity.puzzles.registry.sweeps`), ``parity sweep show FILE`` prints
what a store holds.

Examples
--------
>>> import os, tempfile
>>> from parity.sweep import Store, Sweep, run_sweep
>>> from parity.sweep.builtin import lightsout_task, lightsout_tasks
>>> store = Store(os.path.join(tempfile.mkdtemp(), "lo.sqlite"))
>>> run_sweep(Sweep("lightsout", lightsout_task, lightsout_tasks("1..5")), store, workers=0)["done"]
5
>>> [row["result"]["nullity"] for row in store.rows("lightsout")]
[0, 0, 0, 4, 2]
"""

from .run import Sweep, iter_sweep, run_chunk, run_sweep
from .store import Store, task_key

__all__ = ["Sweep", "Store", "run_sweep", "iter_sweep", "run_chunk", "task_key"]
