"""Session login: OAuth authorization code (non-interactive for the test user) → access +
refresh tokens → a login endpoint that trades an access token for a session token.

Everything lives in the kit's `AccessToken` table (kinds `code`, `access`, `refresh`,
`session`) and is judged on the vendor clock:

- `authorize(...)` checks client id and the test user's username/password and mints a
  single-use code (`code_ttl_s`);
- `exchange(grant_type, fields)` handles `authorization_code` and `refresh_token` grants
  (refresh tokens are single use when `single_use_refresh`: a new one comes back each time);
- `login(access_token, data)` mints a session token valid for `session_ttl_s` vendor seconds
  (sliding: each authenticated request pushes the expiry out again when `sliding`), refused
  with 403 `max_sessions` while `max_sessions` sessions are live (sessions end only by expiry);
  `data` is stored with the session (e.g. the vendor's data centre);
- `authenticate()` reads the session token from a header or a query parameter, 401 when it is
  missing, unknown or expired; the row's `data` is left in `flask.g.session_data`.

TTLs and the ceiling can be overridden per run by `/_control/config` settings whose names are
given (`session_ttl_setting`, `max_sessions_setting`). Error codes are generic; the vendor's
envelope renders them.
"""
from __future__ import annotations

import hmac
import secrets as pysecrets
from datetime import timedelta
from typing import Any

from flask import g, request
from sqlalchemy import func, select

from vendors.kit.auth import unauthorized
from vendors.kit.context import VendorContext, ctx
from vendors.kit.errors import VendorError


def _eq(a: str | None, b: str) -> bool:
    return isinstance(a, str) and hmac.compare_digest(a.encode(), b.encode())


class SessionLogin:
    def __init__(self, session_ttl_s: int, max_sessions: int | None = None, *,
                 access_ttl_s: int = 600, refresh_ttl_s: int = 30 * 86400, code_ttl_s: int = 120,
                 sliding: bool = True, single_use_refresh: bool = True,
                 token_param: str | None = "BhRestToken", token_header: str | None = "BhRestToken",
                 prefix: str = "", session_ttl_setting: str | None = None,
                 max_sessions_setting: str | None = None):
        self.session_ttl_s, self.max_sessions = session_ttl_s, max_sessions
        self.access_ttl_s, self.refresh_ttl_s, self.code_ttl_s = access_ttl_s, refresh_ttl_s, code_ttl_s
        self.sliding, self.single_use_refresh = sliding, single_use_refresh
        self.token_param, self.token_header, self.prefix = token_param, token_header, prefix
        self.session_ttl_setting, self.max_sessions_setting = session_ttl_setting, max_sessions_setting

    # --- settings ----------------------------------------------------------------------------
    def session_ttl(self, c: VendorContext) -> int:
        if self.session_ttl_setting and c.settings.get(self.session_ttl_setting) is not None:
            return int(c.settings[self.session_ttl_setting])
        return self.session_ttl_s

    def ceiling(self, c: VendorContext) -> int | None:
        if self.max_sessions_setting and c.settings.get(self.max_sessions_setting) is not None:
            return int(c.settings[self.max_sessions_setting])
        return self.max_sessions

    # --- minting -------------------------------------------------------------------------------
    def _mint(self, c: VendorContext, kind: str, client_id: str, ttl: int, data: dict | None = None):
        now = c.now()
        token = f"{self.prefix}{kind[:3]}_{pysecrets.token_hex(16)}"
        row = c.kit.AccessToken(token=token, client_id=client_id, kind=kind, issued_at=now,
                                expires_at=now + timedelta(seconds=ttl), data=data)
        with c.db.session() as s:
            s.add(row)
        return token, row

    def _take(self, c: VendorContext, token: str | None, kind: str, consume: bool):
        """The live row of `token` (kind checked), revoked when `consume`; None otherwise."""
        if not isinstance(token, str) or not token:
            return None
        with c.db.session() as s:
            row = s.scalar(select(c.kit.AccessToken).where(c.kit.AccessToken.token == token))
            if row is None or row.kind != kind or row.revoked or row.expires_at <= c.now():
                return None
            if consume:
                row.revoked = True
            return {"client_id": row.client_id, "data": row.data, "expires_at": row.expires_at}

    def check_client(self, c: VendorContext, client_id: str | None, client_secret: str | None = None,
                     secret_required: bool = True) -> None:
        if not _eq(client_id, c.credential("client_id")):
            raise VendorError(401, "invalid_client", "Unknown client_id.")
        if secret_required and not _eq(client_secret, c.credential("client_secret")):
            raise VendorError(401, "invalid_client", "Client authentication failed.")

    def authorize(self, client_id: str | None, username: str | None, password: str | None) -> str:
        c = ctx()
        self.check_client(c, client_id, secret_required=False)
        if not (_eq(username, c.credential("username")) and _eq(password, c.credential("password"))):
            raise VendorError(401, "invalid_grant", "Invalid username or password.")
        code, _ = self._mint(c, "code", client_id or "", self.code_ttl_s)
        return code

    def exchange(self, grant_type: str | None, fields: dict[str, Any]) -> dict:
        c = ctx()
        if grant_type not in ("authorization_code", "refresh_token"):
            raise VendorError(400, "unsupported_grant_type",
                              "grant_type must be authorization_code or refresh_token.")
        self.check_client(c, fields.get("client_id"), fields.get("client_secret"))
        if grant_type == "authorization_code":
            got = self._take(c, fields.get("code"), "code", consume=True)
            if got is None:
                raise VendorError(400, "invalid_grant", "The authorization code is invalid, used or expired.")
        else:
            got = self._take(c, fields.get("refresh_token"), "refresh", consume=self.single_use_refresh)
            if got is None:
                raise VendorError(400, "invalid_grant", "The refresh token is invalid, used or expired.")
        client_id = fields["client_id"]
        access, _ = self._mint(c, "access", client_id, self.access_ttl_s)
        body = {"access_token": access, "token_type": "Bearer", "expires_in": self.access_ttl_s}
        if grant_type == "authorization_code" or self.single_use_refresh:
            body["refresh_token"], _ = self._mint(c, "refresh", client_id, self.refresh_ttl_s)
        else:
            body["refresh_token"] = fields["refresh_token"]
        return body

    def live_sessions(self, c: VendorContext) -> int:
        with c.db.session() as s:
            T = c.kit.AccessToken
            return int(s.scalar(select(func.count()).select_from(T).where(
                T.kind == "session", T.revoked.is_(False), T.expires_at > c.now())) or 0)

    def login(self, access_token: str | None, data: dict | None = None) -> tuple[str, Any]:
        """A new session for a live access token: (session token, expires_at)."""
        c = ctx()
        got = self._take(c, access_token, "access", consume=False)
        if got is None:
            raise unauthorized("invalid_access_token", "The access token is invalid or expired.")
        ceiling = self.ceiling(c)
        if ceiling is not None and self.live_sessions(c) >= ceiling:
            raise VendorError(403, "max_sessions",
                              f"This API user already has {ceiling} live sessions; reuse one "
                              "(sessions end only when they expire).")
        token, row = self._mint(c, "session", got["client_id"], self.session_ttl(c), data)
        return token, row.expires_at

    # --- checking ----------------------------------------------------------------------------
    def given_token(self) -> str | None:
        if self.token_header and request.headers.get(self.token_header):
            return request.headers[self.token_header]
        if self.token_param and request.args.get(self.token_param):
            return request.args[self.token_param]
        return None

    def authenticate(self) -> str:
        c = ctx()
        token = self.given_token()
        if not token:
            raise unauthorized("missing_session", "Send the session token (from login) with every call.")
        now = c.now()
        with c.db.session() as s:
            row = s.scalar(select(c.kit.AccessToken).where(c.kit.AccessToken.token == token))
            if row is None or row.kind != "session" or row.revoked:
                raise unauthorized("invalid_session", "The session token is not valid; log in again.")
            if row.expires_at <= now:
                raise unauthorized("session_expired", "The session has expired; log in again.")
            if self.sliding:
                row.expires_at = now + timedelta(seconds=self.session_ttl(c))
            g.session_data = dict(row.data or {})
            g.session_expires_at = row.expires_at
            return "session:" + row.client_id
