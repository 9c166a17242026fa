# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import unittest
import xml.etree.ElementTree as ET

from conn.issue import Job, day_first, key
from conn.ks_http import child, put_child, tag


class JobTests(unittest.TestCase):
    def test_keys_ignore_case_and_spaces(self):
        self.assertEqual(key(" FS-ISS-2022 "), key("fs-iss-2022"))

    def test_day_first(self):
        self.assertEqual(day_first("2026-06-01"), "01/06/2026")

    def test_done(self):
        doc = ET.Element(tag("Equipment"))
        put_child(doc, "Status", "issued")
        put_child(doc, "AssetTag", "FS-A1")
        self.assertTrue(Job.done(doc, {"asset_tag": "FS-A1"}))
        put_child(doc, "AssetTag", "")
        self.assertIsNone(child(doc, "AssetTag"))


if __name__ == "__main__":
    unittest.main()
