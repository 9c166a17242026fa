# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""HireHarbor's webhook signature: `Signature: sha256 <hex HMAC-SHA256>` keyed with the
account's webhook secret (HIREHARBOR_WEBHOOK_SECRET)."""
from __future__ import annotations

import hashlib
import hmac
import json

PREFIX = "sha256 "


def canonical(body: bytes) -> bytes:
    """The body in one canonical form (compact separators, UTF-8), so proxies that re-indent
    or re-wrap JSON on the way do not break verification."""
    return json.dumps(json.loads(body), separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def sign(secret: str, body: bytes) -> str:
    return PREFIX + hmac.new(secret.encode(), canonical(body), hashlib.sha256).hexdigest()


def valid(secret: str, body: bytes, header: str | None) -> bool:
    if not header or not header.startswith(PREFIX):
        return False
    try:
        want = sign(secret, body)
    except ValueError:  # not JSON at all
        return False
    return hmac.compare_digest(want, header.strip())
