# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The daily funnel: one row per tutor candidate, written to funnel.csv in IB_OUTPUT_DIR.

Each contact's row is its most recently advanced opportunity (lastAdvancedAt, or for an
imported one the last entry of its stage history; tie: newest createdAt), among its open opportunities if it has any; a contact whose every opportunity is
archived shows `archived`, entered on the day that opportunity was archived. Days are London
calendar days."""
from __future__ import annotations

import csv
import datetime as dt
import os
from collections import defaultdict
from pathlib import Path
from zoneinfo import ZoneInfo

from conn import config
from conn.pipelane import Pipelane

COLUMNS = ["contact_id", "email", "opportunity_id", "stage", "entered_stage_on", "days_in_stage", "as_of"]
LONDON = ZoneInfo("Europe/London")


def write_funnel(rows: list[dict], output_dir: Path) -> Path:
    """Replace funnel.csv atomically with `rows` (dicts keyed by COLUMNS)."""
    output_dir.mkdir(parents=True, exist_ok=True)
    path = output_dir / "funnel.csv"
    tmp = path.with_suffix(".csv.tmp")
    with open(tmp, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=COLUMNS)
        w.writeheader()
        for r in rows:
            w.writerow({k: ("" if r.get(k) is None else r[k]) for k in COLUMNS})
    os.replace(tmp, path)
    return path


def london_date(ms: int) -> dt.date:
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.timezone.utc).astimezone(LONDON).date()


def advanced_at(o: dict) -> int:
    """When the opportunity moved into its current stage. Opportunities that came over in the
    old tracker's import are served with lastAdvancedAt null; their stage history still has
    the date (stageChanges, oldest first, ends with the move into the current stage)."""
    if o.get("lastAdvancedAt") is not None:
        return o["lastAdvancedAt"]
    return max(ch["updatedAt"] for ch in o["stageChanges"])


def pick(opps: list[dict]) -> tuple[dict, bool]:
    """The opportunity a contact's row shows, and whether every one of them is archived."""
    open_ = [o for o in opps if o.get("archived") is None]
    pool = open_ or opps
    return max(pool, key=lambda o: (advanced_at(o), o["createdAt"])), not open_


def funnel_rows(opps: list[dict], as_of: dt.date) -> list[dict]:
    by_contact: dict[str, list[dict]] = defaultdict(list)
    emails: dict[str, str] = {}
    for o in opps:
        by_contact[o["contactId"]].append(o)
        ct = o.get("contact") or {}
        if ct.get("emails"):
            emails[o["contactId"]] = ct["emails"][0]
    rows = []
    for cid in sorted(by_contact):
        o, all_archived = pick(by_contact[cid])
        entered = london_date(o["archived"]["archivedAt"] if all_archived else advanced_at(o))
        rows.append({"contact_id": cid, "email": emails.get(cid, ""), "opportunity_id": o["id"],
                     "stage": "archived" if all_archived else o["stage"],
                     "entered_stage_on": entered.isoformat(), "days_in_stage": (as_of - entered).days,
                     "as_of": as_of.isoformat()})
    return rows


def run(as_of: dt.date) -> int:
    settings = config.load()
    client = Pipelane(settings)
    opps = list(client.list("/v1/opportunities", {"expand": "contact"}))
    rows = funnel_rows(opps, as_of)
    path = write_funnel(rows, settings.output_dir)
    print(f"funnel: {len(opps)} opportunities, {len(rows)} tutors -> {path}")
    return 0
