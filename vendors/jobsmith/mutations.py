"""Jobsmith's write path, shared by the public API and the control plane: a status write to
`Hired` also records a hire at the job's city (once per applicant and job).

Custom control op: {op: set_status, applicant_id, job_id, status}."""
from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from vendors.kit.mutations import Mutations, OpError

from .models import STATUSES, TABLES, ApplicantJob, Hire, Job


class JobsmithMutations(Mutations):
    def __init__(self):
        super().__init__(TABLES, {"set_status": lambda s, c, op: _op_set_status(self, s, c, op)})

    def after_change(self, s: Session, c, kind: str, table: str, obj: Any, before: dict | None = None) -> None:
        if table == "applicants2jobs" and obj.status == "Hired" and (before or {}).get("status") != "Hired":
            exists = s.scalars(select(Hire).where(Hire.applicant_id == obj.applicant_id,
                                                  Hire.job_id == obj.job_id)).first()
            job = s.get(Job, obj.job_id)
            if exists is None and job is not None:
                self.create(s, c, "hires", {"applicant_id": obj.applicant_id, "job_id": obj.job_id,
                                            "location": job.city, "hired_at": c.now()})

    def set_status(self, s: Session, c, applicant_id: int, job_id: int, status: str) -> ApplicantJob:
        row = s.scalars(select(ApplicantJob).where(ApplicantJob.applicant_id == applicant_id,
                                                   ApplicantJob.job_id == job_id)).first()
        if row is None:
            return self.create(s, c, "applicants2jobs", {"applicant_id": applicant_id, "job_id": job_id,
                                                         "status": status, "applied_at": c.now()})
        if row.status != status:
            self.update(s, c, "applicants2jobs", row, {"status": status})
        return row


def _op_set_status(muts: JobsmithMutations, s: Session, c, op: dict) -> dict:
    if op.get("status") not in STATUSES:
        raise OpError(f"status must be one of {', '.join(STATUSES)}")
    try:
        applicant_id, job_id = int(op["applicant_id"]), int(op["job_id"])
    except (KeyError, TypeError, ValueError):
        raise OpError("set_status needs integer applicant_id and job_id") from None
    row = muts.set_status(s, c, applicant_id, job_id, op["status"])
    return {"id": row.id}
