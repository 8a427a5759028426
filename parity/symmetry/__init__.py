"""Symmetry: automorphism groups of boards, their action on vertices, edges and faces, and counting up to symmetry.

A puzzle's symmetries are a :class:`Symmetries`: a group of permutations of
the items a solution gives values to (vertices, edges or faces), optionally
with a second group permuting the values (colours).  Counting solutions up
to symmetry is Burnside's lemma: the number of orbits is the average number
of solutions each group element fixes.

Examples
--------
>>> import parity as pt
>>> nodes, perms = automorphisms(pt.board("dodecahedron"))
>>> len(perms), int(orientation(pt.board("dodecahedron"), nodes, perms).sum())
(120, 60)
>>> len(automorphisms(pt.board("grid:4x4"))[1]), len(automorphisms(pt.board("petersen"))[1])
(8, 120)
>>> stats = pt.count_result(pt.LightsOut("grid:4x4"), up_to_symmetry=True).stats
>>> stats["count_up_to_symmetry"], stats["count_up_to_rotation"]  # the seed's "five patterns" need mirrors too
(5, 6)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from math import factorial
from typing import TYPE_CHECKING

import numpy as np

from ..boards import oriented_faces
from ..errors import LimitError

if TYPE_CHECKING:  # networkx is imported where a graph is searched: the polyform families' symmetries need none
    import networkx as nx

__all__ = ["Symmetries", "automorphisms", "edge_action", "face_action", "orientation", "orbits", "canonical",
           "fixed_by_rank", "solution_matrix", "fixed_by_listing", "burnside", "lex_leader_clauses", "all_value_permutations", "MAX_GROUP", "MAX_SOLUTIONS",
           "CONVENTIONS", "check_convention"]

#: the largest automorphism group enumerated element by element
MAX_GROUP = 100_000
#: the most solutions listed to count orbits when no linear route applies
MAX_SOLUTIONS = 2_000_000
#: the counting conventions (:meth:`Symmetries.restricted`): which symmetries make two solutions the same
CONVENTIONS = ("all", "rotations", "fixed-pieces")


def check_convention(kind: str) -> str:
    """``kind`` if it is one of :data:`CONVENTIONS`, else :class:`~parity.errors.LimitError` naming them."""
    if kind not in CONVENTIONS:
        raise LimitError(f"symmetry must be one of {', '.join(CONVENTIONS)}, got {kind!r}")
    return kind


@dataclass(frozen=True, eq=False)
class Symmetries:
    """A group acting on a puzzle's solutions (mappings item -> value).

    Element ``g`` sends item ``items[i]`` to ``items[perms[g, i]]``; with
    ``value_perms``, element ``h`` of the second group sends value
    ``values[j]`` to ``values[value_perms[h, j]]``.  ``perms[0]`` is the
    identity.  ``rotations`` marks the orientation-preserving elements when
    the board has an orientation.
    """

    items: tuple
    perms: np.ndarray
    values: tuple | None = None
    value_perms: np.ndarray | None = None
    rotations: np.ndarray | None = None
    name: str = ""
    #: when solutions are not item -> value mappings (a polyomino solution is piece -> cells): turns one into one
    view: object = None
    #: a value permutation that goes with each element (shape (|G|, len(values))): a reflection that turns every
    #: piece into its mirror image renames the pieces; None when elements move items only
    coupled: np.ndarray | None = None

    @property
    def order(self) -> int:
        """How many elements act; with value permutations, the product of both groups' orders."""
        return len(self.perms) * (1 if self.value_perms is None else len(self.value_perms))

    def restricted(self, kind: str = "all") -> Symmetries:
        """The subgroup a counting convention uses (one of ``CONVENTIONS``).

        ``all``: every symmetry; ``rotations``: those that keep the
        orientation; ``fixed-pieces``: those that map every piece (every
        labelled part) to itself, so that a reflection turning a chiral piece
        into its mirror partner does not count (Polyform Puzzler's convention:
        tetracubes in a box up to rotations, solid pentominoes up to all
        symmetries, from one rule).

        Examples
        --------
        >>> import parity as pt
        >>> sym = pt.Polyomino("tetracubes", "box:2x4x4").symmetries()
        >>> sym.order, sym.restricted("rotations").order, sym.restricted("fixed-pieces").order
        (16, 8, 8)
        """
        if check_convention(kind) == "all":
            return self
        if kind == "rotations":
            if self.rotations is None:
                raise LimitError(f"{self.name or 'this board'} has no orientation: its symmetries are not told apart "
                                 "as rotations and reflections")
            keep = np.asarray(self.rotations, dtype=bool)
        else:
            if self.value_perms is not None:
                raise LimitError("fixed-pieces keeps every value where it is: it does not go with recolouring")
            keep = np.ones(len(self.perms), dtype=bool) if self.coupled is None else \
                (self.coupled == np.arange(self.coupled.shape[1])).all(axis=1)
        return replace(self, perms=self.perms[keep], rotations=None if self.rotations is None else self.rotations[keep],
                       coupled=None if self.coupled is None else self.coupled[keep],
                       name=f"{self.name} ({kind})" if self.name else kind)

    def act(self, g: int, solution: Mapping, h: int | None = None) -> dict:
        """The image of ``solution`` under element ``g`` (and value permutation ``h``)."""
        perm = self.perms[g]
        image = {}
        if self.view is not None:
            solution = self.view(solution)
        for i, item in enumerate(self.items):
            value = solution[item]
            if self.coupled is not None:
                value = self.values[self.coupled[g, self.values.index(value)]]
            if h is not None:
                value = self.values[self.value_perms[h, self.values.index(value)]]
            image[self.items[perm[i]]] = value
        return image


def automorphisms(G: nx.Graph, limit: int = MAX_GROUP) -> tuple[list, np.ndarray]:
    """The automorphisms of ``G``: its nodes in ``list(G)`` order and an int64 array, one permutation per row.

    Row ``g`` maps node ``nodes[i]`` to ``nodes[perms[g, i]]``; the identity comes first.

    Raises
    ------
    LimitError
        If the group has more than ``limit`` elements.
    """
    from networkx.algorithms.isomorphism import GraphMatcher

    nodes = list(G)
    index = {v: i for i, v in enumerate(nodes)}
    rows = _polyhedron_automorphisms(G, nodes, index)
    if rows is None:  # any other graph: every isomorphism of the graph onto itself, by VF2
        import networkx as nx

        H = nx.Graph()
        H.add_nodes_from(nodes)
        H.add_edges_from((u, v) for u, v in G.edges() if u != v)
        rows = []
        for mapping in GraphMatcher(H, H).isomorphisms_iter():
            rows.append([index[mapping[v]] for v in nodes])
            if len(rows) > limit:
                break
    if len(rows) > limit:
        raise LimitError(f"board {G.graph.get('name', 'board')} has more than {limit} symmetries; "
                         "counting up to symmetry element by element would not end")
    perms = np.array(rows, dtype=np.int64).reshape(len(rows), len(nodes))
    identity = np.arange(len(nodes))
    first = int(np.flatnonzero((perms == identity).all(axis=1))[0])
    perms[[0, first]] = perms[[first, 0]]
    return nodes, perms


#: the most nodes of a polyhedron whose automorphisms are found from its faces (its 3-connectivity is checked first)
POLYHEDRON_NODES = 200


def _polyhedron_automorphisms(G: nx.Graph, nodes: list, index: dict) -> list[list[int]] | None:
    """The automorphisms of a polyhedron's graph from its faces, or None where that route does not apply.

    A 3-connected planar graph has one embedding on the sphere up to its
    mirror image (Whitney), so each automorphism maps faces to faces and is
    fixed by the image of one directed edge and whether it turns the
    surface over: ``4 |E|`` candidates, each followed around the vertices
    in ``O(|E|)`` and kept only if it maps every edge to an edge.  VF2's
    generic search takes about 0.4 s on the dodecahedron, this a
    millisecond.  It applies to a graph of kind ``polyhedron`` whose faces
    cover the sphere (every edge in two faces, Euler's ``V - E + F = 2``)
    and which is 3-connected; None otherwise.
    """
    faces = G.graph.get("faces")
    n, m = G.number_of_nodes(), G.number_of_edges()
    if G.graph.get("kind") != "polyhedron" or not faces or n > POLYHEDRON_NODES or n - m + len(faces) != 2:
        return None
    faces = oriented_faces([tuple(f) for f in faces])
    after = {}  # (v, u) -> w: around v, the neighbour after u (a face walks u -> v -> w)
    for face in faces:
        for i, v in enumerate(face):
            after[(v, face[i - 1])] = face[(i + 1) % len(face)]
    arcs = {(u, v) for u, v in G.edges()} | {(v, u) for u, v in G.edges()}
    import networkx as nx

    if set(after) != arcs or len(after) != 2 * m or nx.node_connectivity(G) < 3:
        return None
    before = {(v, w): u for (v, u), w in after.items()}
    edges = {frozenset(e) for e in G.edges()}
    a, b = next(iter(G.edges()))
    rows = []
    for c, d in sorted(arcs, key=lambda arc: (index[arc[0]], index[arc[1]])):
        for turn in (after, before):  # the same way round, or the mirror image
            image, used, stack, seen = {a: c, b: d}, {c, d}, [(a, b)], {(a, b)}
            while stack and image is not None:
                x, y = stack.pop()
                z, z2 = after[(x, y)], turn[(image[x], image[y])]
                if z in image:
                    if image[z] != z2:
                        image = None
                        break
                elif z2 in used:
                    image = None
                    break
                else:
                    image[z] = z2
                    used.add(z2)
                for arc in ((x, z), (z, x)):
                    if arc not in seen:
                        seen.add(arc)
                        stack.append(arc)
            if image is None or len(image) != n or any(frozenset((image[u], image[v])) not in edges for u, v in G.edges()):
                continue
            rows.append([index[image[v]] for v in nodes])
    return rows


def edge_action(G: nx.Graph, nodes: Sequence, perms: np.ndarray) -> tuple[list, np.ndarray]:
    """The permutations the vertex permutations induce on ``list(G.edges())``."""
    edges = list(G.edges())
    where = {frozenset(e): k for k, e in enumerate(edges)}
    index = {v: i for i, v in enumerate(nodes)}
    ends = np.array([[index[u], index[v]] for u, v in edges], dtype=np.int64).reshape(len(edges), 2)
    out = np.empty((len(perms), len(edges)), dtype=np.int64)
    for g, perm in enumerate(perms):
        for k, (a, b) in enumerate(ends):
            out[g, k] = where[frozenset((nodes[perm[a]], nodes[perm[b]]))]
    return edges, out


def face_action(G: nx.Graph, nodes: Sequence, perms: np.ndarray) -> tuple[list, np.ndarray]:
    """The permutations the vertex permutations induce on the faces ``G.graph["faces"]`` (by their numbers)."""
    faces = list(G.graph.get("faces") or ())
    if not faces:
        raise LimitError(f"board {G.graph.get('name', 'board')} has no faces")
    where = {frozenset(f): k for k, f in enumerate(faces)}
    index = {v: i for i, v in enumerate(nodes)}
    out = np.empty((len(perms), len(faces)), dtype=np.int64)
    for g, perm in enumerate(perms):
        for k, face in enumerate(faces):
            out[g, k] = where[frozenset(nodes[perm[index[v]]] for v in face)]
    return list(range(len(faces))), out


def orientation(G: nx.Graph, nodes: Sequence, perms: np.ndarray) -> np.ndarray | None:
    """Which automorphisms keep the orientation: rotations of a polyhedron, or of a plane board; None if unknown.

    Polyhedra and plane maps (``graph["faces"]``): an element keeps the
    orientation when it maps a consistently oriented face onto a face with the
    same cyclic order.  Boards with plane positions (``pos``): when the
    element acts on the positions as a map of determinant +1; when the
    positions lie on one line (a 1 x n strip) or on one point, every element
    that moves them rigidly is a rotation (reversing a line is a half turn).

    Examples
    --------
    >>> import parity as pt
    >>> strip, rectangle = pt.board("grid:1x4"), pt.board("grid:2x4")
    >>> orientation(strip, *automorphisms(strip)).tolist(), orientation(rectangle, *automorphisms(rectangle)).tolist()
    ([True, True], [True, False, False, True])
    """
    index = {v: i for i, v in enumerate(nodes)}
    faces = G.graph.get("faces")
    if faces:
        oriented = oriented_faces([tuple(f) for f in faces])
        where = {frozenset(f): f for f in oriented}
        face = oriented[0]
        keep = []
        for perm in perms:
            image = [nodes[perm[index[v]]] for v in face]
            target = where[frozenset(image)]
            at = target.index(image[0])
            keep.append(target[(at + 1) % len(target)] == image[1])  # the same turning sense
        return np.array(keep, dtype=bool)
    import networkx as nx

    pos = nx.get_node_attributes(G, "pos")
    if len(pos) == len(nodes) and all(len(p) == 2 for p in pos.values()):
        xy = np.array([pos[v] for v in nodes], dtype=float)
        centred = xy - xy.mean(axis=0)
        if np.linalg.matrix_rank(centred, tol=1e-6) < 2:
            # the nodes sit on one line (a 1 x n strip) or on one point: the transform is not determined by the
            # picture, and every motion of a line extends to a rotation of the plane (reversing the line is the
            # half turn), so each element that moves the picture rigidly is a rotation
            _, _, axes = np.linalg.svd(centred)
            along = centred @ axes[0]
            if all(np.allclose(along[perm], along, atol=1e-6) or np.allclose(along[perm], -along, atol=1e-6)
                   for perm in perms):
                return np.ones(len(perms), dtype=bool)
            return None
        keep = []
        for perm in perms:
            transform, *_ = np.linalg.lstsq(centred, centred[perm], rcond=None)
            if not np.allclose(centred @ transform, centred[perm], atol=1e-6):
                return None  # not a rigid motion of the picture: no orientation to speak of
            keep.append(np.linalg.det(transform) > 0)
        return np.array(keep, dtype=bool)
    return None


def all_value_permutations(values: Sequence, most: int = 8) -> np.ndarray:
    """Every permutation of ``values`` (``k!`` rows), identity first; refuses more than ``most`` values."""
    from itertools import permutations

    k = len(values)
    if k > most:
        raise LimitError(f"recolouring acts by all {k}! permutations of the colours; at most {most} colours")
    return np.array(list(permutations(range(k))), dtype=np.int64).reshape(factorial(k), k)


def orbits(sym: Symmetries) -> list[list]:
    """The orbits of the group on the items (each a list of items, in item order)."""
    parent = list(range(len(sym.items)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for perm in sym.perms:
        for i, j in enumerate(perm):
            a, b = find(i), find(int(j))
            if a != b:
                parent[max(a, b)] = min(a, b)
    groups: dict[int, list] = {}
    for i, item in enumerate(sym.items):
        groups.setdefault(find(i), []).append(item)
    return list(groups.values())


def _matrix(sym: Symmetries, solutions) -> np.ndarray:
    """Solutions as rows of value indices (values listed in ``sym.values`` order, or by first appearance)."""
    if sym.view is not None:
        solutions = [sym.view(solution) for solution in solutions]
    rows = [[solution[item] for item in sym.items] for solution in solutions]
    if sym.values is not None:
        code = {v: j for j, v in enumerate(sym.values)}
    else:
        code = {}
        for row in rows:
            for v in row:
                code.setdefault(v, len(code))
    return np.array([[code[v] for v in row] for row in rows], dtype=np.int64).reshape(len(rows), len(sym.items))


def canonical(sym: Symmetries, solution: Mapping) -> tuple:
    """The least image of ``solution`` (as a tuple of values in item order): one representative per orbit."""
    best = None
    hs = [None] if sym.value_perms is None else range(len(sym.value_perms))
    for g in range(len(sym.perms)):
        for h in hs:
            image = sym.act(g, solution, h)
            key = tuple(image[item] for item in sym.items)
            if best is None or key < best:
                best = key
    return best


def fixed_by_listing(sym: Symmetries, S: np.ndarray, mask: np.ndarray | None = None) -> int:
    """Burnside's sum from listed solutions (the rows of ``S``, :func:`solution_matrix`): over the group's
    elements (those in ``mask``), the solutions each fixes."""
    total = 0
    if sym.coupled is not None:  # each element renames the values its own way: g fixes s when s[perm] == r_g(s)
        for g, perm in enumerate(sym.perms):
            if mask is None or mask[g]:
                total += int((sym.coupled[g][S] == S[:, perm]).all(axis=1).sum())
        return total
    k = 0 if sym.values is None else len(sym.values)
    if sym.value_perms is not None and len(sym.value_perms) == factorial(k) and len(S):
        # every permutation of the values acts: g.s equals some h(s) exactly when both read the same after
        # renaming values by first use, and then (k - used)! recolourings do it
        # the only recolouring h that could map s to g.s is read off the first place each value appears:
        # h(v) = s[perm[first(v)]]; it works when h(s) == s[perm] everywhere (then h is one-to-one on the
        # values s uses, since s[perm] uses as many), and (k - used)! permutations agree with it
        first = np.zeros((len(S), k), dtype=np.int64)
        for v in range(k):
            hit = S == v
            first[:, v] = np.where(hit.any(axis=1), hit.argmax(axis=1), 0)
        used = np.array([len(set(row)) for row in S.tolist()])
        weight = np.array([factorial(k - u) for u in range(k + 1)], dtype=object)[used]
        for g, perm in enumerate(sym.perms):
            if mask is None or mask[g]:
                moved = S[:, perm]
                h = np.take_along_axis(moved, first, axis=1)
                same = (np.take_along_axis(h, S, axis=1) == moved).all(axis=1)
                total += int(weight[same].sum())
        return total
    hs = [None] if sym.value_perms is None else list(sym.value_perms)
    for g, perm in enumerate(sym.perms):
        if mask is not None and not mask[g]:
            continue
        # g fixes s when s[perm[i]] == h(s[i]) for every i
        moved = S[:, perm]
        for h in hs:
            image = S if h is None else h[S]
            total += int((moved == image).all(axis=1).sum())
    return total


def fixed_by_rank(puzzle, sym: Symmetries, mask: np.ndarray | None = None) -> int:
    """Burnside's sum of a linear puzzle by rank, listing nothing: over the group's elements (those in ``mask``),
    the solutions of ``A x = b`` plus ``x_i = x_{g(i)}``."""
    from ..linalg.system import LinearSystem

    system = puzzle.linear()
    column = {v: j for j, v in enumerate(system.variables)}
    order = [column[item] for item in sym.items]
    elimination = "gf2" if system.field == 2 else "gfp"
    total = 0
    for g, perm in enumerate(sym.perms):
        if mask is not None and not mask[g]:
            continue
        rows, cols, vals, rhs = list(system.rows), list(system.cols), list(system.values), list(system.rhs)
        r = system.shape[0]
        for i, j in enumerate(perm):
            if i != j:
                rows += [r, r]
                cols += [order[i], order[int(j)]]
                vals += [1, system.field - 1]
                rhs.append(0)
                r += 1
        fixed = LinearSystem((r, system.shape[1]), np.array(rows, dtype=np.int64), np.array(cols, dtype=np.int64),
                             np.array(vals, dtype=np.int64), np.array(rhs, dtype=np.int64), system.field,
                             list(system.variables))
        total += int(fixed.solve(elimination).count)
    return total


def solution_matrix(sym: Symmetries, solutions) -> np.ndarray:
    """The solutions (an iterable) as rows of values in ``sym.items`` order, for :func:`fixed_by_listing`.

    Listing stops with :class:`~parity.errors.LimitError` past ``MAX_SOLUTIONS``.
    """
    listed = []
    for solution in solutions:
        listed.append(solution)
        if len(listed) > MAX_SOLUTIONS:
            raise LimitError(f"more than {MAX_SOLUTIONS} solutions to list for counting up to symmetry")
    return _matrix(sym, listed)


def burnside(sym: Symmetries, fixed, method: str) -> dict:
    """The orbit counts from Burnside's sums: ``fixed(mask)`` sums the solutions each element (of ``mask``) fixes.

    Returns
    -------
    dict
        ``count_up_to_symmetry``, ``symmetries`` (the group's order),
        ``count_up_to_rotation`` and ``rotations`` when the board has an
        orientation, and ``symmetry_method``.
    """
    total = fixed(None)
    if total % sym.order:
        raise AssertionError(f"Burnside's sum {total} is not a multiple of the group order {sym.order}")
    out = {"count_up_to_symmetry": total // sym.order, "symmetries": sym.order, "symmetry_method": method}
    if sym.rotations is not None:
        rotations = int(sym.rotations.sum()) * (1 if sym.value_perms is None else len(sym.value_perms))
        part = fixed(sym.rotations)
        if part % rotations:
            raise AssertionError(f"Burnside's sum {part} is not a multiple of {rotations}")
        out["count_up_to_rotation"] = part // rotations
        out["rotations"] = rotations
    return out


def lex_leader_clauses(formula, sym: Symmetries, variables: Sequence[Sequence[int]],
                       elements: Sequence[int] | None = None) -> int:
    """Add lex-leader clauses: a model survives only if it is lexicographically least among its images.

    ``variables[i]`` lists the Boolean variables of item ``i`` (one per value,
    in ``sym.values`` order when values are permuted); the model's vector is
    read item by item.  With every group element (the default) exactly one
    model per orbit survives; with a subset (``elements``, e.g. generators)
    at least one per orbit does.  Returns the number of clauses added.
    """
    n = len(sym.items)
    width = len(variables[0]) if n else 0
    x = [v for item in range(n) for v in variables[item]]
    hs = [None] if sym.value_perms is None else list(range(len(sym.value_perms)))
    chosen = range(len(sym.perms)) if elements is None else elements
    added = 0
    for g in chosen:
        perm = sym.perms[g]
        inverse = np.argsort(perm)
        for h in hs:
            if g == 0 and h in (None, 0):
                continue
            # y = (h, g) . x: y[perm[i]][h[c]] = x[i][c], so y at (item j, value d) is x[inverse[j]][h^-1 d]
            hinv = None if h is None else np.argsort(sym.value_perms[h])
            y = [variables[int(inverse[j])][d if hinv is None else int(hinv[d])] for j in range(n) for d in range(width)]
            if y == x:
                continue
            equal = None  # "x and y agree on every earlier position"; None: true
            for a, b in zip(x, y):
                if a == b:
                    continue
                prefix = [] if equal is None else [-equal]
                formula.add(prefix + [-a, b])  # x <= y at the first difference
                added += 1
                nxt = formula.fresh()
                formula.add(prefix + [a, b, nxt])
                formula.add(prefix + [-a, -b, nxt])
                added += 2
                equal = nxt
    return added
