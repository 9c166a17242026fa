# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""gate.db (table badge_gate, one row per ClearCheck check) plus our own bookkeeping.

Each row remembers the `updated_at` ClearCheck gave with the state we show; news about a check
is applied only when it is newer, and a final state (complete, cancelled) is never replaced."""
import sqlite3

from conn import config

FINAL = ("complete", "cancelled")


def connect() -> sqlite3.Connection:
    path = config.gate_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.executescript("""
        CREATE TABLE IF NOT EXISTS badge_gate (
            check_id TEXT PRIMARY KEY, candidate_ref TEXT, status TEXT NOT NULL, result TEXT,
            decided_at TEXT, cc_updated_at TEXT);
        CREATE TABLE IF NOT EXISTS webhook_ids (id TEXT PRIMARY KEY, at REAL);
    """)
    cols = {r[1] for r in db.execute("PRAGMA table_info(badge_gate)")}
    if "cc_updated_at" not in cols:  # a gate.db written by the old receiver
        db.execute("ALTER TABLE badge_gate ADD COLUMN cc_updated_at TEXT")
    return db


def apply(db: sqlite3.Connection, check: dict) -> str:
    """'new', 'updated' or 'kept' (ours is as new or final)."""
    cid, status = check.get("id"), check.get("status")
    if not cid or status not in ("pending", "in_progress", "complete", "cancelled"):
        return "kept"
    stamp = check.get("updated_at") or ""
    cur = db.execute("SELECT status, cc_updated_at FROM badge_gate WHERE check_id = ?", (cid,)).fetchone()
    if cur is not None:
        if cur[0] in FINAL:
            return "kept"
        if status not in FINAL and (cur[1] or "") >= stamp:
            return "kept"
    complete = status == "complete"
    values = (check.get("external_id"), status, check.get("result") if complete else None,
              check.get("completed_at") if complete else None, stamp, cid)
    if cur is None:
        db.execute("INSERT INTO badge_gate (candidate_ref, status, result, decided_at, cc_updated_at, check_id) "
                   "VALUES (?, ?, ?, ?, ?, ?)", values)
        return "new"
    db.execute("UPDATE badge_gate SET candidate_ref = ?, status = ?, result = ?, decided_at = ?, cc_updated_at = ? "
               "WHERE check_id = ?", values)
    return "updated"
