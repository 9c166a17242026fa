# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Run with `python -m unittest` (or pytest) from the repository root."""
import os
import subprocess
import sys
import unittest
from pathlib import Path
from unittest import mock

from conn import config

ROOT = Path(__file__).resolve().parents[1]


class CliTest(unittest.TestCase):
    def test_usage_without_subcommand(self):
        proc = subprocess.run([sys.executable, "-m", "conn"], capture_output=True, cwd=ROOT)
        self.assertEqual(proc.returncode, 2)


class ConfigTest(unittest.TestCase):
    def test_urls_without_trailing_slash(self):
        with mock.patch.dict(os.environ, {"HIREHARBOR_BASE_URL": "http://h/", "CLEARCHECK_BASE_URL": "http://c/"}):
            self.assertEqual(config.hireharbor_url(), "http://h")
            self.assertEqual(config.clearcheck_url(), "http://c")


if __name__ == "__main__":
    unittest.main()
