"""Scoring and verdict.json (docs/grader.md "Scoring and the verdict").

score = 100 × Σ(weight × credit) / Σ weight over the recorded criteria; solved = the outcome is
`completed`, at least one mandatory criterion of weight > 0 is recorded, and every mandatory
criterion passes. The verdict is byte-stable: sorted keys, evidence ordered by all columns, no
wall-clock timing of the grader (the `timings` block holds the run's own times from the
manifest and events, which do not change between re-grades).
"""
from __future__ import annotations

import datetime as _dt
import json
import os
import time
from pathlib import Path
from typing import Any

import duckdb

from grader.version import VERDICT_SCHEMA_VERSION, __version__
from bundle.verdicts import verdict_bytes  # noqa: F401  (grader.verdict_bytes, write_verdict)
from grader.bundle import Bundle, load_bundle
from grader.conduct import ALWAYS_ON, REGISTRY, Context, evaluate
from grader.criteria import (Criterion, Result, criteria_sha256, load_criteria,
                             parse_conduct_yaml, run_shared_definitions, run_sql_criterion)
from grader.catalogs import criteria_text
from grader.errors import CriteriaError

KINDS = ("build", "fix", "harden", "migrate")
ALWAYS_ON_WEIGHT = 0.0  # gates: they can make a run unsolved, never earn points


def _num_out(x: float | None) -> float | int | None:
    if x is None:
        return None
    x = float(x)
    return int(x) if x.is_integer() else round(x, 6)


def _int_or_none(x: Any) -> int | None:
    try:
        return None if x is None or isinstance(x, bool) else int(x)
    except (TypeError, ValueError):
        return None


def _parse_time(text: Any) -> _dt.datetime | None:
    if not isinstance(text, str) or not text:
        return None
    try:
        t = _dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return t if t.tzinfo else t.replace(tzinfo=_dt.timezone.utc)


def run_timings(b: Bundle) -> dict[str, Any]:
    """The run's own times (manifest and phase events): deterministic for a given bundle."""
    m = b.manifest
    start, end = _parse_time(m.get("started_at")), _parse_time(m.get("ended_at"))
    out: dict[str, Any] = {
        "run_started_at": m.get("started_at"), "run_ended_at": m.get("ended_at"),
        "run_duration_s": round((end - start).total_seconds(), 3) if start and end else None,
        "phases": {},
    }
    try:
        rows = b.con.execute(
            # every phase's markers, the agent's included (grader/phases.py): all_events
            "SELECT name, state, \"at\" FROM all_events WHERE type = 'phase' AND name IS NOT NULL "
            "AND \"at\" IS NOT NULL ORDER BY ord").fetchall()
    except duckdb.Error:
        rows = []
    opened: dict[str, _dt.datetime] = {}
    for name, state, at in rows:
        if state == "start":
            opened[name] = at
        elif state == "end" and name in opened:
            secs = (at - opened.pop(name)).total_seconds()
            out["phases"][name] = round(out["phases"].get(name, 0.0) + secs, 3)
    try:
        # each scenario step's own duration (`duration_s` on its step event; bundles recorded
        # before steps carried it keep their verdicts' bytes: no `steps` key)
        steps = b.con.execute(
            "SELECT step, try_cast(data ->> 'duration_s' AS DOUBLE) FROM events "
            "WHERE type = 'step' AND step IS NOT NULL ORDER BY ord").fetchall()
    except duckdb.Error:
        steps = []
    if any(d is not None for _, d in steps):
        out["steps"] = {str(step): round(float(d), 3) for step, d in steps if d is not None}
        out["phases"]["scenario"] = round(sum(out["steps"].values()), 3)
    return out


def task_criteria(criteria_dir: Path | None, conduct: list[dict] | None) -> list[Criterion]:
    crits: list[Criterion] = []
    if criteria_dir is not None:
        crits = load_criteria(criteria_dir)
    if conduct:
        import yaml
        extra = parse_conduct_yaml(yaml.safe_dump(list(conduct)), "conduct(api)")
        have = {c.id for c in crits}
        for c in extra:
            if c.id in have:
                c.error = f"duplicate criterion id {c.id!r}"
            crits.append(c)
    listed = {REGISTRY[c.conduct].id for c in crits if c.conduct in REGISTRY}
    for check_id in ALWAYS_ON:
        if check_id in listed:
            continue
        check = REGISTRY[check_id]
        crits.append(Criterion(id=f"lib:{check_id}", source="always-on", category="conduct",
                               weight=ALWAYS_ON_WEIGHT, mandatory=True, conduct=check_id,
                               description=check.summary, always_on=True))
    return crits


def _entry(c: Criterion, r: Result) -> dict[str, Any]:
    e = {
        "id": c.id, "category": c.category, "weight": _num_out(c.weight),
        "mandatory": c.mandatory, "passed": r.passed, "credit": _num_out(r.credit),
        "violations": r.violations, "evidence": r.evidence,
        "description": c.description or (REGISTRY[c.conduct].summary if c.conduct in REGISTRY else ""),
        "source": c.source, "error": r.error,
        "population": _num_out(r.population),
    }
    if c.conduct:
        e["conduct"] = REGISTRY[c.conduct].id if c.conduct in REGISTRY else c.conduct
        e["params"] = json.loads(json.dumps(c.params, default=str, sort_keys=True))
    return e


def score_entries(entries: list[dict[str, Any]]) -> tuple[float, bool, dict[str, Any]]:
    total_w = sum(float(e["weight"]) for e in entries)
    earned = sum(float(e["weight"]) * float(e["credit"] or 0) for e in entries)
    score = round(100.0 * earned / total_w, 4) if total_w > 0 else 0.0
    mandatory = [e for e in entries if e["mandatory"]]
    solved = bool(any(float(e["weight"]) > 0 for e in mandatory)) and all(e["passed"] for e in mandatory)
    by_cat: dict[str, Any] = {}
    for e in entries:
        c = by_cat.setdefault(e["category"], {"criteria": 0, "passed": 0, "weight": 0.0, "earned": 0.0})
        c["criteria"] += 1
        c["passed"] += 1 if e["passed"] else 0
        c["weight"] += float(e["weight"])
        c["earned"] += float(e["weight"]) * float(e["credit"] or 0)
    for c in by_cat.values():
        c["score"] = round(100.0 * c["earned"] / c["weight"], 4) if c["weight"] > 0 else None
        c["weight"] = _num_out(c["weight"])
        c["earned"] = _num_out(c["earned"])
    return score, solved, by_cat


def build_verdict(b: Bundle, criteria_dir: Path | None, conduct: list[dict] | None = None,
                  criteria_label: str = "snapshot", timeout_s: float | None = None) -> dict[str, Any]:
    m = b.manifest
    task = m.get("task") if isinstance(m.get("task"), dict) else {}
    run_outcome = m.get("outcome")
    verdict: dict[str, Any] = {
        "schema_version": VERDICT_SCHEMA_VERSION,
        "run_id": str(m.get("run_id") or b.path.name),
        "task": {"id": task.get("id"), "version": None if task.get("version") is None else str(task.get("version")),
                 "sha256": task.get("sha256")},
        "agent": m.get("agent"),
        "trial": _int_or_none(m.get("trial")),
        "grader": {"version": __version__},
        "criteria_sha256": criteria_sha256(criteria_dir),
        "criteria_source": criteria_label,
        "run_outcome": run_outcome,
        "integrity": b.integrity,
        "exchanges_source": b.exchanges_source,
        "notes": list(b.notes),
        "errors": list(b.errors),
        "timings": run_timings(b),
        "criteria": [],
        "conduct_not_applicable": [],
        "cause": None,
        "score": None, "solved": None, "by_category": {},
    }
    if isinstance(m.get("model"), str) and m["model"]:
        verdict["model"] = m["model"]  # only when the run named one: older verdicts keep their bytes
    if isinstance(m.get("variant"), int) and not isinstance(m["variant"], bool):
        verdict["variant"] = m["variant"]  # bundles from before variants have none: their bytes stay
    cause = m.get("cause") if isinstance(m.get("cause"), str) else None
    if run_outcome == "harness_error":
        verdict["outcome"] = "harness_error"
        verdict["cause"] = cause or "the harness failed (see events.jsonl)"
        verdict["notes"].append("the run ended in a harness error: not graded (not a zero)")
        return verdict
    if run_outcome == "interrupted":
        verdict["outcome"] = "interrupted"
        verdict["cause"] = cause or "the run was stopped before its scenario finished"
        verdict["notes"].append("the run was interrupted: not graded (its scenario did not finish)")
        return verdict
    if run_outcome == "agent_error":
        # The agent's failure is a zero that counts in means and solve rates (docs/grader.md).
        verdict.update(outcome="agent_error", cause=cause or "the agent failed", score=0.0,
                       solved=False)
        return verdict
    shared_errors = run_shared_definitions(b.con, criteria_dir)
    if shared_errors:
        verdict["errors"].extend(shared_errors)
        verdict["outcome"] = "unscored"
        verdict["cause"] = "the grader failed: " + shared_errors[0]
        return verdict
    crits = task_criteria(criteria_dir, conduct)
    ctx = Context.from_bundle(b)
    if timeout_s is not None:
        ctx.timeout_s = timeout_s
    entries = []
    for c in crits:
        if c.error:
            r = Result(None, None, None, [], error=c.error)
        elif c.conduct:
            r = evaluate(ctx, c)
        else:
            r = run_sql_criterion(b.con, c, ctx.timeout_s)
        if not r.applicable:
            if REGISTRY[c.conduct].listed_without_evidence:
                verdict["conduct_not_applicable"].append(
                    {"id": c.id, "conduct": REGISTRY[c.conduct].id, "reason": r.reason})
            continue
        if r.error:
            verdict["errors"].append(f"{c.id}: {r.error}")
        entries.append(_entry(c, r))
    verdict["criteria"] = entries
    if verdict["errors"]:
        verdict["outcome"] = "unscored"
        verdict["cause"] = "the grader failed: " + verdict["errors"][0]
        return verdict
    verdict["outcome"] = "completed"
    score, solved, by_cat = score_entries(entries)
    verdict.update(score=score, solved=solved, by_category=by_cat)
    return verdict


def resolve_criteria_dir(bundle_dir: Path, criteria_dir: str | os.PathLike | None) -> tuple[Path | None, str]:
    if criteria_dir is not None:
        p = Path(criteria_dir)
        if not p.is_dir():
            raise CriteriaError(f"{p}: criteria directory not found")
        return p, "external"
    p = Path(bundle_dir) / "criteria"
    return (p, "snapshot") if p.is_dir() else (None, "none")


def grade_bundle(bundle_dir, criteria_dir=None, allow_tampered: bool = False, conduct=None,
                 threads: int | None = None, timeout_s: float | None = None,
                 timings: dict | None = None, keyring=None, catalogs=None) -> dict[str, Any]:
    """Load, verify and grade one bundle; returns the verdict (a dict). Raises BundleError /
    CriteriaError for what the user must fix; everything else lands in the verdict. `keyring`
    (bundle.keys.Keyring): the signers accepted, by default the operator's own and trusted keys.
    `catalogs` (grader/catalogs.Catalogs): grade on a catalog of a database kept open across
    bundles (ibench rescore) instead of a connection of its own; the verdict is the same."""
    t0 = time.perf_counter()
    cdir, label = resolve_criteria_dir(Path(bundle_dir), criteria_dir)
    b = load_bundle(bundle_dir, allow_tampered=allow_tampered, threads=threads, keyring=keyring,
                    lazy_dumps=True, catalogs=catalogs,
                    criteria=criteria_text(cdir, conduct) if catalogs is not None else "")
    try:
        ungraded = ("harness_error", "interrupted", "agent_error")  # need no criteria
        if cdir is None and not conduct and b.manifest.get("outcome") not in ungraded:
            b.errors.append("no criteria: the bundle has no criteria/ snapshot and none were given "
                            "(pass --criteria DIR)")
        t1 = time.perf_counter()
        verdict = build_verdict(b, cdir, conduct, label, timeout_s)
        if timings is not None:
            timings.update(b.timings)
            timings["grade_s"] = time.perf_counter() - t1
            timings["total_s"] = time.perf_counter() - t0
        return verdict
    finally:
        b.close()


def write_verdict(path: str | os.PathLike, verdict: dict[str, Any]) -> None:
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_bytes(verdict_bytes(verdict))
    os.replace(tmp, p)


def exit_code(verdict: dict[str, Any]) -> int:
    """0 solved, 1 graded but unsolved (agent_error included), 2 not graded (unscored,
    harness_error, interrupted)."""
    if verdict.get("outcome") == "agent_error":
        return 1
    if verdict.get("outcome") != "completed":
        return 2
    return 0 if verdict.get("solved") else 1
