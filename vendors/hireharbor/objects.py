"""The JSON shape of each HireHarbor object: what the API returns and what webhook payloads
carry. One function per object, so both paths agree."""
from __future__ import annotations

from typing import Any

from vendors.kit.formats import iso_utc


def user(u) -> dict[str, Any]:
    return {"id": u.id, "first_name": u.first_name, "last_name": u.last_name,
            "name": f"{u.first_name} {u.last_name}", "email": u.email, "role": u.role,
            "disabled": bool(u.disabled), "created_at": iso_utc(u.created_at), "updated_at": iso_utc(u.updated_at)}


def stage(st) -> dict[str, Any]:
    return {"id": st.id, "job_id": st.job_id, "name": st.name, "priority": st.priority}


def job(j, stages: list | None = None) -> dict[str, Any]:
    out = {"id": j.id, "name": j.name, "status": j.status, "department": j.department, "office": j.office,
           "custom_fields": dict(j.custom_fields or {}), "created_at": iso_utc(j.created_at),
           "updated_at": iso_utc(j.updated_at)}
    if stages is not None:
        out["stages"] = [stage(x) for x in stages]
    return out


def candidate(cand) -> dict[str, Any]:
    return {"id": cand.id, "first_name": cand.first_name, "last_name": cand.last_name,
            "company": cand.company, "title": cand.title, "emails": list(cand.emails or []),
            "phone_numbers": list(cand.phone_numbers or []), "custom_fields": dict(cand.custom_fields or {}),
            "created_at": iso_utc(cand.created_at), "updated_at": iso_utc(cand.updated_at)}


def application(a, stage_obj=None) -> dict[str, Any]:
    return {"id": a.id, "candidate_id": a.candidate_id, "job_id": a.job_id, "status": a.status,
            "current_stage": ({"id": stage_obj.id, "name": stage_obj.name} if stage_obj is not None
                              else ({"id": a.current_stage_id, "name": None} if a.current_stage_id else None)),
            "source": a.source, "rejection_reason": a.rejection_reason,
            "custom_fields": dict(a.custom_fields or {}), "applied_at": iso_utc(a.applied_at),
            "rejected_at": iso_utc(a.rejected_at), "hired_at": iso_utc(a.hired_at),
            "created_at": iso_utc(a.created_at), "updated_at": iso_utc(a.updated_at)}


def custom_field(f) -> dict[str, Any]:
    return {"id": f.id, "object_type": f.object_type, "key": f.key, "name": f.name, "field_type": f.field_type}


def activity(x) -> dict[str, Any]:
    return {"id": x.id, "user_id": x.user_id, "action": x.action, "candidate_id": x.candidate_id,
            "application_id": x.application_id, "details": dict(x.details or {}),
            "created_at": iso_utc(x.created_at)}


def webhook(w) -> dict[str, Any]:
    return {"id": int(w.id), "url": w.url, "events": list(w.events or []), "active": bool(w.active),
            "created_at": iso_utc(w.created_at)}
