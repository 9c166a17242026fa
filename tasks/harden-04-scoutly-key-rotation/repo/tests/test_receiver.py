# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Run with `python -m unittest` (or pytest) from the repository root."""
import hashlib
import hmac
import os
import subprocess
import sys
import unittest
from pathlib import Path
from unittest import mock

from conn import config
from conn.receiver import signature_ok

ROOT = Path(__file__).resolve().parents[1]


def signed(body: bytes, keys: list[str], ts: int, event_id="e1", name="application.status.updated") -> dict:
    msg = str(ts).encode() + b"." + body + b"." + event_id.encode() + b"." + name.encode()
    sig = ";".join("v1=" + hmac.new(k.encode(), msg, hashlib.sha256).hexdigest() for k in keys)
    return {"Scoutly-Timestamp": str(ts), "Scoutly-Signature": sig, "Scoutly-Event-Id": event_id,
            "Scoutly-Event-Name": name}


class SignatureTest(unittest.TestCase):
    body = b'{"id":"e1","event":"application.status.updated","data":{"applicationId":"a1"}}'

    def test_genuine_delivery_passes(self):
        now = 1_780_000_000
        self.assertIsNone(signature_ok(signed(self.body, ["k1"], now), self.body, ["k1"], now))

    def test_wrong_key_and_stale_timestamp_fail(self):
        now = 1_780_000_000
        self.assertEqual(signature_ok(signed(self.body, ["nope"], now), self.body, ["k1"], now), "signature mismatch")
        self.assertEqual(signature_ok(signed(self.body, ["k1"], now - 900), self.body, ["k1"], now),
                         "timestamp outside the tolerance")

    def test_edited_body_fails(self):
        now = 1_780_000_000
        h = signed(self.body, ["k1"], now)
        self.assertEqual(signature_ok(h, self.body.replace(b"a1", b"a2"), ["k1"], now), "signature mismatch")


class CliTest(unittest.TestCase):
    def test_usage_without_subcommand(self):
        proc = subprocess.run([sys.executable, "-m", "conn"], capture_output=True, cwd=ROOT)
        self.assertEqual(proc.returncode, 2)
        self.assertIn(b"backfill", proc.stderr)

    def test_board_lives_in_the_output_folder(self):
        with mock.patch.dict(os.environ, {"IB_OUTPUT_DIR": "/tmp/out", "IB_RECEIVER_URL": "https://hooks.test/"}):
            self.assertEqual(config.board_file(), Path("/tmp/out/accredited.db"))
            self.assertEqual(config.receiver_url(), "https://hooks.test")


if __name__ == "__main__":
    unittest.main()
