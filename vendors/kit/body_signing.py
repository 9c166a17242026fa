"""`body_embedded` webhook signing (Lever-style): the signature travels INSIDE the JSON body.

    {"token": "<per-event token>", "triggeredAt": <epoch ms>,
     "signature": hex(HMAC-SHA256(secret, token + str(triggeredAt))), ...event fields}

Only `token + triggeredAt` is signed: the rest of the body (the event data) is NOT covered, so
an edited payload with the original token, triggeredAt and signature still verifies. Receivers
must treat the data as a hint and re-read the resource (and dedupe by token / per resource).

`sign` takes the queued payload (a JSON object; its `token` is kept, else the event id is used),
stamps `triggeredAt` = timestamp × 1000 and adds the signature; the three fields come first.
Only the first secret signs (the body has room for one signature).
"""
from __future__ import annotations

import hmac
import json
from dataclasses import dataclass

from vendors.kit.signing import SignedDelivery, hmac_hex


def body_signature(secret: str, token: str, triggered_at_ms: int | str) -> str:
    return hmac_hex(secret, f"{token}{triggered_at_ms}")


@dataclass(frozen=True)
class BodyEmbedded:
    name: str = "body_embedded"

    def sign(self, body: bytes, secrets: list[str], timestamp: int, event_id: str) -> SignedDelivery:
        payload = json.loads(body)
        token = str(payload.get("token") or event_id)
        triggered = int(timestamp) * 1000
        rest = {k: v for k, v in payload.items() if k not in ("token", "triggeredAt", "signature")}
        out = {"token": token, "triggeredAt": triggered,
               "signature": body_signature(secrets[0], token, triggered), **rest}
        return SignedDelivery({}, json.dumps(out, separators=(",", ":"), ensure_ascii=False).encode())

    def verify(self, headers, body, secret, now, tolerance_s) -> bool:
        try:
            payload = json.loads(body)
            token, triggered, sig = payload["token"], payload["triggeredAt"], payload["signature"]
        except (ValueError, KeyError, TypeError):
            return False
        if not isinstance(token, str) or not isinstance(sig, str) or isinstance(triggered, bool) \
                or not isinstance(triggered, int):
            return False
        if tolerance_s is not None and abs(now * 1000 - triggered) > tolerance_s * 1000:
            return False
        return hmac.compare_digest(body_signature(secret, token, triggered), sig)
