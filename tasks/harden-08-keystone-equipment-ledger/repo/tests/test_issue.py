# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import subprocess
import sys
import unittest
import xml.etree.ElementTree as ET

from conn.issue import is_recorded, ks_date, new_item, norm_ref
from conn.keystone import text


class IssueTests(unittest.TestCase):
    row = {"issue_id": "FS-ISS-2101", "employee_id": "25", "kind": "Locker", "size": "",
           "asset_tag": "FS-L0101", "issued_on": "2026-06-01"}

    def test_dates_are_day_first(self):
        self.assertEqual(ks_date("2026-06-03"), "03/06/2026")

    def test_refs_compare_loosely(self):
        self.assertEqual(norm_ref(" fs-iss-2017 "), "FS-ISS-2017")

    def test_new_item_document(self):
        doc = new_item(self.row)
        self.assertTrue(ET.tostring(doc).startswith(b'<Equipment xmlns="urn:keystone:hr:2">'))
        self.assertEqual(text(doc, "Size"), None)
        self.assertEqual(text(doc, "IssuedOn"), "01/06/2026")
        self.assertTrue(is_recorded(doc, self.row))

    def test_usage(self):
        proc = subprocess.run([sys.executable, "-m", "conn"], capture_output=True)
        self.assertEqual(proc.returncode, 2)


if __name__ == "__main__":
    unittest.main()
