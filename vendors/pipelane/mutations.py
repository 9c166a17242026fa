"""Pipelane's write path, shared by the public API and the control plane, plus serializers.

Domain effects (both paths):
- every opportunity change writes an `activities` row naming the actor: the API's
  `perform_as` user, or for control-plane changes ("other users") the `archived_by` / last
  stage change's `userId` when given, else null;
- a stage change appends to `stage_changes` and sets `last_advanced_at`; it emits
  `opportunityStageChanged`, or `opportunityHired` when the new stage is `hired`;
- setting `archived_at` emits `opportunityArchived`, clearing it `opportunityUnarchived`;
- create emits `opportunityCreated`;
- notes bump the opportunity's `last_interaction_at` (no event); interview bookings write an
  `interview_scheduled` activity but leave `last_interaction_at` alone (trap
  `interview-booking-not-interaction`, though the docs say they count); moving an interview to
  another time (a control-plane update of its `scheduled_at`) writes an `interview_rescheduled`
  activity and leaves `last_interaction_at` alone too (trap `interview-reschedule-not-interaction`).

Event payload queued: `{"token", "event", "data": {...}}`; the `body_embedded` signer adds
`triggeredAt` (epoch ms) and `signature` = hex(HMAC-SHA256(secret, token + triggeredAt)).

Control-plane creates may omit ids (UUIDs from the run's id stream) and stamps.
"""
from __future__ import annotations

import contextvars
import json
import uuid
from contextlib import contextmanager
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from vendors.kit import outbox
from vendors.kit.formats import to_epoch_ms
from vendors.kit.mutations import Mutations, OpError

from .models import KIT, STAGES, TABLES, Contact, Opportunity

_actor: contextvars.ContextVar[str | None] = contextvars.ContextVar("pipelane_actor", default=None)


@contextmanager
def acting_as(user_id: str | None):
    tok = _actor.set(user_id)
    try:
        yield
    finally:
        _actor.reset(tok)


def new_uuid(c) -> str:
    return str(uuid.UUID(hex=(c.ids() + c.ids() + c.ids())[:32], version=4))


def ms(v) -> int | None:
    return None if v is None else to_epoch_ms(v)


# --- serializers ---------------------------------------------------------------------------

def user(u) -> dict:
    return {"id": u.id, "name": u.name, "email": u.email, "accessRole": u.role,
            "deactivatedAt": ms(u.deactivated_at), "createdAt": ms(u.created_at)}


def posting(p) -> dict:
    return {"id": p.id, "text": p.text, "categories": {"team": p.team, "location": p.location},
            "state": p.state, "createdAt": ms(p.created_at), "updatedAt": ms(p.updated_at)}


def contact(ct) -> dict:
    return {"id": ct.id, "name": ct.name, "emails": [ct.email] if ct.email else [],
            "phones": [{"type": "mobile", "value": ct.phone}] if ct.phone else [],
            "location": ct.location, "headline": ct.headline,
            "createdAt": ms(ct.created_at), "updatedAt": ms(ct.updated_at)}


def _since_import(o, at) -> int | None:
    """Imported opportunities (trap `imported-last-advanced-null`): an instant from before the
    import is served as null; once Pipelane itself moves (touches) it, the instant is shown."""
    imported = getattr(o, "imported_at", None)
    if imported is not None and at is not None and at <= imported:
        return None
    return ms(at)


def opportunity(o, expanded_contact: dict | None = None) -> dict:
    out = {"id": o.id, "contactId": o.contact_id, "postingId": o.posting_id, "ownerId": o.owner_id,
           "stage": o.stage, "origin": o.origin, "tags": list(o.tags or []),
           "stageChanges": [dict(x) for x in (o.stage_changes or [])],
           "archived": None if o.archived_at is None else
           {"archivedAt": ms(o.archived_at), "reason": o.archive_reason, "archivedBy": o.archived_by},
           "lastAdvancedAt": _since_import(o, o.last_advanced_at),
           "lastInteractionAt": _since_import(o, o.last_interaction_at),
           "createdAt": ms(o.created_at), "updatedAt": ms(o.updated_at)}
    if expanded_contact is not None:
        out["contact"] = expanded_contact
    return out


def note(n) -> dict:
    return {"id": n.id, "opportunityId": n.opportunity_id, "user": n.user_id, "value": n.value,
            "createdAt": ms(n.created_at)}


def activity(a) -> dict:
    return {"id": a.id, "opportunityId": a.opportunity_id, "contactId": a.contact_id, "type": a.type,
            "user": a.user_id, "data": dict(a.data or {}), "createdAt": ms(a.created_at)}


def interview(i) -> dict:
    return {"id": i.id, "opportunityId": i.opportunity_id, "date": ms(i.scheduled_at), "duration": i.duration_min,
            "kind": i.kind, "interviewer": i.interviewer_id, "createdAt": ms(i.created_at),
            "updatedAt": ms(i.updated_at)}


def webhook(w) -> dict:
    return {"id": w.id, "url": w.url, "events": list(w.events or []), "active": bool(w.active),
            "createdAt": ms(w.created_at)}


# --- events --------------------------------------------------------------------------------

def new_token(c) -> str:
    return c.ids() + c.ids() + c.ids()[:8]


def queue_event(c, event: str, data: dict, token: str | None = None) -> tuple[str, list[int]]:
    token = token or new_token(c)
    return token, outbox.enqueue(c, event, {"token": token, "event": event, "data": data}, token)


def _event_data(o) -> dict:
    return {"opportunityId": o.id, "contactId": o.contact_id, "postingId": o.posting_id}


class PipelaneMutations(Mutations):
    def __init__(self):
        super().__init__(dict(TABLES))

    def create(self, s: Session, c, table: str, values: dict) -> Any:
        values = dict(values)
        if not values.get("id"):
            values["id"] = new_uuid(c) if table != "webhook_subscriptions" else "wh_" + c.ids()
        now = c.now()
        if table == "webhook_subscriptions":
            values.setdefault("secret", c.credentials[c.traits.webhooks.secret])
            values.setdefault("events", ["*"])
            values.setdefault("active", True)
            values.setdefault("created_at", now)
        if table == "opportunities":
            if s.get(Contact, values.get("contact_id")) is None:
                raise OpError(f"opportunities: contact {values.get('contact_id')!r} does not exist")
            values.setdefault("stage", "new-lead")
            if values["stage"] not in STAGES:
                raise OpError(f"stage must be one of {STAGES}")
            values.setdefault("origin", "applied")
            values.setdefault("tags", [])
            values.setdefault("created_at", now)
            values.setdefault("stage_changes", [{"toStage": values["stage"], "userId": _actor.get(),
                                                 "updatedAt": ms(values["created_at"])}])
            values.setdefault("last_advanced_at", values["created_at"])
            values.setdefault("last_interaction_at", values["created_at"])
        if table in ("notes", "activities", "users"):
            values.setdefault("created_at", now)
        if table in ("notes", "interviews"):
            o = s.get(Opportunity, values.get("opportunity_id"))
            if o is None:
                raise OpError(f"{table}: opportunity {values.get('opportunity_id')!r} does not exist")
        if table == "notes":
            values.setdefault("user_id", _actor.get())
        if table == "activities":
            values.setdefault("data", {})
        return super().create(s, c, table, values)

    def update(self, s: Session, c, table: str, obj: Any, values: dict, touch: bool = True) -> Any:
        changed = {k: v for k, v in values.items() if getattr(obj, k) != v}
        if not changed:
            return obj
        if table == "opportunities":
            if "stage" in changed:
                if changed["stage"] not in STAGES:
                    raise OpError(f"stage must be one of {STAGES}")
                now = changed.get("last_advanced_at") or c.now()
                if "stage_changes" not in changed:
                    changed["stage_changes"] = list(obj.stage_changes or []) + [
                        {"toStage": changed["stage"], "userId": _actor.get(), "updatedAt": ms(now)}]
                changed.setdefault("last_advanced_at", now)
                changed.setdefault("last_interaction_at", now)
            if "archived_at" in changed:
                if changed["archived_at"] is None:
                    changed.setdefault("archive_reason", None)
                    changed.setdefault("archived_by", None)
                else:
                    changed.setdefault("archive_reason", obj.archive_reason or "other")
                    changed.setdefault("archived_by", _actor.get())
        return super().update(s, c, table, obj, changed, touch)

    def after_change(self, s: Session, c, kind: str, table: str, obj: Any, before: dict | None = None) -> None:
        if table == "notes" and kind == "create":
            o = s.get(Opportunity, obj.opportunity_id)
            self._activity(s, c, o, "note_added", obj.user_id, {"noteId": obj.id}, obj.created_at)
            o.last_interaction_at = obj.created_at
            return
        if table == "interviews" and kind == "create":
            o = s.get(Opportunity, obj.opportunity_id)
            # trap `interview-booking-not-interaction`: the booking is in the activity log only;
            # lastInteractionAt (documented as moving) keeps its value
            self._activity(s, c, o, "interview_scheduled", _actor.get(),
                           {"interviewId": obj.id, "date": ms(obj.scheduled_at)}, obj.created_at)
            return
        if table == "interviews" and kind == "update" and before is not None \
                and ms(before.get("scheduled_at")) != ms(obj.scheduled_at):
            o = s.get(Opportunity, obj.opportunity_id)
            # trap `interview-reschedule-not-interaction`: a rebooking to another time keeps the
            # interview's id and createdAt, moves its date and updatedAt and is logged; as with a
            # booking, lastInteractionAt keeps its value
            self._activity(s, c, o, "interview_rescheduled", _actor.get(),
                           {"interviewId": obj.id, "fromDate": ms(before.get("scheduled_at")),
                            "date": ms(obj.scheduled_at)}, obj.updated_at)
            return
        if table != "opportunities" or kind == "delete":
            return
        actor = _actor.get()
        if kind == "create":
            self._activity(s, c, obj, "created", actor, {"stage": obj.stage}, obj.created_at)
            queue_event(c, "opportunityCreated", {**_event_data(obj), "toStage": obj.stage})
            return
        before = before or {}
        if before.get("stage") != obj.stage:
            who = actor or (obj.stage_changes or [{}])[-1].get("userId")
            self._activity(s, c, obj, "stage_changed", who, {"fromStage": before.get("stage"), "toStage": obj.stage})
            queue_event(c, "opportunityHired" if obj.stage == "hired" else "opportunityStageChanged",
                        {**_event_data(obj), "fromStage": before.get("stage"), "toStage": obj.stage})
        if (before.get("archived_at") is None) != (obj.archived_at is None):
            if obj.archived_at is not None:
                self._activity(s, c, obj, "archived", actor or obj.archived_by, {"reason": obj.archive_reason})
                queue_event(c, "opportunityArchived", {**_event_data(obj), "reason": obj.archive_reason})
            else:
                self._activity(s, c, obj, "unarchived", actor, {})
                queue_event(c, "opportunityUnarchived", _event_data(obj))
        if list(before.get("tags") or []) != list(obj.tags or []):
            self._activity(s, c, obj, "tags_changed", actor, {"tags": list(obj.tags or [])})

    def _activity(self, s, c, o, typ: str, user_id, data: dict, at=None) -> None:
        s.add(TABLES["activities"](id=new_uuid(c), opportunity_id=o.id, contact_id=o.contact_id, type=typ,
                                   user_id=user_id, data=data, created_at=at or c.now()))


EVENT_TYPES = ("opportunityCreated", "opportunityStageChanged", "opportunityHired", "opportunityArchived",
               "opportunityUnarchived")


def emit(s: Session, c, spec: dict) -> dict:
    """Control-plane `emit`:
    - `{type, id: <opportunity uuid>, data?: {...overrides}, token?}` queues an event built from
      the opportunity as it is now (overrides let a scenario send a stale or odd payload);
    - `{type: "replay", token}` re-queues an already queued event byte for byte (same token)."""
    typ = spec.get("type")
    if typ == "replay":
        D = KIT.WebhookDelivery
        row = s.scalars(select(D).where(D.event_id == spec.get("token")).order_by(D.id)).first()
        if row is None:
            raise OpError(f"emit: no event with token {spec.get('token')!r} was queued")
        payload = json.loads(row.payload)
        return {"token": row.event_id, "event": payload["event"],
                "deliveries": outbox.enqueue(c, payload["event"], payload, row.event_id)}
    if typ not in EVENT_TYPES:
        raise OpError(f"emit: type must be one of {EVENT_TYPES} or replay")
    o = s.get(Opportunity, spec.get("id"))
    if o is None:
        raise OpError(f"emit: no opportunity {spec.get('id')!r}")
    data = _event_data(o)
    if typ in ("opportunityStageChanged", "opportunityHired"):
        prev = (o.stage_changes or [{}, {}])[-2]["toStage"] if len(o.stage_changes or []) > 1 else None
        data.update(fromStage=prev, toStage=o.stage)
    if typ == "opportunityArchived":
        data["reason"] = o.archive_reason
    overrides = spec.get("data") or {}
    if not isinstance(overrides, dict):
        raise OpError("emit: `data` must be an object")
    data.update(overrides)
    token, ids = queue_event(c, typ, data, spec.get("token"))
    return {"token": token, "event": typ, "deliveries": ids}
