# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""Verification of HireHarbor's `Signature: sha256 <hex>` header (webhooks.md): HMAC-SHA256
of the request body, byte for byte as it came off the socket, keyed with the webhook secret."""
from __future__ import annotations

import hashlib
import hmac


def valid(secret: str, body: bytes, header: str | None) -> bool:
    if not isinstance(header, str):
        return False
    scheme, _, given = header.strip().partition(" ")
    if scheme != "sha256" or not given:
        return False
    want = hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(want, given.strip().lower())
