# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import unittest

from conn.migration import utc


class UtcTests(unittest.TestCase):
    def test_epoch_ms_to_iso_utc(self):
        self.assertEqual(utc(1772441959162), "2026-03-02T08:59:19Z")


if __name__ == "__main__":
    unittest.main()
