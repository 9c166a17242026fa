# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The timesheet store (SQLite, IB_OUTPUT_DIR/placements.db): one row per Placemint placement.

`first_seen_at` is when we first saw the placement and never changes afterwards (payroll keys
its onboarding checks on it); `last_synced_at` is when we last wrote the row.

Placements reach the store from several writers (the receiver, the cutover's catch-up) and out of
order, so a write only lands if it carries a newer `version` than the stored row."""
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


def upsert(db: sqlite3.Connection, p: dict) -> bool:
    """Write a placement as Placemint returned it, unless the store already has this or a newer
    version. A new row gets first_seen_at = now; an existing row keeps its first_seen_at.
    Returns whether the row was written."""
    now = local_now()
    values = [p.get(f) for f in FIELDS]
    cur = db.execute(
        f"INSERT INTO placements (id, {', '.join(FIELDS)}, first_seen_at, last_synced_at)"
        f" VALUES (?, {', '.join('?' for _ in FIELDS)}, ?, ?)"
        f" ON CONFLICT(id) DO UPDATE SET {', '.join(f'{f}=excluded.{f}' for f in FIELDS)},"
        " last_synced_at=excluded.last_synced_at"
        " WHERE placements.version IS NULL OR excluded.version > placements.version",
        [p["id"], *values, now, now],
    )
    return cur.rowcount > 0


def upsert_many(db: sqlite3.Connection, placements: list[dict]) -> int:
    """Write several placements in one transaction (committed before returning)."""
    written = 0
    db.execute("BEGIN IMMEDIATE")
    try:
        for p in placements:
            written += upsert(db, p)
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return written
