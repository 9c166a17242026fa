# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The weekly extensions file (input) and results.csv (output)."""
from __future__ import annotations

import csv
import datetime as dt
import os
from dataclasses import dataclass

RESULT_COLUMNS = ["row_no", "placement_id", "outcome"]


@dataclass(frozen=True)
class ExtensionRow:
    row_no: int  # 1 = the first data row after the header
    hospital: str
    assignment_no: str
    nurse: str
    new_end_date: dt.date
    approved_at: dt.datetime  # timezone-aware
    approved_by: str


def _instant(text: str) -> dt.datetime:
    value = dt.datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    if value.tzinfo is None:
        value = value.replace(tzinfo=dt.timezone.utc)
    return value


def read_extensions(path: str) -> list[ExtensionRow]:
    rows = []
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for n, rec in enumerate(csv.DictReader(fh), start=1):
            rows.append(ExtensionRow(
                row_no=n,
                hospital=rec["hospital"].strip(),
                assignment_no=rec["assignment_no"].strip(),
                nurse=rec["nurse"].strip(),
                new_end_date=dt.date.fromisoformat(rec["new_end_date"].strip()),
                approved_at=_instant(rec["approved_at"]),
                approved_by=rec.get("approved_by", "").strip(),
            ))
    return rows


def write_results(results: list[dict], output_dir: str | None = None) -> str:
    """Write results.csv (row_no, placement_id, outcome) atomically into IB_OUTPUT_DIR."""
    out_dir = output_dir or os.environ["IB_OUTPUT_DIR"]
    path = os.path.join(out_dir, "results.csv")
    with open(path + ".tmp", "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=RESULT_COLUMNS)
        w.writeheader()
        for r in results:
            w.writerow({k: ("" if r.get(k) is None else r.get(k)) for k in RESULT_COLUMNS})
    os.replace(path + ".tmp", path)
    return path
