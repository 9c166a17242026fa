# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import hashlib
import hmac
import unittest

from conn.receiver import signature_ok


def sign(key: str, ts: int, body: bytes, eid: str, name: str) -> str:
    msg = str(ts).encode() + b"." + body + b"." + eid.encode() + b"." + name.encode()
    return "v1=" + hmac.new(key.encode(), msg, hashlib.sha256).hexdigest()


class SignatureTest(unittest.TestCase):
    body = b'{"id":"e1","event":"application.status.updated","data":{"applicationId":"a1"}}'

    def headers(self, key="k1", ts=1000, name="application.status.updated"):
        return {"Scoutly-Timestamp": str(ts), "Scoutly-Event-Id": "e1", "Scoutly-Event-Name": name,
                "Scoutly-Signature": sign(key, ts, self.body, "e1", name)}

    def test_genuine_and_rotation(self):
        self.assertIsNone(signature_ok(self.headers(), self.body, ["k1"], now=1000))
        h = self.headers()
        h["Scoutly-Signature"] = sign("k2", 1000, self.body, "e1", "application.status.updated") + ";" + h["Scoutly-Signature"]
        self.assertIsNone(signature_ok(h, self.body, ["k1"], now=1000))

    def test_rejects(self):
        self.assertEqual(signature_ok(self.headers("other"), self.body, ["k1"], now=1000), "signature mismatch")
        self.assertIsNotNone(signature_ok(self.headers(), self.body + b" ", ["k1"], now=1000))
        self.assertIsNotNone(signature_ok(self.headers(), self.body, ["k1"], now=1301))
        h = self.headers()
        h["Scoutly-Event-Name"] = "application.created"
        self.assertIsNotNone(signature_ok(h, self.body, ["k1"], now=1000))
        self.assertEqual(signature_ok({}, self.body, ["k1"], now=1000), "unsigned")


if __name__ == "__main__":
    unittest.main()
