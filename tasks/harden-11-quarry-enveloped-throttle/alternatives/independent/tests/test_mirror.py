# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The independent mirror against a fake client."""
from __future__ import annotations

import sqlite3
import tempfile
import unittest
from pathlib import Path
from unittest import mock

from conn import mirror
from conn.config import Settings


class Fake:
    def __init__(self, *_a):
        pass

    def every(self, method, params=None, token=None):
        if method == "candidate.list":
            return [{"id": "c1", "name": "Ana", "primaryEmailAddress": None, "updatedAt": "2026-03-01T09:00:00.000Z"}], "t1"
        if method == "application.list":
            apps = [{"id": "a1", "candidateId": "c1", "status": "Archived"}]
            return apps, "t2"
        if params and params.get("applicationId"):
            return [{"id": "i9", "applicationId": "a1", "status": "Complete"}], None
        return [], "t3"


class MirrorTest(unittest.TestCase):
    def test_archived_interviews_are_read_by_application(self):
        with tempfile.TemporaryDirectory() as tmp:
            s = Settings("http://x.invalid", "k", Path(tmp, "s"), Path(tmp, "o"))
            with mock.patch.object(mirror, "Client", Fake):
                self.assertEqual(mirror.sync(s), 0)
            db = sqlite3.connect(s.db_path)
            self.assertEqual(db.execute("SELECT id, candidate_id FROM interviews").fetchall(), [("i9", "c1")])
            db.close()


if __name__ == "__main__":
    unittest.main()
