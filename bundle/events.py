"""`events.jsonl`: the run's timeline. One JSON object per line, each written with a single
`os.write` on an O_APPEND descriptor, so lines from the harness and the recorder never
interleave and a killed run keeps every line written so far (docs/trace-format.md)."""
from __future__ import annotations

import json
import os
import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import Any


# The keys events carry (docs/trace-format.md "events"), with the DuckDB types the grader gives
# them as columns; anything else an event holds stays in its `data` (JSON).
EVENT_COLUMNS: list[tuple[str, str]] = [
    ("at", "TIMESTAMP"), ("source", "VARCHAR"), ("type", "VARCHAR"), ("phase", "VARCHAR"),
    ("name", "VARCHAR"), ("state", "VARCHAR"), ("step", "VARCHAR"), ("kind", "VARCHAR"),
    ("vendor", "VARCHAR"), ("payload", "JSON"), ("result", "JSON"), ("exit_code", "INTEGER"),
    ("timed_out", "BOOLEAN"), ("killed", "BOOLEAN"), ("duration_s", "DOUBLE"),
    ("message", "VARCHAR"), ("rule", "VARCHAR"), ("action", "VARCHAR"), ("seq", "BIGINT"),
    ("event_id", "VARCHAR"), ("derived_from", "BIGINT"), ("status", "INTEGER"),
    ("headers", "JSON"),
]


def utc_now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class EventLog:
    def __init__(self, path: Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        self._lock = threading.Lock()
        self.phase: str | None = None

    def emit(self, type_: str, **fields: Any) -> dict:
        record = {"at": utc_now(), "source": "harness", "type": type_, "phase": self.phase, **fields}
        line = (json.dumps(record, default=str, ensure_ascii=False) + "\n").encode()
        with self._lock:
            if self._fd < 0:
                raise RuntimeError("event log is closed")
            os.write(self._fd, line)
        return record

    def close(self) -> None:
        with self._lock:
            if self._fd >= 0:
                os.close(self._fd)
                self._fd = -1
