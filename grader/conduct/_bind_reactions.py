"""Binders of the checks that judge how the integration reacted to what it was served: a throttle
(Retry-After, IETF RateLimit, a throttle inside a 2xx), a failure (hot loops), an ambiguous write
(idempotent retries, lookups before a re-post) and a failed page (resume, not restart)."""
from __future__ import annotations

import re
from typing import Any

from grader.conduct._params import ParamError, _list_of_str, _num
from grader.conduct._sql import _json_path, ambiguous_expr, path_match, status_expr
from grader.sqlutil import literal


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
    # a repeat that follows a lookup (a read of the vendor after the failure) is no blind retry:
    # the client checked whether the first attempt took effect
    lookups = [m.upper() for m in (_list_of_str(p["lookup_methods"], "lookup_methods") or [])]
    lp = path_match("g.path", _list_of_str(p["lookup_path"], "lookup_path"))
    out = []
    for v in check.vendor_list(ctx, p):
        header = p["header"] or ctx.trait(v, "idempotency", "header")
        if not header:
            continue
        methods = _list_of_str(p["methods"], "methods") or ctx.trait(v, "idempotency", "methods",
                                                                    default=["POST"])
        out.append({"vendor": v, "header": str(header).lower(),
                    "methods": [m.upper() for m in methods], "ambiguous": ambiguous_expr(),
                    "lookup_methods": lookups, "lookup_path_filter": lp})
    return out, "no vendor in the run declares an idempotency key (vendor.yaml idempotency)"


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
