# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Roster: jobs and stages read once as lists, the applications with their candidates included."""
from __future__ import annotations

import csv
import os
from pathlib import Path

from conn.jsonapi_client import Client

COLUMNS = ["application_id", "candidate_id", "first_name", "last_name", "email", "job_title", "department",
           "stage", "created_at"]


def _ref(rec: dict, rel: str):
    link = (rec.get("relationships", {}).get(rel) or {}).get("data")
    return (link["type"], link["id"]) if link else None


def run() -> int:
    api = Client()
    pool: dict[tuple[str, str], dict] = {}
    for path in ("/v1/jobs", "/v1/stages"):
        for data, _ in api.every(path):
            for r in data:
                pool[(r["type"], r["id"])] = r
    lines = []
    for data, included in api.every("/v1/job-applications", include="candidate"):
        for r in included:
            pool[(r["type"], r["id"])] = r
        for app in data:
            job_ref, stage_ref, cand_ref = _ref(app, "job"), _ref(app, "stage"), _ref(app, "candidate")
            if not job_ref or not stage_ref or not cand_ref:
                continue
            stage = pool[stage_ref]["attributes"]
            status = app["attributes"]["status"]
            # crew: hired (whatever stage), or an offer still open; the wire's statuses include an
            # undocumented `withdrawn` besides rejected, so both are out
            if status != "hired" and (status in ("rejected", "withdrawn") or stage["stage-type"] != "offer"):
                continue
            who, job = pool[cand_ref]["attributes"], pool[job_ref]["attributes"]
            lines.append([app["id"], cand_ref[1], who["first-name"], who["last-name"], who["email"],
                          job["title"], job["department"], stage["name"], app["attributes"]["created-at"]])
    out = Path(os.environ.get("IB_OUTPUT_DIR", "output"))
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "roster.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(COLUMNS)
        w.writerows(sorted(lines, key=lambda x: int(x[0])))
    print(f"{len(lines)} on the roster")
    return 0
