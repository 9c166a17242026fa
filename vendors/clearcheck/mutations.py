"""ClearCheck's write path and the check lifecycle, shared by the public API and the control
plane (`mutate`, scheduled mutations), so both stamp and emit webhooks identically.

Lifecycle (deterministic, on the vendor clock). A check is ordered with a plan:
`in_progress_at = created_at + package.queue_h`, `complete_at = created_at + package.turnaround_h`
and a `planned_result` (clear|consider). `materialise(c)` moves every check whose planned
instant has passed: pending → in_progress → complete, stamping `updated_at` (and
`completed_at`, the report's `created_at`) with the *planned instant*, not the moment it ran,
so state never depends on when a request happened to arrive. Transitions are applied in order
of (instant, check id) and queue their webhooks in that order. `materialise` runs
- before every request (public API, docs, and every control call but `reset`), and
- after every control `clock` call, so `clock advance` queues `report.completed` at once.
A check created by a control `mutate` without a plan gets the package's plan from its
`created_at`. A control `update` that sets `status` directly emits like a natural transition.

Events (Standard Webhooks payload `{type, timestamp, data}`; `webhook-id` = `msg_<check hex>_<status>`
(`_report` for report.completed) for lifecycle events, `msg_<random hex>` for control `emit`):
check.created, check.in_progress, check.completed, check.cancelled (data: the check) and
report.completed (data: the report, plus `check_id` and `result`).
"""
from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from vendors.kit import outbox
from vendors.kit.errors import VendorError
from vendors.kit.formats import iso_utc
from vendors.kit.mutations import Mutations, OpError, require_columns

from . import objects
from .models import CHECK_STATUSES, ID_PREFIX, REPORT_TTL_H, RESULTS, TABLES, Candidate, Check, Package, Report

STATUS_EVENT = {"pending": "check.created", "in_progress": "check.in_progress",
                "complete": "check.completed", "cancelled": "check.cancelled"}


def new_secret(c) -> str:
    import base64
    return "whsec_" + base64.b64encode(bytes.fromhex(c.ids() + c.ids() + c.ids())[:24]).decode()


def queue_event(c, event_type: str, data: dict, at, event_id: str | None = None) -> tuple[str, list[int]]:
    event_id = event_id or c.ids("msg")
    payload = {"type": event_type, "timestamp": iso_utc(at), "data": data}
    return event_id, outbox.enqueue(c, event_type, payload, event_id)


def _plan(s: Session, values: dict) -> None:
    pkg = s.get(Package, values.get("package"))
    if pkg is None:
        raise OpError(f"checks: package {values.get('package')!r} does not exist")
    created = values["created_at"]
    values.setdefault("in_progress_at", created + timedelta(hours=pkg.queue_h))
    values.setdefault("complete_at", created + timedelta(hours=pkg.turnaround_h))
    values.setdefault("planned_result", "clear")


class ClearCheckMutations(Mutations):
    def __init__(self):
        super().__init__(dict(TABLES))

    def create(self, s: Session, c, table: str, values: dict) -> Any:
        model = self.model(table)
        values = dict(values)
        if table in ID_PREFIX and not values.get("id"):
            values["id"] = c.ids(ID_PREFIX[table])
        if table == "webhook_subscriptions":
            values.setdefault("secret", c.credentials.get(c.traits.webhooks.secret) or new_secret(c))
            values.setdefault("events", ["*"])
            values.setdefault("active", True)
            values.setdefault("created_at", c.now())
        if table in ("candidates", "checks", "reports"):
            values.setdefault("created_at", c.now())
        if table in ("candidates", "checks"):
            values.setdefault("updated_at", values["created_at"])
        if table == "checks":
            if s.get(Candidate, values.get("candidate_id")) is None:
                raise OpError(f"checks: candidate {values.get('candidate_id')!r} does not exist")
            values.setdefault("status", "pending")
            if values["status"] not in CHECK_STATUSES:
                raise OpError(f"check status must be one of {CHECK_STATUSES}")
            _plan(s, values)
            if values["planned_result"] not in RESULTS:
                raise OpError(f"planned_result must be one of {RESULTS}")
        if table == "reports":
            values.setdefault("expires_at", values["created_at"] + timedelta(hours=REPORT_TTL_H))
            values.setdefault("summary", "")
        require_columns(model, values)
        return super().create(s, c, table, values)

    def update(self, s: Session, c, table: str, obj: Any, values: dict, touch: bool = True) -> Any:
        changed = {k: v for k, v in values.items() if getattr(obj, k) != v}
        if not changed:
            return obj
        if table == "checks" and "status" in changed and changed["status"] not in CHECK_STATUSES:
            raise OpError(f"check status must be one of {CHECK_STATUSES}")
        return super().update(s, c, table, obj, changed, touch)

    def after_change(self, s, c, kind, table, obj, before=None):
        if table != "checks" or kind == "delete":
            return
        if kind == "update" and before and before.get("status") == obj.status:
            return
        at = obj.updated_at or c.now()
        if obj.status == "complete" and obj.report_id is None:
            obj.result = obj.result or obj.planned_result
            obj.completed_at = obj.completed_at or at
            rpt = self.create(s, c, "reports", {"check_id": obj.id, "result": obj.result,
                                                "summary": summary(obj.package, obj.result),
                                                "created_at": obj.completed_at})
            obj.report_id = rpt.id
            s.flush()
        if obj.status == "cancelled" and obj.cancelled_at is None:
            obj.cancelled_at = at
            s.flush()
        # Lifecycle event ids are a function of (check, transition): `msg_<check hex>_<status>`
        # (a dataset can name the deliveries it drops before they exist).
        tail = obj.id.split("_", 1)[-1]
        queue_event(c, STATUS_EVENT[obj.status], objects.check(obj), at, f"msg_{tail}_{obj.status}")
        if obj.status == "complete" and obj.report_id:
            rpt = s.get(Report, obj.report_id)
            queue_event(c, "report.completed", objects.report(rpt), rpt.created_at, f"msg_{tail}_report")


def summary(package: str, result: str) -> str:
    if result == "clear":
        return f"All searches in {package} returned no records."
    return f"One or more searches in {package} returned records for review."


def publish_lag(c) -> timedelta:
    """The `publish_lag_s` setting (default 0): a finished check shows `complete` (and its
    completion webhooks go out) only this long after its research finished, while
    `completed_at` and `updated_at` keep the instant the research finished (quality review
    before release). So a poll with `updated_since` at the Date of the previous poll misses a
    check that finished shortly before that poll and was released after it."""
    return timedelta(seconds=int(c.settings.get("publish_lag_s") or 0))


def consider_lag(c) -> timedelta:
    """The `consider_publish_lag_s` setting (default: unset, i.e. `publish_lag_s`): the release
    lag of a check whose result is `consider` (a second reviewer reads it before release), so a
    consider shows up with a `completed_at`/`updated_at` that much older than its release."""
    value = c.settings.get("consider_publish_lag_s")
    return publish_lag(c) if value is None else timedelta(seconds=int(value))


def materialise(c) -> int:
    """Apply every planned transition whose instant has passed (see the module docstring);
    completions wait for the publication lag (`publish_lag`, `consider_lag`)."""
    now = c.now()
    lags = {"clear": publish_lag(c), "consider": consider_lag(c)}
    lag = min(lags.values())
    m = c.spec.mutations
    moved = 0
    with c.db.session() as s:
        rows = s.scalars(select(Check).where(Check.status.in_(("pending", "in_progress")), or_(
            Check.in_progress_at <= now, Check.complete_at <= now - lag))).all()
        steps = []
        for ch in rows:
            if ch.status == "pending" and ch.in_progress_at <= now and ch.in_progress_at < ch.complete_at:
                steps.append((ch.in_progress_at, ch.id, "in_progress", ch))
            if ch.complete_at + lags.get(ch.planned_result, lags["clear"]) <= now:
                steps.append((ch.complete_at, ch.id, "complete", ch))
        for at, _, status, ch in sorted(steps, key=lambda t: (t[0], t[1], t[2] == "complete")):
            values: dict = {"status": status, "updated_at": at}
            if status == "complete":
                values.update(result=ch.planned_result, completed_at=at)
            m.update(s, c, "checks", ch, values)
            moved += 1
    return moved


def cancel(s: Session, c, ch: Check) -> Check:
    if ch.status in ("complete", "cancelled"):
        raise VendorError(409, "check_not_cancellable", f"Check {ch.id} is {ch.status} and cannot be cancelled.")
    return c.spec.mutations.update(s, c, "checks", ch, {"status": "cancelled"})


def emit(s: Session, c, spec: dict) -> dict:
    """Control `emit`: queue one event now, built from the current record, or from the record
    as it was at an earlier status (`status`, out-of-order emission: e.g. `check.in_progress`
    sent after `check.completed`). `{type, check_id, status?, data?, id?}`; `data` overrides
    the payload's data entirely (forgeries are the recorder's job, not this)."""
    etype = spec["type"]
    if etype not in c.traits.webhooks.event_types:
        raise OpError(f"unknown event type {etype!r}")
    data = spec.get("data")
    at = c.now()
    if data is None:
        ch = s.get(Check, spec.get("check_id"))
        if ch is None:
            raise OpError(f"emit: check {spec.get('check_id')!r} does not exist")
        if etype == "report.completed":
            rpt = s.get(Report, ch.report_id) if ch.report_id else None
            if rpt is None:
                raise OpError(f"emit: check {ch.id} has no report yet")
            data, at = objects.report(rpt), rpt.created_at
        else:
            data = objects.check(ch)
            status = spec.get("status") or {v: k for k, v in STATUS_EVENT.items()}[etype]
            if status != ch.status:  # an earlier view of the check
                data.update(status=status, result=None, report_id=None, completed_at=None, cancelled_at=None)
                at = ch.in_progress_at if status == "in_progress" else ch.created_at
                data["updated_at"] = iso_utc(at)
    event_id, ids = queue_event(c, etype, data, at, spec.get("id"))
    return {"event_id": event_id, "deliveries": ids}
