"""Placements, their fee schedules and their approved timesheets."""
from __future__ import annotations

import re

from flask import Blueprint, jsonify
from sqlalchemy import func, select

from vendors.kit.behaviours import search_cutoff
from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit.idempotency import idempotent

from . import objects
from . import validate as v
from .api_common import check_query, get_or_404, list_page, path
from .models import PLACEMENT_STATUSES, FeeSchedule, Placement, Timesheet

bp = Blueprint("placemint_placements", __name__, url_prefix="/v1")

REF_RE = re.compile(r"^[^\x00-\x1f\x7f]{1,100}$")

PLACEMENT_FIELDS = {
    "external_ref": (v.nullable(v.text(100, REF_RE, "external reference")), False),
    "candidate_email": (v.email, True),
    "candidate_name": (v.text(200), True),
    "client_code": (v.text(40, v.CODE_RE, "client code"), True),
    "job_title": (v.nullable(v.text(200)), False),
    "start_date": (v.date_str, True),
    "end_date": (v.nullable(v.date_str), False),
    "rate_cents": (v.cents, True),
    "currency": (v.currency, False),
    "status": (v.one_of(*PLACEMENT_STATUSES), False),
}


def _dates_ordered(start, end) -> None:
    if end is not None and start is not None and end < start:
        raise v.bad("end_date", "`end_date` must not be before `start_date`.")


@bp.get("/placements")
def list_placements():
    check_query({"external_ref", "candidate_email", "client_code", "status", "modified_since"})
    q = select(Placement)
    ref = v.query_arg("external_ref", v.text(100))
    email = v.query_arg("candidate_email", v.text(254))
    client = v.query_arg("client_code", v.text(40))
    status = v.query_arg("status", v.one_of(*PLACEMENT_STATUSES))
    since = v.query_arg("modified_since", v.modified_since)
    if ref is not None:
        q = q.where(Placement.external_ref == ref)
    if email is not None:
        q = q.where(func.lower(Placement.candidate_email) == email.lower())
    if ref is not None or email is not None:
        # Searches are served from an index that trails writes by `search_lag_s` (if set).
        cutoff = search_cutoff()
        if cutoff is not None:
            q = q.where(Placement.updated_at <= cutoff)
    if client is not None:
        q = q.where(Placement.client_code == client)
    if status is not None:
        q = q.where(Placement.status == status)
    if since is not None:
        q = q.where(Placement.updated_at >= since)
    c = ctx()
    with c.db.session() as s:
        return jsonify(list_page(s, q.order_by(Placement.seq), objects.placement, path()))


@bp.post("/placements")
@idempotent
def create_placement():
    data = v.take(v.json_body(), PLACEMENT_FIELDS)
    _dates_ordered(data["start_date"], data.get("end_date"))
    c = ctx()
    with c.db.session() as s:
        p = c.spec.mutations.create(s, c, "placements", data)
        return jsonify(objects.placement(p)), 201


@bp.get("/placements/<placement_id>")
def get_placement(placement_id: str):
    v.query_known(set())
    c = ctx()
    with c.db.session() as s:
        return jsonify(objects.placement(get_or_404(s, Placement, placement_id, "placement")))


@bp.patch("/placements/<placement_id>")
def update_placement(placement_id: str):
    data = v.take(v.json_body(), {k: (check, False) for k, (check, _) in PLACEMENT_FIELDS.items()})
    c = ctx()
    with c.db.session() as s:
        p = get_or_404(s, Placement, placement_id, "placement")
        _dates_ordered(data.get("start_date", p.start_date), data.get("end_date", p.end_date))
        if p.status == "canceled" and data.get("status", "canceled") != "canceled":
            raise VendorError(409, "placement_canceled",
                              f"Placement {p.id} is canceled; a canceled placement cannot be reopened.",
                              {"param": "status"})
        p = c.spec.mutations.update(s, c, "placements", p, data)
        return jsonify(objects.placement(p))


# --- fee schedules -------------------------------------------------------------------------

SCHEDULE_FIELDS = {
    "effective_from": (v.date_str, False),
    "fee_rate": (v.nullable(v.rate), False),
    "bill_rate_cents": (v.nullable(v.cents), False),
    "pay_rate_cents": (v.nullable(v.cents), False),
    "currency": (v.currency, False),
}


@bp.get("/placements/<placement_id>/fee_schedules")
def list_fee_schedules(placement_id: str):
    check_query(set())
    c = ctx()
    with c.db.session() as s:
        get_or_404(s, Placement, placement_id, "placement")
        q = select(FeeSchedule).where(FeeSchedule.placement_id == placement_id).order_by(FeeSchedule.seq)
        return jsonify(list_page(s, q, objects.fee_schedule, path()))


@bp.post("/placements/<placement_id>/fee_schedules")
@idempotent
def create_fee_schedule(placement_id: str):
    data = v.take(v.json_body(), SCHEDULE_FIELDS)
    if all(data.get(k) is None for k in ("fee_rate", "bill_rate_cents", "pay_rate_cents")):
        raise v.bad("fee_rate", "A fee schedule needs at least one of fee_rate, bill_rate_cents, pay_rate_cents.",
                    "parameter_missing")
    c = ctx()
    with c.db.session() as s:
        get_or_404(s, Placement, placement_id, "placement")
        fs = c.spec.mutations.create(s, c, "fee_schedules", {**data, "placement_id": placement_id})
        return jsonify(objects.fee_schedule(fs)), 201


# --- timesheets ----------------------------------------------------------------------------

def _timesheets(q):
    week = v.query_arg("week", v.week)
    if week is not None:
        q = q.where(Timesheet.week == week)
    return q.order_by(Timesheet.seq)


@bp.get("/placements/<placement_id>/timesheets")
def list_placement_timesheets(placement_id: str):
    check_query({"week"})
    c = ctx()
    with c.db.session() as s:
        get_or_404(s, Placement, placement_id, "placement")
        q = _timesheets(select(Timesheet).where(Timesheet.placement_id == placement_id))
        return jsonify(list_page(s, q, objects.timesheet, path()))


@bp.get("/timesheets")
def list_timesheets():
    check_query({"week", "placement_id"})
    q = select(Timesheet)
    pid = v.query_arg("placement_id", v.text(40))
    if pid is not None:
        q = q.where(Timesheet.placement_id == pid)
    c = ctx()
    with c.db.session() as s:
        return jsonify(list_page(s, _timesheets(q), objects.timesheet, path()))
