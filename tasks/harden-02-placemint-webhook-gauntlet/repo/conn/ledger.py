# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The crew ledger (SQLite in IB_OUTPUT_DIR/ledger.db), read by the contracts office.

- `placements`: one row per crew placement, as Placemint last described it;
- `fee_bookings`: one line per fee event booked."""
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS placements (
    id TEXT PRIMARY KEY,
    external_ref TEXT,
    client_code TEXT,
    job_title TEXT,
    candidate_name TEXT,
    status TEXT,
    rate_cents INTEGER,
    version INTEGER,
    updated_at TEXT
);
CREATE TABLE IF NOT EXISTS fee_bookings (
    line INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id TEXT,
    event_type TEXT,
    fee_id TEXT,
    placement_id TEXT,
    week TEXT,
    amount_cents INTEGER,
    status TEXT,
    booked_at TEXT
);
"""


def connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    db.executescript(SCHEMA)
    return db


def upsert_placement(db: sqlite3.Connection, p: dict) -> None:
    db.execute(
        "INSERT INTO placements (id, external_ref, client_code, job_title, candidate_name, status, rate_cents,"
        " version, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT(id) DO UPDATE SET external_ref=excluded.external_ref, client_code=excluded.client_code,"
        " job_title=excluded.job_title, candidate_name=excluded.candidate_name, status=excluded.status,"
        " rate_cents=excluded.rate_cents, version=excluded.version, updated_at=excluded.updated_at",
        (p["id"], p.get("external_ref"), p.get("client_code"), p.get("job_title"), p.get("candidate_name"),
         p.get("status"), p.get("rate_cents"), p.get("version"), p.get("updated_at")),
    )


def book_fee(db: sqlite3.Connection, event_id: str, event_type: str, fee: dict) -> None:
    db.execute(
        "INSERT INTO fee_bookings (event_id, event_type, fee_id, placement_id, week, amount_cents, status, booked_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (event_id, event_type, fee["id"], fee.get("placement_id"), fee.get("week"), fee.get("amount_cents"),
         fee.get("status"), datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")),
    )
