"""`ibench audit`: what the agent and the integration did over HTTP, per phase and per vendor.

The report is built from the bundle alone (exchanges, events, traits, criteria snapshot):
request counts, status mix, retries and their spacing, faults met and how each was handled,
conduct findings with evidence, writes made to a vendor during the agent phase, forged
deliveries and how the receiver answered them, and credentials seen anywhere but where the
vendor documents them.

Conduct is reported in two lists so that the audit and the verdict agree: `conduct`, the checks
the task grades (its criteria snapshot — criteria/conduct.yaml and `-- conduct:` criteria — plus
the always-on guards), evaluated exactly as the grader does, so pass/fail and violation counts
are those of verdict.json; and `conduct_not_graded`, every other library check with its
defaults, informational only (a default that would fail there has no effect on the verdict, and
is never shown as a failure).

The agent phase is reported apart from the scenario, as grading sees them (grader/phases.py):
criteria and conduct checks judge the scenario; only the always-on guards read the agent phase.
Each conduct entry says which phases it read.
"""
from __future__ import annotations

from typing import Any

from grader.bundle import load_bundle
from grader.conduct import REGISTRY, Context, ParamError, checks, evaluate
from grader.criteria import Criterion, json_safe
from grader.phases import kind as phase_kind
from grader.scoring import task_criteria

WRITE_METHODS = ("POST", "PUT", "PATCH", "DELETE")
LIST_MAX = 25
FAILED = ("(status IS NULL OR status >= 500 OR status IN (401, 408, 429) "
          "OR coalesce(client_saw, 'full') <> 'full')")


def _rows(con, sql: str, params: list | None = None) -> list[dict[str, Any]]:
    cur = con.execute(sql, params or [])
    names = [d[0] for d in cur.description]
    return [{k: json_safe(v) for k, v in zip(names, r)} for r in cur.fetchall()]


def build_report(bundle_dir, allow_tampered: bool = False) -> dict[str, Any]:
    b = load_bundle(bundle_dir, allow_tampered=allow_tampered)
    try:
        return _report(b)
    finally:
        b.close()


def _report(b) -> dict[str, Any]:
    con = b.con
    m = b.manifest
    report: dict[str, Any] = {
        "run": {"run_id": m.get("run_id") or b.path.name, "task": (m.get("task") or {}).get("id"),
                "agent": m.get("agent"), "outcome": m.get("outcome"),
                "integrity": b.integrity, "exchanges_source": b.exchanges_source,
                "notes": b.notes + b.errors},
        "agent": None,     # the agent's exploration: not graded but by the always-on guards
        "scenario": [],    # the scenario's phases, as criteria see them (`exchanges`)
        "other": [],       # rows of no phase (before the harness set one)
    }
    con.execute(f"""
        CREATE OR REPLACE TEMP TABLE _a AS
        SELECT seq, coalesce(phase, '(none)') AS phase, direction, coalesce(vendor, '(none)') AS vendor,
               started_at, ended_at, upper(method) AS method, path, url, status, fault, fault_action,
               client_saw, forged, coalesce(req_body, '') AS body, {FAILED} AS failed
        FROM all_exchanges""")  # every phase, each reported in its own section
    con.execute("""
        CREATE OR REPLACE TEMP TABLE _r AS
        SELECT *, lag(seq) OVER w AS prev_seq, lag(failed) OVER w AS prev_failed,
               lag(status) OVER w AS prev_status, lag(ended_at) OVER w AS prev_end,
               lead(seq) OVER w AS next_seq, lead(status) OVER w AS next_status,
               lead(started_at) OVER w AS next_start, lead(client_saw) OVER w AS next_saw
        FROM _a WHERE direction = 'to_vendor'
        WINDOW w AS (PARTITION BY phase, vendor, method, url, body ORDER BY started_at, seq)""")
    phases = [r[0] for r in con.execute(
        "SELECT phase FROM _a GROUP BY phase ORDER BY min(seq)").fetchall()]
    for ph in phases:
        kind = phase_kind(None if ph == "(none)" else ph)
        entry: dict[str, Any] = {"phase": ph, "kind": kind, "graded": kind == "scenario",
                                 "vendors": []}
        for (vendor,) in con.execute("SELECT DISTINCT vendor FROM _a WHERE phase = ? ORDER BY 1",
                                     [ph]).fetchall():
            entry["vendors"].append(_vendor_section(con, ph, vendor, b.traits.get(vendor) or {}))
        if kind == "agent":
            report["agent"] = entry
        else:
            report[kind].append(entry)
    report["conduct"], report["conduct_not_graded"] = _conduct(b)
    secrets = next((c for c in report["conduct"] if c["check"] == "secret_placement"), None)
    report["credentials_misplaced"] = (secrets or {}).get("evidence", [])
    report["credentials_misplaced_total"] = (secrets or {}).get("violations") or 0
    return report


def _write_condition(traits: dict[str, Any]) -> tuple[str, list]:
    """SQL deciding which requests to this vendor write: its `write_methods` (default: the
    mutating HTTP methods) or, for RPC vendors where every call is a POST, its `write_paths`."""
    methods = [str(m).upper() for m in traits.get("write_methods", WRITE_METHODS)]
    parts, params = [], []
    if methods:
        parts.append("list_contains(?::VARCHAR[], method)")
        params.append(methods)
    for glob in traits.get("write_paths", []):
        parts.append("path GLOB ?")
        params.append(str(glob))
    return "(" + (" OR ".join(parts) or "false") + ")", params


def _vendor_section(con, ph: str, vendor: str, traits: dict[str, Any] | None = None) -> dict[str, Any]:
    p = [ph, vendor]
    out: dict[str, Any] = {"vendor": vendor}
    base = "FROM _a WHERE phase = ? AND vendor = ?"
    out["requests"] = con.execute(f"SELECT count(*) FILTER (WHERE direction = 'to_vendor') {base}",
                                  p).fetchone()[0]
    out["deliveries_to_receiver"] = con.execute(
        f"SELECT count(*) FILTER (WHERE direction = 'to_receiver') {base}", p).fetchone()[0]
    out["methods"] = {r["method"]: r["n"] for r in _rows(
        con, f"SELECT method, count(*) AS n {base} AND direction = 'to_vendor' GROUP BY 1 ORDER BY 1", p)}
    out["status_mix"] = {r["s"]: r["n"] for r in _rows(
        con, f"SELECT coalesce(CAST(status AS VARCHAR), 'no answer (' || coalesce(client_saw, '?') || ')') AS s, "
             f"count(*) AS n {base} AND direction = 'to_vendor' GROUP BY 1 ORDER BY 1", p)}
    retries = _rows(con, """
        SELECT seq, prev_seq AS retry_of, method, path,
               coalesce(CAST(prev_status AS VARCHAR), 'no answer') AS after,
               round((epoch_us(started_at) - epoch_us(prev_end)) / 1e6, 3) AS gap_s,
               coalesce(CAST(status AS VARCHAR), 'no answer') AS result
        FROM _r WHERE phase = ? AND vendor = ? AND prev_failed ORDER BY seq""", p)
    out["retries"] = {"count": len(retries), "items": retries[:LIST_MAX]}
    if retries:
        gaps = sorted(r["gap_s"] for r in retries if r["gap_s"] is not None)
        if gaps:
            out["retries"]["gap_s"] = {"min": gaps[0], "median": gaps[len(gaps) // 2], "max": gaps[-1]}
    faults = _rows(con, """
        SELECT seq, coalesce(fault, '(none)') AS fault, coalesce(fault_action, '') AS action,
               method, path, coalesce(CAST(status AS VARCHAR), 'no answer') AS client_got, client_saw,
               CASE WHEN next_seq IS NULL THEN 'not repeated'
                    ELSE 'repeated as #' || next_seq || ' after '
                         || CAST(round((epoch_us(next_start) - epoch_us(coalesce(ended_at, started_at))) / 1e6, 3) AS VARCHAR)
                         || ' s -> ' || coalesce(CAST(next_status AS VARCHAR), 'no answer') END AS handled
        FROM _r WHERE phase = ? AND vendor = ? AND (fault IS NOT NULL OR status IS NULL)
        ORDER BY seq""", p)
    out["faults"] = {"count": len(faults), "items": faults[:LIST_MAX]}
    if ph == "agent":
        cond, params = _write_condition(traits or {})
        writes = _rows(con, f"""
            SELECT seq, method, path, status FROM _a
            WHERE phase = ? AND vendor = ? AND direction = 'to_vendor'
              AND {cond} ORDER BY seq""", p + params)
        out["agent_writes"] = {"count": len(writes), "items": writes[:LIST_MAX]}
    forged = _rows(con, """
        SELECT coalesce(forged, 'genuine') AS kind,
               coalesce(CAST(status AS VARCHAR), 'no answer') AS answered, count(*) AS n
        FROM _a WHERE phase = ? AND vendor = ? AND direction = 'to_receiver'
        GROUP BY 1, 2 ORDER BY 1, 2""", p)
    if forged:
        out["deliveries"] = forged
    return out


def _conduct(b) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(the conduct checks the task grades, the library defaults it does not use). The graded ones
    are the verdict's own list (grader.scoring.task_criteria: the snapshot's conduct criteria and
    the always-on guards), so the audit cannot disagree with verdict.json about them."""
    ctx = Context.from_bundle(b)
    cdir = b.path / "criteria"
    graded = [c for c in task_criteria(cdir if cdir.is_dir() else None, None) if c.conduct]
    listed = {REGISTRY[c.conduct].id for c in graded if c.conduct in REGISTRY}
    defaults = [Criterion(id=f"lib:{check.id}", source="library defaults", category="conduct",
                          conduct=check.id)
                for check in checks() if check.id not in listed]
    return ([_conduct_entry(ctx, c, True) for c in graded],
            [_conduct_entry(ctx, c, False) for c in defaults])


def _status(graded: bool, recorded: bool, passed: bool | None, error: str | None) -> str:
    # A default the task does not grade "would" pass or fail: it is no criterion of the verdict,
    # so it is never labelled a failure (docs/grader.md, audit).
    if error:
        return "error"
    if not recorded:
        return "n/a"
    if graded:
        return "pass" if passed else "FAIL"
    return "would pass" if passed else "would fail"


def _conduct_entry(ctx: Context, c: Criterion, graded: bool) -> dict[str, Any]:
    check = REGISTRY.get(c.conduct or "")
    base = {"check": check.id if check else c.conduct, "criterion": c.id, "source": c.source,
            "graded": graded}
    if graded:
        base.update(weight=c.weight, mandatory=c.mandatory)
    if c.error or check is None:
        error = c.error or f"unknown check {c.conduct!r}"
        return {**base, "error": error, "status": "error"}
    r = evaluate(ctx, c, evidence_rows=LIST_MAX)
    return {**base, "summary": check.summary, "params": c.params, "reads": _reads(check, c),
            "recorded": r.applicable, "reason": r.reason, "passed": r.passed,
            "violations": r.violations, "evidence_count": r.population,
            "evidence": r.evidence, "error": r.error,
            "status": _status(graded, r.applicable, r.passed, r.error)}


def _reads(check, c: Criterion) -> str:
    """The phases a check judged, as grading applies it: `scenario:*` by default, every phase for
    the always-on guards, or the task's `phases`."""
    try:
        phases = check.resolve(c.params)["phases"]
    except ParamError:
        return "(bad parameters)"
    return "every phase" if phases is None else ", ".join(phases)


# --- text rendering ---------------------------------------------------------------------

SECTION_TITLES = {
    "agent": "the agent's exploration: not graded, only the always-on guards read it",
    "scenario": "graded",
    "other": "before the harness set a phase: not graded, only the always-on guards read it",
}

UNGRADED_OUTCOMES = ("agent_error", "harness_error", "interrupted")  # the verdict runs no criteria


def _render_conduct(L: list[str], entries: list[dict[str, Any]], width: int) -> None:
    if not entries:
        L.append("  (none)")
    for c in entries:
        mark = c["status"].ljust(width)
        if c.get("error"):
            L.append(f"  {mark}{c['criterion']}: {c['error']}")
            continue
        if not c["recorded"]:
            L.append(f"  {mark}{c['check']}: {c['reason']}")
            continue
        weight = (f"; weight {c['weight']:g}{', mandatory' if c['mandatory'] else ''}"
                  if c["graded"] else "")
        L.append(f"  {mark}{c['check']} ({c['criterion']}{weight}; reads {c['reads']}): "
                 f"{c['violations']} violation(s) over {int(c['evidence_count'] or 0)} "
                 "evidence item(s)")
        for e in c["evidence"][:10]:
            L.append(" " * (width + 4)
                     + ", ".join(f"{k}={v}" for k, v in e.items() if v is not None))


def render_text(report: dict[str, Any]) -> str:
    L: list[str] = []
    run = report["run"]
    L.append(f"Audit of {run['run_id']}")
    L.append(f"  task {run['task']}  agent {run['agent']}  run outcome {run['outcome']}")
    integ = run["integrity"]
    sig = integ.get("signature") or {}
    if run.get("imported_from"):
        # traffic recorded elsewhere (grader/imported.py): no seal of ours, no vendor state
        L.append(f"  imported from {run['imported_from']}: traffic only, so checks that read "
                 "vendor state (no_proxy_bypass) have no evidence")
    else:
        L.append("  integrity: " + (f"verified against manifest.json, signed by key {sig.get('key_id')}"
                                    if integ["verified"] else
                                    "NOT VERIFIED: " + "; ".join(integ["problems"][:5])))
        L.append(f"  exchanges read from {run['exchanges_source']}")
        for n in run["notes"]:
            L.append(f"  note: {n}")
    sections = ([report["agent"]] if report["agent"] else []) + report["scenario"] + report["other"]
    if not report["agent"]:
        L.append("")
        L.append("== agent phase: no traffic ==")
    for ph in sections:
        L.append("")
        label = "agent phase" if ph["kind"] == "agent" else f"{ph['kind']} phase {ph['phase']}"
        L.append(f"== {label} ({SECTION_TITLES[ph['kind']]}) ==")
        for v in ph["vendors"]:
            L.append(f"-- {v['vendor']}: {v['requests']} request(s)"
                     + (f", {v['deliveries_to_receiver']} delivery(ies) to the receiver"
                        if v["deliveries_to_receiver"] else ""))
            if v["methods"]:
                L.append("   methods: " + ", ".join(f"{k} {n}" for k, n in v["methods"].items()))
            if v["status_mix"]:
                L.append("   status:  " + ", ".join(f"{k}×{n}" for k, n in v["status_mix"].items()))
            r = v["retries"]
            if r["count"]:
                g = r.get("gap_s", {})
                L.append(f"   retries: {r['count']} (gap min {g.get('min')} s, median {g.get('median')} s, "
                         f"max {g.get('max')} s)")
                for it in r["items"]:
                    L.append(f"     #{it['seq']} {it['method']} {it['path']} retried #{it['retry_of']} "
                             f"(after {it['after']}) {it['gap_s']} s later -> {it['result']}")
            f = v["faults"]
            if f["count"]:
                L.append(f"   faults met: {f['count']}")
                for it in f["items"]:
                    L.append(f"     #{it['seq']} {it['method']} {it['path']}: {it['fault']} {it['action']}"
                             f" (client got {it['client_got']}, saw {it['client_saw']}); {it['handled']}")
            if "agent_writes" in v:
                w = v["agent_writes"]
                L.append(f"   writes during the agent phase: {w['count']}")
                for it in w["items"]:
                    L.append(f"     #{it['seq']} {it['method']} {it['path']} -> {it['status']}")
            for d in v.get("deliveries", []):
                L.append(f"   delivery {d['kind']}: answered {d['answered']} ×{d['n']}")
    L.append("")
    L.append("== conduct graded by this task (its criteria/conduct.yaml and the always-on guards; "
             "as in verdict.json) ==")
    if run["outcome"] in UNGRADED_OUTCOMES:
        L.append(f"  note: run outcome {run['outcome']}: the verdict runs no criteria; "
                 "shown as they would be graded")
    _render_conduct(L, report["conduct"], 6)
    L.append("")
    L.append("== conduct not graded by this task (library defaults, informational: "
             "no effect on the verdict) ==")
    _render_conduct(L, report["conduct_not_graded"], 12)
    L.append("")
    L.append(f"== credentials seen outside their documented place: {report['credentials_misplaced_total']} ==")
    for e in report["credentials_misplaced"]:
        L.append("  " + ", ".join(f"{k}={v}" for k, v in e.items() if v is not None))
    return "\n".join(L) + "\n"
