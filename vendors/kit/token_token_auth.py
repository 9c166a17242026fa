"""`Authorization: Token token=<key>` (Rails `authenticate_with_http_token` style, Teamtailor).

The value may be bare or double-quoted (`Token token="<key>"`); other `key=value` pairs after a
comma are ignored. A missing or other-scheme header and a wrong key are both 401 with a
`WWW-Authenticate: Token realm="…"` challenge.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from flask import request

from vendors.kit.auth import _eq, unauthorized
from vendors.kit.context import ctx

_TOKEN = re.compile(r'^Token\s+token=(?:"([^"]*)"|([^,\s]*))\s*(?:,.*)?$')


def parse_token_token(header: str | None) -> str | None:
    """The key in `Token token=<key>` (None when the header is not of that form)."""
    m = _TOKEN.match((header or "").strip())
    if not m:
        return None
    key = m.group(1) if m.group(1) is not None else m.group(2)
    return key or None


@dataclass(frozen=True)
class TokenToken:
    credential: str = "api_key"
    realm: str = "api"

    def authenticate(self) -> str:
        key = parse_token_token(request.headers.get("Authorization"))
        challenge = f'Token realm="{self.realm}"'
        if key is None:
            raise unauthorized("missing_token", "Send `Authorization: Token token=<your API key>`.", challenge)
        if not _eq(key, ctx().credential(self.credential)):
            raise unauthorized("invalid_token", "The API key is not valid.", challenge)
        return "key:" + key[-4:]
