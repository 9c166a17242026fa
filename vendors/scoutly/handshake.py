"""The subscription activation handshake.

When a subscription is created (or `POST /v1/subscriptions/{id}/activation` is called), Scoutly
POSTs to the callback URL with `X-Hook-Secret: <secret>`. The receiver must answer 2xx with the
same value in an `X-Hook-Secret` response header within the deadline (10 s, setting
`handshake_deadline_s`); then the subscription becomes `active` and deliveries start. Otherwise
it stays `pending` and the failure is recorded (`handshake.lastError`); nothing is delivered.

The `X-Hook-Secret` value is a one-time activation token, fresh for every attempt: it is not a
signing key (those are listed by `GET /v1/subscriptions/{id}/secret-keys`; the first one is the
run's `webhook_secret` credential), so a receiver echoing it never reveals a credential.

The handshake runs in a background thread (the create call answers 201 `pending` at once).
Setting `handshakes_enabled: false` stops the vendor from calling out (tests, fuzzing)."""
from __future__ import annotations

import hmac
import json
import logging
import secrets
import threading
import time

import httpx

from .models import KIT, Subscription

log = logging.getLogger("vendors.scoutly.handshake")
DEFAULT_DEADLINE_S = 10.0


def deadline_s(c) -> float:
    value = c.settings.get("handshake_deadline_s")
    return float(value) if value is not None else DEFAULT_DEADLINE_S


def start(c, sub_id: str) -> threading.Thread | None:
    if c.settings.get("handshakes_enabled", True) is False:
        return None
    t = threading.Thread(target=run, args=(c, sub_id), name=f"scoutly-handshake-{sub_id[:8]}", daemon=True)
    t.start()
    return t


def run(c, sub_id: str) -> str | None:
    """Perform one handshake; returns the resulting status (None if the subscription is gone)."""
    with c.db.session() as s:
        sub, w = s.get(Subscription, sub_id), s.get(KIT.WebhookSubscription, sub_id)
        if sub is None or w is None:
            return None
        url = sub.callback_url
    secret = "hs_" + secrets.token_hex(20)
    limit = deadline_s(c)
    body = json.dumps({"event": "subscription.handshake", "subscriptionId": sub_id}, separators=(",", ":"))
    headers = {"Content-Type": "application/json", "User-Agent": "Scoutly-Webhooks/1.0", "X-Hook-Secret": secret}
    started = time.monotonic()
    error = None
    try:
        with httpx.Client(timeout=limit, trust_env=False) as client:
            resp = client.post(url, content=body, headers=headers)
        elapsed = time.monotonic() - started
        echoed = resp.headers.get("X-Hook-Secret")
        if not 200 <= resp.status_code < 300:
            error = f"callback answered {resp.status_code}"
        elif echoed is None:
            error = "callback did not echo the X-Hook-Secret header"
        elif not hmac.compare_digest(echoed.encode(), secret.encode()):
            error = "callback echoed a different X-Hook-Secret value"
        elif elapsed > limit:
            error = f"callback answered after {elapsed:.1f} s (deadline {limit:g} s)"
    except httpx.TimeoutException:
        elapsed = time.monotonic() - started
        error = f"callback did not answer within {limit:g} s"
    except httpx.HTTPError as exc:
        elapsed = time.monotonic() - started
        error = f"{type(exc).__name__}: {exc}"[:300]
    with c.db.session() as s:
        sub = s.get(Subscription, sub_id)
        if sub is None:
            return None
        values = {"handshake_attempts": sub.handshake_attempts + 1, "last_handshake_at": c.now(),
                  "last_handshake_ms": round(elapsed * 1000, 1), "last_handshake_error": error}
        if error is None and sub.status != "active":
            values.update(status="active", activated_at=c.now())
        c.spec.mutations.update(s, c, "subscriptions", sub, values)
        if error:
            log.info("handshake for %s failed: %s", sub_id, error)
        return sub.status
