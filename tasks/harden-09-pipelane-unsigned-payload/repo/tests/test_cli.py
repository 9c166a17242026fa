# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import subprocess
import sys


def test_usage_without_subcommand():
    proc = subprocess.run([sys.executable, "-m", "conn"], capture_output=True)
    assert proc.returncode == 2
