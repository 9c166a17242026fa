# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The board's SQLite file: `accredited` (one row per steward accredited for a zone) and the
event ids the receiver has already acted on."""
import sqlite3

from conn import config

SCHEMA = """
CREATE TABLE IF NOT EXISTS accredited (
    application_id TEXT PRIMARY KEY,
    steward        TEXT,
    zone           TEXT,
    candidate_id   TEXT,
    job_id         TEXT
);
CREATE TABLE IF NOT EXISTS seen_events (
    event_id TEXT PRIMARY KEY,
    event    TEXT,
    seen_at  TEXT DEFAULT CURRENT_TIMESTAMP
);
"""


def connect() -> sqlite3.Connection:
    path = config.board_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA busy_timeout = 30000")
    db.executescript(SCHEMA)
    return db


def steward_name(cand: dict) -> str:
    return f"{cand.get('firstName') or ''} {cand.get('lastName') or ''}".strip()


def put(db: sqlite3.Connection, app: dict, cand: dict, job: dict) -> None:
    db.execute(
        "INSERT INTO accredited (application_id, steward, zone, candidate_id, job_id) VALUES (?, ?, ?, ?, ?)"
        " ON CONFLICT (application_id) DO UPDATE SET steward = excluded.steward, zone = excluded.zone,"
        " candidate_id = excluded.candidate_id, job_id = excluded.job_id",
        (app["id"], steward_name(cand), (job.get("location") or {}).get("name"), app["candidateId"], job["id"]))


def drop(db: sqlite3.Connection, application_id: str) -> None:
    db.execute("DELETE FROM accredited WHERE application_id = ?", (application_id,))


def apply(db: sqlite3.Connection, app: dict, cand: dict | None, job: dict | None) -> None:
    """Make the board agree with one application as Scoutly has it now."""
    if app.get("status") == "HIRED" and cand is not None and job is not None:
        put(db, app, cand, job)
    else:
        drop(db, app["id"])
