"""Checkpoints on disk: vendor state (from `/_control/dump`) and the integration's declared
outputs (CSV, JSONL or SQLite in IB_OUTPUT_DIR), each table written to Parquet by DuckDB.

The grader never opens SQLite or the live vendors: a bundle holds Parquet only."""
from __future__ import annotations

import json
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

import duckdb

from ibench.taskspec import Output


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _lit(path: Path) -> str:
    return "'" + str(path).replace("'", "''") + "'"


def write_table(con: duckdb.DuckDBPyConnection, dest: Path, columns: list[tuple[str, str]],
                rows: list[dict[str, Any]]) -> None:
    """Write rows (dicts) with declared (name, duckdb type) columns to a Parquet file."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    ddl = ", ".join(f"{_q(n)} {t}" for n, t in columns) or '"_empty" VARCHAR'
    con.execute(f"CREATE OR REPLACE TEMP TABLE _t ({ddl})")
    if rows:
        with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as fh:
            for row in rows:
                fh.write(json.dumps({n: _cell(row.get(n), t) for n, t in columns}) + "\n")
            tmp = Path(fh.name)
        try:
            spec = "{" + ", ".join(f"{_lit_s(n)}: {_lit_s('VARCHAR' if t == 'JSON' else t)}" for n, t in columns) + "}"
            select = ", ".join(f"{_q(n)}::JSON" if t == "JSON" else _q(n) for n, t in columns)
            con.execute(f"INSERT INTO _t SELECT {select} FROM read_json({_lit(tmp)}, format='newline_delimited', "
                        f"columns={spec})")
        finally:
            tmp.unlink(missing_ok=True)
    con.execute(f"COPY _t TO {_lit(dest)} (FORMAT parquet, COMPRESSION zstd)")


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


class OutputError(ValueError):
    pass


def dump_outputs(con: duckdb.DuckDBPyConnection, outputs: list[Output], output_dir: Path, dest_dir: Path) -> dict[str, str]:
    """Load each declared output into Parquet. Returns {name: problem} for outputs that were
    missing or unreadable (they are written as empty tables with the declared columns)."""
    problems: dict[str, str] = {}
    dest_dir.mkdir(parents=True, exist_ok=True)
    for out in outputs:
        src = output_dir / out.file
        dest = dest_dir / f"{out.name}.parquet"
        try:
            if not src.exists():
                raise OutputError(f"{out.file} was not written")
            rel = _read_output(con, out, src)
            have = [c for c in rel.columns]
            missing = [c for c in out.columns if c not in have]
            select = ", ".join([_q(c) for c in have] + [f"NULL::VARCHAR AS {_q(c)}" for c in missing])
            con.execute(f"COPY (SELECT {select} FROM rel) TO {_lit(dest)} (FORMAT parquet, COMPRESSION zstd)")
        except (OutputError, duckdb.Error, sqlite3.Error, UnicodeDecodeError) as exc:
            problems[out.name] = str(exc).splitlines()[0][:300]
            write_table(con, dest, [(c, "VARCHAR") for c in out.columns], [])
    return problems


def _read_output(con: duckdb.DuckDBPyConnection, out: Output, src: Path):
    if src.stat().st_size == 0:
        raise OutputError(f"{out.file} is empty")
    if out.format == "csv":
        return con.sql(f"SELECT * FROM read_csv({_lit(src)}, header=true, sample_size=-1)")
    if out.format == "jsonl":
        return con.sql(f"SELECT * FROM read_json({_lit(src)}, format='newline_delimited', sample_size=-1)")
    db = sqlite3.connect(f"file:{src}?mode=ro", uri=True)
    try:
        cur = db.execute(f"SELECT * FROM {_q(out.table or out.name)}")
        names = [d[0] for d in cur.description]
        rows = [dict(zip(names, r)) for r in cur.fetchall()]
    finally:
        db.close()
    tmp = Path(tempfile.mkdtemp()) / "t.parquet"
    write_table(con, tmp, [(n, _sqlite_type(rows, n)) for n in names], rows)
    return con.sql(f"SELECT * FROM read_parquet({_lit(tmp)})")


def _sqlite_type(rows: list[dict], name: str) -> str:
    kinds = {type(r[name]) for r in rows if r[name] is not None}
    if kinds <= {int}:
        return "BIGINT" if kinds else "VARCHAR"
    if kinds <= {int, float}:
        return "DOUBLE"
    return "VARCHAR"
