# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Run with `python -m unittest` (or pytest) from the repository root."""
import datetime as dt
import subprocess
import sys
import unittest
from pathlib import Path

from conn.config import Settings
from conn.keystone import from_keystone_date, to_keystone_date

ROOT = Path(__file__).resolve().parents[1]
ENV = {"JOBSMITH_BASE_URL": "http://js.test/", "JOBSMITH_API_KEY": "key", "KEYSTONE_BASE_URL": "http://ks.test",
       "KEYSTONE_USERNAME": "u", "KEYSTONE_PASSWORD": "p", "IB_STATE_DIR": "/tmp/state", "IB_OUTPUT_DIR": "/tmp/out"}


class CliTest(unittest.TestCase):
    def test_usage_without_subcommand(self):
        proc = subprocess.run([sys.executable, "-m", "conn"], capture_output=True, cwd=ROOT)
        self.assertEqual(proc.returncode, 2)


class SettingsTest(unittest.TestCase):
    def test_settings_from_env(self):
        s = Settings.from_env(ENV)
        self.assertEqual(s.jobsmith_url, "http://js.test")
        self.assertEqual(s.review_path, Path("/tmp/out/manual_review.csv"))

    def test_settings_name_what_is_missing(self):
        env = dict(ENV)
        del env["KEYSTONE_PASSWORD"]
        with self.assertRaises(SystemExit) as caught:
            Settings.from_env(env)
        self.assertIn("KEYSTONE_PASSWORD", str(caught.exception))


class KeystoneDateTest(unittest.TestCase):
    def test_dates_round_trip(self):
        for d in (dt.date(2026, 1, 31), dt.date(2026, 4, 9), dt.date(2026, 12, 1)):
            self.assertEqual(from_keystone_date(to_keystone_date(d)), d)

    def test_an_empty_date_is_none(self):
        self.assertIsNone(from_keystone_date(None))


if __name__ == "__main__":
    unittest.main()
