"""The JSON shape of each Workwell object."""
from __future__ import annotations

from typing import Any

from vendors.kit.formats import iso_utc


def hexid(n: int) -> str:
    """Unpadded lower-case hex, the only form ids take on the wire."""
    return format(n, "x")


def parse_hexid(raw: str) -> int:
    if not raw or len(raw) > 15 or any(ch not in "0123456789abcdefABCDEF" for ch in raw):
        raise ValueError(raw)
    return int(raw, 16)


def job(j, subdomain: str) -> dict[str, Any]:
    return {
        "id": hexid(j.id), "shortcode": j.shortcode, "title": j.title,
        "full_title": f"{j.title} - {j.code}" if j.code else j.title, "code": j.code,
        "state": j.state, "department": j.department,
        "location": {"city": j.city, "country_code": j.country_code},
        "custom_fields": [dict(f) for f in (j.custom_fields or [])],
        "url": f"https://apply.workwell.example/{subdomain}/j/{j.shortcode}/",
        "created_at": iso_utc(j.created_at), "updated_at": iso_utc(j.updated_at),
        "closed_at": iso_utc(j.closed_at),
    }


def stage(st) -> dict[str, Any]:
    return {"slug": st.slug, "name": st.name, "kind": st.kind, "position": st.position}


def candidate(cd, jb, st) -> dict[str, Any]:
    return {
        "id": hexid(cd.id), "name": f"{cd.firstname} {cd.lastname}", "firstname": cd.firstname,
        "lastname": cd.lastname, "email": cd.email, "phone": cd.phone, "headline": cd.headline,
        "job": {"shortcode": jb.shortcode, "title": jb.title},
        "stage": st.name, "stage_slug": st.slug, "sourced": bool(cd.sourced),
        "disqualified": bool(cd.disqualified), "disqualification_reason": cd.disqualification_reason,
        "disqualified_at": iso_utc(cd.disqualified_at),
        "answers": [dict(a) for a in (cd.answers or [])],
        "created_at": iso_utc(cd.created_at), "updated_at": iso_utc(cd.updated_at),
    }


def offer(o) -> dict[str, Any]:
    return {
        "id": hexid(o.id), "candidate_id": hexid(o.candidate_id), "status": o.status,
        "start_date": o.start_date.isoformat() if o.start_date else None,
        "salary": o.salary, "currency": o.currency,
        "created_at": iso_utc(o.created_at), "updated_at": iso_utc(o.updated_at),
    }
