# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The crew tracker: one row per HireHarbor application in crew.db (table `crew`), kept as
HireHarbor's events describe it."""
from __future__ import annotations

import datetime as dt
import sqlite3
import threading
from pathlib import Path

from conn import config

APPLICATION_EVENTS = {"application.created", "application.updated", "application.stage_changed",
                      "application.hired", "application.rejected"}

SCHEMA = """
CREATE TABLE IF NOT EXISTS crew (
    application_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    department TEXT,
    stage TEXT,
    status TEXT,
    updated_at TEXT
)"""
SEEN = "CREATE TABLE IF NOT EXISTS seen (key TEXT PRIMARY KEY)"


def instant(value) -> dt.datetime | None:
    """An ISO 8601 timestamp (`Z` or an offset) as an aware datetime; None if it is not one."""
    if not isinstance(value, str) or not value:
        return None
    try:
        t = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return t if t.tzinfo else t.replace(tzinfo=dt.timezone.utc)


class Tracker:
    def __init__(self, path: Path | None = None, seen_path: Path | None = None):
        self.path = path or config.tracker_file()
        self.seen_path = seen_path or config.state_dir() / "seen.db"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.seen_path.parent.mkdir(parents=True, exist_ok=True)
        self.lock = threading.Lock()
        self.db = sqlite3.connect(self.path, check_same_thread=False)
        self.db.execute(SCHEMA)
        self.db.commit()
        self.seen = sqlite3.connect(self.seen_path, check_same_thread=False)
        self.seen.execute(SEEN)
        self.seen.commit()

    @staticmethod
    def dedupe_key(event: dict, event_id: str | None = None) -> str:
        """HireHarbor retries a delivery until it gets a 2xx, with the same event id: the same
        change must not be applied twice. Two changes are two events, whatever they are about."""
        return str(event_id or event.get("event_id") or "")

    def older_than_held(self, application_id: int, updated_at) -> bool:
        """Whether an event describes the application as it was before the state the row holds
        (HireHarbor's `updated_at` orders an application's states; arrival order does not: a
        retried delivery comes 30 s or more after it was first due, later changes may have
        arrived meanwhile). Same second: the later arrival wins."""
        row = self.db.execute("SELECT updated_at FROM crew WHERE application_id = ?", (application_id,)).fetchone()
        held = instant(row[0]) if row else None
        new = instant(updated_at)
        return held is not None and (new is None or new < held)

    def apply(self, event: dict, event_id: str | None = None) -> bool:
        """Apply one verified event; False when it was ignored (not ours, or seen before)."""
        if event.get("action") not in APPLICATION_EVENTS:
            return False
        payload = event.get("payload") or {}
        app, cand, job = payload.get("application") or {}, payload.get("candidate") or {}, payload.get("job") or {}
        if not app.get("id"):
            return False
        key = self.dedupe_key(event, event_id)
        if not key:
            return False
        with self.lock:
            if self.seen.execute("SELECT 1 FROM seen WHERE key = ?", (key,)).fetchone():
                return False
            if self.older_than_held(int(app["id"]), app.get("updated_at")):
                # A delivery HireHarbor sent again after a later change already arrived: the
                # application has moved on since, and the row already shows where to.
                self.seen.execute("INSERT OR IGNORE INTO seen (key) VALUES (?)", (key,))
                self.seen.commit()
                return False
            stage = (app.get("current_stage") or {}).get("name")
            name = f"{cand.get('first_name', '')} {cand.get('last_name', '')}".strip()
            self.db.execute(
                "INSERT INTO crew (application_id, name, department, stage, status, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (application_id) DO UPDATE SET name = excluded.name,"
                " department = excluded.department, stage = excluded.stage, status = excluded.status,"
                " updated_at = excluded.updated_at",
                (int(app["id"]), name, job.get("department"), stage, app.get("status"), app.get("updated_at")))
            self.db.commit()
            self.seen.execute("INSERT OR IGNORE INTO seen (key) VALUES (?)", (key,))
            self.seen.commit()
        return True
