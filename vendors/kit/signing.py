"""Signatures: HMAC request signing and webhook signing schemes.

One place for each mechanism: vendors sign their deliveries with these, the recorder's webhook
forger re-signs (or mis-signs) with the very same code, and tests verify with an independent
implementation. A scheme is selected by the `webhooks.signing` trait of `vendor.yaml`.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass
from typing import Protocol


def hmac_hex(secret: str | bytes, message: str | bytes) -> str:
    key = secret.encode() if isinstance(secret, str) else secret
    msg = message.encode() if isinstance(message, str) else message
    return hmac.new(key, msg, hashlib.sha256).hexdigest()


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --- request signing (StaffLine-style) -------------------------------------------------------

def request_canonical(ts: str, method: str, path_and_query: str, body: bytes) -> str:
    """The string a client signs: `ts\\nMETHOD\\npath?query\\nsha256(body)`."""
    return f"{ts}\n{method.upper()}\n{path_and_query}\n{sha256_hex(body)}"


def sign_request(secret: str, ts: str, method: str, path_and_query: str, body: bytes) -> str:
    return hmac_hex(secret, request_canonical(ts, method, path_and_query, body))


# --- webhook schemes -------------------------------------------------------------------------

@dataclass(frozen=True)
class SignedDelivery:
    headers: dict[str, str]
    body: bytes


class WebhookScheme(Protocol):
    name: str

    def sign(self, body: bytes, secrets: list[str], timestamp: int, event_id: str) -> SignedDelivery:
        """Sign `body` with every secret in `secrets` (several during a rotation)."""

    def verify(self, headers: dict[str, str], body: bytes, secret: str, now: int, tolerance_s: int | None) -> bool:
        """Reference verifier (used by docs examples and reference solutions' tests)."""


def _lower(headers: dict[str, str]) -> dict[str, str]:
    return {k.lower(): v for k, v in headers.items()}


def _fresh(ts: str | None, now: int, tolerance_s: int | None) -> bool:
    if ts is None or not ts.lstrip("-").isdigit():
        return False
    return tolerance_s is None or abs(now - int(ts)) <= tolerance_s


@dataclass(frozen=True)
class HmacTimestampBody:
    """`X-…-Timestamp: <unix s>` and `X-…-Signature: sha256=<hex(HMAC(secret, ts + "." + body))>`."""

    signature_header: str
    timestamp_header: str
    name: str = "hmac_ts_body"

    def sign(self, body: bytes, secrets: list[str], timestamp: int, event_id: str) -> SignedDelivery:
        ts = str(timestamp)
        sigs = ",".join("sha256=" + hmac_hex(s, ts.encode() + b"." + body) for s in secrets)
        return SignedDelivery({self.timestamp_header: ts, self.signature_header: sigs}, body)

    def verify(self, headers, body, secret, now, tolerance_s) -> bool:
        h = _lower(headers)
        ts = h.get(self.timestamp_header.lower())
        if not _fresh(ts, now, tolerance_s):
            return False
        want = "sha256=" + hmac_hex(secret, ts.encode() + b"." + body)
        given = h.get(self.signature_header.lower(), "").split(",")
        return any(hmac.compare_digest(want, g.strip()) for g in given)


@dataclass(frozen=True)
class StripeStyle:
    """`<Header>: t=<unix s>,v1=<hex(HMAC(secret, t + "." + body))>[,v1=<other secret>]`."""

    signature_header: str
    name: str = "stripe"

    def sign(self, body: bytes, secrets: list[str], timestamp: int, event_id: str) -> SignedDelivery:
        parts = [f"t={timestamp}"] + [
            "v1=" + hmac_hex(s, f"{timestamp}.".encode() + body) for s in secrets
        ]
        return SignedDelivery({self.signature_header: ",".join(parts)}, body)

    @staticmethod
    def parse(value: str) -> tuple[str | None, list[str]]:
        ts, sigs = None, []
        for item in value.split(","):
            key, _, val = item.strip().partition("=")
            if key == "t":
                ts = val
            elif key == "v1":
                sigs.append(val)
        return ts, sigs

    def verify(self, headers, body, secret, now, tolerance_s) -> bool:
        ts, sigs = self.parse(_lower(headers).get(self.signature_header.lower(), ""))
        if not _fresh(ts, now, tolerance_s):
            return False
        want = hmac_hex(secret, f"{ts}.".encode() + body)
        return any(hmac.compare_digest(want, s) for s in sigs)


@dataclass(frozen=True)
class Sha256Space:
    """`Signature: sha256 <hex(HMAC(secret, body))>` (a space, not `=`); no timestamp."""

    signature_header: str = "Signature"
    name: str = "sha256_space"

    def sign(self, body: bytes, secrets: list[str], timestamp: int, event_id: str) -> SignedDelivery:
        return SignedDelivery({self.signature_header: "sha256 " + hmac_hex(secrets[0], body)}, body)

    def verify(self, headers, body, secret, now, tolerance_s) -> bool:
        given = _lower(headers).get(self.signature_header.lower(), "")
        return hmac.compare_digest("sha256 " + hmac_hex(secret, body), given)


@dataclass(frozen=True)
class StandardWebhooks:
    """Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<b64>`.

    The secret is `whsec_<base64 key>`; the signed content is `id.timestamp.body`.
    """

    name: str = "standard_webhooks"

    @staticmethod
    def _key(secret: str) -> bytes:
        return base64.b64decode(secret.removeprefix("whsec_"))

    def _sig(self, secret: str, event_id: str, ts: str, body: bytes) -> str:
        mac = hmac.new(self._key(secret), f"{event_id}.{ts}.".encode() + body, hashlib.sha256)
        return "v1," + base64.b64encode(mac.digest()).decode()

    def sign(self, body: bytes, secrets: list[str], timestamp: int, event_id: str) -> SignedDelivery:
        ts = str(timestamp)
        sigs = " ".join(self._sig(s, event_id, ts, body) for s in secrets)
        return SignedDelivery(
            {"webhook-id": event_id, "webhook-timestamp": ts, "webhook-signature": sigs}, body
        )

    def verify(self, headers, body, secret, now, tolerance_s) -> bool:
        h = _lower(headers)
        ts, event_id = h.get("webhook-timestamp"), h.get("webhook-id", "")
        if not _fresh(ts, now, tolerance_s):
            return False
        want = self._sig(secret, event_id, ts, body)
        return any(hmac.compare_digest(want, s) for s in h.get("webhook-signature", "").split())
