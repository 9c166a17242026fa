"""The conduct library: built-in checks over a bundle, parameterised from each vendor's traits.

Each check is a `ConductCheck` in `REGISTRY`. Its SQL lives in `grader/conduct/<template>.sql`
with three sections (`-- @with` common CTEs, `-- @evidence` a count, `-- @violations` the
violating rows; optionally `-- @stopped`, the triggers the integration stopped at, see
_stopped.sql) and `{{name}}` placeholders (`{{!name}}` for SQL fragments the library builds
itself). `bind()` turns the traits and the task's parameters into one binding per vendor (or
per rate-limit rule); the rendered queries of all bindings are combined.

A check is **recorded only when its evidence exists**: no binding (e.g. no vendor declares an
idempotency key) or an evidence count of 0 (e.g. no Retry-After was ever served) means the
check is left out of the verdict's criteria (it is listed under `conduct_not_applicable`).

Tasks opt in by id, with parameters (criteria/conduct.yaml, or a `-- conduct:` criterion):

    - {id: no_full_resync, criterion: C5, weight: 2, phases: [scenario:run2, scenario:run3]}

Parameters every check takes: `phases` (list of phase names or globs; a bare `run2` means
`scenario:run2`), `vendors` (list). docs/conduct.md documents each check and its parameters.
Checks read the scenario (`phases` default `scenario:*`); the guards of the benchmark itself
(always-on) read every phase (grader/phases.py).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Callable

import duckdb

from grader.criteria import Criterion, Result, credit_of, run_scalar, run_violations, _error_text, \
    DEFAULT_TIMEOUT_S
from grader.phases import source
from grader.sqlutil import glob_any, ident, interval_us, literal, render

SCENARIO = ["scenario:*"]
COMMON_FRESHNESS = [
    "since", "updated_since", "updated_after", "updatedSince", "updatedAfter", "modified_since",
    "modified_after", "modifiedSince", "modifiedAfter", "changed_since", "since_id", "syncToken",
    "sync_token", "dateLastModified", "filter[updated-at][from]", "filter[updated_at][from]",
    "updated_at_gte", "updated_at[gte]", "last_modified",
]
CURSOR_NAMES = ["cursor", "nextCursor", "next_cursor", "page_token", "pageToken", "next",
                "starting_after", "after"]
SIZE_ROLES = {"limit", "size", "per_page", "page_size", "count", "max", "fields", "max_results"}
PAGE_ROLES = {"page", "number", "page_number"}
UNSET = object()


class ParamError(ValueError):
    pass


# --- templates --------------------------------------------------------------------------

@lru_cache(maxsize=None)
def template(name: str) -> dict[str, str]:
    text = resources.files("grader.conduct").joinpath(f"{name}.sql").read_text(encoding="utf-8")
    sections: dict[str, list[str]] = {"head": []}
    current = "head"
    for line in text.splitlines():
        m = re.match(r"^--\s*@(with|evidence|violations|stopped)\s*$", line.strip())
        if m:
            current = m.group(1)
            sections[current] = []
            continue
        sections[current].append(line)
    return {k: "\n".join(v).strip() for k, v in sections.items()}


@lru_cache(maxsize=None)
def partial(name: str) -> str:
    return resources.files("grader.conduct").joinpath(f"{name}.sql").read_text(encoding="utf-8")


# --- context ----------------------------------------------------------------------------

@dataclass
class Context:
    con: duckdb.DuckDBPyConnection
    traits: dict[str, dict[str, Any]]
    vendors: list[str]
    checkpoints: list[str] = field(default_factory=list)
    timeout_s: float | None = DEFAULT_TIMEOUT_S

    @classmethod
    def from_bundle(cls, bundle) -> "Context":
        return cls(con=bundle.con, traits=bundle.traits, vendors=bundle.vendors,
                   checkpoints=bundle.checkpoints)

    def trait(self, vendor: str, *path: str, default: Any = None) -> Any:
        node: Any = self.traits.get(vendor) or {}
        for p in path:
            if not isinstance(node, dict):
                return default
            node = node.get(p)
            if node is None:
                return default
        return node

    def requests_table(self) -> str:
        """`lib_req`: the requests to vendors with pointers to the previous/next request of the
        same method+path and the previous request to the same vendor (per phase, by start
        time). Built once per bundle (two sorts) and shared by the checks that walk sequences."""
        if not getattr(self, "_lib_req", False):
            self.con.execute(partial("_requests"))
            self._lib_req = True
        return "lib_req"

    def failed_steps(self) -> int:
        """How many run steps of the scenario did not end as their task expects (exit 0 by
        default; the `expected` of their exit event). Only such a step can have stopped at a
        trigger (_stopped.sql), so without one the library skips that part: a run whose steps
        all succeeded costs nothing more. Same predicate as _stopped.sql; counted once."""
        if getattr(self, "_failed_steps", None) is None:
            self._failed_steps = int(self.con.execute(
                "SELECT count(*) FROM all_events WHERE type = 'process' AND state = 'exit' "
                "AND timed_out IS NOT NULL AND phase = 'scenario:' || name "
                "AND NOT coalesce(TRY_CAST(data ->> '$.expected' AS BOOLEAN), "
                "exit_code = 0 AND NOT coalesce(timed_out, FALSE))").fetchone()[0])
        return self._failed_steps

    def views(self, prefix: str = "", suffix: str = "") -> list[tuple[str, str]]:
        """(schema, name) of the checkpoint views (schemas cp_*) with that prefix/suffix."""
        rows = self.con.execute(
            "SELECT table_schema, table_name FROM information_schema.tables "
            "WHERE starts_with(table_schema, 'cp_') ORDER BY table_schema, table_name").fetchall()
        return [(s, t) for s, t in rows if t.startswith(prefix) and t.endswith(suffix)]


# --- helpers for bindings ---------------------------------------------------------------

def norm_phases(phases: Any) -> list[str] | None:
    if phases is None:
        return None
    if isinstance(phases, str):
        phases = [phases]
    if not isinstance(phases, list) or not all(isinstance(p, str) for p in phases):
        raise ParamError("phases must be a list of phase names or globs")
    out = []
    for p in phases:
        p = p.strip()
        if ":" not in p and p not in ("agent", "setup") and "*" not in p:
            p = f"scenario:{p}"
        out.append(p)
    return out


def status_expr(statuses: list[Any], transport: bool = False, prefix: str = "") -> str:
    """SQL for `status` in a list of codes and class patterns ('5xx', '4xx')."""
    parts = []
    col = f"{prefix}status"
    for s in statuses:
        if isinstance(s, int) and not isinstance(s, bool):
            parts.append(f"{col} = {s}")
        elif isinstance(s, str) and re.fullmatch(r"[1-5]xx", s.strip().lower()):
            base = int(s.strip()[0]) * 100
            parts.append(f"{col} BETWEEN {base} AND {base + 99}")
        elif isinstance(s, str) and s.strip().isdigit():
            parts.append(f"{col} = {int(s)}")
        else:
            raise ParamError(f"status {s!r} is not a code or a class like '5xx'")
    if transport:
        parts.append(f"{col} IS NULL")
    return "(" + (" OR ".join(parts) if parts else "FALSE") + ")"


def path_match(column: str, globs: list[str] | None) -> str:
    if globs is None:
        return "TRUE"
    if not globs:
        return "FALSE"
    parts = []
    for g in globs:
        parts.append(f"{column} GLOB {literal(g)}")
        if not g.endswith("*"):
            parts.append(f"{column} GLOB {literal(g.rstrip('/') + '/')}")
    return "(" + " OR ".join(parts) + ")"


def rule_match(method: str | None, path: str | None) -> str:
    parts = []
    if method:
        parts.append(f"upper(method) GLOB {literal(method.upper())}")
    if path:
        parts.append(f"path GLOB {literal(path)}")
    return "(" + " AND ".join(parts) + ")" if parts else "TRUE"


def _list_of_str(value: Any, name: str) -> list[str] | None:
    if value is None:
        return None
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, (str, int)) for v in value):
        return [str(v) for v in value]
    raise ParamError(f"{name} must be a list of strings")


def _num(value: Any, name: str, allow_none: bool = True) -> float | None:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise ParamError(f"{name} must be a number >= 0")
    return float(value)


def key_regex(names: list[str]) -> str:
    """An RE2 pattern finding any of these names as a key in JSON text: "name" then a colon."""
    return '"(' + "|".join(re.escape(n) for n in names) + ')"\\s*:'


def ambiguous_expr() -> str:
    return ("(status IS NULL OR status >= 500 OR coalesce(client_saw, 'full') <> 'full' "
            "OR coalesce(fault_action, '') = 'commit_then_drop')")


# --- the check type ---------------------------------------------------------------------

Binder = Callable[["ConductCheck", Context, dict[str, Any]], tuple[list[dict[str, Any]], str]]


@dataclass
class ConductCheck:
    id: str
    summary: str
    template: str
    binder: Binder
    params: dict[str, Any] = field(default_factory=dict)  # check-specific params + defaults
    phases_default: list[str] | None = field(default_factory=lambda: list(SCENARIO))
    always_on: bool = False
    aliases: tuple[str, ...] = ()
    evidence: str = ""  # what must exist for the check to be recorded
    # False: without evidence the check is left out of the verdict entirely, not listed in
    # conduct_not_applicable — for a gate whose evidence is the violation itself, so a clean
    # run's verdict is the same as before the gate existed (no_unsafe_files).
    listed_without_evidence: bool = True

    def resolve(self, given: dict[str, Any]) -> dict[str, Any]:
        allowed = set(self.params) | {"phases", "vendors"}
        unknown = sorted(set(given) - allowed)
        if unknown:
            raise ParamError(f"unknown parameter(s) {', '.join(unknown)} for {self.id} "
                             f"(takes: {', '.join(sorted(allowed))})")
        p = dict(self.params)
        p.update(given)
        p["phases"] = norm_phases(given["phases"]) if "phases" in given else self.phases_default
        p["explicit_phases"] = "phases" in given
        p["vendors"] = _list_of_str(given.get("vendors"), "vendors")
        return p

    def scope(self, p: dict[str, Any]) -> str:
        return glob_any("phase", p["phases"])

    def vendor_list(self, ctx: Context, p: dict[str, Any]) -> list[str]:
        vs = ctx.vendors
        if p["vendors"] is not None:
            vs = [v for v in vs if v in p["vendors"]]
        return vs

    def queries(self, ctx: Context,
                given: dict[str, Any]) -> tuple[list[tuple[str, str, str | None]], str]:
        """[(evidence SQL, violations SQL, stopped SQL or None)] per binding, or ([], reason not
        applicable). The optional `-- @stopped` section selects the triggers the integration
        stopped at (_stopped.sql): violations too, kept apart so that their extra column (`why`)
        appears in the evidence only when such a row exists."""
        p = self.resolve(given)
        bindings, reason = self.binder(self, ctx, p)
        out = []
        for b in bindings:
            # `{{!exchanges}}`: the scenario view, or all_exchanges when the task's `phases`
            # reach outside the scenario (an explicit opt-in; grader/phases.py)
            values = {"scope": self.scope(p), "exchanges": source("exchanges", p["phases"]),
                      "events": source("events", p["phases"]), **b}
            t = template(values.pop("_template", self.template))
            # shared tails: the early-request join (_early.sql) and the trigger rule (_stopped.sql)
            for name in ("early", "stopped"):
                if "{{!" + name + "}}" in t.get("with", "") and name not in values:
                    values[name] = render(partial("_" + name), values)
            w = render(t.get("with", ""), values)
            prefix = f"WITH {w}\n" if w else ""
            stop = t.get("stopped")
            if stop and "{{!stopped}}" in t.get("with", "") and not ctx.failed_steps():
                stop = None  # the run-step trigger rule can only fire when a run step failed
            out.append((prefix + render(t["evidence"], values),
                        prefix + render(t["violations"], values),
                        prefix + render(stop, values) if stop else None))
        return out, reason


def evaluate(ctx: Context, crit: Criterion, evidence_rows: int | None = None) -> Result:
    """Run one conduct criterion: not applicable (no evidence), passed/failed, or an error."""
    check = REGISTRY.get(crit.conduct or "")
    if check is None:
        known = ", ".join(sorted(k for k in REGISTRY if REGISTRY[k].id == k))
        return Result(None, None, None, [],
                      error=f"unknown conduct check {crit.conduct!r} (known: {known})")
    try:
        qs, reason = check.queries(ctx, crit.params)
    except (ParamError, KeyError) as exc:
        return Result(None, None, None, [], error=f"bad parameters: {exc}")
    if not qs:
        return Result(None, None, None, [], applicable=False, reason=reason)
    evidence = 0.0
    try:
        live = []
        for ev_sql, v_sql, stop_sql in qs:
            n = run_scalar(ctx.con, ev_sql, ctx.timeout_s)
            evidence += n
            if n:
                live.append(v_sql)
                # the stopped rows join the evidence only when there are some (see queries)
                if stop_sql and run_scalar(ctx.con, f"SELECT count(*) FROM (\n{stop_sql}\n)",
                                           ctx.timeout_s):
                    live.append(stop_sql)
        if evidence <= 0:
            return Result(None, None, None, [], applicable=False,
                          reason=f"no evidence: {check.evidence}")
        sql = "\nUNION ALL BY NAME\n".join(f"SELECT * FROM (\n{v}\n)" for v in live)
        n, rows = run_violations(ctx.con, sql, ctx.timeout_s, limit=evidence_rows)
    except (duckdb.Error, RuntimeError, ValueError) as exc:
        return Result(None, None, None, [], error=f"conduct check {check.id} failed: {_error_text(exc)}")
    pop = evidence if crit.partial else None
    return Result(passed=n == 0, credit=credit_of(n, pop), violations=n, evidence=rows,
                  population=evidence)


# --- binders ----------------------------------------------------------------------------

def _wait_keys(p: dict[str, Any]) -> dict[str, str]:
    if p["scope"] not in ("vendor", "path"):
        raise ParamError("scope must be vendor or path")
    k = "''" if p["scope"] == "vendor" else "method || ' ' || path"
    return {"key_throttle": k, "key_request": k}


def bind_retry_after(check, ctx, p):
    _num(p["tolerance_s"], "tolerance_s", False)
    statuses = p["statuses"]
    # Retry-After means something on 3xx, 429 and 503 (RFC 9110); on a 2xx it is ignored
    sf = "status >= 300" if statuses is None else \
        status_expr(statuses if isinstance(statuses, list) else [statuses])
    out = [{"vendor": v, "status_filter": sf, "tolerance_s": float(p["tolerance_s"]), **_wait_keys(p)}
           for v in check.vendor_list(ctx, p)]
    return out, "no vendor traffic"


def bind_ietf(check, ctx, p):
    _num(p["tolerance_s"], "tolerance_s", False)
    statuses = [int(s) for s in (p["statuses"] or [])]
    out = [{"vendor": v, "tolerance_s": float(p["tolerance_s"]), "statuses": statuses,
            "include_zero_remaining": bool(p["include_zero_remaining"]),
            "with_retry_after": bool(p["with_retry_after"]), **_wait_keys(p)}
           for v in check.vendor_list(ctx, p)]
    return out, "no vendor traffic"


def bind_enveloped(check, ctx, p):
    _num(p["tolerance_s"], "tolerance_s", False)
    fields = _list_of_str(p["fields"], "fields") or []
    if not fields:
        raise ParamError("fields must name at least one JSON path")
    paths = [f if f.startswith("$") else f"$.{f}" for f in fields]
    names = sorted({re.split(r"[.\[\]]", f.rstrip("]"))[-1] or f for f in paths})
    pre = "(" + " OR ".join(f"contains(resp_body, {literal(n)})" for n in names) + ")"
    wait = "coalesce(" + ", ".join(f"json_extract_string(body, {literal(x)})" for x in paths) + ")"
    out = [{"vendor": v, "tolerance_s": float(p["tolerance_s"]), "body_prefilter": pre,
            "wait_expr": wait, **_wait_keys(p)} for v in check.vendor_list(ctx, p)]
    return out, "no vendor traffic"


def bind_hot_loop(check, ctx, p):
    statuses = p["statuses"] if isinstance(p["statuses"], list) else [p["statuses"]]
    failure = status_expr(statuses, bool(p["transport_errors"]))
    min_gap = _num(p["min_gap_s"], "min_gap_s", False)
    max_hot = p["max_hot"]
    if not isinstance(max_hot, int) or max_hot < 1:
        raise ParamError("max_hot must be an integer >= 1")
    max_attempts = p["max_attempts"]
    if max_attempts is not None and (not isinstance(max_attempts, int) or max_attempts < 1):
        raise ParamError("max_attempts must be an integer >= 1")
    group = bool(p["group_401_by_vendor"]) and any(
        str(s).strip() == "401" for s in statuses)
    ctx.requests_table()
    transport = bool(p["transport_errors"])
    out = [{"vendor": v, "failure": failure, "min_gap_s": min_gap, "max_hot": max_hot,
            "max_attempts": max_attempts, "group_401_by_vendor": group,
            "failure_f": status_expr(statuses, transport, "f."),
            "failure_p": status_expr(statuses, transport, "p.")}
           for v in check.vendor_list(ctx, p)]
    return out, "no vendor traffic"


def bind_idempotent(check, ctx, p):
    out = []
    for v in check.vendor_list(ctx, p):
        header = p["header"] or ctx.trait(v, "idempotency", "header")
        if not header:
            continue
        methods = _list_of_str(p["methods"], "methods") or ctx.trait(v, "idempotency", "methods",
                                                                    default=["POST"])
        out.append({"vendor": v, "header": str(header).lower(),
                    "methods": [m.upper() for m in methods], "ambiguous": ambiguous_expr()})
    return out, "no vendor in the run declares an idempotency key (vendor.yaml idempotency)"


def _json_path(field_name: str) -> str:
    return "$." + ".".join(f'"{part}"' for part in field_name.split("."))


def bind_lookup(check, ctx, p):
    methods = [m.upper() for m in (_list_of_str(p["methods"], "methods") or ["POST"])]
    lookups = [m.upper() for m in (_list_of_str(p["lookup_methods"], "lookup_methods") or ["GET"])]
    key_field = p["key_field"]
    if key_field is not None and not isinstance(key_field, str):
        raise ParamError("key_field must be a body field name, e.g. email")
    kv = (f"CASE WHEN json_valid(body) THEN json_extract_string(body, {literal(_json_path(key_field))}) END"
          if key_field else "NULL::VARCHAR")
    lp = path_match("g.path", _list_of_str(p["lookup_path"], "lookup_path"))
    if key_field:
        # a lookup naming the record: its query, URL or body holds the key value
        missing = ("NOT EXISTS (SELECT 1 FROM lookups g WHERE g.phase = f.phase "
                   "AND g.started_at >= f.end_at AND g.started_at < f.repost_at "
                   "AND g.seq <> f.repost_seq AND contains(lower(coalesce(CAST(g.query AS VARCHAR), '') "
                   "|| ' ' || coalesce(url_decode(g.url), '') || ' ' || coalesce(g.req_body, '')), "
                   "lower(f.key_value)))")
    else:
        missing = "NOT coalesce(fl.lookup_at < f.repost_at, FALSE)"
    out = []
    for v in check.vendor_list(ctx, p):
        header = ctx.trait(v, "idempotency", "header")
        kh = f"req_headers ->> {literal(str(header).lower())}" if header else "NULL::VARCHAR"
        out.append({"vendor": v, "methods": methods, "lookup_methods": lookups,
                    "key_value_expr": kv, "key_header_expr": kh, "lookup_path_filter": lp,
                    "lookup_missing": missing,
                    "ambiguous": ambiguous_expr()})
    return out, "no vendor traffic"


def _found_list(values: list[str]) -> str:
    items = []
    for v in values:
        lv = literal(v)
        items.append(
            f"CASE WHEN direction = 'to_receiver' THEN (CASE WHEN contains(rh, {lv}) OR contains(rb_, {lv}) "
            f"THEN {lv} END) WHEN contains(p_, {lv}) OR contains(q, {lv}) OR contains(h, {lv}) "
            f"OR contains(b_, {lv}) THEN {lv} END")
    return "[" + ", ".join(items) + "]"


def bind_secrets(check, ctx, p):
    values = sorted({r[0] for r in ctx.con.execute(
        "SELECT value FROM trait_secrets WHERE value IS NOT NULL AND length(value) >= 6").fetchall()},
        key=lambda v: (-len(v), v))  # longest first: a value inside another still matches alone
    if not values:
        return [], "no credential values in the run's traits"
    vf = "TRUE" if p["vendors"] is None else f"vendor IN ({', '.join(literal(v) for v in p['vendors'])})"
    outs, counts = [], []
    if p["outputs"]:
        for schema, table in ctx.views(prefix="output_"):
            ref = f"{ident(schema)}.{ident(table)}"
            outs.append(f"SELECT DISTINCT sv.owner || '.' || sv.name AS secret, "
                        f"{literal('output:' + schema + '.' + table)} AS location "
                        f"FROM {ref} AS t JOIN sv ON contains(CAST(t AS VARCHAR), sv.value)")
            counts.append(f"(SELECT count(*) FROM {ref})")
    outputs = "\nUNION ALL\n".join(outs) if outs else \
        "SELECT NULL::VARCHAR AS secret, NULL::VARCHAR AS location WHERE FALSE"
    return [{"vendor_filter": vf, "outputs": outputs, "found_list": _found_list(values),
             "output_rows": " + ".join(counts) if counts else "0"}], ""


def _mint_binding(v, p, endpoints, ceiling, ttl):
    if p["per"] not in ("phase", "bundle"):
        raise ParamError("per must be phase or bundle")
    if p["count"] not in ("succeeded", "all"):
        raise ParamError("count must be succeeded or all")
    slack = p["slack"]
    if not isinstance(slack, int) or slack < 0:
        raise ParamError("slack must be an integer >= 0")
    return {"vendor": v, "endpoint_match": path_match("path", endpoints),
            "endpoints_text": ", ".join(endpoints),
            "ceiling": None if ceiling is None else int(ceiling),
            "ttl_s": None if ttl is None else float(ttl), "slack": slack,
            "group_expr": "phase" if p["per"] == "phase" else "'(bundle)'",
            "counted": "status BETWEEN 200 AND 299" if p["count"] == "succeeded" else "TRUE"}


def bind_mint(check, ctx, p):
    out = []
    for v in check.vendor_list(ctx, p):
        endpoints = _list_of_str(p["endpoints"], "endpoints")
        if endpoints is None:
            ep = ctx.trait(v, "auth", "token", "endpoint")
            endpoints = [ep] if ep else None
        if not endpoints:
            continue
        ceiling = p["ceiling"] if p["ceiling"] is not None else \
            ctx.trait(v, "auth", "token", "mint_ceiling_per_run")
        ttl = p["ttl_s"] if p["ttl_s"] is not None else ctx.trait(v, "auth", "token", "ttl_s")
        if ceiling is None and ttl is None:
            continue
        _num(ceiling, "ceiling")
        _num(ttl, "ttl_s")
        out.append(_mint_binding(v, p, endpoints, ceiling, ttl))
    return out, "no vendor in the run has a token endpoint with a ceiling or TTL"


LOGIN_GLOBS = ["*/login", "*/login/*", "*/session", "*/sessions", "*/signin", "*/sign_in"]


def bind_login(check, ctx, p):
    out = []
    for v in check.vendor_list(ctx, p):
        endpoints = _list_of_str(p["endpoints"], "endpoints")
        if endpoints is None:
            endpoints = list(LOGIN_GLOBS)
            if ctx.trait(v, "auth", "scheme") == "session_login":
                ep = ctx.trait(v, "auth", "token", "endpoint")
                if ep:
                    endpoints.append(ep)
        ceiling = p["ceiling"] if p["ceiling"] is not None else 2
        _num(ceiling, "ceiling", False)
        out.append(_mint_binding(v, p, endpoints, ceiling, _num(p["ttl_s"], "ttl_s")))
    return out, "no vendor traffic"


def _is_rpc(ctx, v) -> bool:
    return ctx.trait(v, "pagination", "style") == "rpc_cursor"


def _continuation_params(ctx, v) -> list[str]:
    style = ctx.trait(v, "pagination", "style")
    params = ctx.trait(v, "pagination", "params", default={}) or {}
    names = [n for role, n in params.items()
             if role in ("cursor", "next", "token", "page_token", "offset_token")]
    if style == "offset_token" and params.get("offset"):
        names.append(params["offset"])
    if style in ("cursor", "rpc_cursor", "offset_token"):
        names += CURSOR_NAMES
    return sorted(set(names))


def bind_resync(check, ctx, p):
    out = []
    for v in check.vendor_list(ctx, p):
        endpoints = _list_of_str(p["endpoints"], "endpoints") or \
            ctx.trait(v, "freshness", "endpoints")
        fresh = _list_of_str(p["fresh_params"], "fresh_params")
        if fresh is None:
            param = ctx.trait(v, "freshness", "param")
            if not param and p["endpoints"] is None:
                continue
            fresh = sorted(set(([param] if param else []) + COMMON_FRESHNESS))
        if not endpoints:
            continue
        cont = _list_of_str(p["continuation_params"], "continuation_params")
        if cont is None:
            cont = _continuation_params(ctx, v)
        markers = _list_of_str(p["exempt_markers"], "exempt_markers") or []
        marker = "(" + " OR ".join(f"contains(coalesce(resp_body, ''), {literal(m)})"
                                   for m in markers) + ")" if markers else "FALSE"
        rpc = _is_rpc(ctx, v)
        cont = cont or ["\u0000none"]
        out.append({"vendor": v, "endpoint_match": path_match("path", endpoints),
                    "fresh_params": fresh, "continuation_params": cont,
                    "fresh_re": key_regex(fresh), "continuation_re": key_regex(cont),
                    "exempt_marker": marker, "rpc": rpc,
                    "list_method": p["list_method"] or ("POST" if rpc else "GET"),
                    "explicit_phases": bool(p["explicit_phases"])})
    return out, "no vendor in the run declares freshness filters (vendor.yaml freshness)"


def bind_resume(check, ctx, p):
    out = []
    for v in check.vendor_list(ctx, p):
        style = ctx.trait(v, "pagination", "style")
        params = ctx.trait(v, "pagination", "params", default={}) or {}
        pos_params = _list_of_str(p["position_params"], "position_params")
        page_numbered = p["page_numbered"]
        if pos_params is None:
            if style is None:
                continue
            pos_params = [n for role, n in params.items() if role not in SIZE_ROLES]
            if page_numbered is None:
                page_numbered = style in ("page_link", "jsonapi", "path_segment") or \
                    any(role in PAGE_ROLES for role in params if role not in SIZE_ROLES)
        page_numbered = bool(page_numbered)
        rpc = style == "rpc_cursor"
        if style == "path_segment" and p["position_params"] is None:
            pos = r"nullif(regexp_extract(path, '/page/(\d+)', 1), '')"
            walk = r"regexp_replace(path, '/page/\d+.*$', '')"
        elif rpc and p["position_params"] is None:
            names = pos_params or ["cursor"]
            pos = "CASE WHEN json_valid(req_body) THEN coalesce(" + ", ".join(
                f"json_extract_string(req_body, {literal(_json_path(n))})" for n in names) + ") END"
            walk = "path"
        else:
            if not pos_params:
                continue
            pos = "coalesce(" + ", ".join(
                f"json_extract_string(query, {literal('$.' + chr(34) + n + chr(34) + '[0]')})"
                for n in pos_params) + ")"
            walk = "path"
        windowed = style == "path_segment" or rpc
        if not windowed:
            ctx.requests_table()
        out.append({"vendor": v, "position_expr": pos, "walk_expr": walk,
                    "page_numbered": page_numbered,
                    "_template": "resume_pagination_window" if windowed else "resume_pagination",
                    "endpoint_match": path_match("path", _list_of_str(p["endpoints"], "endpoints")),
                    "list_method": "POST" if rpc else "GET"})
    return out, "no vendor in the run declares a pagination style"


def bind_forged(check, ctx, p):
    kinds = _list_of_str(p["kinds"], "kinds") or []
    late = _list_of_str(p["late_kinds"], "late_kinds") or []
    out = []
    for v in check.vendor_list(ctx, p):
        tol = p["tolerance_s"] if p["tolerance_s"] is not None else \
            ctx.trait(v, "webhooks", "tolerance_s", default=300)
        _num(tol, "tolerance_s", False)
        idh = p["id_header"] or ctx.trait(v, "webhooks", "id_header")
        id_expr = f"req_headers ->> {literal(str(idh).lower())}" if idh else "NULL::VARCHAR"
        tsh = ctx.trait(v, "webhooks", "timestamp_header")
        sigh = ctx.trait(v, "webhooks", "signature_header")
        if tsh:
            raw = f"TRY_CAST(req_headers ->> {literal(tsh.lower())} AS DOUBLE)"
        elif ctx.trait(v, "webhooks", "signing") == "stripe" and sigh:
            raw = (f"TRY_CAST(regexp_extract(req_headers ->> {literal(sigh.lower())}, "
                   f"'t=(\\d+)', 1) AS DOUBLE)")
        else:
            raw = "NULL::DOUBLE"
        ts = f"(CASE WHEN {raw} > 1e11 THEN {raw} / 1000 ELSE {raw} END)"
        out.append({"vendor": v, "kinds": kinds, "late_kinds": late, "tolerance_s": float(tol),
                    "id_expr": id_expr, "ts_expr": ts})
    return out, "no vendor traffic"


def bind_bypass(check, ctx, p):
    parts = []
    for schema, table in ctx.views(suffix="_bypass_log"):
        vendor = table[: -len("_bypass_log")]
        if p["vendors"] is not None and vendor not in p["vendors"]:
            continue
        parts.append(f"SELECT {literal(vendor)} AS vendor, {literal(schema)} AS source, "
                     f"CAST(to_json(t) AS VARCHAR) AS entry FROM {ident(schema)}.{ident(table)} AS t")
    vf = "TRUE" if p["vendors"] is None else f"vendor IN ({', '.join(literal(v) for v in p['vendors'])})"
    parts.append(f"SELECT vendor, 'events' AS source, CAST(data AS VARCHAR) AS entry FROM all_events "
                 f"WHERE type = 'bypass' AND {vf}")
    n_tables = len(parts) - 1
    return [{"entries": "\nUNION ALL\n".join(parts), "n_tables": n_tables, "vendor_filter": vf}], ""


def bind_control(check, ctx, p):
    vf = "TRUE" if p["vendors"] is None else f"vendor IN ({', '.join(literal(v) for v in p['vendors'])})"
    # A probe sent straight to a vendor's port never reaches the recorder: the vendor logs it
    # in its bypass log (reason control_probe*), dumped at every checkpoint. Rows are read as
    # JSON so a log without some column (an older bundle) still works.
    logs = []
    for schema, table in ctx.views(suffix="_bypass_log"):
        vendor = table[: -len("_bypass_log")]
        if p["vendors"] is None or vendor in p["vendors"]:
            logs.append(f"SELECT {literal(vendor)} AS vendor, CAST(to_json(t) AS VARCHAR) AS entry "
                        f"FROM {ident(schema)}.{ident(table)} AS t")
    probe_log = "\nUNION ALL\n".join(logs) or "SELECT NULL::VARCHAR AS vendor, NULL::VARCHAR AS entry WHERE FALSE"
    return [{"vendor_filter": vf, "probe_log": probe_log}], ""


def bind_unsafe_files(check, ctx, p):
    return [{}], ""


def bind_concurrency(check, ctx, p):
    tol = _num(p["tolerance_s"], "tolerance_s", False)
    out = []
    for v in check.vendor_list(ctx, p):
        if p["cap"] is not None:
            cap = p["cap"]
            if not isinstance(cap, int) or cap < 1:
                raise ParamError("cap must be an integer >= 1")
            out.append({"vendor": v, "cap": cap, "rule": "task",
                        "match": rule_match(p["match_method"], p["match_path"]), "tolerance_s": tol})
            continue
        for r in ctx.trait(v, "rate_limits", "rules", default=[]) or []:
            if isinstance(r, dict) and r.get("policy") == "concurrency" and r.get("limit"):
                m = r.get("match") or {}
                out.append({"vendor": v, "cap": int(r["limit"]), "rule": str(r.get("id")),
                            "match": rule_match(p["match_method"] or m.get("method"),
                                                p["match_path"] or m.get("path")),
                            "tolerance_s": tol})
    return out, "no vendor in the run has a concurrency cap (vendor.yaml rate_limits)"


def _window_binding(v, rule_id, max_, window_s, match, counted):
    return {"vendor": v, "max": int(max_), "window_s": float(window_s), "rule": rule_id,
            "window": interval_us(max(window_s - 1e-6, 0)), "match": match, "counted": counted}


def bind_budget(check, ctx, p):
    slack = _num(p["slack"], "slack", False)
    out = []
    for v in check.vendor_list(ctx, p):
        match_override = p["match_method"] or p["match_path"]
        if p["max"] is not None:
            if p["window_s"] is None:
                raise ParamError("max needs window_s")
            out.append(_window_binding(v, "task", _num(p["max"], "max", False),
                                       _num(p["window_s"], "window_s", False),
                                       rule_match(p["match_method"], p["match_path"]), "TRUE"))
            continue
        for r in ctx.trait(v, "rate_limits", "rules", default=[]) or []:
            if not isinstance(r, dict) or r.get("policy") not in ("fixed_window", "token_bucket"):
                continue
            limit = float(r.get("limit") or 0)
            window = float(p["window_s"] or r.get("window_s") or 1.0)
            if r.get("policy") == "token_bucket":
                allowed = limit + float(r.get("refill_per_s") or 0) * window
            else:
                allowed = limit * window / float(r.get("window_s") or 1.0)
            m = r.get("match") or {}
            match = rule_match(p["match_method"], p["match_path"]) if match_override else \
                rule_match(m.get("method"), m.get("path"))
            out.append(_window_binding(v, str(r.get("id")), math.ceil(allowed * (1 + slack)),
                                       window, match, "TRUE"))
    return out, "no vendor in the run declares a window or bucket rate limit (vendor.yaml rate_limits)"


def bind_failing(check, ctx, p):
    statuses = p["statuses"] if isinstance(p["statuses"], list) else [p["statuses"]]
    counted = status_expr(statuses)
    out = []
    for v in check.vendor_list(ctx, p):
        if p["max"] is not None:
            if p["window_s"] is None:
                raise ParamError("max needs window_s")
            out.append(_window_binding(v, "task", _num(p["max"], "max", False),
                                       _num(p["window_s"], "window_s", False),
                                       rule_match(p["match_method"], p["match_path"]), counted))
            continue
        for r in ctx.trait(v, "rate_limits", "rules", default=[]) or []:
            if isinstance(r, dict) and r.get("policy") == "error_burst" and r.get("limit"):
                m = r.get("match") or {}
                out.append(_window_binding(v, str(r.get("id")), int(r["limit"]),
                                           float(p["window_s"] or r.get("window_s") or 1.0),
                                           rule_match(m.get("method"), m.get("path")), counted))
    return out, "no vendor in the run has an error-burst rule (vendor.yaml rate_limits)"


# --- registry ---------------------------------------------------------------------------

def _checks() -> list[ConductCheck]:
    wait = {"tolerance_s": 0.05, "scope": "vendor"}
    return [
        ConductCheck("retry_after_honoured", "Retry-After honoured (seconds and HTTP-date)",
                     "retry_after_honoured", bind_retry_after, {**wait, "statuses": None},
                     evidence="a response carrying Retry-After"),
        ConductCheck("no_hot_loop", "no hot retry loop after 401/5xx", "no_hot_loop",
                     bind_hot_loop, {"statuses": [401, "5xx"], "min_gap_s": 0.25, "max_hot": 3,
                                     "max_attempts": None, "transport_errors": True,
                                     "group_401_by_vendor": True},
                     evidence="a failing answer (401, 5xx or no answer)"),
        ConductCheck("idempotent_write_retry", "no blind retry of a non-idempotent write",
                     "idempotent_write_retry", bind_idempotent, {"methods": None, "header": None},
                     evidence="an ambiguous failure of a keyed write (no answer, cut answer, 5xx)"),
        ConductCheck("secret_placement", "credentials only where the vendor documents them",
                     "secret_placement", bind_secrets, {"outputs": True}, phases_default=None,
                     always_on=True, evidence="credential values in the traits"),
        ConductCheck("token_mint_ceiling", "token minting within a ceiling", "token_mint_ceiling",
                     bind_mint, {"ceiling": None, "endpoints": None, "ttl_s": None, "slack": 2,
                                 "per": "phase", "count": "succeeded"},
                     evidence="a call to the token endpoint"),
        ConductCheck("login_ceiling", "logins / sessions within a ceiling", "token_mint_ceiling",
                     bind_login, {"ceiling": None, "endpoints": None, "ttl_s": None, "slack": 2,
                                  "per": "phase", "count": "succeeded"},
                     aliases=("session_ceiling",), evidence="a call to a login/session endpoint"),
        ConductCheck("no_full_resync", "no full resync after an incremental run", "no_full_resync",
                     bind_resync, {"endpoints": None, "fresh_params": None,
                                   "continuation_params": None, "list_method": None,
                                   "exempt_markers": ["sync_token_expired", "subscription_expired",
                                                      "full_resync_required"]},
                     evidence="a list call to a freshness endpoint in a phase that must be incremental"),
        ConductCheck("resume_pagination", "resume, not restart, pagination after a fault",
                     "resume_pagination", bind_resume, {"endpoints": None, "position_params": None,
                                                        "page_numbered": None},
                     evidence="a list page past the first that failed"),
        ConductCheck("forged_rejected", "forged and stale webhooks rejected", "forged_rejected",
                     bind_forged, {"kinds": ["bad_signature", "tampered_body", "stale_timestamp",
                                             "revoked_key", "resigned_stale_replay"],
                                   "late_kinds": ["replay"], "tolerance_s": None, "id_header": None},
                     evidence="a forged delivery of a kind that must be rejected"),
        ConductCheck("no_proxy_bypass", "no request around the proxy", "no_proxy_bypass",
                     bind_bypass, {}, phases_default=None, always_on=True,
                     evidence="a vendor bypass log (state <vendor>_bypass_log) or bypass events"),
        ConductCheck("no_control_probe", "no probing of the control plane", "no_control_probe",
                     bind_control, {}, phases_default=None, always_on=True,
                     evidence="a request to a vendor"),  # proxied, or a probe in a vendor's bypass log
        ConductCheck("no_unsafe_files", "no link or special file among the integration's files",
                     "no_unsafe_files", bind_unsafe_files, {}, phases_default=None, always_on=True,
                     listed_without_evidence=False, evidence="a file the harness refused to follow"),
        ConductCheck("concurrency_within_cap", "concurrency within the vendor's cap",
                     "concurrency_within_cap", bind_concurrency,
                     {"cap": None, "match_method": None, "match_path": None, "tolerance_s": 0.005},
                     aliases=("concurrency_cap",), evidence="requests to a vendor with a concurrency cap"),
        ConductCheck("rolling_window_budget", "requests within the rolling-window budget",
                     "rolling_window_budget", bind_budget,
                     {"max": None, "window_s": None, "match_method": None, "match_path": None,
                      "slack": 0.2},
                     evidence="requests to a vendor with a window or bucket limit"),
        ConductCheck("enveloped_throttle_wait", "wait after a throttle reported inside a 200",
                     "enveloped_throttle_wait", bind_enveloped,
                     {**wait, "fields": ["$.errorInfo.retryAfterSeconds", "$.error.retryAfterSeconds",
                                         "$.retryAfterSeconds"]},
                     evidence="a 2xx answer whose body carries retryAfterSeconds"),
        ConductCheck("ietf_reset_honoured", "IETF RateLimit reset honoured", "ietf_reset_honoured",
                     bind_ietf, {**wait, "statuses": [429], "include_zero_remaining": False,
                                 "with_retry_after": False},
                     evidence="a 429 carrying RateLimit t= (or RateLimit-Reset) and no Retry-After"),
        ConductCheck("failing_request_window", "failing requests within the error-burst budget",
                     "rolling_window_budget", bind_failing,
                     {"max": None, "window_s": None, "match_method": None, "match_path": None,
                      "statuses": ["4xx", "5xx"]},
                     evidence="requests to a vendor with an error-burst rule"),
        ConductCheck("lookup_before_repost", "a lookup before re-posting an ambiguous write",
                     "lookup_before_repost", bind_lookup,
                     {"methods": ["POST"], "key_field": None, "lookup_methods": ["GET"],
                      "lookup_path": None},
                     evidence="an ambiguous failure of a write (no answer, cut answer, 5xx)"),
    ]


REGISTRY: dict[str, ConductCheck] = {}
for _c in _checks():
    REGISTRY[_c.id] = _c
    for _a in _c.aliases:
        REGISTRY[_a] = _c

ALWAYS_ON = [c.id for c in _checks() if c.always_on]


def checks() -> list[ConductCheck]:
    """Every check once (aliases excluded), in registry order."""
    seen, out = set(), []
    for c in REGISTRY.values():
        if c.id not in seen:
            seen.add(c.id)
            out.append(c)
    return out


def register(check: ConductCheck) -> None:
    """Add a check (e.g. from a plugin or a test)."""
    REGISTRY[check.id] = check
    for a in check.aliases:
        REGISTRY[a] = check
