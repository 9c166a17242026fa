# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Marlow's nightly fan-out over Conflux, written from the ticket and Conflux's docs.

Design: the three clients are fetched concurrently (one thread each, httpx). What we know of each
client lives in IB_STATE_DIR as its own JSON file (its candidates by remote_id, its watermark,
its last success), replaced only when that client loaded completely; sourcing.sqlite is then
rebuilt from those files on every run, so a failing client's rows come back exactly as they were.
A 401 or any other refusal ends that client's run at once (no retry: every failure counts towards
Conflux's error-burst block, which would hit all clients); a 403 caller_blocked is waited out."""
from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone
from email.utils import parsedate_to_datetime

import httpx

from .config import Settings, load_clients

API = "/api/ats/v1"


class Refused(Exception):
    pass


def fetch_changes(http: httpx.Client, token: str, watermark: str | None) -> tuple[list[dict], str]:
    params: dict = {"page_size": 75}
    if watermark:  # Conflux wants a zone: keep the instant, spell it with +00:00
        params["modified_after"] = datetime.fromisoformat(watermark.replace("Z", "+00:00")).isoformat()
    out, cursor, first_date = [], None, None
    while True:
        q = dict(params, cursor=cursor) if cursor else params
        for attempt in range(4):
            r = http.get(API + "/candidates", params=q, headers={"X-Account-Token": token})
            if r.status_code == 403 and "caller_blocked" in r.text:
                time.sleep(float(r.headers.get("Retry-After", "60")) + 1)
                continue
            if r.status_code >= 500:
                time.sleep(1 + attempt)
                continue
            break
        if r.status_code != 200:
            raise Refused(f"{r.status_code} {r.text[:160]}")
        if first_date is None:  # Conflux's clock when it read the first page
            first_date = parsedate_to_datetime(r.headers["Date"])
        body = r.json()
        out.extend(body["results"])
        cursor = body.get("next")
        if not cursor:
            # next time: everything changed since this read began (a second of overlap)
            return out, (first_date - timedelta(seconds=1)).astimezone(timezone.utc).isoformat()


def as_row(c: dict) -> dict:
    return {"remote_id": str(c["remote_id"]), "conflux_id": c["id"],
            "name": f"{c.get('first_name') or ''} {c.get('last_name') or ''}".strip(),
            "emails": ";".join((e.get("value") or "").strip().lower() for e in c.get("email_addresses") or []
                               if (e.get("value") or "").strip()),
            "modified_at": c.get("modified_at"), "deleted": 1 if c.get("remote_was_deleted") else 0}


def run_client(settings: Settings, http: httpx.Client, client, lock: threading.Lock) -> tuple[str, str]:
    path = settings.state_dir / f"client-{client.client}.json"
    known = json.loads(path.read_text()) if path.exists() else {"rows": {}, "watermark": None, "last_success": None}
    token = settings.env.get(client.token_env, "")
    try:
        if not token:
            raise Refused(f"{client.token_env} not set")
        changes, next_mark = fetch_changes(http, token, known["watermark"])
    except (Refused, httpx.HTTPError) as exc:
        known["status"] = "failing"
        with lock:
            print(f"sync: {client.client}: failing: {exc}")
    else:
        for c in changes:
            row = as_row(c)
            known["rows"][row["remote_id"]] = row
        known["watermark"] = next_mark
        known["status"] = "ok"
        known["last_success"] = datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")
        with lock:
            print(f"sync: {client.client}: {len(changes)} change(s)")
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(known))
    os.replace(tmp, path)
    return client.client, known["status"]


def _t(s: str) -> datetime:
    return datetime.fromisoformat(s.replace("Z", "+00:00"))


def rebuild(settings: Settings, clients) -> None:
    tmp = settings.output_dir / "sourcing.sqlite.new"
    if tmp.exists():
        tmp.unlink()
    db = sqlite3.connect(tmp)
    db.execute("CREATE TABLE candidates (client TEXT, remote_id TEXT, conflux_id TEXT, name TEXT, emails TEXT, "
               "modified_at TEXT, deleted INTEGER, PRIMARY KEY (client, remote_id))")
    db.execute("CREATE TABLE account_status (client TEXT PRIMARY KEY, status TEXT, last_success_at TEXT)")
    for cl in clients:
        path = settings.state_dir / f"client-{cl.client}.json"
        known = json.loads(path.read_text()) if path.exists() else {"rows": {}}
        db.executemany("INSERT INTO candidates VALUES (?,?,?,?,?,?,?)",
                       [(cl.client, r["remote_id"], r["conflux_id"], r["name"], r["emails"], r["modified_at"],
                         r["deleted"]) for r in known["rows"].values()])
        db.execute("INSERT INTO account_status VALUES (?,?,?)",
                   (cl.client, known.get("status", "failing"), known.get("last_success")))
    db.commit()
    db.close()
    os.replace(tmp, settings.store_path)


def sync(settings: Settings, accounts_file: str) -> int:
    settings.state_dir.mkdir(parents=True, exist_ok=True)
    settings.output_dir.mkdir(parents=True, exist_ok=True)
    clients = load_clients(accounts_file)
    lock = threading.Lock()
    with httpx.Client(base_url=settings.base_url, timeout=30,
                      headers={"Authorization": f"Bearer {settings.api_key}"}) as http:
        with ThreadPoolExecutor(max_workers=len(clients) or 1) as pool:
            results = list(pool.map(lambda cl: run_client(settings, http, cl, lock), clients))
    rebuild(settings, clients)
    print("sync:", ", ".join(f"{c}={s}" for c, s in results))
    return 0
