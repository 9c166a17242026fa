# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import hashlib
import hmac
import os
import time
import unittest
from unittest import mock

from conn.keyring import Keyring


def sign(keys, body, ts):
    msg = f"{ts}.".encode() + body + b".e1.application.updated"
    return {"Scoutly-Timestamp": str(ts), "Scoutly-Event-Id": "e1", "Scoutly-Event-Name": "application.updated",
            "Scoutly-Signature": ";".join("v1=" + hmac.new(k.encode(), msg, hashlib.sha256).hexdigest() for k in keys)}


class KeyringTest(unittest.TestCase):
    def test_only_current_keys_after_a_read(self):
        with mock.patch.dict(os.environ, {"SCOUTLY_WEBHOOK_SECRET": "old"}):
            ring = Keyring(None, "https://x/scoutly/events")
        ring.read_at = time.monotonic()  # no re-read in this test
        now = int(time.time())
        self.assertTrue(ring.genuine(sign(["old"], b"{}", now), b"{}"))
        ring.trusted = {"new"}
        self.assertTrue(ring.genuine(sign(["new", "old"], b"{}", now), b"{}"))
        self.assertFalse(ring.genuine(sign(["old"], b"{}", now), b"{}"))


if __name__ == "__main__":
    unittest.main()
