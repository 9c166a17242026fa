"""Webhook outbox: events are queued per matching subscription inside the write's
transaction, then a delivery worker signs and POSTs them (to the recorder's receiver
listener in a run) and retries on the vendor's documented schedule.

The payload text is fixed when the event is queued: a retry sends the same bytes, signed
afresh with the current timestamp, as real vendors do.
"""
from __future__ import annotations

import fnmatch
import json
import logging
import threading
from datetime import timedelta
from typing import Any

import httpx
from sqlalchemy import select

from vendors.kit.context import VendorContext
from vendors.kit.webhook_schemes import scheme_for

log = logging.getLogger("vendors.outbox")


def _matches(patterns: list[str], event_type: str) -> bool:
    return any(fnmatch.fnmatchcase(event_type, p) for p in patterns or ["*"])


def enqueue(c: VendorContext, event_type: str, payload: dict[str, Any], event_id: str | None = None) -> list[int]:
    """Queue `payload` for every active subscription listening to `event_type`.
    Returns the delivery row ids. Deliveries chosen by the `drop_deliveries` setting are
    recorded with status `dropped` and never sent."""
    event_id = event_id or payload.get("id") or c.ids("evt")
    body = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
    drop = c.settings.get("drop_deliveries") or {}
    ids: list[int] = []
    with c.db.session() as s:
        subs = s.scalars(select(c.kit.WebhookSubscription).where(c.kit.WebhookSubscription.active.is_(True))
                         .order_by(c.kit.WebhookSubscription.id)).all()
        for sub in subs:
            if not _matches(sub.events, event_type):
                continue
            c.trigger_counts["_deliveries"] = n = c.trigger_counts.get("_deliveries", 0) + 1
            dropped = (event_id in drop.get("event_ids", []) or n in drop.get("nth", [])
                       or any(fnmatch.fnmatchcase(event_type, t) for t in drop.get("types", [])))
            row = c.kit.WebhookDelivery(event_id=event_id, subscription_id=sub.id, event_type=event_type,
                                        payload=body, created_at=c.now(), attempts=0,
                                        status="dropped" if dropped else "pending", next_attempt_at=c.now())
            s.add(row)
            s.flush()
            ids.append(row.id)
    return ids


def secrets_for(c: VendorContext, sub) -> list[str]:
    """The secrets a delivery is signed with: the current one, plus the previous one while a
    rotation's overlap lasts (two signatures)."""
    out = [sub.secret]
    if sub.previous_secret and (sub.previous_secret_expires_at is None or sub.previous_secret_expires_at > c.now()):
        out.append(sub.previous_secret)
    return out


class DeliveryWorker:
    """Sends due deliveries. Runs as a daemon thread in a served vendor; tests call `run_once`."""

    def __init__(self, c: VendorContext, interval_s: float = 0.1, timeout_s: float = 10.0):
        self.c = c
        self.interval_s = interval_s
        self.client = httpx.Client(timeout=timeout_s, trust_env=False)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name=f"outbox-{self.c.traits.name}", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _loop(self) -> None:
        while not self._stop.wait(self.interval_s):
            try:
                self.run_once()
            except Exception:  # keep delivering; a broken row must not stop the outbox
                log.exception("outbox tick failed")

    def _claim(self) -> list[tuple[int, str, str, str, str, list[str]]]:
        c = self.c
        D, S = c.kit.WebhookDelivery, c.kit.WebhookSubscription
        with c.db.session() as s:
            rows = s.execute(select(D, S).join(S, S.id == D.subscription_id)
                             .where(D.status == "pending", D.next_attempt_at <= c.now()).order_by(D.id)).all()
            claimed = []
            for d, sub in rows:
                d.status = "sending"
                claimed.append((d.id, d.event_id, d.event_type, d.payload, sub.url, secrets_for(c, sub)))
            return claimed

    def run_once(self) -> int:
        c = self.c
        hooks = c.traits.webhooks
        scheme = scheme_for(hooks)
        sent = 0
        for delivery_id, event_id, event_type, payload, url, secrets in self._claim():
            signed = scheme.sign(payload.encode(), secrets, int(c.now().timestamp()), event_id)
            headers = {"Content-Type": "application/json", "User-Agent": f"{c.traits.title}-Webhooks/1.0",
                       **signed.headers}
            if hooks.id_header:
                headers[hooks.id_header] = event_id
            if hooks.event_header:
                headers[hooks.event_header] = event_type
            status, error = None, None
            try:
                status = self.client.post(url, content=signed.body, headers=headers).status_code
            except httpx.HTTPError as exc:
                error = f"{type(exc).__name__}: {exc}"[:300]
            self._settle(delivery_id, status, error)
            sent += 1
        return sent

    def _settle(self, delivery_id: int, status: int | None, error: str | None) -> None:
        c = self.c
        schedule = c.traits.webhooks.retry_schedule_s
        with c.db.session() as s:
            d = s.get(c.kit.WebhookDelivery, delivery_id)
            if d is None:  # the vendor was reset meanwhile
                return
            d.attempts += 1
            d.last_status, d.last_error = status, error
            if status is not None and 200 <= status < 300:
                d.status, d.delivered_at = "delivered", c.now()
            elif d.attempts > len(schedule):
                d.status = "failed"
            else:
                d.status = "pending"
                d.next_attempt_at = c.now() + timedelta(seconds=schedule[d.attempts - 1])


def outbox_summary(c: VendorContext) -> dict[str, Any]:
    D = c.kit.WebhookDelivery
    with c.db.session() as s:
        rows = s.scalars(select(D).order_by(D.id)).all()
        deliveries = [{"id": d.id, "event_id": d.event_id, "event_type": d.event_type,
                       "subscription_id": d.subscription_id, "status": d.status, "attempts": d.attempts,
                       "last_status": d.last_status, "last_error": d.last_error} for d in rows]
    pending = sum(1 for d in deliveries if d["status"] in ("pending", "sending"))
    S = c.kit.WebhookSubscription
    with c.db.session() as s:
        # The harness needs the live secrets to forge re-signed deliveries (control plane only).
        subs = [{"id": x.id, "url": x.url, "events": x.events, "active": x.active, "secret": x.secret,
                 "previous_secret": x.previous_secret} for x in s.scalars(select(S).order_by(S.id))]
    return {"pending": pending, "deliveries": deliveries, "subscriptions": subs}
