# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The 15-minute sync of Quarry candidates and applications into the panel-scheduling store.

Each list keeps the sync token of its last complete walk (IB_STATE_DIR). A run with a token
walks only what changed since. Without one — the first run, or after Quarry refused the token
(`sync_token_expired` once it is a week old, `invalid_sync_token`) — the run walks the whole
list, and because Quarry never reports deletions, every stored record that full walk did not
see is flagged archived (never removed), except the applications of confidential jobs, which
unfiltered lists leave out although they are still in Quarry. A token is stored only after its walk completed."""
from __future__ import annotations

import json
import os
import sqlite3

from .config import Settings
from .quarry import Quarry, QuarryError

SCHEMA = """
CREATE TABLE IF NOT EXISTS candidates (
    id TEXT PRIMARY KEY, name TEXT, email TEXT, archived INTEGER NOT NULL DEFAULT 0, updated_at TEXT);
CREATE TABLE IF NOT EXISTS applications (
    id TEXT PRIMARY KEY, candidate_id TEXT, job_id TEXT, status TEXT, archived INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT);
"""

RESYNC = {"sync_token_expired", "invalid_sync_token"}


def _email(c: dict) -> str | None:
    value = (c.get("primaryEmailAddress") or {}).get("value")
    value = value.strip().lower() if isinstance(value, str) else ""
    return value or None


def candidate_row(c: dict) -> tuple:
    return (c["id"], c.get("name"), _email(c), c.get("updatedAt"))


def application_row(a: dict) -> tuple:
    return (a["id"], a.get("candidateId"), a.get("jobId"), a.get("status"), a.get("updatedAt"))


LISTS = [
    ("candidates", "candidate.list", candidate_row,
     "INSERT INTO candidates (id, name, email, updated_at, archived) VALUES (?,?,?,?,0) "
     "ON CONFLICT(id) DO UPDATE SET name=excluded.name, email=excluded.email, updated_at=excluded.updated_at, "
     "archived=0"),
    ("applications", "application.list", application_row,
     "INSERT INTO applications (id, candidate_id, job_id, status, updated_at, archived) VALUES (?,?,?,?,?,0) "
     "ON CONFLICT(id) DO UPDATE SET candidate_id=excluded.candidate_id, job_id=excluded.job_id, "
     "status=excluded.status, updated_at=excluded.updated_at, archived=0"),
]


def _save(path, tokens: dict) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(tokens, indent=1))
    os.replace(tmp, path)


def _walk_into(db: sqlite3.Connection, q: Quarry, table: str, method: str, to_row, upsert: str,
               token: str | None) -> tuple[str, int, set[str]]:
    """Upsert every record of one walk; (new token, records, ids seen). Nothing is committed here."""
    seen: set[str] = set()
    new_token, n = "", 0
    for page in q.walk(method, token):
        if isinstance(page, str):
            new_token = page
            break
        rows = [to_row(r) for r in page]
        db.executemany(upsert, rows)
        seen.update(r[0] for r in rows)
        n += len(rows)
    return new_token, n, seen


def _confidential_jobs(q: Quarry) -> set[str]:
    """Jobs whose applications this key cannot read: unfiltered lists leave them out."""
    ids: set[str] = set()
    for page in q.walk("job.list"):
        if isinstance(page, str):
            break
        ids.update(j["id"] for j in page if j.get("confidential"))
    return ids


def sync(settings: Settings) -> int:
    settings.state_dir.mkdir(parents=True, exist_ok=True)
    settings.output_dir.mkdir(parents=True, exist_ok=True)
    state_file = settings.state_dir / "sync_tokens.json"
    tokens = json.loads(state_file.read_text()) if state_file.exists() else {}
    q = Quarry(settings.base_url, settings.api_key)
    db = sqlite3.connect(settings.store_path)
    db.executescript(SCHEMA)
    try:
        for table, method, to_row, upsert in LISTS:
            token = tokens.get(method)
            full = not token
            try:
                new_token, n, seen = _walk_into(db, q, table, method, to_row, upsert, token)
            except QuarryError as exc:
                if full or exc.code not in RESYNC:
                    raise
                db.rollback()
                print(f"sync: {method}: {exc.code}; running a full sync")
                full = True
                new_token, n, seen = _walk_into(db, q, table, method, to_row, upsert, None)
            gone = 0
            if full:  # Quarry does not report deletions: what a full walk did not see is gone
                db.execute("CREATE TEMP TABLE IF NOT EXISTS seen (id TEXT PRIMARY KEY)")
                db.execute("DELETE FROM seen")
                db.executemany("INSERT OR IGNORE INTO seen VALUES (?)", [(i,) for i in seen])
                where = ""
                if table == "applications":  # a confidential job's applications are hidden, not gone
                    hidden = _confidential_jobs(q)
                    db.execute("CREATE TEMP TABLE IF NOT EXISTS hidden_jobs (id TEXT PRIMARY KEY)")
                    db.execute("DELETE FROM hidden_jobs")
                    db.executemany("INSERT OR IGNORE INTO hidden_jobs VALUES (?)", [(i,) for i in hidden])
                    where = " AND job_id NOT IN (SELECT id FROM hidden_jobs)"
                gone = db.execute(f"UPDATE {table} SET archived = 1 WHERE archived = 0 "
                                  f"AND id NOT IN (SELECT id FROM seen){where}").rowcount
            db.commit()
            if new_token:
                tokens[method] = new_token
                _save(state_file, tokens)
            print(f"sync: {table}: {n} upserted, {gone} archived ({'full' if full else 'incremental'})")
    except QuarryError as exc:
        db.rollback()
        print(f"sync: failed: {exc}")
        return 1
    finally:
        db.close()
    print(f"sync: done ({q.calls} calls)")
    return 0
