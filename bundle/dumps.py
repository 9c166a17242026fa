"""Checkpoint dumps: a table of rows written to Parquet by DuckDB with declared column types
(docs/trace-format.md "State and output dumps"). The harness writes each vendor's state
(`state/<checkpoint>/<vendor>/<table>.parquet`) and each declared output
(`output/<checkpoint>/<table>.parquet`) with these writers; the grader reads Parquet only."""
from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import duckdb


def ident(name: str) -> str:
    """A quoted SQL identifier."""
    return '"' + name.replace('"', '""') + '"'


def path_literal(path: Path) -> str:
    """A file path as a SQL string literal."""
    return "'" + str(path).replace("'", "''") + "'"


def write_table(con: duckdb.DuckDBPyConnection, dest: Path, columns: list[tuple[str, str]],
                rows: list[dict[str, Any]]) -> None:
    """Write rows (dicts) with declared (name, duckdb type) columns to a Parquet file."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    ddl = ", ".join(f"{ident(n)} {t}" for n, t in columns) or '"_empty" VARCHAR'
    con.execute(f"CREATE OR REPLACE TEMP TABLE _t ({ddl})")
    if rows:
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as fh:
            for row in rows:
                fh.write(json.dumps({n: _cell(row.get(n), t) for n, t in columns}) + "\n")
            tmp = Path(fh.name)
        try:
            spec = "{" + ", ".join(f"{_lit_s(n)}: {_lit_s('VARCHAR' if t == 'JSON' else t)}" for n, t in columns) + "}"
            select = ", ".join(f"{ident(n)}::JSON" if t == "JSON" else ident(n) for n, t in columns)
            con.execute(f"INSERT INTO _t SELECT {select} FROM read_json({path_literal(tmp)}, format='newline_delimited', "
                        f"columns={spec})")
        finally:
            tmp.unlink(missing_ok=True)
    con.execute(f"COPY _t TO {path_literal(dest)} (FORMAT parquet, COMPRESSION zstd)")


def _lit_s(s: str) -> str:
    return "'" + s.replace("'", "''") + "'"


def _cell(value: Any, typ: str) -> Any:
    if typ == "JSON" and value is not None:
        return json.dumps(value, sort_keys=True)
    return value


def dump_vendor_state(con: duckdb.DuckDBPyConnection, dump: dict, dest_dir: Path) -> list[str]:
    """`dest_dir/<table>.parquet` for every table of a vendor's control dump."""
    written = []
    for table, data in sorted(dump["tables"].items()):
        cols = [(c["name"], c["type"]) for c in data["columns"]]
        rows = [dict(zip([c for c, _ in cols], r)) for r in data["rows"]]
        write_table(con, dest_dir / f"{table}.parquet", cols, rows)
        written.append(table)
    return written
