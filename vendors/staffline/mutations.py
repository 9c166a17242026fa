"""StaffLine's domain effects on every change, whether it comes from the public API (PATCH of
a placement) or from the control plane (`mutate`, scheduled mutations):

* deleting a candidate deletes its applications and placements; deleting a job deletes its
  applications and placements; every deleted record leaves a tombstone (children first, then
  the parent), which `/v1/deleted` serves;
* creating an application stamps `applied_at`; creating a placement fills sensible defaults
  (client code from the job, status `Active`, start today, a generated `external_ref`);
  ids continue after the highest id ever used (deleted ids are never reused);
* date columns accept epoch milliseconds (StaffLine's wire unit) as well as `YYYY-MM-DD`, and
  money columns must be decimal strings with up to 3 decimals.
"""
from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError, StatementError

from vendors.kit.mutations import Mutations, OpError

from .models import Application, Candidate, Job, Placement, Tombstone, TYPE_OF_TABLE

RATE = re.compile(r"^[0-9]{1,6}([.][0-9]{1,3})?$")
PLACEMENT_STATUSES = ("Active", "Ended", "Cancelled", "Closed")
EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
DATE_COLUMNS = ("start_date", "end_date")
INSTANT_COLUMNS = ("created_at", "updated_at", "applied_at")


def date_from_ms(ms: int) -> dt.date:
    return (EPOCH + dt.timedelta(milliseconds=ms)).date()


class StaffLineMutations(Mutations):
    def coerce(self, c, model, values):
        values = dict(values or {})
        for key, value in list(values.items()):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            try:
                if key in DATE_COLUMNS:
                    values[key] = date_from_ms(int(value)).isoformat()
                elif key in INSTANT_COLUMNS:
                    values[key] = (EPOCH + dt.timedelta(milliseconds=int(value))).isoformat()
            except (OverflowError, ValueError):
                raise OpError(f"{key}: {value!r} is not a valid epoch-ms value") from None
        try:
            out = super().coerce(c, model, values)
        except ValueError as exc:
            raise OpError(str(exc)) from None
        if model is Placement:
            for key in ("bill_rate", "pay_rate"):
                if key in out and isinstance(out[key], (int, float)) and not isinstance(out[key], bool):
                    out[key] = str(Decimal(str(out[key])))
                if key in out and not (isinstance(out[key], str) and RATE.fullmatch(out[key])):
                    raise OpError(f"{key} must be a decimal string with up to 3 decimals, e.g. \"48.125\"")
            if "status" in out and out["status"] not in PLACEMENT_STATUSES:
                raise OpError(f"status must be one of {', '.join(PLACEMENT_STATUSES)}")
        return out

    def create(self, s, c, table, values):
        values = dict(values)
        if table in TYPE_OF_TABLE and values.get("id") is None:
            # ids are never reused, not even the highest one after its deletion
            model = self.model(table)
            live = s.scalar(select(func.max(model.id))) or 0
            dead = s.scalar(select(func.max(Tombstone.record_id))
                            .where(Tombstone.type == TYPE_OF_TABLE[table])) or 0
            values["id"] = max(live, dead) + 1
        if table in ("applications", "placements"):
            cand = _get(s, Candidate, values.get("candidate_id"))
            job = _get(s, Job, values.get("job_id"))
            if cand is None or job is None:
                raise OpError(f"{table} need an existing candidate_id and job_id")
            if table == "applications":
                # one instant for both stamps: a new application was applied for when
                # it was created (two clock reads differ by a few ms under load)
                now = c.now()
                for stamp in ("applied_at", "updated_at"):
                    values.setdefault(stamp, now)
                values.setdefault("status", "new")
            else:
                values.setdefault("client_code", job.client_code)
                values.setdefault("status", "Active")
                values.setdefault("start_date", c.now().date())
                values.setdefault("bill_rate", "60.00")
                values.setdefault("pay_rate", "44.00")
                if not values.get("external_ref"):
                    values["external_ref"] = f"ASN-{9_000_000 + values['id']}"
        try:
            return super().create(s, c, table, values)
        except (IntegrityError, StatementError, TypeError, OverflowError) as exc:
            raise OpError(f"cannot create {table} row: {getattr(exc, 'orig', None) or exc}") from None

    def update(self, s, c, table, obj, values, touch=True):
        try:
            return super().update(s, c, table, obj, values, touch)
        except (IntegrityError, StatementError, TypeError, OverflowError) as exc:
            raise OpError(f"cannot update {table} row: {getattr(exc, 'orig', None) or exc}") from None

    def on_delete(self, s, c, table, obj):
        if table in ("candidates", "jobs"):
            key = Application.candidate_id if table == "candidates" else Application.job_id
            for app in list(s.scalars(select(Application).where(key == obj.id).order_by(Application.id))):
                self.delete(s, c, "applications", app)
            key = Placement.candidate_id if table == "candidates" else Placement.job_id
            for pl in list(s.scalars(select(Placement).where(key == obj.id).order_by(Placement.id))):
                self.delete(s, c, "placements", pl)
        s.delete(obj)

    def after_change(self, s, c, kind, table, obj, before=None):
        if kind == "delete" and table in TYPE_OF_TABLE:
            s.add(Tombstone(type=TYPE_OF_TABLE[table], record_id=before["id"], deleted_at=c.now()))
            s.flush()


def _get(s, model, rid):
    if isinstance(rid, bool) or not isinstance(rid, int) or not 0 < rid < 2**63:
        return None
    return s.get(model, rid)
