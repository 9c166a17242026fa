# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The nightly snapshot, built aside and swapped in only when Quarry was read completely.

Applications come from one walk of the unfiltered application list (Quarry leaves out the
applications of jobs our key may not read). Which jobs those are is asked of Quarry job by job:
a one-record read per job, refused with `confidential_job` for each job our key may not read —
the job's `confidential` flag in job.list is not the whole story (a job can be closed to our
key by its permissions without the flag). The new planner.db is written to a temporary file
and replaces the old one atomically; a night that could not read everything leaves the old file
untouched and exits 2."""
from __future__ import annotations

import logging
import os
import sqlite3
from pathlib import Path

from .quarry_api import QuarryApi, Refused, Unavailable

log = logging.getLogger("conn.snapshot")


def previous(path: Path) -> dict[str, tuple]:
    if not path.exists():
        return {}
    with sqlite3.connect(path) as db:
        try:
            return {r[0]: r for r in db.execute("SELECT id, job_id, status, archived FROM applications")}
        except sqlite3.Error:
            return {}


def merge(old: dict[str, tuple], live: list[dict]) -> list[tuple]:
    """Rows of the new snapshot: every live application current, every other row we had archived."""
    rows = {a["id"]: (a["id"], a.get("jobId"), a.get("status"), 0) for a in live}
    for app_id, (_, job_id, status, _flag) in old.items():
        if app_id not in rows:
            rows[app_id] = (app_id, job_id, status, 1)
    return sorted(rows.values())


def write(path: Path, rows: list[tuple], skipped: list[tuple]) -> None:
    tmp = path.with_name(path.name + ".new")
    if tmp.exists():
        tmp.unlink()
    db = sqlite3.connect(tmp)
    try:
        db.executescript("CREATE TABLE applications (id TEXT PRIMARY KEY, job_id TEXT, status TEXT, archived INTEGER);"
                         "CREATE TABLE skipped_jobs (job_id TEXT PRIMARY KEY, title TEXT);")
        db.executemany("INSERT INTO applications VALUES (?, ?, ?, ?)", rows)
        db.executemany("INSERT INTO skipped_jobs VALUES (?, ?)", skipped)
        db.commit()
    finally:
        db.close()
    os.replace(tmp, path)


def take(base_url: str, key: str, out_dir: Path) -> int:
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / "planner.db"
    api = QuarryApi(base_url, key)
    try:
        live = api.every("application.list")
        skipped = []
        for job in api.every("job.list"):
            try:
                api.rpc("application.list", {"jobId": job["id"], "limit": 1})
            except Refused as exc:
                if exc.code != "confidential_job":
                    raise
                skipped.append((job["id"], job.get("title")))
    except (Unavailable, Refused) as exc:
        log.error("Quarry could not be read completely tonight: %s; planner.db left as it was", exc)
        return 2
    unreadable = {job_id for job_id, _ in skipped}
    live = [a for a in live if a.get("jobId") not in unreadable]
    rows = merge(previous(target), live)
    write(target, rows, sorted(skipped))
    log.info("planner.db: %d live, %d archived, %d jobs skipped", len(live),
             sum(r[3] for r in rows), len(skipped))
    return 0
