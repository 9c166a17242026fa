"""Binders of the checks that judge list walks: `no_full_resync` (an incremental run walks only
what changed) and `resume_pagination` (a failed page is retried or resumed, not the walk
restarted). Both need the same reading of a list call from the vendor's pagination traits: its
position in the walk, the page size it asked for, the records its answer held — and so which
calls are probes (a first-page read of a few records, e.g. to learn the vendor's clock), never
pages of a walk."""
from __future__ import annotations

from grader.conduct._params import (COMMON_FRESHNESS, COMMON_SIZE, CURSOR_NAMES, PAGE_ROLES, SIZE_ROLES,
                                    _int_at_least, _list_of_str)
from grader.conduct._sql import _json_path, first_param, key_regex, path_match
from grader.sqlutil import literal

# the roles of pagination.params that name a page size (SIZE_ROLES also holds `fields`, which
# is neither a size nor a position)
_SIZE_PARAM_ROLES = SIZE_ROLES - {"fields"}


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


def _size_expr(ctx, v, rpc: bool) -> str:
    """SQL: the page size a list call asked for (BIGINT, NULL when it named none)."""
    params = ctx.trait(v, "pagination", "params", default={}) or {}
    names = [n for role, n in params.items() if role in _SIZE_PARAM_ROLES]
    names += [n for n in COMMON_SIZE if n not in names]
    return f"TRY_CAST({first_param(names, rpc)} AS BIGINT)"


def _items_expr(ctx, v) -> str:
    """SQL: how many records a list answer held (its items array; NULL when unreadable)."""
    items = ctx.trait(v, "pagination", "response", "items")
    parts = []
    if items:
        parts.append(f"json_array_length(resp_body, {literal(_json_path(str(items)))})")
    parts.append("CASE WHEN json_type(resp_body) = 'ARRAY' THEN json_array_length(resp_body) END")
    return ("CASE WHEN resp_body IS NOT NULL AND json_valid(resp_body) THEN coalesce("
            + ", ".join(parts) + ") END")


def _probe_records(p) -> int:
    return _int_at_least(p["probe_records"], "probe_records", 0)


def _positions(ctx, v, p) -> tuple[str, str, bool, bool] | None:
    """(position SQL, walk SQL, page_numbered, windowed) for the vendor's list calls, or None
    when the vendor's traits (or the task's `position_params`) name no position."""
    style = ctx.trait(v, "pagination", "style")
    params = ctx.trait(v, "pagination", "params", default={}) or {}
    pos_params = _list_of_str(p["position_params"], "position_params")
    page_numbered = p["page_numbered"]
    if pos_params is None:
        if style is None:
            return None
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
            return None
        pos = first_param(pos_params)
        walk = "path"
    return pos, walk, page_numbered, style == "path_segment" or rpc


def bind_resync(check, ctx, p):
    probe = _probe_records(p)
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
        positions = _positions(ctx, v, {"position_params": None, "page_numbered": None})
        if positions is None or positions[3]:
            pos, page_numbered = "NULL::VARCHAR", False  # only continuation pages are past the first
        else:
            pos, _, page_numbered, _ = positions
        default_limit = ctx.trait(v, "pagination", "default_limit")
        if not isinstance(default_limit, int) or isinstance(default_limit, bool):
            default_limit = probe + 1  # a call naming no page size reads a full page
        out.append({"vendor": v, "endpoint_match": path_match("path", endpoints),
                    "fresh_params": fresh, "continuation_params": cont,
                    "fresh_re": key_regex(fresh), "continuation_re": key_regex(cont),
                    "exempt_marker": marker, "rpc": rpc,
                    "list_method": p["list_method"] or ("POST" if rpc else "GET"),
                    "explicit_phases": bool(p["explicit_phases"]),
                    "position_expr": pos, "page_numbered": page_numbered,
                    "size_expr": _size_expr(ctx, v, rpc), "items_expr": _items_expr(ctx, v),
                    "default_limit": int(default_limit), "probe_records": probe})
    return out, "no vendor in the run declares freshness filters (vendor.yaml freshness)"


def bind_resume(check, ctx, p):
    probe = _probe_records(p)
    out = []
    for v in check.vendor_list(ctx, p):
        positions = _positions(ctx, v, p)
        if positions is None:
            continue
        pos, walk, page_numbered, windowed = positions
        rpc = _is_rpc(ctx, v)
        if not windowed:
            ctx.requests_table()
        out.append({"vendor": v, "position_expr": pos, "walk_expr": walk,
                    "page_numbered": page_numbered,
                    "_template": "resume_pagination_window" if windowed else "resume_pagination",
                    "endpoint_match": path_match("path", _list_of_str(p["endpoints"], "endpoints")),
                    "list_method": "POST" if rpc else "GET",
                    "size_expr": _size_expr(ctx, v, rpc), "probe_records": probe})
    return out, "no vendor in the run declares a pagination style"

