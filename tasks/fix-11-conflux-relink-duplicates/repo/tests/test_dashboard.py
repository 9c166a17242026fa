# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import csv
import subprocess
import sys

from conn import dashboard

CAND = {"id": "cand_00049de7b34f", "remote_id": "4101047", "first_name": "Rhea", "last_name": "Fernandes",
        "title": None, "email_addresses": [{"value": "rhea@example.com", "type": "PERSONAL"},
                                           {"value": "rhea@work.example", "type": "WORK"}],
        "modified_at": "2026-03-01T07:01:05Z", "remote_was_deleted": False}


def test_row_takes_the_first_address_and_blank_title():
    r = dashboard.row(CAND)
    assert r["email"] == "rhea@example.com" and r["title"] == "" and r["conflux_id"] == "cand_00049de7b34f"
    assert r["modified_at"] == "2026-03-01T07:01:05Z"


def test_write_has_the_dashboard_columns(tmp_path, monkeypatch):
    monkeypatch.setenv("IB_OUTPUT_DIR", str(tmp_path))
    dashboard.write([dashboard.row(CAND)])
    with open(tmp_path / "candidates.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert list(rows[0]) == dashboard.COLUMNS and rows[0]["remote_id"] == "4101047"


def test_usage_without_subcommand():
    assert subprocess.run([sys.executable, "-m", "conn"], capture_output=True).returncode == 2
