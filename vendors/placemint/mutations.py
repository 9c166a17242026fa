"""Placemint's write path, shared by the public API and the control plane (`mutate`,
scheduled mutations), so both stamp, version, validate and emit webhooks identically.

Domain effects:
- `placements`: create → `placement.created`; an update that sets status `canceled` →
  `placement.canceled`, any other change → `placement.updated`.
- `fees`: create → `fee.created`; status becoming `void` → `fee.voided` (and `voided_at`);
  any other change → `fee.updated` (status `paid` stamps `paid_at`).
- `fee_splits`: every split created (or deleted by the control plane) refreshes the parent
  fee's `split_count` / `split_total_cents`, which is a fee change (`fee.updated`).
- An update that changes nothing is a no-op: no version bump, no `updated_at`, no event.

Control-plane creates may omit `id`, `seq`, `version`, `status`, `currency` and the stamps:
they get the same defaults as an API create. Webhook endpoints created by the scenario
(`webhook_subscriptions`) default to the run's `webhook_secret` credential and all events.

Event payload (Stripe-style): `{id: evt_…, object: "event", api_version, type, created (unix s),
data: {object: {…the full record, incl. version}, previous_attributes?: {…}}}`.
"""
from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from vendors.kit import outbox
from vendors.kit.errors import VendorError
from vendors.kit.mutations import Mutations, OpError, require_columns, unique_clash

from . import objects
from .models import FEE_STATUSES, ID_PREFIX, KIT, PLACEMENT_STATUSES, TABLES, Fee, FeeSplit, Placement

API_VERSION = "2025-11-01"
_NO_EVENT_KEYS = ("updated_at", "version")


def next_seq(s: Session, model: type) -> int:
    return int(s.scalar(select(func.coalesce(func.max(model.seq), 0))) or 0) + 1


def new_secret(c) -> str:
    return "whsec_" + "".join(c.ids() for _ in range(3))


def queue_event(c, event_type: str, obj: dict, previous: dict | None = None,
                event_id: str | None = None) -> tuple[str, list[int]]:
    event_id = event_id or c.ids("evt")
    data: dict[str, Any] = {"object": obj}
    if previous:
        data["previous_attributes"] = previous
    payload = {"id": event_id, "object": "event", "api_version": API_VERSION, "type": event_type,
               "created": int(c.now().timestamp()), "data": data}
    return event_id, outbox.enqueue(c, event_type, payload, event_id)


class PlacemintMutations(Mutations):
    def __init__(self):
        super().__init__(dict(TABLES))

    # --- defaults and integrity (both paths) ----------------------------------------------
    def create(self, s: Session, c, table: str, values: dict) -> Any:
        model = self.model(table)
        values = dict(values)
        if not values.get("id"):
            values["id"] = c.ids(ID_PREFIX[table])
        if table == "webhook_subscriptions":
            values.setdefault("secret", c.credentials.get(c.traits.webhooks.secret) or new_secret(c))
            values.setdefault("events", ["*"])
            values.setdefault("active", True)
            values.setdefault("created_at", c.now())
        else:
            values.setdefault("seq", next_seq(s, model))
        if table in ("placements", "fees"):
            values.setdefault("version", 1)
        if table == "placements":
            values.setdefault("status", "active")
            values.setdefault("currency", "usd")
        if table in ("fees", "fee_schedules", "timesheets"):
            parent = s.get(Placement, values.get("placement_id"))
            if parent is None:
                raise OpError(f"{table}: placement {values.get('placement_id')!r} does not exist")
            if table != "timesheets":
                values.setdefault("currency", parent.currency)
            if table == "fee_schedules":
                values.setdefault("effective_from", parent.start_date)
        if table == "fees":
            values.setdefault("status", "invoiced")
            values.setdefault("split_count", 0)
            values.setdefault("split_total_cents", 0)
            if values["status"] == "void":
                values.setdefault("voided_at", c.now())
            if values["status"] == "paid":
                values.setdefault("paid_at", c.now())
        if table == "timesheets":
            values.setdefault("approved_at", c.now())
        if table == "fee_splits":
            fee = s.get(Fee, values.get("fee_id"))
            if fee is None:
                raise OpError(f"fee_splits: fee {values.get('fee_id')!r} does not exist")
            if fee.status == "void":
                raise VendorError(409, "fee_void", f"Fee {fee.id} is void; void fees cannot be split.")
        self._check(s, table, None, values)
        require_columns(model, values)
        return super().create(s, c, table, values)

    def update(self, s: Session, c, table: str, obj: Any, values: dict, touch: bool = True) -> Any:
        changed = {k: v for k, v in values.items() if getattr(obj, k) != v}
        if not changed:
            return obj
        self._check(s, table, obj, changed)
        if table == "fees" and "status" in changed:
            if changed["status"] == "void" and obj.voided_at is None:
                changed.setdefault("voided_at", c.now())
            if changed["status"] == "paid" and obj.paid_at is None:
                changed.setdefault("paid_at", c.now())
        return super().update(s, c, table, obj, changed, touch)

    @staticmethod
    def _check(s: Session, table: str, obj: Any, values: dict) -> None:
        if table == "placements":
            if "status" in values and values["status"] not in PLACEMENT_STATUSES:
                raise OpError(f"placement status must be one of {PLACEMENT_STATUSES}")
            ref = values.get("external_ref")
            if (clash := unique_clash(s, Placement.external_ref, ref, obj)) is not None:
                raise VendorError(409, "external_ref_taken",
                                  f"Another placement ({clash}) already has external_ref {ref!r}.",
                                  {"param": "external_ref"})
        if table == "fees" and "status" in values and values["status"] not in FEE_STATUSES:
            raise OpError(f"fee status must be one of {FEE_STATUSES}")

    # --- domain effects -----------------------------------------------------------------
    def after_change(self, s: Session, c, kind: str, table: str, obj: Any, before: dict | None = None) -> None:
        if table == "fee_splits":
            self._refresh_fee(s, c, obj.fee_id)
            return
        if table not in ("placements", "fees") or kind == "delete":
            return
        ser = objects.SERIALIZERS[table]
        now_obj = ser(obj)
        noun = "placement" if table == "placements" else "fee"
        if kind == "create":
            queue_event(c, f"{noun}.created", now_obj)
            return
        old = ser(SimpleNamespace(**before)) if before else {}
        previous = {k: v for k, v in old.items() if now_obj.get(k) != v and k not in _NO_EVENT_KEYS}
        event = f"{noun}.updated"
        if table == "placements" and obj.status == "canceled" and (before or {}).get("status") != "canceled":
            event = "placement.canceled"
        if table == "fees" and obj.status == "void" and (before or {}).get("status") != "void":
            event = "fee.voided"
        queue_event(c, event, now_obj, previous)

    def _refresh_fee(self, s: Session, c, fee_id: str) -> None:
        fee = s.get(Fee, fee_id)
        if fee is None:
            return
        n, total = s.execute(select(func.count(FeeSplit.id), func.coalesce(func.sum(FeeSplit.amount_cents), 0))
                             .where(FeeSplit.fee_id == fee_id)).one()
        self.update(s, c, "fees", fee, {"split_count": int(n), "split_total_cents": int(total)})


def _relative(field: str, value: Any, current: Any) -> Any:
    """An override as sent: `{behind: N}` is the current value less N, anything else itself."""
    if not (isinstance(value, dict) and "behind" in value):
        return value
    n = value["behind"]
    if set(value) != {"behind"} or not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise OpError(f"emit: `object.{field}` as `{{behind: N}}` takes one whole number N >= 1")
    if not isinstance(current, int) or isinstance(current, bool):
        raise OpError(f"emit: `object.{field}: {{behind: N}}` needs a whole-number field, not {current!r}")
    return current - n


def emit(s: Session, c, spec: dict) -> dict:
    """Control-plane `emit`: `{type, id}` builds the event from the record as it is now.

    - `object: {...}` overrides fields of `data.object` (e.g. an older `version` and `status`,
      to send a genuine, correctly signed event out of order); `{behind: N}` as a whole-number
      field's value is the record's current value less N, so a step sends an older version of
      whichever record a variant names (docs/variants.md);
    - `event_id: evt_…` fixes the event id;
    - `{type, id: "evt_…"}` re-sends an event already queued, byte for byte, same id."""
    typ, rid = spec.get("type"), spec.get("id")
    if not isinstance(typ, str) or not isinstance(rid, str):
        raise OpError("emit: each event needs a string `type` and `id`")
    if rid.startswith("evt_"):
        D = KIT.WebhookDelivery
        row = s.scalars(select(D).where(D.event_id == rid).order_by(D.id)).first()
        if row is None:
            raise OpError(f"emit: no event {rid!r} was ever queued")
        payload = json.loads(row.payload)
        ids = outbox.enqueue(c, payload["type"], payload, rid)
        return {"event_id": rid, "type": payload["type"], "deliveries": ids, "resent": True}
    table = {"placement": "placements", "fee": "fees"}.get(typ.split(".", 1)[0])
    if table is None:
        raise OpError(f"emit: Placemint sends placement.* and fee.* events, not {typ!r}")
    obj = s.get(TABLES[table], rid)
    if obj is None:
        raise OpError(f"emit: no {table} row {rid!r}")
    data = objects.SERIALIZERS[table](obj)
    overrides = spec.get("object") or {}
    if not isinstance(overrides, dict):
        raise OpError("emit: `object` must be an object of field overrides")
    data.update({k: _relative(k, v, data.get(k)) for k, v in overrides.items()})
    event_id = spec.get("event_id")
    if event_id is not None and (not isinstance(event_id, str) or not event_id.startswith("evt_")):
        raise OpError("emit: `event_id` must look like evt_…")
    eid, ids = queue_event(c, typ, data, event_id=event_id)
    return {"event_id": eid, "type": typ, "deliveries": ids}
