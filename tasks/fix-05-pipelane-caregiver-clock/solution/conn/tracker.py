# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The nightly compliance job: every candidacy's latest interview into interviews.csv, and
candidacies without activity for 60 days archived in Pipelane as the compliance user."""
from __future__ import annotations

import csv
import datetime as dt
import os

from conn import config
from conn.pipelane import Pipelane, PipelaneError

COLUMNS = ["opportunity_id", "contact_id", "region", "interview_at_utc", "stage"]
STALE_AFTER = dt.timedelta(days=60)
COMPLIANCE_USER_NAME = "Compliance Bot"


def utc_text(ms: int) -> str:
    """An instant as the tracker shows it: ISO 8601 in UTC, whatever the host's time zone."""
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def interviews_by_opportunity(api: Pipelane) -> dict[str, list[dict]]:
    """Every interview of the account (one walk of /v1/interviews), per opportunity."""
    out: dict[str, list[dict]] = {}
    for i in api.list("/v1/interviews"):
        out.setdefault(i["opportunityId"], []).append(i)
    return out


def build_rows(opportunities: list[dict], interviews: dict[str, list[dict]], regions: dict[str, str]) -> list[dict]:
    rows = []
    for o in opportunities:  # one row per candidacy: a caregiver in two regions has two
        dates = [i["date"] for i in interviews.get(o["id"], [])]
        rows.append({"opportunity_id": o["id"], "contact_id": o["contactId"],
                     "region": regions.get(o.get("postingId"), ""),
                     "interview_at_utc": utc_text(max(dates)) if dates else "",
                     "stage": o["stage"]})
    return rows


def last_activity_ms(o: dict, interviews: list[dict]) -> int:
    """The latest thing anyone did on the candidacy. lastInteractionAt covers stage moves, notes
    and archiving, but not interview bookings (on the wire it stays put when one is booked), so
    the bookings' createdAt is taken as well; an interview moved to another time keeps its
    createdAt (only its date and updatedAt move), so the interviews' updatedAt too."""
    stamps = [o.get("lastInteractionAt"), o.get("lastAdvancedAt"), o.get("createdAt")]
    stamps += [i.get("createdAt") for i in interviews]
    stamps += [i.get("updatedAt") for i in interviews]
    return max(s for s in stamps if s is not None)


def is_stale(o: dict, interviews: list[dict], now: dt.datetime) -> bool:
    last = dt.datetime.fromtimestamp(last_activity_ms(o, interviews) / 1000, tz=dt.timezone.utc)
    return now - last > STALE_AFTER


def compliance_user(api: Pipelane, configured: str | None) -> str:
    if configured:
        return configured
    for u in api.list("/v1/users"):
        if u["name"] == COMPLIANCE_USER_NAME and not u.get("deactivatedAt"):
            return u["id"]
    raise SystemExit("sync: no compliance user: set PIPELANE_COMPLIANCE_USER")


def archive_stale(api: Pipelane, opportunities: list[dict], interviews: dict[str, list[dict]], user: str) -> int:
    now = api.now()
    archived = 0
    for o in opportunities:
        if o.get("archived") or not is_stale(o, interviews.get(o["id"], []), now):
            continue
        try:
            api.post(f"/v1/opportunities/{o['id']}/archive", {"reason": "stale"}, params={"perform_as": user})
            archived += 1
        except PipelaneError as exc:
            if exc.code != "already_archived":
                raise
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
    try:
        user = compliance_user(api, settings.compliance_user)
        regions = {p["id"]: (p.get("categories") or {}).get("location") or "" for p in api.list("/v1/postings")}
        opportunities = list(api.list("/v1/opportunities"))
        interviews = interviews_by_opportunity(api)
        rows = build_rows(opportunities, interviews, regions)
        archived = archive_stale(api, opportunities, interviews, user)
    except PipelaneError as exc:
        print(f"sync: {exc}")
        return 1
    settings.output_dir.mkdir(parents=True, exist_ok=True)
    write_csv(settings.output_dir / "interviews.csv", rows)
    print(f"sync: {len(rows)} rows written, {archived} stale candidacies archived")
    return 0
