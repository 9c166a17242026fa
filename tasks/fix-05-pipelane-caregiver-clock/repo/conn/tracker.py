# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The nightly compliance job: every candidacy's latest interview into interviews.csv, and
candidacies without activity for 60 days archived in Pipelane."""
from __future__ import annotations

import csv
import datetime as dt
import os

from conn import config
from conn.pipelane import Pipelane, PipelaneError

COLUMNS = ["opportunity_id", "contact_id", "region", "interview_at_utc", "stage"]
STALE_AFTER = dt.timedelta(days=60)


def utc_text(ms: int) -> str:
    """An instant as the tracker shows it: ISO 8601 in UTC."""
    return dt.datetime.fromtimestamp(ms / 1000).strftime("%Y-%m-%dT%H:%M:%SZ")


def latest_interviews(api: Pipelane) -> dict[str, int]:
    """Per opportunity, the date of its latest interview (one walk of /v1/interviews)."""
    latest: dict[str, int] = {}
    for i in api.list("/v1/interviews"):
        latest[i["opportunityId"]] = max(latest.get(i["opportunityId"], i["date"]), i["date"])
    return latest


def build_rows(opportunities: list[dict], latest: dict[str, int], regions: dict[str, str]) -> list[dict]:
    caregivers: dict[str, dict] = {}
    for o in opportunities:
        caregivers[o["contactId"]] = o
    rows = []
    for o in caregivers.values():
        when = latest.get(o["id"])
        rows.append({"opportunity_id": o["id"], "contact_id": o["contactId"],
                     "region": regions.get(o.get("postingId"), ""),
                     "interview_at_utc": utc_text(when) if when is not None else "",
                     "stage": o["stage"]})
    return rows


def is_stale(o: dict, now: dt.datetime) -> bool:
    last = o.get("lastInteractionAt") or o.get("lastAdvancedAt") or o["createdAt"]
    return now - dt.datetime.fromtimestamp(last / 1000, tz=dt.timezone.utc) > STALE_AFTER


def archive_stale(api: Pipelane, opportunities: list[dict]) -> int:
    now = api.now()
    archived = 0
    for o in opportunities:
        if o.get("archived") or not is_stale(o, now):
            continue
        try:
            api.post(f"/v1/opportunities/{o['id']}/archive", {"reason": "stale"})
            archived += 1
        except PipelaneError as exc:
            print(f"warning: could not archive {o['id']}: {exc}")
    return archived


def write_csv(path, rows: list[dict]) -> None:
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=COLUMNS)
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp, path)


def run() -> int:
    settings = config.load()
    api = Pipelane(settings)
    regions = {p["id"]: (p.get("categories") or {}).get("location") or "" for p in api.list("/v1/postings")}
    opportunities = list(api.list("/v1/opportunities"))
    rows = build_rows(opportunities, latest_interviews(api), regions)
    archived = archive_stale(api, opportunities)
    settings.output_dir.mkdir(parents=True, exist_ok=True)
    write_csv(settings.output_dir / "interviews.csv", rows)
    print(f"sync: {len(rows)} rows written, {archived} stale candidacies archived")
    return 0
