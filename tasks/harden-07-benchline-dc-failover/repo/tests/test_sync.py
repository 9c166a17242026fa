# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Offline checks of the roster rules (no Benchline needed): python -m unittest"""
from __future__ import annotations

import unittest

from conn.__main__ import main
from conn.sync import State, local_date, to_row


class RosterRules(unittest.TestCase):
    def test_dates_are_benchline_calendar_days(self):
        self.assertEqual(local_date(1772517600000), "2026-03-03")  # 00:00 in America/Chicago
        self.assertIsNone(local_date(None))

    def test_row_from_a_placement(self):
        p = {"id": 42, "status": "Active", "dateBegin": 1772517600000, "dateEnd": None, "customText1": "Track Worker",
             "candidate": {"id": 7, "firstName": "Ana", "lastName": "Reyes"}, "jobOrder": {"id": 3, "customText3": "CVR-05"}}
        row = to_row(p)
        self.assertEqual((row["placement_id"], row["worker"], row["site_code"], row["role"], row["date_begin"],
                          row["date_end"], row["status"]),
                         (42, "Ana Reyes", "CVR-05", "Track Worker", "2026-03-03", None, "Active"))

    def test_out_of_scope_placements_leave(self):
        st = State.__new__(State)
        st.roster = {}
        st.apply({"id": 1, "status": "Approved", "candidate": {"id": 1}, "jobOrder": {"id": 1}})
        self.assertIn("1", st.roster)
        st.apply({"id": 1, "status": "Completed"})
        self.assertNotIn("1", st.roster)

    def test_cli_needs_its_environment(self):
        import os
        saved = {k: os.environ.pop(k) for k in ("BENCHLINE_BASE_URL", "IB_STATE_DIR") if k in os.environ}
        try:
            with self.assertRaises(SystemExit):
                main(["sync"])
        finally:
            os.environ.update(saved)


if __name__ == "__main__":
    unittest.main()
