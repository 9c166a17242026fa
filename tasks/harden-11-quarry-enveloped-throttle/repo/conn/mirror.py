# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The hourly sync: Quarry's candidates and every application's interviews into mirror.db.

The first run (no sync tokens yet) reads everything and writes the mirror from scratch; later
runs ask Quarry only for the candidates and applications that changed (sync tokens, kept in
IB_STATE_DIR) and re-read every application's interviews."""
from __future__ import annotations

import json
import logging
import sqlite3

from .config import Settings
from .quarry import Quarry

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS candidates (
    id TEXT PRIMARY KEY, name TEXT, email TEXT, updated_at TEXT);
CREATE TABLE IF NOT EXISTS interviews (
    id TEXT PRIMARY KEY, application_id TEXT, candidate_id TEXT, status TEXT,
    start_time TEXT, end_time TEXT, updated_at TEXT);
"""


def load_state(settings: Settings) -> dict:
    try:
        return json.loads(settings.state_path.read_text())
    except (FileNotFoundError, ValueError):
        return {"tokens": {}, "applications": {}}


def save_state(settings: Settings, state: dict) -> None:
    settings.state_dir.mkdir(parents=True, exist_ok=True)
    tmp = settings.state_path.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=1, sort_keys=True))
    tmp.replace(settings.state_path)


def candidate_row(c: dict) -> tuple:
    email = (c.get("primaryEmailAddress") or {}).get("value")
    return (c["id"], c.get("name"), email, c.get("updatedAt"))


def interview_row(s: dict, candidate_id: str | None) -> tuple:
    return (s["id"], s.get("applicationId"), candidate_id, s.get("status"), s.get("startTime"),
            s.get("endTime"), s.get("updatedAt"))


def sync(settings: Settings) -> int:
    state = load_state(settings)
    tokens = state.setdefault("tokens", {})
    known_apps = state.setdefault("applications", {})
    full = not tokens
    q = Quarry(settings.base_url, settings.api_key)

    candidates, cand_token = q.walk("candidate.list", sync_token=tokens.get("candidate.list"))
    applications, app_token = q.walk("application.list", sync_token=tokens.get("application.list"))
    for a in applications:
        known_apps[a["id"]] = a["candidateId"]

    interviews: dict[str, list[dict]] = {}
    for app_id in sorted(known_apps):
        rows, _ = q.walk("interviewSchedule.list", {"applicationId": app_id})
        interviews[app_id] = rows

    settings.output_dir.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(settings.db_path)
    try:
        db.executescript(SCHEMA)
        with db:
            if full:
                db.execute("DELETE FROM candidates")
            db.executemany("INSERT OR REPLACE INTO candidates VALUES (?, ?, ?, ?)",
                           [candidate_row(c) for c in candidates])
            for app_id, rows in interviews.items():
                db.execute("DELETE FROM interviews WHERE application_id = ?", (app_id,))
                db.executemany("INSERT OR REPLACE INTO interviews VALUES (?, ?, ?, ?, ?, ?, ?)",
                               [interview_row(s, known_apps.get(app_id)) for s in rows])
    finally:
        db.close()

    if cand_token:
        tokens["candidate.list"] = cand_token
    if app_token:
        tokens["application.list"] = app_token
    save_state(settings, state)
    log.info("sync done: %d candidates changed, %d applications, %d interviews",
             len(candidates), len(known_apps), sum(len(v) for v in interviews.values()))
    return 0
