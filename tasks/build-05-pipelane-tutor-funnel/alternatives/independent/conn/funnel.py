# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Tutor funnel: contacts and opportunities read as two lists (open and archived opportunities
walked separately) and joined here."""
from __future__ import annotations

import csv
import datetime as dt
import os
from pathlib import Path
from zoneinfo import ZoneInfo

from conn import config
from conn.pipelane_client import PipelaneClient

COLUMNS = ["contact_id", "email", "opportunity_id", "stage", "entered_stage_on", "days_in_stage", "as_of"]
BOARD_TZ = ZoneInfo("Europe/London")


def write_funnel(rows: list[dict], output_dir: Path) -> Path:
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


def board_day(epoch_ms: int) -> dt.date:
    instant = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc) + dt.timedelta(milliseconds=epoch_ms)
    return instant.astimezone(BOARD_TZ).date()


def moved_in(o: dict) -> int:
    """The instant the opportunity entered its current stage: the last stage change of its
    history (the same instant as lastAdvancedAt, which imported records leave empty)."""
    last = None
    for ch in o.get("stageChanges") or []:
        if ch.get("toStage") == o["stage"] and (last is None or ch["updatedAt"] >= last):
            last = ch["updatedAt"]
    return last if last is not None else o["lastAdvancedAt"]


def latest(opps: list[dict]) -> dict:
    best = opps[0]
    for o in opps[1:]:
        if (moved_in(o) > moved_in(best)
                or (moved_in(o) == moved_in(best) and o["createdAt"] > best["createdAt"])):
            best = o
    return best


def build_rows(contacts: list[dict], open_opps: list[dict], archived_opps: list[dict], as_of: dt.date) -> list[dict]:
    open_by: dict[str, list[dict]] = {}
    arch_by: dict[str, list[dict]] = {}
    for o in open_opps:
        open_by.setdefault(o["contactId"], []).append(o)
    for o in archived_opps:
        arch_by.setdefault(o["contactId"], []).append(o)
    rows = []
    for c in contacts:
        cid = c["id"]
        if cid in open_by:
            o = latest(open_by[cid])
            stage, since = o["stage"], board_day(moved_in(o))
        elif cid in arch_by:
            o = latest(arch_by[cid])
            stage, since = "archived", board_day(o["archived"]["archivedAt"])
        else:
            continue
        rows.append({"contact_id": cid, "email": (c.get("emails") or [""])[0], "opportunity_id": o["id"],
                     "stage": stage, "entered_stage_on": since.isoformat(),
                     "days_in_stage": (as_of - since).days, "as_of": as_of.isoformat()})
    return rows


def run(as_of: dt.date) -> int:
    s = config.load()
    pl = PipelaneClient(s.base_url, s.api_key)
    contacts = pl.walk("/v1/contacts")
    open_opps = pl.walk("/v1/opportunities", archived="false")
    archived_opps = pl.walk("/v1/opportunities", archived="true")
    rows = build_rows(contacts, open_opps, archived_opps, as_of)
    write_funnel(rows, s.output_dir)
    print(f"funnel: {len(contacts)} contacts, {len(open_opps)}+{len(archived_opps)} opportunities, {len(rows)} rows")
    return 0
