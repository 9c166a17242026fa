# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import unittest

from conn.client import wait_seconds
from conn.verify import row_for


class RowTest(unittest.TestCase):
    def test_rows(self):
        self.assertEqual(row_for("cand_1", "41", None), ["cand_1", "41", "not_found", "", ""])
        rec = {"id": "cand_2", "first_name": "Ana", "last_name": "Ruiz", "modified_at": "2026-01-01T00:00:00Z",
               "remote_was_deleted": True}
        self.assertEqual(row_for("cand_1", "41", rec), ["cand_2", "41", "deleted", "Ana Ruiz", "2026-01-01T00:00:00Z"])

    def test_wait_seconds(self):
        self.assertEqual(wait_seconds("3"), 3.0)
        self.assertEqual(wait_seconds(None), 10.0)


if __name__ == "__main__":
    unittest.main()
