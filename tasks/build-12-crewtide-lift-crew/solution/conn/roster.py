# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The crew roster: every application on a job that is hired (by its status, whatever stage it sits
at), or still active at an offer stage (a rejected or withdrawn offer is not crew), with its
candidate, job and stage, read with `include` (one walk over the job applications)."""
from __future__ import annotations

import csv
import os
from pathlib import Path

from conn import config
from conn.crewtide import Crewtide

COLUMNS = ["application_id", "candidate_id", "first_name", "last_name", "email", "job_title", "department",
           "stage", "created_at"]
CREW_STAGE_TYPES = ("offer", "hired")


def crew(status: str, stage_type: str) -> bool:
    return status == "hired" or (status == "active" and stage_type in CREW_STAGE_TYPES)


def write_roster(out_dir: Path, rows: list[dict]) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    tmp = out_dir / "roster.csv.tmp"
    with open(tmp, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=COLUMNS)
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp, out_dir / "roster.csv")


def linked(rec: dict, name: str, included: dict) -> dict | None:
    ref = ((rec.get("relationships") or {}).get(name) or {}).get("data")
    if not ref:
        return None
    return included.get((ref["type"], ref["id"]))


def run() -> int:
    settings = config.load()
    api = Crewtide(settings)
    rows: dict[int, dict] = {}
    for app, included in api.walk("/v1/job-applications", {"include": "candidate,job,stage"}):
        job, stage, cand = linked(app, "job", included), linked(app, "stage", included), linked(app, "candidate", included)
        if job is None or stage is None or cand is None:  # general applications have no job
            continue
        if not crew(app["attributes"]["status"], stage["attributes"]["stage-type"]):
            continue
        c, j = cand["attributes"], job["attributes"]
        rows[int(app["id"])] = {
            "application_id": int(app["id"]), "candidate_id": int(cand["id"]),
            "first_name": c.get("first-name"), "last_name": c.get("last-name"), "email": c.get("email"),
            "job_title": j.get("title"), "department": j.get("department"),
            "stage": stage["attributes"]["name"], "created_at": app["attributes"]["created-at"],
        }
    write_roster(settings.output_dir, [rows[k] for k in sorted(rows)])
    print(f"roster: {len(rows)} crew")
    return 0
