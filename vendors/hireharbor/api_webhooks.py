"""Webhook subscriptions, stored in the kit's `webhook_subscriptions` table (integer ids on
the wire). Deliveries are signed with the account's webhook secret unless the subscription
was created with its own `secret`; reads never show a secret. DELETE removes it."""
from __future__ import annotations

from flask import Blueprint, jsonify
from sqlalchemy import Integer, cast, select

from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit.formats import is_http_url

from . import objects
from .api_common import bad, check_on_behalf_of, json_body, page_response, take, text
from .models import KIT

bp = Blueprint("hireharbor_webhooks", __name__, url_prefix="/v1")
bp.before_request(check_on_behalf_of)
W = KIT.WebhookSubscription


def _url(name, v):
    if not is_http_url(v) or len(v) > 500:
        raise bad(name, "`url` must be an http(s) URL of at most 500 characters.", "invalid_field", 422)
    return v


def _events(name, v):
    known = set(ctx().traits.webhooks.event_types) | {"*"}
    if not isinstance(v, list) or not v or not all(isinstance(e, str) and e in known for e in v):
        raise bad(name, f"`events` must be a non-empty list of: {', '.join(sorted(known))}.", "invalid_field", 422)
    return v


def _get(s, webhook_id: int):
    w = s.get(W, str(webhook_id)) if webhook_id < 2**53 else None
    if w is None:
        raise VendorError(404, "not_found", f"Webhook {webhook_id} not found.")
    return w


@bp.get("/webhooks")
def list_webhooks():
    c = ctx()
    with c.db.session() as s:
        return page_response(s, select(W).order_by(cast(W.id, Integer)), objects.webhook)


@bp.post("/webhooks")
def create_webhook():
    data = take(json_body(), {"url": (_url, True), "events": (_events, False), "secret": (text(200), False)})
    c = ctx()
    with c.db.session() as s:
        values = {"url": data["url"], "events": data.get("events") or ["*"]}
        if data.get("secret"):
            values["secret"] = data["secret"]
        w = c.spec.mutations.create(s, c, "webhook_subscriptions", values)
        return jsonify(objects.webhook(w)), 201


@bp.get("/webhooks/<int:webhook_id>")
def get_webhook(webhook_id: int):
    c = ctx()
    with c.db.session() as s:
        return jsonify(objects.webhook(_get(s, webhook_id)))


@bp.delete("/webhooks/<int:webhook_id>")
def delete_webhook(webhook_id: int):
    c = ctx()
    with c.db.session() as s:
        w = _get(s, webhook_id)
        c.spec.mutations.delete(s, c, "webhook_subscriptions", w)
        return jsonify({"id": webhook_id, "deleted": True})
