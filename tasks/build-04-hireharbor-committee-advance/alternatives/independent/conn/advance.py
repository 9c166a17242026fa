# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Advance approved applications to Campus Visit, one application at a time, on behalf of the
search's chair; each application is read just before it is judged."""
from __future__ import annotations

import csv
import os
import sys
from pathlib import Path

from conn.harbor_client import Harbor, Refused
from conn.votecount import approvals

REPO = Path(__file__).resolve().parent.parent


def run(votes_path: str, committees_path: str | None = None) -> int:
    api = Harbor()
    committees = Path(committees_path) if committees_path else REPO / "materials" / "committees.csv"
    with open(committees, newline="", encoding="utf-8") as fh:
        chair_mail = {r["requisition_id"].strip(): r["chair_email"] for r in csv.DictReader(fh)}
    approved = approvals(votes_path)

    job_req = {j["id"]: (j.get("custom_fields") or {}).get("requisition_id") for j in api.all_jobs()}
    stages: dict[int, list[dict]] = {}
    chairs: dict[int, int | None] = {}

    def pipeline(job_id: int) -> list[dict]:
        if job_id not in stages:
            stages[job_id] = sorted(api.call("GET", f"/v1/jobs/{job_id}/stages"), key=lambda s: s["priority"])
        return stages[job_id]

    def chair(job_id: int) -> int | None:
        if job_id not in chairs:
            mail = chair_mail.get(job_req.get(job_id) or "")
            user = api.user_by_email(mail) if mail else None
            chairs[job_id] = user["id"] if user and not user["disabled"] else None
        return chairs[job_id]

    def judge(app: dict | None, ok: bool) -> tuple[str, dict | None, dict | None]:
        if app is None:
            return "unknown", None, None
        if not ok or app["status"] != "active" or app["current_stage"] is None:
            return "not_eligible", None, None
        names = [s["name"] for s in pipeline(app["job_id"])]
        if "Campus Visit" not in names or "Committee Review" not in names:
            return "not_eligible", None, None
        here = next((i for i, s in enumerate(pipeline(app["job_id"])) if s["id"] == app["current_stage"]["id"]), -1)
        visit, review = names.index("Campus Visit"), names.index("Committee Review")
        if here >= visit:
            return "already_there", None, None
        if here == review:
            return "to_move", pipeline(app["job_id"])[review], pipeline(app["job_id"])[visit]
        return "not_eligible", None, None

    lines, bad = [], 0
    for app_id in sorted(approved):
        app = api.application(app_id)
        verdict, src, dst = judge(app, approved[app_id])
        tries = 0
        while verdict == "to_move" and tries < 3:
            tries += 1
            actor = chair(app["job_id"])
            if actor is None:
                verdict = "error"
                break
            try:
                api.call("POST", f"/v1/applications/{app_id}/move", actor=actor,
                         json={"from_stage_id": src["id"], "to_stage_id": dst["id"]})
                verdict = "moved"
            except Refused as exc:
                if exc.status == 409:  # changed under us: look again
                    app = api.application(app_id)
                    verdict, src, dst = judge(app, approved[app_id])
                else:
                    print(f"application {app_id}: {exc}", file=sys.stderr)
                    verdict = "error"
        if verdict == "to_move":
            verdict = "error"
        bad += verdict == "error"
        lines.append((app_id, verdict))

    out = Path(os.environ.get("IB_OUTPUT_DIR", "output"))
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "advance_log.csv", "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["application_id", "outcome"])
        w.writerows(lines)
    print(f"advance: {len(lines)} applications, {bad} errors")
    return 1 if bad else 0
