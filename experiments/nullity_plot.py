"""The nullity of n x n Lights Out for n = 1..N (OEIS A159257), from one gcd per board, as a plot and a b-file.

Run from the repository root: ``python experiments/nullity_plot.py --max 2000``.
Writes ``nullity.bfile`` (``n a(n)`` lines) and ``nullity.png`` into ``--out``.
"""

from __future__ import annotations

from _common import parser, pyplot
from parity.data.oeis import A159257
from parity.linalg.poly import square_nullities


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--max", type=int, default=1000, help="largest n (default 1000)")
    args = p.parse_args()
    values = square_nullities(args.max)
    assert values[:len(A159257)] == A159257[:args.max], "disagrees with the published A159257"
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "nullity.bfile").write_text("".join(f"{n} {a}\n" for n, a in enumerate(values, start=1)))
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8, 4))
    ax.scatter(range(1, len(values) + 1), values, s=4)
    ax.set_xlabel("n")
    ax.set_ylabel("nullity of the n x n board")
    ax.set_title(f"Lights Out, closed rule: nullity for n = 1..{args.max} (A159257)")
    fig.savefig(args.out / "nullity.png", dpi=120, bbox_inches="tight")
    print(f"n = 1..{args.max}: largest nullity {max(values)} at n = {values.index(max(values)) + 1}; "
          f"{sum(v == 0 for v in values)} boards uniquely solvable; matches A159257 on n <= {len(A159257)}")


if __name__ == "__main__":
    main()
