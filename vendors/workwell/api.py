"""Workwell's public API under `/t/<tenant>/spi/v3`: jobs (by shortcode), stages, candidates
(one per job application), moves, disqualification and offers."""
from __future__ import annotations

from typing import Any

from flask import Blueprint, g, jsonify, request
from sqlalchemy import select

from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit.formats import parse_iso_utc
from vendors.kit.since_id_pagination import next_url, since_id_page, slice_since_id

from . import objects as o
from .models import Candidate, Job, Offer, Stage

PREFIX = "/t/<tenant>/spi/v3"
bp = Blueprint("workwell_api", __name__, url_prefix=PREFIX)

JOB_STATES = ("draft", "published", "closed", "archived")


def envelope(status: int, code: str, message: str, details: dict | None) -> dict:
    """`{"error": "<message>", "error_code": "<code>"}` (+ `details`)."""
    body: dict[str, Any] = {"error": message, "error_code": code}
    if details:
        body["details"] = details
    return body


@bp.url_value_preprocessor
def _tenant(endpoint, values):
    g.tenant = (values or {}).pop("tenant", None)


@bp.before_request
def _check_tenant():
    # After the app's guard and auth (blueprint hooks run last), so a bypass is still logged.
    if g.tenant != ctx().credential("tenant"):
        raise VendorError(404, "account_not_found", "No such account. Check the subdomain in your base path.")


# --- helpers --------------------------------------------------------------------------------

def _page_rows(s, query, id_col):
    t = ctx().traits.pagination
    page = since_id_page(o.parse_hexid, t.default_limit, t.max_limit)
    rows, next_id = slice_since_id(s, query, id_col, page)
    paging = {"next": next_url(o.hexid(next_id))} if next_id is not None else None
    return rows, paging


def _instant_arg(name: str):
    raw = request.args.get(name)
    if raw is None or raw == "":
        return None
    try:
        return parse_iso_utc(raw)
    except ValueError:
        raise VendorError(400, "invalid_parameter",
                          f"`{name}` must be an ISO 8601 timestamp with a zone, e.g. 2026-03-01T00:00:00Z.") from None


def _body() -> dict:
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise VendorError(400, "invalid_json", "The request body must be a JSON object.")
    return data


def _str_field(d: dict, key: str, max_len: int = 200, required: bool = False, nullable: bool = True):
    if key not in d or d[key] is None:
        if required:
            raise VendorError(422, "validation_failed", f"`{key}` is required.", {"field": key})
        if key in d and not nullable:
            raise VendorError(422, "validation_failed", f"`{key}` cannot be null.", {"field": key})
        return None
    v = d[key]
    if not isinstance(v, str) or len(v) > max_len or (required and not v.strip()):
        raise VendorError(422, "validation_failed", f"`{key}` must be a string of at most {max_len} characters.",
                          {"field": key})
    return v


def _job_or_404(s, shortcode: str) -> Job:
    j = s.scalar(select(Job).where(Job.shortcode == shortcode))
    if j is None:
        raise VendorError(404, "job_not_found", f"No job with shortcode '{shortcode}'.")
    return j


def _candidate_or_404(s, cid: str) -> Candidate:
    try:
        n = o.parse_hexid(cid)
    except ValueError:
        n = None
    cd = s.get(Candidate, n) if n is not None and n < 2**62 else None
    if cd is None:
        raise VendorError(404, "candidate_not_found", f"No candidate with id '{cid}'.")
    return cd


def _render_candidate(s, cd: Candidate) -> dict:
    return o.candidate(cd, s.get(Job, cd.job_id), s.get(Stage, cd.stage))


# --- jobs and stages ------------------------------------------------------------------------

@bp.get("/jobs")
def list_jobs():
    c = ctx()
    state = request.args.get("state")
    if state is not None and state not in JOB_STATES:
        raise VendorError(400, "invalid_parameter", f"`state` must be one of {', '.join(JOB_STATES)}.")
    created_after, updated_after = _instant_arg("created_after"), _instant_arg("updated_after")
    with c.db.session() as s:
        q = select(Job)
        if state:
            q = q.where(Job.state == state)
        if created_after:
            q = q.where(Job.created_at > created_after)
        if updated_after:
            q = q.where(Job.updated_at > updated_after)
        rows, paging = _page_rows(s, q, Job.id)
        body: dict[str, Any] = {"jobs": [o.job(j, g.tenant) for j in rows]}
        if paging:
            body["paging"] = paging
        return jsonify(body)


@bp.get("/jobs/<shortcode>")
def get_job(shortcode):
    with ctx().db.session() as s:
        return jsonify(o.job(_job_or_404(s, shortcode), g.tenant))


@bp.get("/stages")
def list_stages():
    with ctx().db.session() as s:
        return jsonify({"stages": [o.stage(st) for st in s.scalars(select(Stage).order_by(Stage.position))]})


# --- candidates -----------------------------------------------------------------------------

@bp.get("/candidates")
def list_candidates():
    c = ctx()
    created_after, updated_after = _instant_arg("created_after"), _instant_arg("updated_after")
    with c.db.session() as s:
        q = select(Candidate)
        shortcode = request.args.get("shortcode")
        if shortcode is not None:
            q = q.where(Candidate.job_id == _job_or_404(s, shortcode).id)
        stage = request.args.get("stage")
        if stage is not None:
            if s.get(Stage, stage) is None:
                raise VendorError(400, "invalid_parameter", f"Unknown stage slug '{stage}'; see GET /stages.")
            q = q.where(Candidate.stage == stage)
        email = request.args.get("email")
        if email is not None:
            q = q.where(Candidate.email == email.lower())
        if created_after:
            q = q.where(Candidate.created_at > created_after)
        if updated_after:
            q = q.where(Candidate.updated_at > updated_after)
        disqualified = request.args.get("disqualified")
        if disqualified is not None:
            if disqualified not in ("true", "false"):
                raise VendorError(400, "invalid_parameter", "`disqualified` must be true or false.")
            q = q.where(Candidate.disqualified.is_(disqualified == "true"))
        disqualified_after = _instant_arg("disqualified_after")
        if disqualified_after:
            q = q.where(Candidate.disqualified_at > disqualified_after)
        rows, paging = _page_rows(s, q, Candidate.id)
        body: dict[str, Any] = {"candidates": [_render_candidate(s, cd) for cd in rows]}
        if paging:
            body["paging"] = paging
        return jsonify(body)


@bp.get("/candidates/<id>")
def get_candidate(id):  # noqa: A002
    cid = id
    with ctx().db.session() as s:
        return jsonify({"candidate": _render_candidate(s, _candidate_or_404(s, cid))})


def _answers(value) -> list:
    if not isinstance(value, list) or len(value) > 50:
        raise VendorError(422, "validation_failed", "`answers` must be a list of {question_key, answer}.",
                          {"field": "answers"})
    out = []
    for a in value:
        if not isinstance(a, dict):
            raise VendorError(422, "validation_failed", "each answer must be an object.", {"field": "answers"})
        key = _str_field(a, "question_key", 60, required=True)
        ans = _str_field(a, "answer", 2000)
        out.append({"question_key": key, "question": _str_field(a, "question", 300) or key, "answer": ans})
    return out


@bp.post("/jobs/<shortcode>/candidates")
def create_candidate(shortcode):
    c = ctx()
    body = _body()
    data = body.get("candidate")
    if not isinstance(data, dict):
        raise VendorError(422, "validation_failed", "Send the candidate as {\"candidate\": {...}}.", {"field": "candidate"})
    sourced = body.get("sourced", False)
    if not isinstance(sourced, bool):
        raise VendorError(422, "validation_failed", "`sourced` must be a boolean.", {"field": "sourced"})
    first, last = _str_field(data, "firstname", 100), _str_field(data, "lastname", 100)
    name = _str_field(data, "name", 200)
    if not (first and first.strip() and last and last.strip()):
        if not name or len(name.split()) < 2:
            raise VendorError(422, "validation_failed", "Give `firstname` and `lastname`, or a `name` of two words.",
                              {"field": "name"})
        first, _, last = name.strip().partition(" ")
    email = _str_field(data, "email", 200)
    if email is not None and ("@" not in email or email.strip() != email or not email.strip()):
        raise VendorError(422, "validation_failed", "`email` is not a valid e-mail address.", {"field": "email"})
    values = {"firstname": first.strip()[:100], "lastname": last.strip()[:100],
              "email": email.lower() if email else None, "phone": _str_field(data, "phone", 40),
              "headline": _str_field(data, "headline", 200), "sourced": sourced,
              "stage": "sourced" if sourced else "applied",
              "answers": _answers(data["answers"]) if data.get("answers") is not None else []}
    with c.db.session() as s:
        job = _job_or_404(s, shortcode)
        if job.state != "published":
            raise VendorError(422, "job_not_published", f"Job '{shortcode}' is {job.state}; candidates can only be added to published jobs.")
        values["job_id"] = job.id
        cd = c.spec.mutations.create(s, c, "candidates", values)
        resp = jsonify({"status": "created", "candidate": _render_candidate(s, cd)})
        resp.status_code = 201
        return resp


@bp.patch("/candidates/<id>")
def update_candidate(id):  # noqa: A002
    cid = id
    c = ctx()
    body = _body()
    data = body.get("candidate")
    if not isinstance(data, dict):
        raise VendorError(422, "validation_failed", "Send the changes as {\"candidate\": {...}}.", {"field": "candidate"})
    values: dict[str, Any] = {}
    for key, n in (("firstname", 100), ("lastname", 100)):
        if key in data:
            v = _str_field(data, key, n, required=True)
            values[key] = v.strip()
    for key, n in (("phone", 40), ("headline", 200)):
        if key in data:
            values[key] = _str_field(data, key, n)
    if "email" in data:
        email = _str_field(data, "email", 200)
        if email is not None and ("@" not in email or email.strip() != email):
            raise VendorError(422, "validation_failed", "`email` is not a valid e-mail address.", {"field": "email"})
        values["email"] = email.lower() if email else None
    if "answers" in data:
        values["answers"] = _answers(data["answers"])
    with c.db.session() as s:
        cd = _candidate_or_404(s, cid)
        if values:
            c.spec.mutations.update(s, c, "candidates", cd, values)
        return jsonify({"candidate": _render_candidate(s, cd)})


@bp.post("/candidates/<id>/move")
def move_candidate(id):  # noqa: A002
    cid = id
    c = ctx()
    body = _body()
    target = _str_field(body, "target_stage", 40, required=True)
    with c.db.session() as s:
        cd = _candidate_or_404(s, cid)
        if s.get(Stage, target) is None:
            raise VendorError(422, "invalid_stage", f"Unknown stage slug '{target}'; see GET /stages.", {"field": "target_stage"})
        if cd.disqualified:
            raise VendorError(422, "candidate_disqualified", "Disqualified candidates cannot be moved; revert first.")
        c.spec.mutations.update(s, c, "candidates", cd, {"stage": target})
        return jsonify({"candidate": _render_candidate(s, cd)})


@bp.post("/candidates/<id>/disqualify")
def disqualify_candidate(id):  # noqa: A002
    cid = id
    c = ctx()
    body = _body()
    reason = _str_field(body, "disqualification_reason", 200)
    with c.db.session() as s:
        cd = _candidate_or_404(s, cid)
        if not cd.disqualified:
            c.spec.mutations.update(s, c, "candidates", cd, {"disqualified": True, "disqualification_reason": reason})
        return jsonify({"candidate": _render_candidate(s, cd)})


@bp.post("/candidates/<id>/revert")
def revert_candidate(id):  # noqa: A002
    cid = id
    c = ctx()
    with c.db.session() as s:
        cd = _candidate_or_404(s, cid)
        if cd.disqualified:
            c.spec.mutations.update(s, c, "candidates", cd, {"disqualified": False})
        return jsonify({"candidate": _render_candidate(s, cd)})


@bp.get("/candidates/<id>/offer")
def get_offer(id):  # noqa: A002
    cid = id
    with ctx().db.session() as s:
        cd = _candidate_or_404(s, cid)
        off = s.scalar(select(Offer).where(Offer.candidate_id == cd.id))
        if off is None:
            raise VendorError(404, "offer_not_found", f"Candidate '{cid}' has no offer.")
        return jsonify({"offer": o.offer(off)})
