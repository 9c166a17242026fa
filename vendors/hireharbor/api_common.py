"""What every HireHarbor endpoint shares: the error envelope, Link-header pages, the
`On-Behalf-Of` check on writes, request validation and lookups."""
from __future__ import annotations

import re
from typing import Any, Callable

from flask import Response, g, jsonify, request
from sqlalchemy import Select, select
from sqlalchemy.orm import Session

from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit import query
from vendors.kit.query import DIGITS
from vendors.kit.formats import parse_iso_utc
from vendors.kit.link_pagination import link_header, page_request, slice_page

from .models import CustomField, User

WRITE_METHODS = ("POST", "PUT", "PATCH", "DELETE")
OBO = "On-Behalf-Of"
EMAIL_RE = re.compile(r"^[^@\s]{1,64}@[^@\s]+\.[^@\s]+$")
MAX_ID = 2**53


def envelope(status: int, code: str, message: str, details: dict | None) -> dict:
    """`{"message", "code", "errors"?: [{field, message}], ...extra}` — extra keys such as
    `merged_into` or `current_stage_id` sit at the top level."""
    body: dict[str, Any] = {"message": message, "code": code}
    details = dict(details or {})
    field = details.pop("field", None)
    if field:
        body["errors"] = [{"field": field, "message": message}]
    body.update(details)
    return body


def bad(field: str | None, message: str, code: str = "invalid_parameter", status: int = 400) -> VendorError:
    return VendorError(status, code, message, {"field": field} if field else None)


def check_on_behalf_of() -> None:
    """Writes name the HireHarbor user they are made for: `On-Behalf-Of: <user id>`."""
    if request.method not in WRITE_METHODS:
        return
    raw = request.headers.get(OBO)
    if raw is None or not raw.strip():
        raise VendorError(403, "on_behalf_of_required",
                          "Write requests need an On-Behalf-Of header with the id of an active HireHarbor user.")
    raw = raw.strip()
    if not DIGITS.match(raw):
        raise VendorError(400, "invalid_on_behalf_of", "On-Behalf-Of must be a user id (an integer).")
    c = ctx()
    with c.db.session() as s:
        u = s.get(User, int(raw))
        if u is None or u.disabled:
            raise VendorError(403, "invalid_on_behalf_of", f"User {raw} does not exist or is disabled.")
    g.actor = int(raw)


def page_response(s: Session, query: Select, serialize: Callable[[Any], dict]) -> Response:
    t = ctx().traits.pagination
    page = page_request(t.default_limit, t.max_limit, t.params["page"], t.params["per_page"], clamp=True)
    rows, total = slice_page(s, query, page)
    resp = jsonify([serialize(r) for r in rows])
    resp.headers["Link"] = link_header(page, total, t.params["page"], t.params["per_page"])
    return resp


# --- query parameters ------------------------------------------------------------------------

def int_param(name: str) -> int | None:
    return query.id_param(name, bad)


def instant_param(name: str):
    return query.instant_param(name, bad)


def choice_param(name: str, options: tuple[str, ...]) -> str | None:
    return query.choice_param(name, options, bad)


# --- request bodies --------------------------------------------------------------------------

def json_body() -> dict:
    data = request.get_json(silent=True, force=True) if request.get_data() else None
    if not isinstance(data, dict):
        raise bad(None, "The request body must be a JSON object.", "invalid_json")
    return data


def take(body: dict, fields: dict[str, tuple[Callable[[str, Any], Any], bool]]) -> dict:
    unknown = sorted(set(body) - set(fields))
    if unknown:
        raise bad(unknown[0], f"Unknown field `{unknown[0]}`.", "unknown_field", 422)
    out = {}
    for name, (check, required) in fields.items():
        if name not in body:
            if required:
                raise bad(name, f"`{name}` is required.", "missing_field", 422)
            continue
        out[name] = check(name, body[name])
    return out


def text(max_len: int, allow_null: bool = False) -> Callable[[str, Any], Any]:
    def check(name: str, v: Any) -> Any:
        if v is None and allow_null:
            return None
        if not isinstance(v, str) or not v.strip() or len(v) > max_len:
            raise bad(name, f"`{name}` must be a non-empty string of at most {max_len} characters.",
                      "invalid_field", 422)
        return v
    return check


def integer(name: str, v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 0 < v < MAX_ID:
        raise bad(name, f"`{name}` must be a positive integer id.", "invalid_field", 422)
    return v


def instant(name: str, v: Any):
    if not isinstance(v, str):
        raise bad(name, f"`{name}` must be an ISO-8601 timestamp string.", "invalid_field", 422)
    try:
        return parse_iso_utc(v)
    except (ValueError, OverflowError):
        raise bad(name, f"`{name}` must be an ISO-8601 timestamp with a time zone.", "invalid_field", 422) from None


def email_list(name: str, v: Any) -> list[str]:
    if not isinstance(v, list) or len(v) > 10:
        raise bad(name, f"`{name}` must be a list of at most 10 e-mail addresses.", "invalid_field", 422)
    out = []
    for e in v:
        if not isinstance(e, str) or len(e) > 254 or not EMAIL_RE.match(e.strip()):
            raise bad(name, f"`{name}` holds an invalid e-mail address.", "invalid_field", 422)
        out.append(e.strip())
    return out


def phone_list(name: str, v: Any) -> list[str]:
    if not isinstance(v, list) or len(v) > 10 or not all(isinstance(p, str) and 0 < len(p) <= 40 for p in v):
        raise bad(name, f"`{name}` must be a list of at most 10 phone numbers (strings).", "invalid_field", 422)
    return list(v)


def custom_fields_of(object_type: str) -> Callable[[str, Any], dict]:
    """Custom-field values: keys defined for `object_type` (see /v1/custom_fields), values
    strings (≤ 1000 characters) or null to clear."""
    def check(name: str, v: Any) -> dict:
        if not isinstance(v, dict):
            raise bad(name, "`custom_fields` must be an object of key → string.", "invalid_field", 422)
        c = ctx()
        with c.db.session() as s:
            known = set(s.scalars(select(CustomField.key).where(CustomField.object_type == object_type)))
        for k, val in v.items():
            if k not in known:
                raise bad(name, f"No {object_type} custom field `{k}`; see GET /v1/custom_fields.",
                          "unknown_custom_field", 422)
            if val is not None and (not isinstance(val, str) or len(val) > 1000):
                raise bad(name, f"Custom field `{k}` takes a string (at most 1000 characters) or null.",
                          "invalid_field", 422)
        return v
    return check


def merge_custom(current: dict | None, given: dict) -> dict:
    out = dict(current or {})
    for k, v in given.items():
        if v is None:
            out.pop(k, None)
        else:
            out[k] = v
    return out


def not_found(noun: str, rid: Any) -> VendorError:
    return VendorError(404, "not_found", f"{noun} {rid} not found.")


def get_or_404(s: Session, model: type, rid: int, noun: str) -> Any:
    obj = s.get(model, rid) if 0 < rid < MAX_ID else None
    if obj is None:
        raise not_found(noun, rid)
    return obj
