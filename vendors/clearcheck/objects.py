"""Wire shapes of ClearCheck objects (ISO-8601 UTC with `Z`)."""
from __future__ import annotations

from vendors.kit.formats import iso_utc


def package(p) -> dict:
    return {"object": "package", "code": p.code, "name": p.name, "description": p.description,
            "price_cents": p.price_cents, "turnaround_hours": p.turnaround_h}


def candidate(x) -> dict:
    return {"object": "candidate", "id": x.id, "external_id": x.external_id, "first_name": x.first_name,
            "last_name": x.last_name, "email": x.email, "dob": x.dob,
            "created_at": iso_utc(x.created_at), "updated_at": iso_utc(x.updated_at)}


def check(x) -> dict:
    return {"object": "check", "id": x.id, "candidate_id": x.candidate_id, "package": x.package,
            "external_id": x.external_id, "status": x.status, "result": x.result,
            "report_id": x.report_id, "estimated_completion_at": iso_utc(x.complete_at),
            "completed_at": iso_utc(x.completed_at), "cancelled_at": iso_utc(x.cancelled_at),
            "created_at": iso_utc(x.created_at), "updated_at": iso_utc(x.updated_at)}


def report(r) -> dict:
    return {"object": "report", "id": r.id, "check_id": r.check_id, "result": r.result, "summary": r.summary,
            "created_at": iso_utc(r.created_at), "expires_at": iso_utc(r.expires_at)}


def webhook_endpoint(w, secret: str | None = None) -> dict:
    out = {"object": "webhook_endpoint", "id": w.id, "url": w.url, "events": list(w.events or []),
           "active": bool(w.active), "created_at": iso_utc(w.created_at)}
    if secret is not None:
        out["secret"] = secret
    return out
