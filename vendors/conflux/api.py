"""Conflux's public API: the unified ATS common models of one linked account (chosen by
`X-Account-Token`), with next/previous cursors, `modified_after` and `remote_id` filters."""
from __future__ import annotations

from flask import Blueprint, g, jsonify, request
from sqlalchemy import select

from vendors.kit.clock import parse_instant
from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit.formats import iso_utc
from vendors.kit.pagination import decode_cursor, encode_cursor, int_arg

from .models import Application, Candidate, Job, LinkedAccount

PREFIX = "/api/ats/v1"
MIN_PAGE, MAX_PAGE, DEFAULT_PAGE = 30, 100, 50
bp = Blueprint("conflux_api", __name__, url_prefix=PREFIX)


def _common(row) -> dict:
    return {"id": row.id, "remote_id": row.remote_id}


def _tail(row) -> dict:
    return {"remote_created_at": iso_utc(row.remote_created_at), "created_at": iso_utc(row.created_at),
            "modified_at": iso_utc(row.modified_at), "remote_was_deleted": bool(row.remote_was_deleted)}


def candidate_json(s, row: Candidate) -> dict:
    app_ids = list(s.scalars(select(Application.id).where(Application.candidate_id == row.id).order_by(Application.id)))
    return {**_common(row), "first_name": row.first_name, "last_name": row.last_name, "company": row.company,
            "title": row.title, "email_addresses": row.email_addresses or [], "phone_numbers": row.phone_numbers or [],
            "tags": row.tags or [], "applications": app_ids, **_tail(row)}


def job_json(s, row: Job) -> dict:
    return {**_common(row), "name": row.name, "code": row.code, "status": row.status,
            "department": row.department, "location": row.location, **_tail(row)}


def application_json(s, row: Application) -> dict:
    return {**_common(row), "candidate": row.candidate_id, "job": row.job_id, "current_stage": row.current_stage,
            "status": row.status, "applied_at": iso_utc(row.applied_at), "source": row.source, **_tail(row)}


def _modified_after():
    raw = request.args.get("modified_after")
    if raw is None:
        return None
    try:
        return parse_instant(raw)
    except ValueError:
        raise VendorError(400, "invalid_datetime",
                          "modified_after must be an ISO-8601 date-time WITH a time zone "
                          "(e.g. 2026-03-01T00:00:00Z or 2026-03-01T09:00:00+09:00).",
                          details={"parameter": "modified_after", "value": raw}) from None


def _list(model, render):
    c = ctx()
    page_size = int_arg("page_size", DEFAULT_PAGE, minimum=MIN_PAGE, maximum=MAX_PAGE)
    after = _modified_after()
    remote_id = request.args.get("remote_id")
    include_deleted = request.args.get("include_remote_deleted")
    if include_deleted is None:  # the linked account's own setting (account-details)
        with c.db.session() as s:
            acct = s.get(LinkedAccount, g.account_id)
            include_deleted = "false" if acct is not None and acct.remote_deleted_listed is False else "true"
    if include_deleted not in ("true", "false"):
        raise VendorError(400, "invalid_parameter", "include_remote_deleted must be true or false.")
    fingerprint = {"a": g.account_id, "m": request.args.get("modified_after"), "r": remote_id,
                   "s": page_size, "d": include_deleted}
    q = select(model).where(model.account_id == g.account_id)
    if after is not None:
        q = q.where(model.modified_at > after)
    if remote_id is not None:
        q = q.where(model.remote_id == remote_id)
    if include_deleted == "false":
        q = q.where(model.remote_was_deleted.is_(False))
    direction, key = "n", None
    token = request.args.get("cursor")
    if token is not None:
        state = decode_cursor(token)
        if not isinstance(state.get("k"), str) or state.get("d") not in ("n", "p"):
            raise VendorError(400, "invalid_cursor", "The cursor is not valid; start again without one.")
        if state.get("f") != fingerprint:
            raise VendorError(400, "cursor_mismatch",
                              "A cursor must be sent with the same page_size, filters and account token as the "
                              "request that returned it.")
        direction, key = state["d"], state["k"]
    with c.db.session() as s:
        if direction == "n":
            qq = q.order_by(model.id)
            if key is not None:
                qq = qq.where(model.id > key)
            rows = list(s.scalars(qq.limit(page_size + 1)))
            more = len(rows) > page_size
            rows = rows[:page_size]
            has_next, has_prev = more, key is not None
        else:
            rows = list(s.scalars(q.where(model.id < key).order_by(model.id.desc()).limit(page_size + 1)))
            more = len(rows) > page_size
            rows = list(reversed(rows[:page_size]))
            has_next, has_prev = True, more
        nxt = encode_cursor({"d": "n", "k": rows[-1].id, "f": fingerprint}) if rows and has_next else None
        prev = encode_cursor({"d": "p", "k": rows[0].id, "f": fingerprint}) if rows and has_prev else None
        results = [render(s, r) for r in rows]
    return jsonify({"next": nxt, "previous": prev, "results": results})


def _get(model, render, kind: str, id: str):
    c = ctx()
    with c.db.session() as s:
        row = s.get(model, id)
        if row is None or row.account_id != g.account_id:
            raise VendorError(404, "not_found", f"No {kind} with id {id!r} in this linked account.")
        return jsonify(render(s, row))


@bp.get("/candidates")
def list_candidates():
    return _list(Candidate, candidate_json)


@bp.get("/candidates/<id>")
def get_candidate(id: str):
    return _get(Candidate, candidate_json, "candidate", id)


@bp.get("/jobs")
def list_jobs():
    return _list(Job, job_json)


@bp.get("/jobs/<id>")
def get_job(id: str):
    return _get(Job, job_json, "job", id)


@bp.get("/applications")
def list_applications():
    return _list(Application, application_json)


@bp.get("/applications/<id>")
def get_application(id: str):
    return _get(Application, application_json, "application", id)


@bp.get("/account-details")
def account_details():
    c = ctx()
    with c.db.session() as s:
        a = s.get(LinkedAccount, g.account_id)
        return jsonify({"id": a.id, "integration": a.integration, "category": "ats",
                        "end_user_organization_name": a.end_user_organization_name, "status": a.status,
                        "linked_at": iso_utc(a.linked_at),
                        "remote_deleted_listed": a.remote_deleted_listed is not False})

