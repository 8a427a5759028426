"""The Lights Out family as the command line and the registry see it: options, builder, sweep, random instances.

Examples
--------
>>> FAMILY.name, [spec.name for spec in FAMILY.sweeps]
('lightsout', ['lightsout', 'most-clicks', 'min-presses'])
>>> FAMILY.build("grid:3x3", rule="open")
LightsOut('grid:3x3', rule='open', field=2)
"""

from __future__ import annotations

import random
from pathlib import Path

from ...errors import RuleError
from ..registry import BOARD_STRICT, Family, Option, SweepSpec, TableSpec
from .clicks import MOST_CLICKS_KEYS
from .puzzle import RULES, LightsOut
from .states import read_toggle_matrix

__all__ = ["FAMILY", "random_lightsout"]


def random_lightsout(rng: random.Random) -> LightsOut:
    """A random Lights Out instance: graph, rule, field, start and target; unsolvable ones included."""
    from ...boards import random_graph

    if rng.random() < 0.25:  # a rectangular board, so the structured routes (chase's rows, poly) are checked too
        G = f"{rng.choice(['grid', 'cylinder', 'torus'])}:{rng.randint(1, 4)}x{rng.randint(1, 4)}"
    else:
        G = random_graph(rng, 1, 16)
    field = rng.choice([2, 2, 2, 3])
    start = rng.choice(["all-on", f"random:{rng.randrange(10**6)}"])
    target = rng.choice(["all-off", "all-off", f"random:{rng.randrange(10**6)}"])
    return LightsOut(G, rule=rng.choice(["closed", "open"]), field=field, start=start, target=target)


def _build(board_spec: str, rule: str = "closed", field: int = 2, start: str = "all-on", target: str = "all-off",
           strict: bool = False) -> LightsOut:
    if not rule.strip():  # Path("") is the current directory: say what is really wrong
        raise RuleError(f"rule is empty; use one of {', '.join(RULES)} or a toggle-matrix file")
    if rule not in RULES:
        path = Path(rule)
        if not path.exists():
            raise RuleError(f"rule {rule!r} is neither closed, open nor a toggle-matrix file")
        rule = read_toggle_matrix(path)
    if strict:
        from ...boards import read_strictly

        board_spec = read_strictly(board_spec)
    return LightsOut(board_spec, rule=rule, field=field, start=start, target=target)


def _check(board_spec: str, rule: str = "closed", field: int = 2, **_) -> None:
    """The options' form, before anything is built (see :attr:`Family.check`)."""
    from ...boards import check_spec
    from ...linalg.gfp import check_field

    check_spec(board_spec)
    check_field(field)
    if rule not in RULES and not Path(rule).exists():
        raise RuleError(f"rule {rule!r} is neither closed, open nor a toggle-matrix file")


FAMILY = Family(
    name="lightsout",
    puzzle=LightsOut,
    summary="Lights Out, Quinto, sigma games and multi-state lights on any board.",
    options=(
        Option("board_spec", ("--board",), "Board spec: grid:5x5, torus:6x6, hex:3, dodecahedron, FILE ...", required=True),
        Option("rule", ("--rule",), "closed (press toggles node and neighbours), open (neighbours only), or a "
               "toggle-matrix FILE.", default="closed"),
        Option("field", ("--field",), "Number of light states, a prime p.", default=2, type=int),
        Option("start", ("--start",), "all-on, all-off, random:SEED or a state FILE.", default="all-on"),
        Option("target", ("--target",), "Target state, same forms as --start.", default="all-off"),
        BOARD_STRICT,
    ),
    build=_build,
    check=_check,
    random_instance=random_lightsout,
    solve_options=(
        Option("minimize", ("--min-presses",), "Return a solution with the fewest presses (exact search over all "
               "solutions; linear engines).", default=False, type=bool, answers=("min_presses", "bounds")),
        Option("most_clicks", ("--most-clicks",), "Answer another question: the most presses any solvable start "
               "needs, solved optimally, with the worst start and a proof (over GF(p > 2) a light pressed twice counts "
               "two; JSON most_clicks, worst_start, proof).", default=False, type=bool,
               asks="parity.puzzles.lightsout.clicks:most_clicks_answer", answers=MOST_CLICKS_KEYS),
        Option("max_nullity", ("--max-nullity",), "Refuse a minimum search of more than 2^N steps (a solution walked over GF(2); from nullity 20 the "
               "transform weighs 64 for a step; over GF(p>2) a solution counts 64).", default=30,
               type=int),
    ),
    sweeps=(
        SweepSpec(
            "lightsout",
            "Lights Out by board size: nullity and number of solutions from all-on, one task per board.",
            (
                Option("sizes", ("--sizes",), "Board sides: N, A..B, or a comma list (1..30,40).", required=True),
                Option("rectangles", ("--rectangles",), "Every m x n with m <= n, not only squares.", default=False,
                       type=bool),
                Option("kind", ("--kind",), "grid, torus or cylinder.", default="grid"),
                Option("rule", ("--rule",), "closed or open.", default="closed"),
                Option("field", ("--field",), "Number of light states, a prime p.", default=2, type=int),
            ),
            tasks="parity.puzzles.lightsout.sweep:lightsout_tasks",
            task="parity.puzzles.lightsout.sweep:lightsout_task",
            table=TableSpec(
                "Nullity and number of solutions of Lights Out boards by size (A159257 for n x n, closed rule).",
                (
                    Option("min_presses", ("--min-presses",), "Add the fewest presses that clear the all-on start "
                           "(exact search, within --max-nullity).", default=False, type=bool),
                    Option("most_clicks", ("--most-clicks",), "Add the most presses any solvable start needs, solved "
                           "optimally (exact, with a worst start; where the nullity is at most 12 and within "
                           "--board-seconds a board).", default=False, type=bool),
                    Option("board_seconds", ("--board-seconds",), "With --most-clicks: give a board's search this "
                           "long, then the bounds it reached.", default=60.0, type=float),
                    Option("max_nullity", ("--max-nullity",), "With --min-presses: search a board where it takes at "
                           "most 2^N steps (2^N solutions walked; from nullity 20 the transform weighs 2^(N+6)).",
                           default=20, type=int),
                ),
                columns=("nullity", "count"),
                extras=("min_presses", "most_clicks"),
                rows="parity.sweep.table:lightsout_table_rows",  # (the sweep machinery, a floor above the families)
            ),
        ),
        SweepSpec(
            "most-clicks",
            "The Most Clicks table: each board of nullity 1 to --max-nullity searched for --seconds into its "
            "certificate, one board a task.",
            (
                Option("sizes", ("--sizes",), "Board sides: N, A..B, or a comma list (1..30,40).", default="1..30"),
                Option("kind", ("--kind",), "grid, torus, hex (hexagons of side n) or gf3 (three-state lights).",
                       default="grid"),
                Option("seconds", ("--seconds",), "A board's search; past it the certificate keeps the bounds "
                       "reached.", default=60.0, type=float),
                Option("max_nullity", ("--max-nullity",), "Search the boards of nullity up to this.", default=12,
                       type=int),
            ),
            tasks="parity.puzzles.lightsout.clicks_sweep:clicks_tasks",
            task="parity.puzzles.lightsout.clicks_sweep:clicks_task",
            result="parity.puzzles.lightsout.clicks_sweep:clicks_result",
            check="parity.puzzles.lightsout.clicks_sweep:clicks_check",
        ),
        SweepSpec(
            "min-presses",
            "OEIS A075464, the fewest presses that clear the all-on n x n board: each board's coset search cut into "
            "--parts, a part a task.",
            (
                Option("sizes", ("--sizes",), "Board sides: N, A..B, or a comma list (1..30,40).", default="1..30"),
                Option("parts", ("--parts",), "Parts a board's search is cut into, at most (a board of nullity up to "
                       "20 is one part).", default=16, type=int),
                Option("max_nullity", ("--max-nullity",), "Search the boards of nullity up to this (2^(k-20) "
                       "transforms of 2^20 a board).", default=40, type=int),
            ),
            tasks="parity.puzzles.lightsout.presses_sweep:presses_tasks",
            task="parity.puzzles.lightsout.presses_sweep:presses_task",
            result="parity.puzzles.lightsout.presses_sweep:presses_result",
            check="parity.puzzles.lightsout.presses_sweep:presses_check",
        ),
    ),
)
