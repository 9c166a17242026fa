"""`vendors.kit.session_auth.SessionLogin`, exercised through a minimal vendor: code →
token → login → session; single-use codes and refresh tokens; sliding idle expiry on the
vendor clock; the live-session ceiling; settings overriding TTL and ceiling."""
from __future__ import annotations

from flask import Blueprint, g, jsonify, request
from sqlalchemy.orm import DeclarativeBase

from vendors.kit.app import build_app, context_of
from vendors.kit.context import ctx
from vendors.kit.models import add_kit_models
from vendors.kit.mutations import Mutations
from vendors.kit.session_auth import SessionLogin
from vendors.kit.spec import VendorSpec
from bundle.traits import parse_traits

TRAITS = parse_traits("""
name: sess
title: Sess
env_prefix: SESS
summary: test vendor
api_prefix: /
auth:
  scheme: session_login
  secrets: [{name: client_id, placement: query, field: client_id}]
  token: {endpoint: /login, ttl_s: 100}
pagination: {style: start_count, params: {offset: start, limit: count}, default_limit: 5, max_limit: 10}
timestamps: epoch_ms
ids: integer
datasets: [small]
credentials: {client_id: cid, client_secret: csec, username: u, password: p}
""")


class Base(DeclarativeBase):
    pass


KIT = add_kit_models(Base)
AUTH = SessionLogin(100, max_sessions=2, access_ttl_s=50, code_ttl_s=10, token_param="t", token_header="X-Session",
                    session_ttl_setting="session_ttl_s", max_sessions_setting="max_sessions")
bp = Blueprint("sess", __name__)


@bp.get("/oauth/authorize")
def authorize():
    a = request.args
    return jsonify({"code": ctx().spec.auth.authorize(a.get("client_id"), a.get("username"), a.get("password"))})


@bp.post("/oauth/token")
def token():
    return jsonify(ctx().spec.auth.exchange(request.args.get("grant_type"), request.args.to_dict()))


@bp.post("/login")
def login():
    tok, _ = ctx().spec.auth.login(request.args.get("access_token"), {"where": "here"})
    return jsonify({"session": tok})


@bp.get("/data")
def data():
    return jsonify({"where": g.session_data["where"]})


SPEC = VendorSpec(name="sess", base=Base, kit_models=KIT, seed=lambda s, c, d, n: None, blueprints=[bp],
                  auth=AUTH, mutations=Mutations({}), public_paths=("/oauth/", "/login"),
                  settings={"session_ttl_s": None, "max_sessions": None}, package="vendors.placemint",
                  traits=TRAITS)
VIA = {"X-IB-Via": "n"}


def _app():
    app = build_app(SPEC, {"CONTROL_TOKEN": "ct", "VIA_NONCE": "n", "DELIVERIES": False})
    return app, app.test_client()


def _access(client, **over):
    code = client.get("/oauth/authorize?client_id=cid&username=u&password=p", headers=VIA).json["code"]
    q = {"grant_type": "authorization_code", "code": code, "client_id": "cid", "client_secret": "csec", **over}
    return client.post("/oauth/token", query_string=q, headers=VIA)


def _login(client, access):
    return client.post("/login", query_string={"access_token": access}, headers=VIA)


def test_code_token_login_and_session_data():
    app, client = _app()
    assert client.get("/oauth/authorize?client_id=cid&username=u&password=x", headers=VIA).status_code == 401
    r = _access(client)
    assert r.status_code == 200 and r.json["expires_in"] == 50
    s = _login(client, r.json["access_token"]).json["session"]
    assert client.get("/data", headers={**VIA, "X-Session": s}).json == {"where": "here"}
    assert client.get(f"/data?t={s}", headers=VIA).status_code == 200
    assert client.get("/data", headers=VIA).status_code == 401
    assert _login(client, "nope").status_code == 401


def test_codes_and_refresh_tokens_are_single_use():
    app, client = _app()
    code = client.get("/oauth/authorize?client_id=cid&username=u&password=p", headers=VIA).json["code"]
    q = {"grant_type": "authorization_code", "code": code, "client_id": "cid", "client_secret": "csec"}
    first = client.post("/oauth/token", query_string=q, headers=VIA)
    assert first.status_code == 200
    assert client.post("/oauth/token", query_string=q, headers=VIA).status_code == 400
    rq = {"grant_type": "refresh_token", "refresh_token": first.json["refresh_token"], "client_id": "cid",
          "client_secret": "csec"}
    assert client.post("/oauth/token", query_string=rq, headers=VIA).status_code == 200
    assert client.post("/oauth/token", query_string=rq, headers=VIA).status_code == 400
    assert _access(client, client_secret="bad").status_code == 401


def test_sliding_expiry_and_ceiling_on_the_vendor_clock():
    app, client = _app()
    c = context_of(app)
    access = _access(client).json["access_token"]
    s1 = _login(client, access).json["session"]
    _login(client, access)
    third = _login(client, access)
    assert third.status_code == 403 and third.json["error"]["code"] == "max_sessions"
    c.clock.advance(90)
    assert client.get("/data", headers={**VIA, "X-Session": s1}).status_code == 200  # pushes s1 out
    c.clock.advance(20)  # the second session (idle 110 s) has expired, s1 has not
    assert client.get("/data", headers={**VIA, "X-Session": s1}).status_code == 200
    access = _access(client).json["access_token"]
    assert _login(client, access).status_code == 200  # one live + one new
    c.clock.advance(101)
    r = client.get("/data", headers={**VIA, "X-Session": s1})
    assert r.status_code == 401 and r.json["error"]["code"] == "session_expired"


def test_settings_override_ttl_and_ceiling():
    app, client = _app()
    c = context_of(app)
    c.settings.update({"session_ttl_s": 5, "max_sessions": 1})
    access = _access(client).json["access_token"]
    s = _login(client, access).json["session"]
    assert _login(client, access).status_code == 403
    c.clock.advance(6)
    assert client.get("/data", headers={**VIA, "X-Session": s}).status_code == 401
    assert _login(client, access).status_code == 200
