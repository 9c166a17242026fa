"""Authentication schemes. Each scheme's `authenticate()` returns the caller's principal or
raises the vendor's 401; the app builder runs it before every API request except the paths
the vendor marks public (token endpoints, docs).

Secrets come from the run's credentials (vendor.yaml defaults, overridable per run), and
token lifetimes from the traits, measured on the vendor's virtual clock.
"""
from __future__ import annotations

import base64
import hmac
import secrets as pysecrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Protocol
from urllib.parse import quote

from flask import request
from sqlalchemy import select

from vendors.kit.context import VendorContext, ctx
from vendors.kit.errors import VendorError
from vendors.kit.signing import sign_request


class AuthScheme(Protocol):
    def authenticate(self) -> str:
        """The principal of the current request; raises VendorError(401) otherwise."""


def _eq(a: str | None, b: str) -> bool:
    return a is not None and hmac.compare_digest(a.encode(), b.encode())


def unauthorized(code: str, message: str, challenge: str | None = None) -> VendorError:
    headers = {"WWW-Authenticate": challenge} if challenge else None
    return VendorError(401, code, message, headers=headers)


@dataclass(frozen=True)
class ApiKeyHeader:
    header: str
    credential: str = "api_key"

    def authenticate(self) -> str:
        given = request.headers.get(self.header)
        if not given:
            raise unauthorized("missing_api_key", f"Send your API key in the {self.header} header.")
        if not _eq(given, ctx().credential(self.credential)):
            raise unauthorized("invalid_api_key", "The API key is not valid.")
        return "key:" + given[-4:]


@dataclass(frozen=True)
class QueryKey:
    param: str = "apikey"
    credential: str = "api_key"

    def authenticate(self) -> str:
        given = request.args.get(self.param)
        if not given:
            raise unauthorized("missing_api_key", f"Pass your API key as the `{self.param}` query parameter.")
        if not _eq(given, ctx().credential(self.credential)):
            raise unauthorized("invalid_api_key", "The API key is not valid.")
        return "key:" + given[-4:]


@dataclass(frozen=True)
class StaticBearer:
    credential: str = "api_key"
    prefix: str = "Bearer "

    def authenticate(self) -> str:
        header = request.headers.get("Authorization", "")
        if not header.startswith(self.prefix):
            raise unauthorized("missing_token", f"Send `Authorization: {self.prefix}<key>`.", "Bearer")
        if not _eq(header[len(self.prefix):], ctx().credential(self.credential)):
            raise unauthorized("invalid_token", "The key is not valid.", "Bearer")
        return "key:" + header[-4:]


@dataclass(frozen=True)
class Basic:
    """HTTP Basic. With `password_credential=None` the key is the user name and the password
    is ignored (HireHarbor-style)."""

    user_credential: str = "api_key"
    password_credential: str | None = None

    def authenticate(self) -> str:
        header = request.headers.get("Authorization", "")
        if not header.startswith("Basic "):
            raise unauthorized("missing_credentials", "Use HTTP Basic authentication.", 'Basic realm="api"')
        try:
            user, _, password = base64.b64decode(header[6:], validate=True).decode().partition(":")
        except (ValueError, UnicodeDecodeError):
            raise unauthorized("invalid_credentials", "Malformed Basic credentials.", 'Basic realm="api"') from None
        c = ctx()
        ok = _eq(user, c.credential(self.user_credential)) and (
            self.password_credential is None or _eq(password, c.credential(self.password_credential)))
        if not ok:
            raise unauthorized("invalid_credentials", "The credentials are not valid.", 'Basic realm="api"')
        return "user:" + user[-4:]


@dataclass(frozen=True)
class HmacRequestSigning:
    """API key header plus an HMAC over `ts\\nMETHOD\\npath?query\\nsha256(body)`, judged on
    the vendor's clock within ±window_s (StaffLine)."""

    key_header: str
    timestamp_header: str
    signature_header: str
    window_s: int = 300
    key_credential: str = "api_key"
    secret_credential: str = "api_secret"

    def authenticate(self) -> str:
        c = ctx()
        principal = ApiKeyHeader(self.key_header, self.key_credential).authenticate()
        ts = request.headers.get(self.timestamp_header)
        sig = request.headers.get(self.signature_header)
        if not ts or not sig:
            raise unauthorized("missing_signature",
                               f"Sign every request: {self.timestamp_header} and {self.signature_header} are required.")
        if not ts.isdigit():
            raise unauthorized("invalid_timestamp", f"{self.timestamp_header} must be epoch seconds.")
        skew = abs(c.now().timestamp() - int(ts))
        if skew > self.window_s:
            raise unauthorized("signature_expired",
                               f"Timestamp is {int(skew)} s away from server time (window ±{self.window_s} s); see the Date header.")
        path_q = raw_path_and_query()
        want = sign_request(c.credential(self.secret_credential), ts, request.method, path_q, request.get_data())
        if not _eq(sig, want):
            raise unauthorized("signature_invalid", "The request signature does not match.")
        return principal


def raw_path_and_query() -> str:
    """The request target as the client sent it (what a signature covers)."""
    env = request.environ
    raw = env.get("RAW_URI") or env.get("REQUEST_URI")
    if raw:
        return raw
    path = quote(env.get("PATH_INFO", ""), safe="/:@!$&'()*+,;=-._~")
    qs = env.get("QUERY_STRING", "")
    return f"{path}?{qs}" if qs else path


class OAuth2ClientCredentials:
    """Bearer tokens minted at a token endpoint with client credentials; they expire after
    `ttl_s` vendor seconds. `mint()` is the token endpoint's logic, `authenticate()` checks them.
    With `ttl_setting`, a `/_control/config` setting of that name (seconds) overrides `ttl_s`
    for tokens minted while it is set (a task can shorten the lifetime)."""

    def __init__(self, ttl_s: int, client_id_credential: str = "client_id",
                 client_secret_credential: str = "client_secret", token_prefix: str = "tok_",
                 ttl_setting: str | None = None):
        self.ttl_s = ttl_s
        self.client_id_credential = client_id_credential
        self.client_secret_credential = client_secret_credential
        self.token_prefix = token_prefix
        self.ttl_setting = ttl_setting

    def current_ttl(self, c: VendorContext) -> int:
        if self.ttl_setting and c.settings.get(self.ttl_setting) is not None:
            return int(c.settings[self.ttl_setting])
        return self.ttl_s

    def mint(self, client_id: str | None, client_secret: str | None, grant_type: str | None) -> dict:
        c = ctx()
        if grant_type != "client_credentials":
            raise VendorError(400, "unsupported_grant_type", "grant_type must be client_credentials.")
        if not (_eq(client_id, c.credential(self.client_id_credential))
                and _eq(client_secret, c.credential(self.client_secret_credential))):
            raise VendorError(401, "invalid_client", "Client authentication failed.")
        now, ttl = c.now(), self.current_ttl(c)
        token = self.token_prefix + pysecrets.token_hex(16)
        with c.db.session() as s:
            s.add(c.kit.AccessToken(token=token, client_id=client_id, kind="access", issued_at=now,
                                    expires_at=now + timedelta(seconds=ttl)))
        return {"access_token": token, "token_type": "Bearer", "expires_in": ttl}

    def authenticate(self) -> str:
        header = request.headers.get("Authorization", "")
        if not header.startswith("Bearer "):
            raise unauthorized("missing_token", "Send `Authorization: Bearer <access token>`.", "Bearer")
        return check_token(ctx(), header[7:], kind="access")


def check_token(c: VendorContext, token: str, kind: str) -> str:
    with c.db.session() as s:
        row = s.scalar(select(c.kit.AccessToken).where(c.kit.AccessToken.token == token))
        if row is None or row.kind != kind or row.revoked:
            raise unauthorized("invalid_token", "The access token is not valid.", 'Bearer error="invalid_token"')
        if row.expires_at <= c.now():
            raise unauthorized("token_expired", "The access token has expired; request a new one.",
                               'Bearer error="invalid_token", error_description="expired"')
        return "client:" + row.client_id
