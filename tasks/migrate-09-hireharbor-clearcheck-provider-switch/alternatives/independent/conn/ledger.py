# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Our own record of what we ordered (SQLite in IB_STATE_DIR): application → check, the
check's last known status, and the ClearCheck watermark for incremental polling."""
import sqlite3

from conn import config


def open_ledger() -> sqlite3.Connection:
    db = sqlite3.connect(config.state_dir() / "ledger.db", isolation_level=None)
    db.executescript("""
        CREATE TABLE IF NOT EXISTS orders (app_id INTEGER PRIMARY KEY, check_id TEXT NOT NULL,
            status TEXT, result TEXT, completed_at TEXT, written TEXT);
        CREATE TABLE IF NOT EXISTS people (hh_candidate_id INTEGER PRIMARY KEY, cc_candidate_id TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS kv (k TEXT PRIMARY KEY, v TEXT);
    """)
    return db


def get(db, k):
    row = db.execute("SELECT v FROM kv WHERE k = ?", (k,)).fetchone()
    return row[0] if row else None


def put(db, k, v):
    db.execute("INSERT INTO kv (k, v) VALUES (?, ?) ON CONFLICT(k) DO UPDATE SET v = excluded.v", (k, v))
