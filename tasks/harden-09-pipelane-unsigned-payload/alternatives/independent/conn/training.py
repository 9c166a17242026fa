# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""training.db: the forklift school's list, one row per hired opportunity."""
import sqlite3
from datetime import datetime, timezone


def connect(path) -> sqlite3.Connection:
    db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
    db.execute("CREATE TABLE IF NOT EXISTS training (opportunity_id TEXT NOT NULL, contact_id TEXT NOT NULL,"
               " booked_at TEXT NOT NULL)")
    return db


def has_row(db, oid: str) -> bool:
    return db.execute("SELECT count(*) FROM training WHERE opportunity_id = ?", (oid,)).fetchone()[0] > 0


def add_row(db, oid: str, contact_id: str) -> None:
    db.execute("INSERT INTO training VALUES (?, ?, ?)",
               (oid, contact_id, datetime.now(timezone.utc).isoformat(timespec="seconds")))
