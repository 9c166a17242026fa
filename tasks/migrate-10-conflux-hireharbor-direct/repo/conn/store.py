# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The analytics store: $IB_OUTPUT_DIR/store.db (SQLite), tables `candidates` and `annotations`."""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path


def path() -> Path:
    return Path(os.environ.get("IB_OUTPUT_DIR", ".")) / "store.db"


def connect() -> sqlite3.Connection:
    db = sqlite3.connect(path())
    db.row_factory = sqlite3.Row
    return db
