"""A sweep store's rows as a flat table: CSV (always) or Parquet (when pyarrow is installed).

One column per parameter (``param.NAME``) and per result key
(``result.NAME``), then ``status``, ``engine``, ``seconds`` and ``error``.
Counts stay exact: CSV writes them as digits, Parquet as text when they do
not fit in 64 bits.

Examples
--------
>>> import csv, os, tempfile
>>> rows = [{"sweep": "s", "params": {"n": 2}, "status": "done", "result": {"count": 2 ** 70},
...          "engine": "gf2", "seconds": 0.1, "error": None}]
>>> path = os.path.join(tempfile.mkdtemp(), "t.csv")
>>> export_rows(rows, path)["columns"]
['sweep', 'param.n', 'result.count', 'status', 'engine', 'seconds', 'error']
>>> next(csv.DictReader(open(path)))["result.count"]
'1180591620717411303424'
"""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

from ..errors import OutputError
from .output import TableFile

__all__ = ["export_rows", "flatten"]


def flatten(rows: list[dict]) -> tuple[list[str], list[dict]]:
    """Column names and flat records (nested values as JSON text)."""
    params, results = {}, {}
    for row in rows:
        params.update(dict.fromkeys(row["params"]))
        results.update(dict.fromkeys(row["result"] or {}))
    columns = ["sweep", *(f"param.{k}" for k in params), *(f"result.{k}" for k in results),
               "status", "engine", "seconds", "error"]

    def cell(value):
        return json.dumps(value) if isinstance(value, (dict, list)) else value

    records = []
    for row in rows:
        record = {"sweep": row["sweep"], "status": row["status"], "engine": row["engine"], "seconds": row["seconds"],
                  "error": row["error"]}
        record.update({f"param.{k}": cell(v) for k, v in row["params"].items()})
        record.update({f"result.{k}": cell(v) for k, v in (row["result"] or {}).items()})
        records.append(record)
    return columns, records


def export_rows(rows: list[dict], path: str | os.PathLike) -> dict:
    """Write ``rows`` (from :meth:`parity.sweep.Store.rows`) to ``.csv`` or ``.parquet``; returns what was written.

    The table is written beside ``path`` and moved over it when complete
    (:class:`~parity.sweep.output.TableFile`): an export that fails or is
    interrupted leaves an earlier file of that name as it was (the store
    holds every row, so nothing is kept of the unfinished table).
    """
    target = Path(path)
    columns, records = flatten(rows)
    suffix = target.suffix.lower()
    if suffix not in (".csv", ".parquet"):
        raise OutputError(f"cannot export to {str(path)!r}: the file name must end in .csv or .parquet")
    if suffix == ".parquet":
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise OutputError("writing Parquet needs pyarrow (pip install pyarrow); .csv needs nothing") from None
    try:
        with TableFile(target, binary=suffix == ".parquet") as out:
            try:
                if suffix == ".csv":
                    writer = csv.DictWriter(out.handle, fieldnames=columns)
                    writer.writeheader()
                    writer.writerows(records)
                else:
                    data = {}
                    for name in columns:
                        values = [r.get(name) for r in records]
                        if any(isinstance(v, int) and not isinstance(v, bool) and not -2**63 <= v < 2**63
                               for v in values):
                            values = [None if v is None else str(v) for v in values]  # exact, as text
                        data[name] = values
                    pq.write_table(pa.table(data), out.handle)
            except OSError as exc:
                raise OutputError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    except BaseException:
        TableFile.forget(target)  # (an interrupt while the file was being opened leaves it empty)
        raise
    return {"output": str(path), "rows": len(records), "columns": columns}
