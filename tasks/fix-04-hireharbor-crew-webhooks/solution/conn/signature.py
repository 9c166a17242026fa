# IBENCH-CANARY 7f3c1e9a-4b2d-4c8e-9a61-2d5e8b0f4c17
"""HireHarbor's webhook signature: `Signature: sha256 <hex HMAC-SHA256>` keyed with the
account's webhook secret (HIREHARBOR_WEBHOOK_SECRET), over the body bytes exactly as they
arrived. HireHarbor writes non-ASCII characters as \\u escapes; any re-serialisation of the
parsed JSON produces other bytes, so the raw body is the only thing that verifies."""
from __future__ import annotations

import hashlib
import hmac

PREFIX = "sha256 "


def sign(secret: str, body: bytes) -> str:
    return PREFIX + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def valid(secret: str, body: bytes, header: str | None) -> bool:
    if not header or not header.startswith(PREFIX):
        return False
    return hmac.compare_digest(sign(secret, body), header.strip())
