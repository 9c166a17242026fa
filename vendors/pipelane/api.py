"""Pipelane's public API (`/v1`): users, postings, contacts, opportunities (stage, archive,
tags, notes, activities) and webhooks. Lists are `{data, hasNext, next}` pages walked with an
opaque `offset` token; every write names the user it is performed as (`?perform_as=<uuid>`)."""
from __future__ import annotations

import re
import uuid
from datetime import timedelta
from typing import Any, Callable

from flask import Blueprint, g, jsonify, request
from sqlalchemy import func, select

from vendors.kit.behaviours import search_cutoff
from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit.formats import from_epoch_ms
from vendors.kit.offset_token_pagination import token_page

from . import mutations as M
from .models import (ARCHIVE_REASONS, KIT, ORIGINS, STAGES, Activity, Contact, Interview, Note, Opportunity,
                     Posting, User)

bp = Blueprint("pipelane_api", __name__, url_prefix="/v1")

EMAIL_RE = re.compile(r"^[^@\s]{1,64}@[^@\s]+\.[^@\s]+$")
TAG_RE = re.compile(r"^[^\x00-\x1f\x7f]{1,100}$")
URL_RE = re.compile(r"^https?://[^\s/$.?#][^\s]*$", re.I)
MAX_MS = 32503680000000  # year 3000


def envelope(status: int, code: str, message: str, details: dict | None) -> dict:
    """`{"code": "...", "message": "..."}` (flat, no wrapper)."""
    return {"code": code, "message": message}


def bad(message: str, code: str = "invalid_request", status: int = 400) -> VendorError:
    return VendorError(status, code, message)


# --- common helpers ------------------------------------------------------------------------

def uuid_arg(name: str, value: Any) -> str:
    if not isinstance(value, str) or len(value) != 36:
        raise bad(f"`{name}` must be a UUID.", "invalid_id")
    try:
        return str(uuid.UUID(value))
    except ValueError:
        raise bad(f"`{name}` must be a UUID.", "invalid_id") from None


def get_or_404(s, model, rid: str, noun: str):
    obj = s.get(model, rid)
    if obj is None:
        raise VendorError(404, "not_found", f"No {noun} with id {rid}.")
    return obj


def page(s, query, serialize: Callable) -> dict:
    c = ctx()
    t = c.traits.pagination
    p = token_page(s, query, scope=request.path, key=f"pipelane:{c.credential('api_key')}",
                   offset_param=t.params["offset"], limit_param=t.params["limit"],
                   default_limit=t.default_limit, max_limit=t.max_limit)
    out: dict[str, Any] = {"data": [serialize(r) for r in p.rows], "hasNext": p.has_next}
    if p.has_next:
        out["next"] = p.next
    return out


def json_body(optional: bool = False) -> dict:
    raw = request.get_data()
    if not raw.strip():
        if optional:
            return {}
        raise bad("The request body must be a JSON object.", "invalid_body")
    if not (request.mimetype or "").endswith("json"):
        raise bad("Send the body as application/json.", "unsupported_media_type", 415)
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        raise bad("The request body must be a JSON object.", "invalid_body")
    return data


def fields(body: dict, spec: dict[str, tuple[Callable, bool]]) -> dict:
    unknown = sorted(set(body) - set(spec))
    if unknown:
        raise bad(f"Unknown field `{unknown[0]}`.", "unknown_field")
    out = {}
    for name, (check, required) in spec.items():
        if name not in body:
            if required:
                raise bad(f"`{name}` is required.", "missing_field")
            continue
        out[name] = check(name, body[name])
    return out


def text(max_len: int, pattern: re.Pattern | None = None) -> Callable:
    def check(name, v):
        if not isinstance(v, str) or not v.strip() or len(v) > max_len or (pattern and not pattern.match(v)):
            raise bad(f"`{name}` must be a valid non-empty string of at most {max_len} characters.")
        try:
            v.encode("utf-8")
        except UnicodeEncodeError:
            raise bad(f"`{name}` contains invalid Unicode.") from None
        return v
    return check


def nullable(check: Callable) -> Callable:
    return lambda name, v: None if v is None else check(name, v)


def one_of(*allowed: str) -> Callable:
    def check(name, v):
        if v not in allowed:
            raise bad(f"`{name}` must be one of: {', '.join(allowed)}.")
        return v
    return check


def epoch_ms(name, v):
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_MS:
        raise bad(f"`{name}` must be epoch milliseconds (an integer).")
    return from_epoch_ms(v)


def tag_list(name, v):
    if not isinstance(v, list) or not v or len(v) > 50:
        raise bad(f"`{name}` must be a non-empty list of at most 50 tags.")
    return [text(100, TAG_RE)(name, t) for t in v]


def query(name: str, check: Callable):
    raw = request.args.get(name)
    if raw is None:
        return None
    return check(name, raw)


def ms_query(name, raw):
    if not raw.isdigit() or len(raw) > 15 or int(raw) > MAX_MS:
        raise bad(f"`{name}` must be epoch milliseconds (at most {MAX_MS}).")
    return from_epoch_ms(int(raw))


def bool_query(name, raw):
    if raw not in ("true", "false"):
        raise bad(f"`{name}` must be true or false.")
    return raw == "true"


# --- perform_as on every write -------------------------------------------------------------

@bp.before_request
def _perform_as():
    g.pl_actor = None
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return
    raw = request.args.get("perform_as")
    if not raw:
        # 403, as real ATSs answer an unattributed write: the caller lacks the right to write
        # as nobody (TASKS fix-05 relies on the status).
        raise VendorError(403, "perform_as_required",
                          "Writes must name the user they are performed as: add `?perform_as=<user id>`.")
    uid = uuid_arg("perform_as", raw)
    c = ctx()
    with c.db.session() as s:
        u = s.get(User, uid)
        if u is None or u.deactivated_at is not None:
            raise VendorError(403, "perform_as_forbidden",
                              f"User {uid} does not exist or is deactivated; writes cannot be performed as them.")
    g.pl_actor = uid


def _write():
    return M.acting_as(g.pl_actor)


# --- users and postings --------------------------------------------------------------------

@bp.get("/users")
def list_users():
    c = ctx()
    with c.db.session() as s:
        return jsonify(page(s, select(User).order_by(User.created_at, User.id), M.user))


@bp.get("/users/<user_id>")
def get_user(user_id):
    c = ctx()
    with c.db.session() as s:
        return jsonify({"data": M.user(get_or_404(s, User, uuid_arg("user_id", user_id), "user"))})


@bp.get("/postings")
def list_postings():
    state = query("state", one_of("published", "closed"))
    q = select(Posting)
    if state:
        q = q.where(Posting.state == state)
    c = ctx()
    with c.db.session() as s:
        return jsonify(page(s, q.order_by(Posting.created_at, Posting.id), M.posting))


@bp.get("/postings/<posting_id>")
def get_posting(posting_id):
    c = ctx()
    with c.db.session() as s:
        return jsonify({"data": M.posting(get_or_404(s, Posting, uuid_arg("posting_id", posting_id), "posting"))})


# --- contacts ------------------------------------------------------------------------------

@bp.get("/contacts")
def list_contacts():
    email = query("email", text(254))
    since = query("updated_at_start", ms_query)
    q = select(Contact)
    if email:
        q = q.where(func.lower(Contact.email) == email.lower())
        cutoff = search_cutoff()  # searches trail writes by `search_lag_s` (if set)
        if cutoff is not None:
            q = q.where(Contact.updated_at <= cutoff)
    if since is not None:
        q = q.where(Contact.updated_at >= since)
    c = ctx()
    with c.db.session() as s:
        return jsonify(page(s, q.order_by(Contact.created_at, Contact.id), M.contact))


CONTACT_FIELDS = {"name": (text(200), True), "email": (nullable(text(254, EMAIL_RE)), False),
                  "phone": (nullable(text(40)), False), "location": (nullable(text(100)), False),
                  "headline": (nullable(text(200)), False)}


@bp.post("/contacts")
def create_contact():
    data = fields(json_body(), CONTACT_FIELDS)
    c = ctx()
    with c.db.session() as s, _write():
        ct = c.spec.mutations.create(s, c, "contacts", data)
        return jsonify({"data": M.contact(ct)}), 201


@bp.get("/contacts/<contact_id>")
def get_contact(contact_id):
    c = ctx()
    with c.db.session() as s:
        return jsonify({"data": M.contact(get_or_404(s, Contact, uuid_arg("contact_id", contact_id), "contact"))})


# --- opportunities -------------------------------------------------------------------------

def _expand() -> bool:
    raw = request.args.getlist("expand")
    for v in raw:
        if v != "contact":
            raise bad("`expand` supports only `contact`.")
    return bool(raw)


def _serialize_opps(s, rows, expand: bool) -> list[dict]:
    if not expand:
        return [M.opportunity(o) for o in rows]
    ids = {o.contact_id for o in rows}
    contacts = {ct.id: M.contact(ct) for ct in s.scalars(select(Contact).where(Contact.id.in_(ids)))} if ids else {}
    return [M.opportunity(o, contacts.get(o.contact_id)) for o in rows]


@bp.get("/opportunities")
def list_opportunities():
    expand = _expand()
    q = select(Opportunity)
    cid = query("contact_id", uuid_arg)
    if cid:
        q = q.where(Opportunity.contact_id == cid)
    pid = query("posting_id", uuid_arg)
    if pid:
        q = q.where(Opportunity.posting_id == pid)
    email = query("email", text(254))
    if email:
        q = q.where(Opportunity.contact_id.in_(select(Contact.id).where(func.lower(Contact.email) == email.lower())))
    tag = query("tag", text(100))
    if tag:
        je = func.json_each(Opportunity.tags).table_valued("value")
        q = q.where(select(je.c.value).where(je.c.value == tag).exists())
    if email or tag:
        cutoff = search_cutoff()  # searches trail writes by `search_lag_s` (if set)
        if cutoff is not None:
            q = q.where(Opportunity.updated_at <= cutoff)
    stage = query("stage", one_of(*STAGES))
    if stage:
        q = q.where(Opportunity.stage == stage)
    archived = query("archived", bool_query)
    if archived is not None:
        q = q.where(Opportunity.archived_at.isnot(None) if archived else Opportunity.archived_at.is_(None))
    since = query("updated_at_start", ms_query)
    if since is not None:
        q = q.where(Opportunity.updated_at >= since)
    c = ctx()
    with c.db.session() as s:
        body = page(s, q.order_by(Opportunity.created_at, Opportunity.id), lambda o: o)
        body["data"] = _serialize_opps(s, body["data"], expand)
        return jsonify(body)


OPP_FIELDS = {"contactId": (uuid_arg, True), "postingId": (nullable(uuid_arg), False),
              "ownerId": (nullable(uuid_arg), False), "stage": (one_of(*STAGES), False),
              "origin": (one_of(*ORIGINS), False), "tags": (tag_list, False), "createdAt": (epoch_ms, False)}


@bp.post("/opportunities")
def create_opportunity():
    data = fields(json_body(), OPP_FIELDS)
    c = ctx()
    with c.db.session() as s, _write():
        get_or_404(s, Contact, data["contactId"], "contact")
        if data.get("postingId"):
            get_or_404(s, Posting, data["postingId"], "posting")
        if data.get("ownerId"):
            get_or_404(s, User, data["ownerId"], "user")
        values = {"contact_id": data["contactId"], "posting_id": data.get("postingId"),
                  "owner_id": data.get("ownerId"), "stage": data.get("stage", "new-lead"),
                  "origin": data.get("origin", "applied"), "tags": sorted(set(data.get("tags", [])))}
        if "createdAt" in data:
            values["created_at"] = values["updated_at"] = data["createdAt"]
        o = c.spec.mutations.create(s, c, "opportunities", values)
        return jsonify({"data": M.opportunity(o)}), 201


def _opp(s, opportunity_id) -> Opportunity:
    return get_or_404(s, Opportunity, uuid_arg("opportunity_id", opportunity_id), "opportunity")


@bp.get("/opportunities/<opportunity_id>")
def get_opportunity(opportunity_id):
    expand = _expand()
    c = ctx()
    with c.db.session() as s:
        return jsonify({"data": _serialize_opps(s, [_opp(s, opportunity_id)], expand)[0]})


@bp.put("/opportunities/<opportunity_id>/stage")
def change_stage(opportunity_id):
    data = fields(json_body(), {"stage": (one_of(*STAGES), True)})
    c = ctx()
    with c.db.session() as s, _write():
        o = _opp(s, opportunity_id)
        if o.archived_at is not None:
            raise VendorError(409, "opportunity_archived", "The opportunity is archived; unarchive it first.")
        o = c.spec.mutations.update(s, c, "opportunities", o, {"stage": data["stage"]})
        return jsonify({"data": M.opportunity(o)})


@bp.post("/opportunities/<opportunity_id>/archive")
def archive(opportunity_id):
    data = fields(json_body(), {"reason": (one_of(*ARCHIVE_REASONS), True)})
    c = ctx()
    with c.db.session() as s, _write():
        o = _opp(s, opportunity_id)
        if o.archived_at is not None:
            raise VendorError(409, "already_archived", "The opportunity is already archived.")
        o = c.spec.mutations.update(s, c, "opportunities", o, {
            "archived_at": c.now(), "archive_reason": data["reason"], "archived_by": g.pl_actor})
        return jsonify({"data": M.opportunity(o)})


@bp.post("/opportunities/<opportunity_id>/unarchive")
def unarchive(opportunity_id):
    json_body(optional=True)
    c = ctx()
    with c.db.session() as s, _write():
        o = _opp(s, opportunity_id)
        if o.archived_at is None:
            raise VendorError(409, "not_archived", "The opportunity is not archived.")
        o = c.spec.mutations.update(s, c, "opportunities", o, {"archived_at": None})
        return jsonify({"data": M.opportunity(o)})


def _tags(opportunity_id, add: bool):
    data = fields(json_body(), {"tags": (tag_list, True)})
    c = ctx()
    with c.db.session() as s, _write():
        o = _opp(s, opportunity_id)
        tags = set(o.tags or [])
        tags = tags | set(data["tags"]) if add else tags - set(data["tags"])
        o = c.spec.mutations.update(s, c, "opportunities", o, {"tags": sorted(tags)})
        return jsonify({"data": M.opportunity(o)})


@bp.post("/opportunities/<opportunity_id>/addTags")
def add_tags(opportunity_id):
    return _tags(opportunity_id, True)


@bp.post("/opportunities/<opportunity_id>/removeTags")
def remove_tags(opportunity_id):
    return _tags(opportunity_id, False)


# Trap `notes-list-lag` (docs_vs_wire): an opportunity's notes are listed from the search
# index, so a note shows in GET …/notes only `notes_lag_s` seconds after it was written (the
# docs say nothing; the note's own 201, the opportunity's lastInteractionAt and its activity log
# are current at once). Default per dataset: quayline (harden-09) 2 s, every other dataset 0.
NOTES_LAG_S = {"quayline": 2.0}


def notes_lag_s(c) -> float:
    return float(c.settings.get("notes_lag_s", NOTES_LAG_S.get(c.dataset, 0.0)) or 0.0)


def set_notes_lag(c, value) -> None:
    """Control-plane setting `notes_lag_s`: seconds (0-60) a new note stays out of the notes list."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 60:
        c.settings.pop("notes_lag_s", None)
        raise VendorError(400, "invalid_settings", "`notes_lag_s` must be a number of seconds from 0 to 60")


@bp.get("/opportunities/<opportunity_id>/notes")
def list_notes(opportunity_id):
    c = ctx()
    with c.db.session() as s:
        o = _opp(s, opportunity_id)
        q = select(Note).where(Note.opportunity_id == o.id)
        lag = notes_lag_s(c)
        if lag:
            q = q.where(Note.created_at <= c.now() - timedelta(seconds=lag))
        return jsonify(page(s, q.order_by(Note.created_at, Note.id), M.note))


@bp.post("/opportunities/<opportunity_id>/notes")
def create_note(opportunity_id):
    data = fields(json_body(), {"value": (text(10000), True)})
    c = ctx()
    with c.db.session() as s, _write():
        o = _opp(s, opportunity_id)
        n = c.spec.mutations.create(s, c, "notes", {"opportunity_id": o.id, "value": data["value"],
                                                     "user_id": g.pl_actor})
        return jsonify({"data": M.note(n)}), 201


@bp.get("/opportunities/<opportunity_id>/interviews")
def list_interviews(opportunity_id):
    c = ctx()
    with c.db.session() as s:
        o = _opp(s, opportunity_id)
        q = select(Interview).where(Interview.opportunity_id == o.id).order_by(Interview.scheduled_at, Interview.id)
        return jsonify(page(s, q, M.interview))


@bp.get("/interviews")
def list_all_interviews():
    """Every opportunity's interviews in one list, in booking order (createdAt, then id)."""
    q = select(Interview)
    oid = query("opportunity_id", uuid_arg)
    if oid:
        q = q.where(Interview.opportunity_id == oid)
    since = query("updated_at_start", ms_query)
    if since is not None:
        q = q.where(Interview.updated_at >= since)
    c = ctx()
    with c.db.session() as s:
        return jsonify(page(s, q.order_by(Interview.created_at, Interview.id), M.interview))


@bp.get("/opportunities/<opportunity_id>/activities")
def list_activities(opportunity_id):
    c = ctx()
    with c.db.session() as s:
        o = _opp(s, opportunity_id)
        q = select(Activity).where(Activity.opportunity_id == o.id).order_by(Activity.created_at, Activity.id)
        return jsonify(page(s, q, M.activity))


# --- webhooks ------------------------------------------------------------------------------

W = KIT.WebhookSubscription


def _events(name, v):
    allowed = set(M.EVENT_TYPES) | {"*"}
    if not isinstance(v, list) or not v or any(e not in allowed for e in v):
        raise bad(f"`{name}` must be a non-empty list of: {', '.join(sorted(allowed))}.")
    return list(dict.fromkeys(v))


@bp.get("/webhooks")
def list_webhooks():
    c = ctx()
    with c.db.session() as s:
        return jsonify(page(s, select(W).order_by(W.created_at, W.id), M.webhook))


@bp.post("/webhooks")
def create_webhook():
    data = fields(json_body(), {"url": (text(500, URL_RE), True), "events": (_events, True)})
    c = ctx()
    with c.db.session() as s, _write():
        w = c.spec.mutations.create(s, c, "webhook_subscriptions", {"url": data["url"], "events": data["events"]})
        return jsonify({"data": M.webhook(w)}), 201


@bp.delete("/webhooks/<webhook_id>")
def delete_webhook(webhook_id):
    c = ctx()
    with c.db.session() as s, _write():
        w = s.get(W, webhook_id)
        if w is None:
            raise VendorError(404, "not_found", f"No webhook with id {webhook_id}.")
        if w.active:
            c.spec.mutations.update(s, c, "webhook_subscriptions", w, {"active": False})
        return jsonify({"data": M.webhook(w)})
