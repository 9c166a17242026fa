# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The hourly sync: Quarry's candidates and interviews into mirror.db.

Incremental runs walk candidate.list, application.list and interviewSchedule.list from the sync
tokens of the last complete run. A run without tokens, or one Quarry answers
`sync_token_expired`, reads everything and rewrites the mirror, so records deleted in Quarry
leave it (Quarry never reports deletions; only a complete full read shows them).

Quarry's unfiltered interviewSchedule.list leaves out the interviews of Archived applications
(seen on the live account: an archived application's interviews come only with its
applicationId), so every run also reads each Archived application's interviews by id and
replaces what the mirror holds for it.

Nothing is written unless every walk of the run completed: a failed page raises before the
mirror or the tokens change, and the run exits non-zero."""
from __future__ import annotations

import json
import logging
import sqlite3

from .config import Settings
from .quarry import Quarry, QuarryError

log = logging.getLogger(__name__)

LISTS = ("candidate.list", "application.list", "interviewSchedule.list")
SCHEMA = """
CREATE TABLE IF NOT EXISTS candidates (
    id TEXT PRIMARY KEY, name TEXT, email TEXT, updated_at TEXT);
CREATE TABLE IF NOT EXISTS interviews (
    id TEXT PRIMARY KEY, application_id TEXT, candidate_id TEXT, status TEXT,
    start_time TEXT, end_time TEXT, updated_at TEXT);
CREATE TABLE IF NOT EXISTS applications (
    id TEXT PRIMARY KEY, candidate_id TEXT, status TEXT);
"""


def load_state(settings: Settings) -> dict:
    try:
        state = json.loads(settings.state_path.read_text())
    except (FileNotFoundError, ValueError):
        state = {}
    state.setdefault("tokens", {})
    return state


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


def read_lists(q: Quarry, tokens: dict) -> tuple[dict, dict, bool]:
    """(records per list, new tokens, full): incremental from the tokens, or a full read when
    there are none or Quarry says one has expired."""
    full = not all(tokens.get(m) for m in LISTS)
    if not full:
        try:
            out, new = {}, {}
            for m in LISTS:
                out[m], new[m] = q.walk(m, sync_token=tokens[m])
            return out, new, False
        except QuarryError as exc:
            if exc.code not in ("sync_token_expired", "invalid_sync_token"):
                raise
            log.info("%s: %s; reading everything again", exc.method, exc.code)
    out, new = {}, {}
    for m in LISTS:
        out[m], new[m] = q.walk(m)
    return out, new, True


def sync(settings: Settings) -> int:
    state = load_state(settings)
    q = Quarry(settings.base_url, settings.api_key)
    settings.output_dir.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(settings.db_path)
    try:
        db.executescript(SCHEMA)
        try:
            lists, tokens, full = read_lists(q, state["tokens"])
            apps = {} if full else {r[0]: (r[1], r[2]) for r in db.execute("SELECT id, candidate_id, status FROM applications")}
            for a in lists["application.list"]:
                apps[a["id"]] = (a["candidateId"], a.get("status"))
            archived = sorted(aid for aid, (_, status) in apps.items() if status == "Archived")
            by_app = {aid: q.walk("interviewSchedule.list", {"applicationId": aid})[0] for aid in archived}
        except QuarryError as exc:
            log.error("sync incomplete, nothing written: %s %s", exc, exc.info)
            return 1
        with db:
            if full:
                for table in ("candidates", "interviews", "applications"):
                    db.execute(f"DELETE FROM {table}")
            db.executemany("INSERT OR REPLACE INTO applications VALUES (?, ?, ?)",
                           [(aid, cid, status) for aid, (cid, status) in apps.items()])
            db.executemany("INSERT OR REPLACE INTO candidates VALUES (?, ?, ?, ?)",
                           [candidate_row(c) for c in lists["candidate.list"]])
            board = [s for s in lists["interviewSchedule.list"] if s.get("applicationId") not in by_app]
            db.executemany("INSERT OR REPLACE INTO interviews VALUES (?, ?, ?, ?, ?, ?, ?)",
                           [interview_row(s, apps.get(s.get("applicationId"), (None,))[0]) for s in board])
            for aid, rows in by_app.items():
                db.execute("DELETE FROM interviews WHERE application_id = ?", (aid,))
                db.executemany("INSERT OR REPLACE INTO interviews VALUES (?, ?, ?, ?, ?, ?, ?)",
                               [interview_row(s, apps[aid][0]) for s in rows])
    finally:
        db.close()
    state["tokens"] = tokens
    save_state(settings, state)
    log.info("sync done (%s): %d candidates, %d interviews read, %d archived applications, %d throttles",
             "full" if full else "incremental", len(lists["candidate.list"]),
             len(lists["interviewSchedule.list"]) + sum(len(v) for v in by_app.values()), len(archived), q.throttled)
    return 0
