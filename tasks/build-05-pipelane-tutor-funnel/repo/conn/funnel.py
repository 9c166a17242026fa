# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The daily funnel: one row per tutor candidate, written to funnel.csv in IB_OUTPUT_DIR."""
from __future__ import annotations

import csv
import datetime as dt
import os
from pathlib import Path

from conn import config

COLUMNS = ["contact_id", "email", "opportunity_id", "stage", "entered_stage_on", "days_in_stage", "as_of"]


def write_funnel(rows: list[dict], output_dir: Path) -> Path:
    """Replace funnel.csv atomically with `rows` (dicts keyed by COLUMNS)."""
    output_dir.mkdir(parents=True, exist_ok=True)
    path = output_dir / "funnel.csv"
    tmp = path.with_suffix(".csv.tmp")
    with open(tmp, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=COLUMNS)
        w.writeheader()
        for r in rows:
            w.writerow({k: ("" if r.get(k) is None else r[k]) for k in COLUMNS})
    os.replace(tmp, path)
    return path


def run(as_of: dt.date) -> int:
    settings = config.load()
    print(f"funnel: as of {as_of.isoformat()}, Pipelane at {settings.base_url}")
    # TODO: read the contacts and their opportunities from Pipelane, pick each tutor's row,
    # write funnel.csv with write_funnel(rows, settings.output_dir).
    print("funnel: not implemented yet")
    return 0
