# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import time
import unittest

from conn.sync import candidates_from
from conn.workwell import Workwell


class ResetTest(unittest.TestCase):
    def test_reset_as_seconds_left_or_epoch(self):
        self.assertEqual(Workwell._reset_seconds("7"), 7.0)
        self.assertAlmostEqual(Workwell._reset_seconds(str(int(time.time()) + 5)), 5.0, delta=1.5)
        self.assertIsNone(Workwell._reset_seconds("soon"))


class FakeWorkwell:
    def __init__(self, ids):
        self.ids, self.calls = ids, []

    def get(self, path, params=None):
        self.calls.append(dict(params or {}))
        since = int(params.get("since_id", "0"), 16)
        rows = [{"id": format(n, "x")} for n in self.ids if n >= since][: params["limit"]]
        more = rows and int(rows[-1]["id"], 16) < max(self.ids)
        return {"candidates": rows, **({"paging": {"next": "x"}} if more else {})}


class WalkTest(unittest.TestCase):
    def test_since_id_is_hex(self):
        ww = FakeWorkwell([0xffe, 0xfff, 0x1000, 0x1001])
        got = [c["id"] for c in candidates_from(ww, "fff")]
        self.assertEqual(got, ["fff", "1000", "1001"])
        self.assertEqual(ww.calls[0]["since_id"], "fff")


class ClockTest(unittest.TestCase):
    def test_changed_since_on_workwells_clock(self):
        from conn.sync import workwell_now

        class WW:
            first_date = "Mon, 02 Mar 2026 09:00:05 GMT"
        self.assertEqual(workwell_now(WW()), "2026-03-02T09:00:03Z")


if __name__ == "__main__":
    unittest.main()
