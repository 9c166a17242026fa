"""The `hook_secret` webhook scheme (Scoutly, SmartRecruiters-like).

A subscription's secret is handed over in an activation handshake (`X-Hook-Secret`, echoed back
by the receiver); every delivery is then signed with HMAC-SHA256 over

    <timestamp>.<raw body>.<event id>.<event name>

and sent as `<signature header>: v1=<hex>` — during a key rotation one `v1=` per live key,
separated by `;` (`v1=<current>;v1=<previous>`). Timestamp, event id and event name travel in
their own headers. The event name is passed by the caller, or read from the body's `event`
field (what the kit's outbox and the recorder's forger sign: they hand over the body only).
"""
from __future__ import annotations

import hmac
import json
from dataclasses import dataclass

from vendors.kit.signing import SignedDelivery, _fresh, _lower, hmac_hex


def event_name_of(body: bytes) -> str:
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return ""
    value = data.get("event") if isinstance(data, dict) else None
    return value if isinstance(value, str) else ""


def hook_secret_content(timestamp: str, body: bytes, event_id: str, event_name: str) -> bytes:
    return f"{timestamp}.".encode() + body + f".{event_id}.{event_name}".encode()


def parse_signatures(value: str) -> list[str]:
    out = []
    for item in (value or "").split(";"):
        key, _, val = item.strip().partition("=")
        if key == "v1" and val:
            out.append(val)
    return out


@dataclass(frozen=True)
class HookSecret:
    signature_header: str = "Scoutly-Signature"
    timestamp_header: str = "Scoutly-Timestamp"
    id_header: str = "Scoutly-Event-Id"
    event_header: str = "Scoutly-Event-Name"
    name: str = "hook_secret"

    def sign(self, body: bytes, secrets: list[str], timestamp: int, event_id: str,
             event_name: str | None = None) -> SignedDelivery:
        ts = str(timestamp)
        name = event_name if event_name is not None else event_name_of(body)
        content = hook_secret_content(ts, body, event_id, name)
        sigs = ";".join("v1=" + hmac_hex(s, content) for s in secrets)
        return SignedDelivery({self.timestamp_header: ts, self.signature_header: sigs,
                               self.id_header: event_id, self.event_header: name}, body)

    def verify(self, headers, body, secret, now, tolerance_s) -> bool:
        h = _lower(headers)
        ts = h.get(self.timestamp_header.lower())
        if not _fresh(ts, now, tolerance_s):
            return False
        content = hook_secret_content(ts, body, h.get(self.id_header.lower(), ""),
                                      h.get(self.event_header.lower(), ""))
        want = hmac_hex(secret, content)
        return any(hmac.compare_digest(want, s) for s in parse_signatures(h.get(self.signature_header.lower(), "")))


def hook_secret_scheme(webhooks) -> HookSecret:
    """The scheme configured from a vendor's `webhooks` traits (header names default to Scoutly's)."""
    return HookSecret(signature_header=webhooks.signature_header or "Scoutly-Signature",
                      timestamp_header=webhooks.timestamp_header or "Scoutly-Timestamp",
                      id_header=webhooks.id_header or "Scoutly-Event-Id",
                      event_header=webhooks.event_header or "Scoutly-Event-Name")
