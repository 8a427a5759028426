"""Shared helpers of the experiment scripts: the results folder and writing tables and figures."""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"


def parser(description: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--out", type=Path, default=RESULTS, help="folder for the CSV/JSON and the pictures "
                   "(default: experiments/results/, not kept in git)")
    return p


def write_csv(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]) if rows else [])
        writer.writeheader()
        writer.writerows(rows)


def write_json(path: Path, data) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1, default=str))


def pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def bits_hex(bits) -> str:
    """A 0/1 vector as hex, bit ``i`` for entry ``i`` (how the research tables write a start or presses)."""
    return format(sum(1 << i for i, b in enumerate(bits) if b), "x")


def hex_bits(text: str, size: int):
    """The 0/1 vector (numpy, int64) of ``size`` entries that :func:`bits_hex` wrote as ``text``."""
    import numpy as np

    value = int(text, 16)
    return np.array([(value >> i) & 1 for i in range(size)], dtype=np.int64)


def load_jsonl(path: Path, key: str = "n") -> dict:
    """The lines of a JSON-lines file by ``key`` (a later line replaces an earlier one); empty when absent."""
    if not path.exists():
        return {}
    return {e[key]: e for e in map(json.loads, path.read_text().splitlines()) if e}
