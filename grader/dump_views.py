"""The checkpoint views of a bundle's Parquet dumps: `cp_<checkpoint>.<vendor>_<table>`,
`cp_<checkpoint>.output_<table>`, and for `final` also `state.<vendor>_<table>` and
`output.<table>` (docs/grader.md "Views").

A bundle holds ~60 dump files (every table of every vendor at every checkpoint) and a task's
criteria read a handful. DuckDB binds a view when it is created, reading the file's footer:
about 0.8 ms a file, a fifth of grading a small bundle. So when grading a verified bundle the
views are made on first use: every SQL text the grader runs first creates the views whose
names it mentions (`LazyViews.execute`), and a question about the catalog itself
(information_schema, duckdb_tables(), …) creates them all first. What a query sees is the same
either way; only views nothing names are never bound. A bundle that failed verification gets
every view at load, so a damaged file is named in the verdict's notes as before.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import duckdb

from grader.sqlutil import ident, literal, short_error

# SQL that reads the catalog, or names relations in strings: every view must exist first
_CATALOG = re.compile(r"information_schema|duckdb_(tables|views|columns|schemas)|query_table|"
                      r"pragma_show|show_tables|(^|;)\s*(SHOW|DESCRIBE|SUMMARIZE)\b",
                      re.IGNORECASE | re.MULTILINE)
_COMMENT = re.compile(r"--[^\n]*")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class DumpView:
    schema: str  # cp_<checkpoint>
    name: str  # <vendor>_<table> or output_<table>
    file: Path
    rel: str  # the file inside the bundle, for notes
    alias: tuple[str, str] | None  # (state|output, name) for the final checkpoint

    @property
    def words(self) -> set[str]:
        return {self.name} | ({self.alias[1]} if self.alias else set())


def _sql_name(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_]", "_", name)


def plan(root: Path, checkpoints: list[str]) -> list[DumpView]:
    """Every view the bundle's dumps give, in the order the eager loader creates them."""
    out: list[DumpView] = []
    for cp in checkpoints:
        files: list[tuple[str, Path]] = []
        sroot = root / "state" / cp
        if sroot.is_dir():
            for vdir in sorted(p for p in sroot.iterdir() if p.is_dir()):
                for f in sorted(vdir.glob("*.parquet")):
                    files.append((f"{_sql_name(vdir.name)}_{_sql_name(f.stem)}", f))
        oroot = root / "output" / cp
        if oroot.is_dir():
            for f in sorted(oroot.glob("*.parquet")):
                files.append((f"output_{_sql_name(f.stem)}", f))
        for name, f in files:
            alias = None
            if cp == "final":
                alias = ("output", name[len("output_"):]) if name.startswith("output_") else ("state", name)
            out.append(DumpView(f"cp_{cp}", name, f, f.relative_to(root).as_posix(), alias))
    return out


def well_formed(path: Path) -> bool:
    """The Parquet frame is whole: `PAR1` at both ends and a footer that fits in the file (two
    small reads, no decoding). A bundle with a file that is not gets every view at load, so the
    unreadable file is named in the notes whether or not a criterion reads it."""
    try:
        with path.open("rb") as f:
            head = f.read(4)
            size = f.seek(0, 2)
            if size < 12:
                return False
            f.seek(size - 8)
            tail = f.read(8)
    except OSError:
        return False
    return head == b"PAR1" and tail[4:] == b"PAR1" and int.from_bytes(tail[:4], "little") + 12 <= size


def create(con: duckdb.DuckDBPyConnection, view: DumpView, note: Callable[[str], None]) -> bool:
    schema = ident(view.schema)
    try:
        con.execute(f"CREATE VIEW {schema}.{ident(view.name)} AS "
                    f"SELECT * FROM read_parquet({literal(str(view.file))})")
    except duckdb.Error as exc:
        note(f"{view.rel} is unreadable, so {view.schema}.{view.name} is missing ({short_error(exc)})")
        return False
    if view.alias:
        con.execute(f"CREATE VIEW {view.alias[0]}.{ident(view.alias[1])} AS "
                    f"SELECT * FROM {schema}.{ident(view.name)}")
    return True


class LazyViews:
    """A bundle's DuckDB connection that creates the dump views a SQL text names before running
    it. Everything else is the connection's own (`__getattr__`)."""

    def __init__(self, con: duckdb.DuckDBPyConnection, views: list[DumpView],
                 note: Callable[[str], None]):
        self._con = con
        self._note = note
        self._all = list(views)
        self._order = {v: i for i, v in enumerate(views)}
        self._by_word: dict[str, list[DumpView]] = {}
        for v in views:
            for w in v.words:
                self._by_word.setdefault(w, []).append(v)
        self._waiting = set(views)
        self._failed: set[DumpView] = set()

    def ensure_for(self, sql: str) -> None:
        if not self._waiting:
            return
        if _CATALOG.search(_COMMENT.sub("", sql) if "--" in sql else sql):
            self.ensure_all()
            return
        words = self._by_word.keys() & set(_WORD.findall(sql))
        self._make({v for w in words for v in self._by_word[w]})

    def ensure_all(self) -> None:
        self._make(self._waiting)

    def ensure_views(self, names: list[tuple[str, str]]) -> None:
        """The views (schema, name) a caller is about to name, e.g. the conduct library's."""
        want = set(names)
        self._make({v for v in self._waiting if (v.schema, v.name) in want})

    def checkpoint_views(self) -> list[tuple[str, str]]:
        """(schema, name) of every cp_* view the bundle has or will have on first use, sorted
        as information_schema lists them (ORDER BY schema, name)."""
        return sorted((v.schema, v.name) for v in self._all if v not in self._failed)

    def row_counts(self, names: list[tuple[str, str]]) -> dict[tuple[str, str], int] | None:
        """Rows in the file of each named view (schema, name), read from the Parquet footers in
        one query, making no view; None when a footer cannot be read (the caller then makes the
        views, so the unreadable file is named in the notes as before)."""
        want = set(names)
        files = {str(v.file): (v.schema, v.name) for v in self._all
                 if (v.schema, v.name) in want and v not in self._failed}
        if not files:
            return {}
        try:
            rows = self._con.execute("SELECT file_name, num_rows FROM parquet_file_metadata($1)",
                                     [sorted(files)]).fetchall()
        except duckdb.Error:
            return None
        counts = {files[f]: int(n) for f, n in rows if f in files}
        return counts if len(counts) == len(files) else None

    def _make(self, views: set[DumpView]) -> None:
        for v in sorted(views & self._waiting, key=self._order.__getitem__):
            self._waiting.discard(v)
            if not create(self._con, v, self._note):
                self._failed.add(v)

    @property
    def raw(self) -> duckdb.DuckDBPyConnection:
        """The connection itself: SQL run on it makes no views."""
        return self._con

    def execute(self, sql: Any, *args: Any, **kwargs: Any):
        if isinstance(sql, str):
            self.ensure_for(sql)
        return self._con.execute(sql, *args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._con, name)

