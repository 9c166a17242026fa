# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The crew ledger (SQLite in IB_OUTPUT_DIR/ledger.db), read by the contracts office.

- `placements`: one row per crew placement, as Placemint last described it (highest version);
- `fee_bookings`: one line per fee event booked (each event id at most once);
- `webhook_events`: the event ids already processed, so a redelivery changes nothing."""
import sqlite3
import sys
import threading
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
CREATE TABLE IF NOT EXISTS webhook_events (
    event_id TEXT PRIMARY KEY,
    event_type TEXT,
    received_at TEXT
);
"""

FEE_TYPES = ("fee.created", "fee.updated", "fee.voided")


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    db.executescript(SCHEMA)
    try:
        # belt and braces: the database itself refuses a second line for one event
        db.execute("CREATE UNIQUE INDEX IF NOT EXISTS fee_bookings_event_id ON fee_bookings(event_id)")
    except sqlite3.IntegrityError:
        print("ledger: fee_bookings already holds duplicate event ids; not adding the unique index",
              file=sys.stderr)
    return db


def upsert_placement(db: sqlite3.Connection, p: dict) -> bool:
    """Write the placement unless the ledger already holds the same or a newer version."""
    cur = db.execute(
        "INSERT INTO placements (id, external_ref, client_code, job_title, candidate_name, status, rate_cents,"
        " version, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT(id) DO UPDATE SET external_ref=excluded.external_ref, client_code=excluded.client_code,"
        " job_title=excluded.job_title, candidate_name=excluded.candidate_name, status=excluded.status,"
        " rate_cents=excluded.rate_cents, version=excluded.version, updated_at=excluded.updated_at"
        " WHERE placements.version IS NULL OR excluded.version > placements.version",
        (p["id"], p.get("external_ref"), p.get("client_code"), p.get("job_title"), p.get("candidate_name"),
         p.get("status"), p.get("rate_cents"), p.get("version"), p.get("updated_at")),
    )
    return cur.rowcount > 0


def book_fee(db: sqlite3.Connection, event_id: str, event_type: str, fee: dict) -> bool:
    cur = db.execute(
        "INSERT OR IGNORE INTO fee_bookings (event_id, event_type, fee_id, placement_id, week, amount_cents,"
        " status, booked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (event_id, event_type, fee["id"], fee.get("placement_id"), fee.get("week"), fee.get("amount_cents"),
         fee.get("status"), _now()),
    )
    return cur.rowcount > 0


_lock = threading.Lock()


def apply_event(db: sqlite3.Connection, event: dict) -> str:
    """Apply one (verified) event in a single transaction; returns what happened.

    Safe to call from several threads at once and with the same event twice: the event id is
    claimed in `webhook_events` inside the same transaction as its effect."""
    event_id = event.get("id")
    kind = event.get("type") or ""
    obj = (event.get("data") or {}).get("object") or {}
    with _lock:
        db.execute("BEGIN IMMEDIATE")
        try:
            if event_id:
                claimed = db.execute(
                    "INSERT OR IGNORE INTO webhook_events (event_id, event_type, received_at) VALUES (?, ?, ?)",
                    (event_id, kind, _now())).rowcount
                if not claimed:
                    db.execute("COMMIT")
                    return "duplicate"
            if kind.startswith("placement.") and obj.get("id"):
                result = "applied" if upsert_placement(db, obj) else "stale"
            elif kind in FEE_TYPES and obj.get("id") and event_id:
                result = "booked" if book_fee(db, event_id, kind, obj) else "duplicate"
            else:
                result = "ignored"
            db.execute("COMMIT")
            return result
        except BaseException:
            db.execute("ROLLBACK")
            raise
