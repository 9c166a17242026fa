# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import unittest

from conn.sync import as_row


class RowTest(unittest.TestCase):
    def test_row(self):
        row = as_row({"id": "cand_1", "remote_id": 41, "first_name": "Ana", "last_name": "Lee",
                      "email_addresses": [{"value": "A@X.example"}, {"value": "b@y.example"}],
                      "modified_at": "2026-03-01T00:00:00Z", "remote_was_deleted": True})
        self.assertEqual(row["remote_id"], "41")
        self.assertEqual(row["emails"], "a@x.example;b@y.example")
        self.assertEqual((row["name"], row["deleted"]), ("Ana Lee", 1))


if __name__ == "__main__":
    unittest.main()
