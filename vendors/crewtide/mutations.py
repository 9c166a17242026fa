"""Crewtide's write path, shared by the public API and the control plane (`mutate`, custom
ops, scheduled mutations): both stamp `updated_at` the same way, and a custom field value's
change also moves its candidate's `updated_at` (incremental syncs see it). An update that changes
nothing is a no-op (no stamp). Crewtide sends no webhooks.

Custom control ops:
  {op: move, job_application_id, stage_id}   (the stage must belong to the application's job)
  {op: hire, job_application_id}             {op: reject, job_application_id}
  {op: tick, task_id, done: true|false}      (sets or clears an onboarding task's done-at)
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from vendors.kit.errors import VendorError
from vendors.kit.mutations import Mutations, OpError

from .models import APPLICATION_STATUSES, TABLES, Candidate, JobApplication, OnboardingTask, Stage


def first_stage(s: Session, job_id: int | None) -> Stage | None:
    if job_id is None:
        return None
    return s.scalars(select(Stage).where(Stage.job_id == job_id).order_by(Stage.row_order, Stage.id)).first()


class CrewtideMutations(Mutations):
    def __init__(self):
        super().__init__(dict(TABLES), custom_ops={"move": self._op_move, "hire": self._op_hire,
                                                   "reject": self._op_reject, "tick": self._op_tick},
                         custom_op_keys={"move": {"job_application_id": "job_applications"},
                                         "hire": {"job_application_id": "job_applications"},
                                         "reject": {"job_application_id": "job_applications"},
                                         "tick": {"task_id": "onboarding_tasks"}})

    def create(self, s: Session, c, table: str, values: dict) -> Any:
        values = dict(values)
        if table == "candidates":
            values.setdefault("tags", [])
        if table == "job_applications":
            values.setdefault("status", "active")
            if values["status"] not in APPLICATION_STATUSES:
                raise OpError(f"job application status must be one of {APPLICATION_STATUSES}")
            if "stage_id" not in values:
                st = first_stage(s, values.get("job_id"))
                values["stage_id"] = st.id if st else None
        return super().create(s, c, table, values)

    def update(self, s: Session, c, table: str, obj: Any, values: dict, touch: bool = True) -> Any:
        changed = {k: v for k, v in values.items() if getattr(obj, k) != v}
        if not changed:
            return obj
        return super().update(s, c, table, obj, changed, touch)

    def after_change(self, s: Session, c, kind: str, table: str, obj: Any, before: dict | None = None) -> None:
        """A custom field value's change is a change of its candidate (its updated-at moves)."""
        if table == "custom_field_values":
            cand = s.get(Candidate, obj.candidate_id if kind != "delete" else (before or {}).get("candidate_id"))
            if cand is not None and cand.updated_at != c.now():
                super().update(s, c, "candidates", cand, {"updated_at": c.now()})

    # --- domain helpers (API and custom ops) ---------------------------------------------
    def move(self, s: Session, c, a: JobApplication, stage_id: int) -> JobApplication:
        st = s.get(Stage, stage_id)
        if st is None or a.job_id is None or st.job_id != a.job_id:
            raise VendorError(422, "invalid_stage",
                              f"Stage {stage_id} is not a stage of job {a.job_id}; stages belong to one job.",
                              {"pointer": "/data/relationships/stage"})
        values: dict[str, Any] = {"stage_id": stage_id}
        if st.stage_type == "hired" and a.status != "hired":
            values.update(status="hired", hired_at=c.now())
        return self.update(s, c, "job_applications", a, values)

    @staticmethod
    def _app(s: Session, op: dict) -> JobApplication:
        a = s.get(JobApplication, op.get("job_application_id"))
        if a is None:
            raise OpError(f"no job application {op.get('job_application_id')!r}")
        return a

    def _op_move(self, s, c, op):
        self.move(s, c, self._app(s, op), op.get("stage_id"))
        return {"job_application_id": op.get("job_application_id")}

    def _op_hire(self, s, c, op):
        a = self._app(s, op)
        self.update(s, c, "job_applications", a, {"status": "hired", "hired_at": c.now()})
        return {"job_application_id": a.id}

    def _op_reject(self, s, c, op):
        a = self._app(s, op)
        self.update(s, c, "job_applications", a, {"status": "rejected", "rejected_at": c.now()})
        return {"job_application_id": a.id}

    def _op_tick(self, s, c, op):
        t = s.get(OnboardingTask, op.get("task_id"))
        if t is None:
            raise OpError(f"no onboarding task {op.get('task_id')!r}")
        self.update(s, c, "onboarding_tasks", t, {"done_at": c.now() if op.get("done", True) else None})
        return {"task_id": t.id}
