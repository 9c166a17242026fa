# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Run with `python -m unittest` (or pytest) from the repository root."""
import subprocess
import sys
import unittest
from pathlib import Path

from conn.config import Settings, load_departments

ROOT = Path(__file__).resolve().parents[1]
ENV = {"WORKWELL_BASE_URL": "http://ww.test/", "WORKWELL_API_KEY": "key", "WORKWELL_TENANT": "city",
       "KEYSTONE_BASE_URL": "http://ks.test", "KEYSTONE_USERNAME": "u", "KEYSTONE_PASSWORD": "p",
       "IB_STATE_DIR": "/tmp/state", "IB_OUTPUT_DIR": "/tmp/out"}


class CliTest(unittest.TestCase):
    def test_usage_without_subcommand(self):
        proc = subprocess.run([sys.executable, "-m", "conn"], capture_output=True, cwd=ROOT)
        self.assertEqual(proc.returncode, 2)


class SettingsTest(unittest.TestCase):
    def test_settings_from_env(self):
        s = Settings.from_env(ENV)
        self.assertEqual(s.workwell_url, "http://ww.test")
        self.assertEqual(s.log_path, Path("/tmp/out/provision_log.csv"))

    def test_settings_name_what_is_missing(self):
        env = dict(ENV)
        del env["KEYSTONE_PASSWORD"]
        with self.assertRaises(SystemExit) as caught:
            Settings.from_env(env)
        self.assertIn("KEYSTONE_PASSWORD", str(caught.exception))


class DepartmentsTest(unittest.TestCase):
    def test_the_mapping_sheet_loads(self):
        mapping = load_departments()
        self.assertEqual(mapping["Finance"], "Finance & Payroll")


if __name__ == "__main__":
    unittest.main()
