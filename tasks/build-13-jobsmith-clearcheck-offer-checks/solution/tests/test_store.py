# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import base64
import hashlib
import hmac
import os
import tempfile
import unittest
from unittest import mock

from conn import store
from conn.receiver import verify


class MergeTest(unittest.TestCase):
    def test_never_backwards_and_twice_is_once(self):
        with tempfile.TemporaryDirectory() as out, mock.patch.dict(os.environ, {"IB_OUTPUT_DIR": out}):
            db = store.connect()
            done = {"id": "chk_1", "external_id": "38", "status": "complete", "result": "clear",
                    "completed_at": "2026-03-02T15:00:00Z", "updated_at": "2026-03-02T15:00:00Z"}
            store.merge(db, done)
            store.merge(db, {**done, "status": "in_progress", "result": None, "completed_at": None})
            store.merge(db, done)
            self.assertEqual(db.execute("SELECT applicant_id, status, result FROM checks").fetchall(),
                             [(38, "complete", "clear")])

    def test_adopted_hand_check_follows_its_row(self):
        with tempfile.TemporaryDirectory() as out, mock.patch.dict(os.environ, {"IB_OUTPUT_DIR": out}):
            db = store.connect()
            hand = {"id": "chk_2", "external_id": "Painswick offer", "status": "in_progress",
                    "updated_at": "2026-03-01T09:21:00Z"}
            store.merge(db, hand)  # nobody's yet: not recorded
            self.assertEqual(db.execute("SELECT count(*) FROM checks").fetchone(), (0,))
            store.merge(db, hand, 7, applicant_id=44)
            store.merge(db, {**hand, "status": "complete", "result": "consider",
                             "completed_at": "2026-03-03T05:00:00Z", "updated_at": "2026-03-03T05:00:00Z"})
            self.assertEqual(db.execute("SELECT applicant_id, status, result, job_id FROM checks").fetchall(),
                             [(44, "complete", "consider", 7)])


class VerifyTest(unittest.TestCase):
    def test_standard_webhooks(self):
        secret = "whsec_" + base64.b64encode(b"0123456789abcdef").decode()
        body = b'{"type":"check.completed"}'
        sig = base64.b64encode(hmac.new(b"0123456789abcdef", b"msg_1.1000." + body, hashlib.sha256).digest()).decode()
        h = {"webhook-id": "msg_1", "webhook-timestamp": "1000", "webhook-signature": "v1,bogus v1," + sig}
        self.assertIsNone(verify(h, body, secret, 1100))
        self.assertEqual(verify(h, body, secret, 1400), "stale")
        self.assertEqual(verify(h, body + b" ", secret, 1000), "signature mismatch")


if __name__ == "__main__":
    unittest.main()
