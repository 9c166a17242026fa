"""ClearCheck's public API (`/v1`): packages, candidates, checks (202 on create), reports
(410 once expired) and webhook endpoints. Lists are keyset-paginated by (created_at, id) with
an opaque `cursor`; the filters ride inside the cursor."""
from __future__ import annotations

import re
from typing import Any, Callable

from flask import Blueprint, jsonify, request
from sqlalchemy import Select, select

from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit.formats import iso_utc, parse_iso_date, parse_iso_utc
from vendors.kit.idempotency import idempotent
from vendors.kit.pagination import decode_cursor, encode_cursor, int_arg, slice_keyset

from . import objects
from .models import CHECK_STATUSES, KIT, Candidate, Check, Package, Report
from .mutations import cancel, new_secret

bp = Blueprint("clearcheck_api", __name__, url_prefix="/v1")
W = KIT.WebhookSubscription
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def envelope(status: int, code: str, message: str, details: dict | None) -> dict:
    """`{"error": {"status", "code", "message", "field"?}}`."""
    err: dict[str, Any] = {"status": status, "code": code, "message": message}
    if details and details.get("field"):
        err["field"] = details["field"]
    return {"error": err}


def bad(code: str, message: str, field: str | None = None) -> VendorError:
    return VendorError(400, code, message, {"field": field} if field else None)


def known_query(names: set[str]) -> None:
    unknown = sorted(set(request.args) - names)
    if unknown:
        raise bad("unknown_parameter", f"Unknown query parameter(s): {', '.join(unknown)}.", unknown[0])


def json_body() -> dict:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise bad("invalid_json", "The request body must be a JSON object.")
    return data


def take(data: dict, fields: dict[str, tuple[Callable[[str, Any], Any], bool]]) -> dict:
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise bad("unknown_field", f"Unknown field(s): {', '.join(unknown)}.", unknown[0])
    out = {}
    for name, (check, required) in fields.items():
        if data.get(name) is None:
            if required:
                raise bad("missing_field", f"`{name}` is required.", name)
            continue
        out[name] = check(name, data[name])
    return out


def text(max_len: int, pattern: re.Pattern | None = None) -> Callable[[str, Any], str]:
    def check(name: str, value: Any) -> str:
        if not isinstance(value, str) or not value.strip() or len(value) > max_len:
            raise bad("invalid_field", f"`{name}` must be a non-empty string of at most {max_len} characters.", name)
        if pattern is not None and not pattern.match(value):
            raise bad("invalid_field", f"`{name}` is not in the expected format.", name)
        return value
    return check


def get_or_404(s, model, rid: str, noun: str):
    obj = s.get(model, rid)
    if obj is None:
        raise VendorError(404, "not_found", f"No {noun} with id {rid!r}.")
    return obj


def invalid_cursor() -> VendorError:
    return VendorError(400, "invalid_cursor", "The cursor is not valid; start again without one.")


def page(s, scope: str, query: Select, model, filters: tuple[str, ...], serialize, apply) -> dict:
    """One page: filters from the query (or from the cursor), keyset by (created_at, id)."""
    known_query({"cursor", "limit", *filters})
    limit = int_arg("limit", 25, minimum=1, maximum=100)
    raw = request.args.get("cursor")
    after = None
    if raw:
        state = decode_cursor(raw)
        key, filt = state.get("k"), state.get("f")
        if (state.get("e") != scope or not isinstance(filt, dict) or not isinstance(key, list) or len(key) != 2
                or not all(isinstance(k, str) for k in key) or set(filt) - set(filters)
                or not all(isinstance(v, str) for v in filt.values())):
            raise invalid_cursor()
        try:
            after = [parse_iso_utc(key[0]), key[1]]
        except (ValueError, OverflowError):
            raise invalid_cursor() from None
    else:
        filt = {f: request.args[f] for f in filters if request.args.get(f)}
    query = apply(query, filt)
    rows, last = slice_keyset(s, query, [model.created_at, model.id], after, limit)
    cursor = encode_cursor({"e": scope, "k": last, "f": filt}) if last else None
    return {"object": "list", "data": [serialize(r) for r in rows], "has_more": cursor is not None,
            "next_cursor": cursor}


def since(value: str):
    try:
        return parse_iso_utc(value)
    except (ValueError, OverflowError):
        raise bad("invalid_parameter", "`updated_since` must be an ISO-8601 instant with a zone, "
                  "e.g. 2026-03-02T09:00:00Z.", "updated_since") from None


# --- packages ----------------------------------------------------------------------------

@bp.get("/packages")
def list_packages():
    known_query(set())
    c = ctx()
    with c.db.session() as s:
        rows = s.scalars(select(Package).order_by(Package.code)).all()
        return jsonify({"object": "list", "data": [objects.package(p) for p in rows], "has_more": False,
                        "next_cursor": None})


# --- candidates --------------------------------------------------------------------------

def _candidate_filters(q, f):
    if "external_id" in f:
        q = q.where(Candidate.external_id == f["external_id"])
    if "updated_since" in f:
        q = q.where(Candidate.updated_at >= since(f["updated_since"]))
    return q


@bp.get("/candidates")
def list_candidates():
    c = ctx()
    with c.db.session() as s:
        return jsonify(page(s, "candidates", select(Candidate), Candidate, ("external_id", "updated_since"),
                            objects.candidate, _candidate_filters))


def _dob(name: str, value: Any) -> str:
    text(10)(name, value)
    try:
        parse_iso_date(value)
    except ValueError:
        raise bad("invalid_field", f"`{name}` must be a real date written YYYY-MM-DD.", name) from None
    return value


@bp.post("/candidates")
@idempotent
def create_candidate():
    known_query(set())
    data = take(json_body(), {"first_name": (text(100), True), "last_name": (text(100), True),
                              "email": (text(254, EMAIL), True), "dob": (_dob, False),
                              "external_id": (text(100), False)})
    c = ctx()
    with c.db.session() as s:
        x = c.spec.mutations.create(s, c, "candidates", data)
        return jsonify(objects.candidate(x)), 201


@bp.get("/candidates/<candidate_id>")
def get_candidate(candidate_id: str):
    known_query(set())
    c = ctx()
    with c.db.session() as s:
        return jsonify(objects.candidate(get_or_404(s, Candidate, candidate_id, "candidate")))


# --- checks ------------------------------------------------------------------------------

def _check_filters(q, f):
    if "external_id" in f:
        q = q.where(Check.external_id == f["external_id"])
    if "candidate_id" in f:
        q = q.where(Check.candidate_id == f["candidate_id"])
    if "status" in f:
        wanted = f["status"].split(",")
        if set(wanted) - set(CHECK_STATUSES):
            raise bad("invalid_parameter", f"`status` takes {', '.join(CHECK_STATUSES)} (comma-separated).", "status")
        q = q.where(Check.status.in_(wanted))
    if "updated_since" in f:
        q = q.where(Check.updated_at >= since(f["updated_since"]))
    return q


@bp.get("/checks")
def list_checks():
    c = ctx()
    with c.db.session() as s:
        return jsonify(page(s, "checks", select(Check), Check,
                            ("external_id", "candidate_id", "status", "updated_since"), objects.check, _check_filters))


@bp.post("/checks")
@idempotent
def create_check():
    known_query(set())
    data = take(json_body(), {"candidate_id": (text(40), True), "package": (text(60), True),
                              "external_id": (text(100), False)})
    c = ctx()
    with c.db.session() as s:
        if s.get(Candidate, data["candidate_id"]) is None:
            raise VendorError(422, "unknown_candidate", f"No candidate with id {data['candidate_id']!r}.",
                              {"field": "candidate_id"})
        if s.get(Package, data["package"]) is None:
            raise VendorError(422, "unknown_package", f"No package {data['package']!r}; see GET /v1/packages.",
                              {"field": "package"})
        ch = c.spec.mutations.create(s, c, "checks", {**data, **plan(c, s, data)})
        resp = jsonify(objects.check(ch))
        resp.status_code = 202
        resp.headers["Location"] = f"/v1/checks/{ch.id}"
        return resp


def plan(c, s, data: dict) -> dict:
    """The order's timeline and outcome (see planned_result): a `slow_pct` share of orders per
    package (by the same hash) waits `slow_h` hours instead of `turnaround_h` (court records)."""
    from datetime import timedelta
    import hashlib

    pkg = s.get(Package, data["package"])
    h = int(hashlib.sha256(f"slow:{c.seed}:{data['candidate_id']}:{data['package']}".encode()).hexdigest()[:8], 16)
    hours = pkg.slow_h if h % 100 < pkg.slow_pct else pkg.turnaround_h
    return {"planned_result": planned_result(c, data), "complete_at": c.now() + timedelta(hours=hours)}


def planned_result(c, data: dict) -> str:
    """Deterministic outcome of a check ordered through the API: the `consider_rate_pct`
    setting (default 20) of orders come back `consider`, chosen by a hash of the candidate
    and package (the same order always gets the same outcome)."""
    import hashlib

    rate = int(c.settings.get("consider_rate_pct", 20))
    h = int(hashlib.sha256(f"{c.seed}:{data['candidate_id']}:{data['package']}".encode()).hexdigest()[:8], 16)
    return "consider" if h % 100 < rate else "clear"


@bp.get("/checks/<check_id>")
def get_check(check_id: str):
    known_query(set())
    c = ctx()
    with c.db.session() as s:
        return jsonify(objects.check(get_or_404(s, Check, check_id, "check")))


@bp.post("/checks/<check_id>/cancel")
def cancel_check(check_id: str):
    known_query(set())
    c = ctx()
    with c.db.session() as s:
        return jsonify(objects.check(cancel(s, c, get_or_404(s, Check, check_id, "check"))))


# --- reports -----------------------------------------------------------------------------

@bp.get("/reports/<report_id>")
def get_report(report_id: str):
    known_query(set())
    c = ctx()
    with c.db.session() as s:
        r = get_or_404(s, Report, report_id, "report")
        if c.now() >= r.expires_at:
            raise VendorError(410, "report_expired",
                              f"Report {r.id} expired at {iso_utc(r.expires_at)}; the outcome stays on check "
                              f"{r.check_id} (`status`, `result`).")
        return jsonify(objects.report(r))


# --- webhook endpoints -------------------------------------------------------------------

def _events(name: str, value: Any) -> list[str]:
    allowed = set(ctx().traits.webhooks.event_types) | {"*"}
    if not isinstance(value, list) or not value or not all(isinstance(e, str) and e in allowed for e in value):
        raise bad("invalid_field", f"`events` must be a non-empty list of: {', '.join(sorted(allowed))}.", name)
    return value


def _url(name: str, value: Any) -> str:
    text(500)(name, value)
    if not re.match(r"^https?://[^\s/]+(/\S*)?$", value):
        raise bad("invalid_field", "`url` must be an http(s) URL.", name)
    return value


@bp.get("/webhooks")
def list_webhooks():
    known_query(set())
    c = ctx()
    with c.db.session() as s:
        rows = s.scalars(select(W).order_by(W.created_at, W.id)).all()
        return jsonify({"object": "list", "data": [objects.webhook_endpoint(w) for w in rows], "has_more": False,
                        "next_cursor": None})


@bp.post("/webhooks")
@idempotent
def create_webhook():
    known_query(set())
    data = take(json_body(), {"url": (_url, True), "events": (_events, False)})
    c = ctx()
    with c.db.session() as s:
        secret = new_secret(c)
        w = c.spec.mutations.create(s, c, "webhook_subscriptions",
                                    {"url": data["url"], "events": data.get("events") or ["*"], "secret": secret})
        return jsonify(objects.webhook_endpoint(w, secret=secret)), 201


@bp.delete("/webhooks/<endpoint_id>")
def delete_webhook(endpoint_id: str):
    known_query(set())
    c = ctx()
    with c.db.session() as s:
        w = get_or_404(s, W, endpoint_id, "webhook endpoint")
        if w.active:
            c.spec.mutations.update(s, c, "webhook_subscriptions", w, {"active": False})
        return jsonify(objects.webhook_endpoint(w))
