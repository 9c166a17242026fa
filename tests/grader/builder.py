"""A small fixture builder: writes a trace bundle directory (docs/trace-format.md) from Python
rows, so each test states exactly the traffic it is about.

    b = BundleBuilder(tmp_path / "run")
    b.traits("placemint")                       # vendors/placemint/vendor.yaml
    b.x(t=0, path="/v1/fees", status=429, resp_headers={"retry-after": "2"})
    b.x(t=2.1, path="/v1/fees")
    b.criterion("c1", "-- id: C1\\n-- category: correctness\\n...\\nSELECT 1 WHERE FALSE")
    path = b.build()
"""
from __future__ import annotations

import datetime as dt
import json
import shutil
from pathlib import Path
from typing import Any

import duckdb
import yaml

from bundle.signing import seal_bundle
from grader.bundle import EXCHANGE_COLUMNS, _json_select
from grader.sqlutil import literal

T0 = dt.datetime(2026, 3, 2, 9, 0, 0, tzinfo=dt.timezone.utc)
VENDORS_DIR = Path(__file__).resolve().parents[2] / "vendors"


def iso(t: float | dt.datetime) -> str:
    when = t if isinstance(t, dt.datetime) else T0 + dt.timedelta(seconds=t)
    return when.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def http_date(t: float) -> str:
    when = T0 + dt.timedelta(seconds=t)
    return when.strftime("%a, %d %b %Y %H:%M:%S GMT")


class BundleBuilder:
    def __init__(self, root: Path, run_id: str = "build-01-staffline-demo__oracle__t1__abc",
                 task_id: str = "build-01-staffline-demo", agent: str = "oracle",
                 outcome: str = "completed", trial: int = 1):
        self.root = Path(root)
        self.run_id, self.task_id, self.agent, self.outcome, self.trial = \
            run_id, task_id, agent, outcome, trial
        self.rows: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.tables: list[tuple[str, list[dict], dict | None]] = []
        self.trait_docs: dict[str, dict] = {}
        self.criteria: dict[str, str] = {}
        self.conduct_entries: list[dict] | None = None
        self.manifest_extra: dict[str, Any] = {}

    # exchanges -------------------------------------------------------------------------
    def x(self, t: float = 0.0, dur: float = 0.05, **fields: Any) -> dict[str, Any]:
        """Append one exchange starting `t` seconds after T0 and lasting `dur` seconds."""
        seq = len(self.rows) + 1
        path = fields.pop("path", "/v1/placements")
        query = fields.pop("query", {}) or {}
        qs = "&".join(f"{k}={v}" for k, vs in query.items() for v in vs)
        vendor = fields.get("vendor", "placemint")
        row = {
            "seq": seq, "run_id": self.run_id, "phase": "scenario:run1", "direction": "to_vendor",
            "vendor": vendor, "started_at": iso(t), "ended_at": iso(t + dur),
            "duration_ms": round(dur * 1000, 3), "method": "GET",
            "url": f"http://127.0.0.1:18000{path}" + (f"?{qs}" if qs else ""),
            "path": path, "query": query, "req_headers": {}, "resp_headers": {},
            "req_body": None, "resp_body": "{}", "req_body_encoding": "utf8",
            "resp_body_encoding": "utf8", "status": 200, "fault": None, "fault_action": None,
            "upstream_called": True, "client_saw": "full", "forged": None, "error": None,
        }
        for k, v in fields.items():
            if k not in row:
                raise KeyError(f"unknown exchange column {k}")
            row[k] = v
        if "url" not in fields:
            row["url"] = f"http://127.0.0.1:18000{path}" + (f"?{qs}" if qs else "")
        self.rows.append(row)
        return row

    def event(self, type: str, t: float = 0.0, **fields: Any) -> None:
        self.events.append({"at": iso(t), "source": "harness", "type": type,
                            "phase": fields.pop("phase", None), **fields})

    def phase(self, name: str, start: float, end: float) -> None:
        self.event("phase", start, name=name, state="start", phase=name)
        self.event("phase", end, name=name, state="end", phase=name)

    # dumps -----------------------------------------------------------------------------
    def state(self, cp: str, vendor: str, table: str, rows: list[dict], columns: dict | None = None):
        self.tables.append((f"state/{cp}/{vendor}/{table}.parquet", rows, columns))

    def output(self, cp: str, table: str, rows: list[dict], columns: dict | None = None):
        self.tables.append((f"output/{cp}/{table}.parquet", rows, columns))

    def traits(self, vendor: str, doc: dict | None = None, **overrides: Any) -> dict:
        if doc is None:
            doc = yaml.safe_load((VENDORS_DIR / vendor / "vendor.yaml").read_text())
        doc = {**doc, **overrides}
        self.trait_docs[vendor] = doc
        return doc

    def criterion(self, name: str, text: str) -> None:
        self.criteria[name if "." in name else f"{name}.sql"] = text

    def conduct(self, entries: list[dict]) -> None:
        self.conduct_entries = entries

    # writing ---------------------------------------------------------------------------
    def build(self, parquet: bool = True, jsonl: bool = True) -> Path:
        root = self.root
        if root.exists():
            shutil.rmtree(root)
        root.mkdir(parents=True)
        con = duckdb.connect()
        jl = root / "exchanges.jsonl"
        with open(jl, "w", encoding="utf-8") as fh:
            for r in self.rows:
                fh.write(json.dumps(r, sort_keys=True) + "\n")
        if parquet:
            con.execute(
                f"COPY (SELECT {_json_select(EXCHANGE_COLUMNS)} FROM read_ndjson_objects("
                f"{literal(str(jl))}) ORDER BY 1) TO {literal(str(root / 'exchanges.parquet'))} "
                f"(FORMAT parquet, COMPRESSION zstd)")
        if not jsonl:
            jl.unlink()
        with open(root / "events.jsonl", "w", encoding="utf-8") as fh:
            for e in self.events:
                fh.write(json.dumps(e, sort_keys=True) + "\n")
        for rel, rows, columns in self.tables:
            target = root / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if rows:
                tmp = root / "_tmp_rows.jsonl"
                tmp.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in rows))
                src = f"read_json_auto({literal(str(tmp))}" + (
                    ", columns = {" + ", ".join(f"{literal(k)}: {literal(v)}" for k, v in columns.items())
                    + "}" if columns else "") + ")"
                con.execute(f"COPY (SELECT * FROM {src}) TO {literal(str(target))} (FORMAT parquet)")
                tmp.unlink()
            else:
                cols = ", ".join(f"CAST(NULL AS {t}) AS \"{n}\"" for n, t in (columns or {"id": "VARCHAR"}).items())
                con.execute(f"COPY (SELECT {cols} WHERE FALSE) TO {literal(str(target))} (FORMAT parquet)")
        if self.trait_docs:
            (root / "traits").mkdir()
            for v, doc in self.trait_docs.items():
                (root / "traits" / f"{v}.yaml").write_text(yaml.safe_dump(doc, sort_keys=True))
        if self.criteria or self.conduct_entries is not None:
            (root / "criteria").mkdir()
            for name, text in self.criteria.items():
                (root / "criteria" / name).write_text(text)
            if self.conduct_entries is not None:
                (root / "criteria" / "conduct.yaml").write_text(yaml.safe_dump(self.conduct_entries))
        (root / "logs").mkdir()
        (root / "logs" / "agent.log").write_text("agent did things\n")
        (root / "workspace.patch").write_text("")
        con.close()
        seal_bundle(root, {
            "schema_version": 1, "run_id": self.run_id,
            "task": {"id": self.task_id, "version": "1", "sha256": "0" * 64},
            "agent": self.agent, "trial": self.trial, "seeds": {},
            "tool_versions": {"ibench": "0.1.0"},
            "started_at": iso(0), "ended_at": iso(max([0.0] + [self._end(r) for r in self.rows])),
            "outcome": self.outcome, **self.manifest_extra,
        })
        return root

    @staticmethod
    def _end(row: dict) -> float:
        t = dt.datetime.fromisoformat(row["ended_at"].replace("Z", "+00:00"))
        return (t - T0).total_seconds()


PASS_SQL = """-- id: {id}
-- category: correctness
-- weight: {weight}
-- mandatory: {mandatory}
-- description: {description}
SELECT * FROM exchanges WHERE FALSE
"""

FAIL_SQL = """-- id: {id}
-- category: correctness
-- weight: {weight}
-- mandatory: {mandatory}
-- description: {description}
SELECT 'sentinel' AS why
"""


def simple(id: str, passing: bool = True, weight: int = 1, mandatory: bool = True,
           description: str = "test criterion") -> str:
    return (PASS_SQL if passing else FAIL_SQL).format(id=id, weight=weight,
                                                      mandatory=str(mandatory).lower(),
                                                      description=description)
