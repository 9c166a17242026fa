"""One DuckDB database for the many bundles a re-score worker grades, a fresh catalog for each
(docs/grader.md, "Re-scoring an archive").

Opening a DuckDB database costs ~15 ms and closing it ~8 ms: a tenth of grading a small bundle.
A worker instead keeps one open and gives each bundle a new in-memory catalog under the name a
fresh connection's catalog has (`memory`), so every name a criterion resolves, and every error
message that quotes one, reads as it would on a connection of its own. When the bundle is
graded its catalog is detached, and what lives outside the catalog (temporary tables, views and
macros, settings) is dropped or, where it cannot be, the database is closed and the next bundle
gets a new one.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Callable

import duckdb

from grader.sqlutil import ident

_IDLE = "ib_idle"  # the catalog the database sits in between bundles; never holds anything
# statements whose effect outlives the catalog: a bundle whose criteria run one gets the
# database to itself (closed afterwards)
_LASTING = re.compile(r"(^|;)\s*(SET|RESET|PRAGMA|USE|ATTACH|DETACH|PREPARE|LOAD|INSTALL|"
                      r"CREATE\s+(OR\s+REPLACE\s+)?(PERSISTENT\s+)?SECRET)\b|"
                      r"\b(TEMP|TEMPORARY)\s+(SEQUENCE|TYPE|FUNCTION)\b", re.IGNORECASE | re.MULTILINE)
_TEMP_MACRO = re.compile(r"CREATE\s+(?:OR\s+REPLACE\s+)?(?:TEMP|TEMPORARY)\s+MACRO\s+"
                         r"(?:temp\.(?:main\.)?)?\"?([A-Za-z_][A-Za-z0-9_]*)", re.IGNORECASE)
_COMMENT = re.compile(r"--[^\n]*")


def criteria_text(criteria_dir: Path | None, conduct: list | None = None) -> str:
    """Every SQL and YAML text the bundle's grading runs (its criteria, and conduct checks given
    on the command line), comments removed: what `Catalogs.open` scans."""
    parts = [json.dumps(conduct, default=str)] if conduct else []
    if criteria_dir is None or not criteria_dir.is_dir():
        return "\n".join(parts)
    for p in sorted(criteria_dir.rglob("*")):
        if p.is_file() and p.suffix in (".sql", ".yaml", ".yml"):
            try:
                parts.append(p.read_text(encoding="utf-8", errors="replace"))
            except OSError:
                pass
    return _COMMENT.sub("", "\n".join(parts))


class Catalogs:
    """`open(criteria_text)` → a connection on a fresh `memory` catalog; `release(con)` when the
    bundle is graded."""

    def __init__(self, connect: Callable[[], duckdb.DuckDBPyConnection]):
        self._connect = connect
        self._con: duckdb.DuckDBPyConnection | None = None
        self._macros: list[str] = []
        self._alone = False
        self.opened = 0  # databases opened (a test reads it)

    def open(self, criteria: str = "") -> duckdb.DuckDBPyConnection:
        self._alone = bool(_LASTING.search(criteria))
        self._macros = sorted(set(_TEMP_MACRO.findall(criteria)))
        if self._con is None:
            self._con = self._connect()
            self.opened += 1
            self._con.execute(f"ATTACH ':memory:' AS {_IDLE}")
            self._con.execute(f"USE {_IDLE}")
            self._con.execute("DETACH memory")
        try:
            self._con.execute("ATTACH ':memory:' AS memory")
            self._con.execute("USE memory")
        except duckdb.Error:
            self._discard()
            return self.open(criteria)
        return self._con

    def release(self, con) -> None:
        con = getattr(con, "raw", con)
        if con is not self._con or self._con is None:
            try:
                con.close()
            except Exception:  # pragma: no cover
                pass
            return
        if self._alone:
            self._discard()
            return
        try:
            # views first: a temporary view may read a temporary table
            for kind, sql in (
                    ("VIEW", "SELECT schema_name, view_name FROM duckdb_views() "
                             "WHERE NOT internal AND database_name = 'temp'"),
                    ("TABLE", "SELECT schema_name, table_name FROM duckdb_tables() "
                              "WHERE database_name = 'temp'")):
                for schema, name in con.execute(sql).fetchall():
                    con.execute(f"DROP {kind} IF EXISTS temp.{ident(schema)}.{ident(name)}")
            for name in self._macros:
                con.execute(f"DROP MACRO IF EXISTS temp.main.{ident(name)}")
                con.execute(f"DROP MACRO TABLE IF EXISTS temp.main.{ident(name)}")
            con.execute(f"USE {_IDLE}")
            con.execute("DETACH memory")
        except duckdb.Error:
            self._discard()

    def _discard(self) -> None:
        if self._con is not None:
            try:
                self._con.close()
            except Exception:  # pragma: no cover
                pass
        self._con = None

    def close(self) -> None:
        self._discard()
