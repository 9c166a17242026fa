# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Run with `python -m unittest` (or pytest) from the repository root."""
import subprocess
import sys
import unittest
from pathlib import Path

from conn.config import Settings

ROOT = Path(__file__).resolve().parents[1]
ENV = {"WORKWELL_BASE_URL": "http://ww.test/", "WORKWELL_API_KEY": "key", "WORKWELL_TENANT": "acme",
       "IB_STATE_DIR": "/tmp/state", "IB_OUTPUT_DIR": "/tmp/out"}


class CliTest(unittest.TestCase):
    def test_usage_without_subcommand(self):
        proc = subprocess.run([sys.executable, "-m", "conn"], capture_output=True, cwd=ROOT)
        self.assertEqual(proc.returncode, 2)


class SettingsTest(unittest.TestCase):
    def test_settings_from_env(self):
        s = Settings.from_env(ENV)
        self.assertEqual(s.base_url, "http://ww.test")
        self.assertEqual(s.list_path, Path("/tmp/out/riders.csv"))

    def test_settings_name_what_is_missing(self):
        env = dict(ENV)
        del env["WORKWELL_TENANT"]
        with self.assertRaises(SystemExit) as caught:
            Settings.from_env(env)
        self.assertIn("WORKWELL_TENANT", str(caught.exception))


if __name__ == "__main__":
    unittest.main()
