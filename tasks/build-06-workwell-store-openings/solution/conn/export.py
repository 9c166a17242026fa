# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The morning export: every store job that is published or was closed in the last 30 days
(by Workwell's date), and each of its candidates who is not disqualified, one row per (job,
person), written to store_feed.csv (replaced as a whole).

A person is their e-mail: people re-apply at the store kiosks and Workwell keeps every
application as its own candidate of the job (same name, e-mail and phone, a new id). Of a
person's non-disqualified applications to a job the feed keeps the first (earliest
`created_at`); candidates without an e-mail are each their own person. Names are not people:
many applicants to one store share a name."""
from __future__ import annotations

import csv
import os
import sys
from datetime import datetime, timedelta, timezone

from .config import FEED_COLUMNS, Settings
from .workwell import Workwell, WorkwellError

CLOSED_WINDOW = timedelta(days=30)


def _instant(raw: str | None) -> datetime | None:
    if not raw:
        return None
    return datetime.fromisoformat(raw.replace("Z", "+00:00")).astimezone(timezone.utc)


def _utc(raw: str | None) -> str:
    dt = _instant(raw)
    return dt.strftime("%Y-%m-%dT%H:%M:%SZ") if dt else ""


def store_code(job: dict) -> str | None:
    for field in job.get("custom_fields") or []:
        if field.get("key") == "store_code":
            return field.get("value")
    return None


def in_scope(job: dict, today: datetime) -> bool:
    if job.get("state") == "published":
        return True
    if job.get("state") == "closed":
        closed = _instant(job.get("closed_at"))
        return closed is not None and closed >= today - CLOSED_WINDOW
    return False


def person(cand: dict) -> str:
    email = (cand.get("email") or "").strip().lower()
    return email or f"candidate:{cand['id']}"


def feed_row(job: dict, cand: dict) -> dict:
    return {"store_code": store_code(job), "job_shortcode": job["shortcode"], "candidate_id": cand["id"],
            "name": cand.get("name") or f"{cand.get('firstname', '')} {cand.get('lastname', '')}".strip(),
            "email": cand.get("email") or "", "stage": cand.get("stage"), "applied_at": _utc(cand.get("created_at"))}


def write_feed(path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=FEED_COLUMNS)
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp, path)


def export(settings: Settings) -> int:
    ww = Workwell(settings.base_url, settings.api_key, settings.tenant)
    try:
        jobs = list(ww.walk("jobs", "jobs"))
        today = ww.server_now or datetime.now(timezone.utc)
        scope = {j["shortcode"]: j for j in jobs if in_scope(j, today)}
        first: dict[tuple[str, str], dict] = {}   # (job shortcode, person) -> first application
        for cand in ww.walk("candidates", "candidates"):
            job = scope.get((cand.get("job") or {}).get("shortcode"))
            if job is None or cand.get("disqualified"):
                continue
            key = (job["shortcode"], person(cand))
            kept = first.get(key)
            if kept is None or (_utc(cand.get("created_at")), int(cand["id"], 16)) < (
                    _utc(kept.get("created_at")), int(kept["id"], 16)):
                first[key] = cand
        rows = [feed_row(scope[shortcode], cand) for (shortcode, _), cand in first.items()]
    except WorkwellError as exc:
        print(f"export failed: {exc}", file=sys.stderr)
        return 1
    rows.sort(key=lambda r: (r["store_code"] or "", r["job_shortcode"], int(r["candidate_id"], 16)))
    write_feed(settings.feed_path, rows)
    print(f"export: {len(rows)} applicants on {len(scope)} store jobs")
    return 0
