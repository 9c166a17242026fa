"""Scoutly's write path, shared by the public API and the control plane (`mutate`, scheduled
mutations), so both stamp, validate and emit webhooks identically.

Domain effects:
- `candidates`: create → `candidate.created`, change → `candidate.updated`.
- `jobs`: create → `job.created`, change → `job.updated`; `ref_number` is unique (409).
- `applications`: create → `application.created`; a status change stamps `status_changed_at`
  and emits `application.status.updated`; any other change → `application.updated`. One
  application per (candidate, job) (409).
- An update that changes nothing is a no-op: no `updated_at`, no event.
- `subscriptions` and the kit's `webhook_subscriptions` are kept in step (same id): creating
  either creates both; the kit row's `active` mirrors `status == "active"`. Subscriptions
  created by the control plane default to status `active` (the scenario registers them
  already handshaken); the public API creates them `pending`. Either way the first signing key
  is the run's `webhook_secret` credential (so the recorder can forge correctly signed
  deliveries from the run config); rotations then mint fresh keys.

Custom op `rotate_keys {secret?, overlap_s?, ids?}`: rotates the signing key of every (or the
listed) subscription; the previous key keeps signing for `overlap_s` (default 120) — two
signatures. Usable in scheduled mutations (`at: <instant>`) to rotate mid-run.

Event payload (ids only): `{id, event, createdOn, data: {candidateId | jobId | applicationId, …}}`.
"""
from __future__ import annotations

import json
import uuid
from datetime import timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from vendors.kit import outbox
from vendors.kit.errors import VendorError
from vendors.kit.mutations import Mutations, OpError, require_columns, unique_clash

from . import objects
from .models import (APPLICATION_STATUSES, JOB_STATUSES, KIT, SUBSCRIPTION_STATUSES, TABLES, Application,
                     Candidate, Job, Subscription)

DEFAULT_OVERLAP_S = 120


def new_uuid(c) -> str:
    return str(uuid.UUID(hex=(c.ids() + c.ids() + c.ids())[:32], version=4))


def new_secret(c) -> str:
    return "sk_" + c.ids() + c.ids() + c.ids()


def queue_event(c, event: str, data: dict, event_id: str | None = None) -> tuple[str, list[int]]:
    event_id = event_id or new_uuid(c)
    payload = {"id": event_id, "event": event, "createdOn": objects.ts(c.now()), "data": data}
    return event_id, outbox.enqueue(c, event, payload, event_id)


def event_data(table: str, obj: Any) -> dict:
    if table == "candidates":
        return {"candidateId": obj.id}
    if table == "jobs":
        return {"jobId": obj.id, "refNumber": obj.ref_number}
    return {"applicationId": obj.id, "candidateId": obj.candidate_id, "jobId": obj.job_id}


NOUN = {"candidates": "candidate", "jobs": "job", "applications": "application"}


def rotate(s: Session, c, subs: list, secret: str | None = None, overlap_s: float = DEFAULT_OVERLAP_S) -> None:
    for w in subs:
        w.previous_secret = w.secret if overlap_s else None
        w.previous_secret_expires_at = c.now() + timedelta(seconds=overlap_s) if overlap_s else None
        w.secret = secret or new_secret(c)
    s.flush()


def _rotate_op(s: Session, c, op: dict) -> dict:
    W = KIT.WebhookSubscription
    q = select(W).order_by(W.id)
    if op.get("ids"):
        q = q.where(W.id.in_(op["ids"]))
    subs = list(s.scalars(q))
    try:
        overlap = float(op.get("overlap_s", DEFAULT_OVERLAP_S))
    except (TypeError, ValueError):
        raise OpError("rotate_keys: overlap_s must be a number") from None
    rotate(s, c, subs, op.get("secret"), overlap)
    return {"ids": [w.id for w in subs]}


class ScoutlyMutations(Mutations):
    def __init__(self):
        super().__init__(dict(TABLES), {"rotate_keys": _rotate_op})

    # --- creates --------------------------------------------------------------------------
    def create(self, s: Session, c, table: str, values: dict, via_api: bool = False) -> Any:
        model = self.model(table)
        values = dict(values)
        if not values.get("id"):
            values["id"] = new_uuid(c)
        if table == "webhook_subscriptions":
            values.setdefault("secret", c.credentials.get("webhook_secret") or new_secret(c))
            values.setdefault("events", ["*"])
            values.setdefault("active", True)
            values.setdefault("created_at", c.now())
            w = super().create(s, c, table, values)
            if s.get(Subscription, w.id) is None:
                s.add(Subscription(id=w.id, callback_url=w.url, events=list(w.events or ["*"]),
                                   status="active" if w.active else "pending", handshake_attempts=0,
                                   activated_at=c.now() if w.active else None,
                                   created_at=c.now(), updated_at=c.now()))
                s.flush()
            return w
        if table == "subscriptions":
            secret = values.pop("secret", None) or c.credentials.get("webhook_secret") or new_secret(c)
            values.setdefault("status", "pending" if via_api else "active")
            values.setdefault("events", ["*"])
            values.setdefault("handshake_attempts", 0)
            if values["status"] not in SUBSCRIPTION_STATUSES:
                raise OpError(f"subscription status must be one of {SUBSCRIPTION_STATUSES}")
            if values["status"] == "active":
                values.setdefault("activated_at", c.now())
            require_columns(model, values)
            sub = super().create(s, c, table, values)
            s.add(KIT.WebhookSubscription(id=sub.id, url=sub.callback_url, events=list(sub.events),
                                          secret=secret or new_secret(c), active=sub.status == "active",
                                          created_at=c.now()))
            s.flush()
            return sub
        if table == "jobs":
            values.setdefault("status", "SOURCING")
            values.setdefault("screening_questions", [])
        if table == "applications":
            values.setdefault("status", "NEW")
            values.setdefault("screening_answers", [])
            values.setdefault("status_changed_at", values.get("created_at") or c.now())
            if s.get(Candidate, values.get("candidate_id")) is None:
                raise VendorError(404 if via_api else 400, "candidate_not_found" if via_api else "invalid_op",
                                  f"Candidate {values.get('candidate_id')} was not found.", {"field": "candidateId"})
            if s.get(Job, values.get("job_id")) is None:
                raise VendorError(404 if via_api else 400, "job_not_found" if via_api else "invalid_op",
                                  f"Job {values.get('job_id')} was not found.", {"field": "jobId"})
        self._check(s, table, None, values)
        require_columns(model, values)
        return super().create(s, c, table, values)

    # --- updates and deletes ------------------------------------------------------------
    def update(self, s: Session, c, table: str, obj: Any, values: dict, touch: bool = True) -> Any:
        changed = {k: v for k, v in values.items() if getattr(obj, k) != v}
        if not changed:
            return obj
        self._check(s, table, obj, changed)
        if table == "applications" and "status" in changed:
            changed.setdefault("status_changed_at", c.now())
        out = super().update(s, c, table, obj, changed, touch)
        if table == "subscriptions" and "status" in changed:
            w = s.get(KIT.WebhookSubscription, obj.id)
            if w is not None:
                w.active = obj.status == "active"
        if table == "subscriptions" and ("callback_url" in changed or "events" in changed):
            w = s.get(KIT.WebhookSubscription, obj.id)
            if w is not None:
                w.url, w.events = obj.callback_url, list(obj.events)
        return out

    def on_delete(self, s: Session, c, table: str, obj: Any) -> None:
        other = {"subscriptions": KIT.WebhookSubscription, "webhook_subscriptions": Subscription}.get(table)
        if other is not None and (twin := s.get(other, obj.id)) is not None:
            s.delete(twin)
        if table == "candidates":  # an erased candidate takes their applications along
            for app in list(s.scalars(select(Application).where(Application.candidate_id == obj.id))):
                s.delete(app)
        s.delete(obj)

    @staticmethod
    def _check(s: Session, table: str, obj: Any, values: dict) -> None:
        if table == "jobs":
            if "status" in values and values["status"] not in JOB_STATUSES:
                raise OpError(f"job status must be one of {JOB_STATUSES}")
            ref = values.get("ref_number")
            if (clash := unique_clash(s, Job.ref_number, ref, obj)) is not None:
                raise VendorError(409, "duplicate_ref_number", f"A job with refNumber {ref!r} already exists ({clash}).",
                                  {"field": "refNumber", "existingId": clash})
        if table == "candidates":
            ext = values.get("external_id")
            if (clash := unique_clash(s, Candidate.external_id, ext, obj)) is not None:
                raise VendorError(409, "duplicate_external_id",
                                  f"A candidate with externalId {ext!r} already exists ({clash}).",
                                  {"field": "externalId", "existingId": clash})
        if table == "applications":
            if "status" in values and values["status"] not in APPLICATION_STATUSES:
                raise OpError(f"application status must be one of {APPLICATION_STATUSES}")
            if obj is None:
                clash = s.scalar(select(Application.id).where(Application.candidate_id == values.get("candidate_id"),
                                                              Application.job_id == values.get("job_id")))
                if clash is not None:
                    raise VendorError(409, "duplicate_application",
                                      f"The candidate already has an application for this job ({clash}).",
                                      {"field": "jobId", "existingId": clash})
        if table == "subscriptions" and "status" in values and values["status"] not in SUBSCRIPTION_STATUSES:
            raise OpError(f"subscription status must be one of {SUBSCRIPTION_STATUSES}")

    # --- domain effects -----------------------------------------------------------------
    def after_change(self, s: Session, c, kind: str, table: str, obj: Any, before: dict | None = None) -> None:
        if table not in NOUN or kind == "delete":
            return
        noun = NOUN[table]
        if kind == "create":
            queue_event(c, f"{noun}.created", event_data(table, obj))
            return
        if table == "applications" and (before or {}).get("status") != obj.status:
            queue_event(c, "application.status.updated", event_data(table, obj))
            return
        queue_event(c, f"{noun}.updated", event_data(table, obj))


def emit(s: Session, c, spec: dict) -> dict:
    """Control-plane `emit`:
    - `{type, id}` queues the event for the record as it is now (`event_id` fixes the id);
    - `{type: "application.status.updated", id, status}` changes the status first (the change
      queues the event, exactly as a recruiter's click would);
    - `{type: "resend", id: <event id>}` re-sends an already queued event byte for byte (a replay)."""
    if spec.get("type") == "resend":
        D = KIT.WebhookDelivery
        row = s.scalars(select(D).where(D.event_id == spec.get("id")).order_by(D.id)).first()
        if row is None:
            raise OpError(f"emit: no event {spec.get('id')!r} was ever queued")
        payload = json.loads(row.payload)
        ids = outbox.enqueue(c, payload["event"], payload, row.event_id)
        return {"event_id": row.event_id, "type": payload["event"], "deliveries": ids, "resent": True}
    typ, rid = spec.get("type"), spec.get("id")
    if not isinstance(typ, str) or not isinstance(rid, str):
        raise OpError("emit: each event needs a string `type` and `id`")
    table = {"candidate": "candidates", "job": "jobs", "application": "applications"}.get(typ.split(".", 1)[0])
    if table is None:
        raise OpError(f"emit: Scoutly sends candidate.*, job.* and application.* events, not {typ!r}")
    obj = s.get(TABLES[table], rid)
    if obj is None:
        raise OpError(f"emit: no {table} row {rid!r}")
    if "status" in spec:
        before = {d.id for d in s.scalars(select(KIT.WebhookDelivery.id))}
        c.spec.mutations.update(s, c, table, obj, c.spec.mutations.coerce(c, TABLES[table], {"status": spec["status"]}))
        rows = [d for d in s.scalars(select(KIT.WebhookDelivery).order_by(KIT.WebhookDelivery.id)) if d.id not in before]
        return {"event_id": rows[0].event_id if rows else None, "type": typ, "deliveries": [d.id for d in rows]}
    eid, ids = queue_event(c, typ, event_data(table, obj), spec.get("event_id"))
    return {"event_id": eid, "type": typ, "deliveries": ids}
