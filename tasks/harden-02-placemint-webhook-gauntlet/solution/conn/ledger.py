# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The crew ledger (SQLite in IB_OUTPUT_DIR/ledger.db), read by the contracts office.

- `placements`: one row per crew placement, at the highest version Placemint has sent;
- `fee_bookings`: one line per fee event, booked once per event id;
- `processed_events`: every event id acted on (in the same transaction as its effect)."""
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
    event_id TEXT UNIQUE,
    event_type TEXT,
    fee_id TEXT,
    placement_id TEXT,
    week TEXT,
    amount_cents INTEGER,
    status TEXT,
    booked_at TEXT
);
CREATE TABLE IF NOT EXISTS processed_events (
    event_id TEXT PRIMARY KEY,
    event_type TEXT,
    processed_at TEXT
);
"""


def now_iso() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    db.executescript(SCHEMA)
    return db


def seen(db: sqlite3.Connection, event_id: str) -> bool:
    return db.execute("SELECT 1 FROM processed_events WHERE event_id = ?", (event_id,)).fetchone() is not None


def mark_processed(db: sqlite3.Connection, event_id: str, event_type: str) -> None:
    db.execute("INSERT INTO processed_events (event_id, event_type, processed_at) VALUES (?, ?, ?)",
               (event_id, event_type, now_iso()))


def stored_version(db: sqlite3.Connection, placement_id: str) -> int | None:
    row = db.execute("SELECT version FROM placements WHERE id = ?", (placement_id,)).fetchone()
    return None if row is None else row[0]


def upsert_placement(db: sqlite3.Connection, p: dict) -> bool:
    """Keep the highest version: an older state arriving late changes nothing."""
    current = stored_version(db, p["id"])
    if current is not None and int(p.get("version") or 0) <= current:
        return False
    db.execute(
        "INSERT INTO placements (id, external_ref, client_code, job_title, candidate_name, status, rate_cents,"
        " version, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT(id) DO UPDATE SET external_ref=excluded.external_ref, client_code=excluded.client_code,"
        " job_title=excluded.job_title, candidate_name=excluded.candidate_name, status=excluded.status,"
        " rate_cents=excluded.rate_cents, version=excluded.version, updated_at=excluded.updated_at",
        (p["id"], p.get("external_ref"), p.get("client_code"), p.get("job_title"), p.get("candidate_name"),
         p.get("status"), p.get("rate_cents"), p.get("version"), p.get("updated_at")),
    )
    return True


def book_fee(db: sqlite3.Connection, event_id: str, event_type: str, fee: dict) -> None:
    db.execute(
        "INSERT INTO fee_bookings (event_id, event_type, fee_id, placement_id, week, amount_cents, status, booked_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (event_id, event_type, fee["id"], fee.get("placement_id"), fee.get("week"), fee.get("amount_cents"),
         fee.get("status"), now_iso()),
    )
