# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The dashboard's mirror: a SQLite file `mirror.db` in IB_OUTPUT_DIR with two tables."""
from __future__ import annotations

import os
import sqlite3

CANDIDATE_COLUMNS = ["id", "first_name", "last_name", "email", "phone", "city", "status", "updated_at"]
APPLICATION_COLUMNS = ["id", "candidate_id", "job_id", "status", "applied_at", "updated_at"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS candidates (
    id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, email TEXT, phone TEXT, city TEXT,
    status TEXT, updated_at INTEGER);
CREATE TABLE IF NOT EXISTS applications (
    id INTEGER PRIMARY KEY, candidate_id INTEGER, job_id INTEGER, status TEXT, applied_at INTEGER,
    updated_at INTEGER);
CREATE INDEX IF NOT EXISTS applications_candidate ON applications (candidate_id);
"""


class Mirror:
    def __init__(self, path: str | None = None):
        self.path = path or os.path.join(os.environ["IB_OUTPUT_DIR"], "mirror.db")
        self.db = sqlite3.connect(self.path)
        self.db.executescript(SCHEMA)

    def upsert(self, table: str, rows: list[dict]) -> int:
        cols = CANDIDATE_COLUMNS if table == "candidates" else APPLICATION_COLUMNS
        sql = (f"INSERT INTO {table} ({', '.join(cols)}) VALUES ({', '.join('?' for _ in cols)}) "
               f"ON CONFLICT(id) DO UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in cols[1:]))
        self.db.executemany(sql, [[r.get(c) for c in cols] for r in rows])
        return len(rows)

    def delete_candidate(self, candidate_id: int) -> None:
        """Remove a candidate together with their applications."""
        self.db.execute("DELETE FROM applications WHERE candidate_id = ?", (candidate_id,))
        self.db.execute("DELETE FROM candidates WHERE id = ?", (candidate_id,))

    def delete_application(self, application_id: int) -> None:
        self.db.execute("DELETE FROM applications WHERE id = ?", (application_id,))

    def delete_orphan_applications(self) -> int:
        """Applications whose candidate is not in the mirror (the dashboard must not show them)."""
        cur = self.db.execute("DELETE FROM applications WHERE candidate_id IS NULL OR candidate_id "
                              "NOT IN (SELECT id FROM candidates)")
        return cur.rowcount

    def max_updated_at(self) -> int | None:
        """The newest `updated_at` held (StaffLine's epoch milliseconds), or None when empty."""
        row = self.db.execute("SELECT max(m) FROM (SELECT max(updated_at) AS m FROM candidates "
                              "UNION ALL SELECT max(updated_at) FROM applications)").fetchone()
        return row[0]

    def count(self, table: str) -> int:
        return self.db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]

    def commit(self) -> None:
        self.db.commit()

    def rollback(self) -> None:
        self.db.rollback()

    def close(self) -> None:
        self.db.close()
