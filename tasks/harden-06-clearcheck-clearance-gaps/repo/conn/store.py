# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""gate.db: one row per ClearCheck check of our account. The badge system opens the door for
an engineer when a row of theirs says status `complete` and result `clear`."""
import sqlite3

from conn import config

SCHEMA = """
CREATE TABLE IF NOT EXISTS badge_gate (
    check_id TEXT PRIMARY KEY,
    candidate_ref TEXT,
    status TEXT NOT NULL,
    result TEXT,
    decided_at TEXT
);
"""


def connect() -> sqlite3.Connection:
    path = config.gate_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.executescript(SCHEMA)
    return db


def upsert(db: sqlite3.Connection, check: dict, result: str | None = None) -> None:
    """Write what ClearCheck told us about a check."""
    status = check.get("status")
    db.execute(
        "INSERT INTO badge_gate (check_id, candidate_ref, status, result, decided_at) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT(check_id) DO UPDATE SET candidate_ref = excluded.candidate_ref, status = excluded.status, "
        "result = excluded.result, decided_at = excluded.decided_at",
        (check["id"], check.get("external_id"), status, result if status == "complete" else None,
         check.get("completed_at") if status == "complete" else None))
