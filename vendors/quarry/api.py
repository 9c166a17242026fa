"""Quarry's RPC API: every method is `POST /<object>.<verb>` with a JSON object body.

Success: HTTP 200 `{"success": true, "results": …}` (lists add `moreDataAvailable`,
`nextCursor`, and `syncToken` on the last page). Failure: HTTP 200
`{"success": false, "errors": [...], "errorInfo": {"code", "message", …}}` — only a failed
authentication is a real 401 (same body shape); a path that is no method is a 404, another
HTTP verb a 405 (same body shape).

Vendor behaviours (control-plane `config` settings):
- `rate_limit: {limit: 15, window_s: 10, retry_after_s?: 4}` — more than `limit` calls within
  `window_s` vendor seconds answer `rate_limit_exceeded` with `retryAfterSeconds` (the fixed
  `retry_after_s`, else the seconds until the window frees a slot); throttled calls do not count.
- `internal_errors: [{method?: glob, nth: N | [N…], sticky?: bool}, {method?: glob, page: N, times?: N}]` —
  `internal_error` envelopes on the nth matching calls (counted per rule since the setting was
  set), or on every request for page N of a walk (page 1 = no cursor), at most `times` times.
  `sticky: true` (with one `nth`): the nth matching call fails and so does every later call of
  the same method with the same JSON body (its retries), until the setting changes; other calls
  are answered — a page Quarry cannot serve, whatever the walk's page size or order.

Jobs the key may not read: a job flagged `confidential`, or one whose `restricted` column is set
(the key's admin has no access to it: job.list still shows it unflagged) — per-job calls answer
`confidential_job`, unfiltered lists leave their applications out.
job.list without a `status` leaves Closed and Archived jobs out (the docs say it lists every
job; their applications are listed as any other's): `{"status": "Closed"}` lists them.
- `sync_token_ttl_s` — sync-token lifetime (default 7 days).
- `archived_interviews_unlisted: true` — interviewSchedule.list without `applicationId` leaves
  out the interviews of applications whose status is Archived (trap `archived-interviews-unlisted`:
  the docs say the unfiltered list holds every interview); `{applicationId}` still lists them.

Account defaults: a dataset may stand for an account whose plan switches some of these on at
reset (seed.ACCOUNT_SETTINGS: duneside has the throttle and the unlisted archived interviews)."""

from __future__ import annotations

import fnmatch
import json
import math
import re
from typing import Any, Callable

from flask import Blueprint, jsonify, request
from sqlalchemy import select

from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit.pagination import decode_cursor
from vendors.kit.rpc_cursor import parse_rpc_page, rpc_slice

from . import objects
from .models import (APPLICATION_STATUSES, ARCHIVE_REASONS, JOB_STATUSES, STAGES, Application, Candidate, Feedback,
                     InterviewSchedule, Job)

bp = Blueprint("quarry_api", __name__)

DEFAULT_LIMIT, MAX_LIMIT = 100, 100
SYNC_TTL_S = 7 * 86400
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


def envelope(status: int, code: str, message: str, details: dict | None) -> dict:
    info: dict[str, Any] = {"code": code, "message": message}
    info.update(details or {})
    return {"success": False, "errors": [message], "errorInfo": info}


def fail(code: str, message: str, **details) -> VendorError:
    return VendorError(200, code, message, details or None)


# --- request body helpers -------------------------------------------------------------------

def body(allowed: set[str]) -> dict:
    raw = request.get_data()
    if not raw.strip():
        data: Any = {}
    else:
        data = request.get_json(silent=True)
        if data is None:
            raise fail("invalid_request", "The request body must be a JSON object.")
    if not isinstance(data, dict):
        raise fail("invalid_request", "The request body must be a JSON object.")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise fail("invalid_request", f"Unknown parameter(s): {', '.join(unknown)}.")
    return data


def opt_str(data: dict, key: str, max_len: int = 200, pattern: re.Pattern | None = None,
            choices: tuple | None = None) -> str | None:
    v = data.get(key)
    if v is None:
        return None
    if not isinstance(v, str) or not v.strip() or len(v) > max_len:
        raise fail("invalid_parameter", f"`{key}` must be a non-empty string of at most {max_len} characters.")
    if pattern is not None and not pattern.match(v):
        raise fail("invalid_parameter", f"`{key}` is not well formed.")
    if choices is not None and v not in choices:
        raise fail("invalid_parameter", f"`{key}` must be one of: {', '.join(choices)}.")
    return v


def req_str(data: dict, key: str, **kw) -> str:
    v = opt_str(data, key, **kw)
    if v is None:
        raise fail("invalid_parameter", f"`{key}` is required.")
    return v


def ok(results: Any, **extra) -> Any:
    return jsonify({"success": True, "results": results, **extra})


def list_response(s, query, serialize: Callable, resource: str, data: dict):
    c = ctx()
    req = parse_rpc_page(data, resource, c.now(), default_limit=DEFAULT_LIMIT, max_limit=MAX_LIMIT,
                         sync_ttl_s=float(c.settings.get("sync_token_ttl_s") or SYNC_TTL_S), error_status=200)
    model = query.column_descriptions[0]["entity"]
    page = rpc_slice(s, query, [model.seq], req, resource, updated_column=model.updated_at)
    out: dict[str, Any] = {"success": True, "results": [serialize(r) for r in page.rows],
                           "moreDataAvailable": page.more}
    if page.next_cursor:
        out["nextCursor"] = page.next_cursor
    if page.sync_token:
        out["syncToken"] = page.sync_token
    return jsonify(out)


LIST_KEYS = {"limit", "cursor", "syncToken"}
# job.list without `status` leaves these out (the docs say it lists every job): trap
# `closed-jobs-unlisted`; `{"status": "Closed"}` (or "Archived") lists them.
UNLISTED_JOB_STATUSES = ("Closed", "Archived")


# --- vendor behaviours: enveloped throttle, transient internal errors --------------------------

@bp.before_request
def _faults():
    c = ctx()
    method = request.path.lstrip("/")
    with c.db.lock:
        rl = c.settings.get("rate_limit")
        if rl:
            now = c.now().timestamp()
            window = float(rl.get("window_s", 10))
            calls = [t for t in c.extra.get("rl_calls", []) if t > now - window]
            if len(calls) >= int(rl.get("limit", 15)):
                c.extra["rl_calls"] = calls
                wait = rl.get("retry_after_s") or max(1, math.ceil(calls[0] + window - now))
                c.extra["throttled"] = c.extra.get("throttled", 0) + 1
                raise fail("rate_limit_exceeded", "Too many requests; retry after the given number of seconds.",
                           retryAfterSeconds=int(wait))
            calls.append(now)
            c.extra["rl_calls"] = calls
        rules = c.settings.get("internal_errors") or []
        if isinstance(rules, dict):
            rules = [rules]
        counts = c.extra.setdefault("ie_counts", {})
        for i, rule in enumerate(rules):
            if not fnmatch.fnmatchcase(method, str(rule.get("method", "*"))):
                continue
            if rule.get("sticky"):
                key = (method, _body_key())
                if counts.get(f"{i}:sticky") == key:
                    raise fail("internal_error", "An internal error occurred; please retry.")
                n = counts[i] = counts.get(i, 0) + 1
                if n == int(rule["nth"] if not isinstance(rule["nth"], list) else rule["nth"][0]):
                    counts[f"{i}:sticky"] = key
                    raise fail("internal_error", "An internal error occurred; please retry.")
                continue
            if "page" in rule:
                if _page_of_request() == int(rule["page"]):
                    fired = counts.get(f"{i}:fired", 0)
                    if "times" not in rule or fired < int(rule["times"]):
                        counts[f"{i}:fired"] = fired + 1
                        raise fail("internal_error", "An internal error occurred; please retry.")
                continue
            n = counts[i] = counts.get(i, 0) + 1
            nth = rule.get("nth", [])
            if n in (nth if isinstance(nth, list) else [nth]):
                raise fail("internal_error", "An internal error occurred; please retry.")


def _body_key() -> str:
    """The request body in canonical form (a retry sends the same body); raw text if not JSON."""
    data = request.get_json(silent=True)
    if data is None:
        return request.get_data(as_text=True)
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _page_of_request() -> int:
    data = request.get_json(silent=True)
    cursor = data.get("cursor") if isinstance(data, dict) else None
    if not isinstance(cursor, str) or not cursor:
        return 1
    try:
        return int(decode_cursor(cursor).get("p", 1))
    except (VendorError, ValueError, TypeError):
        return 1


# --- jobs ----------------------------------------------------------------------------------

@bp.post("/job.list")
def job_list():
    data = body(LIST_KEYS | {"status"})
    status = opt_str(data, "status", choices=JOB_STATUSES)
    c = ctx()
    with c.db.session() as s:
        q = select(Job)
        if status:
            q = q.where(Job.status == status)
        else:  # trap closed-jobs-unlisted: the docs say every job; the wire leaves these out
            q = q.where(Job.status.not_in(UNLISTED_JOB_STATUSES))
        return list_response(s, q, objects.job, "job.list", data)


@bp.post("/job.info")
def job_info():
    data = body({"id"})
    jid = req_str(data, "id", max_len=36)
    with ctx().db.session() as s:
        return ok(objects.job(_get(s, Job, jid, "job")))


def _get(s, model, rid: str, noun: str):
    obj = s.get(model, rid)
    if obj is None:
        raise fail("not_found", f"No {noun} with id {rid}.")
    return obj


def _confidential_job_ids(s) -> set[str]:
    """Jobs whose applications the key may not read: flagged confidential, or restricted."""
    return set(s.scalars(select(Job.id).where(Job.confidential.is_(True) | Job.restricted.is_(True))))


def _check_job_visible(s, job_id: str) -> None:
    job = s.get(Job, job_id)
    if job is not None and (job.confidential or job.restricted):
        raise fail("confidential_job", f"Job {job_id} is confidential; this API key cannot read its applications.",
                   jobId=job_id)


# --- candidates ----------------------------------------------------------------------------

@bp.post("/candidate.list")
def candidate_list():
    data = body(LIST_KEYS)
    with ctx().db.session() as s:
        return list_response(s, select(Candidate), objects.candidate, "candidate.list", data)


@bp.post("/candidate.info")
def candidate_info():
    data = body({"id"})
    cid = req_str(data, "id", max_len=36)
    with ctx().db.session() as s:
        return ok(objects.candidate(_get(s, Candidate, cid, "candidate")))


@bp.post("/candidate.search")
def candidate_search():
    data = body({"email", "name"})
    email = opt_str(data, "email", max_len=254)
    name = opt_str(data, "name", max_len=200)
    if email is None and name is None:
        raise fail("invalid_parameter", "Give `email` or `name` (or both).")
    with ctx().db.session() as s:
        q = select(Candidate).order_by(Candidate.seq).limit(100)
        if email is not None:
            q = q.where(Candidate.email == email.strip().lower())
        if name is not None:
            q = q.where(Candidate.name == name.strip())
        return ok([objects.candidate(x) for x in s.scalars(q)])


@bp.post("/candidate.create")
def candidate_create():
    data = body({"name", "email", "phoneNumber", "location", "source", "customFields"})
    name = req_str(data, "name")
    email = opt_str(data, "email", max_len=254, pattern=_EMAIL)
    phone = opt_str(data, "phoneNumber", max_len=40)
    location = opt_str(data, "location", max_len=100)
    source = opt_str(data, "source", max_len=60)
    custom = data.get("customFields") or {}
    if not isinstance(custom, dict) or len(custom) > 50 or not all(
            isinstance(k, str) and 0 < len(k) <= 100 and isinstance(v, str) and len(v) <= 2000
            for k, v in custom.items()):
        raise fail("invalid_parameter", "`customFields` must be an object of strings (at most 50).")
    c = ctx()
    with c.db.session() as s:
        if email is not None:
            email = email.strip().lower()
            existing = s.scalar(select(Candidate).where(Candidate.email == email).order_by(Candidate.seq))
            if existing is not None:
                raise fail("duplicate_candidate", f"A candidate with the email {email} already exists.",
                           existingId=existing.id)
        obj = c.spec.mutations.create(s, c, "candidates", {
            "name": name.strip(), "email": email, "phone": phone, "location": location, "source": source,
            "custom_fields": dict(custom)})
        return ok(objects.candidate(obj))


# --- applications --------------------------------------------------------------------------

@bp.post("/application.list")
def application_list():
    data = body(LIST_KEYS | {"candidateId", "jobId", "status"})
    cand = opt_str(data, "candidateId", max_len=36)
    job = opt_str(data, "jobId", max_len=36)
    status = opt_str(data, "status", choices=APPLICATION_STATUSES)
    with ctx().db.session() as s:
        q = select(Application)
        if job is not None:
            _check_job_visible(s, job)
            q = q.where(Application.job_id == job)
        hidden = _confidential_job_ids(s)
        if hidden:
            q = q.where(Application.job_id.not_in(hidden))
        if cand is not None:
            q = q.where(Application.candidate_id == cand)
        if status is not None:
            q = q.where(Application.status == status)
        return list_response(s, q, objects.application, "application.list", data)


@bp.post("/application.info")
def application_info():
    data = body({"applicationId"})
    aid = req_str(data, "applicationId", max_len=36)
    with ctx().db.session() as s:
        app = _get(s, Application, aid, "application")
        _check_job_visible(s, app.job_id)
        return ok(objects.application(app))


@bp.post("/application.create")
def application_create():
    data = body({"candidateId", "jobId", "status", "currentStage", "archiveReason", "source"})
    cand = req_str(data, "candidateId", max_len=36)
    job_id = req_str(data, "jobId", max_len=36)
    status = opt_str(data, "status", choices=APPLICATION_STATUSES) or "Active"
    stage = opt_str(data, "currentStage", choices=STAGES) or ("Hired" if status == "Hired" else "Application Review")
    reason = opt_str(data, "archiveReason", choices=ARCHIVE_REASONS)
    source = opt_str(data, "source", max_len=60)
    if status == "Archived" and reason is None:
        raise fail("invalid_parameter", "`archiveReason` is required when `status` is Archived.")
    if status != "Archived" and reason is not None:
        raise fail("invalid_parameter", "`archiveReason` is only allowed when `status` is Archived.")
    c = ctx()
    with c.db.session() as s:
        _get(s, Candidate, cand, "candidate")
        job = _get(s, Job, job_id, "job")
        _check_job_visible(s, job.id)
        obj = c.spec.mutations.create(s, c, "applications", {
            "candidate_id": cand, "job_id": job_id, "status": status, "current_stage": stage,
            "archive_reason": reason, "source": source})
        return ok(objects.application(obj))


# --- interview schedules -------------------------------------------------------------------

@bp.post("/interviewSchedule.list")
def schedule_list():
    data = body(LIST_KEYS | {"applicationId"})
    aid = opt_str(data, "applicationId", max_len=36)
    with ctx().db.session() as s:
        q = select(InterviewSchedule)
        if aid is not None:
            app = s.get(Application, aid)
            if app is not None:
                _check_job_visible(s, app.job_id)
            q = q.where(InterviewSchedule.application_id == aid)
        elif ctx().settings.get("archived_interviews_unlisted"):
            # trap archived-interviews-unlisted: the unfiltered list is the scheduling board,
            # which drops archived applications' interviews; the docs say it lists every one
            archived = select(Application.id).where(Application.status == "Archived")
            q = q.where(InterviewSchedule.application_id.not_in(archived))
        hidden = _confidential_job_ids(s)
        if hidden:
            hidden_apps = select(Application.id).where(Application.job_id.in_(hidden))
            q = q.where(InterviewSchedule.application_id.not_in(hidden_apps))
        return list_response(s, q, objects.schedule, "interviewSchedule.list", data)


# --- feedback ------------------------------------------------------------------------------

@bp.post("/applicationFeedback.list")
def feedback_list():
    data = body(LIST_KEYS | {"applicationId"})
    aid = opt_str(data, "applicationId", max_len=36)
    with ctx().db.session() as s:
        q = select(Feedback)
        if aid is not None:
            app = s.get(Application, aid)
            if app is not None:
                _check_job_visible(s, app.job_id)
            q = q.where(Feedback.application_id == aid)
        hidden = _confidential_job_ids(s)
        if hidden:
            hidden_apps = select(Application.id).where(Application.job_id.in_(hidden))
            q = q.where(Feedback.application_id.not_in(hidden_apps))
        return list_response(s, q, objects.feedback, "applicationFeedback.list", data)
