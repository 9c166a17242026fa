"""StaffLine's public API under /v1.

Lists page with `start`/`count` (+ `total`), ordered by id ascending. Record timestamps are
epoch milliseconds; `updated_since` and the tombstone feed's `since` are epoch SECONDS
(inclusive). A millisecond value sent there is a date tens of thousands of years ahead: it is
accepted and matches nothing, as on the real thing.
"""
from __future__ import annotations

import datetime as dt
import json
import re

from flask import Blueprint, jsonify, request
from sqlalchemy import false, select

from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit.pagination import int_arg, offset_page, slice_offset

from .models import Application, Candidate, Job, Placement, Tombstone
from .mutations import RATE

bp = Blueprint("staffline", __name__, url_prefix="/v1")

EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
DAY_MS = 86_400_000
MAX_ID = 2**63 - 1
MAX_EPOCH_S = 253_402_300_799  # 9999-12-31T23:59:59Z; beyond it a filter matches nothing
MAX_DATE_MS = 253_402_214_400_000  # 9999-12-31 at UTC midnight
EDITABLE = ("end_date", "bill_rate", "pay_rate", "status")
READ_ONLY = ("id", "candidate_id", "job_id", "external_ref", "client_code", "start_date",
             "created_at", "updated_at")
API_STATUSES = ("Active", "Ended", "Cancelled")
DELETED_TYPES = ("candidate", "application", "placement", "job")


# --- rendering -------------------------------------------------------------------------------

def ms(t: dt.datetime | None) -> int | None:
    return None if t is None else (t - EPOCH) // dt.timedelta(milliseconds=1)


def date_ms(d: dt.date | None) -> int | None:
    return None if d is None else (d - EPOCH.date()).days * DAY_MS


def candidate_json(c: Candidate) -> dict:
    return {"id": c.id, "first_name": c.first_name, "last_name": c.last_name, "email": c.email,
            "phone": c.phone, "city": c.city, "status": c.status,
            "created_at": ms(c.created_at), "updated_at": ms(c.updated_at)}


def job_json(j: Job) -> dict:
    return {"id": j.id, "title": j.title, "client_code": j.client_code, "client_name": j.client_name,
            "city": j.city, "status": j.status, "created_at": ms(j.created_at), "updated_at": ms(j.updated_at)}


def application_json(a: Application) -> dict:
    return {"id": a.id, "candidate_id": a.candidate_id, "job_id": a.job_id, "status": a.status,
            "applied_at": ms(a.applied_at), "updated_at": ms(a.updated_at)}


def placement_json(p: Placement) -> dict:
    return {"id": p.id, "candidate_id": p.candidate_id, "job_id": p.job_id, "external_ref": p.external_ref,
            "client_code": p.client_code, "status": p.status, "start_date": date_ms(p.start_date),
            "end_date": date_ms(p.end_date), "bill_rate": p.bill_rate, "pay_rate": p.pay_rate,
            "created_at": ms(p.created_at), "updated_at": ms(p.updated_at)}


# --- request helpers -------------------------------------------------------------------------

def epoch_seconds_arg(name: str):
    """`None` (absent), an aware datetime, or `False` (beyond year 9999: matches nothing)."""
    raw = request.args.get(name)
    if raw is None or raw == "":
        return None
    if not re.fullmatch(r"[0-9]{1,30}", raw):
        raise VendorError(400, "invalid_parameter",
                          f"`{name}` must be a whole number of seconds since the Unix epoch, e.g. 1767225600.")
    value = int(raw)
    if value > MAX_EPOCH_S:
        return False
    return EPOCH + dt.timedelta(seconds=value)


def id_arg(name: str) -> int | None:
    return int_arg(name, None, minimum=1, maximum=MAX_ID)


def page_of(query, model_key, render) -> tuple:
    c = ctx()
    page = offset_page("start", "count", c.traits.pagination.default_limit, c.traits.pagination.max_limit)
    with c.db.session() as s:
        rows, total = slice_offset(s, query.order_by(model_key), page)
        body = {"data": [render(r) for r in rows], "start": page.offset, "count": len(rows), "total": total}
    return jsonify(body)


def filtered(model, query=None):
    query = select(model) if query is None else query
    since = epoch_seconds_arg("updated_since")
    if since is False:
        return query.where(false())
    if since is not None:
        query = query.where(model.updated_at >= since)
    return query


def one(model, rid: int, kind: str, render):
    c = ctx()
    with c.db.session() as s:
        obj = s.get(model, rid) if rid <= MAX_ID else None
        if obj is None:
            raise not_found(s, kind, rid)
        return jsonify({"data": render(obj)})


def not_found(s, kind: str, rid: int) -> VendorError:
    tomb = None
    if rid <= MAX_ID:
        tomb = s.scalar(select(Tombstone).where(Tombstone.type == kind, Tombstone.record_id == rid)
                        .order_by(Tombstone.seq.desc()).limit(1))
    if tomb is not None:
        return VendorError(404, "record_deleted",
                           f"{kind.capitalize()} {rid} was deleted (deleted_at {ms(tomb.deleted_at)}); see /v1/deleted.")
    return VendorError(404, "not_found", f"{kind.capitalize()} {rid} does not exist.")


# --- endpoints -------------------------------------------------------------------------------

@bp.get("/candidates")
def list_candidates():
    return page_of(filtered(Candidate), Candidate.id, candidate_json)


@bp.get("/candidates/<int:candidate_id>")
def get_candidate(candidate_id: int):
    return one(Candidate, candidate_id, "candidate", candidate_json)


@bp.get("/jobs")
def list_jobs():
    return page_of(filtered(Job), Job.id, job_json)


@bp.get("/jobs/<int:job_id>")
def get_job(job_id: int):
    return one(Job, job_id, "job", job_json)


@bp.get("/applications")
def list_applications():
    q = filtered(Application)
    if (cid := id_arg("candidate_id")) is not None:
        q = q.where(Application.candidate_id == cid)
    if (jid := id_arg("job_id")) is not None:
        q = q.where(Application.job_id == jid)
    return page_of(q, Application.id, application_json)


@bp.get("/applications/<int:application_id>")
def get_application(application_id: int):
    return one(Application, application_id, "application", application_json)


@bp.get("/placements")
def list_placements():
    q = filtered(Placement)
    ref = request.args.get("external_ref")
    if ref is not None and ref != "":
        q = q.where(Placement.external_ref == ref)
    return page_of(q, Placement.id, placement_json)


@bp.get("/placements/<int:placement_id>")
def get_placement(placement_id: int):
    return one(Placement, placement_id, "placement", placement_json)


def _invalid(code: str, message: str, field: str) -> VendorError:
    return VendorError(422, code, message, {"field": field})


def _patch_values(body: dict, p: Placement) -> dict:
    unknown = sorted(set(body) - set(EDITABLE))
    if unknown:
        field = unknown[0]
        if field in READ_ONLY:
            raise _invalid("field_not_editable", f"`{field}` cannot be changed; editable fields: "
                           f"{', '.join(EDITABLE)}.", field)
        raise _invalid("unknown_field", f"Placements have no field `{field}`; editable fields: "
                       f"{', '.join(EDITABLE)}.", field)
    values: dict = {}
    if "end_date" in body:
        end = body["end_date"]
        if end is not None:
            if isinstance(end, bool) or not isinstance(end, int) or not 0 <= end <= MAX_DATE_MS:
                raise _invalid("invalid_date", "`end_date` must be epoch milliseconds (an integer) or null.",
                               "end_date")
            if end % DAY_MS:
                raise _invalid("invalid_date", "`end_date` must fall on UTC midnight (a multiple of 86400000).",
                               "end_date")
            end = (EPOCH + dt.timedelta(milliseconds=end)).date()
            if end < p.start_date:
                raise _invalid("end_before_start", "`end_date` cannot be before the placement's start_date.",
                               "end_date")
        values["end_date"] = end
    for key in ("bill_rate", "pay_rate"):
        if key in body:
            if not isinstance(body[key], str) or not RATE.fullmatch(body[key]):
                raise _invalid("invalid_rate", f"`{key}` must be a decimal string with up to 3 decimals, "
                               "e.g. \"48.125\".", key)
            values[key] = body[key]
    if "status" in body:
        if body["status"] not in API_STATUSES:
            raise _invalid("invalid_status", f"`status` must be one of {', '.join(API_STATUSES)}; "
                           "placements are closed by the back office.", "status")
        values["status"] = body["status"]
    return values


@bp.patch("/placements/<int:placement_id>")
def patch_placement(placement_id: int):
    c = ctx()
    with c.db.session() as s:
        p = s.get(Placement, placement_id) if placement_id <= MAX_ID else None
        if p is None:
            raise not_found(s, "placement", placement_id)
        try:
            body = json.loads(request.get_data() or b"null")
        except (ValueError, UnicodeDecodeError, RecursionError):
            raise VendorError(400, "invalid_json", "The request body is not valid JSON.") from None
        if not isinstance(body, dict):
            raise VendorError(400, "invalid_json", "The request body must be a JSON object.")
        if p.status == "Closed":
            raise VendorError(409, "placement_closed",
                              f"Placement {p.id} is Closed; closed placements cannot be changed.")
        if not body:
            raise VendorError(422, "no_changes", f"Send at least one of: {', '.join(EDITABLE)}.")
        values = _patch_values(body, p)
        changed = {k: v for k, v in values.items() if getattr(p, k) != v}
        if changed:
            c.spec.mutations.update(s, c, "placements", p, changed)
        return jsonify({"data": placement_json(p)})


@bp.get("/deleted")
def list_deleted():
    q = select(Tombstone)
    since = epoch_seconds_arg("since")
    if since is False:
        q = q.where(false())
    elif since is not None:
        q = q.where(Tombstone.deleted_at >= since)
    kind = request.args.get("type")
    if kind is not None and kind != "":
        if kind not in DELETED_TYPES:
            raise VendorError(400, "invalid_parameter", f"`type` must be one of {', '.join(DELETED_TYPES)}.")
        q = q.where(Tombstone.type == kind)
    return page_of(q, Tombstone.seq, lambda t: {"type": t.type, "id": t.record_id, "deleted_at": ms(t.deleted_at)})
