"""Checkpoints on disk: vendor state (from `/_control/dump`) and the integration's declared
outputs (CSV, JSONL or SQLite in IB_OUTPUT_DIR), each table written to Parquet by DuckDB.
Outputs are agent-controlled files: they are read through ibench.safefs (no link followed).

The grader never opens SQLite or the live vendors: a bundle holds Parquet only."""
from __future__ import annotations

import os
import sqlite3
import tempfile
from pathlib import Path

import duckdb

from bundle.dumps import ident, path_literal, write_table
from ibench import safefs
from ibench.safefs import UnsafeFile
from ibench.taskspec import Output


class OutputError(ValueError):
    pass


def dump_outputs(con: duckdb.DuckDBPyConnection, outputs: list[Output], output_dir: Path, dest_dir: Path,
                 root: Path | None = None) -> tuple[dict[str, str], list[dict]]:
    """Load each declared output into Parquet. Returns ({name: problem} for outputs that were
    missing, unreadable or unsafe — written as empty tables with the declared columns — and the
    unsafe files: [{output, file, kind, path, message}]).

    `root` is the run's workspace root (default: the output folder's parent): the folder the
    agent and the integration may change freely. Every file is read through ibench.safefs —
    no symlink, hard link, FIFO, device or oversized file is followed or read, nor an output
    folder (or any folder below `root`) replaced by a symlink — and copied into a private
    folder first, so DuckDB and SQLite only ever open the harness's own copy."""
    root = output_dir.parent if root is None else root
    problems: dict[str, str] = {}
    unsafe: list[dict] = []
    dest_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ibench-outputs-") as private:
        for i, out in enumerate(outputs):
            dest = dest_dir / f"{out.name}.parquet"
            try:
                local = _fetch(root, output_dir, out, Path(private) / str(i))
                rel = _read_output(con, out, local, Path(private) / f"{i}.parquet")
                have = [c for c in rel.columns]
                missing = [c for c in out.columns if c not in have]
                select = ", ".join([ident(c) for c in have] + [f"NULL::VARCHAR AS {ident(c)}" for c in missing])
                con.execute(f"COPY (SELECT {select} FROM rel) TO {path_literal(dest)} (FORMAT parquet, COMPRESSION zstd)")
                continue
            except UnsafeFile as exc:
                problems[out.name] = f"unsafe output: {exc.message}"
                unsafe.append({"output": out.name, "file": out.file, **exc.as_dict()})
            except (OutputError, duckdb.Error, sqlite3.Error, UnicodeDecodeError) as exc:
                problems[out.name] = str(exc).splitlines()[0][:300]
            except OSError as exc:  # e.g. a file made unreadable; named without host paths
                problems[out.name] = f"{out.file}: {exc.strerror or type(exc).__name__}"
            write_table(con, dest, [(c, "VARCHAR") for c in out.columns], [])
    return problems, unsafe


# SQLite keeps committed data a writer has not checkpointed in these files beside the database.
_SQLITE_COMPANIONS = ("-wal", "-journal")


def _fetch(root: Path, output_dir: Path, out: Output, into: Path) -> Path:
    """Copy the output's file (for SQLite, with its -wal/-journal) into `into`, safely; the
    path of the copy. OutputError for a file that is missing or empty, UnsafeFile for one that
    must not be read."""
    try:
        parts = safefs.parts_of(output_dir.relative_to(root)) + safefs.parts_of(out.file)
    except ValueError as exc:
        raise OutputError(f"{out.file}: {exc}") from None
    into.mkdir()
    root_fd = safefs.open_root(root)
    try:
        try:
            dir_fd = safefs.open_dir(root_fd, parts[:-1])
        except FileNotFoundError:
            raise OutputError(f"{out.file} was not written") from None
    finally:
        os.close(root_fd)
    try:
        names = [parts[-1]] + ([parts[-1] + c for c in _SQLITE_COMPANIONS] if out.format == "sqlite" else [])
        fds: dict[str, int] = {}
        try:
            for name in names:
                try:
                    fds[name] = safefs.open_regular(dir_fd, name, "/".join(parts[:-1] + [name]))
                except FileNotFoundError:
                    if name == parts[-1]:
                        raise OutputError(f"{out.file} was not written") from None
            # A writer still at work (a receiver running through the checkpoint) can change the
            # files mid-copy: copy again while their size or mtime moved (a few tries, then the
            # last copy is used, as a plain read would have).
            for _ in range(3):
                before = {n: _version(fd) for n, fd in fds.items()}
                for n, fd in fds.items():
                    (into / n).unlink(missing_ok=True)
                    safefs.copy_fd(fd, into / n, "/".join(parts[:-1] + [n]))
                if before == {n: _version(fd) for n, fd in fds.items()}:
                    break
        finally:
            for fd in fds.values():
                os.close(fd)
    finally:
        os.close(dir_fd)
    local = into / parts[-1]
    if local.stat().st_size == 0:
        raise OutputError(f"{out.file} is empty")
    return local


def _version(fd: int) -> tuple[int, int]:
    st = os.fstat(fd)
    return st.st_size, st.st_mtime_ns


def _read_output(con: duckdb.DuckDBPyConnection, out: Output, src: Path, scratch: Path):
    """A relation over the harness's private copy `src` of an output."""
    if out.format == "csv":
        return con.sql(f"SELECT * FROM read_csv({path_literal(src)}, header=true, sample_size=-1)")
    if out.format == "jsonl":
        return con.sql(f"SELECT * FROM read_json({path_literal(src)}, format='newline_delimited', sample_size=-1)")
    # The copy is ours: opened read-write so SQLite can replay a -wal or -journal copied beside it.
    db = sqlite3.connect(src)
    try:
        cur = db.execute(f"SELECT * FROM {ident(out.table or out.name)}")
        names = [d[0] for d in cur.description]
        rows = [dict(zip(names, r)) for r in cur.fetchall()]
    finally:
        db.close()
    write_table(con, scratch, [(n, _sqlite_type(rows, n)) for n in names], rows)
    return con.sql(f"SELECT * FROM read_parquet({path_literal(scratch)})")


def _sqlite_type(rows: list[dict], name: str) -> str:
    kinds = {type(r[name]) for r in rows if r[name] is not None}
    if kinds <= {int}:
        return "BIGINT" if kinds else "VARCHAR"
    if kinds <= {int, float}:
        return "DOUBLE"
    return "VARCHAR"
