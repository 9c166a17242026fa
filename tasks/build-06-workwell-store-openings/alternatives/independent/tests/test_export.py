# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import unittest

from conn.export import field, parse_ts


class HelpersTest(unittest.TestCase):
    def test_field_by_key(self):
        job = {"custom_fields": [{"key": "cost_center", "value": "CC-1"}, {"key": "store_code", "value": "ST-007"}]}
        self.assertEqual(field(job, "store_code"), "ST-007")
        self.assertIsNone(field({"custom_fields": []}, "store_code"))

    def test_parse_ts(self):
        self.assertEqual(parse_ts("2026-03-02T09:00:00Z").isoformat(), "2026-03-02T09:00:00+00:00")


if __name__ == "__main__":
    unittest.main()
