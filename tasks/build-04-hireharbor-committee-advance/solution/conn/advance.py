# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The weekly job: move the applications the search committees approved to Campus Visit,
on behalf of each search's committee chair, and log one outcome per application."""
from __future__ import annotations

import csv
import os
from pathlib import Path

from conn import config
from conn.hireharbor import HireHarbor, HireHarborError
from conn.sheets import load_committees, load_votes
from conn.tally import tally

FROM_STAGE, TO_STAGE = "Committee Review", "Campus Visit"


class Pipeline:
    """Each job's stages by name and their order (stage ids are per job)."""

    def __init__(self, jobs: list[dict]):
        self.by_name = {j["id"]: {s["name"]: s for s in j.get("stages") or []} for j in jobs}
        self.rank = {s["id"]: (s["priority"], s["id"]) for j in jobs for s in j.get("stages") or []}

    def stage(self, job_id: int, name: str) -> dict | None:
        return self.by_name.get(job_id, {}).get(name)


def decide(app: dict | None, approved: bool, pipe: Pipeline) -> str:
    if app is None:
        return "unknown"
    if not approved or app["status"] != "active" or not app.get("current_stage"):
        return "not_eligible"
    cur = app["current_stage"]["id"]
    cv = pipe.stage(app["job_id"], TO_STAGE)
    cr = pipe.stage(app["job_id"], FROM_STAGE)
    if cv is None or cr is None:
        return "not_eligible"
    if pipe.rank.get(cur, (-1, -1)) >= pipe.rank[cv["id"]]:
        return "already_there"
    if cur == cr["id"]:
        return "move"
    return "not_eligible"


def write_log(out_dir: Path, rows: list[tuple[int, str]]) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    tmp = out_dir / "advance_log.csv.tmp"
    with open(tmp, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["application_id", "outcome"])
        w.writerows(rows)
    os.replace(tmp, out_dir / "advance_log.csv")


def run(votes_path: str, committees_path: str | None = None) -> int:
    settings = config.load()
    committees = load_committees(Path(committees_path) if committees_path else config.DEFAULT_COMMITTEES)
    tallies = tally(load_votes(Path(votes_path)))
    api = HireHarbor(settings)

    users = {u["email"].strip().lower(): u for u in api.walk("/v1/users")}
    jobs = api.walk("/v1/jobs")
    pipe = Pipeline(jobs)
    chair_email = {c.requisition_id: c.chair_email.strip().lower() for c in committees}
    chair_of: dict[int, int | None] = {}
    for j in jobs:
        email = chair_email.get((j.get("custom_fields") or {}).get("requisition_id"))
        u = users.get(email) if email else None
        chair_of[j["id"]] = u["id"] if u and not u.get("disabled") else None
    apps = {a["id"]: a for a in api.walk("/v1/applications")}

    log: list[tuple[int, str]] = []
    failed = 0
    for app_id in sorted(tallies):
        t = tallies[app_id]
        app = apps.get(app_id)
        outcome = decide(app, t.approved, pipe)
        for _ in range(3):  # a move refused because someone changed the application: re-read, decide again
            if outcome != "move":
                break
            chair = chair_of.get(app["job_id"])
            if chair is None:
                print(f"advance: no HireHarbor user for the chair of job {app['job_id']}")
                outcome = "error"
                break
            body = {"from_stage_id": app["current_stage"]["id"],
                    "to_stage_id": pipe.stage(app["job_id"], TO_STAGE)["id"]}
            try:
                api.post(f"/v1/applications/{app_id}/move", body, on_behalf_of=chair)
                outcome = "moved"
            except HireHarborError as exc:
                if exc.status != 409:
                    print(f"advance: application {app_id}: {exc}")
                    outcome = "error"
                    break
                app = api.get(f"/v1/applications/{app_id}")
                outcome = decide(app, t.approved, pipe)
        if outcome == "move":
            outcome = "error"
        if outcome == "error":
            failed += 1
        log.append((app_id, outcome))

    write_log(settings.output_dir, log)
    counts: dict[str, int] = {}
    for _, o in log:
        counts[o] = counts.get(o, 0) + 1
    print("advance: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    return 1 if failed else 0
