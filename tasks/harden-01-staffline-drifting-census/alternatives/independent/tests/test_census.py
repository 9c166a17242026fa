# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import subprocess
import sys
import unittest
from unittest import mock

from conn import census
from conn.census import census_row, ms_to_date, walk_by_id
from conn.staffline import TransientError, retry_after_seconds


class CensusTests(unittest.TestCase):
    def test_dates_are_utc_days(self):
        self.assertEqual(ms_to_date(1767225600000), "2026-01-01")
        self.assertEqual(ms_to_date(None), "")

    def test_row_layout(self):
        p = {"id": 1042, "external_ref": "ASN-4417203", "candidate_id": 311, "job_id": 17, "status": "Active",
             "start_date": 1767225600000, "end_date": None, "bill_rate": "48.125"}
        self.assertEqual(census_row(p), [1042, "ASN-4417203", 311, 17, "Active", "2026-01-01", "", "48.125"])

    def test_usage(self):
        proc = subprocess.run([sys.executable, "-m", "conn"], capture_output=True)
        self.assertEqual(proc.returncode, 2)


class RetryAfterTests(unittest.TestCase):
    def test_seconds(self):
        self.assertEqual(retry_after_seconds("7"), 7.0)
        self.assertIsNone(retry_after_seconds(None))

    def test_http_date_against_sender_clock(self):
        # 2026-03-02 09:05:00 GMT is 300 s after 09:00:00 GMT (1772442000)
        self.assertEqual(retry_after_seconds("Mon, 02 Mar 2026 09:05:00 GMT", now=1772442000.0), 300.0)
        self.assertEqual(retry_after_seconds("Mon, 02 Mar 2026 08:00:00 GMT", now=1772442000.0), 0.0)


class FakeList:
    """An id-ordered list that changes after every request, like StaffLine at month end."""

    def __init__(self, ids, on_request=None, fail_every=0):
        self.ids = list(ids)
        self.on_request = on_request
        self.calls = 0
        self.fail_every = fail_every

    def get(self, target, validate=None):
        self.calls += 1
        if self.fail_every and self.calls % self.fail_every == 0:
            raise TransientError("boom")  # the real client retries in place; here it must surface
        query = dict(part.split("=") for part in target.split("?", 1)[1].split("&"))
        start, count = int(query["start"]), int(query["count"])
        data = [{"id": i} for i in self.ids[start:start + count]]
        doc = {"data": data, "start": start, "count": len(data), "total": len(self.ids)}
        if validate:
            validate(doc)
        if self.on_request:
            self.on_request(self)
        return doc


class WalkTests(unittest.TestCase):
    def test_deletions_before_position_do_not_hide_records(self):
        def churn(fake):
            # after every page, delete the two lowest ids still there
            if fake.calls <= 4:
                del fake.ids[0:2]
        fake = FakeList(range(1, 51), on_request=churn)
        with mock.patch.object(census, "PAGE_SIZE", 10):
            seen, _ = walk_by_id(fake, "/v1/placements")
        survivors = set(fake.ids)
        self.assertTrue(survivors <= set(seen), sorted(survivors - set(seen)))

    def test_new_records_at_the_end_are_picked_up(self):
        def grow(fake):
            if fake.calls <= 3:
                fake.ids.append(max(fake.ids) + 1)
        fake = FakeList(range(1, 31), on_request=grow)
        with mock.patch.object(census, "PAGE_SIZE", 10):
            seen, _ = walk_by_id(fake, "/v1/placements")
        self.assertEqual(set(seen), set(fake.ids))


if __name__ == "__main__":
    unittest.main()
