# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Failures inside Quarry's 200 answers: refused jobs are skipped, other failures end the walk."""
import unittest

from conn.planner import IncompleteWalk, applications
from conn.quarry import QuarryError


class FakeQuarry:
    def __init__(self, by_job):
        self.by_job = by_job

    def pages(self, method, body=None, limit=25):
        rows = self.by_job[body["jobId"]]
        if isinstance(rows, str):
            raise QuarryError(method, {"code": rows})
        yield {"success": True, "results": rows, "moreDataAvailable": False}


class WalkTest(unittest.TestCase):
    def test_refused_job_is_skipped_and_the_walk_goes_on(self):
        q = FakeQuarry({"j1": [{"id": "a1"}], "j2": "confidential_job", "j3": [{"id": "a3"}]})
        skipped = []
        seen = [a["id"] for a in applications(q, [{"id": "j1"}, {"id": "j2"}, {"id": "j3"}], skipped)]
        self.assertEqual(seen, ["a1", "a3"])
        self.assertEqual(skipped, [{"id": "j2"}])

    def test_other_failure_ends_the_walk(self):
        q = FakeQuarry({"j1": [{"id": "a1"}], "j2": "internal_error"})
        with self.assertRaises(IncompleteWalk):
            list(applications(q, [{"id": "j1"}, {"id": "j2"}], []))


if __name__ == "__main__":
    unittest.main()
