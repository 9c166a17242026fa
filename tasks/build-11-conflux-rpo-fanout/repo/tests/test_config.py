# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Run with `python -m unittest` (or pytest) from the repository root."""
import subprocess
import sys
import unittest
from pathlib import Path

from conn.config import Settings, load_clients

ROOT = Path(__file__).resolve().parents[1]


class ConfigTest(unittest.TestCase):
    def test_usage_without_subcommand(self):
        proc = subprocess.run([sys.executable, "-m", "conn"], capture_output=True, cwd=ROOT)
        self.assertEqual(proc.returncode, 2)

    def test_settings_from_env(self):
        s = Settings.from_env({"CONFLUX_BASE_URL": "http://cfx.test/", "CONFLUX_API_KEY": "k",
                               "IB_STATE_DIR": "/tmp/s", "IB_OUTPUT_DIR": "/tmp/o"})
        self.assertEqual(s.base_url, "http://cfx.test")
        self.assertEqual(s.store_path, Path("/tmp/o/sourcing.sqlite"))

    def test_accounts_file(self):
        path = ROOT / "materials" / "accounts.yaml"
        if not path.exists():
            self.skipTest("materials/accounts.yaml is not next to the repository")
        clients = load_clients(path)
        self.assertEqual([c.client for c in clients], ["ashford", "brightwater", "cobalt"])
        self.assertEqual(clients[1].token_env, "CONFLUX_ACCOUNT_TOKEN_B")


if __name__ == "__main__":
    unittest.main()
