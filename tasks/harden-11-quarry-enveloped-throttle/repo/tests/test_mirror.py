# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The mirror's rows from Quarry's records (`python -m unittest`)."""
from __future__ import annotations

import sqlite3
import tempfile
import unittest
from pathlib import Path
from unittest import mock

from conn import mirror
from conn.config import Settings


class FakeQuarry:
    """Answers walks from fixed records (one page each)."""

    def __init__(self, *_args, **_kw):
        pass

    def walk(self, method, body=None, sync_token=None, limit=100):
        if method == "candidate.list":
            return [{"id": "c1", "name": "Ana Silva", "primaryEmailAddress": {"value": "ana@example.com"},
                     "updatedAt": "2026-03-01T09:00:00.000Z"},
                    {"id": "c2", "name": "Ben Okafor", "primaryEmailAddress": None,
                     "updatedAt": "2026-03-01T10:00:00.000Z"}], "tok-c"
        if method == "application.list":
            return [{"id": "a1", "candidateId": "c1"}, {"id": "a2", "candidateId": "c2"}], "tok-a"
        if method == "interviewSchedule.list":
            return [{"id": f"i-{body['applicationId']}", "applicationId": body["applicationId"],
                     "status": "Scheduled", "startTime": "2026-03-05T14:00:00.000Z",
                     "endTime": "2026-03-05T15:00:00.000Z", "updatedAt": "2026-03-02T08:00:00.000Z"}], None
        raise AssertionError(method)


class MirrorTest(unittest.TestCase):
    def test_rows_carry_quarrys_values(self):
        self.assertEqual(mirror.candidate_row({"id": "c2", "name": "Ben", "primaryEmailAddress": None,
                                               "updatedAt": "2026-03-01T10:00:00.000Z"}),
                         ("c2", "Ben", None, "2026-03-01T10:00:00.000Z"))

    def test_first_run_writes_candidates_and_interviews(self):
        with tempfile.TemporaryDirectory() as tmp:
            s = Settings("http://quarry.invalid", "key", Path(tmp, "state"), Path(tmp, "out"))
            with mock.patch.object(mirror, "Quarry", FakeQuarry):
                self.assertEqual(mirror.sync(s), 0)
            db = sqlite3.connect(s.db_path)
            self.assertEqual(db.execute("SELECT id, email FROM candidates ORDER BY id").fetchall(),
                             [("c1", "ana@example.com"), ("c2", None)])
            self.assertEqual(db.execute("SELECT id, candidate_id FROM interviews ORDER BY id").fetchall(),
                             [("i-a1", "c1"), ("i-a2", "c2")])
            self.assertEqual(mirror.load_state(s)["tokens"], {"candidate.list": "tok-c", "application.list": "tok-a"})


if __name__ == "__main__":
    unittest.main()
