# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Run with `python -m unittest` (or pytest) from the repository root."""
import tempfile
import unittest
from pathlib import Path

from conn import report


class ReportTest(unittest.TestCase):
    def test_to_row_lowercases_email(self):
        row = report.to_row({"id": "app_1", "requisition_id": "req_1", "candidate_email": " Ana.Ruiz@Example.com",
                             "stage": "applied", "status": "active", "updated_at": "2026-03-02T09:00:00Z"})
        self.assertEqual(row["candidate_email"], "ana.ruiz@example.com")
        self.assertEqual((row["id"], row["status"]), ("app_1", "active"))

    def test_save_then_load_round_trips(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "out" / "applications.csv"
            rows = {"app_2": report.to_row({"id": "app_2", "stage": "offer", "status": "offer"}),
                    "app_1": report.to_row({"id": "app_1", "stage": "applied", "status": "active"})}
            report.save(path, rows)
            loaded = report.load(path)
            self.assertEqual(list(loaded), ["app_1", "app_2"])
            self.assertEqual(loaded["app_2"]["stage"], "offer")


if __name__ == "__main__":
    unittest.main()
