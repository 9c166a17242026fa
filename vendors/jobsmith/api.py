"""Jobsmith's public API (/v1). Reads are JSON; writes are form-encoded
(application/x-www-form-urlencoded). Lists are path-segment pages of a fixed 100
(`/applicants`, `/applicants/page/{n}`) ending in an empty list; hidden applicants are dropped
after the page is cut; a list with exactly one item is sent as that object. `/v1/jobs` without
a `status` filter lists Open and On Hold jobs only (the docs say it lists your jobs)."""
from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from flask import Blueprint, jsonify, request
from sqlalchemy import select

from vendors.kit.query import DIGITS
from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit.path_segment_pagination import check_page, one_or_list, slice_path_page

from .models import JOB_STATUSES, STATUSES, Applicant, ApplicantJob, Hire, Job, Note

bp = Blueprint("jobsmith_api", __name__, url_prefix="/v1")
PAGE_SIZE = 100
DEFAULT_TZ = "America/New_York"
MAX_ID = 2**53
FORM = "application/x-www-form-urlencoded"
LISTED_BY_DEFAULT = ("Open", "On Hold")  # /v1/jobs without ?status= (trap unfiltered-jobs-open-only)


def envelope(status: int, code: str, message: str, details: dict | None) -> dict:
    """Jobsmith's legacy error body: `{"status": "error", "code", "error": message, ...}`."""
    body: dict[str, Any] = {"status": "error", "code": code, "error": message}
    body.update(details or {})
    return body


def bad(message: str, code: str = "invalid_parameter", status: int = 400, **details) -> VendorError:
    return VendorError(status, code, message, details or None)


# --- account time zone ---------------------------------------------------------------------

def tz() -> ZoneInfo:
    return ZoneInfo(ctx().extra.get("timezone") or DEFAULT_TZ)


def set_timezone(c, value: Any) -> None:
    try:
        ZoneInfo(value) if isinstance(value, str) and value else None
    except (ZoneInfoNotFoundError, ValueError):
        value = None
    if not isinstance(value, str) or not value:
        raise VendorError(400, "invalid_setting", "timezone must be an IANA zone name, e.g. America/New_York")
    c.extra["timezone"] = value


def local_date(instant: dt.datetime | None) -> str | None:
    return None if instant is None else instant.astimezone(tz()).date().isoformat()


# --- serialisers ---------------------------------------------------------------------------

def job_row(j: Job) -> dict:
    return {"id": j.id, "title": j.title, "internal_code": j.internal_code, "city": j.city, "state": j.state,
            "department": j.department, "status": j.status, "original_open_date": local_date(j.created_at)}


def applicant_row(a: Applicant, aj: ApplicantJob | None = None, job: Job | None = None) -> dict:
    row = {"id": a.id, "first_name": a.first_name, "last_name": a.last_name, "email": a.email,
           "phone": a.phone, "apply_date": local_date(a.applied_at)}
    if aj is not None:
        row.update({"job_id": aj.job_id, "job_title": job.title if job else None, "status": aj.status,
                    "job_apply_date": local_date(aj.applied_at)})
    return row


def applicant_detail(s, a: Applicant) -> dict:
    jobs = []
    for aj in s.scalars(select(ApplicantJob).where(ApplicantJob.applicant_id == a.id).order_by(ApplicantJob.id)):
        j = s.get(Job, aj.job_id)
        jobs.append({"job_id": aj.job_id, "job_title": j.title if j else None, "status": aj.status,
                     "apply_date": local_date(aj.applied_at)})
    return {**applicant_row(a), "jobs": jobs}


def note_row(n: Note) -> dict:
    return {"id": n.id, "applicant_id": n.applicant_id, "contents": n.contents, "author": n.author,
            "date": local_date(n.created_at)}


def hire_row(h: Hire) -> dict:
    return {"id": h.id, "applicant_id": h.applicant_id, "job_id": h.job_id, "location": h.location,
            "hire_date": local_date(h.hired_at)}


# --- parameters ----------------------------------------------------------------------------

def int_arg(name: str) -> int | None:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return None
    if not DIGITS.match(raw):
        raise bad(f"{name} must be a positive whole number.")
    return int(raw)


def choice_arg(name: str, options: tuple[str, ...]) -> str | None:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return None
    if raw not in options:
        raise bad(f"{name} must be one of: {', '.join(options)}.")
    return raw


def get_or_404(s, model: type, rid: int, noun: str):
    obj = s.get(model, rid) if 0 < rid < MAX_ID else None
    if obj is None:
        raise VendorError(404, "not_found", f"{noun} {rid} was not found.")
    return obj


def form() -> dict[str, str]:
    mime = (request.mimetype or "").lower()
    if mime != FORM:
        raise bad(f"Send writes as {FORM}.", "unsupported_media_type", 415)
    return {k: v for k, v in request.form.items()}


def form_int(f: dict, name: str) -> int:
    raw = (f.get(name) or "").strip()
    if not DIGITS.match(raw) or int(raw) == 0:
        raise bad(f"{name} is required and must be a positive whole number.", "missing_field", 422, field=name)
    return int(raw)


def page_of(n: int | None):
    return check_page(n)


# --- jobs ----------------------------------------------------------------------------------

@bp.get("/jobs")
@bp.get("/jobs/page/<int:page>")
def list_jobs(page: int | None = None):
    n = page_of(page)
    q = select(Job).order_by(Job.id)
    status = choice_arg("status", JOB_STATUSES)
    if status:
        q = q.where(Job.status == status)
    else:  # wire, not docs: without a status filter the list leaves Filled and Closed jobs out
        q = q.where(Job.status.in_(LISTED_BY_DEFAULT))
    code = request.args.get("internal_code")
    if code:
        q = q.where(Job.internal_code == code)
    with ctx().db.session() as s:
        rows = slice_path_page(s, q, n, PAGE_SIZE)
        return jsonify(one_or_list([job_row(j) for j in rows]))


@bp.get("/jobs/<int:job_id>")
def get_job(job_id: int):
    with ctx().db.session() as s:
        return jsonify(job_row(get_or_404(s, Job, job_id, "Job")))


# --- applicants ----------------------------------------------------------------------------

@bp.get("/applicants")
@bp.get("/applicants/page/<int:page>")
def list_applicants(page: int | None = None):
    n = page_of(page)
    job_id = int_arg("job_id")
    status = choice_arg("status", STATUSES)
    c = ctx()
    with c.db.session() as s:
        if job_id is None and status is None:
            rows = slice_path_page(s, select(Applicant).order_by(Applicant.id), n, PAGE_SIZE,
                                   post_filter=lambda a: not a.hidden)
            return jsonify(one_or_list([applicant_row(a) for a in rows]))
        q = select(Applicant, ApplicantJob).join(ApplicantJob, ApplicantJob.applicant_id == Applicant.id)
        if job_id is not None:
            q = q.where(ApplicantJob.job_id == job_id)
        if status is not None:
            q = q.where(ApplicantJob.status == status)
        q = q.order_by(Applicant.id, ApplicantJob.id)
        if n > 10**6:
            pairs = []
        else:
            pairs = [p for p in s.execute(q.offset((n - 1) * PAGE_SIZE).limit(PAGE_SIZE)) if not p[0].hidden]
        out = [applicant_row(a, aj, s.get(Job, aj.job_id)) for a, aj in pairs]
        return jsonify(one_or_list(out))


@bp.get("/applicants/<int:applicant_id>")
def get_applicant(applicant_id: int):
    with ctx().db.session() as s:
        a = get_or_404(s, Applicant, applicant_id, "Applicant")
        if a.hidden:
            raise VendorError(404, "not_found", f"Applicant {applicant_id} was not found.")
        return jsonify(applicant_detail(s, a))


# --- notes ---------------------------------------------------------------------------------

@bp.get("/applicants/<int:applicant_id>/notes")
def list_notes(applicant_id: int):
    with ctx().db.session() as s:
        if get_or_404(s, Applicant, applicant_id, "Applicant").hidden:
            raise VendorError(404, "not_found", f"Applicant {applicant_id} was not found.")
        rows = s.scalars(select(Note).where(Note.applicant_id == applicant_id).order_by(Note.id))
        return jsonify(one_or_list([note_row(x) for x in rows]))


@bp.post("/notes")
def create_note():
    f = form()
    applicant_id = form_int(f, "applicant_id")
    contents = (f.get("contents") or "").strip()
    if not contents or len(contents) > 10000:
        raise bad("contents is required (at most 10000 characters).", "missing_field", 422, field="contents")
    c = ctx()
    with c.db.session() as s:
        get_or_404(s, Applicant, applicant_id, "Applicant")
        note = c.spec.mutations.create(s, c, "notes", {"applicant_id": applicant_id, "contents": contents,
                                                       "author": "API"})
        body = note_row(note)
    resp = jsonify({"status": "success", "note": body})
    resp.status_code = 201
    return resp


# --- status (applicants2jobs) --------------------------------------------------------------

@bp.post("/applicants2jobs")
def set_status():
    f = form()
    applicant_id, job_id = form_int(f, "applicant_id"), form_int(f, "job_id")
    status = (f.get("workflow_status") or "").strip()
    if status not in STATUSES:
        raise bad(f"workflow_status must be one of: {', '.join(STATUSES)}.", "invalid_field", 422,
                  field="workflow_status")
    c = ctx()
    with c.db.session() as s:
        get_or_404(s, Applicant, applicant_id, "Applicant")
        j = get_or_404(s, Job, job_id, "Job")
        aj = c.spec.mutations.set_status(s, c, applicant_id, job_id, status)
        body = {"applicant_id": applicant_id, "job_id": job_id, "job_title": j.title, "status": aj.status,
                "apply_date": local_date(aj.applied_at)}
    return jsonify({"status": "success", "applicant2job": body})


# --- hires ---------------------------------------------------------------------------------

@bp.get("/hires")
@bp.get("/hires/page/<int:page>")
def list_hires(page: int | None = None):
    n = page_of(page)
    q = select(Hire).order_by(Hire.id)
    loc = request.args.get("location")
    if loc:
        if len(loc) > 100:
            raise bad("location is at most 100 characters.")
        q = q.where(Hire.location == loc)
    with ctx().db.session() as s:
        return jsonify(one_or_list([hire_row(h) for h in slice_path_page(s, q, n, PAGE_SIZE)]))
