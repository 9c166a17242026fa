# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The timesheet store (SQLite, IB_OUTPUT_DIR/placements.db): one row per Placemint placement.

`first_seen_at` is when we first saw the placement and never changes afterwards (payroll keys
its onboarding checks on it); `last_synced_at` is when we last wrote the row.

Two writers share the store during the switch (the cutover's catch-up and the webhook
receiver), and each can hold an older state than the other: `upsert_if_newer` writes a
placement only when its `version` is higher than the stored one, in one immediate transaction."""
import sqlite3

from conn import config
from conn.state import local_now

SCHEMA = """
CREATE TABLE IF NOT EXISTS placements (
    id TEXT PRIMARY KEY,
    external_ref TEXT,
    candidate_name TEXT,
    candidate_email TEXT,
    client_code TEXT,
    job_title TEXT,
    start_date TEXT,
    end_date TEXT,
    rate_cents INTEGER,
    currency TEXT,
    status TEXT,
    version INTEGER,
    updated_at TEXT,
    first_seen_at TEXT,
    last_synced_at TEXT
);
"""
FIELDS = ("external_ref", "candidate_name", "candidate_email", "client_code", "job_title", "start_date",
          "end_date", "rate_cents", "currency", "status", "version", "updated_at")


def connect() -> sqlite3.Connection:
    path = config.store_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    db.executescript(SCHEMA)
    return db


def upsert(db: sqlite3.Connection, p: dict) -> None:
    """Write a placement as Placemint returned it; a new row gets first_seen_at = now."""
    now = local_now()
    values = [p.get(f) for f in FIELDS]
    db.execute(
        f"INSERT INTO placements (id, {', '.join(FIELDS)}, first_seen_at, last_synced_at)"
        f" VALUES (?, {', '.join('?' for _ in FIELDS)}, ?, ?)"
        f" ON CONFLICT(id) DO UPDATE SET {', '.join(f'{f}=excluded.{f}' for f in FIELDS)},"
        " last_synced_at=excluded.last_synced_at",
        [p["id"], *values, now, now],
    )


def upsert_if_newer(db: sqlite3.Connection, p: dict) -> bool:
    """Write `p` unless the store already holds this version or a newer one."""
    db.execute("BEGIN IMMEDIATE")
    try:
        row = db.execute("SELECT version FROM placements WHERE id = ?", (p["id"],)).fetchone()
        if row is not None and row[0] is not None and int(p.get("version") or 0) <= int(row[0]):
            db.execute("COMMIT")
            return False
        upsert(db, p)
        db.execute("COMMIT")
        return True
    except BaseException:
        db.execute("ROLLBACK")
        raise
