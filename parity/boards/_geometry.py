"""Plane and surface geometry of boards: signed areas, and faces turned into one consistent sense.

Examples
--------
>>> signed_area([(0, 0), (1, 0), (0, 1)])
0.5
>>> oriented_faces([(0, 1, 2), (1, 2, 3)])
[(0, 1, 2), (3, 2, 1)]
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["signed_area", "oriented_faces"]


def signed_area(points: Sequence[tuple[float, float]]) -> float:
    """The shoelace area of a polygon, positive when its corners turn counter-clockwise."""
    points = list(points)
    return 0.5 * sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))


def oriented_faces(faces: list[tuple]) -> list[tuple]:
    """The faces turned so that every edge is walked once each way (a consistent orientation of the surface)."""
    oriented = [None] * len(faces)
    for start in range(len(faces)):
        if oriented[start] is not None:
            continue
        oriented[start] = tuple(faces[start])
        stack = [start]
        while stack:
            f = stack.pop()
            face = oriented[f]
            for g in range(len(faces)):
                if oriented[g] is None and len(set(faces[g]) & set(face)) >= 2:
                    shared = set(faces[g]) & set(face)
                    cand = tuple(faces[g])
                    forward = {(cand[i], cand[(i + 1) % len(cand)]) for i in range(len(cand))}
                    mine = {(face[i], face[(i + 1) % len(face)]) for i in range(len(face))}
                    if any((a, b) in mine for (a, b) in forward if a in shared and b in shared):
                        cand = tuple(reversed(cand))
                    oriented[g] = cand
                    stack.append(g)
    return oriented
