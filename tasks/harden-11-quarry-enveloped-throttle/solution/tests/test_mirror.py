# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The mirror against a fake Quarry: Quarry's values, the archived applications' interviews read
by id, a full read after an expired token, and nothing written after a failed page."""
from __future__ import annotations

import sqlite3
import tempfile
import unittest
from pathlib import Path
from unittest import mock

from conn import mirror
from conn.config import Settings
from conn.quarry import QuarryError

CANDS = [{"id": "c1", "name": "Ana Silva", "primaryEmailAddress": {"value": "ana@example.com"},
          "updatedAt": "2026-03-01T09:00:00.000Z"},
         {"id": "c2", "name": "Ben Okafor", "primaryEmailAddress": None, "updatedAt": "2026-03-01T10:00:00.000Z"}]
APPS = [{"id": "a1", "candidateId": "c1", "status": "Active"}, {"id": "a2", "candidateId": "c2", "status": "Archived"}]


def interview(iid, aid):
    return {"id": iid, "applicationId": aid, "status": "Scheduled", "startTime": "2026-03-05T14:00:00.000Z",
            "endTime": "2026-03-05T15:00:00.000Z", "updatedAt": "2026-03-02T08:00:00.000Z"}


class FakeQuarry:
    expired = False
    fail_archived = False

    def __init__(self, *_args, **_kw):
        self.throttled = 0

    def walk(self, method, body=None, sync_token=None, limit=100):
        if sync_token and FakeQuarry.expired:
            raise QuarryError(method, "sync_token_expired")
        if sync_token:
            return [], "tok2"
        if method == "candidate.list":
            return CANDS, "tok-c"
        if method == "application.list":
            return APPS, "tok-a"
        if body and body.get("applicationId") == "a2":
            if FakeQuarry.fail_archived:
                raise QuarryError(method, "transient")
            return [interview("i2", "a2")], None
        return [interview("i1", "a1")], "tok-i"


class MirrorTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.s = Settings("http://quarry.invalid", "key", Path(self.tmp.name, "state"), Path(self.tmp.name, "out"))
        FakeQuarry.expired = FakeQuarry.fail_archived = False
        patcher = mock.patch.object(mirror, "Quarry", FakeQuarry)
        patcher.start()
        self.addCleanup(patcher.stop)
        self.addCleanup(self.tmp.cleanup)

    def rows(self, sql):
        db = sqlite3.connect(self.s.db_path)
        try:
            return db.execute(sql).fetchall()
        finally:
            db.close()

    def test_first_run_reads_the_archived_applications_interviews_by_id(self):
        self.assertEqual(mirror.sync(self.s), 0)
        self.assertEqual(self.rows("SELECT id, email FROM candidates ORDER BY id"), [("c1", "ana@example.com"), ("c2", None)])
        self.assertEqual(self.rows("SELECT id, candidate_id FROM interviews ORDER BY id"), [("i1", "c1"), ("i2", "c2")])

    def test_expired_token_means_a_full_read_that_drops_deleted_records(self):
        mirror.sync(self.s)
        db = sqlite3.connect(self.s.db_path)
        with db:
            db.execute("INSERT INTO candidates VALUES ('gone', 'Deleted', NULL, NULL)")
        db.close()
        FakeQuarry.expired = True
        self.assertEqual(mirror.sync(self.s), 0)
        self.assertEqual(self.rows("SELECT id FROM candidates ORDER BY id"), [("c1",), ("c2",)])

    def test_a_failed_walk_writes_nothing_and_exits_non_zero(self):
        FakeQuarry.fail_archived = True
        self.assertEqual(mirror.sync(self.s), 1)
        self.assertEqual(self.rows("SELECT count(*) FROM candidates"), [(0,)])
        self.assertEqual(mirror.load_state(self.s)["tokens"], {})


if __name__ == "__main__":
    unittest.main()
