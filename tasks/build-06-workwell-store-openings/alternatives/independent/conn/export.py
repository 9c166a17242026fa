# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Store feed: the in-scope store jobs (published, or closed within 30 days of Workwell's own
date), then each job's applicants by its shortcode, the disqualified left out. A person who
applied to the same store more than once (Workwell keeps each application, same e-mail) is one
line: their most recent application."""
from __future__ import annotations

import csv
import io
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

from .api import ApiFailure, Paced
from .config import FEED_COLUMNS, Settings


def parse_ts(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def field(job: dict, key: str):
    return next((f["value"] for f in job.get("custom_fields", []) if f.get("key") == key), None)


def export(settings: Settings) -> int:
    api = Paced(settings.base_url, settings.api_key, settings.tenant)
    try:
        published = api.every("jobs", state="published")
        closed = api.every("jobs", state="closed")
        today = api.vendor_date.astimezone(timezone.utc)
        cutoff = today - timedelta(days=30)
        jobs = published + [j for j in closed if j.get("closed_at") and parse_ts(j["closed_at"]) >= cutoff]
        lines, latest = {}, {}
        for job in jobs:
            for c in api.every("candidates", shortcode=job["shortcode"]):
                if c["disqualified"]:
                    continue
                who = (c.get("email") or "").lower() or c["id"]
                held = latest.get((job["shortcode"], who))
                if held is not None and parse_ts(held["created_at"]) >= parse_ts(c["created_at"]):
                    continue
                latest[(job["shortcode"], who)] = c
                lines[(job["shortcode"], who)] = [
                    field(job, "store_code"), job["shortcode"], c["id"], f"{c['firstname']} {c['lastname']}",
                    c.get("email") or "", c["stage"], c["created_at"]]
    except ApiFailure as err:
        print(f"export aborted: {err}", file=sys.stderr)
        return 1
    buf = io.StringIO()
    out = csv.writer(buf)
    out.writerow(FEED_COLUMNS)
    out.writerows(lines.values())
    target = Path(settings.feed_path)
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.parent / ".store_feed.partial"
    partial.write_text(buf.getvalue(), encoding="utf-8")
    partial.replace(target)
    print(f"{len(lines)} rows for {len(jobs)} jobs")
    return 0
