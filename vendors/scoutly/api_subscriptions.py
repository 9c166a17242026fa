"""Webhook subscriptions, their activation handshake and their signing keys.

A subscription is created `pending`; Scoutly then calls the callback URL with `X-Hook-Secret`
(see handshake.py) and activates it when the receiver echoes the header in time.
`GET …/secret-keys` lists the live signing keys (the previous one too during a rotation's
overlap); `POST …/secret-keys` rotates (the previous key keeps signing for `overlapSeconds`)."""
from __future__ import annotations

from flask import Blueprint, Response, jsonify, request
from sqlalchemy import func, select

from vendors.kit.context import ctx
from vendors.kit.errors import VendorError

from . import handshake, objects
from .api_common import (PAGE_PARAMS, bad, concurrency_headers, get_or_404, json_body, list_call, list_page,
                         ordered, query_known, take, url)
from .models import KIT, Subscription
from .mutations import DEFAULT_OVERLAP_S, rotate

bp = Blueprint("scoutly_subscriptions", __name__, url_prefix="/v1")

MAX_SUBSCRIPTIONS = 20
MAX_OVERLAP_S = 7 * 86400


def _events(name, v):
    known = ctx().traits.webhooks.event_types
    if not isinstance(v, list) or not v or len(v) > 50 or not all(isinstance(e, str) for e in v):
        raise bad(name, f"`{name}` must be a non-empty list of event names (or [\"*\"]).")
    for e in v:
        if e != "*" and e not in known:
            raise bad(name, f"Unknown event {e!r}; known: {', '.join(known)}.", "unknown_event")
    return list(dict.fromkeys(v))


@bp.get("/subscriptions")
def list_subscriptions():
    query_known(PAGE_PARAMS)
    c = ctx()
    q = ordered(select(Subscription), Subscription)
    with list_call():
        with c.db.session() as s:
            payload = list_page(s, q, objects.subscription)
    return concurrency_headers(jsonify(payload))


@bp.post("/subscriptions")
def create_subscription():
    data = take(json_body(), {"callbackUrl": (url, True), "events": (_events, False)})
    c = ctx()
    with c.db.session() as s:
        n = s.scalar(select(func.count()).select_from(Subscription))
        if n >= MAX_SUBSCRIPTIONS:
            raise VendorError(409, "subscription_limit",
                              f"An account can have at most {MAX_SUBSCRIPTIONS} subscriptions; delete one first.")
        sub = c.spec.mutations.create(s, c, "subscriptions",
                                      {"callback_url": data["callbackUrl"], "events": data.get("events", ["*"])},
                                      via_api=True)
        out = objects.subscription(sub)
    handshake.start(c, sub.id)
    return jsonify(out), 201


@bp.get("/subscriptions/<subscriptionId>")
def get_subscription(subscriptionId: str):
    query_known(set())
    c = ctx()
    with c.db.session() as s:
        return jsonify(objects.subscription(get_or_404(s, Subscription, subscriptionId, "Subscription")))


@bp.delete("/subscriptions/<subscriptionId>")
def delete_subscription(subscriptionId: str):
    query_known(set())
    c = ctx()
    with c.db.session() as s:
        sub = get_or_404(s, Subscription, subscriptionId, "Subscription")
        c.spec.mutations.delete(s, c, "subscriptions", sub)
    return Response(status=204)


@bp.post("/subscriptions/<subscriptionId>/activation")
def activate_subscription(subscriptionId: str):
    query_known(set())
    c = ctx()
    with c.db.session() as s:
        sub = get_or_404(s, Subscription, subscriptionId, "Subscription")
        out = objects.subscription(sub)
    handshake.start(c, subscriptionId)
    return jsonify(out), 202


@bp.get("/subscriptions/<subscriptionId>/secret-keys")
def list_secret_keys(subscriptionId: str):
    query_known(set())
    c = ctx()
    with c.db.session() as s:
        get_or_404(s, Subscription, subscriptionId, "Subscription")
        w = s.get(KIT.WebhookSubscription, subscriptionId)
        return jsonify({"subscriptionId": subscriptionId, "content": objects.secret_keys(w, c.now())})


@bp.post("/subscriptions/<subscriptionId>/secret-keys")
def rotate_secret_key(subscriptionId: str):
    query_known(set())
    body = json_body() if request.get_data().strip() else {}
    data = take(body, {"overlapSeconds": (_overlap, False)})
    c = ctx()
    with c.db.session() as s:
        get_or_404(s, Subscription, subscriptionId, "Subscription")
        w = s.get(KIT.WebhookSubscription, subscriptionId)
        rotate(s, c, [w], overlap_s=data.get("overlapSeconds", DEFAULT_OVERLAP_S))
        return jsonify({"subscriptionId": subscriptionId, "content": objects.secret_keys(w, c.now())}), 201


def _overlap(name, v):
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_OVERLAP_S:
        raise bad(name, f"`{name}` must be an integer number of seconds between 0 and {MAX_OVERLAP_S}.")
    return v
