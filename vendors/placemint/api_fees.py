"""Weekly fees and their splits.

Placemint does not enforce "one fee per placement and week" (that is the client's
agreement, not the ledger's) nor that splits add up to the fee: both are the integration's
job. It does refuse splits on void fees (409)."""
from __future__ import annotations

from flask import Blueprint, jsonify
from sqlalchemy import select

from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit.idempotency import idempotent

from . import objects
from . import validate as v
from .api_common import check_query, get_or_404, list_page, path
from .models import FEE_STATUSES, Fee, FeeSplit, Placement

bp = Blueprint("placemint_fees", __name__, url_prefix="/v1")

FEE_FIELDS = {
    "placement_id": (v.text(40), True),
    "week": (v.week, True),
    "amount_cents": (v.cents, True),
    "approved_hours": (v.nullable(v.hours), False),
}

FEE_UPDATE_FIELDS = {
    "amount_cents": (v.cents, False),
    "approved_hours": (v.nullable(v.hours), False),
    "status": (v.one_of("invoiced", "paid"), False),
}

SPLIT_FIELDS = {
    "partner_id": (v.text(64, v.PARTNER_RE, "partner id"), True),
    "amount_cents": (v.cents, True),
    "share_bp": (v.nullable(v.basis_points), False),
}


@bp.get("/fees")
def list_fees():
    check_query({"placement_id", "week", "status", "modified_since"})
    q = select(Fee)
    pid = v.query_arg("placement_id", v.text(40))
    week = v.query_arg("week", v.week)
    status = v.query_arg("status", v.one_of(*FEE_STATUSES))
    since = v.query_arg("modified_since", v.modified_since)
    if pid is not None:
        q = q.where(Fee.placement_id == pid)
    if week is not None:
        q = q.where(Fee.week == week)
    if status is not None:
        q = q.where(Fee.status == status)
    if since is not None:
        q = q.where(Fee.updated_at >= since)
    c = ctx()
    with c.db.session() as s:
        return jsonify(list_page(s, q.order_by(Fee.seq), objects.fee, path()))


@bp.post("/fees")
@idempotent
def create_fee():
    data = v.take(v.json_body(), FEE_FIELDS)
    c = ctx()
    with c.db.session() as s:
        if s.get(Placement, data["placement_id"]) is None:
            raise VendorError(400, "resource_missing", f"No such placement: '{data['placement_id']}'.",
                              {"param": "placement_id"})
        fee = c.spec.mutations.create(s, c, "fees", data)
        return jsonify(objects.fee(fee)), 201


@bp.get("/fees/<fee_id>")
def get_fee(fee_id: str):
    v.query_known(set())
    c = ctx()
    with c.db.session() as s:
        return jsonify(objects.fee(get_or_404(s, Fee, fee_id, "fee")))


@bp.patch("/fees/<fee_id>")
def update_fee(fee_id: str):
    data = v.take(v.json_body(), FEE_UPDATE_FIELDS)
    c = ctx()
    with c.db.session() as s:
        fee = get_or_404(s, Fee, fee_id, "fee")
        if fee.status == "void":
            raise VendorError(409, "fee_void", f"Fee {fee.id} is void and can no longer change.")
        if fee.status == "paid" and data.get("status", "paid") != "paid":
            raise VendorError(409, "fee_paid", f"Fee {fee.id} is paid; it cannot return to invoiced.",
                              {"param": "status"})
        if "amount_cents" in data and data["amount_cents"] != fee.amount_cents and fee.split_count:
            raise VendorError(409, "fee_has_splits",
                              f"Fee {fee.id} already has splits; its amount can no longer change.",
                              {"param": "amount_cents"})
        fee = c.spec.mutations.update(s, c, "fees", fee, data)
        return jsonify(objects.fee(fee))


@bp.post("/fees/<fee_id>/void")
@idempotent
def void_fee(fee_id: str):
    v.take(v.json_body(optional=True), {})
    c = ctx()
    with c.db.session() as s:
        fee = get_or_404(s, Fee, fee_id, "fee")
        if fee.status == "void":
            raise VendorError(409, "fee_void", f"Fee {fee.id} is already void.")
        if fee.status == "paid":
            raise VendorError(409, "fee_paid", f"Fee {fee.id} is paid; a paid fee cannot be voided.")
        fee = c.spec.mutations.update(s, c, "fees", fee, {"status": "void"})
        return jsonify(objects.fee(fee))


@bp.get("/fees/<fee_id>/splits")
def list_splits(fee_id: str):
    check_query(set())
    c = ctx()
    with c.db.session() as s:
        get_or_404(s, Fee, fee_id, "fee")
        q = select(FeeSplit).where(FeeSplit.fee_id == fee_id).order_by(FeeSplit.seq)
        return jsonify(list_page(s, q, objects.fee_split, path()))


@bp.post("/fees/<fee_id>/splits")
@idempotent
def create_split(fee_id: str):
    data = v.take(v.json_body(), SPLIT_FIELDS)
    c = ctx()
    with c.db.session() as s:
        fee = get_or_404(s, Fee, fee_id, "fee")
        if fee.status == "void":
            raise VendorError(409, "fee_void", f"Fee {fee.id} is void; void fees cannot be split.")
        split = c.spec.mutations.create(s, c, "fee_splits", {**data, "fee_id": fee_id})
        return jsonify(objects.fee_split(split)), 201
