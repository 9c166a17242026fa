# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The county's harvest-permit list: one row per applicant per job, with the date Jobsmith
shows (already the account's local date: never re-interpreted) and the eligibility rule."""
from __future__ import annotations

import csv
import datetime as dt
import os
from pathlib import Path

from conn import config
from conn.jobsmith import Jobsmith

COLUMNS = ["applicant_id", "name", "job_title", "applied_on", "eligible"]
JOB_STATUSES = ("Open", "On Hold", "Filled", "Closed")


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


def applied_on(value: str) -> dt.date:
    """Jobsmith's YYYY-MM-DD, a calendar date in the account's zone, taken as it is."""
    return dt.date.fromisoformat(value)


def permit_rows(applications: list[dict], cutoff: dt.date) -> list[dict]:
    rows, seen = [], set()
    for a in applications:
        key = (a["id"], a["job_id"])
        if key in seen:
            continue
        seen.add(key)
        day = applied_on(a.get("job_apply_date") or a["apply_date"])
        rows.append({"applicant_id": a["id"], "name": f"{a['first_name']} {a['last_name']}",
                     "job_title": a["job_title"], "applied_on": day.isoformat(),
                     "eligible": day <= cutoff and a["status"] != "Withdrawn"})
    rows.sort(key=lambda r: (r["applicant_id"], r["job_title"]))
    return rows


def export(cutoff: dt.date) -> int:
    settings = config.load()
    js = Jobsmith(settings)
    applications, jobs = [], {}
    for status in JOB_STATUSES:  # the unfiltered list leaves Filled and Closed jobs out
        for job in js.walk("/v1/jobs", {"status": status}):
            jobs.setdefault(job["id"], job)
    for job_id in sorted(jobs):
        applications.extend(js.walk("/v1/applicants", {"job_id": job_id}))
    rows = permit_rows(applications, cutoff)
    path = write_permit_list(rows, settings.output_dir)
    print(f"export: {len(rows)} applications, {sum(r['eligible'] for r in rows)} eligible -> {path}")
    return 0
