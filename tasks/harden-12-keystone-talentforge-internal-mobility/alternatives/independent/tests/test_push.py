# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Run with `python -m unittest` (or pytest) from the repository root."""
import unittest

from conn.keystone import keystone_date
from conn.push import Person, settle


class FakeTF:
    def __init__(self):
        self.created, self.patched = [], []

    def create(self, body):
        self.created.append(body)
        return body

    def patch(self, cid, body):
        self.patched.append((cid, body))
        return body


def person(opted=True):
    return Person("K100004", "Ann", "Lee", "ann@halvard.example", None, "2025-11-03", opted)


class PushTest(unittest.TestCase):
    def test_day_first(self):
        self.assertEqual(keystone_date("03/11/2025").isoformat(), "2025-11-03")

    def test_create_when_missing(self):
        tf = FakeTF()
        self.assertEqual(settle(tf, person(), []), "created")
        self.assertEqual(tf.created[0]["external_id"], "KS-K100004")

    def test_opt_out_tags(self):
        tf = FakeTF()
        cand = {"id": "cand_1", "created_at": "x", "tags": ["vip"]}
        self.assertEqual(settle(tf, person(False), [cand]), "updated")
        self.assertEqual(tf.patched, [("cand_1", {"tags": ["vip", "mobility-withdrawn"]})])

    def test_never_opted_in_skipped(self):
        self.assertEqual(settle(FakeTF(), person(False), []), "skipped")


if __name__ == "__main__":
    unittest.main()
