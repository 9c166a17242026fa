"""Workwell's domain effects of a change, shared by the public API and the control plane:
closing a job stamps `closed_at`, disqualifying a candidate stamps `disqualified_at`.

With the setting `disqualify_keeps_updated_at` on, a change that only disqualifies a candidate
(its values are among `disqualified`, `disqualification_reason`, `disqualified_at` and leave it
disqualified) does not move the candidate's `updated_at`: as in ATSs that keep a
disqualification as its own record, `updated_at` then covers the profile, the stage and the
answers. A revert (back to not disqualified) still moves it. Off (the default), every change
moves `updated_at` as before."""
from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from vendors.kit.context import VendorContext
from vendors.kit.mutations import Mutations, OpError

from .models import TABLES

DISQUALIFICATION = frozenset({"disqualified", "disqualification_reason", "disqualified_at"})


class WorkwellMutations(Mutations):
    """Besides the generic ops (control ops use integer ids: `int("1a2f", 16)`), one custom op:

    `{op: hire, candidate_id: N | candidate: {job_shortcode, firstname, lastname, email?, phone?,
    id?}, start_date: "YYYY-MM-DD" | null, salary?: int}` moves an existing candidate (or a new
    one) to `hired` with an accepted offer, creating or updating the offer."""

    def __init__(self):
        super().__init__(dict(TABLES), custom_ops={"hire": self._hire},
                         custom_op_keys={"hire": {"candidate_id": "candidates"}})

    def update(self, s: Session, c: VendorContext, table: str, obj: Any, values: dict, touch: bool = True) -> Any:
        if (touch and table == "candidates" and values and set(values) <= DISQUALIFICATION
                and c.settings.get("disqualify_keeps_updated_at")
                and values.get("disqualified", obj.disqualified)):
            touch = False
        return super().update(s, c, table, obj, values, touch=touch)

    def _hire(self, s: Session, c: VendorContext, op: dict) -> dict:
        import datetime as dt

        from sqlalchemy import select

        from .models import Candidate, Job, Offer

        try:
            start = dt.date.fromisoformat(op["start_date"]) if op.get("start_date") else None
        except (TypeError, ValueError):
            raise OpError("hire: start_date must be YYYY-MM-DD or null") from None
        if "candidate_id" in op:
            cand = s.get(Candidate, op["candidate_id"])
            if cand is None:
                raise OpError(f"hire: no candidate {op['candidate_id']!r}")
            self.update(s, c, "candidates", cand, {"stage": "hired"})
        else:
            spec = dict(op.get("candidate") or {})
            job = s.scalar(select(Job).where(Job.shortcode == spec.pop("job_shortcode", None)))
            if job is None or not spec.get("firstname") or not spec.get("lastname"):
                raise OpError("hire: candidate needs an existing job_shortcode, firstname and lastname")
            cand = self.create(s, c, "candidates", {**self.coerce(c, Candidate, spec), "job_id": job.id,
                                                      "stage": "hired"})
        offer = s.scalar(select(Offer).where(Offer.candidate_id == cand.id))
        values = {"status": "accepted", "start_date": start}
        if op.get("salary") is not None:
            values["salary"] = int(op["salary"])
        if offer is None:
            offer = self.create(s, c, "offers", {"candidate_id": cand.id, **values})
        else:
            self.update(s, c, "offers", offer, values)
        return {"candidate_id": cand.id, "hex_id": format(cand.id, "x"), "offer_id": offer.id}

    def after_change(self, s: Session, c: VendorContext, kind: str, table: str, obj: Any,
                     before: dict | None = None) -> None:
        if kind == "delete":
            return
        if table == "jobs":
            if obj.state == "closed" and obj.closed_at is None:
                obj.closed_at = c.now()
            elif obj.state in ("draft", "published") and obj.closed_at is not None:
                obj.closed_at = None
        elif table == "offers":
            from .models import Candidate

            cand = s.get(Candidate, obj.candidate_id)
            if cand is not None:
                cand.updated_at = c.now()  # an offer change is activity on the candidate
        elif table == "candidates":
            if obj.disqualified and obj.disqualified_at is None:
                obj.disqualified_at = c.now()
            elif not obj.disqualified and (obj.disqualified_at is not None or obj.disqualification_reason):
                obj.disqualified_at, obj.disqualification_reason = None, None

    def on_delete(self, s: Session, c: VendorContext, table: str, obj: Any) -> None:
        from .models import Candidate, Offer

        if table == "candidates":
            for offer in s.query(Offer).filter(Offer.candidate_id == obj.id).all():
                s.delete(offer)
        elif table == "jobs":
            for cand in s.query(Candidate).filter(Candidate.job_id == obj.id).all():
                self.on_delete(s, c, "candidates", cand)
                s.delete(cand)
        s.delete(obj)
