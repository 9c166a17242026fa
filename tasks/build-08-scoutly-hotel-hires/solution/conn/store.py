# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The board's SQLite file: `hires` (one row per hired application) and the event ids the
receiver has already acted on."""
import sqlite3

from conn import config

SCHEMA = """
CREATE TABLE IF NOT EXISTS hires (
    application_id TEXT PRIMARY KEY,
    candidate_id   TEXT NOT NULL,
    hotel          TEXT,
    position       TEXT,
    hired_at       TEXT,
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


def put_hire(db: sqlite3.Connection, app: dict, job: dict) -> None:
    loc = job.get("location") or {}
    db.execute(
        "INSERT INTO hires (application_id, candidate_id, hotel, position, hired_at, job_id) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (application_id) DO UPDATE SET candidate_id = excluded.candidate_id, hotel = excluded.hotel,"
        " position = excluded.position, hired_at = excluded.hired_at, job_id = excluded.job_id",
        (app["id"], app["candidateId"], loc.get("name"), job.get("title"), app.get("statusChangedOn"), job["id"]))


def drop_hire(db: sqlite3.Connection, application_id: str) -> None:
    db.execute("DELETE FROM hires WHERE application_id = ?", (application_id,))


def apply(db: sqlite3.Connection, app: dict, job: dict | None) -> None:
    """Make the board agree with one application as Scoutly has it now."""
    if app.get("status") == "HIRED" and job is not None:
        put_hire(db, app, job)
    else:
        drop_hire(db, app["id"])
