# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Tonight's snapshot of Quarry's applications for the interview-loop planner.

The planner works job by job, so the snapshot is read the same way: every job from job.list,
then each job's applications. A job Quarry refuses to us (`confidential_job`: flagged
confidential, or one our key has lost access to) is listed in `skipped_jobs` and the walk
carries on with the next job. Quarry never reports deletions, so an application we hold that a
*complete* walk did not return is gone from Quarry: it is kept, flagged `archived`. A walk that
could not be completed (a call that still failed after its retries) writes nothing at all — no
archiving, no partial snapshot — and the run exits non-zero."""
from __future__ import annotations

import logging
import sqlite3
from typing import Iterator

from .config import Settings
from .quarry import Quarry, QuarryError

log = logging.getLogger("conn.planner")

SCHEMA = """
CREATE TABLE IF NOT EXISTS applications (
    id TEXT PRIMARY KEY, job_id TEXT, status TEXT, archived INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS skipped_jobs (job_id TEXT PRIMARY KEY, title TEXT);
"""


class IncompleteWalk(RuntimeError):
    pass


JOB_STATUSES = ("Open", "Closed", "Draft", "Archived")


def jobs(q: Quarry) -> list[dict]:
    """Every job, whatever its status: job.list without a `status` leaves closed jobs out,
    though a closed job's loops go on. One walk per status, one entry per job."""
    out: dict[str, dict] = {}
    for status in JOB_STATUSES:
        for page in q.pages("job.list", {"status": status}, limit=100):
            for job in page["results"]:
                out.setdefault(job["id"], job)
    return list(out.values())


def applications(q: Quarry, all_jobs: list[dict], skipped: list[dict]) -> Iterator[dict]:
    """The applications of every job, job by job; refused jobs go to `skipped`. Any other
    failure ends the walk: IncompleteWalk."""
    for job in all_jobs:
        try:
            for page in q.pages("application.list", {"jobId": job["id"]}):
                yield from page["results"]
        except QuarryError as exc:
            if exc.code == "confidential_job":
                log.info("job %s (%s) is refused to our key: skipped", job["id"], job.get("title"))
                skipped.append(job)
                continue
            raise IncompleteWalk(f"job {job['id']}: {exc}") from exc


def write_snapshot(db: sqlite3.Connection, seen: dict[str, dict], skipped: list[dict]) -> int:
    """Upsert what the complete walk returned; flag what we hold and the walk did not return."""
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
    try:
        all_jobs = jobs(q)
        skipped: list[dict] = []
        seen = {a["id"]: a for a in applications(q, all_jobs, skipped)}
    except (IncompleteWalk, QuarryError) as exc:
        log.error("the walk is incomplete (%s): nothing archived, snapshot left as it was", exc)
        return 1
    db = sqlite3.connect(settings.db_path)
    try:
        db.executescript(SCHEMA)
        with db:
            archived = write_snapshot(db, seen, skipped)
    finally:
        db.close()
    log.info("snapshot done: %d jobs, %d applications, %d newly archived, %d jobs skipped",
             len(all_jobs), len(seen), archived, len(skipped))
    return 0
