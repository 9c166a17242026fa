# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Nightly sync of Quillon's Greenhouse candidates (through Conflux) into the dashboard file.

Written from the ticket and Conflux's docs:
- the local copy is a SQLite file in IB_STATE_DIR, one row per Greenhouse id (`remote_id`);
  Conflux's own id is just a column, replaced whenever Conflux sends a newer one (re-links);
- the first run reads only live candidates (`include_remote_deleted=false`); later runs read
  everything changed since the watermark, deleted ones included, and drop those from the copy,
  unless the same read also brought a live record of that Greenhouse id (the account keeps some
  people's pre-re-link record, remote-deleted, beside their live one: that person is still there);
- the watermark is Conflux's clock (the `Date` of the run's first answer) less a five-minute
  overlap, written with an explicit `+00:00`; re-reading a few records is harmless;
- one attempt per request: a failure ends the night with exit 1 and touches nothing (the
  dashboard keeps the previous data); a `caller_blocked` answer is waited out once.
"""
from __future__ import annotations

import csv
import os
import sqlite3
import sys
import time
from datetime import timedelta, timezone
from email.utils import parsedate_to_datetime

import httpx

COLUMNS = ["remote_id", "conflux_id", "first_name", "last_name", "email", "title", "modified_at"]
OVERLAP = timedelta(minutes=5)


class Failed(Exception):
    pass


def _client() -> httpx.Client:
    return httpx.Client(
        base_url=os.environ["CONFLUX_BASE_URL"].rstrip("/") + "/api/ats/v1",
        headers={"Authorization": "Bearer " + os.environ["CONFLUX_API_KEY"],
                 "X-Account-Token": os.environ["CONFLUX_ACCOUNT_TOKEN"]},
        timeout=30.0)


def _get(client: httpx.Client, params: dict, waited: list[bool]) -> httpx.Response:
    try:
        resp = client.get("/candidates", params=params)
    except httpx.HTTPError as exc:
        raise Failed(f"no answer from Conflux: {exc!r}") from exc
    if resp.status_code == 403 and "caller_blocked" in resp.text and not waited[0]:
        waited[0] = True
        time.sleep(float(resp.headers.get("Retry-After") or 60) + 1)
        return _get(client, params, waited)
    if resp.status_code != 200:
        raise Failed(f"Conflux answered {resp.status_code}: {resp.text[:300]}")
    return resp


def _open_db() -> sqlite3.Connection:
    folder = os.environ["IB_STATE_DIR"]
    os.makedirs(folder, exist_ok=True)
    db = sqlite3.connect(os.path.join(folder, "quillon_copy.sqlite"))
    db.execute("CREATE TABLE IF NOT EXISTS cand (remote_id TEXT PRIMARY KEY, conflux_id TEXT, first_name TEXT,"
               " last_name TEXT, email TEXT, title TEXT, modified_at TEXT)")
    db.execute("CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT)")
    return db


def run_sync() -> int:
    db = _open_db()
    row = db.execute("SELECT v FROM meta WHERE k = 'watermark'").fetchone()
    first_run = row is None
    base = {"page_size": 100}
    base.update({"include_remote_deleted": "false"} if first_run else {"modified_after": row[0]})
    upserts, removals, clock = [], [], None
    waited = [False]
    try:
        with _client() as client:
            params = dict(base)
            while True:
                resp = _get(client, params, waited)
                if clock is None:
                    clock = parsedate_to_datetime(resp.headers["Date"]).astimezone(timezone.utc)
                body = resp.json()
                for c in body["results"]:
                    if c.get("remote_was_deleted"):
                        removals.append((str(c["remote_id"]),))
                        continue
                    emails = c.get("email_addresses") or []
                    upserts.append((str(c["remote_id"]), c["id"], c.get("first_name") or "", c.get("last_name") or "",
                                    emails[0].get("value", "") if emails else "", c.get("title") or "",
                                    c.get("modified_at") or ""))
                if not body.get("next"):
                    break
                params = {**base, "cursor": body["next"]}
    except (Failed, KeyError, ValueError, TypeError) as exc:
        print(f"sync failed, dashboard left as it was: {exc}", file=sys.stderr)
        return 1
    with db:
        db.executemany("INSERT OR REPLACE INTO cand VALUES (?, ?, ?, ?, ?, ?, ?)", upserts)
        live = {u[0] for u in upserts}
        db.executemany("DELETE FROM cand WHERE remote_id = ?", [r for r in removals if r[0] not in live])
        db.execute("INSERT OR REPLACE INTO meta VALUES ('watermark', ?)", ((clock - OVERLAP).isoformat(),))
    _write_csv(db)
    print(f"sync ok: {len(upserts)} updated, {len(removals)} removed")
    return 0


def _write_csv(db: sqlite3.Connection) -> None:
    out = os.environ["IB_OUTPUT_DIR"]
    os.makedirs(out, exist_ok=True)
    part = os.path.join(out, ".candidates.csv.part")
    with open(part, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(COLUMNS)
        w.writerows(db.execute(f"SELECT {', '.join(COLUMNS)} FROM cand ORDER BY CAST(remote_id AS INTEGER)"))
    os.replace(part, os.path.join(out, "candidates.csv"))
