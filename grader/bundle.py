"""The grading views of a bundle: an in-memory DuckDB over its files, once the bundle package has
verified them (bundle/manifest.py, bundle/signing.py).

Layout and columns are fixed by docs/trace-format.md (bundle/layout.py, bundle/exchanges.py,
bundle/events.py). What the loader builds (docs/grader.md
lists it for criteria authors):

- `all_exchanges` (table): exchanges.parquet, or exchanges.jsonl when the parquet is missing or
  unreadable; every contract column with its contract type, in `seq` order.
- `all_events` (table): events.jsonl, one row per line, common keys as columns plus `data` (JSON).
- `exchanges` / `events` (views): the scenario's rows only (phase `scenario:*`), and
  `agent_exchanges` / `agent_events` the agent phase's (grader/phases.py says why).
- `cp_<checkpoint>.<vendor>_<table>` and `cp_<checkpoint>.output_<table>` (views over the
  Parquet dumps); the `final` checkpoint also as `state.<vendor>_<table>` and `output.<table>`.
- `vendor_traits(vendor, doc)`, `traits(vendor, key, value)`, `trait_secrets`,
  `trait_rate_rules` (tables) and the macro `trait(vendor, key)`.
"""
from __future__ import annotations

import copy
import json
import os
import time
from dataclasses import dataclass, field
from functools import lru_cache
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import duckdb
import yaml

from bundle.errors import BundleError, TamperedBundleError
from bundle.events import EVENT_COLUMNS
from bundle.exchanges import EXCHANGE_COLUMNS as _EXCHANGE_TYPES
from bundle.keys import Keyring
from bundle.manifest import read_manifest, verify_manifest
from bundle.signing import check_manifest, manifest_digest
from grader import dump_views
from grader.phases import create_views
from grader.sqlutil import ident, literal, short_error

# the exchange columns of docs/trace-format.md, in order (bundle/exchanges.py defines them)
EXCHANGE_COLUMNS: list[tuple[str, str]] = list(_EXCHANGE_TYPES.items())


_MAX_OBJECT = 256 * 1024 * 1024


@dataclass
class Bundle:
    path: Path
    con: duckdb.DuckDBPyConnection
    manifest: dict[str, Any]
    integrity: dict[str, Any]
    exchanges_source: str | None = None
    notes: list[str] = field(default_factory=list)  # informational, do not change the outcome
    errors: list[str] = field(default_factory=list)  # grading cannot be trusted: unscored
    checkpoints: list[str] = field(default_factory=list)
    vendors: list[str] = field(default_factory=list)
    traits: dict[str, dict[str, Any]] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)  # wall clock, never in the verdict
    release: Any = None  # gives the connection back (grader/catalogs.py) instead of closing it

    def tables(self) -> dict[str, list[str]]:
        rows = self.con.execute(
            "SELECT table_schema, table_name FROM information_schema.tables "
            "ORDER BY table_schema, table_name").fetchall()
        out: dict[str, list[str]] = {}
        for schema, name in rows:
            out.setdefault(schema, []).append(name)
        return out

    def close(self) -> None:
        if self.release is not None:
            self.release(self.con)
            return
        try:
            self.con.close()
        except Exception:  # pragma: no cover
            pass


# --- loading ----------------------------------------------------------------------------

def connect(threads: int | None = None) -> duckdb.DuckDBPyConnection:
    con = duckdb.connect(":memory:")
    con.execute("SET autoinstall_known_extensions = false")
    # A view over a Parquet dump reads the file's footer each time a query binds it; a bundle's
    # criteria bind the same dumps again and again (docs/grader.md, "Re-scoring an archive").
    # The cache is per database and checks each file's modification time.
    con.execute("SET parquet_metadata_cache = true")
    try:  # timestamps are UTC; a TIMESTAMPTZ or an offset in the jsonl converts to UTC
        con.execute("SET TimeZone = 'UTC'")
    except duckdb.Error:  # pragma: no cover - ICU missing
        pass
    if threads:
        con.execute(f"SET threads = {int(threads)}")
    return con


def load_bundle(bundle_dir: str | os.PathLike, allow_tampered: bool = False,
                threads: int | None = None, keyring: Keyring | None = None,
                lazy_dumps: bool = False, catalogs=None, criteria: str = "") -> Bundle:
    """Verify and load a bundle. Raises BundleError for a path that is not a bundle and
    TamperedBundleError for a bundle that does not match its manifest or whose manifest is not
    signed by a key `keyring` (default: the operator's, bundle/keys.py) accepts (unless allowed).
    `lazy_dumps`: a verified bundle's dump views are created on first use (grader/dump_views.py),
    and `con` is then a connection that does so. `catalogs` (grader/catalogs.Catalogs): a fresh
    catalog on a database it keeps open, for the bundle whose criteria text is `criteria`."""
    bundle = Path(bundle_dir)
    t0 = time.perf_counter()
    try:
        manifest = read_manifest(bundle)
        problems = verify_manifest(bundle, manifest)
    except BundleError:
        if not allow_tampered or not bundle.is_dir():
            raise
        manifest, problems = {}, ["manifest.json is missing or unreadable"]
    # digests anyone can recompute; the signature says who sealed them (bundle/signing.py)
    signature = check_manifest(manifest, bundle, keyring if keyring is not None else Keyring.default())
    problems = problems + signature.problems
    if problems and not allow_tampered:
        raise TamperedBundleError(str(bundle), problems)
    integrity = {"verified": not problems, "allow_tampered": bool(allow_tampered),
                 "problems": problems, "signature": signature.record(),
                 "manifest_sha256": manifest_digest(manifest) if manifest else None}
    t1 = time.perf_counter()
    if catalogs is not None:
        b = Bundle(path=bundle, con=catalogs.open(criteria), manifest=manifest, integrity=integrity,
                   release=catalogs.release)
    else:
        b = Bundle(path=bundle, con=connect(threads), manifest=manifest, integrity=integrity)
    b.timings["verify_s"] = t1 - t0
    _load_exchanges(b)
    _load_events(b)
    # criteria judge the scenario, not the exploration: views over the tables (grader/phases.py)
    create_views(b.con, "exchanges")
    create_views(b.con, "events")
    _load_dumps(b, lazy=lazy_dumps and not problems)
    _load_traits(b)
    vendors = set(b.traits)
    try:
        vendors |= {r[0] for r in b.con.execute(
            "SELECT DISTINCT vendor FROM all_exchanges WHERE vendor IS NOT NULL").fetchall()}
    except duckdb.Error:  # pragma: no cover
        pass
    b.vendors = sorted(vendors)
    b.timings["load_s"] = time.perf_counter() - t1
    return b


def iso_z(ts: datetime) -> str:
    """A UTC instant as the trace format writes it: ISO-8601 with microseconds and `Z`
    (a naive datetime, as DuckDB returns TIMESTAMP columns, is UTC)."""
    if ts.tzinfo is None:
        ts = ts.replace(tzinfo=timezone.utc)
    return ts.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def trace_row(row: dict[str, Any]) -> dict[str, Any]:
    """An `all_exchanges` row (DuckDB types) as exchanges.jsonl has it: times as ISO strings,
    the JSON columns as objects (docs/trace-format.md)."""
    out = dict(row)
    for name, typ in EXCHANGE_COLUMNS:
        value = out.get(name)
        if typ == "TIMESTAMP" and isinstance(value, datetime):
            out[name] = iso_z(value)
        elif typ == "JSON" and isinstance(value, str):
            try:
                out[name] = json.loads(value)
            except ValueError:
                pass
    return out


def _typed_select(available: dict[str, str], spec: list[tuple[str, str]]) -> str:
    cols = []
    for name, typ in spec:
        if name in available:
            cols.append(f"TRY_CAST({ident(name)} AS {typ}) AS {ident(name)}"
                        if available[name].upper() != typ else ident(name))
        else:
            cols.append(f"CAST(NULL AS {typ}) AS {ident(name)}")
    extra = [ident(c) for c in available if c not in dict(spec)]
    return ", ".join(cols + extra)


def _json_select(spec: list[tuple[str, str]], src: str = "json") -> str:
    cols = []
    for name, typ in spec:
        key = literal(name)
        if typ == "JSON":
            cols.append(f"{src} -> {key} AS {ident(name)}")
        elif typ == "VARCHAR":
            cols.append(f"{src} ->> {key} AS {ident(name)}")
        elif typ == "TIMESTAMP":
            cols.append(f"coalesce(CAST(TRY_CAST({src} ->> {key} AS TIMESTAMPTZ) AS TIMESTAMP), "
                        f"TRY_CAST({src} ->> {key} AS TIMESTAMP)) AS {ident(name)}")
        else:
            cols.append(f"TRY_CAST({src} ->> {key} AS {typ}) AS {ident(name)}")
    return ", ".join(cols)


def _empty_table(con, name: str, spec: list[tuple[str, str]]) -> None:
    cols = ", ".join(f"{ident(n)} {t}" for n, t in spec)
    con.execute(f"CREATE OR REPLACE TABLE {name} ({cols})")


def _read_ndjson(con, path: Path, spec: list[tuple[str, str]], table: str,
                 order: str) -> tuple[int, int]:
    """Load a JSON-lines file with explicit column types; returns (rows, unreadable lines)."""
    src = f"read_ndjson_objects({literal(str(path))}, ignore_errors = true, " \
          f"maximum_object_size = {_MAX_OBJECT})"
    con.execute(
        f"CREATE OR REPLACE TEMP TABLE _raw AS SELECT row_number() OVER () AS ord, json "
        f"FROM {src}")
    bad = con.execute(
        "SELECT count(*) FROM _raw WHERE json IS NULL OR json_type(json) <> 'OBJECT'").fetchone()[0]
    con.execute(
        f"CREATE OR REPLACE TABLE {table} AS SELECT {_json_select(spec)}"
        f"{', json AS data, ord' if table == 'all_events' else ''} FROM _raw "
        f"WHERE json IS NOT NULL AND json_type(json) = 'OBJECT' ORDER BY {order}")
    con.execute("DROP TABLE _raw")
    rows = con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    return rows, bad


def _load_exchanges(b: Bundle) -> None:
    con, pq, jl = b.con, b.path / "exchanges.parquet", b.path / "exchanges.jsonl"
    why = None
    if pq.is_file():
        try:
            desc = con.execute(
                f"DESCRIBE SELECT * FROM read_parquet({literal(str(pq))})").fetchall()
            available = {r[0]: r[1] for r in desc}
            con.execute(
                f"CREATE TABLE all_exchanges AS SELECT {_typed_select(available, EXCHANGE_COLUMNS)} "
                f"FROM read_parquet({literal(str(pq))}) ORDER BY seq")
            b.exchanges_source = "exchanges.parquet"
            return
        except duckdb.Error as exc:
            why = f"exchanges.parquet is unreadable ({short_error(exc)})"
            con.execute("DROP TABLE IF EXISTS all_exchanges")
    else:
        why = "exchanges.parquet is missing"
    if jl.is_file():
        try:
            rows, bad = _read_ndjson(con, jl, EXCHANGE_COLUMNS, "all_exchanges", "seq")
        except duckdb.Error as exc:
            b.errors.append(f"{why}, and exchanges.jsonl is unreadable ({short_error(exc)})")
            _empty_table(con, "all_exchanges", EXCHANGE_COLUMNS)
            return
        b.exchanges_source = "exchanges.jsonl"
        b.notes.append(f"{why}; read exchanges.jsonl instead ({rows} rows)")
        if bad:
            b.notes.append(f"exchanges.jsonl: {bad} unreadable line(s) skipped "
                           f"(a run killed mid-write leaves a partial last line)")
        if rows == 0 and jl.stat().st_size > 0:
            b.errors.append("exchanges.jsonl holds no readable exchange")
        return
    _empty_table(con, "all_exchanges", EXCHANGE_COLUMNS)
    if pq.is_file():
        b.errors.append(f"{why}, and exchanges.jsonl is missing: no exchange can be read")
    else:
        b.notes.append("the bundle has no exchanges (neither exchanges.parquet nor exchanges.jsonl)")


def _load_events(b: Bundle) -> None:
    path = b.path / "events.jsonl"
    spec = EVENT_COLUMNS
    if path.is_file():
        try:
            _rows, bad = _read_ndjson(b.con, path, spec, "all_events", "ord")
            if bad:
                b.notes.append(f"events.jsonl: {bad} unreadable line(s) skipped")
            return
        except duckdb.Error as exc:
            b.errors.append(f"events.jsonl is unreadable ({short_error(exc)})")
    else:
        b.notes.append("the bundle has no events.jsonl")
    cols = ", ".join(f"{ident(n)} {t}" for n, t in spec)
    b.con.execute(f"CREATE OR REPLACE TABLE all_events ({cols}, data JSON, ord BIGINT)")


def _load_dumps(b: Bundle, lazy: bool = False) -> None:
    """The checkpoint views (grader/dump_views.py): created now, or on first use (`lazy`)."""
    con = b.con
    cps: set[str] = set()
    for kind in ("state", "output"):
        root = b.path / kind
        if root.is_dir():
            cps |= {p.name for p in root.iterdir() if p.is_dir()}
    b.checkpoints = sorted(cps)
    for schema in ["state", "output"] + [f"cp_{cp}" for cp in b.checkpoints]:
        con.execute(f"CREATE SCHEMA IF NOT EXISTS {ident(schema)}")
    views = dump_views.plan(b.path, b.checkpoints)
    if lazy and all(dump_views.well_formed(v.file) for v in views):
        b.con = dump_views.LazyViews(con, views, b.notes.append)
    else:
        for v in views:
            dump_views.create(con, v, b.notes.append)
    if b.checkpoints and "final" not in b.checkpoints:
        b.notes.append("the bundle has no `final` checkpoint: schemas state and output are empty")


# --- traits -----------------------------------------------------------------------------

def _parse_traits(text: str, source: str) -> tuple[dict[str, Any] | None, str | None]:
    """The vendor traits a bundle carries, and the problem with them (None when they match the
    schema). An archive repeats a handful of vendor.yaml texts thousands of times, so each text
    is parsed and validated once per process; callers get their own copy."""
    return copy.deepcopy(_parse_traits_cached(text, source))


@lru_cache(maxsize=256)
def _parse_traits_cached(text: str, source: str) -> tuple[dict[str, Any] | None, str | None]:
    try:
        from bundle.traits import TraitsError, parse_traits
    except Exception:  # pragma: no cover - grading without the vendors package
        parse_traits = None
    if parse_traits is not None:
        try:
            return parse_traits(text, source).model_dump(mode="json"), None
        except TraitsError as exc:
            problem = str(exc)
        except Exception as exc:  # pragma: no cover
            problem = f"{source}: {exc}"
    else:  # pragma: no cover
        problem = None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        return None, f"{source}: not valid YAML ({exc})"
    if not isinstance(data, dict):
        return None, f"{source}: expected a mapping"
    return data, problem


def _flatten(prefix: str, node: Any, out: list[tuple[str, str]]) -> None:
    if prefix:
        out.append((prefix, json.dumps(node, sort_keys=True)))
    if isinstance(node, dict):
        for k in sorted(node):
            _flatten(f"{prefix}.{k}" if prefix else str(k), node[k], out)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            _flatten(f"{prefix}[{i}]", v, out)


def _load_traits(b: Bundle) -> None:
    con = b.con
    root = b.path / "traits"
    docs: dict[str, dict[str, Any]] = {}
    if root.is_dir():
        for f in sorted(root.glob("*.y*ml")):
            data, problem = _parse_traits(f.read_text(encoding="utf-8", errors="replace"),
                                          f"traits/{f.name}")
            if problem:
                b.notes.append(f"{problem} (conduct checks use the raw document)"
                               if data is not None else problem)
            if data is not None:
                docs[str(data.get("name") or f.stem)] = data
    overrides = b.manifest.get("credentials")
    if isinstance(overrides, dict):
        for vendor, creds in overrides.items():
            if vendor in docs and isinstance(creds, dict):
                docs[vendor] = {**docs[vendor],
                                "credentials": {**(docs[vendor].get("credentials") or {}), **creds}}
    b.traits = docs
    for table, spec in TRAIT_TABLES.items():
        con.execute(f"CREATE TABLE {table} ({', '.join(f'{ident(n)} {t}' for n, t in spec)})")
    flat, secrets, rules, whole = [], [], [], []
    for vendor in sorted(docs):
        doc = docs[vendor]
        whole.append((vendor, json.dumps(doc, sort_keys=True)))
        rows: list[tuple[str, str]] = []
        _flatten("", doc, rows)
        flat += [(vendor, k, v) for k, v in rows]
        for s in secret_specs(doc):
            secrets.append((vendor, s["name"], s["value"], s["placement"], s["field"],
                            s["prefix"], s["endpoint"]))
        for r in ((doc.get("rate_limits") or {}).get("rules") or []):
            if not isinstance(r, dict):
                continue
            m = r.get("match") or {}
            rules.append((vendor, r.get("id"), r.get("policy"), r.get("limit"),
                          r.get("window_s", 1.0), r.get("refill_per_s"), r.get("block_s"),
                          m.get("method"), m.get("path"), r.get("status", 429)))
    for table, rows in (("vendor_traits", whole), ("traits", flat), ("trait_secrets", secrets),
                        ("trait_rate_rules", rules)):
        _insert_columns(con, table, rows)
    con.execute("CREATE MACRO trait(v, k) AS "
                "(SELECT any_value(value) FROM traits WHERE vendor = v AND key = k)")


# the trait tables criteria may read (docs/grader.md "Views"), column by column
TRAIT_TABLES: dict[str, list[tuple[str, str]]] = {
    "vendor_traits": [("vendor", "VARCHAR"), ("doc", "JSON")],
    "traits": [("vendor", "VARCHAR"), ("key", "VARCHAR"), ("value", "JSON")],
    "trait_secrets": [("vendor", "VARCHAR"), ("name", "VARCHAR"), ("value", "VARCHAR"),
                      ("placement", "VARCHAR"), ("field", "VARCHAR"), ("prefix", "VARCHAR"),
                      ("endpoint", "VARCHAR")],
    "trait_rate_rules": [("vendor", "VARCHAR"), ("id", "VARCHAR"), ("policy", "VARCHAR"),
                         ("limit", "INTEGER"), ("window_s", "DOUBLE"), ("refill_per_s", "DOUBLE"),
                         ("block_s", "DOUBLE"), ("match_method", "VARCHAR"), ("match_path", "VARCHAR"),
                         ("status", "INTEGER")],
}


def _insert_columns(con, table: str, rows: list[tuple]) -> None:
    """Insert rows in one statement (executemany is slow in DuckDB): one list per column."""
    if not rows:
        return
    cols = list(zip(*rows))
    names = [n for n, _ in TRAIT_TABLES[table]]
    types = [t for _, t in TRAIT_TABLES[table]]
    select = ", ".join(f"CAST(unnest(${i + 1}::VARCHAR[]) AS {t})" for i, t in enumerate(types))
    con.execute(f"INSERT INTO {table} ({', '.join(ident(n) for n in names)}) SELECT {select}",
                [[None if v is None else str(v) for v in col] for col in cols])


def secret_specs(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """Credentials of a vendor with where each may be placed. A credential the auth section
    does not list (e.g. a webhook signing secret) is `never_sent` by the client."""
    creds = doc.get("credentials") or {}
    listed = ((doc.get("auth") or {}).get("secrets")) or []
    out, seen = [], set()
    for s in listed:
        if not isinstance(s, dict) or "name" not in s:
            continue
        name = str(s["name"])
        seen.add(name)
        value = creds.get(name)
        out.append({"name": name, "value": None if value is None else str(value),
                    "placement": s.get("placement"), "field": s.get("field"),
                    "prefix": s.get("prefix") or "", "endpoint": s.get("endpoint")})
    for name in sorted(creds):
        if name not in seen:
            out.append({"name": name, "value": str(creds[name]), "placement": "never_sent",
                        "field": None, "prefix": "", "endpoint": None})
    return out

