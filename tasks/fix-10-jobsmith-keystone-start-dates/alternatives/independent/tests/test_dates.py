# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import datetime as dt
import unittest

from conn.clients import iso_to_date, ks_format, ks_parse


class DatesTest(unittest.TestCase):
    def test_jobsmith_dates_are_taken_as_they_are(self):
        self.assertEqual(iso_to_date("2026-04-09"), dt.date(2026, 4, 9))

    def test_keystone_is_day_first(self):
        self.assertEqual(ks_format(dt.date(2026, 4, 9)), "09/04/2026")
        self.assertEqual(ks_parse("04/08/2026"), dt.date(2026, 8, 4))


if __name__ == "__main__":
    unittest.main()
