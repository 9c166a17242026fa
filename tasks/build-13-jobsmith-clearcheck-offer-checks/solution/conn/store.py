# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""checks.db: `checks` (one row per ClearCheck check of an Offer applicant: those we ordered,
and those head office ordered by hand before us, adopted as the applicant's one check; HR's
dashboard reads it), `seen_events` (webhook ids already handled) and `meta` (the poll
watermark)."""
import sqlite3

from conn import config

SCHEMA = """
CREATE TABLE IF NOT EXISTS checks (
    check_id     TEXT PRIMARY KEY,
    applicant_id INTEGER NOT NULL,
    status       TEXT NOT NULL,
    result       TEXT,
    completed_at TEXT,
    updated_at   TEXT,
    job_id       INTEGER,
    written_back INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS seen_events (event_id TEXT PRIMARY KEY);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
"""
RANK = {"pending": 0, "in_progress": 1, "complete": 2, "cancelled": 2}


def connect() -> sqlite3.Connection:
    path = config.checks_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA busy_timeout = 30000")
    db.executescript(SCHEMA)
    return db


def applicant_of(check: dict) -> int | None:
    ext = str(check.get("external_id") or "")
    return int(ext) if ext.isdigit() else None


def merge(db: sqlite3.Connection, check: dict, job_id: int | None = None, applicant_id: int | None = None) -> None:
    """Record what ClearCheck says of a check, never moving it backwards (deliveries come out
    of order and more than once). Its applicant: the one given (a check adopted by e-mail), the
    external_id we put on our orders, or the row already recorded (a hand-ordered check carries
    none)."""
    if applicant_id is None:
        applicant_id = applicant_of(check)
    if applicant_id is None:
        row = db.execute("SELECT applicant_id FROM checks WHERE check_id = ?", (check["id"],)).fetchone()
        applicant_id = row[0] if row else None
    if applicant_id is None:
        return
    # serve and cycle both record checks (a check.created delivery can beat the order's answer)
    inserted = db.execute(
        "INSERT INTO checks (check_id, applicant_id, status, result, completed_at, updated_at, job_id)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (check_id) DO NOTHING",
        (check["id"], applicant_id, check["status"], check.get("result"), check.get("completed_at"),
         check.get("updated_at"), job_id)).rowcount
    if inserted:
        return
    status, updated = db.execute("SELECT status, updated_at FROM checks WHERE check_id = ?", (check["id"],)).fetchone()
    newer = RANK.get(check["status"], 0) > RANK.get(status, 0) or (
        RANK.get(check["status"], 0) == RANK.get(status, 0) and status not in ("complete", "cancelled")
        and (check.get("updated_at") or "") > (updated or ""))
    if newer:
        db.execute("UPDATE checks SET status = ?, result = ?, completed_at = ?, updated_at = ? WHERE check_id = ?",
                   (check["status"], check.get("result"), check.get("completed_at"), check.get("updated_at"),
                    check["id"]))
    if job_id is not None:
        db.execute("UPDATE checks SET job_id = ? WHERE check_id = ? AND job_id IS NULL", (job_id, check["id"]))


def meta(db, key: str, value: str | None = None) -> str | None:
    if value is not None:
        db.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                   (key, value))
        return value
    row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return row[0] if row else None
