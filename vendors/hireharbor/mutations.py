"""HireHarbor's write path, shared by the public API and the control plane (`mutate`, custom
ops, scheduled mutations), so both stamp, record activity and queue webhooks identically.

Domain effects:
- every create/update/delete of a candidate or application writes one `activity` row naming
  the actor: the `On-Behalf-Of` user of the API request, the `user_id` of a control-plane
  custom op, or null (a system change);
- the same change queues one webhook event: `candidate.created|updated|merged|deleted`,
  `application.created|updated|stage_changed|hired|rejected`;
- an update that changes nothing is a no-op (no stamp, no activity, no event).

Webhook bodies are JSON with every non-ASCII character `\\u`-escaped (`"Zo\\u00eb"`), signed
over those exact bytes: `{"action", "event_id", "occurred_at", "payload": {...}}`.

Custom control ops (each takes an optional `user_id`, the actor):
  {op: move, application_id, to_stage_id}     (the stage move, no from-check)
  {op: hire, application_id}                  {op: reject, application_id, rejection_reason?}
  {op: merge, winner_id, loser_id}            (loser gets merged_into; applications move)
"""
from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from flask import g, has_request_context
from sqlalchemy import bindparam, cast, func, select, text
from sqlalchemy import Integer as SAInteger
from sqlalchemy.orm import Session

from vendors.kit import outbox
from vendors.kit.errors import VendorError
from vendors.kit.formats import iso_utc
from vendors.kit.mutations import Mutations, OpError

from . import objects
from .models import APPLICATION_STATUSES, KIT, TABLES, Activity, Application, Candidate, Job, Stage

_NOISE = ("updated_at",)


def current_actor(c) -> int | None:
    if c.extra.get("actor") is not None:
        return c.extra["actor"]
    if has_request_context():
        return g.get("actor")
    return None


def email_owner(s: Session, emails: list[str], exclude_id: int | None = None,
                created_before=None) -> int | None:
    """The live (unmerged) candidate already holding one of `emails` (case-insensitive).
    `created_before`: only candidates created at or before that vendor instant count (the API's
    uniqueness check reads the same lagging e-mail index as the search: trap
    email-taken-from-index)."""
    wanted = sorted({e.strip().lower() for e in emails if isinstance(e, str)})
    if not wanted:
        return None
    ids = s.execute(text("SELECT c.id FROM candidates c, json_each(c.emails) j "
                         "WHERE c.merged_into IS NULL AND lower(trim(j.value)) IN :emails AND c.id != :me "
                         "ORDER BY c.id").bindparams(bindparam("emails", expanding=True)),
                    {"emails": wanted, "me": exclude_id or -1}).scalars().all()
    for cid in ids:
        if created_before is None or s.get(Candidate, cid).created_at <= created_before:
            return cid
    return None


def first_stage(s: Session, job_id: int) -> Stage | None:
    return s.scalars(select(Stage).where(Stage.job_id == job_id).order_by(Stage.priority, Stage.id)).first()


def event_body(c, event_type: str, payload: dict, event_id: str) -> dict:
    return {"action": event_type, "event_id": event_id, "occurred_at": iso_utc(c.now()), "payload": payload}


def queue_event(s: Session, c, event_type: str, payload: dict, event_id: str | None = None) -> tuple[str, list[int]]:
    event_id = event_id or c.ids() + c.ids()
    body = event_body(c, event_type, payload, event_id)
    ids = outbox.enqueue(c, event_type, body, event_id)
    ascii_text = json.dumps(body, separators=(",", ":"), ensure_ascii=True)
    for did in ids:  # HireHarbor escapes every non-ASCII character: sign and send those bytes
        s.get(KIT.WebhookDelivery, did).payload = ascii_text
    return event_id, ids


def application_payload(s: Session, a) -> dict:
    st = s.get(Stage, a.current_stage_id) if a.current_stage_id else None
    cand = s.get(Candidate, a.candidate_id)
    job = s.get(Job, a.job_id)
    return {"application": objects.application(a, st),
            "candidate": objects.candidate(cand) if cand is not None else None,
            "job": objects.job(job) if job is not None else None}


class HireHarborMutations(Mutations):
    def __init__(self):
        super().__init__(dict(TABLES), custom_ops={"move": self._op_move, "hire": self._op_hire,
                                                   "reject": self._op_reject, "merge": self._op_merge},
                         custom_op_keys={"move": {"application_id": "applications"},
                                         "hire": {"application_id": "applications"},
                                         "reject": {"application_id": "applications"},
                                         "merge": {"winner_id": "candidates", "loser_id": "candidates"}})

    # --- defaults --------------------------------------------------------------------------
    def create(self, s: Session, c, table: str, values: dict) -> Any:
        values = dict(values)
        if table == "webhook_subscriptions":
            if not values.get("id"):
                W = KIT.WebhookSubscription
                values["id"] = str(int(s.scalar(select(func.coalesce(func.max(cast(W.id, SAInteger)), 0))) or 0) + 1)
            values.setdefault("secret", c.credentials.get(c.traits.webhooks.secret))
            values.setdefault("events", ["*"])
            values.setdefault("active", True)
            values.setdefault("created_at", c.now())
        if table in ("candidates", "jobs", "applications"):
            values.setdefault("custom_fields", {})
        if table == "candidates":
            values.setdefault("emails", [])
            values.setdefault("phone_numbers", [])
        if table == "applications":
            if s.get(Candidate, values.get("candidate_id")) is None:
                raise OpError(f"applications: candidate {values.get('candidate_id')!r} does not exist")
            if s.get(Job, values.get("job_id")) is None:
                raise OpError(f"applications: job {values.get('job_id')!r} does not exist")
            values.setdefault("status", "active")
            values.setdefault("applied_at", c.now())
            if "current_stage_id" not in values and values["status"] == "active":
                st = first_stage(s, values["job_id"])
                values["current_stage_id"] = st.id if st else None
            if values.get("status") not in APPLICATION_STATUSES:
                raise OpError(f"application status must be one of {APPLICATION_STATUSES}")
        if table == "activity":
            values.setdefault("details", {})
        return super().create(s, c, table, values)

    def update(self, s: Session, c, table: str, obj: Any, values: dict, touch: bool = True) -> Any:
        changed = {k: v for k, v in values.items() if getattr(obj, k) != v}
        if not changed:
            return obj
        if table == "applications" and "status" in changed and changed["status"] not in APPLICATION_STATUSES:
            raise OpError(f"application status must be one of {APPLICATION_STATUSES}")
        return super().update(s, c, table, obj, changed, touch)

    # --- domain effects ----------------------------------------------------------------
    def after_change(self, s: Session, c, kind: str, table: str, obj: Any, before: dict | None = None) -> None:
        if table not in ("candidates", "applications"):
            return
        before = before or {}
        details: dict[str, Any] = {}
        if table == "candidates":
            cand = SimpleNamespace(**before) if kind == "delete" else obj
            action = {"create": "candidate.created", "delete": "candidate.deleted"}.get(kind, "candidate.updated")
            if kind == "update" and obj.merged_into is not None and before.get("merged_into") is None:
                action = "candidate.merged"
                details["merged_into"] = obj.merged_into
            elif kind == "update":
                details["changed"] = sorted(k for k, v in before.items()
                                            if getattr(obj, k) != v and k not in _NOISE)
            payload = {"candidate": objects.candidate(cand)}
            if action == "candidate.merged":
                payload["merged_into"] = obj.merged_into
            self._record(s, c, action, cand.id, None, details)
            queue_event(s, c, action, payload)
            return
        a = SimpleNamespace(**before) if kind == "delete" else obj
        action = {"create": "application.created", "delete": "application.deleted"}.get(kind, "application.updated")
        if kind == "update":
            if obj.status == "hired" and before.get("status") != "hired":
                action = "application.hired"
            elif obj.status == "rejected" and before.get("status") != "rejected":
                action = "application.rejected"
                details["rejection_reason"] = obj.rejection_reason
            elif obj.current_stage_id != before.get("current_stage_id"):
                action = "application.stage_changed"
                details.update(from_stage_id=before.get("current_stage_id"), to_stage_id=obj.current_stage_id)
            else:
                details["changed"] = sorted(k for k, v in before.items() if getattr(obj, k) != v and k not in _NOISE)
        self._record(s, c, action, a.candidate_id, a.id, details)
        if kind != "delete":
            queue_event(s, c, action, application_payload(s, a))

    def _record(self, s: Session, c, action: str, candidate_id, application_id, details: dict) -> None:
        s.add(Activity(user_id=current_actor(c), action=action, candidate_id=candidate_id,
                       application_id=application_id, details=details, created_at=c.now()))

    def on_delete(self, s: Session, c, table: str, obj: Any) -> None:
        if table == "candidates":
            for a in s.scalars(select(Application).where(Application.candidate_id == obj.id)).all():
                self.delete(s, c, "applications", a)
        s.delete(obj)

    # --- domain helpers (API and custom ops) -----------------------------------------------
    def move(self, s: Session, c, a: Application, to_stage_id: int, from_stage_id: int | None = None) -> Application:
        if a.status != "active":
            raise VendorError(409, "application_not_active",
                              f"Application {a.id} is {a.status}; only active applications change stage.")
        st = s.get(Stage, to_stage_id)
        if st is None or st.job_id != a.job_id:
            raise VendorError(422, "invalid_stage", f"Stage {to_stage_id} is not a stage of job {a.job_id}.",
                              {"field": "to_stage_id"})
        if from_stage_id is not None and from_stage_id != a.current_stage_id:
            raise VendorError(409, "stage_mismatch",
                              f"Application {a.id} is not in stage {from_stage_id}; it is in stage {a.current_stage_id}.",
                              {"field": "from_stage_id", "current_stage_id": a.current_stage_id})
        return self.update(s, c, "applications", a, {"current_stage_id": to_stage_id})

    def hire(self, s: Session, c, a: Application, hired_at=None) -> Application:
        if a.status != "active":
            raise VendorError(409, "application_not_active", f"Application {a.id} is already {a.status}.")
        return self.update(s, c, "applications", a, {"status": "hired", "hired_at": hired_at or c.now()})

    def reject(self, s: Session, c, a: Application, reason: str | None) -> Application:
        if a.status != "active":
            raise VendorError(409, "application_not_active", f"Application {a.id} is already {a.status}.")
        return self.update(s, c, "applications", a, {"status": "rejected", "rejected_at": c.now(),
                                                      "rejection_reason": reason})

    def merge(self, s: Session, c, winner: Candidate, loser: Candidate) -> Candidate:
        if winner.id == loser.id:
            raise VendorError(422, "invalid_merge", "A candidate cannot be merged into itself.",
                              {"field": "duplicate_candidate_id"})
        for x in (winner, loser):
            if x.merged_into is not None:
                raise VendorError(409, "candidate_merged", f"Candidate {x.id} was already merged into {x.merged_into}.",
                                  {"merged_into": x.merged_into})
        for a in s.scalars(select(Application).where(Application.candidate_id == loser.id).order_by(Application.id)):
            self.update(s, c, "applications", a, {"candidate_id": winner.id})
        emails = list(winner.emails or [])
        for e in loser.emails or []:
            if e.lower() not in {x.lower() for x in emails}:
                emails.append(e)
        self.update(s, c, "candidates", winner, {"emails": emails})
        self.update(s, c, "candidates", loser, {"merged_into": winner.id})
        return winner

    # --- custom control ops --------------------------------------------------------------
    def _with_actor(self, c, op: dict, fn):
        c.extra["actor"] = op.get("user_id")
        try:
            return fn()
        finally:
            c.extra.pop("actor", None)

    @staticmethod
    def _app(s: Session, op: dict) -> Application:
        a = s.get(Application, op.get("application_id"))
        if a is None:
            raise OpError(f"no application {op.get('application_id')!r}")
        return a

    def _op_move(self, s, c, op):
        self._with_actor(c, op, lambda: self.move(s, c, self._app(s, op), op.get("to_stage_id")))
        return {"application_id": op.get("application_id")}

    def _op_hire(self, s, c, op):
        self._with_actor(c, op, lambda: self.hire(s, c, self._app(s, op)))
        return {"application_id": op.get("application_id")}

    def _op_reject(self, s, c, op):
        self._with_actor(c, op, lambda: self.reject(s, c, self._app(s, op), op.get("rejection_reason")))
        return {"application_id": op.get("application_id")}

    def _op_merge(self, s, c, op):
        w, l_ = s.get(Candidate, op.get("winner_id")), s.get(Candidate, op.get("loser_id"))
        if w is None or l_ is None:
            raise OpError("merge needs existing winner_id and loser_id")
        self._with_actor(c, op, lambda: self.merge(s, c, w, l_))
        return {"winner_id": w.id, "loser_id": l_.id}


def emit(s: Session, c, spec: dict) -> dict:
    """Control-plane `emit`: `{type, id}` builds an event from the record as it is now
    (`application.*` → application id, `candidate.*` → candidate id); `payload` overrides
    fields of the record's object; `event_id` fixes the event id; `{resend: <event_id>}`
    re-queues an event already sent, byte for byte."""
    if spec.get("resend"):
        D = KIT.WebhookDelivery
        row = s.scalars(select(D).where(D.event_id == spec["resend"]).order_by(D.id)).first()
        if row is None:
            raise OpError(f"emit: no event {spec['resend']!r} was ever queued")
        ids = outbox.enqueue(c, row.event_type, json.loads(row.payload), row.event_id)
        for did in ids:
            s.get(KIT.WebhookDelivery, did).payload = row.payload
        return {"event_id": row.event_id, "type": row.event_type, "deliveries": ids, "resent": True}
    typ, rid = spec.get("type"), spec.get("id")
    if not isinstance(typ, str) or isinstance(rid, bool) or not isinstance(rid, int):
        raise OpError("emit: each event needs a string `type` and an integer `id`")
    noun = typ.split(".", 1)[0]
    if noun == "application":
        a = s.get(Application, rid)
        if a is None:
            raise OpError(f"emit: no application {rid}")
        payload = application_payload(s, a)
    elif noun == "candidate":
        cand = s.get(Candidate, rid)
        if cand is None:
            raise OpError(f"emit: no candidate {rid}")
        payload = {"candidate": objects.candidate(cand)}
    else:
        raise OpError(f"emit: HireHarbor sends application.* and candidate.* events, not {typ!r}")
    overrides = spec.get("payload") or {}
    if not isinstance(overrides, dict):
        raise OpError("emit: `payload` must be an object of field overrides")
    payload[noun].update(overrides)
    eid, ids = queue_event(s, c, typ, payload, spec.get("event_id"))
    return {"event_id": eid, "type": typ, "deliveries": ids}
