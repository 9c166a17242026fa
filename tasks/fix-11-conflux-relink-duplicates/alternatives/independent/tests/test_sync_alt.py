# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
import csv
import sqlite3

from conn import sync


def test_csv_from_copy(tmp_path, monkeypatch):
    monkeypatch.setenv("IB_STATE_DIR", str(tmp_path / "s"))
    monkeypatch.setenv("IB_OUTPUT_DIR", str(tmp_path / "o"))
    db = sync._open_db()
    db.execute("INSERT INTO cand VALUES ('12', 'cand_b', 'A', 'B', '', '', '2026-03-02T09:00:00Z')")
    db.execute("INSERT INTO cand VALUES ('9', 'cand_a', 'C', 'D', 'c@d', 'X', '2026-03-02T09:00:00Z')")
    sync._write_csv(db)
    with open(tmp_path / "o" / "candidates.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert [r["remote_id"] for r in rows] == ["9", "12"] and list(rows[0]) == sync.COLUMNS
    assert isinstance(db, sqlite3.Connection)
