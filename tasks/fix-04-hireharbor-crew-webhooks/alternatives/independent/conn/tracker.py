# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The crew tracker (crew.db, table `crew`). Each application's row only moves forward in
HireHarbor's time: an event is applied when its application's `updated_at` is not older than
the one the row already holds. Retries, duplicates and late copies of older events therefore
change nothing, without remembering event ids."""
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


def _instant(value) -> dt.datetime | None:
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
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.lock = threading.Lock()
        self.db = sqlite3.connect(self.path, check_same_thread=False)
        self.db.execute(SCHEMA)
        self.db.commit()

    def apply(self, event: dict, event_id: str | None = None) -> bool:
        if not isinstance(event, dict) or event.get("action") not in APPLICATION_EVENTS:
            return False
        payload = event.get("payload") or {}
        app, cand, job = payload.get("application") or {}, payload.get("candidate") or {}, payload.get("job") or {}
        if not isinstance(app.get("id"), int):
            return False
        new_at = _instant(app.get("updated_at"))
        with self.lock:
            row = self.db.execute("SELECT updated_at FROM crew WHERE application_id = ?", (app["id"],)).fetchone()
            if row is not None:
                old_at = _instant(row[0])
                if old_at is not None and (new_at is None or new_at < old_at):
                    return False  # an older state of the application than we hold
            name = " ".join(x for x in (cand.get("first_name"), cand.get("last_name")) if x)
            self.db.execute(
                "INSERT OR REPLACE INTO crew (application_id, name, department, stage, status, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (app["id"], name, job.get("department"), (app.get("current_stage") or {}).get("name"),
                 app.get("status"), app.get("updated_at")))
            self.db.commit()
        return True
