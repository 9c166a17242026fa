"""What TalentForge puts on the wire: record shapes, request-body validation and the keyset
cursor pages every list endpoint shares.

Lists are keyset pages over (updated_at, id) — notes over (created_at, id) — so a walk is
stable while records change: a record edited mid-walk moves to the end and is seen again.
The opaque cursor carries the position and the filters of the first request; the `cursor`
key is absent (not null) on the last page.
"""
from __future__ import annotations

import datetime as dt
import re
from typing import Any, Callable

from flask import request
from sqlalchemy import Select

from vendors.kit.behaviours import search_cutoff
from vendors.kit.errors import VendorError
from vendors.kit.formats import iso_utc, parse_iso_utc
from vendors.kit.pagination import decode_cursor, encode_cursor, int_arg, slice_keyset

from .models import APPLICATION_STATUSES, REQUISITION_STATUSES

# --- records ---------------------------------------------------------------------------------


def requisition(r) -> dict:
    hm = {"email": r.hm_email, "name": r.hm_name} if (r.hm_email or r.hm_name) else None
    return {"id": r.id, "req_code": r.req_code, "title": r.title, "site": r.site, "department": r.department,
            "status": r.status, "headcount": r.headcount, "hm": hm, "cc_code": r.cc_code,
            "created_at": iso_utc(r.created_at), "updated_at": iso_utc(r.updated_at)}


def candidate(c) -> dict:
    return {"id": c.id, "first_name": c.first_name, "last_name": c.last_name, "email": c.email,
            "phone": c.phone, "external_id": c.external_id, "source": c.source, "tags": list(c.tags or []),
            "hired_on": c.hired_on.isoformat() if c.hired_on else None,
            "created_at": iso_utc(c.created_at), "updated_at": iso_utc(c.updated_at)}


def application(a) -> dict:
    return {"id": a.id, "requisition_id": a.requisition_id, "candidate_id": a.candidate_id,
            "candidate_email": a.candidate_email, "stage": a.stage, "status": a.status,
            "created_at": iso_utc(a.created_at), "updated_at": iso_utc(a.updated_at)}


def note(n) -> dict:
    return {"id": n.id, "candidate_id": n.candidate_id, "body": n.body,
            "author": {"name": n.author_name, "email": n.author_email}, "created_at": iso_utc(n.created_at)}


def subscription(w) -> dict:
    return {"id": w.id, "url": w.url, "events": list(w.events or ["*"]), "active": bool(w.active),
            "created_at": iso_utc(w.created_at)}


# --- request bodies --------------------------------------------------------------------------


def json_object() -> dict:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise VendorError(400, "invalid_json", "Send a JSON object with Content-Type: application/json.")
    return data


class Fields:
    """Collects known fields from a body (unknown ones are dropped, as TalentForge does) and
    reports every invalid field at once as 422 `validation_failed`."""

    def __init__(self, body: dict):
        self.body, self.out, self.errors = body, {}, {}

    def _put(self, name: str, value: Any) -> None:
        self.out[name] = value

    def text(self, name: str, max_len: int, required: bool = False, nullable: bool = True,
             check: Callable[[str], bool] | None = None, hint: str = "") -> None:
        if name not in self.body:
            if required:
                self.errors[name] = "is required"
            return
        v = self.body[name]
        if v is None and nullable and not required:
            return self._put(name, None)
        if not isinstance(v, str) or not v.strip():
            self.errors[name] = "must be a non-empty string"
        elif len(v) > max_len:
            self.errors[name] = f"must be at most {max_len} characters"
        elif check is not None and not check(v):
            self.errors[name] = hint or "is not valid"
        else:
            self._put(name, v.strip())

    def choice(self, name: str, options: tuple[str, ...]) -> None:
        if name not in self.body:
            return
        v = self.body[name]
        if v not in options:
            self.errors[name] = f"must be one of {', '.join(options)}"
        else:
            self._put(name, v)

    def tags(self, name: str = "tags") -> None:
        if name not in self.body:
            return
        v = self.body[name]
        if v is None:
            return self._put(name, [])
        if (not isinstance(v, list) or len(v) > 50
                or not all(isinstance(t, str) and 0 < len(t.strip()) <= 50 for t in v)):
            self.errors[name] = "must be a list of at most 50 strings of 1-50 characters"
            return
        seen: list[str] = []
        for t in v:
            if t.strip() not in seen:
                seen.append(t.strip())
        self._put(name, seen)

    def date(self, name: str) -> None:
        if name not in self.body:
            return
        v = self.body[name]
        if v is None:
            return self._put(name, None)
        try:
            if not isinstance(v, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
                raise ValueError
            self._put(name, dt.date.fromisoformat(v))
        except ValueError:
            self.errors[name] = "must be a date YYYY-MM-DD"

    def done(self) -> dict:
        if self.errors:
            raise VendorError(422, "validation_failed", "Some fields are invalid.", {"fields": self.errors})
        return self.out


def is_email(v: str) -> bool:
    return re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", v) is not None


def is_url(v: str) -> bool:
    return re.fullmatch(r"https?://[^\s/?#]+[^\s]*", v) is not None


# --- list parameters and keyset pages ---------------------------------------------------------


def _since(raw: str | None) -> str | None:
    if raw is None or raw == "":
        return None
    try:
        value = parse_iso_utc(raw)
    except (ValueError, OverflowError):
        raise VendorError(400, "invalid_parameter",
                          "`updated_since` must be an ISO-8601 instant with a zone, e.g. 2026-03-02T09:00:00Z.") from None
    return iso_utc(value)  # one-second resolution: a fraction is dropped


def _statuses(raw: str | None, vocabulary: tuple[str, ...], upper: bool) -> str | None:
    if not raw:
        return None
    out = []
    for part in raw.split(","):
        part = part.strip()
        norm = part.upper() if upper else part.lower()
        if norm not in vocabulary:
            raise VendorError(400, "invalid_parameter", f"`status` values must be among {', '.join(vocabulary)}.")
        if norm not in out:
            out.append(norm)
    return ",".join(out)


def _short(name: str, raw: str | None, max_len: int = 254) -> str | None:
    if raw is None or raw == "":
        return None
    if len(raw) > max_len:
        raise VendorError(400, "invalid_parameter", f"`{name}` is too long.")
    return raw


def filters_from(get: Callable[[str], str | None], names: tuple[str, ...]) -> dict:
    """Normalised filters (strings); the same parser re-checks the filters a cursor carries."""
    out: dict[str, str] = {}
    for name in names:
        raw = get(name)
        if raw is not None and not isinstance(raw, str):
            raise VendorError(400, "invalid_cursor", "The cursor is not valid; start again without one.")
        if name == "updated_since":
            value = _since(raw)
        elif name == "status:req":
            value = _statuses(raw, REQUISITION_STATUSES, upper=True)
        elif name == "status:app":
            value = _statuses(raw, APPLICATION_STATUSES, upper=False)
        else:
            value = _short(name, raw)
        if value is not None:
            out[name] = value
    return out


def request_filters(names: tuple[str, ...]) -> dict:
    def get(name: str) -> str | None:
        key = name.split(":")[0]
        values = [v for v in request.args.getlist(key)]
        if not values:
            return None
        return ",".join(values) if key == "status" else values[-1]
    return filters_from(get, names)


class Page:
    """One keyset page request: filters (from the query or the cursor), position and size."""

    def __init__(self, scope: str, filter_names: tuple[str, ...], default_limit: int = 50, max_limit: int = 100):
        self.scope = scope
        self.limit = int_arg("limit", default_limit, minimum=1, maximum=max_limit)
        raw = request.args.get("cursor")
        self.after: list | None = None
        if raw:
            state = decode_cursor(raw)
            key, filt = state.get("k"), state.get("f")
            if (state.get("e") != scope or not isinstance(filt, dict) or not isinstance(key, list)
                    or len(key) != 2 or not all(isinstance(k, str) for k in key)):
                raise VendorError(400, "invalid_cursor", "The cursor is not valid; start again without one.")
            try:
                self.after = [parse_iso_utc(key[0]), key[1]]
            except (ValueError, OverflowError):
                raise VendorError(400, "invalid_cursor", "The cursor is not valid; start again without one.") from None
            self.filters = filters_from(filt.get, filter_names)
        else:
            self.filters = request_filters(filter_names)

    def since(self) -> dt.datetime | None:
        v = self.filters.get("updated_since")
        return parse_iso_utc(v) if v else None

    def run(self, s, query: Select, model, order: str = "updated_at") -> tuple[list, str | None]:
        stamp = getattr(model, order)
        cutoff = search_cutoff()
        if cutoff is not None:  # read-after-write lag (control setting search_lag_s)
            query = query.where(stamp <= cutoff)
        rows, last = slice_keyset(s, query, [stamp, model.id], self.after, self.limit)
        cursor = encode_cursor({"e": self.scope, "k": last, "f": self.filters}) if last else None
        return rows, cursor


def page_body(items: list, cursor: str | None) -> dict:
    body: dict[str, Any] = {"items": items}
    if cursor:  # absent, not null, on the last page
        body["cursor"] = cursor
    return body
