# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The nightly sync of every client's candidates into the sourcing table.

Each client is synced on its own: its candidates are walked from Conflux (after the first run,
only those modified after the client's watermark: Conflux's clock, from the Date header, when it
answered the previous walk's first page, less a second — records change while a walk pages by id,
so the greatest `modified_at` seen would skip a change made to an earlier page), upserted by
(client, remote_id), and committed together with the client's status; the watermark is kept in
IB_STATE_DIR. A client whose account fails keeps its rows and its last success, is reported failing,
and the run carries on with the next client."""
from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timedelta, timezone
from email.utils import parsedate_to_datetime

from .config import Settings, load_clients
from .conflux import AccountFailed, Conflux

SCHEMA = """
CREATE TABLE IF NOT EXISTS candidates (
    client TEXT NOT NULL, remote_id TEXT NOT NULL, conflux_id TEXT, name TEXT, emails TEXT,
    modified_at TEXT, deleted INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (client, remote_id));
CREATE TABLE IF NOT EXISTS account_status (
    client TEXT PRIMARY KEY, status TEXT, last_success_at TEXT);
"""
UPSERT = ("INSERT INTO candidates VALUES (?,?,?,?,?,?,?) ON CONFLICT(client, remote_id) DO UPDATE SET "
          "conflux_id=excluded.conflux_id, name=excluded.name, emails=excluded.emails, "
          "modified_at=excluded.modified_at, deleted=excluded.deleted")


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _instant(ts: str) -> datetime:
    return datetime.fromisoformat(ts.replace("Z", "+00:00"))


def row(client: str, c: dict) -> tuple:
    emails = [str(e.get("value") or "").strip().lower() for e in c.get("email_addresses") or []]
    name = " ".join(p for p in (c.get("first_name"), c.get("last_name")) if p)
    return (client, str(c["remote_id"]), c.get("id"), name, ";".join(e for e in emails if e),
            c.get("modified_at"), 1 if c.get("remote_was_deleted") else 0)


def sync_client(db: sqlite3.Connection, api: Conflux, client: str, token: str, marks: dict) -> int:
    mark = marks.get(client)
    params = {"modified_after": _instant(mark).isoformat().replace("+00:00", "Z")} if mark else {}
    n = 0
    for cand in api.walk("/candidates", params, token):
        db.execute(UPSERT, row(client, cand))
        n += 1
    started = parsedate_to_datetime(api.started).astimezone(timezone.utc) - timedelta(seconds=1)
    marks[client] = started.strftime("%Y-%m-%dT%H:%M:%SZ")
    return n


def sync(settings: Settings, accounts_file: str) -> int:
    settings.output_dir.mkdir(parents=True, exist_ok=True)
    clients = load_clients(accounts_file)
    api = Conflux(settings.base_url, settings.api_key)
    db = sqlite3.connect(settings.store_path)
    db.executescript(SCHEMA)
    marks_file = settings.state_dir / "watermarks.json"
    marks = json.loads(marks_file.read_text()) if marks_file.exists() else {}
    failing = []
    for cl in clients:
        token = settings.env.get(cl.token_env)
        try:
            if not token:
                raise AccountFailed(None, "no_token", f"{cl.token_env} is not set")
            n = sync_client(db, api, cl.client, token, marks)
        except AccountFailed as exc:
            db.rollback()
            failing.append(cl.client)
            db.execute("INSERT INTO account_status VALUES (?, 'failing', NULL) ON CONFLICT(client) DO UPDATE SET "
                       "status='failing'", (cl.client,))
            db.commit()
            print(f"sync: {cl.client}: failing ({exc})")
            continue
        db.execute("INSERT INTO account_status VALUES (?, 'ok', ?) ON CONFLICT(client) DO UPDATE SET "
                   "status='ok', last_success_at=excluded.last_success_at", (cl.client, _now()))
        db.commit()
        settings.state_dir.mkdir(parents=True, exist_ok=True)
        marks_file.write_text(json.dumps(marks))
        print(f"sync: {cl.client}: {n} candidate(s) upserted")
    db.close()
    print(f"sync: done, {len(clients) - len(failing)} of {len(clients)} clients loaded"
          + (f"; failing: {', '.join(failing)}" if failing else ""))
    return 0
