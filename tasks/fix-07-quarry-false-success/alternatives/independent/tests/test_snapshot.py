# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import sqlite3
import tempfile
import unittest
from pathlib import Path

from conn.snapshot import merge, previous, write


class MergeTest(unittest.TestCase):
    def test_live_rows_current_and_missing_rows_archived(self):
        old = {"a1": ("a1", "j1", "Active", 0), "a2": ("a2", "j1", "Lead", 0)}
        rows = merge(old, [{"id": "a1", "jobId": "j1", "status": "Archived"}, {"id": "a3", "jobId": "j2", "status": "Active"}])
        self.assertEqual(rows, [("a1", "j1", "Archived", 0), ("a2", "j1", "Lead", 1), ("a3", "j2", "Active", 0)])

    def test_write_then_read_back(self):
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "planner.db"
            write(path, [("a1", "j1", "Active", 0)], [("j5", "QA")])
            self.assertEqual(previous(path), {"a1": ("a1", "j1", "Active", 0)})
            with sqlite3.connect(path) as db:
                self.assertEqual(db.execute("SELECT * FROM skipped_jobs").fetchall(), [("j5", "QA")])


if __name__ == "__main__":
    unittest.main()
