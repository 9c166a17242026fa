# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The report file: one CSV row per in-scope TalentForge application, keyed by id."""
from __future__ import annotations

import csv
import os
from pathlib import Path

COLUMNS = ["id", "requisition_id", "candidate_email", "stage", "status", "updated_at"]


def to_row(app: dict) -> dict:
    email = app.get("candidate_email")
    return {"id": app["id"], "requisition_id": app.get("requisition_id"),
            "candidate_email": email.strip().lower() if email else "",
            "stage": app.get("stage"), "status": app.get("status"), "updated_at": app.get("updated_at")}


def load(path: Path) -> dict[str, dict]:
    if not path.exists():
        return {}
    with path.open(newline="", encoding="utf-8") as fh:
        return {row["id"]: row for row in csv.DictReader(fh)}


def save(path: Path, rows: dict[str, dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with tmp.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=COLUMNS, extrasaction="ignore")
        w.writeheader()
        for key in sorted(rows):
            w.writerow(rows[key])
    os.replace(tmp, path)
