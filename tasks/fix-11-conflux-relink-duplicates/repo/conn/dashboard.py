# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The file the hiring dashboard reads: `candidates.csv` in IB_OUTPUT_DIR."""
from __future__ import annotations

import csv
import os

COLUMNS = ["remote_id", "conflux_id", "first_name", "last_name", "email", "title", "modified_at"]


def row(candidate: dict) -> dict:
    """A Conflux candidate as a dashboard row."""
    emails = candidate.get("email_addresses") or []
    return {
        "remote_id": candidate["remote_id"],
        "conflux_id": candidate["id"],
        "first_name": candidate.get("first_name") or "",
        "last_name": candidate.get("last_name") or "",
        "email": emails[0]["value"] if emails else "",
        "title": candidate.get("title") or "",
        "modified_at": candidate.get("modified_at") or "",
    }


def write(rows: list[dict]) -> None:
    out = os.environ["IB_OUTPUT_DIR"]
    os.makedirs(out, exist_ok=True)
    tmp = os.path.join(out, "candidates.csv.tmp")
    with open(tmp, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=COLUMNS)
        w.writeheader()
        for r in sorted(rows, key=lambda r: (r["last_name"], r["first_name"], r["remote_id"])):
            w.writerow({c: r.get(c, "") for c in COLUMNS})
    os.replace(tmp, os.path.join(out, "candidates.csv"))
