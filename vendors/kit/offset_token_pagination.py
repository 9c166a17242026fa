"""Opaque offset tokens (Lever-style): a list answers `{data, hasNext, next}` and the client
sends `next` back as `?offset=<token>`.

A token is standard base64 (alphabet with `+` and `/`, `=` padding) of a small binary record:
a fixed header, the position in the list and a truncated HMAC binding the position to the
list it came from. Every token contains `+`, `/` and `=`, so a client that pastes it into a
URL without percent-encoding sends a `+` that the server reads as a space: the token no longer
decodes and the request is refused with 400 `invalid_offset`. A correctly URL-encoded token
round-trips. Tokens from another list (another `scope`) or edited tokens are refused too.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import struct
from dataclasses import dataclass
from typing import Any

from flask import request
from sqlalchemy import Select
from sqlalchemy.orm import Session

from vendors.kit.errors import VendorError
from vendors.kit.pagination import int_arg

# 3c bf bf encodes to "PL+/": every token starts with a `+` and a `/`.
_HEADER = b"\x3c\xbf\xbf"
_VERSION = 1
_TAG_LEN = 8  # header 3 + version 1 + position 4 + tag 8 = 16 bytes -> 24 chars ending in "=="


def _tag(key: str, scope: str, position: int) -> bytes:
    msg = f"{scope}\n{position}".encode()
    return hmac.new(key.encode(), msg, hashlib.sha256).digest()[:_TAG_LEN]


def encode_offset_token(position: int, scope: str, key: str) -> str:
    if not 0 <= position < 2**32:
        raise ValueError("position out of range")
    raw = _HEADER + bytes([_VERSION]) + struct.pack(">I", position) + _tag(key, scope, position)
    return base64.b64encode(raw).decode()


def invalid_offset(message: str = "The offset token is not valid. Send back the `next` value exactly as "
                   "received, URL-encoded (it may contain `+`, `/` and `=`).") -> VendorError:
    return VendorError(400, "invalid_offset", message)


def decode_offset_token(token: str, scope: str, key: str) -> int:
    """The position a token points at; `invalid_offset` (400) for anything garbled or foreign."""
    try:
        raw = base64.b64decode(token.encode("ascii"), validate=True)
    except (binascii.Error, ValueError, UnicodeEncodeError):
        raise invalid_offset() from None
    if len(raw) != 16 or raw[:3] != _HEADER or raw[3] != _VERSION:
        raise invalid_offset()
    position = struct.unpack(">I", raw[4:8])[0]
    if not hmac.compare_digest(raw[8:], _tag(key, scope, position)):
        raise invalid_offset()
    return position


@dataclass(frozen=True)
class TokenPage:
    rows: list[Any]
    has_next: bool
    next: str | None


def token_page(session: Session, query: Select, *, scope: str, key: str, offset_param: str = "offset",
               limit_param: str = "limit", default_limit: int = 100, max_limit: int = 100) -> TokenPage:
    """One page of `query` (already ordered, stable) for the current request."""
    limit = int_arg(limit_param, default_limit, minimum=1, maximum=max_limit)
    raw = request.args.get(offset_param)
    position = 0 if raw is None or raw == "" else decode_offset_token(raw, scope, key)
    rows = list(session.scalars(query.offset(position).limit(limit + 1)))
    more = len(rows) > limit
    rows = rows[:limit]
    nxt = encode_offset_token(position + len(rows), scope, key) if more else None
    return TokenPage(rows, more, nxt)
