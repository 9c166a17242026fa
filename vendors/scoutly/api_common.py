"""What every Scoutly endpoint shares: the error envelope, request validation, list pages
(`limit`/`offset`, `totalFound`, `content`), sorting, and the list-concurrency guard."""
from __future__ import annotations

import re
import time
from contextlib import contextmanager
from datetime import datetime, timezone
from typing import Any, Callable
from urllib.parse import urlsplit

from flask import request
from sqlalchemy import Select
from sqlalchemy.orm import Session

from vendors.kit import validation as kit_validation
from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit.pagination import offset_page, slice_offset

PAGE_PARAMS = {"limit", "offset", "sort", "order"}
SORTS = {"createdOn": "created_at", "updatedOn": "updated_at"}
EMAIL_RE = re.compile(r"^[^@\s]{1,64}@[^@\s]+\.[^@\s]+$")
ISO_RE = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$")


def envelope(status: int, code: str, message: str, details: dict | None) -> dict:
    """`{"code", "message", "field"?, "existingId"?}`."""
    body: dict[str, Any] = {"code": code, "message": message}
    for key in ("field", "existingId"):
        if details and details.get(key):
            body[key] = details[key]
    return body


def bad(field: str | None, message: str, code: str = "invalid_field", status: int = 400) -> VendorError:
    return VendorError(status, code, message, {"field": field} if field else None)


# --- bodies ----------------------------------------------------------------------------------

def json_body() -> dict:
    raw = request.get_data()
    if not raw.strip():
        raise bad(None, "The request body must be a JSON object.", "body_missing")
    if not (request.mimetype or "").endswith("json"):
        raise bad(None, "Send the body as application/json.", "unsupported_media_type", 415)
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise bad(None, "The request body must be a JSON object.", "invalid_json")
    return data


Validator = kit_validation.Validator


def take(body: dict, fields: dict[str, tuple[Validator, bool]]) -> dict:
    return kit_validation.take(body, fields, bad)


def text(max_len: int, nullable: bool = False) -> Validator:
    def check(name: str, v: Any):
        if v is None and nullable:
            return None
        if not isinstance(v, str) or not v.strip() or len(v) > max_len:
            raise bad(name, f"`{name}` must be a non-empty string of at most {max_len} characters.")
        return v
    return check


def email(name: str, v: Any) -> str:
    if not isinstance(v, str) or len(v) > 254 or not EMAIL_RE.match(v):
        raise bad(name, f"`{name}` must be an e-mail address.")
    return v


def one_of(*allowed: str) -> Validator:
    def check(name: str, v: Any) -> str:
        if v not in allowed:
            raise bad(name, f"`{name}` must be one of: {', '.join(allowed)}.")
        return v
    return check


def obj(fields: dict[str, tuple[Validator, bool]]) -> Validator:
    def check(name: str, v: Any) -> dict:
        if not isinstance(v, dict):
            raise bad(name, f"`{name}` must be an object.")
        return take(v, fields)
    return check


def url(name: str, v: Any) -> str:
    ok = isinstance(v, str) and len(v) <= 500 and not any(ch.isspace() for ch in v)
    if ok:
        try:
            parts = urlsplit(v)
            ok = parts.scheme in ("http", "https") and bool(parts.hostname)
            parts.port  # noqa: B018 — raises ValueError on a malformed port
        except ValueError:
            ok = False
    if not ok:
        raise bad(name, f"`{name}` must be an absolute http(s) URL.")
    return v


# --- queries ---------------------------------------------------------------------------------

def query_known(allowed: set[str]) -> None:
    unknown = sorted(set(request.args) - allowed)
    if unknown:
        raise bad(unknown[0], f"Unknown query parameter: {unknown[0]}.", "unknown_parameter")


def instant_arg(name: str) -> datetime | None:
    raw = request.args.get(name)
    if raw is None:
        return None
    if not ISO_RE.match(raw):
        raise bad(name, f"`{name}` must be an ISO-8601 instant with a zone, e.g. 2026-03-02T09:00:00.000Z.")
    try:
        return datetime.fromisoformat(raw.replace("Z", "+00:00")).astimezone(timezone.utc)
    except (ValueError, OverflowError):
        raise bad(name, f"`{name}` is not a valid instant.") from None


def enum_arg(name: str, allowed: tuple[str, ...]) -> str | None:
    raw = request.args.get(name)
    if raw is None:
        return None
    return one_of(*allowed)(name, raw)


def ordered(query: Select, model: type) -> Select:
    sort = enum_arg("sort", tuple(SORTS)) or "createdOn"
    order = enum_arg("order", ("asc", "desc")) or "asc"
    col = getattr(model, SORTS[sort])
    if order == "desc":
        return query.order_by(col.desc(), model.id.desc())
    return query.order_by(col, model.id)


def list_page(s: Session, query: Select, serialize: Callable) -> dict:
    t = ctx().traits.pagination
    page = offset_page(t.params["offset"], t.params["limit"], t.default_limit, t.max_limit)
    rows, total = slice_offset(s, query, page)
    return {"totalFound": total, "offset": page.offset, "limit": page.limit,
            "content": [serialize(r) for r in rows]}


def get_or_404(s: Session, model: type, rid: str, noun: str) -> Any:
    obj_ = s.get(model, rid)
    if obj_ is None:
        raise VendorError(404, "not_found", f"{noun} {rid} was not found.")
    return obj_


# --- the list-concurrency guard --------------------------------------------------------------

CONCURRENT_LIMIT = 1


@contextmanager
def list_call():
    """One list call in flight per account. Enforced here only with the `enforce_list_concurrency`
    setting (in a run the recorder enforces it from vendor.yaml); `list_latency_ms` slows list
    calls down (outside the database lock), so overlaps are easy to produce."""
    c = ctx()
    enforce = bool(c.settings.get("enforce_list_concurrency"))
    with c.lock:
        inflight = c.extra.get("list_inflight", 0)
        if enforce and inflight >= CONCURRENT_LIMIT:
            raise VendorError(
                429, "concurrency_limit",
                f"Concurrent request limit exceeded: at most {CONCURRENT_LIMIT} list call may be in flight "
                f"per API key. Wait for your previous list call to complete, then retry.",
                headers={"X-RateLimit-Concurrent-Limit": str(CONCURRENT_LIMIT),
                         "X-RateLimit-Concurrent-Remaining": "0", "Retry-After": "1"})
        c.extra["list_inflight"] = inflight + 1
    try:
        latency = c.settings.get("list_latency_ms") or 0
        if latency:
            time.sleep(float(latency) / 1000)
        yield
    finally:
        with c.lock:
            c.extra["list_inflight"] = max(0, c.extra.get("list_inflight", 1) - 1)


def concurrency_headers(resp):
    c = ctx()
    with c.lock:
        inflight = c.extra.get("list_inflight", 0)
    resp.headers["X-RateLimit-Concurrent-Limit"] = str(CONCURRENT_LIMIT)
    resp.headers["X-RateLimit-Concurrent-Remaining"] = str(max(0, CONCURRENT_LIMIT - inflight))
    return resp
