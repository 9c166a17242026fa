"""TalentForge's domain effects, shared by the public API and the control plane.

- ids: `req_…`, `cand_…`, `app_…`, `note_…`, `wh_…` from the run's deterministic minter;
- instants truncated to whole seconds (a bulk edit shares one second);
- an application copies its candidate's e-mail (`candidate_email`); changing a candidate's
  e-mail updates the candidate's applications too (and stamps them);
- webhooks: `<entity>.created` / `<entity>.updated` for requisitions, candidates and
  applications, id-only payloads (`{"id": evt_…, "type": …, "created_at": …, "data": {"id": …}}`).
"""
from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from vendors.kit import outbox
from vendors.kit.errors import VendorError
from vendors.kit.formats import iso_utc
from vendors.kit.mutations import Mutations, OpError

from .models import ID_PREFIX, TABLES, Application, Candidate, whole_second

EVENT_ENTITIES = {"requisitions": "requisition", "candidates": "candidate", "applications": "application"}
EVENT_TYPES = ("requisition.created", "requisition.updated", "candidate.created", "candidate.updated",
               "application.created", "application.updated")
_ENTITY_TABLE = {v: k for k, v in EVENT_ENTITIES.items()}


def _seconds(values: dict) -> dict:
    return {k: whole_second(v) if isinstance(v, dt.datetime) else v for k, v in values.items()}


class TalentForgeMutations(Mutations):
    muted = False  # set while `emit` applies a change whose event it queues itself

    def create(self, s: Session, c, table: str, values: dict) -> Any:
        model = self.model(table)
        values = _seconds(dict(values))
        if table in ID_PREFIX and not values.get("id"):
            values["id"] = c.ids(ID_PREFIX[table])
        cols = self._columns(model)
        now = whole_second(c.now())
        for stamp in ("created_at", "updated_at"):
            if stamp in cols and values.get(stamp) is None:
                values[stamp] = now
        if table == "applications":
            cand = s.get(Candidate, values.get("candidate_id") or "")
            if cand is None or s.get(TABLES["requisitions"], values.get("requisition_id") or "") is None:
                raise OpError("an application needs an existing requisition_id and candidate_id")
            values.setdefault("candidate_email", cand.email)
        if table == "candidate_notes" and s.get(Candidate, values.get("candidate_id") or "") is None:
            raise OpError("a note needs an existing candidate_id")
        if table == "candidates" and values.get("tags") is None:
            values["tags"] = []
        missing = [name for name, attr in cols.items() if name not in values and _required(attr)]
        if missing:
            raise OpError(f"{table}: missing required values {missing}")
        return super().create(s, c, table, values)

    def update(self, s: Session, c, table: str, obj: Any, values: dict, touch: bool = True) -> Any:
        values = _seconds(dict(values))
        if touch and "updated_at" in self._columns(type(obj)) and "updated_at" not in values:
            values["updated_at"] = whole_second(c.now())
        return super().update(s, c, table, obj, values, touch)

    def after_change(self, s: Session, c, kind: str, table: str, obj: Any, before: dict | None = None) -> None:
        if table == "candidates" and kind == "update" and before and before.get("email") != obj.email:
            apps = s.scalars(select(Application).where(Application.candidate_id == obj.id)
                             .order_by(Application.id)).all()
            for app in apps:
                self.update(s, c, "applications", app, {"candidate_email": obj.email})
        entity = EVENT_ENTITIES.get(table)
        if entity and kind in ("create", "update") and not self.muted:
            queue_event(c, f"{entity}.{kind}d", obj.id)


def _required(attr) -> bool:
    col = attr.columns[0]
    return not (col.nullable or col.primary_key or col.default is not None or col.server_default is not None)


def queue_event(c, event_type: str, record_id: str) -> dict:
    event_id = c.ids("evt")
    payload = {"id": event_id, "type": event_type, "created_at": iso_utc(c.now()), "data": {"id": record_id}}
    return {"event_id": event_id, "deliveries": outbox.enqueue(c, event_type, payload, event_id=event_id)}


def emit(s: Session, c, spec: dict) -> dict:
    """Control `emit {events: [{type, id, values?}]}`: queue the real event for an existing
    record. With `values` (`*.updated` only) the change is applied first, through the same
    update helper as any write, and this one event is queued for it (e.g. a stage change)."""
    event_type, record_id, values = spec.get("type"), spec.get("id"), spec.get("values")
    if event_type not in EVENT_TYPES:
        raise VendorError(400, "invalid_events", f"unknown event type {event_type!r}; known: {list(EVENT_TYPES)}")
    table = _ENTITY_TABLE[event_type.split(".")[0]]
    obj = s.get(TABLES[table], record_id) if isinstance(record_id, str) else None
    if obj is None:
        raise VendorError(400, "invalid_events", f"{event_type}: no {table} row with id {record_id!r}")
    if values is not None:
        if not isinstance(values, dict) or not event_type.endswith(".updated"):
            raise VendorError(400, "invalid_events", "`values` must be an object, on a *.updated event")
        m = c.spec.mutations
        m.muted = True
        try:
            m.update(s, c, table, obj, m.coerce(c, TABLES[table], values))
        finally:
            m.muted = False
    return {"type": event_type, "id": record_id, **queue_event(c, event_type, record_id)}
