# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The county's harvest-permit list: permit_list.csv in IB_OUTPUT_DIR."""
from __future__ import annotations

import csv
import datetime as dt
import os
from pathlib import Path

from conn import config

COLUMNS = ["applicant_id", "name", "job_title", "applied_on", "eligible"]


def write_permit_list(rows: list[dict], output_dir: Path) -> Path:
    """Replace permit_list.csv atomically with `rows` (dicts keyed by COLUMNS); booleans are
    written as true/false."""
    output_dir.mkdir(parents=True, exist_ok=True)
    path = output_dir / "permit_list.csv"
    tmp = path.with_suffix(".csv.tmp")
    with open(tmp, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=COLUMNS)
        w.writeheader()
        for r in rows:
            w.writerow({k: ("true" if r.get(k) is True else "false" if r.get(k) is False
                            else "" if r.get(k) is None else r[k]) for k in COLUMNS})
    os.replace(tmp, path)
    return path


def export(cutoff: dt.date) -> int:
    settings = config.load()
    print(f"export: cutoff {cutoff.isoformat()}, Jobsmith at {settings.base_url}")
    # TODO: read every application from Jobsmith and write permit_list.csv with
    # write_permit_list(rows, settings.output_dir).
    print("export: not implemented yet")
    return 0
