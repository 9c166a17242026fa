"""Benchline's domain effects, shared by the public API and the control plane.

- integer ids, next = max + 1 per entity;
- `date_added` / `date_last_modified` stamped on the vendor clock (a control-plane update may
  set them explicitly, e.g. `"$now-3600"`);
- every create / update / delete of a Candidate, JobOrder, JobSubmission or Placement appends
  one row to the account's event log (`events`): entityEventType INSERTED | UPDATED | DELETED,
  with the wire names of the changed fields (`updatedProperties`) for updates. Event
  subscriptions read that log (see api.py); there are no webhooks.

Control-plane op of Benchline's own (besides the kit's create / update / delete):

- `failover` `{to: dc1..dc4}`: an unplanned move of the account to another data centre (e.g.
  as a scheduled mutation mid-run). Like the `data_centre` setting it moves where the next
  login lands (and starts the `dc_redirect_s` window of the previous data centre); besides, the
  sessions live at that moment stop working — they answer 401 `invalid_session` — but keep
  counting against `max_sessions` until they expire (sessions end only by expiring).
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from vendors.kit.mutations import Mutations, OpError

from .api import DATA_CENTRES, account_dc
from .models import TABLE_ENTITY, TABLES, Candidate, Event, JobOrder
from .wire import FIELDS

COLUMN_WIRE = {entity: {col: name for name, (col, kind) in fields.items() if col}
               for entity, fields in FIELDS.items()}


class BenchlineMutations(Mutations):
    def create(self, s: Session, c, table: str, values: dict) -> Any:
        model = self.model(table)
        values = dict(values)
        if table in TABLE_ENTITY:
            if values.get("id") is None:
                values["id"] = int(s.scalar(select(func.max(model.id))) or 0) + 1
            now = c.now()
            values.setdefault("date_added", now)
            values.setdefault("date_last_modified", values["date_added"])
            if table in ("job_submissions", "placements"):
                if s.get(Candidate, values.get("candidate_id") or 0) is None or \
                        s.get(JobOrder, values.get("job_order_id") or 0) is None:
                    raise OpError(f"{table}: needs an existing candidate_id and job_order_id")
            missing = [k for k in ("first_name", "last_name") if table == "candidates" and not values.get(k)]
            missing += [k for k in ("title",) if table == "job_orders" and not values.get(k)]
            if missing:
                raise OpError(f"{table}: missing required values {missing}")
        obj = model(**values)
        s.add(obj)
        s.flush()
        self.after_change(s, c, "create", table, obj)
        return obj

    def update(self, s: Session, c, table: str, obj: Any, values: dict, touch: bool = True) -> Any:
        values = dict(values)
        if touch and table in TABLE_ENTITY and "date_last_modified" not in values:
            values["date_last_modified"] = c.now()
        return super().update(s, c, table, obj, values, touch=False)

    def after_change(self, s: Session, c, kind: str, table: str, obj: Any, before: dict | None = None) -> None:
        entity = TABLE_ENTITY.get(table)
        if entity is None:
            return
        changed: list[str] = []
        if kind == "update" and before is not None:
            wire = COLUMN_WIRE[entity]
            changed = [wire[col] for col in wire if col != "date_last_modified"
                       and before.get(col) != getattr(obj, col)]
            if not changed:
                return
        record_event(s, c, entity, obj.id, {"create": "INSERTED", "update": "UPDATED", "delete": "DELETED"}[kind],
                     changed)


def record_event(s: Session, c, entity: str, entity_id: int, event_type: str, changed: list[str]) -> Event:
    ev = Event(event_id=c.ids("evt"), entity_name=entity, entity_id=entity_id, entity_event_type=event_type,
               updated_properties=changed, created_at=c.now())
    s.add(ev)
    s.flush()
    return ev


def failover(s: Session, c, op: dict) -> dict:
    """The account fails over to data centre `to`: the next login lands there, the previous data
    centre starts its `dc_redirect_s` window, and every live session is ended (401) while it
    still counts against the session ceiling until it expires."""
    to = op.get("to")
    unknown = sorted(set(op) - {"op", "to"})
    if unknown:
        raise OpError(f"failover: unknown keys {unknown} (only `to`)")
    if to not in DATA_CENTRES:
        raise OpError(f"failover: `to` must be one of {list(DATA_CENTRES)}")
    previous = account_dc(c)
    if to == previous:
        raise OpError(f"failover: the account is already in {to}")
    now = c.now()
    c.settings["data_centre"] = to
    c.extra["dc_moved"] = {"from": previous, "at": now}
    c.extra["dc_current"] = to
    T = c.kit.AccessToken
    ended = 0
    for row in s.scalars(select(T).where(T.kind == "session", T.revoked.is_(False), T.expires_at > now)):
        row.data = {**(row.data or {}), "failed_over": True}
        ended += 1
    s.flush()
    return {"from": previous, "to": to, "sessions_ended": ended}


def mutations() -> BenchlineMutations:
    return BenchlineMutations(dict(TABLES), custom_ops={"failover": failover})
