# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import sqlite3
import unittest

from conn.roster import DDL, day, upsert


class RosterTest(unittest.TestCase):
    def test_day_is_the_london_calendar_day(self):
        self.assertEqual(day(1772409600000), "2026-03-02")  # GMT: London midnight is 00:00 UTC
        self.assertEqual(day(1775430000000), "2026-04-06")  # BST: 23:00 UTC the day before
        self.assertIsNone(day(None))

    def test_upsert_keeps_one_row_per_placement(self):
        db = sqlite3.connect(":memory:")
        db.executescript(DDL)
        p = {"id": 7, "status": "Approved", "candidate": {"id": 1, "name": "Ada Stone"},
             "jobOrder": {"id": 2, "customText3": None}, "customText1": "Rigger", "dateBegin": 1772517600000}
        upsert(db, p)
        upsert(db, {**p, "status": "Active"})
        self.assertEqual(db.execute("SELECT count(*), max(status), max(site_code) FROM placements").fetchone(),
                         (1, "Active", None))


if __name__ == "__main__":
    unittest.main()
