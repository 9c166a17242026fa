"""Webhook forgeries: what each kind sends, derived from a genuine delivery the recorder saw
going to the receiver (or from a payload given in the spec). Pure functions; signing goes
through vendors.kit.signing (the same code the vendors sign with). See docs/recorder.md."""
from __future__ import annotations

import base64
import json
import secrets as _secrets
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from bundle.traits import WHOLE_BODY_SIGNING
from vendors.kit.signing import StripeStyle
from vendors.kit.webhook_schemes import scheme_for

KINDS = (
    "bad_signature", "tampered_body", "stale_timestamp", "replay", "duplicate", "out_of_order",
    "unknown_event", "revoked_key", "unsigned_field_edit", "resigned_stale_replay",
    "concurrent_duplicate",
)
# Kinds that model an attacker's new event get a fresh event id unless the spec says otherwise.
FRESH_ID_DEFAULT = {"bad_signature", "tampered_body", "stale_timestamp", "unknown_event", "revoked_key"}
# Schemes of vendors.kit.signing whose signature covers the whole body.
WHOLE_BODY_SCHEMES = WHOLE_BODY_SIGNING
# Body keys never chosen by the default edit (identity and envelope fields).
_SKIP_KEYS = {"id", "type", "event", "event_type", "event_id", "object", "created", "created_at",
              "timestamp", "api_version", "version", "livemode", "signature", "token", "triggeredAt"}


class ForgeryError(ValueError):
    """The forgery cannot be built (no delivery to derive from, missing secret, ...)."""


class ForgeSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal[KINDS]  # type: ignore[valid-type]
    vendor: str | None = None  # default: the receiver's vendor, else the vendor of the latest delivery
    source: Literal["latest"] | int = "latest"  # genuine delivery: latest, or the seq of one
    event_id: str | None = None  # or the genuine delivery carrying this event id
    secret: str | None = None  # current signing secret (default: the run's webhook secret)
    old_secret: str | None = None  # revoked_key: the revoked secret to sign with
    age_s: int | None = Field(default=None, ge=1)  # stale_timestamp / resigned_stale_replay
    timestamp: int | None = None  # explicit signing timestamp (unix s)
    event_type: str | None = None  # unknown_event
    edits: dict[str, Any] | None = None  # tampered_body / unsigned_field_edit: dotted path -> value
    fresh_id: bool | None = None  # new event id (default per kind)
    pick: int = Field(default=2, ge=2)  # out_of_order: re-deliver the pick-th latest delivery
    body: dict | list | str | None = None  # base payload when no genuine delivery is used
    headers: dict[str, str] = Field(default_factory=dict)  # extra headers for a `body` base
    path: str | None = None  # receiver path (default: the delivery's path, else "/")


@dataclass
class Delivery:
    """A genuine delivery seen going to the receiver (headers as the vendor sent them)."""

    vendor: str
    method: str
    path: str
    headers: list[tuple[str, str]]
    body: bytes
    at: float
    event_id: str | None = None
    meta: dict = field(default_factory=dict)  # the flow's record: `seq` once recorded

    @property
    def seq(self) -> int | None:
        return self.meta.get("seq")


@dataclass
class Forged:
    kind: str
    vendor: str
    method: str
    path: str
    headers: list[tuple[str, str]]
    body: bytes
    event_id: str | None
    derived_from: int | None
    copies: int = 1  # concurrent_duplicate: identical copies sent at the same time
    edits: dict[str, Any] | None = None


# -- header and body helpers ----------------------------------------------------------------------

def _get(headers: list[tuple[str, str]], name: str) -> str | None:
    low = name.lower()
    return next((v for k, v in headers if k.lower() == low), None)


def _set(headers: list[tuple[str, str]], name: str, value: str) -> list[tuple[str, str]]:
    low = name.lower()
    out = [(k, v) for k, v in headers if k.lower() != low]
    out.append((name, value))
    return out


def _drop(headers: list[tuple[str, str]], names) -> list[tuple[str, str]]:
    lows = {n.lower() for n in names}
    return [(k, v) for k, v in headers if k.lower() not in lows]


def _json(body: bytes) -> Any:
    try:
        return json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return None


def _dump(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def _set_path(obj: Any, dotted: str, value: Any) -> None:
    parts = dotted.split(".")
    cur = obj
    for part in parts[:-1]:
        cur = cur[int(part)] if isinstance(cur, list) else cur.setdefault(part, {})
    last = parts[-1]
    if isinstance(cur, list):
        cur[int(last)] = value
    else:
        cur[last] = value


def _first_string_leaf(obj: Any, prefix: str = "") -> str | None:
    if isinstance(obj, dict):
        for key, val in obj.items():
            if key in _SKIP_KEYS:
                continue
            path = f"{prefix}{key}"
            if isinstance(val, str):
                return path
            found = _first_string_leaf(val, path + ".")
            if found:
                return found
    elif isinstance(obj, list):
        for i, val in enumerate(obj):
            found = _first_string_leaf(val, f"{prefix}{i}.") if not isinstance(val, str) else f"{prefix}{i}"
            if found:
                return found
    return None


def apply_edits(body: bytes, edits: dict[str, Any] | None) -> tuple[bytes, dict[str, Any]]:
    """Edit JSON fields (dotted paths); default: the first string field gets a forged marker.
    Returns the new body and the edits made (values only a forgery carried)."""
    obj = _json(body)
    marker = f"forged-{_secrets.token_hex(4)}"
    if obj is None:
        return body + f" {marker}".encode(), {"<raw>": marker}
    if not edits:
        path = _first_string_leaf(obj)
        edits = {path: marker} if path else {"forged": marker}
    for dotted, value in edits.items():
        try:
            _set_path(obj, dotted, value)
        except (KeyError, IndexError, ValueError, TypeError) as exc:
            raise ForgeryError(f"cannot edit {dotted!r} in the payload: {exc}") from None
    return _dump(obj), dict(edits)


# -- event identity ---------------------------------------------------------------------------------

class Identity:
    """Where a vendor's deliveries carry the event id, type and timestamp."""

    def __init__(self, hooks) -> None:
        self.hooks = hooks
        self.std = hooks.signing == "standard_webhooks"
        self.id_header = "webhook-id" if self.std else hooks.id_header
        # body-embedded signing (Pipelane): the event's identity is the body's signed `token`
        self.body_keys = ("id", "event_id", "token") if hooks.signing == "body_embedded" else ("id", "event_id")

    def event_id(self, headers, body: bytes) -> str | None:
        if self.id_header and _get(headers, self.id_header):
            return _get(headers, self.id_header)
        obj = _json(body)
        if isinstance(obj, dict):
            for key in self.body_keys:
                if isinstance(obj.get(key), (str, int)):
                    return str(obj[key])
        return None

    def timestamp(self, headers) -> int | None:
        value = None
        if self.std:
            value = _get(headers, "webhook-timestamp")
        elif self.hooks.signing == "stripe" and self.hooks.signature_header:
            value = StripeStyle.parse(_get(headers, self.hooks.signature_header) or "")[0]
        elif self.hooks.timestamp_header:
            value = _get(headers, self.hooks.timestamp_header)
        return int(value) if value and value.lstrip("-").isdigit() else None

    def with_id(self, headers, body: bytes, new_id: str) -> tuple[list, bytes]:
        if self.id_header and _get(headers, self.id_header) is not None:
            headers = _set(headers, self.id_header, new_id)
        obj = _json(body)
        key = next((k for k in self.body_keys if isinstance(obj, dict) and k in obj), None)
        if key is not None:
            obj[key] = new_id
            body = _dump(obj)
        return headers, body

    def with_type(self, headers, body: bytes, new_type: str) -> tuple[list, bytes]:
        if self.hooks.event_header:
            headers = _set(headers, self.hooks.event_header, new_type)
        obj = _json(body)
        if isinstance(obj, dict):
            key = next((k for k in ("type", "event", "event_type") if k in obj), "type")
            obj[key] = new_type
            body = _dump(obj)
        return headers, body


def new_event_id(old: str | None) -> str:
    prefix = old.rsplit("_", 1)[0] + "_" if old and "_" in old else "evt_"
    return f"{prefix}forged{_secrets.token_hex(6)}"


def wrong_secret(signing: str) -> str:
    if signing == "standard_webhooks":
        return "whsec_" + base64.b64encode(_secrets.token_bytes(24)).decode()
    return "wrong_" + _secrets.token_hex(12)


# -- building forgeries ---------------------------------------------------------------------------

def choose_source(spec: ForgeSpec, deliveries: list[Delivery]) -> Delivery | None:
    if spec.body is not None:
        return None
    if not deliveries:
        raise ForgeryError("no genuine delivery of this vendor seen yet (give `body` to forge from a payload)")
    if spec.kind == "out_of_order":
        if len(deliveries) < spec.pick:
            raise ForgeryError(f"out_of_order needs at least {spec.pick} genuine deliveries, saw {len(deliveries)}")
        return deliveries[-spec.pick]
    if spec.event_id is not None:
        return _by(deliveries, lambda d: d.event_id == spec.event_id, f"event id {spec.event_id}")
    if isinstance(spec.source, int):
        return _by(deliveries, lambda d: d.seq == spec.source, f"seq {spec.source}")
    return deliveries[-1]


def _by(deliveries, pred, what) -> Delivery:
    found = [d for d in deliveries if pred(d)]
    if not found:
        raise ForgeryError(f"no kept genuine delivery with {what}")
    return found[-1]


def build(spec: ForgeSpec, vendor: str, traits, current: list[str], source: Delivery | None,
          now: int | None = None) -> Forged:
    """The request a forgery of `spec.kind` sends (see docs/recorder.md for each kind)."""
    hooks = traits.webhooks if traits is not None else None
    if hooks is None:
        raise ForgeryError(f"vendor {vendor} declares no webhooks in its traits")
    now = int(time.time()) if now is None else now
    kind = spec.kind
    ident = Identity(hooks)
    if source is not None:
        method, path, headers, body = source.method, source.path, list(source.headers), source.body
    else:
        raw = spec.body
        body = raw.encode() if isinstance(raw, str) else _dump(raw)
        method, path, headers = "POST", "/", [("Content-Type", "application/json")]
        for k, v in spec.headers.items():
            headers = _set(headers, k, v)
    path = spec.path or path
    derived = source.seq if source is not None else None
    event_id = ident.event_id(headers, body)

    def result(hdrs, payload, copies=1, edits=None) -> Forged:
        return Forged(kind, vendor, method, path, hdrs, payload, event_id, derived, copies, edits)

    if kind == "replay":  # the same bytes, later: headers and body exactly as first delivered
        if source is None:
            raise ForgeryError("replay needs a genuine delivery (not a `body`)")
        return result(headers, body)

    if kind == "unsigned_field_edit" and hooks.signing not in WHOLE_BODY_SCHEMES:
        payload, edits = apply_edits(body, spec.edits)  # signature headers/fields kept as they were
        return result(headers, payload, edits=edits)

    try:
        scheme = scheme_for(hooks)
    except ValueError as exc:
        raise ForgeryError(f"{kind}: {exc}") from None
    secret = [spec.secret] if spec.secret else list(current)
    if not secret:
        raise ForgeryError(f"no webhook secret for {vendor}: set webhook_secret in the run config or `secret`")
    # a body-embedded scheme signs inside the JSON body: the signed body is what is sent
    embedded = hooks.signing == "body_embedded"
    sig_headers = list(scheme.sign(b"{}" if embedded else b"", ["x" * 16 if not ident.std else "whsec_eA=="], 0,
                                   "x").headers)

    fresh = spec.fresh_id if spec.fresh_id is not None else kind in FRESH_ID_DEFAULT
    if fresh:
        event_id = new_event_id(event_id)
        headers, body = ident.with_id(headers, body, event_id)
    if kind == "unknown_event":
        known = set(hooks.event_types)
        new_type = spec.event_type or "ib.unknown_event"
        if new_type in known:
            raise ForgeryError(f"event type {new_type!r} is one the vendor declares")
        headers, body = ident.with_type(headers, body, new_type)

    def signed(payload: bytes, keys: list[str], ts: int) -> list[tuple[str, str]]:
        sd = scheme.sign(payload, keys, ts, event_id or "")
        out = _drop(headers, sig_headers)
        for k, v in sd.headers.items():
            out = _set(out, k, v)
        return out

    def body_of(payload: bytes, keys: list[str], ts: int) -> bytes:
        """The body sent: as given, or for a body-embedded scheme the body signed with `keys`."""
        return scheme.sign(payload, keys, ts, event_id or "").body if embedded else payload

    ts = spec.timestamp if spec.timestamp is not None else now
    if kind == "bad_signature":
        wrong = [wrong_secret(hooks.signing)]
        return result(signed(body, wrong, ts), body_of(body, wrong, ts))
    if kind == "revoked_key":
        if not spec.old_secret:
            raise ForgeryError("revoked_key needs `old_secret` (the revoked signing secret)")
        return result(signed(body, [spec.old_secret], ts), body_of(body, [spec.old_secret], ts))
    if kind in ("tampered_body", "unsigned_field_edit"):
        hdrs = signed(body, secret, ts)  # signed as sent by the vendor, then edited in transit
        payload, edits = apply_edits(body_of(body, secret, ts), spec.edits)
        return result(hdrs, payload, edits=edits)
    if kind == "stale_timestamp":
        if hooks.signing == "sha256_space":
            raise ForgeryError("stale_timestamp: the sha256_space scheme signs no timestamp")
        age = spec.age_s or (hooks.tolerance_s or 300) + 300
        stale = spec.timestamp if spec.timestamp is not None else now - age
        return result(signed(body, secret, stale), body_of(body, secret, stale))
    if kind == "resigned_stale_replay":
        if source is None:
            raise ForgeryError("resigned_stale_replay needs a genuine delivery (not a `body`)")
        old_ts = ident.timestamp(source.headers)
        if old_ts is None:
            old_ts = int(source.at)
        # stale on purpose: the original timestamp, or older when the original is still fresh
        old_ts = min(old_ts, now - (spec.age_s or (hooks.tolerance_s or 300) + 300))
        if spec.timestamp is not None:
            old_ts = spec.timestamp
        return result(signed(body, secret, old_ts), body_of(body, secret, old_ts))
    if kind in ("duplicate", "out_of_order", "unknown_event"):
        return result(signed(body, secret, ts), body_of(body, secret, ts))
    if kind == "concurrent_duplicate":
        return result(signed(body, secret, ts), body_of(body, secret, ts), copies=2)
    raise ForgeryError(f"unknown forgery kind {kind}")  # pragma: no cover


__all__ = ["KINDS", "ForgeSpec", "Delivery", "Forged", "ForgeryError", "Identity", "build", "choose_source"]
