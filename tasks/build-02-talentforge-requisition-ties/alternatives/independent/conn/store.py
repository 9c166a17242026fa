# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""The planning store (SQLite) and the mapping of TalentForge records onto its rows."""
from __future__ import annotations

import logging
import sqlite3
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable

log = logging.getLogger("conn.store")

STATUS_MAP = {"OPEN": "open", "PAUSED": "on_hold", "FILLED": "filled", "CLOSED": "cancelled"}

SCHEMA = """
CREATE TABLE IF NOT EXISTS requisitions (
    tf_id      TEXT PRIMARY KEY,
    code       TEXT,
    title      TEXT,
    site       TEXT,
    status     TEXT,
    headcount  INTEGER,
    hm_email   TEXT,
    updated_at TEXT
);
CREATE TABLE IF NOT EXISTS applications (
    tf_id             TEXT PRIMARY KEY,
    requisition_tf_id TEXT,
    candidate_email   TEXT,
    stage             TEXT,
    updated_at        TEXT
);
"""

REQ_COLUMNS = ["tf_id", "code", "title", "site", "status", "headcount", "hm_email", "updated_at"]
APP_COLUMNS = ["tf_id", "requisition_tf_id", "candidate_email", "stage", "updated_at"]


# ------------------------------------------------------------------ mapping
def utc_iso(value: Any) -> str | None:
    """TalentForge timestamp -> `YYYY-MM-DDTHH:MM:SSZ` (UTC, whole seconds)."""
    if value is None or value == "":
        return None
    text = str(value).strip()
    try:
        dt = datetime.fromisoformat(text.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return text
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _email(value: Any) -> str | None:
    if value is None:
        return None
    text = str(value).strip().lower()
    return text or None


def _first(rec: dict, *keys: str) -> Any:
    for k in keys:
        if k in rec:
            return rec[k]
    return None


def _hm_email(rec: dict) -> str | None:
    hm = _first(rec, "hiringManager", "hiring_manager", "hm")
    if isinstance(hm, dict):
        return _email(_first(hm, "email", "emailAddress", "email_address"))
    if isinstance(hm, str):  # tolerate a bare address
        return _email(hm)
    return _email(_first(rec, "hiringManagerEmail", "hiring_manager_email", "hm_email"))


def _int(value: Any) -> int | None:
    if value is None or value == "":
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        try:
            return int(float(value))
        except (TypeError, ValueError):
            return None


def requisition_row(rec: dict) -> dict:
    raw_status = rec.get("status")
    status = STATUS_MAP.get(str(raw_status).upper()) if raw_status is not None else None
    if status is None and raw_status is not None:
        log.warning("requisition %s has an unknown status %r; stored lower-cased", rec.get("id"), raw_status)
        status = str(raw_status).lower()
    return {
        "tf_id": rec["id"],
        "code": _first(rec, "requisitionCode", "requisition_code", "req_code", "code"),
        "title": rec.get("title"),
        "site": rec.get("site"),
        "status": status,
        "headcount": _int(rec.get("headcount")),
        "hm_email": _hm_email(rec),
        "updated_at": utc_iso(rec.get("updated_at")),
    }


def application_row(rec: dict) -> dict:
    req_id = _first(rec, "requisition_id", "requisitionId")
    if req_id is None and isinstance(rec.get("requisition"), dict):
        req_id = rec["requisition"].get("id")
    email = _first(rec, "candidate_email", "candidateEmail")
    if email is None and isinstance(rec.get("candidate"), dict):
        email = _first(rec["candidate"], "email", "emailAddress")
    return {
        "tf_id": rec["id"],
        "requisition_tf_id": req_id,
        "candidate_email": _email(email),
        "stage": rec.get("stage"),
        "updated_at": utc_iso(rec.get("updated_at")),
    }


# ------------------------------------------------------------------ store
class Store:
    def __init__(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self.db = sqlite3.connect(str(path), timeout=60)
        self.db.execute("PRAGMA busy_timeout = 60000")
        self.db.executescript(SCHEMA)
        self.db.commit()

    def close(self) -> None:
        self.db.close()

    def count(self, table: str) -> int:
        return self.db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]

    def upsert(self, table: str, rows: Iterable[dict]) -> int:
        columns = REQ_COLUMNS if table == "requisitions" else APP_COLUMNS
        rows = list(rows)
        if not rows:
            return 0
        cols = ", ".join(columns)
        marks = ", ".join("?" for _ in columns)
        updates = ", ".join(f"{c} = excluded.{c}" for c in columns if c != "tf_id")
        # Only touch a row when something differs, so a quiet run leaves the store as it was.
        differs = " OR ".join(f"{table}.{c} IS NOT excluded.{c}" for c in columns if c != "tf_id")
        sql = (f"INSERT INTO {table} ({cols}) VALUES ({marks}) "
               f"ON CONFLICT(tf_id) DO UPDATE SET {updates} WHERE {differs}")
        with self.db:
            self.db.executemany(sql, [tuple(r[c] for c in columns) for r in rows])
        return len(rows)
