"""What the report shows, read from bundles and verdicts only (no vendor, no network).

A run page needs the verdict, the run's events (phases and scenario steps), its exchanges (a
bounded number, bodies cut: a report must open in a browser), the agent's patch and the process
logs; the traits say each vendor's rate limit for the request-rate plot.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import duckdb
import yaml

from grader.bundle import trace_row
from grader.sqlutil import literal

MAX_EXCHANGES = 2000  # per run page; the page says how many were left out
MAX_BODY = 2048       # characters of a body shown
MAX_PATCH = 200_000
MAX_LOG = 20_000


@dataclass
class RunData:
    path: Path
    verdict: dict[str, Any]
    verdict_file: str
    counted: bool            # in the leaderboard (signatures verified, grader/suite.py)
    left_out: str | None     # why not, when not
    manifest: dict[str, Any] = field(default_factory=dict)
    events: list[dict[str, Any]] = field(default_factory=list)
    exchanges: list[dict[str, Any]] = field(default_factory=list)
    exchanges_total: int = 0
    patch: str = ""
    logs: dict[str, str] = field(default_factory=dict)
    rate_limits: dict[str, list[tuple[int, float]]] = field(default_factory=dict)
    anchor: str = "r0"       # the id of its section in the report

    @property
    def run_id(self) -> str:
        return str(self.verdict.get("run_id") or self.path.name)

    @property
    def task(self) -> str:
        return str((self.verdict.get("task") or {}).get("id") or "?")

    @property
    def agent(self) -> str:
        from grader.suite import agent_label

        return agent_label({"agent": self.verdict.get("agent") or "?", "model": self.verdict.get("model")})


def _cut(text: str | None, n: int) -> str | None:
    if text is None or len(text) <= n:
        return text
    return text[:n] + f"\n… ({len(text) - n} more characters)"


def _read_text(path: Path, limit: int) -> str:
    try:
        with path.open("r", encoding="utf-8", errors="replace") as f:
            text = f.read(limit + 1)
    except OSError:
        return ""
    return _cut(text, limit) or ""


def _exchanges(bundle: Path) -> tuple[list[dict[str, Any]], int]:
    pq, jl = bundle / "exchanges.parquet", bundle / "exchanges.jsonl"
    if pq.is_file():
        src = f"read_parquet({literal(str(pq))})"
    elif jl.is_file():
        src = f"read_json_auto({literal(str(jl))}, format = 'newline_delimited', ignore_errors = true)"
    else:
        return [], 0
    con = duckdb.connect(":memory:", config={"threads": 1})
    try:
        total = con.execute(f"SELECT count(*) FROM {src}").fetchone()[0]
        cur = con.execute(f"SELECT * FROM {src} ORDER BY seq LIMIT {MAX_EXCHANGES}")
        names = [d[0] for d in cur.description]
        rows = []
        for r in cur.fetchall():
            x = trace_row(dict(zip(names, r)))
            for k in ("req_body", "resp_body"):
                x[k] = _cut(x.get(k), MAX_BODY)
            rows.append(x)
        return rows, int(total)
    except duckdb.Error:
        return [], 0
    finally:
        con.close()


def _events(bundle: Path) -> list[dict[str, Any]]:
    out = []
    path = bundle / "events.jsonl"
    if not path.is_file():
        return out
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            e = json.loads(line)
        except ValueError:
            continue
        if isinstance(e, dict) and e.get("type") in ("phase", "step", "process", "fault", "forgery",
                                                      "harness_error", "note"):
            e = {k: v for k, v in e.items() if k not in ("payload", "headers")}  # kept short
            if isinstance(e.get("result"), (dict, list)):
                e["result"] = _cut(json.dumps(e["result"], sort_keys=True), 600)
            out.append(e)
    return out


def _rate_limits(bundle: Path) -> dict[str, list[tuple[int, float]]]:
    """vendor → [(limit, window_s)] of its fixed/sliding window rules (vendor.yaml)."""
    out: dict[str, list[tuple[int, float]]] = {}
    for f in sorted((bundle / "traits").glob("*.yaml")):
        try:
            doc = yaml.safe_load(f.read_text()) or {}
            rules = ((doc.get("rate_limits") or {}).get("rules")) or []
        except (OSError, yaml.YAMLError, AttributeError):
            continue
        for r in rules if isinstance(rules, list) else []:
            if isinstance(r, dict) and r.get("limit") and r.get("window_s"):
                out.setdefault(f.stem, []).append((int(r["limit"]), float(r["window_s"])))
    return out


def load_runs(root: Path, ring=None) -> tuple[list[RunData], list[str]]:
    """Every bundle under `root` (or `root` itself) that has a verdict; and what was left out.
    Whether a run counts is decided as for the leaderboard (grader.suite.judged)."""
    from grader.suite import find_bundles, judged

    runs, problems = [], []
    for b, vp, verdict, why in judged(find_bundles(root), "rescored", ring):
        if vp is None:
            problems.append(f"{b}: {why}")
            continue
        if verdict is None:  # not counted, yet shown: read it as it stands
            try:
                verdict = json.loads(vp.read_text())
            except (OSError, ValueError) as exc:
                problems.append(f"{vp}: unreadable verdict ({exc})")
                continue
            if not isinstance(verdict, dict) or "outcome" not in verdict:
                problems.append(f"{vp}: not a verdict")
                continue
        rd = RunData(path=b, verdict=verdict, verdict_file=vp.name, counted=why is None, left_out=why)
        try:
            rd.manifest = json.loads((b / "manifest.json").read_text())
        except (OSError, ValueError):
            rd.manifest = {}
        rd.events = _events(b)
        rd.exchanges, rd.exchanges_total = _exchanges(b)
        rd.patch = _read_text(b / "workspace.patch", MAX_PATCH) if (b / "workspace.patch").is_file() else ""
        for log in sorted((b / "logs").glob("*")) if (b / "logs").is_dir() else []:
            if log.is_file():
                rd.logs[log.name] = _read_text(log, MAX_LOG)
        rd.rate_limits = _rate_limits(b)
        runs.append(rd)
    runs.sort(key=lambda r: (r.task, r.agent, r.verdict.get("trial") or 0, r.run_id))
    return runs, problems
