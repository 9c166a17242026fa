# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The snapshot file: SQLite, one table `candidates`, replaced as a whole at the end of a run."""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from conn import config

COLUMNS = ["id", "external_id", "first_name", "last_name", "email", "phone", "city", "updated_on"]


def row(c: dict) -> dict:
    """Scoutly's candidate JSON as a snapshot row."""
    return {"id": c["id"], "external_id": c.get("externalId"), "first_name": c.get("firstName"),
            "last_name": c.get("lastName"), "email": c.get("email"), "phone": c.get("phoneNumber"),
            "city": (c.get("location") or {}).get("city"), "updated_on": c.get("updatedOn")}


def write(rows: list[dict], path: Path | None = None) -> int:
    """Write the snapshot to a temporary file and move it into place, so planners never read half a file."""
    path = path or config.snapshot_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.unlink(missing_ok=True)
    db = sqlite3.connect(tmp)
    try:
        db.execute("CREATE TABLE candidates (id TEXT PRIMARY KEY, external_id TEXT, first_name TEXT, "
                   "last_name TEXT, email TEXT, phone TEXT, city TEXT, updated_on TEXT)")
        db.executemany(f"INSERT INTO candidates ({', '.join(COLUMNS)}) VALUES ({', '.join('?' for _ in COLUMNS)})",
                       [[r[c] for c in COLUMNS] for r in rows])
        db.commit()
    finally:
        db.close()
    os.replace(tmp, path)
    return len(rows)
