# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""gate.db: one row per ClearCheck check of our account. The badge system opens the door for
an engineer when a row of theirs says status `complete` and result `clear`.

`merge` never moves a check backwards: `complete` and `cancelled` are final, `in_progress`
beats `pending`, whatever order ClearCheck's news arrives in (webhooks are not ordered)."""
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
CREATE TABLE IF NOT EXISTS seen_deliveries (webhook_id TEXT PRIMARY KEY);
"""
RANK = {"pending": 0, "in_progress": 1, "complete": 2, "cancelled": 2}


def connect() -> sqlite3.Connection:
    path = config.gate_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.executescript(SCHEMA)
    return db


def merge(db: sqlite3.Connection, check: dict) -> bool:
    """Write what ClearCheck told us about a check unless we already know a later state.
    The result and decided_at (ClearCheck's completed_at) come from the check itself."""
    status = check.get("status")
    if status not in RANK or not check.get("id"):
        return False
    row = db.execute("SELECT status FROM badge_gate WHERE check_id = ?", (check["id"],)).fetchone()
    if row is not None and (RANK.get(row[0], -1) >= 2 or RANK.get(row[0], -1) > RANK[status]):
        return False
    if row is not None and row[0] == status and status != "complete":
        return False
    done = status == "complete"
    db.execute(
        "INSERT INTO badge_gate (check_id, candidate_ref, status, result, decided_at) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT(check_id) DO UPDATE SET candidate_ref = excluded.candidate_ref, status = excluded.status, "
        "result = excluded.result, decided_at = excluded.decided_at",
        (check["id"], check.get("external_id"), status, check.get("result") if done else None,
         check.get("completed_at") if done else None))
    return True
