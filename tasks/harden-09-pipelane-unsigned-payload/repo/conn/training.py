# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The training bookings the forklift school reads: $IB_OUTPUT_DIR/training.db, table `training`."""
import sqlite3
import threading
from datetime import datetime, timezone

_lock = threading.Lock()


def connect(path) -> sqlite3.Connection:
    db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
    db.execute("CREATE TABLE IF NOT EXISTS training (opportunity_id TEXT NOT NULL, contact_id TEXT NOT NULL,"
               " booked_at TEXT NOT NULL)")
    return db


def book(db: sqlite3.Connection, opportunity_id: str, contact_id: str) -> None:
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    with _lock:
        db.execute("INSERT INTO training (opportunity_id, contact_id, booked_at) VALUES (?, ?, ?)",
                   (opportunity_id, contact_id, stamp))
