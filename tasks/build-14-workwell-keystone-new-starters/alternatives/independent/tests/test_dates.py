# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import unittest

from conn.sources import iso_from_ks, ks_date


class DatesTest(unittest.TestCase):
    def test_day_first(self):
        self.assertEqual(ks_date("2026-04-06"), "06/04/2026")
        self.assertEqual(iso_from_ks("06/04/2026"), "2026-04-06")


if __name__ == "__main__":
    unittest.main()
