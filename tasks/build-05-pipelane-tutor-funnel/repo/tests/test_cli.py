# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import csv
import subprocess
import sys
from pathlib import Path

from conn.funnel import COLUMNS, write_funnel

REPO = Path(__file__).resolve().parent.parent


def test_usage_without_subcommand():
    proc = subprocess.run([sys.executable, "-m", "conn"], cwd=REPO, capture_output=True)
    assert proc.returncode == 2


def test_funnel_needs_a_date():
    proc = subprocess.run([sys.executable, "-m", "conn", "funnel"], cwd=REPO, capture_output=True)
    assert proc.returncode == 2


def test_write_funnel(tmp_path):
    path = write_funnel([{"contact_id": "c1", "email": "a@example.com", "days_in_stage": 0}], tmp_path)
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert list(rows[0]) == COLUMNS and rows[0]["contact_id"] == "c1" and rows[0]["stage"] == ""
