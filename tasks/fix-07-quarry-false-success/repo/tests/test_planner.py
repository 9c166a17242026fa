# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The snapshot logic against a fake Quarry (no network)."""
import sqlite3
import unittest

from conn.planner import SCHEMA, applications, write_snapshot


class FakeQuarry:
    def __init__(self, by_job):
        self.by_job = by_job

    def pages(self, method, body=None, limit=25):
        rows = self.by_job[body["jobId"]]
        for i in range(0, max(len(rows), 1), limit):
            chunk = rows[i:i + limit]
            yield {"success": True, "results": chunk, "moreDataAvailable": i + limit < len(rows),
                   "nextCursor": "c"}


def app(i, job, status="Active"):
    return {"id": f"a{i}", "jobId": job, "status": status}


class SnapshotTest(unittest.TestCase):
    def setUp(self):
        self.db = sqlite3.connect(":memory:")
        self.db.executescript(SCHEMA)

    def rows(self):
        return self.db.execute("SELECT id, job_id, status, archived FROM applications ORDER BY id").fetchall()

    def test_walks_every_job_and_every_page(self):
        q = FakeQuarry({"j1": [app(i, "j1") for i in range(30)], "j2": [app(100, "j2", "Hired")]})
        seen = list(applications(q, [{"id": "j1"}, {"id": "j2"}], []))
        self.assertEqual(len(seen), 31)

    def test_missing_application_is_archived_not_removed(self):
        write_snapshot(self.db, {"a1": app(1, "j1"), "a2": app(2, "j1")}, [])
        write_snapshot(self.db, {"a1": app(1, "j1", "Archived")}, [])
        self.assertEqual(self.rows(), [("a1", "j1", "Archived", 0), ("a2", "j1", "Active", 1)])

    def test_skipped_jobs_are_replaced_each_night(self):
        write_snapshot(self.db, {}, [{"id": "j9", "title": "Old"}])
        write_snapshot(self.db, {}, [{"id": "j5", "title": "QA"}])
        self.assertEqual(self.db.execute("SELECT * FROM skipped_jobs").fetchall(), [("j5", "QA")])


if __name__ == "__main__":
    unittest.main()
