# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import unittest

from conn.crewtide import _field
from conn.sync import _apply


class AltSyncTest(unittest.TestCase):
    def test_ratelimit_fields(self):
        self.assertEqual(_field('"burst";r=0;t=7', "t"), 7.0)
        self.assertEqual(_field('"burst";r=12;t=3', "r"), 12.0)
        self.assertIsNone(_field("", "t"))

    def test_apply_adds_and_drops_by_tag(self):
        vols = {"5": {"candidate_id": "5"}}
        _apply(vols, {"data": [
            {"type": "candidates", "id": "5", "attributes": {"tags": ["withdrawn-2026"]}},
            {"type": "candidates", "id": "6", "attributes": {"tags": ["volunteer-2026"], "given-name": "A"}}]})
        self.assertEqual(sorted(vols), ["6"])


if __name__ == "__main__":
    unittest.main()
