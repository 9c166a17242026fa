# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import csv
import tempfile
import unittest
from pathlib import Path

from conn.sync import append_rows, is_rider_job, list_row


class RiderJobTest(unittest.TestCase):
    def test_rider_titles(self):
        self.assertTrue(is_rider_job({"title": "Cargo Bike Rider - East"}))
        self.assertFalse(is_rider_job({"title": "Dispatcher"}))


class ListTest(unittest.TestCase):
    def test_row_and_append(self):
        cand = {"id": "2b7", "firstname": "Mei", "lastname": "Mbeki", "email": "mei@example.net", "phone": None,
                "job": {"shortcode": "88CF6DD8E7"}, "created_at": "2026-02-12T03:10:22Z"}
        row = list_row(cand, {"shortcode": "88CF6DD8E7", "title": "Bike Rider - Central"})
        self.assertEqual(row["applied_at"], "2026-02-12T03:10:22Z")
        self.assertEqual(row["phone"], "")
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "riders.csv"
            append_rows(path, [row])
            append_rows(path, [row])
            with open(path, newline="") as fh:
                self.assertEqual(len(list(csv.DictReader(fh))), 2)


if __name__ == "__main__":
    unittest.main()
