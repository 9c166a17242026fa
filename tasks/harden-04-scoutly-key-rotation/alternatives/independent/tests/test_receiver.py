# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The command line (the receiver's checks are in test_keyring.py)."""
import subprocess
import sys
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


class CliTest(unittest.TestCase):
    def test_usage_without_subcommand(self):
        proc = subprocess.run([sys.executable, "-m", "conn"], capture_output=True, cwd=ROOT)
        self.assertEqual(proc.returncode, 2)
        self.assertIn(b"backfill", proc.stderr)


if __name__ == "__main__":
    unittest.main()
