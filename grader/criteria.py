"""Criteria: SQL files with front-matter comments, and the conduct opt-ins of a task.

A criterion file (docs/grader.md has the full reference):

    -- id: every-candidate-synced-once
    -- category: correctness        (correctness | resilience | integrity | conduct)
    -- weight: 3
    -- mandatory: true
    -- population: SELECT count(*) FROM state.staffline_candidates
    -- description: Every StaffLine candidate is in the local store exactly once.
    SELECT ...                      -- the violating rows; pass = no row

or a conduct-library check used as a criterion (no SQL body):

    -- id: C5
    -- category: conduct
    -- weight: 2
    -- conduct: no_full_resync
    -- params: {phases: [scenario:run2, scenario:run3]}

`conduct.yaml` in the criteria directory lists library checks the same way (one mapping per
check: `id` = the check, plus criterion, weight, mandatory, category, description, partial and
the check's own parameters).

A malformed file never raises: it becomes a criterion carrying an `error`, which the scorer
reports as a grader failure (outcome `unscored`).
"""
from __future__ import annotations

import copy
import datetime as _dt
import decimal
import functools
import hashlib
import json
import math
import re
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import duckdb
import yaml

from grader.sqlutil import ident

CATEGORIES = ("correctness", "resilience", "integrity", "conduct")
KEYS = ("id", "category", "weight", "mandatory", "population", "description", "conduct", "params")
ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:/-]*$")
_KEY_LINE = re.compile(r"^--\s*([A-Za-z_][A-Za-z0-9_-]*)\s*:\s?(.*)$")
_CONT_LINE = re.compile(r"^--(\s{2,}|\t)(\S.*)$")
_TRAILING_COMMENT = re.compile(r"\s+--\s.*$")

EVIDENCE_ROWS = 5
EVIDENCE_TEXT_MAX = 500
DEFAULT_TIMEOUT_S = 120.0


@dataclass
class Criterion:
    id: str
    source: str  # "criteria/<file>.sql", "criteria/conduct.yaml#3" or "always-on"
    category: str = "correctness"
    weight: float = 1.0
    mandatory: bool = False
    description: str = ""
    sql: str | None = None
    population: str | None = None
    conduct: str | None = None  # a conduct-library check id
    params: dict[str, Any] = field(default_factory=dict)
    partial: bool = False  # conduct: credit = 1 - violations/evidence
    error: str | None = None  # malformed: reported as a grader failure
    always_on: bool = False


@dataclass
class Result:
    """What one criterion produced. `applicable` False = a conduct check without evidence."""

    passed: bool | None
    credit: float | None
    violations: int | None
    evidence: list[dict[str, Any]]
    population: float | None = None
    error: str | None = None
    applicable: bool = True
    reason: str | None = None


# --- parsing ----------------------------------------------------------------------------

def _number(text: str) -> float:
    value = float(text)
    if math.isnan(value) or math.isinf(value) or value < 0:
        raise ValueError
    return value


def _bool(text: str) -> bool:
    t = text.strip().lower()
    if t in ("true", "yes", "1", "y"):
        return True
    if t in ("false", "no", "0", "n"):
        return False
    raise ValueError


def parse_criterion(text: str, source: str) -> Criterion:
    """Parse one criterion file; problems are returned in `Criterion.error`, never raised."""
    lines = text.splitlines()
    meta: dict[str, str] = {}
    last: str | None = None
    body_start = len(lines)
    problems: list[str] = []
    for i, raw in enumerate(lines):
        line = raw.rstrip()
        if not line.strip():
            last = None
            continue
        if not line.lstrip().startswith("--"):
            body_start = i
            break
        line = line.lstrip()
        m = _KEY_LINE.match(line)
        c = _CONT_LINE.match(line)
        if c and last is not None:  # indented: a continuation, even if it reads like `word:`
            meta[last] += "\n" + c.group(2).strip()
            continue
        if m:
            key = m.group(1).lower()
            if key not in KEYS:
                problems.append(f"unknown front-matter key {key!r} (known: {', '.join(KEYS)})")
                last = None
                continue
            if key in meta:
                problems.append(f"front-matter key {key!r} given twice")
            value = m.group(2)
            if key not in ("description",):
                value = _TRAILING_COMMENT.sub("", value)
            meta[key] = value.strip()
            last = key
        else:
            last = None  # a free comment line
    body = "\n".join(lines[body_start:]).strip()
    while body.endswith(";"):
        body = body[:-1].rstrip()

    stem = Path(source).stem
    crit = Criterion(id=meta.get("id", "").strip() or stem, source=source)
    if "id" not in meta or not meta["id"].strip():
        problems.append("missing `-- id:`")
    elif not ID_RE.match(crit.id):
        problems.append(f"id {crit.id!r} has characters outside [A-Za-z0-9_.:/-]")
    crit.category = meta.get("category", "").strip().lower()
    if crit.category not in CATEGORIES:
        problems.append(f"category must be one of {'|'.join(CATEGORIES)}, got {meta.get('category')!r}"
                        if "category" in meta else "missing `-- category:`")
        crit.category = crit.category or "correctness"
    if "weight" in meta:
        try:
            crit.weight = _number(meta["weight"])
        except ValueError:
            problems.append(f"weight must be a number >= 0, got {meta['weight']!r}")
    if "mandatory" in meta:
        try:
            crit.mandatory = _bool(meta["mandatory"])
        except ValueError:
            problems.append(f"mandatory must be true or false, got {meta['mandatory']!r}")
    crit.description = " ".join(meta.get("description", "").split())
    pop = meta.get("population", "").strip().rstrip(";").strip()
    crit.population = pop or None
    if "conduct" in meta:
        crit.conduct = meta["conduct"].strip()
        if "params" in meta and meta["params"].strip():
            try:
                params = _load_yaml(meta["params"])
            except yaml.YAMLError as exc:
                problems.append(f"params is not valid YAML ({str(exc).splitlines()[0]})")
                params = {}
            if params is None:
                params = {}
            if not isinstance(params, dict):
                problems.append("params must be a mapping, e.g. {phases: [scenario:run2]}")
                params = {}
            crit.params = params
            crit.partial = bool(params.pop("partial", False))
        if body:
            problems.append("a `-- conduct:` criterion has no SQL body")
        if crit.population:
            problems.append("a `-- conduct:` criterion takes no population (use params: {partial: true})")
    else:
        if "params" in meta:
            problems.append("`-- params:` only goes with `-- conduct:`")
        if not body:
            problems.append("no SQL after the front matter")
        crit.sql = body or None
    if problems:
        crit.error = f"malformed criterion {source}: " + "; ".join(problems)
    return crit


def _load_yaml(text: str) -> Any:
    """yaml.safe_load, parsed once per text: every bundle of a task carries the same criteria
    snapshot, so an archive parses each conduct.yaml once; the caller gets its own copy."""
    return copy.deepcopy(_load_yaml_cached(text))


@functools.lru_cache(maxsize=512)
def _load_yaml_cached(text: str) -> Any:
    try:  # libyaml when present; the pure-Python parser words the errors (they reach verdicts)
        return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError:
        return yaml.safe_load(text)


CRITERION_FIELDS = ("criterion", "weight", "mandatory", "category", "description", "partial")


def parse_conduct_yaml(text: str, source: str) -> list[Criterion]:
    """`conduct.yaml`: a list (or {checks: [...]}) of `{id: <check>, …params}` mappings."""
    try:
        data = _load_yaml(text)
    except yaml.YAMLError as exc:
        return [Criterion(id="conduct.yaml", source=source, category="conduct",
                          error=f"malformed {source}: not valid YAML ({str(exc).splitlines()[0]})")]
    if isinstance(data, dict) and "checks" in data:
        data = data["checks"]
    if data is None:
        return []
    if not isinstance(data, list):
        return [Criterion(id="conduct.yaml", source=source, category="conduct",
                          error=f"malformed {source}: expected a list of checks")]
    out = []
    for i, entry in enumerate(data, 1):
        src = f"{source}#{i}"
        if isinstance(entry, str):
            entry = {"id": entry}
        if not isinstance(entry, dict) or not entry.get("id"):
            out.append(Criterion(id=f"conduct.yaml#{i}", source=src, category="conduct",
                                 error=f"malformed {src}: each entry needs `id: <check>`"))
            continue
        entry = dict(entry)
        check = str(entry.pop("id"))
        crit = Criterion(id=str(entry.pop("criterion", f"lib:{check}")), source=src,
                         category="conduct", conduct=check)
        problems = []
        if "weight" in entry:
            try:
                crit.weight = _number(str(entry.pop("weight")))
            except ValueError:
                problems.append("weight must be a number >= 0")
        if "mandatory" in entry:
            try:
                crit.mandatory = _bool(str(entry.pop("mandatory")))
            except ValueError:
                problems.append("mandatory must be true or false")
        if "category" in entry:
            crit.category = str(entry.pop("category")).lower()
            if crit.category not in CATEGORIES:
                problems.append(f"category must be one of {'|'.join(CATEGORIES)}")
        crit.description = " ".join(str(entry.pop("description", "")).split())
        crit.partial = bool(entry.pop("partial", False))
        crit.params = entry
        if not ID_RE.match(crit.id):
            problems.append(f"criterion id {crit.id!r} has characters outside [A-Za-z0-9_.:/-]")
        if problems:
            crit.error = f"malformed {src}: " + "; ".join(problems)
        out.append(crit)
    return out


def criteria_files(criteria_dir: Path) -> list[Path]:
    files = [p for p in criteria_dir.rglob("*.sql") if p.is_file()]
    cy = criteria_dir / "conduct.yaml"
    if cy.is_file():
        files.append(cy)
    return sorted(files, key=lambda p: p.relative_to(criteria_dir).as_posix())


def is_shared_definitions(path: Path) -> bool:
    """`criteria/_*.sql` files hold shared definitions (views, e.g. a task's answer key) that
    run before the criteria, so criteria need not repeat them; they are not criteria."""
    return path.suffix == ".sql" and path.name.startswith("_")


def run_shared_definitions(con: duckdb.DuckDBPyConnection, criteria_dir: Path | None) -> list[str]:
    """Execute every `_*.sql` of the criteria directory in name order; one error message per
    file that fails (the run is then unscored: its criteria would be meaningless)."""
    errors: list[str] = []
    if criteria_dir is None or not criteria_dir.is_dir():
        return errors
    shared: list[tuple[Path, str | Exception]] = []
    for p in criteria_files(criteria_dir):
        if is_shared_definitions(p):
            try:
                shared.append((p, p.read_text(encoding="utf-8")))
            except (OSError, UnicodeDecodeError) as exc:
                shared.append((p, exc))
    ensure_for = getattr(con, "ensure_for", None)  # views made on first use (grader/dump_views.py)
    if ensure_for is not None:  # made before `before`: they are the bundle's, not the file's
        for _, text in shared:
            if isinstance(text, str):
                ensure_for(text)
    before = _view_names(con)
    for p, text in shared:
        try:
            if isinstance(text, Exception):
                raise text
            con.execute(text)
        except (OSError, UnicodeDecodeError, duckdb.Error) as exc:
            text = str(exc).splitlines()[0][:300] if str(exc).strip() else type(exc).__name__
            errors.append(f"shared definitions {p.relative_to(criteria_dir).as_posix()}: "
                          f"{_hint(con, text) if isinstance(exc, duckdb.Error) else text}")
    if not errors:
        materialize_views(con, [v for v in _view_names(con) if v not in before])
    return errors


def _view_names(con: duckdb.DuckDBPyConnection) -> list[tuple[str, str, str, bool]]:
    """(database, schema, view, temporary) of every user view, in creation order (dump views
    not yet made on first use are not there yet: grader/dump_views.py)."""
    return [tuple(r) for r in getattr(con, "raw", con).execute(
        "SELECT database_name, schema_name, view_name, temporary FROM duckdb_views() "
        "WHERE NOT internal ORDER BY view_oid").fetchall()]


def materialize_views(con: duckdb.DuckDBPyConnection, views: list[tuple[str, str, str, bool]]) -> None:
    """Compute each view once and let it read the result: an answer key is a view every
    criterion joins, often a long VALUES list or a walk over the exchanges, and DuckDB binds and
    runs a view afresh in each query that names it (measured: build-04's answer key was 80 % of
    its grading time). Nothing a criterion sees changes: the bundle's tables are fixed while it
    is graded, and the table keeps the view's columns and types. A view that cannot be computed
    stays a view, so the criterion that uses it fails with the same error as before."""
    for i, (db, schema, name, temporary) in enumerate(views):
        target = f"{ident(db)}.{ident(schema)}.{ident(name)}"
        table = ident(f"_ib_shared_{i}")
        try:
            con.execute(f"CREATE TEMP TABLE {table} AS SELECT * FROM {target}")
        except duckdb.Error:
            continue
        try:
            con.execute(f"CREATE OR REPLACE {'TEMP ' if temporary else ''}VIEW {target} AS "
                        f"SELECT * FROM temp.main.{table}")
        except duckdb.Error:  # pragma: no cover - the view stays as defined
            con.execute(f"DROP TABLE IF EXISTS temp.main.{table}")


def criteria_sha256(criteria_dir: Path | None) -> str | None:
    """Digest of the criteria set: sha256 over `<relative path>\\0<sha256 of file>\\n` lines,
    sorted by path (*.sql and conduct.yaml)."""
    if criteria_dir is None or not criteria_dir.is_dir():
        return None
    h = hashlib.sha256()
    for p in criteria_files(criteria_dir):
        rel = p.relative_to(criteria_dir).as_posix()
        h.update(f"{rel}\0{hashlib.sha256(p.read_bytes()).hexdigest()}\n".encode())
    return h.hexdigest()


def natural_key(text: str) -> list:
    return [int(t) if t.isdigit() else t.lower() for t in re.split(r"(\d+)", text)]


def load_criteria(criteria_dir: Path, prefix: str = "criteria") -> list[Criterion]:
    """Every criterion of a directory, in natural order of id; duplicates become errors."""
    out: list[Criterion] = []
    for p in criteria_files(criteria_dir):
        if is_shared_definitions(p):
            continue
        rel = f"{prefix}/{p.relative_to(criteria_dir).as_posix()}"
        try:
            text = p.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            out.append(Criterion(id=p.stem, source=rel, error=f"unreadable {rel}: {exc}"))
            continue
        if p.name == "conduct.yaml" and p.parent == criteria_dir:
            out.extend(parse_conduct_yaml(text, rel))
        else:
            out.append(parse_criterion(text, rel))
    seen: dict[str, Criterion] = {}
    for c in out:
        if c.id in seen:
            c.error = (c.error + "; " if c.error else "") + \
                f"duplicate criterion id {c.id!r} (also in {seen[c.id].source})"
        else:
            seen[c.id] = c
    out.sort(key=lambda c: (natural_key(c.id), c.source))
    return out


# --- execution --------------------------------------------------------------------------

class _Watchdog:
    """One thread that interrupts queries past their deadline. A timer thread per query cost
    about 1 ms each to start (measured: 5 % of re-scoring the samples); this one starts with
    the first timed query and sleeps until the nearest deadline."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.deadlines: dict[int, tuple[float, "_Timeout"]] = {}
        self.thread: threading.Thread | None = None
        self.seq = 0

    def add(self, t: "_Timeout") -> int:
        with self.cond:
            self.seq += 1
            self.deadlines[self.seq] = (time.monotonic() + t.seconds, t)
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, name="ib-query-watchdog",
                                               daemon=True)
                self.thread.start()
            self.cond.notify()
            return self.seq

    def remove(self, token: int) -> None:
        with self.cond:
            self.deadlines.pop(token, None)

    def _run(self) -> None:
        with self.cond:
            while True:
                now = time.monotonic()
                for token, (deadline, t) in list(self.deadlines.items()):
                    if deadline <= now:
                        del self.deadlines[token]
                        t.fire()
                nearest = min((d for d, _ in self.deadlines.values()), default=None)
                self.cond.wait(None if nearest is None else max(0.0, nearest - now))


_WATCHDOG = _Watchdog()


class _Timeout:
    def __init__(self, con: duckdb.DuckDBPyConnection, seconds: float | None):
        self.con, self.seconds, self.fired = con, seconds, False
        self.token: int | None = None

    def fire(self) -> None:
        self.fired = True
        self.con.interrupt()

    def __enter__(self):
        if self.seconds:
            self.token = _WATCHDOG.add(self)
        return self

    def __exit__(self, *exc):
        if self.token is not None:
            _WATCHDOG.remove(self.token)
        return False


def json_safe(value: Any) -> Any:
    """A JSON-safe, deterministic form of a DuckDB value (evidence rows)."""
    if value is None or isinstance(value, (bool, int)):
        return value
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return None
        return value
    if isinstance(value, str):
        if len(value) > EVIDENCE_TEXT_MAX:
            return value[:EVIDENCE_TEXT_MAX] + f"… ({len(value)} chars)"
        return value
    if isinstance(value, decimal.Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, _dt.datetime):
        return value.isoformat()
    if isinstance(value, (_dt.date, _dt.time)):
        return value.isoformat()
    if isinstance(value, _dt.timedelta):
        return value.total_seconds()
    if isinstance(value, (bytes, bytearray, memoryview)):
        import base64
        return json_safe(base64.b64encode(bytes(value)).decode())
    if isinstance(value, uuid.UUID):
        return str(value)
    if isinstance(value, dict):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        return [json_safe(v) for v in value]
    return json_safe(str(value))


def _error_text(exc: BaseException, timeout: _Timeout | None = None) -> str:
    if timeout is not None and timeout.fired:
        return f"timed out after {timeout.seconds:g} s"
    text = " ".join(str(exc).split())
    return text[:600] if text else type(exc).__name__


_SEQ = [0]


def run_violations(con: duckdb.DuckDBPyConnection, sql: str,
                   timeout_s: float | None = DEFAULT_TIMEOUT_S,
                   limit: int | None = None) -> tuple[int, list[dict[str, Any]]]:
    """Run a violation query: (row count, first `limit` rows ordered by all columns, i.e.
    ORDER BY ALL with NULLs last). One pass: count(*) and min_by(row, row, limit) over the rows
    as structs; queries whose rows cannot be compared as structs fall back to a temp table and
    ORDER BY ALL. Raises duckdb.Error (or RuntimeError on timeout)."""
    limit = EVIDENCE_ROWS if limit is None else int(limit)
    t = _Timeout(con, timeout_s)
    try:
        with t:
            try:
                n, top = con.execute(
                    f"SELECT count(*), min_by(_ib_row_, _ib_row_, {max(limit, 1)}) "
                    f"FROM (\n{sql}\n) AS _ib_row_").fetchone()
                if n and limit and all(isinstance(r, dict) for r in top or []):
                    return int(n), [{str(k): json_safe(v) for k, v in r.items()} for r in top[:limit]]
                if not n or not limit:
                    return int(n), []
            except duckdb.Error:
                if t.fired:
                    raise
            return _run_violations_table(con, sql, limit)
    except duckdb.Error as exc:
        if t.fired:
            raise RuntimeError(_error_text(exc, t)) from None
        raise


def _run_violations_table(con: duckdb.DuckDBPyConnection, sql: str,
                          limit: int) -> tuple[int, list[dict[str, Any]]]:
    _SEQ[0] += 1
    tmp = f"_violations_{_SEQ[0]}"
    try:
        con.execute(f"CREATE OR REPLACE TEMP TABLE {tmp} AS SELECT * FROM (\n{sql}\n) AS _q")
        n = con.execute(f"SELECT count(*) FROM {tmp}").fetchone()[0]
        rows: list[tuple] = []
        cur = None
        if n and limit:
            try:
                cur = con.execute(f"SELECT * FROM {tmp} ORDER BY ALL LIMIT {limit}")
            except duckdb.Error:
                cols = [r[0] for r in con.execute(f"DESCRIBE {tmp}").fetchall()]
                order = ", ".join(f"CAST(\"{c}\" AS VARCHAR)" for c in cols)
                cur = con.execute(f"SELECT * FROM {tmp} ORDER BY {order} LIMIT {limit}")
            rows = cur.fetchall()
        names: list[str] = []
        if cur is not None:
            for d in cur.description:
                name, k = d[0], 2
                while name in names:
                    name, k = f"{d[0]}_{k}", k + 1
                names.append(name)
        return int(n), [{k: json_safe(v) for k, v in zip(names, row)} for row in rows]
    finally:
        try:
            con.execute(f"DROP TABLE IF EXISTS {tmp}")
        except duckdb.Error:  # pragma: no cover
            pass


def run_scalar(con: duckdb.DuckDBPyConnection, sql: str,
               timeout_s: float | None = DEFAULT_TIMEOUT_S) -> float:
    t = _Timeout(con, timeout_s)
    try:
        with t:
            rows = con.execute(sql).fetchall()
    except duckdb.Error as exc:
        if t.fired:
            raise RuntimeError(_error_text(exc, t)) from None
        raise
    if len(rows) != 1 or len(rows[0]) != 1:
        raise ValueError(f"expected one number, got {len(rows)} row(s)")
    value = rows[0][0]
    if value is None:
        return 0.0
    try:
        return float(value)
    except (TypeError, ValueError):
        raise ValueError(f"expected a number, got {value!r}") from None


def credit_of(violations: int, population: float | None) -> float:
    if population is None:
        return 1.0 if violations == 0 else 0.0
    if population <= 0:
        return 1.0 if violations == 0 else 0.0
    return min(1.0, max(0.0, 1.0 - violations / population))


def _hint(con: duckdb.DuckDBPyConnection, message: str) -> str:
    """Add the tables a schema does have when a table is missing."""
    m = re.search(r"Table with name (\S+) does not exist", message)
    if not m:
        return message
    try:
        rows = con.execute("SELECT table_schema || '.' || table_name FROM information_schema.tables "
                           "WHERE table_schema NOT IN ('main', 'temp', 'pg_catalog', "
                           "'information_schema') ORDER BY 1").fetchall()
    except duckdb.Error:  # pragma: no cover
        return message
    have = [r[0] for r in rows if not r[0].startswith("temp.")]
    shown = ", ".join(have[:20]) + (" …" if len(have) > 20 else "")
    return f"{message} (the bundle has: {shown or 'no state or output tables'})"


def run_sql_criterion(con: duckdb.DuckDBPyConnection, crit: Criterion,
                      timeout_s: float | None = DEFAULT_TIMEOUT_S) -> Result:
    assert crit.sql is not None
    try:
        n, evidence = run_violations(con, crit.sql, timeout_s)
    except (duckdb.Error, RuntimeError) as exc:
        return Result(None, None, None, [], error=f"query failed: {_hint(con, _error_text(exc))}")
    population = None
    if crit.population:
        try:
            population = run_scalar(con, crit.population, timeout_s)
        except (duckdb.Error, RuntimeError, ValueError) as exc:
            return Result(None, None, n, evidence,
                          error=f"population query failed: {_hint(con, _error_text(exc))}")
    credit = credit_of(n, population)
    return Result(passed=n == 0, credit=credit, violations=n, evidence=evidence,
                  population=population)


def dumps_canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, indent=2, allow_nan=False)
