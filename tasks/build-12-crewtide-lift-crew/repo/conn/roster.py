# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The crew roster: every offered or hired application with its candidate and job."""
from __future__ import annotations

import csv
from pathlib import Path

from conn import config

COLUMNS = ["application_id", "candidate_id", "first_name", "last_name", "email", "job_title", "department",
           "stage", "created_at"]


def write_roster(out_dir: Path, rows: list[dict]) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(out_dir / "roster.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=COLUMNS)
        w.writeheader()
        w.writerows(rows)


def run() -> int:
    settings = config.load()
    print(f"roster: not implemented yet (Crewtide at {settings.base_url})")
    raise NotImplementedError("roster is not implemented yet")
