"""`ibench query DIR SQL`: one DuckDB query over every bundle under DIR (docs/grader.md,
"Questions across an archive").

An archive's questions are about many runs at once — "every run that was served a Retry-After
and retried early", "which criteria fail most for agent X" — so the bundles are not graded one
by one: one connection gets views over all of them, each row carrying its bundle's `run_id`.

- `runs`: one row per bundle (manifest and verdict): run_id, task, task_version, agent, model,
  trial, variant, outcome, score, solved, bundle (its path);
- `criteria`: one row per criterion of each verdict: run_id, task, agent, id, category,
  weight, mandatory, passed, credit, violations;
- `exchanges`: every bundle's `exchanges.parquet` (docs/trace-format.md; `run_id` is a column of
  its own), read in one scan;
- `events`: every bundle's `events.jsonl` (docs/trace-format.md): run_id, at, source, type,
  phase and the whole event as `data` (JSON).

The bundles are read as they are: nothing is verified or re-graded here (`ibench grade` and
`ibench rescore` do that), and the verdict is the one on disk (`verdict.json`)."""
from __future__ import annotations

import json
import os
from pathlib import Path

import duckdb

from grader.bundle import connect
from grader.errors import GraderError
from grader.sqlutil import literal
from grader.suite import find_bundles


def _read_json(path: Path) -> dict | None:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _rows(bundles: list[Path]) -> tuple[list[tuple], list[tuple]]:
    runs, criteria = [], []
    for b in bundles:
        man = _read_json(b / "manifest.json") or {}
        ver = _read_json(b / "verdict.json") or {}
        task = man.get("task") if isinstance(man.get("task"), dict) else {}
        run_id = man.get("run_id") or ver.get("run_id") or b.name
        runs.append((run_id, task.get("id"), task.get("version"), man.get("agent"), man.get("model"),
                     man.get("trial"), man.get("variant", 0), ver.get("outcome") or man.get("outcome"),
                     ver.get("score"), bool(ver.get("solved")), str(b)))
        for c in ver.get("criteria") or []:
            if isinstance(c, dict):
                criteria.append((run_id, task.get("id"), man.get("agent"), c.get("id"), c.get("category"),
                                 c.get("weight"), bool(c.get("mandatory")), c.get("passed"), c.get("credit"),
                                 c.get("violations")))
    return runs, criteria


RUN_COLUMNS = ("run_id VARCHAR, task VARCHAR, task_version VARCHAR, agent VARCHAR, model VARCHAR, trial INTEGER, "
               "variant INTEGER, outcome VARCHAR, score DOUBLE, solved BOOLEAN, bundle VARCHAR")
CRITERIA_COLUMNS = ("run_id VARCHAR, task VARCHAR, agent VARCHAR, id VARCHAR, category VARCHAR, weight DOUBLE, "
                    "mandatory BOOLEAN, passed BOOLEAN, credit DOUBLE, violations BIGINT")


def open_archive(directory: str | os.PathLike) -> tuple[duckdb.DuckDBPyConnection, int]:
    """A connection with the archive's views, and the number of bundles found."""
    root = Path(directory)
    if not root.is_dir():
        raise GraderError(f"{directory}: not a directory")
    bundles = find_bundles(root)
    if not bundles:
        raise GraderError(f"{directory}: no bundle (a directory with manifest.json) found")
    con = connect()
    runs, criteria = _rows(bundles)
    con.execute(f"CREATE TABLE runs ({RUN_COLUMNS})")
    con.executemany("INSERT INTO runs VALUES (" + ", ".join("?" * 11) + ")", runs)
    con.execute(f"CREATE TABLE criteria ({CRITERIA_COLUMNS})")
    if criteria:
        con.executemany("INSERT INTO criteria VALUES (" + ", ".join("?" * 10) + ")", criteria)
    parquet = [str(b / "exchanges.parquet") for b in bundles if (b / "exchanges.parquet").is_file()]
    if parquet:
        files = "[" + ", ".join(literal(p) for p in parquet) + "]"
        con.execute(f"CREATE VIEW exchanges AS SELECT * FROM read_parquet({files}, union_by_name = true)")
    else:
        con.execute("CREATE VIEW exchanges AS SELECT NULL::VARCHAR AS run_id WHERE false")
    # run ids by file, for the events (an event line does not carry its run's id)
    by_file = [(r[0], str(Path(r[10]) / "events.jsonl")) for r in runs if (Path(r[10]) / "events.jsonl").is_file()]
    con.execute("CREATE TABLE _bundle_files (run_id VARCHAR, file VARCHAR)")
    con.executemany("INSERT INTO _bundle_files VALUES (?, ?)", by_file)
    event_files = [f for _, f in by_file]
    if event_files:
        files = "[" + ", ".join(literal(p) for p in event_files) + "]"
        con.execute(f"""CREATE VIEW events AS
            SELECT f.run_id, e.json->>'at' AS at, e.json->>'source' AS source, e.json->>'type' AS type,
                   e.json->>'phase' AS phase, e.json AS data
            FROM read_ndjson_objects({files}, filename = true) AS e
            JOIN _bundle_files AS f ON f.file = e.filename""")
    else:
        con.execute("CREATE VIEW events AS SELECT NULL::VARCHAR AS run_id WHERE false")
    return con, len(bundles)


def run_query(directory: str | os.PathLike, sql: str) -> tuple[list[str], list[tuple], int]:
    """(column names, rows, bundles read). A query DuckDB refuses is a GraderError naming why."""
    con, n = open_archive(directory)
    try:
        try:
            cur = con.execute(sql)
        except duckdb.Error as exc:
            raise GraderError(f"query: {' '.join(str(exc).split())[:600]}") from None
        if cur.description is None:
            return [], [], n
        cols = [d[0] for d in cur.description]
        return cols, cur.fetchall(), n
    finally:
        con.close()
