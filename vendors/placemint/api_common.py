"""What every Placemint endpoint shares: the error envelope, list pages, lookups."""
from __future__ import annotations

from typing import Any, Callable

from flask import request
from sqlalchemy import Select
from sqlalchemy.orm import Session

from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit.pagination import offset_page, slice_offset

from . import validate as v

PAGE_PARAMS = {"offset", "limit"}

_TYPES = {400: "invalid_request_error", 401: "authentication_error", 403: "permission_error",
          404: "invalid_request_error", 405: "invalid_request_error", 409: "invalid_request_error",
          413: "invalid_request_error", 415: "invalid_request_error", 422: "idempotency_error",
          429: "rate_limit_error"}


def envelope(status: int, code: str, message: str, details: dict | None) -> dict:
    """`{"error": {"type", "code", "message", "param"?}}` — Stripe-like."""
    err: dict[str, Any] = {"type": _TYPES.get(status, "api_error"), "code": code, "message": message}
    if details and details.get("param"):
        err["param"] = details["param"]
    return {"error": err}


def list_page(s: Session, query: Select, serialize: Callable, url: str) -> dict:
    t = ctx().traits.pagination
    page = offset_page(t.params["offset"], t.params["limit"], t.default_limit, t.max_limit)
    rows, total = slice_offset(s, query, page)
    return {"object": "list", "url": url, "data": [serialize(r) for r in rows], "total": total,
            "offset": page.offset, "limit": page.limit, "has_more": page.offset + len(rows) < total}


def get_or_404(s: Session, model: type, rid: str, noun: str) -> Any:
    obj = s.get(model, rid)
    if obj is None:
        raise VendorError(404, "resource_missing", f"No such {noun}: '{rid}'.", {"param": "id"})
    return obj


def check_query(extra: set[str]) -> None:
    v.query_known(PAGE_PARAMS | extra)


def path() -> str:
    return request.path
