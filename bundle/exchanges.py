"""Trace writer: `exchanges.jsonl` (one line per exchange, written with one `os.write` each, so
a line survives a kill of the process), `events.jsonl` (shared with the harness: one `os.write`
per line on an O_APPEND descriptor) and `exchanges.parquet` written by DuckDB at close.

A failed write raises `TraceWriteError`; the caller must stop the run (losing a record is never
silent).
"""
from __future__ import annotations

import base64
import json
import os
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

# The exchange columns of docs/trace-format.md, in order, with their DuckDB types.
EXCHANGE_COLUMNS: dict[str, str] = {
    "seq": "BIGINT",
    "run_id": "VARCHAR",
    "phase": "VARCHAR",
    "direction": "VARCHAR",
    "vendor": "VARCHAR",
    "started_at": "TIMESTAMP",
    "ended_at": "TIMESTAMP",
    "duration_ms": "DOUBLE",
    "method": "VARCHAR",
    "url": "VARCHAR",
    "path": "VARCHAR",
    "query": "JSON",
    "req_headers": "JSON",
    "resp_headers": "JSON",
    "req_body": "VARCHAR",
    "req_body_encoding": "VARCHAR",
    "resp_body": "VARCHAR",
    "resp_body_encoding": "VARCHAR",
    "status": "INTEGER",
    "fault": "VARCHAR",
    "fault_action": "VARCHAR",
    "upstream_called": "BOOLEAN",
    "client_saw": "VARCHAR",
    "forged": "VARCHAR",
    "error": "VARCHAR",
}

from bundle.layout import EVENTS_JSONL, EXCHANGES_JSONL, EXCHANGES_PARQUET  # noqa: E402,F401  (the recorder names them)


class TraceWriteError(RuntimeError):
    """Writing the trace failed: the run must stop (the message names the file and the cause)."""


_last_second: tuple[int, str] = (-1, "")  # the whole second formatted last (most stamps share one)


def iso_utc(ts: float) -> str:
    """ISO-8601 UTC with microseconds and a `Z`, as in the trace format."""
    global _last_second
    micros = round(ts * 1_000_000)
    secs, frac = divmod(micros, 1_000_000)
    last = _last_second  # one read: another thread may replace it meanwhile
    if last[0] != secs:
        last = _last_second = (secs, time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(secs)))
    return f"{last[1]}.{frac:06d}Z"


def encode_body(data: bytes | None) -> tuple[str | None, str | None]:
    """(text, encoding): UTF-8 text as sent, or base64 when the bytes are not valid UTF-8."""
    if data is None:
        return None, None
    try:
        return data.decode("utf-8"), "utf8"
    except UnicodeDecodeError:
        return base64.b64encode(data).decode("ascii"), "base64"


def query_json(query_string: str) -> dict[str, list[str]]:
    """The `query` column: name → list of values, in order, blanks kept."""
    out: dict[str, list[str]] = {}
    if "%" in query_string or "+" in query_string:
        pairs = parse_qsl(query_string, keep_blank_values=True, errors="replace")
    else:  # nothing to unquote: parse_qsl's own split, without its per-field unquoting
        pairs = (field.partition("=")[::2] for field in query_string.split("&") if field)
    for key, value in pairs:
        out.setdefault(key, []).append(value)
    return out


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def headers_json(headers, drop: tuple[str, str] | None = None) -> dict[str, str]:
    """The `req_headers` / `resp_headers` columns from a message's header fields (an object with
    `.fields`, (name, value) byte pairs, as mitmproxy's Headers): lower-case names, repeated
    headers joined with `, `. `drop`: (name, value) to leave out."""
    out: dict[str, str] = {}
    for name_b, value_b in headers.fields:
        name = _decode(name_b).lower()
        value = _decode(value_b)
        if drop is not None and name == drop[0] and value == drop[1]:
            continue
        out[name] = f"{out[name]}, {value}" if name in out else value
    return out


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))  # json.dumps builds one per call


def _dumps(obj: dict) -> bytes:
    return (_ENCODER.encode(obj) + "\n").encode("utf-8")


def _write_all(fd: int, data: bytes) -> None:
    """One `os.write`; a short write (rare, e.g. disk full mid-line) is an error."""
    written = os.write(fd, data)
    if written != len(data):
        raise OSError(f"short write ({written} of {len(data)} bytes)")


class TraceWriter:
    """Owns the trace files of one run. Not thread-safe: used from the proxy's event loop."""

    def __init__(self, out_dir: str | os.PathLike, run_id: str) -> None:
        self.out_dir = Path(out_dir)
        self.run_id = run_id
        self.jsonl_path = self.out_dir / EXCHANGES_JSONL
        self.events_path = self.out_dir / EVENTS_JSONL
        self.parquet_path = self.out_dir / EXCHANGES_PARQUET
        self.seq = 0
        self.closed = False
        self.out_dir.mkdir(parents=True, exist_ok=True)
        if self.jsonl_path.exists() and self.jsonl_path.stat().st_size > 0:
            raise TraceWriteError(
                f"{self.jsonl_path.name} already holds exchanges; give each run a fresh bundle directory"
            )
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_CLOEXEC", 0)
        try:
            self._xfd = os.open(self.jsonl_path, flags, 0o644)
            self._efd = os.open(self.events_path, flags, 0o644)
        except OSError as exc:
            raise TraceWriteError(f"cannot open the trace in {self.out_dir.name}/: {exc}") from None

    # -- exchanges ------------------------------------------------------------------------------

    def write_exchange(self, row: dict[str, Any]) -> int:
        """Assign the next `seq`, write the row as one line; returns the seq."""
        if self.closed:
            raise TraceWriteError("the trace is already closed")
        seq = self.seq + 1
        full = {"seq": seq, "run_id": self.run_id}
        for name in EXCHANGE_COLUMNS:
            if name not in full:
                full[name] = row.get(name)
        try:
            _write_all(self._xfd, _dumps(full))
        except OSError as exc:
            raise TraceWriteError(f"cannot write {EXCHANGES_JSONL}: {exc}") from None
        self.seq = seq
        return seq

    # -- events ---------------------------------------------------------------------------------

    def write_event(self, type_: str, phase: str | None, at: float, **fields: Any) -> None:
        if self.closed:
            raise TraceWriteError("the trace is already closed")
        event = {"at": iso_utc(at), "source": "recorder", "type": type_, "phase": phase, **fields}
        try:
            _write_all(self._efd, _dumps(event))
        except OSError as exc:
            raise TraceWriteError(f"cannot write {EVENTS_JSONL}: {exc}") from None

    # -- durability -----------------------------------------------------------------------------

    def sync(self) -> None:
        """fsync both files (the lines are already in the kernel after each write)."""
        for fd in (self._xfd, self._efd):
            try:
                os.fsync(fd)
            except OSError as exc:
                if exc.errno not in (22,):  # EINVAL: not a regular file (e.g. a device)
                    raise TraceWriteError(f"cannot sync the trace: {exc}") from None

    def close(self, write_parquet: bool = True) -> None:
        """Close the files and write exchanges.parquet from the jsonl."""
        if self.closed:
            return
        self.closed = True
        for fd in (self._xfd, self._efd):
            try:
                os.close(fd)
            except OSError:
                pass
        if write_parquet:
            jsonl_to_parquet(self.jsonl_path, self.parquet_path)


def duckdb_columns_sql() -> str:
    return "{" + ", ".join(f"'{k}': '{v}'" for k, v in EXCHANGE_COLUMNS.items()) + "}"


def jsonl_to_parquet(jsonl: Path, parquet: Path) -> None:
    """exchanges.jsonl -> exchanges.parquet (explicit column types, zstd), atomically."""
    import duckdb

    tmp = parquet.with_name(parquet.name + ".tmp")
    src = str(jsonl).replace("'", "''")
    dst = str(tmp).replace("'", "''")
    try:
        con = duckdb.connect()
        try:
            con.execute(
                f"COPY (SELECT * FROM read_json('{src}', format='newline_delimited', "
                f"columns={duckdb_columns_sql()}, maximum_object_size=1073741824) ORDER BY seq) "
                f"TO '{dst}' (FORMAT parquet, COMPRESSION zstd)"
            )
        finally:
            con.close()
        os.replace(tmp, parquet)
    except Exception as exc:  # duckdb errors have many types
        try:
            tmp.unlink()
        except OSError:
            pass
        raise TraceWriteError(f"cannot write {parquet.name}: {exc}") from None
