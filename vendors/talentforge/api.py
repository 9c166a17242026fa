"""TalentForge API v2: requisitions, candidates (+ notes), applications, webhooks.

Writes go through `SPEC.mutations` (TalentForgeMutations), the same helpers the control plane
uses. Unknown body fields are dropped without an error (a client sending the documented
`emailAddress` creates a candidate without an e-mail)."""
from __future__ import annotations

from flask import Blueprint, Response, jsonify
from sqlalchemy import func, select

from vendors.kit.context import ctx
from vendors.kit.errors import VendorError

from . import wire
from .models import (APPLICATION_STATUSES, SOURCES, STAGES, Application, Candidate, CandidateNote,
                     Requisition)
from .mutations import EVENT_TYPES

bp = Blueprint("talentforge_api", __name__, url_prefix="/api/v2")

NOTES_WIRE_PAGE = 20  # the docs promise up to 100; the wire never sends more than 20


def _get(s, model, record_id: str, label: str):
    obj = s.get(model, record_id)
    if obj is None:
        raise VendorError(404, "not_found", f"No {label} with id {record_id!r}.")
    return obj


def _mutations():
    c = ctx()
    return c, c.spec.mutations


# --- requisitions --------------------------------------------------------------------------------

@bp.get("/requisitions")
def list_requisitions():
    c = ctx()
    page = wire.Page("requisitions", ("updated_since", "status:req", "req_code"))
    q = select(Requisition)
    if (since := page.since()) is not None:
        q = q.where(Requisition.updated_at >= since)
    if "status:req" in page.filters:
        q = q.where(Requisition.status.in_(page.filters["status:req"].split(",")))
    if "req_code" in page.filters:
        q = q.where(Requisition.req_code == page.filters["req_code"])
    with c.db.session() as s:
        rows, cursor = page.run(s, q, Requisition)
        return jsonify(wire.page_body([wire.requisition(r) for r in rows], cursor))


@bp.get("/requisitions/<id>")
def get_requisition(id: str):  # noqa: A002 (the documented path parameter)
    req_id = id
    c = ctx()
    with c.db.session() as s:
        return jsonify(wire.requisition(_get(s, Requisition, req_id, "requisition")))


# --- candidates ----------------------------------------------------------------------------------

@bp.get("/candidates")
def list_candidates():
    c = ctx()
    page = wire.Page("candidates", ("updated_since", "email", "external_id"))
    q = select(Candidate)
    if (since := page.since()) is not None:
        q = q.where(Candidate.updated_at >= since)
    if "email" in page.filters:
        q = q.where(func.lower(Candidate.email) == page.filters["email"].lower())
    if "external_id" in page.filters:
        q = q.where(Candidate.external_id == page.filters["external_id"])
    with c.db.session() as s:
        rows, cursor = page.run(s, q, Candidate)
        return jsonify(wire.page_body([wire.candidate(r) for r in rows], cursor))


def _candidate_fields(body: dict, creating: bool) -> dict:
    f = wire.Fields(body)
    f.text("first_name", 100, required=creating, nullable=False)
    f.text("last_name", 100, required=creating, nullable=False)
    f.text("email", 254, check=wire.is_email, hint="must be an e-mail address")
    f.text("phone", 40)
    f.text("external_id", 100)
    f.choice("source", SOURCES)
    f.tags()
    f.date("hired_on")
    return f.done()


@bp.post("/candidates")
def create_candidate():
    c, m = _mutations()
    values = _candidate_fields(wire.json_object(), creating=True)
    with c.db.session() as s:
        cand = m.create(s, c, "candidates", values)
        return jsonify(wire.candidate(cand)), 201


@bp.get("/candidates/<id>")
def get_candidate(id: str):  # noqa: A002 (the documented path parameter)
    cand_id = id
    c = ctx()
    with c.db.session() as s:
        return jsonify(wire.candidate(_get(s, Candidate, cand_id, "candidate")))


@bp.patch("/candidates/<id>")
def update_candidate(id: str):  # noqa: A002 (the documented path parameter)
    cand_id = id
    c, m = _mutations()
    values = _candidate_fields(wire.json_object(), creating=False)
    with c.db.session() as s:
        cand = _get(s, Candidate, cand_id, "candidate")
        changed = {k: v for k, v in values.items() if getattr(cand, k) != v}
        if changed:
            m.update(s, c, "candidates", cand, changed)
        return jsonify(wire.candidate(cand))


@bp.get("/candidates/<id>/notes")
def list_notes(id: str):  # noqa: A002 (the documented path parameter)
    cand_id = id
    c = ctx()
    page = wire.Page(f"notes:{cand_id}", ())
    page.limit = min(page.limit, NOTES_WIRE_PAGE)
    with c.db.session() as s:
        _get(s, Candidate, cand_id, "candidate")
        q = select(CandidateNote).where(CandidateNote.candidate_id == cand_id)
        rows, cursor = page.run(s, q, CandidateNote, order="created_at")
        return jsonify(wire.page_body([wire.note(n) for n in rows], cursor))


@bp.post("/candidates/<id>/notes")
def create_note(id: str):  # noqa: A002 (the documented path parameter)
    cand_id = id
    c, m = _mutations()
    body = wire.json_object()
    f = wire.Fields(body)
    f.text("body", 10000, required=True, nullable=False)
    author = body.get("author")
    if author is not None and not isinstance(author, dict):
        f.errors["author"] = "must be an object {name, email}"
        author = None
    a = wire.Fields(author or {})
    a.text("name", 200)
    a.text("email", 254, check=wire.is_email, hint="must be an e-mail address")
    f.errors.update({f"author.{k}": v for k, v in a.errors.items()})
    values = f.done()
    with c.db.session() as s:
        _get(s, Candidate, cand_id, "candidate")
        n = m.create(s, c, "candidate_notes", {
            "candidate_id": cand_id, "body": values["body"],
            "author_name": a.out.get("name") or "API integration", "author_email": a.out.get("email")})
        return jsonify(wire.note(n)), 201


# --- applications --------------------------------------------------------------------------------

@bp.get("/applications")
def list_applications():
    c = ctx()
    page = wire.Page("applications", ("updated_since", "status:app", "requisition_id", "candidate_id"))
    q = select(Application)
    if (since := page.since()) is not None:
        q = q.where(Application.updated_at >= since)
    if "status:app" in page.filters:
        q = q.where(Application.status.in_(page.filters["status:app"].split(",")))
    for name in ("requisition_id", "candidate_id"):
        if name in page.filters:
            q = q.where(getattr(Application, name) == page.filters[name])
    with c.db.session() as s:
        rows, cursor = page.run(s, q, Application)
        return jsonify(wire.page_body([wire.application(a) for a in rows], cursor))


@bp.get("/applications/<id>")
def get_application(id: str):  # noqa: A002 (the documented path parameter)
    app_id = id
    c = ctx()
    with c.db.session() as s:
        return jsonify(wire.application(_get(s, Application, app_id, "application")))


@bp.post("/applications")
def create_application():
    c, m = _mutations()
    f = wire.Fields(wire.json_object())
    f.text("requisition_id", 40, required=True, nullable=False)
    f.text("candidate_id", 40, required=True, nullable=False)
    f.choice("stage", STAGES)
    f.choice("status", APPLICATION_STATUSES)
    values = f.done()
    with c.db.session() as s:
        problems = {}
        if s.get(Requisition, values["requisition_id"]) is None:
            problems["requisition_id"] = "no such requisition"
        if s.get(Candidate, values["candidate_id"]) is None:
            problems["candidate_id"] = "no such candidate"
        if problems:
            raise VendorError(422, "validation_failed", "Some fields are invalid.", {"fields": problems})
        existing = s.scalar(select(Application.id).where(Application.candidate_id == values["candidate_id"],
                                                        Application.requisition_id == values["requisition_id"]))
        if existing:
            raise VendorError(409, "duplicate_application",
                              "The candidate already has an application on this requisition.",
                              {"existing_id": existing})
        values.setdefault("status", "active")
        if "stage" not in values:
            values["stage"] = values["status"] if values["status"] in ("offer", "hired") else "applied"
        a = m.create(s, c, "applications", values)
        return jsonify(wire.application(a)), 201


# --- webhooks ------------------------------------------------------------------------------------

@bp.get("/webhooks")
def list_webhooks():
    c = ctx()
    W = c.kit.WebhookSubscription
    with c.db.session() as s:
        rows = s.scalars(select(W).where(W.active.is_(True)).order_by(W.created_at, W.id)).all()
        return jsonify({"items": [wire.subscription(w) for w in rows]})


@bp.post("/webhooks")
def create_webhook():
    c, m = _mutations()
    body = wire.json_object()
    f = wire.Fields(body)
    f.text("url", 500, required=True, nullable=False, check=wire.is_url, hint="must be an http(s) URL")
    events = body.get("events", ["*"])
    if (not isinstance(events, list) or not events
            or not all(isinstance(e, str) and (e == "*" or e in EVENT_TYPES) for e in events)):
        f.errors["events"] = f"must be a non-empty list of event types ({', '.join(EVENT_TYPES)}) or [\"*\"]"
    values = f.done()
    with c.db.session() as s:
        w = m.create(s, c, "webhook_subscriptions", {
            "url": values["url"], "events": list(dict.fromkeys(events)), "active": True,
            "secret": c.credential(c.traits.webhooks.secret)})
        return jsonify(wire.subscription(w)), 201


@bp.get("/webhooks/<id>")
def get_webhook(id: str):  # noqa: A002 (the documented path parameter)
    wh_id = id
    c = ctx()
    with c.db.session() as s:
        w = s.get(c.kit.WebhookSubscription, wh_id)
        if w is None or not w.active:
            raise VendorError(404, "not_found", f"No webhook with id {wh_id!r}.")
        return jsonify(wire.subscription(w))


@bp.delete("/webhooks/<id>")
def delete_webhook(id: str):  # noqa: A002 (the documented path parameter)
    wh_id = id
    c, m = _mutations()
    with c.db.session() as s:
        w = s.get(c.kit.WebhookSubscription, wh_id)
        if w is None or not w.active:
            raise VendorError(404, "not_found", f"No webhook with id {wh_id!r}.")
        m.update(s, c, "webhook_subscriptions", w, {"active": False})
        return Response(status=204)
