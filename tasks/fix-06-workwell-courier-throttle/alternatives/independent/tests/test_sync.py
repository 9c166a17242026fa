# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import unittest

from conn.sync import _row, is_rider_job


class AltSyncTest(unittest.TestCase):
    def test_rider_jobs(self):
        self.assertTrue(is_rider_job({"title": "Van Rider - South"}))
        self.assertFalse(is_rider_job({"title": "Hub Supervisor"}))

    def test_row_keeps_hex_id(self):
        cand = {"id": "1000", "firstname": "A", "lastname": "B", "email": None, "phone": None,
                "created_at": "2026-03-02T09:00:00Z"}
        row = _row(cand, {"shortcode": "X", "title": "Bike Rider - Central"})
        self.assertEqual(row["candidate_id"], "1000")
        self.assertEqual(row["email"], "")


if __name__ == "__main__":
    unittest.main()
