"""Webhook endpoints, stored in the kit's `webhook_subscriptions` table.

The signing secret is returned once, when the endpoint is created or its secret rolled;
reads never show it. Rolling keeps the previous secret signing alongside the new one (two
`v1=` signatures) until `previous_secret_expires_at`. DELETE disables an endpoint."""
from __future__ import annotations

from datetime import timedelta

from flask import Blueprint, jsonify
from sqlalchemy import func, select

from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit.idempotency import idempotent

from . import objects
from . import validate as v
from .api_common import check_query, get_or_404, list_page, path
from .models import KIT
from .mutations import new_secret

bp = Blueprint("placemint_webhooks", __name__, url_prefix="/v1")

MAX_ENABLED = 16
DEFAULT_OVERLAP_S = 3600
W = KIT.WebhookSubscription


def _event_types() -> list[str]:
    return ctx().traits.webhooks.event_types


@bp.get("/webhook_endpoints")
def list_endpoints():
    check_query(set())
    c = ctx()
    with c.db.session() as s:
        q = select(W).order_by(W.created_at, W.id)
        return jsonify(list_page(s, q, objects.webhook_endpoint, path()))


@bp.post("/webhook_endpoints")
@idempotent
def create_endpoint():
    data = v.take(v.json_body(), {"url": (v.url, True), "events": (v.event_types(_event_types()), True)})
    c = ctx()
    with c.db.session() as s:
        enabled = s.scalar(select(func.count()).select_from(W).where(W.active.is_(True)))
        if enabled >= MAX_ENABLED:
            raise VendorError(409, "endpoint_limit_reached",
                              f"An account can have at most {MAX_ENABLED} enabled webhook endpoints; delete one first.")
        secret = new_secret(c)
        w = c.spec.mutations.create(s, c, "webhook_subscriptions",
                                    {"url": data["url"], "events": data["events"], "secret": secret,
                                     "active": True, "created_at": c.now()})
        return jsonify(objects.webhook_endpoint(w, secret=secret)), 201


@bp.get("/webhook_endpoints/<endpoint_id>")
def get_endpoint(endpoint_id: str):
    v.query_known(set())
    c = ctx()
    with c.db.session() as s:
        return jsonify(objects.webhook_endpoint(get_or_404(s, W, endpoint_id, "webhook endpoint")))


@bp.delete("/webhook_endpoints/<endpoint_id>")
def delete_endpoint(endpoint_id: str):
    v.query_known(set())
    c = ctx()
    with c.db.session() as s:
        w = get_or_404(s, W, endpoint_id, "webhook endpoint")
        if w.active:
            c.spec.mutations.update(s, c, "webhook_subscriptions", w, {"active": False})
        return jsonify(objects.webhook_endpoint(w))


@bp.post("/webhook_endpoints/<endpoint_id>/roll_secret")
@idempotent
def roll_secret(endpoint_id: str):
    data = v.take(v.json_body(optional=True), {"expires_in_s": (v.seconds(86400), False)})
    c = ctx()
    with c.db.session() as s:
        w = get_or_404(s, W, endpoint_id, "webhook endpoint")
        if not w.active:
            raise VendorError(409, "endpoint_disabled", f"Webhook endpoint {w.id} is disabled.")
        overlap = data.get("expires_in_s", DEFAULT_OVERLAP_S)
        secret = new_secret(c)
        c.spec.mutations.update(s, c, "webhook_subscriptions", w, {
            "previous_secret": w.secret if overlap else None,
            "previous_secret_expires_at": c.now() + timedelta(seconds=overlap) if overlap else None,
            "secret": secret})
        return jsonify(objects.webhook_endpoint(w, secret=secret))
