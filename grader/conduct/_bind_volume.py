"""Binders of the checks that judge how much the integration asked for: tokens and logins minted,
requests in flight at once, and requests (or failing requests) per window."""
from __future__ import annotations

import math

from grader.conduct._params import ParamError, _list_of_str, _num
from grader.conduct._sql import path_match, rule_match, status_expr
from grader.sqlutil import interval_us


def _mint_binding(v, p, endpoints, ceiling, ttl, served_ttl):
    if p["per"] not in ("phase", "bundle"):
        raise ParamError("per must be phase or bundle")
    if p["count"] not in ("succeeded", "all"):
        raise ParamError("count must be succeeded or all")
    slack = p["slack"]
    if not isinstance(slack, int) or isinstance(slack, bool) or slack < 0:
        raise ParamError("slack must be an integer >= 0")
    margin = _num(p["refresh_margin"], "refresh_margin", False)
    if margin >= 1:
        raise ParamError("refresh_margin must be a fraction of the token's lifetime, below 1")
    return {"vendor": v, "endpoint_match": path_match("path", endpoints),
            "endpoints_text": ", ".join(endpoints),
            "ceiling": None if ceiling is None else int(ceiling),
            "ttl_s": None if ttl is None else float(ttl), "slack": slack,
            "refresh_margin": margin, "served_ttl": bool(served_ttl),
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
        # the token's lifetime: the task's ttl_s, else what the mint answers said (expires_in),
        # else the traits' ttl_s
        given_ttl = p["ttl_s"] is not None
        ttl = p["ttl_s"] if given_ttl else ctx.trait(v, "auth", "token", "ttl_s")
        if ceiling is None and ttl is None:
            continue
        _num(ceiling, "ceiling")
        _num(ttl, "ttl_s")
        out.append(_mint_binding(v, p, endpoints, ceiling, ttl, served_ttl=not given_ttl))
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
        out.append(_mint_binding(v, p, endpoints, ceiling, _num(p["ttl_s"], "ttl_s"), served_ttl=False))
    return out, "no vendor traffic"


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


def _rules_in_force(ctx, v) -> list[tuple[dict, str]]:
    """(rule, the SQL condition on `started_at` of the time it was in force) for each rule of
    each plan the run enforced on `v` (Context.rate_plans): a task's own plan, or one a faults
    step set, is judged by its own limits, not vendor.yaml's. "TRUE" when the plan never
    changed."""
    periods = ctx.rate_plans(v)
    out = []
    for start, end, rules in periods:
        bounds = []
        if start is not None:
            bounds.append(f"started_at >= TIMESTAMP '{start.isoformat(sep=' ')}'")
        if end is not None:
            bounds.append(f"started_at < TIMESTAMP '{end.isoformat(sep=' ')}'")
        during = " AND ".join(bounds) or "TRUE"
        out.extend((r, during) for r in rules or [])
    return out


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
        for r, during in _rules_in_force(ctx, v):
            if not isinstance(r, dict) or r.get("policy") not in ("fixed_window", "token_bucket"):
                continue
            limit = float(r.get("limit") or 0)
            window = float(p["window_s"] or r.get("window_s") or 1.0)
            if r.get("policy") == "token_bucket":
                # a full bucket, then its refill: the most the vendor admits in any `window`
                allowed = limit + float(r.get("refill_per_s") or 0) * window
            else:
                # fixed windows start on the vendor's schedule, unknown to the client: a client
                # that spends each window's budget (pacing from the headers) sends the end of
                # one window and the start of the next within one trailing span, so any span of
                # `window` seconds may hold ceil(window / rule window) + 1 windows' budgets
                rule_window = float(r.get("window_s") or 1.0)
                allowed = limit * (math.ceil(window / rule_window - 1e-9) + 1)
            m = r.get("match") or {}
            match = rule_match(p["match_method"], p["match_path"]) if match_override else \
                rule_match(m.get("method"), m.get("path"))
            out.append(_window_binding(v, str(r.get("id")), math.ceil(allowed * (1 + slack)),
                                       window, match, during))
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
        for r, during in _rules_in_force(ctx, v):
            if isinstance(r, dict) and r.get("policy") == "error_burst" and r.get("limit"):
                m = r.get("match") or {}
                out.append(_window_binding(v, str(r.get("id")), int(r["limit"]),
                                           float(p["window_s"] or r.get("window_s") or 1.0),
                                           rule_match(m.get("method"), m.get("path")),
                                           counted if during == "TRUE" else f"({counted}) AND {during}"))
    return out, "no vendor in the run has an error-burst rule (vendor.yaml rate_limits)"
