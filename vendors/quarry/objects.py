"""Wire shapes: camelCase, UUID ids, ISO-8601 UTC instants with milliseconds."""
from __future__ import annotations

import datetime as dt
from typing import Any


def ts(value: dt.datetime | None) -> str | None:
    if value is None:
        return None
    u = value.astimezone(dt.timezone.utc)
    return (f"{u.year:04d}-{u.month:02d}-{u.day:02d}T{u.hour:02d}:{u.minute:02d}:{u.second:02d}."
            f"{u.microsecond // 1000:03d}Z")


def job(j) -> dict[str, Any]:
    return {"id": j.id, "title": j.title, "status": j.status, "departmentName": j.department,
            "locationName": j.location, "reqCode": j.req_code, "confidential": bool(j.confidential),
            "createdAt": ts(j.created_at), "updatedAt": ts(j.updated_at)}


def candidate(c) -> dict[str, Any]:
    return {"id": c.id, "name": c.name,
            "primaryEmailAddress": {"value": c.email, "type": "Personal", "isPrimary": True} if c.email else None,
            "primaryPhoneNumber": {"value": c.phone, "type": "Mobile", "isPrimary": True} if c.phone else None,
            "location": c.location, "source": c.source, "customFields": dict(c.custom_fields or {}),
            "createdAt": ts(c.created_at), "updatedAt": ts(c.updated_at)}


def application(a) -> dict[str, Any]:
    return {"id": a.id, "candidateId": a.candidate_id, "jobId": a.job_id, "status": a.status,
            "currentStage": a.current_stage, "archiveReason": a.archive_reason, "source": a.source,
            "createdAt": ts(a.created_at), "updatedAt": ts(a.updated_at)}


def schedule(x) -> dict[str, Any]:
    return {"id": x.id, "applicationId": x.application_id, "status": x.status, "title": x.title,
            "startTime": ts(x.start_time), "endTime": ts(x.end_time), "interviewers": list(x.interviewers or []),
            "location": x.location, "createdAt": ts(x.created_at), "updatedAt": ts(x.updated_at)}


def feedback(f) -> dict[str, Any]:
    return {"id": f.id, "applicationId": f.application_id, "author": f.author, "rating": f.rating,
            "text": f.text, "submittedAt": ts(f.submitted_at), "createdAt": ts(f.created_at),
            "updatedAt": ts(f.updated_at)}
