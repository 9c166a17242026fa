# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The nightly sync as it is today: every linked account read through Conflux, rows keyed by
the Conflux candidate id. (To be replaced by reading HireHarbor directly.)"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from conn import store
from conn.conflux import ACCOUNTS, Conflux


def _row(c: dict) -> tuple:
    emails = c.get("email_addresses") or []
    phones = c.get("phone_numbers") or []
    return (c["first_name"], c["last_name"], emails[0]["value"] if emails else None,
            phones[0]["value"] if phones else None, c.get("company"), c.get("title"),
            1 if c.get("remote_was_deleted") else 0)


def run() -> int:
    db = store.connect()
    now = datetime.now(timezone.utc)
    for account_id in ACCOUNTS:
        last = db.execute("SELECT max(synced_at) FROM candidates WHERE account_id = ?", (account_id,)).fetchone()[0]
        since = (datetime.fromisoformat(last.replace("Z", "+00:00")) - timedelta(hours=1)) if last else None
        params = {"modified_after": since.strftime("%Y-%m-%dT%H:%M:%SZ")} if since else {}
        for c in Conflux(account_id).walk("/candidates", **params):
            db.execute(
                "INSERT INTO candidates (account_id, candidate_id, first_name, last_name, email, phone, company,"
                " title, deleted, synced_at) VALUES (?,?,?,?,?,?,?,?,?,?) ON CONFLICT (account_id, candidate_id)"
                " DO UPDATE SET first_name=excluded.first_name, last_name=excluded.last_name, email=excluded.email,"
                " phone=excluded.phone, company=excluded.company, title=excluded.title, deleted=excluded.deleted,"
                " synced_at=excluded.synced_at",
                (account_id, c["id"], *_row(c), now.strftime("%Y-%m-%dT%H:%M:%SZ")))
    db.commit()
    return 0
