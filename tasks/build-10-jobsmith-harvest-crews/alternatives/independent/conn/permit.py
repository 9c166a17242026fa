# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Permit list built from one walk per workflow status (each result is one applicant on one
job, with the job's title and the date Jobsmith shows)."""
from __future__ import annotations

import csv
import datetime as dt
import os
from pathlib import Path

from conn import config
from conn.client import JobsmithClient

COLUMNS = ["applicant_id", "name", "job_title", "applied_on", "eligible"]
STATUSES = ["New", "Screening", "Interview", "Offer", "Cleared", "Hired", "Rejected", "Withdrawn"]


def write_permit_list(rows: list[dict], output_dir: Path) -> Path:
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


def to_row(app: dict, cutoff: dt.date) -> dict:
    shown = app.get("job_apply_date") or app["apply_date"]
    y, m, d = (int(x) for x in shown.split("-"))
    day = dt.date(y, m, d)
    return {"applicant_id": app["id"], "name": f"{app['first_name']} {app['last_name']}",
            "job_title": app["job_title"], "applied_on": shown,
            "eligible": day <= cutoff and app["status"] != "Withdrawn"}


def export(cutoff: dt.date) -> int:
    s = config.load()
    js = JobsmithClient(s.base_url, s.api_key)
    by_key: dict[tuple, dict] = {}
    for status in STATUSES:
        for app in js.pages("/v1/applicants", status=status):
            by_key[(app["id"], app["job_id"])] = to_row(app, cutoff)
    rows = [by_key[k] for k in sorted(by_key)]
    write_permit_list(rows, s.output_dir)
    print(f"export: {len(rows)} rows")
    return 0
