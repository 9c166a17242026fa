# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import subprocess
import sys
import unittest


class CliTests(unittest.TestCase):
    def test_usage_without_subcommand(self):
        proc = subprocess.run([sys.executable, "-m", "conn"], capture_output=True)
        self.assertEqual(proc.returncode, 2)

    def test_migrate_needs_the_maps(self):
        proc = subprocess.run([sys.executable, "-m", "conn", "migrate"], capture_output=True)
        self.assertEqual(proc.returncode, 2)


if __name__ == "__main__":
    unittest.main()
