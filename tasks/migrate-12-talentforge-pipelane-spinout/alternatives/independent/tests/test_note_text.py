# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import unittest

from conn.migration import _epoch_ms, _note


class NoteTests(unittest.TestCase):
    def test_note_names_author_and_day(self):
        text = _note({"body": "Hi", "author": {"name": "A B"}, "created_at": "2026-01-12T10:02:44Z"})
        self.assertIn("A B", text)
        self.assertIn("2026-01-12", text)

    def test_epoch_ms_is_utc(self):
        self.assertEqual(_epoch_ms("1970-01-01T00:00:01Z"), 1000)


if __name__ == "__main__":
    unittest.main()
