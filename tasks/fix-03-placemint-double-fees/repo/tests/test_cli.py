# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def run(*args):
    return subprocess.run([sys.executable, "-m", "conn", *args], cwd=REPO, capture_output=True)


def test_week_is_required():
    assert run("post-fees").returncode == 2


def test_week_must_be_an_iso_week():
    assert run("post-fees", "--week", "2026-10").returncode == 2
