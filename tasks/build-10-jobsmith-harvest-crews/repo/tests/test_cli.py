# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import csv
import subprocess
import sys
from pathlib import Path

from conn.permit import COLUMNS, write_permit_list

REPO = Path(__file__).resolve().parent.parent


def test_usage_without_subcommand():
    proc = subprocess.run([sys.executable, "-m", "conn"], cwd=REPO, capture_output=True)
    assert proc.returncode == 2


def test_export_needs_a_cutoff():
    proc = subprocess.run([sys.executable, "-m", "conn", "export"], cwd=REPO, capture_output=True)
    assert proc.returncode == 2


def test_write_permit_list(tmp_path):
    path = write_permit_list([{"applicant_id": 7, "name": "Ana Ruiz", "eligible": True}], tmp_path)
    with open(path, newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert list(rows[0]) == COLUMNS and rows[0]["eligible"] == "true" and rows[0]["job_title"] == ""
