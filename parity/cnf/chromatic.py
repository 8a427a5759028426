"""Chromatic numbers with proofs: bounds first, then SAT with one colour fewer until the solver refuses.

The search (the ``chromatic`` engine) works on a colouring problem (the
conflict graph, a cap on the colours, the clues) in four steps:

1. **Lower bound**: a largest clique (Bron-Kerbosch, within a time budget)
   and, beyond cliques, Mycielski's theorem: a graph that is the Mycielskian
   of a smaller graph ``H`` needs exactly one colour more than ``H``, so the
   structure is peeled level by level (``myciel7`` down to an edge: 8 colours,
   where the largest clique says 2).
2. **Upper bound**: a DSatur greedy colouring, improved by tabu search
   (TabuCol, compiled) one colour at a time while it succeeds within its
   budget (with clues: a first SAT call instead).
3. **SAT calls, one colour fewer each time**, each a fresh plain formula for
   exactly ``j`` colours (no assumptions, so that an UNSAT answer comes with a
   DRAT proof of that very formula), strengthened by clauses that keep every
   solution up to renaming the colours:

   * the clique's vertices take colours ``0, 1, ...`` (units), the other
     vertices use a new colour only after the one before it was used (in
     DSatur's order): one colouring per renaming of the colours;
   * every clique of exactly ``j`` vertices uses every one of the ``j``
     colours (it must), which settles the queen graphs' rows, columns and
     diagonals at once: ``queen8_8`` refuses 8 colours in milliseconds
     instead of seconds.

   With clues the colours are not interchangeable: the clues' colours come
   first and no renaming is broken.
4. The search ends when a colouring meets the lower bound (the proof is the
   bound's evidence) or when ``j`` colours are refused (the proof is that
   UNSAT answer, written as DRAT with its formula when asked).

Examples
--------
>>> import networkx as nx
>>> from parity.counting import ColoringProblem
>>> answer = chromatic_number(ColoringProblem(nx.mycielski_graph(5), 6))  # myciel4
>>> answer["chromatic"], answer["proof"]["method"], answer["proof"]["levels"]
(5, 'mycielski', 3)
>>> answer = chromatic_number(ColoringProblem(nx.petersen_graph(), 4))
>>> answer["chromatic"], answer["proof"]["method"]
(3, 'unsat')
"""

from __future__ import annotations

import sys
import time
from collections.abc import Hashable, Mapping

import networkx as nx

__all__ = ["chromatic_number", "clue_palette", "colour_formula", "dsatur", "tabu_descent", "largest_clique",
           "maximal_cliques", "mycielski_inner", "lower_bound", "CLIQUE_SECONDS", "MOST_CLIQUES"]

SAT, UNSAT = "SAT", "UNSAT"

#: seconds spent listing maximal cliques (the largest found is the bound; all of them strengthen the formula)
CLIQUE_SECONDS = 1.0
#: the work one tabu search may do, in node-colour moves looked at (about a quarter of a second)
TABU_WORK = 3e8
#: the steps a tabu search goes on without finding fewer conflicts
TABU_PATIENCE = 100_000
#: the most maximal cliques kept for the formula's "a clique of j vertices uses every colour" clauses
MOST_CLIQUES = 20_000


def dsatur(H: nx.Graph) -> tuple[int, dict]:
    """An upper bound on the chromatic number: the colours of a DSatur greedy colouring, and that colouring.

    Examples
    --------
    >>> dsatur(nx.petersen_graph())[0]
    3
    """
    if H.number_of_nodes() == 0:
        return 0, {}
    colouring = nx.greedy_color(H, strategy="DSATUR")
    return max(colouring.values()) + 1, colouring


def clue_palette(clues: Mapping, colors: int) -> tuple[list[int], list[int]]:
    """``(named, palette)``: the colours the clues name, and every colour with those first.

    Colours no clue names are interchangeable, so "at most ``j`` colours" is
    "only the first ``j`` of the palette" whenever ``j`` covers the named ones.

    Examples
    --------
    >>> clue_palette({"a": 2}, 4)
    ([2], [2, 0, 1, 3])
    """
    named = sorted(set(clues.values()))
    taken = set(named)
    return named, named + [c for c in range(colors) if c not in taken]


def maximal_cliques(H: nx.Graph, seconds: float = CLIQUE_SECONDS, most: int = MOST_CLIQUES) -> tuple[list, list, bool]:
    """``(largest, kept, complete)``: the largest clique found, maximal cliques of 3 or more vertices (at most
    ``most``) and whether the listing ended within ``seconds`` (then ``largest`` is a maximum clique).

    Examples
    --------
    >>> largest, kept, complete = maximal_cliques(nx.complete_graph(4))
    >>> len(largest), len(kept), complete
    (4, 1, True)
    """
    largest: list = []
    kept: list = []
    deadline = time.perf_counter() + seconds
    for step, clique in enumerate(nx.find_cliques(H)):
        if len(clique) > len(largest):
            largest = clique
        if len(clique) >= 3 and len(kept) < most:
            kept.append(clique)
        if step % 256 == 255 and time.perf_counter() > deadline:
            return largest, kept, False
    return largest, kept, True


def largest_clique(H: nx.Graph, seconds: float = CLIQUE_SECONDS) -> list:
    """A largest clique of ``H`` (the largest found in ``seconds`` when the listing takes longer).

    Examples
    --------
    >>> len(largest_clique(nx.complete_graph(5)))
    5
    """
    return maximal_cliques(H, seconds)[0]


def mycielski_inner(G: nx.Graph) -> tuple[nx.Graph, Hashable] | None:
    """``(H, w)`` when ``G`` is the Mycielskian of ``H`` (``w`` its apex), else None.

    The Mycielskian of ``H`` (nodes ``v_1 .. v_m``) adds a shadow ``u_i`` per
    node, joined to the neighbours of ``v_i`` in ``H``, and an apex ``w``
    joined to every shadow.  Recognised here directly: ``w`` has ``m`` neighbours
    (the shadows), which are pairwise apart, and the shadows match the nodes
    of ``H = G - w - shadows`` one to one with equal neighbourhoods in ``H``.
    Mycielski (1955): the chromatic number of the Mycielskian is one more.

    Examples
    --------
    >>> H, apex = mycielski_inner(nx.mycielski_graph(4))  # the Groetzsch graph: the Mycielskian of C5
    >>> nx.is_isomorphic(H, nx.cycle_graph(5))
    True
    >>> mycielski_inner(nx.petersen_graph()) is None
    True
    """
    n = G.number_of_nodes()
    if n < 3 or n % 2 == 0 or any(G.has_edge(v, v) for v in G):
        return None
    m = (n - 1) // 2
    for w in G:
        shadows = set(G[w])
        if len(shadows) != m or any(G.has_edge(a, b) for a in shadows for b in G[a] if b in shadows):
            continue
        inner = [v for v in G if v != w and v not in shadows]
        inner_set = set(inner)
        by_neighbours: dict[frozenset, int] = {}
        for v in inner:
            key = frozenset(u for u in G[v] if u in inner_set)
            by_neighbours[key] = by_neighbours.get(key, 0) + 1
        for u in shadows:
            key = frozenset(x for x in G[u] if x != w)
            if not key <= inner_set or by_neighbours.get(key, 0) == 0:
                break
            by_neighbours[key] -= 1
        else:
            return G.subgraph(inner).copy(), w
    return None


def lower_bound(H: nx.Graph, labels: Mapping | None = None, seconds: float = CLIQUE_SECONDS,
                clique: list | None = None) -> tuple[int, dict]:
    """``(bound, evidence)``: the largest clique, or the Mycielski levels above a clique when that says more.

    ``clique``: a largest clique of ``H`` found already (else it is looked for here).

    Examples
    --------
    >>> lower_bound(nx.mycielski_graph(6))[0]  # myciel5
    6
    >>> lower_bound(nx.complete_graph(3))
    (3, {'method': 'clique', 'clique': ['0', '1', '2']})
    """
    name = (lambda v: labels.get(v, str(v))) if labels is not None else str
    if clique is None:
        clique = largest_clique(H, seconds)
    best = (len(clique), {"method": "clique", "clique": [name(v) for v in clique]})
    inner, levels, apexes = H, 0, []
    while (peeled := mycielski_inner(inner)) is not None:
        inner, apex = peeled
        levels += 1
        apexes.append(name(apex))
    if levels:
        base = largest_clique(inner, seconds)
        if len(base) + levels > best[0]:
            best = (len(base) + levels, {"method": "mycielski", "levels": levels, "apexes": apexes,
                                         "base_clique": [name(v) for v in base]})
    return best


def colour_formula(H: nx.Graph, colours: list[int], clique: list, order: list, cliques: list,
                   clues: Mapping | None = None) -> tuple[list[list[int]], int, dict]:
    """The plain CNF "colour ``H`` with ``colours``", strengthened; returns ``(clauses, nvars, variable)``.

    ``variable[(v, c)]`` is the variable of node ``v`` taking colour ``c``.
    Without clues the clique's nodes take the colours in order and the nodes
    of ``order`` use a colour only after the one before it (one colouring per
    renaming); every clique of ``cliques`` with exactly ``len(colours)`` nodes
    uses every colour.  A node may be given several colours by a model (no
    "at most one colour" clauses: any of them will do), which keeps the
    formula and its proofs small.

    Examples
    --------
    >>> clauses, nvars, var = colour_formula(nx.complete_graph(3), [0, 1], [0, 1], [2], [])
    >>> from pysat.solvers import Solver
    >>> Solver(bootstrap_with=clauses).solve()
    False
    """
    j = len(colours)
    variable = {(v, c): 1 + i * j + k for i, v in enumerate(H) for k, c in enumerate(colours)}
    nvars = len(variable)
    clauses = [[variable[v, c] for c in colours] for v in H]
    clauses += [[-variable[u, c], -variable[v, c]] for u, v in H.edges() if u != v for c in colours]
    for v, c in (clues or {}).items():
        clauses.append([variable[v, c]])
    for q in cliques:
        if len(q) == j:
            clauses += [[variable[v, c] for v in q] for c in colours]
    if clues:
        return clauses, nvars, variable
    for k, v in enumerate(clique[:j]):
        clauses.append([variable[v, colours[k]]])
    used = min(len(clique), j)  # colours 0 .. used-1 are taken by the clique
    seen: dict[int, int] = {}  # colour index -> "used by a node so far" (for indices >= used)
    for v in order:
        now = {}
        for k in range(used, j):
            if k > used:  # colour k only after colour k - 1
                clauses.append([-variable[v, colours[k]]] + ([seen[k - 1]] if k - 1 in seen else []))
            nvars += 1
            var = nvars
            clauses.append([-variable[v, colours[k]], var])
            if k in seen:
                clauses.append([-seen[k], var])
                clauses.append([-var, seen[k], variable[v, colours[k]]])
            else:
                clauses.append([-var, variable[v, colours[k]]])
            now[k] = var
        seen = now
    return clauses, nvars, variable


def _csr(H: nx.Graph, index: dict) -> tuple:
    import numpy as np

    neighbours = [[index[u] for u in H[v] if u != v] for v in H]
    indptr = np.zeros(len(neighbours) + 1, dtype=np.int64)
    indptr[1:] = np.cumsum([len(row) for row in neighbours])
    return indptr, np.array([u for row in neighbours for u in row], dtype=np.int64)


def tabu_descent(H: nx.Graph, colouring: dict, floor: int, steps: list, budget: float = TABU_WORK) -> dict:
    """Fewer colours than ``colouring`` by tabu search, one colour less at a time, down to ``floor`` at best;
    each success is added to ``steps``.  Returns the best colouring found.

    Examples
    --------
    >>> from parity.cnf.chromatic import dsatur
    >>> G = nx.petersen_graph()
    >>> len(set(tabu_descent(G, dict(enumerate([0, 1, 2, 3, 4, 0, 1, 2, 3, 4])), 3, []).values()))
    3
    """
    import numpy as np

    from ._colour_kernels import tabucol

    index = {v: i for i, v in enumerate(H)}
    indptr, indices = _csr(H, index)
    colours = sorted(set(colouring.values()))
    current = np.array([colours.index(colouring[v]) for v in H], dtype=np.int64)
    k = len(colours)
    while k > max(floor, 1):
        started = time.perf_counter()
        trial = current % (k - 1)
        iterations = max(10_000, int(budget // (len(index) * (k - 1))))
        if tabucol(indptr, indices, k - 1, trial, iterations, TABU_PATIENCE, 1) != 0:
            break
        current, k = trial, k - 1
        steps.append({"colours": k, "status": SAT, "method": "tabu", "seconds": round(time.perf_counter() - started, 6)})
    nodes = list(H)
    return {nodes[i]: int(c) for i, c in enumerate(current)}


def _progress(floor: int, ceiling: int) -> None:
    """Tell a parent process the bounds so far (:func:`parity._child.note`), so that a search stopped by a time
    limit still says how far it got; nothing outside a child."""
    child = sys.modules.get("parity._child")
    if child is not None:
        child.note("bounds", {"lower_bound": floor, "upper_bound": ceiling, "of": "colours"})


def _decode(model: list[int], H: nx.Graph, colours: list[int], variable: dict, clues: Mapping) -> dict:
    """A node a model gives several colours keeps its clue's, else the first (each is apart from the neighbours')."""
    true = {lit for lit in model if lit > 0}
    return {v: clues[v] if v in clues else next(c for c in colours if variable[v, c] in true) for v in H}


def chromatic_number(problem, solver: str = "cadical195", proof=None, minimize: bool = True) -> dict:
    """The fewest colours of ``problem`` (a :class:`~parity.counting.frontier.ColoringProblem`), with a colouring and a proof.

    Returns a dict: ``status``; when SAT the ``colouring`` (node -> colour)
    and, with ``minimize``, ``chromatic`` and ``proof`` (the lower bound's
    evidence, or ``{"method": "unsat", "at_most": chi - 1, ...}`` with the DRAT
    files when ``proof`` names one); ``steps`` (one per SAT call),
    ``lower_bound`` and ``upper_bound``.  Without ``minimize`` one colouring
    with at most ``problem.colors`` colours, or UNSAT (with its proof).
    """
    from .proof import refute

    H, cap, clues = problem.graph, problem.colors, dict(problem.clues)
    labels = getattr(problem, "labels", None)
    if any(H.has_edge(v, v) for v in H):
        return {"status": UNSAT, "steps": [], "proof": {"method": "loop"}}
    largest, cliques, _ = maximal_cliques(H)
    floor, evidence = lower_bound(H, labels, clique=largest)
    clue_colours, palette = clue_palette(clues, cap)
    if len(clue_colours) > floor:  # the clues' colours are all used
        floor, evidence = len(clue_colours), {"method": "clues", "colours": clue_colours}
    steps: list[dict] = []
    best: dict | None = None
    order: list = []
    if not clues and H.number_of_nodes():
        top, colouring = dsatur(H)
        fixed = set(largest)
        order = [v for v in colouring if v not in fixed]  # DSatur's order (dicts keep it)
        steps.append({"colours": top, "status": SAT, "method": "dsatur"})
        _progress(floor, top)
        if top > floor and minimize or top > cap:
            colouring = tabu_descent(H, colouring, floor if minimize else cap, steps)
        if len(set(colouring.values())) <= cap:
            best = colouring

    def attempt(j: int):
        colours = palette[:j]
        clauses, nvars, variable = colour_formula(H, colours, largest, order, cliques, clues)
        status, model, info = refute(clauses, nvars, solver, proof)
        steps.append({"colours": j, "status": status, **info})
        return status, (None if model is None else _decode(model, H, colours, variable, clues)), info

    if best is None:  # with clues (or a cap below DSatur's count): a first SAT call with every colour allowed
        status, colouring, info = attempt(cap)
        if status == UNSAT:  # no colouring with the colours allowed: more are needed
            return {"status": UNSAT, "steps": steps, "lower_bound": max(floor, cap + 1),
                    "proof": {"method": "unsat", "at_most": cap, **info}}
        best = colouring
    if not minimize:
        return {"status": SAT, "colouring": best, "steps": steps}
    weight = len(set(best.values()))
    ceiling = weight
    certificate = dict(evidence, lower_bound=floor) if weight <= floor else None
    while certificate is None:
        _progress(floor, weight)
        status, colouring, info = attempt(weight - 1)
        if status == SAT:
            best, weight = colouring, len(set(colouring.values()))
            if weight <= floor:
                certificate = dict(evidence, lower_bound=floor)
        else:
            certificate = {"method": "unsat", "at_most": weight - 1, **info}
    if certificate["method"] == "mycielski" and proof is not None:
        certificate["drat"] = None  # the theorem is the proof; no solver refused anything
        import warnings

        from ..errors import ParityWarning

        warnings.warn(ParityWarning(f"no DRAT proof written: {weight} colours are proved by Mycielski's theorem "
                                    f"({certificate['levels']} levels above a clique), not by a solver"), stacklevel=2)
    if certificate["method"] == "clique" and weight > 1 and proof is not None:
        status, _, info = attempt(weight - 1)  # the clique's refutation as DRAT too (its colours fixed: quick)
        certificate.update({key: info[key] for key in ("drat", "cnf", "proof_lines") if key in info})
    # the bounds the search started from are in the steps; what is proved now is the chromatic number itself
    return {"status": SAT, "colouring": best, "chromatic": weight, "proof": certificate, "steps": steps,
            "lower_bound": weight, "upper_bound": weight, "first_bounds": [floor, ceiling]}
