"""Benchline: a staffing ATS. OAuth authorization code (non-interactive for the API user) →
access + refresh tokens → `/rest-services/login` → a session token (`BhRestToken`, 20 min
idle expiry, at most 3 live sessions) and a per-session `restUrl` in the account's data
centre (`/{dc}/rest/`; other data centres answer 307). `fields=` is required; `start`/`count`
pages (count silently capped at 200); no webhooks: polled event subscriptions whose events
expire, with the last batch re-fetchable by `requestId`."""
from __future__ import annotations

from typing import Any

from flask import Flask
from sqlalchemy import select

from vendors.kit.app import build_app
from vendors.kit.auth import unauthorized
from vendors.kit.context import ctx
from vendors.kit.errors import VendorError
from vendors.kit.session_auth import SessionLogin
from vendors.kit.spec import VendorSpec
from bundle.traits import load_traits

from .api import DATA_CENTRES, DEFAULT_DC, bp, login_bp
from .models import KIT, Base
from .mutations import mutations
from .seed import seed

TRAITS = load_traits("benchline")


class BenchlineSessions(SessionLogin):
    """Benchline's sessions: the kit's, plus the sessions a failover ended (mutations.failover):
    they answer 401 `invalid_session` (their expiry does not slide any more) and still count
    as live until they expire."""

    def authenticate(self) -> str:
        c, token = ctx(), self.given_token()
        if token:
            T = c.kit.AccessToken
            with c.db.session() as s:
                row = s.scalar(select(T).where(T.token == token))
                ended = row is not None and row.kind == "session" and not row.revoked \
                    and row.expires_at > c.now() and (row.data or {}).get("failed_over")
            if ended:
                raise unauthorized("invalid_session", "This session ended when the account failed over to "
                                   "another data centre; log in again.")
        return super().authenticate()


AUTH = BenchlineSessions(TRAITS.auth.token.ttl_s, max_sessions=3, access_ttl_s=600, refresh_ttl_s=30 * 86400,
                    code_ttl_s=120, sliding=True, single_use_refresh=True,
                    token_param="BhRestToken", token_header="BhRestToken",
                    session_ttl_setting="session_ttl_s", max_sessions_setting="max_sessions")


def envelope(status: int, code: str, message: str, details: dict | None) -> dict:
    body: dict[str, Any] = {"errorMessage": message, "errorMessageKey": code, "errorCode": status}
    if details:
        body["details"] = details
    return body


def _positive(name: str):
    def check(c, value) -> None:
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0):
            c.settings.pop(name, None)
            raise VendorError(400, "invalid_settings", f"{name} must be a positive number (or null).")
    return check


def _data_centre(c, value) -> None:
    if value is not None and value not in DATA_CENTRES:
        c.settings.pop("data_centre", None)
        raise VendorError(400, "invalid_settings", f"data_centre must be one of {list(DATA_CENTRES)} (or null).")
    previous = c.extra.get("dc_current", DEFAULT_DC)
    current = value or DEFAULT_DC
    if current != previous:  # the account moved: remember from where and when (dc_redirect_s)
        c.extra["dc_moved"] = {"from": previous, "at": c.now()}
        c.extra["dc_current"] = current


SPEC = VendorSpec(
    name="benchline", base=Base, kit_models=KIT, seed=seed, blueprints=[login_bp, bp], auth=AUTH,
    mutations=mutations(), envelope=envelope,
    public_paths=("/oauth/", "/rest-services/", "/docs", "/openapi.yaml"),
    settings={"data_centre": _data_centre, "session_ttl_s": _positive("session_ttl_s"),
              "max_sessions": _positive("max_sessions"), "event_ttl_s": _positive("event_ttl_s"),
              "dc_redirect_s": _positive("dc_redirect_s")},
    traits=TRAITS,
)


def create_app(config: dict | None = None) -> Flask:
    return build_app(SPEC, config)
