# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Tonight's snapshot of Quarry's applications for the interview-loop planner.

The planner works job by job, so the snapshot is read the same way: every job from job.list,
then each job's applications. Jobs our key may not read are listed in `skipped_jobs` and left
out. Quarry never reports deletions, so an application we hold that tonight's walk did not
return is gone from Quarry: it is kept, flagged `archived`, as the planner's loop history hangs
on it."""
from __future__ import annotations

import logging
import sqlite3
from typing import Iterator

from .config import Settings
from .quarry import Quarry

log = logging.getLogger("conn.planner")

SCHEMA = """
CREATE TABLE IF NOT EXISTS applications (
    id TEXT PRIMARY KEY, job_id TEXT, status TEXT, archived INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS skipped_jobs (job_id TEXT PRIMARY KEY, title TEXT);
"""


def jobs(q: Quarry) -> list[dict]:
    out: list[dict] = []
    for page in q.pages("job.list", limit=100):
        out += page.get("results", [])
    return out


def refused(page: dict) -> bool:
    """Quarry refuses the applications of a job our key may not read (since the permissions
    change): `confidential_job`."""
    return (page.get("errorInfo") or {}).get("code") == "confidential_job"


def applications(q: Quarry, all_jobs: list[dict], skipped: list[dict]) -> Iterator[dict]:
    """The applications of every job, job by job; refused jobs go to `skipped`."""
    for job in all_jobs:
        try:
            for page in q.pages("application.list", {"jobId": job["id"]}):
                if refused(page):
                    log.info("job %s (%s) is confidential: skipped", job["id"], job.get("title"))
                    skipped.append(job)
                    return
                yield from page.get("results", [])
        except Exception as exc:  # one bad job must not stop the night's snapshot
            log.warning("job %s: %s", job["id"], exc)


def write_snapshot(db: sqlite3.Connection, seen: dict[str, dict], skipped: list[dict]) -> int:
    """Upsert what the walk returned; flag what we hold and the walk did not return."""
    db.executemany(
        "INSERT INTO applications (id, job_id, status, archived) VALUES (?, ?, ?, 0) "
        "ON CONFLICT(id) DO UPDATE SET job_id = excluded.job_id, status = excluded.status, archived = 0",
        [(a["id"], a.get("jobId"), a.get("status")) for a in seen.values()])
    held = [r[0] for r in db.execute("SELECT id FROM applications WHERE archived = 0")]
    gone = [(i,) for i in held if i not in seen]
    db.executemany("UPDATE applications SET archived = 1 WHERE id = ?", gone)
    db.execute("DELETE FROM skipped_jobs")
    db.executemany("INSERT INTO skipped_jobs (job_id, title) VALUES (?, ?)",
                   [(j["id"], j.get("title")) for j in skipped])
    return len(gone)


def sync(settings: Settings) -> int:
    settings.output_dir.mkdir(parents=True, exist_ok=True)
    q = Quarry(settings.base_url, settings.api_key)
    db = sqlite3.connect(settings.db_path)
    try:
        db.executescript(SCHEMA)
        all_jobs = jobs(q)
        skipped: list[dict] = []
        seen = {a["id"]: a for a in applications(q, all_jobs, skipped)}
        with db:
            archived = write_snapshot(db, seen, skipped)
    finally:
        db.close()
    log.info("snapshot done: %d jobs, %d applications, %d newly archived, %d jobs skipped",
             len(all_jobs), len(seen), archived, len(skipped))
    return 0
