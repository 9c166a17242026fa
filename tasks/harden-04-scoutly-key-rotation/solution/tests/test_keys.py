# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The key set: a previous key dies at its expiresOn on Scoutly's clock; refreshes replace."""
import os
import time
import unittest
from unittest import mock

from conn.keys import Keys, parse_instant


class FakeApi:
    def __init__(self, offset_s: float):
        self.clock_offset_s = offset_s


class KeysTest(unittest.TestCase):
    def test_previous_key_expires_on_scoutlys_clock(self):
        with mock.patch.dict(os.environ, {"SCOUTLY_WEBHOOK_SECRET": "k0"}):
            keys = Keys(FakeApi(200.0))
        # Scoutly is 200 s ahead: a key expiring 100 s after our now already expired on Scoutly's clock.
        keys.keys = [("k1", None), ("k0", time.time() + 100)]
        self.assertEqual(keys.live(), ["k1"])
        keys.keys = [("k1", None), ("k0", time.time() + 300)]
        self.assertEqual(keys.live(), ["k1", "k0"])

    def test_parse_instant(self):
        self.assertEqual(parse_instant("1970-01-01T00:00:10.000Z"), 10.0)
        self.assertIsNone(parse_instant(None))


if __name__ == "__main__":
    unittest.main()
