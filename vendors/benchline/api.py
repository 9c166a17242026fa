"""Benchline REST: OAuth authorize/token, /rest-services/login, and the per-data-centre REST
surface under `/{dc}/rest/` (entity, search, event subscriptions, ping).

Writes go through `SPEC.mutations` (BenchlineMutations), the same helpers the control plane
uses, so API writes and "other users'" changes land in the same event log."""
from __future__ import annotations

import datetime as dt
import re
from urllib.parse import quote, urlencode

from flask import Blueprint, g, jsonify, redirect, request
from sqlalchemy import asc, desc, func, select
from werkzeug.routing import PathConverter

from vendors.kit.context import ctx
from vendors.kit.formats import to_epoch_ms
from vendors.kit.pagination import int_arg

from . import wire
from .models import ENTITY_TABLE, Event, EventSubscription
from .wire import FIELDS, MODELS, fail

DATA_CENTRES = ("dc1", "dc2", "dc3", "dc4")
DEFAULT_DC = "dc2"
DEFAULT_COUNT, MAX_COUNT = 20, 200
DEFAULT_EVENT_TTL_S = 7200
EVENT_TYPES = ("INSERTED", "UPDATED", "DELETED")

login_bp = Blueprint("benchline_login", __name__)


class _AnyPath(PathConverter):
    """A path converter whose tail also matches control characters (an encoded LF included),
    so every data path on the login host gets its 307, whatever it holds."""
    regex = "[^/](?s:.)*?"


# recorded before the routes below, so the converter exists when they are added
login_bp.record_once(lambda state: state.app.url_map.converters.setdefault("anypath", _AnyPath))
bp = Blueprint("benchline_rest", __name__, url_prefix="/<dc>/rest")


def _auth():
    return ctx().spec.auth


def account_dc(c) -> str:
    return c.settings.get("data_centre") or DEFAULT_DC


# --- OAuth + login ------------------------------------------------------------------------------

@login_bp.get("/oauth/authorize")
def authorize():
    a = request.args
    if a.get("response_type") != "code":
        raise fail(400, "unsupported_response_type", "response_type must be code.")
    code = _auth().authorize(a.get("client_id"), a.get("username"), a.get("password"))
    target = a.get("redirect_uri") or "https://auth.benchline.example/oauth/callback"
    if not re.match(r"^https?://[^\s]+$", target):
        raise fail(400, "invalid_request", "redirect_uri must be an http(s) URL.")
    params = {"code": code, "client_id": a.get("client_id")}
    if a.get("state"):
        params["state"] = a["state"]
    sep = "&" if "?" in target else "?"
    return redirect(f"{target}{sep}{urlencode(params)}", code=302)


@login_bp.post("/oauth/token")
def token():
    """Parameters as query parameters (Benchline's documented way) or a form body."""
    fields = {**request.args.to_dict(), **request.form.to_dict()}
    if not fields.get("grant_type"):
        raise fail(400, "invalid_request", "grant_type is required (authorization_code or refresh_token).")
    return jsonify(_auth().exchange(fields.get("grant_type"), fields))


@login_bp.post("/rest-services/login")
def login():
    c = ctx()
    if request.args.get("version") not in (None, "", "*", "2.0"):
        raise fail(400, "errors.invalidVersion", "version must be 2.0 (or *).")
    dc = account_dc(c)
    session, expires = _auth().login(request.args.get("access_token"), {"dc": dc})
    return jsonify({"BhRestToken": session, "restUrl": f"{request.host_url}{dc}/rest/",
                    "sessionExpires": to_epoch_ms(expires)})


# --- data centre routing ------------------------------------------------------------------------

# what may stay literal in a path segment of the Location (RFC 3986 pchar besides unreserved)
_PATH_SAFE = "/:@!$&'()*+,;="


def _redirect_home(home: str, rest_path: str):
    """307 to the same call in data centre `home`; the query string is kept except
    the BhRestToken parameter (send the token as a header to survive it). `rest_path` is the
    decoded path: it is percent-encoded again, so an encoded CR, LF, `?`, `#` or `%` in the
    request's path stays encoded in the Location (never a header break or a literal query)."""
    query = urlencode([(k, v) for k, v in request.args.items(multi=True) if k != "BhRestToken"])
    path = quote(rest_path, safe=_PATH_SAFE)
    return redirect(f"/{home}/rest/{path}" + (f"?{query}" if query else ""), code=307)


@login_bp.route("/rest/<anypath:rest>", methods=["GET", "PUT", "POST", "DELETE"])
def login_host_data(rest: str):
    """The login host serves no data: data paths answer 307 to the session's data centre."""
    return _redirect_home(g.get("session_data", {}).get("dc") or account_dc(ctx()), rest)


@bp.url_value_preprocessor
def _pop_dc(endpoint, values):
    g.dc = (values or {}).pop("dc", None)


@bp.before_request
def _route_dc():
    here, home = g.get("dc"), g.get("session_data", {}).get("dc")
    if here not in DATA_CENTRES:
        raise fail(404, "errors.notFound", f"No such data centre path {here!r}.")
    if home and here != home:
        c = ctx()
        window, moved = c.settings.get("dc_redirect_s"), c.extra.get("dc_moved")
        if window is not None and moved and here == moved["from"] and \
                c.now() > moved["at"] + dt.timedelta(seconds=float(window)):
            raise fail(401, "invalid_session",
                       f"Data centre {here} no longer serves this account; use the restUrl from your login.")
        # The session lives in another data centre.
        return _redirect_home(home, request.path[len(f"/{here}/rest/"):])


# --- entity -------------------------------------------------------------------------------------

def _ids(raw: str) -> list[int]:
    try:
        ids = [int(x) for x in raw.split(",")]
    except ValueError:
        raise fail(400, "errors.invalidId", "Entity ids are integers, comma-separated.") from None
    if not ids or len(ids) > 500 or any(not 0 < i < 2**62 for i in ids):
        raise fail(400, "errors.invalidId", "Between 1 and 500 positive integer ids.")
    return ids


def _visible(obj) -> bool:
    return obj is not None and not getattr(obj, "is_deleted", False)


@bp.get("/ping")
def ping():
    return jsonify({"sessionExpires": to_epoch_ms(g.session_expires_at)})


@bp.get("/entity/<entity>/<ids>")
def get_entity(entity: str, ids: str):
    c = ctx()
    entity = wire.entity_or_404(entity)
    fields = wire.parse_fields(entity)
    wanted = _ids(ids)
    with c.db.session() as s:
        rows = [o for o in (s.get(MODELS[entity], i) for i in wanted) if o is not None]
        if not rows:
            raise fail(404, "errors.entityNotFound", f"No {entity} with id {ids}.")
        data = [wire.render(s, entity, o, fields) for o in rows]
    return jsonify({"data": data[0] if len(wanted) == 1 else data})


@bp.put("/entity/<entity>")
def create_entity(entity: str):
    c = ctx()
    entity = wire.entity_or_404(entity)
    body = request.get_json(silent=True)
    with c.db.session() as s:
        values = wire.values_from_body(s, entity, body, creating=True)
        obj = c.spec.mutations.create(s, c, ENTITY_TABLE[entity], values)
        return jsonify({"changedEntityType": entity, "changedEntityId": obj.id, "changeType": "INSERT",
                        "data": wire.render(s, entity, obj, [(n, None) for n in FIELDS[entity]])})


@bp.post("/entity/<entity>/<ids>")
def update_entity(entity: str, ids: str):
    c = ctx()
    entity = wire.entity_or_404(entity)
    (record_id,) = _ids(ids)[:1]
    body = request.get_json(silent=True)
    with c.db.session() as s:
        obj = s.get(MODELS[entity], record_id)
        if not _visible(obj):
            raise fail(404, "errors.entityNotFound", f"No {entity} with id {record_id}.")
        values = wire.values_from_body(s, entity, body, creating=False)
        changed = {k: v for k, v in values.items() if getattr(obj, k) != v}
        if changed:
            c.spec.mutations.update(s, c, ENTITY_TABLE[entity], obj, changed)
        return jsonify({"changedEntityType": entity, "changedEntityId": obj.id, "changeType": "UPDATE",
                        "data": wire.render(s, entity, obj, [(n, None) for n in FIELDS[entity]])})


@bp.delete("/entity/<entity>/<ids>")
def delete_entity(entity: str, ids: str):
    """Placements are deleted; the other entities are soft-deleted (isDeleted = true). Like every
    write answer, `data` is the record (every field): a Placement as it was when deleted."""
    c = ctx()
    entity = wire.entity_or_404(entity)
    (record_id,) = _ids(ids)[:1]
    m = c.spec.mutations
    with c.db.session() as s:
        obj = s.get(MODELS[entity], record_id)
        if not _visible(obj):
            raise fail(404, "errors.entityNotFound", f"No {entity} with id {record_id}.")
        every = [(n, None) for n in FIELDS[entity]]
        if entity == "Placement":
            data = wire.render(s, entity, obj, every)  # the record as it was when deleted
            m.delete(s, c, "placements", obj)
        else:
            m.update(s, c, ENTITY_TABLE[entity], obj, {"is_deleted": True})
            data = wire.render(s, entity, obj, every)  # the soft-deleted record (isDeleted true)
        return jsonify({"changedEntityType": entity, "changedEntityId": record_id, "changeType": "DELETE",
                        "data": data})


# --- search -------------------------------------------------------------------------------------

_CLAUSE = re.compile(r'^([A-Za-z]+(?:\.id)?):(\[(\S+) TO (\S+)\]|"[^"]*"|\S+)$')


def _scalar(entity: str, name: str, text: str):
    col, kind = FIELDS[entity][name]
    if kind == "instant":
        return dt.datetime.fromtimestamp(int(text) / 1000, tz=dt.timezone.utc)
    if kind == "date":
        return wire.ms_to_date(int(text), name)
    if kind in ("int",) or kind.startswith("ref:"):
        value = int(text)
        if not -2**62 < value < 2**62:
            raise ValueError(text)
        return value
    if kind == "float":
        return float(text)
    if kind == "bool":
        if text not in ("true", "false"):
            raise ValueError(text)
        return text == "true"
    return text.strip('"')


def _where(entity: str, query: str):
    """`field:value AND field:[from TO to] AND jobOrder.id:12` (values epoch ms for dates)."""
    model = MODELS[entity]
    conds = []
    if query.strip() in ("", "*", "*:*"):
        return conds
    for part in re.split(r"\s+AND\s+", query.strip()):
        m = _CLAUSE.match(part.strip())
        if not m:
            raise fail(400, "errors.invalidQuery", f"Cannot parse query clause {part!r}.")
        name = m.group(1).removesuffix(".id")
        if name not in FIELDS[entity] or FIELDS[entity][name][1] == "computed" or \
                (m.group(1).endswith(".id") and not FIELDS[entity][name][1].startswith("ref:")):
            raise fail(400, "errors.invalidQuery", f"{entity} cannot be searched by {m.group(1)!r}.")
        column = getattr(model, FIELDS[entity][name][0])
        try:
            if m.group(3) is not None:
                lo, hi = m.group(3), m.group(4)
                if lo != "*":
                    conds.append(column >= _scalar(entity, name, lo))
                if hi != "*":
                    conds.append(column <= _scalar(entity, name, hi))
            else:
                conds.append(column == _scalar(entity, name, m.group(2)))
        except (ValueError, OverflowError, OSError):
            raise fail(400, "errors.invalidQuery", f"Bad value in {part!r}.") from None
    return conds


@bp.get("/search/<entity>")
def search(entity: str):
    c = ctx()
    entity = wire.entity_or_404(entity)
    fields = wire.parse_fields(entity)
    query = request.args.get("query")
    if query is None:
        raise fail(400, "errors.missingQuery", "The query parameter is required (query=* for everything).")
    conds = _where(entity, query)
    start = int_arg("start", 0, minimum=0, maximum=10**9)
    count = int_arg("count", DEFAULT_COUNT, minimum=1, maximum=MAX_COUNT, clamp=True)
    sort = request.args.get("sort") or "id"
    name = sort.lstrip("-")
    if name not in FIELDS[entity] or FIELDS[entity][name][1] == "computed":
        raise fail(400, "errors.invalidSort", f"Cannot sort {entity} by {sort!r}.")
    model = MODELS[entity]
    order = (desc if sort.startswith("-") else asc)(getattr(model, FIELDS[entity][name][0]))
    q = select(model).where(*conds)
    if hasattr(model, "is_deleted") and "isDeleted" not in query:
        q = q.where(model.is_deleted.is_(False))
    with c.db.session() as s:
        total = int(s.scalar(select(func.count()).select_from(q.subquery())) or 0)
        rows = list(s.scalars(q.order_by(order, model.id).offset(start).limit(count)))
        data = [wire.render(s, entity, o, fields) for o in rows]
    return jsonify({"total": total, "start": start, "count": len(data), "data": data})


# --- event subscriptions ------------------------------------------------------------------------

def event_ttl(c) -> int:
    return int(c.settings.get("event_ttl_s") or DEFAULT_EVENT_TTL_S)


def _sub_name(sub_id: str) -> str:
    if not re.fullmatch(r"[A-Za-z0-9_.-]{1,100}", sub_id):
        raise fail(400, "errors.invalidSubscription", "Subscription names are 1–100 of [A-Za-z0-9_.-].")
    return sub_id


@bp.put("/event/subscription/<sub_id>")
def subscribe(sub_id: str):
    c = ctx()
    sub_id = _sub_name(sub_id)
    if request.args.get("type", "entity") != "entity":
        raise fail(400, "errors.invalidType", "type must be entity.")
    names = [n for n in (request.args.get("names") or "").split(",") if n]
    types = [t for t in (request.args.get("eventTypes") or ",".join(EVENT_TYPES)).split(",") if t]
    if not names or any(n not in FIELDS for n in names):
        raise fail(400, "errors.invalidNames", f"names must list entities among {sorted(FIELDS)}.")
    if not types or any(t not in EVENT_TYPES for t in types):
        raise fail(400, "errors.invalidEventTypes", f"eventTypes must be among {list(EVENT_TYPES)}.")
    now = c.now()
    with c.db.session() as s:
        sub = s.get(EventSubscription, sub_id)
        last = int(s.scalar(select(Event.id).order_by(Event.id.desc()).limit(1)) or 0)
        if sub is None:
            sub = EventSubscription(id=sub_id, entity_names=names, event_types=types, cursor=last,
                                    last_request_id=0, last_batch=[], last_polled_at=now, created_at=now)
            s.add(sub)
        elif _expired(c, sub):  # re-subscribing an expired name starts it afresh
            sub.entity_names, sub.event_types, sub.cursor = names, types, last
            sub.last_request_id, sub.last_batch, sub.last_polled_at, sub.created_at = 0, [], now, now
        else:
            raise fail(409, "errors.subscriptionExists", f"Subscription {sub_id!r} already exists.")
        return jsonify({"subscriptionId": sub.id, "createdOn": to_epoch_ms(now),
                        "jmsSelector": f"JMSType='ENTITY' AND BH_ENTITY_NAME IN ({','.join(names)})"
                                       f" AND BH_ENTITY_EVENT_TYPE IN ({','.join(types)})",
                        "lastRequestId": 0})


def _expired(c, sub) -> bool:
    return sub.last_polled_at + dt.timedelta(seconds=event_ttl(c)) <= c.now()


def _live_sub(s, c, sub_id: str):
    sub = s.get(EventSubscription, _sub_name(sub_id))
    if sub is None:
        raise fail(404, "errors.subscriptionNotFound", f"No subscription {sub_id!r}.")
    if _expired(c, sub):
        raise fail(410, "subscription_expired",
                   f"Subscription {sub_id!r} was not polled for {event_ttl(c)} s and has expired; its "
                   "events are gone. Subscribe again and reload what you need.")
    return sub


def _render_event(ev: Event) -> dict:
    return {"eventId": ev.event_id, "eventType": "ENTITY", "eventTimestamp": to_epoch_ms(ev.created_at),
            "eventMetadata": {"TRANSACTION_ID": ev.event_id.removeprefix("evt_")},
            "entityName": ev.entity_name, "entityId": ev.entity_id,
            "entityEventType": ev.entity_event_type, "updatedProperties": list(ev.updated_properties or [])}


@bp.get("/event/subscription/<sub_id>")
def poll(sub_id: str):
    c = ctx()
    max_events = int_arg("maxEvents", 100, minimum=1, maximum=500)
    request_id = int_arg("requestId", None, minimum=0, maximum=2**62)
    now = c.now()
    oldest = now - dt.timedelta(seconds=event_ttl(c))
    with c.db.session() as s:
        sub = _live_sub(s, c, sub_id)
        sub.last_polled_at = now
        if request_id is not None:
            if request_id != sub.last_request_id or request_id == 0:
                raise fail(400, "errors.invalidRequestId",
                           f"Only the last batch (requestId {sub.last_request_id}) can be fetched again.")
            events = [ev for ev in (s.get(Event, i) for i in sub.last_batch) if ev and ev.created_at > oldest]
            return jsonify({"requestId": request_id, "events": [_render_event(e) for e in events]})
        q = (select(Event).where(Event.id > sub.cursor, Event.entity_name.in_(sub.entity_names),
                                 Event.entity_event_type.in_(sub.event_types), Event.created_at > oldest)
             .order_by(Event.id).limit(max_events))
        events = list(s.scalars(q))
        if events:
            sub.cursor = events[-1].id
        sub.last_request_id += 1
        sub.last_batch = [e.id for e in events]
        return jsonify({"requestId": sub.last_request_id, "events": [_render_event(e) for e in events]})


@bp.delete("/event/subscription/<sub_id>")
def unsubscribe(sub_id: str):
    c = ctx()
    with c.db.session() as s:
        sub = s.get(EventSubscription, _sub_name(sub_id))
        if sub is None:
            raise fail(404, "errors.subscriptionNotFound", f"No subscription {sub_id!r}.")
        s.delete(sub)
    return jsonify({"result": True})
