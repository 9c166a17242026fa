# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Hourly sync of TalentForge requisitions and applications into the planning store.

Incremental after the first run: the watermark of each list is the largest `updated_at`
TalentForge has sent us (never our own clock), sent back as the inclusive `updated_since`; the
records of that second come again and are upserted by id, so a bulk edit that was still
committing rows in that second is not lost."""
from __future__ import annotations

import json
import os
import sqlite3
from datetime import datetime, timezone

from .config import Settings
from .tf import TalentForge

STATUS = {"OPEN": "open", "PAUSED": "on_hold", "FILLED": "filled", "CLOSED": "cancelled"}

SCHEMA = """
CREATE TABLE IF NOT EXISTS requisitions (
    tf_id TEXT PRIMARY KEY, code TEXT, title TEXT, site TEXT, status TEXT, headcount INTEGER,
    hm_email TEXT, updated_at TEXT);
CREATE TABLE IF NOT EXISTS applications (
    tf_id TEXT PRIMARY KEY, requisition_tf_id TEXT, candidate_email TEXT, stage TEXT, updated_at TEXT);
"""


def _utc(ts: str | None) -> str | None:
    if not ts:
        return None
    return datetime.fromisoformat(ts.replace("Z", "+00:00")).astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _lower(v: str | None) -> str | None:
    return v.strip().lower() if isinstance(v, str) and v.strip() else None


def requisition_row(r: dict) -> tuple:
    hm = r.get("hm") or {}
    return (r["id"], r.get("req_code"), r.get("title"), r.get("site"), STATUS.get(r.get("status"), None),
            r.get("headcount"), _lower(hm.get("email")), _utc(r.get("updated_at")))


def application_row(a: dict) -> tuple:
    return (a["id"], a.get("requisition_id"), _lower(a.get("candidate_email")), a.get("stage"),
            _utc(a.get("updated_at")))


LISTS = [
    ("requisitions", "/api/v2/requisitions", requisition_row,
     "INSERT INTO requisitions VALUES (?,?,?,?,?,?,?,?) ON CONFLICT(tf_id) DO UPDATE SET code=excluded.code, "
     "title=excluded.title, site=excluded.site, status=excluded.status, headcount=excluded.headcount, "
     "hm_email=excluded.hm_email, updated_at=excluded.updated_at"),
    ("applications", "/api/v2/applications", application_row,
     "INSERT INTO applications VALUES (?,?,?,?,?) ON CONFLICT(tf_id) DO UPDATE SET "
     "requisition_tf_id=excluded.requisition_tf_id, candidate_email=excluded.candidate_email, "
     "stage=excluded.stage, updated_at=excluded.updated_at"),
]


def sync(settings: Settings) -> int:
    settings.state_dir.mkdir(parents=True, exist_ok=True)
    settings.output_dir.mkdir(parents=True, exist_ok=True)
    state_file = settings.state_dir / "watermarks.json"
    marks = json.loads(state_file.read_text()) if state_file.exists() else {}

    tf = TalentForge(settings.base_url, settings.client_id, settings.client_secret)
    db = sqlite3.connect(settings.store_path)
    db.executescript(SCHEMA)
    for name, path, to_row, upsert in LISTS:
        params = {"limit": 100}
        if marks.get(name):
            params["updated_since"] = marks[name]
        newest, n = marks.get(name), 0
        batch = []
        for item in tf.walk(path, params):
            row = to_row(item)
            batch.append(row)
            if row[-1] and (newest is None or row[-1] > newest):
                newest = row[-1]
            if len(batch) >= 1000:
                db.executemany(upsert, batch)
                n += len(batch)
                batch = []
        db.executemany(upsert, batch)
        n += len(batch)
        db.commit()
        marks[name] = newest
        tmp = state_file.with_suffix(".tmp")
        tmp.write_text(json.dumps(marks))
        os.replace(tmp, state_file)
        print(f"sync: {name}: {n} upserted (watermark {newest})")
    db.close()
    print(f"sync: done ({tf.mints} token(s))")
    return 0
