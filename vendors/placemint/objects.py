"""The JSON shape of each Placemint object: what the API returns and what webhook events
carry in `data.object`. One function per object, so both paths agree."""
from __future__ import annotations

from typing import Any

from vendors.kit.formats import iso_utc


def _date(d) -> str | None:
    return d.isoformat() if d is not None else None


def placement(p) -> dict[str, Any]:
    return {
        "id": p.id, "object": "placement", "external_ref": p.external_ref,
        "candidate_email": p.candidate_email, "candidate_name": p.candidate_name,
        "client_code": p.client_code, "job_title": p.job_title,
        "start_date": _date(p.start_date), "end_date": _date(p.end_date),
        "rate_cents": p.rate_cents, "currency": p.currency, "status": p.status,
        "version": p.version, "created_at": iso_utc(p.created_at), "updated_at": iso_utc(p.updated_at),
    }


def fee(f) -> dict[str, Any]:
    return {
        "id": f.id, "object": "fee", "placement_id": f.placement_id, "week": f.week,
        "amount_cents": f.amount_cents, "currency": f.currency, "approved_hours": f.approved_hours,
        "status": f.status, "split_count": f.split_count, "split_total_cents": f.split_total_cents,
        "version": f.version, "paid_at": iso_utc(f.paid_at), "voided_at": iso_utc(f.voided_at),
        "created_at": iso_utc(f.created_at), "updated_at": iso_utc(f.updated_at),
    }


def fee_split(s) -> dict[str, Any]:
    return {"id": s.id, "object": "fee_split", "fee_id": s.fee_id, "partner_id": s.partner_id,
            "amount_cents": s.amount_cents, "share_bp": s.share_bp, "created_at": iso_utc(s.created_at)}


def fee_schedule(s) -> dict[str, Any]:
    return {"id": s.id, "object": "fee_schedule", "placement_id": s.placement_id,
            "effective_from": _date(s.effective_from), "fee_rate": s.fee_rate,
            "bill_rate_cents": s.bill_rate_cents, "pay_rate_cents": s.pay_rate_cents,
            "currency": s.currency, "created_at": iso_utc(s.created_at), "updated_at": iso_utc(s.updated_at)}


def timesheet(t) -> dict[str, Any]:
    return {"id": t.id, "object": "timesheet", "placement_id": t.placement_id, "week": t.week,
            "approved_hours": t.approved_hours, "fee_rate": t.fee_rate,
            "fee_schedule_id": t.fee_schedule_id, "approved_at": iso_utc(t.approved_at),
            "created_at": iso_utc(t.created_at), "updated_at": iso_utc(t.updated_at)}


def webhook_endpoint(w, secret: str | None = None) -> dict[str, Any]:
    out = {"id": w.id, "object": "webhook_endpoint", "url": w.url, "events": list(w.events or []),
           "status": "enabled" if w.active else "disabled", "created_at": iso_utc(w.created_at),
           "previous_secret_expires_at": iso_utc(w.previous_secret_expires_at)}
    if secret is not None:
        out["secret"] = secret
    return out


SERIALIZERS = {"placements": placement, "fees": fee, "fee_splits": fee_split,
               "fee_schedules": fee_schedule, "timesheets": timesheet}
