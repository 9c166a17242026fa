# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Offline checks of the independent design (no Benchline needed); replaces the starter's tests,
which test its module layout."""
from __future__ import annotations

import sqlite3
import tempfile
import unittest

from conn.sync import SCHEMA, _day, _store, _write


class Independent(unittest.TestCase):
    def test_day_in_chicago(self):
        self.assertEqual(_day(1772517600000), "2026-03-03")

    def test_roster_query(self):
        db = sqlite3.connect(":memory:")
        db.executescript(SCHEMA)
        _store(db, {"id": 2, "status": "Active", "dateBegin": 1772517600000, "customText1": None,
                    "candidate": {"id": 5, "firstName": "Ana", "lastName": "Reyes"}, "jobOrder": {"id": 8, "customText3": None}})
        _store(db, {"id": 3, "status": "Completed", "candidate": {"id": 5, "firstName": "Ana", "lastName": "Reyes"},
                    "jobOrder": {"id": 8, "customText3": None}})
        with tempfile.TemporaryDirectory() as d:
            self.assertEqual(_write(db, d), 1)
            self.assertEqual(open(f"{d}/roster.csv").read().splitlines()[1], "2,Ana Reyes,,,2026-03-03,,Active")


if __name__ == "__main__":
    unittest.main()
