# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import base64
import hashlib
import hmac
import time
import unittest

from conn.receiver import valid


class ValidTest(unittest.TestCase):
    def test_standard_webhooks(self):
        sec = "whsec_" + base64.b64encode(b"k" * 24).decode()
        ts = str(int(time.time()))
        body = b'{"type":"check.completed"}'
        sig = base64.b64encode(hmac.new(b"k" * 24, f"msg_1.{ts}.".encode() + body, hashlib.sha256).digest()).decode()
        h = {"webhook-id": "msg_1", "webhook-timestamp": ts, "webhook-signature": "v1," + sig}
        self.assertTrue(valid(h, body, sec))
        self.assertFalse(valid(h, body + b" ", sec))
        self.assertFalse(valid({**h, "webhook-timestamp": str(int(ts) - 400)}, body, sec))


if __name__ == "__main__":
    unittest.main()
