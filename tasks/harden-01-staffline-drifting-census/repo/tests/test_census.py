# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import subprocess
import sys
import unittest

from conn.census import census_row, ms_to_date


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


if __name__ == "__main__":
    unittest.main()
