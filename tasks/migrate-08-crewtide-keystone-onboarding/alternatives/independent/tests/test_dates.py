# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import unittest

from conn.migration import local_day


class DateTests(unittest.TestCase):
    def test_early_utc_morning_is_the_evening_before_in_alder(self):
        self.assertEqual(local_day("2026-03-03T02:30:00Z"), "02/03/2026")
        self.assertEqual(local_day("2026-03-03T12:00:00Z"), "03/03/2026")
        self.assertIsNone(local_day(None))


if __name__ == "__main__":
    unittest.main()
