# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""accredited.db: the board, and the deliveries already acted on."""
import os
import sqlite3
from pathlib import Path


def open_board():
    folder = Path(os.environ.get("IB_OUTPUT_DIR", "."))
    folder.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(folder / "accredited.db", timeout=30, isolation_level=None, check_same_thread=False)
    con.execute("PRAGMA busy_timeout = 30000")
    con.execute("CREATE TABLE IF NOT EXISTS accredited (application_id TEXT PRIMARY KEY, steward TEXT, zone TEXT,"
                " candidate_id TEXT, job_id TEXT)")
    con.execute("CREATE TABLE IF NOT EXISTS handled (event_id TEXT PRIMARY KEY)")
    return con


def name_of(person):
    return " ".join(p for p in (person.get("firstName"), person.get("lastName")) if p)


def upsert(con, application, person, job):
    con.execute("INSERT OR REPLACE INTO accredited VALUES (?, ?, ?, ?, ?)",
                (application["id"], name_of(person), (job.get("location") or {}).get("name"),
                 application["candidateId"], job["id"]))


def remove(con, application_id):
    con.execute("DELETE FROM accredited WHERE application_id = ?", (application_id,))
