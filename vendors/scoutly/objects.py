"""The JSON shape of each Scoutly object (camelCase, ISO-8601 UTC instants with milliseconds)."""
from __future__ import annotations

import hashlib
from datetime import timezone
from typing import Any


def ts(dt) -> str | None:
    """`2026-03-02T09:00:00.000Z`."""
    if dt is None:
        return None
    u = dt.astimezone(timezone.utc)
    return (f"{u.year:04d}-{u.month:02d}-{u.day:02d}T{u.hour:02d}:{u.minute:02d}:{u.second:02d}"
            f".{u.microsecond // 1000:03d}Z")


def candidate(c) -> dict[str, Any]:
    return {"id": c.id, "firstName": c.first_name, "lastName": c.last_name, "email": c.email,
            "phoneNumber": c.phone, "location": {"city": c.city}, "externalId": c.external_id,
            "createdOn": ts(c.created_at), "updatedOn": ts(c.updated_at)}


def job(j) -> dict[str, Any]:
    return {"id": j.id, "refNumber": j.ref_number, "title": j.title, "department": j.department,
            "location": {"name": j.location_name, "city": j.location_city}, "status": j.status,
            "screeningQuestions": list(j.screening_questions or []),
            "createdOn": ts(j.created_at), "updatedOn": ts(j.updated_at)}


def application(a) -> dict[str, Any]:
    return {"id": a.id, "candidateId": a.candidate_id, "jobId": a.job_id, "status": a.status,
            "statusChangedOn": ts(a.status_changed_at),
            "screeningAnswers": list(a.screening_answers or []),
            "createdOn": ts(a.created_at), "updatedOn": ts(a.updated_at)}


def subscription(s) -> dict[str, Any]:
    return {"id": s.id, "callbackUrl": s.callback_url, "events": list(s.events or []), "status": s.status,
            "handshake": {"attempts": s.handshake_attempts, "lastAttemptOn": ts(s.last_handshake_at),
                          "lastError": s.last_handshake_error},
            "activatedOn": ts(s.activated_at), "createdOn": ts(s.created_at), "updatedOn": ts(s.updated_at)}


def key_id(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()[:12]


def secret_keys(w, now) -> list[dict[str, Any]]:
    """The live signing keys of a subscription: the current one, and the previous one while a
    rotation's overlap lasts."""
    keys = [{"keyId": key_id(w.secret), "secret": w.secret, "status": "current", "expiresOn": None}]
    if w.previous_secret and (w.previous_secret_expires_at is None or w.previous_secret_expires_at > now):
        keys.append({"keyId": key_id(w.previous_secret), "secret": w.previous_secret, "status": "previous",
                     "expiresOn": ts(w.previous_secret_expires_at)})
    return keys


SERIALIZERS = {"candidates": candidate, "jobs": job, "applications": application, "subscriptions": subscription}
