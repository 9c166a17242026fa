# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import datetime as dt
import unittest

from conn.keystone import from_keystone_date, to_keystone_date
from conn.push import start_date


class DatesTest(unittest.TestCase):
    def test_the_hire_date_is_the_first_day_as_jobsmith_shows_it(self):
        self.assertEqual(start_date("2026-04-09"), dt.date(2026, 4, 9))

    def test_keystone_dates_are_day_first(self):
        self.assertEqual(to_keystone_date(dt.date(2026, 4, 9)), "09/04/2026")
        self.assertEqual(from_keystone_date("04/08/2026"), dt.date(2026, 8, 4))


if __name__ == "__main__":
    unittest.main()
