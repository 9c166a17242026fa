# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import hashlib
import hmac
import time
import unittest

from conn import receiver


class AuthenticTest(unittest.TestCase):
    def test_signed_fresh_delivery_passes_and_edits_fail(self):
        receiver.keys.clear()
        receiver.keys.add("k")
        receiver.keys_fetched_at[0] = time.time()
        ts = str(int(time.time()))
        body = b'{"id":"e","event":"application.status.updated"}'
        sig = hmac.new(b"k", ts.encode() + b"." + body + b".e.application.status.updated", hashlib.sha256).hexdigest()
        h = {"Scoutly-Timestamp": ts, "Scoutly-Event-Id": "e", "Scoutly-Event-Name": "application.status.updated",
             "Scoutly-Signature": "v1=" + sig}
        self.assertTrue(receiver.authentic(h, body))
        self.assertFalse(receiver.authentic(h, body + b"x"))
        self.assertFalse(receiver.authentic({**h, "Scoutly-Timestamp": str(int(ts) - 400)}, body))


if __name__ == "__main__":
    unittest.main()
