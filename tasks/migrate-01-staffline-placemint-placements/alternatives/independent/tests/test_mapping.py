# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import unittest

from conn.migration import desired_fields, in_scope, match_key, ms_to_date, rate_to_cents


class MappingTests(unittest.TestCase):
    def test_rate_rounds_half_up(self):
        self.assertEqual(rate_to_cents("48.125"), 4813)
        self.assertEqual(rate_to_cents("48.124"), 4812)
        self.assertEqual(rate_to_cents("35.1"), 3510)
        self.assertEqual(rate_to_cents("0.005"), 1)

    def test_dates_are_utc(self):
        self.assertEqual(ms_to_date(1767225600000), "2026-01-01")
        self.assertIsNone(ms_to_date(None))

    def test_scope(self):
        day = 86400000
        nov30 = 1764460800000  # 2025-11-30
        self.assertTrue(in_scope({"status": "Active", "end_date": None}))
        self.assertFalse(in_scope({"status": "Ended", "end_date": nov30}))
        self.assertTrue(in_scope({"status": "Ended", "end_date": nov30 + day}))
        self.assertFalse(in_scope({"status": "Cancelled", "end_date": nov30 + 30 * day}))
        self.assertFalse(in_scope({"status": "Closed", "end_date": nov30 + 30 * day}))

    def test_legacy_placement_takes_the_jobs_client(self):
        p = {"id": 7, "candidate_id": 1, "job_id": 2, "client_code": None, "status": "Active",
             "start_date": 1767225600000, "end_date": None, "bill_rate": "48.125"}
        want = desired_fields(p, {1: {"first_name": "Hana", "last_name": "Okafor", "email": "Hana@Example.org"}},
                              {2: {"client_code": "STM-AUS", "title": "ICU RN"}})
        self.assertEqual(want, {"candidate_email": "Hana@Example.org", "candidate_name": "Hana Okafor",
                                "client_code": "STM-AUS", "start_date": "2026-01-01", "end_date": None,
                                "rate_cents": 4813, "status": "active"})

    def test_match_ignores_email_case_only(self):
        self.assertEqual(match_key("Hana@Example.org", "STM-AUS", "2026-01-01"),
                         match_key("hana@example.org", "STM-AUS", "2026-01-01"))
        self.assertNotEqual(match_key("hana@example.org", "STM-AUS", "2026-01-01"),
                            match_key("hana@example.org", "STM-AUS", "2026-01-02"))


if __name__ == "__main__":
    unittest.main()
